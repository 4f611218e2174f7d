"""The flat target's kinds read from the typed form (semantics/inference.py), where a value's own
expression does not tell them: a variable whose first value is an empty list takes its items'
kind from what the rules set it to. One type system: the compiler asks the inference, it does
not work the kinds out again."""

from __future__ import annotations

from typing import Any

from ...language import ast as A
from ...semantics import types as T
from ...semantics.definition import GameDef
from ...semantics.inference import typed_form
from .tags import BOOL, BUNDLE, CARD_T, DYN, INT, NONE, PILE_T, PLAYER, STR, ZONE_T

_TAGS = {T.NUMBER: INT, T.YESNO: BOOL, T.PLAYER: PLAYER, T.ZONE: ZONE_T, T.PILE: PILE_T, T.CARD: CARD_T,
         T.BUNDLE: BUNDLE, T.NONE: NONE, **{named: STR for named in T.NAMED}}


def _form(d: GameDef) -> Any:
    """The rule set's typed form (kept with its symbol table: the list of declarations is made
    only the first time, not at every one of the compiler's questions)."""
    return d.symbol_table.typed or typed_form(list(d.ruleset.decls), d.symbol_table)


def flat_kind(ty: Any, general: bool = False) -> Any | None:
    """The flat target's kind of a value of static type `ty`, when it is one kind (None: several
    kinds, or any kind, which the flat target has no one form for). With `general`, several kinds
    are DYN, the general form (dyn.py), and `none` among other kinds is left to the flat forms'
    own none."""
    if ty is None:
        return None
    ty = T.untagged(ty)  # (lists told apart by their first name are one list here)
    if general and len(ty) > 1:
        ty = T.without_none(ty)
    if len(ty) != 1:
        return DYN if general and ty else None
    [base] = ty
    if base.tag == T.LIST:
        item = flat_kind(base.arg, general)
        return None if item is None or item == NONE else ("list", item)
    kind = _TAGS.get(base.tag)
    return DYN if kind is None and general else kind


_NARROWED = (INT, BOOL, STR, PLAYER, ZONE_T, CARD_T)  # (kinds whose general form is checked by one unboxing)


def narrowed_kind(d: GameDef, node: A.Expr) -> Any | None:
    """The one kind the typed form gives `node`, where the flat lowering only has the general
    form (a list's item of several kinds, read where the rules have told it apart: `o[2]` after
    a test of `o[0]`, an item at a written position): one of _NARROWED, or a list of them. None
    where the typed form gives several kinds, none among them, or nothing."""
    kind = flat_kind(_form(d).type_of(node))
    base = kind
    while isinstance(base, tuple) and base[0] == "list":
        base = base[1]
    return kind if base in _NARROWED else None


def variable_kind(d: GameDef, name: str) -> Any | None:
    """The kind of a variable (global or per player) from every value the rules give it: items
    of several kinds are in their general form."""
    form = _form(d)
    return flat_kind(T.without_none(form.variables.get(name)) if form.variables.get(name) else None, True)


def let_kind(d: GameDef, let: A.Let) -> Any | None:
    """The kind of a local whose first value is an empty list, from what the rules `set` it to
    (the typed form's type of each value), when that is one kind."""
    form = _form(d)
    kinds = set()
    for decl in d.ruleset.decls:
        for n in A.walk(decl):
            if isinstance(n, A.Set) and isinstance(n.target, A.Name):
                sym = d.symbol_table.ref(n.target)
                if sym is not None and sym.decl is let:
                    ty = form.type_of(n.value)
                    kinds.add(flat_kind(T.without_none(ty) if ty else None, True))
    return kinds.pop() if len(kinds) == 1 else None


def may_be_none(d: GameDef, node: A.Expr) -> bool:
    """Whether the typed form says `node` may be none as the game runs (`first` of an empty list,
    a func's none on one path, an item of a list holding none): where a number is needed, the
    flat code then checks it (support.present), as the reference stops on it (R001)."""
    ty = _form(d).type_of(node)
    return ty is not None and any(b.tag == T.NONE for b in ty)


def items_may_be_none(d: GameDef, node: A.Expr) -> bool:
    """Whether the typed form says the list `node` may hold none as the game runs."""
    ty = _form(d).type_of(node)
    items = T.element(ty) if ty else None
    return items is not None and any(b.tag == T.NONE for b in items)


def piles_for_cards(d: GameDef, node: A.Expr, piles: list[str]) -> tuple[int, ...] | None:
    """The positions in `piles` of the piles that may hold the card `node` is, by the decks the
    typed form says the rules put in each (a pile holds one deck's cards: E290), so that `owner`
    scans those alone; None when that is not known (a card of any deck, cards put in piles the
    rules do not name): then every pile."""
    form = _form(d)
    ty = form.type_of(node)
    if ty is None or form.pile_decks is None or not ty or any(b.tag != T.CARD or b.arg is None for b in ty):
        return None
    decks = frozenset().union(*(T.decks(b) for b in ty))
    kept = []
    for i, name in enumerate(piles):
        held = form.pile_decks.get(name)  # (a pile the rules put no cards in: a scenario may, any deck)
        if name not in form.pile_decks or held is None or held & decks:
            kept.append(i)
    return tuple(kept)
