"""Lowers expressions to straight-line Python: each returns a name (a local, a temporary or a
constant) whose value is the expression's, after emitting the lines that compute it. The lowering
knows the types of constants, loop variables and lets, and drops the checks they make needless.

`ExprLowering` holds what every lowering shares (names, types, constants, temporaries, calls,
loops); the lowering of each expression class is a function in its generator's table
(`Generation.lower_expr`, written in lower_expr.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...language import ast as A
from ...semantics.definition import Attached
from ...semantics.operators import BINARY, OperatorError, fold
from ...semantics.symbols import BUILTIN, BUILTIN_NAMES, CARD, CONST, OPTION, PILE, STATE_NAMES, VAR, ZONE
from ...semantics.values import CardValue, PileRef, PlayerRef, ZoneRef
from ..coverage import HOOK, MODIFIER, point_key
from .context import Generation
from .outline import outline, too_deep
from .scope import Scope, Unit

MAX_INLINE_NESTING = 3  # funcs inlined inside inlined funcs, at most
MAX_INLINE_SIZE = 60  # AST nodes in a func's body and modifiers, at most
MAX_INLINE_RULE_SIZE = 120  # AST nodes in a rule's body and hooks, at most

def _int_literal(code: str) -> bool:
    return code.startswith("(") and code.strip("()-").isdigit()


# How generated code reads the built-in names that come from the game state, and the Python
# types of their values (from the registry's static types).
_STATE_CODE: dict[str, str] = {
    # The tie order itself, not a copy: list values are never changed in place.
    "players": "it.players_from[it.state.active]",
    "active": "it.player_refs[it.state.active]",
    "round": "it.state.round",
    "player_count": "it.n",
}
assert set(_STATE_CODE) == set(STATE_NAMES)
_PY_TYPES: dict[str, Any] = {"number": int, "player": PlayerRef, "list:player": ("list", PlayerRef)}
_GLOBAL_TYPES: dict[str, Any] = {code: _PY_TYPES[BUILTIN_NAMES[name].type] for name, code in _STATE_CODE.items()}


def _value_type(value: Any) -> Any:
    if isinstance(value, list):
        types = {_value_type(v) for v in value}
        return ("list", types.pop() if len(types) == 1 else None)
    return type(value)


_INTERNED: dict[str, str] = {}


def _intern(value: str) -> str:
    return _INTERNED.setdefault(value, value)


class ExprLowering:
    """Lowers the expressions of one unit into lines of Python."""

    def __init__(self, gen: Generation, unit: Unit):
        self.gen = gen
        self.unit = unit
        self.d = gen.d
        self._folding: set[str] = set()
        self.types: dict[str, Any] = {}  # what a temporary or local is known to hold
        self.choices: dict[str, frozenset] = {}  # the few values a temporary or local can hold
        self.item_choices: dict[str, frozenset] = {}  # the same for every item of a list
        self.bounds: dict[str, int] = {}  # what numbers are surely below in size (see lower_expr._bound)
        self.inlined = 0  # funcs being inlined around the code now generated
        self.inlined_rules = 0  # and rules
        self.blaming: list[tuple[str, str, str]] = []  # the rule calls open: (what, span code, start local)

    # ------------------------------------------------------------------ unit frames
    def enter_call(self, name: str, rule: bool, site: str = "site") -> None:
        """Opens a call of a func or rule: its depth, the depth limit and the step budget.
        `site` names the calling node (the `site` argument, or a constant where it is inlined)."""
        u = self.unit
        if rule:  # (R002 names the call of a rule it leaves, as Interpreter.call_rule does)
            start = u.new("t")
            u.emit(f"{start} = it.steps")
            self.blaming.append((f"call of rule {name}", f"{site}.span", start))
        u.emit("it.depth += 1")
        u.emit("try:")
        u.depth += 1
        u.emit(f"if it.depth > MAX_DEPTH: raise rt.too_deep(it, {site}, {self.gen.text(name)}, {rule})")
        # Recursion is bounded by the depth limit, but could still branch forever: a call of a
        # func costs a step (rules count their statements), and both check the budget.
        if not rule:
            u.emit("it.steps += 1")
        u.emit(f"if it.steps > it.budget: raise StepBudgetExceeded({site}.span, it.budget)")

    def leave_call(self, rule: bool = False) -> None:
        u = self.unit
        u.depth -= 1
        if rule:
            what, span, start = self.blaming.pop()
            u.emit("except StepBudgetExceeded as err:")
            u.emit(f"    err.blame({self.t(what)}, {span}, {start})")
            u.emit("    raise")
        u.emit("finally:")
        u.emit("    it.depth -= 1")

    def blamed_loop(self, node: A.Node, what: str, loop: Callable[[], None]) -> None:
        """`loop` (which emits a loop) inside a `try` that names it in an R002 leaving it, as the
        tree-walker's loops do."""
        u = self.unit
        start = u.new("t")
        u.emit(f"{start} = it.steps")
        u.emit("try:")
        u.depth += 1
        loop()
        u.depth -= 1
        u.emit("except StepBudgetExceeded as err:")
        u.emit(f"    err.blame({self.t(what)}, {self.c(node.span)}, {start})")
        u.emit("    raise")

    def entry_expr(self, node: A.Expr) -> None:
        value = self.expr(node, self.unit.root)
        self.unit.emit(f"return {value}")

    def entry_block(self, block: A.Block) -> None:
        self.block_in(block, self.unit.root)

    # ------------------------------------------------------------------ helpers
    def c(self, value: Any) -> str:
        return self.gen.const(value)

    def t(self, value: str) -> str:
        return self.gen.text(value)

    def emit(self, line: str) -> None:
        self.unit.emit(line)

    def tmp(self) -> str:
        return self.unit.new()

    # ------------------------------------------------------------------ static types
    def type_of(self, code: str) -> Any:
        """The Python type `code` surely has (`("list", T)` for a list of T), or None."""
        known = self.types.get(code)
        if known is not None:
            return known
        if _int_literal(code):
            return int
        if code in ("True", "False"):
            return bool
        if code == "None":
            return type(None)
        if code.startswith("K") and code in self.gen.namespace:
            return _value_type(self.gen.namespace[code])
        return None

    def typed(self, code: str, kind: Any) -> str:
        if kind is not None:
            self.types[code] = kind
        return code

    def fast(self, code: str, kind: type, fast: str, slow: str) -> str:
        """`fast` if `code` holds a `kind`, else `slow`, decided now when the type is known."""
        known = self.type_of(code)
        if known is not None:
            base = list if isinstance(known, tuple) else known
            return fast if base is kind else slow
        return f"{fast} if {code}.__class__ is {kind.__name__} else {slow}"

    def static_of_list(self, code: str) -> tuple[bool, list[Any]]:
        """The items of a constant list's code, when it is one."""
        if code.startswith("K") and isinstance(self.gen.namespace.get(code), list):
            return True, self.gen.namespace[code]
        return False, []

    def static_of(self, code: str) -> tuple[bool, Any]:
        """The value of a constant's code, when it is one."""
        if _int_literal(code):
            return True, int(code.strip("()"))
        if code in ("True", "False", "None"):
            return True, {"True": True, "False": False, "None": None}[code]
        if code.startswith("K") and code in self.gen.namespace:
            value = self.gen.namespace[code]
            if isinstance(value, (int, str, bool, ZoneRef, PileRef, CardValue)):
                return True, value
        return False, None

    def truth(self, node: A.Expr, scope: Scope) -> str:
        """A Python expression that is True or False, raising for non-yes/no values."""
        v = self.expr(node, scope)
        return self.fast(v, bool, v, f"it.truth({v}, {self.c(node)})")

    def tick(self, node: A.Node) -> None:
        self.emit("it.steps += 1")
        self.emit(f"if it.steps > it.budget: raise StepBudgetExceeded({self.c(node.span)}, it.budget)")

    def count_fired(self, attached: Attached) -> None:
        key = attached.card.name if attached.card is not None else attached.decl.key
        k = self.t(key)
        self.emit(f"it.fired[{k}] = it.fired.get({k}, 0) + 1")
        self.count_point(attached.decl, HOOK if isinstance(attached.decl, A.Hook) else MODIFIER)

    def count_point(self, node: A.Node, tag: str) -> None:
        """Counts a run of a place of the rules (engine/coverage.py), in code generated with
        coverage on; code generated without it has no counter at all."""
        if self.gen.coverage:
            self.emit(f"it.coverage[{self.t(point_key(node, tag))}] += 1")

    def reads_env(self, scope: Scope) -> bool:
        """Whether names free in `scope` may come from the unit's caller (not so in the body of
        an inlined func, whose scope stands alone)."""
        return self.unit.entry and scope.outermost() is self.unit.root

    # ------------------------------------------------------------------ names
    def name(self, node: A.Name, scope: Scope) -> str:
        found = scope.find(node.id)
        if found is not None:
            local, from_env = found
            if not from_env:
                return local
            out = self.tmp()
            self.emit(f"{out} = {local}")
            self.emit(f"if {out} is MISSING:")
            self.unit.depth += 1
            self.emit(f"{out} = {self.global_name(node)}")
            self.unit.depth -= 1
            return out
        if self.reads_env(scope) and self.gen.may_be_local(node):
            local = self.unit.new("l")
            self.unit.root.names[node.id] = local
            self.unit.root.from_env.add(node.id)
            self.unit.prologue.append(f"    {local} = rt.lookup(env, {self.t(node.id)})")
            return self.name(node, scope)
        return self.global_name(node)

    def global_name(self, node: A.Name) -> str:
        """Code reading a global name, by what the symbol table says it is."""
        d, name, k = self.d, node.id, self.t(node.id)
        kinds = self.gen.table.value_kinds(name)
        kind = kinds[0] if kinds else None
        if kind == BUILTIN:
            return _STATE_CODE[name]
        if kind == VAR:
            out = self.tmp()
            self.emit(f"{out} = it.state.vars.get({k}, MISSING)")
            self.emit(f"if {out} is MISSING: {out} = it.global_name({k}, {self.c(node)})")
            return out
        if kind == CONST:
            ok, value = self.static_value(node, None)
            if ok:
                return self.t(value) if isinstance(value, str) else self.c(value)
            out = self.tmp()
            self.emit(f"{out} = it.const_cache.get({k}, MISSING)")
            self.emit(f"if {out} is MISSING: {out} = it.global_name({k}, {self.c(node)})")
            return out
        if kind == OPTION:
            value = d.option_values[name]
            return self.t(value) if isinstance(value, str) else self.c(value)
        if kind == ZONE:
            return self.c(self.gen.shared_zone(name))
        if kind == PILE:
            return self.c(PileRef(None, _intern(name)))
        if kind == CARD:
            return self.c(CardValue(_intern(name)))
        if kind is not None:  # ITSELF: token kinds, symbols, per-player zones and piles, decks, sides
            return k
        return f"it.global_name({k}, {self.c(node)})"  # raises "unknown name" when it runs

    def static_value(self, node: A.Expr, scope: Scope | None) -> tuple[bool, Any]:
        """(True, value) when `node` has the same value in every game of this rule set: literals,
        symbols, and lists and constants made of them. Such values are never changed in place."""
        if isinstance(node, (A.IntLit, A.StrLit, A.BoolLit)):
            return True, node.value
        if isinstance(node, A.NoneLit):
            return True, None
        if isinstance(node, A.ListLit):
            items = [self.static_value(i, scope) for i in node.items]
            return all(ok for ok, _ in items), [v for _, v in items]
        if isinstance(node, (A.BinOp, A.Not, A.Neg, A.IfExpr)):
            return self.static_fold(node, scope)
        if not isinstance(node, A.Name):
            return False, None
        name, d = node.id, self.d
        if scope is not None and (scope.find(name) is not None
                                  or (self.reads_env(scope) and self.gen.may_be_local(node))):
            return False, None
        kinds = self.gen.table.value_kinds(name)
        kind = kinds[0] if kinds else None
        if kind is None or kind == BUILTIN or kind == VAR:
            return False, None
        if kind == CONST:
            if name in self._folding:
                return False, None  # a constant defined by itself: let the interpreter report it
            self._folding.add(name)
            try:
                return self.static_value(d.consts[name].value, None)
            finally:
                self._folding.discard(name)
        if kind == OPTION:
            return True, d.option_values[name]
        if kind == ZONE:
            return True, self.gen.shared_zone(name)
        if kind == PILE or kind == CARD:
            return False, None  # piles and cards are made anew where they are named
        return True, _intern(name)  # ITSELF

    def static_fold(self, node: A.BinOp | A.Not | A.Neg | A.IfExpr, scope: Scope | None) -> tuple[bool, Any]:
        """An operator over static operands, folded by the shared constant folder; not static
        when the operator refuses them (the error is then raised where the game meets it)."""
        if isinstance(node, A.IfExpr):
            ok, cond = self.static_value(node.condition, scope)
            if not ok or cond.__class__ is not bool:
                return False, None
            return self.static_value(node.then if cond else node.otherwise, scope)
        if isinstance(node, A.BinOp):
            if node.op not in BINARY:
                return False, None
            operands = [node.left, node.right]
        else:
            operands = [node.operand]
        values = []
        for operand in operands:
            ok, value = self.static_value(operand, scope)
            if not ok:
                return False, None
            values.append(value)
        try:
            return True, fold("not" if isinstance(node, A.Not) else "-" if isinstance(node, A.Neg) else node.op,
                              *values)
        except OperatorError:
            return False, None

    def static_kinds(self, node: A.Expr, scope: Scope) -> tuple[str, ...] | None:
        """The token kinds `node` names, when they are the same in every game."""
        ok, value = self.static_value(node, scope)
        kinds = self.gen.kind_set
        if ok and isinstance(value, str) and value in kinds:
            return (value,)
        if ok and isinstance(value, list) and all(isinstance(k, str) and k in kinds for k in value):
            return tuple(value)
        return None

    # ------------------------------------------------------------------ expressions, calls, loops
    def expr(self, node: A.Expr, scope: Scope) -> str:
        """Emits the lines that compute `node` and returns a Python expression for its value
        (a constant, a local or a temporary: cheap to use more than once)."""
        lower = self.gen.lower_expr.get(node.__class__)
        if lower is None:
            raise NotImplementedError(f"the code generator has no form for {type(node).__name__} "
                                      f"expressions ({node.span})")
        if too_deep(self.unit):  # Python's nesting limits are near: a function of its own
            return outline(self, lambda: lower(self, node, scope))
        return lower(self, node, scope)

    def inline_func(self, name: str, args: list[str], node: A.Call) -> str:
        """A small func's body, lowered where it is called (no Python call)."""
        func = self.d.funcs[name]
        leaf = self.gen.is_leaf(name)
        n, k = self.c(node), self.t(name)
        if leaf:  # nothing inside counts depth: checking the limit is enough
            self.emit(f"if it.depth >= MAX_DEPTH: raise rt.too_deep(it, {n}, {k}, False)")
        else:
            self.emit("it.depth += 1")
            self.emit("try:")
            self.unit.depth += 1
            self.emit(f"if it.depth > MAX_DEPTH: raise rt.too_deep(it, {n}, {k}, False)")
        self.emit("it.steps += 1")  # a call costs a step, inlined or not (as in the tree-walker)
        self.emit(f"if it.steps > it.budget: raise StepBudgetExceeded({n}.span, it.budget)")
        scope = Scope()  # a func sees its parameters and globals only
        for param, arg in zip(func.params, args):
            scope.names[param] = arg  # evaluated already, and nothing can change it meanwhile
        self.inlined += 1
        value = self.expr(func.value, scope)
        if self.d.modifiers.get(name):
            result = self.tmp()
            self.emit(f"{result} = {value}")
            self.modifiers(name, args, result)
        else:
            result = value
        self.inlined -= 1
        if not leaf:
            self.unit.depth -= 1
            self.emit("finally:")
            self.emit("    it.depth -= 1")
        return result

    def iterable(self, node: A.Expr, scope: Scope) -> str:
        v = self.expr(node, scope)
        if isinstance(self.type_of(v), tuple):
            return v
        out = self.tmp()
        self.emit(f"{out} = {self.fast(v, list, v, f'it.iterable({v}, {self.c(node)})')}")
        if self.type_of(v) is PileRef:
            self.typed(out, ("list", CardValue))  # a pile's cards
        return out

    def element_type(self, items: str) -> Any:
        known = self.type_of(items)
        return known[1] if isinstance(known, tuple) else None

    def loop(self, source: A.Expr, var: str, scope: Scope, copy: bool = False,
             charge: A.Node | None = None) -> tuple[str, Scope, str]:
        """Opens `for LOCAL in ITEMS:` binding `var` in a new scope; the caller closes it. With
        `charge` (a query), its items cost a step each, paid before the loop (Interpreter.charge)."""
        items = self.iterable(source, scope)
        if charge is not None:
            self.emit(f"it.steps += len({items})")
            self.emit(f"if it.steps > it.budget: raise StepBudgetExceeded({self.c(charge.span)}, it.budget)")
        inner = Scope(scope)
        local = self.unit.new("l")
        inner.names[var] = local
        if var not in self.gen.set_targets:
            self.typed(local, self.element_type(items))
            ok, values = self.static_of_list(items)
            if ok and values and all(isinstance(v, (str, int)) for v in values):
                self.choices[local] = frozenset(values)
            elif items in self.item_choices:
                self.choices[local] = self.item_choices[items]
        self.emit(f"for {local} in {'list(' + items + ')' if copy else items}:")
        self.unit.depth += 1
        return local, inner, items
