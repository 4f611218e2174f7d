"""A variable whose first value is an empty list takes its items' kind on the flat target from the
typed form (engine/flat/typed.py reads semantics/inference.py): its games are the reference's; a
variable set to lists of several kinds of item keeps them in their general form (flat/dyn.py)."""

from __future__ import annotations

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine import Game
from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.engine.flat.game import FlatModule, Stopped, flat_module, play_module
from ratdsl.session import RulesInvalid, load_rules

from .flat_agree import plays_the_reference_games
from .scale import cases

GAME = (
    'game empties "Empties" {\n  players 2..4\n  ends after 4 rounds\n}\n'
    "tokens cube\nzone supply\nper player zone reserve\n"
    "var picked = []\nper player var kept = []\nper player var points = 0\n"
    'setup {\n  step fill {\n    create {cube: 30} in supply\n  }\n}\n'
    "round main\n"
    'phase main "Main" {\n'
    "  step take {\n    for each p in players {\n"
    "      ask p take: choose n from [1, 2, 3] or pass {\n"
    "        move n cube from supply to p.reserve\n"
    "        set picked = picked + [n]\n"
    "        set p.kept = p.kept + [p.reserve]\n"
    "      }\n"
    "      set p.points = p.points + len(p.kept) + sum(picked)\n"
    "    }\n  }\n}\n"
    "scoring p {\n  score = p.points + count(p.reserve, cube)\n}\n")


@pytest.mark.parametrize("players", [2, 3])
def test_empty_lists_take_their_kind_from_what_the_rules_set(tmp_path, players):
    (tmp_path / "game.rat").write_text(GAME, "utf-8")
    assert plays_the_reference_games(load_rules(tmp_path), players, range(cases(8, 80))) == (cases(8, 80), [])


def test_a_variable_of_lists_of_several_kinds_plays_the_reference_games(tmp_path):
    """Items of several kinds (a number and a player) are kept in their general form (dyn.py)."""
    mixed = GAME.replace("set picked = picked + [n]", "set picked = picked + [n, p]")
    mixed = mixed.replace("sum(picked)", "len([x for x in picked if x == p or x == 2])")
    (tmp_path / "game.rat").write_text(mixed, "utf-8")
    d = load_rules(tmp_path)
    assert plays_the_reference_games(d, 3, range(cases(8, 80))) == (cases(8, 80), [])
    reference = Game(d, 3, 0, agents=[RandomAgent(agent_seed(0, s)) for s in range(3)]).play()
    assert any(isinstance(x, str) and x.startswith("P") for x in reference.state["vars"]["picked"])


def test_a_general_value_of_the_wrong_kind_stops_where_the_reference_reports_it(tmp_path):
    """`sum` of a list holding a player: the flat code stops (Stopped), the reference says why."""
    mixed = GAME.replace("set picked = picked + [n]", "set picked = picked + [n, p]")
    (tmp_path / "game.rat").write_text(mixed, "utf-8")
    with pytest.raises(RulesInvalid, match="E280"):  # (the checker refuses it: a list of one kind of item)
        load_rules(tmp_path)
    d = load_rules(tmp_path, check=False)
    module = flat_module(d, 2)
    assert isinstance(module, FlatModule), module
    agents = [RandomAgent(agent_seed(0, s)) for s in range(2)]
    with pytest.raises(RuleRuntimeError):
        Game(d, 2, 0, agents=[RandomAgent(agent_seed(0, s)) for s in range(2)]).play()
    with pytest.raises(Stopped):
        play_module(module, 0, agents)
