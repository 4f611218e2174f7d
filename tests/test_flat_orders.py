"""Orders of play on the flat target (engine/flat/orders.py): `clockwise`, `counter_clockwise`,
their `_after` forms and `snake`, from a known seat and from one chosen during the game, give
the reference engine's games at every table size."""

from __future__ import annotations

import pytest

from ratdsl.session import load_rules

from .flat_agree import plays_the_reference_games
from .scale import cases

ORDERS = """game orders "Orders" {
  players 2..5
  seating counterclockwise
  ends after 3 rounds
}
per player var points = 0
var lead = 0
func weigh(order) = sum([seat(order[i]) * (i + 1) for i in 0..len(order) - 1])
setup {
  step start {
    set lead = 0
  }
}
round main
phase main "Main" {
  step orders {
    ask active pick: choose q from players {
      for each p in snake(q) {
        set p.points = p.points + 1
      }
      set q.points = q.points + weigh(clockwise(q)) + 2 * weigh(counter_clockwise_after(q))
    }
    for each p in clockwise_after(active) {
      set p.points = p.points + weigh(counter_clockwise(p)) % 7
    }
    set active = clockwise_after(active)[0]
    set lead = len(snake(first(players)))
  }
}
scoring p {
  score = p.points
}
"""


@pytest.mark.parametrize("players", [2, 3, 5])
def test_orders_of_play_give_the_reference_games(tmp_path, players):
    (tmp_path / "game.rat").write_text(ORDERS, "utf-8")
    assert plays_the_reference_games(load_rules(tmp_path), players, range(cases(6, 60))) == (cases(6, 60), [])
