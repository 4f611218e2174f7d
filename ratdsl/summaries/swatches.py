"""Display colours of token kinds, for the colour legend of the quick reference and the colour
chips of the HTML page.

Colours are presentation, not rules, and the same in every language: a game keeps them in one
file beside its translations, `locales/colours.ftl`, a line `kind-KIND = #rrggbb` per kind.
The file is read as untrusted text: only a kind the rules declare and a six-digit hex colour are
taken (so nothing read can reach the page's CSS but a colour), anything else is reported by
`colour_problems` and otherwise ignored.
"""

from __future__ import annotations

import re
from pathlib import Path

from fluent.syntax import ast as FTL

from ..semantics.definition import GameDef
from .messages import LOCALES_DIR, line_of, parse_ftl

COLOURS_FILE = "colours.ftl"
HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def colours_path(root: Path) -> Path:
    return Path(root) / LOCALES_DIR / COLOURS_FILE


def _plain_text(entry: FTL.Message | FTL.Term) -> str | None:
    """A message's value when it is plain text (no variables, no selectors)."""
    if entry.value is None or entry.attributes:
        return None
    parts = entry.value.elements
    if not all(isinstance(p, FTL.TextElement) for p in parts):
        return None
    return "".join(p.value for p in parts).strip()


def swatches(d: GameDef) -> dict[str, str]:
    """Each token kind that has a display colour, in the order the rules declare the kinds."""
    path = colours_path(d.ruleset.root)
    if not path.is_file():
        return {}
    parsed = parse_ftl(path)
    out: dict[str, str] = {}
    for kind in d.kinds:
        entry = parsed.messages.get(f"kind-{kind}")
        value = _plain_text(entry) if entry is not None else None
        if value is not None and HEX_COLOUR.fullmatch(value):
            out[kind] = value.lower()
    return out


def colour_problems(d: GameDef) -> list[str]:
    """Lines of the colours file that give no colour: an unknown kind, a value that is not
    #rrggbb, a malformed line. One `FILE:LINE: text` each."""
    path = colours_path(d.ruleset.root)
    if not path.is_file():
        return []
    parsed = parse_ftl(path)
    problems = [f"{path}:{j.line}: malformed: {j.message}" for j in parsed.junk]
    for key, entry in parsed.messages.items():
        line = line_of(parsed, entry)
        if not key.startswith("kind-") or key[5:] not in d.kinds:
            problems.append(f"{path}:{line}: {key}: no token kind of the rules has this id")
            continue
        value = _plain_text(entry)
        if value is None or not HEX_COLOUR.fullmatch(value):
            problems.append(f"{path}:{line}: {key}: not a colour of the form #rrggbb")
    return problems
