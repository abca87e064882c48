"""The step vocabulary of the Celestia features (features/celestia/*.feature): the shared
steps of tests/bdd_steps.py (rule options, rejections, events cited, the end of the game, the
winners) plus Celestia's own phrases below.

Given steps describe a position (the engine's position module turns it into a state at the
first When or Then) or ask for a new game. When steps play actions, chance outcomes included,
through ``GAME.apply``; a rejected action is kept for a Then step to inspect. Then steps read
the state and the observations in interchange form, the events, the legal actions and the
chance outcomes. No rule of the game is decided here: every answer comes from the engine.
Each Then step records what it read (JSON Pointers, legal actions, event patterns) so that the
scenario can be exported as a test vector (export.py).

Players are named by seat: Alice 0, Bob 1, Carol 2, Dave 3, Eve 4, Fay 5 (see support.py for
the small phrases: cards, faces, cities, treasures).
"""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when

from tabletop_referee.games.celestia import GAME
from tests.bdd_steps import STEPS
from tests.bdd_steps import same_multiset as _same
from tests.vector_export import tag_mark

from .support import (  # noqa: F401
    NAME,
    Scene,
    city_index,
    city_label,
    fraction,
    parse_cards,
    parse_faces,
    parse_pile,
    parse_won,
    scene,
    seat,
    seats,
    split_list,
)

globals().update(STEPS)  # the shared vocabulary (tests/bdd_steps.py)


def pytest_bdd_apply_tag(tag: str, function):
    """Maps ``@clause:<id>``, ``@option:<name>`` and ``@id:<vector id>`` to pytest marks."""
    return tag_mark(tag, function)


## Given ------------------------------------------------------------------------------------


@given(parsers.re(rf"an? (?P<n>\d+)-player game with (?P<name>{NAME}) as captain"))
def given_game(scene: Scene, n: str, name: str):
    """a N-player game with <name> as captain: the first captain of the game and the captain now."""
    scene.position.update(players=int(n), first_captain=seat(name), captain=seat(name))


@given(parsers.parse("the aircraft is at city {number:d}"))
def given_city(scene: Scene, number: int):
    """the aircraft is at city N: N is the city's printed number."""
    scene.position["city"] = city_label(number)


@given(parsers.re(rf"(?P<names>{NAME}(?:(?:, | and ){NAME})*) (?:are|is) aboard"))
def given_aboard(scene: Scene, names: str):
    """Alice, Carol and Dave are aboard: exactly these players (the others have left)."""
    scene.position["aboard"] = seats(names)


@given(parsers.re(rf"(?P<name>{NAME}) is alone aboard"))
def given_alone(scene: Scene, name: str):
    """<name> is alone aboard (and captain, as a lone player always is)."""
    scene.position["aboard"] = [seat(name)]
    scene.position["captain"] = seat(name)


@given(parsers.re(rf"(?:the captain is (?P<a>{NAME})|(?P<b>{NAME}) is captain)"))
def given_captain(scene: Scene, a: str | None, b: str | None):
    """the captain is <name> / <name> is captain: the captain of the current leg."""
    scene.position["captain"] = seat(a or b)


@given(parsers.re(rf"(?P<name>{NAME}) holds (?P<cards>.+)"))
def given_hand(scene: Scene, name: str, cards: str):
    """<name> holds 2 cannons and a compass: that player's hand (empty unless given)."""
    scene.position.setdefault("hands", {})[seat(name)] = parse_cards(cards)


@given("everyone holds nothing")
def given_no_hands(scene: Scene):
    """everyone holds nothing: every hand is empty."""
    scene.position["hands"] = {}


@given(parsers.re(rf"(?P<name>{NAME}) has won (?P<what>.+)"))
def given_won(scene: Scene, name: str, what: str):
    """<name> has won a 25 at city 25 and a 20 at city 20: treasures taken so far."""
    scene.position.setdefault("won", {})[seat(name)] = [[city_label(c), card] for c, card in parse_won(what)]


@given(parsers.re(rf"the treasure pile of city (?P<number>\d+) (?:holds (?P<cards>.+?)|is empty), "
                  rf"the rest won by (?P<names>{NAME}(?:(?:, | and ){NAME})*)"))
def given_pile(scene: Scene, number: str, cards: str | None, names: str):
    """the treasure pile of city N holds 6, 6 and 9 | is empty, the rest won by Dave [and ...]:
    the cards left there; the city's other cards were won earlier by those players, one each
    in turn (treasure is conserved)."""
    scene.position.setdefault("piles", {})[city_label(number)] = parse_pile(cards) if cards else []
    scene.rest_won_by(int(number), seats(names))


@given(parsers.re(rf"the draw pile is empty and (?P<name>{NAME}) holds every other card"))
def given_deck_empty(scene: Scene, name: str):
    """the draw pile is empty and Dave holds every other card (action cards are conserved)."""
    scene.position["deck"] = []
    scene.rest_held_by(seat(name))


@given(parsers.parse("the discard pile holds {cards}"))
def given_discard(scene: Scene, cards: str):
    """the discard pile holds 3 compasses and a horn."""
    scene.position["discard"] = parse_cards(cards)


## When -------------------------------------------------------------------------------------


@when(parsers.re(rf"a new (?P<n>\d+)-player game is set up with (?P<name>{NAME}) as first captain"))
def when_new_game(scene: Scene, n: str, name: str):
    """a new N-player game is set up with <name> as first captain (and the options given)."""
    scene.start(int(n), seat(name))


@when("the cards are dealt in deck order")
def when_deal_all(scene: Scene):
    """the cards are dealt in deck order: every owed card is dealt, each time the first outcome
    the engine lists (its canonical card order)."""
    while GAME.state_to_json(scene.current())["phase"] == "deal":
        scene.play(GAME.legal_actions(scene.current())[0])
        assert scene.error is None, scene.error


@when(parsers.re(rf"(?P<name>{NAME}) is dealt an? (?P<card>.+)"))
def when_dealt(scene: Scene, name: str, card: str):
    """<name> is dealt a compass: the next card from the deck, which is owed to that player."""
    doc = scene.doc()
    assert doc["phase"] == "deal" and doc["to_deal"][:1] == [seat(name)], (doc["phase"], doc["to_deal"])
    scene.play_doc({"type": "deal", "card": parse_cards(card)[0]})


@when(parsers.parse("the captain rolls {faces}"))
def when_roll(scene: Scene, faces: str):
    """the captain rolls pirates and fog: the chance outcome of the roll."""
    scene.play_doc({"type": "roll", "faces": parse_faces(faces)})


@when(parsers.re(r"the re-rolled (?:die shows|dice show) (?P<faces>.+)"))
def when_reroll(scene: Scene, faces: str):
    """the re-rolled die shows blank: the outcome of the dice a Power card set rolling."""
    scene.play_doc({"type": "reroll", "faces": parse_faces(faces)})


@when(parsers.parse("the treasure drawn is {card}"))
def when_treasure(scene: Scene, card: str):
    """the treasure drawn is 9: the top card of the pile, for the player owed a treasure."""
    scene.play_doc({"type": "treasure", "card": card})


@when(parsers.re(rf"(?P<name>{NAME}) (?P<verb>stays|leaves|passes|lands|flies on)"))
def when_simple(scene: Scene, name: str, verb: str):
    """<name> stays | leaves | passes | lands | flies on."""
    kind = {"stays": "stay", "leaves": "leave", "passes": "pass", "lands": "land", "flies on": "go"}[verb]
    scene.play_doc({"type": kind, "player": seat(name)})


def _play_all(scene: Scene, phase: str, kind: str) -> None:
    while GAME.state_to_json(scene.current())["phase"] == phase:
        scene.play_doc({"type": kind, "player": scene.actor()})
        assert scene.error is None, scene.error


@when("everyone stays")
def when_all_stay(scene: Scene):
    """everyone stays: each passenger still to decide stays, in the order the engine asks."""
    _play_all(scene, "decide", "stay")


@when("everyone passes in the power window")
def when_all_pass(scene: Scene):
    """everyone passes in the power window: each player asked passes until the window closes."""
    _play_all(scene, "power", "pass")


@when(parsers.re(r"nobody (?:else )?escapes by jetpack"))
def when_no_jetpack(scene: Scene):
    """nobody escapes by jetpack: after a crash, every player asked declines."""
    _play_all(scene, "jetpack", "pass")


@when(parsers.re(rf"(?P<name>{NAME}) plays (?:an? )?(?P<card>[a-z ]+?)"
                 rf"(?: on (?:(?P<target>{NAME})|the (?P<die>[a-z]+) die))?"))
def when_play(scene: Scene, name: str, card: str, target: str | None, die: str | None):
    """<name> plays a gust | plays ejection on Carol | plays alternative route on the fog die."""
    doc = {"type": "play", "player": seat(name), "card": parse_cards(card)[0]}
    if target:
        doc["target"] = seat(target)
    if die:
        doc["die"] = parse_faces(die)[0]
    scene.play_doc(doc)


@when("the captain answers the dice")
def when_answer(scene: Scene):
    """the captain answers the dice: the one answering play the engine offers the captain."""
    meets = [a for a in scene.legal() if a["type"] == "meet"]
    assert len(meets) == 1, f"the captain can answer in {len(meets)} ways: {meets}"
    scene.play_doc(meets[0])


@when(parsers.re(rf"(?P<name>{NAME}) answers with (?P<cards>.+)"))
def when_answer_with(scene: Scene, name: str, cards: str):
    """<name> answers with a cannon and a turbo: the cards put against the dice."""
    scene.play_doc({"type": "meet", "player": seat(name), "cards": parse_cards(cards)})


@when("the captain chooses to crash")
def when_crash(scene: Scene):
    """the captain chooses to crash: the captain does not answer the dice."""
    scene.play_doc({"type": "crash", "player": scene.doc()["captain"]})


## Then -------------------------------------------------------------------------------------


def _rolls(scene: Scene) -> list[list[str]]:
    return [a["faces"] for a in scene.legal() if a["type"] == "roll"]


@then(parsers.re(r"the next step is a roll of (?P<n>\d+) (?:dice|die)"))
def then_next_roll(scene: Scene, n: str):
    """the next step is a roll of N dice: a chance node whose outcomes all have N faces."""
    scene.settled()
    assert scene.doc()["phase"] == "roll", scene.doc()["phase"]
    rolls = _rolls(scene)
    assert rolls and all(len(r) == int(n) for r in rolls), {len(r) for r in rolls}
    scene.check("/state/phase", "/actor")
    scene.check_legal_actions()


@then(parsers.parse("the roll can come up {n:d} different ways"))
def then_roll_ways(scene: Scene, n: int):
    """the roll can come up N different ways: the distinct outcomes of the roll."""
    scene.settled()
    assert len(_rolls(scene)) == n, len(_rolls(scene))
    scene.check_legal_actions()


def _probability(scene: Scene, doc: dict):
    for action, p in GAME.chance_outcomes(scene.current()):
        if GAME.action_to_json(action) == GAME.action_to_json(GAME.action_from_json(doc)):
            return p
    raise AssertionError(f"{doc} is not a chance outcome here")


@then(parsers.re(r"a roll of (?P<faces>.+) has probability (?P<p>\d+/\d+)"))
def then_roll_probability(scene: Scene, faces: str, p: str):
    """a roll of pirates and fog has probability 1/18 (the dice in any order)."""
    scene.settled()
    assert _probability(scene, {"type": "roll", "faces": parse_faces(faces)}) == fraction(p)
    scene.unexportable("asserts chance probabilities")


@then(parsers.re(rf"the treasure (?P<name>{NAME}) draws is (?P<card>\S+) with probability (?P<p>\d+/\d+)"))
def then_treasure_probability(scene: Scene, name: str, card: str, p: str):
    """the treasure Bob draws is 6 with probability 2/3: Bob is owed the draw."""
    scene.settled()
    doc = scene.doc()
    assert doc["phase"] == "treasure" and doc["to_treasure"][0]["player"] == seat(name), doc["to_treasure"]
    assert _probability(scene, {"type": "treasure", "card": card}) == fraction(p)
    scene.unexportable("asserts chance probabilities")


@then(parsers.re(r"the next card dealt is (?P<card>[a-z ]+) with probability (?P<p>\d+/\d+)"))
def then_deal_probability(scene: Scene, card: str, p: str):
    """the next card dealt is compass with probability 5/21."""
    scene.settled()
    assert _probability(scene, {"type": "deal", "card": parse_cards(card)[0]}) == fraction(p)
    scene.unexportable("asserts chance probabilities")


@then(parsers.re(rf"the next card dealt goes to (?P<name>{NAME})"))
def then_deal_to(scene: Scene, name: str):
    """the next card dealt goes to <name>."""
    doc = GAME.state_to_json(scene.settled())
    assert doc["phase"] == "deal" and doc["to_deal"][0] == seat(name), (doc["phase"], doc["to_deal"])
    scene.check("/state/phase", "/state/to_deal/0")


