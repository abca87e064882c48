"""The reference implementation served through the adapter protocol (docs/protocol.md).

``referee adapter --game GAME`` runs :func:`serve` on stdin/stdout: one JSON request per line
in, one JSON response per line out, state in and state out. Third-party implementations speak
the same protocol, so the conformance runner treats this one like any other.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from typing import IO, Any, cast

from . import __version__
from .documents import OddsDigests, SameItems
from .errors import IllegalAction, MalformedInput, RefereeError
from .games import load
from .games.interface import CHANCE
from .versions import PROTOCOL_VERSION
from .loading import LoadError, own_documents, parse_json
from .perft import counts, pins_of

PROTOCOL = 1
"""The protocol version an :class:`Adapter` speaks unless told otherwise (wrappers written for
version 1 keep speaking it)."""
PROTOCOLS = tuple(range(1, PROTOCOL_VERSION + 1))
"""Every version this module can speak; ``referee adapter`` offers the highest."""
COMMANDS = ("new_game", "legal_actions", "apply", "scores", "observe", "play", "perft")
"""The game commands; each request names its game."""
CAPABILITIES = ("custom-boards", "events", "chance-probabilities", "observations")
"""The capabilities of every protocol version (docs/protocol.md, ``start``)."""
CAPABILITIES_2 = ("play-odds", "perft")
"""The capabilities of version 2's commands: ``play`` answers odds digests when asked, and
``perft`` counts a perft vector's tree in the adapter (docs/protocol.md, Version 2)."""
VERSION_2_COMMANDS = ("play", "perft")

Handler = Callable[[dict[str, Any]], dict[str, Any]]
"""A command handler: request -> response body."""


def _field(req: dict[str, Any], name: str) -> Any:
    """A field the command needs; a request without it is invalid input, not an internal error."""
    if name not in req:
        raise MalformedInput(f"the request has no {name}", path=f"$.{name}")
    return req[name]


class Following:
    """A game that follows fixed readings (rule option values) whatever a document it reads
    says: the reference standing in for an implementation of other sourced readings
    (``referee adapter --reading``). Everything else is the game's own."""

    def __init__(self, game: Any, readings: dict[str, Any]) -> None:
        self._game = game
        self._readings = dict(readings)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def _applying(self, state: Any) -> dict[str, Any]:
        """The readings of options that exist in ``state`` (a variant's options with the variant)."""
        return {name: value for name, value in self._readings.items()
                if self._game.options.option_applies(state, self._game.options.option_spec(name))}

    def setup_from_json(self, doc: Any) -> Any:
        setup = self._game.setup_from_json(doc)
        if not isinstance(doc, dict):
            return setup
        try:
            pairs = self._applying(self._game.initial_state(setup))
        except RefereeError:  # a setup the rules refuse: the readings that always exist
            pairs = {n: v for n, v in self._readings.items() if self._game.options.option_spec(n).requires is None}
        given = doc.get("options")
        options: dict[str, Any] = dict(given) if isinstance(given, dict) else {}
        return self._game.setup_from_json({**doc, "options": {**options, **pairs}})

    def state_from_json(self, doc: Any) -> Any:
        state = self._game.state_from_json(doc)
        return self._game.options.with_options(state, self._applying(state))


class RecentStates:
    """``read`` (a game's ``state_from_json``) remembering the states of the last few state
    documents it read, by their JSON text: a perft walk sends each state once for its legal
    actions and then once with each of them to apply. The same text is the same document, and
    reading is a pure function of it, so a remembered state is the one reading again would give;
    a document that fails to read is not remembered (it fails again, with its error)."""

    def __init__(self, read: Callable[[Any], Any], size: int = 64, *, shared: bool = False) -> None:
        self.read = read
        self.size = size
        self.states: dict[str, Any] = {}
        self.shared = shared
        """The caller hands back, unchanged, the very documents this adapter answered
        (:meth:`written`): an in-process caller that shares documents with the adapter."""
        self.answered: dict[int, tuple[Any, Any]] = {}
        """The state documents last answered, by identity, with the states written."""

    def written(self, doc: Any, state: Any) -> Any:
        """``doc``, the document written from ``state`` for an answer; with ``shared``, a request
        that hands this very document back reads as ``state`` (the document is kept alive, so its
        identity stays its own; the caller promised not to change it)."""
        if self.shared:
            if len(self.answered) >= self.size:
                del self.answered[next(iter(self.answered))]
            self.answered[id(doc)] = (doc, state)
        return doc

    def __call__(self, doc: Any) -> Any:
        if type(doc) is not dict:
            return self.read(doc)
        hit = self.answered.get(id(doc))
        if hit is not None and hit[0] is doc:
            return hit[1]
        try:
            key = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):  # not JSON: reading says what is wrong
            return self.read(doc)
        state = self.states.get(key)
        if state is None:
            state = self.read(doc)
            if len(self.states) >= self.size:
                del self.states[next(iter(self.states))]
            self.states[key] = state
        return state


