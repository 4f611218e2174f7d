"""States resampled from a player's information state (environments/resample.py, what IS-MCTS
asks for) keep what the player has seen and draw again what they have not: the unrevealed order
of a face-down deck, which cards a hidden pick chose, the others' answers behind the screen. The
real state is never what a sample falls back to."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ratdsl.environments import resample as R
from ratdsl.environments.stepper import CHANCE, GameState, new_game

from .conftest import RATLAND

SAMPLES = 80


def to_round(round_: int, seat: int, seed: int, players: int = 3) -> GameState:
    """A random RatLand game at `seat`'s placement behind the screen in round `round_`, after
    at least one other player placed."""
    state = new_game(str(RATLAND), players)
    rng = random.Random(seed)
    while True:
        node = state.node()
        assert node is not None, "the game ended first: pick another seed"
        runtime = state.runner().game.runtime
        if node.player == seat and node.secret and runtime.state.round >= round_:
            trail = state.runner().trail
            if any(a.block is trail[-1].block and a.player not in (seat, CHANCE) for a in trail):
                return state
        if node.player == CHANCE:
            state.apply(rng.choices(node.actions, weights=node.probabilities)[0])
        else:
            state.apply(rng.choice(node.actions))


def pile(state: GameState, name: str) -> list[str]:
    piles = state.runner().game.runtime.state.piles
    return next([card.name for card in cards] for ref, cards in piles.items() if str(ref) == name)


def back(state: GameState, card: str) -> str:
    field = next(f for f in state.definition.cards[card].fields if f.name == "back")
    return field.value.id


@pytest.fixture(scope="module")
def round6() -> tuple[GameState, list[GameState]]:
    """Round 6: five start events and one final event revealed; P1 places after another player."""
    state = to_round(6, 0, seed=0)
    rng = random.Random(1)
    return state, [R.resample(state, 0, rng) for _ in range(SAMPLES)]


def test_every_sample_tells_the_player_what_the_real_game_told_them(round6):
    state, samples = round6
    for sample in samples:
        assert sample.current_player() == 0
        assert sample.information_state(0) == state.information_state(0)
        assert sample.observation(0) == state.observation(0)


def test_the_unrevealed_deck_is_dealt_again_from_the_cards_not_seen(round6):
    state, samples = round6
    deck, box = pile(state, "event_deck"), pile(state, "box")
    assert sum(pile(s, "event_deck") != deck for s in samples) > SAMPLES // 2
    for sample in samples:  # the same cards are out of sight, in another order and another split
        assert Counter(pile(sample, "event_deck") + pile(sample, "box")) == Counter(deck + box)
    # the next event can be any card with the next card's back that the player has not seen
    could_be_next = {card for card in deck + box if back(state, card) == back(state, deck[0])}
    assert len(could_be_next) > 2
    assert {pile(s, "event_deck")[0] for s in samples} == could_be_next
    assert len({tuple(sorted(pile(s, "box"))) for s in samples}) > 1  # which finals were picked


def test_the_seen_places_of_a_shuffle_keep_their_cards(round6):
    state, samples = round6
    for sample in samples:  # the revealed events lie where the real game revealed them
        assert pile(sample, "event_row") == pile(state, "event_row")
        assert pile(sample, "event_discard") == pile(state, "event_discard")


def test_the_others_answers_behind_the_screen_are_drawn_again(round6):
    state, samples = round6
    real = answers_in_open_block(state, 0)
    assert real and any(answers_in_open_block(s, 0) != real for s in samples)


def answers_in_open_block(state: GameState, seat: int) -> list[int]:
    """The other players' actions in the `secretly` block `seat` is asked in."""
    trail, history = state.runner().trail, state.history()
    block = trail[-1].block
    return [history[i] for i, a in enumerate(trail[:-1]) if a.block is block and a.player not in (seat, CHANCE)]


def test_when_no_joint_sample_agrees_one_is_built_part_by_part_and_is_not_the_real_state(monkeypatch):
    monkeypatch.setattr(R, "TRIES", 0)  # every call takes the "no sample found" path
    state = to_round(3, 1, seed=4)
    deck = pile(state, "event_deck") + pile(state, "box")
    rng = random.Random(2)
    for _ in range(3):
        sample = R.resample(state.clone(), 1, rng)  # (a fresh copy: nothing remembered)
        assert sample.information_state(1) == state.information_state(1)
        assert sample.history() != state.history()
        assert pile(sample, "event_deck") + pile(sample, "box") != deck


def test_hidden_parts_that_cannot_change_unnoticed_raise_no_sample(monkeypatch):
    monkeypatch.setattr(R, "_agreeing", lambda *args: None)  # no draw ever agrees
    state = to_round(2, 0, seed=1)
    with pytest.raises(R.NoSample, match="P1"):
        R.resample(state, 0, random.Random(0))
