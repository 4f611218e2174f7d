"""Scenarios set and check variables of every kind the rules hold: a player (`P2`), a bundle, a
list, per-player variables (issue 14's Rattus and issue 15's Ratatopolis needed both)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ratdsl.scenarios import run_scenario

GAME = '''game tiny "Tiny" {
  players 3..3
}
tokens coin
zone bank
per player zone purse
var leader = none
var order = []
per player var debt = 0
per player var favoured = false
setup {
  step coins {
    create {coin: 9} in bank
  }
}
round main
phase main "Main" {
  step pay "The leader pays the others' debts" {
    for each p in players {
      if p.debt > 0 {
        move p.debt coin from bank to p.purse
        set p.debt = 0
        set p.favoured = p == leader
      }
    }
    set order = [leader] + order
  }
}
'''


def scenario(tmp_path: Path, body: dict) -> Path:
    folder = tmp_path / "tiny"
    (folder / "scenarios").mkdir(parents=True)
    (folder / "game.rat").write_text(GAME, "utf-8")
    path = folder / "scenarios" / "case.json"
    path.write_text(json.dumps({"name": "case", "players": 3, "run": {"phases": ["main"]}, **body}), "utf-8")
    return path


def test_players_bundles_lists_and_per_player_variables_are_set_and_checked(tmp_path):
    path = scenario(tmp_path, {
        "state": {"vars": {"leader": "P2", "order": ["P3"]},
                  "player_vars": {"P1": {"debt": 2}, "P2": {"debt": 1}}},
        "expect": {"zones": {"P1.purse": {"coin": 2}, "P2.purse": {"coin": 1}, "P3.purse": {}},
                   "vars": {"leader": "P2", "order": ["P2", "P3"]},
                   "player_vars": {"P1": {"debt": 0, "favoured": False}, "P2": {"favoured": True},
                                   "P3": {"debt": 0, "favoured": False}}},
    })
    outcome = run_scenario(path)
    assert outcome.ok, outcome.report()


def test_a_wrong_expectation_of_a_variable_fails_and_says_what_was_found(tmp_path):
    path = scenario(tmp_path, {
        "state": {"vars": {"leader": "P1"}, "player_vars": {"P1": {"debt": 1}}},
        "expect": {"vars": {"leader": "P2"}, "player_vars": {"P1": {"favoured": False}}},
    })
    outcome = run_scenario(path)
    assert not outcome.ok
    report = outcome.report()
    assert "leader: expected 'P2', found 'P1'" in report and "P1.favoured: expected False, found True" in report


@pytest.mark.parametrize("state, message", [
    ({"player_vars": {"P4": {"debt": 1}}}, "not a player of this 3-player game"),
    ({"player_vars": {"P1": {"wealth": 1}}}, "'wealth' is not a per-player variable"),
    ({"vars": {"leader": "P9"}}, "not a player of this 3-player game"),
    ({"vars": {"order": [{"gold": 1}]}}, "a bundle holds token kinds"),
    ({"player_vars": {"P1": {"debt": 10 ** 18}}}, "past the limit of numbers"),
])
def test_a_variable_the_rules_cannot_hold_is_refused_with_where(tmp_path, state, message):
    path = scenario(tmp_path, {"state": state, "expect": {}})
    outcome = run_scenario(path)
    assert not outcome.ok and message in outcome.report()


@pytest.mark.parametrize("body, message", [
    ({"state": {"zones": {"P1.purs": {"coin": 1}}}}, "unknown zone 'P1.purs'; did you mean 'P1.purse'?"),
    ({"state": {"zones": {"bnak": {"coin": 1}}}}, "unknown zone 'bnak'; did you mean 'bank'?"),
    ({"run": {"phases": ["mian"]}}, "error: no phase 'mian' (did you mean 'main'?); phases: main"),
])
def test_a_misspelt_zone_or_phase_is_named_with_the_likely_one(tmp_path, body, message):
    """A phase's error reads as its text, not a KeyError's quoted repr."""
    path = scenario(tmp_path, {"expect": {}, **body})
    outcome = run_scenario(path)
    assert not outcome.ok and message in outcome.report(), outcome.report()


PLACES = '''game places "Places" {
  players 2..2
}
tokens coin
zone bank
zone vault
per player zone purse
var shut = []
var spot = none
setup {
  step coins {
    create {coin: 4} in bank
  }
}
round main
phase main "Main" {
  step pay "A coin to the spot, unless the bank is shut" {
    if not bank in shut {
      move 1 coin from bank to spot
    }
  }
}
'''


@pytest.mark.parametrize("shut, paid", [([], 1), (["bank"], 0)])
def test_a_variable_holding_zones_is_set_by_their_names(tmp_path, shut, paid):
    """A zone or board space in a variable is written as the log writes it (`bank`, `P2.purse`)
    and must read back as that zone, not as text that equals no zone."""
    folder = tmp_path / "places"
    (folder / "scenarios").mkdir(parents=True)
    (folder / "game.rat").write_text(PLACES, "utf-8")
    path = folder / "scenarios" / "case.json"
    path.write_text(json.dumps({
        "name": "case", "players": 2, "run": {"phases": ["main"]},
        "state": {"vars": {"shut": shut, "spot": "P2.purse"}},
        "expect": {"zones": {"P2.purse": {"coin": paid}, "bank": {"coin": 4 - paid}},
                   "vars": {"shut": shut, "spot": "P2.purse"}},
    }), "utf-8")
    outcome = run_scenario(path)
    assert outcome.ok, outcome.report()
