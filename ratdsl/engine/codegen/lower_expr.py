"""One function per expression class: emits the lines that compute the expression and returns a
Python expression for its value (see ExprLowering.expr). LOWER_EXPR is the table the generator
hands its lowerings; a class missing from it is an error when code is generated."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...language import ast as A
from ...semantics.builtins import BUILTINS, ITEMS_PER_STEP, item_steps
from ...semantics.operators import LOOSE_EQUALITY, MAX_ITEMS, MAX_NUMBER, OperatorError, contains, equal, fold
from ...semantics.values import CardValue, PileRef, PlayerRef, ZoneRef
from ..compiled import left_step
from ..errors import list_too_long
from ..runtime.core import MAX_TOKENS
from .expressions import _GLOBAL_TYPES, MAX_INLINE_NESTING, ExprLowering, _int_literal
from .scope import Scope

_ARITH = {"+": "+", "-": "-", "*": "*", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_GROWS = frozenset("+-*")  # the operators whose number may pass the limit (operators.MAX_NUMBER)


def _plain_equality(lt: Any, rt: Any) -> bool:
    """Whether Python's == is the language's on values of these static types (None: unknown;
    ("list", T): a list of T): it is looser only between yes/no values and numbers."""
    for t in (lt, rt):
        if t is not None and not isinstance(t, tuple) and t not in (int, bool):
            return True  # a ref, a card, a name, a bundle, none: equal only to its own kind
    if lt is None or rt is None:
        return False
    if isinstance(lt, tuple) and isinstance(rt, tuple):
        return _plain_equality(lt[1], rt[1])
    if isinstance(lt, tuple) or isinstance(rt, tuple):
        return True  # a list and a number
    return lt is rt  # numbers with numbers, yes/no with yes/no


def _bound(low: ExprLowering, op: str, left: str, right: str) -> int | None:
    """What the size of `left op right` is surely below, when both operands' sizes are known
    (token counts: a game holds at most MAX_TOKENS; constants; sums and products of those) and
    that is within the limit of numbers: then the generated code needs no check."""
    bounds = []
    for code in (left, right):
        ok, value = low.static_of(code)
        bound = abs(value) + 1 if ok and value.__class__ is int else low.bounds.get(code)
        if bound is None:
            return None
        bounds.append(bound)
    result = bounds[0] + bounds[1] if op != "*" else bounds[0] * bounds[1]
    return result if result <= MAX_NUMBER else None


def _maybe_list(t: Any) -> bool:
    return t is None or isinstance(t, tuple)


def _IntLit(low: ExprLowering, node: A.IntLit, scope: Scope) -> str:
    return f"({int(node.value)!r})"  # parenthesised: `(3).__class__` is valid Python


def _BoolLit(low: ExprLowering, node: A.BoolLit, scope: Scope) -> str:
    return "True" if node.value else "False"


def _NoneLit(low: ExprLowering, node: A.NoneLit, scope: Scope) -> str:
    return "None"


def _StrLit(low: ExprLowering, node: A.StrLit, scope: Scope) -> str:
    return low.t(node.value)


def _Name(low: ExprLowering, node: A.Name, scope: Scope) -> str:
    value = low.name(node, scope)
    if value.startswith("it."):
        out = low.tmp()
        low.emit(f"{out} = {value}")
        return low.typed(out, _GLOBAL_TYPES.get(value))
    return value


def _Attr(low: ExprLowering, node: A.Attr, scope: Scope) -> str:
    obj = low.expr(node.obj, scope)
    out, k, n = low.tmp(), low.t(node.name), low.c(node)
    slow = f"it.member({obj}, {k}, {n})"
    if node.name in low.d.player_zones:
        low.emit(f"{out} = {low.fast(obj, PlayerRef, f'{zone_table(low, node.name)}[{obj}[1]]', slow)}")
        if low.type_of(obj) is PlayerRef:
            low.typed(out, ZoneRef)
    elif node.name in low.d.kinds:
        low.emit(f"{out} = {low.fast(obj, ZoneRef, f'it.read_zones[{obj}].get({k}, 0)', slow)}")
        if low.type_of(obj) is ZoneRef:
            low.typed(out, int)
            low.bounds[out] = MAX_TOKENS + 1
    elif node.name in low.d.consts and low.type_of(obj) is ZoneRef and \
            low.static_kinds(A.Name(node.name), Scope()) is not None:
        # A group of kinds (a constant list): the sum of their counts.
        contents = low.tmp()
        low.emit(f"{contents} = it.read_zones[{obj}]")
        kinds = low.static_kinds(A.Name(node.name), Scope())
        low.emit(f"{out} = {' + '.join(f'{contents}.get({low.t(k)}, 0)' for k in kinds)}")
        low.typed(out, int)
        low.bounds[out] = MAX_TOKENS + 1
    elif low.type_of(obj) is CardValue:
        card_field(low, obj, k, slow, out)
    else:
        low.emit(f"{out} = {slow}")
    return out


def zone_table(low: ExprLowering, name: str) -> str:
    """The refs of a player zone, one per seat: `p.zone` is an index, not a new object."""
    return low.c(low.gen.zone_tables[name])


def _Index(low: ExprLowering, node: A.Index, scope: Scope) -> str:
    obj = low.expr(node.obj, scope)
    key = low.expr(node.key, scope)
    out, n = low.tmp(), low.c(node)
    slow = f"it.index_value({obj}, {key}, {n})"
    known_key, key_value = low.static_of(key)
    keys = low.choices.get(key, frozenset())
    if _int_literal(obj) or obj in ("True", "False", "None"):  # no list, no player: the slow path
        low.emit(f"{out} = {slow}")
    elif known_key and isinstance(key_value, str) and key_value in low.d.player_zones:
        low.emit(f"{out} = {low.fast(obj, PlayerRef, f'{zone_table(low, key_value)}[{obj}[1]]', slow)}")
        if low.type_of(obj) is PlayerRef:
            low.typed(out, ZoneRef)
    elif keys and all(isinstance(k, str) and k in low.d.player_zones for k in keys):
        # The key is one of a few zone names, known now (a loop over them, an if-else of them).
        table = f"{low.c(low.gen.zone_tables)}[{key}][{obj}[1]]"
        low.emit(f"{out} = {low.fast(obj, PlayerRef, table, slow)}")
        if low.type_of(obj) is PlayerRef:
            low.typed(out, ZoneRef)
    elif low.type_of(obj) is CardValue and low.type_of(key) is str:
        card_field(low, obj, key, slow, out)
    elif low.type_of(obj) is CardValue:  # a key of any kind: only a name can be a field
        low.emit(f"{out} = it.card_fields.get(({obj}.name, {key}), MISSING) if {key}.__class__ is str "
                 "else MISSING")
        low.emit(f"if {out} is MISSING: {out} = {slow}")
    elif known_key and type(key_value) is int and key_value >= 0:
        low.emit(f"{out} = {obj}[{key}] if {obj}.__class__ is list and len({obj}) > {key} else {slow}")
    elif low.type_of(key) is int:
        low.emit(f"{out} = {obj}[{key}] if {obj}.__class__ is list and -len({obj}) <= {key} < len({obj}) "
                 f"else {slow}")
    else:
        low.emit(f"{out} = {low.c(low.gen.zone_tables)}[{key}][{obj}[1]] if {obj}.__class__ is PlayerRef "
                 f"and {key}.__class__ is str and {key} in {low.c(low.d.player_zones)} else {slow}")
    return out


def _Call(low: ExprLowering, node: A.Call, scope: Scope) -> str:
    args = [low.expr(a, scope) for a in node.args]
    name, d, out, n = node.func, low.d, low.tmp(), low.c(node)
    if name in d.funcs:
        if len(args) == len(d.funcs[name].params) and low.gen.inlinable(name) \
                and low.inlined < MAX_INLINE_NESTING:
            return low.inline_func(name, args, node)
        if len(args) == len(d.funcs[name].params):
            py = low.gen.function("func", name)
            low.emit(f"{out} = {py}(it, {''.join(a + ', ' for a in args)}{n})")
            return out
    elif name in d.tables:
        if len(args) == 1:
            py = low.gen.function("table", name)
            low.emit(f"{out} = {py}(it, {args[0]}, {n})")
            return out
    elif name in BUILTINS:
        builtin = BUILTINS[name]
        if builtin.inline and inline_builtin(low, name, args, node, out):
            return out
        b = low.c(builtin.evaluate)
        low.emit("try:")
        low.emit(f"    {out} = {b}(it, {n}{''.join(', ' + a for a in args)})")
        low.emit("except TypeError as err:")
        low.emit(f"    raise rt.wrong_values(it, {n}, {low.t(name)}, err) from None")
        if builtin.returns == "kinds":  # a list of token kinds, or an error
            low.typed(out, ("list", str))
            low.item_choices[out] = low.gen.kind_set
        return out
    low.emit(f"{out} = it.call({low.t(name)}, [{', '.join(args)}], {n})")
    return out


def inline_builtin(low: ExprLowering, name: str, args: list[str], node: A.Call, out: str) -> bool:
    """The commonest builtins on values of known types, as inline code; False when the
    builtin must be called."""
    types = [low.type_of(a) for a in args]
    called = f"rt.call_builtin(it, {low.c(node)}, {low.t(name)}, {', '.join(args)})"  # raises
    left, right = low.t("left"), low.t("right")
    if name == "neighbour" and len(args) == 2 and types[0] is PlayerRef:
        step = left_step(low.d)
        to_left, to_right = ("+", "-") if step == 1 else ("-", "+")
        player, side = args
        ok, value = low.static_of(side)
        if ok and value in ("left", "right"):
            sign = to_left if value == "left" else to_right
            low.emit(f"{out} = it.player_refs[({player}[1] {sign} 1) % it.n]")
        else:
            low.emit(f"if {side} == {left}: {out} = it.player_refs[({player}[1] {to_left} 1) % it.n]")
            low.emit(f"elif {side} == {right}: {out} = it.player_refs[({player}[1] {to_right} 1) % it.n]")
            low.emit(f"else: {out} = {called}")
        return bool(low.typed(out, PlayerRef))
    if name == "opposite" and len(args) == 1:
        ok, value = low.static_of(args[0])
        if ok and value in ("left", "right"):
            low.emit(f"{out} = {right if value == 'left' else left}")
        else:
            low.emit(f"{out} = {right} if {args[0]} == {left} else {left} if {args[0]} == {right} "
                     f"else {called}")
        return bool(low.typed(out, str))
    if name == "count" and len(args) == 2 and types[0] in (ZoneRef, ("list", ZoneRef)):
        ok, kind = low.static_of(args[1])
        if ok and isinstance(kind, str) and kind in low.gen.kind_set:
            if types[0] is ZoneRef:
                low.emit(f"{out} = it.read_zones[{args[0]}].get({args[1]}, 0)")
            else:  # (a step per zone of the list: builtins.list_items)
                low.emit(f"it.charge({low.c(node)}, len({args[0]}) // {ITEMS_PER_STEP})")
                low.emit(f"{out} = sum([it.read_zones[z].get({args[1]}, 0) for z in {args[0]}])")
            low.bounds[out] = MAX_TOKENS + 1
            return bool(low.typed(out, int))
    if name == "zones" and len(args) == 2:
        ok, names = low.static_of_list(args[1])
        if ok and all(isinstance(z, str) and z in low.d.player_zones for z in names):
            table = low.c(tuple([low.gen.zone_tables[z][seat] for z in names]
                                for seat in range(low.d.game.max_players)))
            fast = f"{table}[{args[0]}[1]]"
            slow = f"rt.call_builtin(it, {low.c(node)}, {low.t(name)}, {args[0]}, {args[1]})"
            if item_steps(len(names)):  # (the slow path pays in call_builtin: builtins.list_items)
                fast = f"(it.charge({low.c(node)}, {item_steps(len(names))}) or {fast})"
            low.emit(f"{out} = {low.fast(args[0], PlayerRef, fast, slow)}")
            return bool(low.typed(out, ("list", ZoneRef)))
    if name in ("min", "max") and len(args) == 2:
        a, b = args
        if types == [int, int]:
            low.emit(f"{out} = {name}({a}, {b})")
        else:
            guard = " and ".join(f"{v}.__class__ is int" for v, t in zip(args, types) if t is not int)
            low.emit(f"{out} = {name}({a}, {b}) if {guard} else {called}")
            return True
        return bool(low.typed(out, int))
    if name == "rank" and len(args) == 1:
        p = args[0]
        rank = f"(({p}[1] - it.state.active) * it.left_step) % it.n"
        low.emit(f"{out} = {low.fast(p, PlayerRef, rank, called)}")
        return True
    if name == "top" and len(args) == 1:
        pile, cards = args[0], low.tmp()
        low.emit(f"{cards} = {low.fast(pile, PileRef, f'it.state.piles[{pile}]', 'None')}")
        low.emit(f"{out} = ({cards}[0] if {cards} else None) if {cards} is not None else {called}")
        return True
    return False


def _BinOp(low: ExprLowering, node: A.BinOp, scope: Scope) -> str:
    left = low.expr(node.left, scope)
    right = low.expr(node.right, scope)
    op = node.op
    folded = folded_constant(low, op, left, right)
    if folded is not None:
        return folded
    out = low.tmp()
    if op in ("==", "!="):
        lt, rt_ = low.type_of(left), low.type_of(right)
        if _plain_equality(lt, rt_):  # `true == 1` cannot arise: plain Python equality is the language's
            same = f"{left} == {right}"
        else:
            same = f"{left} == {right} and ({left}.__class__ is bool) is ({right}.__class__ is bool)"
            if _maybe_list(lt) and _maybe_list(rt_):  # lists of yes/no and numbers: the shared equality
                same += f" and ({left}.__class__ is not list or {low.c(equal)}({left}, {right}))"
        low.emit(f"{out} = {same}" if op == "==" else f"{out} = not ({same})")
        return low.typed(out, bool)
    if op in _ARITH:
        checks = [f"{v}.__class__ is int" for v in (left, right) if low.type_of(v) is not int]
        bound = _bound(low, op, left, right) if op in _GROWS else None
        if bound is not None:  # e.g. token counts and small constants: far below the limit, unchecked
            low.emit(f"{out} = {left} {op} {right}")
            low.bounds[out] = bound
            return low.typed(out, int)
        if op in _GROWS:  # the number is checked against the limit; beyond it, the shared operator raises
            checks.append(f"-{MAX_NUMBER} < ({out} := {left} {op} {right}) < {MAX_NUMBER}")
            low.emit(f"{out} = {out} if {' and '.join(checks)} else it.binop({low.c(node)}, {left}, {right})")
            return low.typed(out, int if len(checks) == 1 else None)
        fast = f"{left} {op} {right}"
        if checks:
            fast += f" if {' and '.join(checks)} else it.binop({low.c(node)}, {left}, {right})"
        low.emit(f"{out} = {fast}")
        return low.typed(out, bool if op in ("<", "<=", ">", ">=") else (int if not checks else None))
    low.emit(f"{out} = it.binop({low.c(node)}, {left}, {right})")
    return out


def folded_constant(low: ExprLowering, op: str, *operands: str) -> str | None:
    """The constant an operator gives on constant operands (shared folder), or None: not
    constant, not a number or yes/no, or refused (then the code raises where it runs)."""
    values = []
    for code in operands:
        ok, value = low.static_of(code)
        if not ok:
            return None
        values.append(value)
    try:
        value = fold(op, *values)
    except OperatorError:
        return None
    return low.c(value) if value.__class__ in (int, bool) else None


BOOL_CHUNK = 8  # items of one `and`/`or` nested in each other before the chain starts again


def _BoolOp(low: ExprLowering, node: A.BoolOp, scope: Scope) -> str:
    out = low.tmp()
    stop, go = ("False", "True") if node.op == "and" else ("True", "False")
    low.emit(f"{out} = {stop}")
    opened = 0
    for item in node.items:
        if opened == BOOL_CHUNK:  # a long chain: its indentation stays bounded (outline.py)
            low.emit(f"{out} = {go}")
            low.unit.depth -= opened
            low.emit(f"if {out} is {go}:")
            low.emit(f"    {out} = {stop}")
            low.unit.depth += 1
            opened = 1
        v = low.expr(item, scope)
        if v == stop:
            break  # a constant that decides: the rest is never evaluated
        if v == go:
            continue
        if low.type_of(v) is bool:
            low.emit(f"if {v} is {go}:")
        elif low.type_of(v) is not None:  # surely not yes/no: the game stops here
            low.emit(f"it.truth({v}, {low.c(item)})")
            break
        else:
            low.emit(f"if {v} is not {go}:")
            low.emit(f"    if {v} is not {stop}: it.truth({v}, {low.c(item)})")
            low.emit("else:")
        low.unit.depth += 1
        opened += 1
    else:
        low.emit(f"{out} = {go}")
    if low.unit.lines[-1].endswith(":"):
        low.emit("pass")  # the last item was a constant that decided
    low.unit.depth -= opened
    return low.typed(out, bool)


def _Not(low: ExprLowering, node: A.Not, scope: Scope) -> str:
    v = low.expr(node.operand, scope)
    folded = folded_constant(low, "not", v)
    if folded is not None:
        return folded
    out = low.tmp()
    low.emit(f"{out} = not ({low.fast(v, bool, v, f'it.truth({v}, {low.c(node)})')})")
    return low.typed(out, bool)


def _Neg(low: ExprLowering, node: A.Neg, scope: Scope) -> str:
    v = low.expr(node.operand, scope)
    folded = folded_constant(low, "-", v)
    if folded is not None:
        return folded
    out = low.tmp()
    low.emit(f"{out} = -({low.fast(v, int, v, f'it.number({v}, {low.c(node)})')})")
    return low.typed(out, int)


def _IfExpr(low: ExprLowering, node: A.IfExpr, scope: Scope) -> str:
    cond = low.expr(node.condition, scope)
    if cond in ("True", "False"):  # decided when the code is generated
        return low.expr(node.then if cond == "True" else node.otherwise, scope)
    out = low.tmp()
    low.emit(f"if {low.fast(cond, bool, cond, f'it.truth({cond}, {low.c(node)})')}:")
    low.unit.depth += 1
    then = low.expr(node.then, scope)
    low.emit(f"{out} = {then}")
    low.unit.depth -= 1
    low.emit("else:")
    low.unit.depth += 1
    otherwise = low.expr(node.otherwise, scope)
    low.emit(f"{out} = {otherwise}")
    low.unit.depth -= 1
    if low.type_of(then) is not None and low.type_of(then) == low.type_of(otherwise):
        low.typed(out, low.type_of(then))
    branches = [possible(low, then), possible(low, otherwise)]
    if all(branches):
        low.choices[out] = branches[0] | branches[1]
    return out


def possible(low: ExprLowering, code: str) -> frozenset:
    """The values `code` can hold, when they are few and known now; else empty."""
    ok, value = low.static_of(code)
    if ok and isinstance(value, (str, int)):
        return frozenset([value])
    return low.choices.get(code, frozenset())


def _ListLit(low: ExprLowering, node: A.ListLit, scope: Scope) -> str:
    items = [low.expr(i, scope) for i in node.items]
    out = low.tmp()
    low.emit(f"{out} = [{', '.join(items)}]")
    types = {low.type_of(i) for i in items}
    return low.typed(out, ("list", types.pop() if len(types) == 1 else None))


def card_field(low: ExprLowering, obj: str, key: str, slow: str, out: str) -> None:
    """A card's field: the remembered value of a literal field, else the general lookup."""
    low.emit(f"{out} = it.card_fields.get(({obj}.name, {key}), MISSING)")
    low.emit(f"if {out} is MISSING: {out} = {slow}")


