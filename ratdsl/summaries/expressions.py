"""Expressions as noun phrases, numbers or conditions. The forms of the node kinds are functions
in one table (`EXPRESSIONS`), one per class of `ast.Expr`; `Expressions` holds what they share
(places, references to locals, conditions)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..language import ast as A
from ..semantics.builtins import BUILTINS
from ..semantics.definition import GameDef
from .context import Ctx, Local, element_of, is_list, list_of
from .decided import Decided, counts_where
from .kinds import ORDERS_OF_PLAY, Kinds
from .messages import Catalog
from .names import builtin_of, is_side, ref_key
from .static import ByPlayers, Sym
from .words import Words

CASES = ("nom", "acc", "dat", "gen")


# A counted noun as the quantity phrases get it: $what as before, $what_acc, $what_gen.
QTY_FORMS = (("", "bare"), ("_acc", "acc"), ("_gen", "gen"))
# How many functions without a message are inlined one inside another before one is only named.
MAX_INLINED = 1

class Expressions:
    """Renders expressions through the forms of `EXPRESSIONS`; a kind with no form is an error."""

    def __init__(self, d: GameDef, cat: Catalog, words: Words, kinds: Kinds, decided: Decided):
        self.d = d
        self.m = cat
        self.w = words
        self.k = kinds
        self.v = decided
        self._depth = 0
        self._inlined = 0  # functions without a message being inlined, one inside another

    def expr(self, e: A.Expr, ctx: Ctx, case: str = "nom", as_value: bool = False) -> str:
        """Any expression as a noun phrase (or a number, or a condition)."""
        self._depth += 1
        try:
            if self._depth > 40:
                return self.w.word("value")
            return self._expr(e, ctx, case, as_value)
        finally:
            self._depth -= 1

    def _expr(self, e: A.Expr, ctx: Ctx, case: str, as_value: bool) -> str:
        if isinstance(e, A.Name) and e.id in ctx.locals:
            loc = ctx.locals[e.id]
            if loc.subst is not None:
                return self.expr(loc.subst, loc.subst_ctx(ctx), case)
            return self.ref(loc, case)
        kind = self.k.kind_of(e, ctx)
        if kind == "bool" and not isinstance(e, A.Name) and not as_value:
            return self.cond(e, ctx)
        if not isinstance(e, (A.IntLit, A.ListLit, A.Where, A.Ordered, A.Extreme)) and \
                (not isinstance(e, A.Name) or e.id in self.d.consts):
            value = self.v.try_static(e, ctx)
            if _is_amount(value):
                return self.w.value_text(value)
        form = EXPRESSIONS.get(type(e))
        if form is None:  # never a vague word: a kind with no form is a bug (a test lists them)
            raise TypeError(f"the summaries have no form for {type(e).__name__}")
        return form(self, e, ctx, case)

    def ref(self, loc: Local, case: str = "nom") -> str:
        if not loc.ref_key:
            return self.w.word("value", count=1, form="bare")
        return self.m(loc.ref_key, case=case, **loc.ref_args)

    def cond(self, e: A.Expr, ctx: Ctx) -> str:
        e = self.v.simplify(e, ctx)
        if isinstance(e, A.BoolLit):
            return self.m("cond-always" if e.value else "cond-never")
        if isinstance(e, A.BoolOp):
            return self.m.join([self.cond(i, ctx) for i in e.items], "and" if e.op == "and" else "or")
        if isinstance(e, A.Not):
            return self.m("cond-not", cond=self.cond(e.operand, ctx))
        decided = self.v.decide(e, ctx)
        if isinstance(decided, ByPlayers):
            return self.m("cond-players", players=self.w.players_set(counts_where(decided)))
        if isinstance(e, A.BinOp) and e.op in ("==", "!=", "<", "<=", ">", ">="):
            names = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
            if isinstance(e.right, A.NoneLit):
                return self.m("cond-exists" if e.op == "!=" else "cond-missing", a=self.expr(e.left, ctx))
            left_kind, right_kind = self.k.kind_of(e.left, ctx), self.k.kind_of(e.right, ctx)
            if e.op in ("==", "!=") and right_kind == "kind" and isinstance(e.right, A.Name):
                key = self.w.noun_key(e.right.id)
                return self.m(f"cond-is-kind-{names[e.op]}", a=self.expr(e.left, ctx), kind=self.w.short(e.right.id),
                              noun=self.w.noun(key, "one"), gender=self.w.gender(key))
            if e.op in ("==", "!=") and "number" not in (left_kind, right_kind):
                # Two things, not two amounts: "this place is the city", never "equals city".
                return self.m("cond-is" if e.op == "==" else "cond-is-not", a=self.expr(e.left, ctx),
                              b=self.thing(e.right, ctx))
            return self.m(f"cond-{names[e.op]}", a=self.expr(e.left, ctx), b=self.expr(e.right, ctx),
                          b_dat=self.expr(e.right, ctx, "dat"))
        if isinstance(e, A.Call) and e.func in ("any", "all") and len(e.args) == 1 \
                and isinstance(e.args[0], A.Comprehension):
            comp = e.args[0]
            inner = ctx.bind(comp.var, self.local_for(comp.source, ctx))
            return self.m(f"cond-{e.func}", cond=self.cond(comp.element, inner),
                          items=self.expr(comp.source, ctx), items_gen=self.expr(comp.source, ctx, "gen"))
        if isinstance(e, A.Call) and e.func in self.d.funcs and self.m.has(f"func-{e.func}"):
            # A yes/no function's message is written as a condition ("the player has it").
            return self.m("cond-func", what=self.expr(e, ctx, as_value=True))
        if isinstance(e, A.InExpr):
            return self.m("cond-in", a=self.expr(e.item, ctx), b=self.expr(e.container, ctx, "dat"))
        return self.m("cond-holds", what=self.expr(e, ctx, as_value=True))

    def thing(self, e: A.Expr, ctx: Ctx) -> str:
        """What something is compared with: a place's name with its article ("the city")."""
        if isinstance(e, A.Name) and e.id not in ctx.locals and e.id in self.d.player_zones:
            return self.w.place(self.w.noun_key(e.id), "nom")
        return self.expr(e, ctx)

    def zone_phrase(self, e: A.Expr, ctx: Ctx, how: str) -> str:
        """A zone, a list of zones or a zone group as a phrase: how is the/from/to/in/acc/dat."""
        d = self.d
        if isinstance(e, A.Name) and e.id in ctx.locals and ctx.locals[e.id].subst is not None:
            loc = ctx.locals[e.id]
            return self.zone_phrase(loc.subst, loc.subst_ctx(ctx), how)
        if isinstance(e, A.Name) and e.id in ctx.locals:
            loc = ctx.locals[e.id]
            return self.w.place(None, how, owner=loc.ref_args.get("which", "this"),
                              name=loc.noun or self.w.word("place", count=1), gender=loc.gender)
        if isinstance(e, A.Name) and (e.id in d.shared_zones or e.id in d.shared_piles or e.id in d.consts):
            return self.w.place(self.w.noun_key(e.id), how)
        if isinstance(e, A.Attr) and self.k.kind_of(e.obj, ctx) == "player":
            return self.owned_place(e.obj, self.w.noun_key(e.name), ctx, how)
        if isinstance(e, A.Index) and self.k.kind_of(e.obj, ctx) == "player":
            if isinstance(e.key, A.Name) and e.key.id in d.player_zones:
                return self.owned_place(e.obj, self.w.noun_key(e.key.id), ctx, how)
            return self.owned_place(e.obj, None, ctx, how, name=self.zname_noun(e.key, ctx),
                                    gender=self.zname_gender(e.key, ctx))
        if isinstance(e, A.ListLit):
            return self.m.join([self.zone_phrase(i, ctx, how) for i in e.items], "and")
        if isinstance(e, A.Call) and e.func == "zones" and len(e.args) == 2:
            group = e.args[1]
            if isinstance(group, A.Name) and group.id in d.consts:
                key = f"const-{group.id}"
                if self.is_subject(e.args[0], ctx):
                    return self.w.place(key, how, owner="own", number="other")
                return self.w.place(key, how, owner="other", owner_np=self.expr(e.args[0], ctx, "gen"),
                                  number="other")
            # a player's places named by a computed list: the list's own words ("the spaces where
            # the player may put pieces"), never the phrase of this call again
            return self.place_np(group, ctx, how)
        # any other place (a function's list of zones): its phrase, with the case the preposition takes
        return self.place_np(e, ctx, how)

    def place_np(self, e: A.Expr, ctx: Ctx, how: str) -> str:
        """A place told by a phrase: $np in the case asked for, $np_acc, $np_dat, $np_gen for the
        case a language's preposition takes (German "aus" + dative)."""
        return self.m(f"place-{how}-np", **{**self.cases("np", e, ctx),
                                            "np": self.expr(e, ctx, how if how in CASES else "nom")})

    def owned_place(self, player: A.Expr, key: str | None, ctx: Ctx, how: str, name: str | None = None,
                    gender: str | None = None) -> str:
        if gender is None and not key:
            gender = self.w.word("place", form="gender")
        if self.is_subject(player, ctx):
            return self.w.place(key, how, owner="own", name=name, gender=gender)
        return self.w.place(key, how, owner="other", owner_np=self.expr(player, ctx, "gen"), name=name, gender=gender)

    def count_in(self, kind: str, zone: A.Expr, ctx: Ctx, case: str = "nom") -> str:
        key = self.w.noun_key(kind)
        return self.m("np-count-in", what=self.w.noun(key, "other", "dat"), what_gen=self.w.noun(key, "other", "gen"),
                      where=self.zone_phrase(zone, ctx, "in"),
                      case=case)

    def order_keys(self, key: A.Expr, descending: bool, ctx: Ctx) -> str:
        """An ordering's keys in words, each with its direction: `[0 - a, b]` reads "by a,
        highest first, then by b, lowest first" (a negated key is the same key the other way)."""
        parts = []
        for k in key.items if isinstance(key, A.ListLit) else (key,):
            desc = descending
            while True:
                if isinstance(k, A.Neg):
                    k, desc = k.operand, not desc
                elif isinstance(k, A.BinOp) and k.op == "-" and isinstance(k.left, A.IntLit) and k.left.value == 0:
                    k, desc = k.right, not desc
                else:
                    break
            parts.append(self.m("order-key", key=self.expr(k, ctx), key_dat=self.expr(k, ctx, "dat"),
                                order="descending" if desc else "ascending"))
        text = parts[0]
        for part in parts[1:]:
            text = self.m("order-then", first=text, next=part)
        return text

    def card_field(self, card: A.Expr, name: str, ctx: Ctx) -> str:
        return self.m("np-field", field=self.w.field_label(name), of=self.expr(card, ctx, "gen"))

    def zname_noun(self, e: A.Expr, ctx: Ctx) -> str:
        if isinstance(e, A.Name) and e.id in ctx.locals and ctx.locals[e.id].noun:
            return ctx.locals[e.id].noun
        if isinstance(e, A.Name) and e.id in self.d.player_zones:
            return self.w.noun(f"zone-{e.id}", "one")
        return self.w.word("place", count=1)

    def zname_gender(self, e: A.Expr, ctx: Ctx) -> str:
        if isinstance(e, A.Name) and e.id in ctx.locals and ctx.locals[e.id].noun:
            return ctx.locals[e.id].gender
        return self.w.word("place", form="gender")

    def is_subject(self, e: A.Expr, ctx: Ctx) -> bool:
        return isinstance(e, A.Name) and e.id == ctx.subject and ctx.locals.get(e.id, Local("")).subst is None

    def arg_values(self, params: tuple[str, ...], args: Sequence[A.Expr], ctx: Ctx) -> dict[str, str]:
        """The values passed to a function or rule, as variables: $p (nominative) and $p_acc,
        $p_dat, $p_gen for languages with cases; $case is the case of the whole phrase."""
        out = {"case": "nom"}
        for p, a in zip(params, args):
            out.update(self.cases(p, a, ctx))
        return out

    def cases(self, name: str, e: A.Expr, ctx: Ctx) -> dict[str, str]:
        """One value as $name and $name_acc, $name_dat, $name_gen."""
        out = {name: self.expr(e, ctx)}
        for case in ("acc", "dat", "gen"):
            out[f"{name}_{case}"] = self.expr(e, ctx, case)
        return out

    def operand(self, e: A.Expr, ctx: Ctx) -> str:
        text = self.expr(e, ctx)
        if isinstance(e, A.BinOp) and e.op in "+-*/%":
            return self.m("math-group", a=text)
        return text

    def with_it(self, source: A.Expr, ctx: Ctx) -> Ctx:
        local = self.local_for(source, ctx)
        return ctx.bind("it", local, subject=self.new_subject(local))

    def local_for(self, source: A.Expr, ctx: Ctx, chosen: bool = False) -> Local:
        """How a loop or choice variable over `source` is referred to; a player while another
        player is being talked about is "the other player", so that the two read apart."""
        elem = element_of(self.k.kind_of(source, ctx))
        if elem == "player" and not chosen and any(
                loc.ref_key == "ref-player" and name != "it" for name, loc in ctx.locals.items()):
            return Local("player", "ref-player", {"which": "other"})
        key = f"const-{source.id}" if isinstance(source, A.Name) and source.id in self.d.consts else None
        return self.w.local_of_kind(elem, chosen, self.group_noun(source, ctx), self.group_gender(source, ctx),
                                    noun_key=key)

    @staticmethod
    def new_subject(local: Local) -> bool:
        """Whether a new local owns "their" places: a player, unless it is "the other player"."""
        return local.kind == "player" and local.ref_args.get("which") != "other"

    def group_noun(self, source: A.Expr, ctx: Ctx) -> str | None:
        if isinstance(source, A.Name) and source.id in self.d.consts:
            return self.w.noun(f"const-{source.id}", "one")
        return None

    def group_gender(self, source: A.Expr, ctx: Ctx) -> str | None:
        if isinstance(source, A.Name) and source.id in self.d.consts:
            return self.w.gender(f"const-{source.id}")
        return None

    def targets(self, e: A.Expr, ctx: Ctx) -> str:
        """A list of a player's zone names (e.g. `placement`, `[both]`) as words."""
        value = self.v.try_static(e, ctx)
        if isinstance(value, list) and all(isinstance(v, Sym) for v in value):
            if isinstance(e, A.Name) and e.id in self.d.consts:
                return self.m("ui-group", group=self.w.noun(f"const-{e.id}", "other", "def"),
                              items=self.m.join([self.w.noun(self.w.noun_key(v.name), "one") for v in value], "and"))
            return self.m.join([self.w.noun(self.w.noun_key(v.name), "one") for v in value], "and")
        return self.expr(e, ctx)

    def quantity(self, q: A.Quantity, what: A.Expr | None, ctx: Ctx) -> str:
        """`7 coins`, `up to 2 pieces`, `all pieces of gold`, `this piece`."""
        if what is not None and isinstance(what, A.Name) and what.id in ctx.locals:
            loc = ctx.locals[what.id]
            if loc.kind == "kind" and q.mode == "exact" and self.v.try_static(q.amount, ctx) == 1:
                return self.ref(loc, "acc")
            noun_key = None
        elif what is not None and isinstance(what, A.Name):
            noun_key = self.w.noun_key(what.id)
        else:
            noun_key = None
        if q.mode == "all":
            if what is None:
                return self.m("qty-everything")
            return self.m("qty-all", what=self.w.noun(noun_key, "other", "def"), gender=self.w.gender(noun_key),
                          what_acc=self.w.noun(noun_key, "other", "acc"), animate=self.w.animate(noun_key))
        value = self.v.try_static(q.amount, ctx)
        # $what_acc, $what_gen: the noun as the object of "move" and after "as many" (Russian cases)
        if isinstance(value, int):
            forms = {f"what{suffix}": self.w.noun(noun_key, value, form) if what is not None
                     else self.w.word("piece", count=value, form=form) for suffix, form in QTY_FORMS}
            return self.m("qty-up-to" if q.mode == "up_to" else "qty-exact", n=value, **forms)
        forms = {f"what{suffix}": self.w.noun(noun_key, "other", form) if what is not None
                 else self.w.word("piece", count="other", form=form) for suffix, form in QTY_FORMS}
        return self.m("qty-up-to-np" if q.mode == "up_to" else "qty-np", n=self.expr(q.amount, ctx), **forms,
                      gender=self.w.gender(noun_key) if what is not None else self.w.word("piece", form="gender"))


