"""Hover: what the name under the cursor is, in Markdown.

A declaration shows its kind, title and the comment written right above it (its docstring); an
option its values and default (and a variant's setting); a func, table or rule its signature and
which modules, variants and cards modify it or hook into it; a card its localized names from the
game's locale files; a local how it is bound; a built-in function its signature.
"""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types as T

from ..language import ast as A
from ..semantics.builtins import BUILTINS
from ..semantics.symbols import BUILTIN_NAMES, CARD, OPTION, SYMBOL, Symbol
from .navigation import occurrence_at
from .rename_files import locale_files
from .workspace import Analysis, Workspace

MAX_DOC_LINES = 20


def hover(ws: Workspace, path: Path, position: T.Position) -> T.Hover | None:
    found = occurrence_at(ws, path, position)
    if found is None:
        return None
    occ, analysis = found
    if occ.key[0] == "builtin":
        text = _builtin(occ.name)
    elif occ.key[0] == "local":
        text = _local(occ.symbol, occ.name)
    else:
        text = _declaration(ws, path, analysis, occ.name)
    if not text:
        return None
    rng = T.Range(T.Position(occ.line - 1, occ.column - 1), T.Position(occ.line - 1, occ.end_column - 1))
    return T.Hover(T.MarkupContent(T.MarkupKind.Markdown, text), rng)


def _builtin(name: str) -> str:
    if name in BUILTINS:
        b = BUILTINS[name]
        reads = f" — reads {', '.join(sorted(b.reads))}" if b.reads else " — pure"
        returns = f" → {b.returns}" if b.returns else ""
        return f"```ratdsl\n{b.signature}{returns}\n```\nbuilt-in function{reads}"
    b = BUILTIN_NAMES.get(name)
    return f"`{name}`: built-in name ({b.type})" if b is not None else ""


def _local(sym: Symbol | None, name: str) -> str:
    if sym is None or sym.decl is None:
        return f"`{name}`: local"
    how = {"param": "parameter", "let": "`let`", "loop": "loop variable", "implicit": "implicit"}.get(
        sym.binder, "local")
    owner = getattr(sym.decl, "name", None)
    where = f" of {sym.decl.kind} `{owner}`" if isinstance(sym.decl, A.Decl) and owner else ""
    kind = "parameter" if isinstance(sym.decl, (A.Func, A.Rule, A.Table, A.Modify, A.Hook, A.Scoring)) else how
    return f"`{name}`: {kind}{where}" + (f" ({sym.type})" if sym.type else "")


def _declaration(ws: Workspace, path: Path, analysis: Analysis, name: str) -> str:
    table = analysis.symbols
    syms = list(table.declared.get(name, ())) if table is not None else []
    for extra in (table.player_zones, table.player_vars, table.player_piles) if table is not None else ():
        if name in extra and extra[name] not in syms:
            syms.append(extra[name])
    if not syms:
        return f"`{name}`: declared in the game this file changes"
    parts: list[str] = []
    for sym in syms[:3]:
        parts.append(_one(ws, path, analysis, sym))
    return "\n\n---\n\n".join(p for p in parts if p)


def _one(ws: Workspace, path: Path, analysis: Analysis, sym: Symbol) -> str:
    decl = sym.decl
    if sym.kind == SYMBOL and isinstance(decl, A.Option):
        head = f"**{sym.name}**: a value of option `{decl.name}`"
    else:
        title = getattr(decl, "title", None)
        head = f"**{sym.kind} {sym.name}**" + (f" — {title}" if title else "")
    lines = [head]
    signature = _signature(decl)
    if signature:
        lines.append(f"```ratdsl\n{signature}\n```")
    if sym.kind == OPTION and isinstance(decl, A.Option):
        values = ", ".join(str(v) for v in decl.values)
        lines.append(f"values: {values}; default: `{decl.default}`")
        ruleset = analysis.ruleset
        if ruleset is not None and sym.name in ruleset.option_overrides:
            lines.append(f"this variant sets it to `{ruleset.option_overrides[sym.name][0]}`")
    if decl is not None:
        doc = docstring(ws, decl.span)
        if doc:
            lines.append(doc)
        lines.append(f"declared in `{Path(decl.span.file).name}` line {decl.span.line}")
    if sym.kind == CARD and analysis.context.root is not None:
        names = localized(analysis.context.root, "card", sym.name)
        if names:
            lines.append("names: " + "; ".join(f"{lang}: {text}" for lang, text in names))
    if isinstance(decl, (A.Func, A.Table, A.Rule)):
        changed = modified_by(ws, path, sym.name, isinstance(decl, A.Rule))
        if changed:
            lines.append(("hooked by: " if isinstance(decl, A.Rule) else "modified by: ") + "; ".join(changed))
    return "\n\n".join(lines)


