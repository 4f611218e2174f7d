"""What renaming a declared name changes outside the rule files: scenario files and locale keys.

Scenarios (YAML, JSON or TOML below the game folder) name zones, piles, cards, options and their
values as data: a rename changes every data word that is the name, alone or after a dot
(`P1.hand`), never the prose of `name`, `source`, `description` and `error`, nor the `rules` path,
the modules `with` names or the phases and steps a scenario runs (`phases`, `setup`). Locale files (`locales/*/*.ftl`)
name declarations in message ids, `KIND-NAME` (`card-drunk`, `option-food_order-sorted`,
`hook-after-attacked`), and options, constants and token kinds as variables (`$food_order`); an
option value also appears as a variant key (`[sorted]`).
"""

from __future__ import annotations

import bisect
import logging
import re
from pathlib import Path

import yaml

from ..semantics.symbols import (
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
    Symbol,
)

log = logging.getLogger(__name__)

Edit = tuple[int, int, int, int, str]  # 0-based start line, start column, end line, end column, new text

SCENARIO_SUFFIXES = (".yaml", ".yml", ".json", ".toml")
# Values that are no declared name of the rules: prose, paths, module and phase or step names.
PROSE_KEYS = frozenset({"name", "source", "description", "rules", "with", "error", "phases", "setup"})
MAX_FILE_BYTES = 1_000_000
# The message-id prefixes of each kind of declaration (ratdsl/summaries names its ids so).
LOCALE_PREFIXES: dict[str, tuple[str, ...]] = {
    OPTION: ("option",), KIND: ("kind",), CONST: ("const",), ZONE: ("zone",), PLAYER_ZONE: ("zone",),
    PILE: ("pile",), PLAYER_PILE: ("pile",), VAR: ("var",), PLAYER_VAR: ("var",), DECK: ("deck",),
    CARD: ("card",), TABLE: ("table", "modify"), FUNC: ("func", "modify"), SYMBOL: ("symbol",),
    RULE: ("rule", "hook-before", "hook-after", "hook-instead"),
}
LOCALE_VARIABLES = frozenset({OPTION, CONST, KIND})


def _word(name: str) -> str:
    return rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])"


def _read(path: Path) -> str | None:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return None
        return path.read_text("utf-8")
    except (OSError, UnicodeDecodeError, ValueError):
        return None


class _Lines:
    """Offsets in a text as 0-based (line, column)."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset) - 1
        return line, offset - self.starts[line]


def scenario_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.suffix in SCENARIO_SUFFIXES and p.is_file()
                  and "locales" not in p.relative_to(root).parts)


def scenario_edits(path: Path, old: str, new: str) -> list[Edit]:
    """The edits renaming `old` in one scenario file's data."""
    text = _read(path)
    if text is None or old not in text:
        return []
    lines, pattern = _Lines(text), re.compile(_word(old))
    spans: list[tuple[int, int]] = []
    if path.suffix == ".toml":
        offset = 0
        for line in text.split("\n"):
            key = line.split("=", 1)[0].strip()
            if key not in PROSE_KEYS:
                spans.append((offset, offset + len(line)))
            offset += len(line) + 1
    else:
        try:
            spans = _data_spans(yaml.compose(text, Loader=yaml.SafeLoader))
        except (yaml.YAMLError, RecursionError, ValueError):
            return []
    edits: list[Edit] = []
    for start, end in spans:
        for m in pattern.finditer(text, start, end):
            (l0, c0), (l1, c1) = lines.at(m.start()), lines.at(m.end())
            edits.append((l0, c0, l1, c1, new))
    return edits


def _data_spans(root: yaml.Node | None) -> list[tuple[int, int]]:
    """The text offsets of the scalars of a YAML (or JSON) document, prose values left out."""
    out: list[tuple[int, int]] = []
    stack = [root] if root is not None else []
    seen = 0
    while stack and seen < 100_000:
        node = stack.pop()
        seen += 1
        if isinstance(node, yaml.ScalarNode):
            out.append((node.start_mark.index, node.end_mark.index))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                stack.append(key)
                if not (isinstance(key, yaml.ScalarNode) and key.value in PROSE_KEYS):
                    stack.append(value)
    return out


def locale_files(root: Path) -> list[Path]:
    return sorted(p for p in (root / "locales").glob("*/*.ftl") if p.is_file())


def locale_edits(path: Path, declared: list[Symbol], old: str, new: str) -> list[Edit]:
    """The edits renaming the declaration `old` (its symbols: `declared`) in one locale file."""
    text = _read(path)
    if text is None or old not in text:
        return []
    patterns: list[tuple[re.Pattern, int]] = []  # a pattern, and which of its groups is the name
    kinds = {s.kind for s in declared}
    prefixes = sorted({p for k in kinds for p in LOCALE_PREFIXES.get(k, ())})
    if prefixes:
        alternatives = "|".join(re.escape(p) for p in prefixes)
        patterns.append((re.compile(rf"(?<![A-Za-z0-9_-])(?:{alternatives})-({re.escape(old)})(?![A-Za-z0-9_])"), 1))
    for sym in declared:  # an option's value: option-OPTION-VALUE and a variant key [VALUE]
        if sym.kind == SYMBOL and getattr(sym.decl, "kind", None) == "option":
            opt = re.escape(sym.decl.name)
            patterns.append((re.compile(rf"(?<![A-Za-z0-9_-])option-{opt}-({re.escape(old)})(?![A-Za-z0-9_])"), 1))
            patterns.append((re.compile(rf"\[\s*({re.escape(old)})\s*\]"), 1))
    if kinds & LOCALE_VARIABLES:
        patterns.append((re.compile(rf"\$({re.escape(old)})(?![A-Za-z0-9_])"), 1))
    lines, found = _Lines(text), set()
    for pattern, group in patterns:
        for m in pattern.finditer(text):
            found.add((m.start(group), m.end(group)))
    edits = []
    for start, end in sorted(found):
        (l0, c0), (l1, c1) = lines.at(start), lines.at(end)
        edits.append((l0, c0, l1, c1, new))
    return edits
