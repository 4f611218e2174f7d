"""Sealed plans (`plan ID for each P in PLAYERS: choose COUNT from OPTIONS [or pass] into VAR`),
the parts the tree-walker runs so that every plan asks, logs and reveals alike: every player commits their
steps inside a secret block (nobody else sees an answer, and their views show the others as they
were), then all plans are set at once, in the players' order, into each one's variable: the
reveal. What a plan's steps do, in which order, and what a step that can no longer run does, is
written in the rules that read the variable afterwards."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..language import ast as A
from ..semantics.builtins import equality_key
from ..semantics.values import PlayerRef

if TYPE_CHECKING:
    from .interpreter import Interpreter

MAX_PLAN_STEPS = 100  # a plan longer than this is a mistake in the rules, not a game


def plan_count(it: Interpreter, value: Any, node: A.Expr) -> int:
    """How many steps each plan has: a whole number from 0 to MAX_PLAN_STEPS."""
    n = it.number(value, node)
    if not 0 <= n <= MAX_PLAN_STEPS:
        raise it.error(node, f"a plan has from 0 to {MAX_PLAN_STEPS} steps, not {n}")
    return n


def plan_steps(it: Interpreter, node: A.Plan, p: PlayerRef, values: list[Any], count: int,
               likely: Callable[[list[Any]], list[Any]] | None = None) -> list[Any]:
    """One player's plan: `count` choices among `values` (`none` for a step passed, and for every
    step when there is nothing to choose from: then the player is not asked). With `likely` (the
    rules' `likely` list, a function of the steps chosen so far), each step's question carries
    the positions of the options the rules expect to run: what a random player chooses among."""
    steps: list[Any] = []
    for _ in range(count):
        expected = None if likely is None or not values else likely_positions(values, likely(list(steps)))
        chosen = it.rt.choose_index(node, p.seat, values, expected) if values else None  # type: ignore[arg-type]
        steps.append(None if chosen is None else values[chosen])
    return steps


def likely_positions(values: list[Any], likely: list[Any]) -> list[int]:
    """The positions in `values` of the options also in `likely` (by the language's equality;
    a `likely` value that is not an option is no answer, so it is left out)."""
    keys = {equality_key(v) for v in likely}
    return [i for i, v in enumerate(values) if equality_key(v) in keys]


def reveal_plans(it: Interpreter, node: A.Plan, plans: list[tuple[PlayerRef, list[Any]]]) -> None:
    """Sets every plan into its player's variable, one after another with nothing between."""
    for p, steps in plans:
        it.rt.set_player_var(p, node.into, steps)
