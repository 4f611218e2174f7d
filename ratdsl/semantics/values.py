"""Runtime values of the rule language besides ints, bools, symbols (str), lists and bundles (dict).

Every value has a JSON form (`encode`) used by logs, agents and scenario files.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

# Refs are canonical: making a ref twice gives the same object (pickling and copying too, as
# they make refs through __new__). So a ref is hashed by its identity, in C, without hashing its
# parts, and a dict lookup with it stops at the first identity check. That matters because every
# zone lookup of the engine hashes one. Equality stays the tuple's, and agrees with the hash
# because equal refs are one object.
_PLAYERS: dict[int, PlayerRef] = {}
_ZONES: dict[tuple[int | None, str], ZoneRef] = {}
_PILES: dict[tuple[int | None, str], PileRef] = {}


class PlayerRef(tuple):
    """A seat (0-based). Refs are tagged tuples: immutable, canonical, hashed by identity."""

    __slots__ = ()
    __hash__ = object.__hash__

    def __new__(cls, seat: int) -> PlayerRef:
        ref = _PLAYERS.get(seat)
        if ref is None:
            ref = _PLAYERS[seat] = tuple.__new__(cls, ("player", seat))
        return ref

    seat = property(itemgetter(1))

    def __reduce__(self) -> tuple[type, tuple[int]]:  # through __new__: canonical, any protocol
        return (PlayerRef, (self[1],))

    def __repr__(self) -> str:
        return f"PlayerRef(seat={self[1]!r})"

    def __str__(self) -> str:
        return f"P{self[1] + 1}"


class ZoneRef(tuple):
    """A zone: shared (owner None) or a seat's."""

    __slots__ = ()
    __hash__ = object.__hash__

    def __new__(cls, owner: int | None, name: str) -> ZoneRef:
        ref = _ZONES.get((owner, name))
        if ref is None:
            ref = _ZONES[(owner, name)] = tuple.__new__(cls, ("zone", owner, name))
        return ref

    owner = property(itemgetter(1))
    name = property(itemgetter(2))

    def __reduce__(self) -> tuple[type, tuple[int | None, str]]:
        return (type(self), (self[1], self[2]))

    def __repr__(self) -> str:
        return f"ZoneRef(owner={self[1]!r}, name={self[2]!r})"

    def __str__(self) -> str:
        return self[2] if self[1] is None else f"P{self[1] + 1}.{self[2]}"


class PileRef(tuple):
    """A pile of cards: shared (owner None) or a seat's."""

    __slots__ = ()
    __hash__ = object.__hash__

    def __new__(cls, owner: int | None, name: str) -> PileRef:
        ref = _PILES.get((owner, name))
        if ref is None:
            ref = _PILES[(owner, name)] = tuple.__new__(cls, ("pile", owner, name))
        return ref

    owner = property(itemgetter(1))
    name = property(itemgetter(2))

    def __reduce__(self) -> tuple[type, tuple[int | None, str]]:
        return (type(self), (self[1], self[2]))

    def __repr__(self) -> str:
        return f"PileRef(owner={self[1]!r}, name={self[2]!r})"

    def __str__(self) -> str:
        return self[2] if self[1] is None else f"P{self[1] + 1}.{self[2]}"


_LABELS: dict[tuple, str] = {}


def label(ref: PlayerRef | ZoneRef | PileRef) -> str:
    """`str(ref)`, worked out once per ref (refs are canonical), for snapshots and logs."""
    text = _LABELS.get(ref)
    if text is None:
        text = _LABELS[ref] = str(ref)
    return text


class CardValue:
    """A card. Cards compare equal by name (two copies of a card are the same card to the rules);
    `uid` tells physical copies apart, so piles can hold both."""

    __slots__ = ("name", "uid")

    def __init__(self, name: str, uid: int | None = None):
        self.name = name
        self.uid = uid

    def __eq__(self, other: object) -> bool:
        return other.__class__ is CardValue and other.name == self.name  # (no subclasses)

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


# Lists may hold lists; a value recorded in a log may nest at most this deep, so that every
# engine stops at the same record (R001), not wherever Python's stack runs out.
MAX_VALUE_DEPTH = 100


class ValueTooDeep(ValueError):
    """A value nested more than MAX_VALUE_DEPTH deep was to be recorded."""


def encode(value: Any, depth: int = 0) -> Any:
    """The JSON form of a runtime value."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (PlayerRef, ZoneRef, PileRef, CardValue)):
        return str(value)
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items() if v}
    if isinstance(value, (list, tuple)):
        if depth >= MAX_VALUE_DEPTH:
            raise ValueTooDeep(f"a value nested more than {MAX_VALUE_DEPTH} deep cannot be recorded")
        return [encode(v, depth + 1) for v in value]
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
