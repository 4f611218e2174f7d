"""Syntax errors in a designer's words.

Lark reports what it found and which terminals it would have accepted. This module turns that
into a message with no terminal names in it and, for the common mistakes, a code and a hint:

| code | mistake                                   | example                               |
| ---- | ----------------------------------------- | ------------------------------------- |
| E001 | any other syntax error                    |                                       |
| E002 | a closing brace "}" is missing            | `rule a() {` ... end of file          |
| E003 | a "}" too many                            | `}` at the top level                  |
| E004 | a stray comma                             | `do a(),` / `[1, 2,]`                 |
| E005 | a quoted text that is not closed          | `rule a() "Title {`                   |
| E006 | a misspelt keyword                        | `mvoe 1 x from a to b`                |
| E007 | "=" where "==" is meant                   | `if x = 1 {`                          |
| E008 | "{" missing after a header                | `rule a() "Title"` then a statement   |
| E009 | "==" where "=" is meant                   | `func f(x) == 1`                      |
| E010 | an unexpected character                   | `a && b`, `'text'`                    |
| E011 | a control character (ESC, NUL, ...)       | a raw ESC byte in a text or a comment |
| E012 | nesting deeper than 64 (limits.py)        | a sum of 70 terms, 70 nested `if`s    |
| E013 | a whole number of 19 digits or more       | `move 10000000000000000000 red ...`   |

Mistakes are recognised with Lark's `UnexpectedInput.match_examples`: every label below has a
few broken snippets; the label whose snippet fails in the same parser state (and with the same
kind of token) as the designer's file wins. Because an LALR state says what the parser was doing
but not how deeply nested it was, states are compared by automaton state only (not stack depth),
and the broken snippets are parsed once and remembered. Token checks back the examples up when a
mistake happens in a state no example reaches, and two mistakes that Lark notices one token
late (a comma before a closing bracket, "==" where "=" is expected) are read from the text.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from .errors import RuleSyntaxError
from .grammar import shared_parser
from .visible import character_name

if TYPE_CHECKING:
    from lark import Lark

# Terminals defined by a regular expression, said in words. String terminals ("rule", "{", "..")
# are said as themselves, quoted; see words_for().
REGEX_TERMINAL_WORDS = {
    "NAME": "a name",
    "INT": "a whole number",
    "STRING": 'a quoted text like "Title"',
    "COMMENT": "a comment",
    "WS": "a space",
    "COMP_OP": "a comparison (==, !=, <, <=, >, >=)",
    "OR_PASS": '"or pass"',
    "$END": "the end of the file",
}

CODES = {
    "other": "E001",
    "missing_close": "E002",
    "extra_close": "E003",
    "stray_comma": "E004",
    "unclosed_string": "E005",
    "misspelt_keyword": "E006",
    "assign_for_compare": "E007",
    "missing_open": "E008",
    "compare_for_assign": "E009",
    "bad_character": "E010",
    "control_character": "E011",
}

# Broken snippets for match_examples, one list per mistake. Generic words only.
EXAMPLES: dict[str, list[str]] = {
    "missing_close": [
        "rule a() {\n  do b()\n",
        "rule a() {\n  if x {\n    do b()\n  }\n",
        "rule a() {\n  if x {\n    do b()\n}\nrule c() { }\n",
        "rule a() {\n  do b()\nfunc c() = 1\n",
        "phase p {\n  step s {\n    do b()\n  step t { }\n}\n",
        "phase p {\n  step s { }\n",
        "setup {\n  step s {\n    do b()\n  }\n",
        "card c in d {\n  f = 1\n",
        "card c in d {\n  f = 1\ncard e in d { }\n",
        "deck d {\n  fields f\n",
        "game g \"G\" {\n  players 2..4\n",
        "table t(n) {\n  1 -> 2\n",
        "rule a() {\n  for each x in y {\n    do b()\n  }\n",
        "rule a() {\n  ask p q: may {\n    do b()\n  }\n",
    ],
    "extra_close": [
        "rule a() { }\n}\n",
        "const a = 1\n}\n",
        "phase p {\n  step s { }\n}\n}\n",
        "}\n",
    ],
    "stray_comma": [
        "rule a() {\n  do b(),\n  do c()\n}\n",
        "rule a() {\n  let x = 1,\n}\n",
        "const a = 1,\n",
    ],
    "misspelt_keyword": [
        "rlue a() { }\n",
        "rule a() {\n  mvoe 1 x from y to z\n}\n",
        "rule a() {\n  move 1 x form y to z\n}\n",
        "rule a() {\n  move 1 x from y ot z\n}\n",
        "phase p {\n  stpe s { }\n}\n",
        "rule a() {\n  for eahc x in y { }\n}\n",
    ],
    "assign_for_compare": [
        "rule a() {\n  if x = 1 { }\n}\n",
        "rule a() {\n  while x = 1 { }\n}\n",
        "const a = b where it.c = 1\n",
        "func f(x) = x = 1\n",
        "rule a() {\n  let y = x = 1\n}\n",
    ],
    "missing_open": [
        'rule a() "T"\n  do b()\n}\n',
        "rule a()\n  do b()\n}\n",
        'phase p {\n  step s "T"\n    do b()\n  }\n}\n',
        "phase p {\n  step s\n    do b()\n  }\n}\n",
        "rule a() {\n  if x\n    do b()\n  }\n}\n",
        'phase p "T"\n  step s { }\n}\n',
        "setup\n  step s { }\n}\n",
        "rule a() {\n  for each x in y\n    do b()\n  }\n}\n",
    ],
    "compare_for_assign": [
        "rule a() {\n  set x == 1\n}\n",
    ],
}

# The kind of token each mistake is about: a label only applies when the token fits.
_TOKEN_TEST = {
    "missing_close": lambda tok, g: tok.type == "$END" or tok.type in g.decl_keywords
    or tok.type == "STEP",
    "extra_close": lambda tok, g: tok.type == "RBRACE",
    "stray_comma": lambda tok, g: tok.type == "COMMA",
    "misspelt_keyword": lambda tok, g: tok.type == "NAME",
    "assign_for_compare": lambda tok, g: tok.type == "EQUAL",
    "missing_open": lambda tok, g: tok.type != "LBRACE",
    "compare_for_assign": lambda tok, g: tok.type == "COMP_OP" and str(tok) == "==",
}


@dataclass(frozen=True)
class _Grammar:
    """What the error messages need to know about the grammar, computed from the parser."""

    words: dict[str, str]           # terminal name -> words
    keywords: dict[str, str]        # terminal name -> keyword, for word-like string terminals
    decl_keywords: frozenset[str]   # terminals that can start a top-level declaration
    stmt_keywords: frozenset[str]   # terminals that can start a statement
    expr_start: frozenset[str]      # terminals that can start a value
    soft_names: frozenset[str] = frozenset()  # turns: keywords that may also be a name (soft_name)


@cache
def grammar_info() -> _Grammar:
    parser = shared_parser()
    words: dict[str, str] = {}
    keywords: dict[str, str] = {}
    for term in parser.terminals:
        pattern = term.pattern
        if type(pattern).__name__ == "PatternStr":
            words[term.name] = f'"{pattern.value}"'
            if re.fullmatch(r"[A-Za-z_]+", pattern.value):
                keywords[term.name] = pattern.value
        elif term.name in REGEX_TERMINAL_WORDS:
            words[term.name] = REGEX_TERMINAL_WORDS[term.name]
    words["$END"] = REGEX_TERMINAL_WORDS["$END"]
    first = _first_sets(parser)
    return _Grammar(words, keywords, frozenset(first.get("decl", ())),
                    frozenset(first.get("stmt", ())), frozenset(first.get("expr", ())),
                    frozenset(first.get("soft_name", ())) - {"NAME"})


def _first_sets(parser) -> dict[str, set[str]]:
    """FIRST sets of the grammar's rules (which terminals can begin each rule)."""
    rules = list(parser.rules)
    nullable: set[str] = set()
    first: dict[str, set[str]] = {}
    changed = True
    while changed:
        changed = False
        for rule in rules:
            origin = rule.origin.name
            bucket = first.setdefault(origin, set())
            all_nullable = True
            for sym in rule.expansion:
                if sym.is_term:
                    if sym.name not in bucket:
                        bucket.add(sym.name)
                        changed = True
                    all_nullable = False
                    break
                before = len(bucket)
                bucket |= first.get(sym.name, set())
                changed |= len(bucket) != before
                if sym.name not in nullable:
                    all_nullable = False
                    break
            if all_nullable and origin not in nullable:
                nullable.add(origin)
                changed = True
    return first


