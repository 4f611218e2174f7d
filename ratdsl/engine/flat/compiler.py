"""The flat target: one Python module per rule set, table size and option values, playing whole
games on a flat list of counts (see layout.py), with no log.

Every value's kind is known when the code is generated (a player is a seat number, a zone the
index of its first count, a kind or a symbol its name, a card a CardValue, a pile the list of
its cards), so each operation becomes the Python that does it: `p.hand.coin` is one list read.
Options, constants and the table size are folded in; funcs are generated once per kind of
arguments; modifiers and hooks of cards test the card's activity, worked out again only after
a change that can alter it (as the reference engine remembers it).

What the generator has no form for raises `Unsupported` (the node says where): the game is then
played by the reference engine. At run time, whatever the reference engine would report as an
error (a move of tokens that are not there, a step budget run out, a broken conservation) makes
the generated code raise, and the reference engine plays that game again to report it with its
position. Only games that end normally end here.
"""


from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ...language import ast as A
from ...semantics.definition import MAX_ROUND_CAP, GameDef
from ...semantics.symbols import BUILTIN, CARD, CONST, OPTION, PILE, VAR, ZONE
from ...semantics.values import CardValue, PileRef, PlayerRef, ZoneRef
from ..reach import phases_reading_start
from .boards import BoardLowering
from .builtins import BuiltinLowering
from .code import Scope
from .dyn import DynLowering, has_dyn
from .expressions import ExpressionLowering
from .funcs import FuncLowering
from .gaps import sight_node
from .layout import Layout
from .lists import ListBuiltins
from .orders import OrderLowering, sure
from .queries import QueryLowering
from .tags import BOOL, BUNDLE, CARD_T, DYN, INT, NONE, PILE_T, PLAYER, STR, ZONE_T, Unsupported
from .typed import narrowed_kind, variable_kind
from .val import _NOCONST, COUNT_BOUND, Val, is_list, list_of

_LITERAL = {type(None): NONE, bool: BOOL, int: INT, str: STR}  # constants written as Python literals
_BASE_PLUS = re.compile(r"^(?:([A-Za-z_][A-Za-z_0-9]*)|\(([A-Za-z_][A-Za-z_0-9]*) \+ (\d+)\))$")  # name, (name + N)


def _cards_named(expr: A.Expr, d: GameDef) -> bool:
    """A card's field written as cards' names (a list of them): the same value in every game,
    though the reference does not remember it (compiled._constant: a name of a card is not a
    fixed kind there)."""
    if isinstance(expr, A.ListLit):
        return all(_cards_named(item, d) for item in expr.items)
    if isinstance(expr, A.Name) and expr.id in d.cards:
        table = d.symbol_table
        ref = table.ref(expr)
        kinds = {s.kind for s in table.declared.get(expr.id, ())}
        return ref is not None and not table.is_local(expr) and kinds == {CARD}
    return False


def empty_list(node: A.Node) -> bool:
    """An empty list written out (`[]`): a constant whose items' kind it does not tell."""
    return isinstance(node, A.ListLit) and not node.items


