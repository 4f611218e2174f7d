"""Declared visibility in flat code: a choice among cards names a card its chooser may not see
the face of by its place (`P2.hand#3`), as the reference offers it (runtime/asks._offered), so
an agent that weighs options by name answers the same. The flat target shows no views, so this
is all that visibility changes in a game it plays (but for the records of its log mode, which
trail.py writes with runtime/sight.py)."""

from __future__ import annotations

from typing import Any

from ...semantics.values import PileRef
from ..runtime.sight import Sight


def seen_piles(sight: Sight, ns: dict[str, Any], shared: list[str], per_player: list[str],
               players: int) -> list[tuple[list, str, tuple[bool, ...]]]:
    """Each pile of the module's namespace with its label and whether each seat sees its faces,
    in the reference state's order (shared piles, then each seat's)."""
    table = []
    for i, name in enumerate(shared):
        ref = PileRef(None, name)
        table.append((ns[f"PL{i}"], str(ref), tuple(sight.sees_faces(s, ref) for s in range(players))))
    for seat in range(players):
        for i, name in enumerate(per_player):
            ref = PileRef(seat, name)
            table.append((ns[f"PP{i}"][seat], str(ref), tuple(sight.sees_faces(s, ref) for s in range(players))))
    return table


def offer_cards(cards: list, seat: int, piles: list[tuple[list, str, tuple[bool, ...]]]) -> list[str]:
    """The options `seat` is offered: a card's name where its face is seen, else its place (the
    last place holding that copy, in the piles' order: looked for from the end, and only until
    every copy offered is found)."""
    wanted = {card.uid for card in cards if card.uid is not None}
    where: dict[int, tuple[str, int, tuple[bool, ...]]] = {}
    for held, label, seen in reversed(piles):
        if not wanted:
            break
        for i in range(len(held) - 1, -1, -1):
            uid = held[i].uid
            if uid in wanted:
                where[uid] = (label, i, seen)
                wanted.discard(uid)
    offered = []
    for card in cards:
        place = where.get(card.uid) if card.uid is not None else None
        if place is None or place[2][seat]:
            offered.append(card.name)
        else:
            offered.append(f"{place[0]}#{place[1] + 1}")
    return offered
