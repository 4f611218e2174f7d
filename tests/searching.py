"""What the tests of both search agents share (test_search_agent.py, test_ismcts.py): an agent
that records its first searched answer and stops the game there, and RatLand's first placement
of P3, played with what others place and with the face-down decks reordered or not."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.agents.scripted import ScriptedAgent
from ratdsl.engine.decisions import Decision
from ratdsl.engine.game import Game
from ratdsl.semantics.values import PileRef
from ratdsl.session import load_rules

from .conftest import RATLAND


class Stop(Exception):
    """Ends the game once the searching player has answered."""


def watched(base: type) -> type:
    """`base` (a search agent's class) that records its first searched answer, its view and the
    referee's state then (`seen`), and stops the game (Stop). Built with the game in a list,
    filled once the game exists."""

    class Watched(base):  # type: ignore[misc, valid-type]
        def __init__(self, game: list, *args: Any, **kwargs: Any):
            super().__init__(*args, **kwargs)
            self.game = game
            self.seen: dict[str, Any] = {}

        def decide(self, decision: Decision) -> Any:
            answer = super().decide(decision)
            if self.searched:
                self.seen = {"answer": answer, "view": decision.view(), "state": self.game[0].state.snapshot()}
                raise Stop
            return answer

    return Watched


def first_placement(base: type, others: dict[str, list], shuffle_hidden: int | None) -> dict[str, Any]:
    """P3's first placement in RatLand by a `base` agent (seed 11, 6 iterations), P1 and P2
    placing as scripted (secretly: P3 does not see them), the face-down event and food decks
    reordered by `shuffle_hidden` after the round's cards are up: what the agent recorded."""
    d = load_rules(RATLAND)
    holder: list[Game] = []
    agent = watched(base)(holder, d, 4, 11, 6)
    agents = [ScriptedAgent(others["P1"]), ScriptedAgent(others["P2"]), agent, RandomAgent(agent_seed(3, 3))]
    game = Game(d, 4, 3, agents)
    holder.append(game)
    game.setup()
    game.state.round = 1
    game.runtime.changed()
    game.play_phase("event")
    if shuffle_hidden is not None:
        for name in ("event_deck", "food_deck"):
            random.Random(shuffle_hidden).shuffle(game.state.piles[PileRef(None, name)])
    with pytest.raises(Stop):
        game.play_phase("rats")
    assert agent.searched == 1
    return agent.seen
