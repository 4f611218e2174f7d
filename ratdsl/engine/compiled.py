"""What the engine derives from one rule set for speed, made once per `GameDef` and shared by every
game played with it.

The definition itself never changes (see GameDef), so none of this ever goes stale. A definition's
`CompiledRules` is found with `compiled(d)`, in a table that holds definitions weakly: it goes
when its definition goes, and it holds the definition weakly too (else the table would keep every
definition alive). Nothing is stored on the definition.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from ..language import ast as A
from ..semantics.builtins import BUILTINS, ZONES
from ..semantics.definition import GameDef
from ..semantics.symbols import CONST, KIND, OPTION, PLAYER_ZONE, STATE_NAMES, SYMBOL, VAR, ZONE
from ..semantics.values import CardValue, PlayerRef, ZoneRef
from .reach import phases_reading_start
from .state import pile_keys, zone_keys


class Refs:
    """The refs of one rule set at one table size, made once and shared by its games."""

    __slots__ = ("keys", "left_step", "player_refs", "players_from", "zone_refs")

    def __init__(self, d: GameDef, n: int):
        self.keys = (zone_keys(n, d.shared_zones, d.player_zones), pile_keys(n, d.shared_piles, d.player_piles))
        # One ref per player zone and seat, shared, so `p.zone` needs no new object.
        self.zone_refs: dict[str, list[ZoneRef]] = {name: [ZoneRef(seat, name) for seat in range(n)]
                                                    for name in d.player_zones}
        self.player_refs = [PlayerRef(seat) for seat in range(n)]
        self.left_step = step = left_step(d)
        # All players, each active player first, then each next one to the left: the tie order.
        self.players_from = [[self.player_refs[(a + i * step) % n] for i in range(n)] for a in range(n)]


def left_step(d: GameDef) -> int:
    """The change of seat number towards a player's left: +1 clockwise, -1 counterclockwise."""
    return -1 if d.game.seating == "counterclockwise" else 1


class CompiledRules:
    """Facts about one rule set worked out when first needed."""

    __slots__ = ("_definition", "_deck_cards", "_decks", "_field_constant", "_reading_start", "_refs",
                 "callers", "card_checks", "card_fields", "card_values", "name_reads",
                 "span_text", "step_plans", "targets")

    def __init__(self, d: GameDef):
        self._definition = weakref.ref(d)
        self._refs: dict[int, Refs] = {}
        self._decks: dict[str, tuple[A.Deck | None, bool]] = {}
        self._deck_cards: dict[str, list[str]] = {}
        self._field_constant: dict[tuple[str, str], bool] = {}
        self._reading_start: frozenset[str] | None = None
        self.card_values: dict[str, CardValue] = {}
        # The value of each card field written as a literal, by (card, field): the same in every game.
        self.card_fields: dict[tuple[str, str], Any] = {}
        # "file:line:col" of each ask, by id() of its node: the definition holds every node for as
        # long as these rules live (they go with it), so no id is reused meanwhile. An id is a
        # fast key; a node compares by its fields and hashes all of them.
        self.span_text: dict[int, str] = {}
        # The zones a distribution may use, by (seat, *the targets' values) (see distribution_targets).
        self.targets: dict[tuple, dict[str, ZoneRef]] = {}
        # What card_active needs of each card (see Interpreter.card_check).
        self.card_checks: dict[str, tuple] = {}
        # Each phase's steps, ready to run, by phase (see Game._plan).
        self.step_plans: dict[str, list[tuple[str, A.Step, Callable[..., Any]]]] = {}
        # How the tree-walker reads each global name, by id() of the name's node (see
        # interpreter.name_reads), made by the first game that needs it.
        self.name_reads: dict[int, Callable[..., Any]] | None = None
        # What a call of each name runs in the tree-walker (see Interpreter.call).
        self.callers: dict[str, Callable[..., Any]] = {}

    @property
    def d(self) -> GameDef:
        d = self._definition()
        if d is None:  # (whoever asks holds the definition, so this cannot happen)
            raise RuntimeError("the rule set of these compiled rules is gone")
        return d

    def refs(self, n: int) -> Refs:
        refs = self._refs.get(n)
        if refs is None:
            refs = self._refs[n] = Refs(self.d, n)
        return refs

    def deck_facts(self, deck_name: str) -> tuple[A.Deck | None, bool]:
        """A deck, and whether its `active when` reads zones."""
        known = self._decks.get(deck_name)
        if known is None:
            d = self.d
            deck = d.decks.get(deck_name)
            reads = deck is not None and deck.active is not None and _expr_reads_zones(d, deck.active, set())
            known = self._decks[deck_name] = (deck, reads)
        return known

    def reads_zones(self, deck: A.Deck | None) -> bool:
        """Whether a deck's `active when` may read token counts (through functions it calls too)."""
        return deck is not None and self.deck_facts(deck.name)[1]

    def card_value(self, name: str) -> CardValue:
        """The value that stands for a card by its name (no particular copy)."""
        value = self.card_values.get(name)
        if value is None:
            value = self.card_values[name] = CardValue(name)
        return value

    def field_constant(self, card: str, f: A.CardField) -> bool:
        """Whether a card's field is the same in every game (a literal, or names of the rule set),
        so that its value can be remembered in `card_fields`."""
        key = (card, f.name)
        known = self._field_constant.get(key)
        if known is None:
            known = self._field_constant[key] = _constant(f.value, self.d)
        return known

    def deck_cards(self, deck: str) -> list[str]:
        """The names of a deck's cards, in the order of the rules."""
        names = self._deck_cards.get(deck)
        if names is None:
            names = self._deck_cards[deck] = [name for name, c in self.d.cards.items() if c.deck == deck]
        return names

    @property
    def phases_reading_start(self) -> frozenset[str]:
        """The phases that keep the zones as they began (see reach.py)."""
        if self._reading_start is None:
            self._reading_start = phases_reading_start(self.d)
        return self._reading_start


