"""Limits on what one rule file may hold, checked once right after Lark's parse and before the AST
is built, so every later stage (the AST builder, the parse cache's pickle, the resolver, checker,
formatter, summaries and both engines) only ever sees programs it can handle.

* Size: a file holds at most `MAX_FILE_CHARS` characters (E015), checked before the parse: the
  parser, the AST export's validation and the formatter each take about a second per 100,000
  characters, so every command stays within a few seconds.
* Nesting: expressions and statements nest at most `MAX_NESTING` deep (E012). Every stage after
  the parser walks the AST recursively, a few Python frames per level; this bound keeps them all
  far from Python's recursion limit. A block adds no level of its own: `if a { if b { ... } }`
  is two levels, `-(-(1))` three, and `1 + 2 + 3` (read as `(1 + 2) + 3`) three.
* Comprehensions: at most `MAX_FOR_CLAUSES` `for` clauses in one `[... for ... for ...]` (E012):
  each is a loop inside the one before, and the compiled engine's Python keeps loops within
  Python's limit of 20 nested blocks (rules nested deeper are refused by it, engine/flat/generator.py,
  and played on the tree-walker).
* Boards: at most `MAX_SPACES` spaces and `MAX_EDGES` edges (each target of an `edge` line counts)
  in one board (E014), so that working out distances (a search from each space, at most once per
  space and game) stays within a fraction of a second.
* Whole numbers: a literal is below 10**18 in size, at most `MAX_INT_DIGITS` digits after any
  leading zeros (E013), the bound the engine keeps numbers within; Python refuses to read more
  than 4,300 digits anyway.

The walk over Lark's tree uses its own stack: it must not itself be what runs out of frames.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from .errors import RuleSyntaxError

if TYPE_CHECKING:
    from lark import Tree

MAX_FILE_CHARS = 200_000  # a rule file's length (E015): the bundled games' largest is 11,000
MAX_NESTING = 64
MAX_FOR_CLAUSES = 4
MAX_INT_DIGITS = 18
MAX_SPACES = 1000
MAX_EDGES = 10_000
BOARD_CODE = "E014"
NESTING_CODE = "E012"
INT_CODE = "E013"

# Lark nodes that hold parts of their parent and are no level of their own.
_NO_LEVEL = frozenset({"start", "block", "args", "params", "name_list", "bundle_item", "comp_for"})


def check_limits(tree: Tree, file: str, text: str | None) -> None:
    """Raises the RuleSyntaxError E012 at the first node nested deeper than MAX_NESTING, or E013
    at the first whole number of MAX_INT_DIGITS digits or more, in reading order."""
    from lark import Token, Tree

    stack: list[tuple[object, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, Token):
            if node.type == "INT":
                _check_int(node, file, text)
            continue
        if not isinstance(node, Tree):
            continue
        if node.data not in _NO_LEVEL:
            depth += 1
            if depth > MAX_NESTING:
                raise _too_deep(node, file, text)
        if node.data == "comprehension":
            _check_clauses(node, file, text)
        elif node.data == "board_decl":
            _check_board(node, file, text)
        stack.extend((child, depth) for child in reversed(node.children))


def _too_deep(node: Tree, file: str, text: str | None) -> RuleSyntaxError:
    meta = node.meta
    line, column = getattr(meta, "line", 0), getattr(meta, "column", 0)
    end = meta.end_column if getattr(meta, "end_line", None) == line else None
    return RuleSyntaxError(
        file, line, column,
        f"this is nested too deeply: expressions and statements may be nested at most {MAX_NESTING} deep",
        text, "give a part of it a name (a `let`, a `func` or a `rule`), or split a long chain "
        "such as `a + b + c + ...` into named parts", end, NESTING_CODE)


def _check_clauses(node: Tree, file: str, text: str | None) -> None:
    """E012 at the first `for` clause of a comprehension past MAX_FOR_CLAUSES."""
    from lark import Tree

    clauses = [c for c in node.children if isinstance(c, Tree) and c.data == "comp_for"]
    if len(clauses) > MAX_FOR_CLAUSES:
        meta = clauses[MAX_FOR_CLAUSES].meta
        end = meta.end_column if meta.end_line == meta.line else None
        raise RuleSyntaxError(
            file, meta.line, meta.column,
            f"a list comprehension has at most {MAX_FOR_CLAUSES} `for` clauses", text,
            "work out part of the list with a `func` (or `flatten`), and use it here", end,
            NESTING_CODE)


_BOARD_LINES = re.compile(r"^[ \t]*(board|space)[ \t]+(?!(?:in|and|or|where|ordered|with|then|else)\b)[A-Za-z_]",
                          re.MULTILINE)


SIZE_CODE = "E015"


def check_file_size(text: str, file: str) -> None:
    """E015 at the first character past MAX_FILE_CHARS, before anything reads the text: every
    command (ast, check, fmt, run, summary, the language server) then answers within seconds,
    its work close to linear in the text up to there (benchmarks/bench_big_files.py)."""
    if len(text) <= MAX_FILE_CHARS:
        return
    line = text.count("\n", 0, MAX_FILE_CHARS) + 1
    column = MAX_FILE_CHARS - (text.rfind("\n", 0, MAX_FILE_CHARS) + 1) + 1
    raise RuleSyntaxError(file, line, column, f"a rule file holds at most {MAX_FILE_CHARS:,} characters, "
                          f"this one {len(text):,}", None, "split it into several files of the game folder",
                          None, SIZE_CODE)


def check_board_text(text: str, file: str) -> None:
    """E014 before the parse, at the first line `space NAME` past MAX_SPACES since the last line
    `board NAME`: Lark would take a minute to read a million spaces only for check_limits to
    refuse them. (A space declared on the line of another is counted after the parse.)"""
    if text.count("space") <= MAX_SPACES:
        return
    spaces = 0
    for found in _BOARD_LINES.finditer(text):
        if found.group(1) == "board":
            spaces = 0
            continue
        spaces += 1
        if spaces > MAX_SPACES:
            line = text.count("\n", 0, found.start()) + 1
            column = found.start(1) - (text.rfind("\n", 0, found.start()) + 1) + 1
            raise RuleSyntaxError(file, line, column, f"a board has at most {MAX_SPACES:,} spaces", text,
                                  "split the map into several boards, or group spaces that play alike",
                                  column + len("space"), BOARD_CODE)


def _check_board(node: Tree, file: str, text: str | None) -> None:
    """E014 at the first space past MAX_SPACES, or the first `edge` line that takes a board past
    MAX_EDGES edges."""
    from lark import Tree

    spaces = edges = 0
    for child in node.children:
        if not isinstance(child, Tree):
            continue
        if child.data == "space_decl":
            spaces += 1
            if spaces > MAX_SPACES:
                raise _board_error(child, f"a board has at most {MAX_SPACES:,} spaces", file, text)
        elif child.data == "edge_decl":
            targets = child.children[-1]
            edges += len(targets.children) if isinstance(targets, Tree) else 1
            if edges > MAX_EDGES:
                raise _board_error(child, f"a board has at most {MAX_EDGES:,} edges", file, text)


def _board_error(node: Tree, message: str, file: str, text: str | None) -> RuleSyntaxError:
    meta = node.meta
    end = meta.end_column if meta.end_line == meta.line else None
    return RuleSyntaxError(file, meta.line, meta.column, message, text,
                           "split the map into several boards, or group spaces that play alike", end,
                           BOARD_CODE)


def _check_int(token, file: str, text: str | None) -> None:
    if len(token.lstrip("0")) > MAX_INT_DIGITS:
        end = token.end_column if token.end_line == token.line else None
        raise RuleSyntaxError(
            file, token.line, token.column,
            f"this whole number is too large: numbers in rules stay below 10^{MAX_INT_DIGITS} "
            f"(at most {MAX_INT_DIGITS} digits)", text,
            "write a smaller number: the engine refuses any value this large", end, INT_CODE)


@contextmanager
def frames_for_nesting(per_level: int) -> Iterator[None]:
    """Room on Python's stack for a walk that takes `per_level` frames per level of a program
    within MAX_NESTING (a JSON Schema validator takes about 20): the recursion limit is raised for
    the walk if it is lower, and put back after it."""
    old = sys.getrecursionlimit()
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back
    needed = depth + 4 * per_level * MAX_NESTING // 3 + 200
    if needed > old:
        sys.setrecursionlimit(needed)
    try:
        yield
    finally:
        if needed > old:
            sys.setrecursionlimit(old)