@then(parsers.parse("the deal is under way with {n:d} cards to deal"))
def then_deal_size(scene: Scene, n: int):
    """the deal is under way with N cards to deal: the cards still owed to the players."""
    doc = GAME.state_to_json(scene.settled())
    assert doc["phase"] == "deal" and len(doc["to_deal"]) == n, (doc["phase"], len(doc["to_deal"]))
    scene.check("/state/phase", "/state/to_deal")


@then(parsers.re(r"the draw pile holds (?P<n>\d+) (?P<what>[a-z ]+)"))
def then_deck_count(scene: Scene, n: str, what: str):
    """the draw pile holds 84 cards | holds 20 compasses | holds 0 gusts."""
    deck = GAME.state_to_json(scene.settled())["deck"]
    if what == "cards":
        assert len(deck) == int(n), len(deck)
    else:
        card = parse_cards(f"1 {what}")[0]
        assert deck.count(card) == int(n), deck.count(card)
    scene.check("/state/deck")


@then(parsers.parse("the discard pile holds {cards}"))
def then_discard(scene: Scene, cards: str):
    """the discard pile holds a cannon and a compass: exactly these cards."""
    discard = GAME.state_to_json(scene.settled())["discard"]
    assert _same(discard, parse_cards(cards)), discard
    scene.check("/state/discard")


@then("the discard pile is empty")
def then_discard_empty(scene: Scene):
    """the discard pile is empty."""
    assert GAME.state_to_json(scene.settled())["discard"] == []
    scene.check("/state/discard")


@then(parsers.parse("the treasure pile of city {number:d} holds {cards}"))
def then_pile(scene: Scene, number: int, cards: str):
    """the treasure pile of city N holds 6 and 6: exactly these treasure cards."""
    pile = GAME.state_to_json(scene.settled())["piles"][city_index(number)]
    assert _same(pile, parse_pile(cards)), pile
    scene.check(f"/state/piles/{city_index(number)}")


@then(parsers.parse("the treasure pile of city {number:d} is empty"))
def then_pile_empty(scene: Scene, number: int):
    """the treasure pile of city N is empty."""
    assert GAME.state_to_json(scene.settled())["piles"][city_index(number)] == []
    scene.check(f"/state/piles/{city_index(number)}")


@then(parsers.parse("the aircraft is at city {number:d}"))
def then_city(scene: Scene, number: int):
    """the aircraft is at city N."""
    assert GAME.state_to_json(scene.settled())["city"] == city_label(number)
    scene.check("/state/city")


@then(parsers.re(rf"(?P<names>{NAME}(?:(?:, | and ){NAME})*) are aboard"))
def then_aboard(scene: Scene, names: str):
    """Alice, Bob and Carol are aboard: exactly these players."""
    aboard = GAME.state_to_json(scene.settled())["aboard"]
    assert sorted(aboard) == sorted(seats(names)), aboard
    scene.check("/state/aboard")


@then("nobody is aboard")
def then_nobody_aboard(scene: Scene):
    """nobody is aboard."""
    assert GAME.state_to_json(scene.settled())["aboard"] == []
    scene.check("/state/aboard")


@then(parsers.re(rf"(?P<name>{NAME}) is (?P<neg>not )?aboard"))
def then_is_aboard(scene: Scene, name: str, neg: str | None):
    """<name> is aboard | is not aboard."""
    aboard = GAME.state_to_json(scene.settled())["aboard"]
    assert (seat(name) in aboard) != bool(neg), aboard
    scene.check("/state/aboard")


@then(parsers.re(rf"the captain is (?P<name>{NAME})"))
def then_captain(scene: Scene, name: str):
    """the captain is <name>."""
    assert GAME.state_to_json(scene.settled())["captain"] == seat(name)
    scene.check("/state/captain")


@then(parsers.re(rf"it is (?P<name>{NAME})'s decision"))
def then_decision(scene: Scene, name: str):
    """it is <name>'s decision: a passenger to stay or leave."""
    scene.settled()
    assert scene.doc()["phase"] == "decide" and scene.actor() == seat(name), (scene.doc()["phase"], scene.actor())
    scene.check("/state/phase", "/actor")


