"""A human plans at the table (issues 35 and 36): `ratdsl run rules/ratatopolis --human 1 -p 3`
asks each planned action in at most three short questions (attack or move, the building, the
target), and says what the action did when it runs. Also the compound form on its own."""

from __future__ import annotations

import json
import re

import pytest

from ratdsl.cli.table.forms import choose, is_compound
from ratdsl.cli.table.words import GameWords
from ratdsl.engine.decisions import Decision
from ratdsl.session import load_rules

from .table_driver import ROOT, plain, play_in_terminal

RATATOPOLIS = ROOT / "rules" / "ratatopolis"
PROMPT = re.compile(r"^.* > .*$", re.M)  # (a prompt, the answer echoed after it)


def first_choice(prompt: str, screen: str) -> str:
    """1 at every numbered question, Enter at every other prompt."""
    return "1" if re.search(r"\[1-\d+\] > $", prompt) else ""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_planned_action_is_three_short_questions_and_its_outcome_is_said(lang, tmp_path):
    log = tmp_path / "game.jsonl"
    status, received = play_in_terminal(["run", "rules/ratatopolis", "--human", "1", "-p", "3", "-s", "2",
                                         "--lang", lang, "--log", str(log)], first_choice, timeout=120)
    text = plain(received)
    assert status == 0, text[-2000:]
    words = GameWords(load_rules(RATATOPOLIS), lang)
    plan = words.decision("orders")
    asked = text.split(f"P1: {plan}\n")[1:]
    assert len(asked) >= 4  # (two actions a round, for some rounds)
    for form in asked:
        questions = PROMPT.findall(form.split(words.say("tbl-answer", answer=""))[0])
        assert 1 <= len(questions) <= 3, form[:800]
        assert all(len(q) <= 80 for q in questions)
    assert "['" not in text and "attack, " not in text  # (no Python list, no flat list of parts)
    records = [json.loads(line) for line in log.read_text().splitlines()]
    # Every attack P1 planned that ran (a rat of the rival's taken off the building) is said...
    ran = [r for r in records if r["t"] == "move" and r["at"].startswith("actions.")
           and r["src"].startswith("P2.") and r["dst"] == "P2.reserve"]
    assert ran
    for move in ran:
        said = words.say("narr-move-by", rule=words.rule(move["by"]), what=words.bundle(move["what"]),
                         src=words.zone(move["src"]), dst=words.zone(move["dst"]))
        assert said in text
    # ... and every one that did not, with why, in the locale's words.
    missed = [r for r in records if r["t"] == "say" and r["args"][:1] == ["P1"]]
    assert missed
    for r in missed:
        assert words.message(r["msg"], r["args"]) in text and r["msg"] not in text


@pytest.fixture(scope="module")
def words():
    return GameWords(load_rules(RATATOPOLIS), "en")


def fill(decision, words, typed):
    shown: list[str] = []
    answers = iter(typed)
    answer = choose(decision, words, lambda prompt: (shown.append(prompt), next(answers))[1],
                    lambda line, style="": shown.append(line))
    return answer, shown


OPTIONS = [["attack", "market", "P2"], ["attack", "market", "P3"], ["attack", "hotel", "P2"],
           ["move", "market", "hotel"]]


def test_parts_offer_only_what_a_legal_answer_still_has(words):
    decision = Decision(0, "orders", "choose", options=OPTIONS, optional=True)
    answer, shown = fill(decision, words, ["2", "1"])
    assert answer == ["move", "market", "hotel"]
    assert "  1. attack   2. move   3. pass" in shown
    assert "  move → Market" in shown  # one building left: said, not asked
    assert "  move → Market → Hotel" in shown
    assert sum(1 for line in shown if line.endswith("]")) == 1  # (one question asked)


def test_a_mistake_re_asks_only_that_part_and_u_takes_one_back(words):
    decision = Decision(0, "orders", "choose", options=OPTIONS, optional=True)
    answer, shown = fill(decision, words, ["1", "7", "u", "1", "2", "2"])
    assert answer == ["attack", "hotel", "P2"]
    assert '  "7" is not a number from 1 to 2' in shown
    after_mistake = shown[shown.index('  "7" is not a number from 1 to 2') + 1]
    assert after_mistake == "  attack → number [1-2]"  # the question again, not the form
    answer, _ = fill(decision, words, ["3"])
    assert answer is None  # pass, offered with the first part


def test_only_lists_of_one_length_are_compound():
    assert is_compound(OPTIONS)
    assert not is_compound(["a", "b"]) and not is_compound([["a"], ["b"]])
    assert not is_compound([["a", "b"], ["a", "b", "c"]])
