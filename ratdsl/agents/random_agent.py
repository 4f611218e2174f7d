"""A uniformly random agent with its own RNG (so chance outcomes and decisions stay separate)."""

from __future__ import annotations

import random
from typing import Any

from ..engine.decisions import Decision


def agent_seed(seed: int, seat: int) -> int:
    """Each random agent gets its own stream, derived from the game seed and its seat."""
    return seed * 1_000_003 + seat * 7_919 + 1


def random_agents(seed: int, players: int) -> list[RandomAgent]:
    """One random agent a seat, each with its own stream: what plays a seat nobody else plays."""
    return [RandomAgent(agent_seed(seed, seat)) for seat in range(players)]


class RandomAgent:
    reads_view = False

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def decide(self, decision: Decision) -> Any:
        if decision.kind == "may":
            return self.rng.random() < 0.5
        if decision.kind == "choose":
            options = list(decision.options) + ([None] if decision.optional else [])
            return self.rng.choice(options)
        return random_distribution(decision, self.rng)


def random_distribution(decision: Decision, rng: random.Random,
                        weights: dict[str, float] | None = None) -> dict[str, int]:
    """Places tokens one at a time on a zone drawn by weight among those with room left;
    minimums are met first."""
    counts = {z: 0 for z in decision.targets}

    def room(zone: str) -> bool:
        return all(sum(counts[z] for z in zones) < limit
                   for limit, zones in decision.at_most if zone in zones)

    left = decision.amount
    for limit, zones in decision.at_least:
        while left and sum(counts[z] for z in zones) < limit:
            choices = [z for z in zones if z in counts and room(z)]
            if not choices:
                break
            counts[_pick(choices, rng, weights)] += 1
            left -= 1
    while left:
        choices = [z for z in decision.targets if room(z)]
        if not choices:
            break
        counts[_pick(choices, rng, weights)] += 1
        left -= 1
    return {z: n for z, n in counts.items() if n}


def _pick(choices: list[str], rng: random.Random, weights: dict[str, float] | None) -> str:
    if not weights:
        return rng.choice(choices)
    w = [max(0.0, weights.get(z, 1.0)) for z in choices]
    if sum(w) <= 0:
        return rng.choice(choices)
    return rng.choices(choices, weights=w)[0]
