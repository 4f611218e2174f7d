"""Every rule set as a PettingZoo environment (needs pettingzoo): `env(...)` (AEC, one agent
acts at a time) and `parallel_env(...)` (the Parallel API).

Agents are "P1", "P2", ...; an action is a node's integer action (nodes.py), the same as in the
OpenSpiel game; observations are {"observation": the player's view as a vector (observe.Layout),
"action_mask": 1 for each legal action}. Chance is drawn from the seed given to `reset`. Rewards
come at the end: 1 for each winner, 0 for the others.

The Parallel API steps the same sequence of decisions: at each step the one agent the game waits
for acts, the others have an empty mask and their actions are ignored. A `secretly` block's
decisions are not one joint action: each player's answer is a sequence of sub-decisions, and the
engine asks them in turn, each hidden from the others (docs/environments.md).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from .observe import Layout
from .stepper import GameState, Source, load_source


def env(rules: str, players: int = 2, **kwargs: Any) -> RatdslAECEnv:
    return RatdslAECEnv(rules, players, **kwargs)


def parallel_env(rules: str, players: int = 2, **kwargs: Any) -> RatdslParallelEnv:
    return RatdslParallelEnv(rules, players, **kwargs)


class _Game:
    """What both APIs share: the rules, the spaces, a game and what each agent observes."""

    metadata = {"render_modes": ["ansi"], "name": "ratdsl_v0", "is_parallelizable": False}

    def __init__(self, rules: str, players: int = 2, modules: tuple[str, ...] = (),
                 options: dict[str, Any] | None = None, max_actions: int = 256,
                 render_mode: str | None = None):
        self.source: Source = (str(rules), tuple(modules), tuple(sorted((options or {}).items())))
        self.definition = load_source(self.source)
        game = self.definition.game
        if not game.min_players <= players <= game.max_players:
            raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}")
        self.players = players
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.layout = Layout(self.definition, players)
        self.possible_agents = [f"P{seat + 1}" for seat in range(players)]
        self.seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0, np.inf, (self.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (max_actions,), np.int8)}) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(max_actions) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.game: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = GameState(self.definition, self.players, rng=random.Random(self._seeds.getrandbits(64)),
                              rules_label=self.source[0], source=self.source)

    def _observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat[agent]
        vector = np.zeros(self.layout.size, np.float32)
        self.layout.fill(vector, self.game.runner(), seat)
        mask = np.zeros(self.max_actions, np.int8)
        actions = self.game.legal_actions(seat)
        if actions and actions[-1] >= self.max_actions:
            raise ValueError(f"a node has action {actions[-1]}, past max_actions={self.max_actions}")
        mask[actions] = 1
        return {"observation": vector, "action_mask": mask}

    def _agent_to_move(self) -> str | None:
        seat = self.game.current_player()
        return self.possible_agents[seat] if seat >= 0 else None

    def _rewards(self) -> dict[str, float]:
        return dict(zip(self.possible_agents, self.game.returns()))

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.game is not None:
            agent = self._agent_to_move()
            return f"{self.game}\nwaiting for {agent or 'nobody: the game is over'}"
        return None

    def close(self) -> None:
        self.game = None


class RatdslAECEnv(_Game, AECEnv):
    def __init__(self, rules: str, players: int = 2, **kwargs: Any):
        _Game.__init__(self, rules, players, **kwargs)
        AECEnv.__init__(self)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move() or self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(agent)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(int(action))
        if self.game.is_terminal():
            self.rewards = self._rewards()
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
        else:
            self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()


class RatdslParallelEnv(_Game, ParallelEnv):
    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        return {agent: self._observe(agent) for agent in self.agents}, {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """The agent the game waits for plays its action (an illegal one is ignored, and said in
        its info); the other agents' actions are ignored."""
        infos: dict[str, dict] = {agent: {} for agent in self.agents}
        mover = self._agent_to_move()
        if mover is not None and mover in actions:
            action = int(actions[mover])
            if action in self.game.legal_actions(self.seat[mover]):
                self.game.apply(action)
            else:
                infos[mover]["illegal_action"] = action
        over = self.game.is_terminal()
        rewards = self._rewards() if over else dict.fromkeys(self.agents, 0.0)
        observations = {agent: self._observe(agent) for agent in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos
