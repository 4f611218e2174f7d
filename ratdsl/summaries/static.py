"""Static evaluation of rule expressions for summaries.

A summary states numbers as the rules have them: option values in force, constants, and values
that depend only on the number of players. `StaticEval` evaluates an expression without a game
state; anything that needs one (a zone's contents, the round, a random pick) raises NotStatic.
With `player_count` unset, an expression that reads it is evaluated once per player count of the
game (`over_players`), and equal results are grouped into ranges of player counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.compiled import compiled
from ..language import ast as A
from ..semantics import operators as ops
from ..semantics.builtins import BUILTINS
from ..semantics.definition import GameDef
from ..semantics.symbols import (
    BUILTIN_NAMES,
    CARD,
    CONST,
    DECK,
    FUNC,
    KIND,
    OPTION,
    PILE,
    PLAYER_VAR,
    PLAYER_ZONE,
    SYMBOL,
    VAR,
    ZONE,
)
from ..semantics.values import CardValue, PileRef, PlayerRef, ZoneRef, type_name


class NotStatic(Exception):
    """The expression needs a game state (or something the summary cannot know)."""


class Refused(NotStatic):
    """The language refuses the expression (an operator or a built-in would stop the game with
    this error): nothing to state, as for NotStatic, but known to be wrong rather than unknown."""


@dataclass(frozen=True)
class CardRef:
    name: str


@dataclass(frozen=True)
class Sym:
    """A name that stands for itself: a token kind, a zone, a symbol, a side, an option value."""

    name: str


# Declarations whose names stand for themselves in a summary (with the sides, left and right).
_ITSELF = frozenset((KIND, SYMBOL, ZONE, PLAYER_ZONE, DECK, PILE))


class StaticEval:
    def __init__(self, d: GameDef, player_count: int | None = None, env: dict[str, Any] | None = None):
        self.d = d
        self.player_count = player_count
        self.env = dict(env or {})
        self._depth = 0

    def with_players(self, n: int | None) -> StaticEval:
        return StaticEval(self.d, n, self.env)

    # ------------------------------------------------------------ expressions
    def eval(self, node: A.Expr, env: dict[str, Any] | None = None) -> Any:
        env = self.env if env is None else env
        self._depth += 1
        try:
            if self._depth > 60:
                raise NotStatic("too deep")
            method = getattr(self, "_" + type(node).__name__, None)
            if method is None:
                raise NotStatic(type(node).__name__)
            return method(node, env)
        finally:
            self._depth -= 1

    def _IntLit(self, node, env):
        return node.value

    def _BoolLit(self, node, env):
        return node.value

    def _StrLit(self, node, env):
        return node.value

    def _NoneLit(self, node, env):
        return None

    def _Name(self, node: A.Name, env):
        name = node.id
        if name in env:
            value = env[name]
            if isinstance(value, NotStaticValue):
                raise NotStatic(name)
            return value
        d = self.d
        builtin = BUILTIN_NAMES.get(name)
        if builtin is not None and not builtin.itself:
            if not builtin.per_game or builtin.binder:  # the state's, or a local not bound here
                raise NotStatic(name)
            if self.player_count is None:  # player_count: the same all game, known per count
                raise NeedsPlayers()
            return self.player_count
        kinds = d.symbol_table.declared_kinds(name)
        if OPTION in kinds:
            value = d.option_values[name]
            return Sym(value) if isinstance(value, str) else value
        if CONST in kinds:
            return self.eval(d.consts[name].value, {})
        if VAR in kinds or PLAYER_VAR in kinds:
            raise NotStatic(name)
        if CARD in kinds:
            return CardRef(name)
        if builtin is not None or not kinds.isdisjoint(_ITSELF):
            return Sym(name)
        raise NotStatic(name)

    # ------------------------------------------------------------ operators (semantics/operators.py)
    def runtime(self, value: Any) -> Any:
        """The value the engine holds for a static value: a Sym is a name (or the shared zone or
        pile it names), a CardRef a card. The shared operators see these."""
        if isinstance(value, Sym):
            name = value.name
            if name in self.d.shared_zones:
                return ZoneRef(None, name)
            if name in self.d.shared_piles:
                return PileRef(None, name)
            return name
        if isinstance(value, CardRef):
            return CardValue(value.name)
        if isinstance(value, list):
            return [self.runtime(v) for v in value]
        return value

    def static(self, value: Any) -> Any:
        """A runtime value as the summaries hold it (the other way round)."""
        if isinstance(value, str):
            return Sym(value)
        if isinstance(value, (ZoneRef, PileRef)) and value.owner is None:
            return Sym(value.name)
        if isinstance(value, CardValue):
            return CardRef(value.name)
        if isinstance(value, list):
            return [self.static(v) for v in value]
        return value

    def fold(self, op: str, *operands: Any) -> Any:
        """An operator on static values, through the shared constant folder."""
        try:
            return self.static(ops.fold(op, *[self.runtime(v) for v in operands]))
        except ops.OperatorError as err:
            raise Refused(err.message) from None

    def number(self, value: Any) -> int:
        try:
            return ops.number(value)
        except ops.OperatorError as err:
            raise Refused(err.message) from None

    def truth(self, value: Any) -> bool:
        try:
            return ops.truth(value)
        except ops.OperatorError as err:
            raise Refused(err.message) from None

    def _BinOp(self, node: A.BinOp, env):
        return self.fold(node.op, self.eval(node.left, env), self.eval(node.right, env))

    def _BoolOp(self, node: A.BoolOp, env):
        # Short-circuit, so `player_count > 6 and option == x` is decided by the option alone
        # when the option rules it out. Only items that are yes/no by their form (comparisons,
        # `in`, `not`, ...) are passed over that way: `x and false` where x is a player is an
        # error in the game, not false.
        pending: Exception | None = None
        for item in node.items:
            try:
                value = self.truth(self.eval(item, env))
            except Refused:
                if pending is not None:
                    raise pending from None  # the game might stop before this item
                raise
            except NotStatic as err:
                if not _yes_no_form(item):
                    raise
                pending = pending or err
                continue
            if node.op == "and" and not value:
                return False
            if node.op == "or" and value:
                return True
        if pending is not None:
            raise pending
        return node.op == "and"

    def _Not(self, node, env):
        return self.fold("not", self.eval(node.operand, env))

    def _Neg(self, node, env):
        return self.fold("-", self.eval(node.operand, env))

    def _IfExpr(self, node: A.IfExpr, env):
        return self.eval(node.then if self.truth(self.eval(node.condition, env)) else node.otherwise, env)

    def _ListLit(self, node, env):
        return [self.eval(i, env) for i in node.items]

    def _BundleLit(self, node, env):
        out: dict[str, int] = {}
        for name, value in node.items:  # as Interpreter._eval_bundle
            if name not in self.d.kinds:
                raise Refused(f"{name!r} is not a token kind")
            v = self.number(self.eval(value, env))
            if v < 0:
                raise Refused(f"a bundle cannot hold {v} {name}")
            if v:
                out[name] = out.get(name, 0) + v
        return out

    def _RangeExpr(self, node, env):
        return self.fold_range(self.eval(node.low, env), self.eval(node.high, env))

    def fold_range(self, low: Any, high: Any) -> list[int]:
        try:
            return ops.whole_range(low, high)
        except ops.OperatorError as err:
            raise Refused(err.message) from None

    def items(self, value: Any) -> list[Any]:
        """What `in` and the queries go through (a pile's cards need a game: not static)."""
        try:
            return ops.items(self.runtime(value), self.d.kinds, _NO_PILES)
        except ops.OperatorError as err:
            raise Refused(err.message) from None

    def _InExpr(self, node, env):
        container = self.items(self.eval(node.container, env))
        return ops.contains(container, self.runtime(self.eval(node.item, env)))

    def _Index(self, node: A.Index, env):
        obj = self.runtime(self.eval(node.obj, env))
        key = self.runtime(self.eval(node.key, env))
        try:
            return self.static(ops.index(obj, key, self.member))
        except ops.OperatorError as err:
            raise Refused(err.message) from None

    def member(self, obj: Any, name: str) -> Any:
        """`obj.name` of a runtime value, where it needs no game (Interpreter.member)."""
        if isinstance(obj, CardValue):
            return self.runtime(self.card_field(CardRef(obj.name), name))
        if isinstance(obj, dict):
            if name in self.d.kinds:
                return obj.get(name, 0)
            if name in self.d.consts:
                raise NotStatic(name)  # perhaps a group of kinds: Interpreter.count sums them
            raise Refused(f"expected a token kind or a list of kinds, got {name!r}")
        if isinstance(obj, (PlayerRef, ZoneRef)):
            raise NotStatic(name)  # a player's zones and vars, a zone's counts: the game's
        if isinstance(obj, PileRef):
            raise Refused(f"a pile has no member {name!r}; use top({obj}) or size({obj})")
        raise Refused(f"{type_name(obj)} has no member {name!r}")

    def _Attr(self, node: A.Attr, env):
        obj = self.eval(node.obj, env)
        if isinstance(obj, CardRef):
            return self.card_field(obj, node.name)
        if isinstance(obj, dict):
            return obj.get(node.name, 0)
        raise NotStatic(".")

    def _Where(self, node: A.Where, env):
        items = self.eval(node.source, env)
        if not isinstance(items, list):
            raise NotStatic("where")
        return [i for i in items if self.truth(self.eval(node.condition, {**env, "it": i}))]

    def _Call(self, node: A.Call, env):
        d = self.d
        if node.func in d.funcs:
            if d.modifiers.get(node.func):
                raise NotStatic(node.func)
            func = d.funcs[node.func]
            args = [self.eval(a, env) for a in node.args]
            return self.eval(func.value, dict(zip(func.params, args)))
        if node.func in d.tables:
            if d.modifiers.get(node.func) or len(node.args) != 1:
                raise NotStatic(node.func)
            key = self.eval(node.args[0], env)
            return self.table_value(d.tables[node.func], key)
        builtin = BUILTINS.get(node.func)
        if builtin is None or not builtin.pure:
            raise NotStatic(node.func)
        args = [self.eval(a, env) for a in node.args]
        return self.builtin(node.func, args, node)

    def table_value(self, table: A.Table, key: Any) -> Any:
        if not isinstance(key, int):
            raise NotStatic(table.name)
        for entry in table.rows:
            row = entry.row
            if row.low is None or row.low <= key <= row.high:
                return self.eval(entry.value, {table.param: key})
        raise NotStatic(table.name)

    def builtin(self, name: str, args: list[Any], node: A.Node | None = None) -> Any:
        """A pure built-in on static values, by the registry's own `evaluate`."""
        builtin = BUILTINS[name]
        if not builtin.pure:
            raise NotStatic(name)
        try:
            value = builtin.evaluate(_StaticContext(self), node, *[self.runtime(a) for a in args])
        except TypeError as err:
            raise Refused(f"{name}: wrong number or kind of values ({err})") from None
        return self.static(value)

    def card_field(self, card: CardRef, name: str) -> Any:
        decl = self.d.cards.get(card.name)
        if decl is None:
            raise NotStatic(card.name)
        if name == "name":
            return Sym(card.name)
        if name == "deck":
            return Sym(decl.deck)
        for f in decl.fields:
            if f.name == name:
                return self.eval(f.value, {"this": card})
        deck = self.d.decks.get(decl.deck)
        if deck is not None and name in deck.fields:
            return None
        raise Refused(f"card {card.name} has no field {name!r}")


class NeedsPlayers(NotStatic):
    """The value depends on the number of players."""


class NotStaticValue:
    """Marks a local name (a loop variable, a parameter) whose value is not known statically."""


UNKNOWN = NotStaticValue()


def _yes_no_form(node: A.Expr) -> bool:
    """Whether an expression gives yes or no by its form, whatever its operands hold (unless
    the game stops on it): a comparison, `in`, `not`, `and`, `or`, `any(...)`, `all(...)`."""
    if isinstance(node, A.BinOp):
        return node.op in ("==", "!=", "<", "<=", ">", ">=")
    if isinstance(node, A.Call):
        return node.func in ("any", "all")
    return isinstance(node, (A.InExpr, A.Not, A.BoolOp, A.BoolLit))


class _NoPiles:
    """The piles of no game: what is in them is not static."""

    def __getitem__(self, ref: PileRef) -> list[Any]:
        raise NotStatic(str(ref))


_NO_PILES: Any = _NoPiles()


class _StaticContext:
    """What a pure built-in reads of its caller (semantics/builtins.Context), without a game:
    the shared conversions, refusing as the engine would, and the rule set."""

    def __init__(self, ev: StaticEval):
        self.d = ev.d
        self.rules = compiled(ev.d)  # facts worked out once per rule set, as the engine's
        self.ev = ev

    def error(self, node: Any, message: str, hint: str | None = None) -> Exception:
        return Refused(message)

    def charge(self, node: Any, items: int) -> None:
        """A summary works out constants: no game, no step budget."""

    def number(self, value: Any, node: Any) -> int:
        return self.ev.number(value)

    def truth(self, value: Any, node: Any) -> bool:
        return self.ev.truth(value)

    def iterable(self, value: Any, node: Any) -> list[Any]:
        try:
            return ops.items(value, self.d.kinds, _NO_PILES)
        except ops.OperatorError as err:
            raise Refused(err.message) from None

    def player(self, value: Any, node: Any) -> PlayerRef:
        if value.__class__ is PlayerRef:
            return value
        raise Refused(f"expected a player, got {type_name(value)}")


# ---------------------------------------------------------------- player counts
@dataclass(frozen=True)
class ByPlayers:
    """A value that depends on the number of players: ((low, high, value), ...) in order."""

    groups: tuple[tuple[int, int, Any], ...]

    def values(self) -> list[Any]:
        return [g[2] for g in self.groups]


def over_players(ev: StaticEval, node: A.Expr, env: dict[str, Any] | None = None) -> Any:
    """The static value of an expression, or a ByPlayers when it depends on the player count.
    Raises NotStatic when it depends on anything else."""
    try:
        return ev.with_players(None).eval(node, env)
    except NeedsPlayers:
        pass
    game = ev.d.game
    results = [(n, ev.with_players(n).eval(node, env)) for n in range(game.min_players, game.max_players + 1)]
    return group_by_players(results)


def group_by_players(results: list[tuple[int, Any]]) -> Any:
    groups: list[list[Any]] = []
    for n, value in results:
        if groups and groups[-1][2] == value and groups[-1][1] == n - 1:
            groups[-1][1] = n
        else:
            groups.append([n, n, value])
    if len(groups) == 1:
        return groups[0][2]
    return ByPlayers(tuple((lo, hi, v) for lo, hi, v in groups))


def player_breaks(values: list[Any], low: int, high: int) -> list[tuple[int, int]]:
    """The coarsest ranges of player counts over which none of the ByPlayers values changes."""
    cuts = {low}
    for v in values:
        if isinstance(v, ByPlayers):
            for lo, _hi, _val in v.groups:
                cuts.add(lo)
    starts = sorted(c for c in cuts if low <= c <= high)
    return [(s, (starts[i + 1] - 1) if i + 1 < len(starts) else high) for i, s in enumerate(starts)]


def value_at(value: Any, n: int) -> Any:
    if isinstance(value, ByPlayers):
        for lo, hi, v in value.groups:
            if lo <= n <= hi:
                return v
        raise KeyError(n)
    return value


def mentions(node: A.Node, name: str, d: GameDef | None = None, _seen: set | None = None) -> bool:
    """Whether a node reads `name`, directly or through the constants and functions it uses
    (those the symbol table finds the names and calls stand for)."""
    seen = set() if _seen is None else _seen
    table = d.symbol_table if d is not None else None
    for n in A.walk(node):
        if isinstance(n, A.Name):
            if n.id == name:
                return True
            sym = table.ref(n) if table is not None else None
            if sym is not None and sym.kind == CONST and n.id not in seen:
                seen.add(n.id)
                if mentions(d.consts[n.id].value, name, d, seen):
                    return True
        elif isinstance(n, A.Call) and table is not None and n.func not in seen:
            sym = table.ref(n)
            if sym is not None and sym.kind == FUNC:
                seen.add(n.func)
                if mentions(d.funcs[n.func].value, name, d, seen):
                    return True
    return False
