"""The extension's random stream (ratdsl/_stream.c) against CPython's random.Random, and the agents'
fast protocol in C (ratdsl/_sampler.c) against its Python original (agents/sampling.py): for random
seeds and calls, the same numbers, the same answers, the same exception types and the same state
afterwards. Plain inputs are checked to run in C (no hand-over to Python), so these tests hold the
C code itself to CPython, not CPython to itself."""

from __future__ import annotations

import copy
import math
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratdsl import kernels
from ratdsl.agents import sampling

from .scale import cases

NATIVE = kernels.LOADED
pytestmark = pytest.mark.skipif(NATIVE is None or not hasattr(NATIVE, "Stream"),
                                reason=f"compiled helpers absent: {kernels.WHY}")
SETTINGS = settings(max_examples=cases(150, 2000), deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.one_of(st.integers(0, 2**32), st.integers(-2**80, 2**80),
                  st.sampled_from([0, 1, -1, 2**32 - 1, 2**32, 2**64 - 1, 2**64, -(2**64), 2**200 + 7]))


def pair(seed: Any) -> tuple[random.Random, Any]:
    return random.Random(seed), NATIVE.Stream(seed)


def outcome(fn: Any, args: tuple, kwargs: dict) -> tuple:
    """A call's value (or exception type) and its arguments afterwards (shuffle changes its list)."""
    try:
        result: tuple = ("value", fn(*args, **kwargs))
    except Exception as e:  # noqa: BLE001 - the type is what is compared
        result = ("raised", type(e))
    return result, args


def same_calls(seed: Any, calls: list[tuple[str, tuple, dict]], in_c: bool = False) -> None:
    """Each call on random.Random(seed) and on Stream(seed) in turn: the same outcomes, the same
    states after each. `in_c`: none of them was handed to Python."""
    python, native = pair(seed)
    before = NATIVE.handed_over()
    for name, args, kwargs in calls:
        expected = outcome(getattr(python, name), copy.deepcopy(args), kwargs)
        got = outcome(getattr(native, name), copy.deepcopy(args), kwargs)
        assert got == expected, (name, args, kwargs)
        assert native.getstate() == python.getstate(), (name, args, kwargs)
    if in_c:
        assert NATIVE.handed_over() == before


# ------------------------------------------------------------------ seeding and numbers
@SETTINGS
@given(seeds)
def test_seeding_gives_cpythons_state(seed):
    python, native = pair(seed)
    assert native.getstate() == python.getstate()
    native.seed(seed + 1)
    python.seed(seed + 1)
    assert native.getstate() == python.getstate()


@pytest.mark.parametrize("seed", [True, 0.5, -3.25, "ratdsl", b"\x00\xff", bytearray(b"ab"), 10**40 * 1.0])
def test_other_seed_types_are_seeded_as_cpython_seeds_them(seed):
    python, native = pair(seed)
    assert native.getstate() == python.getstate()
    assert [native.random() for _ in range(5)] == [python.random() for _ in range(5)]


def test_a_seed_of_an_unsupported_type_raises_as_cpython_does():
    with pytest.raises(TypeError):
        random.Random(object())
    with pytest.raises(TypeError):
        NATIVE.Stream(object())


@SETTINGS
@given(seeds, st.lists(st.integers(0, 200), max_size=60))
def test_getrandbits_draws_cpythons_numbers(seed, widths):
    same_calls(seed, [("getrandbits", (k,), {}) for k in widths], in_c=True)


def test_getrandbits_every_width_from_1_to_200():
    same_calls(20261128, [("getrandbits", (k,), {}) for k in range(1, 201)] * 3, in_c=True)
    same_calls(5, [("getrandbits", (-1,), {}), ("getrandbits", (2.0,), {})])


@SETTINGS
@given(seeds, st.integers(1, 300))
def test_random_draws_cpythons_floats(seed, n):
    same_calls(seed, [("random", (), {})] * n, in_c=True)


below = st.one_of(st.integers(1, 40), st.integers(1, 2**32 + 5), st.integers(2**31, 2**64 - 1),
                  st.sampled_from([1, 2, 3, 2**32, 2**32 + 1, 2**63, 2**64 - 1]))
huge_below = st.one_of(st.integers(2**64, 2**200), st.just(2**64))


@SETTINGS
@given(seeds, st.lists(below, max_size=40))
def test_randbelow_draws_cpythons_numbers(seed, ns):
    same_calls(seed, [("_randbelow", (n,), {}) for n in ns], in_c=True)


@SETTINGS
@given(seeds, st.lists(st.one_of(below, huge_below), max_size=20))
def test_randbelow_of_huge_numbers_and_randrange_agree(seed, ns):
    calls = [("_randbelow", (n,), {}) for n in ns]
    calls += [("randrange", (n,), {}) for n in ns] + [("randrange", (-n, n, 3), {}) for n in ns]
    calls += [("randint", (-n, n), {}) for n in ns]
    same_calls(seed, calls)


def test_randbelow_refuses_numbers_cpython_would_loop_on_forever():
    """The one chosen difference: CPython's _randbelow(0) never returns; the stream says why."""
    native = NATIVE.Stream(1)
    for n in (0, -1, -(2**70), False):
        with pytest.raises(ValueError):
            native._randbelow(n)


# ------------------------------------------------------------------ sequences
populations = st.lists(st.integers(-5, 5), max_size=120)


@SETTINGS
@given(seeds, st.lists(populations, max_size=8))
def test_shuffle_agrees(seed, lists):
    same_calls(seed, [("shuffle", (x,), {}) for x in lists], in_c=True)


@SETTINGS
@given(seeds, st.lists(st.lists(st.integers(), max_size=20), max_size=5))
def test_shuffle_of_other_sequences_agrees(seed, lists):
    import collections

    same_calls(seed, [("shuffle", (collections.deque(x),), {}) for x in lists])


@SETTINGS
@given(seeds, st.lists(st.one_of(populations, populations.map(tuple)), max_size=10))
def test_choice_agrees(seed, seqs):
    same_calls(seed, [("choice", (s,), {}) for s in seqs if s])
    same_calls(seed, [("choice", (s,), {}) for s in seqs] + [("choice", (range(3, 90, 7),), {}),
                                                              ("choice", ("letters",), {})])


@st.composite
def samples(draw):
    """(population, k): sizes around both of CPython's algorithms' limits (a pool when the list
    is small against a set of picks, a set of picks otherwise)."""
    n = draw(st.one_of(st.integers(0, 25), st.integers(20, 300)))
    k = draw(st.one_of(st.integers(0, min(n, 6)), st.integers(0, n), st.integers(-2, n + 2)))
    population = list(range(n))
    return (tuple(population) if draw(st.booleans()) else population), k


@SETTINGS
@given(seeds, st.lists(samples(), max_size=8))
def test_sample_agrees(seed, cases_):
    same_calls(seed, [("sample", (p, k), {}) for p, k in cases_ if 0 <= k <= len(p)], in_c=True)
    same_calls(seed, [("sample", (p,), {"k": k}) for p, k in cases_])


@pytest.mark.parametrize(("n", "k", "algorithm"), [(10, 3, "pool"), (21, 5, "pool"), (22, 5, "set"),
                                                    (1000, 3, "set"), (84, 6, "pool"), (86, 6, "set"),
                                                    (1000, 400, "pool"), (5000, 400, "set")])
def test_sample_agrees_on_both_of_cpythons_algorithms(n, k, algorithm):
    setsize = 21 + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0)
    assert (n <= setsize) == (algorithm == "pool")
    same_calls(n * 31 + k, [("sample", (list(range(n)), k), {})] * 5, in_c=True)


