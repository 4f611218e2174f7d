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
byte for byte). Every expression and statement kind has a generated form; the state changes they
make go through the same runtime methods the tree-walker calls (`place_cards`, `show_cards`, ...).
"""

from __future__ import annotations

import builtins
import warnings
import weakref
from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter
from types import CodeType, FunctionType
from typing import Any

from ...language import ast as A
from ...semantics.definition import Attached, GameDef
from ...semantics.values import CardValue, PileRef, PlayerRef, ZoneRef, encode
from ..compiled import CompiledRules, compiled
from ..env import Env
from ..errors import GameOver, StepBudgetExceeded
from ..interpreter import MAX_DEPTH, Interpreter
from ..treewalk.expressions import _neg_key
from . import runtime as rt
from .expressions import MAX_INLINE_RULE_SIZE, MAX_INLINE_SIZE, _intern
from .lower_expr import LOWER_EXPR
from .lower_stmt import LOWER_STMT
from .scope import Scope, Unit
from .statements import Lowering

_UNSEEN = object()


class CodeGenerator:
    """Generates and holds the compiled functions of one rule set."""

    lower_expr = LOWER_EXPR  # how each expression class is lowered
    lower_stmt = LOWER_STMT  # and each statement class

    def __init__(self, d: GameDef, rules: CompiledRules, coverage: bool = False):
        # The definition, held weakly: its CompiledRules hold this generator, and must not keep
        # the definition alive (see compiled.py). Whoever generates code holds the definition.
        self._definition = weakref.ref(d)
        self.rules = rules
        self.coverage = coverage  # counters compiled in (engine/coverage.py): a generator of its own
        self.table = d.symbol_table
        self.set_targets = {n.target.id for decl in d.ruleset.decls for n in A.walk(decl)
                            if isinstance(n, A.Set) and isinstance(n.target, A.Name)}
        self.namespace: dict[str, Any] = {
            "rt": rt, "Env": Env, "ZoneRef": ZoneRef, "PileRef": PileRef, "PlayerRef": PlayerRef,
            "CardValue": CardValue, "encode": encode, "GameOver": GameOver,
            "MISSING": rt.MISSING,
            "StepBudgetExceeded": StepBudgetExceeded, "MAX_DEPTH": MAX_DEPTH,
            "ORDER_UP": itemgetter(1), "ORDER_DOWN": lambda pair: _neg_key(pair[1]),
        }
        self.zone_tables = {name: tuple(ZoneRef(seat, _intern(name)) for seat in range(d.game.max_players))
                            for name in d.player_zones}
        self.kind_set = frozenset(d.kinds)
        # Whether some card's activity depends on token counts: only then must moves forget it.
        self.decks_read_zones = any(rules.reads_zones(deck) for deck in d.decks.values())
        self.inline_ok: dict[Any, bool] = {}
        self.shared_zone_refs: dict[str, ZoneRef] = {}
        # Constants, entry functions and hook functions are found by id() of their value or node:
        # nodes compare by their fields, not their spans, so two equal nodes at different places
        # would share code that reports the wrong place, and hashing a node hashes its whole
        # subtree. Everything whose id() is a key stays in const_keep, so no id is reused while
        # the generator lives.
        self.const_ids: dict[tuple[str, int], str] = {}
        self.const_keep: list[Any] = []
        self.defined: dict[tuple[str, str], str] = {}  # ("func", name) -> Python function name
        self.pending: list[Callable[[], Unit]] = []
        self.outlined = 0  # parts of units moved out to keep within Python's nesting limits
        self.entries: dict[int, Callable[..., Any]] = {}  # by id() of the node (see const_ids)
        self.deck_checks: dict[str, Callable[..., Any]] = {}  # deck name -> its `active when`
        self.sources: list[str] = []

    @property
    def d(self) -> GameDef:
        d = self._definition()
        assert d is not None, "code is generated only while its definition is in use"
        return d

    # ------------------------------------------------------------------ call graph
    def _calls(self, name: str) -> set[str]:
        """The funcs and tables a func's body and modifiers call."""
        nodes = [self.d.funcs[name].value, *(a.decl for a in self.d.modifiers.get(name, ()))]
        return {n.func for root in nodes for n in A.walk(root)
                if isinstance(n, A.Call) and (n.func in self.d.funcs or n.func in self.d.tables)}

    def may_be_local(self, node: A.Name) -> bool:
        """Whether a name free in a unit may be bound by the caller's Env: the resolver found it
        local (bound around the code the unit was made for), or never saw the node."""
        ref = self.table.refs.get(id(node), _UNSEEN)
        return ref is _UNSEEN or (ref is not None and ref.is_local)

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

    def add_part(self, unit: Unit) -> str:
        """The Python name of a part moved out of a unit (outline.py); its source is installed
        with the unit's (its header is written once the part is complete)."""
        self.outlined += 1
        self.pending.append(lambda: unit)
        return f"O{self.outlined}"

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
        before = set(self.namespace)
        exec(_compiled(source), self.namespace)  # generated, not rule text
        self._own_globals([name for name, value in self.namespace.items()
                           if name not in before and type(value) is FunctionType])

    def _own_globals(self, names: list[str]) -> None:
        """Gives each new function a globals dict of just the names its code reads. The shared
        namespace holds every constant of the rule set (hundreds); a small dict per function
        keeps the constants a hot loop reads on a few cache lines."""
        fresh = {name: self.namespace[name] for name in names}
        rebuilt = {name: FunctionType(f.__code__, {"__builtins__": builtins}, name, f.__defaults__, f.__closure__)
                   for name, f in fresh.items()}
        namespace = self.namespace
        for f in rebuilt.values():
            own = f.__globals__
            for name in sorted(_global_names(f.__code__)):
                if name in rebuilt:
                    own[name] = rebuilt[name]
                elif name in namespace:
                    own[name] = namespace[name]
        namespace.update(rebuilt)

    def entry_expr(self, node: A.Expr) -> Callable[[Interpreter, Env], Any]:
        return self._entry(node, "E", lambda low: low.entry_expr(node))

    def entry_block(self, block: A.Block) -> Callable[[Interpreter, Env], None]:
        return self._entry(block, "B", lambda low: low.entry_block(block))

    def _entry(self, node: A.Node, prefix: str, lower: Callable[[Lowering], None]) -> Callable[..., Any]:
        """The function that evaluates an expression or runs a block given an Env (the way the
        tree-walker and the game loop call in), generated the first time."""
        f = self.entries.get(id(node))
        if f is None:
            py = f"{prefix}{len(self.entries)}"
            unit = Unit(f"def {py}(it, env):", entry=True)
            lower(Lowering(self, unit))
            self._install(unit)
            f = self.entries[id(node)] = self.namespace[py]
            self.const_keep.append(node)
        return f

    def deck_check(self, deck: A.Deck) -> Callable[..., Any]:
        """A deck's `active when` as a function of the card (bound to `it` and `this`); like
        the tree-walker, it is an expression, not a call: no depth, no step."""
        f = self.deck_checks.get(deck.name)
        if f is None:
            py = f"D{len(self.deck_checks)}"
            unit = Unit(f"def {py}(it, a0):", entry=False)
            low = Lowering(self, unit)
            for local in self._params(unit, ("it", "this")):
                unit.emit(f"{local} = a0")
            unit.emit(f"return {low.expr(deck.active, unit.root)}")
            self._install(unit)
            f = self.deck_checks[deck.name] = self.namespace[py]
        return f

    def card_check(self, card: A.Card) -> tuple[bool, Callable[..., Any] | None, CardValue, A.Deck | None]:
        """For a card: whether its deck's `active when` reads token counts, that check as a
        function (None when the deck has none), the card's value and its deck."""
        deck, reads_zones = self.rules.deck_facts(card.deck)
        check = self.deck_check(deck) if deck is not None and deck.active is not None else None
        return reads_zones, check, self.rules.card_value(card.name), deck

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
        low = Lowering(self, unit)
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
        low = Lowering(self, unit)
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
        Lowering(self, unit).rule_call(name, args, "site")
        return unit

    def rule_inlinable(self, name: str) -> bool:
        """Small rules that cannot run themselves (through `do` in their bodies or their hooks)
        are lowered where they are run."""
        known = self.inline_ok.get(("rule", name))
        if known is None:
            def code(rule_name: str) -> list[A.Node]:
                rule = self.d.rules.get(rule_name)
                hooks = [a.decl for group in self.d.hooks.get(rule_name, {}).values() for a in group]
                return ([rule.body] if rule is not None else []) + hooks

            def calls(rule_name: str) -> set[str]:
                return {n.rule for root in code(rule_name) for n in A.walk(root) if isinstance(n, A.Do)}

            seen: set[str] = set()
            todo = list(calls(name))
            while todo:
                callee = todo.pop()
                if callee not in seen:
                    seen.add(callee)
                    todo.extend(calls(callee))
            size = sum(1 for root in code(name) for _ in A.walk(root))
            known = self.inline_ok[("rule", name)] = size <= MAX_INLINE_RULE_SIZE and name not in seen
        return known

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
            low = Lowering(self, unit)
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


