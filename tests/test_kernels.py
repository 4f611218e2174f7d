"""The compiled helpers (ratdsl/_kernels.c) against their Python originals (ratdsl/kernels.py):
for random inputs, the same return value, the same state list and move records afterwards, the
same exception type, and the random stream left in the same state. Inputs the kernels leave to
Python (negative counts, indexes outside the list, bools for ints, huge numbers) are mixed in, so
the hand-over is held to the same results too."""

from __future__ import annotations

import copy
import os
import pickle
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratdsl import kernels
from ratdsl.agents import random_agent
from ratdsl.engine.flat import boards, support
from ratdsl.semantics import builtins
from ratdsl.semantics.operators import MAX_ITEMS
from ratdsl.semantics.values import CardValue

from .scale import cases

NATIVE = kernels.LOADED
needs_native = pytest.mark.skipif(NATIVE is None, reason=f"compiled helpers absent: {kernels.WHY}")
SETTINGS = settings(max_examples=cases(150, 1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def outcome(fn: Any, args: list) -> tuple:
    """What a call gives: its value or its exception's type, and its arguments afterwards."""
    try:
        result = ("value", fn(*args))
    except Exception as e:  # noqa: BLE001 - the type is what is compared
        result = ("raised", type(e))
    return result, [a.getstate() if isinstance(a, random.Random) else a for a in args]


def agree(name: str, args: list) -> tuple:
    """Runs the Python original and the compiled twin on copies of `args`; both outcomes equal."""
    python = outcome(kernels.PYTHON[name], copy.deepcopy(args))
    compiled = outcome(getattr(NATIVE, name), copy.deepcopy(args))
    assert compiled == python, (name, args)
    return python


# ------------------------------------------------------------------ inputs
WIDTH = st.integers(1, 12)
small_counts = st.integers(0, 9)
# (a count the kernels leave to Python: negative, 2**62 and up, a bool; 2**62 also makes a list of
# that many pieces fail at once, where a count like 2**30 would really be built)
odd_counts = st.one_of(st.integers(-3, -1), st.just(2**62), st.just(True))
any_counts = st.one_of(small_counts, small_counts, st.integers(0, 40), odd_counts)
huge_counts = st.one_of(any_counts, st.integers(0, 2**61))  # (moves and sums only: nothing as long)


@st.composite
def state(draw, counts=any_counts, zones=(1, 5)):
    """(Z, width, zone offsets): a few zones of `width` counts each."""
    width = draw(WIDTH)
    n = draw(st.integers(*zones))
    Z = draw(st.lists(st.one_of(*[small_counts] * 8, counts), min_size=n * width,
                      max_size=n * width))
    return Z, width, [i * width for i in range(n)]


def offset(draw, zones: list[int], width: int) -> int:
    """A zone's offset, now and then one outside the list or misaligned."""
    return draw(st.one_of(st.sampled_from(zones), st.sampled_from(zones), st.sampled_from(zones),
                          st.integers(-width, zones[-1] + 2 * width)))


wanted = st.one_of(st.integers(0, 6), st.integers(-2, 40), st.just(True), st.integers(2**40, 2**63 + 5))
moved = st.sampled_from([None, "list"])


def moves_list(kind: str | None) -> list | None:
    return None if kind is None else []


# ------------------------------------------------------------------ draw
@needs_native
@SETTINGS
@given(st.data())
def test_draw_agrees(data):
    w = data.draw(st.one_of(st.none(), wanted, st.integers(1, 25)))
    # (a draw of n positions samples n numbers: a zone of 2**62 only with a small n, as in Python)
    small_draw = w is not None and w < 50
    Z, width, zones = data.draw(state(any_counts if small_draw else st.one_of(small_counts, st.integers(-3, 0))))
    source, dest = offset(data.draw, zones, width), offset(data.draw, zones, width)
    seed = data.draw(st.integers(0, 2**32))
    agree("draw", [Z, random.Random(seed), width, source, dest, w, data.draw(st.booleans()),
                   moves_list(data.draw(moved))])


@needs_native
def test_draw_agrees_on_every_branch():
    """One token, the pool of a small draw, the sampler of a big one: each, for many seeds."""
    for seed in range(300):
        for row, n in (([3, 0, 2], 1), ([3, 0, 2], 4), ([9, 9, 9, 2], 5), ([9, 9, 9, 2], 12), ([40, 1], None)):
            Z = row + [1] * len(row)
            result, after = agree("draw", [Z, random.Random(seed), len(row), 0, len(row), n, False, []])
            assert result[0] == "value"
            assert sum(after[0]) == sum(Z)


# ------------------------------------------------------------------ moves
def kinds_of(data, width: int) -> list[int]:
    return data.draw(st.lists(st.integers(0, width - 1), max_size=width + 1))


@needs_native
@SETTINGS
@given(st.data())
def test_move_tokens_agrees(data):
    Z, width, zones = data.draw(state(huge_counts))
    sources = data.draw(st.lists(st.sampled_from(zones), max_size=5))
    if data.draw(st.booleans()):
        sources = [offset(data.draw, zones, width) for _ in sources]
    agree("move_tokens", [Z, sources, offset(data.draw, zones, width), data.draw(wanted), kinds_of(data, width),
                          data.draw(st.booleans()), moves_list(data.draw(moved))])


@needs_native
@SETTINGS
@given(st.data())
def test_move_all_agrees(data):
    Z, width, zones = data.draw(state(huge_counts))
    sources = data.draw(st.lists(st.sampled_from(zones), max_size=5))
    agree("move_all", [Z, sources, offset(data.draw, zones, width), tuple(kinds_of(data, width)),
                       moves_list(data.draw(moved))])


NAMES = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]


@needs_native
@SETTINGS
@given(st.data())
def test_move_bundle_agrees(data):
    Z, width, zones = data.draw(state(huge_counts))
    names = NAMES[:width]
    index = {k: i for i, k in enumerate(names)}
    if data.draw(st.booleans()):  # a kind the index does not know (Python's KeyError, or nothing)
        names = [*names, "unknown"]
    bundle = data.draw(st.dictionaries(st.sampled_from(names), st.one_of(st.integers(-2, 12), wanted), max_size=5))
    sources = data.draw(st.lists(st.sampled_from(zones), max_size=5))
    agree("move_bundle", [Z, sources, offset(data.draw, zones, width), bundle, index, data.draw(st.booleans()),
                          moves_list(data.draw(moved))])


@needs_native
@SETTINGS
@given(st.data())
def test_count_kinds_and_first_of_agree(data):
    Z, width, zones = data.draw(state(huge_counts))
    agree("count_kinds", [Z, offset(data.draw, zones, width), tuple(kinds_of(data, width))])
    agree("first_of", [data.draw(st.lists(st.integers(), max_size=3))])
    agree("first_of", [data.draw(st.tuples(st.integers()))])


@needs_native
@SETTINGS
@given(st.data())
def test_item_at_and_present_agree(data):
    """An index inside the list, outside it (either side), of a none or of a tuple, huge indexes:
    the same item, or the same stop (Abort), from both twins."""
    items = data.draw(st.one_of(st.lists(st.integers(), max_size=4), st.none(), st.tuples(st.integers())))
    agree("item_at", [items, data.draw(st.one_of(st.integers(-6, 6), st.integers()))])
    agree("present", [data.draw(st.one_of(st.none(), st.integers(), st.lists(st.integers(), max_size=2)))])
    names = st.sampled_from(["amber", "basalt", "cobalt"])
    table = data.draw(st.dictionaries(names, st.one_of(st.none(), st.integers()), max_size=3))
    card = data.draw(st.one_of(st.none(), st.builds(CardValue, names)))
    agree("field_of", [table, card])


CARD_NAMES = st.sampled_from(["amber", "basalt", "cobalt", "dolomite"])


@needs_native
@SETTINGS
@given(st.data())
def test_owner_of_card_agrees(data):
    """The first pile holding a card of that name gives its owner: copies in several piles, empty
    piles, an owner list of another length or a pile that is no list (left to Python)."""
    from ratdsl.engine.flat import lists

    assert lists.owner_of_card is NATIVE.owner_of_card or not kernels.ACTIVE
    piles = data.draw(st.lists(st.lists(st.builds(CardValue, CARD_NAMES), max_size=4), max_size=6))
    owners = data.draw(st.one_of(st.just([None] * (len(piles) // 2) + list(range(len(piles) - len(piles) // 2))),
                                 st.lists(st.one_of(st.none(), st.integers(0, 5)), max_size=7)))
    if piles and data.draw(st.booleans()):
        piles[-1] = tuple(piles[-1])
    card = CardValue(data.draw(CARD_NAMES), data.draw(st.integers(0, 9)))
    agree("owner_of_card", [card, piles, owners])
    agree("owner_of_card", [3, piles, owners])  # (no name: the same error)


class Miss:
    """A FlatModule._metrics_of stand-in: the metrics of a key not matched yet, kept in `matching`
    (part of the arguments, so each side's copy fills its own copy of the dict)."""

    def __init__(self, matching: dict, metrics: int):
        self.matching, self.metrics, self.calls = matching, metrics, []

    def __call__(self, key):
        self.calls.append(key)
        hits = self.matching[key] = [i for i in range(self.metrics) if (sum(key) + i) % 3]
        return hits

    def __eq__(self, other):
        return isinstance(other, Miss) and (self.calls, self.metrics) == (other.calls, other.metrics)


@needs_native
@SETTINGS
@given(st.data())
def test_count_moves_agrees(data):
    metrics = data.draw(st.integers(0, 4))
    counts = data.draw(st.lists(st.integers(0, 50), min_size=metrics, max_size=metrics))
    place = st.integers(0, 3)
    move = st.one_of(*[st.tuples(place, place, place, st.integers(0, 9))] * 6,
                     st.tuples(place, place, place, st.one_of(st.just(True), st.integers(2**62, 2**64))),
                     st.lists(st.integers(0, 3), min_size=4, max_size=4),  # (not a tuple: Python counts the rest)
                     st.tuples(place, place, place))  # (unpacking fails, as in Python)
    moves = data.draw(st.lists(move, max_size=8))
    hits = st.one_of(st.lists(st.integers(-metrics - 1, metrics), max_size=3), st.just(None),
                     st.tuples(st.integers(0, max(0, metrics - 1))))
    matching = data.draw(st.dictionaries(st.tuples(place, place, place, st.just(2)), hits, max_size=6))
    step = data.draw(st.sampled_from([2, 2, 2, 3]))
    agree("count_moves", [moves, matching, step, counts, Miss(matching, metrics)])


@needs_native
def test_plain_inputs_run_compiled_and_agree():
    """The inputs the generated code passes are never handed to Python (else the kernels would
    only be tested against themselves)."""
    r = random.Random(5)
    before = NATIVE.handed_over()
    for case in range(400):
        width, nz = r.randint(1, 12), r.randint(1, 5)
        Z = [r.choice([0, 0, 1, 2, 3, r.randint(0, 30)]) for _ in range(width * nz)]
        zones = [i * width for i in range(nz)]
        sources = [r.choice(zones) for _ in range(r.randint(0, 4))]
        dest = r.choice(zones)
        kinds = [r.randrange(width) for _ in range(r.randint(0, width))]
        exact, kept = r.random() < 0.5, r.choice([None, []])
        agree("move_tokens", [Z, sources, dest, r.randint(0, 20), kinds, exact, kept])
        agree("move_all", [Z, sources, dest, tuple(kinds), kept])
        bundle = {NAMES[k]: r.randint(-1, 8) for k in kinds}
        agree("move_bundle", [Z, sources, dest, bundle, {k: i for i, k in enumerate(NAMES)}, exact, kept])
        agree("draw", [Z, random.Random(case), width, r.choice(zones), dest, r.choice([None, r.randint(0, 25)]),
                       exact, kept])
        agree("count_kinds", [Z, dest, tuple(kinds)])
        agree("first_of", [kinds])
        agree("share_out", [r.randint(0, 60), [r.randint(0, 20) for _ in range(r.randint(1, 8))]])
        agree("spread_counts", [random.Random(case), r.randint(1, 12), r.randint(0, 60)])
        matching: dict = {}
        moves = [(r.choice(zones), dest, r.randrange(width), r.randint(1, 9)) for _ in range(r.randint(0, 6))]
        agree("count_moves", [moves, matching, r.randint(0, 9), [0, 0, 0], Miss(matching, 3)])
    assert NATIVE.handed_over() == before


# ------------------------------------------------------------------ cards
@needs_native
@SETTINGS
@given(st.data())
def test_take_cards_agrees(data):
    uid = iter(range(1, 1000))
    piles = [[CardValue(data.draw(st.sampled_from("xyz")), next(uid) if data.draw(st.booleans()) else None)
              for _ in range(data.draw(st.integers(0, 4)))] for _ in range(data.draw(st.integers(0, 3)))]
    held = [c for pile in piles for c in pile]
    cards = data.draw(st.lists(st.one_of(st.sampled_from(held) if held else st.nothing(),
                                         st.builds(CardValue, st.sampled_from("xyzw")),
                                         st.none()), max_size=4))  # (none: `top` of an empty pile)
    # (copied together, so the cards asked for are the very copies in the piles)
    def taken(fn: Any) -> tuple:
        p, c = copy.deepcopy((piles, cards))
        try:
            got = ("value", [(x.name, x.uid) for x in fn(p, c)])
        except Exception as e:  # noqa: BLE001 - the type is what is compared
            got = ("raised", type(e))
        return got, [[(x.name, x.uid) for x in pile] for pile in p]

    assert taken(NATIVE.take_cards) == taken(kernels.PYTHON["take_cards"])


# ------------------------------------------------------------------ shares and spreads
@needs_native
@SETTINGS
@given(st.one_of(st.integers(0, 60), st.integers(-3, 10**19)),
       st.lists(st.one_of(st.integers(0, 30), st.integers(-2, 10**18)), max_size=12))
def test_share_out_agrees(left, wanted_list):
    result, _ = agree("share_out", [left, wanted_list])
    if result[0] == "value" and result[1] is not None:
        assert sum(result[1]) <= max(left, sum(wanted_list))


def test_share_out_returns_the_claims_themselves_when_all_are_met():
    claims = [1, 2]
    assert builtins.share_out(5, claims) is claims


@needs_native
@SETTINGS
@given(st.integers(1, 12), st.one_of(st.integers(-2, 300), st.just(True)), st.integers(0, 2**32))
def test_spread_counts_agrees(n, amount, seed):
    result, _ = agree("spread_counts", [random.Random(seed), n, amount])
    assert sum(result[1]) == max(0, amount)


# ------------------------------------------------------------------ zone readers
@needs_native
@SETTINGS
@given(st.data())
def test_zone_readers_agree_and_return_the_same_names(data):
    Z, width, zones = data.draw(state(st.one_of(any_counts, st.just(MAX_ITEMS + 1))))
    kinds = tuple("".join(["kind", str(i)]) for i in range(width))  # (str objects made at run time)
    python = support.make_zone_readers(kinds, compiled=False)
    compiled = support.make_zone_readers(kinds, compiled=True)
    assert type(compiled["zone_pieces"]) is not type(python["zone_pieces"])
    z = offset(data.draw, zones, width)
    assert type(compiled["zone_size"]) is not type(python["zone_size"])
    for name in ("zone_kinds", "zone_pieces", "zone_size"):
        a = outcome(python[name], [list(Z), z])
        b = outcome(compiled[name], [list(Z), z])
        assert a == b
        if a[0][0] == "value" and name != "zone_size":
            assert all(x is y for x, y in zip(a[0][1], b[0][1]))
            assert all(any(x is k for k in kinds) for x in b[0][1])


@needs_native
def test_zone_pieces_stops_past_the_list_limit_as_python_does():
    compiled = support.make_zone_readers(("a", "b"), compiled=True)["zone_pieces"]
    with pytest.raises(support.Abort):
        compiled([MAX_ITEMS, 1], 0)


# ------------------------------------------------------------------ spaces and the step budget
@needs_native
@SETTINGS
@given(st.dictionaries(st.integers(0, 40), st.integers(0, 99), max_size=6),
       st.one_of(st.integers(-2, 45), st.just(None), st.just("z"), st.just(2**70)))
def test_space_of_agrees(table, zone):
    """A zone not in the table stops the flat code (Abort) in both; an unhashable one is Python's."""
    assert boards.space_of is (NATIVE.space_of if kernels.ACTIVE else kernels.PYTHON["space_of"])
    result, _ = agree("space_of", [table, zone])
    assert result == (("value", table[zone]) if zone in table else ("raised", support.Abort))


def items_for(kind: str, n: int) -> Any:
    return {"list": [0] * n, "tuple": (1,) * n, "range": range(n), "dict": dict.fromkeys(range(n)),
            "str": "x" * n, "no length": iter([0] * n)}[kind]


@needs_native
@SETTINGS
@given(st.one_of(st.integers(-5, 400), st.just(True), st.just(2**62)), st.integers(0, 300),
       st.sampled_from(["list", "tuple", "range", "dict", "str", "no length"]),
       st.one_of(st.just(None), st.integers(-3, 40), st.just(True)))
def test_the_budget_charges_agree(left, n, kind, per_item):
    """CH (a query's source, `per_item` steps an item) and CI (a list a built-in goes through, a
    step per ITEMS_PER_STEP items): the same value, the same steps left, Abort below zero."""
    python = support.make_limits([left], [0, 0], compiled=False)
    budget = [left]
    compiled = support.make_limits(budget, [0, 0], compiled=True)
    assert type(compiled["CH"]) is not type(python["CH"])
    for name in ("CH", "CI"):
        args = [items_for(kind, n)] + ([per_item] if name == "CH" and per_item is not None else [])
        py_budget = [left]
        py = support.make_limits(py_budget, [0, 0], compiled=False)[name]
        budget[0] = left
        a = outcome(py, list(args))
        args[0] = items_for(kind, n)  # (a fresh iterator for the compiled one)
        b = outcome(compiled[name], list(args))
        assert a[0][0] == b[0][0] and (a[0][0] == "value" or a[0][1] is b[0][1]), (name, a, b)
        assert py_budget == budget, name
        if a[0][0] == "value" and kind != "no length":
            steps = n * (1 if per_item is None else per_item) if name == "CH" else n // builtins.ITEMS_PER_STEP
            assert budget == [left - steps] and left - steps >= 0


# ------------------------------------------------------------------ the choice
CHOSEN = ("import ratdsl.kernels as k, ratdsl.engine.flat.support as s, ratdsl.semantics.builtins as b, "
          "ratdsl.agents.random_agent as r; "
          "print(k.ACTIVE, [type(f).__name__ for f in (s.draw, s.move_tokens, b.share_out, r.spread_counts)])")


def chosen(pure: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != kernels.PURE_ENV}
    if pure is not None:
        env[kernels.PURE_ENV] = pure
    return subprocess.run([sys.executable, "-c", CHOSEN], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_environment_variable_chooses_the_python_originals():
    assert chosen("1") == "False ['function', 'function', 'function', 'function']"


@needs_native
def test_the_compiled_helpers_are_chosen_by_default():
    builtin = "builtin_function_or_method"
    assert chosen(None) == f"True [{', '.join([repr(builtin)] * 4)}]"
    assert chosen("0") == chosen(None)


def test_the_chosen_helpers_pickle_by_the_name_they_are_bound_to():
    """The flat cache pickles its namespace: a helper is kept by name and read back as the one
    this process chose."""
    for fn in (support.draw, support.move_tokens, builtins.share_out):
        assert pickle.loads(pickle.dumps(fn)) is fn
    assert kernels.PYTHON["draw"].__name__ == "draw"


def test_the_random_agent_spreads_with_the_chosen_helper():
    agent = random_agent.RandomAgent(7)
    expected = kernels.PYTHON["spread_counts"](random.Random(7), 3, 50)
    assert agent.fast_spread("d", ["x", "y", "z"], 50) == expected


KEPT = ("import sys; from ratdsl.session import load_rules; from ratdsl.engine.flat.game import flat_module; "
        "m = flat_module(load_rules(sys.argv[1]), 4); "
        "print(type(m.gen).__name__ == 'SimpleNamespace', type(m.ns['draw']).__name__, "
        "type(m.ns['zone_pieces']).__name__, type(m.ns['share_out']).__name__)")


@needs_native
def test_a_kept_flat_module_plays_the_helpers_its_reader_chose(private_cache):
    """A module kept by a process with the compiled helpers, read by one told to use Python's
    (and the other way round), gets that reader's helpers: the cache names them, not holds them."""
    from .conftest import RATLAND

    def kept(pure: str | None) -> str:
        env = {k: v for k, v in os.environ.items() if k != kernels.PURE_ENV}
        if pure is not None:
            env[kernels.PURE_ENV] = pure
        return subprocess.run([sys.executable, "-c", KEPT, str(RATLAND)], env=env, capture_output=True, text=True,
                              check=True).stdout.strip()

    python, builtin = "function", "builtin_function_or_method"
    assert kept(None) == f"False {builtin} {builtin} {builtin}"  # made, and kept
    assert kept("1") == f"True {python} {python} {python}"  # read back
    assert kept(None) == f"True {builtin} {builtin} {builtin}"
