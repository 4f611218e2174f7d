"""What the flat target's generated code calls for the rarer, longer operations: moves over
several zones or kinds, bundles, draws from a zone, cards taken out of piles. Each keeps the
meaning of the runtime operation it stands for (engine/runtime/moves.py, piles.py) and the same
random draws (engine/chance.py), on the flat state.

Anything the reference engine would report as an error raises `Abort`: the game is then played
again by the reference engine, which reports it with its position.
"""

from __future__ import annotations

import random
from itertools import compress
from operator import mul
from typing import Any

from ... import kernels
from ...semantics.builtins import ITEMS_PER_STEP
from ...semantics.operators import MAX_ITEMS
from ...semantics.values import CardValue
from ..chance import sample_positions
from ..limits import MAX_TOKENS

SINGLES = [[k] for k in range(256)]  # ([k] * n: n pieces of the kind at position k)


class Abort(Exception):
    """The flat target stops: the reference engine plays the game instead (and reports any error)."""


class Ended(Exception):
    """`end game` ran; its one argument says whether the round it ran in counts as played."""


def named_twice(sources: list[int], kinds: list[int] | tuple[()]) -> bool:
    """Whether a move names one zone, or one kind, twice (the reference refuses it: R010)."""
    return (len(sources) > 1 and len(set(sources)) < len(sources)) or (len(kinds) > 1 and len(set(kinds)) < len(kinds))


def move_tokens(Z: list[int], sources: list[int], dest: int, wanted: int, kinds: list[int],
                exact: bool, moved: list | None) -> None:
    """`move [up to] N KINDS from ZONES to ZONE` (TokenMoves.move_tokens): zone by zone, kinds in
    the order given. `moved` collects (source, dest, kind, n) for metrics when not None."""
    if wanted < 0 or named_twice(sources, kinds):
        raise Abort
    if exact and wanted:
        held = 0
        for s in sources:
            for k in kinds:
                held += Z[s + k]
            if held >= wanted:
                break
        else:
            raise Abort
    for s in sources:
        if not wanted:
            break
        if s == dest:
            for k in kinds:  # (counted as taken, as the runtime does, but nothing moves)
                have = Z[s + k]
                if have:
                    wanted -= wanted if wanted < have else have
                    if not wanted:
                        break
            continue
        for k in kinds:
            have = Z[s + k]
            if have:
                n = wanted if wanted < have else have
                Z[s + k] = have - n
                Z[dest + k] += n
                if moved is not None:
                    moved.append((s, dest, k, n))
                wanted -= n
                if not wanted:
                    break


def move_all(Z: list[int], sources: list[int], dest: int, kinds: list[int], moved: list | None) -> None:
    if named_twice(sources, kinds):
        raise Abort
    for s in sources:
        if s == dest:
            continue
        for k in kinds:
            n = Z[s + k]
            if n:
                Z[s + k] = 0
                Z[dest + k] += n
                if moved is not None:
                    moved.append((s, dest, k, n))


def move_bundle(Z: list[int], sources: list[int], dest: int, bundle: dict[str, int], index: dict[str, int],
                up_to: bool, moved: list | None) -> None:
    """TokenMoves.move_bundle: each kind from the first source holding it, then the next. Bundles
    are keyed by kind name, as everywhere in the language; `index` gives each kind's position.
    (Kind by kind rather than source by source: what a source gives of one kind depends on no
    other kind, so the counts and the moves recorded come out the same.)"""
    if bundle is None or named_twice(sources, ()):  # (none: a card's field it lacks; R001 on the reference)
        raise Abort
    if not up_to:
        for k, v in bundle.items():
            if v > 0 and sum(Z[s + index[k]] for s in sources) < v:
                raise Abort
    for k, v in bundle.items():
        if v <= 0:
            continue
        i = index[k]
        for s in sources:
            have = Z[s + i]
            if have > 0:
                n = v if v < have else have
                if s != dest:
                    Z[s + i] = have - n
                    Z[dest + i] += n
                    if moved is not None:
                        moved.append((s, dest, i, n))
                v -= n
                if not v:
                    break


