"""The operators' meanings (semantics/operators.py) checked against what its docstrings and
docs/language.md say, case by case. The agreement tests compare evaluators that all call this
module, so a wrong meaning here agrees with itself there: these tests pin the meanings down
(written after a mutation run: benchmarks/mutation.sh)."""

from __future__ import annotations

import pytest

from ratdsl.semantics import operators as ops
from ratdsl.semantics.operators import MAX_ITEMS, MAX_NUMBER, MAX_RANGE, OperatorError
from ratdsl.semantics.values import PileRef, PlayerRef, ZoneRef

BIG = MAX_NUMBER - 1  # the largest number a game holds


def refused(fn, *args) -> OperatorError:
    with pytest.raises(OperatorError) as err:
        fn(*args)
    return err.value


# ---------------------------------------------------------------- limits
def test_bounded_keeps_numbers_strictly_inside_the_limit_both_sides():
    assert [ops.bounded(v) for v in (0, BIG, -BIG)] == [0, BIG, -BIG]
    for v in (MAX_NUMBER, -MAX_NUMBER, MAX_NUMBER * 5):
        err = refused(ops.bounded, v)
        assert (err.code, err.at, err.wrong_type) == ("R006", "", False)
        assert err.message == "the number is too big: numbers stay between -10^18 and 10^18"


def test_short_lists_pass_and_longer_ones_are_r007_with_their_size():
    assert len(ops.short([0] * MAX_ITEMS)) == MAX_ITEMS
    err = refused(ops.short, [0] * (MAX_ITEMS + 1))
    assert (err.code, err.at, err.wrong_type) == ("R007", "", False)
    assert err.message == f"a list of {MAX_ITEMS + 1} items is too long (at most {MAX_ITEMS})"


def test_an_operator_error_defaults_to_the_whole_node_a_type_error_and_r001():
    err = OperatorError("m")
    assert (err.message, err.at, err.wrong_type, err.code, str(err)) == ("m", "", True, "R001", "m")


# ---------------------------------------------------------------- conversions
def test_number_and_truth_take_exactly_their_class():
    assert ops.number(7) == 7 and ops.number(-3, "left") == -3
    for value in (True, None, [1]):
        err = refused(ops.number, value, "right")
        assert err.at == "right" and err.message.startswith("expected a number, got ") and err.wrong_type
    assert ops.truth(True) is True and ops.truth(False) is False
    for value in (0, 1, [], None):
        err = refused(ops.truth, value, "left")
        assert err.at == "left" and err.message.startswith("expected yes or no (a condition), got ")


def test_items_of_a_list_a_pile_and_a_bundle():
    xs = [3, 1]
    assert ops.items(xs, [], {}) is xs
    pile = PileRef(None, "deck")
    cards = ["a", "b"]
    got = ops.items(pile, [], {pile: cards})
    assert got == cards and got is not cards  # (a copy)
    assert ops.items({"gem": 2, "coin": 1, "nut": 0}, ["coin", "nut", "gem"], {}) == ["coin", "gem"]
    err = refused(ops.items, 5, [], {})
    assert err.message == "expected a list, got a number" and err.at == ""


# ---------------------------------------------------------------- equality and membership
def test_equality_never_mixes_yes_no_and_numbers_at_any_depth():
    assert ops.equal(1, 1) and ops.equal(True, True) and not ops.equal(True, False)
    assert not ops.equal(True, 1) and not ops.equal(1, True) and not ops.equal(0, False)
    assert ops.equal([1, [2, True]], [1, [2, True]])
    assert not ops.equal([1, [2, True]], [1, [2, 1]])
    assert not ops.equal([1], [1, 1]) and not ops.equal([1, 1], [1])
    assert not ops.equal([1, 2], [2, 1])
    assert ops.equal({"coin": 1}, {"coin": 1}) and not ops.equal("a", "b")
    assert ops.not_equal(True, 1) and not ops.not_equal(2, 2)


