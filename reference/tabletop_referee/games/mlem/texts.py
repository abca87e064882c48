"""The canonical text of MLEM state and observation documents, fast (protocol-2 digests).

A step passes most of a state on unchanged: the board, the options, the landings, the variant
sections, often the rocket and the reserves are the very same frozen values in the next
state. :class:`StateTexts` keeps the canonical text of each such part with the value it was
written from, and writes only what changed; the document's text is the parts' texts joined in
sorted key order, the same text as ``canonical_text(state_to_json(state))`` (a test checks it
on random states of every variant, observations included).

An observation differs from its state only in the variant sections (rules/observe.py hides
piles and other players' missions) and in ``observer``: the observed text of a section is kept
with the section value (the missions' per observer and game over), so an observation is
written without observing again while its sections are unchanged. A digest hashes the board's
run once per board and goes on from a copy of that hash.

The rocket and the variant sections are written by hand in sorted key order (a step rebuilds
the rocket, and a draw or an arrival changes a section: the JSON encoder took 10 µs for a
rocket and about 40 µs for a section), from the texts of their tokens and token lists, kept
while they are the very same objects (a token moves from pile to hand as the same object).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from . import interchange as ix
from .engine import observe
from .model import GOALS, Exploration, Hidden, Missions, Rocket, State, Ufo
from .rules.work import full

_encode = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
"""``canonical_text`` without building an encoder per call (the same text)."""

_VARIANT_SECTIONS = tuple(name for name in ix.SECTIONS if name not in ("board", "landed"))
_FORMAT = _encode(ix.FORMAT)


def _int(n: int) -> str:
    return str(n) if type(n) is int else _encode(n)  # the text json writes for an int


def _bool(b: bool) -> str:
    return "true" if b is True else "false" if b is False else _encode(b)


def _hidden(items: Any) -> str:
    """The text of ``{"hidden": n}``: a list an observation hides (rules/observe.py)."""
    return '{"hidden":' + _int(len(full(items))) + "}"


def _exploration_token(t: Any) -> str:
    return _encode(ix.exploration_token_to_json(t))


def _mission_token(t: Any) -> str:
    return _encode(ix.mission_token_to_json(t))


def _arrival_token(t: Any) -> str:
    return _encode(ix.arrival_token_to_json(t))


def _seat(x: Any) -> str:
    return _encode({"player": x.player, "astronaut": x.astronaut, "flipped": x.flipped})


def _lists(held: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    return [list(h) for h in held]


def _goals_to_json(goals: tuple[int | None, ...]) -> dict[str, int | None]:
    return dict(zip(GOALS, goals))


class StateTexts:
    """Kept part texts of the states of the game in progress (one kept value per part)."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Any, str]] = {}
        self._observed: dict[str, tuple[Any, dict[tuple[int, bool], str]]] = {}
        self._landings: dict[Any, str] = {}
        self._values: dict[str, dict[Any, str]] = {}
        self._states: dict[int, tuple[State, tuple[str, str, str, str]]] = {}
        self._board_hash: tuple[Any, int, Any] | None = None
        self._hashes: dict[int | None, tuple[list[str], Any]] = {}
        self._ids: dict[int, tuple[Any, str]] = {}
        self._seqs: dict[int, tuple[Any, str]] = {}
        self._sections: dict[str, Callable[..., str]] = {
            "exploration": self._exploration, "missions": self._missions, "ufo": self._ufo}

    def _part(self, name: str, value: Any, to_json: Callable[[Any], Any] | None = None,
              to_text: Callable[[Any], str] | None = None) -> str:
        """A part kept while it is the very same value: its text from ``to_text``, or the JSON
        text of ``to_json``."""
        hit = self._kept.get(name)
        if hit is None or hit[0] is not value:
            text = to_text(value) if to_text is not None else _encode(to_json(value))  # type: ignore[misc]
            hit = self._kept[name] = (value, text)
        return hit[1]

    def _small(self, name: str, value: Any, to_json: Callable[[Any], Any]) -> str:
        """A small part kept by value (a step often rebuilds an equal goals tuple)."""
        cache = self._values.setdefault(name, {})
        try:
            text = cache.get(value)
        except TypeError:  # not hashable (a list where the engine keeps a tuple): not kept
            return _encode(to_json(value))
        if text is None:
            if len(cache) > 10_000:
                cache.clear()
            text = cache[value] = _encode(to_json(value))
        return text

    def _one(self, value: Any, to_text: Callable[[Any], str]) -> str:
        """The text of a token or seat, kept while it is the very same object (kept alive
        with its text, so its id stays its own)."""
        hit = self._ids.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        text = to_text(value)
        if len(self._ids) >= 100_000:
            self._ids.clear()
        self._ids[id(value)] = (value, text)
        return text

    def _list(self, items: Any, item_text: Callable[[Any], str]) -> str:
        """The text of a token list (``{"hidden": n}`` for a hidden one), kept while it is
        the very same tuple. Every tuple holds one kind of token, so its text is one."""
        if isinstance(items, Hidden):
            return '{"hidden":' + _int(items.count) + "}"
        hit = self._seqs.get(id(items))
        if hit is not None and hit[0] is items:
            return hit[1]
        one = self._one
        text = "[" + ",".join([one(t, item_text) for t in items]) + "]"
        if len(self._seqs) >= 20_000:
            self._seqs.clear()
        self._seqs[id(items)] = (items, text)
        return text

    def _rocket(self, r: Rocket) -> str:
        """``rocket_to_json``'s text (a step rebuilds the rocket; its seats stay the same objects)."""
        one = self._one
        roll = "null" if r.roll is None else self._small("roll", r.roll, list)
        return ('{"cursor":' + _int(r.cursor) + ',"dice":' + _int(r.dice) + ',"roll":' + roll + ',"seats":['
                + ",".join([one(x, _seat) for x in r.seats]) + '],"space":' + _int(r.space) + "}")

    def _exploration(self, ex: Exploration, hide: bool = False) -> str:
        """``exploration_to_json``'s text; with ``hide``, of ``observed_exploration`` (the
        pile's size only)."""
        tok, seq = _exploration_token, self._list
        return ('{"held":[' + ",".join([seq(h, tok) for h in ex.held]) + '],"pending":' + _int(ex.pending)
                + ',"pile":' + (_hidden(ex.pile) if hide else seq(ex.pile, tok)) + ',"removed":'
                + seq(ex.removed, tok) + ',"spaces":' + seq(ex.spaces, tok) + "}")

    def _missions(self, m: Missions, observer: int | None = None, over: bool = False) -> str:
        """``missions_to_json``'s text; with ``observer``, of ``observed_missions(m, observer,
        over)``: the pile, others' discarded and (unless ``over``) kept missions as sizes."""
        tok, seq = _mission_token, self._list
        if observer is None:
            pile, hands, discarded = seq(m.pile, tok), [seq(h, tok) for h in m.hands], [seq(d, tok) for d in m.discarded]
        else:
            pile = _hidden(m.pile)
            hands = [seq(h, tok) if q == observer or over else _hidden(h) for q, h in enumerate(m.hands)]
            discarded = [seq(d, tok) if q == observer else _hidden(d) for q, d in enumerate(m.discarded)]
        return '{"discarded":[' + ",".join(discarded) + '],"hands":[' + ",".join(hands) + '],"pile":' + pile + "}"

    def _ufo(self, u: Ufo, hide: bool = False) -> str:
        """``ufo_to_json``'s text; with ``hide``, of ``observed_ufo`` (the pile's size only)."""
        tok, seq = _arrival_token, self._list
        return ('{"ability_used":' + _bool(u.ability_used) + ',"arrival":'
                + ("null" if u.arrival is None else self._one(u.arrival, tok))
                + ',"held":' + self._small("ufo-held", u.held, _lists) + ',"home":' + _int(u.home)
                + ',"pile":' + (_hidden(u.pile) if hide else seq(u.pile, tok)) + ',"space":' + _int(u.space)
                + ',"stack":' + self._small("ufo-stack", u.stack, list) + ',"used":' + seq(u.used, tok) + "}")

    def _landed(self, landed: tuple[Any, ...]) -> str:
        hit = self._kept.get("landed")
        if hit is not None and hit[0] is landed:
            return hit[1]
        cache = self._landings
        if len(cache) > 10_000:
            cache.clear()
        texts = []
        for x in landed:
            t = cache.get(x)
            if t is None:
                t = cache[x] = _encode(ix.landed_to_json((x,))[0])
            texts.append(t)
        text = "[" + ",".join(texts) + "]"
        self._kept["landed"] = (landed, text)
        return text

    def _observed_sections(self, s: State, observer: int) -> dict[str, str]:
        """The observed texts of the variant sections of ``s``: the same for every observer
        but the missions, which depend on the observer and on whether the game is over."""
        out: dict[str, str] = {}
        for name in _VARIANT_SECTIONS:
            value = getattr(s, name)
            if value is None:
                continue
            hit = self._observed.get(name)
            if hit is None or hit[0] is not value:
                hit = self._observed[name] = (value, {})
            key = (observer, s.phase == "game-over") if name == "missions" else (0, False)
            text = hit[1].get(key)
            if text is None:
                text = hit[1][key] = (self._missions(value, observer, key[1]) if name == "missions"
                                      else self._sections[name](value, True))
            out[name] = text
        return out

    def digest(self, s: State, observer: int | None = None) -> str:
        """The SHA-256 of :meth:`text` (hex). The hash goes on from kept hashes: of the board's
        run (once per board), and, per observer, of the text up to ``options`` (which a step
        seldom changes: a landing, a draw, a crash), so a step hashes the rest only."""
        before, after = self._runs(s, observer)
        kept = self._hashes.get(observer)
        if kept is None or kept[0] != before:  # the same strings mostly: compared at C speed
            board = self._board_hash
            if board is None or board[0] is not s.board:
                prefix = '{"board":' + self._part("board", s.board, ix.board_to_json)
                board = self._board_hash = (s.board, len(prefix), hashlib.sha256(prefix.encode("utf-8")))
            h = board[2].copy()
            h.update("".join(before)[board[1]:].encode("utf-8"))
            if len(self._hashes) > 16:
                self._hashes.clear()
            kept = self._hashes[observer] = (before, h)
        h = kept[1].copy()
        h.update("".join(after).encode("utf-8"))
        return str(h.hexdigest())

    def text(self, s: State, observer: int | None = None) -> str:
        """The canonical text of ``state_to_json(s)``, or with ``observer`` of
        ``observation_to_json(s, observer)``."""
        before, after = self._runs(s, observer)
        return "".join(before) + "".join(after)

    def _runs(self, s: State, observer: int | None) -> tuple[list[str], list[str]]:
        """The runs of :meth:`text`: those up to ``options`` included, and the rest."""
        if observer is not None and not (isinstance(observer, int) and not isinstance(observer, bool)
                                         and 0 <= observer < s.players):
            observe(s, observer)  # raises IllegalAction (observation.per-player), as the document does
        if observer is None:
            sections = {name: self._part(name, value, to_text=self._sections[name])
                        for name in _VARIANT_SECTIONS if (value := getattr(s, name)) is not None}
        else:
            sections = self._observed_sections(s, observer)
        head, mid, options, tail = self._common(s)
        out = [head]
        if "exploration" in sections:
            out += ',"exploration":', sections["exploration"]
        out.append(mid)
        if "missions" in sections:
            out += ',"missions":', sections["missions"]
        if observer is not None:
            out += ',"observer":', _int(observer)
        out.append(options)
        after = [tail, ',"ufo":', sections["ufo"], "}"] if "ufo" in sections else [tail, "}"]
        return out, after

    def _common(self, s: State) -> tuple[str, str, str, str]:
        """The texts of the keys a state and its observations share, in sorted key order, in
        four runs around the optional keys, ``options`` alone (a step writes a state's text, and
        the next step its observation: the runs are kept for the last few states)."""
        hit = self._states.get(id(s))
        if hit is not None and hit[0] is s:
            return hit[1]
        head = ['{"board":', self._part("board", s.board, ix.board_to_json), ',"crashes":', _int(s.crashes)]
        if s.die_one_spent:
            head += ',"die_one_spent":', _encode(list(s.die_one_spent))
        head += (',"ended":', "null" if s.ended is None else _encode({"reason": s.ended}),
                 ',"expedition":', _int(s.expedition))
        mid = (',"format":', _FORMAT, ',"game":"mlem","goals":', self._small("goals", s.goals, _goals_to_json),
               ',"landed":', self._landed(s.landed))
        options = ',"options":' + self._part("options", s.options, ix.options_to_json)
        tail = (',"phase":', _encode(str(s.phase)),
                ',"players":', self._small("players", s.reserves, ix.players_to_json),
                ',"rocket":', self._rocket(s.rocket),
                ',"start_player":', _int(s.start_player))
        runs = ("".join(head), "".join(mid), options, "".join(tail))
        if len(self._states) >= 4:
            self._states.clear()
        self._states[id(s)] = (s, runs)  # kept alive: the id stays its
        return runs
