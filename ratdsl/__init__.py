"""ratdsl: board-game rules written as data, checked, and played by a generic engine.

The public API (docs/api.md) is the names in `__all__`; everything else is internal. They live in
`ratdsl.api` and are imported when first used, so `import ratdsl` alone loads no engine.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["Agent", "Decision", "Finding", "Game", "GameResult", "OptionError", "RandomAgent", "RuleError", "Rules",
           "RulesInvalid", "SearchAgent", "__version__", "bundled_games", "check", "load", "new_game",
           "play", "run_scenarios", "simulate", "start", "summary"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from . import api  # (the facade imports the stages; only when a name of it is used)

        value = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'ratdsl' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
