"""A finding of the checker: where, what, how bad. Its own small module, so that findings kept on
disk (kept.py) are read back without importing the checker itself."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..language.errors import RuleError
from ..language.sources import unsaved
from ..records import record

if TYPE_CHECKING:
    from ..language import ast as A


@record
class Diagnostic(RuleError):
    severity: str = "error"

    @classmethod
    def at(cls, span: A.Span, code: str, message: str, hint: str | None = None,
           severity: str = "error") -> Diagnostic:
        end = span.end_column if span.end_line == span.line else None
        return cls(span.file, span.line, span.column, message, _source(span.file), code, hint, end,
                   severity)

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.column,
                "end_column": self.end_column, "code": self.code, "severity": self.severity,
                "message": self.message, "hint": self.hint}


_SOURCES: dict[str, str | None] = {}


def _source(file: str) -> str | None:
    text = unsaved(file)  # an editor's buffer changes with every keystroke: never kept here
    if text is not None:
        return text
    if file not in _SOURCES:
        try:
            _SOURCES[file] = Path(file).read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            _SOURCES[file] = None
    return _SOURCES[file]
