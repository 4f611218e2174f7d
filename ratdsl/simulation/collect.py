"""What one game contributes to a simulation report: rounds, scores, winners, the rule file's
metrics (counted from the moves in the log), per-player labels (the single card in a player's
pile, a player's yes/no or named variable) and how often each card or rule fired."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from ..records import record
from ..semantics.definition import GameDef
from ..semantics.values import ZoneRef


@record
class GameStats:
    index: int
    seed: int
    rounds: int
    scores: list[int]
    winners: list[int]  # seats, 0-based
    metrics: dict[str, int] = field(default_factory=dict)
    labels: dict[str, list[str]] = field(default_factory=dict)  # label -> value per seat
    fired: dict[str, int] = field(default_factory=dict)
    coverage: dict[str, int] | None = None  # how often each place of the rules ran (engine/coverage.py)
    # the scores at the end of every round played, the last row the final ones (quality.py)
    trajectory: tuple[tuple[float, ...], ...] | None = None
    # the engine that played it (engines.py), and why not the best one; not compared: the games are the same
    engine: str = field(default="reference", compare=False)
    why: str | None = field(default=None, compare=False)

    @property
    def margin(self) -> int:
        best = max(self.scores)
        others = [s for seat, s in enumerate(self.scores) if seat not in self.winners]
        return best - max(others) if others else 0


class MetricCounter:
    """Watches the moves of a game (Runtime.watch_moves) and counts the tokens each metric of
    the rules selects."""

    def __init__(self, definition: GameDef, kinds_of):
        self.rules = []
        for name, m in definition.metrics.items():
            kinds = set(kinds_of(m))
            where = None if m.phase is None else (m.phase if m.step is None else f"{m.phase}.{m.step}")
            self.rules.append((name, kinds, m.source, m.dest, where))
        self.counts = {name: 0 for name in definition.metrics}
        self.matching: dict[tuple[str, str, str], list[tuple[str, set[str]]]] = {}

    def __call__(self, source: ZoneRef, dest: ZoneRef, what: dict[str, int], at: str) -> None:
        key = (source.name, dest.name, at)
        matching = self.matching.get(key)
        if matching is None:
            matching = self.matching[key] = self._matching(*key)
        for name, kinds in matching:
            self.counts[name] += sum([n for k, n in what.items() if k in kinds])

    def _matching(self, src: str, dst: str, at: str) -> list[tuple[str, set[str]]]:
        """The metrics a move between zones of these names, at this step, counts for (remembered)."""
        out = []
        for name, kinds, source, dest, where in self.rules:
            if source is not None and src != source:
                continue
            if dest is not None and dst != dest:
                continue
            if where is not None and at != where and not at.startswith(where + "."):
                continue
            out.append((name, kinds))
        return out


def labels_of(state: dict[str, Any], players: int, definition: GameDef) -> dict[str, list[str]]:
    labels: dict[str, list[str]] = {}
    for pile in definition.player_piles:
        values = []
        for seat in range(players):
            cards = state["piles"].get(f"P{seat + 1}.{pile}", [])
            values.append(cards[0] if len(cards) == 1 else "")
        if any(values):
            labels[pile] = values
    for var in definition.player_vars:
        values = [state["player_vars"][seat].get(var) for seat in range(players)]
        if all(isinstance(v, (bool, str)) for v in values):
            labels[var] = [str(v).lower() if isinstance(v, bool) else v for v in values]
    return labels