def game_handlers(game_id: str, readings: dict[str, Any] | None = None,
                  shares_documents: bool = False) -> tuple[dict[str, Any], dict[str, Handler]]:
    """The handshake info and the command handlers of one game, through the game interface;
    with ``readings``, the game follows those option values only (:class:`Following`) and
    announces just them. ``shares_documents``: see :class:`Adapter`."""
    game: Any = load(game_id)
    if readings:
        game = Following(game, readings)
    read_state = RecentStates(game.state_from_json, shared=shares_documents)
    odds_of = OddsDigests(game.interchange.action_canonical_text)  # protocol 2's odds digests (documents.odds_digest)
    legal_of = SameItems(game.interchange.legal_digest)  # the same actions again (a chance node's): the same digest
    # the same actions (a game keeps its tuples: a roll's outcomes, a position's moves): the same
    # documents, shared read-only between answers (serve writes each answer at once)
    actions_of: SameItems[tuple[Any, ...]] = SameItems(lambda actions: tuple(map(game.action_to_json, actions)))
    odds_texts: SameItems[tuple[str, ...]] = SameItems(
        lambda outcomes: tuple(f"{p.numerator}/{p.denominator}" for _, p in outcomes))

    def new_game(req: dict[str, Any]) -> dict[str, Any]:
        setup = game.setup_from_json(_field(req, "setup"))
        try:
            state = game.initial_state(setup)
            return {"state": read_state.written(game.state_to_json(state), state)}
        except IllegalAction as exc:
            return {"rejected": {"clause": exc.clause, "message": exc.message}}

    def legal_actions(req: dict[str, Any]) -> dict[str, Any]:
        state = read_state(_field(req, "state"))
        actors = game.actors(state)
        player = req.get("player")
        if len(actors) > 1:  # several players choose secretly at once (docs/protocol.md)
            if player is not None and player not in actors:
                raise MalformedInput(f"player {player!r} is not choosing now (choosing: {list(actors)})",
                                     path="$.player", clause="turn.actor")
            # a simultaneous node lists players only; ``player`` was checked to be one of them
            chosen: list[int] = [player] if player is not None else list(cast("tuple[int, ...]", actors))
            actions = tuple(a for p in chosen for a in game.legal_actions(state, p))
        else:
            actions = game.legal_actions(state)
        doc: dict[str, Any] = {
            "actor": (list(actors) if len(actors) > 1 else actors[0] if actors else None),
            "actions": list(actions_of(actions)),
        }
        if actors == (CHANCE,):
            doc["probabilities"] = list(odds_texts(game.chance_outcomes(state)))
        return doc

    def apply(req: dict[str, Any]) -> dict[str, Any]:
        state = read_state(_field(req, "state"))
        action = game.action_from_json(_field(req, "action"))
        try:
            t = game.apply(state, action)
        except IllegalAction as exc:
            return {"rejected": {"clause": exc.clause, "message": exc.message}}
        return {
            "state": read_state.written(game.state_to_json(t.state), t.state),
            "events": [game.event_to_json(e) for e in t.events],
        }

    def scores(req: dict[str, Any]) -> dict[str, Any]:
        state = read_state(_field(req, "state"))
        return cast("dict[str, Any]", game.result_to_json(state))

    def observe(req: dict[str, Any]) -> dict[str, Any]:
        state = read_state(_field(req, "state"))
        player = req.get("player")
        players = game.player_count(state)
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < players:
            # a player the state does not have is input the adapter cannot read, not a rule
            # the request breaks: an error of kind invalid-input (docs/protocol.md)
            raise MalformedInput(
                f"player must be a player number of the state (0 to {players - 1}), got {player!r}",
                path="$.player", clause="observation.per-player")
        return {"observation": game.interchange.observation_to_json(state, player)}

    def play(req: dict[str, Any]) -> dict[str, Any]:
        """Protocol 2: a whole sequence of steps in one request, a digest per step."""
        if "setup" in req:
            try:
                state = game.initial_state(game.setup_from_json(_field(req, "setup")))
            except IllegalAction as exc:
                return {"rejected": {"clause": exc.clause, "message": exc.message}}
        else:
            state = read_state(_field(req, "state"))
        every = req.get("digest_every", 1)
        if not isinstance(every, int) or isinstance(every, bool) or every < 1:
            raise MalformedInput(f"digest_every must be a positive integer, got {every!r}", path="$.digest_every")
        odds = req.get("odds") is True  # capability play-odds: the odds digest at chance nodes
        steps = req.get("steps")
        if not isinstance(steps, list):
            raise MalformedInput("steps must be a list", path="$.steps")
        out: list[dict[str, Any]] = []
        start = game.interchange.state_digest(state)
        last = len(steps) - 1
        for i, step in enumerate(steps):
            where = f"$.steps[{i}]"
            if not isinstance(step, dict) or "action" not in step:
                raise MalformedInput("a step must be an object with an action", path=where)
            entry: dict[str, Any] = {}
            player = step.get("player")
            actors = game.actors(state)
            if player is not None and len(actors) > 1:
                if player not in actors:
                    raise MalformedInput(f"player {player!r} is not choosing now (choosing: {list(actors)})",
                                         path=where + ".player", clause="turn.actor")
                entry["legal"] = legal_of(game.legal_actions(state, player))
            else:
                entry["legal"] = legal_of(game.legal_actions(state))
            if "observe" in step:
                entry["observation"] = game.interchange.observation_digest(state, step["observe"])
            if odds and actors == (CHANCE,):
                entry["odds"] = odds_of(game.chance_outcomes(state))
            if "probe" in step:
                try:
                    game.apply(state, game.action_from_json(step["probe"]))
                    entry["probe"] = None
                except IllegalAction as exc:
                    entry["probe"] = exc.clause
            try:
                t = game.apply(state, game.action_from_json(step["action"]))
            except IllegalAction as exc:
                entry["rejected"] = {"clause": exc.clause, "message": exc.message}
                out.append(entry)
                break
            state = t.state
            entry["events"] = game.interchange.events_digest(t.events)
            if (i + 1) % every == 0 or i == last:
                entry["state"] = game.interchange.state_digest(state)
            out.append(entry)
        return {"start": start, "steps": out}

    def perft(req: dict[str, Any]) -> dict[str, Any]:
        """Protocol 2, capability ``perft``: the perft count of a state, counted here (perft.py)."""
        state = read_state(_field(req, "state"))
        depth = _field(req, "depth")
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise MalformedInput(f"depth must be a non-negative integer, got {depth!r}", path="$.depth")
        _check_pins(req)
        try:
            nodes, below = counts(game, state, depth, pins_of(req))
        except IllegalAction as exc:  # a pinned outcome the rules reject
            return {"rejected": {"clause": exc.clause, "message": exc.message}}
        return {"perft": {"nodes": nodes, "divide": below}}

    info: dict[str, Any] = {
        "options": {o.name: (list(o.values) if o.kind == "choice" else "any")
                    for o in game.info.options if o.kind in ("choice", "data")},
    }
    for name, value in (readings or {}).items():
        info["options"][name] = [value]
    info["vocabulary"] = game.rules.vocabulary()
    if game.info.variants:
        info["variants"] = list(game.info.variants)
    return info, {"new_game": new_game, "legal_actions": legal_actions, "apply": apply,
                  "scores": scores, "observe": observe, "play": play, "perft": perft}


