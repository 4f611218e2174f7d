"""A game header's endings on the flat target (engine/flat/endings.py): tests/games/turn_demo ends
`at end of round`, `at end of turn` or `at once` (after a step or an action), each alone and all
three together, and gives the reference engine's games: scores, winners, rounds (the round an
ending holds in counts as played), end state and fired counts."""

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
MOMENTS = ["end of round", "end of turn", "once"]
WEIGHTS = {"action": {"hire": 5.0, "sell": 0.5}, "ability": {"call_in": 3.0, "pass": 0.5}}


def outcome(result) -> tuple:
    return result.scores, result.winners, result.rounds, result.state, result.fired


def market(tmp_path, keep: list[str]):
    """turn_demo with only the endings of the moments in `keep`."""
    text = DEMO.read_text("utf-8")
    for moment in MOMENTS:
        if moment not in keep:
            text, n = re.subn(rf"\n  ends at {moment} when [^\n]*", "", text)
            assert n == 1, moment
    # (the supply runs dry too rarely for a test: a turn ends the game once it is low)
    text = text.replace("ends at end of turn when supply.goods == 0", "ends at end of turn when supply.goods <= 20")
    (tmp_path / "game.rat").write_text(text, "utf-8")
    return load_rules(tmp_path)


@pytest.mark.parametrize("keep", [[m] for m in MOMENTS] + [MOMENTS], ids=["round", "turn", "once", "all"])
@pytest.mark.parametrize("persona", [False, True], ids=["random", "persona"])
def test_endings_give_the_reference_games(tmp_path, keep, persona):
    d = market(tmp_path, keep)
    early = 0
    for players in (2, 3, 4):
        module = flat_module(d, players)
        assert isinstance(module, FlatModule), module
        for seed in range(cases(4, 40)):
            def agents(seed=seed, players=players):
                if persona:
                    return [PersonaAgent(WEIGHTS, agent_seed(seed, s), "p") for s in range(players)]
                return [RandomAgent(agent_seed(seed, s)) for s in range(players)]

            reference = Game(d, players, seed, agents=agents()).play()
            assert outcome(play_module(module, seed, agents())) == outcome(reference), (players, seed)
            early += reference.rounds < d.game.end_after
    assert early or persona, "no game ended before its last round: the endings were never met"
