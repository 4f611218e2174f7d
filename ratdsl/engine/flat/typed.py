"""The flat target's kinds read from the typed form (semantics/inference.py), where a value's own
expression does not tell them: a variable whose first value is an empty list takes its items'
kind from what the rules set it to. One type system: the compiler asks the inference, it does
not work the kinds out again."""

from __future__ import annotations

from typing import Any

from ...semantics import types as T
from ...semantics.definition import GameDef
from ...semantics.inference import typed_form
from .tags import BOOL, BUNDLE, CARD_T, INT, NONE, PILE_T, PLAYER, STR, ZONE_T

_TAGS = {T.NUMBER: INT, T.YESNO: BOOL, T.PLAYER: PLAYER, T.ZONE: ZONE_T, T.PILE: PILE_T, T.CARD: CARD_T,
         T.BUNDLE: BUNDLE, T.NONE: NONE, **{named: STR for named in T.NAMED}}


def flat_kind(ty: Any) -> Any | None:
    """The flat target's kind of a value of static type `ty`, when it is one kind (None: several
    kinds, or any kind, which the flat target has no one form for)."""
    if ty is None or len(ty) != 1:
        return None
    [base] = ty
    if base.tag == T.LIST:
        item = flat_kind(base.arg)
        return None if item is None or item == NONE else ("list", item)
    return _TAGS.get(base.tag)


def variable_kind(d: GameDef, name: str) -> Any | None:
    """The kind of a variable (global or per player) from every value the rules give it."""
    form = typed_form(list(d.ruleset.decls), d.symbol_table)
    return flat_kind(T.without_none(form.variables.get(name)) if form.variables.get(name) else None)
