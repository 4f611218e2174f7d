"""Runtime errors raised while playing rules; each points at the rule text that caused it."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from ..language.ast import Node, Span
from ..language.errors import RuleError
from ..semantics.operators import too_long

if TYPE_CHECKING:
    from ..semantics.operators import OperatorError


class RuleRuntimeError(RuleError):
    def __init__(self, span: Span, message: str, code: str = "R001", hint: str | None = None,
                 source: str | None = None):
        super().__init__(span.file, span.line, span.column, message, source, code, hint,
                         span.end_column if span.end_line == span.line else None)
        self.span = span


FOR_LOOP, WHILE_LOOP, REPEAT_LOOP = "`for each` loop", "`while` loop", "`repeat` loop"  # (R002 names them)
PLAN, TURN, ACT = "`plan`", "`turn`", "`act`"  # (and these, which go round their players or choices too)


class StepBudgetExceeded(RuleRuntimeError):
    """R002 where the budget ran out; each loop and rule call it passes through on its way out
    `blame`s itself, so that the error is at the one that used the budget and names it with its
    count (the flat target blames the same loops and rules, with the same counts: flat/budget.py)."""

    def __init__(self, span: Span, budget: int):
        super().__init__(span, f"step budget of {budget} exceeded: the rules may loop forever",
                         "R002", "look for a while loop whose condition never becomes false")
        self.budget = budget
        self.blamed: tuple[str, Span, int] | None = None  # (what, where, steps it used)

    def blame(self, what: str, span: Span, start: int) -> None:
        """A loop or rule call that began when `start` steps had been taken is left by this
        error. Named: the innermost such that used at least half of the budget (else the outermost)."""
        used = self.budget - start
        if used <= 0 or self.blamed is not None and 2 * self.blamed[2] >= self.budget:
            return  # (a block paid ahead ran the budget out as it began: nothing of it used here)
        self.blamed = (what, span, used)
        # (the error is then at that loop or call: each engine finds the same one, with the same
        # count, where the place the budget ran out inside it is the reference's alone)
        self.span, self.file, self.line, self.column = span, span.file, span.line, span.column
        self.end_column = span.end_column if span.end_line == span.line else None
        self.message = (f"step budget of {self.budget} exceeded: the {what} at line {span.line}, column "
                        f"{span.column} used {used} steps of it; the rules may loop forever")


class ConservationError(RuleRuntimeError):
    def __init__(self, span: Span, message: str):
        super().__init__(span, message, "R003",
                         "tokens may only be created during setup; every move must keep them")


def did_you_mean(name: str, candidates: list[str]) -> str | None:
    """The hint for a name that is not known: the closest known one, if any is close."""
    close = difflib.get_close_matches(name, list(dict.fromkeys(candidates)), n=1)
    return f"did you mean {close[0]!r}?" if close else None


def refused(it: Any, err: OperatorError, node: Node) -> RuleRuntimeError:
    """An operator's refusal (ratdsl/semantics/operators.py) as the evaluator's error (`it.error`)
    at the operand of `node` it blames, or at `node` itself, with the code of what it refused
    (R001, or a limit's own)."""
    return it.error(getattr(node, err.at) if err.at else node, err.message, code=err.code)


ASSERTION_FAILED = "R009"  # an `assert` whose condition is false


def assertion_failed(message: str) -> str:
    """The message of a failed `assert`."""
    return f"assertion failed: {message}"


def list_too_long(it: Any, node: Node, size: int) -> RuleRuntimeError:
    """R007 at `node` for a list that grew past MAX_ITEMS (a comprehension of several `for`s)."""
    return refused(it, too_long(size), node)


class GameOver(Exception):
    """Raised by `end game`; unwinds to the round loop. turns: `counts_round` says whether the
    round it ends counts as played (`end game not counting the round`: it does not)."""

    def __init__(self, counts_round: bool = True):
        super().__init__()
        self.counts_round = counts_round
