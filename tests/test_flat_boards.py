"""Boards on the flat target (engine/flat/boards.py): spaces, neighbours, adjacency, distances,
fields and a player's zone of a space read from integer tables, playing the reference engine's
games; a board the flat target cannot check after a step (a capacity, a space left out) still
stops the build, at the board."""

from __future__ import annotations

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine import Game
from ratdsl.engine.flat.game import FlatModule, flat_module, play_module
from ratdsl.engine.flat.tags import Unsupported
from ratdsl.session import load_rules

from .scale import cases

BOARD = """game isle "Isle" {
  players 2..4
  ends after 6 rounds
}
tokens cube
zone supply
per player zone reserve
board isle "The isle" {
  fields worth, coast
  space harbour "Harbour" { worth = 3, coast = true }
  space ridge { worth = 2 }
  space forest { worth = 1 }
  space meadow { worth = 1 }
  space summit { worth = 4 }
  space marsh
  edge harbour -- forest, meadow
  edge ridge -- forest
  edge forest -- meadow, summit
  edge meadow -> summit
}
per player var points = 0
func held(p) = spaces(isle) where size(p[it]) > 0
setup {
  step cubes {
    create {cube: 40} in supply
    for each p in players {
      move 8 cube from supply to p.reserve
      move 1 cube from p.reserve to p[harbour]
    }
  }
}
round main
phase main "Main" {
  step spread {
    for each p in players {
      ask p source: choose s from held(p) {
        ask p dest: choose t from neighbours(s) or pass {
          move 1 cube from p[s] to p[t]
          if adjacent(t, s) {
            set p.points = p.points + 1
          }
        }
      }
      ask p grow: choose s from spaces(isle) where distance(harbour, it) != none and distance(harbour, it) < 3 or pass {
        move up to 1 cube from p.reserve to p[s]
        if room(s) == none and s.coast == true {
          set p.points = p.points + s.worth
        }
      }
    }
  }
}
scoring p {
  score = p.points + sum([size(p[s]) * (if s.worth == none then 0 else s.worth) for s in spaces(isle)])
  tiebreak len(held(p))
}
"""


def outcome(result) -> tuple:
    return result.scores, result.winners, result.rounds, result.state, result.fired


@pytest.fixture
def isle(tmp_path):
    (tmp_path / "game.rat").write_text(BOARD, "utf-8")
    return load_rules(tmp_path)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_board_game_plays_the_reference_games(isle, players):
    module = flat_module(isle, players)
    assert isinstance(module, FlatModule), module
    for seed in range(cases(8, 120)):
        def agents(seed=seed):
            return [RandomAgent(agent_seed(seed, s)) for s in range(players)]

        reference = Game(isle, players, seed, agents=agents()).play()
        assert outcome(play_module(module, seed, agents())) == outcome(reference), (players, seed)


@pytest.mark.parametrize("extra", ["  capacity 3\n", "  space isthmus for 3..4 players\n"])
def test_a_board_with_something_to_check_after_a_step_stops_the_build_at_the_board(tmp_path, extra):
    (tmp_path / "game.rat").write_text(BOARD.replace("  space marsh\n", "  space marsh\n" + extra), "utf-8")
    d = load_rules(tmp_path)
    gap = flat_module(d, 2)
    assert isinstance(gap, Unsupported) and gap.node.span.line == 8, gap
