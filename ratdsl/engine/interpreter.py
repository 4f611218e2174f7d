"""A tree-walking interpreter for the rule language: the reference evaluator.

One `Interpreter` evaluates the rules of one game: expressions by `eval`, statements by
`run_block`; both dispatch on the node type to the functions of treewalk/expressions.py and
treewalk/statements.py. The game's state, chance source, agents and log are its Runtime's
(runtime/): the interpreter reads the state and changes it through the runtime. Rule files reach
nothing but this state: there is no eval/exec, no file, import or Python access.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary, finalize

from ..language import ast as A
from ..semantics import operators as ops
from ..semantics.boards import Layout
from ..semantics.boards import layout as board_layout
from ..semantics.builtins import BUILTINS, item_steps, unpaid
from ..semantics.definition import Attached, GameDef
from ..semantics.operators import OperatorError
from ..semantics.recursion import funcs_reaching_themselves
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
from ..semantics.values import CardValue, PileRef, PlayerRef, ZoneRef, parse_player, type_name
from .chance import Chance
from .compiled import CompiledRules
from .coverage import EFFECT, HOOK, MODIFIER, RULE, hit
from .env import Env
from .errors import RuleRuntimeError, StepBudgetExceeded, did_you_mean, refused
from .limits import ACTIVITY_STEPS, DEFAULT_STEP_BUDGET  # noqa: F401 (read from here by many)
from .log import GameLog
from .runtime import Runtime
from .treewalk.expressions import EVAL
from .treewalk.statements import EXEC

MAX_DEPTH = 150  # nested func/rule calls; Python's own limit must never be the one that stops a game
# Python frames the tree-walker uses, at most, per level of a rule's syntax tree and per call
# (a func, rule, hook or card effect): what the Python stack must hold for MAX_DEPTH calls.
FRAMES_PER_LEVEL, FRAMES_PER_CALL = 5, 16
# The most frames asked for: beyond it, C code that recurses (json, == on nested lists) could
# overflow the machine's stack instead of raising RecursionError.
MAX_FRAMES = 25_000


class Interpreter:
    """Evaluates expressions and runs statements of one game by walking the AST: the reference
    every compiled game is held to. It reads the game's state directly and changes it
    only through its Runtime (`rt`)."""

    # Slots, not a __dict__: every `self.x` is then a fixed offset, not a dict lookup.
    __slots__ = ("_eval", "_exec", "budget", "card_checks", "card_fields", "const_cache", "context",
                 "callers", "coverage", "d", "depth", "fired", "layout", "left_step", "n", "name_reads", "player_refs",
                 "players_from", "read_zones", "rt", "rules", "state", "steps", "targets_cache", "zone_refs")

    def __init__(self, runtime: Runtime, step_budget: int = DEFAULT_STEP_BUDGET):
        ensure_stack(runtime.d)
        self.rt = runtime
        self.d = runtime.d
        self.rules: CompiledRules = runtime.rules
        self.n = runtime.n
        # The state is read directly; only the runtime changes it.
        self.state = runtime.state
        self.read_zones = self.state.zones  # swapped for the phase-start snapshot
        refs = self.rules.refs(self.n)
        # One ref per player zone and seat, shared, so `p.zone` needs no new object.
        self.zone_refs: dict[str, list[ZoneRef]] = refs.zone_refs
        self.left_step = refs.left_step
        self.player_refs = refs.player_refs  # shared, immutable
        self.players_from = refs.players_from  # the tie order, by active player
        # The runtime's list of the rules, hooks and card effects running now (for its log):
        # pushed and popped here.
        self.context: list[str] = runtime.context
        self.budget = step_budget
        self.steps = 0
        self.depth = 0  # nested calls of funcs and rules
        self.fired: dict[str, int] = {}  # how often each card handler, hook or modifier applied
        self.coverage = runtime.coverage  # how often each place of the rules ran; None: not counted
        self.const_cache: dict[str, Any] = {}
        # Fields whose value is a literal, remembered for every game of the rule set.
        self.card_fields: dict[tuple[str, str], Any] = self.rules.card_fields
        self.targets_cache: dict[tuple, dict[str, ZoneRef]] = self.rules.targets
        # card_check of each card, worked out once per rule set and evaluator class.
        self.card_checks: dict[str, tuple] = self.rules.card_checks
        # How each kind of node is evaluated or run: functions called with the interpreter
        # (`self._eval[T](self, node, env)`), made once per interpreter class.
        self._eval, self._exec = _dispatch(type(self))
        # How each global name of the rules is read, worked out once per rule set (see name_reads).
        reads = self.rules.name_reads
        if reads is None:
            reads = self.rules.name_reads = name_reads(self.d)
        self.name_reads = reads
        # What each name called calls, worked out once per rule set (see call).
        self.callers: dict[str, Callable[..., Any]] = self.rules.callers
        self.layout: Layout | None = None  # the boards at this number of players, once read

    @property
    def chance(self) -> Chance:
        """The runtime's chance source (builtins draw from it)."""
        return self.rt.chance

    @property
    def log(self) -> GameLog:
        """The runtime's log (builtins write to it)."""
        return self.rt.log

    # ------------------------------------------------------------------ errors
    def error(self, node: A.Node | None, message: str, hint: str | None = None,
              code: str = "R001") -> RuleRuntimeError:
        return self.rt.error(node, message, hint, code)

    def truth(self, value: Any, node: A.Node) -> bool:
        if value.__class__ is bool:  # the common case inline
            return value
        try:
            return ops.truth(value)
        except OperatorError as err:
            raise refused(self, err, node) from None

    def number(self, value: Any, node: A.Node) -> int:
        if value.__class__ is int:  # the common case inline
            return value
        try:
            return ops.number(value)
        except OperatorError as err:
            raise refused(self, err, node) from None

    def tick(self, node: A.Node) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise StepBudgetExceeded(node.span, self.budget)

    def draw_tokens(self, node: A.Draw, source: ZoneRef, dest: ZoneRef, wanted: int | None) -> None:
        """`draw` once its zones and number (None: all) are known. Each token
        drawn costs a step, as a draw's work grows with its size (at most MAX_TOKENS at once)."""
        self.charge(node, self.rt.draw_tokens(node, source, dest, wanted))

    def charge(self, node: A.Node, items: int) -> None:
        """A query (`[... for x in xs]`, `where`, `ordered by`, `with most`) costs a step per item,
        paid before it runs: nested queries over long lists stop at the budget (R002)."""
        self.steps += items
        if self.steps > self.budget:
            raise StepBudgetExceeded(node.span, self.budget)

    # ------------------------------------------------------------------ eval
    def eval(self, node: A.Expr, env: Env) -> Any:
        return self._eval[type(node)](self, node, env)

    def players(self) -> list[PlayerRef]:
        """All players, the active player first, then each next one to the left: the tie order."""
        return list(self.players_from[self.state.active])

    def _eval_name(self, node: A.Name, env: Env) -> Any:
        read = self.name_reads.get(id(node))
        if read is not None:  # a global name: the resolver found no local that could hide self
            return read(self, node)
        name = node.id  # a local (or a node the resolver never saw): as the Env has self
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
        raise self.error(node, f"unknown name {name!r}", _did_you_mean(name, self.d.symbol_table.runtime_hints()))

    def index_value(self, obj: Any, key: Any, node: A.Index) -> Any:
        try:
            return ops.index(obj, key, self.member, node)
        except OperatorError as err:
            raise refused(self, err, node) from None

    def member(self, obj: Any, name: str, node: A.Node) -> Any:
        d = self.d
        if isinstance(obj, ZoneRef):  # (the kinds are apart: the commonest first)
            if name in d.kinds:  # (count's common case inline)
                return self.read_zones[obj].get(name, 0)
            if obj.name in d.spaces:  # boards: a space's field
                return self.space_field(obj, name, node)
            return self.count(self.read_zones[obj], name, node)
        if isinstance(obj, PlayerRef):
            if name in d.player_zones:
                return ZoneRef(obj.seat, name)
            if name in d.player_piles:
                return PileRef(obj.seat, name)
            if name in d.player_vars:
                return self.state.player_vars[obj.seat][name]
            raise self.error(node, f"a player has no zone, pile or variable {name!r}",
                             _did_you_mean(name, [*d.player_zones, *d.player_piles, *d.player_vars]))
        if isinstance(obj, CardValue):
            return self.card_field(obj, name, node)
        if isinstance(obj, dict):
            return self.count(obj, name, node)
        if isinstance(obj, PileRef):
            raise self.error(node, f"a pile has no member {name!r}; use top({obj}) or size({obj})")
        raise self.error(node, f"{type_name(obj)} has no member {name!r}")

    def kinds_of(self, spec: Any, node: A.Node) -> list[str]:
        """A token kind, or a list of kinds (a group), as a list of kinds."""
        if isinstance(spec, str) and spec in self.d.kinds:
            return [spec]
        if isinstance(spec, str) and spec in self.d.consts:
            spec = self.global_name(spec, node)
        if isinstance(spec, list):
            kinds = self.d.kinds
            for k in spec:  # (a loop, not all() over a generator: this runs at every move)
                if not (isinstance(k, str) and k in kinds):
                    break
            else:
                return spec
        raise self.error(node, f"expected a token kind or a list of kinds, got {spec!r}",
                         _did_you_mean(str(spec), self.d.kinds))

    def count(self, contents: dict[str, int], name: str, node: A.Node) -> int:
        if name in self.d.kinds:
            return contents.get(name, 0)
        return sum(contents.get(k, 0) for k in self.kinds_of(name, node))

    def space_field(self, space: ZoneRef, name: str, node: A.Node) -> Any:
        """`s.FIELD` of a board's space (any owner's zone of it): the value its board's data block
        gives, none for a field of the board it does not set; a name the board does not list as
        a field is a group of kinds or an error, as for any zone."""
        layout = self.layout
        if layout is None:
            layout = self.layout = board_layout(self.d, self.n)
        value = layout.field_of.get((space.name, name))
        if value is not None:
            return self.eval(value, Env())
        if name in layout.board_of[space.name].fields:
            return None
        return self.count(self.read_zones[space], name, node)

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

    def call(self, name: str, args: list[Any], node: A.Node) -> Any:
        """A call of a func, a table or a built-in by its name: what the name calls is worked
        out once per rule set (`callers`)."""
        caller = self.callers.get(name)
        if caller is None:
            caller = self.callers[name] = _caller(self.d, name)
        return caller(self, args, node)

    def apply_modifiers(self, name: str, args: list[Any], value: Any, params) -> Any:
        for attached in self.d.modifiers.get(name, ()):
            if attached.card is not None and not self.card_active(attached.card):
                continue
            mod = attached.decl
            names = dict(zip(mod.params, args))
            names["base"] = value
            if attached.card is not None:
                names["this"] = CardValue(attached.card.name)
            env = Env(names)
            if mod.condition is None or self.truth(self.eval(mod.condition, env), mod.condition):
                value = self.eval(mod.value, env)
                _count_fired(self, attached)
        return value

    def card_active(self, card: A.Card) -> bool:
        """Whether the card's deck says it is in play now, remembered (see `active_now`)."""
        name = card.name
        rt = self.rt
        known = rt.active_now.get(name)
        if known is not None:
            return known
        facts = self.card_checks.get(name)
        if facts is None:
            facts = self.card_checks[name] = self.card_check(card)
        reads_zones, check, value, deck = facts
        if reads_zones:
            known = rt.active_cache.get(name)
            if known is not None:
                return known
        if check is None:
            active = True
        else:  # (a budget of its own, the game's count left as it was: limits.ACTIVITY_STEPS)
            steps, budget = self.steps, self.budget
            self.steps, self.budget = 0, ACTIVITY_STEPS
            try:
                active = check(self, value)
            finally:
                self.steps, self.budget = steps, budget
        if active.__class__ is not bool:
            active = self.truth(active, deck.active)  # raises
        if reads_zones:
            rt.active_cache[name] = active
        else:
            rt.active_now[name] = active
        return active

    def card_check(self, card: A.Card) -> tuple[bool, Callable[..., Any] | None, CardValue, A.Deck | None]:
        """What card_active needs of a card: whether its deck's `active when` reads token
        counts, that check as a function of (interpreter, card) (None when the deck has none),
        the card's value and its deck. Each evaluator class says how it checks a deck; card_active
        asks once per card and rule set."""
        deck, reads_zones = self.rules.deck_facts(card.deck)
        check = None
        if deck is not None and deck.active is not None:
            def check(it: Interpreter, value: CardValue) -> Any:
                return it.eval(deck.active, Env({"it": value, "this": value}))
        return reads_zones, check, self.rules.card_value(card.name), deck

    def make_range(self, node: A.RangeExpr, low: int, high: Any) -> list[int]:
        """`low..high` once `low` is known to be a number. Each number costs a
        step, as a query's item does: a loop that makes long ranges stops at the budget in
        time proportionate to its work."""
        try:
            out = ops.whole_range(low, high)
        except OperatorError as err:
            raise refused(self, err, node) from None
        self.charge(node, len(out))
        return out

    def iterable(self, value: Any, node: A.Node) -> list[Any]:
        if value.__class__ is list:  # the common cases inline (operators.items is the rule)
            return value
        if value.__class__ is PileRef:
            return list(self.state.piles[value])
        try:
            return ops.items(value, self.d.kinds, self.state.piles)
        except OperatorError as err:
            raise refused(self, err, node) from None

    # ------------------------------------------------------------------ statements
    def block_runner(self, block: A.Block) -> Callable[[Interpreter, Env], None]:
        """A function running the block, called with an interpreter and an Env."""
        return lambda it, env: Interpreter.run_block(it, block, env)

    def run_block(self, block: A.Block, env: Env) -> None:
        """Runs a block's statements. Its steps are counted a block at a time (a step each,
        paid as the block starts), as the flat target counts them; the budget is checked where a
        game could run forever: at every loop iteration and call."""
        rt = self.rt
        stmts = block.stmts
        self.steps += len(stmts)
        for stmt in stmts:
            rt.current_span = stmt.span
            self._exec[type(stmt)](self, stmt, env)

    def set_target(self, node: A.Set, value: Any, env: Env) -> None:
        """Sets what `set` names when it is not a local: a variable, the active player, or a
        player's variable."""
        target = node.target
        if isinstance(target, A.Name):
            if target.id in self.d.vars:
                self.rt.set_var(target.id, value)
                return
            if target.id == "active":
                if not isinstance(value, PlayerRef):
                    raise self.error(node, f"the active player must be a player, got {type_name(value)}")
                self.rt.set_active(value)
                return
            raise self.error(target, f"cannot set {target.id!r}: it is not a variable",
                             "declare it with `var NAME = VALUE`, or use `let` for a local name")
        if isinstance(target, A.Attr):
            self.set_member(node, self.eval(target.obj, env), value)
            return
        raise self.error(target, "only variables can be set")

    def set_member(self, node: A.Set, owner: Any, value: Any) -> None:
        """`set OWNER.NAME = value` once both are known: a player's variable."""
        target = node.target
        if isinstance(owner, PlayerRef) and target.name in self.d.player_vars:
            self.rt.set_player_var(owner, target.name, value)
            return
        raise self.error(target, "only variables can be set")

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

    def reveal_cards(self, node: A.Reveal, n: int, src: PileRef, dst: PileRef) -> None:
        """`reveal` once its count and piles are known: each card, then its effects."""
        pile = self.state.piles[src]
        if n > len(pile):
            raise self.error(node, f"cannot reveal {n} cards from {src}: it holds {len(pile)}")
        for _ in range(n):
            _card_event(self, self.rt.reveal_card(pile, src, dst), "reveal", node)

    def player(self, value: Any, node: A.Node) -> PlayerRef:
        if value.__class__ is PlayerRef:
            return value
        raise self.error(node, f"expected a player, got {type_name(value)}")

    def distribution_targets(self, node: A.AskDistribute, p: PlayerRef, value: Any) -> dict[str, ZoneRef]:
        """The zones a distribution may use, by the label the player answers with (the same
        targets for the same seat give the same answer, remembered for the rule set)."""
        if value.__class__ is not list:
            return _distribution_targets(self, node, p, value)
        key = (p[1], *value)  # the node only reports what is wrong, and that is never kept
        try:
            known = self.targets_cache.get(key)
        except TypeError:  # an unhashable value: not a zone, so the slow way reports it
            return _distribution_targets(self, node, p, value)
        if known is not None:  # only lists of names and zones are kept, so this one is one
            return known
        known = _distribution_targets(self, node, p, value)
        if all(v.__class__ in (str, ZoneRef) for v in value):
            self.targets_cache[key] = known
        return known

    def call_rule(self, name: str, args: list[Any], node: A.Node) -> None:
        start = self.steps
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise self.error(node, f"rule {name} runs inside itself more than {MAX_DEPTH} deep",
                                 "a rule that calls itself needs a condition that stops it")
            if self.steps > self.budget:  # (checked at each call)
                raise StepBudgetExceeded(node.span, self.budget)
            _call_rule(self, name, args, node)
        except StepBudgetExceeded as err:
            err.blame(f"call of rule {name}", node.span, start)
            raise
        except RecursionError:
            raise too_deep_for_python(self, node) from None
        finally:
            self.depth -= 1

    def show_cards(self, node: A.Show, cards: list[CardValue], player: Any) -> None:
        """`show CARDS to PLAYER` once the cards are known."""
        self.rt.show(self.player(player, node.player), cards)

