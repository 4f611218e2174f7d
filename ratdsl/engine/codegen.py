"""Compiles the AST to Python source, once per rule set, for speed (the way Jinja compiles
templates).

Every func, table and rule becomes one Python function; its parameters and local names become
Python locals, calls between them are direct Python calls, and the modifiers and hooks attached to
them are resolved when the code is generated. Expressions are lowered to straight-line statements
with temporaries, so each type check is an inline test with a fast path for the common case.

The generated source never contains rule text: local names become `l1`, `l2`…, temporaries `t1`…,
and every string, node and value the rules supply is a constant of the generated module (`K1`,
`N1`…) handed over in its namespace. Rule files still reach nothing but the game state.

`GeneratedInterpreter` plays exactly like the tree-walking `Interpreter` (tests compare their logs
byte for byte). Statements with no generated form here fall back to the tree-walker's own method,
given an `Env` built from the current locals; what they run in turn comes back here.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from ..language import ast as A
from . import codegen_runtime as rt
from .builtins import BUILTINS
from .definition import Attached, GameDef
from .errors import GameOver, StepBudgetExceeded
from .interpreter import MAX_DEPTH, Env, Interpreter, _equal, _neg_key, _reads_zones
from .values import CardValue, PileRef, PlayerRef, ZoneRef, encode

MAX_INLINE_NESTING = 3  # funcs inlined inside inlined funcs, at most
MAX_INLINE_SIZE = 60  # AST nodes in a func's body and modifiers, at most

_ARITH = {"+": "+", "-": "-", "*": "*", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def _binder_names(d: GameDef) -> set[str]:
    """Every name the rules ever bind locally; a free name outside it can only be global."""
    names = {"it", "this", "base", "me"}
    for decl in d.ruleset.decls:
        for node in A.walk(decl):
            if isinstance(node, (A.Func, A.Rule, A.Modify, A.Hook)):
                names.update(node.params)
            elif isinstance(node, A.Table):
                names.add(node.param)
            elif isinstance(node, A.Let):
                names.add(node.name)
            elif isinstance(node, (A.ForEach, A.Comprehension, A.AskChoose)):
                names.add(node.var)
            elif isinstance(node, A.Scoring):
                names.add(node.player_var)
    return names


def _assigned_names(node: A.Node) -> set[str]:
    """Names a statement may `set`: after a fallback they are read back from its Env."""
    return {n.target.id for n in A.walk(node) if isinstance(n, A.Set) and isinstance(n.target, A.Name)}


class Scope:
    """Rule-language names bound in one block, mapped to the Python locals that hold them.
    `from_env` marks a unit's free names, loaded from the caller's Env (MISSING when unbound)."""

    def __init__(self, parent: Scope | None = None):
        self.parent = parent
        self.names: dict[str, str] = {}
        self.from_env: set[str] = set()

    def find(self, name: str) -> tuple[str, bool] | None:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name], name in scope.from_env
            scope = scope.parent
        return None

    def outermost(self) -> Scope:
        scope = self
        while scope.parent is not None:
            scope = scope.parent
        return scope

    def visible(self) -> dict[str, tuple[str, bool]]:
        out: dict[str, tuple[str, bool]] = {}
        scope: Scope | None = self
        while scope is not None:
            for name, local in scope.names.items():
                out.setdefault(name, (local, name in scope.from_env))
            scope = scope.parent
        return out


class Unit:
    """The source of one generated function, built line by line."""

    def __init__(self, header: str, entry: bool):
        self.header = header
        self.entry = entry  # called with an Env: free names come from it
        self.lines: list[str] = []
        self.prologue: list[str] = []
        self.depth = 1
        self.count = 0
        self.root = Scope()

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def new(self, prefix: str = "t") -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def source(self) -> str:
        body = self.prologue + self.lines
        return "\n".join([self.header, *(body or ["    pass"])])


class CodeGenerator:
    """Generates and holds the compiled functions of one rule set."""

    def __init__(self, d: GameDef):
        self.d = d
        self.binders = _binder_names(d)
        self.set_targets = {n.target.id for decl in d.ruleset.decls for n in A.walk(decl)
                            if isinstance(n, A.Set) and isinstance(n.target, A.Name)}
        self.namespace: dict[str, Any] = {
            "rt": rt, "Env": Env, "ZoneRef": ZoneRef, "PileRef": PileRef, "PlayerRef": PlayerRef,
            "CardValue": CardValue, "encode": encode, "GameOver": GameOver, "MISSING": rt.MISSING,
            "StepBudgetExceeded": StepBudgetExceeded, "MAX_DEPTH": MAX_DEPTH,
            "ORDER_UP": itemgetter(1), "ORDER_DOWN": lambda pair: _neg_key(pair[1]),
        }
        self.zone_tables = {name: tuple(ZoneRef(seat, _intern(name)) for seat in range(d.game.max_players))
                            for name in d.player_zones}
        self.kind_set = frozenset(d.kinds)
        self.inline_ok: dict[str, bool] = {}
        self.shared_zone_refs: dict[str, ZoneRef] = {}
        self.const_ids: dict[tuple[str, int], str] = {}
        self.const_keep: list[Any] = []
        self.defined: dict[tuple[str, str], str] = {}  # ("func", name) -> Python function name
        self.pending: list[Callable[[], Unit]] = []
        self.entries: dict[int, Callable[..., Any]] = {}
        self.sources: list[str] = []

    # ------------------------------------------------------------------ call graph
    def _calls(self, name: str) -> set[str]:
        """The funcs and tables a func's body and modifiers call."""
        nodes = [self.d.funcs[name].value, *(a.decl for a in self.d.modifiers.get(name, ()))]
        return {n.func for root in nodes for n in A.walk(root)
                if isinstance(n, A.Call) and (n.func in self.d.funcs or n.func in self.d.tables)}

    def shared_zone(self, name: str) -> ZoneRef:
        """One ref per shared zone, so the same constant stands for it everywhere."""
        ref = self.shared_zone_refs.get(name)
        if ref is None:
            ref = self.shared_zone_refs[name] = ZoneRef(None, _intern(name))
        return ref

    def is_leaf(self, name: str) -> bool:
        return not self._calls(name)

    def inlinable(self, name: str) -> bool:
        """Small funcs that cannot reach themselves are lowered where they are called."""
        known = self.inline_ok.get(name)
        if known is None:
            nodes = [self.d.funcs[name].value, *(a.decl for a in self.d.modifiers.get(name, ()))]
            size = sum(1 for root in nodes for _ in A.walk(root))
            seen: set[str] = set()
            todo = [c for c in self._calls(name) if c in self.d.funcs]
            while todo:
                callee = todo.pop()
                if callee not in seen:
                    seen.add(callee)
                    todo.extend(c for c in self._calls(callee) if c in self.d.funcs)
            known = self.inline_ok[name] = size <= MAX_INLINE_SIZE and name not in seen
        return known

    # ------------------------------------------------------------------ constants & functions
    def const(self, value: Any) -> str:
        """A name of the generated module bound to `value` (nodes, strings, refs, …)."""
        if value is None or value is True or value is False:
            return repr(value)
        if type(value) is int:
            return f"({value!r})"
        key = (type(value).__name__, id(value))
        name = self.const_ids.get(key)
        if name is None:
            name = f"K{len(self.const_ids)}"
            self.const_ids[key] = name
            self.const_keep.append(value)  # keeps id() unique while the generator lives
            self.namespace[name] = value
        return name

    def text(self, value: str) -> str:
        """Strings are interned so equal strings share one constant."""
        return self.const(_intern(value))

    def function(self, kind: str, name: str) -> str:
        """The Python name of a func's, table's, rule's or hook's generated function; the body
        is generated after the current unit (so recursion just works)."""
        key = (kind, name)
        py = self.defined.get(key)
        if py is None:
            py = self.defined[key] = f"{kind[0].upper()}{len(self.defined)}"
            builder = {"func": self._func_unit, "table": self._table_unit, "rule": self._rule_unit}[kind]
            self.pending.append(lambda: builder(name, py))
        return py

    def _install(self, first: Unit) -> None:
        units = [first]
        while self.pending:
            units.append(self.pending.pop(0)())
        source = "\n\n".join(u.source() for u in units)
        self.sources.append(source)
        exec(compile(source, "<ratdsl generated>", "exec"), self.namespace)  # generated, not rule text

    def entry_expr(self, node: A.Expr) -> Callable[[Interpreter, Env], Any]:
        f = self.entries.get(id(node))
        if f is None:
            py = f"E{len(self.entries)}"
            unit = Unit(f"def {py}(it, env):", entry=True)
            ExprLowering(self, unit).entry_expr(node)
            self._install(unit)
            f = self.entries[id(node)] = self.namespace[py]
            self.const_keep.append(node)
        return f

    def entry_block(self, block: A.Block) -> Callable[[Interpreter, Env], None]:
        f = self.entries.get(id(block))
        if f is None:
            py = f"B{len(self.entries)}"
            unit = Unit(f"def {py}(it, env):", entry=True)
            ExprLowering(self, unit).entry_block(block)
            self._install(unit)
            f = self.entries[id(block)] = self.namespace[py]
            self.const_keep.append(block)
        return f

    # ------------------------------------------------------------------ units
    def _params(self, unit: Unit, params: tuple[str, ...]) -> list[str]:
        locals_ = []
        for p in params:
            local = unit.new("l")
            unit.root.names[p] = local
            locals_.append(local)
        return locals_

    def _func_unit(self, name: str, py: str) -> Unit:
        func = self.d.funcs[name]
        args = [f"a{i}" for i in range(len(func.params))]
        unit = Unit(f"def {py}(it, {''.join(a + ', ' for a in args)}site):", entry=False)
        low = ExprLowering(self, unit)
        low.enter_call(name, rule=False)
        for local, arg in zip(self._params(unit, func.params), args):
            unit.emit(f"{local} = {arg}")
        value = low.expr(func.value, unit.root)
        result = unit.new()
        unit.emit(f"{result} = {value}")
        low.modifiers(name, args, result)
        unit.emit(f"return {result}")
        low.leave_call()
        return unit

    def _table_unit(self, name: str, py: str) -> Unit:
        table = self.d.tables[name]
        unit = Unit(f"def {py}(it, a0, site):", entry=False)
        low = ExprLowering(self, unit)
        low.enter_call(name, rule=False)
        (key,) = self._params(unit, (table.param,))
        unit.emit(f"{key} = a0 if a0.__class__ is int else it.number(a0, site)")
        result = unit.new()
        for entry in table.rows:
            row = entry.row
            if row.low is None:
                unit.emit("if True:")
            else:
                unit.emit(f"if {int(row.low)} <= {key} <= {int(row.high)}:")
            unit.depth += 1
            value = low.expr(entry.value, Scope(unit.root))
            unit.emit(f"{result} = {value}")
            low.modifiers(name, ["a0"], result)
            unit.emit(f"return {result}")
            unit.depth -= 1
        unit.emit(f"raise rt.no_row(it, site, {self.text(name)}, {key})")
        low.leave_call()
        return unit

    def _rule_unit(self, name: str, py: str) -> Unit:
        rule = self.d.rules[name]
        args = [f"a{i}" for i in range(len(rule.params))]
        unit = Unit(f"def {py}(it, {''.join(a + ', ' for a in args)}site):", entry=False)
        low = ExprLowering(self, unit)
        low.enter_call(name, rule=True)
        hooks = self.d.hooks.get(name, {})
        for attached in hooks.get("before", ()):
            unit.emit(f"{low.hook(attached, args)}(it, {', '.join(args)})")
        instead = list(reversed(hooks.get("instead", ())))
        for attached in instead:
            unit.emit(f"if not {low.hook(attached, args)}(it, {', '.join(args)}):")
            unit.depth += 1
        if rule.body.stmts:
            unit.emit(f"it.context.append({self.text(name)})")
            unit.emit("try:")
            unit.depth += 1
            scope = Scope(unit.root)
            for local, arg in zip(self._params(unit, rule.params), args):
                unit.emit(f"{local} = {arg}")
            low.block_in(rule.body, scope)
            unit.depth -= 1
            unit.emit("finally:")
            unit.emit("    it.context.pop()")
        else:
            unit.emit("pass")
        unit.depth -= len(instead)
        for attached in hooks.get("after", ()):
            unit.emit(f"{low.hook(attached, args)}(it, {', '.join(args)})")
        low.leave_call()
        return unit

    def hook_unit(self, attached: Attached, arity: int) -> str:
        key = ("hook", f"{id(attached.decl)}/{arity}")
        py = self.defined.get(key)
        if py is not None:
            return py
        py = self.defined[key] = f"H{len(self.defined)}"
        self.const_keep.append(attached.decl)

        def build() -> Unit:
            hook = attached.decl
            args = [f"a{i}" for i in range(arity)]
            unit = Unit(f"def {py}(it, {', '.join(args)}):", entry=False)
            low = ExprLowering(self, unit)
            scope = unit.root
            for local, arg in zip(self._params(unit, hook.params[:arity]), args):
                unit.emit(f"{local} = {arg}")
            if attached.card is not None:
                unit.emit(f"if not {low.card_active(attached.card)}: return False")
                this = unit.new("l")
                scope.names["this"] = this
                unit.emit(f"{this} = {self.const(CardValue(attached.card.name))}")
            if hook.condition is not None:
                cond = low.truth(hook.condition, scope)
                unit.emit(f"if not {cond}: return False")
            label = attached.card.name if attached.card is not None else f"{hook.time} {hook.name}"
            low.count_fired(attached)
            unit.emit(f"it.context.append({self.text(label)})")
            unit.emit("try:")
            unit.depth += 1
            low.block_in(hook.body, Scope(scope))
            unit.depth -= 1
            unit.emit("finally:")
            unit.emit("    it.context.pop()")
            unit.emit("return True")
            return unit

        self.pending.append(build)
        return py