def _global_names(code: CodeType) -> set[str]:
    """The names a code object (and the comprehensions and lambdas inside it) may look up."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, CodeType):
            names |= _global_names(const)
    return names


def generator_for(d: GameDef, coverage: bool = False) -> CodeGenerator:
    """One generator (and its generated code) per rule set, shared by every game played with it;
    games counting coverage share another, whose code has the counters."""
    return _generator(d, compiled(d), coverage)


def _generator(d: GameDef, rules: CompiledRules, coverage: bool = False) -> CodeGenerator:
    if coverage:
        gen = rules.coverage_generator
        if gen is None:
            gen = rules.coverage_generator = CodeGenerator(d, rules, coverage=True)
        return gen
    gen = rules.generator
    if gen is None:
        gen = rules.generator = CodeGenerator(d, rules)
    return gen


class GeneratedInterpreter(Interpreter):
    """The interpreter that runs generated code; the default engine."""

    __slots__ = ("gen",)
    fresh_step_env = False  # generated code keeps names in Python locals: a step's Env stays empty

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.gen = _generator(self.d, self.rules, self.coverage is not None)

    def eval(self, node: A.Expr, env: Env) -> Any:
        f = self.gen.entries.get(id(node))
        if f is None:
            f = self.gen.entry_expr(node)
        return f(self, env)

    def card_check(self, card: A.Card) -> tuple[bool, Callable[..., Any] | None, CardValue, A.Deck | None]:
        return self.gen.card_check(card)  # with the generated check

    def block_runner(self, block: A.Block) -> Callable[[Interpreter, Env], None]:
        return self.gen.entry_block(block)

    def run_block(self, block: A.Block, env: Env) -> None:
        f = self.gen.entries.get(id(block))
        if f is None:
            f = self.gen.entry_block(block)
        f(self, env)


@lru_cache(maxsize=2048)  # (a code object is immutable: loads of the same rules share it)
def _compiled(source: str) -> CodeType:
    """Compiles generated code without Python's SyntaxWarnings: an identity test such as
    `(3) is None` is what the generator means (a rule showed a number where cards belong, and
    the game stops with a positioned rule error); a player must never see Python's advice."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        return compile(source, "<ratdsl generated>", "exec")
