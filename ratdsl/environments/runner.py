"""Runs one game in a thread of its own, paused at every node until the caller gives an action.

The engine asks its agents and its chance source through callbacks deep inside a step; to let a
caller drive it action by action instead, the game runs in a thread whose agents and chance
source hand each node to the caller and wait. A runner first replays the actions it is given
(same actions, same game: the engine is deterministic), so a copy of a state is its history
replayed by a fresh runner.
"""

from __future__ import annotations

import queue
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.chance import Chance
from ..engine.decisions import Decision
from ..engine.game import Game, GameResult
from ..engine.log import GameLog
from ..semantics.definition import GameDef
from . import nodes as N


class Stopped(BaseException):
    """Unwinds a runner's game when nobody needs it any more (a BaseException, so that nothing in
    the engine catches it on the way)."""


class IllegalAction(ValueError):
    pass


_STOP = object()


@dataclass
class Asked:
    """One action of the history, as the game asked for it: whose node, the outermost open
    `secretly` block (its kept zones: one object per block), the answer or random outcome the
    node is part of and its place in it (`Node.item`, `Node.index`), and how many log records
    were written before it."""

    player: int
    block: object | None
    item: tuple[str, int]
    index: int
    log_at: int


@dataclass
class Outcome:
    """One random outcome the engine asked for (a draw, shuffle or pick): its kind, how many log
    records were written before it, what it gave (token kinds or item names, in order) and, for
    a shuffle or pick, the names of the items it was drawn from."""

    what: str
    log_at: int
    result: list[str] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)


class Runner:
    """A game in a thread, paused at `node` (None once it has ended: see `result`/`error`)."""

    def __init__(self, definition: GameDef, players: int, history: list[int],
                 rng: random.Random | None, rules_label: str = "",
                 chooser: Callable[[N.Node, Runner], int | None] | None = None):
        self.history = history  # the state's own list: the runner appends each action to it
        self.pos = 0
        self.rng = rng  # resolves chance nodes itself when set (their outcomes join the history)
        # once the history is replayed, `chooser` picks actions until it returns None (resample.py)
        self.chooser = chooser
        # per action of the history (and the node paused at): what asked for it, to tell which
        # actions a player could not see (resample.py)
        self.trail: list[Asked] = []
        self.outcomes: list[Outcome] = []  # every random outcome so far, in order
        self.decisions = 0  # decisions asked so far (each numbers its nodes' `item`)
        self.notes: dict[Any, Any] = {}  # what others worked out about this game (resample.py)
        self.node: N.Node | None = None
        self.result: GameResult | None = None
        self.error: BaseException | None = None
        self.log = GameLog(keep=True)
        self.seen: dict[int, list[str]] = {}  # per seat, the records it saw (observe.py)
        self.seen_upto: dict[int, int] = {}
        self.face_up: dict[str, list[str]] = {}  # per pile, cards revealed into it (observe.py)
        self.face_up_upto = 0
        agents = [_Seat(self, seat) for seat in range(players)]
        self.game = Game(definition, players, 0, agents, log=self.log, chance=_Steps(self),
                         rules_label=rules_label)
        self._to_engine: queue.SimpleQueue = queue.SimpleQueue()
        self._to_caller: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, daemon=True, name="ratdsl-game")
        self._thread.start()
        self._to_caller.get()  # replayed the history: paused at the next node, or ended
        if self.error is not None:
            raise self.error

    @property
    def secret(self) -> bool:
        return bool(self.game.runtime.secret_stack)

    def send(self, action: int) -> None:
        """Answers the node the game is paused at and waits for the next one."""
        node = self.node
        if node is None:
            raise IllegalAction("the game is over")
        if action not in node.actions:
            raise IllegalAction(f"action {action} is not legal here ({node.actions})")
        self.history.append(action)
        self._to_engine.put(action)
        self._to_caller.get()
        if self.error is not None:
            raise self.error

    def stop(self) -> None:
        """Ends the thread of a game nobody will step any further."""
        if self._thread.is_alive() and self.node is not None:
            self.node = None
            self._to_engine.put(_STOP)

    # ------------------------------------------------------------ in the game's thread

    def _run(self) -> None:
        try:
            self.result = self.game.play()
        except Stopped:
            return
        except BaseException as err:  # (a rule error, an illegal replayed action: the caller's)
            self.error = err
        self.node = None
        self._to_caller.put(None)

    def act(self, node: N.Node) -> int:
        """The action at a node: the next one of the history while replaying, else the caller's
        (or a chance outcome drawn with `rng`). Nodes with one action are not asked."""
        node.secret = self.secret
        if len(node.actions) == 1:
            return node.actions[0]
        stack = self.game.runtime.secret_stack
        self.trail.append(Asked(node.player, stack[0] if stack else None, node.item, node.index,
                                len(self.log.records)))
        if self.pos < len(self.history):
            action = self.history[self.pos]
            if action not in node.actions:
                raise IllegalAction(f"action {action} at step {self.pos} of the history is not legal "
                                    f"there ({node.actions})")
            self.pos += 1
            return action
        if self.chooser is not None:
            chosen = self.chooser(node, self)
            if chosen is not None and chosen not in node.actions:
                raise IllegalAction(f"action {chosen} is not legal here ({node.actions})")
            if chosen is not None:
                self.history.append(chosen)
                self.pos += 1
                return chosen
            self.chooser = None
        if node.player == N.CHANCE and self.rng is not None:
            action = self.rng.choices(node.actions, weights=node.probabilities)[0]
            self.history.append(action)
            self.pos += 1
            return action
        self.node = node
        self._to_caller.put(node)
        action = self._to_engine.get()
        if action is _STOP:
            raise Stopped
        self.node = None
        self.pos += 1
        return action