def test_contains_uses_the_languages_equality():
    assert ops.contains([1, 2], 2) and not ops.contains([1, 2], 3)
    assert not ops.contains([1], True) and not ops.contains([0], False) and not ops.contains([True], 1)
    assert ops.contains([1, True], True) and ops.contains([[1]], [1]) and not ops.contains([[True]], [1])
    assert ops.contains(["a", "b"], "b") and not ops.contains(["a"], "b")


# ---------------------------------------------------------------- arithmetic
def test_bundles_add_and_subtract_by_kind_and_drop_what_falls_to_zero_or_below():
    assert ops.add({"coin": 2}, {"coin": 3, "gem": 1}) == {"coin": 5, "gem": 1}
    assert ops.subtract({"coin": 2, "gem": 5}, {"coin": 2, "gem": 1}) == {"gem": 4}
    assert ops.subtract({"coin": 2}, {"coin": 3, "gem": 1}) == {}
    assert ops.add({}, {"gem": 0}) == {}
    left = {"coin": 1}
    ops.add(left, {"coin": 1})
    assert left == {"coin": 1}  # (operands untouched)
    assert ops.add({"coin": BIG - 1}, {"coin": 1}) == {"coin": BIG}
    assert refused(ops.add, {"coin": BIG}, {"coin": 1}).code == "R006"
    assert refused(ops.subtract, {"coin": -BIG}, {"coin": 1}).code == "R006"


def test_numbers_add_subtract_and_multiply_within_the_limit():
    assert ops.add(2, 3) == 5 and ops.subtract(2, 3) == -1 and ops.multiply(-4, 3) == -12
    assert ops.add(BIG, 0) == BIG and refused(ops.add, BIG, 1).code == "R006"
    assert refused(ops.subtract, -BIG, 1).code == "R006" and refused(ops.multiply, 10**9, 10**9).code == "R006"
    assert refused(ops.add, True, 1).at == "left" and refused(ops.add, 1, None).at == "right"
    assert refused(ops.subtract, True, 1).at == "left" and refused(ops.subtract, 1, None).at == "right"
    assert refused(ops.multiply, True, 1).at == "left" and refused(ops.multiply, 1, None).at == "right"


def test_lists_join_up_to_the_item_limit():
    assert ops.add([1], [2, 3]) == [1, 2, 3]
    assert len(ops.add([0] * (MAX_ITEMS - 1), [0])) == MAX_ITEMS
    err = refused(ops.add, [0] * MAX_ITEMS, [0])
    assert err.code == "R007" and f"a list of {MAX_ITEMS + 1} items" in err.message


