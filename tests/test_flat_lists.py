"""`flatten`, `unique` and `owner` on the flat target (engine/flat/lists.py) give the reference
engine's games: owners of cards as they pass between shared and players' piles, of zones, and
lists of players, numbers and cards flattened and made unique."""

from __future__ import annotations

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine import Game
from ratdsl.engine.flat.game import FlatModule, flat_module, play_module
from ratdsl.session import load_rules

from .scale import cases

CARDS = ["amber", "basalt", "cobalt", "dolomite", "emerald"]
LISTS = (
    'game lists "Lists" {\n  players 2..4\n  ends after 5 rounds\n}\n'
    "tokens cube\nzone supply\nper player zone reserve\n"
    'deck gems "Gems" {\n  fields value\n}\n'
    + "".join(f"card {name} in gems {{\n  value = {i + 1}\n}}\n" for i, name in enumerate(CARDS))
    + "pile table\nper player pile hand\nper player var points = 0\n"
    "func holds(p, c) = owner(c) == p\n"
    "func mine(p) = cards(gems) where holds(p, it)\n"
    'setup {\n  step deal {\n    create cards(gems) in table\n    shuffle table\n'
    '    create {cube: 9} in supply\n  }\n}\n'
    "round main\n"
    'phase main "Main" {\n'
    "  step take {\n    for each p in players {\n"
    "      ask p take: choose c from flatten([cards(gems) where owner(it) != p, mine(p)]) or pass {\n"
    "        if owner(c) == none {\n          place c on top of p.hand\n"
    "        } else {\n          set p.points = p.points + 1\n        }\n      }\n"
    "      set p.points = p.points + len(unique(flatten([[owner(p.reserve)], [p], players])))\n"
    "      set p.points = p.points + len(unique(flatten([mine(p), mine(p), [first(cards(gems))]])))\n"
    "      if owner(supply) == none and len(unique([1, 2, 2, len(mine(p))])) > 2 {\n"
    "        set p.points = p.points + 2\n      }\n    }\n  }\n}\n"
    "scoring p {\n  score = p.points + sum([c.value for c in mine(p)])\n}\n")


def outcome(result) -> tuple:
    return result.scores, result.winners, result.rounds, result.state, result.fired


@pytest.mark.parametrize("players", [2, 4])
def test_flatten_unique_and_owner_give_the_reference_games(tmp_path, players):
    (tmp_path / "game.rat").write_text(LISTS, "utf-8")
    d = load_rules(tmp_path)
    module = flat_module(d, players)
    assert isinstance(module, FlatModule), module
    for seed in range(cases(8, 80)):
        def agents(seed=seed):
            return [RandomAgent(agent_seed(seed, s)) for s in range(players)]

        reference = Game(d, players, seed, agents=agents()).play()
        assert outcome(play_module(module, seed, agents())) == outcome(reference), (players, seed)
