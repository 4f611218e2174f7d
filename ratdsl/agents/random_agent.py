"""A uniformly random agent with its own RNG (so chance outcomes and decisions stay separate)."""

from __future__ import annotations

from typing import Any

from .. import kernels
from ..engine.decisions import Decision
from .sampling import FastDecision, FastSampling, random_distribution, spread_counts

__all__ = ["FastDecision", "RandomAgent", "agent_seed", "expected_options", "random_agents",
           "random_distribution", "spread_counts"]


def agent_seed(seed: int, seat: int) -> int:
    """Each random agent gets its own stream, derived from the game seed and its seat."""
    return seed * 1_000_003 + seat * 7_919 + 1


def random_agents(seed: int, players: int) -> list[RandomAgent]:
    """One random agent a seat, each with its own stream: what plays a seat nobody else plays."""
    return [RandomAgent(agent_seed(seed, seat)) for seat in range(players)]


class RandomAgent(FastSampling):
    """An agent that answers every decision uniformly at random among the legal answers, from
    its own stream seeded with `seed` (so the game's chance and its choices stay apart): what
    plays a seat nobody else plays."""

    reads_view = False
    # The flat target (engine/flat) asks through fast_may, fast_choose, fast_spread and
    # fast_distribute (FastSampling, in C when the extension is built): the same answers from the
    # same stream as `decide`, without a Decision for each question.
    fast_protocol = True

    def __init__(self, seed: int):
        super().__init__(kernels.stream(seed))

    def decide(self, decision: Decision) -> Any:
        if decision.kind == "may":
            return self.rng.random() < 0.5
        if decision.kind == "choose":
            options = list(expected_options(decision)) + ([None] if decision.optional else [])
            return self.rng.choice(options)
        return random_distribution(decision, self.rng)


def expected_options(decision: Decision) -> list[Any]:
    """The options an agent playing at random chooses among: those the rules expect to run
    (a plan's `likely`), or every option when the rules say nothing or expect none to run (then
    a choice that cannot be passed still needs an answer)."""
    likely = decision.likely
    if likely is None or (not likely and not decision.optional):
        return decision.options
    return [decision.options[i] for i in likely]
