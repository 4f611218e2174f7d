"""Queries of the flat target (comprehensions, `where`, `ordered by`, `with most`) and the step
budget they pay: the reference engine charges a step per item of a query's source, times what
each item costs, so a query's source is paid with the expression around it when its length is
known now, else as it runs (CH). A mixin of FlatCompiler."""

from __future__ import annotations

from functools import partial
from typing import Any

from ...language import ast as A
from .code import Scope, uncopied
from .tags import INT, Unsupported
from .val import Val, domain_of, is_list, list_of


class QueryLowering:
    """Queries, and the steps what is lowered costs, for FlatCompiler."""

    def pay(self, steps: int) -> bool:
        """Adds steps to what the expression being lowered costs; False where that is paid as it
        runs (the steps are then counted elsewhere: in a func's cost, or through CH)."""
        top = self.costs[-1]
        if top is None:
            return False
        top[0] += steps
        return True

    def costed(self, node: A.Expr, sc: Scope, lower: Any = None) -> tuple[Val, int]:
        """An expression (lowered by `lower`, else `ex`) and the steps it costs each time it is
        worked out."""
        acc = [0]
        self.costs.append(acc)
        try:
            return (lower or self.ex)(node, sc), acc[0]
        finally:
            self.costs.pop()

    def ticked(self, v: Val, steps: int) -> Val:
        """`v`, paying `steps` as it is worked out (CN, checked): what a part of an expression that
        may not be worked out costs (an `and`'s later items, an `if`'s branches), paid only when
        it is, as the reference pays its calls as they happen."""
        if not steps:
            return v
        return Val(f"CN({steps}, {v.code})", v.t, domain=v.domain, bound=v.bound, length=v.length)

    def maybe(self, node: A.Expr, sc: Scope, lower: Any = None) -> Val:
        """A part of an expression that is worked out only sometimes, its calls paid when it is."""
        v, steps = self.costed(node, sc, lower)
        return self.ticked(v, steps)

    def paid(self, src: Val, per_item: int) -> str:
        """A query's source, paid for by the item (and what each item costs besides): with the
        expression around it when its length is known now, else as it runs (CH)."""
        k = 1 + per_item
        exact = src.exact_length
        if exact is not None and self.pay(exact * k):
            return src.code
        return f"CH({src.code})" if k == 1 else f"CH({src.code}, {k})"

    def iterable(self, source: A.Expr, sc: Scope) -> Val:
        """A comprehension's source."""
        return self.items_of(self.ex(source, sc), source)

    def query(self, node: A.Node, source: A.Expr, var: str, sc: Scope) -> tuple[Val, str, Scope]:
        src = self.iterable(source, sc)
        src = Val(uncopied(src.code), src.t, src.const, src.domain, length=src.most)
        py = self.fresh("q")
        inner = sc.child(**{var: Val(py, src.t[1], domain=domain_of(src))})
        return src, py, inner

    def ex_Comprehension(self, node: A.Comprehension, sc: Scope) -> Val:
        src, py, inner = self.query(node, node.source, node.var, sc)
        cond, cost = "", 0
        if node.condition is not None:  # (the element is then worked out only for the items kept)
            c, cost = self.costed(node.condition, inner, self.cond)
            cond = f" if {c.code}"
            el = self.maybe(node.element, inner)
        else:
            el, cost = self.costed(node.element, inner)
        return Val(f"[{el.code} for {py} in {self.paid(src, cost)}{cond}]", list_of(el.t), length=src.length)

    def ex_NestedComprehension(self, node: A.NestedComprehension, sc: Scope) -> Val:
        # each clause pays for its items as its loop starts (the reference's charge), times what
        # an item costs: its condition, the next clause's source, or the element
        # (what an item's condition keeps out works out nothing more: the next clause's source or
        # the element behind a condition pays as it is worked out)
        inner = sc
        clauses = []
        for i, clause in enumerate(node.clauses):
            if i == 0:
                src = self.iterable(clause.source, inner)
            elif clauses[-1][2] is not None:
                src = self.maybe(clause.source, inner, self.iterable)
            else:
                src, cost = self.costed(clause.source, inner, self.iterable)
                clauses[-1][3] += cost
            py = self.fresh("q")
            inner = inner.child(**{clause.var: Val(py, src.t[1])})
            cond, cost = (None, 0) if clause.condition is None else self.costed(clause.condition, inner, self.cond)
            clauses.append([py, src, cond, 1 + cost])
        if clauses[-1][2] is not None:
            el = self.maybe(node.element, inner)
        else:
            el, cost = self.costed(node.element, inner)
            clauses[-1][3] += cost
        parts = []
        for py, src, cond, k in clauses:
            parts.append(f"for {py} in CH({uncopied(src.code)}, {k})")
            if cond is not None:
                parts.append(f"if {cond.code}")
        # (at most the step budget of items is made before CH stops it; then R007 past MAX_ITEMS)
        return Val(f"SHORT([{el.code} {' '.join(parts)}])", list_of(el.t))

    def ex_Where(self, node: A.Where, sc: Scope) -> Val:
        src, py, inner = self.query(node, node.source, "it", sc)
        c, cost = self.costed(node.condition, inner, partial(self.cond, at=node))
        return Val(f"[{py} for {py} in {self.paid(src, cost)} if {c.code}]", src.t, length=src.length)

    def ex_Ordered(self, node: A.Ordered, sc: Scope) -> Val:
        src, py, inner = self.query(node, node.source, "it", sc)
        key, cost = self.costed(node.key, inner)
        code = key.code
        if node.descending:
            if key.t == INT:
                code = f"-({code})"
            elif is_list(key.t) and key.t[1] == INT:
                code = f"[-x for x in {code}]"
            else:
                raise Unsupported(node, "ordering by a value that is not numbers")
        elif key.t != INT and key.t != list_of(INT):
            raise Unsupported(node, "ordering by a value that is not numbers")
        paid = self.paid(src, cost)
        if paid == src.code and src.known and isinstance(src.const, list) and len(src.const) == 2 \
                and all(v.__class__ in (str, int) for v in src.const):
            return self.ordered_pair(node, src, sc)
        return Val(f"sorted({paid}, key=lambda {py}: {code})", src.t, length=src.length)

    def ordered_pair(self, node: A.Ordered, src: Val, sc: Scope) -> Val:
        """A constant list of two ordered by a key, without sorted() and its key function: each
        item's key lowered with the item known (so it folds), worked out in the list's order, and
        the second first only if its key is smaller (sorted() keeps ties in order)."""
        keys = []
        for item in src.const:
            key, _ = self.costed(node.key, sc.child(it=Val(repr(item), src.t[1], item)))  # (paid above)
            code = key.code
            if node.descending:
                code = f"-({code})" if key.t == INT else f"[-x for x in {code}]"
            keys.append(code)
        a, b = (repr(item) for item in src.const)
        return Val(f"([{b}, {a}] if ({keys[0]}) > ({keys[1]}) else [{a}, {b}])", src.t, length=2)

    def ex_Extreme(self, node: A.Extreme, sc: Scope) -> Val:
        src, py, inner = self.query(node, node.source, "it", sc)
        key, cost = self.costed(node.key, inner)
        if key.t != INT:
            raise Unsupported(node, "`with most/fewest` of a value that is not a number")
        pick = "max" if node.most else "min"
        # max/min return the first of the best: as the reference engine does
        return Val(f"{pick}({self.paid(src, cost)}, key=lambda {py}: {key.code}, default=None)", src.t[1])