def e_IntLit(x: Expressions, e: A.IntLit, ctx: Ctx, case: str) -> str:
    return x.m("ui-number", n=e.value)


def e_BoolLit(x: Expressions, e: A.BoolLit, ctx: Ctx, case: str) -> str:
    return x.m("word-yes" if e.value else "word-no")


def e_StrLit(x: Expressions, e: A.StrLit, ctx: Ctx, case: str) -> str:
    return x.m("ui-quoted", text=e.value)


def e_NoneLit(x: Expressions, e: A.NoneLit, ctx: Ctx, case: str) -> str:
    return x.m("word-none")


def e_Name(x: Expressions, e: A.Name, ctx: Ctx, case: str) -> str:
    d, n = x.d, e.id
    builtin = builtin_of(d, e)
    if builtin is not None and not builtin.itself and x.m.has(ref_key(builtin)):
        return x.m(ref_key(builtin), case=case)
    if is_side(n):  # a side as a value: "the left side", in the case the phrase needs
        return x.m("ref-side", side=n, case=case)
    if n in d.options:
        return x.w.symbol_text(str(d.option_values[n]))
    # plans: a board's space reads as its name (space-NAME, else its title)
    space = next((s for b in d.boards.values() for s in b.spaces if s.name == n), None) if d.boards else None
    if space is not None:
        return x.m(f"space-{n}") if x.m.has(f"space-{n}") else x.m("ui-quoted", text=space.title or n)
    # end plans
    if n in d.shared_zones or n in d.shared_piles:
        key = x.w.noun_key(n)
        return x.w.place(key, case)
    if n in d.consts:
        key = f"const-{n}"
        kind = x.k.kind_of(e, ctx)
        if kind == list_of("zone"):
            return x.w.place(key, case)
        return x.m("np-the", noun=x.w.noun(key, "other", "def"), noun_dat=x.w.noun(key, "other", "dat"),
                   gender=x.w.gender(key), number="other", case=case,
                   vowel=x.w.vowel(key, x.w.noun(key, "other", "def")))
    if n in d.kinds:
        return x.w.short(n)
    if n in d.player_zones:
        return x.w.noun(f"zone-{n}", "one")
    if n in d.cards:
        return x.w.card_title(n)
    if n in d.vars:
        key = f"var-{n}"
        return x.m("np-the", noun=x.w.noun(key, "one", "def"), noun_dat=x.w.noun(key, "one", "dat"),
                   gender=x.w.gender(key), number="one", case=case, vowel=x.w.vowel(key, x.w.noun(key, "one")))
    return x.w.symbol_text(n)


