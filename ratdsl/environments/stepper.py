"""A game driven action by action: the state object that search and learning libraries step.

A `GameState` is (rules, players, the actions so far). The game itself runs in a paused thread
(runner.py) that the state steps; `clone()` copies the actions and replays them in a fresh
thread when the copy is first used, so states are cheap to copy and never share a game.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine.game import GameResult
from ..semantics.definition import GameDef, build
from ..session import load_rules
from . import nodes as N
from .observe import information_state_string, observation
from .runner import IllegalAction, Runner

CHANCE, SIMULTANEOUS, TERMINAL = N.CHANCE, N.SIMULTANEOUS, N.TERMINAL


class GameState:
    """One point of a game. `current_player()` is a seat (0-based), CHANCE or TERMINAL (the
    decisions of a `secretly` block are asked in turn, each hidden from the others, so never
    SIMULTANEOUS). With `seed` given, chance nodes are resolved by a seeded generator and never
    shown; their outcomes still join the history."""

    def __init__(self, definition: GameDef, players: int, history: list[int] | None = None,
                 rng: random.Random | None = None, rules_label: str = "", source: Source | None = None):
        """`source` is where the rules were loaded from, when known: a state that has one can be
        pickled (as its source and history)."""
        self.definition = definition
        self.players = players
        self.rules_label = rules_label
        self.source = source
        self._history: list[int] = list(history or [])
        self._rng = rng
        self._runner: Runner | None = None
        self._chooser: Callable[[N.Node, Runner], int | None] | None = None

    # ------------------------------------------------------------ the game

    def _live(self) -> Runner:
        runner = self._runner
        if runner is None:
            runner = self._runner = Runner(self.definition, self.players, self._history, self._rng,
                                           self.rules_label, self._chooser)
            self._chooser = None
            weakref.finalize(self, runner.stop)
        if runner.error is not None:  # the rules stopped the game (a runtime error): not an end
            raise runner.error
        return runner

    def history(self) -> list[int]:
        """Every action so far, chance outcomes included: replaying them gives this state."""
        self._live()
        return list(self._history)

    def current_player(self) -> int:
        node = self._live().node
        return TERMINAL if node is None else node.player

    def is_terminal(self) -> bool:
        return self._live().node is None

    def legal_actions(self, player: int | None = None) -> list[int]:
        node = self._live().node
        if node is None or (player is not None and player != node.player):
            return []
        return list(node.actions)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self._live().node
        if node is None or node.player != CHANCE:
            return []
        return list(zip(node.actions, node.probabilities))

    def action_label(self, action: int) -> str:
        """What an action means at this node (for people and logs)."""
        node = self._live().node
        if node is None or action not in node.labels:
            return f"action {action}"
        if node.player == CHANCE:
            return f"{node.what}: {node.labels[action]}"
        d = node.decision
        return f"P{node.player + 1} {d.id if d else ''}: {node.labels[action]}"

    def node(self) -> N.Node | None:
        """The node the game waits at (None once it is over)."""
        return self._live().node

    def apply(self, action: int) -> None:
        """Plays an action of the current node (a legal one, else IllegalAction)."""
        self._live().send(int(action))

    def clone(self) -> GameState:
        # (The runner appends to this very list, so it is current whether or not the game runs;
        # a copy of a copy nobody used starts no game.)
        return GameState(self.definition, self.players, self._history, self._rng_copy(), self.rules_label,
                         self.source)

    def _rng_copy(self) -> random.Random | None:
        if self._rng is None:
            return None
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        return rng

    def replayed(self, history: list[int], chooser: Callable[[N.Node, Runner], int | None]) -> GameState:
        """A state of the same game that replays `history`, then plays what `chooser` picks
        until it returns None (resample.py draws states a player cannot tell apart this way)."""
        copy = GameState(self.definition, self.players, history, self._rng_copy(), self.rules_label, self.source)
        copy._chooser = chooser
        copy._live()
        return copy

    def __deepcopy__(self, memo: dict) -> GameState:
        return self.clone()

    def __reduce__(self) -> tuple:
        if self.source is None:
            raise TypeError("only a game loaded from a rules folder (new_game with a path) can be pickled")
        rng = None if self._rng is None else self._rng.getstate()
        return _restore, (self.source, self.players, self.history(), rng)

    # ------------------------------------------------------------ outcome

    def result(self) -> GameResult | None:
        """Scores, tie-breaks and winners once the game is over."""
        return self._live().result

    def returns(self) -> list[float]:
        """1 for each winner (shared victories included), 0 for everybody else; all 0 before the
        end."""
        result = self._live().result
        if result is None:
            return [0.0] * self.players
        return [1.0 if f"P{seat + 1}" in result.winners else 0.0 for seat in range(self.players)]

    # ------------------------------------------------------------ what a player knows

    def observation(self, player: int) -> dict[str, Any]:
        """What `player` sees now (their view of the zones, piles and shown cards) and what they
        are asked, if anything; nothing hidden from them."""
        return observation(self._live(), player)

    def information_state(self, player: int) -> str:
        """Everything `player` has seen so far, then what they see now, as text."""
        return information_state_string(self._live(), player)

    def resample(self, player: int, seed: int | random.Random | None = None) -> GameState:
        """A state `player` cannot tell from this one (the same information state and question),
        with everything hidden from them drawn again: unseen shuffle orders and picks, the others'
        unseen answers (resample.py; what IS-MCTS plays on). Raises resample.NoSample when parts
        are hidden but none can change without the player noticing."""
        from .resample import resample

        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return resample(self, player, rng)

    def runner(self) -> Runner:
        """The paused game (for observers in this package)."""
        return self._live()

    def __str__(self) -> str:
        """The game and the actions so far (which make the state: see the class)."""
        return f"{self.definition.game.name}, {self.players} players, actions {self._history}"


Source = tuple[str, tuple[str, ...], tuple[tuple[str, Any], ...]]  # rules, modules, options


@lru_cache(maxsize=16)
def load_source(source: Source) -> GameDef:
    """The rule set a source names, loaded once per process (games only read it)."""
    rules, modules, options = source
    return load_rules(rules, modules, dict(options))  # (a bundled game's name too: session resolves it)


def _restore(source: Source, players: int, history: list[int], rng_state: Any) -> GameState:
    rng = None
    if rng_state is not None:
        rng = random.Random()
        rng.setstate(rng_state)
    return GameState(load_source(source), players, history, rng, source[0], source)


def new_game(definition: GameDef | str | Path, players: int, seed: int | None = None,
             options: dict[str, Any] | None = None, modules: tuple[str, ...] = ()) -> GameState:
    """A game at its very start. `definition` is a loaded rule set or a rules folder (or variant
    file); `options` are rule options (NAME -> value) that win over the rule set's; with `seed`,
    chance is resolved by a generator seeded with it, else every random outcome is a CHANCE node."""
    label, source = "", None
    if not isinstance(definition, GameDef):
        label = str(definition)
        source = (label, tuple(modules), tuple(sorted((options or {}).items())))
        definition = load_source(source)
    elif options:
        definition = build(definition.ruleset, options, definition.symbol_table)
    game = definition.game
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}")
    return GameState(definition, players, rng=None if seed is None else random.Random(seed), rules_label=label,
                     source=source)


__all__ = ["CHANCE", "SIMULTANEOUS", "TERMINAL", "GameState", "IllegalAction", "new_game"]
