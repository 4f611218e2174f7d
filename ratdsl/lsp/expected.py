"""What the grammar lets come next at the cursor, so that completion offers only what may be typed
there (issue 36): Lark's interactive LALR parser is fed the text before the cursor, and its
`accepts()` gives the terminals that would take the parse on. No table of contexts is written
here by hand: the keywords come from the grammar; the last tokens read only say which declared
names fit a place the grammar opens to any name (after `move 2` the kinds, after `do` the rules).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lark.exceptions import LarkError

from ..language.grammar import shared_parser

PARTIAL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")  # the word being typed, left out of the parse
MAX_TEXT = 400_000  # characters before the cursor parsed at most (the loader's own limit is lower)
QUANTITY_OPEN = {"move", "draw", "up", "to"}  # after these a move's or draw's quantity is not done


@dataclass(frozen=True)
class Expected:
    """What may come at the cursor: the keywords, whether a name, and what place a name fills
    ("kind", "module", "variable", "rule", "place", or "" for any value)."""

    keywords: frozenset[str]
    name: bool
    place: str = ""


@lru_cache(maxsize=1)
def _keyword_terminals() -> dict[str, str]:
    """The grammar's keyword terminals, by name (MOVE -> "move")."""
    return {t.name: t.pattern.value for t in shared_parser().terminals
            if t.pattern.type == "str" and re.fullmatch(r"[a-z_]+", t.pattern.value)}


def expected_at(before: str) -> Expected | None:
    """What may come after `before` (the text up to the cursor), or None where that text does
    not parse as the start of a rule file (then nothing is known: the caller offers all)."""
    partial = PARTIAL.search(before)
    if partial is not None:
        before = before[:partial.start()]
    if len(before) > MAX_TEXT:
        return None
    ip = shared_parser().parse_interactive(before)
    tokens: list[str] = []
    try:
        for token in ip.iter_parse():
            tokens.append(str(token))
        accepts = ip.accepts()
    except (LarkError, RecursionError):
        return None
    words = _keyword_terminals()
    keywords = frozenset(words[t] for t in accepts if t in words)
    name = "NAME" in accepts
    return Expected(keywords, name, _place(tokens) if name else "")


def _place(tokens: list[str]) -> str:
    """Which names fit where the grammar takes any name, from the tokens just read."""
    last = tokens[-1] if tokens else ""
    if last == "do":
        return "rule"
    if last == "set":
        return "variable"
    if last in ("from", "to") and tokens[-2:-1] != ["up"] and {"move", "draw"} & set(tokens[-8:]):
        return "place"
    if last in ("with", ",") and _in_header(tokens, "variant"):
        return "module"
    for back, token in enumerate(reversed(tokens[-5:])):
        if token in ("move", "draw"):
            after = tokens[len(tokens) - back:]
            done = after and after[-1] not in QUANTITY_OPEN and re.fullmatch(r"\w+", after[-1])
            return "kind" if done and token == "move" else ""
        if token in ("from", "to", "{", "}", ";"):
            break
    return ""


def _in_header(tokens: list[str], keyword: str) -> bool:
    """Whether the declaration being written starts with `keyword` (a header has no braces)."""
    for token in reversed(tokens):
        if token == keyword:
            return True
        if token in ("{", "}"):
            return False
    return False