def _int_literal(code: str) -> bool:
    return code.startswith("(") and code.strip("()-").isdigit()


_GLOBAL_TYPES: dict[str, Any] = {
    "it.players()": ("list", PlayerRef), "it.player_refs[it.state.active]": PlayerRef,
    "it.state.round": int, "it.n": int}


def _value_type(value: Any) -> Any:
    if isinstance(value, list):
        types = {_value_type(v) for v in value}
        return ("list", types.pop() if len(types) == 1 else None)
    return type(value)


_INTERNED: dict[str, str] = {}


def _intern(value: str) -> str:
    return _INTERNED.setdefault(value, value)


class ExprLowering:
    """Lowers expressions and statements of one unit into lines of Python."""

    def __init__(self, gen: CodeGenerator, unit: Unit):
        self.gen = gen
        self.unit = unit
        self.d = gen.d
        self._folding: set[str] = set()
        self.types: dict[str, Any] = {}  # what a temporary or local is known to hold
        self.inlined = 0  # funcs being inlined around the code now generated

    # ------------------------------------------------------------------ unit frames
    def enter_call(self, name: str, rule: bool) -> None:
        u = self.unit
        u.emit("it.depth += 1")
        u.emit("try:")
        u.depth += 1
        u.emit(f"if it.depth > MAX_DEPTH: raise rt.too_deep(it, site, {self.gen.text(name)}, {rule})")
        # Recursion is bounded by the depth limit, but could still branch forever: a call of a
        # func costs a step (rules count their statements), and both check the budget.
        if not rule:
            u.emit("it.steps += 1")
        u.emit("if it.steps > it.budget: raise StepBudgetExceeded(site.span, it.budget)")

    def leave_call(self) -> None:
        u = self.unit
        u.depth -= 1
        u.emit("finally:")
        u.emit("    it.depth -= 1")

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

    def reads_env(self, scope: Scope) -> bool:
        """Whether names free in `scope` may come from the unit's caller (not so in the body of
        an inlined func, whose scope stands alone)."""
        return self.unit.entry and scope.outermost() is self.unit.root

    def env_of(self, scope: Scope) -> str:
        """An Env holding the visible locals, for a fallback to the tree-walker."""
        own = {n: local for n, (local, from_env) in scope.visible().items() if not from_env}
        items = ", ".join(f"{self.t(n)}: {local}" for n, local in own.items())
        parent = "env" if self.reads_env(scope) else "None"
        return f"Env({{{items}}}, {parent})"

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
        if self.reads_env(scope) and node.id in self.gen.binders:
            local = self.unit.new("l")
            self.unit.root.names[node.id] = local
            self.unit.root.from_env.add(node.id)
            self.unit.prologue.append(f"    {local} = rt.lookup(env, {self.t(node.id)})")
            return self.name(node, scope)
        return self.global_name(node)

    def global_name(self, node: A.Name) -> str:
        d, name, k = self.d, node.id, self.t(node.id)
        if name == "players":
            return "it.players()"
        if name == "active":
            return "it.player_refs[it.state.active]"
        if name == "round":
            return "it.state.round"
        if name == "player_count":
            return "it.n"
        if name in d.vars:
            out = self.tmp()
            self.emit(f"{out} = it.state.vars.get({k}, MISSING)")
            self.emit(f"if {out} is MISSING: {out} = it.global_name({k}, {self.c(node)})")
            return out
        if name in d.consts:
            ok, value = self.static_value(node, None)
            if ok:
                return self.t(value) if isinstance(value, str) else self.c(value)
            out = self.tmp()
            self.emit(f"{out} = it.const_cache.get({k}, MISSING)")
            self.emit(f"if {out} is MISSING: {out} = it.global_name({k}, {self.c(node)})")
            return out
        if name in d.option_values:
            value = d.option_values[name]
            return self.t(value) if isinstance(value, str) else self.c(value)
        if name in d.shared_zones:
            return self.c(self.gen.shared_zone(name))
        if name in d.shared_piles:
            return self.c(PileRef(None, _intern(name)))
        if name in d.cards:
            return self.c(CardValue(_intern(name)))
        if name in d.kinds or name in d.symbols or name in d.player_zones or name in d.decks \
                or name in ("left", "right") or name in d.player_piles:
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
        if not isinstance(node, A.Name):
            return False, None
        name, d = node.id, self.d
        if scope is not None and (scope.find(name) is not None or (self.reads_env(scope) and name in self.gen.binders)):
            return False, None
        if name in ("players", "active", "round", "player_count") or name in d.vars:
            return False, None
        if name in d.consts:
            if name in self._folding:
                return False, None  # a constant defined by itself: let the interpreter report it
            self._folding.add(name)
            try:
                return self.static_value(d.consts[name].value, None)
            finally:
                self._folding.discard(name)
        if name in d.option_values:
            return True, d.option_values[name]
        if name in d.shared_zones:
            return True, self.gen.shared_zone(name)
        if name in d.shared_piles or name in d.cards:
            return False, None  # piles and cards are made anew where they are named
        if name in d.kinds or name in d.symbols or name in d.player_zones or name in d.decks \
                or name in ("left", "right") or name in d.player_piles:
            return True, _intern(name)
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

    # ------------------------------------------------------------------ expressions
    def expr(self, node: A.Expr, scope: Scope) -> str:
        """Emits the lines that compute `node` and returns a Python expression for its value
        (a constant, a local or a temporary: cheap to use more than once)."""
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            out = self.tmp()
            self.emit(f"{out} = it._eval[{self.c(type(node))}]({self.c(node)}, {self.env_of(scope)})")
            return out
        return method(node, scope)

    def _IntLit(self, node: A.IntLit, scope: Scope) -> str:
        return f"({int(node.value)!r})"  # parenthesised: `(3).__class__` is valid Python

    def _BoolLit(self, node: A.BoolLit, scope: Scope) -> str:
        return "True" if node.value else "False"

    def _NoneLit(self, node: A.NoneLit, scope: Scope) -> str:
        return "None"

    def _StrLit(self, node: A.StrLit, scope: Scope) -> str:
        return self.t(node.value)

    def _Name(self, node: A.Name, scope: Scope) -> str:
        value = self.name(node, scope)
        if value.startswith("it."):
            out = self.tmp()
            self.emit(f"{out} = {value}")
            return self.typed(out, _GLOBAL_TYPES.get(value))
        return value

    def _Attr(self, node: A.Attr, scope: Scope) -> str:
        obj = self.expr(node.obj, scope)
        out, k, n = self.tmp(), self.t(node.name), self.c(node)
        slow = f"it.member({obj}, {k}, {n})"
        if node.name in self.d.player_zones:
            self.emit(f"{out} = {self.fast(obj, PlayerRef, f'{self.zone_table(node.name)}[{obj}[1]]', slow)}")
            if self.type_of(obj) is PlayerRef:
                self.typed(out, ZoneRef)
        elif node.name in self.d.kinds:
            self.emit(f"{out} = {self.fast(obj, ZoneRef, f'it.read_zones[{obj}].get({k}, 0)', slow)}")
            if self.type_of(obj) is ZoneRef:
                self.typed(out, int)
        elif node.name in self.d.consts and self.type_of(obj) is ZoneRef and \
                self.static_kinds(A.Name(node.name), Scope()) is not None:
            # A group of kinds (a constant list): the sum of their counts.
            contents = self.tmp()
            self.emit(f"{contents} = it.read_zones[{obj}]")
            kinds = self.static_kinds(A.Name(node.name), Scope())
            self.emit(f"{out} = {' + '.join(f'{contents}.get({self.t(k)}, 0)' for k in kinds)}")
            self.typed(out, int)
        else:
            self.emit(f"{out} = {slow}")
        return out

    def zone_table(self, name: str) -> str:
        """The refs of a player zone, one per seat: `p.zone` is an index, not a new object."""
        return self.c(self.gen.zone_tables[name])

    def _Index(self, node: A.Index, scope: Scope) -> str:
        obj = self.expr(node.obj, scope)
        key = self.expr(node.key, scope)
        out, n = self.tmp(), self.c(node)
        slow = f"it.index_value({obj}, {key}, {n})"
        known_key, key_value = self.static_of(key)
        if known_key and isinstance(key_value, str) and key_value in self.d.player_zones:
            self.emit(f"{out} = {self.fast(obj, PlayerRef, f'{self.zone_table(key_value)}[{obj}[1]]', slow)}")
            if self.type_of(obj) is PlayerRef:
                self.typed(out, ZoneRef)
        elif self.type_of(key) is int:
            self.emit(f"{out} = {obj}[{key}] if {obj}.__class__ is list and -len({obj}) <= {key} < len({obj}) "
                      f"else {slow}")
        else:
            self.emit(f"{out} = {self.c(self.gen.zone_tables)}[{key}][{obj}[1]] if {obj}.__class__ is PlayerRef "
                      f"and {key}.__class__ is str and {key} in {self.c(self.d.player_zones)} else {slow}")
        return out

    def _Call(self, node: A.Call, scope: Scope) -> str:
        args = [self.expr(a, scope) for a in node.args]
        name, d, out, n = node.func, self.d, self.tmp(), self.c(node)
        if name in d.funcs:
            if len(args) == len(d.funcs[name].params) and self.gen.inlinable(name) \
                    and self.inlined < MAX_INLINE_NESTING:
                return self.inline_func(name, args, node)
            if len(args) == len(d.funcs[name].params):
                py = self.gen.function("func", name)
                self.emit(f"{out} = {py}(it, {''.join(a + ', ' for a in args)}{n})")
                return out
        elif name in d.tables:
            if len(args) == 1:
                py = self.gen.function("table", name)
                self.emit(f"{out} = {py}(it, {args[0]}, {n})")
                return out
        elif name in BUILTINS:
            inline = self.inline_builtin(name, args, node, out)
            if inline:
                return out
            b = self.c(BUILTINS[name])
            self.emit("try:")
            self.emit(f"    {out} = {b}(it, {n}{''.join(', ' + a for a in args)})")
            self.emit("except TypeError as err:")
            self.emit(f"    raise rt.wrong_values(it, {n}, {self.t(name)}, err) from None")
            return out
        self.emit(f"{out} = it.call({self.t(name)}, [{', '.join(args)}], {n})")
        return out

    def inline_builtin(self, name: str, args: list[str], node: A.Call, out: str) -> bool:
        """The commonest builtins on values of known types, as inline code; False when the
        builtin must be called."""
        types = [self.type_of(a) for a in args]
        if name == "neighbour" and len(args) == 2 and types[0] is PlayerRef:
            ok, side = self.static_of(args[1])
            if ok and side in ("left", "right"):
                step = -1 if self.d.game.seating == "counterclockwise" else 1
                sign = "+" if (side == "left") == (step == 1) else "-"
                self.emit(f"{out} = it.player_refs[({args[0]}[1] {sign} 1) % it.n]")
                return bool(self.typed(out, PlayerRef))
        if name == "opposite" and len(args) == 1:
            ok, side = self.static_of(args[0])
            if ok and side in ("left", "right"):
                self.emit(f"{out} = {self.t('right' if side == 'left' else 'left')}")
                return bool(self.typed(out, str))
        if name == "count" and len(args) == 2 and types[0] in (ZoneRef, ("list", ZoneRef)):
            ok, kind = self.static_of(args[1])
            if ok and isinstance(kind, str) and kind in self.gen.kind_set:
                if types[0] is ZoneRef:
                    self.emit(f"{out} = it.read_zones[{args[0]}].get({args[1]}, 0)")
                else:
                    self.emit(f"{out} = sum([it.read_zones[z].get({args[1]}, 0) for z in {args[0]}])")
                return bool(self.typed(out, int))
        if name == "zones" and len(args) == 2:
            ok, names = self.static_of_list(args[1])
            if ok and all(isinstance(z, str) and z in self.d.player_zones for z in names):
                table = self.c(tuple([self.gen.zone_tables[z][seat] for z in names]
                                     for seat in range(self.d.game.max_players)))
                fast = f"{table}[{args[0]}[1]]"
                slow = f"rt.call_builtin(it, {self.c(node)}, {self.t(name)}, {args[0]}, {args[1]})"
                self.emit(f"{out} = {self.fast(args[0], PlayerRef, fast, slow)}")
                return bool(self.typed(out, ("list", ZoneRef)))
        if name in ("min", "max") and len(args) == 2 and types == [int, int]:
            self.emit(f"{out} = {name}({args[0]}, {args[1]})")
            return bool(self.typed(out, int))
        return False

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
        scope = Scope()  # a func sees its parameters and globals only
        for param, arg in zip(func.params, args):
            local = scope.names[param] = self.unit.new("l")
            self.emit(f"{local} = {arg}")
            self.typed(local, self.type_of(arg))
        self.inlined += 1
        value = self.expr(func.value, scope)
        result = self.tmp()
        self.emit(f"{result} = {value}")
        if self.d.modifiers.get(name):
            self.modifiers(name, args, result)
        else:
            self.typed(result, self.type_of(value))
        self.inlined -= 1
        if not leaf:
            self.unit.depth -= 1
            self.emit("finally:")
            self.emit("    it.depth -= 1")
        return result

    def _BinOp(self, node: A.BinOp, scope: Scope) -> str:
        left = self.expr(node.left, scope)
        right = self.expr(node.right, scope)
        op = node.op
        (lk, lv), (rk, rv) = self.static_of(left), self.static_of(right)
        if op in ("==", "!=") and lk and rk:
            return "True" if _equal(lv, rv) == (op == "==") else "False"
        out = self.tmp()
        if op in ("==", "!="):
            lt, rt_ = self.type_of(left), self.type_of(right)
            plain = (lt is not None and rt_ is not None and lt is not bool and rt_ is not bool) or any(
                t is not None and not isinstance(t, tuple) and t not in (int, bool) for t in (lt, rt_))
            if plain:  # `true == 1` cannot arise: plain Python equality is the language's
                same = f"{left} == {right}"
            else:
                same = f"{left} == {right} and ({left}.__class__ is bool) is ({right}.__class__ is bool)"
            self.emit(f"{out} = {same}" if op == "==" else f"{out} = not ({same})")
            return self.typed(out, bool)
        if op in _ARITH:
            checks = [f"{v}.__class__ is int" for v in (left, right) if self.type_of(v) is not int]
            fast = f"{left} {op} {right}"
            if checks:
                fast += f" if {' and '.join(checks)} else it.binop({self.c(node)}, {left}, {right})"
            self.emit(f"{out} = {fast}")
            return self.typed(out, bool if op in ("<", "<=", ">", ">=") else (int if not checks else None))
        self.emit(f"{out} = it.binop({self.c(node)}, {left}, {right})")
        return out

    def _BoolOp(self, node: A.BoolOp, scope: Scope) -> str:
        out = self.tmp()
        stop, go = ("False", "True") if node.op == "and" else ("True", "False")
        self.emit(f"{out} = {stop}")
        opened = 0
        for item in node.items:
            v = self.expr(item, scope)
            if v == stop:
                break  # a constant that decides: the rest is never evaluated
            if v == go:
                continue
            if self.type_of(v) is bool:
                self.emit(f"if {v} is {go}:")
            else:
                self.emit(f"if {v} is not {go}:")
                self.emit(f"    if {v} is not {stop}: it.truth({v}, {self.c(item)})")
                self.emit("else:")
            self.unit.depth += 1
            opened += 1
        else:
            self.emit(f"{out} = {go}")
        if self.unit.lines[-1].endswith(":"):
            self.emit("pass")  # the last item was a constant that decided
        self.unit.depth -= opened
        return self.typed(out, bool)

    def _Not(self, node: A.Not, scope: Scope) -> str:
        v = self.expr(node.operand, scope)
        out = self.tmp()
        self.emit(f"{out} = not ({self.fast(v, bool, v, f'it.truth({v}, {self.c(node)})')})")
        return self.typed(out, bool)

    def _Neg(self, node: A.Neg, scope: Scope) -> str:
        v = self.expr(node.operand, scope)
        out = self.tmp()
        self.emit(f"{out} = -({self.fast(v, int, v, f'it.number({v}, {self.c(node)})')})")
        return self.typed(out, int)

    def _IfExpr(self, node: A.IfExpr, scope: Scope) -> str:
        cond = self.expr(node.condition, scope)
        if cond in ("True", "False"):  # decided when the code is generated
            return self.expr(node.then if cond == "True" else node.otherwise, scope)
        out = self.tmp()
        self.emit(f"if {self.fast(cond, bool, cond, f'it.truth({cond}, {self.c(node)})')}:")
        self.unit.depth += 1
        then = self.expr(node.then, scope)
        self.emit(f"{out} = {then}")
        self.unit.depth -= 1
        self.emit("else:")
        self.unit.depth += 1
        otherwise = self.expr(node.otherwise, scope)
        self.emit(f"{out} = {otherwise}")
        self.unit.depth -= 1
        if self.type_of(then) is not None and self.type_of(then) == self.type_of(otherwise):
            self.typed(out, self.type_of(then))
        return out

    def _ListLit(self, node: A.ListLit, scope: Scope) -> str:
        items = [self.expr(i, scope) for i in node.items]
        out = self.tmp()
        self.emit(f"{out} = [{', '.join(items)}]")
        types = {self.type_of(i) for i in items}
        return self.typed(out, ("list", types.pop() if len(types) == 1 else None))

    def iterable(self, node: A.Expr, scope: Scope) -> str:
        v = self.expr(node, scope)
        if isinstance(self.type_of(v), tuple):
            return v
        out = self.tmp()
        self.emit(f"{out} = {self.fast(v, list, v, f'it.iterable({v}, {self.c(node)})')}")
        return out

    def element_type(self, items: str) -> Any:
        known = self.type_of(items)
        return known[1] if isinstance(known, tuple) else None

    def _InExpr(self, node: A.InExpr, scope: Scope) -> str:
        container = self.iterable(node.container, scope)
        item = self.expr(node.item, scope)
        out = self.tmp()
        self.emit(f"{out} = {item} in {container}")
        return self.typed(out, bool)

    def _loop(self, source: A.Expr, var: str, scope: Scope, copy: bool = False) -> tuple[str, Scope, str]:
        """Opens `for LOCAL in ITEMS:` binding `var` in a new scope; the caller closes it."""
        items = self.iterable(source, scope)
        inner = Scope(scope)
        local = self.unit.new("l")
        inner.names[var] = local
        if var not in self.gen.set_targets:
            self.typed(local, self.element_type(items))
        self.emit(f"for {local} in {'list(' + items + ')' if copy else items}:")
        self.unit.depth += 1
        return local, inner, items

    def _Comprehension(self, node: A.Comprehension, scope: Scope) -> str:
        out = self.tmp()
        self.emit(f"{out} = []")
        _, inner, _ = self._loop(node.source, node.var, scope)
        if node.condition is not None:
            self.emit(f"if {self.truth(node.condition, inner)}:")
            self.unit.depth += 1
            element = self.expr(node.element, inner)
            self.emit(f"{out}.append({element})")
            self.unit.depth -= 1
        else:
            element = self.expr(node.element, inner)
            self.emit(f"{out}.append({element})")
        self.unit.depth -= 1
        return self.typed(out, ("list", self.type_of(element)))

    def _Where(self, node: A.Where, scope: Scope) -> str:
        out = self.tmp()
        self.emit(f"{out} = []")
        local, inner, items = self._loop(node.source, "it", scope)
        self.emit(f"if {self.truth(node.condition, inner)}: {out}.append({local})")
        self.unit.depth -= 1
        return self.typed(out, ("list", self.element_type(items)))

    def _keyed(self, node: A.Ordered | A.Extreme, scope: Scope) -> tuple[str, Any]:
        keyed = self.tmp()
        self.emit(f"{keyed} = []")
        local, inner, items = self._loop(node.source, "it", scope)
        self.emit(f"{keyed}.append(({local}, {self.expr(node.key, inner)}))")
        self.unit.depth -= 1
        return keyed, self.element_type(items)

    def _Ordered(self, node: A.Ordered, scope: Scope) -> str:
        keyed, element = self._keyed(node, scope)
        out = self.tmp()
        order = "ORDER_DOWN" if node.descending else "ORDER_UP"
        self.emit("try:")
        self.emit(f"    {out} = [pair[0] for pair in sorted({keyed}, key={order})]")
        self.emit("except TypeError:")
        self.emit(f"    raise rt.order_error(it, {self.c(node.key)}, False) from None")
        return self.typed(out, ("list", element))

    def _Extreme(self, node: A.Extreme, scope: Scope) -> str:
        keyed, _ = self._keyed(node, scope)
        out, best = self.tmp(), self.tmp()
        pick = "max" if node.most else "min"
        self.emit(f"if not {keyed}:")
        self.emit(f"    {out} = None")
        self.emit("else:")
        self.emit("    try:")
        self.emit(f"        {best} = {pick}([pair[1] for pair in {keyed}])")
        self.emit("    except TypeError:")
        self.emit(f"        raise rt.order_error(it, {self.c(node.key)}, True) from None")
        self.emit(f"    {out} = next(pair[0] for pair in {keyed} if pair[1] == {best})")
        return out

    def _AtPhaseStart(self, node: A.AtPhaseStart, scope: Scope) -> str:
        saved, out = self.tmp(), self.tmp()
        self.emit(f"{saved} = it.read_zones")
        self.emit("it.read_zones = it.phase_start_zones")
        self.emit("try:")
        self.unit.depth += 1
        self.emit(f"{out} = {self.expr(node.operand, scope)}")
        self.unit.depth -= 1
        self.emit("finally:")
        self.emit(f"    it.read_zones = {saved}")
        return out

    # ------------------------------------------------------------------ modifiers & hooks
    def modifiers(self, name: str, args: list[str], result: str) -> None:
        """Applies the modifiers attached to a func or table to `result`, in order."""
        for attached in self.d.modifiers.get(name, ()):
            mod = attached.decl
            self.gen.const_keep.append(mod)
            scope = Scope()
            for param, arg in zip(mod.params, args):
                local = self.unit.new("l")
                scope.names[param] = local
                self.emit(f"{local} = {arg}")
            base = self.unit.new("l")
            scope.names["base"] = base
            self.emit(f"{base} = {result}")
            opened = 0
            if attached.card is not None:
                self.emit(f"if {self.card_active(attached.card)}:")
                self.unit.depth += 1
                opened += 1
                this = self.unit.new("l")
                scope.names["this"] = this
                self.emit(f"{this} = {self.c(CardValue(_intern(attached.card.name)))}")
            if mod.condition is not None:
                self.emit(f"if {self.truth(mod.condition, scope)}:")
                self.unit.depth += 1
                opened += 1
            self.emit(f"{result} = {self.expr(mod.value, scope)}")
            self.count_fired(attached)
            self.unit.depth -= opened

    def card_active(self, card: A.Card) -> str:
        """Emits the check of a card's `active when` (the remembered answer, while it holds);
        returns the name of the yes/no result."""
        entry, out = self.tmp(), self.tmp()
        self.emit(f"{entry} = it.active_cache.get({self.t(card.name)})")
        fresh = f"{entry}[0] == it.version"
        if _reads_zones(self.d, self.d.decks.get(card.deck)):
            fresh += f" and {entry}[1] == it.zone_version"
        self.emit(f"{out} = {entry}[2] if {entry} is not None and {fresh} else it.card_active({self.c(card)})")
        return self.typed(out, bool)

    def hook(self, attached: Attached, args: list[str]) -> str:
        return self.gen.hook_unit(attached, len(args))

    # ------------------------------------------------------------------ statements
    def block_in(self, block: A.Block, scope: Scope) -> None:
        """The statements of a block. Steps are counted a block at a time; the budget is checked
        where a game could run forever: at every loop iteration and rule call."""
        if not block.stmts:
            self.emit("pass")
            return
        self.emit(f"it.steps += {len(block.stmts)}")
        for stmt in block.stmts:
            method = getattr(self, "_s_" + type(stmt).__name__, None)
            if method is None:
                self.emit(f"it.current_span = {self.c(stmt.span)}")
                self.fallback(stmt, scope)
            else:
                method(stmt, scope)

    def fallback(self, stmt: A.Stmt, scope: Scope) -> None:
        """Runs a statement with the tree-walker, then reads back the locals it may have set."""
        env = self.tmp()
        self.emit(f"{env} = {self.env_of(scope)}")
        self.emit(f"it._exec[{self.c(type(stmt))}]({self.c(stmt)}, {env})")
        visible = scope.visible()
        for name in sorted(_assigned_names(stmt)):
            if name in visible:
                local, from_env = visible[name]
                source = "env" if from_env else env
                self.emit(f"{local} = rt.lookup({source}, {self.t(name)})")

    def _s_Let(self, node: A.Let, scope: Scope) -> None:
        value = self.expr(node.value, scope)
        scope.from_env.discard(node.name)  # a let binds a new name here, not the caller's
        local = scope.names[node.name] = self.unit.new("l")  # one Python local per let
        self.emit(f"{local} = {value}")
        if node.name not in self.gen.set_targets:
            self.typed(local, self.type_of(value))

    def _s_Set(self, node: A.Set, scope: Scope) -> None:
        target = node.target
        found = scope.find(target.id) if isinstance(target, A.Name) else None
        if found is None:
            self.fallback(node, scope)
            return
        local, from_env = found
        value = self.expr(node.value, scope)
        if not from_env:
            self.emit(f"{local} = {value}")
            return
        # A name of the caller's scope: set it there too (or, if unbound, the global variable).
        self.emit(f"if {local} is MISSING:")
        self.emit(f"    it.set_target({self.c(node)}, {value}, env)")
        self.emit("else:")
        self.emit(f"    {local} = {value}")
        self.emit(f"    env.assign({self.t(target.id)}, {value})")

    def _s_If(self, node: A.If, scope: Scope) -> None:
        cond = self.truth(node.condition, scope)
        if cond == "False" and node.otherwise is None:
            return
        self.emit(f"if {cond}:")
        self.unit.depth += 1
        self.block_in(node.then, Scope(scope))
        self.unit.depth -= 1
        if node.otherwise is not None:
            self.emit("else:")
            self.unit.depth += 1
            self.block_in(node.otherwise, Scope(scope))
            self.unit.depth -= 1

    def _s_ForEach(self, node: A.ForEach, scope: Scope) -> None:
        _, inner, _ = self._loop(node.source, node.var, scope, copy=True)
        self.tick(node)
        self.block_in(node.body, inner)
        self.unit.depth -= 1

    def _s_While(self, node: A.While, scope: Scope) -> None:
        self.emit("while True:")
        self.unit.depth += 1
        self.emit(f"if not {self.truth(node.condition, scope)}: break")
        self.tick(node)
        self.block_in(node.body, Scope(scope))
        self.unit.depth -= 1

    def _s_Repeat(self, node: A.Repeat, scope: Scope) -> None:
        count = self.expr(node.count, scope)
        self.emit(f"for _ in range({count} if {count}.__class__ is int else "
                  f"it.number({count}, {self.c(node.count)})):")
        self.unit.depth += 1
        self.tick(node)
        self.block_in(node.body, Scope(scope))
        self.unit.depth -= 1

    def _zones(self, node: A.Expr, scope: Scope) -> str:
        v = self.expr(node, scope)
        if self.type_of(v) == ("list", ZoneRef):
            return v
        out = self.tmp()
        self.emit(f"{out} = {self.fast(v, ZoneRef, f'[{v}]', f'it.zones({v}, {self.c(node)})')}")
        return out

    def _s_Move(self, node: A.Move, scope: Scope) -> None:
        value = self.expr(node.source, scope)
        n = self.c(node)
        if self.type_of(value) is ZoneRef:
            single, many = value, None  # one zone, surely
        elif self.type_of(value) == ("list", ZoneRef):
            single, many = None, value
        else:  # validated now, before the destination is evaluated; None when it is one zone
            single, many = value, self.tmp()
            self.emit(f"{many} = None if {value}.__class__ is ZoneRef else it.zones({value}, {self.c(node.source)})")
        dest = self._zone(node.dest, scope)
        q = node.quantity
        amount = self.expr(q.amount, scope) if q.amount is not None else "None"
        if single is None:
            all_sources = many
        else:
            all_sources = f"[{single}]" if many is None else f"([{single}] if {many} is None else {many})"
        amount_type = self.type_of(amount)
        if amount_type is None:
            self.emit(f"if {amount}.__class__ is dict:")
            self.emit(f"    rt.move_bundle(it, {n}, {all_sources}, {dest}, {amount})")
            self.emit("else:")
            self.unit.depth += 1
        elif amount_type is dict:
            self.emit(f"rt.move_bundle(it, {n}, {all_sources}, {dest}, {amount})")
            return
        what = node.what
        static = self.static_kinds(what, scope) if what is not None else tuple(self.d.kinds)
        spec = None
        if static is not None:
            kinds = self.c(static)
        else:
            spec = self.expr(what, scope)
            kinds = self.tmp()
            self.emit(f"{kinds} = ({spec},) if {spec}.__class__ is str and {spec} in {self.c(self.gen.kind_set)} "
                      f"else it.kinds_of({spec}, {self.c(what)})")
        general = f"rt.move_tokens(it, {n}, {all_sources}, {dest}, {amount}, {kinds})"
        if spec is not None and q.mode != "all" and single is not None:
            single_kind = f"len({kinds}) == 1" + ("" if many is None else f" and {many} is None")
            self.emit(f"if {single_kind}: rt.move_kind(it, {n}, {single}, {dest}, {kinds}[0], {amount})")
            self.emit(f"else: {general}")
            if amount_type is None:
                self.unit.depth -= 1
            return
        if q.mode != "all" and static is not None and len(static) == 1 and single is not None:
            one = f"rt.move_kind(it, {n}, {single}, {dest}, {self.t(static[0])}, {amount})"
            if many is None:
                self.emit(one)
            else:
                self.emit(f"if {many} is None: {one}")
                self.emit(f"else: {general}")
        else:
            self.emit(general)
        if amount_type is None:
            self.unit.depth -= 1

    def _s_Do(self, node: A.Do, scope: Scope) -> None:
        args = [self.expr(a, scope) for a in node.args]
        rule = self.d.rules.get(node.rule)
        n = self.c(node)
        if rule is None or len(rule.params) != len(args):
            self.emit(f"it.call_rule({self.t(node.rule)}, [{', '.join(args)}], {n})")  # raises
            return
        if not rule.body.stmts and not self.d.hooks.get(node.rule):
            # Nothing would run; only the depth limit could still stop it.
            self.emit(f"if it.depth >= MAX_DEPTH: it.call_rule({self.t(node.rule)}, "
                      f"[{', '.join(args)}], {n})")
            return
        py = self.gen.function("rule", node.rule)
        self.emit(f"{py}(it, {''.join(a + ', ' for a in args)}{n})")

    def _zone(self, node: A.Expr, scope: Scope) -> str:
        v = self.expr(node, scope)
        if self.type_of(v) is ZoneRef:
            return v
        out = self.tmp()
        self.emit(f"{out} = {self.fast(v, ZoneRef, v, f'it.zone({v}, {self.c(node)})')}")
        return self.typed(out, ZoneRef)

    def _s_Draw(self, node: A.Draw, scope: Scope) -> None:
        source = self._zone(node.source, scope)
        dest = self._zone(node.dest, scope)
        q = node.quantity
        amount = "None" if q.mode == "all" else self.expr(q.amount, scope)
        self.emit(f"it.draw_tokens({self.c(node)}, {source}, {dest}, {amount})")

    def _s_AskDistribute(self, node: A.AskDistribute, scope: Scope) -> None:
        p = self._player(node.player, scope)
        names_kind = isinstance(node.amount, A.Name) and node.amount.id in self.d.kinds
        kinds = "None"
        if names_kind:
            spec = self.expr(node.amount, scope)
            kinds = self.tmp()
            self.emit(f"{kinds} = it.kinds_of({spec}, {self.c(node.amount)})")
        source = self._zone(node.source, scope)
        if not names_kind:
            self.emit(f"raise it.error({self.c(node.amount)}, "
                      f"{self.t('write which tokens to distribute: `distribute KIND from ZONE among ...`')})")
            return
        value = self.expr(node.targets, scope)
        targets = self.tmp()
        self.emit(f"{targets} = it.distribution_targets({self.c(node)}, {p}, {value})")
        limits = []
        for limit in node.limits:
            amount = self.expr(limit.amount, scope)
            number = self.tmp()
            self.emit(f"{number} = {amount} if {amount}.__class__ is int else "
                      f"it.number({amount}, {self.c(limit.amount)})")
            zones = self.iterable(limit.zones, scope)
            limits.append(f"({number}, {zones})")
        self.emit(f"it.distribute({self.c(node)}, {p}, {kinds}[0], {source}, {targets}, [{', '.join(limits)}])")

    def _s_Secretly(self, node: A.Secretly, scope: Scope) -> None:
        before = self.tmp()
        self.emit(f"{before} = it.state.copy_zones()")
        self.emit(f"it.secret_stack.append({before})")
        self.emit("try:")
        self.unit.depth += 1
        self.block_in(node.body, Scope(scope))
        self.unit.depth -= 1
        self.emit("finally:")
        self.emit("    it.secret_stack.pop()")
        self.emit(f"it.uncover({before})")

    def _BundleLit(self, node: A.BundleLit, scope: Scope) -> str:
        out = self.tmp()
        self.emit(f"{out} = {{}}")
        for kind, expr in node.items:
            if kind not in self.d.kinds:
                self.emit(f"raise it.error({self.c(node)}, {self.t(f'{kind!r} is not a token kind')}, "
                          f"rt.did_you_mean({self.t(kind)}, it.d.kinds))")
                return out
            value = self.expr(expr, scope)
            k = self.t(kind)
            self.emit(f"if {value}.__class__ is not int or {value} <= 0:")
            self.emit(f"    rt.bundle_count(it, {self.c(expr)}, {k}, {value})")
            self.emit(f"if {value}: {out}[{k}] = {out}.get({k}, 0) + {value}")
        return out

    def _s_EndGame(self, node: A.EndGame, scope: Scope) -> None:
        self.emit(f"it.current_span = {self.c(node.span)}")  # an `end game` in setup is reported here
        self.emit("raise GameOver()")

    def _s_Say(self, node: A.Say, scope: Scope) -> None:
        args = [self.expr(a, scope) for a in node.args]
        self.emit(f"it.log.emit({self.t('say')}, msg={self.t(node.message)}, "
                  f"args=[{', '.join(f'encode({a})' for a in args)}])")

    def _s_AskMay(self, node: A.AskMay, scope: Scope) -> None:
        p = self._player(node.player, scope)
        answer = self.tmp()
        self.emit(f"{answer} = it.ask(rt.Decision({p}.seat, {self.t(node.id)}, {self.t('may')}, [True, False]), "
                  f"{self.c(node)})")
        self.emit(f"if {answer}:")
        self.unit.depth += 1
        self.block_in(node.body, Scope(scope))
        self.unit.depth -= 1
        if node.otherwise is not None:
            self.emit("else:")
            self.unit.depth += 1
            self.block_in(node.otherwise, Scope(scope))
            self.unit.depth -= 1

    def _player(self, node: A.Expr, scope: Scope) -> str:
        v = self.expr(node, scope)
        if self.type_of(v) is PlayerRef:
            return v
        out = self.tmp()
        self.emit(f"{out} = {self.fast(v, PlayerRef, v, f'it.player({v}, {self.c(node)})')}")
        return self.typed(out, PlayerRef)

    def _s_AskChoose(self, node: A.AskChoose, scope: Scope) -> None:
        p = self._player(node.player, scope)
        values = self.iterable(node.options, scope)
        chosen = self.tmp()
        self.emit(f"{chosen} = rt.choose(it, {self.c(node)}, {p}, {values})")
        self.emit(f"if {chosen} is not MISSING:")
        self.unit.depth += 1
        inner = Scope(scope)
        local = inner.names[node.var] = self.unit.new("l")
        self.emit(f"{local} = {chosen}")
        self.block_in(node.body, inner)
        self.unit.depth -= 1


def generator_for(d: GameDef) -> CodeGenerator:
    """One generator (and its generated code) per rule set, shared by every game played with it."""
    gen = d.__dict__.get("_codegen")
    if gen is None:
        gen = d.__dict__["_codegen"] = CodeGenerator(d)
    return gen


class GeneratedInterpreter(Interpreter):
    """The interpreter that runs generated code; the default engine."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.gen = generator_for(self.d)

    def eval(self, node: A.Expr, env: Env) -> Any:
        f = self.gen.entries.get(id(node))
        if f is None:
            f = self.gen.entry_expr(node)
        return f(self, env)

    def run_block(self, block: A.Block, env: Env) -> None:
        f = self.gen.entries.get(id(block))
        if f is None:
            f = self.gen.entry_block(block)
        f(self, env)


__all__ = ["GeneratedInterpreter", "CodeGenerator", "generator_for"]