def _check_pins(req: dict[str, Any]) -> None:
    """The shapes of a perft request's pinned outcomes (docs/vectors.md, "Perft vectors"):
    ``rolls`` a list of lists of faces, ``draws`` lists of token ids per phase, ``pins`` lists
    of outcome documents per type. What the rules make of a pinned value is theirs to say."""
    rolls = req.get("rolls", [])
    if not isinstance(rolls, list) or not all(isinstance(r, list) and all(isinstance(f, str) for f in r) for r in rolls):
        raise MalformedInput("rolls must be a list of lists of faces (strings)", path="$.rolls")
    for key, item in (("draws", str), ("pins", dict)):
        value = req.get(key, {})
        if not isinstance(value, dict) or not all(
                isinstance(v, list) and all(isinstance(x, item) for x in v) for v in value.values()):
            kind = "token ids" if item is str else "outcome documents"
            raise MalformedInput(f"{key} must be an object of lists of {kind}", path=f"$.{key}")


class Adapter:
    """Answers protocol requests for the games it was started with."""

    def __init__(self, games: list[str], *, protocols: tuple[int, ...] = (PROTOCOL,),
                 readings: dict[str, dict[str, Any]] | None = None, shares_documents: bool = False) -> None:
        """``shares_documents``: the caller is in this process and hands back, unchanged, the
        state documents this adapter answered (the reference oracle of the reading verdicts,
        :class:`~.conformance.inprocess.InProcessAdapter` with ``shares_documents``); such a
        document reads as the state it was written from, without reading it again. Reading is
        pure, and a state the reference wrote reads back as itself (tests/test_interchange.py)."""
        self.protocols = tuple(protocols)
        self.protocol = PROTOCOL
        """The version agreed at the last ``start``."""
        self.games: dict[str, dict[str, Handler]] = {}
        self.info: dict[str, dict[str, Any]] = {}
        for g in games:
            self.info[g], self.games[g] = game_handlers(g, (readings or {}).get(g), shares_documents)

    def handle(self, req: Any) -> dict[str, Any] | None:
        """Returns the response to one request (``None`` for an unanswerable line)."""
        if not isinstance(req, dict):
            return {"seq": None, "error": {"kind": "invalid-input", "message": "a request must be a JSON object",
                                           "path": "$"}}
        seq = req.get("seq")
        cmd = req.get("cmd")
        try:
            body = self._dispatch(cmd, req)
        except RefereeError as exc:
            body = {"error": {"kind": "invalid-input", "message": str(exc), "path": exc.path,
                              "clause": exc.clause}}
        except Exception as exc:  # an adapter reports its own crash instead of dying
            body = {"error": {"kind": "internal", "message": f"{type(exc).__name__}: {exc}",
                              "traceback": traceback.format_exc()}}
        return {"seq": seq, **body}

    def _dispatch(self, cmd: Any, req: dict[str, Any]) -> dict[str, Any]:
        if cmd == "start":
            offered = req.get("protocols")
            offered = offered if isinstance(offered, list) else [req.get("protocol")]
            common = [v for v in self.protocols if v in offered]
            if not common:
                return {"error": {"kind": "protocol", "message":
                                  f"protocol {req.get('protocol')!r} is not supported (this adapter speaks "
                                  f"{', '.join(map(str, self.protocols))})"}}
            self.protocol = max(common)
            return {
                "protocol": self.protocol,
                "implementation": {
                    "name": "tabletop-referee",
                    "version": __version__,
                    "language": "python",
                    "homepage": "https://github.com/tabletop-referee/tabletop-referee",
                    "games": self.info,
                },
                # protocol 2: play answers the odds of chance nodes when asked, perft counts
                # a tree in the adapter (docs/protocol.md)
                "capabilities": list(CAPABILITIES) + (list(CAPABILITIES_2) if self.protocol >= 2 else []),
                # the reference claims every profile of its games (docs/protocol.md, start)
                "profiles": list(dict.fromkeys(p for g in self.games for p in load(g).probes.conformance_profiles())),
            }
        if cmd == "stop":
            return {"ok": True}
        if cmd in VERSION_2_COMMANDS and self.protocol < 2:
            return {"error": {"kind": "unknown-command", "message": f"{cmd} is a protocol-2 command"}}
        if cmd in COMMANDS:
            game = req.get("game")
            if game not in self.games:
                return {"skipped": {"reason": f"game {game!r} is not supported (supported: {', '.join(self.games)})"}}
            return self.games[game][cmd](req)
        return {"error": {"kind": "unknown-command", "message": f"unknown command {cmd!r}"}}


def serve(games: list[str], stdin: IO[str] | None = None, stdout: IO[str] | None = None,
          protocols: tuple[int, ...] = PROTOCOLS, readings: dict[str, dict[str, Any]] | None = None) -> int:
    """Serves requests until ``stop`` or end of input. Returns the exit code."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    adapter = Adapter(games, protocols=protocols, readings=readings)
    for line in stdin:
        if not line.strip():
            continue
        try:
            req = parse_json(line, "request")  # the input boundary: strict numbers, caps
        except LoadError as exc:
            resp: dict[str, Any] | None = {"seq": None, "error": {"kind": "bad-json", "message": exc.message}}
            req = None
        else:
            with own_documents():  # parse_json has converted its numbers: no second walk
                resp = adapter.handle(req)
        stdout.write(json.dumps(resp, separators=(",", ":"), ensure_ascii=False) + "\n")
        stdout.flush()
        if isinstance(req, dict) and req.get("cmd") == "stop":
            return 0
    return 0
