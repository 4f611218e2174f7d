"""A whole game on the flat target with its game log: the records the reference engine writes
(Game.header, play_round, play_phase, score: engine/game.py) around the generated code of a
module compiled with logging on, which writes the others (trail.py). `ratdsl run --engine
compiled` plays this way; tests/test_flat_log.py holds the log to the reference's, byte for byte.

Agents answer through the fast protocol, or through `decide` (deciding.py: scripted ones). What
the flat target cannot log as the reference does stops the game loudly: a module that cannot be
compiled with logging (Unsupported), an agent that reads views (a human), a game the flat code
stops (a rule's error or a limit, which only the reference reports with its place).
Nothing falls back to the reference engine in silence.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from ... import __version__
from ...semantics.definition import GameDef, round_cap
from ...semantics.operators import OperatorError
from ...semantics.values import encode
from ..chance import Chance
from ..limits import DEFAULT_STEP_BUDGET
from ..log import GameLog, digest
from ..result import GameResult
from .budget import budget_error
from .deciding import seated
from .game import _result, snapshot
from .generator import FlatModule
from .support import Abort, Ended
from .tags import Unsupported
from .trail import FlatTrail, NotLogged

_KEPT = 8  # logging modules kept, by (rules, players): `run` plays one game, tests a few rule sets
_MODULES: OrderedDict[tuple[GameDef, int], FlatModule] = OrderedDict()
_LOCK = threading.Lock()


class FlatLogStopped(Exception):
    """The flat target cannot write this game's log as the reference would: one line, why."""

    flat_log_stop = True  # (what `ratdsl run` tells it by, without importing the flat target)


def logging_module(d: GameDef, players: int) -> FlatModule:
    """The flat module of these rules compiled with logging on (made once); FlatLogStopped when
    the flat target cannot log them."""
    key = (d, players)
    with _LOCK:
        m = _MODULES.get(key)
        if m is not None:
            _MODULES.move_to_end(key)
            return m
    try:
        m = FlatModule(d, players, logging=True)
    except Unsupported as why:
        raise FlatLogStopped(f"the flat target cannot log these rules: {why}") from None
    except RecursionError:
        raise FlatLogStopped("the flat target cannot log these rules: nested too deeply") from None
    with _LOCK:
        _MODULES[key] = m
        while len(_MODULES) > _KEPT:
            _MODULES.popitem(last=False)
    return m


class FlatLoggedGame:
    """What `ratdsl run` plays (the shape of engine.game.Game it reads: play() and runtime.where)."""

    def __init__(self, d: GameDef, players: int, seed: int, agents: list, log: GameLog,
                 rules_label: str = "", budget: int = DEFAULT_STEP_BUDGET):
        game = d.game
        if not game.min_players <= players <= game.max_players:  # (as engine.game.Game refuses them)
            raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, "
                             f"not {players}")
        try:
            agents = seated(agents)  # (an agent answering through `decide` is asked through it)
        except ValueError as err:
            raise FlatLogStopped(f"{err}: a human seat plays on the reference engine") from None
        self.d = d
        self.players = players
        self.seed = seed
        self.agents = agents
        self.log = log
        self.rules_label = rules_label
        self.budget = budget
        self.m = logging_module(d, players)
        self.runtime = self  # (the CLI reads `game.runtime.where` when a game stops)

    @property
    def where(self) -> str:
        steps = self.m.steps
        w = self.m.ns["W"][0]
        return steps[w] if 0 <= w < len(steps) else ""

    def play(self, max_rounds: int | None = None) -> GameResult:
        """The whole game and its log; StepBudgetExceeded (R002) where the budget ran out inside a
        loop or rule call (budget.py), FlatLogStopped where the flat code stops otherwise (the
        reference engine reports such a game with its position: `--engine reference`).
        `max_rounds` replaces the header's round cap (Game.play)."""
        try:
            return self._play(max_rounds)
        except (Abort, OperatorError, RecursionError, ZeroDivisionError, NotLogged, _Capped) as err:
            ran_out = budget_error(self.m, self.budget) if isinstance(err, Abort) else None
            if ran_out is not None:  # (R002: the flat code says where itself)
                raise ran_out from None
            why = str(err) if isinstance(err, NotLogged) else "a rule's error or a limit"
            raise FlatLogStopped(f"the flat target stopped this game at {self.where or 'its start'} ({why}); "
                                 "play it with --engine reference to see the error and its place") from None

    def _play(self, max_rounds: int | None) -> GameResult:
        m, d, log = self.m, self.d, self.log
        trail = FlatTrail(m, log)
        m.reset(Chance(self.seed).rng, self.agents, self.budget)
        ns = m.ns
        trail.install(ns)
        log.emit("game", game=d.game.name, rules=self.rules_label, players=self.players, seed=self.seed,
                 options={k: encode(v) for k, v in sorted(d.option_values.items())},
                 modules=[mod.name for mod in d.ruleset.modules],
                 variant=d.ruleset.variant.name if d.ruleset.variant else None, version=__version__)
        Z, PS, G = ns["Z"], ns["PS"], ns["G"]
        width = m.layout.width
        if "setup" in m.gen.reading_start:
            PS[:] = Z
        try:
            m.setup_fn()
        except Ended:
            raise Abort from None  # (R005 on the reference: `end game` during setup)
        baseline = [sum(Z[k::width]) for k in range(width)]
        cap = round_cap(d.game) if max_rounds is None else max_rounds
        last = d.game.end_after
        over = False
        rounds_done = None
        while True:
            G[1] += 1
            ns["AC"][0] = None
            log.emit("round", round=G[1], active=f"P{G[0] + 1}")
            try:
                for name, reads, fn in m.phase_fns:
                    log.emit("phase", phase=name, round=G[1])
                    if reads:
                        PS[:] = Z
                    fn()
                    log.emit("checkpoint", phase=name, state=digest(snapshot(m)))
            except Ended as ended:
                over = True
                rounds_done = G[1] - (0 if ended.args[0] else 1)
                log.emit("end_game", round=G[1], at=self.where)
            if over:
                break
            if last is not None and G[1] >= last or m.end_of_round is not None and m.end_of_round():
                rounds_done = G[1]
                break
            if G[1] >= cap:
                raise _Capped
        if (Z and min(Z) < 0) or [sum(Z[k::width]) for k in range(width)] != baseline or ns["ST"][0] < 0:
            raise Abort
        result = _result(m, over, rounds_done, True)
        log.emit("end", scores=result.scores, tiebreaks=result.tiebreaks, winners=result.winners,
                 rounds=result.rounds)
        return result


class _Capped(Exception):
    """The round cap passed (R004 on the reference)."""
