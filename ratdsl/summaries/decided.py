"""What the options in force and the number of players decide about an expression, before any
game is played: a value, a yes/no, one value per number of players, or nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..language import ast as A
from ..semantics.definition import GameDef
from .context import Ctx
from .static import UNKNOWN, ByPlayers, NotStatic, StaticEval, over_players


def counts_where(value: ByPlayers) -> list[int]:
    """The numbers of players for which a yes/no that depends on them is yes."""
    return [n for lo, hi, v in value.groups if v for n in range(lo, hi + 1)]


class Decided:
    """Static values seen from a summary: the locals in scope are unknown."""

    def __init__(self, d: GameDef, ev: StaticEval):
        self.d = d
        self.ev = ev

    def static(self, expr: A.Expr, ctx: Ctx) -> Any:
        env = {name: UNKNOWN for name in ctx.locals}
        return over_players(self.ev, expr, env)

    def try_static(self, expr: A.Expr, ctx: Ctx) -> Any:
        try:
            return self.static(expr, ctx)
        except NotStatic:
            return NotStatic

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
