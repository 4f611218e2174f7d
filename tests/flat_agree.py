"""The flat target held to the reference engine on a small test game: the same seeded games end
alike (scores, winners, rounds, end state, fired counts), and a game the reference stops with a
rule error stops the flat code too (the reference then reports it)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine import Game
from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.engine.flat.game import FlatModule, Stopped, flat_module, play_module


def outcome(result) -> tuple:
    return result.scores, result.winners, result.rounds, result.state, result.fired


def random_agents(players: int) -> Callable[[int], list]:
    return lambda seed: [RandomAgent(agent_seed(seed, s)) for s in range(players)]


def plays_the_reference_games(d, players: int, seeds: Iterable[int],
                              agents: Callable[[int], list] | None = None) -> tuple[int, list[str]]:
    """Plays each seed on both; returns how many games ended and the codes of those the rules
    stopped (each stopped on the flat target as well). `agents(seed)`: fresh agents for a game
    (random players by default)."""
    module = flat_module(d, players)
    assert isinstance(module, FlatModule), module
    make = agents or random_agents(players)
    ended, stopped = 0, []
    for seed in seeds:
        try:
            reference = Game(d, players, seed, agents=make(seed)).play()
        except RuleRuntimeError as err:
            with pytest.raises(Stopped):
                play_module(module, seed, make(seed))
            stopped.append(err.code)
            continue
        assert outcome(play_module(module, seed, make(seed))) == outcome(reference), (players, seed)
        ended += 1
    return ended, stopped
