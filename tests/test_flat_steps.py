"""The flat target counts the step budget exactly as the reference engine does (issue 39: "make
steps cost the same in both engines"): the same count at the end of every game of the bundled
rule sets, and, at any budget, a game stops (R002) in both engines or in neither, at the same
statement, after the same records. The flat code pays each step where the reference pays it, or
earlier within the same statement (StatementLowering.st), and only its parts that may not be
worked out (an `and`'s later items, a branch, an item a condition keeps out) pay as they run.
Before this, it paid whole blocks, every branch and its funcs' costliest case ahead, some 1.7
times the reference's count on real games, so it stopped games the reference finishes and could
not name the loop that used the budget."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.agents.random_agent import random_agents
from ratdsl.engine import Game
from ratdsl.engine.errors import StepBudgetExceeded
from ratdsl.engine.flat.game import FlatModule, Stopped, flat_module, play_module
from ratdsl.engine.flat.logged import FlatLoggedGame, FlatLogStopped
from ratdsl.engine.limits import DEFAULT_STEP_BUDGET
from ratdsl.engine.log import GameLog
from ratdsl.session import load_rules

from .scale import cases

RULES = Path(__file__).resolve().parent.parent / "rules"
SEEDS = cases(2, 6)


def set_ups() -> list[tuple[str, str, tuple[str, ...]]]:
    """Each bundled game alone, with each of its modules, and each of its variants."""
    out = []
    for game in ("ratland", "rattus", "ratatopolis"):
        folder = RULES / game
        out.append((game, game, ()))
        out += [(game, game, (m.stem,)) for m in sorted((folder / "modules").glob("*.rat"))]
        out += [(game, f"{game}/variants/{v.name}", ()) for v in sorted((folder / "variants").glob("*.rat"))]
    return out


def steps_of_both(d, players: int, seed: int, budget: int = DEFAULT_STEP_BUDGET) -> tuple[int, int]:
    """The steps the reference and the flat module take on one game."""
    game = Game(d, players, seed, agents=random_agents(seed, players), step_budget=budget)
    game.play()
    module = flat_module(d, players)
    assert isinstance(module, FlatModule), module
    play_module(module, seed, random_agents(seed, players), budget)
    return game.interp.steps, budget - module.ns["ST"][0]


@pytest.mark.parametrize("game,target,modules", set_ups(), ids=lambda v: str(v).replace("/", "-"))
def test_every_bundled_game_takes_the_same_steps_in_both_engines(game, target, modules):
    d = load_rules(RULES / target, modules=modules)
    low = d.game.min_players
    for players in sorted({low, min(low + 2, d.game.max_players)}):
        for seed in range(SEEDS):
            reference, flat = steps_of_both(d, players, seed)
            assert reference == flat, (target, modules, players, seed)
            assert reference > 100  # (a whole game was played)


HEADER = '''game counted "Counted" {
  players 2..3
  ends after 4 rounds
}
tokens coin, gem
zone bank
zone bag
per player zone purse
per player var score = 0
var k = 0
setup {
  step coins {
    create {coin: 12, gem: 6} in bank
  }
}
round main
'''

# What the flat code pays as it runs, or pays ahead: short cuts, branches, queries whose items a
# condition keeps out, loops of each kind, a table, a func with a modifier, a rule's hooks, draws.
CONSTRUCTS = HEADER + '''
func double(n) = n * 2
func big(n) = double(n) > 6
func weight(p) = p.purse.coin + double(p.purse.gem)
modify weight(p) if big(p.purse.gem) = base + 1
table bonus(n) "A bonus by coins" {
  0..2 -> double(1)
  3..5 -> double(double(1))
  otherwise -> 1
}
rule pay(p) {
  if big(p.purse.coin) and double(1) == 2 {
    set p.score = p.score + bonus(p.purse.coin)
  }
}
before pay(p) if double(k) > 4 {
  set k = k - 1
}
phase main "Main" {
  step take {
    for each p in players {
      draw up to double(1) from bank to bag
      move all from bag to p.purse
      let near = [double(q.score) for q in players if big(q.purse.coin)]
      let pairs = [a + b for a in 1..3 if big(a) for b in 1..2]
      set p.score = p.score + (if big(size(near)) then double(size(pairs)) else weight(p))
      set k = k + 1
      do pay(p)
    }
  }
  step spend {
    repeat 2 times {
      for each p in players where big(it.purse.coin) or double(it.score) > 9 {
        if p.purse.coin > 0 {
          move 1 coin from p.purse to bank
        } else if big(p.score) {
          set p.score = p.score - 1
        }
      }
    }
    while k > 2 and double(k) < 100 {
      set k = k - 1
    }
    for each c in pieces(bank) {
      if c == gem and big(k) {
        set k = k + 1
      }
    }
  }
}
scoring p {
  score = p.score
}
'''


def constructs(tmp_path):
    folder = tmp_path / "counted"
    folder.mkdir()
    (folder / "game.rat").write_text(CONSTRUCTS)
    return load_rules(folder)


def test_each_construct_pays_its_steps_in_both_engines_alike(tmp_path):
    d = constructs(tmp_path)
    for players in (2, 3):
        for seed in range(6):
            reference, flat = steps_of_both(d, players, seed)
            assert reference == flat, (players, seed)


def records(game_log: GameLog) -> list[str]:
    return [repr(r) for r in game_log.records if r.get("t") != "aborted"]


def stop_in_both(d, players: int, seed: int, budget: int) -> tuple[tuple | None, tuple | None]:
    """How the game stopped on the step budget on each engine: the records before the stop and
    the error (the flat target's own R002, or None where it leaves the error to the reference);
    None where it did not stop."""
    kept = GameLog(keep=True)
    try:
        Game(d, players, seed, agents=random_agents(seed, players), log=kept, step_budget=budget).play()
        reference = None
    except StepBudgetExceeded as err:
        reference = (records(kept), err.render())
    kept = GameLog(keep=True)
    try:
        FlatLoggedGame(d, players, seed, random_agents(seed, players), kept, budget=budget).play()
        flat = None
    except StepBudgetExceeded as err:
        flat = (records(kept), err.render())
    except FlatLogStopped:
        flat = (records(kept), None)
    return reference, flat


def same_stop(reference: tuple | None, flat: tuple | None) -> bool:
    """Both stopped after the same records, the flat target's R002 (if it gave one) the reference's."""
    if reference is None or flat is None:
        return reference is flat
    return reference[0] == flat[0] and flat[1] in (None, reference[1])


def test_at_any_budget_both_engines_stop_at_the_same_statement(tmp_path):
    """Budgets from nothing to more than the game takes: the game stops in both or in neither,
    after the same records (the moves, draws and sets it made before)."""
    d = constructs(tmp_path)
    whole, _ = steps_of_both(d, 2, 1)
    stops = named = 0
    for budget in range(0, whole + 3, max(1, whole // 150)):
        reference, flat = stop_in_both(d, 2, 1, budget)
        assert same_stop(reference, flat), budget
        stops += reference is not None
        named += flat is not None and flat[1] is not None
    assert stops > 100  # (most budgets are too small for the whole game)
    assert named > stops // 2  # (the flat target names the loop itself, mostly)


def test_ratland_stops_at_the_same_statement_in_both_engines_at_any_budget():
    d = load_rules(RULES / "ratland", modules=("clans",))
    whole, _ = steps_of_both(d, 3, 2)
    for budget in range(0, whole + 3, max(1, whole // cases(25, 200))):
        reference, flat = stop_in_both(d, 3, 2, budget)
        assert same_stop(reference, flat), budget


def test_a_runaway_rule_stops_in_both_engines_at_the_same_step(tmp_path):
    """benchmarks/bench_budget.py's runaway examples, at a small budget: stopped in both, with the
    same records before the stop."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from bench_budget import RUNAWAYS, write_game

    for i, (name, (body, extra)) in enumerate(RUNAWAYS.items()):
        d = load_rules(write_game(tmp_path / str(i), body, extra))
        reference, flat = stop_in_both(d, 2, 0, 20_000)
        assert reference is not None and same_stop(reference, flat), name
        assert flat[1] is not None, name  # (named by the flat code itself)
        module = flat_module(d, 2)
        with pytest.raises(Stopped):
            play_module(module, 0, random_agents(0, 2), 20_000)


def test_a_budget_run_out_inside_a_plan_names_the_plan_in_both_engines(tmp_path):
    """Fuzz case 1:1775: Ratatopolis with 11 actions a round, whose plans' `likely` lists cost
    most of a game's steps. A plan goes round its players as a loop does: both engines name it."""
    import shutil

    folder = tmp_path / "ratatopolis"
    shutil.copytree(RULES / "ratatopolis", folder)
    game = folder / "game.rat"
    game.write_text(game.read_text().replace("const actions_per_round = 2", "const actions_per_round = 11"))
    d = load_rules(folder)
    reference, flat = stop_in_both(d, 4, 0, 30_000)
    assert reference is not None and same_stop(reference, flat)
    assert flat[1] is not None and "the `plan` at line" in flat[1]
