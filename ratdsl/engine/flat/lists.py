"""`flatten`, `unique` and `owner` in flat code. A list's items are all of one kind here, so
`unique` keeps the first of each value (a card by its name, as two copies of a card are one
card to the rules); `owner` of a card goes through the piles in the reference state's order
(shared piles, then each seat's) and answers the first that holds it, as builtins._owner does."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from ... import kernels
from ...semantics.operators import MAX_ITEMS
from .dyn import has_dyn
from .support import Abort
from .tags import BOOL, CARD_T, INT, PILE_T, PLAYER, STR, ZONE_T, Unsupported
from .typed import piles_for_cards
from .val import Val, is_list, list_of

_PLAIN = (INT, BOOL, STR, PLAYER, ZONE_T)  # kinds whose flat values compare as the language's


def flatten_items(parts: list) -> list:
    """The items of each part in turn; past MAX_ITEMS the flat code stops (R007 on the reference)."""
    if sum(map(len, parts)) > MAX_ITEMS:
        raise Abort
    out: list = []
    for part in parts:
        out += part
    return out


def joined_lists(left: list, right: list) -> list:
    """`left + right` of two lists; past MAX_ITEMS the flat code stops (R007 on the reference:
    operators.add)."""
    if len(left) + len(right) > MAX_ITEMS:
        raise Abort
    return left + right


def card_in(card: Any, cards: list) -> bool:
    """`card in cards`: the language's equality, a card equal to any copy of its name."""
    return card in cards


def unique_cards(cards: list) -> list:
    seen: set[str] = set()
    out = []
    for card in cards:
        if card.name not in seen:
            seen.add(card.name)
            out.append(card)
    return out


_NAME = attrgetter("name")


def owner_of_card(card: Any, piles: list[list], owners: list[int | None]) -> int | None:
    """The seat of the first pile holding a copy of `card` (None: shared, or in no pile). Piles
    hold only cards, equal by name: the names are compared in C, not by CardValue.__eq__."""
    name = card.name
    for held, seat in zip(piles, owners):
        if held and name in map(_NAME, held):
            return seat
    return None


owner_of_card = kernels.twin(owner_of_card)
joined_lists = kernels.twin(joined_lists)
card_in = kernels.twin(card_in)


class ListBuiltins:
    """The three built-ins for FlatCompiler (a mixin: it reads the layout and the piles' globals)."""

    pile_subsets: list[tuple[int, ...]]

    def pile_subset(self, kept: tuple[int, ...]) -> int:
        """The number of the namespace's PSUBj/POWNSUBj lists for these positions in PILES
        (generator.py makes them, of the same pile lists)."""
        if kept not in self.pile_subsets:
            self.pile_subsets.append(kept)
        return self.pile_subsets.index(kept)

    def b_flatten(self, node, sc, lists: Any) -> Any:

        if not is_list(lists.t) or not (is_list(lists.t[1]) or lists.t[1] == PILE_T):
            raise Unsupported(node, f"flatten of a {lists.t}")
        item = lists.t[1][1] if is_list(lists.t[1]) else CARD_T
        return Val(f"flatten_items({lists.code})", list_of(item))

    def b_unique(self, node, sc, items: Any) -> Any:

        v = self.items_of(items, node)
        if v.t[1] in _PLAIN:
            return Val(f"list(dict.fromkeys({v.code}))", v.t, length=v.most)
        if has_dyn(v.t[1]) or is_list(v.t[1]):
            return Val(f"d_unique({v.code})", v.t, length=v.most)
        if v.t[1] == CARD_T:
            return Val(f"unique_cards({v.code})", list_of(CARD_T), length=v.most)
        raise Unsupported(node, f"unique of a list of {v.t[1]}")

    def b_owner(self, node, sc, thing: Any) -> Any:

        if thing.t == ZONE_T:
            owners = tuple(self.lay.owners())
            return Val(f"{self.k(owners)}[{thing.code} // {self.lay.width}]", PLAYER)
        if thing.t == CARD_T:
            names = [*self.pile_names, *(name for _ in range(self.n) for name in self.player_pile_names)]
            kept = piles_for_cards(self.d, node.args[0], names)
            if kept is None or len(kept) == len(names):
                return Val(f"owner_of_card({thing.code}, PILES, POWN)", PLAYER)
            j = self.pile_subset(kept)  # (the piles that may hold it, in PILES's order: the first one holding it)
            return Val(f"owner_of_card({thing.code}, PSUB{j}, POWNSUB{j})", PLAYER)
        raise Unsupported(node, f"the owner of a {thing.t}")
