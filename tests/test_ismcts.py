"""`ismcts:N` (ratdsl/agents/ismcts.py): every ask of the three games is answered by search (a
full game of each, counted per kind of ask), from what its player may see alone (games that
differ only in hidden things get the same answer), and an ask it cannot search is an error."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from typer.testing import CliRunner

from ratdsl.agents.ismcts import ISMCTSAgent, UnsearchableAsk
from ratdsl.agents.names import is_search_agent
from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.cli.main import app
from ratdsl.engine.decisions import Decision
from ratdsl.engine.game import Game
from ratdsl.semantics.values import PileRef
from ratdsl.session import load_rules

from .conftest import ROOT
from .searching import Stop, first_placement, watched

RULES = ROOT / "rules"


def test_hidden_answers_and_deck_orders_do_not_change_the_answer():
    a = first_placement(ISMCTSAgent, {"P1": [{"pantry": 7}], "P2": [{"nursery": 7}]}, None)
    b = first_placement(ISMCTSAgent, {"P1": [{"left_pipe": 4, "right_pipe": 3}], "P2": [{"dump": 2, "field": 5}]},
                        99)
    assert a["state"]["zones"] != b["state"]["zones"]
    assert a["state"]["piles"]["event_deck"] != b["state"]["piles"]["event_deck"]
    assert a["view"] == b["view"]
    assert a["answer"] == b["answer"]


class Swap:
    """As the planning phase begins: another player's hand and the face-down deck's order change
    (what P1 cannot see), when `swap` is set."""

    def __init__(self, game: list, swap: bool):
        self.game, self.swap = game, swap

    def step_begins(self, phase: str, index: int, view: Any) -> None:
        if self.swap and phase == "planning" and index == 0:
            piles = self.game[0].state.piles
            hands = PileRef(1, "hand"), PileRef(2, "hand")
            piles[hands[0]], piles[hands[1]] = piles[hands[1]], piles[hands[0]]
            random.Random(5).shuffle(piles[PileRef(None, "hunt_deck")])

    def answered(self, *args: Any) -> None:
        pass


def first_plan(swap: bool) -> dict[str, Any]:
    d = load_rules(RULES / "ratatopolis")
    holder: list[Game] = []
    agent = watched(ISMCTSAgent)(holder, d, 4, 11, 4)
    game = Game(d, 4, 8, [agent] + [RandomAgent(agent_seed(8, s)) for s in range(1, 4)])
    holder.append(game)
    game.runtime.watchers.insert(0, (0, Swap(holder, swap)))  # (before the agent keeps its view)
    with pytest.raises(Stop):
        game.play()
    return agent.seen


def test_other_hands_and_the_deck_order_do_not_change_a_plan():
    a, b = first_plan(False), first_plan(True)
    assert a["state"]["piles"]["P2.hand"] != b["state"]["piles"]["P2.hand"]
    assert a["state"]["piles"]["hunt_deck"] != b["state"]["piles"]["hunt_deck"]
    assert a["view"] == b["view"]
    assert a["answer"] == b["answer"]


class Counted(ISMCTSAgent):
    """Counts its player's asks that have more than one candidate (the ones that need search)."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.asked: Counter[str] = Counter()

    def decide(self, decision: Decision) -> Any:
        if len(self.candidates(decision)) > 1:
            self.asked[f"{decision.kind} {decision.id}"] += 1
        return super().decide(decision)


@pytest.mark.parametrize("game, players, some", [
    ("ratland", 3, {"distribute placement"}),
    ("rattus", 2, {"choose action", "choose take_card", "choose start_region"}),
    ("ratatopolis", 3, {"choose orders"}),
])
def test_every_ask_of_a_full_game_is_searched(game, players, some):
    d = load_rules(RULES / game)
    agent = Counted(d, players, 4, 2)
    Game(d, players, 6, [agent] + [RandomAgent(agent_seed(6, s)) for s in range(1, players)]).play()
    print(game, dict(agent.kinds))
    assert agent.kinds == agent.asked  # every ask with a choice, of every kind, by search
    assert some <= set(agent.kinds)


def test_an_ask_outside_any_step_is_an_error_not_a_random_answer():
    agent = ISMCTSAgent(load_rules(RULES / "ratland"), 4, 1, 4)
    decision = Decision(0, "pick", "choose", options=[1, 2, 3], where="elsewhere.rat:3:4",
                        view=lambda: {"phase": "rats"})
    with pytest.raises(UnsearchableAsk, match="outside any step"):
        agent.decide(decision)
    assert agent.decide(Decision(0, "only", "choose", options=[7])) == 7  # nothing to search


@pytest.mark.parametrize("name, ok", [("ismcts", True), ("ismcts:200", True), ("ismcts:0", False),
                                      ("ismcts:", False), ("mcts:5", True), ("ISMCTS", False)])
def test_agent_names(name, ok):
    assert is_search_agent(name) is ok


def test_simulate_plays_it(tmp_path):
    out = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", str(RULES / "ratland"), "-p", "2", "-n", "1", "-w", "1",
                                      "--agents", "ismcts:2,random", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["agents"] == ["ismcts:2", "random"]


def test_an_ask_it_cannot_search_stops_the_game_with_one_coded_line(monkeypatch):
    """tests/programs/guess: P1 names P2's secret bids; no determinization of what P1 may see
    offers the same options, so the ask is R015 at its place, not a random answer. The
    playouts that missed it stopped there: none was played on to its scoring."""
    rules = ROOT / "tests" / "programs" / "guess"
    result = CliRunner().invoke(app, ["simulate", str(rules), "-p", "2", "-n", "1", "-w", "1",
                                      "--agents", "ismcts:2,random"])
    assert result.exit_code == 1, result.output
    line = next(n for n, text in enumerate((rules / "game.rat").read_text().splitlines(), 1) if "ask p guess" in text)
    first = result.output.splitlines()[0]
    assert first.startswith(f"{rules / 'game.rat'}:{line}:9: R015 ")
    assert "P1's choose 'guess'" in first and "Traceback" not in result.output
    d = load_rules(rules)
    agent = ISMCTSAgent(d, 2, 1, 2)
    scored: list[int] = []
    score = Game.score
    monkeypatch.setattr(Game, "score", lambda game: scored.append(1) or score(game))
    with pytest.raises(UnsearchableAsk) as err:
        Game(d, 2, 1, [agent, RandomAgent(agent_seed(1, 1))]).play()
    assert (err.value.code, err.value.line, err.value.column) == ("R015", line, 9)
    assert agent.kinds == {"choose bid": 1, "choose bid2": 1}  # its own bids were searched
    # (the bids' 2 x 2 playouts only: scored by the reference, or played on by the flat target)
    assert agent.unasked >= 800 and len(scored) + agent.playouts.flat == 4


def test_play_seats_it_against_a_human():
    args = ["play", str(RULES / "ratland"), "--human", "1", "-p", "2", "-s", "3", "-v", "0"]
    result = CliRunner().invoke(app, [*args, "--opponents", "ismcts:2"], input="\n" * 500)
    assert result.exit_code == 0, result.output
    assert "Winner" in result.output
    wrong = CliRunner().invoke(app, [*args, "--opponents", "nobody"], input="")
    assert wrong.exit_code == 2 and "unknown agent 'nobody'" in wrong.stderr
