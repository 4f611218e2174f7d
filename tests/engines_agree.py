"""A scenario passes on the reference engine (the tree-walker), with a log (the helper each
game's tests share; the flat target is held to the reference on whole games in
tests/test_compiled_all_games.py)."""

from __future__ import annotations

from pathlib import Path

from ratdsl.engine.log import dumps
from ratdsl.scenarios import run_scenario


def scenario_log(path: Path) -> list[str]:
    """The scenario's log lines, after checking the reference engine passes it."""
    outcome = run_scenario(path)
    assert outcome.ok, (path.name, outcome.failures)
    log = [dumps(r) for r in outcome.records]
    assert log, path.name
    return log


def flat_plays_like_the_reference(definition, players: int, seed: int) -> list[str]:
    """The flat target (the compiler) plays the seeded game with random agents as the tree-walker
    does: the same scores, winners, rounds, end state and fired counts, or it stops where the
    tree-walker stops on a rule's error. Returns the tree-walker's log lines ([] when it stopped)."""
    import pytest

    from ratdsl.agents.random_agent import random_agents
    from ratdsl.engine.errors import RuleRuntimeError
    from ratdsl.engine.flat.game import FlatModule, Stopped, flat_module, play_module
    from ratdsl.engine.game import Game
    from ratdsl.engine.log import GameLog

    module = flat_module(definition, players)
    assert isinstance(module, FlatModule), module
    log = GameLog(keep=True)
    try:
        reference = Game(definition, players, seed, random_agents(seed, players), log=log).play()
    except RuleRuntimeError:
        with pytest.raises(Stopped):
            play_module(module, seed, random_agents(seed, players))
        return []
    flat = play_module(module, seed, random_agents(seed, players))
    assert (flat.scores, flat.winners, flat.rounds, flat.state, flat.fired) == \
        (reference.scores, reference.winners, reference.rounds, reference.state, reference.fired), (players, seed)
    return [dumps(r) for r in log.records]