def _caller(d: GameDef, name: str) -> Callable[[Interpreter, list[Any], A.Node], Any]:
    """What a call of `name` runs, called with the interpreter, the values and the calling node:
    a func's or a table's call (_nested), a built-in's (paid for by the items of the lists it is
    given, builtins.list_items, and no depth: a built-in calls nothing back), or an unknown
    name's error."""
    if name in d.funcs:
        return _nested(d, name, d.funcs[name])
    if name in d.tables:
        return _nested(d, name, d.tables[name])
    builtin = BUILTINS.get(name)
    if builtin is None:
        def unknown(it: Interpreter, args: list[Any], node: A.Node) -> Any:
            raise it.error(node, f"unknown function {name!r}",
                           _did_you_mean(name, [*d.funcs, *d.tables, *BUILTINS]))
        return unknown
    evaluate = unpaid(builtin)

    def call_builtin(it: Interpreter, args: list[Any], node: A.Node) -> Any:
        items = 0
        for value in args:  # (builtins.list_items, inline)
            if value.__class__ is list:
                items += item_steps(len(value))
        if items:
            it.charge(node, items)
        try:
            return evaluate(it, node, *args)
        except TypeError as err:
            raise it.error(node, f"{name}: wrong number or kind of values ({err})") from None
    return call_builtin