def e_Attr(x: Expressions, e: A.Attr, ctx: Ctx, case: str) -> str:
    obj_kind = x.k.kind_of(e.obj, ctx)
    if obj_kind == "player":
        if e.name in x.d.player_zones or e.name in x.d.player_piles:
            return x.owned_place(e.obj, x.w.noun_key(e.name), ctx, case)
        key = x.w.noun_key(e.name)
        noun = x.w.noun(key, "one")
        return x.m("np-of-player", noun=noun, player=x.expr(e.obj, ctx, "dat"), player_gen=x.expr(e.obj, ctx, "gen"),
                   own="yes" if x.is_subject(e.obj, ctx) else "no", gender=x.w.gender(key), case=case,
                   vowel=x.w.vowel(key, noun))
    if obj_kind in ("zone", list_of("zone")):
        return x.count_in(e.name, e.obj, ctx, case)
    if obj_kind == "card":
        return x.card_field(e.obj, e.name, ctx)
    return x.m("np-field", field=x.w.field_label(e.name), of=x.expr(e.obj, ctx, "dat"))


def e_Index(x: Expressions, e: A.Index, ctx: Ctx, case: str) -> str:
    obj_kind = x.k.kind_of(e.obj, ctx)
    key_kind = x.k.kind_of(e.key, ctx)
    if obj_kind == "player":
        if isinstance(e.key, A.Name) and e.key.id in x.d.player_zones:
            return x.owned_place(e.obj, x.w.noun_key(e.key.id), ctx, case)
        noun = x.zname_noun(e.key, ctx)
        return x.owned_place(e.obj, None, ctx, case, name=noun, gender=x.zname_gender(e.key, ctx))
    if obj_kind == "card":
        if key_kind == "zname" and isinstance(e.key, A.Name) and e.key.id in ctx.locals:
            return x.m("np-card-field-var", card=x.expr(e.obj, ctx), field=x.expr(e.key, ctx, "acc"))
        if isinstance(e.key, A.Name):
            return x.card_field(e.obj, e.key.id, ctx)
    if is_list(obj_kind):
        value = x.v.try_static(e.key, ctx)
        if isinstance(value, int) and 0 <= value < 9:
            return x.m("np-nth", n=value + 1, of=x.expr(e.obj, ctx, "dat"), of_gen=x.expr(e.obj, ctx, "gen"),
                       case=case)
    if obj_kind in ("zone", "bundle") and isinstance(e.key, A.Name):
        return x.count_in(e.key.id, e.obj, ctx, case)
    return x.m("np-field", field=x.expr(e.key, ctx), of=x.expr(e.obj, ctx, "dat"))


