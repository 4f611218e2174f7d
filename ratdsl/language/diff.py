"""What a variant changes, element by element: options set, modules switched on, declarations
added, removed or replaced, and inside a replaced one the table rows, card fields, effects and
phase steps that differ (old -> new, as written in the rule files)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import ast as A
from .loader import RuleSet, decl_identity


@dataclass
class Detail:
    element: str
    old: str | None
    new: str | None
    diff: list[str] | None = None  # a replaced body of several lines: a unified diff of its formatted lines


@dataclass
class Change:
    kind: str  # "option", "module", "table", "card", "phase", ...
    name: str
    change: str  # "added" | "removed" | "changed" | "set" | "switched on"
    details: list[Detail] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "change": self.change,
                "details": [{"element": d.element, "old": d.old, "new": d.new}
                            | ({"diff": d.diff} if d.diff is not None else {}) for d in self.details]}


_TEXT: dict[str, list[str]] = {}


def source_text(node: A.Node) -> str:
    """The rule text a node was parsed from, on one line with single spaces."""
    span = node.span
    if span.file not in _TEXT:
        try:
            _TEXT[span.file] = Path(span.file).read_text("utf-8").splitlines()
        except OSError:
            _TEXT[span.file] = []
    lines = _TEXT[span.file]
    if not lines or span.line <= 0:
        return repr(node)
    chunk = lines[span.line - 1: span.end_line]
    if len(chunk) == 1:
        chunk = [chunk[0][span.column - 1: span.end_column - 1]]
    else:
        chunk[0] = chunk[0][span.column - 1:]
        chunk[-1] = chunk[-1][: span.end_column - 1]
    text = " ".join(line.split("#", 1)[0].strip() for line in chunk)
    return " ".join(text.split())


def diff_ruleset(variant: RuleSet, base_modules: tuple[str, ...] = ()) -> list[Change]:
    """What a loaded variant changes: modules it switches on beyond `base_modules`, options it
    sets, and every declaration it adds, removes or replaces (compared with the same game and
    modules before the variant's edits)."""
    _TEXT.clear()
    changes: list[Change] = []
    for module in variant.modules:
        if module.name not in base_modules:
            changes.append(Change("module", module.name, "switched on"))
    defaults = {d.name: d.default for d in variant.base_decls if isinstance(d, A.Option)}
    for name, (value, _span) in variant.option_overrides.items():
        changes.append(Change("option", name, "set", [Detail("value", _show(defaults.get(name)), _show(value))]))
    old = {_identity(d): d for d in variant.base_decls if _identity(d)}
    new = {_identity(d): d for d in variant.decls if _identity(d)}
    for ident, decl in new.items():
        if ident not in old:
            changes.append(Change(ident[0], ident[1], "added", [Detail("definition", None, source_text(decl))]))
        elif decl != old[ident]:
            changes.append(Change(ident[0], ident[1], "changed", _details(old[ident], decl)))
    for ident, decl in old.items():
        if ident not in new:
            changes.append(Change(ident[0], ident[1], "removed", [Detail("definition", source_text(decl), None)]))
    base_ids = {id(d) for d in variant.base_decls}
    for decl in variant.decls:  # additions without a name: hooks, modifiers, extra setup steps
        if _identity(decl) is None and id(decl) not in base_ids:
            changes.append(Change(decl.kind, decl.key, "added", [Detail("definition", None, source_text(decl))]))
    return changes


def _identity(decl: A.Decl) -> tuple[str, str] | None:
    """Like loader.decl_identity, and a setup block is known by the file it is written in."""
    if isinstance(decl, A.Setup):
        return ("setup", Path(decl.span.file).name)
    return decl_identity(decl)


def _show(value: Any) -> str | None:
    return None if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _details(old: A.Decl, new: A.Decl) -> list[Detail]:
    if isinstance(old, A.Table) and isinstance(new, A.Table):
        details = _keyed(_rows(old), _rows(new), "row")
        if old.title != new.title:
            details.append(Detail("title", old.title, new.title))
        return details
    if isinstance(old, A.Card) and isinstance(new, A.Card):
        details = _keyed({f.name: f for f in old.fields}, {f.name: f for f in new.fields}, "field")
        details += _keyed(_effects(old), _effects(new), "effect")
        if old.title != new.title:
            details.append(Detail("title", old.title, new.title))
        return details
    if isinstance(old, (A.Phase, A.Setup)) and isinstance(new, (A.Phase, A.Setup)):
        return _keyed({s.name: s for s in old.steps}, {s.name: s for s in new.steps}, "step")
    return [Detail("definition", source_text(old), source_text(new), _unified(old, new))]


def _unified(old: A.Node, new: A.Node) -> list[str] | None:
    """The lines of a unified diff between the two nodes' formatted text (no file headers), or
    None when both fit on one line (then `old -> new` says it)."""
    import difflib

    from .formatter import formatted_lines

    try:
        before, after = formatted_lines(old), formatted_lines(new)
    except (TypeError, AttributeError):  # a node the formatter has no layout of: the one-line form
        return None
    if len(before) <= 1 and len(after) <= 1:
        return None
    return list(difflib.unified_diff(before, after, lineterm="", n=2))[2:]


def _rows(table: A.Table) -> dict[str, A.TableEntry]:
    def label(row: A.TableRow) -> str:
        if row.low is None:
            return "otherwise"
        return str(row.low) if row.low == row.high else f"{row.low}..{row.high}"

    return {label(e.row): e.value for e in table.rows}


def _effects(card: A.Card) -> dict[str, A.Node]:
    out: dict[str, A.Node] = {}
    for h in card.handlers:
        out[f"on {h.event}"] = h.body
    for m in card.modifiers:
        out[f"modify {m.name}"] = m
    for h in card.hooks:
        out[f"{h.time} {h.name}"] = h
    return out


def _keyed(old: dict[str, A.Node], new: dict[str, A.Node], label: str) -> list[Detail]:
    details = []
    for key, node in new.items():
        if key not in old:
            details.append(Detail(f"{label} {key}", None, _text(node)))
        elif node != old[key]:
            details.append(Detail(f"{label} {key}", _text(old[key]), _text(node), _unified(old[key], node)))
    for key, node in old.items():
        if key not in new:
            details.append(Detail(f"{label} {key}", _text(node), None))
    return details


def _text(node: A.Node) -> str:
    if isinstance(node, A.Step):
        return (f'"{node.title}" ' if node.title else "") + source_text(node.body)
    if isinstance(node, A.CardField):
        return source_text(node.value)
    return source_text(node)


def render_text(changes: list[Change], base_label: str, variant_label: str) -> str:
    lines = [f"{variant_label} against {base_label}: {len(changes)} change(s)"]
    for c in changes:
        lines.append(f"{c.change} {c.kind} {c.name}")
        for d in c.details:
            if d.diff:
                lines.append(f"    {d.element}:")
                lines += [f"      {line}" for line in d.diff]
            elif d.old is not None and d.new is not None:
                lines.append(f"    {d.element}: {d.old}  ->  {d.new}")
            elif d.new is not None:
                lines.append(f"    + {d.element}: {d.new}")
            else:
                lines.append(f"    - {d.element}: {d.old}")
    return "\n".join(lines)