def _nested(d: GameDef, name: str, decl: A.Func | A.Table) -> Callable[..., Any]:
    """A call of a func or a table: one level deeper, up to MAX_DEPTH (a RecursionError on the
    way becomes too_deep_for_python's); a step (Interpreter.tick), so that branching recursion
    stops too; then the func's value, or the table's row, and the modifiers of the name."""
    is_func = isinstance(decl, A.Func)
    params = decl.params if is_func else (decl.param,)
    modified = bool(d.modifiers.get(name))  # (apply_modifiers changes nothing otherwise)
    single = params[0] if len(params) == 1 else None  # (the commonest scope, made without a zip)
    # a func that can call itself is named by R002 as loops and rule calls are (its declaration)
    blamed = f"func {name}" if is_func and name in _recursive_funcs(d) else None

    def nested(it: Interpreter, args: list[Any], node: A.Node) -> Any:
        it.depth += 1
        start = it.steps
        try:
            if it.depth > MAX_DEPTH:
                raise it.error(node, f"{name} calls itself (or others) more than {MAX_DEPTH} deep",
                               "a function or rule that calls itself needs a condition that stops it")
            it.steps += 1
            if it.steps > it.budget:
                raise StepBudgetExceeded(node.span, it.budget)
            if is_func:
                if len(args) != len(params):
                    raise it.error(node, f"{name} takes {len(params)} values, got {len(args)}")
                body = decl.value
                scope = {single: args[0]} if single is not None else dict(zip(params, args))
                value = it._eval[body.__class__](it, body, Env(scope))
            else:
                if len(args) != 1:
                    raise it.error(node, f"table {name} takes one value, got {len(args)}")
                value = _lookup_table(it, decl, args[0], node)
            return it.apply_modifiers(name, args, value, params) if modified else value
        except StepBudgetExceeded as err:
            if blamed is not None:
                err.blame(blamed, decl.span, start)
            raise
        except RecursionError:
            raise too_deep_for_python(it, node) from None
        finally:
            it.depth -= 1
    return nested


