"""RatLand as PettingZoo environments: PettingZoo's own API and seed tests pass, and the two APIs
play the same game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

from ratdsl.environments import pettingzoo_env as pz  # noqa: E402

from .conftest import RATLAND  # noqa: E402


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():  # (advice about dict observations and agent names)
        warnings.simplefilter("ignore", UserWarning)
        yield


def test_aec_api_test():
    api_test(pz.env(RATLAND, 3), num_cycles=1000)


def test_parallel_api_test():
    parallel_api_test(pz.parallel_env(RATLAND, 3), num_cycles=1000)


def test_seed_tests():
    seed_test(lambda: pz.env(RATLAND, 2), num_cycles=100)
    parallel_seed_test(lambda: pz.parallel_env(RATLAND, 2), num_cycles=100)


def play_aec(env, seed, picks):
    env.reset(seed=seed)
    rng = np.random.RandomState(picks)
    actions = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        for other in env.agents:  # only the agent to move has legal actions
            assert (env.observe(other)["action_mask"].any()) == (other == agent)
        action = int(rng.choice(np.flatnonzero(mask)))
        actions.append((agent, action))
        env.step(action)
    return actions, env


def test_a_whole_game_through_the_aec_env_ends_with_the_winners_rewarded():
    actions, env = play_aec(pz.env(RATLAND, 2), seed=3, picks=4)
    result = env.game.result()
    assert env.agents == []
    assert result.winners and len(actions) > 20
    again, env2 = play_aec(pz.env(RATLAND, 2), seed=3, picks=4)
    assert again == actions and env2.game.result().scores == result.scores


def test_the_parallel_env_plays_the_same_game_as_the_aec_env():
    actions, aec = play_aec(pz.env(RATLAND, 2), seed=5, picks=6)
    par = pz.parallel_env(RATLAND, 2)
    observations, _ = par.reset(seed=5)
    for agent, action in actions:
        others = {a: 0 for a in par.agents if a != agent}  # ignored: not their turn
        observations, rewards, terminations, _, infos = par.step({agent: action, **others})
    assert all(terminations.values()) and par.agents == []
    assert rewards == dict(zip(aec.possible_agents, aec.game.returns()))


def test_the_parallel_env_ignores_an_illegal_action_and_says_so():
    par = pz.parallel_env(RATLAND, 2)
    observations, _ = par.reset(seed=1)
    mover = next(a for a in par.agents if observations[a]["action_mask"].any())
    illegal = int(np.flatnonzero(observations[mover]["action_mask"] == 0)[0])
    before = par.game.history()
    _, _, _, _, infos = par.step({mover: illegal})
    assert infos[mover] == {"illegal_action": illegal} and par.game.history() == before
