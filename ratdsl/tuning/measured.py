"""A tuning run's games, measured: the simulation report's Aggregate and, when a goal names a
play-quality metric, every game's quality values (simulation/quality.py, read from the scores at
every round's end), so that a goal on one is measured as `ratdsl balance` measures it.

Why a kind of its own: quality values need each game's trace, and the skill gap needs to know the
strong player's seat, which rotates game by game (runner.rotated); the Aggregate knows neither."""

from __future__ import annotations

from array import array
from dataclasses import field
from typing import Any

from ..records import record
from ..simulation.collect import GameStats
from ..simulation.quality import GameRecord, values
from ..simulation.report import Aggregate
from ..simulation.runner import rotated
from ..simulation.stats import Mean, Proportion


@record
class Measured(Aggregate):
    """An Aggregate that also averages each quality metric over the games that carry a trace
    (`quality`, keys as quality.values names them; the `paired` ones also game by game, as the
    per-game series `quality.KEY` that report.compare pairs by seed) and, when the seats rotate,
    each agent's win share over the seats it played (`agent_wins`: a seat's agent changes from
    game to game)."""

    rotate: bool = False  # game i seats the agents turned by i places: the first agent in seat i mod n
    paired: frozenset[str] = frozenset()  # the quality keys kept game by game, for the paired comparison
    quality: dict[str, Mean] = field(default_factory=dict)
    agent_wins: dict[str, Proportion] = field(default_factory=dict)

    def add(self, g: GameStats) -> None:
        super().add(g)
        if self.rotate:
            share = 1.0 / len(g.winners)
            for seat, name in enumerate(rotated(self.agents, self.players, g.index)):
                self.agent_wins.setdefault(name, Proportion()).add(share if seat in g.winners else 0.0)
        if g.trajectory is not None:
            strong = g.index % self.players if self.rotate else None
            record = GameRecord(self.players, g.rounds, g.trajectory, tuple(g.winners), strong)
            for key, value in values(record).items():
                self.quality.setdefault(key, Mean()).add(value)
                if key in self.paired:
                    self.per_game.setdefault(f"quality.{key}", array("d")).append(value)

    def _by_agent(self) -> dict[str, Any]:
        # (rotating seats have no fixed agent: the report's seat_agents would name the wrong ones)
        return {} if self.rotate else super()._by_agent()


def one_strong(agents: tuple[str, ...], players: int) -> tuple[str, ...]:
    """The seats of a skill-gap run: the first agent in one seat, the others cycled over the rest
    (as `ratdsl balance` seats its strong player among weak ones)."""
    rest = agents[1:]
    return (agents[0], *(rest[s % len(rest)] for s in range(players - 1)))
