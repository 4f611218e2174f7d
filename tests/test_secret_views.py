"""A player's view during a `secretly` block never shows another player's hidden answer, not
even through a shared zone that the answer changed.

Found by playing `ratdsl play tests/programs/bid --human 1,2`: P1 paid a secret bid of 3 coins
into the bank, and P2's screen, asked next inside the same block, showed the bank at 23 coins
instead of 20, which told P2 the bid.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ratdsl.engine.decisions import Decision
from ratdsl.engine.game import Game
from ratdsl.engine.log import GameLog
from ratdsl.session import load_rules

BID = Path(__file__).parent / "programs" / "bid"


class Bidder:
    """Bids a fixed amount and records every view it is shown."""

    reads_view = True

    def __init__(self, bid: int):
        self.bid = bid
        self.views: list[dict[str, Any]] = []

    def decide(self, decision: Decision) -> Any:
        self.views.append(decision.view())
        return self.bid if self.bid in decision.options else decision.options[0]


def views_of_second_bidder(first_bid: int) -> list[dict[str, Any]]:
    definition = load_rules(BID)
    first, second = Bidder(first_bid), Bidder(1)
    game = Game(definition, 2, 5, agents=[first, second], log=GameLog(keep=True))
    game.play()
    return second.views


def test_a_secret_payment_into_a_shared_zone_stays_hidden() -> None:
    low, high = views_of_second_bidder(1), views_of_second_bidder(3)
    first_ask_low, first_ask_high = low[0], high[0]
    assert first_ask_low == first_ask_high  # the bid of P1, asked first, changes nothing P2 sees
    assert first_ask_low["zones"]["bank"]["coin"] == 20  # the bank as the block began


def test_own_zones_stay_live_inside_the_block() -> None:
    definition = load_rules(BID)
    first, second = Bidder(3), Bidder(2)
    Game(definition, 2, 5, agents=[first, second], log=GameLog(keep=True)).play()
    # After the block the uncovered payments are public: the next round's first view shows them.
    assert second.views[1]["zones"]["bank"]["coin"] == 20 + 3 + 2
