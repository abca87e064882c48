"""``referee conform smoke``: a handful of trivial checks that tell "the adapter is mis-wired"
apart from "the rules are wrong" (Bowtie's ``smoke``).

Each check exercises one command with the simplest input and says precisely what was wrong
with the answer (``observe`` only when the adapter announces the ``observations``
capability). A check that needs a state from an earlier one that failed uses the reference
engine's initial state instead, so every command is still tried on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Mapping
from typing import Any, cast

from ..errors import IllegalAction, RefereeError
from ..games import load
from ..games.interface import CHANCE
from ..schemas import validation_errors
from .client import PROTOCOL, AdapterFailure, ExternalAdapter, AdapterStartError, describe_exit, last_line
from .compare import first_difference, short


STOP_GRACE = 5.0
"""Seconds an adapter gets to answer ``stop`` and exit."""


@dataclass(frozen=True)
class Check:
    name: str
    status: str  # "passed", "failed" or "skipped"
    message: str


@dataclass(frozen=True)
class GameSmoke:
    """What a smoke run sends and expects, computed from the reference engine."""

    setup: dict[str, Any]
    players: int
    first_kind: str
    first_count: int
    actor: Any
    first_action: dict[str, Any]
    score_fields: tuple[str, ...]
    reference: dict[str, Any]
    """The reference engine's state of a new game with ``setup``."""

    def reference_state(self, game: str) -> dict[str, Any]:
        return self.reference


def smoke_setup_for(game_id: str, hello: Mapping[str, Any] | None) -> tuple[dict[str, Any], Any]:
    """The game's smoke setup under the readings the adapter follows (its ``start`` answer):
    each disputed option it does not follow at its default is set to the first value it
    announced, and the player count is raised until those readings accept the setup (Seven
    Knights as BGA plays it refuses three players in the standard game). Returns the setup
    document and the reference's new game."""
    from .readings import followed, reading_options  # lazy: only once the adapter has announced its readings

    game = load(game_id)
    setup = game.setups.smoke_setup()
    if hello:
        disputed = reading_options(game)
        pairs = {name: values[0] for name, values in followed(game, hello, game_id).items()
                 if name in disputed and values and game.options.option_spec(name).default not in values}
        if pairs:
            setup = {**setup, "options": {**(setup.get("options") or {}), **pairs}}
    low, high = game.info.players
    seat = setup.get(game.setups.seat_field, 0)
    players = setup.get("players", low)
    while True:
        try:
            return setup, game.initial_state(game.setup_from_json(setup))
        except IllegalAction:
            if players >= high:
                raise
            players += 1
            setup = {**setup, "players": players, game.setups.seat_field: seat}


def game_smoke(game_id: str, hello: Mapping[str, Any] | None = None) -> GameSmoke:
    """The smoke plan of a game: its smallest setup under the adapter's readings, and what a
    new game of it looks like."""
    game = load(game_id)
    setup, state = smoke_setup_for(game_id, hello)
    actors = game.actors(state)
    # a simultaneous node lists players only
    player = cast(int, actors[0]) if len(actors) > 1 else None
    legal = [game.action_to_json(a) for a in game.legal_actions(state, player)]
    sheet = game.scoring.score_sheet(state)
    return GameSmoke(
        setup=setup, players=game.player_count(state),
        first_kind=legal[0]["type"] if len({a["type"] for a in legal}) == 1 else "legal",
        first_count=len(legal), actor=actors[0] if len(actors) == 1 else list(actors), first_action=legal[0],
        score_fields=tuple(k for k, v in sheet[0].items() if isinstance(v, int)),
        reference=game.state_to_json(state),
    )


def _keys(doc: dict[str, Any]) -> str:
    return ", ".join(sorted(doc)) or "none"


