"""Document formatting through ratdsl/language/formatter.py: one edit replacing the whole text,
none when the text is already in the layout or does not parse."""

from __future__ import annotations

from lsprotocol import types as T

from ..language.errors import RuleError
from ..language.formatter import FormatError, format_text


def formatting(text: str, file: str) -> list[T.TextEdit]:
    try:
        result = format_text(text, file)
    except (RuleError, FormatError, RecursionError):
        return []
    if result == text:
        return []
    lines = text.split("\n")
    end = T.Position(len(lines) - 1, len(lines[-1]))
    return [T.TextEdit(T.Range(T.Position(0, 0), end), result)]