@then(parsers.re(rf"the power window is open with (?P<name>{NAME}) to play"))
def then_window(scene: Scene, name: str):
    """the power window is open with <name> to play."""
    scene.settled()
    assert scene.doc()["phase"] == "power" and scene.actor() == seat(name), (scene.doc()["phase"], scene.actor())
    scene.check("/state/phase", "/actor")


def _action_from_words(text: str, player: int) -> dict:
    """'stay', 'fly on', 'answer with compass and cannon', 'play ejection on Carol', ..."""
    import re

    text = text.strip()
    simple = {"stay": "stay", "leave": "leave", "pass": "pass", "land": "land", "fly on": "go",
              "crash": "crash"}
    if text in simple:
        return {"type": simple[text], "player": player}
    m = re.fullmatch(r"answer with (?P<cards>.+)", text)
    if m:
        return {"type": "meet", "player": player, "cards": parse_cards(m["cards"])}
    m = re.fullmatch(rf"play (?P<card>[a-z ]+?)(?: on (?:(?P<target>{NAME})|the (?P<die>[a-z]+) die))?", text)
    if m:
        doc = {"type": "play", "player": player, "card": parse_cards(m["card"])[0]}
        if m["target"]:
            doc["target"] = seat(m["target"])
        if m["die"]:
            doc["die"] = parse_faces(m["die"])[0]
        return doc
    raise ValueError(f"cannot read the choice {text!r}")


@then(parsers.re(rf"(?P<name>{NAME})'s choices are:"))
def then_choices(scene: Scene, name: str, datatable):
    """<name>'s choices are: a one-column table, exactly these legal actions (any order)."""
    scene.settled()
    assert scene.actor() == seat(name), f"the decision is {scene.actor()}'s"
    expected = sorted(scene.canonical(_action_from_words(row[0], seat(name))) for row in datatable)
    actual = sorted(scene.canonical(a) for a in scene.legal())
    assert actual == expected, actual
    scene.check("/actor")
    scene.check_legal_actions()


@then(parsers.re(rf"(?P<name>{NAME}) holds (?P<n>\d+) cards"))
def then_hand_size(scene: Scene, name: str, n: str):
    """<name> holds N cards."""
    hand = GAME.state_to_json(scene.settled())["hands"][seat(name)]
    assert len(hand) == int(n), hand
    scene.check(f"/state/hands/{seat(name)}")


@then(parsers.re(rf"(?P<name>{NAME}) holds (?P<cards>(?!\d+ cards$).+)"))
def then_hand(scene: Scene, name: str, cards: str):
    """<name> holds a cannon and a turbo | holds nothing: exactly these cards."""
    hand = GAME.state_to_json(scene.settled())["hands"][seat(name)]
    assert _same(hand, parse_cards(cards)), hand
    scene.check(f"/state/hands/{seat(name)}")


def _won(text: str) -> list[dict]:
    return [{"city": city_label(c), "card": card} for c, card in parse_won(text)]


@then(parsers.re(rf"(?P<name>{NAME}) has won nothing"))
def then_won_nothing(scene: Scene, name: str):
    """<name> has won nothing."""
    assert GAME.state_to_json(scene.settled())["won"][seat(name)] == []
    scene.check(f"/state/won/{seat(name)}")


@then(parsers.re(rf"(?P<name>{NAME}) has won (?P<what>an? .+)"))
def then_won(scene: Scene, name: str, what: str):
    """<name> has won a 6 at city 4: exactly these treasures (in the order taken)."""
    won = GAME.state_to_json(scene.settled())["won"][seat(name)]
    assert won == _won(what), won
    scene.check(f"/state/won/{seat(name)}")


@then(parsers.re(rf"(?P<name>{NAME}) scores (?P<points>\d+) points?"))
def then_score(scene: Scene, name: str, points: str):
    """<name> scores N points: their total now."""
    result = GAME.result_to_json(scene.settled())
    assert result["scores"][seat(name)]["total"] == int(points), result["scores"]
    scene.check(f"/scores/{seat(name)}/total")


@then(parsers.parse("the move skipped city {number:d}"))
def then_skipped(scene: Scene, number: int):
    """the move skipped city N: the aircraft flew over it."""
    scene.settled()
    moves = [e for e in scene.event_docs() if e["type"] == "move"]
    assert moves and city_label(number) in moves[-1]["skipped"], moves
    scene.check_event(type="move", skipped=moves[-1]["skipped"])


