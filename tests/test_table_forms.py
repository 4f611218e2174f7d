"""The table's forms (ratdsl/cli/table/forms.py): ranges that always allow a legal whole, undo,
and a confirmation that is never taken by accident."""

from __future__ import annotations

import pytest

from ratdsl.cli.table.forms import choose, count_range, distribute, may
from ratdsl.cli.table.words import GameWords
from ratdsl.engine.decisions import Decision
from ratdsl.session import load_rules

from .conftest import RATLAND


@pytest.fixture(scope="module")
def words():
    return GameWords(load_rules(RATLAND), "en")


def fill(form, decision, words, typed):
    shown: list[str] = []
    answers = iter(typed)
    answer = form(decision, words, lambda prompt: (shown.append(prompt), next(answers))[1],
                  lambda line, style="": shown.append(line))
    return answer, shown


def test_each_range_leaves_room_for_a_legal_whole():
    decision = Decision(0, "d", "distribute", amount=5, targets=["a", "b", "c"],
                        at_most=[(1, ["a"])], at_least=[(3, ["b", "c"])])
    assert count_range(decision, []) == (0, 1)
    assert count_range(decision, [1]) == (0, 4)
    assert count_range(decision, [0, 5]) == (0, 0)
    assert count_range(decision, [0, 1]) == (4, 4)  # c must take the rest


def test_a_distribution_undoes_typed_counts_and_fills_forced_ones(words):
    decision = Decision(0, "d", "distribute", amount=4, targets=["a", "b", "c"], at_most=[(2, ["a"])])
    answer, shown = fill(distribute, decision, words, ["5", "2", "u", "1", "3", "x", ""])
    assert answer == {"a": 1, "b": 3}
    assert any('"5" is not a number from 0 to 2' in line for line in shown)
    assert "  c (0 left) 0" in shown  # forced: said, not asked
    assert any("Enter to confirm, u to undo?" in line for line in shown)  # "x" confirms nothing


def test_a_pick_can_be_taken_back_before_it_is_confirmed(words):
    decision = Decision(0, "helmet_rat", "choose", options=["yellow", "white"], optional=True)
    answer, shown = fill(choose, decision, words, ["4", "1", "u", "3", ""])
    assert answer is None
    assert "  1. yellow   2. white   3. pass" in shown  # short options share a line
    assert '  "4" is not a number from 1 to 3' in shown


def test_yes_or_no(words):
    answer, _ = fill(may, Decision(0, "m", "may", options=[True, False]), words, ["maybe", "n", ""])
    assert answer is False
