"""How the random and persona agents draw their answers, from their own random stream: the
distribution of tokens, a spread with no limit, an answer drawn by weight, and the flat target's
fast protocol (`FastSampling`: fast_may, fast_choose, fast_spread, fast_distribute), which the
extension writes in C (ratdsl/_sampler.c) with the same draws; this file is the Python original
and the fallback (ratdsl/kernels.py)."""

from __future__ import annotations

import random
from itertools import accumulate
from typing import Any

from .. import kernels


def spread_counts(rng: random.Random, n: int, amount: int) -> list[int]:
    """`amount` numbers below `n`, counted by number: each drawn as rng._randbelow draws it
    (CPython's algorithm), so the same numbers from the same stream as `targets[below(n)]`."""
    bits = rng.getrandbits
    b = n.bit_length()
    counts = [0] * n
    for _ in range(amount):
        i = bits(b)
        while i >= n:
            i = bits(b)
        counts[i] += 1
    return counts


kernels.setup(random_type=random.Random)  # (a twin draws itself only from these streams)
spread_counts = kernels.twin(spread_counts)  # (compiled when ratdsl/kernels.py says so: the same numbers)


class FastDecision:
    """What random_distribution reads of a Decision, for the fast protocol (no Decision made)."""

    __slots__ = ("amount", "at_least", "at_most", "targets")

    def __init__(self, amount: int, targets: list[str], at_most: list, at_least: list):
        self.amount = amount
        self.targets = targets
        self.at_most = at_most
        self.at_least = at_least


def weighed(rng: random.Random, table: dict[str, float], answers: list, keys: list[str]) -> Any:
    """One of `answers`, drawn by the weights of their `keys` in `table` (1 when not named;
    uniformly with `rng.choice` when none is above 0)."""
    w = [max(0.0, float(table.get(k, 1.0))) for k in keys]
    if sum(w) <= 0:
        return rng.choice(answers)
    return rng.choices(answers, weights=w)[0]


class FastSampling:
    """The fast protocol the flat target asks agents through: the same answers from the same stream
    as their `decide`, without a Decision for each question. `weights` None is the random agent;
    a dict of tables by decision is a persona. (Compiled when ratdsl/kernels.py says so.)"""

    def __init__(self, rng: Any, weights: dict[str, dict[str, float]] | None = None):
        self.rng = rng
        self.weights = weights

    def fast_may(self, decision_id: str) -> bool:
        if self.weights is None:
            return self.rng.random() < 0.5
        return weighed(self.rng, self.weights.get(decision_id, {}), [True, False], ["yes", "no"])

    def fast_choose(self, decision_id: str, options: list, optional: bool) -> int | None:
        """The position of the chosen option, or None to pass: the random agent's `rng.choice` of
        the same list, a persona's answer by weight."""
        if self.weights is None:
            i = self.rng.choice(range(len(options) + (1 if optional else 0)))
            return None if i == len(options) else i
        positions: list[int | None] = list(range(len(options))) + ([None] if optional else [])
        keys = [str(o) for o in options] + (["pass"] if optional else [])
        return weighed(self.rng, self.weights.get(decision_id, {}), positions, keys)

    def fast_spread(self, decision_id: str, targets: list[str], amount: int) -> list[int]:
        """fast_distribute when no limit can bind, as counts in the targets' order."""
        if self.weights is None:  # (random_distribution would draw `targets[below(n)]` each token)
            return spread_counts(self.rng, len(targets), amount)
        answer = self.fast_distribute(decision_id, amount, targets, [], [])
        return [answer.get(z, 0) for z in targets]

    def fast_distribute(self, decision_id: str, amount: int, targets: list[str], at_most: list,
                        at_least: list) -> dict[str, int]:
        table = None if self.weights is None else self.weights.get(decision_id, {})
        return random_distribution(FastDecision(amount, targets, at_most, at_least), self.rng, table or None)


FastSampling = kernels.twin(FastSampling)  # type: ignore[misc]


def random_distribution(decision: Any, rng: random.Random,
                        weights: dict[str, float] | None = None) -> dict[str, int]:
    """Places tokens one at a time on a zone drawn by weight among those with room left;
    minimums are met first.

    Which zones have room changes only when an `at most` group fills up, so the list of zones to
    draw from is made again only then, and each group's count is kept as tokens are placed: a
    token costs one draw, not a sum over every limit (this runs for every token a random player
    places). The draws are the same as picking from the whole list each time."""
    targets = decision.targets
    counts = dict.fromkeys(targets, 0)
    # Each `at most` group: [tokens in it, limit, its zones, how often each zone appears in it].
    groups = [[0, limit, zones, _multiplicity(zones)] for limit, zones in decision.at_most]
    by_zone: dict[str, list[list]] = {}
    for group in groups:
        for zone in group[3]:
            by_zone.setdefault(zone, []).append(group)
    full = {zone for group in groups if group[0] >= group[1] for zone in group[2]}

    def place(zone: str) -> bool:
        """Counts a token on `zone`; whether a group filled up (some zone lost its room)."""
        counts[zone] += 1
        filled = False
        for group in by_zone.get(zone, ()):
            group[0] += group[3][zone]
            if group[0] >= group[1] and not filled:
                filled = True
        if filled:
            full.update(z for group in by_zone[zone] if group[0] >= group[1] for z in group[2])
        return filled

    left = decision.amount
    for limit, zones in decision.at_least:
        wanted = _multiplicity(zones)
        placed = sum(counts[z] * k for z, k in wanted.items() if z in counts)
        choices = None
        while left and placed < limit:
            if choices is None:
                choices = [z for z in zones if z in counts and z not in full]
                if not choices:
                    break
                draw = _drawer(choices, rng, weights)
            zone = draw()
            if place(zone):
                choices = None
            placed += wanted[zone]
            left -= 1
    choices = None
    while left:
        if choices is None:
            choices = [z for z in targets if z not in full]
            if not choices:
                break
            draw = _drawer(choices, rng, weights)
        if place(draw()):
            choices = None
        left -= 1
    return {z: n for z, n in counts.items() if n}


def _multiplicity(zones: list[str]) -> dict[str, int]:
    """How often each zone is named in a limit: a sum over the list counts a repeated one twice."""
    out: dict[str, int] = {}
    for zone in zones:
        out[zone] = out.get(zone, 0) + 1
    return out


def _drawer(choices: list[str], rng: random.Random, weights: dict[str, float] | None):
    """A function drawing one of `choices` by weight (uniformly without weights, or when no
    weight is above 0), made once per list of choices."""
    if weights:
        w = [max(0.0, weights.get(z, 1.0)) for z in choices]
        if sum(w) > 0:
            cumulative = list(accumulate(w))  # what `choices(weights=w)` makes at every call
            return lambda: rng.choices(choices, cum_weights=cumulative)[0]
    below = rng._randbelow  # what `rng.choice` draws with: the same numbers from the same stream
    n = len(choices)
    return lambda: choices[below(n)]
