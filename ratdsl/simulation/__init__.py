"""Stage: simulation. Thousands of seeded games, aggregated into a report with 95% intervals and
compared with a baseline."""

from .report import Aggregate, compare, render_html, rows
from .runner import SimulationSpec, game_seed, run_games
from .simulate import simulate

__all__ = ["Aggregate", "SimulationSpec", "compare", "game_seed", "render_html", "rows", "run_games", "simulate"]
