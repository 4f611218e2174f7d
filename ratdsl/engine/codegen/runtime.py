"""Helpers the generated Python code calls: the parts of a statement that are the same wherever it
appears (raising positioned errors, asking a choice), kept here so the generated code stays short.
What changes the game's state is the runtime's (`it.rt`), which the tree-walker calls too.

Each helper does exactly what the tree-walking `Interpreter` does for the same node, in the same
order, so both engines write the same log.
"""

from __future__ import annotations

from typing import Any

from ...language import ast as A
from ...semantics.builtins import BUILTINS
from ...semantics.values import PlayerRef, ZoneRef
from .. import turns  # turns: generated code calls rt.turns.begin, window, act, ... (one form for both engines)
from ..decisions import Decision
from ..env import Env
from ..errors import RuleRuntimeError, did_you_mean
from ..interpreter import MAX_DEPTH, Interpreter
from ..plans import plan_count, plan_steps, reveal_plans  # plans
from ..runtime.moves import too_few

MISSING = object()  # a free name the caller's scope does not bind: the global meaning applies


def lookup(env: Env | None, name: str) -> Any:
    """A name from the caller's scope chain, or MISSING."""
    while env is not None:
        names = env.names
        if name in names:
            return names[name]
        env = env.parent
    return MISSING


def too_deep(it: Interpreter, node: A.Node, name: str, rule: bool) -> RuleRuntimeError:
    if rule:
        return it.error(node, f"rule {name} runs inside itself more than {MAX_DEPTH} deep",
                        "a rule that calls itself needs a condition that stops it")
    return it.error(node, f"{name} calls itself (or others) more than {MAX_DEPTH} deep",
                    "a function or rule that calls itself needs a condition that stops it")


def wrong_values(it: Interpreter, node: A.Node, name: str, err: TypeError) -> RuleRuntimeError:
    return it.error(node, f"{name}: wrong number or kind of values ({err})")


def no_row(it: Interpreter, node: A.Node, table: str, key: int) -> RuleRuntimeError:
    return it.error(node, f"table {table} has no row for {key}", "add a row for it, or an `otherwise` row")


def order_error(it: Interpreter, node: A.Node, extreme: bool) -> RuleRuntimeError:
    if extreme:
        return it.error(node, "`with most` / `with fewest` need numbers to compare")
    return it.error(node, "`ordered by` needs numbers (or lists of numbers) to compare")


def move_bundle(it: Interpreter, node: A.Move, sources: list[ZoneRef], dest: ZoneRef,
                bundle: dict[str, int]) -> None:
    if node.what is not None:
        raise it.error(node.what, "a bundle already says which tokens; remove the kind")
    it.rt.move_bundle(node, sources, dest, bundle, node.quantity.mode == "up_to")




def call_builtin(it: Interpreter, node: A.Call, name: str, *args: Any) -> Any:
    try:
        return BUILTINS[name].evaluate(it, node, *args)
    except TypeError as err:
        raise wrong_values(it, node, name, err) from None


def bundle_count(it: Interpreter, node: A.Expr, kind: str, value: Any) -> None:
    """Raises unless `value` can be a count in a bundle (a number, zero or more)."""
    value = it.number(value, node)
    if value < 0:
        raise it.error(node, f"a bundle cannot hold {value} {kind}")


def choose(it: Interpreter, node: A.AskChoose, p: PlayerRef, values: list[Any]) -> Any:
    """Asks the choice; returns the value chosen, or MISSING when there was nothing to choose
    or the player passed (Interpreter._exec_ask_choose without its body)."""
    if not values:
        return MISSING
    chosen = it.rt.choose_index(node, p.seat, values)
    return MISSING if chosen is None else values[chosen]


__all__ = ["MISSING", "Decision", "lookup", "too_deep", "wrong_values", "order_error", "move_bundle",
           "call_builtin", "no_row", "choose", "bundle_count", "did_you_mean", "too_few",
           "turns",
           "plan_count", "plan_steps", "reveal_plans"]  # (plans)
