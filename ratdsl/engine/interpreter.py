"""A tree-walking interpreter for the rule language.

One `Interpreter` plays one game: it owns the state, the chance source, the agents and the log.
Expressions are evaluated by `eval`, statements run by `exec`; both dispatch on the node type.
Rule files reach nothing but this state: there is no eval/exec, no file, import or Python access.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from ..language import ast as A
from ..semantics.builtins import BUILTINS
from ..semantics.definition import Attached, GameDef
from ..semantics.symbols import (
    BUILTIN,
    CARD,
    CONST,
    OPTION,
    PILE,
    STATE_NAMES,
    VAR,
    ZONE,
)
from ..semantics.values import CardValue, PileRef, PlayerRef, ZoneRef, encode, parse_player, type_name
from .chance import Chance, ScriptError
from .compiled import CompiledRules, compiled
from .decisions import Agent, Decision, reads_views
from .errors import ConservationError, GameOver, RuleRuntimeError, StepBudgetExceeded
from .log import GameLog
from .state import GameState, PhaseStart

DEFAULT_STEP_BUDGET = 5_000_000
MAX_DEPTH = 150  # nested func/rule calls; Python's own limit must never be the one that stops a game
MAX_RANGE = 100_000


class Env:
    """A scope of local names (parameters, loop variables, lets); lookups walk outwards."""

    __slots__ = ("names", "parent")

    def __init__(self, names: dict[str, Any] | None = None, parent: Env | None = None):
        self.names = names if names is not None else {}
        self.parent = parent

    def lookup(self, name: str) -> tuple[bool, Any]:
        env: Env | None = self
        while env is not None:
            if name in env.names:
                return True, env.names[name]
            env = env.parent
        return False, None

    def assign(self, name: str, value: Any) -> bool:
        env: Env | None = self
        while env is not None:
            if name in env.names:
                env.names[name] = value
                return True
            env = env.parent
        return False

    def child(self, names: dict[str, Any] | None = None) -> Env:
        return Env(names or {}, self)


class Interpreter:
    fresh_step_env = True  # the tree-walker keeps a step's lets in the Env it is given
    # Slots, not a __dict__: with this many attributes an instance dict is no longer shared, and
    # every `it.x` of the generated code would become a dict lookup instead of a fixed offset.
    __slots__ = ("_eval", "_exec", "active_cache", "active_now", "agents", "baseline", "baseline_cards",
                 "budget", "card_fields", "card_uid", "cards_checked_at", "chance", "const_cache", "context",
                 "current_span", "d", "depth", "fired", "keeping", "kept_secrets", "left_step", "log",
                 "move_watchers", "n", "name_reads", "phase_start_zones", "player_refs", "players_from",
                 "read_zones", "rules", "secret_stack", "span_text", "state", "steps", "targets_cache", "version",
                 "where",
                 "zone_refs")

    def __init__(self, definition: GameDef, player_count: int, chance: Chance,
                 agents: list[Agent], log: GameLog | None = None,
                 step_budget: int = DEFAULT_STEP_BUDGET):
        self.d = definition
        self.n = player_count
        self.chance = chance
        self.agents = agents
        self.log = log or GameLog(keep=False)
        self.budget = step_budget
        self.steps = 0
        self.rules: CompiledRules = compiled(definition)
        refs = self.rules.refs(player_count)
        self.state = GameState(player_count, definition.shared_zones, definition.player_zones,
                               definition.shared_piles, definition.player_piles, refs.keys)
        self.read_zones = self.state.zones  # swapped for the phase-start snapshot
        # One ref per player zone and seat, shared, so `p.zone` needs no new object.
        self.zone_refs: dict[str, list[ZoneRef]] = refs.zone_refs
        # The zones as the phase began, for `at_phase_start`; None in phases that never read them.
        self.phase_start_zones: PhaseStart | None = PhaseStart(self.state.zones)
        # The zones as each open `secretly` block began (copy-on-write, like phase starts).
        self.secret_stack: list[PhaseStart] = []
        # The open secret blocks whose hidden zones somebody may read: the log, or an agent that
        # reads views (see open_secret). The others are opened without keeping anything.
        self.kept_secrets: list[PhaseStart] = []
        # What a move must first save the zones it changes into: the phase start (when kept) and
        # each kept secret block; empty when nothing is kept (see keep_before).
        self.keeping: list[PhaseStart] = [self.phase_start_zones]
        self.const_cache: dict[str, Any] = {}
        self.card_uid = 0
        # Fields whose value is a literal, remembered for every game of the rule set.
        self.card_fields: dict[tuple[str, str], Any] = self.rules.card_fields
        self.current_span: A.Span = definition.game.span
        self.where: str = "setup"
        self.baseline: dict[str, int] | None = None
        self.baseline_cards = 0
        self.cards_checked_at = -1  # `version` at the last check of the card count
        self.fired: dict[str, int] = {}  # how often each card handler, hook or modifier applied
        self.depth = 0  # nested calls of funcs and rules
        self.version = 0  # bumped by every change of the state (see `changed`)
        # Whether each card is active, remembered: until the next `changed()` for decks whose
        # `active when` reads no zones (active_now), and until the next move too for the others
        # (active_cache, emptied by every move of tokens). In a rule set whose decks read no
        # zones, active_cache stays empty and moves only test that it is.
        self.active_now: dict[str, bool] = {}
        self.active_cache: dict[str, bool] = {}
        self.context: list[str] = []  # the rules, hooks and card effects running now (for the log)
        # "file:line:col" of each ask, written once per rule set
        self.span_text: dict[int, str] = self.rules.span_text
        self.targets_cache: dict[tuple, dict[str, ZoneRef]] = self.rules.targets
        self.move_watchers: list[Callable[[ZoneRef, ZoneRef, dict[str, int], str], None]] = []
        self.left_step = refs.left_step
        self.player_refs = refs.player_refs  # shared, immutable
        self.players_from = refs.players_from  # the tie order, by active player
        # How each kind of node is evaluated or run: the methods of this interpreter's class,
        # looked up once per class and called with the interpreter (`self._eval[T](self, node, env)`).
        self._eval, self._exec = _dispatch(type(self))
        # How each global name of the rules is read, worked out once per rule set (see name_reads).
        reads = self.rules.name_reads
        if reads is None:
            reads = self.rules.name_reads = name_reads(definition)
        self.name_reads = reads

    # ------------------------------------------------------------------ errors
    def error(self, node: A.Node | None, message: str, hint: str | None = None) -> RuleRuntimeError:
        span = node.span if node is not None and node.span.line else self.current_span
        return RuleRuntimeError(span, message, hint=hint, source=self.d.ruleset.source(span.file))

    def truth(self, value: Any, node: A.Node) -> bool:
        if isinstance(value, bool):
            return value
        raise self.error(node, f"expected yes or no (a condition), got {type_name(value)}")

    def number(self, value: Any, node: A.Node) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise self.error(node, f"expected a number, got {type_name(value)}")

    def tick(self, node: A.Node) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise StepBudgetExceeded(node.span, self.budget)

    # ------------------------------------------------------------------ eval
    def eval(self, node: A.Expr, env: Env) -> Any:
        return self._eval[type(node)](self, node, env)

    def _eval_literal(self, node: A.IntLit | A.StrLit | A.BoolLit, env: Env) -> Any:
        return node.value

    def _eval_none(self, node: A.NoneLit, env: Env) -> None:
        return None

    def _eval_not(self, node: A.Not, env: Env) -> bool:
        return not self.truth(self.eval(node.operand, env), node)

    def _eval_neg(self, node: A.Neg, env: Env) -> int:
        return -self.number(self.eval(node.operand, env), node)

    def _eval_list(self, node: A.ListLit, env: Env) -> list[Any]:
        return [self.eval(i, env) for i in node.items]

    def _eval_if(self, node: A.IfExpr, env: Env) -> Any:
        return self.eval(node.then if self.truth(self.eval(node.condition, env), node) else node.otherwise, env)

    def players(self) -> list[PlayerRef]:
        """All players, the active player first, then each next one to the left: the tie order."""
        return list(self.players_from[self.state.active])

    def _eval_name(self, node: A.Name, env: Env) -> Any:
        read = self.name_reads.get(id(node))
        if read is not None:  # a global name: the resolver found no local that could hide it
            return read(self, node)
        name = node.id  # a local (or a node the resolver never saw): as the Env has it
        while env is not None:
            names = env.names
            if name in names:
                return names[name]
            env = env.parent
        return self.global_name(name, node)

    def global_name(self, name: str, node: A.Node) -> Any:
        """The value of a global name, by what the symbol table says it is (a variable not set
        yet falls through to the next meaning, as when its initial value is worked out)."""
        d = self.d
        for kind in d.symbol_table.value_kinds(name):
            if kind == BUILTIN:
                return _STATE_READS[name](self)
            if kind == VAR:
                if name in self.state.vars:
                    return self.state.vars[name]
            elif kind == CONST:
                if name not in self.const_cache:
                    self.const_cache[name] = self.eval(d.consts[name].value, Env())
                return self.const_cache[name]
            elif kind == OPTION:
                return d.option_values[name]
            elif kind == ZONE:
                return ZoneRef(None, name)
            elif kind == PILE:
                return PileRef(None, name)
            elif kind == CARD:
                return CardValue(name)
            else:  # ITSELF: token kinds, symbols, per-player zones and piles, decks, sides
                return name
        raise self.error(node, f"unknown name {name!r}", _did_you_mean(name, self._known_names()))

    def _known_names(self) -> list[str]:
        return self.d.symbol_table.runtime_hints()

    def _eval_attr(self, node: A.Attr, env: Env) -> Any:
        return self.member(self.eval(node.obj, env), node.name, node)

    def _eval_index(self, node: A.Index, env: Env) -> Any:
        return self.index_value(self.eval(node.obj, env), self.eval(node.key, env), node)

    def index_value(self, obj: Any, key: Any, node: A.Index) -> Any:
        if isinstance(obj, list):
            if not isinstance(key, int):
                raise self.error(node.key, f"a list index must be a number, got {type_name(key)}")
            if not -len(obj) <= key < len(obj):
                raise self.error(node, f"index {key} is outside the list of {len(obj)}")
            return obj[key]
        if isinstance(key, str):
            return self.member(obj, key, node)
        if isinstance(obj, dict) and isinstance(key, str):
            return obj.get(key, 0)
        raise self.error(node, f"cannot look up {type_name(key)} in {type_name(obj)}")

    def member(self, obj: Any, name: str, node: A.Node) -> Any:
        d = self.d
        if isinstance(obj, PlayerRef):
            if name in d.player_zones:
                return ZoneRef(obj.seat, name)
            if name in d.player_piles:
                return PileRef(obj.seat, name)
            if name in d.player_vars:
                return self.state.player_vars[obj.seat][name]
            raise self.error(node, f"a player has no zone, pile or variable {name!r}",
                             _did_you_mean(name, [*d.player_zones, *d.player_piles, *d.player_vars]))
        if isinstance(obj, ZoneRef):
            return self.count(self.read_zones[obj], name, node)
        if isinstance(obj, dict):
            return self.count(obj, name, node)
        if isinstance(obj, CardValue):
            return self.card_field(obj, name, node)
        if isinstance(obj, PileRef):
            raise self.error(node, f"a pile has no member {name!r}; use top({obj}) or size({obj})")
        raise self.error(node, f"{type_name(obj)} has no member {name!r}")

    def kinds_of(self, spec: Any, node: A.Node) -> list[str]:
        """A token kind, or a list of kinds (a group), as a list of kinds."""
        if isinstance(spec, str) and spec in self.d.kinds:
            return [spec]
        if isinstance(spec, str) and spec in self.d.consts:
            spec = self.global_name(spec, node)
        if isinstance(spec, list) and all(isinstance(k, str) and k in self.d.kinds for k in spec):
            return spec
        raise self.error(node, f"expected a token kind or a list of kinds, got {spec!r}",
                         _did_you_mean(str(spec), self.d.kinds))

    def count(self, contents: dict[str, int], name: str, node: A.Node) -> int:
        if name in self.d.kinds:
            return contents.get(name, 0)
        return sum(contents.get(k, 0) for k in self.kinds_of(name, node))

    def card_field(self, card: CardValue, name: str, node: A.Node) -> Any:
        key = (card.name, name)
        if key in self.card_fields:
            return self.card_fields[key]
        decl = self.d.cards.get(card.name)
        if decl is None:
            raise self.error(node, f"unknown card {card.name!r}")
        if name == "name":
            return card.name
        if name == "deck":
            return decl.deck
        for f in decl.fields:
            if f.name == name:
                value = self.eval(f.value, Env({"this": card}))
                if self.rules.field_constant(card.name, f):  # fields that read the state are evaluated every time
                    self.card_fields[key] = value
                return value
        deck = self.d.decks.get(decl.deck)
        if deck is not None and name in deck.fields:
            return None
        raise self.error(node, f"card {card.name} has no field {name!r}",
                         _did_you_mean(name, [f.name for f in decl.fields]))

    def _eval_call(self, node: A.Call, env: Env) -> Any:
        args = [self.eval(a, env) for a in node.args]
        return self.call(node.func, args, node)

    def call(self, name: str, args: list[Any], node: A.Node) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise self.error(node, f"{name} calls itself (or others) more than {MAX_DEPTH} deep",
                                 "a function or rule that calls itself needs a condition that stops it")
            return self._call(name, args, node)
        finally:
            self.depth -= 1

    def _call(self, name: str, args: list[Any], node: A.Node) -> Any:
        d = self.d
        if name in d.funcs:
            self.tick(node)  # a call of a func costs a step, so branching recursion stops too
            func = d.funcs[name]
            if len(args) != len(func.params):
                raise self.error(node, f"{name} takes {len(func.params)} values, got {len(args)}")
            value = self.eval(func.value, Env(dict(zip(func.params, args))))
            return self.apply_modifiers(name, args, value, func.params)
        if name in d.tables:
            if len(args) != 1:
                raise self.error(node, f"table {name} takes one value, got {len(args)}")
            value = self.lookup_table(d.tables[name], args[0], node)
            return self.apply_modifiers(name, args, value, (d.tables[name].param,))
        builtin = BUILTINS.get(name)
        if builtin is None:
            raise self.error(node, f"unknown function {name!r}",
                             _did_you_mean(name, [*d.funcs, *d.tables, *BUILTINS]))
        try:
            return builtin(self, node, *args)
        except TypeError as err:
            raise self.error(node, f"{name}: wrong number or kind of values ({err})") from None

    def lookup_table(self, table: A.Table, key: Any, node: A.Node) -> Any:
        key = self.number(key, node)
        env = Env({table.param: key})
        for entry in table.rows:
            row = entry.row
            if row.low is None or row.low <= key <= row.high:
                return self.eval(entry.value, env)
        raise self.error(node, f"table {table.name} has no row for {key}",
                         "add a row for it, or an `otherwise` row")

    def apply_modifiers(self, name: str, args: list[Any], value: Any, params) -> Any:
        for attached in self.d.modifiers.get(name, ()):
            mod = attached.decl
            names = dict(zip(mod.params, args))
            names["base"] = value
            if attached.card is not None:
                if not self.card_active(attached.card):
                    continue
                names["this"] = CardValue(attached.card.name)
            env = Env(names)
            if mod.condition is None or self.truth(self.eval(mod.condition, env), mod.condition):
                value = self.eval(mod.value, env)
                self.count_fired(attached)
        return value

    def count_fired(self, attached: Attached) -> None:
        key = attached.card.name if attached.card is not None else attached.decl.key
        self.fired[key] = self.fired.get(key, 0) + 1

    def card_active(self, card: A.Card) -> bool:
        """Whether the card's deck says it is in play now, remembered (see `active_now`).
        Generated code reads what is remembered itself and calls this only when it is stale."""
        name = card.name
        known = self.active_now.get(name)
        if known is not None:
            return known
        reads_zones, check, value, deck = self.card_check(card)
        if reads_zones:
            known = self.active_cache.get(name)
            if known is not None:
                return known
        active = True if check is None else check(self, value)
        if active.__class__ is not bool:
            active = self.truth(active, deck.active)  # raises
        if reads_zones:
            self.active_cache[name] = active
        else:
            self.active_now[name] = active
        return active

    def card_check(self, card: A.Card) -> tuple[bool, Callable[..., Any] | None, CardValue, A.Deck | None]:
        """What card_active needs of a card: whether its deck's `active when` reads token
        counts, that check as a function of (interpreter, card) (None when the deck has none),
        the card's value and its deck."""
        deck, reads_zones = self.rules.deck_facts(card.deck)
        check = None
        if deck is not None and deck.active is not None:
            def check(it: Interpreter, value: CardValue) -> Any:
                return it.eval(deck.active, Env({"it": value, "this": value}))
        return reads_zones, check, self.rules.card_value(card.name), deck

    def begin_phase(self, reads_start: bool = True) -> None:
        """Marks the state every `at_phase_start(...)` of the coming phase reads (kept only when
        the phase can read it: see reach.py)."""
        if reads_start:
            self.phase_start_zones = PhaseStart(self.state.zones)
            self._keep()
        elif self.phase_start_zones is not None:
            self.phase_start_zones = None
            self._keep()
        if self.active_cache:  # what reads zones may read them at the phase start
            self.active_cache.clear()

    def changed(self) -> None:
        """Called on every change of the state but token moves, so remembered facts (card
        activity) are refreshed; token moves empty `active_cache` only."""
        self.version += 1
        if self.active_cache:
            self.active_cache.clear()
        if self.active_now:
            self.active_now = {}

    def _eval_binop(self, node: A.BinOp, env: Env) -> Any:
        return self.binop(node, self.eval(node.left, env), self.eval(node.right, env))

    def binop(self, node: A.BinOp, left: Any, right: Any) -> Any:
        op = node.op
        if op == "==":
            return _equal(left, right)
        if op == "!=":
            return not _equal(left, right)
        if op in ("+", "-") and isinstance(left, dict) and isinstance(right, dict):
            sign = 1 if op == "+" else -1
            out = dict(left)
            for k, v in right.items():
                out[k] = out.get(k, 0) + sign * v
            return {k: v for k, v in out.items() if v > 0}
        if op == "+" and isinstance(left, list) and isinstance(right, list):
            return left + right
        if op == "*" and isinstance(left, dict):
            factor = self.number(right, node.right)
            return {k: v * factor for k, v in left.items()}
        a = self.number(left, node.left)
        b = self.number(right, node.right)
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op in ("/", "%"):
            if b == 0:
                raise self.error(node, "division by zero")
            return a // b if op == "/" else a % b
        if op == "<":
            return a < b
        if op == "<=":
            return a <= b
        if op == ">":
            return a > b
        if op == ">=":
            return a >= b
        raise self.error(node, f"unknown operator {op}")  # pragma: no cover

    def _eval_boolop(self, node: A.BoolOp, env: Env) -> bool:
        if node.op == "and":
            return all(self.truth(self.eval(i, env), i) for i in node.items)
        return any(self.truth(self.eval(i, env), i) for i in node.items)

    def _eval_range(self, node: A.RangeExpr, env: Env) -> list[int]:
        low = self.number(self.eval(node.low, env), node.low)
        return self.make_range(node, low, self.eval(node.high, env))

    def make_range(self, node: A.RangeExpr, low: int, high: Any) -> list[int]:
        """`low..high` once `low` is known to be a number (both engines)."""
        high = self.number(high, node.high)
        if high - low >= MAX_RANGE:
            raise self.error(node, f"the range {low}..{high} is too long (at most {MAX_RANGE} values)")
        return list(range(low, high + 1))

    def _eval_in(self, node: A.InExpr, env: Env) -> bool:
        container = self.iterable(self.eval(node.container, env), node.container)
        return self.eval(node.item, env) in container

    def iterable(self, value: Any, node: A.Node) -> list[Any]:
        if isinstance(value, list):
            return value
        if isinstance(value, PileRef):
            return list(self.state.piles[value])
        if isinstance(value, dict):
            return [k for k in self.d.kinds if value.get(k)]
        raise self.error(node, f"expected a list, got {type_name(value)}")

    def _eval_comprehension(self, node: A.Comprehension, env: Env) -> list[Any]:
        out = []
        for item in self.iterable(self.eval(node.source, env), node.source):
            inner = env.child({node.var: item})
            if node.condition is None or self.truth(self.eval(node.condition, inner), node.condition):
                out.append(self.eval(node.element, inner))
        return out

    def _eval_bundle(self, node: A.BundleLit, env: Env) -> dict[str, int]:
        out: dict[str, int] = {}
        for kind, expr in node.items:
            if kind not in self.d.kinds:
                raise self.error(node, f"{kind!r} is not a token kind", _did_you_mean(kind, self.d.kinds))
            value = self.number(self.eval(expr, env), expr)
            if value < 0:
                raise self.error(expr, f"a bundle cannot hold {value} {kind}")
            if value:
                out[kind] = out.get(kind, 0) + value
        return out

    def _keyed(self, node, env: Env) -> list[tuple[Any, Any]]:
        items = self.iterable(self.eval(node.source, env), node.source)
        return [(item, self.eval(node.key, env.child({"it": item}))) for item in items]

    def _eval_where(self, node: A.Where, env: Env) -> list[Any]:
        items = self.iterable(self.eval(node.source, env), node.source)
        return [i for i in items if self.truth(self.eval(node.condition, env.child({"it": i})),
                                               node.condition)]

    def _eval_ordered(self, node: A.Ordered, env: Env) -> list[Any]:
        keyed = self._keyed(node, env)
        # A stable sort: equal keys keep list order, which for players is the tie order.
        key = (lambda pair: _neg_key(pair[1])) if node.descending else (lambda pair: pair[1])
        try:
            return [item for item, _ in sorted(keyed, key=key)]
        except TypeError:
            raise self.error(node.key, "`ordered by` needs numbers (or lists of numbers) to compare") from None

    def _eval_extreme(self, node: A.Extreme, env: Env) -> Any:
        keyed = self._keyed(node, env)
        if not keyed:
            return None
        try:
            best = max(k for _, k in keyed) if node.most else min(k for _, k in keyed)
        except TypeError:
            raise self.error(node.key, "`with most` / `with fewest` need numbers to compare") from None
        return next(item for item, k in keyed if k == best)

    def phase_start(self, node: A.AtPhaseStart) -> PhaseStart:
        if self.phase_start_zones is None:  # reach.py missed a way to this node: an engine bug
            raise RuntimeError(f"{node.span}: at_phase_start in a phase found not to read it")
        return self.phase_start_zones

    def _eval_at_phase_start(self, node: A.AtPhaseStart, env: Env) -> Any:
        saved = self.read_zones
        self.read_zones = self.phase_start(node)
        try:
            return self.eval(node.operand, env)
        finally:
            self.read_zones = saved

    # ------------------------------------------------------------------ statements
    def block_runner(self, block: A.Block) -> Callable[[Interpreter, Env], None]:
        """A function running the block, called with an interpreter and an Env."""
        return lambda it, env: Interpreter.run_block(it, block, env)

    def run_block(self, block: A.Block, env: Env) -> None:
        for stmt in block.stmts:
            self.tick(stmt)
            self.current_span = stmt.span
            self._exec[type(stmt)](self, stmt, env)

    def _exec_let(self, node: A.Let, env: Env) -> None:
        env.names[node.name] = self.eval(node.value, env)

    def _exec_set(self, node: A.Set, env: Env) -> None:
        value = self.eval(node.value, env)
        target = node.target
        if isinstance(target, A.Name) and env.assign(target.id, value):
            return
        self.set_target(node, value, env)

    def set_target(self, node: A.Set, value: Any, env: Env) -> None:
        """Sets what `set` names when it is not a local: a variable, the active player, or a
        player's variable."""
        target = node.target
        if isinstance(target, A.Name):
            if target.id in self.d.vars:
                self.state.vars[target.id] = value
                self.changed()
                self._log_set(target.id, value)
                return
            if target.id == "active":
                if not isinstance(value, PlayerRef):
                    raise self.error(node, f"the active player must be a player, got {type_name(value)}")
                self.state.active = value.seat
                self.changed()
                self._log_set("active", value)
                return
            raise self.error(target, f"cannot set {target.id!r}: it is not a variable",
                             "declare it with `var NAME = VALUE`, or use `let` for a local name")
        if isinstance(target, A.Attr):
            self.set_member(node, self.eval(target.obj, env), value)
            return
        raise self.error(target, "only variables can be set")

    def set_member(self, node: A.Set, owner: Any, value: Any) -> None:
        """`set OWNER.NAME = value` once both are known: a player's variable (both engines)."""
        target = node.target
        if isinstance(owner, PlayerRef) and target.name in self.d.player_vars:
            self.state.player_vars[owner.seat][target.name] = value
            self.changed()
            self._log_set(f"{owner}.{target.name}", value)
            return
        raise self.error(target, "only variables can be set")

    def _log_set(self, var: str, value: Any) -> None:
        if self.log.active:
            self.log.emit("set", var=var, value=encode(value))
        else:
            self.log.seq += 1  # records are numbered the same whether or not they are kept

    def _exec_if(self, node: A.If, env: Env) -> None:
        if self.truth(self.eval(node.condition, env), node.condition):
            self.run_block(node.then, env.child())
        elif node.otherwise is not None:
            self.run_block(node.otherwise, env.child())

    def _exec_for(self, node: A.ForEach, env: Env) -> None:
        for item in list(self.iterable(self.eval(node.source, env), node.source)):
            self.tick(node)
            self.run_block(node.body, env.child({node.var: item}))

    def _exec_while(self, node: A.While, env: Env) -> None:
        while self.truth(self.eval(node.condition, env), node.condition):
            self.tick(node)
            self.run_block(node.body, env.child())

    def _exec_repeat(self, node: A.Repeat, env: Env) -> None:
        for _ in range(self.number(self.eval(node.count, env), node.count)):
            self.tick(node)
            self.run_block(node.body, env.child())

    def zone(self, value: Any, node: A.Node) -> ZoneRef:
        if isinstance(value, ZoneRef):
            return value
        raise self.error(node, f"expected a zone, got {type_name(value)}")

    def zones(self, value: Any, node: A.Node) -> list[ZoneRef]:
        """A zone or a list of zones, as a list (which the caller must not change)."""
        if value.__class__ is list:
            for v in value:
                if v.__class__ is not ZoneRef:
                    raise self.error(node, f"expected a zone, got {type_name(v)}")
            return value
        return [self.zone(value, node)]

    def pile(self, value: Any, node: A.Node) -> PileRef:
        if isinstance(value, PileRef):
            return value
        raise self.error(node, f"expected a pile of cards, got {type_name(value)}")

    def transfer(self, source: ZoneRef, dest: ZoneRef, bundle: dict[str, int]) -> None:
        """Moves tokens; the caller has checked that the source holds them."""
        if not bundle or source is dest:
            return
        if self.active_cache:  # token counts change: forget what depended on them
            self.active_cache.clear()
        if self.keeping:
            self.keep_before(source, dest)
        zones = self.state.zones
        src = zones[source]
        dst = zones[dest]
        for kind, n in bundle.items():
            left = src[kind] - n
            if left < 0:
                self.went_negative(source, kind)
            src[kind] = left
            dst[kind] = dst.get(kind, 0) + n
        if self.log.moves:
            self.log_move(source, dest, dict(bundle))

    def shift(self, source: ZoneRef, dest: ZoneRef, kind: str, n: int) -> None:
        """`transfer` of n > 0 tokens of one kind, without building a bundle."""
        if source is dest:
            return
        if self.active_cache:  # token counts change: forget what depended on them
            self.active_cache.clear()
        if self.keeping:
            self.keep_before(source, dest)
        zones = self.state.zones
        src = zones[source]
        left = src[kind] - n
        if left < 0:
            self.went_negative(source, kind)
        src[kind] = left
        dst = zones[dest]
        dst[kind] = dst.get(kind, 0) + n
        if self.log.moves:
            self.log_move(source, dest, {kind: n})

    def keep_before(self, source: ZoneRef, dest: ZoneRef) -> None:
        """Before two zones change, keeps them as the phase began (when it can be read) and as
        each open secret block began: copy-on-write, so only changed zones are copied. Moves
        call this only while `keeping` holds something."""
        zones = self.state.zones
        for kept in self.keeping:
            saved = kept.saved
            if source not in saved:
                saved[source] = dict(zones[source])
            if dest not in saved:
                saved[dest] = dict(zones[dest])

    def _keep(self) -> None:
        start = self.phase_start_zones
        self.keeping = [*self.kept_secrets] if start is None else [start, *self.kept_secrets]

    def open_secret(self) -> PhaseStart:
        """Starts a `secretly` block: other players will see the zones as they are now. What the
        block hides is kept only if something can read it: the log (which uncovers it at the
        end) or an agent that reads views."""
        before = PhaseStart(self.state.zones)
        self.secret_stack.append(before)
        if self.log.active or reads_views(self.agents):
            self.kept_secrets.append(before)
            self._keep()
        return before

    def close_secret(self) -> None:
        before = self.secret_stack.pop()
        if self.kept_secrets and self.kept_secrets[-1] is before:
            self.kept_secrets.pop()
            self._keep()

    def went_negative(self, ref: ZoneRef, kind: str) -> None:
        """A move took more than a zone held: the callers check first, so this is an engine bug."""
        raise ConservationError(self.current_span, f"negative token count: {ref} would hold less than 0 {kind} "
                                                   f"in {self.where_label()}")

    def log_move(self, source: ZoneRef, dest: ZoneRef, what: dict[str, int]) -> None:
        """Records a move of tokens, and tells whoever watches moves."""
        if self.log.active:
            extra: dict[str, Any] = {}
            if self.context:
                extra["by"] = self.context[-1]
            if self.secret_stack:
                extra["secret"] = True
            self.log.emit("move", what=what, src=str(source), dst=str(dest), at=self.where, **extra)
        else:
            self.log.seq += 1  # numbered as if the record were kept
        for watcher in self.move_watchers:
            watcher(source, dest, what, self.where)

    def watch_moves(self, watcher: Callable[[ZoneRef, ZoneRef, dict[str, int], str], None]) -> None:
        """Calls `watcher(source, dest, tokens, step)` after every move of tokens, without the
        cost of a kept log (the simulator's metrics use this)."""
        self.move_watchers.append(watcher)
        self.log.moves = True

    def _exec_move(self, node: A.Move, env: Env) -> None:
        sources = self.zones(self.eval(node.source, env), node.source)
        dest = self.zone(self.eval(node.dest, env), node.dest)
        q = node.quantity
        amount = self.eval(q.amount, env) if q.amount is not None else None
        if isinstance(amount, dict):  # a bundle: move exactly (or up to) these tokens
            if node.what is not None:
                raise self.error(node.what, "a bundle already says which tokens; remove the kind")
            self._move_bundle(node, sources, dest, amount, q.mode == "up_to")
            return
        kinds = self.kinds_of(self.eval(node.what, env), node.what) if node.what is not None \
            else list(self.d.kinds)
        if q.mode == "all":
            for src in sources:
                contents = self.state.zones[src]
                self.transfer(src, dest, {k: contents[k] for k in kinds if contents.get(k)})
            return
        wanted = self.number(amount, q.amount)
        if wanted < 0:
            raise self.error(q, f"cannot move a negative number of tokens ({wanted})")
        available = sum(self.state.zones[s].get(k, 0) for s in sources for k in kinds)
        if wanted > available and q.mode == "exact":
            where = ", ".join(str(s) for s in sources)
            raise self.error(node, f"cannot move {wanted} {'/'.join(kinds)} from {where}: "
                                   f"only {available} there", "write `move up to N ...` to take what is there")
        left = min(wanted, available)
        for src in sources:
            if not left:
                break
            contents = self.state.zones[src]
            take: dict[str, int] = {}
            for k in kinds:
                n = min(left, contents.get(k, 0))
                if n:
                    take[k] = n
                    left -= n
            self.transfer(src, dest, take)

    def _move_bundle(self, node, sources, dest, bundle, up_to: bool) -> None:
        """Moves a bundle's tokens from the first source that holds them, then the next..."""
        remaining = {k: v for k, v in bundle.items() if v > 0}
        zones = self.state.zones
        for src in sources:
            if not remaining:
                break
            contents = zones[src]
            take = {}
            for k, v in remaining.items():
                have = contents.get(k, 0)
                if have > 0:
                    take[k] = v if v < have else have
            if take:
                self.transfer(src, dest, take)
                for k, n in take.items():
                    if remaining[k] == n:
                        del remaining[k]
                    else:
                        remaining[k] -= n
        if remaining and not up_to:
            raise self.error(node, f"cannot move {remaining}: the source does not hold them",
                             "write `move up to ...` to take what is there")

    def _exec_draw(self, node: A.Draw, env: Env) -> None:
        source = self.zone(self.eval(node.source, env), node.source)
        dest = self.zone(self.eval(node.dest, env), node.dest)
        q = node.quantity
        amount = None if q.mode == "all" else self.eval(q.amount, env)
        self.draw_tokens(node, source, dest, amount)

    def draw_tokens(self, node: A.Draw, source: ZoneRef, dest: ZoneRef, amount: Any) -> None:
        """`draw` once its zones and amount (None for `all`) are known."""
        q = node.quantity
        contents = self.state.zones[source]
        size = sum(contents.values())
        n = size if amount is None else amount if amount.__class__ is int else self.number(amount, q.amount)
        if n < 0:
            raise self.error(q, f"cannot draw a negative number of tokens ({n})")
        if n > size:
            if q.mode == "exact":
                raise self.error(node, f"cannot draw {n} from {source}: it holds {size}",
                                 "write `draw up to N ...` to draw what is there")
            n = size
        if n <= 0:
            return
        try:
            drawn = self.chance.draw(contents, self.d.kinds, n)
        except ScriptError as err:
            raise self.error(node, str(err)) from None
        if self.log.active:
            self.log.emit("random", what="draw", src=str(source), dst=str(dest), result=dict(drawn))
        else:
            self.log.seq += 1  # records are numbered the same whether or not they are kept
        self.transfer(source, dest, drawn)

    def _exec_shuffle(self, node: A.Shuffle, env: Env) -> None:
        self.shuffle_pile(node, self.pile(self.eval(node.pile, env), node.pile))

    def shuffle_pile(self, node: A.Shuffle, ref: PileRef) -> None:
        try:
            self.state.piles[ref] = self.chance.shuffle(self.state.piles[ref], str(ref))
            self.changed()
        except ScriptError as err:
            raise self.error(node, str(err)) from None
        if self.log.active:
            self.log.emit("random", what="shuffle", pile=str(ref), result=[c.name for c in self.state.piles[ref]])
        else:
            self.log.seq += 1

    def cards_of(self, value: Any, node: A.Node) -> list[CardValue]:
        if isinstance(value, PileRef):
            return list(self.state.piles[value])
        items = value if isinstance(value, list) else [value]
        for item in items:
            if not isinstance(item, CardValue):
                raise self.error(node, f"expected cards, got {type_name(item)}")
        return items

    def take_cards(self, cards: list[CardValue], node: A.Node) -> list[CardValue]:
        """Takes each card out of the pile that holds it: that very copy, or for a card named
        without a copy (no uid), the first of that name in the first pile holding one. A copy
        is looked for first in the pile the previous card came from: cards placed together
        often come from one pile."""
        taken = []
        near: list[CardValue] | None = None
        for card in cards:
            found = None
            if near is not None and card.uid is not None:
                for i, held in enumerate(near):
                    if held is card:
                        found = near.pop(i)
                        break
            if found is None:
                found, near = self._take_card(card, node)
            taken.append(found)
        return taken

    def _take_card(self, card: CardValue, node: A.Node) -> tuple[CardValue, list[CardValue]]:
        for cards in self.state.piles.values():
            for i, held in enumerate(cards):
                if held is card or (card.uid is None and held == card):
                    return cards.pop(i), cards
        raise self.error(node, f"card {card.name} is in no pile; create it first")

    def _exec_place(self, node: A.Place, env: Env) -> None:
        value = self.eval(node.cards, env)
        cards = self.cards_of(value, node.cards)
        self.place_cards(node, value, cards, self.pile(self.eval(node.pile, env), node.pile))

    def place_cards(self, node: A.Place, value: Any, cards: list[CardValue], ref: PileRef) -> None:
        """`place` once its cards (the value and `cards_of` it) and pile are known."""
        if value.__class__ is PileRef:  # a whole pile: its cards are all there, in order
            taken = cards
            self.state.piles[value].clear()
        else:
            taken = self.take_cards(cards, node)
        pile = self.state.piles[ref]
        self.state.piles[ref] = taken + pile if node.where == "top" else pile + taken
        self.changed()
        if self.log.active:
            self.log.emit("place", cards=[c.name for c in taken], pile=str(ref), where=node.where)
        else:
            self.log.seq += 1

    def _exec_reveal(self, node: A.Reveal, env: Env) -> None:
        n = self.number(self.eval(node.count, env), node.count)
        src = self.pile(self.eval(node.source, env), node.source)
        self.reveal_cards(node, n, src, self.pile(self.eval(node.dest, env), node.dest))

    def reveal_cards(self, node: A.Reveal, n: int, src: PileRef, dst: PileRef) -> None:
        """`reveal` once its count and piles are known."""
        pile = self.state.piles[src]
        if n > len(pile):
            raise self.error(node, f"cannot reveal {n} cards from {src}: it holds {len(pile)}")
        for _ in range(n):
            card = pile.pop(0)
            self.state.piles[dst].insert(0, card)
            self.changed()
            if self.log.active:
                self.log.emit("reveal", card=card.name, src=str(src), dst=str(dst))
            else:
                self.log.seq += 1
            self.card_event(card, "reveal")

    def card_event(self, card: CardValue, event: str) -> None:
        decl = self.d.cards.get(card.name)
        if decl is None:
            return
        for handler in decl.handlers:
            if handler.event == event:
                self.fired[card.name] = self.fired.get(card.name, 0) + 1
                self.context.append(card.name)
                try:
                    self.run_block(handler.body, Env({"this": card}))
                finally:
                    self.context.pop()

    def player(self, value: Any, node: A.Node) -> PlayerRef:
        if value.__class__ is PlayerRef:
            return value
        raise self.error(node, f"expected a player, got {type_name(value)}")

    def ask(self, decision: Decision, node: A.Node) -> Any:
        where = self.span_text.get(id(node))
        if where is None:
            where = self.span_text[id(node)] = str(node.span)
        decision.where = where
        seat = decision.player
        decision.view = lambda: self.view_for(seat)
        answer = self.agents[seat].decide(decision)
        problem = decision.legal(answer)
        if problem is not None:
            raise self.error(node, f"P{seat + 1} answered {answer!r} to {decision.id!r}: {problem}")
        if not self.log.active:
            self.log.seq += 1
        elif self.secret_stack:
            self.log.emit("decision", player=f"P{seat + 1}", id=decision.id, answer=answer, secret=True)
        else:
            self.log.emit("decision", player=f"P{seat + 1}", id=decision.id, answer=answer)
        return answer

    def _exec_ask_may(self, node: A.AskMay, env: Env) -> None:
        p = self.player(self.eval(node.player, env), node.player)
        answer = self.ask(Decision(p.seat, node.id, "may", [True, False]), node)
        if answer:
            self.run_block(node.body, env.child())
        elif node.otherwise is not None:
            self.run_block(node.otherwise, env.child())

    def _exec_ask_choose(self, node: A.AskChoose, env: Env) -> None:
        p = self.player(self.eval(node.player, env), node.player)
        values = self.iterable(self.eval(node.options, env), node.options)
        if not values:
            return  # nothing to choose from: the choice is skipped
        encoded = [encode(v) for v in values]
        answer = self.ask(Decision(p.seat, node.id, "choose", encoded, node.optional), node)
        if answer is None:
            return
        value = values[next(i for i, e in enumerate(encoded)
                            if e == answer and isinstance(e, bool) == isinstance(answer, bool))]
        self.run_block(node.body, env.child({node.var: value}))

    def _exec_ask_distribute(self, node: A.AskDistribute, env: Env) -> None:
        p = self.player(self.eval(node.player, env), node.player)
        kinds = self.kinds_of(self.eval(node.amount, env), node.amount) \
            if isinstance(node.amount, A.Name) and node.amount.id in self.d.kinds else None
        source = self.zone(self.eval(node.source, env), node.source)
        if kinds is None:
            raise self.error(node.amount,
                             "write which tokens to distribute: `distribute KIND from ZONE among ...`")
        targets = self.distribution_targets(node, p, self.eval(node.targets, env))
        limits = [(self.number(self.eval(limit.amount, env), limit.amount),
                   self.iterable(self.eval(limit.zones, env), limit.zones)) for limit in node.limits]
        self.distribute(node, p, kinds[0], source, targets, limits)

    def distribution_targets(self, node: A.AskDistribute, p: PlayerRef, value: Any) -> dict[str, ZoneRef]:
        """The zones a distribution may use, by the label the player answers with (the same
        targets for the same seat give the same answer, remembered for the rule set)."""
        if value.__class__ is not list:
            return self._distribution_targets(node, p, value)
        key = (p[1], *value)  # the node only reports what is wrong, and that is never kept
        try:
            known = self.targets_cache.get(key)
        except TypeError:  # an unhashable value: not a zone, so the slow way reports it
            return self._distribution_targets(node, p, value)
        if known is not None:  # only lists of names and zones are kept, so this one is one
            return known
        known = self._distribution_targets(node, p, value)
        if all(v.__class__ in (str, ZoneRef) for v in value):
            self.targets_cache[key] = known
        return known

    def _distribution_targets(self, node: A.AskDistribute, p: PlayerRef, value: Any) -> dict[str, ZoneRef]:
        zones_by_label: dict[str, ZoneRef] = {}
        for t in self.iterable(value, node.targets):
            if isinstance(t, ZoneRef):  # the player's own zones answer by name, others in full
                zones_by_label[t.name if t.owner == p.seat else str(t)] = t
            elif isinstance(t, str) and t in self.d.player_zones:
                zones_by_label[t] = self.zone_refs[t][p.seat]
            else:
                raise self.error(node.targets, f"{t!r} is not a zone a player can distribute to")
        return zones_by_label

    def distribute(self, node: A.AskDistribute, p: PlayerRef, kind: str, source: ZoneRef,
                   zones_by_label: dict[str, ZoneRef], limits: list[tuple[int, list[Any]]]) -> None:
        """Asks the player how to spread the tokens of `source`, then moves them."""
        amount = self.state.zones[source].get(kind, 0)
        if amount == 0:
            return  # nothing to place: no question
        names = list(zones_by_label)
        decision = Decision(p.seat, node.id, "distribute", amount=amount, targets=names)
        for limit, (value, zones) in zip(node.limits, limits):
            labels = [z.name if isinstance(z, ZoneRef) else z for z in zones]
            (decision.at_most if limit.kind == "most" else decision.at_least).append((value, labels))
        answer = self.ask(decision, node)
        for name in names:
            n = answer.get(name)
            if n:
                self.shift(source, zones_by_label[name], kind, n)

    def _exec_do(self, node: A.Do, env: Env) -> None:
        args = [self.eval(a, env) for a in node.args]
        self.call_rule(node.rule, args, node)

    def call_rule(self, name: str, args: list[Any], node: A.Node) -> None:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise self.error(node, f"rule {name} runs inside itself more than {MAX_DEPTH} deep",
                                 "a rule that calls itself needs a condition that stops it")
            self._call_rule(name, args, node)
        finally:
            self.depth -= 1

    def _call_rule(self, name: str, args: list[Any], node: A.Node) -> None:
        rule = self.d.rules.get(name)
        if rule is None:
            raise self.error(node, f"unknown rule {name!r}", _did_you_mean(name, list(self.d.rules)))
        if len(args) != len(rule.params):
            raise self.error(node, f"rule {name} takes {len(rule.params)} values, got {len(args)}")
        hooks = self.d.hooks.get(name, {})
        for attached in hooks.get("before", ()):
            self._run_hook(attached, args)
        replaced = False
        for attached in reversed(hooks.get("instead", ())):
            if self._run_hook(attached, args):
                replaced = True
                break
        if not replaced:
            self.context.append(name)
            try:
                self.run_block(rule.body, Env(dict(zip(rule.params, args))))
            finally:
                self.context.pop()
        for attached in hooks.get("after", ()):
            self._run_hook(attached, args)

    def _run_hook(self, attached: Attached, args: list[Any]) -> bool:
        hook = attached.decl
        names = dict(zip(hook.params, args))
        if attached.card is not None:
            if not self.card_active(attached.card):
                return False
            names["this"] = CardValue(attached.card.name)
        env = Env(names)
        if hook.condition is not None and not self.truth(self.eval(hook.condition, env), hook.condition):
            return False
        self.count_fired(attached)
        self.context.append(attached.card.name if attached.card is not None else f"{hook.time} {hook.name}")
        try:
            self.run_block(hook.body, env)
        finally:
            self.context.pop()
        return True

    def _exec_secretly(self, node: A.Secretly, env: Env) -> None:
        before = self.open_secret()
        try:
            self.run_block(node.body, env.child())
        finally:
            self.close_secret()
        self.uncover(before)

    def uncover(self, before: PhaseStart) -> None:
        """Logs the players' zones that a secret block changed, as they are now."""
        if not self.log.active:
            self.log.seq += 1
            return
        saved = before.saved  # the zones changed since the block began, as they were then
        changed = {str(ref): dict(sorted((k, v) for k, v in c.items() if v))
                   for ref, c in self.state.zones.items()
                   if ref in saved and ref[1] is not None and _nonzero(c) != _nonzero(saved[ref])}
        self.log.emit("uncover", zones=changed)

    def _exec_end(self, node: A.EndGame, env: Env) -> None:
        raise GameOver()

    def _exec_say(self, node: A.Say, env: Env) -> None:
        self.log.emit("say", msg=node.message, args=[encode(self.eval(a, env)) for a in node.args])

    def _exec_show(self, node: A.Show, env: Env) -> None:
        value = self.eval(node.cards, env)
        cards = [] if value is None else self.cards_of(value, node.cards)
        self.show_cards(node, cards, self.eval(node.player, env))

    def show_cards(self, node: A.Show, cards: list[CardValue], player: Any) -> None:
        """`show CARDS to PLAYER` once the cards are known (both engines)."""
        p = self.player(player, node.player)
        names = [c.name for c in cards]
        self.state.known[p.seat] = names
        self.log.emit("show", player=str(p), cards=names)

    def _exec_create(self, node: A.Create, env: Env) -> None:
        what = self.eval(node.what, env)
        self.create(node, what, self.eval(node.where, env))

    def create(self, node: A.Create, what: Any, where: Any) -> None:
        """`create` once what and where are known."""
        if isinstance(where, ZoneRef) and isinstance(what, dict):
            if self.baseline is not None:
                raise self.error(node, "tokens can only be created during setup",
                                 "move them from a supply zone instead")
            for kept in self.keeping:
                kept.remember(where)
            contents = self.state.zones[where]
            if self.active_cache:  # token counts change: forget what depended on them
                self.active_cache.clear()
            for k, v in what.items():
                contents[k] = contents.get(k, 0) + v
            if self.log.active:
                self.log.emit("create", what=dict(what), dst=str(where))
            else:
                self.log.seq += 1
            return
        if isinstance(where, PileRef):
            if self.baseline is not None:
                raise self.error(node, "cards can only be created during setup")
            cards = []
            for card in self.cards_of(what, node.what):
                self.card_uid += 1
                cards.append(CardValue(card.name, self.card_uid))
            self.state.piles[where] = cards + self.state.piles[where]
            self.changed()
            if self.log.active:
                self.log.emit("create", cards=[c.name for c in cards], dst=str(where))
            else:
                self.log.seq += 1
            return
        raise self.error(node, f"cannot create {type_name(what)} in {type_name(where)}",
                         "create a bundle like {token: 7} in a zone, or cards in a pile")

    # ------------------------------------------------------------------ views & checks
    def view_for(self, seat: int) -> dict[str, Any]:
        """What one player may see: during a secret block, other players' zones as they were
        when the block began."""
        hidden = self.secret_stack[0] if self.secret_stack else None
        if hidden is not None and not any(kept is hidden for kept in self.kept_secrets):
            raise RuntimeError("an agent read its view inside a secret block, but every agent of "
                               "the game says it reads no views (reads_view = False)")
        zones = {}
        for ref, contents in self.state.zones.items():
            shown = hidden[ref] if hidden is not None and ref.owner not in (None, seat) else contents
            if any(shown.values()):
                zones[str(ref)] = {k: v for k, v in shown.items() if v}
        return {
            "you": f"P{seat + 1}", "round": self.state.round, "phase": self.state.phase,
            "active": f"P{self.state.active + 1}", "zones": zones,
            "piles": {str(ref): len(cards) for ref, cards in self.state.piles.items()},
            "shown_to_you": list(self.state.known[seat]),
        }

    def start_conservation(self) -> None:
        self.baseline = self.state.totals()
        self.baseline_cards = self.state.card_count()
        self.cards_checked_at = self.version

    def check_conservation(self, span: A.Span) -> None:
        """After a step: no card appeared or vanished. (Tokens only move, and every move checks
        that its source keeps a count of zero or more; the totals of each kind over the whole
        state are checked after every round.)"""
        if self.baseline is None or self.cards_checked_at == self.version:
            return
        self.cards_checked_at = self.version
        if self.state.card_count() != self.baseline_cards:
            raise ConservationError(span, f"cards were created or lost in {self.where_label()}")

    def where_label(self) -> str:
        """The step running or last run, as `step NAME of PHASE`."""
        phase, _, step = self.where.partition(".")
        return f"step {step} of {phase}" if step else self.where

    def check_whole_state(self, span: A.Span) -> None:
        """The totals over every zone and pile: also catches a change made behind the engine's
        back (by a bug, or by code that edits the state directly). Run after every round."""
        if self.baseline is None:
            return
        totals, negative = self.state.totals_and_negatives()
        if totals == self.baseline and not negative and self.state.card_count() == self.baseline_cards:
            return
        where = f"round {self.state.round} (found after {self.where_label()})"
        if totals != self.baseline:
            diff = {k: totals.get(k, 0) - self.baseline.get(k, 0)
                    for k in set(totals) | set(self.baseline) if totals.get(k, 0) != self.baseline.get(k, 0)}
            raise ConservationError(span, f"tokens were created or lost in {where}: {diff}")
        if negative:
            where_negative = [(str(r), k) for r, k in negative]
            raise ConservationError(span, f"negative token counts after {where}: {where_negative}")
        if self.state.card_count() != self.baseline_cards:
            raise ConservationError(span, f"cards were created or lost in {where}")


