"""The interchange pages of Celestia and Seven Knights (docs/<game>/interchange.md, issue 25)
against the engine: the phases and the actions each accepts, the action types, the rule options
and their values, every state field, the events each action may emit, the event table and the
order in which rule checks reject an action or a setup. A page that drifts from the engine, or
an engine change the page does not follow, fails here.

MLEM's page has its own tests of its event table and rejection list (tests/test_event_clauses.py,
tests/test_vectors.py); the last tests here check its option and action tables.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from collections import defaultdict

import pytest

from tabletop_referee.games import load
from tabletop_referee.paths import data_root
from tabletop_referee.sampler import playout

PAGES = {"celestia": "celestia", "seven-knights": "seven_knights"}
"""Game id -> its package under games/."""
TICK = re.compile(r"`([^`]+)`")


def page(game_id: str) -> str:
    return (data_root() / "docs" / game_id / "interchange.md").read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (a whole heading line) up to the next heading of its level or
    above."""
    level = heading.split(" ", 1)[0]
    start = text.index("\n" + heading + "\n") + len(heading) + 2
    stops = [m.start() for m in re.finditer(r"^#{1,%d} " % len(level), text[start:], re.M)]
    return text[start:start + stops[0]] if stops else text[start:]


def table_rows(text: str) -> list[list[str]]:
    """The cells of every row of the first Markdown table in ``text`` (header and rule left out)."""
    rows = []
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("|"))
    for line in lines[i + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def module(game_id: str, name: str):
    return importlib.import_module(f"tabletop_referee.games.{PAGES[game_id]}.{name}")


def kebab(cls: type) -> str:
    """An action class's type name (``FirstPlayer`` -> ``first-player``)."""
    return re.sub(r"(?<!^)([A-Z])", r"-\1", cls.__name__).lower()


def phase_actions(game_id: str) -> dict[str, set[str]]:
    turn = module(game_id, "rules.turn")
    table = getattr(turn, "PHASE_ACTIONS", None) or getattr(turn, "KINDS")
    return {phase: {kebab(k) for k in kinds} for phase, kinds in table.items()}


def schema(game_id: str, name: str):
    return json.loads((data_root() / "schemas" / game_id / f"{name}.schema.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_the_phases_table_is_the_engines(game_id):
    rows = table_rows(section(page(game_id), "### Phases"))
    documented = {TICK.findall(r[0])[0]: set(TICK.findall(r[2])) for r in rows}
    engine = phase_actions(game_id)
    engine.setdefault("game-over", set())
    assert documented == engine
    phases = set(module(game_id, "model").PHASES)
    assert set(documented) == phases == set(schema(game_id, "state")["properties"]["phase"]["enum"])


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_the_actions_table_names_every_action_type_and_its_phases(game_id):
    rows = table_rows(section(page(game_id), "## Actions (`schemas/%s/action.schema.json`)" % game_id))
    documented = {TICK.findall(r[0])[0]: {p.strip() for p in r[2].split(",")} for r in rows}
    engine: dict[str, set[str]] = defaultdict(set)
    for phase, kinds in phase_actions(game_id).items():
        for k in kinds:
            engine[k].add(phase)
    assert documented == dict(engine)
    assert set(documented) == set(schema(game_id, "action")["properties"]["type"]["enum"])


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_the_options_table_is_the_engines(game_id):
    text = page(game_id)
    heading = next(line for line in text.splitlines() if line.startswith("## Rule options"))
    rows = table_rows(section(text, heading))
    documented = {TICK.findall(r[0])[0]: TICK.findall(r[1]) for r in rows}
    model = module(game_id, "model")
    engine = {name: [json.dumps(v) if not isinstance(v, str) else v for v in values]
              for name, values in model.OPTION_VALUES.items()}
    if game_id == "celestia":
        assert documented.pop("city_dice") == [json.dumps(list(model.DEFAULT_CITY_DICE))]
        disputes = {TICK.findall(r[0])[0]: (TICK.findall(r[2]) or [None])[0] for r in rows}
        assert disputes == model.OPTION_DISPUTES
    assert documented == engine  # every option, every value, the default first
    props = schema(game_id, "common")["$defs"]["options"]["properties"]
    assert set(props) == set(documented) | ({"city_dice"} if game_id == "celestia" else set())


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_every_state_field_is_explained_and_no_other(game_id):
    text = section(page(game_id), "## State (`schemas/%s/state.schema.json`)" % game_id)
    text = text.split("\n### ", 1)[0]
    documented = re.findall(r"^- `([a-z_]+)`", text, re.M)
    assert len(documented) == len(set(documented))
    assert set(documented) == set(schema(game_id, "state")["properties"])


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_the_event_table_is_the_engines(game_id):
    rows = table_rows(section(page(game_id), "### Every event type and the clauses it may cite"))
    kinds = load(game_id).event_kinds()
    documented = {}
    for r in rows:
        fields, _, optional = r[2].partition("(optional:")
        documented[TICK.findall(r[0])[0]] = (set(TICK.findall(r[1])), TICK.findall(fields),
                                             TICK.findall(optional), r[3])
    assert documented == {t: (set(k.clauses), list(k.fields), list(k.optional), k.meaning)
                          for t, k in kinds.items()}


def per_action_table(game_id: str) -> dict[str, list[str]]:
    rows = table_rows(section(page(game_id), "### Events of each action").split("In short", 1)[1])
    return {TICK.findall(r[0])[0]: TICK.findall(r[1]) for r in rows}


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_the_events_of_each_action_cover_every_kind(game_id):
    table = per_action_table(game_id)
    kinds = set(load(game_id).event_kinds())
    assert {e for events in table.values() for e in events} == kinds
    assert set(table) == set(schema(game_id, "action")["properties"]["type"]["enum"])


@pytest.mark.parametrize("game_id", sorted(PAGES))
@pytest.mark.parametrize("seed", range(3))
def test_every_action_of_random_games_emits_only_the_events_the_page_lists(game_id, seed):
    """Seeded random games with varied options: each action's events are among those the page
    lists for its type (an event the page does not announce fails)."""
    table = {a: set(events) for a, events in per_action_table(game_id).items()}
    game = load(game_id)
    seen = 0
    for k in range(12):
        rng = random.Random(1000 * seed + k)
        for _, action, t in playout(game, game.random_setup(rng, vary=True), rng):
            kind = game.action_to_json(action)["type"]
            extra = {e.type for e in t.events} - table[kind]
            assert not extra, (kind, sorted(extra), [e.type for e in t.events])
            seen += len(t.events)
    assert seen > 100


def rejection_lists(game_id: str) -> tuple[list[str], dict[str, list[str]], list[str]]:
    """The gates, the checks per action kind and the setup checks the page lists, in order."""
    text = page(game_id)
    rejection = section(text, "## Which rule rejects an illegal action")
    gates = re.findall(r"^1\. `([a-z0-9.-]+)`", rejection, re.M)
    kinds = {m.group(1): TICK.findall(m.group(2))
             for m in re.finditer(r"^- `([a-z-]+)`: (.+)$", rejection, re.M)}
    setup = section(text, "## Setup refusals and errors")
    setup_checks = re.findall(r"^ *1\. `([a-z0-9.-]+)`", setup, re.M)
    return gates, kinds, setup_checks


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_the_rejection_order_is_the_engines(game_id):
    gates, kinds, setup_checks = rejection_lists(game_id)
    checks = module(game_id, "rules.checks")
    assert gates == [clause for clause, _ in checks.GATES]
    assert kinds == {kebab(k): [clause for clause, _ in table] for k, table in checks.ACTION_CHECKS.items()
                     if table}
    assert setup_checks == [clause for clause, _ in (*checks.SETUP_GATES, *checks.SETUP_CHECKS)]


def test_a_drifted_page_is_caught():
    """The parsers above read what they should: a page missing a gate or an event of an action
    gives lists that differ from the engine's."""
    gates, kinds, _ = rejection_lists("celestia")
    checks = module("celestia", "rules.checks")
    assert gates[1:] != [clause for clause, _ in checks.GATES]
    assert "meet" in kinds and kinds["meet"][0] == "crash.when"
    table = per_action_table("celestia")
    assert "captain" in table["meet"] and "captain" not in table["roll"]


# -- MLEM's page: its option and action tables against the engine (its event table and
# rejection list have their own tests) ---------------------------------------------------------


def _mlem_rows(heading: str) -> list[list[str]]:
    return table_rows(section(page("mlem"), heading))


def test_mlem_page_lists_every_option_with_its_default_and_other_reading():
    from tabletop_referee.games.mlem.model import OPTION_VALUES, OPTION_VARIANT

    base = {TICK.findall(r[0])[0]: (TICK.findall(r[1])[0], TICK.findall(r[2])[0])
            for r in _mlem_rows("## Rule options (`schemas/mlem/options.schema.json`)")}
    variant = {TICK.findall(r[0])[0]: (r[1], TICK.findall(r[2])[0], TICK.findall(r[3])[0])
               for r in _mlem_rows("### Variant options (`schemas/mlem/options.schema.json`)")}
    assert set(base) | set(variant) == set(OPTION_VALUES)
    plain = {n: [json.dumps(v) if not isinstance(v, str) else v for v in values] for n, values in OPTION_VALUES.items()}
    for name, (default, other) in base.items():
        assert name not in OPTION_VARIANT and plain[name] == [default, other], name
    for name, (var, default, other) in variant.items():
        assert OPTION_VARIANT[name] == var and plain[name] == [default, other], name


def test_mlem_page_lists_every_action_type():
    text = page("mlem")
    base = {TICK.findall(r[0])[0] for r in _mlem_rows("## Actions (`schemas/mlem/action.schema.json`)")}
    variant = {TICK.findall(r[0])[0] for r in table_rows(section(text, "### Actions"))}
    assert base | variant == set(schema("mlem", "action")["properties"]["type"]["enum"])


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_the_example_setup_and_state_are_documents_the_engine_reads_and_writes_back(game_id):
    """The page's setup example starts a game; its state example is a state that can occur
    (no problem found) and that the engine writes back exactly as shown."""
    text = page(game_id)
    game = load(game_id)
    setup_doc = json.loads(section(text, f"## Setup (`schemas/{game_id}/setup.schema.json`)")
                           .split("```json\n", 1)[1].split("```", 1)[0])
    game.initial_state(game.setup_from_json(setup_doc))
    state_doc = json.loads(section(text, f"## State (`schemas/{game_id}/state.schema.json`)")
                           .split("```json\n", 1)[1].split("```", 1)[0])
    state = game.state_from_json(state_doc)
    assert game.rules.state_problems(state) == []
    assert game.state_to_json(state) == state_doc


def test_the_seven_knights_observation_example_is_what_the_engine_shows():
    text = page("seven-knights")
    game = load("seven-knights")
    state = game.state_from_json(json.loads(
        section(text, "## State (`schemas/seven-knights/state.schema.json`)").split("```json\n", 1)[1].split("```", 1)[0]))
    observation = section(text, "## Observations (`schemas/seven-knights/observation.schema.json`)")
    shown = json.loads("{" + re.search(r'`("tiles": \{.+\})`', observation).group(1) + "}")
    assert game.interchange.observation_to_json(state, 1)["tiles"] == shown["tiles"]