_RECURSIVE: WeakKeyDictionary[GameDef, frozenset[str]] = WeakKeyDictionary()


def _recursive_funcs(d: GameDef) -> frozenset[str]:
    """The funcs and tables that can call themselves (semantics/recursion.py), once per rule set."""
    found = _RECURSIVE.get(d)
    if found is None:
        found = _RECURSIVE[d] = funcs_reaching_themselves(d)
    return found


def _lookup_table(it: Interpreter, table: A.Table, key: Any, node: A.Node) -> Any:
    key = it.number(key, node)
    env = Env({table.param: key})
    for entry in table.rows:
        row = entry.row
        if row.low is None or row.low <= key <= row.high:
            return it.eval(entry.value, env)
    raise it.error(node, f"table {table.name} has no row for {key}",
                   "add a row for it, or an `otherwise` row")


def _card_event(it: Interpreter, card: CardValue, event: str, node: A.Node) -> None:
    """Runs the card's handlers of `event`, caused by `node`. A handler is a call like a
    rule's: it counts against the same depth limit, so chained reveals stop there."""
    decl = it.d.cards.get(card.name)
    if decl is None:
        return
    for handler in decl.handlers:
        if handler.event == event:
            it.fired[card.name] = it.fired.get(card.name, 0) + 1
            if it.coverage is not None:
                hit(it.coverage, handler, EFFECT)
            it.context.append(card.name)
            it.depth += 1
            try:
                if it.depth > MAX_DEPTH:
                    raise it.error(node, f"card {card.name}'s `on {event}` runs inside another card's "
                                         f"(or a rule's) more than {MAX_DEPTH} deep",
                                   "a card whose effect reveals cards needs a condition that stops it")
                it.run_block(handler.body, Env({"this": card}))
            finally:
                it.depth -= 1
                it.context.pop()


