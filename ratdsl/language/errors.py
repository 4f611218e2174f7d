"""Errors that point into rule text: file:line:col, the source line, a caret, and a hint."""

from __future__ import annotations

from functools import lru_cache

from ..records import record
from .visible import visible


@lru_cache(maxsize=8)
def _lines(source: str) -> list[str]:
    """The lines of a file as the parser counts them ("\n" only), split once for all the findings
    in it (a file with thousands of findings is not split thousands of times). Read only."""
    return source.split("\n")


@record
class RuleError(Exception):
    """Any finding tied to a place in a rule file."""

    file: str
    line: int
    column: int
    message: str
    source: str | None = None
    code: str = "E000"
    hint: str | None = None
    end_column: int | None = None

    def __str__(self) -> str:
        return self.render()

    def render(self) -> str:
        """The finding as text for a terminal: control characters of the file name, the message,
        the source line and the hint written as escapes (visible.py), the caret under them."""
        where = f"{self.file}:{self.line}:{self.column}" if self.line > 0 else self.file
        out = [visible(f"{where}: {self.code} {self.message}")]
        if self.source is not None and self.line > 0:
            lines = _lines(self.source)
            if 0 < self.line <= len(lines):
                text = lines[self.line - 1]
                start, end = self.column - 1, (self.end_column or self.column + 1) - 1
                before, marked = visible(text[:start]), visible(text[start:end])
                width = max(1, len(marked) if end <= len(text) else end - start)
                out.append(f"  {self.line:>4} | {visible(text)}")
                out.append("       | " + " " * len(before) + " " * max(0, start - len(text))
                           + "^" * width)
        if self.hint:
            out.append(visible(f"  hint: {self.hint}"))
        return "\n".join(out)


class RuleSyntaxError(RuleError):
    def __init__(self, file, line, column, message, source=None, hint=None, end_column=None,
                 code="E001"):
        super().__init__(file, line, column, message, source, code, hint, end_column)