class FlatCompiler(ExpressionLowering, QueryLowering, BuiltinLowering, FuncLowering, BoardLowering, OrderLowering,
                   ListBuiltins, DynLowering):
    """Generates the flat module of one rule set at one table size: its state, names, constants,
    members and indexes here; the other expressions in the mixins, statements in statements.py."""

    def __init__(self, d: GameDef, players: int, logging: bool = False):
        self.d = d
        # `logging`: the code also writes the game log (trail.py) where the reference writes it;
        # off, not a line of it is written (the fast path)
        self.logging = logging
        self.by: list[str] = []  # the rules, cards and hooks whose code is being written (a move's `by`)
        self.n = players
        self.lay = Layout.of(d, players)
        self.table = d.symbol_table
        self.ns: dict[str, Any] = {}
        # The step budget (R002) as the reference engine counts it: a step per statement, func call
        # and table row, per loop turn, per item of a query, per token drawn or placed, each paid
        # where the reference pays it or earlier within the same statement (StatementLowering.st),
        # so both stop a game at the same statement. `costs` holds the steps of what is being
        # lowered that are known now (a statement's, paid where it starts; a query's item's, which
        # multiply its length; a function's, paid where it starts). None on top: paid as it runs.
        self.costs: list[list[int] | None] = [None]
        # a player's zones are at offset + seat * stride: a loop over players works out seat * stride
        # once per turn, in a local named here by the loop variable's (see StatementLowering.st_ForEach)
        self.seat_bases: dict[str, str] = {}
        self.units: list[str] = []
        self.counter = 0
        # the fresh locals that only ever hold a machine-sized integer (a place in Z, a count read
        # or moved, a seat): a native build (native.py) declares them C integers; Python ignores it
        self.int_locals: set[str] = set()
        # the loops and rule calls R002 may name, by the number their code pushes on BS (budget.py)
        self.blame_sites: list[tuple[str, A.Span]] = []
        self.defined: dict[tuple, str] = {}
        self.const_names: dict[int, str] = {}
        self.keep: list[Any] = []
        self.const_values: dict[str, Val] = {}
        # cards whose modifiers or hooks need their activity, by name -> position in the activity list
        self.active_cards: dict[str, int] = {}
        self.pile_names: list[str] = [*d.shared_piles]
        self.player_pile_names: list[str] = [*d.player_piles]
        self.pile_subsets: list[tuple[int, ...]] = []  # (positions in PILES `owner` scans: lists.py)
        self.sight_declared = sight_node(d) is not None  # (choices among cards then offer places: sight.py)
        self.pvar_types: dict[str, Any] = {}
        self.var_types: dict[str, Any] = {}
        self.left_step = -1 if d.game.seating == "counterclockwise" else 1
        self.reading_start = phases_reading_start(d)
        self.steps: list[str] = []  # "phase.step" of every step, by its number (W[0])
        self.evaluator = None  # a tree-walker for constants, made when first needed
        self.func_types: dict[str, Any] = {}  # each generated func's kind of value
        self.func_bounds: dict[str, int | None] = {}  # and what a number it gives is surely below
        self.func_bodies: dict[str, str] = {}  # funcs with no modifiers: their value's code
        self.func_charges: dict[str, int] = {}  # and the steps their function pays where it starts
        self.fired_keys: dict[str, int] = {}  # what GameResult.fired counts, by its place in FC
        self._recursive: frozenset[str] | None = None
        self._recursive_funcs: frozenset[str] | None = None
        self.func_promised: dict[str, Any] = {}  # the kind a call of itself took it to give, by function
        self.func_lowering: dict[str, tuple] = {}  # funcs whose function is being written: the key of it
        self._activity_reads: set[str] | None = None
        # the step whose code is being written, while it is written in the step's own function
        # (None in a function called from anywhere, a rule's or a card's)
        self.step_now: str | None = None
        self.inlining: set[str] = set()  # funcs being lowered where they are called (no recursion)
        # each metric of the rules: (name, its kinds' positions, source name, dest name, "phase[.step]")
        self.metrics: list[tuple[str, frozenset[int], str | None, str | None, str | None]] = []
        for m in d.metrics.values():
            kinds = self.ex(m.kinds, Scope())
            names = self.kinds_value(kinds, m.kinds)
            where = None if m.phase is None else (m.phase if m.step is None else f"{m.phase}.{m.step}")
            self.metrics.append((m.name, frozenset(self.lay.kind_index(k) for k in names), m.source, m.dest, where))

    def by_code(self) -> str:
        """The `by` of a move record written here: the innermost rule, card or hook (or None)."""
        return repr(self.by[-1]) if self.by else "None"

    def fresh(self, prefix: str = "t") -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def fresh_int(self, prefix: str) -> str:
        """A fresh local that will only hold an integer well inside a machine word (see int_locals).
        A wrong one costs nothing but speed: the native code raises on a value that is not such an
        integer, and a game the flat code stops is played again by the reference engine."""
        name = self.fresh(prefix)
        self.int_locals.add(name)
        return name

    def k(self, value: Any) -> str:
        """A module constant holding `value` (a literal where Python has one)."""
        if value is None or value.__class__ in (int, bool, str):
            return repr(value)
        name = self.const_names.get(id(value))
        if name is None:
            name = self.const_names[id(value)] = self.fresh("K")
            self.keep.append(value)
            self.ns[name] = value
        return name

    def const_eval(self, name: str) -> Any:
        """A constant's value, worked out by the reference engine at this table size."""
        return self.reference().global_name(name, None)

    def flat_value(self, value: Any, node: A.Node | None) -> Val:
        """A value of the reference engine as a flat one, with its kind."""
        t = _LITERAL.get(value.__class__)
        if t is not None:
            return Val(repr(value), t, value)
        if value.__class__ is PlayerRef:
            return Val(repr(value.seat), PLAYER, value.seat)
        if value.__class__ is ZoneRef:
            lay = self.lay
            base = lay.shared_base(value.name) if value.owner is None else (
                lay.player_offset(value.name) + value.owner * lay.player_stride)
            return Val(repr(base), ZONE_T, base)
        if value.__class__ is PileRef:
            if value.owner is not None:
                raise Unsupported(node, "a player's pile as a constant")
            return Val(self.pile_global(value.name), PILE_T)
        if value.__class__ is CardValue:
            return Val(self.k(CardValue(value.name)), CARD_T, CardValue(value.name))
        if isinstance(value, dict):
            return Val(self.k(dict(value)), BUNDLE, dict(value))
        if isinstance(value, list):
            items = [self.flat_value(v, node) for v in value]
            types = {v.t for v in items}
            if len(types) > 1:
                raise Unsupported(node, "a list holding values of different kinds")
            t = types.pop() if types else NONE
            consts = [v.const for v in items]
            if any(c is _NOCONST for c in consts):
                return Val("[" + ", ".join(v.code for v in items) + "]", list_of(t), items=tuple(items))
            return Val(f"list({self.k(tuple(consts))})", list_of(t), consts)
        raise Unsupported(node, f"a constant of kind {type(value).__name__}")

    def pile_global(self, name: str) -> str:
        return f"PL{self.pile_names.index(name)}"

    def reference(self):
        """A tree-walker over these rules at this table size: it works out constants, once."""
        if self.evaluator is None:
            from ..game import Game

            self.evaluator = Game(self.d, self.n, 0, agents=[]).interp
        return self.evaluator

    def rules(self):
        from ..compiled import compiled

        return compiled(self.d)

    def ex(self, node: A.Expr, sc: Scope) -> Val:
        method = getattr(self, "ex_" + type(node).__name__, None)
        if method is None:
            raise Unsupported(node, f"no flat form for the expression {type(node).__name__}")
        v = method(node, sc)
        if has_dyn(v.t):  # (the typed form may know the one kind of a general value: unboxed, checked)
            kind = narrowed_kind(self.d, node)
            if kind is not None:
                v = replace(self.as_kind(v, kind, node), length=v.most)
        return v

    def ex_Name(self, node: A.Name, sc: Scope) -> Val:
        name = node.id
        ref = self.table.refs.get(id(node))
        local = name in sc.names and (ref is None or ref.is_local)
        if local:
            return sc.names[name]
        kinds = self.table.value_kinds(name)
        if not kinds:
            if name in sc.names:
                return sc.names[name]
            raise Unsupported(node, f"the name {name!r}")
        kind = kinds[0]
        if kind == BUILTIN:
            if name == "players":
                return Val("PF[G[0]]", list_of(PLAYER), length=self.n)
            if name == "active":
                return Val("G[0]", PLAYER)
            if name == "round":
                return Val("G[1]", INT, bound=MAX_ROUND_CAP + 2)
            if name == "player_count":
                return Val(repr(self.n), INT, self.n)
            raise Unsupported(node, f"the built-in name {name!r}")
        if kind == VAR:
            t = self.var_type(name, node)
            return Val(f"VG[{list(self.d.vars).index(name)}]", t)
        if kind == CONST:
            known = self.const_values.get(name)
            if known is None:
                known = self.const_values[name] = self.flat_value(self.const_eval(name), node)
            return known
        if kind == OPTION:
            return self.flat_value(self.d.option_values[name], node)
        if kind == ZONE:
            base = self.lay.shared_base(name)
            return Val(repr(base), ZONE_T, base)
        if kind == PILE:
            return Val(self.pile_global(name), PILE_T)
        if kind == CARD:
            return Val(self.k(CardValue(name)), CARD_T, CardValue(name))
        return Val(repr(name), STR, name)

    def var_type(self, name: str, node: A.Node) -> Any:
        t = self.var_types.get(name)
        if t is None:
            v = self.d.vars[name]
            t = self.var_types[name] = self.first_kind(name, self.ex(v.value, Scope()).t, v)
        return t

    def pvar_type(self, name: str, node: A.Node) -> Any:
        t = self.pvar_types.get(name)
        if t is None:
            v = self.d.player_vars[name]
            val = self.ex(v.value, Scope({"me": Val("0", PLAYER)}))
            if not (val.known or empty_list(v.value)):
                raise Unsupported(node, "a player variable whose first value is not a constant")
            t = self.pvar_types[name] = self.first_kind(name, val.t, v)
        return t

    def first_kind(self, name: str, t: Any, declaration: A.Node) -> Any:
        """A variable's kind: its first value's, or, for an empty list, its items' kind from what
        the rules set it to (the typed form)."""
        if t != list_of(NONE):
            return t
        kind = variable_kind(self.d, name)
        if kind is None or not is_list(kind):
            raise Unsupported(declaration, "a variable set to lists of more than one kind of item")
        return kind

    def ex_Attr(self, node: A.Attr, sc: Scope) -> Val:
        obj = self.ex(node.obj, sc)
        return self.member(obj, node.name, node, sc)

    def member(self, obj: Val, name: str, node: A.Node, sc: Scope) -> Val:
        d = self.d
        if obj.t == DYN:
            obj = self.as_kind(obj, self.dyn_member_owner(name, node), node)
        if obj.t == PLAYER:
            if not obj.known:  # (a none here stops the flat code: the reference says R001)
                obj = replace(obj, code=sure(obj.code))
            if name in d.player_zones:
                off = self.lay.player_offset(name)
                if obj.known:
                    base = off + obj.const * self.lay.player_stride
                    return Val(repr(base), ZONE_T, base)
                return Val(self.seat_address(obj.code, off), ZONE_T, rel=(obj.code, off))
            if name in d.player_vars:
                t = self.pvar_type(name, node)
                return Val(f"PV{list(d.player_vars).index(name)}[{obj.code}]", t)
            if name in d.player_piles:
                return Val(f"PP{self.player_pile_names.index(name)}[{obj.code}]", PILE_T)
            raise Unsupported(node, f"a player's {name!r}")
        if obj.t == ZONE_T:
            field = self.space_field(obj, name, node) if self.d.boards else None
            return field if field is not None else self.count_in(obj, self.kind_list(name, node), sc)
        if obj.t == BUNDLE:
            kinds = self.kind_list(name, node)
            return Val(" + ".join(f"{obj.code}.get({k!r}, 0)" for k in kinds) or "0", INT)
        if obj.t == CARD_T:
            return self.card_field(obj, name, node)
        raise Unsupported(node, f"the member {name!r} of a {obj.t}")

    def kind_list(self, name: str, node: A.Node) -> list[str]:
        if name in self.d.kinds:
            return [name]
        if name in self.d.consts:
            value = self.const_eval(name)
            if isinstance(value, list) and all(isinstance(k, str) and k in self.d.kinds for k in value):
                return value
        raise Unsupported(node, f"{name!r} is not a kind")

    def seat_address(self, seat: str, offset: int) -> str:
        """Where a count of a player's zone is: `offset` past the first count of that seat."""
        base = self.seat_bases.get(seat)
        if base is not None:
            return f"({base} + {offset})"
        return f"({offset} + {seat} * {self.lay.player_stride})"

    @staticmethod
    def summed(z: str, at: Any, idx: list[int]) -> str:
        """The sum of the counts `z[at(i)]` for each i of idx (a place given twice counts twice):
        three or more places evenly spaced (neighbours, or one kind in zones side by side) are
        one slice summed in C."""
        places = sorted(idx)
        terms = []
        start = 0
        while start < len(places):
            end = start + 1
            if end < len(places) and places[end] > places[start]:
                step = places[end] - places[start]
                while end < len(places) and places[end] - places[end - 1] == step:
                    end += 1
            run = places[start:end]
            if len(run) >= 3:
                stride = "" if step == 1 else f":{step}"
                terms.append(f"sum({z}[{at(run[0])}:{at(run[-1] + 1)}{stride}])")
            else:
                run = run[:1]  # (the next run may start with the second)
                end = start + 1
                terms.append(f"{z}[{at(run[0])}]")
            start = end
        if not terms:
            return "0"
        return terms[0] if len(terms) == 1 else "(" + " + ".join(terms) + ")"

    def count_in(self, zone: Val, kinds: list[str], sc: Scope) -> Val:
        idx = [self.lay.kind_index(k) for k in kinds]
        z = sc.zsrc
        bound = COUNT_BOUND * len(idx)
        if zone.known:
            return Val(self.summed(z, lambda i: zone.const + i, idx), INT, bound=bound)
        if zone.rel is not None and len(idx) <= 8:  # a player's zone: each count's place written out
            seat, off = zone.rel
            return Val(self.summed(z, lambda i: self.seat_address(seat, off + i), idx), INT, bound=bound)
        if len(idx) == 1:
            return Val(f"{z}[{zone.code} + {idx[0]}]", INT, bound=COUNT_BOUND)
        base = _BASE_PLUS.match(zone.code)
        if base is not None and len(idx) <= 8:  # a place plus an offset: each count's place written out
            name, offset = base.group(1) or base.group(2), int(base.group(3) or 0)
            return Val(self.summed(z, lambda i: f"{name} + {offset + i}", idx), INT, bound=bound)
        return Val(f"count_kinds({z}, {zone.code}, {self.k(tuple(idx))})", INT, bound=COUNT_BOUND * len(idx))

    def list_item(self, items: Val, i: Val) -> Val:
        """`items[i]`: read as it is where `i` is surely within the list, else through
        support.item_at (an index outside it stops the flat code, as it stops the reference)."""
        written = items.items if items.items is not None else items.const if items.known else None
        if i.known and isinstance(written, (list, tuple)) and -len(written) <= i.const < len(written):
            return Val(f"{items.code}[{i.code}]", items.t[1])
        return Val(f"item_at({items.code}, {i.code})", items.t[1])

    def card_field(self, card: Val, name: str, node: A.Node) -> Val:
        """A field of a card, by card name: fields must be constants (the same in every game)."""
        d = self.d
        if name == "name":
            return Val(f"{sure(card.code)}.name", STR)
        table: dict[str, Any] = {}  # (a card without the field is not in it: field_of stops there)
        for cname, decl in d.cards.items():
            deck = d.decks.get(decl.deck)
            if deck is not None and name in deck.fields:
                table[cname] = None  # (its deck names the field: none where the card gives none)
            for f in decl.fields:
                if f.name == name:
                    if not (self.rules().field_constant(cname, f) or _cards_named(f.value, d)):
                        raise Unsupported(f, "a card field that reads the game")
                    table[cname] = self.reference().card_field(CardValue(cname), name, None)
        vals = [self.flat_value(v, node) for v in table.values() if v is not None]
        t = NONE
        for v in vals:  # (an empty list joins a list of any kind)
            try:
                t = self.join(t, v.t, node)
            except Unsupported:
                raise Unsupported(node, f"card field {name!r} holds values of different kinds") from None
        flat = {c: (None if v is None else self.flat_value(v, node).const) for c, v in table.items()}
        if any(v is _NOCONST for v in flat.values()):
            raise Unsupported(node, f"card field {name!r}")
        return Val(f"field_of({self.k(flat)}, {card.code})", t)

    def ex_Index(self, node: A.Index, sc: Scope) -> Val:
        obj = self.ex(node.obj, sc)
        key = self.ex(node.key, sc)
        if DYN in (obj.t, key.t):
            general = self.dyn_index(obj, key, node)
            if general is not None:
                return general
        if is_list(obj.t):
            if key.t != INT:
                raise Unsupported(node, "a list indexed by a non-number")
            return self.list_item(obj, self.number(key, node.key))
        if key.t == ZONE_T:  # (p[s]: a player's zone of a board's space: boards.py)
            return self.player_space(obj, key, node)
        if key.t != STR:
            raise Unsupported(node, f"a {obj.t} indexed by a {key.t}")
        if key.known:
            return self.member(obj, key.const, node, sc)
        if obj.t == PLAYER:
            offsets = {name: self.lay.player_offset(name) for name in self.d.player_zones}
            # (a name no player's zone has, e.g. a kind's: entry_of stops the flat code, R001 there)
            sure_key = (key.known and key.const in offsets) or (key.domain is not None and key.domain <= offsets.keys())
            offset = f"{self.k(offsets)}[{key.code}]" if sure_key else f"entry_of({self.k(offsets)}, {key.code})"
            return Val(f"({offset} + {sure(obj.code)} * {self.lay.player_stride})", ZONE_T)
        if obj.t == ZONE_T:
            return Val(f"{sc.zsrc}[{obj.code} + KI[{key.code}]]", INT, bound=COUNT_BOUND)
        if obj.t == BUNDLE:
            return Val(f"{obj.code}.get({key.code}, 0)", INT)
        if obj.t == CARD_T:
            # a field chosen at run time: every field the cards have must be of one kind
            fields = key.domain or {f.name for decl in self.d.cards.values() for f in decl.fields}
            vals = {f: self.card_field(obj, f, node) for f in fields}
            types = {v.t for v in vals.values() if v.t != NONE}
            if len(types) != 1:
                raise Unsupported(node, "a card field chosen at run time, of several kinds")
            by_field = {f: self.ns[v.code[len("field_of("):].split(",")[0]] for f, v in vals.items()}
            return Val(f"field_of({self.k(by_field)}[{key.code}], {obj.code})", types.pop())
        raise Unsupported(node, f"a {obj.t} indexed by a name")