def _call_rule(it: Interpreter, name: str, args: list[Any], node: A.Node) -> None:
    rule = it.d.rules.get(name)
    if rule is None:
        raise it.error(node, f"unknown rule {name!r}", _did_you_mean(name, list(it.d.rules)))
    if len(args) != len(rule.params):
        raise it.error(node, f"rule {name} takes {len(rule.params)} values, got {len(args)}")
    if it.coverage is not None:
        hit(it.coverage, rule, RULE)
    hooks = it.d.hooks.get(name, {})
    for attached in hooks.get("before", ()):
        _run_hook(it, attached, args)
    replaced = False
    for attached in reversed(hooks.get("instead", ())):
        if _run_hook(it, attached, args):
            replaced = True
            break
    if not replaced:
        it.context.append(name)
        try:
            params = rule.params  # (the commonest scope, of one parameter, made without a zip)
            it.run_block(rule.body, Env({params[0]: args[0]} if len(params) == 1 else dict(zip(params, args))))
        finally:
            it.context.pop()
    for attached in hooks.get("after", ()):
        _run_hook(it, attached, args)


def _run_hook(it: Interpreter, attached: Attached, args: list[Any]) -> bool:
    hook = attached.decl
    if attached.card is not None and not it.card_active(attached.card):
        return False
    names = dict(zip(hook.params, args))
    if attached.card is not None:
        names["this"] = CardValue(attached.card.name)
    env = Env(names)
    if hook.condition is not None and not it.truth(it.eval(hook.condition, env), hook.condition):
        return False
    _count_fired(it, attached)
    it.context.append(attached.card.name if attached.card is not None else f"{hook.time} {hook.name}")
    try:
        it.run_block(hook.body, env)
    finally:
        it.context.pop()
    return True


