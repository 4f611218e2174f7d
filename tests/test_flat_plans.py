"""Sealed plans on the flat target (engine/flat/plans.py, values of several kinds in dyn.py):
tests/games/plans_demo's plans (steps that are `[attack, space, player]`, `[march, space, space]`
or none), its all-at-once attacks and its marches shared out with `share_evenly` give the
reference engine's games, with random and persona agents, with a `likely` list and with the
option that drops a stale plan."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from ratdsl.agents import PersonaAgent
from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine import Game
from ratdsl.engine.flat import native
from ratdsl.engine.flat.game import FlatModule, flat_module, play_module
from ratdsl.session import load_rules

from .scale import cases

DEMO = Path(__file__).resolve().parent / "games" / "plans_demo" / "game.rat"
PLAN = "choose steps from actions(p) or pass into orders"
# each step expects what was not planned yet, and marches only once an attack is planned
LIKELY = ("choose steps from actions(p) likely [a for a in actions(p) if not a in it and "
          "(a[0] == attack or len(it) > 0)] or pass into orders")
WEIGHTS = {"orders": {"pass": 0.3}, "reinforce": {"pass": 0.2}}


def outcome(result) -> tuple:
    return result.scores, result.winners, result.rounds, result.state, result.fired


def rules(tmp_path, likely: bool, options: dict | None = None):
    text = DEMO.read_text("utf-8")
    assert PLAN in text
    (tmp_path / "game.rat").write_text(text.replace(PLAN, LIKELY) if likely else text, "utf-8")
    return load_rules(tmp_path, options=options)


@pytest.mark.parametrize("likely", [False, True], ids=["all", "likely"])
@pytest.mark.parametrize("persona", [False, True], ids=["random", "persona"])
def test_plans_give_the_reference_games(tmp_path, likely, persona):
    d = rules(tmp_path, likely)
    kept = 0
    for players in (2, 3, 4):
        module = flat_module(d, players)
        assert isinstance(module, FlatModule), module
        for seed in range(cases(4, 40)):
            def agents(seed=seed, players=players):
                if persona:
                    return [PersonaAgent(WEIGHTS, agent_seed(seed, s), "p") for s in range(players)]
                return [RandomAgent(agent_seed(seed, s)) for s in range(players)]

            reference = Game(d, players, seed, agents=agents()).play()
            assert outcome(play_module(module, seed, agents())) == outcome(reference), (players, seed)
            kept += sum(step is not None for pv in reference.state["player_vars"] for step in pv["orders"])
    assert kept, "no step was ever planned"


def test_a_stale_plan_dropped_gives_the_reference_games(tmp_path):
    d = rules(tmp_path, False, {"stale_step": "forfeit"})
    module = flat_module(d, 3)
    assert isinstance(module, FlatModule), module
    for seed in range(cases(6, 60)):
        def agents(seed=seed):
            return [RandomAgent(agent_seed(seed, s)) for s in range(3)]

        assert outcome(play_module(module, seed, agents())) == outcome(Game(d, 3, seed, agents=agents()).play())


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("Cython") is None or native.unavailable() is not None,
                    reason="no native build here")
def test_a_native_build_plays_the_plans_of_the_reference(tmp_path, monkeypatch):
    """A `likely` list is a lambda in the generated code: a native build's closure must see the
    planning player of each turn (it once saw seat 0 only)."""
    monkeypatch.setattr(native, "OPTIMIZE", "-O0")
    d = rules(tmp_path, True)
    m = FlatModule(d, 3)
    assert native.attach(m, build=True) and m.native, "the build failed"
    for seed in range(cases(6, 40)):
        def agents(seed=seed):
            return [RandomAgent(agent_seed(seed, s)) for s in range(3)]

        assert outcome(play_module(m, seed, agents())) == outcome(Game(d, 3, seed, agents=agents()).play()), seed
