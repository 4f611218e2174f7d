"""Errors that point into rule text: file:line:col, the source line, a caret, and a hint."""

from __future__ import annotations

from dataclasses import dataclass

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

# Lark terminal names, said in a designer's words.
TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a whole number", "STRING": 'a quoted text like "Abundance"',
    "LBRACE": '"{"', "RBRACE": '"}"', "LPAR": '"("', "RPAR": '")"', "LSQB": '"["', "RSQB": '"]"',
    "COMMA": '","', "COLON": '":"', "EQUAL": '"="', "DOT": '"."', "__ANON_0": '".."',
    "COMP_OP": "a comparison (==, !=, <, <=, >, >=)", "PLUS": '"+"', "STAR": '"*"',
    "SLASH": '"/"', "PERCENT": '"%"', "MINUS": '"-"', "OR_PASS": '"or pass"', "$END": "the end of the file",
}


def words_for(terminal: str) -> str:
    if terminal in TERMINAL_WORDS:
        return TERMINAL_WORDS[terminal]
    if terminal.startswith("__ANON"):
        return "a symbol"
    return f'"{terminal.lower()}"'


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
        out = [f"{self.file}:{self.line}:{self.column}: {self.code} {self.message}"]
        if self.source is not None and self.line > 0:
            lines = self.source.splitlines()
            if 0 < self.line <= len(lines):
                text = lines[self.line - 1]
                width = max(1, (self.end_column or self.column + 1) - self.column)
                out.append(f"  {self.line:>4} | {text}")
                out.append("       | " + " " * (self.column - 1) + "^" * width)
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)


class RuleSyntaxError(RuleError):
    def __init__(self, file, line, column, message, source=None, hint=None, end_column=None):
        super().__init__(file, line, column, message, source, "E001", hint, end_column)


def describe_syntax_error(err: UnexpectedInput, text: str, file: str) -> RuleSyntaxError:
    """Turns a Lark error into a message that names what was found and what was expected."""
    line = getattr(err, "line", 1) or 1
    column = getattr(err, "column", 1) or 1
    if isinstance(err, UnexpectedCharacters):
        char = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "?"
        hint = "texts are written between double quotes on one line" if char == '"' else None
        return RuleSyntaxError(file, line, column, f"unexpected character {char!r}", text, hint)
    if isinstance(err, UnexpectedEOF):
        expected = sorted({words_for(t) for t in err.expected})
        return RuleSyntaxError(file, line, column,
                               "the file ends too early; expected " + _join(expected), text,
                               "is a closing brace \"}\" missing?")
    if isinstance(err, UnexpectedToken):
        token = err.token
        found = "the end of the file" if token.type == "$END" else repr(str(token))
        expected = sorted({words_for(t) for t in err.accepts or err.expected})
        hint = None
        if token.type == "$END":
            hint = 'is a closing brace "}" missing?'
            line, column = _last_position(text)
        elif str(token) == ",":
            hint = "lists of statements need no commas; remove the comma"
        elif str(token) == "}":
            hint = 'is there one "}" too many, or is something missing before it?'
        end = column + max(1, len(str(token))) if token.type != "$END" else None
        return RuleSyntaxError(file, line, column,
                               f"unexpected {found}; expected {_join(expected)}", text, hint, end)
    return RuleSyntaxError(file, line, column, str(err), text)


def _last_position(text: str) -> tuple[int, int]:
    lines = text.rstrip().splitlines() or [""]
    return len(lines), len(lines[-1]) + 1


def _join(items: list[str]) -> str:
    if len(items) > 8:
        items = items[:8] + ["…"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]
