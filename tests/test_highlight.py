"""The Pygments lexer (ratdsl/language/highlight.py) on every shipped rule file, and it covers every
keyword. The editors' TextMate grammar has the same checks in tests/test_editors.py."""

from pathlib import Path

import pytest

pygments = pytest.importorskip("pygments")

from pygments import lex  # noqa: E402
from pygments.token import Error, Keyword, Name, Operator  # noqa: E402

from ratdsl.language.highlight import RuleLexer  # noqa: E402
from ratdsl.language.syntax_errors import grammar_info  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "rules").rglob("*.rat"))
IDS = [str(p.relative_to(ROOT)) for p in SHIPPED]
KEYWORDS = sorted(set(grammar_info().keywords.values()))


# ---------------------------------------------------------------- Pygments
@pytest.mark.parametrize("path", SHIPPED, ids=IDS)
def test_pygments_lexes_shipped_files_without_errors(path):
    text = path.read_text("utf-8")
    tokens = list(lex(text, RuleLexer()))
    errors = [(kind, value) for kind, value in tokens if kind in Error]
    assert not errors, errors[:10]
    assert "".join(value for _, value in tokens) == text if text.endswith("\n") else text + "\n"


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_pygments_knows_every_keyword(keyword):
    kind, value = next(iter(lex(keyword, RuleLexer())))
    assert value == keyword
    assert kind in Keyword or kind in Operator.Word, kind


def test_pygments_tells_names_calls_and_declarations_apart():
    tokens = [(k, v) for k, v in lex('rule take(p) "T" {\n  move 1 red from f(p) to p.hand\n}\n', RuleLexer())
              if v.strip()]
    assert tokens[:2] == [(Keyword.Declaration, "rule"), (Name.Function, "take")]
    assert (Name.Function, "f") in tokens and (Name.Attribute, "hand") in tokens and (Name, "red") in tokens


def test_the_lexer_is_found_by_file_name():
    from pygments.lexers import get_lexer_for_filename

    try:
        lexer = get_lexer_for_filename("game.rat")
    except pygments.util.ClassNotFound:
        pytest.skip("the entry point is registered by `pip install -e .`")
    assert lexer.name == "ratdsl"


def test_pygments_marks_calls_of_builtins():
    from pygments.token import Name as N

    tokens = [(k, v) for k, v in lex("func f(p) = min(p.x, g(1)) + count(bank, coin)\n", RuleLexer()) if v.strip()]
    assert (N.Builtin, "min") in tokens and (N.Builtin, "count") in tokens
    assert (N.Function, "g") in tokens and (N.Name, "coin") not in tokens
