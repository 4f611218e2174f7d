"""Stage: engine. A generic state model and an interpreter that plays any rule set."""

from .definition import GameDef, build
from .game import Game, GameResult, play

__all__ = ["Game", "GameDef", "GameResult", "build", "play"]
