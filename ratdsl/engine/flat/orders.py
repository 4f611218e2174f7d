"""Orders of play in flat code (`clockwise`, `counter_clockwise`, their `_after` forms, `snake`):
each is a tuple of seats per starting seat, worked out once per table size, so a call is one
table read (semantics/builtins.py's `_clockwise` is the meaning: P1, P2, ... clockwise whatever
`seating` says "left" is)."""

from __future__ import annotations

import re
from typing import Any

from .tags import PLAYER, Unsupported
from .val import Val, list_of

_NEVER_NONE = re.compile(r"^(?:[icq]\d+|G\[0\]|\d+)$")  # a loop's item, a card moved, the active player, a seat


def sure(code: str) -> str:
    """The code of a player or card that stops the flat code when it is none (support.present),
    unless it surely is not (a loop's item, a card just moved, the active player, a seat, a value
    checked already)."""
    return code if _NEVER_NONE.match(code.strip("()")) or _checked(code) else f"present({code})"


def _checked(code: str) -> bool:
    """Whether `code` is one call of present() (its first parenthesis closes at its end)."""
    if not code.startswith("present("):
        return False
    depth = 0
    for i in range(len("present"), len(code)):
        depth += (code[i] == "(") - (code[i] == ")")
        if depth == 0:
            return i == len(code) - 1
    return False


def order(n: int, seat: int, skip: int = 0, step: int = 1) -> tuple[int, ...]:
    return tuple((seat + step * (i + skip)) % n for i in range(n))


class OrderLowering:
    """The order built-ins for FlatCompiler (a mixin: it reads the table size and constants)."""

    n: int

    def _order(self, node: Any, player: Any, table: tuple[tuple[int, ...], ...]) -> Any:

        if player.t != PLAYER:
            raise Unsupported(node, f"an order of play from a {player.t}")
        length = len(table[0]) if table else 0
        if player.known and 0 <= player.const < self.n:
            seats = list(table[player.const])
            return Val(f"list({self.k(tuple(seats))})", list_of(PLAYER), seats, length=length)
        return Val(f"list({self.k(table)}[{sure(player.code)}])", list_of(PLAYER), length=length)

    def _table(self, skip: int, step: int) -> tuple[tuple[int, ...], ...]:
        return tuple(order(self.n, s, skip, step) for s in range(self.n))

    def b_clockwise(self, node, sc, player: Any) -> Any:
        return self._order(node, player, self._table(0, 1))

    def b_counter_clockwise(self, node, sc, player: Any) -> Any:
        return self._order(node, player, self._table(0, -1))

    def b_clockwise_after(self, node, sc, player: Any) -> Any:
        return self._order(node, player, self._table(1, 1))

    def b_counter_clockwise_after(self, node, sc, player: Any) -> Any:
        return self._order(node, player, self._table(1, -1))

    def b_snake(self, node, sc, player: Any) -> Any:
        there = self._table(0, 1)
        return self._order(node, player, tuple(t + t[::-1] for t in there))
