"""A condition on the flat target is checked for none (support.present, as the reference's R001)
only where its value may be none: a call of a func whose body is surely yes or no (a comparison,
`in`, `not`...) is a Python bool and goes unchecked; a func whose body may give none, or one a
modifier can change, is still checked, and stops the game where the reference does."""

from __future__ import annotations

import pytest

from ratdsl.engine.flat.generator import FlatModule as Module
from ratdsl.session import load_rules

from .flat_agree import plays_the_reference_games

GAME = '''game tiny "Tiny" {
  players 2..2
}
tokens coin
zone bank
per player zone purse
var gone = []
setup {
  step coins {
    create {coin: 9} in bank
  }
}
round main
func alive(p) = not p in gone
func rich(p) = size(p.purse) > 2 and alive(p)
func odd(p) = first([true] where round == 99)
func nudged(p) = size(p.purse) > 1
modify nudged(p) if round == 3 = odd(p)
phase main "Main" {
  step only {
    if alive(active) and rich(active) {
      set gone = gone + [active]
    }
    if alive(active) {
      move up to 1 coin from bank to active.purse
    }
    if STOPPER {
      move up to 1 coin from active.purse to bank
    }
    if round == 10 {
      end game
    }
  }
}
'''


def _rules(tmp_path, stopper: str):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(GAME.replace("STOPPER", stopper))
    return load_rules(folder)


def test_a_func_whose_body_is_surely_yes_or_no_is_not_checked_for_none(tmp_path):
    rules = _rules(tmp_path, "round == 4")
    source = Module(rules, 2).source
    assert "present((not" not in source and "(not (" in source
    ended, stopped = plays_the_reference_games(rules, 2, range(8))
    assert (ended, stopped) == (8, [])


@pytest.mark.parametrize("stopper", ["odd(active)", "nudged(active)"])
def test_a_func_that_may_give_none_is_still_checked_and_stops_where_the_reference_does(tmp_path, stopper):
    """`odd` gives none (first of nothing); `nudged` is surely yes or no by its body, but its
    modifier makes it none in round 3: both stop the game on both engines (R001)."""
    rules = _rules(tmp_path, stopper)
    ended, stopped = plays_the_reference_games(rules, 2, range(4))
    assert ended == 0 and stopped and set(stopped) == {"R001"}
