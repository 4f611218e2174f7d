"""The line-by-line human of `ratdsl run --human` (issue 21): no JSON to type, what they hold in
plain words, and a mistake told what was wrong."""

from __future__ import annotations

from ratdsl.agents.human import HumanAgent, parse_counts
from ratdsl.engine.decisions import Decision


def play(decision: Decision, typed: list[str]) -> tuple[object, list[str]]:
    shown: list[str] = []
    answers = iter(typed)
    agent = HumanAgent(read=lambda prompt: (shown.append(prompt), next(answers))[1], write=shown.append)
    return agent.decide(decision), shown


def test_a_distribution_is_typed_as_place_count_pairs():
    decision = Decision(0, "placement", "distribute", amount=3, targets=["a", "b"], at_most=[(1, ["b"])],
                        view=lambda: {"zones": {"P1.hand": {"token": 3}}, "shown_to_you": []})
    answer, shown = play(decision, ["a=1 b=2", "a=2, b=1"])
    assert answer == {"a": 2, "b": 1}
    assert "P1, you hold: hand 3 token" in shown
    assert "  at most 1 in b" in shown
    assert "  not legal: at most 1 in ['b']" in shown
    assert parse_counts('{"a": 3}') == {"a": 3} and parse_counts("a=x") is None


def test_a_wrong_number_is_told_the_range():
    decision = Decision(0, "pick", "choose", options=["x", "y"])
    answer, shown = play(decision, ["7", "2"])
    assert answer == "y"
    assert "  please answer with a number from 1 to 2" in shown
    answer, shown = play(Decision(0, "dare", "may", options=[True, False]), ["maybe", "n"])
    assert answer is False and "  please answer y (yes) or n (no)" in shown
