"""The summary of rules that call themselves (issue 39): it ends, describes each such rule once
and says that it repeats, in every language; `ratdsl summary` exits 0 on them."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.semantics.recursion import rules_reaching_themselves
from ratdsl.session import load_rules
from ratdsl.summaries import summarize, to_markdown

from .test_runtime_errors import HEADER  # (the same tiny game)

GAME = HEADER + '''rule again() "Again" {
  do again()
}
rule give(n) "Give" {
  move 1 coin from bank to active.purse
  do more(n)
}
rule more(n) "More" {
  if n > 0 {
    do give(n - 1)
  }
}
rule once() "Once" {
  move 1 coin from bank to active.purse
}
phase main "Main" {
  step only {
    do again()
    do give(3)
    do once()
  }
}
'''


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "game.rat").write_text(GAME)
    return tmp_path / "tiny"


def test_the_rules_that_reach_themselves_are_found(folder):
    assert rules_reaching_themselves(load_rules(folder)) == {"again", "give", "more"}


REPEATS = {"en": "which repeats", "de": "wiederholt sich", "es": "se repite", "fr": "se répète",
           "ru": "повторяется"}


@pytest.mark.parametrize("lang", sorted(REPEATS))
def test_a_rule_that_calls_itself_is_described_once_and_said_to_repeat(folder, lang):
    text = to_markdown(summarize(load_rules(folder), lang))
    # the calls of Again (in the round, and in its own description), of Give (in the round and in
    # More's description) and of More (in Give's description); Once's call says no such thing
    assert text.count(REPEATS[lang]) == 5
    if lang == "en":
        assert text.count("“Again”, which repeats") == 2 and "“Once”, which" not in text
        assert text.count("“Give”, which repeats") == 2 and text.count("“More”, which repeats") == 1
        for title in ("Again", "Give", "More", "Once"):  # each described once
            assert text.count(f"- **“{title}” (not translated)**") == 1


def test_ratdsl_summary_of_a_rule_that_calls_itself_exits_0(folder, private_cache):
    result = CliRunner().invoke(app, ["summary", str(folder)])
    assert result.exit_code == 0, result.output
    assert "RecursionError" not in result.output and "which repeats" in result.output


CAPTURE = HEADER + '''func both(o, p) = o + p
phase main "Main" {
  step only {
    for each p in players {
      for each o in [1, 2] {
        if both(p.purse.coin, o + 1) > 3 {
          move 1 coin from bank to p.purse
        }
      }
    }
  }
}
'''


def test_a_func_told_in_place_reads_its_arguments_where_they_were_written(tmp_path):
    """both(p.purse.coin, o + 1) inside loops over p and o: the func's o is the caller's
    p.purse.coin and its p the caller's o + 1, each read with the caller's p and o. Read with the
    func's own (as before issue 39's fix) they referred to each other, and the phrase grew until
    a depth limit stopped it: some 15 s of a message-less game's summary per such call."""
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "game.rat").write_text(CAPTURE)
    text = to_markdown(summarize(load_rules(tmp_path / "tiny"), "en"))
    line = next(line for line in text.splitlines() if "is more than 3" in line)
    assert line.count("the number of") == 1 and line.count("+ 1") == 1, line