@then(parsers.parse("the dice show {faces}"))
def then_dice(scene: Scene, faces: str):
    """the dice show fog and a blank: the faces showing now."""
    roll = GAME.state_to_json(scene.settled())["roll"]
    assert _same(roll, parse_faces(faces)), roll
    scene.check("/state/roll")


# -- observations: what one player may see ------------------------------------------------


def _observed(scene: Scene, name: str) -> dict:
    doc = GAME.interchange.observation_to_json(scene.settled(), seat(name))
    assert doc["observer"] == seat(name)
    return doc


@then(parsers.re(rf"(?P<name>{NAME}) sees (?:his|her|their) own hand as (?P<cards>.+)"))
def then_sees_own_hand(scene: Scene, name: str, cards: str):
    """Bob sees his own hand as a horn and a turbo."""
    hand = _observed(scene, name)["hands"][seat(name)]
    assert isinstance(hand, list) and _same(hand, parse_cards(cards)), hand
    scene.check(f"/observations/{seat(name)}/hands/{seat(name)}")


@then(parsers.re(rf"(?P<name>{NAME}) sees (?P<other>{NAME})'s hand as (?P<n>\d+) hidden cards?"))
def then_sees_hidden_hand(scene: Scene, name: str, other: str, n: str):
    """Bob sees Alice's hand as 2 hidden cards: only its size."""
    assert _observed(scene, name)["hands"][seat(other)] == {"hidden": int(n)}
    scene.check(f"/observations/{seat(name)}/hands/{seat(other)}")


@then(parsers.re(rf"(?P<name>{NAME}) sees the draw pile as (?P<n>\d+) hidden cards?"))
def then_sees_deck(scene: Scene, name: str, n: str):
    """Bob sees the draw pile as 78 hidden cards."""
    assert _observed(scene, name)["deck"] == {"hidden": int(n)}
    scene.check(f"/observations/{seat(name)}/deck")


@then(parsers.re(rf"(?P<name>{NAME}) sees the treasure pile of city (?P<number>\d+) as (?P<n>\d+) hidden cards?"))
def then_sees_pile(scene: Scene, name: str, number: str, n: str):
    """Bob sees the treasure pile of city 4 as 11 hidden cards."""
    assert _observed(scene, name)["piles"][city_index(number)] == {"hidden": int(n)}
    scene.check(f"/observations/{seat(name)}/piles/{city_index(number)}")


@then(parsers.re(rf"(?P<name>{NAME}) sees the discard pile as (?P<cards>.+)"))
def then_sees_discard(scene: Scene, name: str, cards: str):
    """Carol sees the discard pile as a cannon and a compass."""
    discard = _observed(scene, name)["discard"]
    assert _same(discard, parse_cards(cards)), discard
    scene.check(f"/observations/{seat(name)}/discard")


@then(parsers.re(rf"(?P<name>{NAME}) sees that (?P<other>{NAME}) has won (?P<what>.+)"))
def then_sees_won(scene: Scene, name: str, other: str, what: str):
    """Dave sees that Bob has won a 9 at city 4."""
    assert _observed(scene, name)["won"][seat(other)] == _won(what)
    scene.check(f"/observations/{seat(name)}/won/{seat(other)}")


@then(parsers.re(rf"(?P<name>{NAME}) sees that (?P<names>{NAME}(?:(?:, | and ){NAME})*) are aboard at city (?P<number>\d+)"))
def then_sees_aboard(scene: Scene, name: str, names: str, number: str):
    """Carol sees that Alice, Bob, Carol and Dave are aboard at city 6."""
    doc = _observed(scene, name)
    assert sorted(doc["aboard"]) == sorted(seats(names)) and doc["city"] == city_label(number), doc["aboard"]
    scene.check(f"/observations/{seat(name)}/aboard", f"/observations/{seat(name)}/city")


@then(parsers.re(rf"(?P<name>{NAME}) sees the dice as (?P<faces>.+)"))
def then_sees_dice(scene: Scene, name: str, faces: str):
    """Carol sees the dice as pirates and fog."""
    roll = _observed(scene, name)["roll"]
    assert _same(roll, parse_faces(faces)), roll
    scene.check(f"/observations/{seat(name)}/roll")


# The vector export hooks (active only with REFEREE_EXPORT_VECTORS set).
from .export import pytest_bdd_after_scenario, pytest_sessionfinish  # noqa: E402,F401