_FRAMES: WeakKeyDictionary[GameDef, int] = WeakKeyDictionary()


def too_deep_for_python(it: Interpreter, node: A.Node) -> BaseException:
    """What a RecursionError becomes: at the outermost call, R001 there (a positioned error, not a
    crash); inside, the RecursionError again, so that it unwinds to the outermost call."""
    if it.depth > 1:
        return RecursionError()
    return it.error(node, "the rules nest too deeply: their calls and the expressions inside them "
                          "exhaust Python's stack", "nest fewer expressions and calls inside each other")


def ensure_stack(d: GameDef) -> None:
    """Raises Python's recursion limit so that the tree-walker reaches the depth limit (R001, at
    the call that passes it) before Python's own RecursionError, for rules
    whose statements and expressions nest up to about 30 deep; the limit only ever grows, up to
    MAX_FRAMES. Rules nesting deeper still stop with R001 at their outermost call (too_deep_for_python)."""
    needed = _FRAMES.get(d)
    if needed is None:
        depth = max((_decl_depth(decl) for decl in d.ruleset.decls), default=0)
        needed = (MAX_DEPTH + 2) * (FRAMES_PER_LEVEL * depth + FRAMES_PER_CALL) + 1_000
        needed = _FRAMES[d] = min(needed, MAX_FRAMES)
    if sys.getrecursionlimit() < needed:
        sys.setrecursionlimit(needed)