def _signature(decl: A.Node | None) -> str | None:
    if isinstance(decl, A.Func):
        return f"func {decl.name}({', '.join(decl.params)})"
    if isinstance(decl, A.Rule):
        return f"rule {decl.name}({', '.join(decl.params)})"
    if isinstance(decl, A.Table):
        return f"table {decl.name}({decl.param})"
    if isinstance(decl, A.Card):
        return f"card {decl.name} in {decl.deck}"
    return None


def docstring(ws: Workspace, span: A.Span) -> str:
    """The comment lines written right above a declaration (no blank line between)."""
    text = ws.text(span.file)
    if not text or span.line < 2:
        return ""
    lines = text.split("\n")
    out: list[str] = []
    number = span.line - 2
    while number >= 0 and len(out) < MAX_DOC_LINES:
        line = lines[number].strip() if number < len(lines) else ""
        if not line.startswith("#") or set(line) <= {"#", "-", " "} or re.match(r"#\s*-{8,}", line):
            break
        out.append(line.lstrip("#").strip())
        number -= 1
    if not out and span.line <= len(lines):  # else a comment at the end of its first line
        tokens = _TRAILING.search(lines[span.line - 1])
        return tokens.group(1).strip() if tokens else ""
    return " ".join(reversed(out))


_TRAILING = re.compile(r'^(?:[^"#]|"(?:[^"\\]|\\.)*")*#(.*)$')


def localized(root: Path, prefix: str, name: str) -> list[tuple[str, str]]:
    """The first line of message `PREFIX-NAME` in each language of the game's locale files."""
    pattern = re.compile(rf"^{re.escape(prefix)}-{re.escape(name)}\s*=\s*(\S.*)$", re.MULTILINE)
    out = []
    for file in locale_files(root):
        try:
            found = pattern.search(file.read_text("utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        if found and not found.group(1).startswith("{"):
            out.append((file.parent.name, found.group(1).strip()))
    return out


def modified_by(ws: Workspace, path: Path, name: str, rule: bool) -> list[str]:
    """Where the rule sets of the game modify a func or table, or hook into a rule: the module,
    variant or card, once each."""
    places: dict[tuple, str] = {}
    for analysis in ws.family(path):
        if analysis.ruleset is None:
            continue
        root = analysis.context.root
        for decl in analysis.ruleset.decls:
            for node in [decl, *getattr(decl, "modifiers", ()), *getattr(decl, "hooks", ())]:
                wanted = A.Hook if rule else A.Modify
                if isinstance(node, wanted) and node.name == name:
                    key = (node.span.file, node.span.line)
                    if key not in places:
                        places[key] = _where(node, decl, root)
    return sorted(set(places.values()))


def _where(node: A.Node, decl: A.Decl, root: Path | None) -> str:
    file = Path(node.span.file)
    what = f"`{node.time} {node.name}`" if isinstance(node, A.Hook) else f"`modify {node.name}`"
    if isinstance(decl, A.Card):
        what += f" on card `{decl.name}`"
    if file.parent.name == "modules":
        return f"{what} in module `{file.stem}`"
    if root is not None and file.parent != root:
        return f"{what} in variant `{file.stem}`"
    return f"{what} in `{file.name}`"
