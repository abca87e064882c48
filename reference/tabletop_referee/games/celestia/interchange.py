"""JSON in and out for Celestia: setups, states, actions, events, observations.

Every reader validates against ``schemas/celestia/<name>.schema.json`` first and raises
:class:`~tabletop_referee.errors.MalformedInput` (with a JSON path) on a bad shape; every
writer's output validates and reads back to an equal value (exact round trips).

This module (never the engine) loads the setup data from ``spec/celestia/*.yaml``: the cities
with their dice, the treasure sets, the action deck; see :func:`load_treasures`,
:func:`load_deck`.
"""

from __future__ import annotations

from enum import StrEnum
import json
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any, cast

from ...errors import MalformedInput
from ...loading import read_document
from ...paths import spec_dir
from ...schemas import validation_errors
from ..interface import Event
from . import data, engine
from .model import (
    ACTION_TYPES,
    CARDS,
    FACES,
    OPTION_VALUES,
    PHASES,
    TARGET,
    TELESCOPE,
    Action,
    City,
    Crash,
    Deal,
    DeckSet,
    Go,
    Hidden,
    Land,
    Leave,
    Meet,
    Options,
    Pass,
    Play,
    Reroll,
    Roll,
    Setup,
    State,
    Stay,
    Treasure,
    TreasureSet,
    sort_cards,
    sort_faces,
    treasure_key,
)
from .rules import power
from .rules.cards import in_game
from .rules.work import full

Doc = dict[str, Any]
"""A JSON document (its shape is checked against the schemas, not by the type checker)."""

GAME = "celestia"


