"""Persona weights (E237, E238): each is a number fixed by the rules before any game, because
`ratdsl simulate` works them out once, outside any game: a whole number, a const, an option, or
arithmetic on them. `pick(...)`, zones, players and other state differ from game to game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import ast as A
from ..semantics.definition import MAX_PERSONA_WEIGHT
from ..semantics.symbols import CONST, OPTION

if TYPE_CHECKING:  # the checker creates this; only its type is needed here
    from .checker import Checker

_ARITHMETIC = frozenset(("+", "-", "*", "/", "%"))


def check_persona(checker: Checker, persona: A.Persona) -> None:
    """Reports each weight that is not fixed before the game (E237) or out of range (E238)."""
    for w in persona.weights:
        where = f"{persona.name}: {w.decision}.{w.option}"
        offender = _not_fixed(checker, w.weight, frozenset())
        if offender is not None:
            checker.report(offender.span, "E237", f"persona {where}: a weight must be fixed before the game",
                           "write a whole number, a const or an option, or arithmetic on them")
            continue
        known = checker.operands.known(w.weight)
        if known is not None and known[1] and known[0].__class__ is int \
                and not 0 <= known[0] <= MAX_PERSONA_WEIGHT:
            checker.report(w.weight.span, "E238", f"persona {where}: weight {_short(known[0])} is not "
                           f"from 0 to {MAX_PERSONA_WEIGHT:,}", "weights compare answers: small numbers do")


def _not_fixed(checker: Checker, x: A.Expr, seen: frozenset[str]) -> A.Expr | None:
    """The first part of `x` that a game could change, or None when the rules fix its value."""
    if isinstance(x, A.IntLit):
        return None
    if isinstance(x, A.Neg):
        return _not_fixed(checker, x.operand, seen)
    if isinstance(x, A.BinOp) and x.op in _ARITHMETIC:
        return _not_fixed(checker, x.left, seen) or _not_fixed(checker, x.right, seen)
    if isinstance(x, A.Name):
        sym = checker.table.ref(x)
        if sym is not None and sym.kind == OPTION:
            return None
        if sym is not None and sym.kind == CONST and isinstance(sym.decl, A.Const) and x.id not in seen:
            return x if _not_fixed(checker, sym.decl.value, seen | {x.id}) is not None else None
    return x


def _short(n: int) -> str:
    """A number as a message shows it: a 400-digit one by its length."""
    text = str(n) if abs(n) < 10**30 else f"of {len(str(abs(n)))} digits"
    return text
