"""Syntax errors speak the designer's language: no Lark terminal names, a code per common
mistake, the source line with a caret, and a hint."""

import re

import pytest

from ratdsl.language import parse_text
from ratdsl.language.errors import RuleSyntaxError
from ratdsl.language.parser import _parser
from ratdsl.language.syntax_errors import CODES, EXAMPLES, _example_error, classify, words_for

LARK_NAMES = re.compile(r"__ANON|\$END|\b[A-Z][A-Z_]{2,}\b")


def error_of(text: str) -> RuleSyntaxError:
    with pytest.raises(RuleSyntaxError) as info:
        parse_text(text, "t.rat")
    return info.value


def test_every_terminal_has_words():
    for terminal in _parser().terminals:
        words = words_for(terminal.name)
        assert words != "a symbol", terminal.name
        assert not LARK_NAMES.search(words), (terminal.name, words)


@pytest.mark.parametrize("label,example", [(label, ex) for label, exs in EXAMPLES.items() for ex in exs])
def test_every_example_is_recognised_by_match_examples(label, example):
    err = _example_error(example)
    assert err is not None, "the example must be a syntax error"
    assert classify(err) == label
    assert error_of(example).code == CODES[label]


CASES = [
    # (text, code, line, column, words in the message, words in the hint)
    ("rule a() {\n  if x {\n    do b()\n}\n", "E002", 1, 10, "never closed", "line 2"),
    ("rule a() {\n  if x {\n    do b()\n}\nrule c() { }\n", "E002", 5, 1, 'missing before "rule"', "line 1"),
    ("phase p {\n  step s {\n    do a()\n  }\n  }\n}\n", "E003", 6, 1, "closes nothing", "remove it"),
    ("rule a() {\n  do b(),\n  do c()\n}\n", "E004", 2, 9, '","', "not separated by commas"),
    ("const a = [1, 2,]\n", "E004", 1, 16, "comma", "remove the comma"),
    ("tokens a, b,\nconst c = 1\n", "E004", 1, 12, "comma", '"const" starts a new declaration'),
    ('rule a() "Title {\n}\n', "E005", 1, 10, "not closed", 'closing "'),
    ("rule a() {\n  mvoe 1 x from a to b\n}\n", "E006", 2, 3, '"mvoe"', 'did you mean "move"?'),
    ("rule a() {\n  move 1 x form a to b\n}\n", "E006", 2, 12, '"form"', 'did you mean "from"?'),
    ("rule a() {\n  move 1 x from a ot b\n}\n", "E006", 2, 19, '"ot"', 'did you mean "to"?'),
    ("rlue a() { }\n", "E006", 1, 1, '"rlue"', 'did you mean "rule"?'),
    ("rule a() {\n  if x = 1 { }\n}\n", "E007", 2, 8, '"="', '"=="'),
    ("const y = xs where it.a = 1\n", "E007", 1, 25, '"="', '"=="'),
    ('rule a() "T"\n  do b()\n}\n', "E008", 2, 3, '"{" is missing', "starts with"),
    ('phase p {\n  step s "T"\n    move 1 x from a to b\n  }\n}\n', "E008", 3, 5, '"{" is missing', "{"),
    ("func f(x) == 1\n", "E009", 1, 11, '"=="', 'write "="'),
    ("const a = b && c\n", "E010", 1, 13, "'&'", '"and"'),
    ("const a = 'x'\n", "E010", 1, 11, "'", "double quotes"),
    ("rule a() {\n  x = 1\n}\n", "E001", 2, 3, "a statement", "set x = ..."),
    ("move 1 x from a to b\n", "E001", 1, 1, "a declaration", "inside a rule"),
    # a ")" or "]" left out: the "(" or "[" never closed is pointed at
    ("table t(n) {\n  otherwise -> 2 * (n - 3\n}\n", "E002", 2, 20, 'a ")" is missing before "}" on line 3',
     'add ")"'),
    ("const xs = [1, 2\nzone z\n", "E002", 1, 12, 'a "]" is missing before "zone" on line 2', 'add "]"'),
    ("const xs = max(1, 2\n", "E002", 1, 15, "before the end of the file", 'add ")"'),
    # another language's habits
    ("rule a() {\n  if x then {\n  }\n}\n", "E001", 2, 8, 'no "then"', "if CONDITION { ... }"),
    ("rule a() {\n  if x {\n  } elif y {\n  }\n}\n", "E006", 3, 5, '"elif"', "} else if CONDITION {"),
    ("rule a() {\n  for p in players {\n  }\n}\n", "E001", 2, 7, 'expected "each"', "for each p in LIST"),
    ("rule a() {\n  repeat 3 {\n  }\n}\n", "E001", 2, 12, 'expected "times"', "repeat COUNT times"),
    ("rule a() {\n  move 2 x to b\n}\n", "E001", 2, 12, 'expected "from"', "from SOURCE to PLACE"),
    ("rule a() {\n  ask p pick: choose x from [1, 2]\n}\n", "E001", 3, 1, 'a "{" is missing before this "}"',
     "choose x from LIST { ... }"),
    ("after feeding.eat {\n}\n", "E001", 1, 14, "a hook names a rule", "replace step PHASE.STEP"),
]


@pytest.mark.parametrize("text,code,line,column,message,hint", CASES)
def test_common_mistakes(text, code, line, column, message, hint):
    err = error_of(text)
    assert (err.code, err.line, err.column) == (code, line, column), err.render()
    assert message in err.message
    assert hint in (err.hint or "")
    rendered = err.render()
    assert not LARK_NAMES.search(rendered.split("\n")[0].split(": ", 1)[1].replace(code, "")), rendered


def test_output_format_line_caret_hint():
    err = error_of("rule a() {\n  mvoe 1 x from a to b\n}\n")
    assert err.render() == (
        't.rat:2:3: E006 unknown word "mvoe"; expected a statement (let, set, if, move, do, ...) or "}"\n'
        "     2 |   mvoe 1 x from a to b\n"
        "       |   ^^^^\n"
        '  hint: did you mean "move"?')
