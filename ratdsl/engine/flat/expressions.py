"""Literals, operators, conditionals and lets of the flat target: each becomes one Python
expression over values whose kinds are known now, folded when its operands are constants (a
mixin of FlatCompiler, which lowers names, members and indexes)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from typing import Any

from ...language import ast as A
from ...semantics.operators import MAX_ITEMS, MAX_NUMBER, MAX_RANGE
from .code import Scope
from .dyn import has_dyn
from .tags import BOOL, BUNDLE, CARD_T, DYN, INT, NONE, PILE_T, PLAYER, STR, ZONE_T, Unsupported
from .typed import items_may_be_none, may_be_none
from .val import Val, is_list, list_of


def arithmetic(op: str, left: Val, right: Val) -> Val:
    """`left op right` on numbers (+, -, *): the plain Python where the operands' sizes show the
    result stays within the limit of numbers (token counts, lengths, small constants), else
    checked by operators.bounded (R006), as the reference engine checks every result."""
    code = f"({left.code} {op} {right.code})"
    lb, rb = left.size, right.size
    if lb is not None and rb is not None:
        bound = lb * rb if op == "*" else lb + rb
        if bound <= MAX_NUMBER:
            return Val(code, INT, bound=bound)
    return Val(f"BD{code}", INT)


_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
_NUMERIC = ("+", "-", "*", "/", "%", "<", "<=", ">", ">=")  # (operators that refuse a none number)


def surely_yes_no(node: A.Expr, funcs: Mapping[str, A.Func] | None = None, seen: frozenset[str] = frozenset()) -> bool:
    """Whether the flat form of `node` is a Python bool whenever it is worked out: a comparison,
    `in`, `not` and `and`/`or` (whose parts are held to yes/no themselves), an `if` or a `let`
    of such forms, and a call of one of `funcs` whose body is one (`alive(s)` for
    `func alive(s) = not s in fallen`). A name, a field, an item or another call may hold none."""
    if isinstance(node, (A.BoolLit, A.InExpr, A.Not, A.BoolOp)):
        return True
    if isinstance(node, A.BinOp):
        return node.op in _COMPARISONS
    if isinstance(node, A.IfExpr):
        return surely_yes_no(node.then, funcs, seen) and surely_yes_no(node.otherwise, funcs, seen)
    if isinstance(node, A.LetIn):
        return surely_yes_no(node.body, funcs, seen)
    if isinstance(node, A.Call) and funcs is not None and node.func in funcs and node.func not in seen:
        return surely_yes_no(funcs[node.func].value, funcs, seen | {node.func})
    return False


def all_yes_no(node: A.Expr, funcs: Mapping[str, A.Func] | None = None) -> bool:
    """Whether every item of the list `node` is surely yes or no (surely_yes_no)."""
    if isinstance(node, A.ListLit):
        return all(surely_yes_no(i, funcs) for i in node.items)
    if isinstance(node, (A.Comprehension, A.NestedComprehension)):
        return surely_yes_no(node.element, funcs)
    return False


class ExpressionLowering:
    """Operators and literal forms for FlatCompiler."""

    @cached_property
    def plain_funcs(self) -> dict[str, A.Func]:
        """The funcs no modifier can change: what their body gives is what a call gives."""
        return {n: f for n, f in self.d.funcs.items() if not self.d.modifiers.get(n)}

    def ex_IntLit(self, node: A.IntLit | A.StrLit | A.BoolLit, sc: Scope) -> Val:
        return self.flat_value(node.value, node)

    ex_StrLit = ex_BoolLit = ex_IntLit

    def ex_NoneLit(self, node: A.NoneLit, sc: Scope) -> Val:
        return self.flat_value(None, node)

    def cond(self, node: A.Expr, sc: Scope, why: str = "a condition that is not yes/no",
             at: A.Node | None = None) -> Val:
        """A condition: yes/no, a general value taken as one (checked as it is unboxed). A yes/no
        value may be none as the game runs (a card's field it lacks, a func's none, an item):
        the reference stops on it (R001: a condition is exactly yes or no), where Python would
        take none for false, so a none stops the flat code too (present) wherever the condition
        is not surely yes or no by its form."""
        return self.yes_no(self.ex(node, sc), node, why, at)

    def yes_no(self, v: Val, node: A.Expr, why: str = "a condition that is not yes/no",
               at: A.Node | None = None, unbox: bool = True) -> Val:
        """`v`, the lowered `node`, taken as a condition (cond); `unbox=False`: a general value is
        refused rather than unboxed."""
        if v.t == DYN and unbox:
            return self.as_kind(v, BOOL, node)
        if v.t != BOOL:
            raise Unsupported(at or node, why)
        if v.known or surely_yes_no(node, self.plain_funcs):
            return v
        return Val(f"present({v.code})", BOOL)

    def number(self, v: Val, node: A.Expr) -> Val:
        """`v`, the lowered `node`, where a number is needed: checked by present() when it is a
        number that may be none as the game runs (the reference stops on it, R001; Python would
        stop with a TypeError, or take none for 0). Anything else is left as it is."""
        if v.t == INT and not v.known and may_be_none(self.d, node):
            return Val(f"present({v.code})", INT, bound=v.bound)
        return v

    def numbers(self, v: Val, node: A.Expr) -> Val:
        """`v`, the lowered list `node`, where a built-in adds or compares its items as numbers
        (`sum`, `min`, the claims of `share_evenly`): checked by all_present when the typed form
        says an item may be none. Only there: `len`, `first`, `+` of lists take none as an item."""
        if v.t == list_of(INT) and not v.known and items_may_be_none(self.d, node):
            return replace(v, code=f"all_present({v.code})", items=None)
        return v

    def ex_BinOp(self, node: A.BinOp, sc: Scope) -> Val:
        left = self.ex(node.left, sc)
        right = self.ex(node.right, sc)
        op = node.op
        if op in _NUMERIC:
            left, right = self.number(left, node.left), self.number(right, node.right)
        if left.known and right.known and left.t in (INT, BOOL, STR, NONE) and right.t in (INT, BOOL, STR, NONE):
            from ...semantics import operators as ops

            try:
                value = ops.BINARY[op](left.const, right.const)
            except Exception:
                raise Unsupported(node, "an operator refusing its constant operands") from None
            return self.flat_value(value, node)
        if op in ("==", "!=") and (has_dyn(left.t) or has_dyn(right.t)):
            return self.dyn_equal(op, left, right, node)
        if DYN in (left.t, right.t):
            if op in ("+", "-", "*", "/", "%", "<", "<=", ">", ">=") and INT in (left.t, right.t, DYN):
                left, right = self.want(left, INT, node), self.want(right, INT, node)
        if op in ("==", "!="):
            lt, rt = left.t, right.t
            if lt != rt and NONE not in (lt, rt):
                if (lt == BOOL) != (rt == BOOL) or {lt, rt} <= {INT, STR, PLAYER, ZONE_T, CARD_T, BUNDLE}:
                    return Val(repr(op == "!="), BOOL, op == "!=")
                raise Unsupported(node, f"comparing a {lt} with a {rt}")
            if lt == BOOL or rt == BOOL:
                return Val(f"({left.code} {'is' if op == '==' else 'is not'} {right.code})", BOOL)
            return Val(f"({left.code} {op} {right.code})", BOOL)
        if op in ("<", "<=", ">", ">="):
            if left.t != INT or right.t != INT:
                raise Unsupported(node, f"ordering a {left.t} and a {right.t}")
            return Val(f"({left.code} {op} {right.code})", BOOL)
        if op in ("+", "-", "*") and left.t == INT and right.t == INT:
            return arithmetic(op, left, right)
        if op == "+":
            if is_list(left.t) and is_list(right.t) and left.t != right.t and NONE not in (left.t[1], right.t[1]):
                t = self.joined(left.t, right.t)
                left, right = self.as_kind(left, t, node), self.as_kind(right, t, node)
            if is_list(left.t) and is_list(right.t):
                t = left.t if left.t[1] != NONE else right.t
                if left.t[1] != NONE and right.t[1] != NONE and left.t != right.t:
                    raise Unsupported(node, "joining lists of different kinds")
                # (the shared operator: R007 past MAX_ITEMS; a step per item, builtins.list_items)
                lm, rm = left.most, right.most
                if lm is not None and rm is not None and lm + rm <= MAX_ITEMS:  # (surely short enough)
                    return Val(f"CI({left.code} + {right.code})", t, length=lm + rm)
                return Val(f"CI(LJ({left.code}, {right.code}))", t)  # (lists.joined_lists)
            if left.t == BUNDLE and right.t == BUNDLE:
                return Val(f"ADD({left.code}, {right.code})", BUNDLE)
        if op == "-" and left.t == BUNDLE and right.t == BUNDLE:
            return Val(f"SUB({left.code}, {right.code})", BUNDLE)
        if op == "*" and left.t == BUNDLE and right.t == INT:
            return Val(f"MUL({left.code}, {right.code})", BUNDLE)
        if op in ("/", "%") and left.t == INT and right.t == INT:
            # (a zero divisor stops the flat code; the result is no bigger than the dividend, or the divisor)
            return Val(f"({left.code} {'//' if op == '/' else '%'} {right.code})", INT,
                       bound=left.size if op == "/" else right.size)
        raise Unsupported(node, f"{left.t} {op} {right.t}")

    def ex_BoolOp(self, node: A.BoolOp, sc: Scope) -> Val:
        parts = []
        stop = node.op != "and"
        for i, item in enumerate(node.items):
            if i == 0:
                v = self.cond(item, sc)
            else:  # (worked out only when the items before did not decide: its calls paid then)
                v, steps = self.costed(item, sc, self.cond)
                if steps:
                    parts.append(self.ticked(v, steps).code)
                    if v.known and v.const is stop:
                        break
                    continue
            if v.known:
                if v.const is stop:
                    if not parts:
                        return Val(repr(stop), BOOL, stop)
                    parts.append(repr(stop))  # (what came before still runs: it may stop the game)
                    break
                continue  # (a constant that does not decide drops out)
            parts.append(v.code)
        if not parts:
            return Val(repr(not stop), BOOL, not stop)
        return Val("(" + f" {node.op} ".join(parts) + ")", BOOL)

    def ex_Not(self, node: A.Not, sc: Scope) -> Val:
        v = self.cond(node.operand, sc, "`not` of a value that is not yes/no", node)
        if v.known:
            return Val(repr(not v.const), BOOL, not v.const)
        return Val(f"(not {v.code})", BOOL)

    def ex_Neg(self, node: A.Neg, sc: Scope) -> Val:
        v = self.number(self.want(self.ex(node.operand, sc), INT, node), node.operand)
        if v.t != INT:
            raise Unsupported(node, "`-` of a value that is not a number")
        if v.known:
            return Val(repr(-v.const), INT, -v.const)
        return Val(f"(-{v.code})", INT, bound=v.bound)

    def ex_IfExpr(self, node: A.IfExpr, sc: Scope) -> Val:
        c = self.cond(node.condition, sc, at=node)
        if c.known:
            return self.ex(node.then if c.const else node.otherwise, sc)
        a = self.maybe(node.then, sc)
        b = self.maybe(node.otherwise, sc)
        t = self.joined(a.t, b.t)
        a, b = self.as_kind(a, t, node), self.as_kind(b, t, node)
        return Val(f"({a.code} if {c.code} else {b.code})", t)

    def join(self, a: Any, b: Any, node: A.Node) -> Any:
        """The one kind two values share (none, or an empty list, joins any): unlike `joined`,
        never a general one."""
        lists = is_list(a) and is_list(b)
        if a == NONE or (lists and a[1] == NONE):
            return b
        if a == b or b == NONE or (lists and b[1] == NONE):
            return a
        raise Unsupported(node, f"a value that is a {a} or a {b}")

    def ex_ListLit(self, node: A.ListLit, sc: Scope) -> Val:
        items = [self.ex(i, sc) for i in node.items]
        t = NONE
        for v in items:
            t = self.joined(t, v.t)
        if has_dyn(t):
            items = [self.as_kind(v, t, i) for v, i in zip(items, node.items)]
        if items and all(v.known for v in items) and t in (INT, STR, BOOL, PLAYER, ZONE_T):
            return Val(f"list({self.k(tuple(v.const for v in items))})", list_of(t), [v.const for v in items])
        return Val("[" + ", ".join(v.code for v in items) + "]", list_of(t), items=tuple(items))

    def ex_RangeExpr(self, node: A.RangeExpr, sc: Scope) -> Val:
        lo = self.number(self.ex(node.low, sc), node.low)
        hi = self.number(self.ex(node.high, sc), node.high)
        if lo.t != INT or hi.t != INT:
            raise Unsupported(node, "a range of non-numbers")
        # (each number costs a step, as in the reference: Interpreter.make_range)
        if lo.known and hi.known and hi.const - lo.const < MAX_RANGE:
            return Val(f"CH(list(range({lo.code}, {hi.code} + 1)))", list_of(INT))
        return Val(f"CH(RG({lo.code}, {hi.code}))", list_of(INT))  # (the shared operator: refused when too long)

    def items_of(self, v: Val, node: A.Node) -> Val:
        """What `for each` and the queries go through: a list, a pile's cards, a bundle's kinds."""
        if is_list(v.t):
            return v
        if v.t == DYN:
            return self.as_kind(v, list_of(DYN), node)
        if v.t == PILE_T:
            return Val(f"list({v.code})", list_of(CARD_T))
        if v.t == BUNDLE:
            return Val(f"bundle_kinds({v.code})", list_of(STR))
        raise Unsupported(node, f"going through a {v.t}")

    def ex_InExpr(self, node: A.InExpr, sc: Scope) -> Val:
        item = self.ex(node.item, sc)
        cont = self.items_of(self.ex(node.container, sc), node.container)
        if has_dyn(item.t) or has_dyn(cont.t[1]):
            return self.dyn_in(item, cont, node)
        if item.t == BOOL or cont.t[1] == BOOL:
            raise Unsupported(node, "`in` with yes/no values")
        if item.t != cont.t[1] and cont.t[1] != NONE:
            # (never there, but looked through and paid for as the reference does)
            return Val(f"(CI({cont.code}) is None)", BOOL)
        if item.t == CARD_T:  # (by name, compared in C: lists.card_in)
            return Val(f"card_in({item.code}, CI({cont.code}))", BOOL)
        return Val(f"({item.code} in CI({cont.code}))", BOOL)

    def ex_AtPhaseStart(self, node: A.AtPhaseStart, sc: Scope) -> Val:
        return self.ex(node.operand, Scope(sc.names, "PS"))

    def ex_LetIn(self, node: A.LetIn, sc: Scope) -> Val:
        v = self.ex(node.value, sc)
        py = self.fresh("v")
        body = self.ex(node.body, sc.child(**{node.name: Val(py, v.t)}))
        return Val(f"(lambda {py}: {body.code})({v.code})", body.t)

    def ex_BundleLit(self, node: A.BundleLit, sc: Scope) -> Val:
        parts = []
        for kind, expr in node.items:
            if kind not in self.d.kinds:
                raise Unsupported(node, f"{kind!r} is not a kind")
            v = self.ex(expr, sc)
            if v.t != INT:
                raise Unsupported(expr, "a bundle count that is not a number")
            parts.append((kind, v))
        if all(v.known for _, v in parts):
            out: dict[str, int] = {}
            for kind, v in parts:
                if v.const < 0:
                    raise Unsupported(node, "a negative count in a bundle")
                if v.const:
                    out[kind] = out.get(kind, 0) + v.const
            return Val(f"dict({self.k(out)})", BUNDLE, out)
        raise Unsupported(node, "a bundle with counts known only during the game")