def canonical_text(doc: Any) -> str:
    """The canonical JSON text of a document: sorted keys, no spaces, UTF-8 as is."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _validate(name: str, doc: Any, what: str) -> None:
    errors = validation_errors(GAME, name, doc)
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        path, _, message = errors[0].partition(": ")
        raise MalformedInput(f"{what}: {message}{more}", path=path)


# -- setup data (spec/celestia/*.yaml) ----------------------------------------------------------


def _read_yaml(name: str) -> Any:
    """A data file of spec/celestia/, through the input boundary (YAML as written: keys kept)."""
    path = spec_dir(GAME) / name
    if not path.is_file():
        raise MalformedInput(f"no data file spec/{GAME}/{name}", path="$")
    return read_document(path, what="data file", fmt="yaml", json_only=False)


@lru_cache(maxsize=None)
def _data() -> dict[str, Any]:
    """The raw data (see :mod:`.data`)."""
    return data.load(_read_yaml)


def treasure_set_ids() -> tuple[str, ...]:
    return tuple(_data()["treasure_sets"])


def load_treasures(options: Options = Options()) -> TreasureSet:
    """The treasure set the options select: ``treasure_set`` picks the card counts,
    ``telescope_cities`` which cities hold a Magic Telescope, ``telescope: removed`` leaves
    them out, ``city_dice`` the dice per city."""
    return _load_treasures(options.treasure_set, options.telescope_cities, options.telescope,
                           tuple(options.city_dice))


@lru_cache(maxsize=None)
def _load_treasures(set_id: str, telescope_cities: str, telescope: str,
                    city_dice: tuple[int, ...]) -> TreasureSet:
    d = _data()
    if set_id not in d["treasure_sets"]:
        raise MalformedInput(f"unknown treasure set {set_id!r} (sets: {', '.join(d['treasure_sets'])})",
                             path="$.options.treasure_set")
    counts = d["treasure_sets"][set_id]
    points = dict(d["points"])
    key = treasure_key(points)
    telescopes = d["telescopes"][telescope_cities]
    cities = []
    for i, c in enumerate(d["cities"]):
        cards: list[str] = []
        for card, n in counts[c["id"]].items():
            cards += [card] * n
        if telescope != "removed":
            cards += [TELESCOPE] * telescopes.get(c["id"], 0)
        dice = city_dice[i] if i < len(city_dice) else c["dice"]
        cities.append(City(c["id"], c["label"], c["minimum"], dice, tuple(sorted(cards, key=key))))
    return TreasureSet(set_id, tuple(cities), tuple(sorted(points.items(), key=lambda kv: (kv[1], kv[0]))))


@lru_cache(maxsize=None)
def load_deck() -> DeckSet:
    """The full action deck (every card any game type may use) and the hand sizes."""
    d = _data()
    cards = tuple((c, d["deck"][c]) for c in CARDS if c in d["deck"])
    return DeckSet("standard", cards, tuple(sorted(d["hand_sizes"].items())))


def city_dice_data() -> tuple[int, ...]:
    """The dice counts of cities.yaml (the default of the rule option city_dice)."""
    return tuple(c["dice"] for c in _data()["cities"])


# -- options and setup ----------------------------------------------------------------------


def options_to_json(o: Options) -> Doc:
    # plain strings, not the options' StrEnum members (YAML writers know only str)
    doc: dict[str, Any] = {name: _plain(getattr(o, name)) for name in OPTION_VALUES}
    doc["city_dice"] = list(o.city_dice)
    return doc


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, StrEnum) else value


def options_from_partial(doc: Any) -> Options:
    """The options a partial ``{"name": value}`` mapping selects (defaults elsewhere).

    Raises:
        MalformedInput: an unknown option name or value.
    """
    if not isinstance(doc, dict):
        raise MalformedInput("options must be a mapping of option names to values", path="$.options")
    values: dict[str, Any] = {}
    for name, value in doc.items():
        if name == "city_dice":
            if (not isinstance(value, (list, tuple)) or
                    any(not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 4 for v in value)):
                raise MalformedInput(f"city_dice must be a list of dice counts from 1 to 4, not {value!r}",
                                     path="$.options.city_dice")
            values[name] = tuple(value)
            continue
        if name not in OPTION_VALUES:
            raise MalformedInput(f"unknown rule option {name!r} (options: {', '.join(OPTION_VALUES)}, city_dice)",
                                 path=f"$.options.{name}")
        if value not in OPTION_VALUES[name] or not isinstance(value, str):
            allowed = ", ".join(json.dumps(v) for v in OPTION_VALUES[name])
            raise MalformedInput(f"{name} cannot be {value!r} (one of: {allowed})", path=f"$.options.{name}")
        values[name] = value
    return Options(**values)


def make_setup(players: int, options: Options = Options(), first_captain: int = 0) -> Setup:
    """A setup with the shipped data for ``options``."""
    return Setup(players, load_treasures(options), load_deck(), first_captain, options)


def setup_to_json(setup: Setup) -> Doc:
    """A setup document; the data appear inline only when they differ from the shipped data."""
    doc: dict[str, Any] = {
        "players": setup.players,
        "first_captain": setup.first_captain,
        "options": options_to_json(setup.options),
    }
    if setup.treasures != load_treasures(setup.options):
        doc["treasures"] = treasures_to_json(setup.treasures)
    if setup.deck != load_deck():
        doc["deck"] = deck_to_json(setup.deck)
    return doc


def setup_from_json(doc: Any) -> Setup:
    """Builds a setup: ``{"players": 4, "first_captain": 0, "options": {...}}``; optional
    inline ``treasures`` and ``deck`` replace the shipped data."""
    _validate("setup", doc, "setup")
    options = options_from_partial(doc.get("options", {}))
    treasures = (treasures_from_json(doc["treasures"]) if "treasures" in doc
                 else load_treasures(options))
    deck = deck_from_json(doc["deck"]) if "deck" in doc else load_deck()
    return Setup(doc["players"], treasures, deck, doc.get("first_captain", 0), options)


def treasures_to_json(t: TreasureSet) -> Doc:
    return {
        "id": t.id,
        "cities": [{"id": c.id, "label": c.label, "minimum": c.minimum, "dice": c.dice,
                    "treasures": list(c.treasures)} for c in t.cities],
        "points": {k: v for k, v in t.points},
    }


def treasures_from_json(doc: Doc) -> TreasureSet:
    points = dict(doc["points"])
    key = treasure_key(points)
    for c in doc["cities"]:
        for card in c["treasures"]:
            if card not in points:
                raise MalformedInput(f"treasure card {card!r} has no points", path="$.treasures.points")
    cities = tuple(City(c["id"], c["label"], c["minimum"], c["dice"],
                        tuple(sorted(c["treasures"], key=key))) for c in doc["cities"])
    return TreasureSet(doc["id"], cities, tuple(sorted(points.items(), key=lambda kv: (kv[1], kv[0]))))


def deck_to_json(d: DeckSet) -> Doc:
    return {"id": d.id, "cards": {c: n for c, n in d.cards},
            "hand_sizes": {str(n): k for n, k in d.hand_sizes}}


def deck_from_json(doc: Doc) -> DeckSet:
    cards = tuple((c, doc["cards"][c]) for c in CARDS if c in doc["cards"])
    sizes = tuple(sorted((int(n), k) for n, k in doc["hand_sizes"].items()))
    return DeckSet(doc["id"], cards, sizes)


# -- state ------------------------------------------------------------------------------------


def _cards(x: tuple[str, ...] | Hidden) -> dict[str, int] | list[str]:
    return {"hidden": x.count} if isinstance(x, Hidden) else list(x)


def state_to_json(s: State) -> Doc:
    labels = [c.id for c in s.setup.treasures.cities]
    return {
        "setup": setup_to_json(s.setup),
        "phase": _plain(s.phase),
        "journey": s.journey,
        "deck": _cards(s.deck),
        "discard": list(s.discard),
        "hands": [_cards(h) for h in s.hands],
        "piles": [_cards(p) for p in s.piles],
        "won": [[{"city": labels[c], "card": card} for c, card in w] for w in s.won],
        "aboard": list(s.aboard),
        "captain": s.captain,
        "first_captain": s.first_captain,
        "city": labels[s.city],
        "roll": list(s.roll),
        "cursor": s.cursor,
        "passes": s.passes,
        "rerolls": s.rerolls,
        "jetpacks": list(s.jetpacks),
        "first_to_target": s.first_to_target,
        "to_deal": list(s.to_deal),
        "to_treasure": [{"player": p, "city": labels[c]} for p, c in s.to_treasure],
        "after_treasure": s.after_treasure,
        "ended": s.ended,
    }


def observation_to_json(state: State, player: int) -> Doc:
    doc = state_to_json(engine.observe(state, player))
    doc["observer"] = player
    return doc


def _cards_from(x: Any) -> tuple[str, ...] | Hidden:
    return Hidden(x["hidden"]) if isinstance(x, dict) else sort_cards(x)


def _check_references(doc: Any, setup: Setup) -> dict[Any, int]:
    """Every city and treasure card a state document names exists in ``setup``; returns the
    index of each city id."""
    labels = {c.id: i for i, c in enumerate(setup.treasures.cities)}

    def city(cid: Any, path: str) -> int:
        if cid not in labels:
            raise MalformedInput(f"no city {cid!r} in this setup", path=path)
        return labels[cid]

    for i, w in enumerate(doc["won"]):
        for j, x in enumerate(w):
            city(x["city"], f"$.won[{i}][{j}].city")
    for i, x in enumerate(doc["to_treasure"]):
        city(x["city"], f"$.to_treasure[{i}].city")
    known = dict(setup.treasures.points)
    for i, p in enumerate(doc["piles"]):  # before sorting by points: an unknown card has none
        if isinstance(p, list):
            for card in p:
                if card not in known:
                    raise MalformedInput(f"unknown treasure card {card!r}", path=f"$.piles[{i}]")
    for i, w in enumerate(doc["won"]):
        for j, x in enumerate(w):
            if x["card"] not in known:
                raise MalformedInput(f"unknown treasure card {x['card']!r}", path=f"$.won[{i}][{j}].card")
    city(doc["city"], "$.city")
    return labels


def state_from_json(doc: Any, *, name: str = "state") -> State:
    """Reads a state (or, with ``name="observation"``, an observation) document."""
    _validate(name, doc, name)
    setup = setup_from_json(doc["setup"])
    labels = _check_references(doc, setup)
    key = treasure_key(dict(setup.treasures.points))
    piles = tuple(Hidden(p["hidden"]) if isinstance(p, dict) else tuple(sorted(p, key=key))
                  for p in doc["piles"])
    return State(
        setup=setup,
        phase=doc["phase"],
        journey=doc["journey"],
        deck=_cards_from(doc["deck"]),
        discard=sort_cards(doc["discard"]),
        hands=tuple(_cards_from(h) for h in doc["hands"]),
        piles=piles,
        won=tuple(tuple((labels[x["city"]], x["card"]) for x in w) for w in doc["won"]),
        aboard=tuple(doc["aboard"]),
        captain=doc["captain"],
        first_captain=doc["first_captain"],
        city=labels[doc["city"]],
        roll=sort_faces(doc["roll"]),
        cursor=doc["cursor"],
        passes=doc["passes"],
        rerolls=doc["rerolls"],
        jetpacks=tuple(doc["jetpacks"]),
        first_to_target=doc["first_to_target"],
        to_deal=tuple(doc["to_deal"]),
        to_treasure=tuple((x["player"], labels[x["city"]]) for x in doc["to_treasure"]),
        after_treasure=doc["after_treasure"],
        ended=doc["ended"],
    )


def observation_from_json(doc: Any) -> tuple[State, int]:
    return state_from_json(doc, name="observation"), doc["observer"]


def state_problems(s: State) -> list[str]:
    """Why a well-formed state cannot occur in a game (empty when it can).

    Checks that cards are conserved (deck + discard + hands = the game's action deck; piles +
    treasures won = the city piles), that indices are in range, that the phase and its
    bookkeeping agree, and that a finished game is marked as such.
    """
    out: list[str] = []
    if not 2 <= s.players <= 6:
        out.append(f"{s.players} players: Celestia is for 2 to 6")
    if s.phase not in PHASES:
        out.append(f"unknown phase {s.phase!r}")
    if any(isinstance(x, Hidden) for x in (s.deck, *s.hands, *s.piles)):
        return out + ["a hidden part (an observation, not a state)"]
    cities = s.setup.treasures.cities
    if len(s.piles) != len(cities):
        return out + [f"{len(s.piles)} treasure piles for {len(cities)} cities"]
    for check in _STATE_CHECKS:
        out += check(s)
    return out


def _card_problems(s: State) -> list[str]:
    """Every action card and treasure card is somewhere, once."""
    out: list[str] = []
    cities = s.setup.treasures.cities
    if len(s.won) != s.players:
        out.append(f"{len(s.won)} treasure lists for {s.players} players")
    shown = full(s)  # state_problems has refused a hidden part before these checks
    have = Counter(shown.deck) + Counter(s.discard)
    for h in shown.hands:
        have += Counter(h)
    want = Counter(engine.deck_cards(s.setup))
    if have != want:
        extra = have - want
        missing = want - have
        out.append(f"action cards not conserved: extra {dict(extra)}, missing {dict(missing)}")
    for i, c in enumerate(cities):
        left = Counter(shown.piles[i])
        taken = Counter(card for w in s.won for ci, card in w if ci == i)
        if left + taken != Counter(c.treasures):
            out.append(f"treasure of {c.label} not conserved")
    for p, w in enumerate(s.won):
        for ci, card in w:
            if not 0 <= ci < len(cities):
                out.append(f"player {p} holds a treasure of no city")
    return out


def _seat_problems(s: State) -> list[str]:
    """Players, the aircraft's city, the target score and the dice."""
    out: list[str] = []
    players = set(range(s.players))
    for name, seq in (("aboard", s.aboard), ("jetpacks", s.jetpacks), ("to_deal", s.to_deal)):
        if any(p not in players for p in seq):
            out.append(f"{name} names a player who is not in the game")
    if len(set(s.aboard)) != len(s.aboard) or list(s.aboard) != sorted(s.aboard):
        out.append("aboard must list distinct players in seat order")
    if any(p not in s.aboard for p in s.jetpacks):
        out.append("a Jetpack protects a player who is not aboard")
    if s.captain not in players or s.first_captain not in players:
        out.append("the captain is not a player")
    if not 0 <= s.city < len(s.setup.treasures.cities):
        out.append("the aircraft is at no city")
    if s.cursor is not None and s.cursor not in players:
        out.append("the cursor is not a player")
    if s.first_to_target is not None:
        if s.first_to_target not in players:
            out.append("first_to_target is not a player")
        elif engine.totals(s)[s.first_to_target] < TARGET:
            out.append("first_to_target has fewer than 50 points")
    elif any(t >= TARGET for t in engine.totals(s)):
        out.append("a player has 50 points but first_to_target is not set")
    if any(f not in FACES for f in s.roll):
        out.append("a die shows an unknown face")
    return out