def _non_result(cmd: str, resp: dict[str, Any]) -> str | None:
    if "error" in resp:
        err = resp["error"] if isinstance(resp["error"], dict) else {"message": resp["error"]}
        return f"the adapter answered {cmd} with an error ({err.get('kind', 'no kind')}): {err.get('message', '')}"
    if "skipped" in resp:
        body = resp["skipped"]
        reason = body.get("reason") if isinstance(body, dict) else body
        return f"the adapter skipped {cmd} ({reason}); smoke needs it to work"
    return None


def _schema_problem(game: str, state: Any) -> str | None:
    errors = validation_errors(game, "state", state)
    if not errors:
        return None
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"the state does not match schemas/{game}/state.schema.json: {errors[0]}{more}"


def _check_observe(game_id: str, add: Callable[[str, str, str], None], ask: Callable[..., dict[str, Any] | None],
                   state: dict[str, Any], players: int, fallback: str) -> None:
    """Every player's observation of a new game is what the reference engine shows them."""
    game = load(game_id)
    try:
        reference = game.state_from_json(state)
    except RefereeError:
        reference = None
    for player in range(players):
        resp = ask("observe", state=state, player=player)
        if resp is None:
            return
        seen = resp.get("observation")
        if not isinstance(seen, dict):
            add("observe", "failed", f"the answer has no observation object (keys: {_keys(resp)}){fallback}")
            return
        expected = ({**state, "observer": player} if reference is None
                    else game.interchange.observation_to_json(reference, player))
        diff = first_difference(expected, seen, "/observation")
        if diff:
            shown = ("the state plus \"observer\": " + str(player) if expected == {**state, "observer": player}
                     else "what the reference engine shows that player")
            add("observe", "failed",
                f"player {player}'s observation of a new game should be {shown}; "
                f"at {diff.pointer}: {diff.message}{fallback}")
            return
    plain = reference is None or all(game.interchange.observation_to_json(reference, p) == {**state, "observer": p}
                                      for p in range(players))
    what = "the whole state plus observer" if plain else "what the reference shows them"
    add("observe", "passed", f"each of the {players} players observes {what}{fallback}")


SMOKE_PERFT_DEPTH = 2
"""The depth of the smoke check ``perft``: small enough to answer at once."""


def _check_perft(game_id: str, add: Callable[[str, str, str], None], ask: Callable[..., dict[str, Any] | None],
                 state: dict[str, Any]) -> None:
    """The adapter's count of the first decision of the reference's new game (its first chance
    outcomes applied), ``SMOKE_PERFT_DEPTH`` decisions deep with nothing pinned (a chance node
    ends a path), against the reference's count."""
    from ..perft import counts  # lazy: only for an adapter that counts perft itself
    from .runner import perft_difference  # lazy: as above

    game = load(game_id)
    start = game.state_from_json(state)
    for _ in range(100):  # a new game that starts with chance (a deal, a roll): its first outcomes
        if game.actors(start) != (CHANCE,):
            break
        start = game.apply(start, game.chance_outcomes(start)[0][0]).state
    state = game.state_to_json(start)
    nodes, below = counts(game, start, SMOKE_PERFT_DEPTH, {})
    resp = ask("perft", state=state, depth=SMOKE_PERFT_DEPTH)
    if resp is None:
        return
    got = resp.get("perft")
    if "rejected" in resp:
        rej = resp["rejected"] if isinstance(resp["rejected"], dict) else {}
        add("perft", "failed", f"the adapter refused to count under {rej.get('clause')}: {rej.get('message', '')}")
    elif not isinstance(got, dict):
        add("perft", "failed", f"the answer has no perft object (keys: {_keys(resp)})")
    else:
        diff = perft_difference({"divide": below, "nodes": nodes}, got)
        if diff:
            add("perft", "failed", f"depth {SMOKE_PERFT_DEPTH} from the reference's new game: "
                                   f"{diff.pointer}: {diff.message}")
        else:
            add("perft", "passed", f"{nodes} nodes {SMOKE_PERFT_DEPTH} decisions deep from a new game's first decision, "
                                   f"{len(below)} first decisions, as the reference counts")