def test_a_bundle_is_scaled_by_a_number_on_its_right_only():
    assert ops.multiply({"coin": 2, "gem": 1}, 3) == {"coin": 6, "gem": 3}
    assert ops.multiply({"coin": 2}, 0) == {"coin": 0}
    err = refused(ops.multiply, {"coin": 2}, -1)
    assert (err.at, err.wrong_type, err.code) == ("right", False, "R001")
    assert err.message == "a bundle cannot be scaled by -1: it holds no negative counts"
    assert refused(ops.multiply, {"coin": 2}, True).at == "right"
    assert refused(ops.multiply, 2, {"coin": 1}).at == "right"  # (never on its left)
    assert refused(ops.multiply, {"coin": MAX_NUMBER // 2}, 2).code == "R006"
    assert ops.multiply({"coin": BIG}, 1) == {"coin": BIG}


@pytest.mark.parametrize(("a", "b"), [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 5), (6, 3)])
def test_division_and_remainder_round_down(a, b):
    assert ops.divide(a, b) == a // b and ops.modulo(a, b) == a % b
    assert ops.divide(a, b) * b + ops.modulo(a, b) == a


def test_division_by_zero_is_refused_for_these_values():
    for fn in (ops.divide, ops.modulo):
        err = refused(fn, 1, 0)
        assert (err.message, err.at, err.wrong_type) == ("division by zero", "", False)
        assert refused(fn, True, 1).at == "left" and refused(fn, 1, True).at == "right"


def test_comparisons_compare_numbers_only():
    cases = [(1, 2), (2, 2), (3, 2)]
    assert [ops.less(a, b) for a, b in cases] == [a < b for a, b in cases]
    assert [ops.less_or_equal(a, b) for a, b in cases] == [a <= b for a, b in cases]
    assert [ops.greater(a, b) for a, b in cases] == [a > b for a, b in cases]
    assert [ops.greater_or_equal(a, b) for a, b in cases] == [a >= b for a, b in cases]
    for fn in (ops.less, ops.less_or_equal, ops.greater, ops.greater_or_equal):
        assert refused(fn, True, 1).at == "left" and refused(fn, 1, False).at == "right"


def test_negation_and_not():
    assert ops.negate(5) == -5 and ops.negate(-BIG) == BIG
    assert refused(ops.negate, True).at == ""
    assert ops.not_(True) is False and ops.not_(False) is True and refused(ops.not_, 0).at == ""


def test_binary_and_fold_dispatch_by_the_operator():
    assert {op: ops.binary(op, 7, 2) for op in ops.BINARY} == {
        "==": False, "!=": True, "+": 9, "-": 5, "*": 14, "/": 3, "%": 1,
        "<": False, "<=": False, ">": True, ">=": True}
    assert ops.fold("-", 4) == -4 and ops.fold("not", False) is True and ops.fold("-", 4, 1) == 3
    err = refused(ops.binary, "**", 2, 3)
    assert err.message == "unknown operator **" and err.wrong_type


# ---------------------------------------------------------------- ranges and indexing
def test_a_range_holds_both_ends_and_at_most_max_range_values():
    assert ops.whole_range(2, 5) == [2, 3, 4, 5] and ops.whole_range(3, 2) == []
    assert len(ops.whole_range(1, MAX_RANGE)) == MAX_RANGE
    err = refused(ops.whole_range, 0, MAX_RANGE)
    assert err.message == f"the range 0..{MAX_RANGE} is too long (at most {MAX_RANGE} values)"
    assert err.wrong_type is False
    assert refused(ops.whole_range, True, 2).at == "low" and refused(ops.whole_range, 1, None).at == "high"


def test_indexing_a_list_from_either_end_and_names_through_member():
    xs = [10, 20, 30]
    assert [ops.index(xs, k, None) for k in (0, 2, -1, -3)] == [10, 30, 30, 10]
    for k in (3, -4):
        err = refused(ops.index, xs, k, None)
        assert err.message == f"index {k} is outside the list of 3" and (err.at, err.wrong_type) == ("", False)
    err = refused(ops.index, xs, True, None)
    assert err.at == "key" and err.message == "a list index must be a number, got a yes/no value"
    seen = []

    def member(obj, name, *context):
        seen.append((obj, name, context))
        return name.upper()

    player = PlayerRef(1)
    assert ops.index(player, "score", member, "ctx") == "SCORE"
    assert ops.index(player, ZoneRef(None, "north"), member) == "NORTH"
    assert seen == [(player, "score", ("ctx",)), (player, "north", ())]
    assert refused(ops.index, player, ZoneRef(0, "north"), member).message.startswith("cannot look up ")
    assert refused(ops.index, 5, 1, member).message.startswith("cannot look up ")


# ---------------------------------------------------------------- found by the mutation run
def test_the_refusals_name_the_values_they_refuse():
    assert refused(ops.number, True).message == "expected a number, got a yes/no value"
    assert refused(ops.truth, 0).message == "expected yes or no (a condition), got a number"
    assert refused(ops.whole_range, 0, MAX_RANGE).at == ""
    assert refused(ops.add, 1, True).message == "expected a number, got a yes/no value"
    assert refused(ops.index, 5, 1, None).message == "cannot look up a number in a number"
    assert refused(ops.index, PlayerRef(0), 1, None).message == "cannot look up a number in a player"
