"""Editor support: the Pygments lexer (ratdsl/language/highlight.py) and the TextMate grammar
(editors/ratdsl.tmLanguage.json) on every shipped rule file, and both cover every keyword."""

import json
import re
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
TMLANGUAGE = ROOT / "editors" / "ratdsl.tmLanguage.json"
KEYWORDS = sorted(set(grammar_info().keywords.values()))


def test_the_grammar_has_keywords():
    assert {"rule", "move", "if", "where", "true"} <= set(KEYWORDS)


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


# ---------------------------------------------------------------- TextMate
def grammar() -> dict:
    return json.loads(TMLANGUAGE.read_text("utf-8"))


def all_rules(node):
    """Every rule object (with match / begin) anywhere in the grammar."""
    if isinstance(node, dict):
        if "match" in node or "begin" in node:
            yield node
        for value in node.values():
            yield from all_rules(value)
    elif isinstance(node, list):
        for value in node:
            yield from all_rules(value)


def test_textmate_header():
    g = grammar()
    assert g["scopeName"] == "source.ratdsl" and "rat" in g["fileTypes"]


def test_textmate_regexes_compile_with_python_re():
    rules = list(all_rules(grammar()))
    assert len(rules) > 10
    for rule in rules:
        for key in ("match", "begin", "end"):
            if key in rule:
                re.compile(rule[key], re.MULTILINE)


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_textmate_knows_every_keyword(keyword):
    patterns = grammar()["repository"]["keywords"]["patterns"]
    scopes = [p["name"] for p in patterns if (m := re.search(p["match"], keyword)) and m.group(0) == keyword]
    assert scopes, f"no keyword pattern of the TextMate grammar matches {keyword!r}"
    assert scopes[0].split(".")[0] in ("keyword", "storage", "constant"), scopes


class TextMate:
    """Just enough of a TextMate tokenizer to check coverage: at each position the earliest match
    of the top-level patterns wins (the first listed on a tie); begin/end rules run to their end."""

    def __init__(self, g: dict):
        self.rules = list(self._expand(g["patterns"], g["repository"]))

    def _expand(self, patterns, repository):
        for p in patterns:
            if "include" in p:
                target = repository[p["include"].lstrip("#")]
                if "match" in target or "begin" in target:
                    yield target
                else:
                    yield from self._expand(target["patterns"], repository)
            else:
                yield p

    def scan_line(self, line: str):
        """Yields (start, end, scope) for every piece of the line a rule claims."""
        pos = 0
        while pos < len(line):
            best = None
            for rule in self.rules:
                m = re.compile(rule.get("match") or rule["begin"]).search(line, pos)
                if m and m.end() > m.start() and (best is None or m.start() < best[0].start()):
                    best = (m, rule)
            if best is None:
                return
            m, rule = best
            end = m.end()
            if "begin" in rule:
                close = re.compile(rule["end"]).search(line, m.end())
                end = close.end() if close else len(line)
            yield m.start(), end, rule.get("name") or rule["captures"]["1"]["name"]
            pos = end


@pytest.mark.parametrize("path", SHIPPED, ids=IDS)
def test_textmate_gives_every_character_a_scope(path):
    scanner = TextMate(grammar())
    for number, line in enumerate(path.read_text("utf-8").split("\n"), 1):
        covered = [False] * len(line)
        for start, end, _ in scanner.scan_line(line):
            covered[start:end] = [True] * (end - start)
        loose = [line[i] for i, c in enumerate(covered) if not c and not line[i].isspace()
                 and not (line[i].isalnum() or line[i] == "_")]
        assert not loose, f"{path}:{number}: no scope for {loose!r} in {line!r}"


def test_textmate_scopes_on_a_sample():
    scanner = TextMate(grammar())
    line = 'rule take(p) "Take" { move 1 red from f(p) to p.hand }  # done'
    scopes = {line[s:e]: scope for s, e, scope in scanner.scan_line(line)}
    assert scopes['"Take"'].startswith("string.quoted")
    assert scopes["# done"].startswith("comment.line")
    assert scopes["move"] == "keyword.other.ratdsl"
    assert scopes["f"] == "entity.name.function.call.ratdsl"
    assert scopes["1"].startswith("constant.numeric")


def test_pygments_marks_calls_of_builtins():
    from pygments.token import Name as N

    tokens = [(k, v) for k, v in lex("func f(p) = min(p.x, g(1)) + count(bank, coin)\n", RuleLexer()) if v.strip()]
    assert (N.Builtin, "min") in tokens and (N.Builtin, "count") in tokens
    assert (N.Function, "g") in tokens and (N.Name, "coin") not in tokens