_EVAL_METHODS = {
    A.IntLit: "_eval_literal", A.StrLit: "_eval_literal", A.BoolLit: "_eval_literal",
    A.NoneLit: "_eval_none", A.Name: "_eval_name", A.Attr: "_eval_attr", A.Index: "_eval_index",
    A.Call: "_eval_call", A.BinOp: "_eval_binop", A.BoolOp: "_eval_boolop", A.Not: "_eval_not",
    A.Neg: "_eval_neg", A.RangeExpr: "_eval_range", A.InExpr: "_eval_in", A.ListLit: "_eval_list",
    A.Comprehension: "_eval_comprehension", A.BundleLit: "_eval_bundle", A.IfExpr: "_eval_if",
    A.Where: "_eval_where", A.Ordered: "_eval_ordered", A.Extreme: "_eval_extreme",
    A.AtPhaseStart: "_eval_at_phase_start",
}
_EXEC_METHODS = {
    A.Let: "_exec_let", A.Set: "_exec_set", A.If: "_exec_if", A.ForEach: "_exec_for",
    A.While: "_exec_while", A.Repeat: "_exec_repeat", A.Move: "_exec_move", A.Draw: "_exec_draw",
    A.Shuffle: "_exec_shuffle", A.Place: "_exec_place", A.Reveal: "_exec_reveal",
    A.AskMay: "_exec_ask_may", A.AskChoose: "_exec_ask_choose", A.AskDistribute: "_exec_ask_distribute",
    A.Do: "_exec_do", A.Secretly: "_exec_secretly", A.EndGame: "_exec_end", A.Say: "_exec_say",
    A.Create: "_exec_create", A.Show: "_exec_show",
}