def _deal_problems(s: State) -> list[str]:
    if not s.to_deal or not s.deck:
        return ["a deal needs a player owed a card and a card in the deck"]
    return []


def _treasure_problems(s: State) -> list[str]:
    if not s.to_treasure:
        return ["a treasure draw needs a player owed a treasure"]
    if not s.piles[s.to_treasure[0][1]]:
        return ["a treasure draw from an empty pile"]
    return []


def _reroll_problems(s: State) -> list[str]:
    return ["a re-roll of no dice"] if s.rerolls < 1 else []


def _decision_problems(s: State) -> list[str]:
    """A player's decision: nothing owed, the captain aboard, someone to decide."""
    out: list[str] = []
    ph = s.phase
    if s.to_deal or s.to_treasure:
        out.append(f"cards owed outside a draw (phase {ph})")
    if s.journey < 1:
        out.append("a decision before the first journey")
    if s.captain not in s.aboard:
        out.append(f"the captain is not aboard (phase {ph})")
    if ph in ("decide", "power", "jetpack") and s.cursor is None:
        out.append(f"nobody to decide in phase {ph}")
    if ph == "decide" and (s.cursor not in s.aboard or s.cursor == s.captain):
        out.append("the deciding passenger is not a passenger aboard")
    if ph == "decide" and not s.piles[s.city]:
        out.append("a passenger decides at a city with no treasure left")
    if ph == "jetpack" and s.cursor not in s.aboard:
        out.append("a player offered a Jetpack is not aboard")
    if ph == "power" and s.cursor is not None:
        if not in_game(full(s)):  # all shown: checked in state_problems
            out.append("a power window in a game without Power cards")
        elif s.cursor not in power.eligible(full(s)):
            out.append("the player to act in the power window may not take part")
    if ph in ("land-or-roll",) and len(s.aboard) != 1:
        out.append("only a lone captain may land before rolling")
    return out


