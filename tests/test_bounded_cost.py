"""Bounded cost (issue 39): a runaway rule stops with R002 at its place, with a message naming
the loop or rule call that used the budget, its position and its count; real games stay well
within the budget; ranges are paid for by the number. (The
times are measured by benchmarks/bench_budget.py, never here.)"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine import Game
from ratdsl.engine.errors import StepBudgetExceeded
from ratdsl.engine.limits import DEFAULT_STEP_BUDGET
from ratdsl.semantics.builtins import ITEMS_PER_STEP
from ratdsl.session import load_rules

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_budget import HEADER, RUNAWAYS, write_game  # noqa: E402

FIRST = HEADER.count("\n") + 3  # the first line of the step's body
BUDGET = 20_000

# each runaway example: what the error blames and is at, its kind, line (relative to the step's
# first line) and column
WHERE = {
    "while, set another variable": ("`while` loop", 0, 5),
    "while, set the tested variable": ("`while` loop", 0, 5),
    "repeat 99999 x 99999, a move back and forth": ("`repeat` loop", 1, 7),
    "while true, let": ("`while` loop", 0, 5),
    "for each over a long range, a comprehension": ("`for each` loop", 0, 5),
    "nested comprehension, in a loop": ("`while` loop", 0, 5),
    "rule that calls itself twice": ("call of rule twice", 0, 5),
    "func that branches": ("func fib", -2, 1),  # (a func that calls itself: its declaration)
    "sum of a long range, in a loop": ("`while` loop", 0, 5),
    "query over a long list, in a loop": ("`while` loop", 0, 5),
    "max of a long list, in a loop": ("`while` loop", 1, 5),
    "membership in a long list, in a loop": ("`while` loop", 1, 5),
    "joining long lists, in a loop": ("`while` loop", 1, 5),
}


def _agents() -> list:
    return [RandomAgent(agent_seed(0, s)) for s in range(2)]


def test_every_runaway_example_is_checked_here():
    assert sorted(WHERE) == sorted(RUNAWAYS)


@pytest.mark.parametrize("name", sorted(RUNAWAYS))
def test_a_runaway_rule_stops_with_r002_at_its_place(tmp_path, name):
    d = load_rules(write_game(tmp_path / "g", *RUNAWAYS[name]))
    with pytest.raises(StepBudgetExceeded) as err:
        Game(d, 2, 0, agents=_agents(), step_budget=BUDGET).play()
    tree = err.value
    assert tree.message.startswith(f"step budget of {BUDGET} exceeded")
    what, at_line, at_column = WHERE[name]
    if name.startswith("rule"):
        at_line = FIRST  # (the call in the step)
    else:
        at_line += FIRST
    assert tree.blamed[0] == what and (tree.blamed[1].line, tree.blamed[1].column) == (at_line, at_column)
    assert (tree.line, tree.column) == (at_line, at_column)  # (the error is at what it blames)
    found = re.search(rf"the {re.escape(what)} at line (\d+), column (\d+) used (\d+) steps of it", tree.message)
    assert found, tree.message
    assert (int(found[1]), int(found[2])) == (at_line, at_column)
    assert BUDGET // 2 <= int(found[3]) <= BUDGET  # (it used most of the budget)


def test_the_innermost_loop_that_used_the_budget_is_named_not_a_short_inner_one(tmp_path):
    body = "    while true {\n      for each x in [1, 2, 3] {\n        let y = x\n      }\n    }"
    d = load_rules(write_game(tmp_path / "g", body, ""))
    with pytest.raises(StepBudgetExceeded) as err:
        Game(d, 2, 0, agents=_agents(), step_budget=BUDGET).play()
    assert err.value.blamed[0] == "`while` loop" and err.value.blamed[1].line == FIRST


def test_a_range_costs_a_step_per_number(tmp_path):
    d = load_rules(write_game(tmp_path / "g", "    let n = size(1..5000)\n    end game", ""))
    game = Game(d, 2, 0, agents=_agents())
    game.play()
    steps = [game.interp.steps]
    d_short = load_rules(write_game(tmp_path / "h", "    let n = size(1..5)\n    end game", ""))
    game = Game(d_short, 2, 0, agents=_agents())
    game.play()
    # (the range's numbers, then size's items: builtins.item_steps)
    assert steps[0] - game.interp.steps == (5000 - 5) + (5000 // ITEMS_PER_STEP - 5 // ITEMS_PER_STEP)
    with pytest.raises(StepBudgetExceeded):  # (and a long one is stopped by the budget)
        Game(d, 2, 0, agents=_agents(), step_budget=4000).play()


@pytest.mark.parametrize("game,players", [("ratland", 2), ("ratland", 12), ("rattus", 4), ("ratatopolis", 5)])
def test_real_games_stay_well_within_the_budget(game, players):
    d = load_rules(ROOT / "rules" / game, ("clans", "aggressive") if game == "ratland" else ())
    for seed in range(2):
        g = Game(d, players, seed, agents=[RandomAgent(agent_seed(seed, s)) for s in range(players)])
        g.play()
        counts = [g.interp.steps]
        # (well below the budget: Ratatopolis's plans, which work out before each step what may
        # still run, are the costliest real game, about 110,000 steps at 5 players)
        assert counts[0] * 2.5 < DEFAULT_STEP_BUDGET