Dispatch = dict[type, Callable[..., Any]]


def _dispatch(cls: type) -> tuple[Dispatch, Dispatch]:
    """The node-type tables of an interpreter class (methods to call with the interpreter),
    looked up once per class rather than bound again for every game."""
    tables = cls.__dict__.get("_dispatch_tables")
    if tables is None:
        tables = ({t: getattr(cls, m) for t, m in _EVAL_METHODS.items()},
                  {t: getattr(cls, m) for t, m in _EXEC_METHODS.items()})
        cls._dispatch_tables = tables
    return tables


def _nonzero(contents: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in contents.items() if v}


# How the engines read the built-in names that come from the game state.
_STATE_READS: dict[str, Callable[[Interpreter], Any]] = {
    "players": lambda it: it.players(),
    "active": lambda it: it.player_refs[it.state.active],
    "round": lambda it: it.state.round,
    "player_count": lambda it: it.n,
}
assert set(_STATE_READS) == set(STATE_NAMES)

_MISSING = object()


def name_reads(d: GameDef) -> dict[int, Callable[[Interpreter, A.Name], Any]]:
    """For every name of the rules that the resolver found global (or built in): a function that
    reads its value, by id of the name's node; locals and unknown names are not in it. Worked
    out once per rule set (the interpreter keeps it in the rules' CompiledRules); the symbol table
    keeps the nodes alive, so their ids stay unique."""
    reads = {}
    table = d.symbol_table
    for node in table.names():
        sym = table.ref(node)
        if sym is None or sym.is_local:
            continue
        kinds = table.value_kinds(node.id)
        if kinds:
            reads[id(node)] = _reader(d, node.id, kinds[0])
    return reads