@SETTINGS
@given(seeds, st.lists(populations, max_size=4), st.integers(0, 8))
def test_sample_of_other_sequences_and_counts_agrees(seed, lists, k):
    calls = [("sample", (range(len(x) * 5), min(k, len(x) * 5)), {}) for x in lists]
    calls += [("sample", (x, k), {"counts": [abs(v) + 1 for v in x]}) for x in lists]
    calls += [("sample", (set(x), 0), {}) for x in lists]  # (a TypeError, as CPython's)
    same_calls(seed, calls)


weights = st.one_of(st.floats(0, 10), st.integers(0, 5), st.floats(allow_nan=True, allow_infinity=True),
                    st.integers(-3, 2**60))


@st.composite
def choices_calls(draw):
    """A choices call: with no weights, weights or cumulative weights (plain numbers, sometimes
    ones CPython refuses), k given or not."""
    population = draw(st.lists(st.integers(), min_size=0, max_size=12))
    n = len(population)
    kwargs: dict[str, Any] = {}
    if draw(st.booleans()):
        kwargs["k"] = draw(st.integers(-2, 30))
    which = draw(st.sampled_from(["none", "weights", "cum", "both", "positional", "odd"]))
    size = draw(st.sampled_from([n, n, n, n + 1]))
    w = draw(st.lists(weights, min_size=size, max_size=size))
    if which == "weights":
        kwargs["weights"] = w
    elif which == "cum":
        kwargs["cum_weights"] = sorted(x for x in w if not (isinstance(x, float) and math.isnan(x)))
    elif which == "both":
        kwargs["weights"], kwargs["cum_weights"] = w, w
    elif which == "positional":
        return ("choices", (population, w), kwargs)
    elif which == "odd":
        kwargs["weights"] = tuple(float(abs(x)) if x == x else 1.0 for x in w)
    return ("choices", (population,), kwargs)