_PHASE_PROBLEMS: dict[str, Callable[[State], list[str]]] = {
    "deal": _deal_problems, "treasure": _treasure_problems, "reroll": _reroll_problems,
}
"""The bookkeeping each chance step needs; every other step is a decision."""


def _phase_problems(s: State) -> list[str]:
    """The phase and its bookkeeping agree; a finished game says why it ended."""
    out: list[str] = []
    ph = s.phase
    if ph == "game-over":
        if s.ended not in ("target", "no-treasure"):
            out.append("a finished game must say why it ended")
        if s.aboard or s.to_deal or s.to_treasure:
            out.append("a finished game has nobody aboard and nothing owed")
        return out
    if s.ended is not None:
        out.append("the game is not over but says why it ended")
    out += _PHASE_PROBLEMS.get(ph, _decision_problems)(s)
    if ph != "reroll" and s.rerolls:
        out.append("dice set rolling outside a re-roll")
    if s.journey == 0 and ph not in ("deal",):
        out.append("no journey has started after the deal")
    return out


_STATE_CHECKS = (_card_problems, _seat_problems, _phase_problems)
"""The checks of a state whose parts are all shown, in the order their problems are listed."""


# -- actions and events -----------------------------------------------------------------------


def action_to_json(a: Action) -> Doc:
    # each action class has its own ``type``, so the type names the class read below
    t = a.type
    if t in ("deal", "treasure"):
        return {"type": t, "card": cast(Deal | Treasure, a).card}
    if t in ("roll", "reroll"):
        return {"type": t, "faces": list(cast(Roll | Reroll, a).faces)}
    if t == "meet":
        meet = cast(Meet, a)
        return {"type": t, "player": meet.player, "cards": list(meet.cards)}
    if t == "play":
        play = cast(Play, a)
        doc: dict[str, Any] = {"type": t, "player": play.player, "card": play.card}
        if play.target is not None:
            doc["target"] = play.target
        if play.die is not None:
            doc["die"] = play.die
        return doc
    return {"type": t, "player": cast("Land | Go | Stay | Leave | Pass | Crash", a).player}