VISIBILITY_WORDS = frozenset({"PUBLIC", "OWNER", "HIDDEN"})  # information


def words_for(terminal: str) -> str:
    """A terminal in a designer's words: keywords and symbols quoted, the rest described."""
    info = grammar_info()
    if terminal in info.words:
        return info.words[terminal]
    if terminal in REGEX_TERMINAL_WORDS:
        return REGEX_TERMINAL_WORDS[terminal]
    return "a symbol"  # never a Lark name; tests/test_syntax_errors.py keeps this unreachable


def describe_expected(expected) -> str:
    """Summarises a set of acceptable terminals: groups become 'a statement', 'a value', ..."""
    info = grammar_info()
    expected = set(expected)
    if "NAME" in expected:  # turns: a name is expected; the keywords that may be one go unsaid
        expected -= info.soft_names
    parts: list[str] = []
    # (the visibility words that may open a pile or variable do not make a list a declaration's)
    if len(expected & info.decl_keywords - VISIBILITY_WORDS) >= 5:
        parts.append("a declaration (rule, phase, card, const, ...)")
        expected -= info.decl_keywords
    if len(expected & info.stmt_keywords) >= 5:
        parts.append("a statement (let, set, if, move, do, ...)")
        expected -= info.stmt_keywords
    if len(expected & info.expr_start) >= 5:
        parts.append("a value (a name, a number, a list, ...)")
        expected -= info.expr_start
    operators = {"PLUS", "MINUS", "STAR", "SLASH", "PERCENT", "COMP_OP", "AND", "OR", "DOT",
                 "LSQB", "WHERE", "ORDERED", "WITH", "__ANON_0", "IN", "LPAR"}
    if parts and len(expected & operators) >= 4:
        expected -= operators
        parts.append("an operator")
    if len(expected & operators) >= 6:
        expected -= operators
        parts.append("an operator (+, -, ==, and, or, ...)")
    rest = sorted({words_for(t) for t in expected if t not in ("WS", "COMMENT")},
                  key=lambda w: (w == REGEX_TERMINAL_WORDS["$END"], w))
    return join_words(parts + rest)


