"""Helpers the generated Python code calls: the parts of a statement that are the same wherever it
appears (moving tokens, raising positioned errors), kept here so the generated code stays short.

Each helper does exactly what the tree-walking `Interpreter` does for the same node, in the same
order, so both engines write the same log.
"""

from __future__ import annotations

from typing import Any

from ...agents.base import Decision
from ...language import ast as A
from ..builtins import BUILTINS
from ..errors import RuleRuntimeError
from ..interpreter import MAX_DEPTH, Env, Interpreter, _did_you_mean
from ..values import PlayerRef, ZoneRef, encode

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


def move_tokens(it: Interpreter, node: A.Move, sources: list[ZoneRef], dest: ZoneRef,
                amount: Any, kinds: list[str]) -> None:
    """`move` once its places, amount and kinds are known (Interpreter._exec_move's second half)."""
    zones = it.state.zones
    q = node.quantity
    if q.mode == "all":
        for src in sources:
            contents = zones[src]
            if contents:
                take = {k: contents[k] for k in kinds if contents.get(k)}
                if take:
                    it.transfer(src, dest, take)
        return
    wanted = amount if amount.__class__ is int else it.number(amount, q.amount)
    if wanted < 0:
        raise it.error(q, f"cannot move a negative number of tokens ({wanted})")
    if len(sources) == 1:
        contents = zones[sources[0]]
        available = sum([contents.get(k, 0) for k in kinds])
    else:
        available = sum([zones[s].get(k, 0) for s in sources for k in kinds])
    if wanted > available and q.mode == "exact":
        where = ", ".join(str(s) for s in sources)
        raise it.error(node, f"cannot move {wanted} {'/'.join(kinds)} from {where}: "
                             f"only {available} there", "write `move up to N ...` to take what is there")
    left = wanted if wanted < available else available
    for src in sources:
        if not left:
            break
        contents = zones[src]
        take: dict[str, int] = {}
        for k in kinds:
            have = contents.get(k, 0)
            n = left if left < have else have
            if n:
                take[k] = n
                left -= n
        if take:
            it.transfer(src, dest, take)


def move_kind(it: Interpreter, node: A.Move, source: ZoneRef, dest: ZoneRef, kind: str, amount: Any) -> None:
    """`move N KIND from ZONE to ZONE` (or `up to N`): move_tokens and transfer in one, for the
    commonest move."""
    q = node.quantity
    wanted = amount if amount.__class__ is int else it.number(amount, q.amount)
    if wanted < 0:
        raise it.error(q, f"cannot move a negative number of tokens ({wanted})")
    zones = it.state.zones
    src = zones[source]
    have = src.get(kind, 0)
    if wanted > have:
        if q.mode == "exact":
            raise it.error(node, f"cannot move {wanted} {kind} from {source}: only {have} there",
                           "write `move up to N ...` to take what is there")
        wanted = have
    if not wanted or source == dest:
        return
    it.zone_version += 1
    dst = zones[dest]
    start = it.phase_start_zones
    if start is not None:  # each zone as the phase began, kept on its first change
        saved = start.saved
        if source not in saved:
            saved[source] = src.copy()
        if dest not in saved:
            saved[dest] = dst.copy()
    for block_start in it.secret_stack:  # and as each open secret block began
        block_start.remember(source)
        block_start.remember(dest)
    src[kind] = have - wanted
    dst[kind] = dst.get(kind, 0) + wanted
    if it.log.moves:
        it.log_move(source, dest, {kind: wanted})


def move_bundle(it: Interpreter, node: A.Move, sources: list[ZoneRef], dest: ZoneRef,
                bundle: dict[str, int]) -> None:
    if node.what is not None:
        raise it.error(node.what, "a bundle already says which tokens; remove the kind")
    it._move_bundle(node, sources, dest, bundle, node.quantity.mode == "up_to")




def call_builtin(it: Interpreter, node: A.Call, name: str, *args: Any) -> Any:
    try:
        return BUILTINS[name](it, node, *args)
    except TypeError as err:
        raise wrong_values(it, node, name, err) from None


def bundle_count(it: Interpreter, node: A.Expr, kind: str, value: Any) -> None:
    """Raises unless `value` can be a count in a bundle (a number, zero or more)."""
    value = it.number(value, node)
    if value < 0:
        raise it.error(node, f"a bundle cannot hold {value} {kind}")


def did_you_mean(name: str, candidates: list[str]) -> str | None:
    return _did_you_mean(name, candidates)


def choose(it: Interpreter, node: A.AskChoose, p: PlayerRef, values: list[Any]) -> Any:
    """Asks the choice; returns the value chosen, or MISSING when there was nothing to choose
    or the player passed (Interpreter._exec_ask_choose without its body)."""
    if not values:
        return MISSING
    encoded = [encode(v) for v in values]
    answer = it.ask(Decision(p.seat, node.id, "choose", encoded, node.optional), node)
    if answer is None:
        return MISSING
    return values[next(i for i, e in enumerate(encoded)
                       if e == answer and isinstance(e, bool) == isinstance(answer, bool))]


__all__ = ["MISSING", "Decision", "lookup", "too_deep", "wrong_values", "order_error", "move_tokens",
           "move_bundle", "move_kind", "call_builtin", "no_row", "choose", "bundle_count", "did_you_mean"]
