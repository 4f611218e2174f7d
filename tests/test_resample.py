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

from .conftest import RATLAND, ROOT

SAMPLES = 80
HIDDEN_DEMO = ROOT / "tests" / "games" / "hidden_demo"


def to_round(round_: int, seat: int, seed: int, players: int = 3, first: bool = False) -> GameState:
    """A random RatLand game at `seat`'s placement behind the screen in round `round_`, after
    at least one other player placed (or, with `first`, before anybody else)."""
    state = new_game(str(RATLAND), players)
    rng = random.Random(seed)
    while True:
        node = state.node()
        assert node is not None, "the game ended first: pick another seed"
        runtime = state.runner().game.runtime
        if node.player == seat and node.secret and runtime.state.round >= round_:
            trail = state.runner().trail
            if first != any(a.block is trail[-1].block and a.player not in (seat, CHANCE) for a in trail):
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


def test_another_player_s_face_down_card_is_drawn_again_among_the_unseen_cards_of_its_back():
    """hidden_demo: tiles show their colour on the back; P1 peeked at the bag's top and holds
    a tile; P2 took one by its place. P2's tile may be any tile of its colour P1 has not seen."""
    state = hidden_demo_take()
    seen = set(pile(state, "P1.hand") + pile(state, "row"))
    seen.update(name for record in state.runner().log.records
                if record["t"] == "show" and record["player"] == "P1" for name in record["cards"])
    (theirs,) = pile(state, "P2.hand")
    could_be = {card for card in state.definition.cards
                if card not in seen and colour(state, card) == colour(state, theirs)}
    assert len(could_be) > 1
    samples = [state.resample(0, seed) for seed in range(30)]
    for sample in samples:
        assert sample.information_state(0) == state.information_state(0)
    assert {pile(s, "P2.hand")[0] for s in samples} == could_be


def hidden_demo_take() -> GameState:
    """P1 asked to take a tile while P2 holds one it took unseen (hidden_demo, 3 players)."""
    for seed in range(50):
        state = new_game(str(HIDDEN_DEMO), 3)
        rng = random.Random(seed)
        while (node := state.node()) is not None:
            if node.player == 0 and node.decision.id == "take" and len(pile(state, "P2.hand")) == 1:
                return state
            if node.player == CHANCE:
                state.apply(rng.choices(node.actions, weights=node.probabilities)[0])
            else:
                state.apply(rng.choice(node.actions))
    raise AssertionError("no such state in 50 games")


def colour(state: GameState, card: str) -> str:
    return next(f for f in state.definition.cards[card].fields if f.name == "colour").value.id


def test_a_state_is_resampled_only_at_the_player_s_question(round6):
    state, _ = round6
    with pytest.raises(ValueError, match="P2 is not asked here"):
        state.resample(1, 0)


def test_a_state_whose_hidden_parts_what_the_player_saw_settles_resamples_to_a_copy(monkeypatch):
    """Placements behind past screens are hidden when made and uncovered when the screens come
    down: no sample can change them. With nothing else hidden (every unseen place of the decks
    taken as settled here), the sample is a copy, not an error."""
    monkeypatch.setattr(R, "_can_vary", lambda *args: False)
    state = to_round(3, 0, seed=2, first=True)
    known = R._known(state, state.runner(), 0)
    assert known.hidden and set(known.hidden) == known.may_settle  # the past placements
    assert state.resample(0, 1).history() == state.history()


def test_a_shuffle_whose_unseen_places_can_hold_nothing_else_is_not_drawn_again():
    from ratdsl.environments.runner import Outcome
    deck = Outcome("shuffle", 0, result=["a", "b", "c"], pool=["c", "a", "b"])
    same_back = lambda name: ""  # noqa: E731
    assert R._can_vary(deck, {0}, same_back)  # b and c may swap
    assert not R._can_vary(deck, {0, 1}, same_back)  # one place left, one card: settled
    assert not R._can_vary(deck, {0}, lambda name: name)  # b and c look different from behind
    pick = Outcome("pick", 0, result=["a"], pool=["a", "b", "b"])
    assert R._can_vary(pick, set(), same_back) and not R._can_vary(pick, {0}, same_back)