def _RangeExpr(low: ExprLowering, node: A.RangeExpr, scope: Scope) -> str:
    value = low.expr(node.low, scope)
    first = low.tmp()
    low.emit(f"{first} = {value} if {value}.__class__ is int else it.number({value}, {low.c(node.low)})")
    out = low.tmp()
    low.emit(f"{out} = it.make_range({low.c(node)}, {first}, {low.expr(node.high, scope)})")
    return low.typed(out, ("list", int))


def _InExpr(low: ExprLowering, node: A.InExpr, scope: Scope) -> str:
    container = low.iterable(node.container, scope)
    item = low.expr(node.item, scope)
    out = low.tmp()
    low.emit(f"it.charge({low.c(node)}, len({container}) // {ITEMS_PER_STEP})")  # (builtins.item_steps)
    low.emit(f"{out} = {item} in {container}")
    if not _plain_equality(low.type_of(item), low.element_type(container)):
        # Python's `in` finds `true` in [1]: the shared membership decides when it finds one.
        low.emit(f"if {out} and {item}.__class__ in {low.c(LOOSE_EQUALITY)}: "
                 f"{out} = {low.c(contains)}({container}, {item})")
    return low.typed(out, bool)


def _Comprehension(low: ExprLowering, node: A.Comprehension, scope: Scope) -> str:
    out = low.tmp()
    low.emit(f"{out} = []")
    _, inner, _ = low.loop(node.source, node.var, scope, charge=node)
    if node.condition is not None:
        low.emit(f"if {low.truth(node.condition, inner)}:")
        low.unit.depth += 1
        element = low.expr(node.element, inner)
        low.emit(f"{out}.append({element})")
        low.unit.depth -= 1
    else:
        element = low.expr(node.element, inner)
        low.emit(f"{out}.append({element})")
    low.unit.depth -= 1
    return low.typed(out, ("list", low.type_of(element)))