def run_smoke(adapter: ExternalAdapter, game: str) -> list[Check]:
    """Runs the checks in order and returns them (the adapter is stopped at the end)."""
    checks: list[Check] = []

    def add(name: str, status: str, message: str) -> None:
        checks.append(Check(name, status, message))

    # start
    try:
        hello = adapter.start()
    except AdapterStartError as exc:
        said = last_line(exc.stderr_tail)
        add("start", "failed", exc.message + (f" (stderr: {said})" if said and said not in exc.message else ""))
        for name in ("new_game", "legal_actions", "apply", "scores", "stop"):
            add(name, "skipped", "not run: the adapter did not start")
        return checks
    problems = []
    impl = hello.get("implementation")
    if not isinstance(impl, dict):
        problems.append(f"the answer has no implementation object (keys: {_keys(hello)})")
        impl = {}
    else:
        for key in ("name", "version", "language"):
            if not isinstance(impl.get(key), str) or not impl.get(key):
                problems.append(f"implementation.{key} is missing or not a string")
        games = impl.get("games")
        if not isinstance(games, dict):
            problems.append("implementation.games is missing or not an object")
        elif game not in games:
            problems.append(f"implementation.games does not list {game!r} (lists: {_keys(games)})")
        elif not isinstance(games[game], dict) or not isinstance(games[game].get("options", {}), dict):
            problems.append(f"implementation.games.{game}.options is not an object")
    if not isinstance(hello.get("capabilities"), list):
        problems.append("capabilities is missing or not a list")
    spec = game_smoke(game, hello if not problems else None)
    if problems:
        add("start", "failed", "; ".join(problems))
    else:
        add("start", "passed", f"{impl['name']} {impl['version']} ({impl['language']}), protocol {getattr(adapter, 'protocol', PROTOCOL)}, "
                               f"capabilities: {', '.join(map(str, hello['capabilities'])) or 'none'}")

    def ask(name: str, **fields: Any) -> dict[str, Any] | None:
        try:
            adapter.ensure_running()
        except AdapterStartError as exc:
            add(name, "failed", f"could not restart the adapter after the last failure: {exc.message}")
            return None
        try:
            resp = adapter.request(name, game=game, **fields)
        except AdapterFailure as exc:
            add(name, "failed", f"{exc.status}: {exc.message}")
            return None
        problem = _non_result(name, resp)
        if problem:
            add(name, "failed", problem)
            return None
        return resp

    # new_game
    state = None
    resp = ask("new_game", setup=spec.setup)
    if resp is not None:
        if "rejected" in resp:
            rej = resp["rejected"] if isinstance(resp["rejected"], dict) else {}
            add("new_game", "failed", f"the adapter rejected the setup {short(spec.setup)} under "
                                      f"{rej.get('clause')}: {rej.get('message', '')}")
        elif not isinstance(resp.get("state"), dict):
            add("new_game", "failed", f"the answer has no state object (keys: {_keys(resp)})")
        else:
            problem = _schema_problem(game, resp["state"])
            if problem:
                add("new_game", "failed", problem)
            else:
                state = resp["state"]
                add("new_game", "passed", f"a {spec.players}-player game; the state matches the state schema")
    fallback = ""
    if state is None:
        state = spec.reference_state(game)
        fallback = " (on the reference engine's initial state, since new_game failed)"

    # legal_actions
    first = None
    resp = ask("legal_actions", state=state)
    if resp is not None:
        actions = resp.get("actions")
        if not isinstance(actions, list):
            add("legal_actions", "failed", f"the answer has no actions list (keys: {_keys(resp)}){fallback}")
        elif "actor" not in resp:
            add("legal_actions", "failed", f"the answer has no actor (keys: {_keys(resp)}){fallback}")
        else:
            kinds = [a.get("type") if isinstance(a, dict) else type(a).__name__ for a in actions]
            good = [a for a in actions if isinstance(a, dict) and a.get("type") == spec.first_kind]
            if len(actions) != spec.first_count or len(good) != len(actions):
                shown = ", ".join(sorted(set(map(str, kinds)))) or "none"
                add("legal_actions", "failed",
                    f"expected {spec.first_count} {spec.first_kind} actions in a new game, got {len(actions)} "
                    f"(types: {shown}){fallback}")
            elif resp["actor"] != spec.actor:
                add("legal_actions", "failed",
                    f"expected actor {spec.actor!r} (as the reference engine says), got {resp['actor']!r}{fallback}")
            else:
                first = actions[0]
                add("legal_actions", "passed", f"{len(actions)} {spec.first_kind} actions for player {resp['actor']}{fallback}")
    if first is None:
        first = spec.first_action

    # apply
    resp = ask("apply", state=state, action=first)
    if resp is not None:
        if "rejected" in resp:
            rej = resp["rejected"] if isinstance(resp["rejected"], dict) else {}
            add("apply", "failed", f"the adapter rejected {short(first)} under {rej.get('clause')}: "
                                   f"{rej.get('message', '')}{fallback}")
        elif not isinstance(resp.get("state"), dict):
            add("apply", "failed", f"the answer has no state object (keys: {_keys(resp)}){fallback}")
        else:
            problem = _schema_problem(game, resp["state"])
            if problem:
                add("apply", "failed", f"after {short(first)}: {problem}")
            elif "events" in (hello.get("capabilities") or []) and not isinstance(resp.get("events"), list):
                add("apply", "failed", "the adapter declares the events capability but the answer has no events list")
            else:
                add("apply", "passed", f"{short(first)} gives a state that matches the state schema{fallback}")

    # scores
    resp = ask("scores", state=state)
    if resp is not None:
        sheet = resp.get("scores")
        if not isinstance(sheet, list):
            add("scores", "failed", f"the answer has no scores list (keys: {_keys(resp)})")
        elif len(sheet) != spec.players:
            add("scores", "failed", f"expected {spec.players} score entries (one per player), got {len(sheet)}")
        elif "outcome" not in resp:
            add("scores", "failed", "the answer has no outcome (it is null until the game is over)")
        else:
            wrong = [f"scores[{i}].{f}" for i, s in enumerate(sheet) for f in spec.score_fields
                     if not isinstance(s, dict) or not isinstance(s.get(f), int) or isinstance(s.get(f), bool)]
            if wrong:
                add("scores", "failed", f"not whole numbers or missing: {', '.join(wrong[:6])}"
                                        + (f" (and {len(wrong) - 6} more)" if len(wrong) > 6 else ""))
            elif resp["outcome"] is not None:
                add("scores", "failed", f"outcome should be null in a new game, got {short(resp['outcome'])}")
            else:
                add("scores", "passed", f"{len(sheet)} score entries with {', '.join(spec.score_fields)}; outcome null")

    # observe (only when announced): a base-game state hides nothing
    if "observations" in (hello.get("capabilities") or []):
        _check_observe(game, add, ask, state, spec.players, fallback)

    # perft (only when announced, protocol 2): a small count of the reference's new game
    if "perft" in (hello.get("capabilities") or []) and getattr(adapter, "protocol", 1) >= 2:
        _check_perft(game, add, ask, spec.reference)

    # stop
    try:
        adapter.ensure_running()
    except AdapterStartError as exc:
        add("stop", "failed", f"could not restart the adapter after the last failure: {exc.message}")
        return checks
    ended = adapter.stop(grace=STOP_GRACE)
    answer = ended["answer"]
    if ended["problem"]:
        add("stop", "failed", ended["problem"])
    elif answer is None or answer.get("ok") is not True:
        add("stop", "failed", f"expected {{\"ok\": true}}, got keys: {_keys(answer or {})}")
    elif ended["returncode"] is None:
        add("stop", "failed", f"the adapter answered stop but did not exit within {STOP_GRACE:g} s (it was killed)")
    elif ended["returncode"] != 0:
        add("stop", "failed", f"the adapter exited with {describe_exit(ended['returncode'])} after stop, not 0")
    else:
        add("stop", "passed", "answered ok and exited with status 0")
    return checks