def join_words(items: list[str], limit: int = 8) -> str:
    if len(items) > limit:
        items = items[:limit] + ["..."]
    if len(items) <= 1:
        return "".join(items) or "something else"
    return ", ".join(items[:-1]) + " or " + items[-1]


def describe_token(token) -> str:
    """What was found, in words: '"foo"', '"rule"', 'the number 3', 'the end of the file'."""
    if token is None or token.type == "$END":
        return "the end of the file"
    text = str(token)
    if token.type == "INT":
        return f"the number {text}"
    if token.type == "STRING":
        return "the text " + (text if len(text) <= 24 else text[:20] + '..."')
    return f'"{text}"'


# ------------------------------------------------------------------ match_examples support
class _AnyDepth:
    """Stands in for an error's parser state: equal to any state in the same automaton state,
    whatever the stack depth (Lark compares depth too, which ties examples to one nesting)."""

    def __init__(self, position):
        self.position = position

    def __eq__(self, other) -> bool:
        return getattr(other, "position", None) == self.position

    def __hash__(self) -> int:
        return hash(self.position)


def _example_error(text: str) -> UnexpectedInput | None:
    """The error Lark's shared parser raises on a broken example, remembered for that parser: its
    states are compared with those of a designer's error, and two parsers of the same grammar
    may number their states differently."""
    return _example_error_of(shared_parser(), text)


@cache
def _example_error_of(parser: Lark, text: str) -> UnexpectedInput | None:
    try:
        parser.parse(text)
    except UnexpectedInput as err:
        err.accepts  # noqa: B018 - computed now, while the example's parser state is fresh
        return err
    return None


def _replay_example(text: str):
    err = _example_error(text)
    if err is not None:
        raise err.with_traceback(None)