def e_Call(x: Expressions, e: A.Call, ctx: Ctx, case: str) -> str:
    d, f, args = x.d, e.func, e.args
    if f in d.funcs:
        func = d.funcs[f]
        key = f"func-{f}"
        if not x.m.has(key) and x._inlined >= MAX_INLINED:
            # Functions without messages calling each other: each inlined body repeats its
            # arguments (in every case), so the text would grow exponentially; name it instead.
            return x.m("ui-untranslated", text=f)
        if not x.m.has(key):
            # No message: say what the function computes, with the values passed in.
            bound = {}
            for p, a in zip(func.params, args):
                if isinstance(a, A.Name) and a.id in ctx.locals:
                    bound[p] = ctx.locals[a.id]
                elif isinstance(a, A.Name) and a.id in func.params:
                    bound[p] = Local(x.k.kind_of(a, ctx), "ref-param", {"name": x.expr(a, ctx)})
                else:
                    bound[p] = Local(x.k.kind_of(a, ctx), subst=a, scope=ctx)
            subject = next((p for p, a in zip(func.params, args) if isinstance(a, A.Name)
                            and a.id == ctx.subject), None)
            x._inlined += 1
            try:
                return x.expr(func.value, Ctx({**ctx.locals, **bound}, subject), case)
            finally:
                x._inlined -= 1
        return x.m(key, **{**x.arg_values(func.params, args, ctx), "case": case})
    if f in d.tables:
        table = d.tables[f]
        title = x.m(f"table-{f}") if x.m.has(f"table-{f}") else x.m("ui-quoted", text=table.title or "")
        return x.m("np-table", table=title, arg=x.expr(args[0], ctx) if args else "")
    if f == "zones":
        return x.zone_phrase(e, ctx, case)
    if f == "count" and len(args) == 2 and isinstance(args[1], A.Name):
        return x.count_in(args[1].id, args[0], ctx, case)
    if f == "size" and args:
        if x.k.kind_of(args[0], ctx) in ("zone", list_of("zone")):  # the pieces in a place, not cards
            return x.m("np-count-in", what=x.w.word("piece", count="other", form="dat"),
                       what_gen=x.w.word("piece", count="other", form="gen"),
                       where=x.zone_phrase(args[0], ctx, "in"), case=case)
        return x.m("np-size", of=x.expr(args[0], ctx, "gen"))
    if f in ("min", "max"):
        items = args[0].items if len(args) == 1 and isinstance(args[0], A.ListLit) else args
        return x.m(f"np-{f}", items=x.m.join([x.expr(a, ctx) for a in items], "and"))
    if f == "neighbour" and len(args) == 2:
        side = x.v.try_static(args[1], ctx)
        if isinstance(side, Sym) and is_side(side.name):
            return x.m("np-neighbour", side=side.name, of=x.expr(args[0], ctx, "gen"),
                          own="yes" if x.is_subject(args[0], ctx) else "no", case=case)
        return x.m("np-neighbour-on", **x.cases("side", args[1], ctx), of=x.expr(args[0], ctx, "gen"),
                      own="yes" if x.is_subject(args[0], ctx) else "no", case=case)
    if f == "opposite" and args:
        # the opposite of the side at hand is "the opposite side"; of another, "the side opposite X"
        this = isinstance(args[0], A.Name) and args[0].id in ctx.locals
        return x.m("np-opposite", **x.cases("side", args[0], ctx), this="yes" if this else "no", case=case)
    if f == "top" and args:
        return x.m("np-top", of=x.zone_phrase(args[0], ctx, "gen"), case=case)
    if f == "cards" and args and isinstance(args[0], A.Name):
        key = f"deck-{args[0].id}"
        return x.m("np-all-cards", deck=x.m(key) if x.m.has(key) else x.w.word("card", count=2))
    if f == "sample" and len(args) == 2:
        return x.m("np-sample", n=x.expr(args[0], ctx), of=x.expr(args[1], ctx, "dat"))
    if f == "pick" and args:
        return x.m("np-pick", of=x.expr(args[0], ctx, "dat"))
    if f in ("pieces", "kinds", "contents") and args:
        return x.m(f"np-{f}", of=x.zone_phrase(args[0], ctx, "in"), case=case)
    if f == "one_of_each" and args:
        return x.m("np-one-of-each", of=x.expr(args[0], ctx, "dat"))
    if f == "at_phase_start" and args:
        return _at_phase_start(x, args[0], ctx)
    if f == "rank" and args:
        return x.m("np-rank", of=x.expr(args[0], ctx, "gen"), case=case)
    if f == "share_in_turn" and len(args) == 2:
        return x.m("np-share", total=x.expr(args[0], ctx), claims=x.expr(args[1], ctx))
    if f == "share_evenly" and len(args) == 2:  # plans
        return x.m("np-share-evenly", total=x.expr(args[0], ctx), claims=x.expr(args[1], ctx))
    if f == "first_n" and len(args) == 2:
        return x.m("np-first-n", n=x.expr(args[1], ctx), of_gen=x.expr(args[0], ctx, "gen"), case=case)
    if f == "first" and args:
        return x.m("np-nth", n=1, of=x.expr(args[0], ctx, "dat"), of_gen=x.expr(args[0], ctx, "gen"), case=case)
    if f == "owner" and args:
        return x.m("np-owner", of=x.expr(args[0], ctx, "gen"))
    if f in ("len", "sum", "abs", "seat", "any", "all"):
        return x.m(f"np-{f}", of=x.expr(args[0], ctx, "gen") if args else "")
    if f in _BOARD_FORMS and len(args) == BUILTINS[f].min_args:
        return _board_call(x, f, args, ctx)
    if f in ORDERS_OF_PLAY and len(args) == 1:  # turns
        return x.m(f"np-{f.replace('_', '-')}", of=x.expr(args[0], ctx), of_gen=x.expr(args[0], ctx, "gen"),
                   of_dat=x.expr(args[0], ctx, "dat"), case=case)
    return x.m("np-result", items=x.m.join([x.expr(a, ctx) for a in args], "and"))


