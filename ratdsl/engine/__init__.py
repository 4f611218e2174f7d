"""Stage: engine. A generic state model and an interpreter that plays any rule set.

The names below are imported on first use, so loading and checking rules (which needs only the
definition index and the builtins' names) does not import the interpreter.
"""

from importlib import import_module
from typing import Any

_WHERE = {"Game": ".game", "GameResult": ".game", "play": ".game",
          "GameDef": "..semantics.definition", "build": "..semantics.definition"}

__all__ = ["Game", "GameDef", "GameResult", "build", "play"]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module, __name__), name)
