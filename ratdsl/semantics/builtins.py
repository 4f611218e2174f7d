"""Built-in functions of the rule language. Each takes the interpreter, the calling node (for
error positions) and evaluated values. None of them reaches outside the game state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .values import CardValue, PileRef, PlayerRef, ZoneRef


def _numbers(interp, node, values) -> list[int]:
    if len(values) == 1 and isinstance(values[0], list):
        values = values[0]
    return [interp.number(v, node) for v in values]


def _min(interp, node, *values):
    if len(values) == 2 and values[0].__class__ is int and values[1].__class__ is int:
        return min(values)
    nums = _numbers(interp, node, values)
    if not nums:
        raise interp.error(node, "min of nothing")
    return min(nums)


def _max(interp, node, *values):
    if len(values) == 2 and values[0].__class__ is int and values[1].__class__ is int:
        return max(values)
    nums = _numbers(interp, node, values)
    if not nums:
        raise interp.error(node, "max of nothing")
    return max(nums)


def _sum(interp, node, values):
    return sum(_numbers(interp, node, [interp.iterable(values, node)]))


def _len(interp, node, values):
    return len(interp.iterable(values, node))


def _size(interp, node, thing):
    """Tokens in a zone (or zones), cards in a pile, tokens in a bundle, items in a list."""
    if isinstance(thing, ZoneRef):
        return sum(interp.read_zones[thing].values())
    if isinstance(thing, PileRef):
        return len(interp.state.piles[thing])
    if isinstance(thing, dict):
        return sum(thing.values())
    if isinstance(thing, list) and all(isinstance(z, ZoneRef) for z in thing):
        return sum(sum(interp.read_zones[z].values()) for z in thing)
    return len(interp.iterable(thing, node))


def _count(interp, node, zones, kind):
    """count(ZONE or [ZONES], KIND or [KINDS]): tokens of those kinds in those zones."""
    read = interp.read_zones
    if kind.__class__ is str and kind in interp.d.kinds:
        if zones.__class__ is ZoneRef:
            return read[zones].get(kind, 0)
        return sum([read[z].get(kind, 0) for z in interp.zones(zones, node)])
    kinds = interp.kinds_of(kind, node)
    total = 0
    for z in interp.zones(zones, node):
        contents = read[z]
        total += sum([contents.get(k, 0) for k in kinds])
    return total


def _kinds(interp, node, thing):
    """The kinds present in a zone or bundle, in declaration order."""
    contents = interp.read_zones[thing] if isinstance(thing, ZoneRef) else thing
    if not isinstance(contents, dict):
        raise interp.error(node, "kinds() takes a zone or a bundle")
    return [k for k in interp.d.kinds if contents.get(k)]


def _pieces(interp, node, thing):
    """Every token in a zone or bundle, one list entry each, in declaration order."""
    contents = interp.read_zones[thing] if isinstance(thing, ZoneRef) else thing
    if not isinstance(contents, dict):
        raise interp.error(node, "pieces() takes a zone or a bundle")
    pieces: list[str] = []
    for k in interp.d.kinds:
        n = contents.get(k)
        if n and n > 0:
            pieces += [k] * n
    return pieces


def _contents(interp, node, zone):
    return {k: v for k, v in interp.read_zones[interp.zone(zone, node)].items() if v}


def _one_of_each(interp, node, kinds):
    return {k: 1 for k in interp.iterable(kinds, node)}


def _neighbour(interp, node, player, side):
    p = interp.player(player, node)
    step = interp.left_step  # +1 seat with clockwise seating, -1 with counterclockwise
    if side == "left":
        return interp.player_refs[(p.seat + step) % interp.n]
    if side == "right":
        return interp.player_refs[(p.seat - step) % interp.n]
    raise interp.error(node, f"a side is left or right, not {side!r}")


def _opposite(interp, node, side):
    if side not in ("left", "right"):
        raise interp.error(node, f"a side is left or right, not {side!r}")
    return "right" if side == "left" else "left"


def _rank(interp, node, player):
    """0 for the active player, 1 for the next to their left, ...: the tie order."""
    return ((interp.player(player, node).seat - interp.state.active) * interp.left_step) % interp.n


def _seat(interp, node, player):
    return interp.player(player, node).seat + 1


def _top(interp, node, pile):
    cards = interp.state.piles[interp.pile(pile, node)]
    return cards[0] if cards else None


def _cards(interp, node, deck):
    if deck not in interp.d.decks:
        raise interp.error(node, f"unknown deck {deck!r}")
    return [CardValue(name) for name in interp.rules.deck_cards(deck)]  # (names worked out once per rule set)


def _sample(interp, node, n, items):
    items = interp.iterable(items, node)
    n = interp.number(n, node)
    if n > len(items):
        raise interp.error(node, f"cannot pick {n} of {len(items)}")
    picked = interp.chance.sample(items, n)
    interp.log.emit("random", what="pick", result=[str(i) for i in picked])
    return picked


def _pick(interp, node, items):
    items = interp.iterable(items, node)
    if not items:
        return None
    return _sample(interp, node, 1, items)[0]


def _share_in_turn(interp, node, total, claims):
    """Hands out `total` one at a time to the claims in list order, round after round, until
    every claim is met or nothing is left. Returns what each claim got."""
    left = interp.number(total, node)
    wanted = [max(0, interp.number(c, node)) for c in interp.iterable(claims, node)]
    got = [0] * len(wanted)
    while left > 0 and any(g < w for g, w in zip(got, wanted)):
        for i, w in enumerate(wanted):
            if left and got[i] < w:
                got[i] += 1
                left -= 1
    return got


def _zones(interp, node, player, names):
    seat = interp.player(player, node).seat
    refs = interp.zone_refs
    out = []
    for name in interp.iterable(names, node):
        by_seat = refs.get(name) if name.__class__ is str else None
        if by_seat is None:
            raise interp.error(node, f"{name!r} is not a player zone")
        out.append(by_seat[seat])
    return out


def _first(interp, node, items):
    items = interp.iterable(items, node)
    return items[0] if items else None


def _first_n(interp, node, items, n):
    return interp.iterable(items, node)[: max(0, interp.number(n, node))]


def _owner(interp, node, thing):
    if isinstance(thing, (ZoneRef, PileRef)):
        return PlayerRef(thing.owner) if thing.owner is not None else None
    if isinstance(thing, CardValue):
        for ref, cards in interp.state.piles.items():
            if thing in cards:
                return PlayerRef(ref.owner) if ref.owner is not None else None
        return None
    raise interp.error(node, "owner() takes a zone, a pile or a card")


def _any(interp, node, items):
    return any(interp.truth(i, node) for i in interp.iterable(items, node))


def _all(interp, node, items):
    return all(interp.truth(i, node) for i in interp.iterable(items, node))


BUILTINS: dict[str, Callable[..., Any]] = {
    "min": _min, "max": _max, "abs": lambda i, n, v: abs(i.number(v, n)), "sum": _sum,
    "len": _len, "size": _size, "count": _count, "kinds": _kinds, "pieces": _pieces,
    "contents": _contents, "one_of_each": _one_of_each, "neighbour": _neighbour,
    "opposite": _opposite, "rank": _rank, "seat": _seat, "top": _top, "cards": _cards,
    "sample": _sample, "pick": _pick, "share_in_turn": _share_in_turn, "zones": _zones,
    "first": _first, "first_n": _first_n, "owner": _owner, "any": _any, "all": _all,
}
