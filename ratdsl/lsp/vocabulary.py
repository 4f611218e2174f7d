"""The words of the language itself: its keywords (read from the grammar) and built-in names."""

from __future__ import annotations

import re
from functools import lru_cache

from ..language.grammar import grammar_text
from ..semantics.builtins import BUILTINS
from ..semantics.symbols import BUILTIN_NAMES

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@lru_cache(maxsize=1)
def keywords() -> tuple[str, ...]:
    """Every quoted word of grammar.lark, i.e. what the lexer will not read as a name."""
    return tuple(sorted(set(re.findall(r'"([a-z_]+)"', grammar_text()))))


def reserved(name: str) -> str | None:
    """Why `name` cannot be a declared name, or None when it can."""
    if not IDENTIFIER.fullmatch(name):
        return f"{name!r} is not a name: letters, digits and _, not starting with a digit"
    if name in keywords():
        return f"{name!r} is a keyword of the language"
    if name in BUILTIN_NAMES:
        return f"{name!r} is a built-in name"
    if name in BUILTINS:
        return f"{name!r} is a built-in function"
    return None
