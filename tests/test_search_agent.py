"""The search agent (ratdsl/agents/search.py) reads only what its player may see: games that
differ only in hidden things (another player's secret placement, face-down deck orders) get the
same answer from the same agent seed. Its answers are legal and reproducible, and
`ratdsl simulate --agents mcts:N` plays it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.agents.search import SearchAgent, is_search_agent, pile_families
from ratdsl.engine.decisions import Decision
from ratdsl.engine.game import Game
from ratdsl.session import load_rules

from .conftest import RATLAND
from .searching import first_placement

BIN = Path(sys.executable).parent


def test_hidden_choices_and_deck_orders_do_not_change_the_answer():
    a = first_placement(SearchAgent, {"P1": [{"pantry": 7}], "P2": [{"nursery": 7}]}, None)
    b = first_placement(SearchAgent, {"P1": [{"left_pipe": 4, "right_pipe": 3}], "P2": [{"dump": 2, "field": 5}]},
                        99)
    # the referee's states differ in what P3 cannot see ...
    assert a["state"]["zones"] != b["state"]["zones"]
    assert a["state"]["piles"]["event_deck"] != b["state"]["piles"]["event_deck"]
    assert a["state"]["piles"]["food_deck"] != b["state"]["piles"]["food_deck"]
    # ... P3's views do not, and neither does the answer
    assert a["view"] == b["view"]
    assert a["answer"] == b["answer"]


def play_with_search(seed: int) -> tuple[list, Any]:
    d = load_rules(RATLAND)
    agent = SearchAgent(d, 2, agent_seed(seed, 0), rollouts=4)
    answers: list = []
    real_decide = agent.decide

    def decide(decision: Decision) -> Any:
        answers.append(real_decide(decision))
        return answers[-1]

    agent.decide = decide  # type: ignore[method-assign]
    result = Game(d, 2, seed, [agent, RandomAgent(agent_seed(seed, 1))]).play()
    return answers, result


def test_answers_are_reproducible_from_the_seeds():
    first, result = play_with_search(5)
    again, result_again = play_with_search(5)
    assert first and first == again and result == result_again


def test_distribution_candidates_are_legal_and_distinct():
    d = load_rules(RATLAND)
    agent = SearchAgent(d, 4, 1)
    decision = Decision(0, "spread", "distribute", amount=6, targets=["a", "b", "c", "d"],
                        at_most=[(2, ["a"])], at_least=[(1, ["c", "d"])])
    candidates = agent.candidates(decision)
    assert all(decision.legal(c) is None for c in candidates)
    assert len({tuple(sorted(c.items())) for c in candidates}) == len(candidates) > 4
    assert any(c.get("b", 0) >= 4 for c in candidates)  # one leaning towards each zone


def test_a_decision_it_cannot_resume_is_answered_without_search():
    d = load_rules(RATLAND)
    agent = SearchAgent(d, 4, 1)
    decision = Decision(0, "pick", "choose", options=[1, 2, 3], where="elsewhere.rat:3:4",
                        view=lambda: {"phase": "rats"})
    assert agent.decide(decision) in (1, 2, 3) and agent.searched == 0


def test_piles_are_grouped_by_where_their_cards_travel():
    families = pile_families(load_rules(RATLAND), 4)
    together = {name: tuple(f) for f in families for name in f}
    assert together["event_deck"] == together["event_discard"] != together["food_deck"]


@pytest.mark.parametrize("name, ok", [("mcts", True), ("mcts:200", True), ("mcts:0", False),
                                      ("mcts:x", False), ("mcts:1234567", False), ("MCTS", False),
                                      ("mcts:", False)])
def test_agent_names(name, ok):
    assert is_search_agent(name) is ok


def test_simulate_plays_it_from_the_command_line(tmp_path):
    out = tmp_path / "report.json"
    run = subprocess.run([str(BIN / "ratdsl"), "simulate", str(RATLAND), "-p", "2", "-n", "1",
                          "--agents", "mcts:2,random", "--out", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(out.read_text())["agents"] == ["mcts:2", "random"]
    bad = subprocess.run([str(BIN / "ratdsl"), "simulate", str(RATLAND), "-n", "1", "--agents", "mcts:0"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "mcts[:ROLLOUTS]" in bad.stderr


GIFT = """game gift "Gift" {
  players 2..2
}
tokens coin
zone bank
per player zone purse
setup {
  step lay_out {
    create {coin: 60} in bank
  }
}
round main
phase main "Main" {
  step offers "Each player is offered coins, or a loss" {
    for each p in players {
      do offer(p)
    }
  }
  step done {
    if round >= 4 {
      end game
    }
  }
}
rule offer(p) "An offer asked inside a rule, not in the step's own body" {
  ask p take: may {
    move 3 coin from bank to p.purse
  }
  ask p give: choose n from [0, 2] {
    move up to n coin from p.purse to bank
  }
}
scoring p {
  score = p.purse.coin
}
"""


def test_a_decision_asked_inside_a_rule_is_searched_from_the_step_that_runs_it(tmp_path):
    (tmp_path / "gift").mkdir()
    (tmp_path / "gift" / "game.rat").write_text(GIFT)
    d = load_rules(tmp_path / "gift")
    agent = SearchAgent(d, 2, 7, rollouts=8)
    answers: list = []
    real_decide = agent.decide

    def decide(decision: Decision) -> Any:
        answers.append((decision.id, real_decide(decision)))
        return answers[-1][1]

    agent.decide = decide  # type: ignore[method-assign]
    Game(d, 2, 1, [agent, RandomAgent(3)]).play()
    # eight decisions, each searched (random answers would be right half the time)
    assert answers == [("take", True), ("give", 0)] * 4 and agent.searched == 8 and agent.unasked == 0


def test_the_steps_that_can_run_an_ask_are_found_through_rules_hooks_and_card_effects():
    from ratdsl.agents.search import steps_reaching

    d = load_rules(RATLAND, ["clans"])
    events = RATLAND / "events.rat"
    text = events.read_text().splitlines()
    helmet = next(i for i, line in enumerate(text, 1) if "ask p helmet_rat" in line)
    column = text[helmet - 1].index("ask") + 1
    at = (str(events), helmet, column)
    assert steps_reaching(d, d.phases["foraging"], at) == [0]  # a hook on a rule the step runs
    assert steps_reaching(d, d.phases["feeding"], at) == []


def test_a_determinization_keeps_the_cards_its_view_names():
    """RatLand's event and food rows lie face up: in round 6 a view names their cards, and every
    determinization puts those cards there (an ask in the row's event comes back in each), with
    the game's cards all dealt once (a copy swapped in, none made); the unseen decks' order is
    drawn again."""
    d = load_rules(RATLAND)
    game = Game(d, 4, 2, [RandomAgent(agent_seed(2, s)) for s in range(4)])
    game.setup()
    while game.state.round < 5:
        game.play_round()
    game.state.round += 1
    game.play_phase("event")
    view = game.runtime.view_for(0)
    assert view["cards"]["event_row"] and view["cards"]["food_row"]
    dealt = Counter(card.name for cards in game.state.piles.values() for card in cards)
    agent = SearchAgent(d, 4, 1)
    decks = set()
    for seed in range(30):
        piles = {str(ref): [card.name for card in cards]
                 for ref, cards in agent.determinized(view, seed, 0, None).state.piles.items()}
        for pile, entries in view["cards"].items():
            assert piles[pile] == [entry["card"] for entry in entries]
        assert Counter(name for names in piles.values() for name in names) == dealt
        decks.add(tuple(piles["event_deck"]))
    assert len(decks) > 1