def draw(Z: list[int], rng: Any, width: int, source: int, dest: int, wanted: int | None, exact: bool,
         moved: list | None) -> int:
    """`draw` (TokenMoves.draw_tokens with Chance.draw): the same positions from the same stream."""
    row = Z[source:source + width]
    size = sum(row)
    n = size if wanted is None else wanted
    if n < 0:
        raise Abort
    if n > size:
        if exact:
            raise Abort
        n = size
    if n <= 0:
        return 0
    if n == 1:  # the commonest draw: one number below the size, as sample_positions draws it
        position = rng._randbelow(size)
        k = 0
        while position >= row[k]:
            position -= row[k]
            k += 1
        if source != dest:
            Z[source + k] -= 1
            Z[dest + k] += 1
            if moved is not None:
                moved.append((source, dest, k, 1))
        return 1
    got = [0] * width
    if n <= 5 and size <= 21:
        # rng.sample's pool algorithm (sample_positions' small case), on a pool holding each
        # position's kind instead of the position: the same picks, no walk from position to kind
        singles = SINGLES if width <= len(SINGLES) else [[k] for k in range(width)]
        pool: list[int] = []  # (each position's kind, as often as it is held)
        for pieces in map(mul, singles, row):
            pool += pieces
        bits = rng.getrandbits
        last = size - 1
        for i in range(n):
            m = size - i  # (a number below m, as rng._randbelow draws it: CPython's algorithm)
            b = m.bit_length()
            j = bits(b)
            while j >= m:
                j = bits(b)
            got[pool[j]] += 1
            pool[j] = pool[last - i]
    else:
        for position in sample_positions(rng, size, n):
            k = 0
            while position >= row[k]:
                position -= row[k]
                k += 1
            got[k] += 1
    if source != dest:
        for k in compress(range(width), got):  # (the kinds drawn)
            g = got[k]
            Z[source + k] -= g
            Z[dest + k] += g
            if moved is not None:
                moved.append((source, dest, k, g))
    return n


def take_cards(piles: list[list], cards: list) -> list:
    """Piles.take_cards: each card out of the pile that holds that very copy (or, for a card
    named without a copy, the first of that name)."""
    taken = []
    for card in cards:
        if card is None:  # (`top` of an empty pile: the reference reports it, R001)
            raise Abort
        for pile in piles:
            for i, held in enumerate(pile):
                if held is card or (card.uid is None and held == card):
                    taken.append(pile.pop(i))
                    break
            else:
                continue
            break
        else:
            raise Abort
    return taken


def make_zone_readers(kinds: tuple[str, ...], compiled: bool = kernels.ACTIVE) -> dict[str, Any]:
    """The zone built-ins of the generated code, for a rule set with these kinds (in order);
    `compiled`: zone_kinds and zone_pieces as their compiled twins (ratdsl/kernels.py)."""
    width = len(kinds)
    positions = range(width)
    singles = [[k] for k in kinds]  # (a kind's pieces: [kind] * its count, a list made in C)

    def zone_kinds(Z: list[int], z: int) -> list[str]:
        return list(compress(kinds, Z[z:z + width]))

    def zone_pieces(Z: list[int], z: int) -> list[str]:
        # (each kind as often as the zone holds it: [kind] * n is empty for a count below one)
        out: list[str] = []
        for pieces in map(mul, singles, Z[z:z + width]):
            out += pieces
        if len(out) > MAX_ITEMS:  # (R007: a zone holds at most MAX_TOKENS, so the list was cheap to make)
            raise Abort
        return out

    def bundle_kinds(bundle: dict[str, int]) -> list[str]:
        """The kinds a bundle holds, in the rules' order (the bundle worked out once)."""
        return [k for k in kinds if bundle.get(k)]

    def zone_contents(Z: list[int], z: int) -> dict[str, int]:
        return {kinds[i]: Z[z + i] for i in positions if Z[z + i]}

    def zone_size(Z: list[int], z: int) -> int:
        return sum(Z[z:z + width])

    if compiled and kernels.LOADED is not None:  # (the same lists, holding the same str objects)
        zone_kinds, zone_pieces = kernels.LOADED.zone_readers(kinds, MAX_ITEMS, zone_kinds, zone_pieces)
        if hasattr(kernels.LOADED, "zone_sizer"):  # (an extension built from an older source has none)
            zone_size = kernels.LOADED.zone_sizer(width, zone_size)

    return {"zone_kinds": zone_kinds, "zone_pieces": zone_pieces, "zone_contents": zone_contents,
            "bundle_kinds": bundle_kinds,
            "zone_size": zone_size}


def count_kinds(Z: list[int], z: int, kinds: tuple[int, ...]) -> int:
    total = 0
    for k in kinds:
        total += Z[z + k]
    return total


def first_of(items: list) -> Any:
    return items[0] if items else None


def item_at(items: Any, i: int) -> Any:
    """`items[i]` of a list (negative from the end) where `i` may fall outside it: that stops the
    flat code, and the reference engine reports it (R001), where it would be an IndexError."""
    if items is None or not -len(items) <= i < len(items):  # (none: `o[0]` of no list, R001 too)
        raise Abort
    return items[i]


def field_of(table: dict, card: Any) -> Any:
    """A card's field from its table (by card name): no card, or a card without that field, stops
    the flat code, and the reference engine reports it (R001)."""
    if card is None:
        raise Abort
    try:
        return table[card.name]
    except KeyError:
        raise Abort from None


def entry_of(table: dict, key: Any) -> Any:
    """`table[key]` where the rules may give a key it lacks (a name no zone has): that stops the
    flat code, and the reference engine reports it (R001), where it would be a KeyError."""
    try:
        return table[key]
    except (KeyError, TypeError):
        raise Abort from None


