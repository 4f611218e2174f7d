"""Go to definition, find references and rename, across the game's files, its modules and its
variants (workspace.Workspace.family), from the occurrences the index reads off the resolver's notes.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as T
from pygls.uris import from_fs_path

from .index import Index, Occurrence
from .rename_files import locale_edits, locale_files, scenario_edits, scenario_files
from .vocabulary import reserved
from .workspace import Analysis, Workspace


class RenameRefused(ValueError):
    """A rename that would not give a working rule set: the message says why (one line)."""


def occurrence_at(ws: Workspace, path: Path, position: T.Position) -> tuple[Occurrence, Analysis] | None:
    """The name under the cursor (0-based LSP position) in the document's own rule set."""
    analysis = ws.for_document(path, checked=False)
    index = analysis.index
    if index is None:
        return None
    occ = index.at(str(Path(path).absolute()), position.line + 1, position.character + 1)
    return (occ, analysis) if occ is not None else None


def _everywhere(ws: Workspace, path: Path, key: tuple) -> list[Occurrence]:
    """Every occurrence of `key` in the rule sets of the document's game, each place once."""
    seen: dict[tuple, Occurrence] = {}
    indexed: set[int] = set()  # declarations already looked through (the parse cache shares them)
    own = ws.context(path)
    for analysis in ws.family(path):
        if not analysis.ok:
            continue
        if analysis.context == own or not indexed:
            index = analysis.index
        else:  # another rule set of the game: only the declarations not seen yet (its own file,
            # and the game's declarations that an earlier rule set replaced)
            fresh = [d for d in analysis.ruleset.decls if id(d) not in indexed]
            index = Index(fresh, analysis.symbols, analysis.edits)
        indexed.update(id(d) for d in analysis.ruleset.decls)
        for occ in index.of(key):
            place = (occ.file, occ.line, occ.column)
            if place not in seen or occ.declaration:
                seen[place] = occ
    return sorted(seen.values(), key=lambda o: (o.file, o.line, o.column))


def location(occ: Occurrence) -> T.Location:
    return T.Location(from_fs_path(occ.file) or occ.file,
                      T.Range(T.Position(occ.line - 1, occ.column - 1), T.Position(occ.line - 1, occ.end_column - 1)))


def definition(ws: Workspace, path: Path, position: T.Position) -> list[T.Location]:
    found = occurrence_at(ws, path, position)
    if found is None or found[0].key[0] == "builtin":
        return []
    occ, analysis = found
    here = [o for o in analysis.index.of(occ.key) if o.declaration]  # the rule set the document is in
    return [location(o) for o in (here or _everywhere(ws, path, occ.key)) if o.declaration]


def references(ws: Workspace, path: Path, position: T.Position, include_declaration: bool = True) -> list[T.Location]:
    found = occurrence_at(ws, path, position)
    if found is None or found[0].key[0] == "builtin":
        return []
    return [location(o) for o in _everywhere(ws, path, found[0].key) if include_declaration or not o.declaration]


def prepare_rename(ws: Workspace, path: Path, position: T.Position) -> T.Range | None:
    found = occurrence_at(ws, path, position)
    if found is None or found[0].key[0] == "builtin":
        return None
    return location(found[0]).range


def rename(ws: Workspace, path: Path, position: T.Position, new_name: str) -> T.WorkspaceEdit:
    """Every place the name under the cursor is written, renamed; scenario data and locale keys
    too for a declaration. Raises RenameRefused for a name that is not allowed or is taken."""
    found = occurrence_at(ws, path, position)
    if found is None or found[0].key[0] == "builtin":
        raise RenameRefused("nothing to rename here: put the cursor on a declared or local name")
    occ, analysis = found
    old = occ.name
    why = reserved(new_name)
    if why is not None:
        raise RenameRefused(why)
    if new_name == old:
        return T.WorkspaceEdit(changes={})
    family = ws.family(path)
    for other in family:
        if other.symbols is not None and new_name in other.symbols.declared:
            first = other.symbols.declared[new_name][0]
            where = f" at {first.decl.span}" if first.decl is not None else ""
            raise RenameRefused(f"{new_name!r} is already declared ({first.kind}{where})")
    if occ.key[0] == "local":
        binder = next((o for o in analysis.index.occurrences if o.key[0] == "local" and o.name == new_name
                       and o.key[1:4] == occ.key[1:4]), None)
        if binder is not None:
            raise RenameRefused(f"{new_name!r} is already bound there")
    changes: dict[str, list[T.TextEdit]] = {}
    for o in _everywhere(ws, path, occ.key):
        loc = location(o)
        changes.setdefault(loc.uri, []).append(T.TextEdit(loc.range, new_name))
    root = analysis.context.root
    if occ.key[0] == "global" and root is not None:
        declared = [s for a in family if a.symbols is not None for s in a.symbols.declared.get(old, ())]
        for file in scenario_files(root):
            _add(changes, file, scenario_edits(file, old, new_name))
        for file in locale_files(root):
            _add(changes, file, locale_edits(file, declared, old, new_name))
    return T.WorkspaceEdit(changes=changes)


def _add(changes: dict[str, list[T.TextEdit]], file: Path, edits: list[tuple[int, int, int, int, str]]) -> None:
    if edits:
        uri = from_fs_path(str(file.absolute())) or str(file)
        changes.setdefault(uri, []).extend(
            T.TextEdit(T.Range(T.Position(l0, c0), T.Position(l1, c1)), text) for l0, c0, l1, c1, text in edits)
