"""A state drawn from what one player knows: what IS-MCTS asks for (`resample_from_infostate`).

Inside an open `secretly` block the player cannot know what the others answered in it: a
sample replays the game up to the block's start, then answers every other player's question
of the block at random, gives the player their own answers again, and draws each chance
outcome as it was drawn (or anew when that one cannot be given any more), until the player is
asked where they are asked now. A sample whose information state for the player differs from the
real one is thrown away and another is drawn (a few tries, then the real state itself, which is
always consistent).

What is not resampled (docs/environments.md): chance outcomes, such as a face-down deck's order
beyond the cards revealed so far, and answers hidden outside a `secretly` block; a sample keeps
them as they are in the real game.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from . import nodes as N
from .runner import Runner
from .stepper import GameState

TRIES = 20  # samples drawn before the real state is given back


def resample(state: GameState, player: int, rng: random.Random) -> GameState:
    """A state `player` cannot tell from `state` (same information state, same node), with the
    other players' answers in the open `secretly` block drawn at random."""
    runner = state.runner()
    history = state.history()
    if runner.node is None or runner.node.player != player:
        return state.clone()
    start = _block_start(runner)
    if start is None or not any(seat not in (player, N.CHANCE) for seat, _ in runner.trail[start:len(history)]):
        return state.clone()  # nothing hidden from the player by an open block
    target = state.information_state(player)
    for _ in range(TRIES):
        chooser = _chooser(runner.trail[start:len(history)], history[start:], player, rng)
        try:
            sample = state.replayed(history[:start], chooser)
            if sample.current_player() == player and sample.information_state(player) == target:
                return sample
        except Exception:  # noqa: BLE001 - an answer the rules refuse: draw another sample
            continue
    return state.clone()


def _block_start(runner: Runner) -> int | None:
    """Where the outermost open `secretly` block's first action is in the history, or None."""
    block = runner.trail[-1][1] if runner.trail else None
    if block is None:
        return None
    start = len(runner.trail) - 1
    while start > 0 and runner.trail[start - 1][1] is block:
        start -= 1
    return start


def _chooser(trail: list[tuple[int, object | None]], actions: list[int], player: int,
             rng: random.Random) -> Callable[[N.Node], int | None]:
    """Picks the actions after the block's start: the player's own again, chance's again while
    they fit, every other player's at random; None (stop) once the player has given every answer
    they gave and is asked again."""
    own = deque(a for (seat, _), a in zip(trail, actions) if seat == player)
    chance = deque(a for (seat, _), a in zip(trail, actions) if seat == N.CHANCE)
    budget = [10 * len(actions) + 1000]  # a runaway sample (the game took another road) stops

    def choose(node: N.Node) -> int | None:
        budget[0] -= 1
        if budget[0] < 0:
            raise RuntimeError("the sample does not come back to the player's question")
        if node.player == player:
            return own.popleft() if own else None
        if node.player == N.CHANCE:
            if chance and chance[0] in node.actions:
                return chance.popleft()
            chance.clear()  # the draws no longer line up: the rest are drawn anew
            return rng.choices(node.actions, weights=node.probabilities)[0]
        return rng.choice(node.actions)

    return choose