_COMPILED: weakref.WeakKeyDictionary[GameDef, CompiledRules] = weakref.WeakKeyDictionary()


def compiled(d: GameDef) -> CompiledRules:
    """The CompiledRules of a definition, made the first time it is asked for."""
    rules = _COMPILED.get(d)
    if rules is None:
        rules = _COMPILED[d] = CompiledRules(d)
    return rules


_ZONE_READERS = frozenset(name for name, b in BUILTINS.items() if ZONES in b.reads)  # count, size, room...


def _expr_reads_zones(d: GameDef, expr: A.Node, seen: set[str]) -> bool:
    for node in A.walk(expr):
        if isinstance(node, (A.Index, A.AtPhaseStart)):
            return True
        if isinstance(node, A.Attr) and (node.name in d.kinds or node.name in d.consts):
            return True
        if isinstance(node, A.Call):
            if node.func in _ZONE_READERS or node.func in d.tables:
                return True
            if node.func in d.funcs and node.func not in seen:
                seen.add(node.func)
                if _expr_reads_zones(d, d.funcs[node.func].value, seen):
                    return True
                for attached in d.modifiers.get(node.func, ()):
                    if _expr_reads_zones(d, attached.decl, seen):
                        return True
    return False


# Declarations whose names are values fixed by the rules (zone names are symbols too).
_FIXED_KINDS = frozenset((OPTION, SYMBOL, KIND, ZONE, PLAYER_ZONE))


def _constant(expr: A.Expr, d: GameDef) -> bool:
    """Literals, names of the rule set (symbols, kinds, options...), and bundles and lists of
    them: values that are the same in every game played with these rules."""
    if isinstance(expr, (A.IntLit, A.StrLit, A.BoolLit, A.NoneLit)):
        return True
    if isinstance(expr, A.Name):  # as global_name reads it: neither a variable nor a const
        table = d.symbol_table
        if table.ref(expr) is None or table.is_local(expr) or expr.id in STATE_NAMES:
            return False
        kinds = {sym.kind for sym in table.declared.get(expr.id, ())}
        return VAR not in kinds and CONST not in kinds and not kinds.isdisjoint(_FIXED_KINDS)
    if isinstance(expr, A.BundleLit):
        return all(_constant(v, d) for _, v in expr.items)
    if isinstance(expr, A.ListLit):
        return all(_constant(v, d) for v in expr.items)
    if isinstance(expr, A.Neg):
        return _constant(expr.operand, d)
    return False


__all__ = ["CompiledRules", "Refs", "compiled", "left_step"]
