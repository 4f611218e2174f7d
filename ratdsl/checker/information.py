"""E250: `owner only` on a pile or variable that no player owns.

`owner only` lets the player a pile or variable belongs to see it and nobody else; a shared one
(declared without `per player`) has no owner, so the designer meant `hidden` or `per player`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import ast as A

if TYPE_CHECKING:  # the checker calls this; only its type is needed here
    from .checker import Checker

CODE = "E250"


def check_information(checker: Checker) -> None:
    """An error at each shared pile or variable declared `owner only`."""
    for decl in checker.decls:
        if isinstance(decl, (A.Pile, A.Var)) and decl.visibility == A.OWNER and not decl.per_player:
            what = "pile" if isinstance(decl, A.Pile) else "variable"
            checker.report(decl.span, CODE, f"`owner only` {what} {decl.key.split(' ', 1)[-1]!r} belongs to "
                           "no player: only `per player` ones have an owner",
                           f"write `per player owner only {decl.kind} ...`, or `hidden` if nobody may see it")
