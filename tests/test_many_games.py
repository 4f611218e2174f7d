"""Many seeded random games at every supported table size: each ends in 5 to 9 rounds, and the
engine's conservation check (run after every step) never fires. benchmarks/sweep.py runs the
same at 1,000 games per size."""

import pytest

from ratdsl.session import load_rules, new_game

from .conftest import RATLAND

GAMES = 25


@pytest.fixture(scope="module")
def ratland():
    return load_rules(RATLAND)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 8, 12])
def test_games_end_between_five_and_nine_rounds(ratland, players):
    for seed in range(GAMES):
        result = new_game(ratland, players, seed).play()
        assert 5 <= result.rounds <= 9, (players, seed, result.rounds)
        keys = {p: [result.scores[p], *result.tiebreaks[p]] for p in result.scores}
        assert len(keys) == players and result.winners == [p for p in keys if keys[p] == max(keys.values())]


def test_first_game_food_order_is_ascending(ratland):
    definition = load_rules(RATLAND, options={"food_order": "sorted"})
    game = new_game(definition, 4, 0)
    game.setup()
    assert [c.name for c in game.state.piles[_pile("food_deck")]] == [f"food_{i}" for i in range(1, 10)]


def _pile(name):
    from ratdsl.semantics.values import PileRef
    return PileRef(None, name)