def _reader(d: GameDef, name: str, kind: str) -> Callable[[Interpreter, A.Name], Any]:
    """How global_name reads a name of this kind, without looking the kind up again."""
    if kind == BUILTIN:
        state_read = _STATE_READS[name]
        return lambda it, node: state_read(it)
    if kind == VAR:
        def read_var(it: Interpreter, node: A.Name) -> Any:
            value = it.state.vars.get(name, _MISSING)
            return it.global_name(name, node) if value is _MISSING else value
        return read_var
    if kind == CONST:
        def read_const(it: Interpreter, node: A.Name) -> Any:
            value = it.const_cache.get(name, _MISSING)
            return it.global_name(name, node) if value is _MISSING else value
        return read_const
    if kind == OPTION:
        value = d.option_values[name]
        return lambda it, node: value
    if kind == ZONE:
        return lambda it, node: ZoneRef(None, name)
    if kind == PILE:
        return lambda it, node: PileRef(None, name)
    if kind == CARD:
        return lambda it, node: CardValue(name)
    return lambda it, node: name


def _equal(left: Any, right: Any) -> bool:
    """Rule-language equality: a yes/no value never equals a number (`true == 1` is false)."""
    return left == right and isinstance(left, bool) == isinstance(right, bool)


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


def _did_you_mean(name: str, candidates: list[str]) -> str | None:
    close = difflib.get_close_matches(name, list(dict.fromkeys(candidates)), n=1)
    return f"did you mean {close[0]!r}?" if close else None


__all__ = ["Interpreter", "Env", "parse_player"]