def classify(err: UnexpectedInput) -> str | None:
    """The label of the common mistake this error looks like, or None."""
    if isinstance(err, UnexpectedCharacters):
        return None
    token = getattr(err, "token", None)
    state = getattr(err, "state", None)
    if token is None or state is None or not hasattr(state, "position"):
        return None
    info = grammar_info()
    labels = {label: examples for label, examples in EXAMPLES.items()
              if _TOKEN_TEST[label](token, info)}
    if not labels:
        return None
    original = err.state
    err.state = _AnyDepth(state.position)
    try:
        return err.match_examples(_replay_example, labels, token_type_match_fallback=True)
    finally:
        err.state = original


# ------------------------------------------------------------------ the description
@dataclass
class SyntaxDescription:
    code: str
    line: int
    column: int
    message: str
    hint: str | None = None
    end_column: int | None = None


def describe_syntax_error(err: UnexpectedInput, text: str, file: str) -> RuleSyntaxError:
    """Lark's error as a designer's message: what was found, what was expected, and a hint for
    the common mistakes (codes E001-E010)."""
    d = describe(err, text)
    return RuleSyntaxError(file, d.line, d.column, d.message, text, d.hint, d.end_column, d.code)


def describe(err: UnexpectedInput, text: str) -> SyntaxDescription:
    if isinstance(err, UnexpectedCharacters):
        return _bad_character(err, text)
    token = getattr(err, "token", None)
    if isinstance(err, UnexpectedEOF) or token is None:
        token = _end_token()
    expected = set(getattr(err, "accepts", None) or getattr(err, "expected", None) or ())
    info = grammar_info()
    if token.type == "$END":
        line, column = _last_position(text)
        offset, end = len(text), None
    else:
        line = getattr(token, "line", None) or getattr(err, "line", 1) or 1
        column = getattr(token, "column", None) or getattr(err, "column", 1) or 1
        offset = token.start_pos if token.start_pos is not None else _offset(text, line, column)
        end = column + len(str(token)) if "\n" not in str(token) else None
    found = describe_token(token)
    wanted = describe_expected(expected)
    before = _tokens_before(text, offset, 2)

    # A comma noticed only at the token after it: `[1, 2,]`, or `tokens a, b,` then `const x`.
    comma = None
    if before and before[-1][0] == "," and token.type in ("RSQB", "RPAR", "RBRACE", "$END"):
        comma = before[-1]
    elif len(before) == 2 and before[0][0] == "," and _keyword_type(before[1][0]) in info.decl_keywords:
        comma = before[0]
    if comma is not None:
        c_line, c_col = _line_col(text, comma[1])
        follows = f'"{before[-1][0]}" starts a new declaration' if comma is before[0] else \
            "nothing follows it"
        return SyntaxDescription(CODES["stray_comma"], c_line, c_col,
                                 "a comma with no item after it", f"remove the comma: {follows}",
                                 c_col + 1)
    # `==` where `=` is meant: the lexer takes the first "=" and stops at the second.
    if token.type == "EQUAL" and offset > 0 and text[offset - 1] == "=":
        e_line, e_col = _line_col(text, offset - 1)
        return SyntaxDescription(CODES["compare_for_assign"], e_line, e_col,
                                 '"==" compares two values; a single "=" is expected here',
                                 'to give a value, write "="', e_col + 2)

    # `assert CONDITION` with no message: the text in quotes was expected where something else came.
    if "STRING" in expected and token.type != "STRING" and not expected & info.stmt_keywords:
        words = [w for w, _ in _tokens_before(text, offset, 64)]
        after = words[len(words) - words[::-1].index("assert"):] if "assert" in words else None
        if after is not None and not any(w in ("{", "}") or w.startswith('"') for w in after):
            return SyntaxDescription(CODES["other"], line, column,
                                     f"`assert` needs a message in quotes after its condition, not {found}",
                                     'write e.g. `assert n >= 0 "a count is never negative"`', end)
    label = classify(err) or _heuristic(token, expected)
    # (`2 * (n - 3` then `}`, or `[1, 2` then a declaration on the next line: the ")" or
    # "]" is missing, not a "{")
    bracket = _open_bracket(text, offset) if token.type in ("RBRACE", "$END") or expected & {"RPAR", "RSQB"} else None
    if bracket is not None and (token.type in ("RBRACE", "$END") or bracket[1] < line):
        ch, b_line, b_col = bracket
        return SyntaxDescription(CODES["missing_close"], b_line, b_col,
                                 f'this "{ch}" is never closed: a "{_CLOSER[ch]}" is missing before {found}'
                                 + ("" if token.type == "$END" else f" on line {line}"),
                                 f'add "{_CLOSER[ch]}" where what it holds ends', b_col + 1)
    common = _common_mistake(token, expected, [w for w, _ in before])
    if common is not None:
        message, hint = common
        code = CODES["misspelt_keyword"] if message.startswith("unknown word") else CODES["other"]
        return SyntaxDescription(code, line, column, message, hint, end)
    if label == "missing_close":
        opened = _open_braces(text, offset)
        suspect = _misaligned(text, opened) if opened else None
        if token.type == "$END":
            if opened:
                o_line, o_col = opened[-1]
                hint = 'add "}" where the block ends' + (f"; {suspect}" if suspect else "")
                return SyntaxDescription(CODES[label], o_line, o_col,
                                         'this "{" is never closed: the file ends before its "}"',
                                         hint, o_col + 1)
            return SyntaxDescription(CODES[label], line, column,
                                     f"the file ends too early; expected {wanted}",
                                     'is a closing brace "}" missing?')
        where = f'the "{{" on line {opened[-1][0]} is still open here' if opened else \
            "a block is still open here"
        return SyntaxDescription(CODES[label], line, column, f'a "}}" is missing before {found}',
                                 f"{where}; close it before {found}" + (f" ({suspect})" if suspect else ""),
                                 end)
    if label == "extra_close":
        return SyntaxDescription(CODES[label], line, column, 'this "}" closes nothing',
                                 'remove it, or look above for a "{" that is missing', end)
    if label == "stray_comma":
        if expected & info.stmt_keywords or "RBRACE" in expected and not expected & info.expr_start:
            hint = "statements are not separated by commas; remove the comma"
        elif expected & info.expr_start:
            hint = "nothing follows this comma; remove it or add the missing item"
        else:
            hint = "remove the comma"
        return SyntaxDescription(CODES[label], line, column, f'unexpected ","; expected {wanted}', hint, end)
    if label == "misspelt_keyword":
        guess = _closest_keyword(str(token), expected)
        if guess is not None:
            return SyntaxDescription(CODES[label], line, column,
                                     f'unknown word "{token}"; expected {wanted}',
                                     f'did you mean "{guess}"?', end)
        label = _heuristic(token, expected, skip_misspelt=True)
    if label == "assign_for_compare":
        return SyntaxDescription(CODES[label], line, column,
                                 '"=" cannot compare two values',
                                 'to compare, write "=="; "=" only gives a name its value', end)
    if label == "compare_for_assign":
        return SyntaxDescription(CODES[label], line, column,
                                 '"==" compares two values; a single "=" is expected here',
                                 'to give a value, write "="', end)
    if label == "missing_open":
        return SyntaxDescription(CODES[label], line, column, f'a "{{" is missing before {found}',
                                 'a block starts with "{" after its header, as in `rule take() { ... }`',
                                 end)
    hint = None
    if token.type == "NAME" and expected & info.stmt_keywords:
        hint = ("every statement starts with a keyword; to change a value write "
                f"`set {token} = ...`, to name one `let {token} = ...`")
    elif token.type in info.stmt_keywords and expected & info.decl_keywords:
        hint = "statements belong inside a rule, a step or a card, as in `rule take() { ... }`"
    elif token.type == "$END" and "RBRACE" in expected:
        hint = 'is a closing brace "}" missing?'
    if token.type == "$END":
        return SyntaxDescription(CODES["other"], line, column,
                                 f"the file ends too early; expected {wanted}", hint)
    return SyntaxDescription(CODES["other"], line, column, f"unexpected {found}; expected {wanted}",
                             hint, end)


