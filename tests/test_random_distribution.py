"""The random agent's distribution keeps its answers when made fast: the same seed gives the same
answer as the plain algorithm below (a token at a time, each drawn among the zones with room
left, minimums first), for any limits, repeated zones and persona weights included."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ratdsl.agents.random_agent import random_distribution
from ratdsl.engine.decisions import Decision

ZONES = ["a", "b", "c", "d", "e"]


def plain_distribution(decision: Decision, rng: random.Random, weights=None) -> dict[str, int]:
    """The algorithm as first written: every list and sum made again for every token (it read a
    zone outside the targets with `counts[z]`, a KeyError; that zone holds none of the tokens)."""
    counts = {z: 0 for z in decision.targets}

    def room(zone: str) -> bool:
        # (a zone that is not a target holds none of these tokens)
        return all(sum(counts.get(z, 0) for z in zones) < limit for limit, zones in decision.at_most
                   if zone in zones)

    def pick(choices: list[str]) -> str:
        if not weights:
            return rng.choice(choices)
        w = [max(0.0, weights.get(z, 1.0)) for z in choices]
        if sum(w) <= 0:
            return rng.choice(choices)
        return rng.choices(choices, weights=w)[0]

    left = decision.amount
    for limit, zones in decision.at_least:
        while left and sum(counts[z] for z in zones) < limit:
            choices = [z for z in zones if z in counts and room(z)]
            if not choices:
                break
            counts[pick(choices)] += 1
            left -= 1
    while left:
        choices = [z for z in decision.targets if room(z)]
        if not choices:
            break
        counts[pick(choices)] += 1
        left -= 1
    return {z: n for z, n in counts.items() if n}


zone_lists = st.lists(st.sampled_from(ZONES), min_size=1, max_size=6)
limits = st.lists(st.tuples(st.integers(0, 6), zone_lists), max_size=3)


@settings(max_examples=400, deadline=None)
@given(targets=st.lists(st.sampled_from(ZONES), min_size=1, max_size=7), amount=st.integers(0, 30),
       at_most=limits, at_least=limits, seed=st.integers(0, 2**32),
       weights=st.none() | st.dictionaries(st.sampled_from(ZONES), st.sampled_from([0.0, 0.5, 1.0, 3.0])))
def test_same_answers_as_the_plain_algorithm(targets, amount, at_most, at_least, seed, weights):
    target_set = set(targets)
    at_least = [(n, [z for z in zones if z in target_set]) for n, zones in at_least]  # as asks.py makes them
    decision = Decision(0, "d", "distribute", amount=amount, targets=targets, at_most=at_most, at_least=at_least)
    fast_rng, plain_rng = random.Random(seed), random.Random(seed)
    assert random_distribution(decision, fast_rng, weights) == plain_distribution(decision, plain_rng, weights)
    assert fast_rng.random() == plain_rng.random()  # and the stream is left at the same place


def test_a_full_group_closes_its_zones():
    decision = Decision(0, "d", "distribute", amount=20, targets=["a", "b", "c"], at_most=[(2, ["a", "b"])])
    for seed in range(50):
        answer = random_distribution(decision, random.Random(seed))
        assert answer.get("a", 0) + answer.get("b", 0) <= 2 and sum(answer.values()) == 20
