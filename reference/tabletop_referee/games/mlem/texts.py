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
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from . import interchange as ix
from .engine import observe
from .rules.observe import observed_exploration, observed_missions, observed_ufo
from .model import GOALS, State

_encode = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
"""``canonical_text`` without building an encoder per call (the same text)."""

_VARIANT_SECTIONS = tuple(name for name in ix.SECTIONS if name not in ("board", "landed"))
_FORMAT = _encode(ix.FORMAT)
_OBSERVED: dict[str, Callable[[Any], Any]] = {"exploration": observed_exploration, "ufo": observed_ufo}


def _int(n: int) -> str:
    return str(n) if type(n) is int else _encode(n)  # the text json writes for an int


def _goals_to_json(goals: tuple[int | None, ...]) -> dict[str, int | None]:
    return dict(zip(GOALS, goals))


class StateTexts:
    """Kept part texts of the states of the game in progress (one kept value per part)."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Any, str]] = {}
        self._observed: dict[str, tuple[Any, dict[tuple[int, bool], str]]] = {}
        self._landings: dict[Any, str] = {}
        self._values: dict[str, dict[Any, str]] = {}
        self._states: dict[int, tuple[State, tuple[str, str, str]]] = {}
        self._board_hash: tuple[Any, int, Any] | None = None

    def _part(self, name: str, value: Any, to_json: Callable[[Any], Any]) -> str:
        hit = self._kept.get(name)
        if hit is None or hit[0] is not value:
            hit = self._kept[name] = (value, _encode(to_json(value)))
        return hit[1]

    def _small(self, name: str, value: Any, to_json: Callable[[Any], Any]) -> str:
        """A small part kept by value (a step often rebuilds an equal rocket or goals tuple)."""
        cache = self._values.setdefault(name, {})
        text = cache.get(value)
        if text is None:
            if len(cache) > 10_000:
                cache.clear()
            text = cache[value] = _encode(to_json(value))
        return text

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
                seen = (observed_missions(value, observer, key[1]) if name == "missions"
                        else _OBSERVED[name](value))
                text = hit[1][key] = _encode(ix.SECTIONS[name](seen))
            out[name] = text
        return out

    def digest(self, s: State, observer: int | None = None) -> str:
        """The SHA-256 of :meth:`text` (hex), the board's run hashed once per board."""
        text = self.text(s, observer)
        if self._board_hash is None or self._board_hash[0] is not s.board:
            prefix = '{"board":' + self._part("board", s.board, ix.board_to_json)
            self._board_hash = (s.board, len(prefix), hashlib.sha256(prefix.encode("utf-8")))
        h = self._board_hash[2].copy()
        h.update(text[self._board_hash[1]:].encode("utf-8"))
        return h.hexdigest()

    def text(self, s: State, observer: int | None = None) -> str:
        """The canonical text of ``state_to_json(s)``, or with ``observer`` of
        ``observation_to_json(s, observer)``."""
        if observer is not None and not (isinstance(observer, int) and not isinstance(observer, bool)
                                         and 0 <= observer < s.players):
            observe(s, observer)  # raises IllegalAction (observation.per-player), as the document does
        if observer is None:
            sections = {name: self._part(name, value, ix.SECTIONS[name])
                        for name in _VARIANT_SECTIONS if (value := getattr(s, name)) is not None}
        else:
            sections = self._observed_sections(s, observer)
        head, mid, tail = self._common(s)
        out = [head]
        if "exploration" in sections:
            out += ',"exploration":', sections["exploration"]
        out.append(mid)
        if "missions" in sections:
            out += ',"missions":', sections["missions"]
        if observer is not None:
            out += ',"observer":', _int(observer)
        out.append(tail)
        if "ufo" in sections:
            out += ',"ufo":', sections["ufo"]
        out.append("}")
        return "".join(out)

    def _common(self, s: State) -> tuple[str, str, str]:
        """The texts of the keys a state and its observations share, in sorted key order, in
        three runs around the optional keys (a step writes a state's text, and the next step its
        observation: the runs are kept for the last few states)."""
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
        tail = (',"options":', self._part("options", s.options, ix.options_to_json),
                ',"phase":', _encode(str(s.phase)),
                ',"players":', self._small("players", s.reserves, ix.players_to_json),
                ',"rocket":', self._small("rocket", s.rocket, ix.rocket_to_json),
                ',"start_player":', _int(s.start_player))
        runs = ("".join(head), "".join(mid), "".join(tail))
        if len(self._states) >= 4:
            self._states.clear()
        self._states[id(s)] = (s, runs)  # kept alive: the id stays its
        return runs
