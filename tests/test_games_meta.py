"""The checklist every registered game passes (OpenSpiel's games_sim_test, for this project).

The same generic checks run on every game in ``games.GAMES``, through the one game interface
only: random full games under sampled option combinations (every value of every option played
at least once), schema validity and exact JSON round trips, determinism, the observation
no-leak property, a scenario for every clause, fresh vectors, generated docs pages, and
``explain``, ``verify`` and ``play`` on a real position. docs/adding-a-game.md walks through it.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

import pytest

from tabletop_referee.cli import main
from tabletop_referee.games import GAMES, load, package_name
from tabletop_referee.games.interface import CHANCE, Game
from tabletop_referee.games.roles import ROLE_DEFAULTS, GameKit
from tabletop_referee.paths import data_root
from tabletop_referee.play import Session
from tabletop_referee.render import stale_pages
from tabletop_referee.sampler import choose
from tabletop_referee.schemas import has_schema, validation_errors
from tabletop_referee.spec import load_spec, spec_problems
from tabletop_referee.verify import claimed_scores, log_text, verify_text

IDS = sorted(GAMES)
MAX_STEPS = 5000


@pytest.fixture(params=IDS)
def game(request) -> GameKit:
    return load(request.param)


def option_plans(game: GameKit) -> list[dict]:
    """One option assignment per value of every single-valued option (the rest sampled)."""
    plans = []
    for option in game.info.options:
        if option.kind != "choice":
            continue
        for value in option.values:
            plans.append({option.name: value})
    return plans or [{}]


def setup_for(game: GameKit, rng: random.Random, plan: dict):
    """A random setup honouring ``plan`` (an option that exists only with a variant turns it on)."""
    options = dict(plan)
    for name in plan:
        needs = game.options.option_spec(name).requires
        if needs is not None and needs in game.info.variants:
            options["variants"] = [needs]
    return game.random_setup(rng, options=options, vary=True)


def play(game: GameKit, setup, rng: random.Random):
    """Plays a whole random game; returns the states and actions in order."""
    state = game.initial_state(setup)
    states, actions = [state], []
    for _ in range(MAX_STEPS):
        if game.is_over(state):
            return states, actions
        action = choose(game, rng, state)
        state = game.apply(state, action).state
        states.append(state)
        actions.append(action)
    raise AssertionError(f"{game.info.id}: no end after {MAX_STEPS} actions")


def test_the_interface_is_complete(game):
    """The rules core implements every member of the narrow Game protocol, and each role is the
    default role or a subclass of it (games/roles.py)."""
    info = game.info
    assert info.id in GAMES and info.title == GAMES[info.id], (
        f"GAME.info.id {info.id!r} must be the package name with '_' written '-' (found: {list(GAMES)})")
    assert info.players[0] <= info.players[1], f"{info.id}: GameInfo.players is (fewest, most), got {info.players}"
    members = [n for n in vars(Game) if not n.startswith("_") and callable(getattr(Game, n))]
    assert len(members) <= 20, f"the core protocol grew to {len(members)} methods: move the new ones into a role"
    for name in members:
        assert callable(getattr(game.core, name, None)), (
            f"{info.id}: the rules core lacks {name}() — every game writes the core methods of "
            "games/interface.py's Game (docs/adding-a-game.md, 'The rules core')")
        assert getattr(game, name) == getattr(game.core, name), f"{info.id}: the kit's {name} is not the core's"
    assert isinstance(game.core, Game)
    for role, default in ROLE_DEFAULTS.items():
        assert isinstance(getattr(game, role), default), f"{info.id}: the {role} role is not a {default.__name__}"


def test_role_clauses_are_the_games_own(game):
    """A clause a role names (chance, fallback and observation clauses of the probes, a score
    category's clause) is a clause of the game's spec: no default names a clause."""
    ids = {c.id for c in load_spec(game.info.id).clauses}
    named = {"chance_clause": game.probes.chance_clause, "fallback_clause": game.probes.fallback_clause,
             "observation_clause": game.probes.observation_clause}
    for category in game.scoring.score_categories():
        named[f"category_clause({category!r})"] = game.scoring.category_clause(category)
    for where, clause in named.items():
        assert clause is None or clause in ids, (
            f"{game.info.id}: {where} names {clause!r}, which spec/{game.info.id}/clauses.yaml lacks")
    for role, default in ROLE_DEFAULTS.items():
        for name in ("chance_clause", "fallback_clause", "observation_clause"):
            assert getattr(default, name, None) is None, f"the default {role} role names a clause in {name}"


def test_every_option_value_in_a_random_full_game(game):
    """Every value of every option is played in at least one whole game, which ends, and every
    document on the way is schema-valid and survives an exact JSON round trip."""
    gid = game.info.id
    for n, plan in enumerate(option_plans(game)):
        rng = random.Random(f"{gid}:{n}")
        setup = setup_for(game, rng, plan)
        doc = game.setup_to_json(setup)
        assert game.setup_to_json(game.setup_from_json(doc)) == doc, (
            f"{gid}: a setup document must survive setup_from_json then setup_to_json unchanged: {doc}")
        states, actions = play(game, setup, rng)
        for name, value in plan.items():
            assert game.options.option_value(states[0], name) == value, (
                f"{gid}: option {name}={value!r} was set up but the state reads {game.options.option_value(states[0], name)!r}: "
                "a state document keeps the rule options at its top level, under \"options\"")
        for i, state in enumerate(states):
            if i % 7 and i != len(states) - 1:
                continue  # every 7th state and the last: the round trip is the slow part
            sdoc = game.state_to_json(state)
            errors = validation_errors(gid, "state", sdoc)
            assert errors == [], f"{gid}: state {i} of plan {plan} breaks schemas/{gid}/state.schema.json: {errors[:3]}"
            assert game.state_from_json(sdoc) == state, (
                f"{gid}: state {i} of plan {plan} changes through state_to_json then state_from_json: the round trip must be exact")
            assert game.rules.state_problems(state) == [], (
                f"{gid}: state {i} of plan {plan} reached by legal play has state_problems {game.rules.state_problems(state)}")
        for action in actions:
            adoc = game.action_to_json(action)
            assert game.action_to_json(game.action_from_json(adoc)) == adoc, (
                f"{gid}: action {adoc} changes through action_from_json then action_to_json: the round trip must be exact")
        assert game.is_over(states[-1]), f"{gid}: play() returned a state that is not over"
        result = game.result_to_json(states[-1])
        assert result["outcome"] is not None and set(result["outcome"]["winners"]) <= set(range(len(result["scores"]))), (
            f"{gid}: result_to_json of a finished game needs an outcome whose winners are seats: {result}")


def test_events_and_legal_actions_are_consistent(game):
    """Every legal action applies; events are schema-valid and name a clause of the spec."""
    gid = game.info.id
    clauses = set(load_spec(gid).clause_ids)
    rng = random.Random(f"{gid}:events")
    state = game.initial_state(game.random_setup(rng, vary=True))
    for _ in range(300):
        if game.is_over(state):
            break
        actors = game.actors(state)
        assert actors, f"{gid}: actors() is empty but is_over() is false: a game that is not over has someone to act"
        if actors == (CHANCE,):
            outcomes = game.chance_outcomes(state)
            assert outcomes and sum(p for _, p in outcomes) == 1, (
                f"{gid}: at a chance node, chance_outcomes() must list outcomes whose Fraction probabilities sum to 1")
            legal = [a for a, _ in outcomes]
        else:
            legal = list(game.legal_actions(state, actors[0] if len(actors) > 1 else None))
            assert legal, f"{gid}: player {actors[0]} is to act but has no legal action: actors() and legal_actions() disagree"
        for action in legal[:20]:
            t = game.apply(state, action)
            for e in t.events:
                assert e.clause in clauses, f"event {e.type} cites {e.clause}, not a clause of spec/{gid}"
                if has_schema(gid, "event"):
                    errors = validation_errors(gid, "event", game.event_to_json(e))
                    assert errors == [], f"{gid}: a {e.type} event breaks schemas/{gid}/event.schema.json: {errors[:3]}"
        state = game.apply(state, choose(game, rng, state)).state


def test_determinism(game):
    gid = game.info.id
    runs = []
    for _ in range(2):
        rng = random.Random(f"{gid}:determinism")
        setup = game.random_setup(rng, vary=True)
        states, actions = play(game, setup, rng)
        runs.append(([game.action_to_json(a) for a in actions], game.state_to_json(states[-1])))
    assert runs[0] == runs[1], f"{gid}: the same seed gave two games: the engine must be pure (no clock, file or global random)"


def test_observations_hide_what_they_must(game):
    """The no-leak property through the game's own probes: changing what a player may not see
    leaves their observation unchanged; changing their own hidden part changes it."""
    gid = game.info.id
    rng = random.Random(f"{gid}:leaks")
    probed = own_changed = 0
    for n in range(12):
        setup = game.random_setup(rng, vary=True)
        states, _ = play(game, setup, rng)
        for state in states[:: max(1, len(states) // 15)]:
            for player in range(game.player_count(state)):
                seen = game.interchange.observation_to_json(state, player)
                if has_schema(gid, "observation"):
                    errors = validation_errors(gid, "observation", seen)
                    assert errors == [], f"{gid}: an observation breaks schemas/{gid}/observation.schema.json: {errors[:3]}"
                for what, other in game.probes.leak_probes(state, player, rng):
                    probed += 1
                    assert game.interchange.observation_to_json(other, player) == seen, (
                        f"{gid}: {what} leaks to player {player}: observe() must hide what that player may not see")
                own = game.probes.own_probe(state, player, rng)
                if own is not None:
                    own_changed += 1
                    assert game.interchange.observation_to_json(own, player) != seen, (
                        f"{gid}: own_probe changed player {player}'s own hidden part but not their observation: a player sees their own")
    if any(game.interchange.hides_anything(s) for s in states):
        assert probed > 0 and own_changed > 0, (
            f"{gid} hides information (hides_anything) but offers no leak_probes/own_probe: write them so the no-leak check runs")


def test_every_clause_has_a_scenario(game):
    problems = spec_problems(game.info.id)
    assert problems == [], f"{game.info.id}: the spec has problems (every clause needs a scenario tagged @clause:<id>): {problems[:5]}"


def test_vectors_exist_and_name_known_clauses(game):
    gid = game.info.id
    folder = data_root() / "vectors" / gid
    files = sorted(folder.glob("*.json"))
    assert files, f"no vectors in {folder}"
    clauses = set(load_spec(gid).clause_ids)
    count = 0
    for f in files:
        doc = json.loads(f.read_text(encoding="utf-8"))
        assert doc["game"] == gid, f"{f}: a vector file of {gid} says game {doc['game']!r}"
        for v in doc["vectors"]:
            count += 1
            unknown = sorted(set(v["clauses"]) - clauses)
            assert not unknown, f"{f.name}: vector {v['id']} names clauses not in spec/{gid}/clauses.yaml: {unknown}"
    assert count > 0, f"{folder} holds no vector: run referee vectors export --game {gid}"


def test_docs_pages_are_generated_and_fresh(game):
    gid = game.info.id
    docs = data_root() / "docs"
    assert (docs / gid / "index.md").is_file(), f"run referee docs --game {gid}"
    assert stale_pages(gid, docs) == [], f"{gid}: docs pages {stale_pages(gid, docs)} are stale: run referee docs --game {gid}"


def mid_game(game: GameKit):
    rng = random.Random(f"{game.info.id}:mid")
    state = game.initial_state(game.random_setup(rng))
    for _ in range(25):
        if game.is_over(state):
            break
        state = game.apply(state, choose(game, rng, state)).state
    while game.actors(state) == (CHANCE,):
        state = game.apply(state, choose(game, rng, state)).state
    return state


def test_explain_answers_on_a_real_position(game, tmp_path, capsys):
    state = mid_game(game)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(game.state_to_json(state)), encoding="utf-8")
    actors = game.actors(state)
    action = game.legal_actions(state, actors[0] if len(actors) > 1 else None)[0]
    text = game.notation.action_text(action)
    assert game.notation.parse_action(text, state, action.player if hasattr(action, "player") else None) == action, (
        f"{game.info.id}: parse_action(action_text(a)) must give a back: {text!r} does not")
    code = main(["explain", "--game", game.info.id, str(path), text])
    out = capsys.readouterr().out
    assert code == 0 and "Answer: legal" in out, out[-2000:]
    code = main(["explain", "--game", game.info.id, str(path), text, "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["legal"] is True and doc["game"] == game.info.id


def test_verify_replays_a_random_game(game):
    rng = random.Random(f"{game.info.id}:verify")
    setup = game.random_setup(rng, vary=True)
    states, actions = play(game, setup, rng)
    text = log_text(game, game.setup_to_json(setup), actions, claimed_scores(game, states[-1]))
    report = verify_text(text, game.info.id)
    assert report.ok and report.actions == len(actions) and report.game_over
    lines = text.splitlines()
    bad = json.loads(lines[-1])
    bad["scores"][0]["total"] = bad["scores"][0]["total"] + 1
    report = verify_text("\n".join(lines[:-1] + [json.dumps(bad)]) + "\n", game.info.id)
    assert not report.ok and report.mismatches[0].category == "total"


def test_play_runs_a_whole_game_from_numbered_choices(game):
    rng = random.Random(f"{game.info.id}:play")
    setup = game.random_setup(rng, players=game.info.players[0])
    out = io.StringIO()
    session = Session(game, setup, dice="random", rng=random.Random(3), stdin=io.StringIO("1\n" * MAX_STEPS),
                      stdout=out)
    assert session.run(), out.getvalue()[-2000:]
    assert game.is_over(session.state)
    assert verify_text(session.log({}), game.info.id).ok


def test_perft_vectors_are_reproducible(game):
    gid = game.info.id
    if not (data_root() / "spec" / gid / "perft.yaml").is_file():
        pytest.fail(f"spec/{gid}/perft.yaml is missing: every game ships perft entries")
    from tabletop_referee.perft import perft_vectors

    shipped = json.loads((data_root() / "vectors" / gid / "perft.json").read_text(encoding="utf-8"))["vectors"]
    fresh = perft_vectors(gid)
    assert [v["expect"] for v in fresh] == [v["expect"] for v in shipped], (
        f"vectors/{gid}/perft.json is stale against spec/{gid}/perft.yaml: run referee vectors export --game {gid}")


def test_every_game_package_is_registered():
    """Every package under games/ is a game (games/__init__.py finds them, no list): each one
    exports ``GAME`` whose ``info.id`` is its folder's name with ``_`` written ``-``."""
    import importlib

    import tabletop_referee.games as games_package

    root = Path(games_package.__file__).parent
    packages = sorted(p.name for p in root.iterdir() if (p / "__init__.py").is_file())
    assert sorted(g.replace("-", "_") for g in GAMES) == packages, (
        f"games/ holds packages {packages} but GAMES found {list(GAMES)}")
    for name in packages:
        module = importlib.import_module(f"tabletop_referee.games.{name}")
        game = getattr(module, "GAME", None)
        assert game is not None, f"games/{name}/__init__.py must export GAME: every package under games/ is a game"
        assert game.info.id == name.replace("_", "-"), (
            f"games/{name}: GAME.info.id is {game.info.id!r}; it must be the folder's name with '_' written '-'")


# -- a game touches only its own folders (issue 24) --------------------------------------------


def own_folders(game_id: str) -> tuple[str, ...]:
    """The folders that are a game's own: adding the game writes files there and nowhere else."""
    package = package_name(game_id)
    return (f"spec/{game_id}/", f"features/{game_id}/", f"schemas/{game_id}/", f"vectors/{game_id}/",
            f"docs/{game_id}/", f"tests/{package}/", f"reference/tabletop_referee/games/{package}/")


ALLOWED_OUTSIDE = {
    "CHANGELOG.md": "the project's history records each game it added",
    "docs/adding-a-game.md": "the guide walks through its worked example, a whole game, by name",
    "tests/playthroughs/{game}/": "generated: `referee playthroughs` renders the game's own cases there",
    "vectors/{game}-unexportable.json": "generated: `referee vectors export` lists the scenarios it could not "
                                        "export beside the vector folder (inside it, it would be read as vectors)",
}
"""The files outside its own folders that may name a game, each with its reason (a path ending
in ``/`` allows that folder)."""

SEED_GAMES = frozenset({"mlem", "celestia", "seven-knights"})
"""The three games the project grew up with are named across shared code, tests and docs (each
in dozens of files outside its folders: MLEM's modules and tests at the top of ``tests/``, the
README's tour, the seed games' ``examples/``); the rule holds every game added after them."""


def _names(game_id: str) -> re.Pattern[str]:
    """The game's id or package name, not inside a longer word on its left (for a game ``tin``:
    ``satin`` is not it; ``TinNotation`` and ``test_tin`` are)."""
    names = sorted({game_id, package_name(game_id)})
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(map(re.escape, names)) + ")", re.I)


