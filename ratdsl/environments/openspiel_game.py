"""Every rule set as an OpenSpiel game, registered as `python_ratdsl` (needs open_spiel).

    import pyspiel, ratdsl.environments.openspiel_game
    game = pyspiel.load_game("python_ratdsl", {"rules": "path/to/GAME", "players": 3})

Parameters: `rules` (a rules folder or variant file, or a bundled game's name), `players`,
`modules` (comma-separated), `options` ("name=value,name=value") and `max_actions` (the size of
the action space, for player and chance actions alike: a node with more actions is an error
naming it). Chance is explicit: every random outcome is a chance node with its probabilities
(nodes.py). The decisions of a `secretly` block are asked one player after another, each hidden
from the others (sequentialised, see docs/environments.md), so the game is SEQUENTIAL with
imperfect information. Returns are 1 for each winner and 0 for the others, at the end. States
resample from a player's information state (resample.py: what the player has not seen is drawn
again), for OpenSpiel's Python IS-MCTS bot.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ..session import parse_option_pairs
from . import observe
from .stepper import CHANCE, GameState, Source, load_source

SHORT_NAME = "python_ratdsl"
DEFAULTS: dict[str, Any] = {"rules": "", "players": 2, "modules": "", "options": "",
                            "max_actions": 256}
MAX_GAME_LENGTH = 1_000_000  # no bound is known before playing; the engine stops a game at 200 rounds

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="A ratdsl rule set",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=100,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS)


def source(params: dict[str, Any]) -> Source:
    """The rules, modules and options the game's parameters name."""
    if not str(params["rules"]):
        raise ValueError("python_ratdsl needs the parameter `rules`: a rules folder or a bundled game's name")
    modules = tuple(m.strip() for m in str(params["modules"]).split(",") if m.strip())
    options = parse_option_pairs([p for p in str(params["options"]).split(",") if p.strip()])
    return str(params["rules"]), modules, tuple(sorted(options.items()))


class RatdslGame(pyspiel.Game):
    def __init__(self, params: dict[str, Any] | None = None):
        params = {**DEFAULTS, **(params or {})}
        self.source = source(params)
        self.definition = load_source(self.source)
        self.players = int(params["players"])
        self.max_actions = int(params["max_actions"])
        game = self.definition.game
        if not game.min_players <= self.players <= game.max_players:
            raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, "
                             f"not {self.players}")
        self.layout = observe.Layout(self.definition, self.players)
        info = pyspiel.GameInfo(num_distinct_actions=self.max_actions, max_chance_outcomes=self.max_actions,
                                num_players=self.players, min_utility=0.0, max_utility=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> RatdslState:
        return RatdslState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> RatdslObserver:
        return RatdslObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class RatdslState(pyspiel.State):
    # (OpenSpiel copies and pickles a Python state attribute by attribute: `state` clones itself
    # when copied and pickles as its rules and history.)
    def __init__(self, game: RatdslGame):
        super().__init__(game)
        self.max_actions = game.max_actions
        self.state = GameState(game.definition, game.players, rules_label=game.source[0], source=game.source)

    def _check_size(self, actions: list[int]) -> list[int]:
        if actions and actions[-1] >= self.max_actions:
            raise ValueError(f"a node has action {actions[-1]}, past max_actions={self.max_actions}: "
                             "load the game with a larger max_actions")
        return actions

    def current_player(self) -> int:
        return self.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._check_size(self.state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.state.chance_outcomes()
        self._check_size([a for a, _ in outcomes])
        return outcomes

    def _apply_action(self, action: int) -> None:
        self.state.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        node = self.state.node()
        if node is not None and node.player == player:
            return self.state.action_label(action)
        return f"{'chance' if player == CHANCE else f'P{player + 1}'} action {action}"

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def resample_from_infostate(self, player: int, sampler: Any) -> RatdslState:
        """A state `player` cannot tell from this one, everything hidden from them drawn again:
        unseen shuffle orders and picks, the others' unseen answers (resample.py; for IS-MCTS).
        `sampler()` gives a number in [0, 1), which seeds the draw. Raises resample.NoSample
        when parts are hidden but none can change unnoticed."""
        sample = self.state.resample(player, random.Random(float(sampler())))
        copy = self.get_game().new_initial_state()
        for action in sample.history():  # (so that OpenSpiel's own record of the history is the sample's)
            copy.apply_action(action)
        return copy

    def returns(self) -> list[float]:
        return self.state.returns()

    def __str__(self) -> str:
        return str(self.state)


class RatdslObserver:
    """Observations (the player's view now) and information states (everything the player saw
    so far, as a string); neither holds anything hidden from that player."""

    def __init__(self, game: RatdslGame, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("only a player's own observation is supported (private info of a single "
                             "player, public info)")
        self.perfect_recall = iig_obs_type.perfect_recall
        self.layout = game.layout
        size = 0 if self.perfect_recall else game.layout.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {} if self.perfect_recall else game.layout.views(self.tensor)

    def set_from(self, state: RatdslState, player: int) -> None:
        if not self.perfect_recall:
            self.layout.fill(self.tensor, state.state.runner(), player)

    def string_from(self, state: RatdslState, player: int) -> str:
        runner = state.state.runner()
        if self.perfect_recall:
            return observe.information_state_string(runner, player)
        return observe.observation_string(runner, player)


pyspiel.register_game(GAME_TYPE, RatdslGame)
