"""Draws pick the same tokens as `random.sample` of the row of tokens would, from the same stream,
without making the row: logs of old seeds stay the same, and a draw from a huge zone is cheap."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ratdsl.engine.chance import Chance, sample_positions

KINDS = ["a", "b", "c", "d"]


@settings(max_examples=300, deadline=None)
@given(size=st.integers(0, 400), data=st.data(), seed=st.integers(0, 2**32))
def test_positions_are_those_sample_picks(size, data, seed):
    k = data.draw(st.integers(0, size))
    ours, theirs = random.Random(seed), random.Random(seed)
    assert sample_positions(ours, size, k) == theirs.sample(range(size), k)
    assert ours.random() == theirs.random()


@settings(max_examples=300, deadline=None)
@given(counts=st.dictionaries(st.sampled_from(KINDS), st.integers(0, 30), min_size=1), data=st.data(),
       seed=st.integers(0, 2**32))
def test_a_draw_is_a_sample_of_the_row_of_tokens(counts, data, seed):
    row = [k for k in KINDS for _ in range(counts.get(k, 0))]
    n = data.draw(st.integers(0, len(row)))
    expected: dict[str, int] = {}
    for k in random.Random(seed).sample(row, n):
        expected[k] = expected.get(k, 0) + 1
    assert Chance(seed).draw(counts, KINDS, n) == expected


def test_a_draw_from_a_huge_zone_makes_no_row():
    drawn = Chance(1).draw({"a": 10**12, "b": 10**12}, KINDS, 3)
    assert sum(drawn.values()) == 3 and set(drawn) <= {"a", "b"}
