"""What a tuning file's `vary:` names, found in the rules, and a candidate written as a variant.

A varied number is a whole-number literal of the rules' text: the k-th of a const's value, of a
table row's value, of a card's field or of a card's whole text. A candidate is written by
editing the text, never by printing the AST again: the base variant file with its own numbers
changed in place, plus `replace DECLARATION` (the declaration's text as the game has it, its
number changed) for what the game or a module declares, and `set option`. So the written
variant keeps the designer's comments and layout, and loads through the ordinary loader."""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..language import ast as A
from ..language.loader import RuleSet, load
from ..records import record
from .spec import Tuning, Vary


@record(frozen=True)
class Target:
    """A varied thing found in the rules: where its text is, and its value in the base rules."""
    vary: Vary
    decl: A.Decl | None  # the declaration holding the number (None for an option)
    span: A.Span | None  # the number's literal (None for an option)
    base: Any  # the value the base rules have

    @property
    def key(self) -> str:
        return self.vary.key


def find_targets(tuning: Tuning, ruleset: RuleSet) -> list[Target]:
    """Every `vary:` item in the rules, or the first one's positioned error (T003, T005, T007, T010)."""
    return [_target(item, ruleset) for item in tuning.vary]


def _named(ruleset: RuleSet, item: Vary) -> A.Decl:
    kind = {"option": A.Option, "const": A.Const, "table": A.Table, "card": A.Card}[item.kind]
    for decl in ruleset.decls:
        if isinstance(decl, kind) and decl.name == item.name:
            return decl
    if any(isinstance(d, kind) and d.name == item.name for d in ruleset.base_decls):
        raise item.place.error("T007", f"{item.kind} {item.name} is removed by the variant being tuned: "
                               "nothing of it is left to vary")
    known = [d.name for d in ruleset.decls if isinstance(d, kind)]
    close = difflib.get_close_matches(item.name, known, n=1)
    hint = f"; did you mean {close[0]}?" if close else ("; the rules have none" if not known else "")
    raise item.place.error("T003", f"the rules have no {item.kind} {item.name}{hint}")


def _target(item: Vary, ruleset: RuleSet) -> Target:
    decl = _named(ruleset, item)
    if isinstance(decl, A.Option):
        if not item.listed:
            return Target(replace(item, values=tuple(decl.values)), None, None, _option_value(ruleset, decl))
        known = {_text(v): v for v in decl.values}
        values = []
        for v in item.values:
            if _text(v) not in known:
                raise item.place.error("T005", f"option {item.name} has no value {_text(v)}: its values are "
                                       f"{', '.join(_text(x) for x in decl.values)}"
                                       + (" (quote yes/no/on/off in YAML)" if isinstance(v, bool) else ""))
            values.append(known[_text(v)])
        return Target(replace(item, values=tuple(values)), None, None, _option_value(ruleset, decl))
    scope: A.Node = decl
    if isinstance(decl, A.Const):
        scope = decl.value
    elif isinstance(decl, A.Table):
        scope = _row(decl, item)
    elif item.field is not None:
        found = next((f for f in decl.fields if f.name == item.field), None)
        if found is None:
            names = [f.name for f in decl.fields]
            raise item.place.error("T003", f"card {decl.name} has no field {item.field}"
                                   + (f": its fields are {', '.join(names)}" if names else ": it has none"))
        scope = found.value
    numbers = sorted((n for n in A.walk(scope) if isinstance(n, A.IntLit)), key=lambda n: (n.span.line, n.span.column))
    what = item.key.split("#")[0]
    if not numbers:
        raise item.place.error("T010", f"{what} holds no whole number to vary")
    if item.number is None and len(numbers) > 1:
        raise item.place.error("T010", f"{what} holds {len(numbers)} whole numbers "
                               f"({', '.join(str(n.value) for n in numbers[:8])}): say which with number: (from 1)")
    index = (item.number or 1) - 1
    if index >= len(numbers):
        raise item.place.error("T010", f"{what} holds {len(numbers)} whole number(s), not {item.number}")
    literal = numbers[index]
    return Target(item, decl, literal.span, literal.value)


def _option_value(ruleset: RuleSet, decl: A.Option) -> Any:
    override = ruleset.option_overrides.get(decl.name)
    return override[0] if override is not None else decl.default


