"""Plays a determinized game on from the start of one step to the game's end.

Both search agents (search.py's `mcts:N`, ismcts.py's `ismcts:N`) resume their determinizations
at the step an ask was asked in, not at the game's start: one way to do it, so that both end a
resumed round, and a resumed setup, as a played game does.
"""

from __future__ import annotations

from ..engine.errors import GameOver
from ..engine.game import Game
from ..semantics.definition import round_cap


def play_on(game: Game, phase: str, step: int) -> None:
    """From step `step` of `phase` (a round's phase, or "setup"): the rest of it, the round's
    later phases and its end (the last round ends the game there), then every round until the
    game ends or reaches the round cap."""
    d = game.d
    if phase == "setup":  # the rest of the setup, then every round
        assert d.setup is not None
        game.state.phase = "setup"
        game.runtime.baseline = None  # (tokens and cards are still created in setup)
        game.runtime.begin_phase("setup" in game.reading_start)
        game._run_steps("setup", d.setup.steps, step)
        game.runtime.start_conservation()
    else:
        rest = d.round[d.round.index(phase) + 1:] if phase in d.round else []
        try:
            game.play_phase(phase, step)
            for name in rest:
                game.play_phase(name)
            if phase in d.round:
                game.round_played()
        except GameOver as over:
            game.ended_by(over)
    if not game.over:
        while game.play_round() and game.state.round < round_cap(d.game):
            pass


__all__ = ["play_on"]