@SETTINGS
@given(seeds, st.lists(choices_calls(), max_size=10))
def test_choices_agrees(seed, calls):
    same_calls(seed, calls)


@SETTINGS
@given(seeds, st.lists(st.tuples(st.integers(1, 12), st.integers(0, 20)), max_size=8))
def test_plain_choices_run_in_c(seed, shapes):
    """No weights, float weights and int weights all run in C, drawing what CPython draws."""
    calls = []
    for n, k in shapes:
        calls.append(("choices", (list(range(n)),), {"k": k}))
        calls.append(("choices", (list(range(n)),), {"weights": [float(i % 3 + 1) for i in range(n)], "k": k}))
        calls.append(("choices", (tuple(range(n)), [i + 1 for i in range(n)]), {"k": k}))
        calls.append(("choices", (list(range(n)),), {"cum_weights": [i * 0.5 + 1 for i in range(n)]}))
    same_calls(seed, calls, in_c=True)


# ------------------------------------------------------------------ state
@SETTINGS
@given(seeds, st.integers(0, 1500))
def test_getstate_and_setstate_are_exchanged_with_random_random(seed, draws):
    python, native = pair(seed)
    for _ in range(draws):
        python.getrandbits(32)
    native.setstate(python.getstate())  # (across the state's refill, at every index)
    assert [native.getrandbits(32) for _ in range(700)] == [python.getrandbits(32) for _ in range(700)]
    other = random.Random()
    other.setstate(native.getstate())
    assert other.random() == native.random()


def test_the_stream_pickles_and_copies_with_its_state():
    native = NATIVE.Stream(99)
    native.gauss(0, 1)  # (random.Random's gauss keeps a second number: part of the state)
    state = native.getstate()
    assert state[2] is not None
    for twin in (pickle.loads(pickle.dumps(native)), copy.deepcopy(native), copy.copy(native)):
        assert type(twin) is NATIVE.Stream
        assert twin.getstate() == state
        assert [twin.gauss(0, 1) for _ in range(3)] == [native.gauss(0, 1) for _ in range(3)]
        native.setstate(state)


@pytest.mark.parametrize("state", [
    (2, tuple([5] * 624 + [624]), None),  # version 2 (read as CPython reads it)
    (3, tuple([5] * 624 + [625]), None),  # an index past the end
    (3, tuple([5] * 623), None),  # too short
    (3, tuple([-1] * 624 + [3]), None),  # a negative word
    (4, (), None), "not a state", (3, 4),
])
def test_odd_states_are_read_or_refused_as_cpython_does(state):
    python, native = pair(1)
    assert outcome(native.setstate, (state,), {})[0] == outcome(python.setstate, (state,), {})[0]
    assert native.getstate() == python.getstate()


def test_every_other_method_of_random_random_draws_the_same():
    calls = [("uniform", (2, 5), {}), ("gauss", (0, 1), {}), ("gauss", (0, 1), {}), ("triangular", (), {}),
             ("betavariate", (2, 3), {}), ("expovariate", (1.5,), {}), ("randbytes", (13,), {}),
             ("normalvariate", (0, 1), {}), ("vonmisesvariate", (1, 2), {})]
    same_calls(7, calls * 4)
    assert NATIVE.Stream(1).VERSION == random.Random.VERSION
    assert not hasattr(NATIVE.Stream(1), "no_such_method")


# ------------------------------------------------------------------ the agents' fast protocol
IDS = ["d1", "d2", "d3"]
NAMES = ["a", "b", "c", "d", "e", "pass", "yes", "no", "1", "2"]
table_weights = st.one_of(st.floats(-1, 5), st.integers(-2, 4), st.sampled_from([0.0, -0.0, 1e300]),
                          st.floats(allow_nan=True, allow_infinity=True), st.just(True))
tables = st.dictionaries(st.sampled_from(NAMES), table_weights, max_size=6)
persona_weights = st.one_of(st.none(), st.dictionaries(st.sampled_from(IDS), tables, max_size=3))


@st.composite
def protocol_calls(draw):
    """A question the flat code asks an agent: may, choose, spread or distribute."""
    which = draw(st.sampled_from(["fast_may", "fast_choose", "fast_spread", "fast_distribute"]))
    decision = draw(st.sampled_from(IDS))
    targets = draw(st.lists(st.sampled_from(NAMES[:5]), max_size=5, unique=draw(st.booleans())))
    amount = draw(st.one_of(st.integers(0, 30), st.integers(0, 3)))
    if which == "fast_may":
        return which, (decision,)
    if which == "fast_choose":
        options = draw(st.lists(st.one_of(st.integers(0, 3), st.sampled_from(NAMES)), max_size=6))
        return which, (decision, options, draw(st.booleans()))
    if which == "fast_spread":
        return which, (decision, targets, amount)
    limits = draw(st.sampled_from(["none", "none", "most", "least"]))
    most = [[draw(st.integers(0, 5)), targets[:2]]] if limits == "most" and targets else []
    least = [[draw(st.integers(0, 5)), targets[-2:]]] if limits == "least" and targets else []
    return which, (decision, amount, targets, most, least)


