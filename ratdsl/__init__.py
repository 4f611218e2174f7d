"""ratdsl: board-game rules written as data, checked, and played by a generic engine."""

__version__ = "0.1.0"
