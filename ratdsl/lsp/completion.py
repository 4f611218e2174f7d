"""Completion: the grammar's keywords, the names declared in the rule set (option values, zones,
kinds, cards...), the locals in scope at the cursor and the built-in functions with their
signatures, filtered by what the grammar lets come at the cursor (expected.py): after `move 2`
the kinds, after `do` the rules, after `set` the variables, in a variant's `with` the game's
modules, after a move's `from` or `to` its places first, and only the keywords that may follow.
After `NAME.` only what a player has (per-player zones, piles and variables); after `OPTION ==` or
`set option OPTION =` that option's values come first. Where the text before the cursor does not
parse, everything is offered.

Names come from the newest analysis of the document's rule set that loaded: while the text being
typed does not parse, the last one that did.
"""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types as T

from ..language import ast as A
from ..language.loader import available_modules
from ..semantics.builtins import BUILTINS
from ..semantics.symbols import (
    BUILTIN_NAMES,
    CARD,
    CONST,
    DECK,
    FUNC,
    KIND,
    OPTION,
    PILE,
    PLAYER_PILE,
    PLAYER_VAR,
    PLAYER_ZONE,
    RULE,
    SYMBOL,
    TABLE,
    VAR,
    ZONE,
)
from .expected import expected_at
from .vocabulary import keywords
from .workspace import Analysis, Workspace, context_of

K = T.CompletionItemKind
ITEM_KINDS = {OPTION: K.Enum, SYMBOL: K.EnumMember, KIND: K.Constant, CONST: K.Constant, ZONE: K.Variable,
              PLAYER_ZONE: K.Field, PILE: K.Variable, PLAYER_PILE: K.Field, VAR: K.Variable, PLAYER_VAR: K.Field,
              DECK: K.Class, CARD: K.Value, TABLE: K.Function, FUNC: K.Function, RULE: K.Method}
_ATTR = re.compile(r"([A-Za-z_][A-Za-z0-9_]*|\))\s*\.\s*[A-Za-z0-9_]*$")
_COMPARED = re.compile(r"(?:set\s+option\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:==|!=|=)\s*[A-Za-z0-9_]*$")


def completion(ws: Workspace, path: Path, position: T.Position) -> T.CompletionList:
    analysis = ws.last_good(path)
    text = ws.text(path) or ""
    lines = text.split("\n")
    line = lines[position.line] if position.line < len(lines) else ""
    prefix = line[: position.character]
    items: list[T.CompletionItem] = []
    table = analysis.symbols if analysis is not None else None
    if _ATTR.search(prefix):
        if table is not None:
            for group in (table.player_zones, table.player_piles, table.player_vars):
                items += [_item(name, sym.kind) for name, sym in group.items()]
        return T.CompletionList(is_incomplete=False, items=items)
    first: set[str] = set()
    compared = _COMPARED.search(prefix)
    if compared and table is not None:
        opt = table.globals.get(compared.group(1))
        if opt is not None and opt.kind == OPTION and isinstance(opt.decl, A.Option):
            first = {str(v) for v in opt.decl.values}
    offset = sum(len(x) + 1 for x in lines[:position.line]) + len(prefix)
    expected = expected_at(text[:offset])
    items += [T.CompletionItem(label=w, kind=K.Keyword, sort_text="3" + w) for w in keywords()
              if expected is None or w in expected.keywords]
    if expected is not None and not expected.name:
        return T.CompletionList(is_incomplete=False, items=items)
    place = expected.place if expected is not None else ""
    if place == "module":
        root = (analysis.context.root if analysis is not None else None) or context_of(path).root
        modules = available_modules(root) if root is not None else []
        items += [T.CompletionItem(label=m, kind=K.Module, detail="module", sort_text="0" + m) for m in modules]
        return T.CompletionList(is_incomplete=False, items=items)
    if place not in FILTERED:
        items += [T.CompletionItem(label=b.name, kind=K.Function, detail=b.signature, sort_text="2" + b.name,
                                   documentation=_reads(b)) for b in BUILTINS.values()]
        items += [T.CompletionItem(label=n, kind=K.Variable, detail=f"built-in ({b.type})", sort_text="2" + n)
                  for n, b in BUILTIN_NAMES.items() if not b.binder]
    if table is not None:
        for name, syms in table.declared.items():
            sym = syms[0]
            if _fits(place, sym.kind):
                rank = "0" if name in first or place in PREFERRED and sym.kind in PREFERRED[place] else "1"
                items.append(_item(name, sym.kind, rank, _detail(sym)))
        if analysis is not None and place not in ("rule", "kind"):
            items += _locals(analysis, path, position)
    return T.CompletionList(is_incomplete=False, items=items)


# Where a name must be of some kinds (the rest are not offered), and where some come first.
FILTERED = {"rule": {RULE}, "kind": {KIND}, "variable": {VAR}}
PREFERRED = {"place": {ZONE, PILE}}


def _fits(place: str, kind: str) -> bool:
    allowed = FILTERED.get(place)
    return allowed is None or kind in allowed


def _reads(b) -> str:
    return "built-in function" + ("" if b.pure else ", reads " + ", ".join(sorted(b.reads)))


def _item(name: str, kind: str, rank: str = "1", detail: str | None = None) -> T.CompletionItem:
    return T.CompletionItem(label=name, kind=ITEM_KINDS.get(kind, K.Text), detail=detail or kind, sort_text=rank + name)


def _detail(sym) -> str:
    decl = sym.decl
    if sym.kind == SYMBOL and isinstance(decl, A.Option):
        return f"value of option {decl.name}"
    if isinstance(decl, (A.Func, A.Rule)):
        return f"{sym.kind} {decl.name}({', '.join(decl.params)})"
    title = getattr(decl, "title", None)
    return f"{sym.kind}" + (f": {title}" if title else "")


def _locals(analysis: Analysis, path: Path, position: T.Position) -> list[T.CompletionItem]:
    """The locals whose binder encloses the cursor (as the binder's span goes: a `let` is offered
    from its line on, up to the end of the declaration it is in)."""
    index = analysis.index
    if index is None:
        return []
    me = str(Path(path).absolute())
    line, column = position.line + 1, position.character + 1
    enclosing = [d.span for d in analysis.ruleset.decls if d.span.file == me
                 and (d.span.line, d.span.column) <= (line, column) <= (d.span.end_line, d.span.end_column)]
    out: dict[str, T.CompletionItem] = {}
    for occ in index.by_file.get(me, ()):
        if occ.key[0] != "local" or not occ.declaration or occ.symbol is None:
            continue
        binder = occ.symbol.decl.span
        inside = (binder.line, binder.column) <= (line, column) <= (binder.end_line, binder.end_column)
        later_let = isinstance(occ.symbol.decl, A.Let) and any(
            (s.line, s.column) <= (binder.line, binder.column) and (line, column) <= (s.end_line, s.end_column)
            and (binder.line, binder.column) <= (line, column) for s in enclosing)
        if inside or later_let:
            out[occ.name] = T.CompletionItem(label=occ.name, kind=K.Variable, detail="local", sort_text="0" + occ.name)
    return list(out.values())
