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
from ...semantics.builtins import item_steps
from ...semantics.definition import MAX_ROUND_CAP, GameDef
from ...semantics.operators import MAX_ITEMS, MAX_NUMBER, MAX_RANGE
from ...semantics.symbols import BUILTIN, CARD, CONST, OPTION, PILE, VAR, ZONE
from ...semantics.values import CardValue, PileRef, PlayerRef, ZoneRef
from ..limits import MAX_TOKENS
from ..reach import phases_reading_start
from .boards import BoardLowering
from .dyn import DynLowering, has_dyn
from .gaps import sight_node
from .layout import Layout
from .lists import ListBuiltins
from .orders import OrderLowering, sure
from .tags import BOOL, BUNDLE, CARD_T, DYN, INT, NONE, PILE_T, PLAYER, STR, ZONE_T, Unsupported
from .typed import variable_kind
from .val import _NOCONST, Val, is_list, list_of

__all__ = ["BOOL", "BUNDLE", "CARD_T", "INT", "NONE", "PILE_T", "PLAYER", "STR", "ZONE_T", "Unsupported"]
_PARAM = re.compile(r"\ba(\d+)\b")
_QUOTED_PARAM = re.compile(r"'[^']*\ba\d+\b[^']*'")
COUNT_BOUND = MAX_TOKENS + 1  # what a zone's count is below: a game holds at most MAX_TOKENS tokens
LENGTH_BOUND = MAX_ITEMS + 1  # what a list's or a pile's length is below
_BASE_PLUS = re.compile(r"^(?:([A-Za-z_][A-Za-z_0-9]*)|\(([A-Za-z_][A-Za-z_0-9]*) \+ (\d+)\))$")  # name, (name + N)
SIMPLE_CODE = re.compile(r"^(?:[A-Za-z_][A-Za-z_0-9]*|-?\d+|'[A-Za-z_0-9]*')$")


def domain_of(items: Val) -> frozenset | None:
    """The values an item of a constant list may take."""
    if items.known and isinstance(items.const, list) and all(v.__class__ is str for v in items.const):
        return frozenset(items.const)
    return None


_COPY = re.compile(r"^list\((K\d+(?:\[[^\[\]]*\])?)\)$")


def uncopied(code: str) -> str:
    """A constant list's code without its copy, where it is only gone through (lists of the
    language are values: nothing changes one in place)."""
    m = _COPY.match(code)
    return m.group(1) if m else code


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


class Scope:
    def __init__(self, names: dict[str, Val] | None = None, zsrc: str = "Z"):
        self.names = dict(names or {})
        self.zsrc = zsrc  # what zone counts are read from: the live state, or the phase start

    def child(self, **more: Val) -> Scope:
        s = Scope(self.names, self.zsrc)
        s.names.update(more)
        return s


# Module globals that are the same object for every game (changed in place): each function that
# reads one takes it as a keyword-only default, so it is a local (LOAD_FAST) there.
STABLE = ("Z", "PS", "G", "AC", "ST", "W", "FC", "KI", "PF", "MC", "MO", "AG", "NB", "OPP", "ZNB")


_CHARGE = re.compile(r"^(\s*)ST\[0\] -= (\d+)$")
_STATE = ("Z", "PS")


def tidied(lines: list[str]) -> list[str]:
    """The lines with two constant charges in a row made one, and the `+ 0` of a count's place
    (`Z[b + 0]`) left out: what the lowering, which writes each part alone, cannot see."""
    out: list[str] = []
    for line in lines:
        m = _CHARGE.match(line)
        if m and out:
            before = _CHARGE.match(out[-1])
            if before and before.group(1) == m.group(1):
                out[-1] = f"{m.group(1)}ST[0] -= {int(before.group(2)) + int(m.group(2))}"
                continue
        out.append(_without_zero_offsets(line) if " + 0]" in line else line)
    return out


def _without_zero_offsets(line: str) -> str:
    """`Z[X + 0]` as `Z[X]` (for the state's lists only: their subscripts are whole numbers)."""
    pieces = line.split(" + 0]")
    out = pieces[0]
    for piece in pieces[1:]:
        depth, i = 0, len(out) - 1
        while i >= 0:  # (back to the `[` this subscript opens with)
            c = out[i]
            if c in ")]":
                depth += 1
            elif c in "([":
                if depth == 0:
                    break
                depth -= 1
            i -= 1
        owner = re.search(r"(?<![A-Za-z_0-9])([A-Za-z_][A-Za-z_0-9]*)$", out[:i]) if i >= 0 else None
        if i >= 0 and out[i] == "[" and owner is not None and owner.group(1) in _STATE:
            out += "]" + piece
        else:
            out += " + 0]" + piece
    return out


