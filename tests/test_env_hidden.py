"""No observation or information state of a player changes when only something hidden from that
player changes: another player's secret placement before the screens come down, or the order of
a face-down deck beyond the cards revealed so far."""

from __future__ import annotations

import numpy as np
import pytest

from ratdsl.environments import CHANCE, new_game
from ratdsl.environments.observe import Layout
from ratdsl.session import load_rules

from .conftest import RATLAND


@pytest.fixture(scope="module")
def ratland():
    return load_rules(RATLAND)


def seen_by(state, seat):
    """Everything a player is given: the observation, its vector and the information state."""
    layout = Layout(state.definition, state.players)
    vector = np.zeros(layout.size, np.float32)
    layout.fill(vector, state.runner(), seat)
    return state.observation(seat), vector.tobytes(), state.information_state(seat)


def step(state, i, choose=None):
    """A fixed choice per step (the same in two games while they offer the same actions)."""
    actions = state.legal_actions()
    state.apply(choose(actions) if choose else actions[(7 * i) % len(actions)])


def test_another_players_secret_placement_is_not_seen_before_the_reveal(ratland):
    state = new_game(ratland, 3)
    i = 0
    while not (state.current_player() == 1 and state.node().what == "distribute" and state.node().secret):
        step(state, i)
        i += 1
    # P2 is about to place behind the screen; P1 placed already and P3 places next.
    # Two placements of P2: all rats in the last zone (every zone is asked), or spread (fewer
    # questions, more zones: more hidden moves in the referee's log).
    low, high = state.clone(), state.clone()
    while low.current_player() == 1:
        step(low, 0, min)
    while high.current_player() == 1:
        step(high, 0, lambda actions: actions[len(actions) // 2])
    assert low.observation(1) != high.observation(1)  # P2's own placement differs
    assert len(low.history()) != len(high.history())
    assert len(low.runner().log.records) != len(high.runner().log.records)
    compared = 0
    while low.node() is not None and low.node().secret:
        for seat in (0, 2):
            assert seen_by(low, seat) == seen_by(high, seat), f"P{seat + 1} sees P2's secret placement"
        assert low.legal_actions() == high.legal_actions()
        step(low, i)
        step(high, i)
        i += 1
        compared += 1
    assert compared > 1  # P3's placement was compared node by node
    # Once the screens are down, the placements are public: the other players now see them.
    assert seen_by(low, 0) != seen_by(high, 0)


def test_the_order_of_a_face_down_deck_is_not_seen_beyond_its_revealed_cards(ratland):
    games = [new_game(ratland, 2), new_game(ratland, 2)]
    shuffles = [0, 0]
    i = 0
    # Setup: the two games differ only in the picks of the food deck's shuffle from the third
    # card on (its first two cards are the same); every other random outcome is the same.
    while games[0].runner().game.state.phase == "setup" or games[0].runner().game.state.phase is None:
        for g, game in enumerate(games):
            node = game.node()
            if node.player == CHANCE and node.what == "shuffle" and node.labels[node.actions[0]].startswith("food"):
                shuffles[g] += 1
                game.apply(node.actions[0] if g == 0 or shuffles[g] <= 2 else node.actions[-1])
            else:
                step(game, i)
        i += 1
    assert shuffles[0] == shuffles[1] > 2
    deck = [game.runner().game.state.piles for game in games]
    orders = [[c.name for p, cards in piles.items() if str(p) == "food_deck" for c in cards] for piles in deck]
    # (round 1 revealed the first card: the decks now start with the second, the same in both)
    assert orders[0][0] == orders[1][0] and orders[0][1:] != orders[1][1:]
    # Until the third food card is revealed, nobody can tell the two games apart.
    while games[0].runner().game.state.round < 3:
        for seat in (0, 1):
            assert seen_by(games[0], seat) == seen_by(games[1], seat)
        for game in games:
            step(game, i)
        i += 1
    while games[0].observation(0)["revealed"].get("food_row") == games[1].observation(0)["revealed"].get("food_row"):
        for game in games:
            step(game, i)
        i += 1
    assert games[0].runner().game.state.round == 3  # the third card tells them apart, no sooner
