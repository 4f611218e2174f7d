"""Plays a game: setup, rounds of phases until `end game`, then scoring and tie-breaks.

`Game` exposes the pieces (setup, one phase, one round, scoring) so scenario tests can set up a
state and run just the part they are about; `play` runs a whole game.
"""

from __future__ import annotations

import difflib
from collections import Counter
from typing import Any

from .. import __version__
from ..language import ast as A
from ..semantics.boards import layout as board_layout
from ..semantics.definition import GameDef, round_cap
from ..semantics.values import MAX_VALUE_DEPTH, PlayerRef, ValueTooDeep, encode, label
from . import turns
from .chance import Chance
from .coverage import STEP, hit
from .decisions import Agent
from .errors import GameOver, RuleRuntimeError
from .interpreter import DEFAULT_STEP_BUDGET, Env, Interpreter
from .log import GameLog, digest
from .result import GameResult
from .runtime import Runtime
from .state import GameState

__all__ = ["Game", "GameResult"]

class Game:
    def __init__(self, definition: GameDef, players: int, seed: int,
                 agents: list[Agent], log: GameLog | None = None,
                 chance_script: list[dict] | None = None, step_budget: int = DEFAULT_STEP_BUDGET,
                 rules_label: str = "", chance: Chance | None = None, coverage: bool = False):
        """Plays on the tree-walker (engine/interpreter.py), the reference every compiled game is
        held to. `chance` replaces the seeded source (and its script) when given; `coverage`
        counts how often each place of the rules runs (GameResult.coverage, engine/coverage.py)."""
        game = definition.game
        if not game.min_players <= players <= game.max_players:
            raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, "
                             f"not {players}")
        self.d = definition
        self.players = players
        self.seed = seed
        self.log = log or GameLog(keep=False)
        # The state and everything that changes it; the evaluator below changes it through this.
        self.runtime = Runtime(definition, players, chance or Chance(seed, chance_script), agents, self.log)
        self.state: GameState = self.runtime.state  # (the same object for the whole game)
        if coverage:
            self.runtime.coverage = Counter()
        self.interp = Interpreter(self.runtime, step_budget)
        self.rules_label = rules_label
        self.over = False
        # The rounds played once the game has ended (the round it ended in counts, but after
        # `end game not counting the round`); None while it goes on.
        self.rounds_done: int | None = None
        rules = self.runtime.rules
        self.reading_start = rules.phases_reading_start  # phases that keep their start state
        self.step_plans: dict[str, list] = rules.step_plans  # the plans of the phases (see _plan)
        self.board = board_layout(definition, players)  # boards: spaces in play, capacities

    def header(self) -> None:
        if not self.log.active:
            self.log.seq += 1  # numbered as if the record were kept
            return
        d = self.d
        self.log.emit("game", game=d.game.name, rules=self.rules_label, players=self.players,
                      seed=self.seed, options={k: encode(v) for k, v in sorted(d.option_values.items())},
                      modules=[m.name for m in d.ruleset.modules],
                      variant=d.ruleset.variant.name if d.ruleset.variant else None,
                      version=__version__)

    def init_vars(self) -> None:
        it = self.interp
        for name, var in self.d.vars.items():
            self.state.vars[name] = it.eval(var.value, Env())
        for seat in range(self.players):
            for name, var in self.d.player_vars.items():
                self.state.player_vars[seat][name] = it.eval(var.value, Env({"me": PlayerRef(seat)}))

    def setup(self) -> None:
        self.init_vars()
        if self.d.setup is not None:
            self.state.phase = "setup"
            self.runtime.begin_phase("setup" in self.reading_start)
            try:
                self._run_steps("setup", self.d.setup.steps)
            except GameOver:
                raise RuleRuntimeError(self.runtime.current_span, "`end game` during setup: the game "
                                       "must be able to start", "R005") from None
        self.runtime.start_conservation()

    def _run_steps(self, phase: str, steps: list[A.Step], first: int = 0) -> None:
        """Runs a phase's steps from the `first`, each followed by the check of its cards."""
        it = self.interp
        rt = self.runtime
        log = self.log
        plan = self.step_plans.get(phase)
        if plan is None:
            plan = self._plan(phase, steps)
        coverage = rt.coverage
        capacities = self.board.capacities
        at_once = phase != "setup" and any(e.moment == A.AT_ONCE for e in self.d.game.endings)
        watchers = rt.watchers
        for index, (where, step, run) in enumerate(plan[first:] if first else plan, first):
            rt.where = where
            if watchers:  # a search agent keeps its player's view as the step starts
                for seat, watcher in watchers:
                    watcher.step_begins(phase, index, lambda seat=seat: rt.view_for(seat))
            if coverage is not None:
                hit(coverage, step, STEP)
            if log.active:
                log.emit("step", phase=phase, step=step.name)
            else:
                log.seq += 1  # numbered as if the record were kept
            try:
                run(it, Env())
            except GameOver:  # the step that ends the game is held to the board's capacities too
                if capacities:
                    self.check_capacities(step)
                raise
            except (RecursionError, ValueTooDeep):  # lists nested deep, compared or logged
                raise RuleRuntimeError(step.span, "values nest too deeply to compare or record "
                                       f"(lists inside lists, over {MAX_VALUE_DEPTH} deep)", "R001") from None
            if rt.cards_checked_at != rt.version:  # (else nothing changed a pile: nothing to check)
                rt.check_conservation(step.span)
            if capacities:
                self.check_capacities(step)
            if at_once:  # turns: `ends at once when ...` is tested after every step of a round
                turns.check_endings(it, A.AT_ONCE)

    def check_capacities(self, step: A.Step) -> None:
        """After a step: no space of a board holds more tokens than its capacity (a space left
        out at this number of players holds none), R012 at the step."""
        over = self.board.over_capacity(self.state.zones, self.players)
        if over is not None:
            space, held, cap = over
            held = f"{held} token" if held == 1 else f"{held} tokens"
            if cap == 0 and space not in self.board.in_play:
                message = f"space {space} is not on the board with {self.players} players, but holds {held}"
            else:
                message = f"space {space} holds {held}, more than its capacity of {cap}"
            raise RuleRuntimeError(step.span, f"{message} after step {step.name}", "R012",
                                   "check the space's room before moving tokens there, e.g. "
                                   "`if size(s) + n <= CAPACITY`")

    def _plan(self, phase: str, steps: list[A.Step]) -> list[tuple[str, A.Step, Any]]:
        """Each step as ("phase.step", step, the function that runs its body): worked out once per
        rule set, so running a step is a call."""
        plan = self.step_plans[phase] = [(f"{phase}.{step.name}", step, self.interp.block_runner(step.body))
                                         for step in steps]
        return plan

    def play_phase(self, name: str, first_step: int = 0) -> None:
        """Plays a phase, or its steps from `first_step` on (a search agent's determinized game
        resumes the step a decision was asked in)."""
        phase = self.d.phases.get(name)
        if phase is None:
            close = difflib.get_close_matches(name, list(self.d.phases), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise KeyError(f"no phase {name!r}{hint}; phases: {', '.join(self.d.phases)}")
        rt = self.runtime
        rt.state.phase = name
        rt.begin_phase(name in self.reading_start)
        log = self.log
        if log.active:
            log.emit("phase", phase=name, round=rt.state.round)
        else:
            log.seq += 1  # numbered as if the record were kept
        self._run_steps(name, phase.steps, first_step)
        if log.active:
            log.emit("checkpoint", phase=name, state=digest(rt.state.snapshot()))

    def play_round(self, phases: list[str] | None = None) -> bool:
        """Plays one round (or the listed phases of it); returns False once the game has ended."""
        self.state.round += 1
        self.runtime.changed()
        if self.log.active:
            self.log.emit("round", round=self.state.round, active=f"P{self.state.active + 1}")
        else:
            self.log.seq += 1
        try:
            for name in phases or self.d.round:
                self.play_phase(name)
        except GameOver as over:
            self.ended_by(over)
            self.log.emit("end_game", round=self.state.round, at=self.runtime.where)
            self.check_whole_state()
            return False
        return self.round_played()

    def round_played(self) -> bool:
        """After the last phase of a round (play_round, or a search that resumed the round
        within): the checks of the whole state and of the round's endings; False once the
        game has ended."""
        self.check_whole_state()
        last = self.d.game.end_after
        if last is not None and self.state.round >= last or \
                self.d.game.endings and turns.check_endings(self.interp, A.END_OF_ROUND):
            self.over = True  # the last round was played: it counts
            self.state.ended = True
            self.rounds_done = self.state.round
            return False
        return True

    def ended_by(self, over: GameOver) -> None:
        """turns: `end game` ran. The round it ran in counts as played, unless the rules say `end
        game not counting the round` (a game that ends before its round is played)."""
        self.over = True
        self.state.ended = True
        self.rounds_done = self.state.round - (0 if over.counts_round else 1)

    def check_whole_state(self) -> None:
        """The conservation check over the whole state (steps check only what they changed)."""
        self.runtime.check_whole_state(self.d.game.span)

    def scores_now(self) -> list[float]:
        """Every seat's score now by the rules' scoring expression, tie-breaks aside (0 each
        without one): what the play-quality metrics trace round by round (simulation/quality.py)
        and what a search scores a playout the rules stopped early by."""
        scoring = self.d.scoring
        if scoring is None:
            return [0.0] * self.players
        it = self.interp
        row = []
        for seat in range(self.players):
            value = it.eval(scoring.score, Env({scoring.player_var: PlayerRef(seat)}))
            row.append(float(value if value.__class__ is int else it.number(value, scoring.score)))
        return row

    def score(self) -> GameResult:
        it = self.interp
        scoring = self.d.scoring
        scores: dict[str, int] = {}
        breaks: dict[str, list[Any]] = {}
        for seat in range(self.players):
            p = PlayerRef(seat)
            name = label(p)
            if scoring is None:
                scores[name], breaks[name] = 0, []
                continue
            env = Env({scoring.player_var: p})
            score = it.eval(scoring.score, env)
            scores[name] = score if score.__class__ is int else it.number(score, scoring.score)
            breaks[name] = [it.eval(t, env) for t in scoring.tiebreaks]
        keys = {p: [scores[p], *breaks[p]] for p in scores}
        best = max(keys.values())
        winners = [p for p in scores if keys[p] == best]
        played = self.rounds_done if self.rounds_done is not None else self.state.round
        if self.log.active:
            self.log.emit("end", scores=scores, tiebreaks=breaks, winners=winners, rounds=played)
        else:
            self.log.seq += 1
        coverage = self.runtime.coverage
        return GameResult(scores, breaks, winners, played, dict(it.fired), self.end_state(),
                          None if coverage is None else dict(coverage))

    def end_state(self):
        """The state's JSON form at the end. A game played with no log may hold a value nested too
        deeply to record (a logged one stopped at the step that made it): R001 at that variable."""
        try:
            return self.state.snapshot()
        except (RecursionError, ValueTooDeep):
            state = self.state
            held = {name: [state.vars[name]] for name in sorted(state.vars)}
            for name in sorted(self.d.player_vars):
                held[name] = [pv.get(name) for pv in state.player_vars]
            deep = next((name for name, values in held.items() if not _recordable(values)), None)
            decl = self.d.vars.get(deep) or self.d.player_vars.get(deep)
            raise RuleRuntimeError(decl.span if decl is not None else self.d.game.span,
                                   f"values nest too deeply to record (lists inside lists, over {MAX_VALUE_DEPTH} "
                                   "deep)", "R001") from None

    def play(self, max_rounds: int | None = None) -> GameResult:
        """The whole game. It stops with R004 after the header's round cap (`at most N rounds`,
        else 200; `max_rounds` replaces it) if it has not ended by then."""
        cap = round_cap(self.d.game) if max_rounds is None else max_rounds
        self.header()
        self.setup()
        while self.play_round():
            if self.state.round >= cap:
                raise RuleRuntimeError(self.d.game.span,
                                       f"the game did not end within {cap} rounds", "R004")
        return self.score()


def _recordable(values: list) -> bool:
    try:
        encode(values)
        return True
    except (RecursionError, ValueTooDeep):
        return False


def play(definition: GameDef, players: int, seed: int, agents: list[Agent], **kwargs) -> GameResult:
    return Game(definition, players, seed, agents, **kwargs).play()