def _NestedComprehension(low: ExprLowering, node: A.NestedComprehension, scope: Scope) -> str:
    """Python loops inside loops, as the tree-walker runs the clauses: each source charged when
    its loop starts, the list refused (R007) as soon as it outgrows MAX_ITEMS."""
    out = low.tmp()
    low.emit(f"{out} = []")
    inner, opened = scope, 0
    for clause in node.clauses:
        _, inner, _ = low.loop(clause.source, clause.var, inner, charge=clause)
        opened += 1
        if clause.condition is not None:
            low.emit(f"if {low.truth(clause.condition, inner)}:")
            low.unit.depth += 1
            opened += 1
    element = low.expr(node.element, inner)
    low.emit(f"{out}.append({element})")
    low.emit(f"if len({out}) > {MAX_ITEMS}: raise {low.c(list_too_long)}(it, {low.c(node)}, len({out}))")
    low.unit.depth -= opened
    return low.typed(out, ("list", low.type_of(element)))


def _LetIn(low: ExprLowering, node: A.LetIn, scope: Scope) -> str:
    """The value in a local of its own, seen by the body only."""
    value = low.expr(node.value, scope)
    inner = Scope(scope)
    local = inner.names[node.name] = low.unit.new("l")
    low.emit(f"{local} = {value}")
    if node.name not in low.gen.set_targets:
        low.typed(local, low.type_of(value))
    return low.expr(node.body, inner)