def action_from_json(doc: Any) -> Action:
    _validate("action", doc, "action")
    t = doc["type"]
    if t == "deal":
        return Deal(doc["card"])
    if t == "treasure":
        return Treasure(doc["card"])
    if t == "roll":
        return Roll(sort_faces(doc["faces"]))
    if t == "reroll":
        return Reroll(sort_faces(doc["faces"]))
    if t == "meet":
        return Meet(doc["player"], sort_cards(doc["cards"]))
    if t == "play":
        return Play(doc["player"], doc["card"], doc.get("target"), doc.get("die"))
    # validated: the remaining types are the player-only actions
    kind = cast("type[Land | Go | Stay | Leave | Pass | Crash]", ACTION_TYPES[t])
    return kind(doc["player"])


def event_to_json(e: Event) -> Doc:
    doc: dict[str, Any] = {"type": e.type, "clause": e.clause}
    for key, value in e.data:
        doc[key] = list(value) if isinstance(value, tuple) else value
    return doc


def event_from_json(doc: Any) -> Event:
    _validate("event", doc, "event")
    data = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in doc.items()
                 if k not in ("type", "clause"))
    return Event(doc["type"], doc["clause"], data)


def result_to_json(s: State) -> Doc:
    out = engine.outcome(s)
    return {
        "scores": [{"player": sc.player, "total": sc.total} for sc in engine.scores(s)],
        "outcome": None if out is None else {"winners": list(out.winners), "reason": out.reason},
    }


__all__ = [
    "action_from_json", "action_to_json", "canonical_text", "city_dice_data", "event_from_json",
    "event_to_json", "load_deck", "load_treasures", "make_setup", "observation_from_json",
    "observation_to_json", "options_from_partial", "options_to_json", "result_to_json",
    "setup_from_json", "setup_to_json", "state_from_json", "state_problems", "state_to_json",
    "treasure_set_ids",
]