# boards: the built-ins that read a board, each a phrase of its own
_BOARD_FORMS = frozenset({"spaces", "neighbours", "adjacent", "distance", "room"})


def _board_call(x: Expressions, f: str, args: Sequence[A.Expr], ctx: Ctx) -> str:
    if f == "spaces":
        board = x.d.boards.get(args[0].id) if isinstance(args[0], A.Name) else None
        key = f"board-{board.name}" if board is not None else ""
        name = x.m(key) if board is not None and x.m.has(key) else \
            x.m("ui-quoted", text=board.title or board.name) if board is not None else x.expr(args[0], ctx)
        return x.m("np-spaces", board=name)
    if f in ("neighbours", "room"):
        return x.m(f"np-{f}", of=x.expr(args[0], ctx, "gen"))
    a, b = args
    return x.m(f"np-{f}", a=x.expr(a, ctx), b=x.expr(b, ctx), a_gen=x.expr(a, ctx, "gen"),
               a_dat=x.expr(a, ctx, "dat"), b_dat=x.expr(b, ctx, "dat"))


def e_AtPhaseStart(x: Expressions, e: A.AtPhaseStart, ctx: Ctx, case: str) -> str:
    return _at_phase_start(x, e.operand, ctx)


def e_BinOp(x: Expressions, e: A.BinOp, ctx: Ctx, case: str) -> str:
    if e.op in ("==", "!=", "<", "<=", ">", ">="):
        return x.cond(e, ctx)
    if e.op == "+" and is_list(x.k.kind_of(e.left, ctx)):
        return x.m.join([x.expr(e.left, ctx), x.expr(e.right, ctx)], "and")
    names = {"+": "plus", "-": "minus", "*": "times", "/": "div", "%": "mod"}
    return x.m(f"math-{names[e.op]}", a=x.operand(e.left, ctx), b=x.operand(e.right, ctx))


