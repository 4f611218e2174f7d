"""The formatter: one layout, comments kept, idempotent, and never a change of meaning.

The shipped rule files are only read here; nothing is written under rules/."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.language import parse_text
from ratdsl.language.formatter import FormatError, comments_of, format_program, format_text, parse_with_comments

from .rat_strategies import programs
from .scale import cases

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "rules").rglob("*.rat"))


def comments(text: str) -> list[str]:
    _, tokens = parse_with_comments(text)
    return [c.text for c in comments_of(text, tokens)]


@pytest.mark.parametrize("path", SHIPPED, ids=[str(p.relative_to(ROOT)) for p in SHIPPED])
def test_shipped_files(path):
    text = path.read_text("utf-8")
    once = format_text(text, str(path), verify=False)
    assert format_text(once, str(path), verify=False) == once, "formatting is idempotent"
    assert parse_text(once) == parse_text(text), "the AST (spans aside) is unchanged"
    assert comments(once) == [c.rstrip() for c in comments(text)], "every comment is kept, in order"


def test_there_are_shipped_files():
    assert len(SHIPPED) >= 4


LAYOUT_CASES = {
    "spacing and indents": (
        'rule r ( x , y ) "T" {\nif x==1{do r(1,2)}\nelse{let z=-(y)*(2+3)}\n}\n',
        'rule r(x, y) "T" {\n  if x == 1 {\n    do r(1, 2)\n  } else {\n    let z = -y * (2 + 3)\n  }\n}\n'),
    "blank lines between long declarations, kept groups of one-liners": (
        "const a = 1\nconst b = 2\n\n\n\nconst c = 3\nrule r() {\n  end game\n}\nfunc f() = 1\n",
        "const a = 1\nconst b = 2\n\nconst c = 3\n\nrule r() {\n  end game\n}\n\nfunc f() = 1\n"),
    "empty bodies": (
        "rule r() {\n\n}\nrule s() {}\n",
        "rule r() { }\nrule s() { }\n"),
    "comments before, after and inside": (
        "# head\nconst a = [1,   # one\n  2]\n# about b\nconst b = 2 # bee\nrule r() {\n  # inside\n}\n# tail\n",
        "# head\nconst a = [1, 2]  # one\n# about b\nconst b = 2  # bee\n\nrule r() {\n  # inside\n}\n"
        "# tail\n"),
    "aligned trailing comments": (
        "zone a # one\nzone bbbbbb    # two\nzone c\n",
        "zone a       # one\nzone bbbbbb  # two\nzone c\n"),
    "steps are separated": (
        "phase p {\n  step a { end game }\n  step b { end game }\n}\n",
        "phase p {\n  step a {\n    end game\n  }\n\n  step b {\n    end game\n  }\n}\n"),
    "else if chains": (
        "rule r() {\n  if a { end game } else if b { } else { say \"x\" }\n}\n",
        'rule r() {\n  if a {\n    end game\n  } else if b {\n  } else {\n    say "x"\n  }\n}\n'),
    "parentheses for the reader": (
        "const a = x or y and z\nconst b = l where p or q\nconst c = 0..n / 2\n",
        "const a = x or (y and z)\nconst b = l where (p or q)\nconst c = 0..(n / 2)\n"),
    "needed parentheses are kept": (
        "const a = (x or y) and z\nconst b = (if c then 1 else 2) + 3\nconst d = (a - b) - (c - d)\n",
        "const a = (x or y) and z\nconst b = (if c then 1 else 2) + 3\nconst d = a - b - (c - d)\n"),
    "distribute limits on their own lines": (
        "rule r() {\n  ask p q: distribute k from z among t at most 2 in [a] at least 1 in [b]\n}\n",
        "rule r() {\n  ask p q: distribute k from z among t\n    at most 2 in [a]\n    at least 1 in [b]\n}\n"),
    "texts keep their spelling": (
        'const a = "caf\\u00e9 \\"quoted\\""\n',
        'const a = "caf\\u00e9 \\"quoted\\""\n'),
}


@pytest.mark.parametrize("name", LAYOUT_CASES)
def test_layout(name):
    before, after = LAYOUT_CASES[name]
    assert format_text(before) == after
    assert format_text(after) == after


def test_syntax_errors_are_reported_not_formatted():
    from ratdsl.language.errors import RuleSyntaxError

    with pytest.raises(RuleSyntaxError):
        format_text("rule r() {\n  mvoe 1 x from a to b\n}\n")


def test_unknown_nodes_are_refused():
    from ratdsl.language import ast as A

    class Strange(A.Decl):
        pass

    with pytest.raises(FormatError):
        format_program(A.Program((Strange(),)))


# ---------------------------------------------------------------- generated programs
SETTINGS = settings(max_examples=cases(150, 600), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@SETTINGS
@given(programs)
def test_generated_asts_round_trip(program):
    text = format_program(program)
    assert parse_text(text) == program, text
    assert format_text(text) == text


@pytest.mark.slow
@SETTINGS
@given(programs, st.data())
def test_generated_programs_with_comments(program, data):
    lines = format_program(program).split("\n")[:-1]
    out = []
    for i, line in enumerate(lines):
        if data.draw(st.booleans(), label=f"own-line comment before line {i}"):
            out.append(" " * data.draw(st.integers(0, 6)) + f"# own {i}")
        trailing = data.draw(st.booleans(), label=f"trailing comment on line {i}")
        out.append(line + (f"   # after {i}" if trailing and line.strip() else ""))
        if data.draw(st.integers(0, 4)) == 0:
            out.append("")
    text = "\n".join(out) + "\n"
    once = format_text(text)
    assert parse_text(once) == program
    assert format_text(once) == once
    before = sorted(w for c in comments(text) for w in c.split())
    after = sorted(w for c in comments(once) for w in c.split())
    assert before == after, "no comment is lost"


# ---------------------------------------------------------------- the command
def test_fmt_check_and_diff(tmp_path):
    messy = tmp_path / "messy.rat"
    messy.write_text("const a=1   # one\n")
    tidy = tmp_path / "tidy.rat"
    tidy.write_text("const a = 1\n")
    runner = CliRunner()
    result = runner.invoke(app, ["fmt", "--check", str(tmp_path)])
    assert result.exit_code == 1
    assert f"would reformat {messy}" in result.stderr
    result = runner.invoke(app, ["fmt", "--diff", str(messy)])
    assert result.exit_code == 1  # as `ruff format --diff`: a file would change
    assert "-const a=1   # one\n+const a = 1  # one\n" in result.stdout
    assert messy.read_text() == "const a=1   # one\n", "--diff changes nothing"
    result = runner.invoke(app, ["fmt", str(tmp_path)])
    assert result.exit_code == 0
    assert messy.read_text() == "const a = 1  # one\n"
    assert runner.invoke(app, ["fmt", "--check", str(tmp_path)]).exit_code == 0
    assert runner.invoke(app, ["fmt", "--diff", str(tmp_path)]).exit_code == 0


def test_fmt_reports_syntax_errors_and_exits_2(tmp_path):
    bad = tmp_path / "bad.rat"
    bad.write_text("rule r() {\n")
    result = CliRunner().invoke(app, ["fmt", str(bad)])
    assert result.exit_code == 2
    assert "E002" in result.stderr
    assert bad.read_text() == "rule r() {\n"


def test_fmt_stdin():
    result = CliRunner().invoke(app, ["fmt", "-"], input="const   a=1\n")
    assert result.exit_code == 0
    assert result.stdout == "const a = 1\n"
