"""What a finished game gives: `GameResult`, made by every engine (engine/game.py, the flat target),
in a module of its own so that the flat target's games need not import the reference engine."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from ..records import record


@record
class GameResult:
    scores: dict[str, int]
    tiebreaks: dict[str, list[Any]]
    winners: list[str]
    rounds: int
    fired: dict[str, int] = field(default_factory=dict)
    state: dict[str, Any] = field(default_factory=dict)
    coverage: dict[str, int] | None = None  # how often each place of the rules ran (engine/coverage.py)