def e_Neg(x: Expressions, e: A.Neg, ctx: Ctx, case: str) -> str:
    return x.m("math-neg", a=x.operand(e.operand, ctx))


def e_BoolOp(x: Expressions, e: A.BoolOp, ctx: Ctx, case: str) -> str:
    return x.cond(e, ctx)  # a yes/no value used as a value reads as its condition


def e_Not(x: Expressions, e: A.Not, ctx: Ctx, case: str) -> str:
    return x.cond(e, ctx)


def e_IfExpr(x: Expressions, e: A.IfExpr, ctx: Ctx, case: str) -> str:
    decided = x.v.decide(e.condition, ctx)
    if decided is True:
        return x.expr(e.then, ctx, case)
    if decided is False:
        return x.expr(e.otherwise, ctx, case)
    return x.m("np-if", then=x.expr(e.then, ctx, case), cond=x.cond(e.condition, ctx),
                  otherwise=x.expr(e.otherwise, ctx, case))


def e_ListLit(x: Expressions, e: A.ListLit, ctx: Ctx, case: str) -> str:
    if x.k.kind_of(e, ctx) == list_of("zone"):
        return x.zone_phrase(e, ctx, case)
    return x.m.join([x.expr(i, ctx, case) for i in e.items], "and")


def e_BundleLit(x: Expressions, e: A.BundleLit, ctx: Ctx, case: str) -> str:
    parts = [x.m("ui-amount-np", n=x.expr(v, ctx), what=x.w.noun(x.w.noun_key(k), "other"))
             for k, v in e.items]
    return x.m.join(parts, "and")


