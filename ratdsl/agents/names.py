"""How `--agents` names a search agent, apart from the agent itself (agents/search.py), which plays
whole games to decide: a name can be told without importing the reference engine."""

from __future__ import annotations

import re

SEARCH_NAME = re.compile(r"mcts(?::([1-9][0-9]{0,5}))?\Z")
ISMCTS_NAME = re.compile(r"ismcts(?::([1-9][0-9]{0,5}))?\Z")


def is_search_agent(name: str) -> bool:
    """`mcts[:ROLLOUTS]` or `ismcts[:ITERATIONS]` (1 to 999999 per decision)."""
    return SEARCH_NAME.match(name) is not None or ISMCTS_NAME.match(name) is not None
