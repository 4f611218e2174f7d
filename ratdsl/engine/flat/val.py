"""A lowered expression of the flat compiler (`Val`) and the list kind's tag: shared by the compiler
and its mixins (boards, orders, lists, turns), so none of them imports the compiler back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...semantics.operators import MAX_ITEMS
from ..limits import MAX_TOKENS

_NOCONST = object()  # a Val's const when its value is not known now
COUNT_BOUND = MAX_TOKENS + 1  # what a zone's count is below: a game holds at most MAX_TOKENS tokens
LENGTH_BOUND = MAX_ITEMS + 1  # what a list's or a pile's length is below


def list_of(t: Any) -> tuple:
    return ("list", t)


def is_list(t: Any) -> bool:
    return isinstance(t, tuple) and t[0] == "list"


@dataclass(frozen=True)
class Val:
    """A lowered expression: its Python code, its kind, and its value when known now."""

    code: str
    t: Any
    const: Any = _NOCONST
    domain: frozenset | None = None  # the values it may take, when known (a name from a constant list)
    seat_zones: tuple | None = None  # zones(p, NAMES) with NAMES known: (p's code, each zone's seat-0 base)
    rel: tuple | None = None  # a player's zone: (the player's code, the zone's seat-0 base)
    items: tuple | None = None  # a list written out: each item's Val
    bound: int | None = None  # a number surely below this in size (None: any number within the limit)
    length: int | None = None  # a list surely no longer than this (None: not known)

    @property
    def known(self) -> bool:
        return self.const is not _NOCONST

    @property
    def size(self) -> int | None:
        """What this number is surely below in size, when that is known now."""
        if self.const is not _NOCONST and self.const.__class__ is int:
            return abs(self.const) + 1
        return self.bound

    @property
    def most(self) -> int | None:
        """What this list's length is surely at most, when that is known now."""
        exact = self.exact_length
        return self.length if exact is None else exact

    @property
    def exact_length(self) -> int | None:
        """This list's length, when it is known now exactly (not only a bound): what a charge by
        the item may be paid ahead with (the reference pays the length it finds)."""
        if self.const is not _NOCONST and isinstance(self.const, list):
            return len(self.const)
        if self.items is not None:
            return len(self.items)
        if self.seat_zones is not None:
            return len(self.seat_zones[1])
        return None


def domain_of(items: Val) -> frozenset | None:
    """The values an item of a constant list may take."""
    if items.known and isinstance(items.const, list) and all(v.__class__ is str for v in items.const):
        return frozenset(items.const)
    return None
