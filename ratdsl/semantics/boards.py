"""Boards at one number of players: which spaces are in play, where each edge leads, how many
tokens a space holds at most, and how far apart two spaces are.

A board's spaces are zones (definition.py adds each as a shared zone and a player zone), so the
engine moves, logs, shows and counts board pieces as any tokens. What is particular to a board is
worked out here once per rule set and number of players (`layout`), and read by the built-ins
(`spaces`, `neighbours`, `adjacent`, `distance`), the evaluators' `space.FIELD` and the game loop's
capacity check. A space left out at this number of players is on no list, has no edges, and holds
nothing: its capacity is 0.
"""

from __future__ import annotations

import weakref
from collections import deque
from typing import TYPE_CHECKING

from ..language import ast as A
from .values import ZoneRef

if TYPE_CHECKING:
    from .definition import GameDef


class Layout:
    """Every board of one rule set at one number of players."""

    __slots__ = ("_distances", "board_of", "capacities", "field_of", "in_play", "neighbours", "spaces")

    def __init__(self, d: GameDef, n: int):
        self.spaces: dict[str, list[ZoneRef]] = {}  # each board's spaces in play, in declaration order
        self.in_play: set[str] = set()
        self.board_of: dict[str, A.Board] = {}
        self.field_of: dict[tuple[str, str], A.Expr] = {}  # (space, field) -> its value
        self.capacities: dict[str, int] = {}  # only the spaces with a limit (left-out ones: 0)
        self.neighbours: dict[str, list[ZoneRef]] = {}
        self._distances: dict[str, dict[str, int]] = {}
        for board in d.boards.values():
            order = {}
            for space in board.spaces:
                self.board_of[space.name] = board
                for f in space.fields:
                    self.field_of[(space.name, f.name)] = f.value
                if space.players is not None and not space.players[0] <= n <= space.players[1]:
                    self.capacities[space.name] = 0
                    continue
                order[space.name] = len(order)
                self.in_play.add(space.name)
                cap = space.capacity if space.capacity is not None else board.capacity
                if cap is not None:
                    self.capacities[space.name] = cap
            self.spaces[board.name] = [ZoneRef(None, s) for s in order]
            targets: dict[str, set[str]] = {s: set() for s in order}
            for edge in board.edges:
                for target in edge.targets:
                    if edge.source in order and target in order and target != edge.source:
                        targets[edge.source].add(target)
                        if not edge.one_way:
                            targets[target].add(edge.source)
            for s, near in targets.items():
                self.neighbours[s] = [ZoneRef(None, t) for t in sorted(near, key=order.__getitem__)]

    def distance(self, source: str, target: str) -> int | None:
        """The fewest edges from one space in play to another, or None if no path leads there. A
        search from each source at most once per layout: at most MAX_SPACES searches of at most
        MAX_SPACES + MAX_EDGES steps each (language/limits.py)."""
        found = self._distances.get(source)
        if found is None:
            found = self._distances[source] = {source: 0}
            todo = deque([source])
            while todo:
                here = todo.popleft()
                step = found[here] + 1
                for near in self.neighbours[here]:
                    if near.name not in found:
                        found[near.name] = step
                        todo.append(near.name)
        return found.get(target)

    def over_capacity(self, zones: dict[ZoneRef, dict[str, int]], n: int) -> tuple[str, int, int] | None:
        """The first space (in declaration order) holding more tokens than it may, every owner's
        counted, as (space, tokens, capacity); None when every space is within its limit."""
        for name, cap in self.capacities.items():
            held = sum(zones[ZoneRef(None, name)].values())
            for seat in range(n):
                held += sum(zones[ZoneRef(seat, name)].values())
            if held > cap:
                return name, held, cap
        return None


_LAYOUTS: weakref.WeakKeyDictionary[GameDef, dict[int, Layout]] = weakref.WeakKeyDictionary()


def layout(d: GameDef, n: int) -> Layout:
    """The boards of `d` at `n` players, worked out once (and gone with the definition)."""
    by_count = _LAYOUTS.get(d)
    if by_count is None:
        by_count = _LAYOUTS[d] = {}
    found = by_count.get(n)
    if found is None:
        found = by_count[n] = Layout(d, n)
    return found
