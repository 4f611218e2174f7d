"""The compiled twins of the flat target's helpers for general values (ratdsl/_general.c) against
their Python originals (flat/dyn.py): for random values of several kinds, nested lists, boxes of
seats and zones, cards, bundles and values no rule makes (odd tuples, huge numbers, str
subclasses), the same value or the same exception type. Plain values run in C; the others are
handed over whole, which the same comparison holds to the same results."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratdsl import kernels
from ratdsl.engine.flat import dyn, lists  # noqa: F401 - lists registers the twins of joined_lists and card_in
from ratdsl.semantics.values import CardValue

from .test_kernels import NATIVE, SETTINGS, agree, needs_native


class Name(str):
    """A str subclass: equal to its text, but not of the exact class the twins work on."""


seats = st.integers(-2, 6)
atoms = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.integers(), st.sampled_from(["attack", "move", "p", "z"]),
    st.tuples(st.just("p"), seats), st.tuples(st.just("z"), st.integers(-3, 40)),
    st.tuples(st.sampled_from(["p", "z", "q"]), st.one_of(st.integers(), st.booleans())),
    st.tuples(st.just("z")), st.just(()), st.builds(Name, st.sampled_from(["p", "z", "move"])),
    st.tuples(st.builds(Name, st.just("z")), seats), st.builds(CardValue, st.sampled_from(["amber", "basalt"])),
    st.dictionaries(st.sampled_from(["cat", "rat"]), st.integers(0, 3), max_size=2),
)
values = st.recursive(atoms, lambda inner: st.lists(inner, max_size=4), max_leaves=12)
LABELS = [f"space{i}" for i in range(10)]  # (zones 0-29: a zone past them has no label)


@needs_native
@SETTINGS
@given(values, values)
def test_the_general_value_twins_agree(a, b):
    agree("d_key", [a])
    agree("d_eq", [a, b])
    agree("d_eq", [a, a])
    agree("d_in", [a, [b, a]])
    agree("d_in", [a, b])
    agree("d_encode", [a, LABELS, 3])
    agree("as_zone", [a])
    agree("as_player", [a])


@needs_native
@SETTINGS
@given(values, st.lists(st.integers(0, 9), max_size=12), st.integers(-1, 4))
def test_size_and_index_agree(x, Z, width):
    agree("d_size", [x, Z, width])
    seat0 = {0: 10, 3: 40, 7: "odd"}
    for key in (("z", 0), ("z", 3), ("z", 7), ("z", 5), ("p", 1), 2):
        agree("d_index", [x, key, seat0, 66])
        agree("d_index", [("p", 2), key, seat0, 66])


@needs_native
def test_keys_are_equal_exactly_when_the_values_are():
    """d_key's meaning, on the twin: lists of the same items key alike, a number and a yes/no
    never do (True == 1 in Python), and a seat's box is not a zone's."""
    key = NATIVE.d_key
    assert key(["attack", ("z", 12), ("p", 2)]) == key(["attack", ("z", 12), ("p", 2)])
    assert key([1]) != key([True])
    assert key([("p", 2)]) != key([("z", 2)])
    assert key([[1, 2], None]) == ("l", ("l", ("int", 1), ("int", 2)), None)


@needs_native
def test_plain_values_run_compiled():
    """What the generated code passes (Ratatopolis's plan steps) is never handed to Python, else
    the twins would be tested only against their originals' own results."""
    step = ["attack", ("z", 12), ("p", 2)]
    move = ["move", ("z", 3), ("z", 9)]
    before = NATIVE.handed_over()
    assert NATIVE.d_key(step) == ("l", "attack", ("z", 12), ("p", 2))
    assert NATIVE.d_eq(step, list(step)) and not NATIVE.d_eq(step, move)
    assert NATIVE.d_in(move, [step, move, None])
    assert NATIVE.d_encode(step, LABELS, 3) == ["attack", "space4", "P3"]
    assert NATIVE.as_zone(("z", 9)) == 9 and NATIVE.as_player(("p", 0)) == 0
    assert NATIVE.d_size(("z", 3), [0, 0, 0, 1, 2, 3, 4], 3) == 6 and NATIVE.d_size(step, [], 3) == 3
    assert NATIVE.d_index(("p", 2), ("z", 3), {3: 40}, 66) == ("z", 172)
    assert NATIVE.handed_over() == before


@needs_native
@pytest.mark.parametrize("zone", [-4, -1, 0, 29, 30, 32, 2**62, True])
def test_a_zone_past_the_labels_or_below_them_is_shown_as_python_shows_it(zone):
    """Labels are looked up by zone // width: the last zone with a label, the first without one,
    a negative zone (Python counts from the end), a huge one and a yes/no."""
    agree("d_encode", [("z", zone), LABELS, 3])
    agree("d_encode", [["move", ("z", zone)], LABELS, 3])
    agree("d_size", [("z", zone), [1] * 33, 3])


@needs_native
def test_lists_nested_deeper_than_the_twins_go_are_handed_over():
    deep: list = [1]
    for _ in range(200):
        deep = [deep]
    before = NATIVE.handed_over()
    agree("d_key", [deep])
    agree("d_eq", [deep, deep])
    agree("d_encode", [deep, LABELS, 3])
    assert NATIVE.handed_over() > before


@pytest.mark.parametrize("name", ["d_key", "d_eq", "d_in", "d_encode", "as_zone", "as_player", "d_size", "d_index"])
def test_the_chosen_general_helpers_pickle_by_their_name(name):
    """The flat cache keeps its namespace by name: read back, a helper is the one chosen here."""
    fn = getattr(dyn, name)
    assert pickle.loads(pickle.dumps(fn)) is fn
    assert dyn.RUNTIME[name] is fn
    assert kernels.PYTHON[name].__name__ == name


FIRST = ("import ast, sys; from ratdsl.engine.flat import dyn, lists; name = sys.argv[1]; "
         "args = ast.literal_eval(sys.argv[2]); "
         "fn = getattr(dyn, name, None) or getattr(lists, name)\n"
         "try:\n    print(repr(fn(*args)))\nexcept Exception as e:\n    print(type(e).__name__)")
FIRST_CALLS = [("as_zone", "[('p', 1)]", "Abort"), ("as_player", "[('p', 1)]", "1"),
               ("d_key", "[[True]]", "('l', ('bool', True))"), ("d_encode", "[('p', 0), [], 3]", "'P1'"),
               ("d_size", "[('z', 0), [2], 1]", "2"), ("d_index", "[('p', 1), ('z', 0), {0: 5}, 7]", "('z', 12)"),
               ("d_eq", "[[1], [1]]", "True"), ("d_in", "[1, [True]]", "False"),
               ("joined_lists", "[[1], [2]]", "[1, 2]")]


@needs_native
@pytest.mark.parametrize(("name", "args", "printed"), FIRST_CALLS, ids=[c[0] for c in FIRST_CALLS])
def test_each_twin_works_as_the_first_call_of_a_process(name, args, printed):
    """The names the twins share are made at the first call of any of them (as_zone once read
    them before that, and crashed the process)."""
    done = subprocess.run([sys.executable, "-c", FIRST, name, args], capture_output=True, text=True)
    assert (done.returncode, done.stdout.strip()) == (0, printed), done.stderr[-500:]


cards = st.builds(CardValue, st.sampled_from(["amber", "basalt", "cobalt"]), st.one_of(st.none(), st.integers(0, 3)))


@needs_native
@SETTINGS
@given(st.one_of(cards, st.none(), st.just(Name("amber"))), st.lists(st.one_of(cards, cards, st.none(), st.integers()),
                                                                     max_size=5))
def test_card_in_agrees(card, held):
    """`card in cards` by name: copies of a name are equal, none is no card, an item of another
    kind is left to Python's own `in`."""
    agree("card_in", [card, held])


@needs_native
def test_card_in_of_cards_runs_compiled():
    before = NATIVE.handed_over()
    amber = CardValue("amber", 1)
    assert NATIVE.card_in(amber, [CardValue("basalt", 2), None, CardValue("amber", 7)])
    assert not NATIVE.card_in(amber, [CardValue("basalt", 2)])
    assert NATIVE.handed_over() == before


@needs_native
@pytest.mark.parametrize("extra", [-1, 0, 1, 2])
def test_joined_lists_stops_where_the_language_limit_does(extra):
    """The C twin keeps its own copy of MAX_ITEMS (_general.c): at the language's limit and one
    past it, it gives what the Python original gives (a join of MAX_ITEMS items, then Abort)."""
    from ratdsl.semantics.operators import MAX_ITEMS

    left = [0] * (MAX_ITEMS // 2)
    right = [1] * (MAX_ITEMS - len(left) + extra)
    (how, what), _ = agree("joined_lists", [left, right])
    if extra > 0:
        assert (how, what.__name__) == ("raised", "Abort")
    else:
        assert (how, len(what)) == ("value", MAX_ITEMS + extra)