def _common_mistake(token, expected: set[str], before: list[str]) -> tuple[str, str] | None:
    """A message and hint for mistakes a designer makes often, written in another language's
    habits: `if c then {`, `elif`, `for x in`, `repeat 3 {`, `move 2 red to z`, a hook on a
    step (`after feeding.eat {`). `before`: the two words before the token."""
    word = str(token)
    if word == "." and "LPAR" in expected and before and before[0] in ("after", "before", "of"):
        return ('a hook names a rule, not a step: "(" and its parameters are expected here',
                "write `after RULE(PARAMS) { ... }`; a variant changes a step with `replace step PHASE.STEP`")
    if token.type == "THEN" and "LBRACE" in expected:
        return ('an `if` statement has no "then": its block follows the condition',
                "write `if CONDITION { ... }`; `then` belongs to a value: `if c then a else b`")
    if word == "elif" and "ELSE" in expected:
        return ('unknown word "elif"', "write `} else if CONDITION {`")
    if token.type == "RBRACE" and "LBRACE" in expected and "RBRACE" not in expected:
        return ('a "{" is missing before this "}": the statement before it needs its block',
                "a question, a loop or a test has a block: `ask p pick: choose x from LIST { ... }`")
    if token.type == "NAME" and _closest_keyword(word, expected):
        return None  # (`for eahc x`: a misspelt keyword, said as one)
    if expected == {"EACH"}:
        name = word if token.type == "NAME" else "NAME"
        return (f"unexpected {describe_token(token)}; expected \"each\"", f"write `for each {name} in LIST {{ ... }}`")
    if expected == {"TIMES"}:
        return (f"unexpected {describe_token(token)}; expected \"times\"", "write `repeat COUNT times { ... }`")
    if token.type == "TO" and "FROM" in expected:
        return ('unexpected "to"; expected "from"',
                "a move names where the tokens come from, then where they go: `move 2 red from SOURCE to PLACE`")
    return None


