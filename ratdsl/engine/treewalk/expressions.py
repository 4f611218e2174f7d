"""How the tree-walker evaluates each kind of expression: one function per node class, called
with the interpreter, the node and the scope (`EVAL[type(node)](it, node, env)`). Names are
looked up by the interpreter itself (Interpreter._eval_name).

The hottest of them evaluate their operands as `ev[x.__class__](it, x, env)` with `ev = it._eval`:
that is `it.eval(x, env)` without the frame of the call of `eval`, which was the tree-walker's
largest cost."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...language import ast as A
from ...semantics import operators as ops
from ...semantics.builtins import item_steps
from ...semantics.operators import BINARY, MAX_ITEMS, OperatorError
from ..env import Env
from ..errors import did_you_mean, list_too_long, refused

if TYPE_CHECKING:
    from ..interpreter import Interpreter


def _eval_literal(it: Interpreter, node: A.IntLit | A.StrLit | A.BoolLit, env: Env) -> Any:
    return node.value


def _eval_none(it: Interpreter, node: A.NoneLit, env: Env) -> None:
    return None


def _eval_not(it: Interpreter, node: A.Not, env: Env) -> bool:
    value = it.eval(node.operand, env)
    try:
        return ops.not_(value)
    except OperatorError as err:
        raise refused(it, err, node) from None


def _eval_neg(it: Interpreter, node: A.Neg, env: Env) -> int:
    value = it.eval(node.operand, env)
    try:
        return ops.negate(value)
    except OperatorError as err:
        raise refused(it, err, node) from None


def _eval_list(it: Interpreter, node: A.ListLit, env: Env) -> list[Any]:
    ev = it._eval
    values = []
    for x in node.items:  # (a loop: a list comprehension is a function's call of its own)
        values.append(ev[x.__class__](it, x, env))
    return values


def _eval_if(it: Interpreter, node: A.IfExpr, env: Env) -> Any:
    ev, condition = it._eval, node.condition
    value = ev[condition.__class__](it, condition, env)
    if value.__class__ is not bool:  # (it.truth's common case inline)
        value = it.truth(value, node)
    chosen = node.then if value else node.otherwise
    return ev[chosen.__class__](it, chosen, env)


def _eval_attr(it: Interpreter, node: A.Attr, env: Env) -> Any:
    obj = node.obj
    return it.member(it._eval[obj.__class__](it, obj, env), node.name, node)


def _eval_index(it: Interpreter, node: A.Index, env: Env) -> Any:
    ev, obj, key = it._eval, node.obj, node.key
    return it.index_value(ev[obj.__class__](it, obj, env), ev[key.__class__](it, key, env), node)


def _eval_call(it: Interpreter, node: A.Call, env: Env) -> Any:
    ev = it._eval
    args = []
    for a in node.args:  # (a loop: a list comprehension is a function's call of its own)
        args.append(ev[a.__class__](it, a, env))
    caller = it.callers.get(node.func)  # (Interpreter.call, once the name has been called)
    if caller is None:
        return it.call(node.func, args, node)
    return caller(it, args, node)


def _eval_binop(it: Interpreter, node: A.BinOp, env: Env) -> Any:
    ev, left, right = it._eval, node.left, node.right
    left, right = ev[left.__class__](it, left, env), ev[right.__class__](it, right, env)
    try:
        value = BINARY[node.op](left, right)
    except OperatorError as err:
        raise refused(it, err, node) from None
    if value.__class__ is list:  # two lists joined: paid by the item (builtins.item_steps)
        it.charge(node, item_steps(len(value)))
    return value


def _eval_boolop(it: Interpreter, node: A.BoolOp, env: Env) -> bool:
    # (A loop, not all()/any() over a generator: those would put C frames on the stack at every
    # level of nesting, see Interpreter's ensure_stack.)
    stop = node.op != "and"  # the value that decides: false for `and`, true for `or`
    ev = it._eval
    for i in node.items:
        value = ev[i.__class__](it, i, env)
        if value.__class__ is not bool:  # (it.truth's common case inline)
            value = it.truth(value, i)
        if value is stop:
            return stop
    return not stop


def _eval_range(it: Interpreter, node: A.RangeExpr, env: Env) -> list[int]:
    low = it.number(it.eval(node.low, env), node.low)  # checked before `high` is evaluated
    return it.make_range(node, low, it.eval(node.high, env))


def _eval_in(it: Interpreter, node: A.InExpr, env: Env) -> bool:
    ev, container, item = it._eval, node.container, node.item
    items = ev[container.__class__](it, container, env)
    if items.__class__ is not list:  # (Interpreter.iterable's common case inline)
        items = it.iterable(items, container)
    container = items
    item = ev[item.__class__](it, item, env)
    it.charge(node, item_steps(len(container)))  # paid by the item looked through
    return ops.contains(container, item)


# _item_scope: a query binds each item in turn in one scope of its own, not a new scope for each
# item: the scope of an expression outlives no evaluation of it (expressions bind names only in
# scopes of their own, `let ... in`; funcs start fresh scopes), so nothing sees the rebinding.


def _eval_comprehension(it: Interpreter, node: A.Comprehension, env: Env) -> list[Any]:
    out = []
    items = it.iterable(it.eval(node.source, env), node.source)
    it.charge(node, len(items))
    ev, var, condition, element = it._eval, node.var, node.condition, node.element
    inner = env.child()  # one scope for the items, each bound in turn (see _item_scope)
    names = inner.names
    for item in items:
        names[var] = item
        if condition is not None:
            value = ev[condition.__class__](it, condition, inner)
            if value.__class__ is not bool:  # (it.truth's common case inline)
                value = it.truth(value, condition)
            if not value:
                continue
        out.append(ev[element.__class__](it, element, inner))
    return out


def _eval_nested(it: Interpreter, node: A.NestedComprehension, env: Env) -> list[Any]:
    """The clauses as loops inside loops (a stack, not recursion), each source charged a step per
    item when its loop starts; the list is refused once it outgrows MAX_ITEMS (R007)."""
    out: list[Any] = []
    clauses = node.clauses
    last = len(clauses) - 1
    # per open loop: the clause's items, the next position, and the scope the clause started in
    loops: list[tuple[list[Any], int, Env]] = []
    depth, scope = 0, env
    while True:
        clause = clauses[depth]
        items = it.iterable(it.eval(clause.source, scope), clause.source)
        it.charge(clause, len(items))
        loops.append((items, 0, scope))
        while loops:
            items, i, outer = loops[-1]
            if i == len(items):
                loops.pop()
                depth -= 1
                continue
            loops[-1] = (items, i + 1, outer)
            clause = clauses[depth]
            inner = outer.child({clause.var: items[i]})
            if clause.condition is not None and not it.truth(it.eval(clause.condition, inner),
                                                             clause.condition):
                continue
            if depth == last:
                out.append(it.eval(node.element, inner))
                if len(out) > MAX_ITEMS:
                    raise list_too_long(it, node, len(out))
                continue
            depth, scope = depth + 1, inner
            break
        else:
            return out


def _eval_let_in(it: Interpreter, node: A.LetIn, env: Env) -> Any:
    return it.eval(node.body, env.child({node.name: it.eval(node.value, env)}))


def _eval_bundle(it: Interpreter, node: A.BundleLit, env: Env) -> dict[str, int]:
    out: dict[str, int] = {}
    for kind, expr in node.items:
        if kind not in it.d.kinds:
            raise it.error(node, f"{kind!r} is not a token kind", did_you_mean(kind, it.d.kinds))
        value = it.number(it.eval(expr, env), expr)
        if value < 0:
            raise it.error(expr, f"a bundle cannot hold {value} {kind}")
        if value:
            out[kind] = out.get(kind, 0) + value
    return out


def _keyed(it: Interpreter, node, env: Env) -> list[tuple[Any, Any]]:
    items = it.iterable(it.eval(node.source, env), node.source)
    it.charge(node, len(items))
    ev, key = it._eval, node.key
    inner = env.child()  # (see _item_scope)
    names = inner.names
    keyed = []
    for item in items:
        names["it"] = item
        keyed.append((item, ev[key.__class__](it, key, inner)))
    return keyed


def _eval_where(it: Interpreter, node: A.Where, env: Env) -> list[Any]:
    items = it.iterable(it.eval(node.source, env), node.source)
    it.charge(node, len(items))
    ev, condition = it._eval, node.condition
    inner = env.child()  # (see _item_scope)
    names = inner.names
    kept = []
    for item in items:
        names["it"] = item
        value = ev[condition.__class__](it, condition, inner)
        if value.__class__ is not bool:  # (it.truth's common case inline)
            value = it.truth(value, condition)
        if value:
            kept.append(item)
    return kept


def _eval_ordered(it: Interpreter, node: A.Ordered, env: Env) -> list[Any]:
    keyed = _keyed(it, node, env)
    # A stable sort: equal keys keep list order, which for players is the tie order.
    key = (lambda pair: _neg_key(pair[1])) if node.descending else (lambda pair: pair[1])
    try:
        return [item for item, _ in sorted(keyed, key=key)]
    except TypeError:
        raise it.error(node.key, "`ordered by` needs numbers (or lists of numbers) to compare") from None


def _eval_extreme(it: Interpreter, node: A.Extreme, env: Env) -> Any:
    keyed = _keyed(it, node, env)
    if not keyed:
        return None
    try:
        best = max(k for _, k in keyed) if node.most else min(k for _, k in keyed)
    except TypeError:
        raise it.error(node.key, "`with most` / `with fewest` need numbers to compare") from None
    return next(item for item, k in keyed if k == best)


def _eval_at_phase_start(it: Interpreter, node: A.AtPhaseStart, env: Env) -> Any:
    saved = it.read_zones
    it.read_zones = it.rt.phase_start(node)
    try:
        return it.eval(node.operand, env)
    finally:
        it.read_zones = saved


def _neg_key(key: Any) -> Any:
    if isinstance(key, tuple):
        return tuple(_neg_key(k) for k in key)
    if isinstance(key, list):
        return [_neg_key(k) for k in key]
    if isinstance(key, bool):
        return not key
    if isinstance(key, int):
        return -key
    raise TypeError(f"cannot order by {key!r} descending")


EVAL: dict[type, Callable[..., Any]] = {
    A.IntLit: _eval_literal, A.StrLit: _eval_literal, A.BoolLit: _eval_literal,
    A.NoneLit: _eval_none, A.Attr: _eval_attr, A.Index: _eval_index,
    A.Call: _eval_call, A.BinOp: _eval_binop, A.BoolOp: _eval_boolop, A.Not: _eval_not,
    A.Neg: _eval_neg, A.RangeExpr: _eval_range, A.InExpr: _eval_in, A.ListLit: _eval_list,
    A.Comprehension: _eval_comprehension, A.BundleLit: _eval_bundle, A.IfExpr: _eval_if,
    A.Where: _eval_where, A.Ordered: _eval_ordered, A.Extreme: _eval_extreme,
    A.AtPhaseStart: _eval_at_phase_start, A.NestedComprehension: _eval_nested, A.LetIn: _eval_let_in,
}
