"""Stage: environments. The games as environments for search and learning: a state stepped
action by action (`GameState`, `new_game`), an OpenSpiel game (`openspiel_game`, needs
open_spiel) and PettingZoo environments (`pettingzoo_env`, needs pettingzoo)."""

from .nodes import CHANCE, SIMULTANEOUS, TERMINAL
from .runner import IllegalAction
from .stepper import GameState, new_game

__all__ = ["CHANCE", "SIMULTANEOUS", "TERMINAL", "GameState", "IllegalAction", "new_game"]
