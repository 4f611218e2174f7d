"""The rule language's grammar (`grammar.lark`) and Lark's parser for it.

Lark compiles the grammar into an LALR automaton with a contextual lexer. That takes about 0.3 s,
so Lark's own `cache=` option keeps the result in a file that later processes load. Lark stamps
the file with a hash of the grammar, its options and Lark's and Python's versions, and compiles
again (and writes the file again) when one of them differs or the file cannot be read. The file
is a pickle, so it must come from a folder nobody else writes: the package's own folder when this
process may write there and no other user can (the first use after an install or a checkout writes
it, as an install step would), else the user's cache folder when only this user can write to it
(cache.py), else nowhere (the grammar is compiled in every process: slower, never wrong). A file
already there is handed to Lark only if it is a regular file owned by this user that nobody else
can write.

This module imports Lark only when a parser is asked for, and nothing of the package but cache.py,
so the parser, the error messages and the formatter can all use it.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from . import cache

if TYPE_CHECKING:
    from lark import Lark

HERE = Path(__file__).parent
GRAMMAR_FILE = HERE / "grammar.lark"
# the compiled grammar, written by Lark beside the grammar when this process may write there
PACKAGE_CACHE_FILE = HERE / "grammar.lark-cache"
LARK_OPTIONS = {"parser": "lalr", "lexer": "contextual", "propagate_positions": True,
                "maybe_placeholders": True}


@lru_cache(maxsize=1)
def grammar_text() -> str:
    return GRAMMAR_FILE.read_text("utf-8")


def compiled_grammar_file() -> str | bool:
    """Where Lark keeps the compiled grammar (its `cache=` option), or False for nowhere."""
    if os.access(HERE, os.W_OK) and cache.trusted_folder(HERE):
        if not os.path.lexists(PACKAGE_CACHE_FILE) or cache.trusted_file(PACKAGE_CACHE_FILE):
            return str(PACKAGE_CACHE_FILE)
        return False
    return cache.grammar_cache_path(grammar_text())


def lark_parser(**runtime_options) -> Lark:
    """A Lark parser for the grammar. `runtime_options` are those Lark lets a parser loaded from
    its cache change (the formatter's `lexer_callbacks`); they do not change the cached file."""
    from lark import Lark

    return Lark(grammar_text(), **LARK_OPTIONS, **runtime_options, cache=compiled_grammar_file())


@lru_cache(maxsize=1)
def shared_parser() -> Lark:
    """The one Lark parser, with no runtime options, that parsing and error messages share."""
    return lark_parser()