def _heuristic(token, expected: set[str], skip_misspelt: bool = False) -> str | None:
    """Token-based recognition for states that no example reaches."""
    info = grammar_info()
    kind = token.type
    if kind == "$END" and "RBRACE" in expected:
        return "missing_close"
    if kind in info.decl_keywords and "RBRACE" in expected and kind not in expected:
        return "missing_close"
    if kind == "RBRACE" and "RBRACE" not in expected:
        return "extra_close"
    if kind == "COMMA" and "COMMA" not in expected:
        return "stray_comma"
    if kind == "EQUAL" and "EQUAL" not in expected and "COMP_OP" in expected:
        return "assign_for_compare"
    if kind == "COMP_OP" and str(token) == "==" and "EQUAL" in expected:
        return "compare_for_assign"
    if kind == "NAME" and not skip_misspelt and _closest_keyword(str(token), expected):
        return "misspelt_keyword"
    if "LBRACE" in expected and kind not in expected and not expected & info.expr_start \
            and (kind in info.stmt_keywords or kind in ("STEP", "NAME", "RBRACE")):
        return "missing_open"
    return None


def _closest_keyword(word: str, expected: set[str]) -> str | None:
    info = grammar_info()
    candidates = [info.keywords[t] for t in expected if t in info.keywords]
    if "OR_PASS" in expected:
        candidates.append("or pass")
    close = difflib.get_close_matches(word.lower(), candidates, n=1, cutoff=0.6)
    if close:
        return close[0]
    swapped = [c for c in candidates if len(c) > 1 and sorted(c) == sorted(word.lower())]
    return swapped[0] if swapped else None


def _bad_character(err: UnexpectedCharacters, text: str) -> SyntaxDescription:
    pos = err.pos_in_stream
    char = text[pos] if pos < len(text) else "?"
    line, column = err.line or 1, err.column or 1
    lines = text.split("\n")
    line_text = lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""
    if char == '"':
        return SyntaxDescription(CODES["unclosed_string"], line, column,
                                 "this text is not closed: a quoted text ends with \" on the same line",
                                 'add the closing "', len(line_text) + 1)
    hints = {
        "'": 'texts are written between double quotes: "like this"',
        "&": 'write "and"', "|": 'write "or"', "!": 'write "not", or "!=" for "is not equal"',
        ";": "statements need no semicolon; put each on its own line",
        "\\": "a backslash only appears inside a quoted text",
    }
    return SyntaxDescription(CODES["bad_character"], line, column, f"unexpected character {char!r}",
                             hints.get(char), column + 1)


