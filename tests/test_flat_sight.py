"""Declared visibility on the flat target (engine/flat/sight.py): a choice among cards offers a
card its chooser cannot see the face of by its place, as the reference engine does, so a persona
that weighs options by name plays the same game on both engines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratdsl.agents import PersonaAgent
from ratdsl.agents.random_agent import agent_seed
from ratdsl.engine.flat.sight import offer_cards
from ratdsl.semantics.values import CardValue
from ratdsl.session import load_rules

from .flat_agree import plays_the_reference_games
from .scale import cases

CARDS = ["amber", "basalt", "cobalt", "dolomite", "emerald", "feldspar", "garnet", "hematite"]
GAME = (
    'game seen "Seen" {\n  players 2..3\n}\n'
    'deck tiles "Tiles" {\n  fields value\n}\n'
    + "".join(f"card {name} in tiles {{\n  value = {i + 1}\n}}\n" for i, name in enumerate(CARDS))
    + "pile bag face down\npile row face up\nper player owner only pile hand face up\n"
    "per player var played = 0\n"
    'setup {\n  step deal {\n    create cards(tiles) in bag\n    shuffle bag\n  }\n}\n'
    "round play\n"
    'phase play "Play" {\n'
    "  step take {\n    for each p in players {\n      ask p take: choose t from bag {\n"
    "        place t on top of p.hand\n      }\n    }\n  }\n"
    "  step play_one {\n    for each p in players {\n      ask p play: choose t from p.hand or pass {\n"
    "        place t on top of row\n        set p.played = p.played + t.value\n      }\n    }\n  }\n"
    "  step end {\n    if len(bag) < len(players) {\n      end game\n    }\n  }\n}\n"
    "scoring p {\n  score = p.played\n  tiebreak len(p.hand)\n}\n")
# A card's name weighs much, a place little: were the bag's faces offered, the draws would differ.
WEIGHTS = {"take": {"hematite": 50.0, "amber": 0.0}, "play": {"hematite": 40.0, "pass": 0.2}}


@pytest.fixture
def seen(tmp_path):
    (tmp_path / "game.rat").write_text(GAME, "utf-8")
    return load_rules(tmp_path)


@pytest.mark.parametrize("players", [2, 3])
def test_a_persona_plays_the_same_game_on_both_engines_where_faces_are_hidden(seen, players):
    def personas(seed: int) -> list:
        return [PersonaAgent(WEIGHTS, agent_seed(seed, s), "p") for s in range(players)]

    games = cases(12, 200)
    assert plays_the_reference_games(seen, players, range(games), personas) == (games, [])


def test_cards_whose_faces_are_hidden_are_offered_by_place():
    bag = [CardValue("amber", uid=1), CardValue("basalt", uid=2)]
    hand = [CardValue("cobalt", uid=3)]
    piles = [(bag, "bag", (False, False)), (hand, "P2.hand", (False, True))]
    assert offer_cards([bag[1], hand[0]], 0, piles) == ["bag#2", "P2.hand#1"]
    assert offer_cards([bag[1], hand[0]], 1, piles) == ["bag#2", "cobalt"]
    assert offer_cards([CardValue("amber")], 0, piles) == ["amber"]  # (a card in no pile: its name)


def every_place(cards: list, seat: int, piles: list) -> list[str]:
    """The meaning offer_cards keeps, read the plain way: every pile's every card, the last place
    of a copy winning."""
    where = {card.uid: (label, i, seen) for held, label, seen in piles for i, card in enumerate(held)
             if card.uid is not None}
    places = [where.get(card.uid) if card.uid is not None else None for card in cards]
    return [card.name if p is None or p[2][seat] else f"{p[0]}#{p[1] + 1}" for card, p in zip(cards, places)]


@given(st.data())
@settings(max_examples=cases(200, 2000), deadline=None)
def test_offers_are_those_of_every_place_read_in_order(data):
    """Looked for from the end and only until each offered copy is found: the same offers as
    reading every place, with copies in two piles (the last wins) and copies in none."""
    copies = [CardValue(name, uid=data.draw(st.one_of(st.none(), st.integers(0, 6)))) for name in CARDS[:6]]
    piles = []
    for label in ("bag", "row", "P1.hand", "P2.hand"):
        held = data.draw(st.lists(st.sampled_from(copies), max_size=5))
        piles.append((held, label, (data.draw(st.booleans()), data.draw(st.booleans()))))
    offered = data.draw(st.lists(st.sampled_from(copies), max_size=4))
    for seat in (0, 1):
        assert offer_cards(offered, seat, piles) == every_place(offered, seat, piles)
