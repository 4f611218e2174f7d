"""Stage: checker. Static findings over a loaded rule set, before anything runs.

The names below are imported when first used (PEP 562): reading findings kept on disk
(`ratdsl check` of unchanged rules, kept.py) needs only `diagnostic.py`, not the checker."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .checker import Checker, Diagnostic, check_ruleset

__all__ = ["Checker", "Diagnostic", "check_ruleset"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import checker

        return getattr(checker, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