class _Seat:
    """The agent of one seat: turns a decision into its nodes."""

    def __init__(self, runner: Runner, seat: int):
        self.runner = runner
        self.seat = seat

    def decide(self, decision: Decision) -> Any:
        runner = self.runner
        item = ("decision", runner.decisions)
        runner.decisions += 1

        def act(node: N.Node) -> int:
            node.item = item
            return runner.act(node)

        if decision.kind == "may":
            return act(N.may_node(decision)) == 1
        if decision.kind == "choose":
            return N.choose_answer(decision, act(N.choose_node(decision)))
        placed: dict[str, int] = {}
        while (node := N.distribute_node(decision, placed)) is not None:
            if not node.actions:
                break  # the limits cannot be met: the engine refuses the answer, with its position
            placed[node.zone or ""] = act(node)
        return N.distribute_answer(decision, placed)


class _Steps(Chance):
    """The chance source: every outcome is a node (see nodes.py)."""

    def __init__(self, runner: Runner):
        super().__init__(0)
        self.runner = runner

    def _outcome(self, what: str) -> tuple[tuple[str, int], Outcome]:
        runner = self.runner
        outcome = Outcome(what, len(runner.log.records))
        runner.outcomes.append(outcome)
        return ("chance", len(runner.outcomes) - 1), outcome

    def _act(self, node: N.Node, item: tuple[str, int], index: int) -> int:
        node.item, node.index = item, index
        return self.runner.act(node)

    def draw(self, contents: dict[str, int], kind_order: Sequence[str], n: int) -> dict[str, int]:
        item, outcome = self._outcome("draw")
        left = {k: v for k, v in contents.items() if v > 0}
        kinds = list(kind_order)
        drawn: dict[str, int] = {}
        for i in range(n):
            kind = kinds[self._act(N.draw_node(left, kinds), item, i)]
            outcome.result.append(kind)
            drawn[kind] = drawn.get(kind, 0) + 1
            left[kind] -= 1
        return drawn

    def shuffle(self, items: list, label: str) -> list:
        return self._picks(list(items), len(items), "shuffle")

    def sample(self, items: list, n: int) -> list:
        return self._picks(list(items), n, "pick")

    def _picks(self, pool: list, n: int, what: str) -> list:
        item, outcome = self._outcome(what)
        outcome.pool = [N.label(x) for x in pool]
        out = []
        for i in range(n):
            out.append(pool.pop(self._act(N.pick_node(pool, what), item, i)))
            outcome.result.append(N.label(out[-1]))
        return out
