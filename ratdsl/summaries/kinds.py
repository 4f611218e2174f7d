"""What kind of value an expression is (player, zone, card, list:KIND, ...), so that it can be
named right, in the summaries' words. Where a phrase binds its own locals (a func's parameters
replaced by the values of one call) the kind is worked out here from those; where that finds
nothing ("value"), the typed form (semantics/inference.py) says what every call makes of it."""

from __future__ import annotations

from ..language import ast as A
from ..semantics import types as T
from ..semantics.definition import GameDef
from ..semantics.inference import TypedForm, typed_form
from ..semantics.symbols import CONST, VAR
from .context import Ctx, Local, element_of, list_of

# turns: the built-ins that list the players in an order of play
ORDERS_OF_PLAY = frozenset({"clockwise", "counter_clockwise", "clockwise_after", "counter_clockwise_after", "snake"})


class Kinds:
    """The static kind of expressions; the kinds of constants and functions are worked out once."""

    def __init__(self, d: GameDef):
        self.d = d
        self._const_kinds: dict[str, str] = {}
        self._kdepth = 0

    def kind_of(self, e: A.Expr, ctx: Ctx) -> str:
        self._kdepth += 1
        try:
            if self._kdepth > 40:
                return "value"
            kind = self._kind_of(e, ctx)
            return self.typed_kind(e) if kind == "value" else kind
        finally:
            self._kdepth -= 1

    @property
    def typed(self) -> TypedForm:
        return typed_form(self.d.ruleset.decls, self.d.symbol_table)

    def typed_kind(self, e: A.Expr) -> str:
        """The typed form's kind of e in these words, when it is one kind (else "value")."""
        return summary_word(T.without_none(self.typed.type_of(e)))

    def _kind_of(self, e: A.Expr, ctx: Ctx) -> str:
        d = self.d
        if isinstance(e, A.Name):
            n = e.id
            if n in ctx.locals:
                loc = ctx.locals[n]
                return self.kind_of(loc.subst, loc.subst_ctx(ctx)) if loc.subst is not None else loc.kind
            typed = d.symbol_table.global_type(n)  # a built-in name's, or its declaration's kind's
            if typed is not None:
                return typed
            kinds = d.symbol_table.declared_kinds(n)
            if CONST in kinds:  # what the value of the constant is
                if n not in self._const_kinds:
                    self._const_kinds[n] = "value"
                    self._const_kinds[n] = self.kind_of(d.consts[n].value, Ctx())
                return self._const_kinds[n]
            if VAR in kinds:
                typed = self.typed_kind(e)
                return "number" if typed == "value" else typed
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
            if f == "sample":  # cards (or items) picked from a pile or list: a list, never the pile
                return list_of(element_of(self.kind_of(e.args[1], ctx))) if len(e.args) > 1 else "value"
            if f == "first":
                return element_of(self.kind_of(e.args[0], ctx)) if e.args else "value"
            if f == "first_n":  # the first n items: a list of the same kind
                return self.kind_of(e.args[0], ctx) if e.args else "value"
            if f == "opposite":
                return "side"
            if f in ("one_of_each", "contents"):
                return "bundle"
            if f in ("share_in_turn", "share_evenly"):  # (share_evenly: plans)
                return list_of("number")
            if f in ORDERS_OF_PLAY:  # turns
                return list_of("player")
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


_WORDS = {T.NUMBER: "number", T.YESNO: "bool", T.PLAYER: "player", T.ZONE: "zone", T.ZNAME: "zname",
          T.PILE: "pile", T.CARD: "card", T.KIND: "kind", T.DECK: "deck", T.SIDE: "side", T.SYMBOL: "symbol",
          T.BOARD: "board", T.BUNDLE: "bundle"}


def summary_word(t) -> str:
    """A type of the typed form in the summaries' words ("value" for any kind or several)."""
    if not t or len(t) != 1:
        return "value"
    base = next(iter(t))
    if base.tag == T.LIST:
        return list_of(summary_word(T.without_none(base.arg)))
    return _WORDS.get(base.tag, "value")
