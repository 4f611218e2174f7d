"""Reading data from strangers within limits: how deep it nests, measured without recursion (a
scenario or a log line nested ten thousand deep must be refused, not crash the reader)."""

from __future__ import annotations

from typing import Any


def nesting_depth(data: Any, stop_after: int) -> int:
    """How deep lists and objects nest in `data` (0 for a plain value), looking no deeper than
    `stop_after` + 1 levels, so the cost stays bounded on hostile input."""
    deepest = 0
    todo = [(data, 1)]
    while todo:
        value, level = todo.pop()
        if isinstance(value, dict):
            children = list(value.values())
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, level)
        if level <= stop_after:
            todo.extend((child, level + 1) for child in children)
    return deepest