def e_RangeExpr(x: Expressions, e: A.RangeExpr, ctx: Ctx, case: str) -> str:
    return x.m("np-range", low=x.expr(e.low, ctx), high=x.expr(e.high, ctx))


def e_Where(x: Expressions, e: A.Where, ctx: Ctx, case: str) -> str:
    inner = x.with_it(e.source, ctx)
    return x.m("np-where", items=x.expr(e.source, ctx, case), cond=x.cond(e.condition, inner))


def e_Ordered(x: Expressions, e: A.Ordered, ctx: Ctx, case: str) -> str:
    inner = x.with_it(e.source, ctx)
    return x.m("np-ordered", items=x.expr(e.source, ctx, case), keys=x.order_keys(e.key, e.descending, inner))


def e_Extreme(x: Expressions, e: A.Extreme, ctx: Ctx, case: str) -> str:
    inner = x.with_it(e.source, ctx)
    elem = element_of(x.k.kind_of(e.source, ctx))
    return x.m("np-extreme", most="yes" if e.most else "no", key=x.expr(e.key, inner),
                  key_dat=x.expr(e.key, inner, "dat"),
                  items=x.expr(e.source, ctx, "gen"), player="yes" if elem == "player" else "no",
                  case=case)


def e_Comprehension(x: Expressions, e: A.Comprehension, ctx: Ctx, case: str) -> str:
    inner = ctx.bind(e.var, x.local_for(e.source, ctx))
    return x.m("np-each", value=x.expr(e.element, inner), items=x.expr(e.source, ctx, "dat"))