# Each declaration's depth by its identity (a node's hash walks its fields), kept while the
# declaration lives: the rule sets of one `check` (the game, each module, each variant, each
# setting of an invariant) share most declarations, and walking all of them again for each rule
# set was a large part of `check`'s time (issue 13, start-up).
_DECL_DEPTHS: dict[int, int] = {}


def _decl_depth(decl: A.Node) -> int:
    depth = _DECL_DEPTHS.get(id(decl))
    if depth is None:
        depth = _DECL_DEPTHS[id(decl)] = syntax_depth(decl)
        finalize(decl, _DECL_DEPTHS.pop, id(decl), None)
    return depth


def syntax_depth(node: A.Node) -> int:
    """How deeply nodes nest under `node` (walked with a list, not recursion)."""
    deepest, todo = 0, [(node, 1)]
    while todo:
        current, depth = todo.pop()
        deepest = max(deepest, depth)
        todo.extend((child, depth + 1) for child in A.iter_children(current))
    return deepest


def _count_fired(it: Interpreter, attached: Attached) -> None:
    """Counts one application of a card's effect, a hook or a modifier (GameResult.fired)."""
    key = attached.card.name if attached.card is not None else attached.decl.key
    it.fired[key] = it.fired.get(key, 0) + 1
    if it.coverage is not None:
        hit(it.coverage, attached.decl, HOOK if isinstance(attached.decl, A.Hook) else MODIFIER)


def _distribution_targets(it: Interpreter, node: A.AskDistribute, p: PlayerRef, value: Any) -> dict[str, ZoneRef]:
    """Interpreter.distribution_targets worked out (and checked) anew."""
    zones_by_label: dict[str, ZoneRef] = {}
    for t in it.iterable(value, node.targets):
        if isinstance(t, ZoneRef):  # the player's own zones answer by name, others in full
            zones_by_label[t.name if t.owner == p.seat else str(t)] = t
        elif isinstance(t, str) and t in it.d.player_zones:
            zones_by_label[t] = it.zone_refs[t][p.seat]
        else:
            raise it.error(node.targets, f"{t!r} is not a zone a player can distribute to")
    return zones_by_label


# How the engines read the built-in names that come from the game state.
_STATE_READS: dict[str, Callable[[Interpreter], Any]] = {
    "players": lambda it: it.players(),
    "active": lambda it: it.player_refs[it.state.active],
    "round": lambda it: it.state.round,
    "player_count": lambda it: it.n,
}
assert set(_STATE_READS) == set(STATE_NAMES)
# The same, as readers of a name's node (name_reads): one call, not two, for the commonest names.
_STATE_NAME_READS: dict[str, Callable[[Interpreter, A.Name], Any]] = {
    "players": lambda it, node: it.players(),
    "active": lambda it, node: it.player_refs[it.state.active],
    "round": lambda it, node: it.state.round,
    "player_count": lambda it, node: it.n,
}
assert set(_STATE_NAME_READS) == set(STATE_NAMES)

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
        return _STATE_NAME_READS[name]
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
        zone = ZoneRef(None, name)  # (refs are canonical: this is the ref ZoneRef(None, name) gives)
        return lambda it, node: zone
    if kind == PILE:
        pile = PileRef(None, name)
        return lambda it, node: pile
    if kind == CARD:
        return lambda it, node: CardValue(name)
    return lambda it, node: name


_did_you_mean = did_you_mean  # (the name the interpreter's callers know it by)

Dispatch = dict[type, Callable[..., Any]]
_TABLES: dict[type, tuple[Dispatch, Dispatch]] = {}


def _dispatch(cls: type) -> tuple[Dispatch, Dispatch]:
    """The tree-walker's node-type tables for an interpreter class: what evaluates each kind of
    expression and runs each kind of statement, called with the interpreter. Names are looked
    up by the class's own _eval_name; the tables are made once per class, not for every game."""
    tables = _TABLES.get(cls)
    if tables is None:
        tables = _TABLES[cls] = ({**EVAL, A.Name: cls._eval_name}, EXEC)
    return tables


__all__ = ["Interpreter", "Env", "MAX_DEPTH", "parse_player"]