def control_character_error(text: str, offset: int, file: str) -> RuleSyntaxError:
    """The error for a control character at `offset`: a rule file holds printable text, tabs
    and line ends only, anywhere (texts and comments included), so nothing in it can drive the
    terminal that shows it (see visible.py)."""
    line, column = _line_col(text, offset)
    return RuleSyntaxError(
        file, line, column,
        f"the control character {character_name(text[offset])} is not allowed in a rule file",
        text, "delete it (an editor may not show it); a rule file holds printable text, tabs and "
        r"line ends only; in a quoted text write \n for a line break", column + 1,
        CODES["control_character"])


def _end_token():
    from lark import Token

    return Token("$END", "")


def _offset(text: str, line: int, column: int) -> int:
    lines = text.split("\n")
    return sum(len(x) + 1 for x in lines[: line - 1]) + column - 1


def _last_position(text: str) -> tuple[int, int]:
    lines = text.rstrip().split("\n")
    return len(lines), len(lines[-1]) + 1


_SKIP = re.compile(r'"([^"\\\n]|\\.)*"|#[^\n]*')


def _braces(text: str, stop: int, chars: str = "{}"):
    """(char, line, column) of every brace (or of `chars`) before offset `stop`, skipping texts
    and comments."""
    line, col, i = 1, 1, 0
    while i < min(stop, len(text)):
        ch = text[i]
        if ch in "\"#":
            m = _SKIP.match(text, i)
            if m:
                col += m.end() - i
                i = m.end()
                continue
        if ch in chars:
            yield ch, line, col
        if ch == "\n":
            line, col = line + 1, 1
        else:
            col += 1
        i += 1


def _open_braces(text: str, stop: int) -> list[tuple[int, int]]:
    """The "{" still open at offset `stop`, outermost first, as (line, column)."""
    stack: list[tuple[int, int]] = []
    for ch, line, col in _braces(text, stop):
        if ch == "{":
            stack.append((line, col))
        elif stack:
            stack.pop()
    return stack


_CLOSER = {"(": ")", "[": "]"}


def _open_bracket(text: str, stop: int) -> tuple[str, int, int] | None:
    """The innermost "(" or "[" still open at offset `stop` inside the innermost open block, as
    (char, line, column): a "}" met there means its ")" or "]" is missing, not a "{"."""
    stack: list[tuple[str, int, int]] = []
    for ch, line, col in _braces(text, stop, "{}()[]"):
        if ch in "{([":
            stack.append((ch, line, col))
        elif ch == "}":
            while stack and stack[-1][0] != "{":
                stack.pop()  # (an earlier block's unclosed bracket: reported there, not here)
            if stack:
                stack.pop()
        elif stack and _CLOSER.get(stack[-1][0]) == ch:
            stack.pop()
    return stack[-1] if stack and stack[-1][0] in _CLOSER else None


def _misaligned(text: str, opened: list[tuple[int, int]]) -> str | None:
    """A guess at the block that lacks its "}": one whose "}" is not lined up with its header."""
    lines = text.split("\n")
    start = opened[0][0] if opened else 1
    stack: list[tuple[int, int]] = []
    for ch, line, col in _braces(text, len(text)):
        if line < start:
            continue
        if ch == "{":
            stack.append((line, col))
        elif stack:
            o_line, _ = stack.pop()
            close_text = lines[line - 1]
            if o_line != line and close_text.strip().startswith("}"):
                indent_open = len(lines[o_line - 1]) - len(lines[o_line - 1].lstrip())
                indent_close = len(close_text) - len(close_text.lstrip())
                if indent_close < indent_open:
                    return (f'the "}}" on line {line} is indented less than the "{{" on line '
                            f'{o_line}: is the "}}" of line {o_line} missing?')
    return None


_LEX = re.compile(r'\s+|"([^"\\\n]|\\.)*"|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|\.\.|->|[=!<>]=|.', re.S)


def _tokens_before(text: str, offset: int, n: int) -> list[tuple[str, int]]:
    """The last n tokens (text, offset) before `offset`, skipping spaces and comments."""
    out: list[tuple[str, int]] = []
    pos = 0
    while pos < offset:
        m = _LEX.match(text, pos)
        if m is None or m.end() == pos:
            break
        piece = m.group(0)
        if not piece.isspace() and not piece.startswith("#"):
            out.append((piece, pos))
            out = out[-n:]
        pos = m.end()
    return out


def _keyword_type(word: str) -> str | None:
    for name, keyword in grammar_info().keywords.items():
        if keyword == word:
            return name
    return None


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
