"""Turns on the flat target (engine/flat/turns.py): tests/games/turn_demo's actions in every
`act` mode (any order, one of with pass, until pass), costs, limits per turn and an ability
offered between a turn's statements give the reference engine's games. (turn_demo's header
endings are left out here: test_flat_endings.py plays them.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ratdsl.agents import PersonaAgent
from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine import Game
from ratdsl.engine.flat.game import FlatModule, flat_module, play_module
from ratdsl.session import load_rules

from .scale import cases

DEMO = Path(__file__).resolve().parent / "games" / "turn_demo" / "game.rat"
WEIGHTS = {"action": {"hire": 5.0, "sell": 0.5}, "ability": {"call_in": 3.0, "pass": 0.5}}


def outcome(result) -> tuple:
    return result.scores, result.winners, result.rounds, result.state, result.fired


@pytest.fixture
def market(tmp_path):
    text = re.sub(r"\n  ends at [^\n]*", "", DEMO.read_text("utf-8"))
    (tmp_path / "game.rat").write_text(text, "utf-8")
    return load_rules(tmp_path)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("persona", [False, True], ids=["random", "persona"])
def test_turns_give_the_reference_games(market, players, persona):
    module = flat_module(market, players)
    assert isinstance(module, FlatModule), module
    for seed in range(cases(6, 60)):
        def agents(seed=seed):
            if persona:
                return [PersonaAgent(WEIGHTS, agent_seed(seed, s), "p") for s in range(players)]
            return [RandomAgent(agent_seed(seed, s)) for s in range(players)]

        reference = Game(market, players, seed, agents=agents()).play()
        assert outcome(play_module(module, seed, agents())) == outcome(reference), (players, seed)