def mentions_outside(game_id: str, files: Mapping[str, str]) -> list[str]:
    """The paths of ``files`` (path -> text) outside the game's own folders whose path or text
    names the game, less the allowed ones."""
    allowed = tuple(a.format(game=game_id) for a in ALLOWED_OUTSIDE)
    names = _names(game_id)
    return sorted(path for path, text in files.items()
                  if not path.startswith(own_folders(game_id))
                  and not any(path == a or (a.endswith("/") and path.startswith(a)) for a in allowed)
                  and (names.search(path) or names.search(text)))


@lru_cache(maxsize=1)
def tracked_files() -> dict[str, str]:
    """Every file git tracks in the checkout, path -> text (a symlink or a folder is skipped)."""
    root = data_root()
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
    files = {}
    for path in listed.decode("utf-8").split("\0"):
        full = root / path
        if path and not os.path.islink(full) and full.is_file():
            files[path] = full.read_bytes().decode("utf-8", "replace")
    return files


@pytest.mark.parametrize("game_id", sorted(set(GAMES) - SEED_GAMES))
def test_a_game_touches_only_its_own_folders(game_id):
    """Adding a game writes only its own folders (docs/adding-a-game.md, "The contract"): no
    shared list, shared code, test or page names it, so a game arrives and leaves as folders."""
    found = mentions_outside(game_id, tracked_files())
    assert not found, (
        f"{game_id} is named outside its own folders ({', '.join(own_folders(game_id))}) in: {', '.join(found)}; "
        "a game keeps its files, cases and examples in its own folders and shared code names no game: "
        "move the file there, or make the shared text game-neutral")


def test_a_shared_file_naming_a_game_is_found():
    """The check above can fail: a mention in a shared file, by id or by package name, is found;
    the game's own folders, the allowed files and a longer word are not."""
    files = {
        "spec/tin-toad/clauses.yaml": "game: tin-toad",
        "reference/tabletop_referee/games/tin_toad/game.py": "class TinToadGame: ...",
        "tests/tin_toad/playthroughs.yaml": "cases: []",
        "tests/playthroughs/tin-toad/a.txt": "# Golden playthrough of Tin Toad (tin-toad)",
        "CHANGELOG.md": "- A new game, tin-toad.",
        "reference/tabletop_referee/games/roles.py": "see games/tin_toad/notation.py",
        "tests/test_shared.py": "load('Tin-Toad')",
        "examples/tin-toad/position.yaml": "players: 2",
        "docs/index.md": "a tin-toads-free page?",
        "docs/other.md": "a satin-toad is a longer word",
    }
    assert mentions_outside("tin-toad", files) == ["docs/index.md", "examples/tin-toad/position.yaml",
                                                   "reference/tabletop_referee/games/roles.py", "tests/test_shared.py"]