def _Where(low: ExprLowering, node: A.Where, scope: Scope) -> str:
    out = low.tmp()
    low.emit(f"{out} = []")
    local, inner, items = low.loop(node.source, "it", scope, charge=node)
    low.emit(f"if {low.truth(node.condition, inner)}: {out}.append({local})")
    low.unit.depth -= 1
    return low.typed(out, ("list", low.element_type(items)))


def _keyed(low: ExprLowering, node: A.Ordered | A.Extreme, scope: Scope) -> tuple[str, Any]:
    keyed = low.tmp()
    low.emit(f"{keyed} = []")
    local, inner, items = low.loop(node.source, "it", scope, charge=node)
    low.emit(f"{keyed}.append(({local}, {low.expr(node.key, inner)}))")
    low.unit.depth -= 1
    return keyed, low.element_type(items)


def _Ordered(low: ExprLowering, node: A.Ordered, scope: Scope) -> str:
    keyed, element = _keyed(low, node, scope)
    out = low.tmp()
    order = "ORDER_DOWN" if node.descending else "ORDER_UP"
    low.emit("try:")
    low.emit(f"    {out} = [pair[0] for pair in sorted({keyed}, key={order})]")
    low.emit("except TypeError:")
    low.emit(f"    raise rt.order_error(it, {low.c(node.key)}, False) from None")
    return low.typed(out, ("list", element))


