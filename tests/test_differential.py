"""Differential tests: the engine playing rules/ratland and the hand-written reference
(benchmarks/reference.py) play the same seeded games and must agree on everything.

Each game is traced on both sides (every chance.draw / shuffle / sample with its arguments and
outcome, every Decision asked with its answer), then the end states (zones, piles, round,
active), scores, tie-breaks, winners and rounds are compared. benchmarks/differential.py runs the
same check over 1,000+ games."""

import importlib
import sys

import pytest

from ratdsl.agents import RandomAgent, ScriptedAgent
from ratdsl.agents.random_agent import agent_seed
from ratdsl.session import load_rules

from .conftest import RATLAND, ROOT
from .scale import cases

BENCHMARKS = ROOT / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.append(str(BENCHMARKS))
differential = importlib.import_module("differential")
reference = importlib.import_module("reference")

PLAYER_COUNTS = list(range(2, 13))
GAMES_PER_COUNT = cases(7, 14)  # 77 games with random agents (154 under full checks)


@pytest.fixture(scope="module")
def ratland():
    return load_rules(RATLAND)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_agree(ratland, players):
    for seed in range(GAMES_PER_COUNT):
        diff = differential.compare_game(ratland, players, 1000 * players + seed, "random",
                                         views=seed == 0)
        assert diff is None, f"{players} players, seed {1000 * players + seed}: {diff}"


@pytest.mark.parametrize("players", [2, 3, 5, 6, 8, 11, 12])
def test_biased_agents_agree(ratland, players):
    # odd seeds: breeders, attackers, foragers and hoarders (short rat pile, empty supply)
    for seed in (1, 3, 5):
        diff = differential.compare_game(ratland, players, seed, "mixed")
        assert diff is None, f"{players} players, seed {seed}: {diff}"


@pytest.mark.parametrize("name, value", [
    (name, value) for name, values in reference.OPTION_VALUES.items()
    for value in values if value != reference.DEFAULT_OPTIONS[name]
])
def test_every_other_option_value_agrees(name, value):
    definition = load_rules(RATLAND, options={name: value})
    for players, seed in ((2, 11), (5, 12), (12, 13)):
        diff = differential.compare_game(definition, players, seed, "mixed", {name: value})
        assert diff is None, f"{name}={value}, {players} players, seed {seed}: {diff}"


def test_scripted_agents_replay_the_engine_game(ratland):
    """ScriptedAgents answering with the engine game's own decisions lead the reference to the
    same end state."""
    players, seed = 4, 7
    trace: list = []
    agents = [differential.RecordingAgent(RandomAgent(agent_seed(seed, s)), trace) for s in range(players)]
    engine = differential.play_engine(ratland, players, seed, agents, differential.Chance(seed))
    answers = [[{"id": e[2], "answer": e[-1]} for e in trace if e[1] == s] for s in range(players)]
    scripted = [ScriptedAgent(answers[s], label=f"P{s + 1}") for s in range(players)]
    ref = reference.play_reference(players, seed, scripted)
    assert all(not agent.answers for agent in scripted)
    assert ref["state"] == engine["state"]
    assert (ref["scores"], ref["winners"], ref["rounds"]) == (engine["scores"], engine["winners"], engine["rounds"])


def test_the_comparison_catches_a_wrong_reference(ratland, monkeypatch):
    """The oracle has teeth: one wrong row of the feeding table is found."""
    wrong = list(reference.FEEDING_COST)
    wrong[7] = 2
    monkeypatch.setattr(reference, "FEEDING_COST", wrong)
    diffs = [differential.compare_game(ratland, 4, seed) for seed in range(5)]
    assert any(d is not None for d in diffs)


def test_reference_defaults_match_the_rule_files(ratland):
    assert {k: ratland.option_values[k] for k in reference.DEFAULT_OPTIONS} == reference.DEFAULT_OPTIONS
    assert {k: tuple(ratland.options[k].values) for k in reference.OPTION_VALUES} == reference.OPTION_VALUES
    assert set(ratland.option_values) == set(reference.DEFAULT_OPTIONS)