def safe(name: str, args: tuple) -> bool:
    """Calls whose Python original never returns (a spread over no target is asked forever) are
    left out: the flat code never asks them."""
    return not (name == "fast_spread" and not args[1] and args[2] > 0)


@SETTINGS
@given(seeds, persona_weights, st.lists(protocol_calls(), max_size=12))
def test_the_fast_protocol_in_c_answers_as_its_python_original(seed, weights, calls):
    python = kernels.PYTHON["FastSampling"](random.Random(seed), copy.deepcopy(weights))
    native = NATIVE.FastSampling(NATIVE.Stream(seed), copy.deepcopy(weights))
    for name, args in calls:
        if not safe(name, args):
            continue
        expected = outcome(getattr(python, name), copy.deepcopy(args), {})
        assert outcome(getattr(native, name), copy.deepcopy(args), {}) == expected, (name, args, weights)
        assert native.rng.getstate() == python.rng.getstate(), (name, args, weights)


def plain(name: str, args: tuple) -> bool:
    """A question the C code answers itself: targets named once each, no limit on a distribution,
    something to choose."""
    if name == "fast_may":
        return True
    if name == "fast_choose":
        return bool(args[1]) or args[2]
    targets = args[1] if name == "fast_spread" else args[2]
    return bool(targets) and len(set(targets)) == len(targets) and (name == "fast_spread" or not (args[3] or args[4]))


@SETTINGS
@given(seeds, st.sampled_from([None, {}, {"d1": {"a": 2.0, "yes": 0.5, "1": 3, "pass": 0.0}, "d2": {}}]),
       st.lists(protocol_calls(), max_size=12))
def test_plain_questions_are_answered_in_c(seed, weights, calls):
    """Plain weights and no limits on a distribution: every answer is drawn in C."""
    python = kernels.PYTHON["FastSampling"](random.Random(seed), weights)
    native = NATIVE.FastSampling(NATIVE.Stream(seed), weights)
    before = NATIVE.handed_over()
    for name, args in calls:
        if plain(name, args):
            assert getattr(native, name)(*args) == getattr(python, name)(*args), (name, args)
    assert native.rng.getstate() == python.rng.getstate()
    assert NATIVE.handed_over() == before, "a plain question was handed to Python"


def test_the_agents_are_the_compiled_protocol_with_a_c_stream():
    from ratdsl.agents import PersonaAgent, RandomAgent

    agent, persona = RandomAgent(3), PersonaAgent({"d1": {"yes": 2.0}}, 3, "bold")
    assert isinstance(agent, NATIVE.FastSampling) == kernels.ACTIVE
    assert type(agent.rng) is kernels.STREAM and type(persona.rng) is kernels.STREAM
    assert persona.weights == {"d1": {"yes": 2.0}} and persona.name == "bold"
    twin = pickle.loads(pickle.dumps(persona))
    assert (twin.weights, twin.name, twin.rng.getstate()) == (persona.weights, "bold", persona.rng.getstate())
    reference = sampling.FastSampling if not kernels.ACTIVE else kernels.PYTHON["FastSampling"]
    python = reference(random.Random(3), {"d1": {"yes": 2.0}})
    assert [persona.fast_may("d1") for _ in range(20)] == [python.fast_may("d1") for _ in range(20)]


@pytest.mark.parametrize("table", [{"yes": 0, "no": -1.0, "a": 0.0, "pass": -2, "1": 0}, {"yes": 0.0, "no": 3},
                                   {"a": 1e308, "b": 1e308, "pass": 1e308}])
def test_a_persona_with_no_weight_above_zero_draws_uniformly_as_python_does(table):
    """(CPython's `choice` then, not `choices`; and a total too big to be finite is refused alike.)"""
    python = kernels.PYTHON["FastSampling"](random.Random(5), {"d1": table})
    native = NATIVE.FastSampling(NATIVE.Stream(5), {"d1": table})
    calls = [("fast_may", ("d1",)), ("fast_choose", ("d1", ["a", "b", 1], True)),
             ("fast_choose", ("d1", ["a", "b"], False)), ("fast_spread", ("d1", ["a", "b", "c"], 9)),
             ("fast_distribute", ("d1", 4, ["b", "a"], [], []))] * 6
    for name, args in calls:
        assert outcome(getattr(native, name), args, {}) == outcome(getattr(python, name), args, {}), (name, args)
        assert native.rng.getstate() == python.rng.getstate()
