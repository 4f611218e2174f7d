"""Sentences built from the structure of a rule, for any element without a hand-written message.

The renderer walks statements and expressions and fills phrase patterns from the language's
`structure.ftl` (shipped in this package); nouns (zones, piles, token kinds, groups) come from
the game's own messages, with their grammatical attributes (`.gender`, ...). Values that the
options in force or the number of players decide are worked out, so a branch that cannot
happen is left out and a branch that depends on the number of players says for which counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from ..language import ast as A
from ..semantics.definition import GameDef
from ..semantics.symbols import (
    BUILTIN_SYMBOLS,
    CARD,
    CONST,
    DECK,
    KIND,
    KIND_TYPES,
    OPTION,
    PILE,
    PLAYER_ZONE,
    VAR,
    ZONE,
)
from .messages import Catalog
from .static import UNKNOWN, ByPlayers, CardRef, NotStatic, StaticEval, Sym, over_players

# The declarations whose type the symbol table knows from their kind, in the order they win.
_TYPED_KINDS = (KIND, ZONE, PLAYER_ZONE, PILE, CARD, DECK)
VOWEL_START = re.compile(r"^[aeiouyhàâäéèêëîïôöùûüœæ]", re.IGNORECASE)


@dataclass
class Item:
    """A sentence, with the sentences that depend on it."""

    text: str
    children: list[Item] = field(default_factory=list)


@dataclass
class Local:
    kind: str            # player, zone, zname, card, kind, side, number, value, list:KIND
    ref_key: str = ""    # the structure message that refers to it ("the player", "this area")
    ref_args: dict[str, Any] = field(default_factory=dict)
    noun: str = ""       # for zone names: the singular noun ("area")
    subst: A.Expr | None = None
    gender: str = "m"


@dataclass
class Ctx:
    locals: dict[str, Local] = field(default_factory=dict)
    subject: str | None = None  # the player whose places are "their ..."

    def bind(self, name: str, local: Local, subject: bool = False) -> Ctx:
        return Ctx({**self.locals, name: local}, name if subject else self.subject)


def list_of(kind: str) -> str:
    return "list:" + kind


def element_of(kind: str) -> str:
    if kind == "pile":
        return "card"
    return kind[5:] if kind.startswith("list:") else "value"


def is_list(kind: str) -> bool:
    return kind.startswith("list:") or kind == "pile"


class Generic:
    def __init__(self, d: GameDef, cat: Catalog, ev: StaticEval):
        self.d = d
        self.m = cat
        self.ev = ev
        self.gmin, self.gmax = d.game.min_players, d.game.max_players
        self._const_kinds: dict[str, str] = {}
        self.card_args = lambda name: {}
        self.labels = 0

    # ================================================================ nouns
    def noun_key(self, name: str) -> str | None:
        d = self.d
        if name in d.kinds:
            return f"kind-{name}"
        if name in d.shared_zones or name in d.player_zones:
            return f"zone-{name}"
        if name in d.shared_piles or name in d.player_piles:
            return f"pile-{name}"
        if name in d.consts:
            return f"const-{name}"
        if name in d.vars or name in d.player_vars:
            return f"var-{name}"
        return None

    def word(self, name: str, count: Any = 1, form: str = "bare") -> str:
        """A generic noun of the phrase table (player, card, piece, place, ...)."""
        return self.m(f"word-{name}", count=count, form=form)

    def noun(self, key: str | None, count: Any = "other", form: str = "bare") -> str:
        if key is None or not self.m.has(key):
            return self.word("thing", count=count, form=form)
        return self.m(key, count=count, form=form)

    def gender(self, key: str | None) -> str:
        if key is None:
            return self.word("thing", form="gender")
        return self.m.maybe_attr(key, "gender", "m")

    def vowel(self, key: str | None, text: str) -> str:
        explicit = self.m.maybe_attr(key, "elision") if key else None
        if explicit is not None:
            return explicit
        return "yes" if VOWEL_START.match(text) else "no"

    def place(self, key: str | None, how: str, owner: str = "shared", owner_np: str = "",
              name: str | None = None, gender: str | None = None, number: str = "one") -> str:
        """A place (zone or pile) as a phrase. how: nom, acc, dat, gen (of the place), from, to, in.
        owner: shared, own (the current player's), other (of_np's), this, chosen."""
        if name is None:
            name = self.noun(key, count=number, form="def")
        g = gender if gender is not None else self.gender(key)
        prep = (self.m.maybe_attr(key, "prep") if key else None) or "default"
        name_dat = self.noun(key, count=number, form="dat") if key and self.m.has(key) else name
        return self.m(f"place-{how}", name=name, name_dat=name_dat, gender=g, number=number, owner=owner,
                      of=owner_np, vowel=self.vowel(key, name), prep=prep)

    # ================================================================ static values
    def static(self, expr: A.Expr, ctx: Ctx) -> Any:
        env = {name: UNKNOWN for name in ctx.locals}
        return over_players(self.ev, expr, env)

    def try_static(self, expr: A.Expr, ctx: Ctx) -> Any:
        try:
            return self.static(expr, ctx)
        except NotStatic:
            return NotStatic

    def players_text(self, low: int, high: int, case: str = "nom") -> str:
        """ "2–6 players", "2 players"; case dat after "with" (German "bei 2–6 Spielern")."""
        return self.m("ui-players", range=self.range_text(low, high), count=high, case=case)

    def range_text(self, low: int, high: int) -> str:
        return self.m("ui-number", n=low) if low == high else self.m("ui-range", low=low, high=high)

    def players_set(self, counts: list[int], case: str = "nom") -> str:
        """ "5–6 and 11–12 players" """
        ranges: list[list[int]] = []
        for n in counts:
            if ranges and ranges[-1][1] == n - 1:
                ranges[-1][1] = n
            else:
                ranges.append([n, n])
        if not ranges:
            return self.m("word-nothing")
        return self.m("ui-players", range=self.m.join([self.range_text(lo, hi) for lo, hi in ranges], "and"),
                      count=ranges[-1][1], case=case)

    def value_text(self, value: Any, count_key: str | None = None, short: bool = False) -> str:
        """A static value as text (numbers, option values, symbols, lists, player-count groups)."""
        if isinstance(value, ByPlayers):
            parts = [self.m("ui-by-players", value=self.value_text(v, count_key),
                            players=self.players_text(lo, hi, "dat")) for lo, hi, v in value.groups]
            return self.m.join(parts, "and")
        if isinstance(value, bool):
            return self.m("word-yes" if value else "word-no")
        if isinstance(value, int):
            return self.m("ui-number", n=value)
        if isinstance(value, Sym):
            return self.symbol_text(value.name)
        if isinstance(value, CardRef):
            return self.card_title(value.name)
        if isinstance(value, str):
            return self.symbol_text(value)
        if isinstance(value, dict):
            return self.bundle_text(value, short)
        if isinstance(value, list):
            return self.m.join([self.value_text(v) for v in value], "and")
        if value is None:
            return self.m("word-none")
        return self.word("thing", count="one", form="bare")

    def bundle_text(self, bundle: dict[str, int], short: bool = False) -> str:
        if short:
            parts = [self.m("ui-amount-short", n=n, what=self.short(k, n)) for k, n in bundle.items() if n]
            return self.m("ui-list-sep").join(parts) if parts else "–"
        parts = [self.m("ui-amount", n=n, what=self.noun(self.noun_key(k), n)) for k, n in bundle.items() if n]
        return self.m.join(parts, "and") if parts else self.m("word-nothing")

    def short(self, kind: str, count: Any = "adj") -> str:
        """A token kind's short name (an adjective such as a colour), or its noun. count is a
        number (in tables: "6 red") or "adj" (in conditions: "the piece is red")."""
        key = self.noun_key(kind)
        if key is not None and self.m.has(key, "short"):
            return self.m.attr(key, "short", count=count)
        return self.noun(key, "one" if count == "adj" else count)

    def symbol_text(self, name: str) -> str:
        d = self.d
        for opt in d.options.values():
            if name in [str(v) for v in opt.values]:
                key = f"option-{opt.name}-{name}"
                if self.m.has(key):
                    return self.m(key)
        key = self.noun_key(name)
        if key is not None:
            return self.noun(key, "one")
        if name in d.symbols and self.m.has(f"symbol-{name}"):
            return self.m(f"symbol-{name}", count=1)
        if name in d.cards:
            return self.card_title(name)
        if name in d.decks and self.m.has(f"deck-{name}"):
            return self.m(f"deck-{name}")
        if name in ("left", "right"):
            return self.m(f"word-{name}")
        return self.word("thing", count="one", form="bare")

    def card_title(self, name: str) -> str:
        key = f"card-{name}"
        if self.m.has(key):
            return self.m(key, **self.card_args(name))
        card = self.d.cards.get(name)
        return self.m("ui-quoted", text=card.title) if card and card.title else self.word("card", count=1)

    def option_note(self, names: list[str]) -> str:
        parts = []
        for name in dict.fromkeys(names):
            opt = self.d.options.get(name)
            if opt is None:
                continue
            title = self.m(f"option-{name}") if self.m.has(f"option-{name}") else (opt.title or "")
            parts.append(self.m("ui-option-value", option=title,
                                value=self.symbol_text(str(self.d.option_values[name]))))
        return self.m.join(parts, "and")

    # ================================================================ types
    def kind_of(self, e: A.Expr, ctx: Ctx) -> str:
        self._kdepth = getattr(self, "_kdepth", 0) + 1
        try:
            if self._kdepth > 40:
                return "value"
            return self._kind_of(e, ctx)
        finally:
            self._kdepth -= 1

    def _kind_of(self, e: A.Expr, ctx: Ctx) -> str:
        d = self.d
        if isinstance(e, A.Name):
            n = e.id
            if n in ctx.locals:
                loc = ctx.locals[n]
                return self.kind_of(loc.subst, ctx) if loc.subst is not None else loc.kind
            builtin = BUILTIN_SYMBOLS.get(n)
            if builtin is not None:  # players, active, round, player_count, left, right
                return builtin.type
            kinds = d.symbol_table.declared_kinds(n)
            if OPTION in kinds:
                return "value"
            if CONST in kinds:  # what the value of the constant is
                if n not in self._const_kinds:
                    self._const_kinds[n] = "value"
                    self._const_kinds[n] = self.kind_of(d.consts[n].value, Ctx())
                return self._const_kinds[n]
            for kind in _TYPED_KINDS:  # the declarations whose kind decides their type
                if kind in kinds:
                    return KIND_TYPES[kind]
            if VAR in kinds:
                return "number"
            return "value"
        if isinstance(e, A.IntLit):
            return "number"
        if isinstance(e, A.BoolLit):
            return "bool"
        if isinstance(e, A.Attr):
            obj = self.kind_of(e.obj, ctx)
            if obj == "player":
                if e.name in d.player_zones:
                    return "zone"
                if e.name in d.player_piles:
                    return "pile"
                return "number"
            if obj in ("zone", list_of("zone"), "bundle"):
                return "number"
            return "value"
        if isinstance(e, A.Index):
            obj = self.kind_of(e.obj, ctx)
            if obj == "player":
                return "zone"
            if obj.startswith("list:"):
                return element_of(obj)
            if obj in ("zone", "bundle"):
                return "number"
            return "value"
        if isinstance(e, A.Call):
            f = e.func
            if f == "zones":
                return list_of("zone")
            if f in ("neighbour", "pick"):
                return "player" if f == "neighbour" else element_of(self.kind_of(e.args[0], ctx))
            if f == "top":
                return "card"
            if f == "cards":
                return list_of("card")
            if f in ("pieces", "kinds"):
                return list_of("kind")
            if f == "sample":
                return self.kind_of(e.args[1], ctx) if len(e.args) > 1 else "value"
            if f == "first":
                return element_of(self.kind_of(e.args[0], ctx)) if e.args else "value"
            if f == "opposite":
                return "side"
            if f in ("one_of_each", "contents"):
                return "bundle"
            if f == "share_in_turn":
                return list_of("number")
            if f in d.funcs:
                func = d.funcs[f]
                inner = Ctx({p: Local("value") for p in func.params})
                if f in self._const_kinds:
                    return self._const_kinds[f]
                self._const_kinds[f] = "value"
                kind = self.kind_of(func.value, inner)
                self._const_kinds[f] = kind
                return kind
            return "number"
        if isinstance(e, A.ListLit):
            return list_of(self.kind_of(e.items[0], ctx)) if e.items else list_of("value")
        if isinstance(e, (A.Where, A.Ordered)):
            return self.kind_of(e.source, ctx)
        if isinstance(e, A.Extreme):
            return element_of(self.kind_of(e.source, ctx))
        if isinstance(e, A.RangeExpr):
            return list_of("number")
        if isinstance(e, A.BundleLit):
            return "bundle"
        if isinstance(e, A.BinOp):
            if e.op in ("==", "!=", "<", "<=", ">", ">="):
                return "bool"
            left = self.kind_of(e.left, ctx)
            if left == "pile":
                return list_of("card")
            return left if left.startswith("list:") or left == "bundle" else "number"
        if isinstance(e, (A.BoolOp, A.Not, A.InExpr)):
            return "bool"
        if isinstance(e, A.IfExpr):
            return self.kind_of(e.then, ctx)
        if isinstance(e, A.AtPhaseStart):
            return self.kind_of(e.operand, ctx)
        if isinstance(e, A.Comprehension):
            return list_of("value")
        return "value"

    # ================================================================ expressions
    def expr(self, e: A.Expr, ctx: Ctx, case: str = "nom", as_value: bool = False) -> str:
        """Any expression as a noun phrase (or a number, or a condition)."""
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > 40:
                return self.word("value")
            return self._expr(e, ctx, case, as_value)
        finally:
            self._depth -= 1

    def _expr(self, e: A.Expr, ctx: Ctx, case: str, as_value: bool) -> str:
        if isinstance(e, A.Name) and e.id in ctx.locals:
            loc = ctx.locals[e.id]
            if loc.subst is not None:
                return self.expr(loc.subst, ctx, case)
            return self.ref(loc, case)
        kind = self.kind_of(e, ctx)
        if kind == "bool" and not isinstance(e, A.Name) and not as_value:
            return self.cond(e, ctx)
        if not isinstance(e, (A.IntLit, A.ListLit, A.Where, A.Ordered, A.Extreme)) and \
                (not isinstance(e, A.Name) or e.id in self.d.consts):
            value = self.try_static(e, ctx)
            if _is_amount(value):
                return self.value_text(value)
        return getattr(self, "e_" + type(e).__name__)(e, ctx, case)  # every kind has one (a test lists them)

    def ref(self, loc: Local, case: str = "nom") -> str:
        if not loc.ref_key:
            return self.word("value", count=1, form="bare")
        return self.m(loc.ref_key, case=case, **loc.ref_args)

    def e_IntLit(self, e, ctx, case):
        return self.m("ui-number", n=e.value)

    def e_BoolLit(self, e, ctx, case):
        return self.m("word-yes" if e.value else "word-no")

    def e_StrLit(self, e, ctx, case):
        return self.m("ui-quoted", text=e.value)

    def e_NoneLit(self, e, ctx, case):
        return self.m("word-none")

    def e_Name(self, e: A.Name, ctx: Ctx, case: str) -> str:
        d, n = self.d, e.id
        if n == "players":
            return self.m("ref-players", case=case)
        if n == "active":
            return self.m("ref-active", case=case)
        if n == "round":
            return self.m("ref-round", case=case)
        if n == "player_count":
            return self.m("ref-player-count", case=case)
        if n == "base":
            return self.m("ref-base", case=case)
        if n in ("it", "this"):
            return self.m("ref-it", case=case)
        if n in d.options:
            return self.symbol_text(str(d.option_values[n]))
        if n in d.shared_zones or n in d.shared_piles:
            key = self.noun_key(n)
            return self.place(key, case)
        if n in d.consts:
            key = f"const-{n}"
            kind = self.kind_of(e, ctx)
            if kind == list_of("zone"):
                return self.place(key, case)
            return self.m("np-the", noun=self.noun(key, "other", "def"), gender=self.gender(key),
                          case=case, vowel=self.vowel(key, self.noun(key, "other", "def")))
        if n in d.kinds:
            return self.short(n)
        if n in d.player_zones:
            return self.noun(f"zone-{n}", "one")
        if n in d.cards:
            return self.card_title(n)
        if n in d.vars:
            key = f"var-{n}"
            return self.m("np-the", noun=self.noun(key, "one"), gender=self.gender(key), case=case,
                          vowel=self.vowel(key, self.noun(key, "one")))
        return self.symbol_text(n)

    def e_Attr(self, e: A.Attr, ctx: Ctx, case: str) -> str:
        obj_kind = self.kind_of(e.obj, ctx)
        if obj_kind == "player":
            if e.name in self.d.player_zones or e.name in self.d.player_piles:
                return self.owned_place(e.obj, self.noun_key(e.name), ctx, case)
            key = self.noun_key(e.name)
            return self.m("np-of-player", noun=self.noun(key, "one"), player=self.expr(e.obj, ctx, "dat"),
                          own="yes" if self.is_subject(e.obj, ctx) else "no", gender=self.gender(key))
        if obj_kind in ("zone", list_of("zone")):
            return self.count_in(e.name, e.obj, ctx)
        if obj_kind == "card":
            return self.card_field(e.obj, e.name, ctx)
        return self.m("np-field", field=self.field_label(e.name), of=self.expr(e.obj, ctx, "dat"))

    def e_Index(self, e: A.Index, ctx: Ctx, case: str) -> str:
        obj_kind = self.kind_of(e.obj, ctx)
        key_kind = self.kind_of(e.key, ctx)
        if obj_kind == "player":
            if isinstance(e.key, A.Name) and e.key.id in self.d.player_zones:
                return self.owned_place(e.obj, self.noun_key(e.key.id), ctx, case)
            noun = self.zname_noun(e.key, ctx)
            return self.owned_place(e.obj, None, ctx, case, name=noun, gender=self.zname_gender(e.key, ctx))
        if obj_kind == "card":
            if key_kind == "zname" and isinstance(e.key, A.Name) and e.key.id in ctx.locals:
                return self.m("np-card-field-var", card=self.expr(e.obj, ctx), field=self.expr(e.key, ctx, "acc"))
            if isinstance(e.key, A.Name):
                return self.card_field(e.obj, e.key.id, ctx)
        if is_list(obj_kind):
            value = self.try_static(e.key, ctx)
            if isinstance(value, int) and 0 <= value < 9:
                return self.m("np-nth", n=value + 1, of=self.expr(e.obj, ctx, "dat"))
        if obj_kind in ("zone", "bundle") and isinstance(e.key, A.Name):
            return self.count_in(e.key.id, e.obj, ctx)
        return self.m("np-field", field=self.expr(e.key, ctx), of=self.expr(e.obj, ctx, "dat"))

    def zname_noun(self, e: A.Expr, ctx: Ctx) -> str:
        if isinstance(e, A.Name) and e.id in ctx.locals and ctx.locals[e.id].noun:
            return ctx.locals[e.id].noun
        if isinstance(e, A.Name) and e.id in self.d.player_zones:
            return self.noun(f"zone-{e.id}", "one")
        return self.word("place", count=1)

    def zname_gender(self, e: A.Expr, ctx: Ctx) -> str:
        if isinstance(e, A.Name) and e.id in ctx.locals and ctx.locals[e.id].noun:
            return ctx.locals[e.id].gender
        return self.word("place", form="gender")

    def is_subject(self, e: A.Expr, ctx: Ctx) -> bool:
        return isinstance(e, A.Name) and e.id == ctx.subject and ctx.locals.get(e.id, Local("")).subst is None

    def owned_place(self, player: A.Expr, key: str | None, ctx: Ctx, how: str, name: str | None = None,
                    gender: str | None = None) -> str:
        if gender is None and not key:
            gender = self.word("place", form="gender")
        if self.is_subject(player, ctx):
            return self.place(key, how, owner="own", name=name, gender=gender)
        return self.place(key, how, owner="other", owner_np=self.expr(player, ctx, "gen"), name=name, gender=gender)

    def field_label(self, name: str) -> str:
        for deck in self.d.decks.values():
            if name in deck.fields and self.m.has(f"deck-{deck.name}", f"field-{name}"):
                return self.m.attr(f"deck-{deck.name}", f"field-{name}")
        key = self.noun_key(name)
        if key is not None:
            return self.noun(key, "one")
        return self.m("word-field")

    def card_field(self, card: A.Expr, name: str, ctx: Ctx) -> str:
        return self.m("np-field", field=self.field_label(name), of=self.expr(card, ctx, "gen"))

    def count_in(self, kind: str, zone: A.Expr, ctx: Ctx) -> str:
        key = self.noun_key(kind)
        return self.m("np-count-in", what=self.noun(key, "other", "dat"), where=self.zone_phrase(zone, ctx, "in"))

    def zone_phrase(self, e: A.Expr, ctx: Ctx, how: str) -> str:
        """A zone, a list of zones or a zone group as a phrase: how is the/from/to/in/acc/dat."""
        d = self.d
        if isinstance(e, A.Name) and e.id in ctx.locals and ctx.locals[e.id].subst is not None:
            return self.zone_phrase(ctx.locals[e.id].subst, ctx, how)
        if isinstance(e, A.Name) and e.id in ctx.locals:
            loc = ctx.locals[e.id]
            return self.place(None, how, owner=loc.ref_args.get("which", "this"),
                              name=loc.noun or self.word("place", count=1), gender=loc.gender)
        if isinstance(e, A.Name) and (e.id in d.shared_zones or e.id in d.shared_piles or e.id in d.consts):
            return self.place(self.noun_key(e.id), how)
        if isinstance(e, A.Attr) and self.kind_of(e.obj, ctx) == "player":
            return self.owned_place(e.obj, self.noun_key(e.name), ctx, how)
        if isinstance(e, A.Index) and self.kind_of(e.obj, ctx) == "player":
            if isinstance(e.key, A.Name) and e.key.id in d.player_zones:
                return self.owned_place(e.obj, self.noun_key(e.key.id), ctx, how)
            return self.owned_place(e.obj, None, ctx, how, name=self.zname_noun(e.key, ctx),
                                    gender=self.zname_gender(e.key, ctx))
        if isinstance(e, A.ListLit):
            return self.m.join([self.zone_phrase(i, ctx, how) for i in e.items], "and")
        if isinstance(e, A.Call) and e.func == "zones" and len(e.args) == 2:
            group = e.args[1]
            if isinstance(group, A.Name) and group.id in d.consts:
                key = f"const-{group.id}"
                if self.is_subject(e.args[0], ctx):
                    return self.place(key, how, owner="own", number="other")
                return self.place(key, how, owner="other", owner_np=self.expr(e.args[0], ctx, "gen"),
                                  number="other")
        return self.m(f"place-{how}-np", np=self.expr(e, ctx))

    def e_Call(self, e: A.Call, ctx: Ctx, case: str) -> str:
        d, f, args = self.d, e.func, e.args
        if f in d.funcs:
            func = d.funcs[f]
            key = f"func-{f}"
            if not self.m.has(key):
                # No message: say what the function computes, with the values passed in.
                bound = {}
                for p, a in zip(func.params, args):
                    if isinstance(a, A.Name) and a.id in ctx.locals:
                        bound[p] = ctx.locals[a.id]
                    elif isinstance(a, A.Name) and a.id in func.params:
                        bound[p] = Local(self.kind_of(a, ctx), "ref-param", {"name": self.expr(a, ctx)})
                    else:
                        bound[p] = Local(self.kind_of(a, ctx), subst=a)
                subject = next((p for p, a in zip(func.params, args) if isinstance(a, A.Name)
                                and a.id == ctx.subject), None)
                return self.expr(func.value, Ctx({**ctx.locals, **bound}, subject), case)
            return self.m(key, **self.arg_values(func.params, args, ctx))
        if f in d.tables:
            table = d.tables[f]
            title = self.m(f"table-{f}") if self.m.has(f"table-{f}") else self.m("ui-quoted", text=table.title or "")
            return self.m("np-table", table=title, arg=self.expr(args[0], ctx) if args else "")
        if f == "zones":
            return self.zone_phrase(e, ctx, case)
        if f == "count" and len(args) == 2 and isinstance(args[1], A.Name):
            return self.count_in(args[1].id, args[0], ctx)
        if f == "size" and args:
            return self.m("np-size", of=self.expr(args[0], ctx, "gen"))
        if f in ("min", "max"):
            items = args[0].items if len(args) == 1 and isinstance(args[0], A.ListLit) else args
            return self.m(f"np-{f}", items=self.m.join([self.expr(a, ctx) for a in items], "and"))
        if f == "neighbour" and len(args) == 2:
            side = self.try_static(args[1], ctx)
            if isinstance(side, Sym) and side.name in ("left", "right"):
                return self.m("np-neighbour", side=side.name, of=self.expr(args[0], ctx, "gen"),
                              own="yes" if self.is_subject(args[0], ctx) else "no", case=case)
            return self.m("np-neighbour-on", side=self.expr(args[1], ctx), of=self.expr(args[0], ctx, "gen"),
                          own="yes" if self.is_subject(args[0], ctx) else "no", case=case)
        if f == "opposite" and args:
            return self.m("np-opposite", side=self.expr(args[0], ctx))
        if f == "top" and args:
            return self.m("np-top", of=self.zone_phrase(args[0], ctx, "gen"))
        if f == "cards" and args and isinstance(args[0], A.Name):
            key = f"deck-{args[0].id}"
            return self.m("np-all-cards", deck=self.m(key) if self.m.has(key) else self.word("card", count=2))
        if f == "sample" and len(args) == 2:
            return self.m("np-sample", n=self.expr(args[0], ctx), of=self.expr(args[1], ctx, "dat"))
        if f == "pick" and args:
            return self.m("np-pick", of=self.expr(args[0], ctx, "dat"))
        if f in ("pieces", "kinds", "contents") and args:
            return self.m(f"np-{f}", of=self.zone_phrase(args[0], ctx, "in"))
        if f == "one_of_each" and args:
            return self.m("np-one-of-each", of=self.expr(args[0], ctx, "dat"))
        if f == "at_phase_start" and args:
            return self.m("np-at-phase-start", value=self.expr(args[0], ctx))
        if f == "rank" and args:
            return self.m("np-rank", of=self.expr(args[0], ctx, "gen"))
        if f == "share_in_turn" and len(args) == 2:
            return self.m("np-share", total=self.expr(args[0], ctx), claims=self.expr(args[1], ctx))
        if f == "first" and args:
            return self.m("np-nth", n=1, of=self.expr(args[0], ctx, "dat"))
        if f == "owner" and args:
            return self.m("np-owner", of=self.expr(args[0], ctx, "gen"))
        if f in ("len", "sum", "abs", "seat", "any", "all"):
            return self.m(f"np-{f}", of=self.expr(args[0], ctx, "gen") if args else "")
        return self.m("np-result", items=self.m.join([self.expr(a, ctx) for a in args], "and"))

    def arg_values(self, params, args, ctx: Ctx) -> dict[str, str]:
        """The values passed to a function or rule, as variables: $p (nominative) and $p_acc,
        $p_dat, $p_gen for languages with cases."""
        out = {}
        for p, a in zip(params, args):
            out[p] = self.expr(a, ctx)
            for case in ("acc", "dat", "gen"):
                out[f"{p}_{case}"] = self.expr(a, ctx, case)
        return out

    def e_AtPhaseStart(self, e, ctx, case):
        return self.m("np-at-phase-start", value=self.expr(e.operand, ctx))

    def e_BinOp(self, e: A.BinOp, ctx: Ctx, case: str) -> str:
        if e.op in ("==", "!=", "<", "<=", ">", ">="):
            return self.cond(e, ctx)
        if e.op == "+" and is_list(self.kind_of(e.left, ctx)):
            return self.m.join([self.expr(e.left, ctx), self.expr(e.right, ctx)], "and")
        names = {"+": "plus", "-": "minus", "*": "times", "/": "div", "%": "mod"}
        return self.m(f"math-{names[e.op]}", a=self.operand(e.left, ctx), b=self.operand(e.right, ctx))

    def operand(self, e: A.Expr, ctx: Ctx) -> str:
        text = self.expr(e, ctx)
        if isinstance(e, A.BinOp) and e.op in "+-*/%":
            return self.m("math-group", a=text)
        return text

    def e_Neg(self, e, ctx, case):
        return self.m("math-neg", a=self.operand(e.operand, ctx))

    def e_BoolOp(self, e: A.BoolOp, ctx: Ctx, case: str) -> str:
        return self.cond(e, ctx)  # a yes/no value used as a value reads as its condition

    def e_Not(self, e: A.Not, ctx: Ctx, case: str) -> str:
        return self.cond(e, ctx)

    def e_IfExpr(self, e: A.IfExpr, ctx: Ctx, case: str) -> str:
        decided = self.decide(e.condition, ctx)
        if decided is True:
            return self.expr(e.then, ctx, case)
        if decided is False:
            return self.expr(e.otherwise, ctx, case)
        return self.m("np-if", then=self.expr(e.then, ctx, case), cond=self.cond(e.condition, ctx),
                      otherwise=self.expr(e.otherwise, ctx, case))

    def e_ListLit(self, e, ctx, case):
        if self.kind_of(e, ctx) == list_of("zone"):
            return self.zone_phrase(e, ctx, case)
        return self.m.join([self.expr(i, ctx, case) for i in e.items], "and")

    def e_BundleLit(self, e: A.BundleLit, ctx: Ctx, case: str) -> str:
        parts = [self.m("ui-amount-np", n=self.expr(v, ctx), what=self.noun(self.noun_key(k), "other"))
                 for k, v in e.items]
        return self.m.join(parts, "and")

    def e_RangeExpr(self, e, ctx, case):
        return self.m("np-range", low=self.expr(e.low, ctx), high=self.expr(e.high, ctx))

    def e_Where(self, e: A.Where, ctx: Ctx, case: str) -> str:
        inner = self.with_it(e.source, ctx)
        return self.m("np-where", items=self.expr(e.source, ctx, case), cond=self.cond(e.condition, inner))

    def e_Ordered(self, e: A.Ordered, ctx: Ctx, case: str) -> str:
        inner = self.with_it(e.source, ctx)
        return self.m("np-ordered", items=self.expr(e.source, ctx, case), key=self.expr(e.key, inner),
                      order="descending" if e.descending else "ascending")

    def e_Extreme(self, e: A.Extreme, ctx: Ctx, case: str) -> str:
        inner = self.with_it(e.source, ctx)
        elem = element_of(self.kind_of(e.source, ctx))
        return self.m("np-extreme", most="yes" if e.most else "no", key=self.expr(e.key, inner),
                      items=self.expr(e.source, ctx, "gen"), player="yes" if elem == "player" else "no",
                      case=case)

    def e_Comprehension(self, e: A.Comprehension, ctx: Ctx, case: str) -> str:
        inner = ctx.bind(e.var, self.local_for(e.source, ctx))
        return self.m("np-each", value=self.expr(e.element, inner), items=self.expr(e.source, ctx, "dat"))

    def e_InExpr(self, e, ctx, case):
        return self.cond(e, ctx)

    def with_it(self, source: A.Expr, ctx: Ctx) -> Ctx:
        local = self.local_for(source, ctx)
        subject = element_of(self.kind_of(source, ctx)) == "player"
        return ctx.bind("it", local, subject=subject)

    def local_for(self, source: A.Expr, ctx: Ctx, chosen: bool = False) -> Local:
        """How a loop or choice variable over `source` is referred to."""
        return self.local_of_kind(element_of(self.kind_of(source, ctx)), chosen,
                                  self.group_noun(source, ctx), self.group_gender(source, ctx))

    WORDS = {"player": "word-player", "card": "word-card", "kind": "word-piece", "side": "word-side",
             "number": "word-number", "zone": "word-place", "zname": "word-place"}

    def local_of_kind(self, elem: str, chosen: bool = False, noun: str | None = None,
                      gender: str | None = None) -> Local:
        which = "chosen" if chosen else "this"
        if elem == "player":
            return Local("player", "ref-player", {"which": which})
        word = self.WORDS.get(elem, "word-value")
        if noun is None:
            noun = self.m(word, count=1, form="bare")
            gender = self.m(word, count=1, form="gender")
        return Local(elem, "ref-this", {"noun": noun, "gender": gender or "m", "which": which,
                                        "vowel": "yes" if VOWEL_START.match(noun) else "no"},
                     noun=noun if elem in ("zone", "zname") else "", gender=gender or "m")

    def group_noun(self, source: A.Expr, ctx: Ctx) -> str | None:
        if isinstance(source, A.Name) and source.id in self.d.consts:
            return self.noun(f"const-{source.id}", "one")
        return None

    def group_gender(self, source: A.Expr, ctx: Ctx) -> str | None:
        if isinstance(source, A.Name) and source.id in self.d.consts:
            return self.gender(f"const-{source.id}")
        return None

    # ================================================================ conditions
    def decide(self, cond: A.Expr, ctx: Ctx) -> Any:
        """True/False when the options in force decide the condition, a ByPlayers when only the
        number of players does, else None."""
        value = self.try_static(cond, ctx)
        if value is NotStatic:
            return None
        if isinstance(value, ByPlayers):
            return value
        return bool(value)

    def options_in(self, node: A.Node) -> list[str]:
        names = [n.id for n in A.walk(node) if isinstance(n, A.Name) and n.id in self.d.options]
        return list(dict.fromkeys(names))

    def cond(self, e: A.Expr, ctx: Ctx) -> str:
        e = self.simplify(e, ctx)
        if isinstance(e, A.BoolLit):
            return self.m("cond-always" if e.value else "cond-never")
        if isinstance(e, A.BoolOp):
            return self.m.join([self.cond(i, ctx) for i in e.items], "and" if e.op == "and" else "or")
        if isinstance(e, A.Not):
            return self.m("cond-not", cond=self.cond(e.operand, ctx))
        decided = self.decide(e, ctx)
        if isinstance(decided, ByPlayers):
            counts = [n for lo, hi, v in decided.groups if v for n in range(lo, hi + 1)]
            return self.m("cond-players", players=self.players_set(counts))
        if isinstance(e, A.BinOp) and e.op in ("==", "!=", "<", "<=", ">", ">="):
            names = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
            if isinstance(e.right, A.NoneLit):
                return self.m("cond-exists" if e.op == "!=" else "cond-missing", a=self.expr(e.left, ctx))
            left_kind, right_kind = self.kind_of(e.left, ctx), self.kind_of(e.right, ctx)
            if e.op in ("==", "!=") and right_kind == "kind" and isinstance(e.right, A.Name):
                return self.m(f"cond-is-kind-{names[e.op]}", a=self.expr(e.left, ctx), kind=self.short(e.right.id))
            del left_kind
            return self.m(f"cond-{names[e.op]}", a=self.expr(e.left, ctx), b=self.expr(e.right, ctx))
        if isinstance(e, A.InExpr):
            return self.m("cond-in", a=self.expr(e.item, ctx), b=self.expr(e.container, ctx, "dat"))
        return self.m("cond-holds", what=self.expr(e, ctx, as_value=True))

    def simplify(self, e: A.Expr, ctx: Ctx) -> A.Expr:
        """Drops the parts of and/or that the options in force decide."""
        if isinstance(e, A.BoolOp):
            kept = []
            for item in e.items:
                decided = self.decide(item, ctx)
                if decided is True or decided is False:
                    if e.op == "and" and decided is False:
                        return A.BoolLit(False)
                    if e.op == "or" and decided is True:
                        return A.BoolLit(True)
                    continue
                kept.append(self.simplify(item, ctx))
            if not kept:
                return A.BoolLit(e.op == "and")
            return kept[0] if len(kept) == 1 else replace(e, items=tuple(kept))
        decided = self.decide(e, ctx)
        if decided is True or decided is False:
            return A.BoolLit(decided)
        return e

    # ================================================================ statements
    def block(self, block: A.Block | None, ctx: Ctx) -> list[Item]:
        items: list[Item] = []
        if block is None:
            return items
        for i, stmt in enumerate(block.stmts):
            if isinstance(stmt, A.Let):
                kind = self.kind_of(stmt.value, ctx)
                uses = sum(1 for later in block.stmts[i + 1:] for n in A.walk(later)
                           if isinstance(n, A.Name) and n.id == stmt.name)
                text = self.expr(stmt.value, ctx)
                if uses > 1 and len(text) > 40:
                    self.labels += 1
                    label = self.m("ui-label", n=self.labels)
                    items.append(Item(self.sentence(self.m("stmt-let", label=label, value=text))))
                    ctx = ctx.bind(stmt.name, Local(kind, "ref-label", {"label": label}))
                else:
                    ctx = ctx.bind(stmt.name, Local(kind, subst=stmt.value))
                continue
            items.extend(self.stmt(stmt, ctx))
        return items

    def stmt(self, s: A.Stmt, ctx: Ctx) -> list[Item]:
        return getattr(self, "s_" + type(s).__name__)(s, ctx)  # every kind has one (a test lists them)

    def s_Let(self, s: A.Let, ctx: Ctx) -> list[Item]:
        """Says nothing: `block` binds a `let`, and its value is told where the name is used."""
        return []

    def sentence(self, text: str) -> str:
        text = text.strip()
        return text[:1].upper() + text[1:] if text else text

    def s_If(self, s: A.If, ctx: Ctx) -> list[Item]:
        decided = self.decide(s.condition, ctx)
        if decided is True or decided is False:
            taken = s.then if decided else s.otherwise
            body = self.block(taken, ctx) if taken is not None else []
            options = self.options_in(s.condition)
            if options and body:
                note = self.m("ui-option-note", options=self.option_note(options))
                body[0] = Item(self.with_note(body[0].text, note), body[0].children)
            return body
        if isinstance(decided, ByPlayers):
            counts = [n for lo, hi, v in decided.groups if v for n in range(lo, hi + 1)]
            head = self.m("stmt-if-players", players=self.players_set(counts, "dat"))
        else:
            head = self.m("stmt-if", cond=self.cond(s.condition, ctx))
        items = [Item(self.sentence(head), self.block(s.then, ctx))]
        if s.otherwise is not None:
            items += self._else(s.otherwise, ctx)
        return items

    def _else(self, block: A.Block, ctx: Ctx) -> list[Item]:
        if len(block.stmts) == 1 and isinstance(block.stmts[0], A.If):
            nested = block.stmts[0]
            if self.decide(nested.condition, ctx) is None:
                first = Item(self.sentence(self.m("stmt-else-if", cond=self.cond(nested.condition, ctx))),
                             self.block(nested.then, ctx))
                return [first] + (self._else(nested.otherwise, ctx) if nested.otherwise is not None else [])
        body = self.block(block, ctx)
        return [Item(self.sentence(self.m("stmt-else")), body)] if body else []

    def with_note(self, text: str, note: str) -> str:
        head = self.m("ui-head", text="")
        if head and text.endswith(head):
            return self.m("ui-head", text=self.m("ui-with-note", text=text[: -len(head)], note=note))
        return self.m("ui-with-note", text=text, note=note)

    def s_ForEach(self, s: A.ForEach, ctx: Ctx) -> list[Item]:
        source = s.source
        cond = None
        order = None
        if isinstance(source, A.Ordered):
            order = source
            source = source.source
        if isinstance(source, A.Where):
            cond = source.condition
            source = source.source
        elem = element_of(self.kind_of(source, ctx))
        local = self.local_for(source, ctx)
        inner = ctx.bind(s.var, local, subject=(elem == "player"))
        it_ctx = ctx.bind("it", local, subject=(elem == "player"))
        if isinstance(source, A.Name) and source.id == "players":
            head = self.m("stmt-each-player")
        elif isinstance(source, A.Call) and source.func in ("pieces", "kinds") and source.args:
            head = self.m(f"stmt-each-{source.func}", where=self.zone_phrase(source.args[0], ctx, "in"))
        else:
            members = self.try_static(source, ctx)
            if isinstance(members, list) and members and all(isinstance(m, Sym) for m in members):
                head = self.m("stmt-each-of", noun=local.noun or self.word("value", count=1),
                              gender=local.gender, items=self.value_text(members))
            else:
                head = self.m("stmt-each-in", noun=self.singular_noun(elem, local), items=self.expr(source, ctx, "dat"),
                              gender=self.local_gender(elem, local))
        if cond is not None:
            head = self.m("stmt-each-where", head=head, cond=self.cond(cond, it_ctx))
        if order is not None:
            head = self.m("stmt-each-order", head=head, key=self.expr(order.key, it_ctx),
                          order="descending" if order.descending else "ascending")
        return [Item(self.sentence(self.m("ui-head", text=head)), self.block(s.body, inner))]

    def singular_noun(self, elem: str, local: Local) -> str:
        if local.noun:
            return local.noun
        return self.m(self.WORDS.get(elem, "word-value"), count=1, form="bare")

    def local_gender(self, elem: str, local: Local) -> str:
        if local.noun:
            return local.gender
        return self.m(self.WORDS.get(elem, "word-value"), count=1, form="gender")

    def s_While(self, s: A.While, ctx: Ctx) -> list[Item]:
        return [Item(self.sentence(self.m("stmt-while", cond=self.cond(s.condition, ctx))), self.block(s.body, ctx))]

    def s_Repeat(self, s: A.Repeat, ctx: Ctx) -> list[Item]:
        value = self.try_static(s.count, ctx)
        body = self.block(s.body, ctx)
        if isinstance(value, int):
            if value == 1:
                return body
            head = self.m("stmt-repeat", n=value)
        elif isinstance(value, ByPlayers) and isinstance(s.count, A.Name) and s.count.id in self.d.consts:
            head = self.m("stmt-repeat-per", noun=self.noun(f"const-{s.count.id}", "one"))
        else:
            head = self.m("stmt-repeat-np", n=self.expr(s.count, ctx))
        return [Item(self.sentence(head), body)]

    def quantity(self, q: A.Quantity, what: A.Expr | None, ctx: Ctx) -> str:
        """`7 coins`, `up to 2 pieces`, `all pieces of gold`, `this piece`."""
        if what is not None and isinstance(what, A.Name) and what.id in ctx.locals:
            loc = ctx.locals[what.id]
            if loc.kind == "kind":
                if q.mode == "exact" and self.try_static(q.amount, ctx) == 1:
                    return self.ref(loc, "acc")
                noun_key = None
            else:
                noun_key = None
        elif what is not None and isinstance(what, A.Name):
            noun_key = self.noun_key(what.id)
        else:
            noun_key = None
        if q.mode == "all":
            if what is None:
                return self.m("qty-everything")
            return self.m("qty-all", what=self.noun(noun_key, "other", "def"), gender=self.gender(noun_key))
        value = self.try_static(q.amount, ctx)
        if isinstance(value, int):
            noun = self.noun(noun_key, value) if noun_key or what is None else self.noun(noun_key, value)
            if what is None:
                noun = self.word("piece", count=value)
            return self.m("qty-up-to" if q.mode == "up_to" else "qty-exact", n=value, what=noun)
        noun = self.noun(noun_key, "other") if what is not None else self.word("piece", count="other")
        return self.m("qty-up-to-np" if q.mode == "up_to" else "qty-np", n=self.expr(q.amount, ctx), what=noun)

    def s_Move(self, s: A.Move, ctx: Ctx) -> list[Item]:
        return [Item(self.sentence(self.m("stmt-move", what=self.quantity(s.quantity, s.what, ctx),
                                           src=self.zone_phrase(s.source, ctx, "from"),
                                           dst=self.zone_phrase(s.dest, ctx, "to"))))]

    def s_Draw(self, s: A.Draw, ctx: Ctx) -> list[Item]:
        return [Item(self.sentence(self.m("stmt-draw", what=self.quantity(s.quantity, None, ctx),
                                           src=self.zone_phrase(s.source, ctx, "from"),
                                           dst=self.zone_phrase(s.dest, ctx, "to"))))]

    def s_Create(self, s: A.Create, ctx: Ctx) -> list[Item]:
        what = self.expr(s.what, ctx, "acc")
        return [Item(self.sentence(self.m("stmt-create", what=what, dst=self.zone_phrase(s.where, ctx, "in"))))]

    def s_Shuffle(self, s: A.Shuffle, ctx: Ctx) -> list[Item]:
        return [Item(self.sentence(self.m("stmt-shuffle", pile=self.zone_phrase(s.pile, ctx, "acc"))))]

    def s_Place(self, s: A.Place, ctx: Ctx) -> list[Item]:
        cards = self.expr(s.cards, ctx, "acc")
        if self.kind_of(s.cards, ctx) == "pile":
            cards = self.m("np-pile-cards", pile=self.zone_phrase(s.cards, ctx, "gen"))
        key = "stmt-place-top" if s.where == "top" else "stmt-place-bottom"
        return [Item(self.sentence(self.m(key, cards=cards, pile_gen=self.zone_phrase(s.pile, ctx, "gen"),
                                          pile_to=self.zone_phrase(s.pile, ctx, "to"),
                                          pile_acc=self.zone_phrase(s.pile, ctx, "acc"))))]

    def s_Reveal(self, s: A.Reveal, ctx: Ctx) -> list[Item]:
        value = self.try_static(s.count, ctx)
        if isinstance(value, ByPlayers) or not isinstance(value, int):
            n = self.expr(s.count, ctx)
            count = "varies"
        else:
            n, count = self.m("ui-number", n=value), value
        return [Item(self.sentence(self.m("stmt-reveal", n=n, count=count,
                                           src=self.zone_phrase(s.source, ctx, "from"),
                                           dst=self.zone_phrase(s.dest, ctx, "to"))))]

    def decision(self, id_: str) -> str:
        key = f"decision-{id_}"
        return self.m(key) if self.m.has(key) else self.m("word-decision")

    def s_AskMay(self, s: A.AskMay, ctx: Ctx) -> list[Item]:
        items = [Item(self.sentence(self.m("stmt-may", player=self.expr(s.player, ctx),
                                           decision=self.decision(s.id))), self.block(s.body, ctx))]
        if s.otherwise is not None:
            items.append(Item(self.sentence(self.m("stmt-may-not")), self.block(s.otherwise, ctx)))
        return items

    def s_AskChoose(self, s: A.AskChoose, ctx: Ctx) -> list[Item]:
        local = self.local_for(s.options, ctx, chosen=True)
        inner = ctx.bind(s.var, local)
        head = self.m("stmt-choose", player=self.expr(s.player, ctx), decision=self.decision(s.id),
                      options=self.expr(s.options, ctx, "dat"), optional="yes" if s.optional else "no")
        return [Item(self.sentence(head), self.block(s.body, inner))]

    def s_AskDistribute(self, s: A.AskDistribute, ctx: Ctx) -> list[Item]:
        what = self.noun(self.noun_key(s.amount.id) if isinstance(s.amount, A.Name) else None, "other", "def")
        head = self.m("stmt-distribute", player=self.expr(s.player, ctx), decision=self.decision(s.id), what=what,
                      src=self.zone_phrase(s.source, ctx, "from"), targets=self.targets(s.targets, ctx))
        children = []
        for limit in s.limits:
            children.append(Item(self.sentence(self.m(f"stmt-limit-{limit.kind}", n=self.expr(limit.amount, ctx),
                                                      where=self.targets(limit.zones, ctx)))))
        return [Item(self.sentence(head), children)]

    def targets(self, e: A.Expr, ctx: Ctx) -> str:
        """A list of a player's zone names (e.g. `placement`, `[both]`) as words."""
        value = self.try_static(e, ctx)
        if isinstance(value, list) and all(isinstance(v, Sym) for v in value):
            if isinstance(e, A.Name) and e.id in self.d.consts:
                return self.m("ui-group", group=self.noun(f"const-{e.id}", "other", "def"),
                              items=self.m.join([self.noun(self.noun_key(v.name), "one") for v in value], "and"))
            return self.m.join([self.noun(self.noun_key(v.name), "one") for v in value], "and")
        return self.expr(e, ctx)

    def s_Do(self, s: A.Do, ctx: Ctx) -> list[Item]:
        rule = self.d.rules.get(s.rule)
        if rule is not None and not rule.body.stmts:
            return []  # a named moment where cards and modules hook in: they say so themselves
        key = f"rule-{s.rule}"
        if rule is not None and self.m.has(key, "call"):
            return [Item(self.sentence(self.m.attr(key, "call", **self.arg_values(rule.params, s.args, ctx))))]
        title = self.m(key) if self.m.has(key) else (rule.title if rule and rule.title else self.word("value"))
        return [Item(self.sentence(self.m("stmt-do", rule=title)))]

    def s_Secretly(self, s: A.Secretly, ctx: Ctx) -> list[Item]:
        return [Item(self.sentence(self.m("stmt-secretly")), self.block(s.body, ctx))]

    def s_EndGame(self, s, ctx):
        return [Item(self.sentence(self.m("stmt-end")))]

    def s_Say(self, s, ctx):
        return []

    def s_Show(self, s, ctx):
        return [Item(self.sentence(self.m("stmt-show", cards=self.expr(s.cards, ctx, "acc"),
                                           player=self.expr(s.player, ctx, "dat"))))]

    def s_Set(self, s: A.Set, ctx: Ctx) -> list[Item]:
        if isinstance(s.target, A.Name) and s.target.id == "active":
            return [Item(self.sentence(self.m("stmt-set-active", player=self.expr(s.value, ctx))))]
        return [Item(self.sentence(self.m("stmt-set", target=self.expr(s.target, ctx, "acc"),
                                           value=self.expr(s.value, ctx))))]

    # ================================================================ declarations
    def modifier(self, mod: A.Modify) -> list[Item]:
        d = self.d
        target = d.funcs.get(mod.name)
        params = target.params if target is not None else ((d.tables[mod.name].param,) if mod.name in d.tables else ())
        self._target_name = mod.name
        ctx = self.params_ctx(mod.params, mod.condition, mod.value, target.value if target is not None else None)
        self._target_name = None
        key = f"func-{mod.name}"
        if self.m.has(key):
            what = self.m(key, **self.arg_values(params, [A.Name(q) for q in mod.params], ctx))
        else:
            what = self.m("ui-quoted", text=mod.name)
        change = self.change(mod.value, ctx)
        text = self.m("decl-modify", what=what, change=change)
        if mod.condition is not None:
            decided = self.decide(mod.condition, ctx)
            if decided is False:
                return []
            if decided is not True:
                text = self.m("decl-modify-if", text=text, cond=self.cond(mod.condition, ctx))
        return [Item(self.sentence(text))]

    def change(self, value: A.Expr, ctx: Ctx) -> str:
        if isinstance(value, A.BinOp) and isinstance(value.left, A.Name) and value.left.id == "base":
            if value.op == "+" and is_list(self.kind_of(value.right, ctx)):
                return self.m("change-also", what=self.targets(value.right, ctx))
            if value.op in ("+", "-"):
                return self.m("change-plus" if value.op == "+" else "change-minus", n=self.expr(value.right, ctx))
        return self.m("change-becomes", value=self.expr(value, ctx))

    def call_site_kind(self, nodes, index: int) -> str | None:
        """What the index-th value passed to a function or rule is where it is called, when
        the function's own body does not tell (e.g. `func placement_zones(p) = placement`)."""
        name = getattr(self, "_target_name", None)
        if name is None:
            return None
        if not hasattr(self, "_players_names"):
            names = set()
            for decl in self.d.ruleset.decls:
                for n in A.walk(decl):
                    if isinstance(n, A.ForEach) and self.kind_of(n.source, Ctx()) == list_of("player"):
                        names.add(n.var)
                    elif isinstance(n, (A.AskMay, A.AskChoose, A.AskDistribute)) and isinstance(n.player, A.Name):
                        names.add(n.player.id)
                    elif isinstance(n, (A.Rule, A.Func, A.Hook, A.Modify)):
                        names.update(p for p, k in infer_params(self.d, n.params, [n]).items() if k == "player")
            self._players_names = names
        for decl in self.d.ruleset.decls:
            for n in A.walk(decl):
                if isinstance(n, A.Call) and n.func == name and index < len(n.args):
                    arg = n.args[index]
                    if isinstance(arg, A.Name) and arg.id in self._players_names:
                        return "player"
        return None

    def params_ctx(self, params: tuple[str, ...], *nodes: A.Node | None) -> Ctx:
        """A context for the parameters of a rule, hook or modifier: what each one is, guessed
        from how the body uses it; the first player among them owns "their" places."""
        kinds = infer_params(self.d, params, [n for n in nodes if n is not None])
        for i, p in enumerate(params):
            if p not in kinds and self.call_site_kind(nodes, i) is not None:
                kinds[p] = self.call_site_kind(nodes, i)
        ctx = Ctx()
        subject = None
        for p in params:
            kind = kinds.get(p, "value")
            ctx = ctx.bind(p, self.local_of_kind(kind))
            if kind == "player" and subject is None:
                subject = p
        return Ctx(ctx.locals, subject)

    def hook(self, hook: A.Hook, params_ctx: Ctx) -> list[Item]:
        rule = self.d.rules.get(hook.name)
        key = f"rule-{hook.name}"
        title = self.m(key) if self.m.has(key) else (rule.title if rule and rule.title else self.word("value"))
        head = self.m(f"decl-hook-{hook.time}", rule=title)
        if hook.condition is not None:
            decided = self.decide(hook.condition, params_ctx)
            if decided is False:
                return []
            if decided is not True:
                head = self.m("decl-hook-if", head=head, cond=self.cond(hook.condition, params_ctx))
        return [Item(self.sentence(self.m("ui-head", text=head)), self.block(hook.body, params_ctx))]

    def handler(self, on: A.OnEvent, ctx: Ctx) -> list[Item]:
        head = self.m("decl-on-reveal") if on.event == "reveal" else self.m("decl-on-event")
        return [Item(self.sentence(self.m("ui-head", text=head)), self.block(on.body, ctx))]


