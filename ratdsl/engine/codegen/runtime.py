"""Helpers the generated Python code calls: the parts of a statement that are the same wherever it
appears (moving tokens, raising positioned errors), kept here so the generated code stays short.

Each helper does exactly what the tree-walking `Interpreter` does for the same node, in the same
order, so both engines write the same log.
"""

from __future__ import annotations

from typing import Any

from ...language import ast as A
from ...semantics.builtins import BUILTINS
from ...semantics.values import PlayerRef, ZoneRef, encode
from ..decisions import Decision
from ..errors import RuleRuntimeError
from ..interpreter import MAX_DEPTH, Env, Interpreter, _did_you_mean

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


def move_all(it: Interpreter, sources: list[ZoneRef], dest: ZoneRef, kinds: tuple[str, ...]) -> None:
    """`move all KINDS from ZONES to ZONE`: each source's tokens of those kinds, source by source
    (Interpreter._exec_move for `all`, moving in place instead of through a bundle)."""
    zones = it.state.zones
    dst = None
    for src in sources:
        if src is dest:
            continue
        contents = zones[src]
        moved = None
        for k in kinds:
            n = contents.get(k)
            if n:
                if moved is None:
                    moved = {}
                    if it.active_cache:
                        it.active_cache.clear()
                    if it.keeping:
                        it.keep_before(src, dest)
                    if dst is None:
                        dst = zones[dest]
                moved[k] = n
                contents[k] = 0
                dst[k] = dst.get(k, 0) + n
        if moved is not None and it.log.moves:
            it.log_move(src, dest, moved)


def move_all_of(it: Interpreter, sources: list[ZoneRef], dest: ZoneRef, kind: str) -> None:
    """`move all KIND from ZONES to ZONE`: move_all for one kind."""
    zones = it.state.zones
    dst = None
    for src in sources:
        if src is dest:
            continue
        contents = zones[src]
        n = contents.get(kind)
        if n:
            if it.active_cache:
                it.active_cache.clear()
            if it.keeping:
                it.keep_before(src, dest)
            if dst is None:
                dst = zones[dest]
            contents[kind] = 0
            dst[kind] = dst.get(kind, 0) + n
            if it.log.moves:
                it.log_move(src, dest, {kind: n})


def move_tokens(it: Interpreter, node: A.Move, sources: list[ZoneRef], dest: ZoneRef,
                amount: Any, kinds: tuple[str, ...]) -> None:
    """`move [up to] N KINDS from ZONES to ZONE` once its places, amount and kinds are known
    (Interpreter._exec_move's second half): zone by zone, kinds in the order given."""
    q = node.quantity
    wanted = amount if amount.__class__ is int else it.number(amount, q.amount)
    if wanted < 0:
        raise it.error(q, f"cannot move a negative number of tokens ({wanted})")
    zones = it.state.zones
    if q.mode == "exact" and wanted:  # the sources must hold enough: counted until they do
        held = 0
        for src in sources:
            contents = zones[src]
            for k in kinds:
                held += contents.get(k, 0)
            if held >= wanted:
                break
        else:
            available = sum([zones[s].get(k, 0) for s in sources for k in kinds])
            where = ", ".join(str(s) for s in sources)
            raise it.error(node, f"cannot move {wanted} {'/'.join(kinds)} from {where}: "
                                 f"only {available} there", "write `move up to N ...` to take what is there")
    for src in sources:  # (`up to`: what there is, zone by zone)
        if not wanted:
            break
        contents = zones[src]
        first = take = None
        for k in kinds:
            have = contents.get(k)
            if have:
                n = wanted if wanted < have else have
                if first is None:
                    first, first_n = k, n
                elif take is None:
                    take = {first: first_n, k: n}
                else:
                    take[k] = n
                wanted -= n
                if not wanted:
                    break
        if take is not None:
            it.transfer(src, dest, take)
        elif first is not None:
            it.shift(src, dest, first, first_n)


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
            raise too_few(it, node, source, kind, wanted, have)
        wanted = have
    if not wanted or source is dest:
        return
    if it.active_cache:
        it.active_cache.clear()
    if it.keeping:
        it.keep_before(source, dest)
    src[kind] = have - wanted
    dst = zones[dest]
    dst[kind] = dst.get(kind, 0) + wanted
    if it.log.moves:
        it.log_move(source, dest, {kind: wanted})


def too_few(it: Interpreter, node: A.Move, source: ZoneRef, kind: str, wanted: int, have: int) -> RuleRuntimeError:
    return it.error(node, f"cannot move {wanted} {kind} from {source}: only {have} there",
                    "write `move up to N ...` to take what is there")


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
           "move_all", "move_all_of", "move_bundle", "move_kind", "call_builtin", "no_row", "choose",
           "bundle_count", "did_you_mean", "too_few"]
