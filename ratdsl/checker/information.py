"""Findings about who may see what (docs/language.md, "Visibility").

E250: `owner only` on a pile or variable that no player owns. `owner only` lets the player a
pile or variable belongs to see it and nobody else; a shared one (declared without `per player`)
has no owner, so the designer meant `hidden` or `per player`.

W311: a choice among the cards of a face-down or hidden pile, filtered by what their backs do
not show (`choose t from bag where it.value > 3`). The engine offers such cards by place, never
by face, but which places are offered then tells the player which cards lie there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import ast as A

if TYPE_CHECKING:  # the checker calls this; only its type is needed here
    from .checker import Checker

CODE = "E250"
FILTERED = "W311"


def check_information(checker: Checker) -> None:
    """An error at each shared pile or variable declared `owner only`; a warning at each choice
    among face-down cards filtered by their faces."""
    unseen: set[str] = set()  # piles whose faces nobody sees
    backs: set[str] = set()  # card fields printed on the back (`public fields`)
    for decl in checker.decls:
        if isinstance(decl, (A.Pile, A.Var)) and decl.visibility == A.OWNER and not decl.per_player:
            what = "pile" if isinstance(decl, A.Pile) else "variable"
            checker.report(decl.span, CODE, f"`owner only` {what} {decl.key.split(' ', 1)[-1]!r} belongs to "
                           "no player: only `per player` ones have an owner",
                           f"write `per player owner only {decl.kind} ...`, or `hidden` if nobody may see it")
        if isinstance(decl, A.Pile) and (decl.visibility == A.HIDDEN or decl.facing == "down"):
            unseen.update(decl.names)
        if isinstance(decl, A.Deck):
            backs.update(name for name, vis in decl.field_visibility if vis == A.PUBLIC)
    if not unseen:
        return
    for decl in checker.decls:
        for node in A.walk(decl):
            if isinstance(node, A.AskChoose) and isinstance(node.options, A.Where):
                pile = _pile_of(node.options)
                if pile in unseen and _reads_faces(node.options, backs):
                    checker.report(node.options.span, FILTERED, f"the choice {node.id!r} offers the face-down "
                                   f"cards of {pile!r} that pass a test of their faces: the places offered tell "
                                   "the player which cards lie there", "test only fields declared `public "
                                   "fields` (printed on the back), or offer every card", severity="warning")


def _pile_of(query: A.Where) -> str | None:
    """The pile a `where` chain starts from, by name (`bag`, `p.hand`)."""
    source: A.Expr = query
    while isinstance(source, A.Where):
        source = source.source
    if isinstance(source, A.Name):
        return source.id
    if isinstance(source, A.Attr):
        return source.name
    return None


def _reads_faces(query: A.Where, backs: set[str]) -> bool:
    """Whether a `where` chain's conditions read `it` beyond the fields printed on the back."""
    while isinstance(query, A.Where):
        for node in A.walk(query.condition):
            if isinstance(node, A.Attr) and isinstance(node.obj, A.Name) and node.obj.id == "it":
                if node.name not in backs:
                    return True
            elif isinstance(node, A.Name) and node.id == "it" and not _is_attr_object(query.condition, node):
                return True
        query = query.source  # type: ignore[assignment]
    return False


def _is_attr_object(root: A.Expr, name: A.Name) -> bool:
    """Whether `name` is the object of a `.field` somewhere under `root`."""
    return any(isinstance(n, A.Attr) and n.obj is name for n in A.walk(root))
