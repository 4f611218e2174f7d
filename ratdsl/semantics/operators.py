"""What the operators of the rule language mean, written once.

The tree-walker, the flat compiler (its limits and errors), the summaries' static evaluator and
the checker all ask this module, so `true == 1` or `if 0` mean one thing
everywhere. The rules, in short:

* a yes/no value is not a number: it never equals one (`true == 1` is false, also inside lists
  and for `in`), and arithmetic, comparison and indexing refuse it;
* a condition (`if`, `while`, `where`, `not`, `and`, `or`, ...) must be exactly yes or no: `if 0`
  is an error, not false;
* `+` and `-` add and subtract numbers and bundles (a bundle difference drops kinds that fall to 0
  or below), `+` also joins lists; `*` multiplies numbers, or scales a bundle on its LEFT by a
  number (`2 * {coin: 1}` is refused, as the docs say); `/` and `%` floor, and refuse a zero divisor;
* numbers stay below 10**18 in size (MAX_NUMBER): an operator whose result would not is refused
  (R006), so no game can build a number that takes memory or time to hold; a list stays at most
  MAX_ITEMS long (R007), and a bundle never holds a negative count.

An operator that refuses its operands raises `OperatorError` with a message and the operand to
blame (the name of its field in the AST node: "left", "right", "key"; "" for the node itself).
Each evaluator turns it into its own positioned error: the tree-walker's messages are these.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .values import PileRef, PlayerRef, ZoneRef, type_name

WHOLE, LEFT, RIGHT, KEY = "", "left", "right", "key"


MAX_NUMBER = 10**18  # every number of a game is below this in size (the parser allows 18 digits)
MAX_ITEMS = 100_000  # items of one list, cards of one pile
TOO_BIG, TOO_LONG = "R006", "R007"  # the runtime codes of these limits


class OperatorError(Exception):
    """An operator refused its operands. `at` names the operand to blame (see the module);
    `wrong_type` is True when any operands of the same types would be refused too (the checker
    reports those), False when it is these values (a zero divisor, an index past the end);
    `code` is the runtime error code the evaluators give it (a limit has its own)."""

    def __init__(self, message: str, at: str = WHOLE, wrong_type: bool = True, code: str = "R001"):
        super().__init__(message)
        self.message = message
        self.at = at
        self.wrong_type = wrong_type
        self.code = code


def bounded(value: int) -> int:
    """`value` if it is below MAX_NUMBER in size, else a refusal: where numbers grow, they are
    checked, so no rule can make one that would take the machine's memory or time."""
    if -MAX_NUMBER < value < MAX_NUMBER:
        return value
    raise OperatorError("the number is too big: numbers stay between -10^18 and 10^18", WHOLE,
                        wrong_type=False, code=TOO_BIG)


def short(items: list[Any]) -> list[Any]:
    """`items` if it holds at most MAX_ITEMS, else a refusal (where lists grow)."""
    if len(items) <= MAX_ITEMS:
        return items
    raise too_long(len(items))


def too_long(size: int) -> OperatorError:
    return OperatorError(f"a list of {size} items is too long (at most {MAX_ITEMS})", WHOLE,
                         wrong_type=False, code=TOO_LONG)


# ---------------------------------------------------------------- conversions
def number(value: Any, at: str = WHOLE) -> int:
    """A whole number, or a refusal: yes/no values are not numbers."""
    if value.__class__ is int:
        return value
    raise OperatorError(f"expected a number, got {type_name(value)}", at)


def truth(value: Any, at: str = WHOLE) -> bool:
    """The one rule of conditions: exactly yes or no. `0`, `[]` and `none` are not false."""
    if value.__class__ is bool:
        return value
    raise OperatorError(f"expected yes or no (a condition), got {type_name(value)}", at)


def items(value: Any, kinds: Sequence[str], piles: Mapping[PileRef, list[Any]]) -> list[Any]:
    """What `in`, `for each` and the queries go through: a list itself, the cards of a pile (a
    copy), or the kinds a bundle holds, in declaration order. `piles` is the game's (a static
    evaluator gives one that cannot be read)."""
    if isinstance(value, list):
        return value
    if isinstance(value, PileRef):
        return list(piles[value])
    if isinstance(value, dict):
        return [k for k in kinds if value.get(k)]
    raise OperatorError(f"expected a list, got {type_name(value)}")


# ---------------------------------------------------------------- equality and membership
def equal(left: Any, right: Any) -> bool:
    """Rule-language equality: Python's, except that a yes/no value never equals a number, at
    any depth of a list. Players are equal by seat, cards by name, bundles by their counts."""
    if left.__class__ is bool or right.__class__ is bool:
        return left is right
    if left.__class__ is list and right.__class__ is list:
        return len(left) == len(right) and all(equal(a, b) for a, b in zip(left, right))
    return left == right


def not_equal(left: Any, right: Any) -> bool:
    return not equal(left, right)


LOOSE_EQUALITY = (bool, int, list)  # the classes whose Python equality is looser than the language's


def contains(container: list[Any], item: Any) -> bool:
    """`item in container` with the language's equality (`true in [1]` is false)."""
    if item not in container:  # the language's equality is never looser than Python's
        return False
    if item.__class__ not in LOOSE_EQUALITY:
        return True
    return any(equal(item, x) for x in container)


# ---------------------------------------------------------------- arithmetic
def _bundle_sum(left: dict[str, int], right: dict[str, int], sign: int) -> dict[str, int]:
    out = dict(left)
    for k, v in right.items():
        v = out[k] = out.get(k, 0) + sign * v
        if not -MAX_NUMBER < v < MAX_NUMBER:
            bounded(v)  # raises
    return {k: v for k, v in out.items() if v > 0}


def add(left: Any, right: Any) -> Any:
    if left.__class__ is int and right.__class__ is int:
        return bounded(left + right)
    if isinstance(left, dict) and isinstance(right, dict):
        return _bundle_sum(left, right, 1)
    if isinstance(left, list) and isinstance(right, list):
        if len(left) + len(right) > MAX_ITEMS:
            raise too_long(len(left) + len(right))
        return left + right
    return bounded(number(left, LEFT) + number(right, RIGHT))


def subtract(left: Any, right: Any) -> Any:
    if isinstance(left, dict) and isinstance(right, dict):
        return _bundle_sum(left, right, -1)
    return bounded(number(left, LEFT) - number(right, RIGHT))


def multiply(left: Any, right: Any) -> Any:
    if isinstance(left, dict):  # a bundle scaled by a number on its right, never on its left
        factor = number(right, RIGHT)
        if factor < 0:
            raise OperatorError(f"a bundle cannot be scaled by {factor}: it holds no negative counts",
                                RIGHT, wrong_type=False)
        out = {k: v * factor for k, v in left.items()}
        for v in out.values():
            if not -MAX_NUMBER < v < MAX_NUMBER:
                bounded(v)  # raises
        return out
    return bounded(number(left, LEFT) * number(right, RIGHT))


def divide(left: Any, right: Any) -> int:
    """Whole-number division rounding down: `-7 / 2` is -4."""
    a, b = number(left, LEFT), number(right, RIGHT)
    if b == 0:
        raise OperatorError("division by zero", WHOLE, wrong_type=False)
    return a // b


def modulo(left: Any, right: Any) -> int:
    """The remainder with the sign of the divisor (as `/` rounds down)."""
    a, b = number(left, LEFT), number(right, RIGHT)
    if b == 0:
        raise OperatorError("division by zero", WHOLE, wrong_type=False)
    return a % b


def less(left: Any, right: Any) -> bool:
    return number(left, LEFT) < number(right, RIGHT)


def less_or_equal(left: Any, right: Any) -> bool:
    return number(left, LEFT) <= number(right, RIGHT)


def greater(left: Any, right: Any) -> bool:
    return number(left, LEFT) > number(right, RIGHT)


def greater_or_equal(left: Any, right: Any) -> bool:
    return number(left, LEFT) >= number(right, RIGHT)


def negate(value: Any) -> int:
    return -number(value)  # (bounded: the limit is the same both sides of 0)


def not_(value: Any) -> bool:
    return not truth(value)


BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "==": equal, "!=": not_equal, "+": add, "-": subtract, "*": multiply, "/": divide, "%": modulo,
    "<": less, "<=": less_or_equal, ">": greater, ">=": greater_or_equal,
}
UNARY: dict[str, Callable[[Any], Any]] = {"not": not_, "-": negate}


def binary(op: str, left: Any, right: Any) -> Any:
    """`left op right` for the operators of BINARY (`and`, `or` and `in` have their own rules:
    truth, and items plus contains)."""
    fn = BINARY.get(op)
    if fn is None:
        raise OperatorError(f"unknown operator {op}")
    return fn(left, right)


def fold(op: str, *operands: Any) -> Any:
    """The constant folder: the value of an operator over operands known before the game, or an
    OperatorError where the operator refuses them. Code generation folds constants with it, the
    summaries' static evaluator evaluates with it, the checker asks it about operand types."""
    if len(operands) == 1:
        return UNARY[op](operands[0])
    return binary(op, *operands)


# ---------------------------------------------------------------- ranges
MAX_RANGE = 100_000  # values of one `a..b`: a runaway range stops the game instead of the machine


def whole_range(low: Any, high: Any) -> list[int]:
    """`low..high`: the whole numbers from low to high, both included (empty if low > high)."""
    a, b = number(low, "low"), number(high, "high")
    if b - a >= MAX_RANGE:
        raise OperatorError(f"the range {a}..{b} is too long (at most {MAX_RANGE} values)", WHOLE, wrong_type=False)
    return list(range(a, b + 1))


# ---------------------------------------------------------------- indexing
def index(obj: Any, key: Any, member: Callable[..., Any], *context: Any) -> Any:
    """`obj[key]`: a position in a list (from 0; negative counts from the end), or for any other
    value a name that works like `.name` (`member(obj, key, *context)`, which the evaluator
    gives: members read the game)."""
    if isinstance(obj, list):
        if key.__class__ is not int:
            raise OperatorError(f"a list index must be a number, got {type_name(key)}", KEY)
        if not -len(obj) <= key < len(obj):
            raise OperatorError(f"index {key} is outside the list of {len(obj)}", WHOLE, wrong_type=False)
        return obj[key]
    if isinstance(key, str):
        return member(obj, key, *context)
    if isinstance(key, ZoneRef) and key.owner is None and isinstance(obj, PlayerRef):
        return member(obj, key.name, *context)  # boards: `p[space]`, p's own zone of that space
    raise OperatorError(f"cannot look up {type_name(key)} in {type_name(obj)}")
