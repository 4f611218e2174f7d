"""What a finished game gives: `GameResult`, made by every engine (engine/game.py, the flat target),
in a module of its own so that the flat target's games need not import the reference engine."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from ..records import record


@record
class GameResult:
    """How a game ended: each player's score ("P1": 12), the tie-break values the rules
    name, the winners (several on a shared victory), the rounds played, how often each rule
    fired, the final state, and (when asked) how often each place of the rules ran."""

    scores: dict[str, int]
    tiebreaks: dict[str, list[Any]]
    winners: list[str]
    rounds: int
    fired: dict[str, int] = field(default_factory=dict)
    state: dict[str, Any] = field(default_factory=dict)
    coverage: dict[str, int] | None = None  # how often each place of the rules ran (engine/coverage.py)