class Code:
    """Lines of one generated function."""

    def __init__(self, header: str):
        self.lines = [header]
        self.depth = 1

    def __call__(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def text(self) -> str:
        if len(self.lines) == 1:
            self("pass")
        body = "\n".join(tidied(self.lines[1:]))
        # (a keyword default costs a lookup at each call: only for functions with a loop, whose
        # reads of these names outnumber their calls)
        looped = re.search(r"^\s*(for|while) ", body, re.M) is not None
        used = [name for name in STABLE if looped and re.search(rf"\b{name}\b", body)]
        header = self.lines[0]
        if used:
            params = header[header.index("(") + 1:header.rindex(")")]
            extra = ", ".join(f"{name}={name}" for name in used)
            header = header[:header.index("(") + 1] + (params + ", " if params else "") + "*, " + extra + "):"
        return header + "\n" + body


class FlatCompiler(BoardLowering, OrderLowering, ListBuiltins, DynLowering):
    """Generates the flat module of one rule set at one table size."""

    def __init__(self, d: GameDef, players: int):
        self.d = d
        self.n = players
        self.lay = Layout.of(d, players)
        self.table = d.symbol_table
        self.ns: dict[str, Any] = {}
        # The step budget (R002) as the reference engine counts it: a step per statement, func call
        # and table row, per loop turn, per item of a query, per token drawn or placed. What is
        # known now is paid in constants: `costs` holds the steps of the expression being lowered
        # (a statement's, paid with its block; a query's item's, which multiply the query's
        # length). None on top: paid as it runs (a func's body: its calls are in func_cost).
        self.costs: list[list[int] | None] = [None]
        self.block_steps: list[list[int]] = [[0]]  # each open block's steps (StatementLowering.block)
        self._func_costs: dict[str, int] = {}
        # a player's zones are at offset + seat * stride: a loop over players works out seat * stride
        # once per turn, in a local named here by the loop variable's (see StatementLowering.st_ForEach)
        self.seat_bases: dict[str, str] = {}
        self.units: list[str] = []
        self.counter = 0
        # the fresh locals that only ever hold a machine-sized integer (a place in Z, a count read
        # or moved, a seat): a native build (native.py) declares them C integers; Python ignores it
        self.int_locals: set[str] = set()
        self.defined: dict[tuple, str] = {}
        self.const_names: dict[int, str] = {}
        self.keep: list[Any] = []
        self.const_values: dict[str, Val] = {}
        # cards whose modifiers or hooks need their activity, by name -> position in the activity list
        self.active_cards: dict[str, int] = {}
        self.pile_names: list[str] = [*d.shared_piles]
        self.player_pile_names: list[str] = [*d.player_piles]
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
        self.fired_keys: dict[str, int] = {}  # what GameResult.fired counts, by its place in FC
        self._recursive: set[str] | None = None
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

    # ------------------------------------------------------------------ names
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

    # ------------------------------------------------------------------ constants
    def const_eval(self, name: str) -> Any:
        """A constant's value, worked out by the reference engine at this table size."""
        return self.reference().global_name(name, None)

    def flat_value(self, value: Any, node: A.Node | None) -> Val:
        """A value of the reference engine as a flat one, with its kind."""
        if value is None:
            return Val("None", NONE, None)
        if value.__class__ is bool:
            return Val(repr(value), BOOL, value)
        if value.__class__ is int:
            return Val(repr(value), INT, value)
        if value.__class__ is str:
            return Val(repr(value), STR, value)
        if value.__class__ is PlayerRef:
            return Val(repr(value.seat), PLAYER, value.seat)
        if value.__class__ is ZoneRef:
            base = self.zone_base(value)
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

    def zone_base(self, ref: ZoneRef) -> int:
        if ref.owner is None:
            return self.lay.shared_base(ref.name)
        return self.lay.player_offset(ref.name) + ref.owner * self.lay.player_stride

    def pile_global(self, name: str) -> str:
        return f"PL{self.pile_names.index(name)}"

    # ------------------------------------------------------------------ expressions
    def ex(self, node: A.Expr, sc: Scope) -> Val:
        method = getattr(self, "ex_" + type(node).__name__, None)
        if method is None:
            raise Unsupported(node, f"no flat form for the expression {type(node).__name__}")
        return method(node, sc)

    def ex_IntLit(self, node: A.IntLit, sc: Scope) -> Val:
        return Val(repr(node.value), INT, node.value)

    def ex_StrLit(self, node: A.StrLit, sc: Scope) -> Val:
        return Val(repr(node.value), STR, node.value)

    def ex_BoolLit(self, node: A.BoolLit, sc: Scope) -> Val:
        return Val(repr(node.value), BOOL, node.value)

    def ex_NoneLit(self, node: A.NoneLit, sc: Scope) -> Val:
        return Val("None", NONE, None)

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

    # --- members and indexes
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
                    table[cname] = self.evaluator_card_field(cname, name)
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

    def evaluator_card_field(self, card: str, name: str) -> Any:
        self.reference()
        return self.evaluator.card_field(CardValue(card), name, None)

    def reference(self):
        """A tree-walker over these rules at this table size: it works out constants, once."""
        if self.evaluator is None:
            from ..game import Game

            self.evaluator = Game(self.d, self.n, 0, agents=[], compiled=False).interp
        return self.evaluator

    def rules(self):
        from ..compiled import compiled

        return compiled(self.d)

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
            return self.list_item(obj, key)
        if key.t == ZONE_T:  # (p[s]: a player's zone of a board's space: boards.py)
            return self.player_space(obj, key, node)
        if key.t != STR:
            raise Unsupported(node, f"a {obj.t} indexed by a {key.t}")
        if key.known:
            return self.member(obj, key.const, node, sc)
        if obj.t == PLAYER:
            offsets = {name: self.lay.player_offset(name) for name in self.d.player_zones}
            return Val(f"({self.k(offsets)}[{key.code}] + {sure(obj.code)} * {self.lay.player_stride})", ZONE_T)
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

    # --- operators
    def ex_BinOp(self, node: A.BinOp, sc: Scope) -> Val:
        left = self.ex(node.left, sc)
        right = self.ex(node.right, sc)
        op = node.op
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
                return Val(f"CI(ADD({left.code}, {right.code}))", t)
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
        for item in node.items:
            v = self.want(self.ex(item, sc), BOOL, item)
            if v.t != BOOL:
                raise Unsupported(item, "a condition that is not yes/no")
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
        v = self.want(self.ex(node.operand, sc), BOOL, node)
        if v.t != BOOL:
            raise Unsupported(node, "`not` of a value that is not yes/no")
        if v.known:
            return Val(repr(not v.const), BOOL, not v.const)
        return Val(f"(not {v.code})", BOOL)

    def ex_Neg(self, node: A.Neg, sc: Scope) -> Val:
        v = self.want(self.ex(node.operand, sc), INT, node)
        if v.t != INT:
            raise Unsupported(node, "`-` of a value that is not a number")
        if v.known:
            return Val(repr(-v.const), INT, -v.const)
        return Val(f"(-{v.code})", INT, bound=v.bound)

    def ex_IfExpr(self, node: A.IfExpr, sc: Scope) -> Val:
        c = self.want(self.ex(node.condition, sc), BOOL, node)
        if c.t != BOOL:
            raise Unsupported(node, "a condition that is not yes/no")
        if c.known:
            return self.ex(node.then if c.const else node.otherwise, sc)
        a = self.ex(node.then, sc)
        b = self.ex(node.otherwise, sc)
        t = self.joined(a.t, b.t)
        a, b = self.as_kind(a, t, node), self.as_kind(b, t, node)
        return Val(f"({a.code} if {c.code} else {b.code})", t)

    def join(self, a: Any, b: Any, node: A.Node) -> Any:
        if a == b:
            return a
        if a == NONE:
            return b
        if b == NONE:
            return a
        if is_list(a) and is_list(b):
            if a[1] == NONE:
                return b
            if b[1] == NONE:
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
        lo = self.ex(node.low, sc)
        hi = self.ex(node.high, sc)
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
        return Val(f"({item.code} in CI({cont.code}))", BOOL)

    def iterable(self, source: A.Expr, sc: Scope) -> Val:
        """A comprehension's source."""
        return self.items_of(self.ex(source, sc), source)

    # ------------------------------------------------------------------ the step budget
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

    def paid(self, src: Val, per_item: int) -> str:
        """A query's source, paid for by the item (and what each item costs besides): with the
        expression around it when its length is known now, else as it runs (CH)."""
        k = 1 + per_item
        most = src.most
        if most is not None and self.pay(most * k):
            return src.code
        return f"CH({src.code})" if k == 1 else f"CH({src.code}, {k})"

    def func_cost(self, name: str) -> int:
        """The steps a call of a func or table costs in the reference engine, beyond its queries'
        items (which pay as they run): one, each func or table its value calls, and its
        modifiers' (a table, its costliest row)."""
        cost = self._func_costs.get(name)
        if cost is None:
            self._func_costs[name] = 0  # (a func that calls itself is refused elsewhere)
            if name in self.d.funcs:
                values = [self.d.funcs[name].value]
                cost = 1 + call_steps(self, values[0])
            else:
                cost = 1 + max((call_steps(self, e.value) for e in self.d.tables[name].rows), default=0)
            for attached in self.d.modifiers.get(name, ()):
                mod = attached.decl
                cost += call_steps(self, mod.value) + (call_steps(self, mod.condition) if mod.condition else 0)
            self._func_costs[name] = cost
        return cost

    def query(self, node: A.Node, source: A.Expr, var: str, sc: Scope) -> tuple[Val, str, Scope]:
        src = self.iterable(source, sc)
        src = Val(uncopied(src.code), src.t, src.const, src.domain, length=src.most)
        py = self.fresh("q")
        inner = sc.child(**{var: Val(py, src.t[1], domain=domain_of(src))})
        return src, py, inner

    def ex_Comprehension(self, node: A.Comprehension, sc: Scope) -> Val:
        src, py, inner = self.query(node, node.source, node.var, sc)
        el, cost = self.costed(node.element, inner)
        cond = ""
        if node.condition is not None:
            c, more = self.costed(node.condition, inner)
            cond = f" if {c.code}"
            cost += more
        return Val(f"[{el.code} for {py} in {self.paid(src, cost)}{cond}]", list_of(el.t), length=src.length)

    def ex_NestedComprehension(self, node: A.NestedComprehension, sc: Scope) -> Val:
        # each clause pays for its items as its loop starts (the reference's charge), times what
        # an item costs: its condition, the next clause's source, or the element
        inner = sc
        clauses = []
        for i, clause in enumerate(node.clauses):
            if i == 0:
                src = self.iterable(clause.source, inner)
            else:
                src, cost = self.costed(clause.source, inner, self.iterable)
                clauses[-1][3] += cost
            py = self.fresh("q")
            inner = inner.child(**{clause.var: Val(py, src.t[1])})
            cond, cost = (None, 0) if clause.condition is None else self.costed(clause.condition, inner)
            clauses.append([py, src, cond, 1 + cost])
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
        c, cost = self.costed(node.condition, inner)
        if c.t != BOOL:
            raise Unsupported(node, "a condition that is not yes/no")
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

    def ex_AtPhaseStart(self, node: A.AtPhaseStart, sc: Scope) -> Val:
        inner = Scope(sc.names, "PS")
        return self.ex(node.operand, inner)

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

    # --- calls
    def ex_Call(self, node: A.Call, sc: Scope) -> Val:
        args = [self.ex(a, sc) for a in node.args]
        name = node.func
        if name in self.d.funcs:
            return self.call_func(name, args, node, sc)
        if name in self.d.tables:
            return self.call_table(name, args, node, sc)
        method = getattr(self, "b_" + name, None)
        if method is None:
            raise Unsupported(node, f"no flat form for the built-in {name}")
        args = self.dyn_args(name, args, node)
        args, steps = self.paid_arguments(args)
        value = method(node, sc, *args)
        if steps and not self.pay(steps):  # (paid as it runs: with the call's value)
            return Val(f"CN({steps}, {value.code})", value.t, domain=value.domain, bound=value.bound,
                       length=value.length)
        return value

    def paid_arguments(self, args: list[Val]) -> tuple[list[Val], int]:
        """A built-in's arguments, each list paid a step per item (builtins.list_items): as it
        runs (CI) where its length is known only then, else returned as steps to pay now."""
        out, steps = [], 0
        for a in args:
            if not is_list(a.t):
                out.append(a)
            elif a.known and isinstance(a.const, list):
                steps += item_steps(len(a.const))
                out.append(a)
            elif a.items is not None or a.seat_zones is not None:
                steps += item_steps(a.most)
                out.append(a)
            else:
                out.append(replace(a, code=f"CI({a.code})"))
        return out, steps

    def b_count(self, node, sc, zones: Val, kinds: Val) -> Val:
        names = self.kinds_value(kinds, node)
        if zones.t == ZONE_T:
            return self.count_in(zones, names, sc)
        if zones.t != list_of(ZONE_T):
            raise Unsupported(node, "count over something that is not zones")
        idx = [self.lay.kind_index(k) for k in names]
        z = sc.zsrc
        if zones.known:
            places = [b + i for b in zones.const for i in idx]
            return Val(self.summed(z, lambda i: i, places), INT, bound=COUNT_BOUND * max(1, len(places)))
        if zones.seat_zones is not None and re.match(r"^[A-Za-z_][A-Za-z_0-9]*$", zones.seat_zones[0]):
            seat, offsets = zones.seat_zones
            places = [o + i for o in offsets for i in idx]
            return Val(self.summed(z, lambda i: self.seat_address(seat, i), places), INT,
                       bound=COUNT_BOUND * max(1, len(places)))
        q = self.fresh("q")
        inner = " + ".join(f"{z}[{q} + {i}]" for i in idx)
        return Val(f"sum([{inner} for {q} in {uncopied(zones.code)}])", INT,
                   bound=COUNT_BOUND * len(idx) * LENGTH_BOUND)

    def kinds_value(self, kinds: Val, node: A.Node) -> list[str]:
        if not kinds.known:
            raise Unsupported(node, "kinds known only during the game")
        value = kinds.const
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, (list, tuple)) or not all(isinstance(k, str) and k in self.d.kinds for k in names):
            raise Unsupported(node, "not token kinds")
        return names

    def b_min(self, node, sc, *args: Val) -> Val:
        return self._extreme("min", node, args)

    def b_max(self, node, sc, *args: Val) -> Val:
        return self._extreme("max", node, args)

    def _extreme(self, fn: str, node, args) -> Val:
        if len(args) == 1 and args[0].t == list_of(INT):
            return Val(f"{fn}({args[0].code})", INT)
        if all(a.t == INT for a in args):
            if all(a.known for a in args):
                value = (min if fn == "min" else max)(a.const for a in args)
                return Val(repr(value), INT, value)
            sizes = [a.size for a in args]
            return Val(f"{fn}({', '.join(a.code for a in args)})", INT,
                       bound=None if None in sizes else max(sizes))
        raise Unsupported(node, f"{fn} of values that are not numbers")

    def b_sum(self, node, sc, values: Val) -> Val:
        if values.t != list_of(INT):
            raise Unsupported(node, "sum of a list that is not numbers")
        return Val(f"BD(sum({values.code}))", INT)  # (checked as the reference checks a sum: R006)

    def b_len(self, node, sc, values: Val) -> Val:
        v = self.items_of(values, node)
        if values.t == PILE_T:
            return Val(f"len({values.code})", INT, bound=LENGTH_BOUND)
        return Val(f"len({v.code})", INT, bound=LENGTH_BOUND)

    def b_neighbour(self, node, sc, player: Val, side: Val) -> Val:
        if player.t != PLAYER or side.t != STR:
            raise Unsupported(node, "neighbour of something that is not a player and a side")
        if side.known:
            if side.const not in ("left", "right"):
                raise Unsupported(node, "a side that is not left or right")
            step = self.left_step if side.const == "left" else -self.left_step
            return Val(f"(({sure(player.code)} + {step}) % {self.n})", PLAYER)
        return Val(f"NB[{side.code}][{sure(player.code)}]", PLAYER)

    def b_opposite(self, node, sc, side: Val) -> Val:
        if side.known:
            if side.const not in ("left", "right"):
                raise Unsupported(node, "a side that is not left or right")
            other = "right" if side.const == "left" else "left"
            return Val(repr(other), STR, other)
        return Val(f"OPP[{side.code}]", STR)

    def b_rank(self, node, sc, player: Val) -> Val:
        return Val(f"((({player.code}) - G[0]) * {self.left_step} % {self.n})", INT, bound=self.n)

    def b_top(self, node, sc, pile: Val) -> Val:
        if pile.t != PILE_T:
            raise Unsupported(node, "top of something that is not a pile")
        return Val(f"first_of({pile.code})", CARD_T)

    def b_first(self, node, sc, items: Val) -> Val:
        v = self.items_of(items, node)
        return Val(f"first_of({v.code})", v.t[1])

    def b_first_n(self, node, sc, items: Val, n: Val) -> Val:
        v = self.items_of(items, node)
        if n.t != INT:
            raise Unsupported(node, "first_n of a count that is not a number")
        return Val(f"{v.code}[:max(0, {n.code})]", v.t)

    def b_abs(self, node, sc, n: Val) -> Val:
        if n.t != INT:
            raise Unsupported(node, "abs of a value that is not a number")
        return Val(f"abs({n.code})", INT)

    def b_seat(self, node, sc, p: Val) -> Val:
        if p.t != PLAYER:
            raise Unsupported(node, "seat of a value that is not a player")
        return Val(f"({sure(p.code)} + 1)", INT, bound=self.n + 1)

    def b_size(self, node, sc, thing: Val) -> Val:
        z = sc.zsrc
        if thing.t == DYN:
            return Val(f"d_size({thing.code}, {z}, {self.lay.width})", INT)
        if thing.t == ZONE_T:
            return Val(f"zone_size({z}, {thing.code})", INT, bound=COUNT_BOUND)
        if thing.t == PILE_T:
            return Val(f"len({thing.code})", INT)
        if thing.t == BUNDLE:
            return Val(f"sum({thing.code}.values())", INT)
        if is_list(thing.t) and thing.t[1] != ZONE_T:
            return Val(f"len({thing.code})", INT)
        raise Unsupported(node, f"size of a {thing.t}")

    def b_zones(self, node, sc, player: Val, names: Val) -> Val:
        if player.t != PLAYER or names.t != list_of(STR):
            raise Unsupported(node, "zones of something that is not a player and zone names")
        if not player.known:
            player = replace(player, code=sure(player.code))
        if names.known:
            offs = [self.lay.player_offset(n) for n in names.const]
            if player.known:
                base = player.const * self.lay.player_stride
                consts = [o + base for o in offs]
                return Val(f"list({self.k(tuple(consts))})", list_of(ZONE_T), consts)
            table = tuple(tuple(o + s * self.lay.player_stride for o in offs) for s in range(self.n))
            return Val(f"list({self.k(table)}[{player.code}])", list_of(ZONE_T),
                       seat_zones=(player.code, tuple(offs)))
        offsets = {name: self.lay.player_offset(name) for name in self.d.player_zones}
        q = self.fresh("q")
        return Val(f"[{self.k(offsets)}[{q}] + {player.code} * {self.lay.player_stride} for {q} in {names.code}]",
                   list_of(ZONE_T))

    def b_kinds(self, node, sc, thing: Val) -> Val:
        if thing.t == ZONE_T:
            return Val(f"zone_kinds({sc.zsrc}, {thing.code})", list_of(STR))
        if thing.t == BUNDLE:
            return Val(f"bundle_kinds({thing.code})", list_of(STR))
        raise Unsupported(node, "kinds of something that is not a zone or a bundle")

    def b_pieces(self, node, sc, thing: Val) -> Val:
        if thing.t == ZONE_T:
            return Val(f"zone_pieces({sc.zsrc}, {thing.code})", list_of(STR))
        raise Unsupported(node, "pieces of something that is not a zone")

    def b_contents(self, node, sc, zone: Val) -> Val:
        if zone.t != ZONE_T:
            raise Unsupported(node, "contents of something that is not a zone")
        return Val(f"zone_contents({sc.zsrc}, {zone.code})", BUNDLE)

    def b_one_of_each(self, node, sc, kinds: Val) -> Val:
        v = self.items_of(kinds, node)
        if v.t != list_of(STR):
            raise Unsupported(node, "one_of_each of something that is not kinds")
        return Val(f"dict.fromkeys({v.code}, 1)", BUNDLE)

    def b_cards(self, node, sc, deck: Val) -> Val:
        if not deck.known or deck.const not in self.d.decks:
            raise Unsupported(node, "cards of a deck known only during the game")
        names = self.rules().deck_cards(deck.const)
        return Val(f"[CardValue(n) for n in {self.k(tuple(names))}]", list_of(CARD_T))

    def b_sample(self, node, sc, n: Val, items: Val) -> Val:
        v = self.items_of(items, node)
        return Val(f"sample_of({n.code}, {v.code})", v.t)

    def b_pick(self, node, sc, items: Val) -> Val:
        v = self.items_of(items, node)
        return Val(f"pick_of({v.code})", v.t[1])

    def b_share_in_turn(self, node, sc, total: Val, claims: Val) -> Val:
        if total.t != INT or claims.t != list_of(INT):
            raise Unsupported(node, "share_in_turn of values that are not numbers")
        return Val(f"share_out(max(0, {total.code}), [max(0, c) for c in {claims.code}])", list_of(INT))

    def b_all(self, node, sc, items: Val) -> Val:
        if items.t != list_of(BOOL):
            raise Unsupported(node, "all of values that are not yes/no")
        return Val(f"all({items.code})", BOOL)

    def b_any(self, node, sc, items: Val) -> Val:
        if items.t != list_of(BOOL):
            raise Unsupported(node, "any of values that are not yes/no")
        return Val(f"any({items.code})", BOOL)

    # --- funcs, tables, modifiers
    def call_func(self, name: str, args: list[Val], node: A.Node, sc: Scope) -> Val:
        func = self.d.funcs[name]
        if len(args) != len(func.params):
            raise Unsupported(node, "a call with the wrong number of values")
        if (not self.live_modifiers(name, args, sc) and name not in self.inlining
                and all(a.known or SIMPLE_CODE.match(a.code) for a in args)):
            # the body lowered where it is called, with the arguments' Vals: constants fold, and
            # what is known of a zone or list stays known
            self.inlining.add(name)
            self.pay(1)  # (the call; what its value calls pays as it is lowered here)
            try:
                return self.ex(func.value, Scope(dict(zip(func.params, args)), sc.zsrc))
            finally:
                self.inlining.discard(name)
        # a func is written once for each set of argument kinds, and once more for each word
        # (a side, a kind...) it is called with: its body then folds what depends on that word
        fixed = [a.known and a.const.__class__ in (str, bool) for a in args]
        key = ("func", name, tuple((a.t, a.domain, a.const if f else None) for a, f in zip(args, fixed)), sc.zsrc)
        py = self.defined.get(key)
        if py is None and any(fixed):
            py = self.defined[key] = self.fresh("F")
            try:
                self.func_unit(py, name, args, sc.zsrc, fixed)
            except Unsupported:  # (no form with that word: the func for any value)
                del self.defined[key]
                return self.call_func(name, [Val(a.code, a.t, domain=a.domain) if f else a
                                             for a, f in zip(args, fixed)], node, sc)
        elif py is None:
            py = self.defined[key] = self.fresh("F")
            self.func_unit(py, name, args, sc.zsrc)
        t = self.func_types[py]
        if t is None:
            raise Unsupported(node, "a func that calls itself")
        self.pay(self.func_cost(name))
        inline = self.inlined(py, [a.code for a in args])
        if inline is not None:
            return Val(inline, t)
        return Val(f"{py}({', '.join(a.code for a in args)})", t, bound=self.func_bounds.get(py))

    def func_at_let(self, name: str, args: list[Val], code: Code, sc: Scope) -> Val | None:
        """`let x = f(ARGS)` for a func with modifiers that can apply, its arguments plain names or
        constants: the body and the modifiers written as statements where it is called, instead of
        a call of the func's function (the same value and the same charges: what the call pays,
        paid here; its queries pay as they run, as in the function). None: not lowered here."""
        func = self.d.funcs[name]
        if (len(args) != len(func.params) or name in self.inlining or not self.live_modifiers(name, args, sc)
                or not all(a.known or SIMPLE_CODE.match(a.code) for a in args)):
            return None
        self.pay(self.func_cost(name))
        self.inlining.add(name)
        self.costs.append(None)
        try:
            # (worked out once, where the call would be: a draw in it draws as the call would)
            body = self.ex(func.value, Scope(dict(zip(func.params, args)), sc.zsrc))
            py = self.fresh("v")
            code(f"{py} = {body.code}")
            t, bound = self.apply_modifiers(code, name, [a.code for a in args], [a.t for a in args], body.t,
                                            sc.zsrc, body.size, var=py, given=args)
        finally:
            self.costs.pop()
            self.inlining.discard(name)
        return Val(py, t, bound=bound)

    def live_modifiers(self, name: str, args: list[Val], sc: Scope) -> list:
        """The modifiers of a func that can apply: those whose condition is not false whatever the
        game (an option's value, the table size) for these arguments."""
        live = []
        for attached in self.d.modifiers.get(name, ()):
            mod = attached.decl
            if mod.condition is not None:
                names = dict(zip(mod.params, args))
                names["base"] = Val("None", NONE)  # (a condition that reads `base` is not known now)
                if attached.card is not None:
                    names["this"] = Val(self.k(CardValue(attached.card.name)), CARD_T)
                self.costs.append(None)  # (lowered only to see whether it is false: nothing is paid)
                try:
                    c = self.ex(mod.condition, Scope(names, sc.zsrc))
                except Unsupported:
                    c = None
                finally:
                    self.costs.pop()
                if c is not None and c.known and c.const is False:
                    continue
            live.append(attached)
        return live

    def inlined(self, py: str, args: list[str]) -> str | None:
        """The body of a func with no modifiers written where it is called, when that keeps its
        meaning: each argument that is not a plain name or literal is used at most once, and
        nothing drawn at random moves (or repeats)."""
        body = self.func_bodies.get(py)
        if body is None or len(body) > 400 or _QUOTED_PARAM.search(body):
            return None
        for i, a in enumerate(args):
            uses = len(re.findall(rf"\ba{i}\b", body))
            if uses > 1 and not SIMPLE_CODE.match(a):
                return None
            if uses and ("sample_of" in a or "pick_of" in a):
                return None
        return "(" + _PARAM.sub(lambda m: f"({args[int(m.group(1))]})", body) + ")"

    def func_unit(self, py: str, name: str, args: list[Val], zsrc: str, fixed: list[bool] | None = None) -> None:
        """The function of a func for arguments of these kinds; `fixed`: the arguments whose
        value (a word) the function is written for."""
        func = self.d.funcs[name]
        params = [f"a{i}" for i in range(len(args))]
        types = [a.t for a in args]
        code = Code(f"def {py}({', '.join(params)}):")
        sc = Scope({p: args[i] if fixed and fixed[i] else Val(params[i], types[i], domain=args[i].domain)
                    for i, p in enumerate(func.params)}, zsrc)
        self.func_types[py] = None  # (while its body is lowered: a call back to it is refused)
        self.costs.append(None)  # (called from anywhere: its calls are in func_cost, its queries pay as they run)
        try:
            body = self.ex(func.value, sc)
            code(f"v = {body.code}")
            given = [args[i] if fixed and fixed[i] else Val(params[i], types[i]) for i in range(len(args))]
            t, self.func_bounds[py] = self.apply_modifiers(code, name, params, types, body.t, zsrc, body.size,
                                                           given=given)
        finally:
            self.costs.pop()
        code("return v")
        self.func_types[py] = t
        if len(code.lines) == 3 and "sample_of" not in body.code and "pick_of" not in body.code:
            self.func_bodies[py] = body.code  # (no modifier: the body alone is the value)
        self.units.append(code.text())

    def apply_modifiers(self, code: Code, name: str, params: list[str], types: list[Any], t: Any,
                        zsrc: str, bound: int | None = None, var: str = "v",
                        given: list[Val] | None = None) -> tuple[Any, int | None]:
        """The modifiers of a func or table, in order, each on the value so far (`base`, held in
        `var`); the value's kind and, for a number, what it is surely below in size (None: not
        known). `given`: the arguments' Vals, where the func is lowered at its call."""
        for attached in self.d.modifiers.get(name, ()):
            mod = attached.decl
            names = {p: given[i] if given is not None else Val(params[i], types[i]) for i, p in enumerate(mod.params)}
            names["base"] = Val(var, t, bound=bound)
            guard = []
            if attached.card is not None:
                names["this"] = Val(self.k(CardValue(attached.card.name)), CARD_T)
                guard.append(self.active_test(attached.card.name))
            sc = Scope(names, zsrc)
            if mod.condition is not None:
                c = self.ex(mod.condition, sc)
                if c.t != BOOL:
                    raise Unsupported(mod, "a condition that is not yes/no")
                if c.known and not c.const:
                    continue
                if not c.known:
                    guard.append(c.code)
            value = self.ex(mod.value, sc)
            t = self.join(t, value.t, mod)
            bound = None if bound is None or value.size is None else max(bound, value.size)
            key = attached.card.name if attached.card is not None else mod.key
            inner = f"{var} = {value.code}; FC[{self.fired_index(key)}] += 1"
            code(f"if {' and '.join(guard)}: {inner}" if guard else inner)
        return t, bound

    def fired_index(self, key: str) -> int:
        return self.fired_keys.setdefault(key, len(self.fired_keys))

    def active_test(self, card: str) -> str:
        i = self.active_cards.setdefault(card, len(self.active_cards))
        return f"(AC[0] or act())[{i}]"

    def call_table(self, name: str, args: list[Val], node: A.Node, sc: Scope) -> Val:
        if len(args) != 1 or args[0].t != INT:
            raise Unsupported(node, "a table looked up by something that is not one number")
        key = ("table", name, sc.zsrc)
        py = self.defined.get(key)
        if py is None:
            py = self.defined[key] = self.fresh("T")
            self.func_types[py] = None
            table = self.d.tables[name]
            code = Code(f"def {py}(a0):")
            sc2 = Scope({table.param: Val("a0", INT)}, sc.zsrc)
            self.costs.append(None)  # (called from anywhere: its calls are in func_cost, its queries pay as they run)
            t = NONE
            word = "if"
            sizes = []
            for entry in table.rows:
                row = entry.row
                v = self.ex(entry.value, sc2)
                t = self.join(t, v.t, entry)
                sizes.append(v.size)
                test = "True" if row.low is None else f"{row.low} <= a0 <= {row.high}"
                code(f"{word} {test}:")
                code(f"    v = {v.code}")
                word = "elif"
                if row.low is None:
                    break
            else:
                code("else:")
                code("    raise Abort")
            bound = None if None in sizes or not sizes else max(sizes)
            self.func_types[py], self.func_bounds[py] = self.apply_modifiers(code, name, ["a0"], [INT], t, sc.zsrc,
                                                                              bound)
            self.costs.pop()
            code("return v")
            self.units.append(code.text())
        t = self.func_types[py]
        if t is None:
            raise Unsupported(node, "a table that looks itself up")
        self.pay(self.func_cost(name))
        return Val(f"{py}({args[0].code})", t, bound=self.func_bounds.get(py))


# The parts of a query worked out once per item: their steps are multiplied by the query's length.
_PER_ITEM = {A.Comprehension: ("element", "condition"), A.Where: ("condition",), A.Ordered: ("key",),
             A.Extreme: ("key",)}


def call_steps(low: FlatCompiler, node: A.Node) -> int:
    """The steps the func and table calls of an expression cost each time it is worked out
    (FlatCompiler.func_cost), leaving out what its queries' items call (they pay as they run)."""
    total = 0
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, A.Call) and (n.func in low.d.funcs or n.func in low.d.tables):
            total += low.func_cost(n.func)
        if isinstance(n, A.NestedComprehension):
            todo.append(n.clauses[0].source)
            continue
        skip = _PER_ITEM.get(type(n), ())
        for name, value in vars(n).items():
            if name in skip or name == "span":
                continue
            for v in (value if isinstance(value, tuple) else (value,)):
                if isinstance(v, A.Node):
                    todo.append(v)
    return total
