"""The stepping core (ratdsl/environments): a game driven action by action, every random outcome
an explicit chance node, a distribution asked zone by zone."""

from __future__ import annotations

import itertools
import math
import random
import re

import pytest

from ratdsl.engine.decisions import Decision
from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.environments import CHANCE, TERMINAL, IllegalAction, new_game
from ratdsl.environments import nodes as N
from ratdsl.session import load_rules

from .conftest import RATLAND


@pytest.fixture(scope="module")
def ratland():
    return load_rules(RATLAND)


def play_randomly(state, rng, stop_after=None):
    """Plays random legal actions (chance by its probabilities); returns what each node was."""
    seen = []
    while not state.is_terminal() and (stop_after is None or len(seen) < stop_after):
        node = state.node()
        seen.append(node)
        if node.player == CHANCE:
            assert math.isclose(sum(node.probabilities), 1.0)
            action = rng.choices(node.actions, node.probabilities)[0]
        else:
            action = rng.choice(node.actions)
        state.apply(action)
    return seen


def test_a_whole_game_is_stepped_through_explicit_chance_and_decision_nodes(ratland):
    state = new_game(ratland, 3)
    nodes = play_randomly(state, random.Random(3))
    kinds = {node.what for node in nodes}
    assert {"draw", "shuffle", "pick", "distribute"} <= kinds  # every random outcome is a node
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    result = state.result()
    assert sorted(result.scores) == ["P1", "P2", "P3"]
    assert state.returns() == [1.0 if p in result.winners else 0.0 for p in ("P1", "P2", "P3")]
    assert all(len(node.actions) >= 2 for node in nodes)  # forced nodes are not asked
    assert max(len(node.actions) for node in nodes) < 1000


def test_the_same_history_gives_the_same_game(ratland):
    first = new_game(ratland, 4)
    play_randomly(first, random.Random(11))
    again = new_game(ratland, 4)
    for action in first.history():
        again.apply(action)
    assert again.is_terminal()
    assert again.result().scores == first.result().scores
    assert again.information_state(2) == first.information_state(2)


def test_a_clone_goes_its_own_way(ratland):
    state = new_game(ratland, 2)
    play_randomly(state, random.Random(5), stop_after=60)
    copy = state.clone()
    assert copy.history() == state.history() and copy.observation(0) == state.observation(0)
    before = state.information_state(1)
    play_randomly(copy, random.Random(6))
    assert copy.is_terminal() and not state.is_terminal()
    assert state.information_state(1) == before  # playing the copy did not touch the original


def test_an_illegal_action_is_refused(ratland):
    state = new_game(ratland, 2)
    with pytest.raises(IllegalAction):
        state.apply(max(state.legal_actions()) + 1)
    assert state.history() == []


def test_with_a_seed_chance_resolves_itself_and_repeats(ratland):
    histories = []
    for _ in range(2):
        state = new_game(ratland, 2, seed=9)
        nodes = play_randomly(state, random.Random(1))
        assert all(node.player != CHANCE for node in nodes)
        histories.append(state.history())
    assert histories[0] == histories[1]
    assert len(histories[0]) > len(nodes)  # the chance outcomes are in the history too


def test_options_and_a_rules_folder(ratland):
    state = new_game(RATLAND, 2, options={"food_order": "sorted"})
    assert state.definition.option_values["food_order"] == "sorted"
    sorted_deck = [n.what for n in play_randomly(state, random.Random(2), stop_after=40)]
    shuffled = [n.what for n in play_randomly(new_game(ratland, 2), random.Random(2), stop_after=40)]
    assert sorted_deck.count("shuffle") < shuffled.count("shuffle")  # no shuffle of the food deck
    with pytest.raises(ValueError):
        new_game(ratland, 13)


def answers(decision):
    """Every whole answer the zone-by-zone nodes allow."""
    out = []

    def walk(placed):
        node = N.distribute_node(decision, placed)
        if node is None:
            out.append(N.distribute_answer(decision, placed))
            return
        for action in node.actions:
            walk({**placed, node.zone: action})

    walk({})
    return out


@pytest.mark.parametrize("amount", [0, 1, 4, 7])
def test_distribute_nodes_allow_exactly_the_legal_answers(amount):
    decision = Decision(0, "spread", "distribute", amount=amount, targets=["a", "b", "c", "d"],
                        at_most=[(3, ["d"]), (2, ["a", "b"])], at_least=[(1, ["b", "c"])])
    legal = []
    for counts in itertools.product(range(amount + 1), repeat=4):
        answer = {z: n for z, n in zip(decision.targets, counts) if n}
        if decision.legal(answer) is None:
            legal.append(answer)
    found = answers(decision)
    assert len(found) == len(set(map(lambda a: tuple(sorted(a.items())), found)))  # each once
    assert sorted(map(sorted, map(dict.items, found))) == sorted(map(sorted, map(dict.items, legal)))


def test_a_big_distribution_stays_small_per_node():
    decision = Decision(0, "spread", "distribute", amount=200, targets=[f"z{i}" for i in range(8)])
    node = N.distribute_node(decision, {})
    assert len(node.actions) == 201  # not C(207, 7) answers at one node


def test_chance_nodes_have_the_engine_probabilities():
    node = N.draw_node({"x": 3, "y": 1, "z": 0}, ["x", "y", "z"])
    assert node.actions == [0, 1] and node.probabilities == [0.75, 0.25]
    pick = N.pick_node(["a", "b", "a", "c"], "shuffle")  # equal items are one outcome
    assert pick.actions == [0, 1, 3] and pick.probabilities == [0.5, 0.25, 0.25]


def python_blocks():
    text = (RATLAND.parents[1] / "docs" / "environments.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, re.S)


@pytest.mark.parametrize("index", range(4))
def test_the_examples_of_docs_environments_run(index, monkeypatch):
    blocks = python_blocks()
    assert len(blocks) == 4
    needs = {1: "pyspiel", 2: "pyspiel", 3: "pettingzoo"}
    if index in needs:
        pytest.importorskip(needs[index])
    monkeypatch.chdir(RATLAND.parents[1])
    exec(compile(blocks[index], f"docs/environments.md block {index + 1}", "exec"), {})


UNMEETABLE = """game tiny "Tiny" {
  players 2..2
}
tokens red
zone bank
per player zone purse, left, right
setup {
  step lay_out {
    create {red: 6} in bank
    for each p in players {
      move 3 red from bank to p.purse
    }
  }
}
round main
phase main "Main" {
  step only {
    for each p in players {
      ask p spread: distribute red from p.purse among [left, right] at least 2 in [left] at most 1 in [left]
    }
    end game
  }
}
"""


def test_a_distribution_whose_limits_cannot_be_met_is_the_engines_error_not_an_end(tmp_path):
    (tmp_path / "game.rat").write_text(UNMEETABLE)
    state = new_game(tmp_path, 2)
    for _ in range(2):  # (and stays so)
        with pytest.raises(RuleRuntimeError) as err:
            state.is_terminal()
        assert err.value.code == "R001" and err.value.line == 19