def present(value: Any) -> Any:
    """A value read where a player or a card is needed: a none (`first` of nothing) stops the flat
    code, and the reference engine reports it (R001), where using it would be a Python error."""
    if value is None:
        raise Abort
    return value


def all_present(values: Any) -> Any:
    """A list read where numbers are needed, some of which may be none (`sum([first(xs)])`): a
    none stops the flat code, as present() does for one value."""
    if None in values:
        raise Abort
    return values


def count_moves(moves: list, matching: dict, step: int, counts: list, miss: Any) -> None:
    """Adds each move the helpers recorded, (source, dest, kind, n), to the metrics that count it,
    then forgets the moves: `matching` holds those metrics' positions by (source, dest, kind,
    step); `miss(key)` works them out where it has none yet (FlatModule._flush)."""
    for s, d, k, n in moves:
        key = (s, d, k, step)
        hits = matching.get(key)
        if hits is None:
            hits = miss(key)
        for i in hits:
            counts[i] += n
    moves.clear()


# ---------------------------------------------------------------- compiled twins (ratdsl/_kernels.c)
# The helpers above run compiled unless ratdsl/kernels.py says otherwise: the same results,
# exceptions and random numbers. The generated code's namespace takes these names (generator.py),
# so it calls whichever was chosen; the Python originals stay in kernels.PYTHON.
kernels.setup(abort=Abort, sample_positions=sample_positions, random_type=random.Random, card_type=CardValue)
move_tokens = kernels.twin(move_tokens)
move_all = kernels.twin(move_all)
move_bundle = kernels.twin(move_bundle)
draw = kernels.twin(draw)
take_cards = kernels.twin(take_cards)
count_kinds = kernels.twin(count_kinds)
first_of = kernels.twin(first_of)
item_at = kernels.twin(item_at)
present = kernels.twin(present)
field_of = kernels.twin(field_of)
count_moves = kernels.twin(count_moves)


# ---------------------------------------------------------------- the limits (engine/interpreter.py)
# The reference engine stops a game at its limits: numbers below 10^18 in size (R006), lists and
# piles of at most MAX_ITEMS (R007), at most MAX_TOKENS tokens created (R008), and a step budget that
# queries and draws pay into by the item (R002). The flat code checks the same limits (numbers,
# lists and ranges with the shared operators of semantics/operators.py), or stricter ones: past any
# of them it stops, and the reference engine plays the game again and reports the error with its
# position. So a rule set can make the flat code neither hang nor hold a number or a list the
# reference would refuse.

def make_limits(budget: list[int], created: list[int], compiled: bool = kernels.ACTIVE) -> dict[str, Any]:
    """The checks that read this module's step budget and its count of created tokens and cards;
    `compiled`: CH and CI as their compiled twins (ratdsl/kernels.py)."""

    def charged(items: Any, per_item: int = 1) -> Any:
        """A query's source, paid for by the item before the query runs (Interpreter.charge),
        `per_item` steps each: the item's, and what working it out calls."""
        budget[0] -= len(items) * per_item
        if budget[0] < 0:
            raise Abort
        return items

    def charged_items(items: Any) -> Any:
        """A list a built-in, `in` or `+` goes through, paid by the item (builtins.item_steps)."""
        budget[0] -= len(items) // ITEMS_PER_STEP
        if budget[0] < 0:
            raise Abort
        return items

    def charged_then(steps: int, value: Any) -> Any:
        """`value`, once `steps` are paid (a built-in's list items, builtins.list_items)."""
        budget[0] -= steps
        if budget[0] < 0:
            raise Abort
        return value

    def create_tokens(bundle: dict[str, int]) -> dict[str, int]:
        total = 0
        for v in bundle.values():
            if v < 0:
                raise Abort
            total += v
        created[0] += total
        if created[0] > MAX_TOKENS:
            raise Abort
        return bundle

    def create_cards(cards: list) -> list:
        # every pile stays within MAX_ITEMS if no more cards than that are made in all
        created[1] += len(cards)
        if created[1] > MAX_ITEMS:
            raise Abort
        return cards

    if compiled and hasattr(kernels.LOADED, "budget_charges"):
        charged, charged_items = kernels.LOADED.budget_charges(budget, ITEMS_PER_STEP, charged, charged_items)
    return {"CH": charged, "CI": charged_items, "CN": charged_then, "CT": create_tokens, "CC": create_cards}


def step_mark() -> list:
    """`W`: [the number of the step running, a watcher told each step's start or None] (a search's
    playout sees its step end: agents/ismcts.py; none in a whole game). A plain list, tested by
    the generated code at each step's start: a list subclass with its own __setitem__ cost every
    step a Python call, some 6% of a whole game."""
    return [0, None]