def _row(table: A.Table, item: Vary) -> A.Node:
    for entry in table.rows:
        row = entry.row
        if item.row == "otherwise" and row.low is None and row.high is None:
            return entry.value
        if isinstance(item.row, int) and row.low is not None and row.low <= item.row <= (row.high or row.low):
            return entry.value
    raise item.place.error("T003", f"table {table.name} has no row " + (
        "otherwise" if item.row == "otherwise" else f"for {item.row}"))


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# ---------------------------------------------------------------------------- writing a candidate
class Writer:
    """Writes the variant for an assignment of values ({key: value}) to the targets."""

    def __init__(self, tuning: Tuning, ruleset: RuleSet, targets: list[Target]):
        self.tuning = tuning
        self.ruleset = ruleset
        self.targets = targets
        self.variant_file = str(ruleset.files[-1]) if ruleset.variant is not None else None
        self.variant_text = ruleset.source(self.variant_file) if self.variant_file else None

    @property
    def base_values(self) -> dict[str, Any]:
        return {t.key: t.base for t in self.targets}

    def text(self, values: dict[str, Any], comment: str = "") -> str:
        """The variant's text: the base variant with these values, headed by `comment`."""
        own: list[tuple[A.Span, str]] = []  # edits of the base variant file's own text
        outside: dict[int, list[tuple[A.Span, str]]] = {}  # edits of a declaration elsewhere, by id
        decls: dict[int, A.Decl] = {}
        options: list[str] = []
        for target in self.targets:
            value = values[target.key]
            if target.decl is None:  # an option
                line = f"set option {target.vary.name} = {_text(value)}"
                override = self.ruleset.option_overrides.get(target.vary.name)
                if override is not None and override[1].file == self.variant_file:
                    own.append((override[1], line))
                else:
                    options.append(line)
                continue
            number = str(value) if value >= 0 else f"({value})"
            if target.span.file == self.variant_file:
                own.append((target.span, number))
            else:
                outside.setdefault(id(target.decl), []).append((target.span, number))
                decls[id(target.decl)] = target.decl
        header = self.ruleset.variant
        with_modules = list(header.modules) if header is not None else []
        head = (f'variant {self.tuning.name} "{_escape(self.tuning.title)}" extends {self.ruleset.game.name}'
                + (f" with {', '.join(with_modules)}" if with_modules else ""))
        if self.variant_text is not None:
            own.append((header.span, head))
            body = _edited(self.variant_text, own)
        else:
            body = head + "\n"
        parts = [body.rstrip("\n")]
        if options:
            parts.append("\n".join(options))
        for key, decl in decls.items():
            source = self.ruleset.source(decl.span.file) or ""
            parts.append("replace " + _edited(_slice(source, decl.span), outside[key], decl.span))
        text = "\n\n".join(parts) + "\n"
        return (comment + text) if comment else text

    def write_candidate(self, folder: Path, values: dict[str, Any]) -> Path:
        """The candidate's variant file in `folder` (named by its text: the same values, the same file)."""
        text = self.text(values)
        path = folder / f"c_{hashlib.sha256(text.encode()).hexdigest()[:16]}.rat"
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(text, "utf-8")
            tmp.replace(path)
        return path


def _escape(title: str) -> str:
    return title.replace("\\", "\\\\").replace('"', '\\"')


def _offsets(text: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def _slice(text: str, span: A.Span) -> str:
    starts = _offsets(text)
    return text[starts[span.line - 1] + span.column - 1:starts[span.end_line - 1] + span.end_column - 1]


def _edited(text: str, edits: list[tuple[A.Span, str]], within: A.Span | None = None) -> str:
    """`text` with each span's stretch replaced; spans are of the file, `within` the stretch of it
    that `text` is (None: the whole file)."""
    starts = _offsets(text)
    line0, col0 = (within.line, within.column) if within is not None else (1, 1)

    def offset(line: int, column: int) -> int:
        if line == line0:
            return column - col0
        return starts[line - line0] + column - 1

    out = text
    for span, new in sorted(edits, key=lambda e: (e[0].line, e[0].column), reverse=True):
        start, end = offset(span.line, span.column), offset(span.end_line, span.end_column)
        out = out[:start] + new + out[end:]
    return out


def base_ruleset(tuning: Tuning) -> RuleSet:
    """The rules being tuned, as the loader reads them (errors: the loader's own)."""
    return load(tuning.rules)
