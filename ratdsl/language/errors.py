"""Errors that point into rule text: file:line:col, the source line, a caret, and a hint."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark.exceptions import UnexpectedInput


def words_for(terminal: str) -> str:
    """A Lark terminal in a designer's words (keywords and symbols quoted); never its Lark name."""
    from .syntax_errors import words_for as _words_for

    return _words_for(terminal)


@dataclass
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
        where = f"{self.file}:{self.line}:{self.column}" if self.line > 0 else self.file
        out = [f"{where}: {self.code} {self.message}"]
        if self.source is not None and self.line > 0:
            lines = self.source.split("\n")  # as the parser counts lines
            if 0 < self.line <= len(lines):
                text = lines[self.line - 1]
                width = max(1, (self.end_column or self.column + 1) - self.column)
                out.append(f"  {self.line:>4} | {text}")
                out.append("       | " + " " * (self.column - 1) + "^" * width)
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)


class RuleSyntaxError(RuleError):
    def __init__(self, file, line, column, message, source=None, hint=None, end_column=None,
                 code="E001"):
        super().__init__(file, line, column, message, source, code, hint, end_column)


def describe_syntax_error(err: UnexpectedInput, text: str, file: str) -> RuleSyntaxError:
    """Turns a Lark error into a designer's message: what was found, what was expected, and a
    hint for the common mistakes (codes E001-E010, see syntax_errors.py)."""
    from .syntax_errors import describe

    d = describe(err, text)
    return RuleSyntaxError(file, d.line, d.column, d.message, text, d.hint, d.end_column, d.code)