def _Extreme(low: ExprLowering, node: A.Extreme, scope: Scope) -> str:
    keyed, _ = _keyed(low, node, scope)
    out, best = low.tmp(), low.tmp()
    pick = "max" if node.most else "min"
    low.emit(f"if not {keyed}:")
    low.emit(f"    {out} = None")
    low.emit("else:")
    low.emit("    try:")
    low.emit(f"        {best} = {pick}([pair[1] for pair in {keyed}])")
    low.emit("    except TypeError:")
    low.emit(f"        raise rt.order_error(it, {low.c(node.key)}, True) from None")
    low.emit(f"    {out} = next(pair[0] for pair in {keyed} if pair[1] == {best})")
    return out


def _AtPhaseStart(low: ExprLowering, node: A.AtPhaseStart, scope: Scope) -> str:
    saved, out = low.tmp(), low.tmp()
    low.emit(f"{saved} = it.read_zones")
    low.emit(f"it.read_zones = it.rt.phase_start({low.c(node)})")
    low.emit("try:")
    low.unit.depth += 1
    low.emit(f"{out} = {low.expr(node.operand, scope)}")
    low.unit.depth -= 1
    low.emit("finally:")
    low.emit(f"    it.read_zones = {saved}")
    return out


def _BundleLit(low: ExprLowering, node: A.BundleLit, scope: Scope) -> str:
    out = low.tmp()
    low.emit(f"{out} = {{}}")
    for kind, expr in node.items:
        if kind not in low.d.kinds:
            low.emit(f"raise it.error({low.c(node)}, {low.t(f'{kind!r} is not a token kind')}, "
                     f"rt.did_you_mean({low.t(kind)}, it.d.kinds))")
            return out
        value = low.expr(expr, scope)
        k = low.t(kind)
        low.emit(f"if {value}.__class__ is not int or {value} <= 0:")
        low.emit(f"    rt.bundle_count(it, {low.c(expr)}, {k}, {value})")
        low.emit(f"if {value}: {out}[{k}] = {out}.get({k}, 0) + {value}")
    return out


LOWER_EXPR: dict[type, Callable[[ExprLowering, Any, Scope], str]] = {
    A.IntLit: _IntLit,
    A.BoolLit: _BoolLit,
    A.NoneLit: _NoneLit,
    A.StrLit: _StrLit,
    A.Name: _Name,
    A.Attr: _Attr,
    A.Index: _Index,
    A.Call: _Call,
    A.BinOp: _BinOp,
    A.BoolOp: _BoolOp,
    A.Not: _Not,
    A.Neg: _Neg,
    A.IfExpr: _IfExpr,
    A.ListLit: _ListLit,
    A.RangeExpr: _RangeExpr,
    A.InExpr: _InExpr,
    A.Comprehension: _Comprehension,
    A.NestedComprehension: _NestedComprehension,
    A.LetIn: _LetIn,
    A.Where: _Where,
    A.Ordered: _Ordered,
    A.Extreme: _Extreme,
    A.AtPhaseStart: _AtPhaseStart,
    A.BundleLit: _BundleLit,
}
