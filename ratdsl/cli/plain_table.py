"""A table and lines of text as Rich prints them, without importing Rich: Rich's import and layout
were a fifth of a one-game `ratdsl simulate` (start-up, issue 13), whose report is a table of
short texts. Where the output is no terminal (a file, a pipe) Rich prints plain text; on a
terminal the same, with the table's header in bold (the one style it shows there).

Only the plain case is written here: texts of printable characters one column wide (no tab, no
newline, nothing from U+0300 on, where Rich's cell widths begin to vary), a table whose columns
fit the width as they are (Rich would wrap their cells), lines whose every word fits it (Rich
would fold it). For anything else each function returns None and the caller prints with Rich.
tests/test_plain_table.py holds every function to what the installed Rich prints for the same
inputs (thousands of generated tables and lines, on a terminal and off one).
"""

from __future__ import annotations

import builtins
import os
import re
import sys
from collections.abc import Mapping, Sequence
from typing import TextIO

# Rich's default table box (rich.box.HEAVY_HEAD): top, header row, header rule, body row, bottom;
# each as left, fill, between columns, right.
TOP, HEAD, HEAD_RULE, ROW, BOTTOM = "┏━┳┓", "┃ ┃┃", "┡━╇┩", "│ ││", "└─┴┘"
WORD = re.compile(r"\s*\S+\s*")  # a word with the spaces around it, as Rich divides a line
TRAILING = re.compile(r"\s+$")
BOLD = "\x1b[1m{}\x1b[0m"  # (the same escape in every colour system Rich picks for a terminal)


def console_shape(stream: TextIO | None = None, environ: Mapping[str, str] | None = None) -> tuple[int, bool] | None:
    """The width a Rich console on `stream` (standard output) wraps at and whether Rich takes it
    for a terminal, each read as Rich reads it (TTY_COMPATIBLE, FORCE_COLOR, the stream's isatty;
    the first standard stream that is a terminal, COLUMNS, else 80); None where Rich would do
    more than this module follows: a dumb terminal, a notebook, Windows, an encoding other than
    UTF-8 (Rich's ASCII boxes), a width of 0."""
    stream = sys.stdout if stream is None else stream
    environ = os.environ if environ is None else environ
    if os.name != "posix" or not (getattr(stream, "encoding", None) or "utf-8").lower().startswith("utf"):
        return None
    if "get_ipython" in vars(builtins):  # (Rich asks IPython whether this is a notebook)
        return None
    tty = environ.get("TTY_COMPATIBLE", "")
    if tty in ("0", "1"):
        terminal = tty == "1"
    elif environ.get("FORCE_COLOR") is not None:
        terminal = environ["FORCE_COLOR"] != ""
    else:
        try:
            terminal = bool(stream.isatty())
        except (AttributeError, ValueError):  # (no isatty, or closed: Rich says no terminal)
            terminal = False
    if terminal and environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return None
    width = 0
    for fd in (0, 1, 2):
        try:
            width = os.get_terminal_size(fd).columns
            break
        except (AttributeError, ValueError, OSError):
            pass
    columns = environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        width = int(columns)
        if width == 0:  # (Rich's own arithmetic for a width of 0: left to it)
            return None
    return width or 80, terminal


def plain(text: str) -> bool:
    """Whether `text` is one this module lays out as Rich does: printable characters below
    U+0300, every one a column wide."""
    return text.isprintable() and all(c < "\u0300" for c in text)


def table_text(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]], width: int,
               terminal: bool = False) -> str | None:
    """The table Rich's `Table(title=...)` prints at `width` (default box, header, padding of one
    space), each cell left-aligned, the header in bold on a `terminal`; None when it would not
    fit as it is or a text is not plain. The title, when there is one, is centred over the table
    on its own line."""
    if not headers or any(len(row) != len(headers) for row in rows):
        return None
    if not all(plain(t) for t in (title, *headers, *(cell for row in rows for cell in row))):
        return None
    if title != title.strip():
        return None
    columns = [max([len(headers[i]), *(len(row[i]) for row in rows)]) for i in range(len(headers))]
    total = sum(columns) + 3 * len(columns) + 1
    if total > width or len(title) > total or (terminal and 0 in columns):
        return None

    def rule(box: str) -> str:
        left, fill, between, right = box
        return left + between.join(fill * (w + 2) for w in columns) + right

    def line(box: str, cells: Sequence[str], bold: bool = False) -> str:
        left, _, between, right = box
        if bold:  # (Rich's segments: each padding space and the padded text in bold on their own)
            return left + between.join(BOLD.format(" ") + BOLD.format(c.ljust(w)) + BOLD.format(" ")
                                       for c, w in zip(cells, columns)) + right
        return left + between.join(f" {c.ljust(w)} " for c, w in zip(cells, columns)) + right

    out = []
    if title:
        before = (total - len(title)) // 2
        out.append(" " * before + title + " " * (total - before - len(title)))
    out += [rule(TOP), line(HEAD, headers, terminal), rule(HEAD_RULE), *(line(ROW, row) for row in rows), rule(BOTTOM)]
    return "".join(x + "\n" for x in out)


def wrapped(text: str, width: int) -> str | None:
    """`text` as Rich's `Console.print(Text(text))` prints it at `width`: broken before the word
    that would pass the width, the spaces after a word kept with it (cut at the width); None when
    a word is wider than the width or the text is not plain."""
    if not plain(text) or not text.strip():
        return None
    lines, line, used = [], "", 0
    for match in WORD.finditer(text):
        word = match.group()
        length = len(word.rstrip())
        if length > width:
            return None
        if width - used < length and used and match.start():
            lines.append(line)
            line, used = "", 0
        line += word
        used += len(word)
    lines.append(line)
    out = []
    for line in lines:
        if len(line) > width:  # (only spaces pass the width: Rich cuts them there)
            spaces = TRAILING.search(line)
            line = line[:len(line) - min(len(spaces.group()) if spaces else 0, len(line) - width)][:width]
        out.append(line + "\n")
    return "".join(out)