def e_NestedComprehension(x: Expressions, e: A.NestedComprehension, ctx: Ctx, case: str) -> str:
    """Each `for` clause as the phrase of a one-clause comprehension, the later ones inside."""
    scopes, inner = [], ctx
    for clause in e.clauses:
        scopes.append(inner)
        inner = inner.bind(clause.var, x.local_for(clause.source, inner))
    text = x.expr(e.element, inner)
    for clause, outer in zip(reversed(e.clauses), reversed(scopes)):
        text = x.m("np-each", value=text, items=x.expr(clause.source, outer, "dat"))
    return text


def e_LetIn(x: Expressions, e: A.LetIn, ctx: Ctx, case: str) -> str:
    """The body, with the name told as its value (as a statement `let` is)."""
    inner = ctx.bind(e.name, Local(x.k.kind_of(e.value, ctx), subst=e.value, scope=ctx))
    return x.expr(e.body, inner, case)


def e_InExpr(x: Expressions, e: A.InExpr, ctx: Ctx, case: str) -> str:
    return x.cond(e, ctx)



def _at_phase_start(x: Expressions, value: A.Expr, ctx: Ctx) -> str:
    """A value as it was when the phase started (`at_phase_start(v)` and its node read alike)."""
    return x.m("np-at-phase-start", value=x.expr(value, ctx))


def _is_amount(value: Any) -> bool:
    """A number, a bundle of tokens, or one of those per number of players."""
    if isinstance(value, ByPlayers):
        return all(_is_amount(v) for v in value.values())
    if isinstance(value, bool):
        return False
    return isinstance(value, (int, dict))


ExprForm = Callable[[Expressions, Any, Ctx, str], str]
# The form of every kind of expression (tests/test_every_node_kind.py checks that none is missing).
EXPRESSIONS: dict[type, ExprForm] = {
    A.IntLit: e_IntLit,
    A.BoolLit: e_BoolLit,
    A.StrLit: e_StrLit,
    A.NoneLit: e_NoneLit,
    A.Name: e_Name,
    A.Attr: e_Attr,
    A.Index: e_Index,
    A.Call: e_Call,
    A.AtPhaseStart: e_AtPhaseStart,
    A.BinOp: e_BinOp,
    A.Neg: e_Neg,
    A.BoolOp: e_BoolOp,
    A.Not: e_Not,
    A.IfExpr: e_IfExpr,
    A.ListLit: e_ListLit,
    A.BundleLit: e_BundleLit,
    A.RangeExpr: e_RangeExpr,
    A.Where: e_Where,
    A.Ordered: e_Ordered,
    A.Extreme: e_Extreme,
    A.Comprehension: e_Comprehension,
    A.InExpr: e_InExpr,
    A.NestedComprehension: e_NestedComprehension,
    A.LetIn: e_LetIn,
}
