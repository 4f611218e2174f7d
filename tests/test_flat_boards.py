"""Boards on the flat target (engine/flat/boards.py): spaces, neighbours, adjacency, distances,
fields and a player's zone of a space read from integer tables, playing the reference engine's
games; capacities (and spaces left out at a table size) are checked after every step, as the
game loop checks them."""

from __future__ import annotations

import re

import pytest

from ratdsl.session import load_rules

from .flat_agree import plays_the_reference_games
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


@pytest.fixture
def isle(tmp_path):
    (tmp_path / "game.rat").write_text(BOARD, "utf-8")
    return load_rules(tmp_path)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_board_game_plays_the_reference_games(isle, players):
    assert plays_the_reference_games(isle, players, range(cases(8, 120))) == (cases(8, 120), [])


@pytest.mark.parametrize("extra", ["  capacity 5\n", "  space isthmus for 3..4 players\n  edge isthmus -- marsh\n"])
def test_capacities_and_spaces_left_out_give_the_reference_games_and_stops(tmp_path, extra):
    """A capacity is checked after every step: a game the reference stops with R012 stops here
    too (play_module raises Stopped: the reference then reports it), the others end alike."""
    text = BOARD.replace("  space marsh\n", "  space marsh\n" + extra)
    if "capacity" in extra:
        text = text.replace("if room(s) == none and s.coast == true", "if room(s) > 0 and s.coast == true")
    (tmp_path / "game.rat").write_text(text, "utf-8")
    d = load_rules(tmp_path)
    stops: list[str] = []
    ends = 0
    for players in (2, 3):
        ended, stopped = plays_the_reference_games(d, players, range(cases(8, 60)))
        ends, stops = ends + ended, stops + stopped
    assert ends > 0 and set(stops) <= {"R012", "R001"}, stops
    if "capacity" in extra:
        assert stops  # (5 tokens a space: some random games overflow one, not all)


def test_the_board_demo_plays_the_reference_games():
    """tests/games/board_demo (capacities, a space left out, one-way edges, room) at 3 and 4."""
    from pathlib import Path

    d = load_rules(Path(__file__).resolve().parent / "games" / "board_demo")
    for players in (3, 4):
        ended, stopped = plays_the_reference_games(d, players, range(cases(6, 60)))
        assert ended + len(stopped) == cases(6, 60)


BONUS = "            set p.points = p.points + 1\n"


def _with_bonus(tmp_path, factor: str, summit: str = "4"):
    """The isle with a bonus worked out from a field at each move: `x.worth * FACTOR` for x from a
    written list of spaces (a field whose value is known for each space, `summit`'s as given)."""
    text = BOARD.replace(BONUS, BONUS + f"            for each x in [harbour, summit] {{\n"
                                        f"              set p.points = p.points + x.worth * {factor}\n"
                                        f"            }}\n")
    text = text.replace("space summit { worth = 4 }", f"space summit {{ worth = {summit} }}")
    (tmp_path / "game.rat").write_text(text, "utf-8")
    return load_rules(tmp_path)


def test_a_field_of_known_small_numbers_is_worked_with_unchecked_and_plays_the_reference_games(tmp_path):
    """The field's values are known (at most 4): `x.worth * 1000` needs no check of the number
    limit (operators.bounded, BD); the sum it is added to still does."""
    from ratdsl.engine.flat.generator import FlatModule

    d = _with_bonus(tmp_path, "1000")
    source = FlatModule(d, 2).source
    assert "* 1000)" in source and "BD(PV" in source
    assert not re.search(r"BD\((present\()?space_of\(", source), source
    assert plays_the_reference_games(d, 2, range(cases(8, 60))) == (cases(8, 60), [])


@pytest.mark.parametrize(("factor", "summit"), [("100000000000000000", "4"), ("100", "100000000000000000")])
def test_a_field_past_the_number_limit_still_stops_where_the_reference_does(tmp_path, factor, summit):
    """A field's number times a factor, or a sum of them, past 10^18: R006 on both engines."""
    d = _with_bonus(tmp_path, factor, summit)
    ended, stopped = plays_the_reference_games(d, 2, range(cases(6, 30)))
    assert stopped and set(stopped) == {"R006"}, (ended, stopped)