def infer_params(d: GameDef, params: tuple[str, ...], nodes: list[A.Node], depth: int = 0) -> dict[str, str]:
    """What each parameter is (player, zname, kind, side, value), from how the nodes use it,
    including what the functions and rules it is passed to make of it."""
    found: dict[str, str] = {}

    def mark(e: A.Expr, kind: str) -> None:
        if isinstance(e, A.Name) and e.id in params and e.id not in found:
            found[e.id] = kind

    for node in nodes:
        for n in A.walk(node):
            if isinstance(n, A.Attr) and (n.name in d.player_zones or n.name in d.player_piles
                                          or n.name in d.player_vars):
                mark(n.obj, "player")
            elif isinstance(n, (A.AskMay, A.AskChoose, A.AskDistribute)):
                mark(n.player, "player")
            elif isinstance(n, A.Index):
                if not isinstance(n.key, A.IntLit):
                    mark(n.obj, "player")
                if isinstance(n.key, A.Name) and n.key.id in params and n.key.id not in found:
                    found[n.key.id] = "zname"
            elif isinstance(n, A.Call):
                if n.func in ("neighbour", "zones", "rank", "seat") and n.args:
                    mark(n.args[0], "player")
                if n.func == "neighbour" and len(n.args) > 1:
                    mark(n.args[1], "side")
                if n.func == "opposite" and n.args:
                    mark(n.args[0], "side")
                target = d.funcs.get(n.func)
                if target is not None and depth < 4 and any(isinstance(a, A.Name) and a.id in params
                                                             for a in n.args):
                    inner = infer_params(d, target.params, [target.value], depth + 1)
                    for a, q in zip(n.args, target.params):
                        if q in inner:
                            mark(a, inner[q])
            elif isinstance(n, A.Do):
                rule = d.rules.get(n.rule)
                if rule is not None and depth < 4 and any(isinstance(a, A.Name) and a.id in params for a in n.args):
                    inner = infer_params(d, rule.params, [rule.body], depth + 1)
                    for a, q in zip(n.args, rule.params):
                        if q in inner:
                            mark(a, inner[q])
            elif isinstance(n, A.BinOp) and n.op in ("==", "!="):
                for a, b in ((n.left, n.right), (n.right, n.left)):
                    if isinstance(b, A.Name):
                        if b.id in d.kinds:
                            mark(a, "kind")
                        elif b.id in ("left", "right"):
                            mark(a, "side")
                        elif b.id in d.player_zones:
                            mark(a, "zname")
            elif isinstance(n, (A.Move, A.Draw)):
                if isinstance(n, A.Move) and isinstance(n.what, A.Name):
                    mark(n.what, "kind")
                mark(n.source, "zone")
                mark(n.dest, "zone")
    return found


def _is_amount(value: Any) -> bool:
    """A number, a bundle of tokens, or one of those per number of players."""
    if isinstance(value, ByPlayers):
        return all(_is_amount(v) for v in value.values())
    if isinstance(value, bool):
        return False
    return isinstance(value, (int, dict))
