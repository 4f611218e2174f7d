"""What an agent may see: during a secret placement, other players' places look as they did when
the screens went up; a card shown to one player is in that player's view only."""

import pytest

from ratdsl.agents import RandomAgent
from ratdsl.agents.random_agent import agent_seed
from ratdsl.semantics.values import CardValue, PileRef, PlayerRef
from ratdsl.session import load_rules, new_game

from .conftest import RATLAND


class Spy:
    """A random agent that keeps the view it was given at each placement."""

    def __init__(self, seat, seed):
        self.inner = RandomAgent(agent_seed(seed, seat))
        self.views = []

    def decide(self, decision):
        if decision.id == "placement":
            self.views.append(decision.view())
        return self.inner.decide(decision)


def test_secret_placement_hides_what_others_just_placed():
    spies = [Spy(seat, 4) for seat in range(3)]
    game = new_game(load_rules(RATLAND), 3, 4, agents=spies)
    game.header()
    game.setup()
    game.play_round()
    last = spies[2].views[0]  # P3 places after P1 and P2 have placed
    assert last["zones"]["P1.reserve"] == {"rat": 7}  # P1's rats still look unplaced
    assert "P1.dump" not in last["zones"] and "P1.city" not in last["zones"]
    assert last["zones"]["P3.reserve"] == {"rat": 7}  # its own rats, as they are
    placed = {z: c for z, c in game.state.snapshot()["zones"].items() if z.startswith("P1.")}
    assert "P1.reserve" not in placed  # ...although P1 had placed them all


def test_a_card_shown_to_one_player_is_in_that_view_only():
    definition = load_rules(RATLAND, ["clans"])
    game = new_game(definition, 2, 1)
    game.header()
    game.setup()
    interp = game.interp
    interp.state.piles[PileRef(0, "clan")] = [CardValue("seer", 999)]
    interp.call_rule("behind_screen", [PlayerRef(0)], definition.game)
    assert game.runtime.view_for(0)["shown_to_you"] == [interp.state.piles[PileRef(None, "event_deck")][0].name]
    assert game.runtime.view_for(1)["shown_to_you"] == []


class Blind(Spy):
    """A spy that says it reads no views: the engine then keeps nothing for it to see."""

    reads_view = False


def test_secret_blocks_keep_nothing_when_no_agent_reads_views_and_no_log_is_kept():
    kept_during_placement = []

    class Watcher(RandomAgent):
        def decide(self, decision):
            if decision.id == "placement":
                kept_during_placement.append(len(game.runtime.keeping))
            return super().decide(decision)

    game = new_game(load_rules(RATLAND), 3, 4, agents=[Watcher(agent_seed(4, seat)) for seat in range(3)])
    game.header()
    game.setup()
    game.play_round()
    assert kept_during_placement == [0, 0, 0]  # nobody reads the hidden zones: nothing saved

    spies = [Spy(seat, 4) for seat in range(3)]  # agents that read views: the block is kept
    game = new_game(load_rules(RATLAND), 3, 4, agents=spies)
    game.header()
    game.setup()
    game.play_round()
    assert spies[2].views[0]["zones"]["P1.reserve"] == {"rat": 7}


def test_an_agent_that_says_it_reads_no_views_but_does_is_stopped():
    game = new_game(load_rules(RATLAND), 3, 4, agents=[Blind(seat, 4) for seat in range(3)])
    game.header()
    game.setup()
    with pytest.raises(RuntimeError, match="reads_view = False"):
        game.play_round()
