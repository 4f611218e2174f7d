"""Cards in piles: shuffling, placing and revealing them once an evaluator has worked out which.

Every change of a pile calls `changed()` (so what was remembered of card activity is refreshed,
and the cards are recounted after the step) and writes its record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...language import ast as A
from ...semantics.operators import MAX_ITEMS, TOO_LONG
from ...semantics.values import CardValue, PileRef, type_name
from ..chance import ScriptError

if TYPE_CHECKING:
    from ..chance import Chance
    from ..log import GameLog
    from ..state import GameState
    from .sight import Sight


class Piles:
    """The cards of a Runtime."""

    __slots__ = ()
    state: GameState
    log: GameLog
    chance: Chance
    sight: Sight

    def cards_of(self, value: Any, node: A.Node) -> list[CardValue]:
        """The cards a value names: a pile's (a copy), a card, or a list of cards."""
        if isinstance(value, PileRef):
            return list(self.state.piles[value])
        items = value if isinstance(value, list) else [value]
        for item in items:
            if not isinstance(item, CardValue):
                raise self.error(node, f"expected cards, got {type_name(item)}")
        return items

    def shuffle_pile(self, node: A.Shuffle, ref: PileRef) -> None:
        _forget_peeks(self.state, ref)
        try:
            self.state.piles[ref] = self.chance.shuffle(self.state.piles[ref], str(ref))
            self.changed()
        except ScriptError as err:
            raise self.error(node, str(err)) from None
        if self.log.active:
            self.log.emit("random", what="shuffle", pile=str(ref), result=[c.name for c in self.state.piles[ref]])
        else:
            self.log.seq += 1

    def take_cards(self, cards: list[CardValue], node: A.Node) -> list[CardValue]:
        """Takes each card out of the pile that holds it: that very copy, or for a card named
        without a copy (no uid), the first of that name in the first pile holding one. A copy
        is looked for first in the pile the previous card came from: cards placed together
        often come from one pile."""
        taken = []
        near: list[CardValue] | None = None
        for card in cards:
            found = None
            if near is not None and card.uid is not None:
                for i, held in enumerate(near):
                    if held is card:
                        found = near.pop(i)
                        break
            if found is None:
                found, near = _take_card(self, card, node)
            taken.append(found)
        return taken

    def place_cards(self, node: A.Place, value: Any, cards: list[CardValue], ref: PileRef) -> None:
        """`place` once its cards (the value and `cards_of` it) and pile are known."""
        if len(self.state.piles[ref]) + len(cards) > MAX_ITEMS and ref is not value:
            raise self.error(node, f"cannot place {len(cards)} more cards on {ref}: a pile holds at most {MAX_ITEMS}",
                             code=TOO_LONG)
        if value.__class__ is PileRef:  # a whole pile: its cards are all there, in order
            taken = cards
            self.state.piles[value].clear()
        else:
            taken = self.take_cards(cards, node)
        pile = self.state.piles[ref]
        self.state.piles[ref] = taken + pile if node.where == "top" else pile + taken
        self.changed()
        if not self.log.active:
            self.log.seq += 1
        elif self.sight.piles and self.sight.lists_cards(ref):  # a pile declared a way (sight.py)
            seen_by = self.sight.pile_sight(ref)
            extra = {"face": "up"} if seen_by is None else {"sight": seen_by}
            self.log.emit("place", cards=[c.name for c in taken], pile=str(ref), where=node.where, **extra)
        else:
            self.log.emit("place", cards=[c.name for c in taken], pile=str(ref), where=node.where)

    def reveal_card(self, cards: list[CardValue], src: PileRef, dst: PileRef) -> CardValue:
        """Moves the top card of `cards` (the cards of `src` as the reveal began) to the top of
        `dst`, and returns it; the evaluator checked that there is one, and runs its effects."""
        card = cards.pop(0)
        self.state.piles[dst].insert(0, card)
        self.changed()
        if not self.log.active:
            self.log.seq += 1
        elif self.sight.piles and self.sight.pile_sight(dst) is not None:  # revealed to some only
            self.log.emit("reveal", card=card.name, src=str(src), dst=str(dst), sight=self.sight.pile_sight(dst))
        else:
            self.log.emit("reveal", card=card.name, src=str(src), dst=str(dst))
        return card


def _forget_peeks(state: GameState, ref: PileRef) -> None:
    """After a shuffle nobody knows where a copy they were shown lies: their peeks at the
    pile's cards are forgotten."""
    for peeked in state.peeked:
        if peeked:
            for card in state.piles[ref]:
                if card.uid is not None:
                    peeked.pop(card.uid, None)


def _take_card(runtime: Piles, card: CardValue, node: A.Node) -> tuple[CardValue, list[CardValue]]:
    for cards in runtime.state.piles.values():
        for i, held in enumerate(cards):
            if held is card or (card.uid is None and held == card):
                return cards.pop(i), cards
    raise runtime.error(node, f"card {card.name} is in no pile; create it first")
