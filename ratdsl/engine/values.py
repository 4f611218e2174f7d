"""Runtime values of the rule language besides ints, bools, symbols (str), lists and bundles (dict).

Every value has a JSON form (`encode`) used by logs, agents and scenario files.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any


class PlayerRef(tuple):
    """A seat (0-based). Refs are tagged tuples: immutable, and hashed and compared in C, which
    matters because every zone lookup of the engine hashes one."""

    __slots__ = ()

    def __new__(cls, seat: int) -> PlayerRef:
        return tuple.__new__(cls, ("player", seat))

    seat = property(itemgetter(1))

    def __getnewargs__(self) -> tuple[int]:
        return (self[1],)

    def __repr__(self) -> str:
        return f"PlayerRef(seat={self[1]!r})"

    def __str__(self) -> str:
        return f"P{self[1] + 1}"


class ZoneRef(tuple):
    """A zone: shared (owner None) or a seat's."""

    __slots__ = ()

    def __new__(cls, owner: int | None, name: str) -> ZoneRef:
        return tuple.__new__(cls, ("zone", owner, name))

    owner = property(itemgetter(1))
    name = property(itemgetter(2))

    def __getnewargs__(self) -> tuple[int | None, str]:
        return (self[1], self[2])

    def __repr__(self) -> str:
        return f"ZoneRef(owner={self[1]!r}, name={self[2]!r})"

    def __str__(self) -> str:
        return self[2] if self[1] is None else f"P{self[1] + 1}.{self[2]}"


class PileRef(tuple):
    """A pile of cards: shared (owner None) or a seat's."""

    __slots__ = ()

    def __new__(cls, owner: int | None, name: str) -> PileRef:
        return tuple.__new__(cls, ("pile", owner, name))

    owner = property(itemgetter(1))
    name = property(itemgetter(2))

    def __getnewargs__(self) -> tuple[int | None, str]:
        return (self[1], self[2])

    def __repr__(self) -> str:
        return f"PileRef(owner={self[1]!r}, name={self[2]!r})"

    def __str__(self) -> str:
        return self[2] if self[1] is None else f"P{self[1] + 1}.{self[2]}"


class CardValue:
    """A card. Cards compare equal by name (two copies of a card are the same card to the rules);
    `uid` tells physical copies apart, so piles can hold both."""

    __slots__ = ("name", "uid")

    def __init__(self, name: str, uid: int | None = None):
        self.name = name
        self.uid = uid

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardValue) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("card", self.name))

    def __repr__(self) -> str:
        return f"CardValue({self.name!r}, {self.uid})"

    def __str__(self) -> str:
        return self.name


def parse_player(text: str) -> PlayerRef:
    if not (text.startswith("P") and text[1:].isdigit()):
        raise ValueError(f"not a player: {text!r} (write P1, P2, ...)")
    return PlayerRef(int(text[1:]) - 1)


def encode(value: Any) -> Any:
    """The JSON form of a runtime value."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (PlayerRef, ZoneRef, PileRef, CardValue)):
        return str(value)
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items() if v}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    return repr(value)


def type_name(value: Any) -> str:
    """A designer-facing name for a value's type, used in error messages."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "a yes/no value"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return f"the name {value}"
    if isinstance(value, PlayerRef):
        return "a player"
    if isinstance(value, ZoneRef):
        return "a zone"
    if isinstance(value, PileRef):
        return "a pile of cards"
    if isinstance(value, CardValue):
        return "a card"
    if isinstance(value, dict):
        return "a bundle of tokens"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__
