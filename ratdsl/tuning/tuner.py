"""Plays a tuning run's candidates: the tuning file checked against the rules, each candidate
written as a variant file and played on the same seeds as every other (common random numbers),
in stages so that a candidate whose intervals already miss a goal stops early (search.py asks
for the candidates)."""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..agents.names import is_search_agent
from ..language.loader import RuleSet
from ..records import record
from ..session import load_rules
from ..simulation.collect import GameStats
from ..simulation.report import Aggregate
from ..simulation.runner import GamePlayer, SimulationSpec, UnknownAgent, persona_tables
from .goals import judge, objective
from .measured import Measured, one_strong
from .metrics import Estimate, UnknownMetric, lookup, measure
from .spec import Goal, Tuning, TuningError
from .targets import Target, Writer, base_ruleset, find_targets

STAGES = (0.25, 0.5, 1.0)  # a candidate's games are played in these shares; pruned between them
MIN_STAGE = 10  # games: fewer say too little to prune on
CHECKED_VALUES = 24  # values of a list or an option checked one by one before the search (else its ends)
WRITTEN_MARK = "# Found by `ratdsl tune"  # the first line of every variant tune writes


@record
class Budget:
    """When the search stops: at `trials` candidates (in the study, resumed ones included), at
    `games` games played for the search (the base game's included), or after `seconds` of this
    run; a candidate started is finished. Stopping by games or trials gives the same study for
    the same seed; by time it depends on the machine."""
    trials: int = 40
    games: int | None = None
    seconds: float | None = None


@record(frozen=True)
class Outputs:
    """Where a tuning run writes: the best variant and, beside it, its report and study."""
    variant: Path

    @property
    def stem(self) -> Path:
        return self.variant.with_suffix("")

    @property
    def json(self) -> Path:
        return self.stem.with_name(self.stem.name + ".tune.json")

    @property
    def html(self) -> Path:
        return self.stem.with_name(self.stem.name + ".tune.html")

    @property
    def study(self) -> Path:
        return self.stem.with_name(self.stem.name + ".tune.db")


class InProcess:
    """Plays games here, keeping the player of the last few rule sets: a candidate's stages then
    load its rules once and play on the flat target as soon as it pays."""

    def __init__(self) -> None:
        self.players: dict[SimulationSpec, GamePlayer] = {}

    def play(self, spec: SimulationSpec, games: int, master_seed: int, start: int = 0) -> Iterator[GameStats]:
        player = self.players.get(spec)
        if player is None:
            while len(self.players) >= 4:
                del self.players[next(iter(self.players))]
            player = self.players[spec] = GamePlayer(spec)
        for index in range(start, start + games):
            yield player.play(index, master_seed)


def fresh_seed(seed: int) -> int:
    """The master seed of the winner's comparison with the base game: not one the search played."""
    return int.from_bytes(hashlib.blake2b(f"fresh/{seed}".encode(), digest_size=6).digest(), "big")


class Tuner:
    def __init__(self, tuning: Tuning, outputs: Outputs, backend: Any = None, seed: int | None = None,
                 progress: Callable[[dict[str, Any]], None] | None = None):
        self.tuning = tuning
        self.outputs = outputs
        self.backend = backend or InProcess()
        self.seed = tuning.seed if seed is None else seed
        self.progress = progress
        self.games_used = 0
        self.study: Any = None  # the Optuna study, once search.py has opened it
        self.started = time.perf_counter()
        self.prepare()

    # ------------------------------------------------------------------ checking the file against the rules
    def prepare(self) -> None:
        """Everything checked before a game: names, values, players, agents, metrics, and that
        each range's values keep the rules valid (one positioned line, TuningError)."""
        tuning = self.tuning
        self.ruleset: RuleSet = base_ruleset(tuning)
        self.definition = load_rules(tuning.rules)
        self.targets: list[Target] = find_targets(tuning, self.ruleset)
        self.writer = Writer(tuning, self.ruleset, self.targets)
        self.work = self.ruleset.root / f".tune-{tuning.name}"
        game = self.definition.game
        low, high = game.min_players, game.max_players
        self.players = tuning.players if tuning.players is not None else min(max(4, low), high)
        if not low <= self.players <= high:
            raise TuningError(f"{tuning.path}:1:1: T012 players: {self.players}: the game is for {low} to {high}")
        self.agents = {kind: tuple(a.strip() for a in tuning.agents[kind].split(",") if a.strip())
                       for kind in tuning.player_kinds}
        self.traced: set[str] = set()  # kinds whose games keep every round's scores (quality metrics)
        self.rotating: set[str] = set()  # kinds with one strong player in a rotating seat (the skill gap)
        for goal in tuning.goals:
            try:
                persona_tables(self.definition, self.agents[goal.players])
            except UnknownAgent as err:
                raise goal.place.error("T012", f"{goal.players} players: {err}") from None
            try:
                metric, _ = lookup(goal.metric, lambda kind, goal=goal: self._arguments(kind, goal))
            except UnknownMetric as err:
                raise goal.place.error("T008", str(err)) from None
            if metric.traced:
                self.traced.add(goal.players)
            if metric.strong_seat:
                self._one_strong(goal)
        self.check_output()
        self._check_ranges()

    def check_output(self) -> None:
        """The best variant goes where no rule file of the designer's is (T014): a file there must
        be one that `ratdsl tune` wrote (its first line says so), and never the rules being tuned."""
        path = self.outputs.variant
        if path.resolve() == Path(self.tuning.rules).resolve():
            raise TuningError(f"{self.tuning.path}:1:1: T014 the best variant would be written over the rules being "
                              f"tuned ({path}): set name: or --out")
        if path.exists():
            try:
                with open(path, encoding="utf-8", errors="replace") as stream:
                    first = stream.readline()
            except OSError:
                first = ""
            if not first.startswith(WRITTEN_MARK):
                raise TuningError(f"{self.tuning.path}:1:1: T014 {path} is a rule file that ratdsl tune did not "
                                  "write: set name: or --out to write the best variant elsewhere")

    def _one_strong(self, goal: Goal) -> None:
        """A goal read from one strong player among weaker ones (the skill gap): mixed players,
        seated as `ratdsl balance` seats them (the first agent in one seat, rotating game by game)."""
        agents = self.agents[goal.players]
        if goal.players != "mixed" or len(agents) < 2:
            raise goal.place.error("T008", f"{goal.metric} is measured with one strong player among weaker ones: "
                                   "write players: mixed (agents: mixed: STRONG,WEAK: the first agent plays one "
                                   "seat, rotating game by game)")
        self.agents["mixed"] = one_strong(agents, self.players)
        self.rotating.add("mixed")

    def _arguments(self, kind: str, goal: Goal) -> list[str] | None:
        if kind == "seat":
            return [f"P{s + 1}" for s in range(self.players)]
        if kind == "rule metric":
            return list(self.definition.metrics)
        if kind == "agent":
            return list(dict.fromkeys(self.agents[goal.players]))
        return None

    def _check_ranges(self) -> None:
        for target in self.targets:
            values = target.vary.values
            if len(values) > CHECKED_VALUES and not (target.vary.listed or target.decl is None):
                values = (values[0], values[-1])
            for value in values[:CHECKED_VALUES] if len(values) > CHECKED_VALUES else values:
                if value == target.base:
                    continue
                why = self._invalid(self.writer.base_values | {target.key: value})
                if why is not None:
                    raise target.vary.place.error("T006", f"{target.key} = {value} makes the rules invalid: {why}")

    def _invalid(self, values: dict[str, Any]) -> str | None:
        """Why the candidate's rules do not pass `ratdsl check` (invariants included), or None."""
        from ..checker.run import check_path
        from ..engine.invariants import check_invariants

        path = self.writer.write_candidate(self.work, values)
        errors = [d for d in check_path(path, (), check_invariants, kept=True) if d.severity == "error"]
        if errors:
            return f"{errors[0].code} {errors[0].message}"
        return None

    # ------------------------------------------------------------------ playing
    def spec(self, path: Path | str, kind: str) -> SimulationSpec:
        return SimulationSpec(str(path), (), (), self.players, self.agents[kind], native="cached",
                              trace=kind in self.traced, rotate=kind in self.rotating)

    def run(self, kind: str) -> Measured:
        """An empty measure of one kind of players' games (what every goal reads)."""
        paired = frozenset(g.metric.removeprefix("quality.") for g in self.tuning.goals
                           if g.players == kind and g.metric.startswith("quality."))
        return Measured(self.players, agents=self.agents[kind], rotate=kind in self.rotating, paired=paired)

    def phases(self) -> list[list[str]]:
        """The kinds of players in the order a candidate plays them: those without a search agent
        first, then those with one (a game of theirs costs a hundred of the others')."""
        kinds = self.tuning.player_kinds
        cheap = [k for k in kinds if not any(is_search_agent(a) for a in self.agents[k])]
        return [phase for phase in (cheap, [k for k in kinds if k not in cheap]) if phase]

    def _extend(self, aggregate: Aggregate, spec: SimulationSpec, games: int, seed: int) -> None:
        start = aggregate.games
        for stats in self.backend.play(spec, games - start, seed, start):
            aggregate.add(stats)
            self.games_used += 1
        self._tell()

    def evaluate(self, path: Path | str, seed: int, prune: bool, base: dict[int, Estimate | None] | None,
                 report: Callable[[float, int], None] | None = None) -> dict[str, Any]:
        """Plays the rules at `path` on `seed`, one phase of kinds of players after the other
        (phases()), each in stages; judged goals, objective, estimates, and why the candidate
        stopped early, if it did: a goal's interval missed its bound before its last games
        (`pruned`), or the goals of the cheaper players were not met, so the search players'
        games were not worth playing (`gated`)."""
        runs = {kind: self.run(kind) for kind in self.tuning.player_kinds}
        specs = {kind: self.spec(path, kind) for kind in runs}
        goals = list(self.tuning.goals)
        judged: list[dict[str, Any]] = []
        pruned, gated, step = False, None, 0
        phases = self.phases()
        for number, phase in enumerate(phases):
            if number > 0 and base is not None:
                played = {k for earlier in phases[:number] for k in earlier}
                unmet = [j["goal"] for j in judged if j["players"] in played and not j["met"]]
                if unmet:
                    gated = f"{', '.join(phase)} players not played: not met with {', '.join(sorted(played))}"
                    pruned = True
                    break
            for share in STAGES:
                for kind in phase:
                    total = self.tuning.games[kind]
                    self._extend(runs[kind], specs[kind], max(min(MIN_STAGE, total), math.ceil(share * total)), seed)
                if base is None:  # the base game itself: measured, not judged
                    continue
                judged = [judge(g, measure(g.metric, runs[g.players]), base.get(i)) for i, g in enumerate(goals)]
                if report is not None:
                    report(objective(goals, judged), step)
                step += 1
                last = share == STAGES[-1] and number == len(phases) - 1
                if prune and not last and any(j["missed"] for j in judged):
                    pruned = True
                    break
            if pruned:
                break
        out = {"goals": judged, "objective": objective(goals, judged) if judged else None, "pruned": pruned,
               "games": {kind: run.games for kind, run in runs.items()}, "runs": runs}
        return out | ({"gated": gated} if gated else {})

    def measure_base(self) -> dict[int, Estimate | None]:
        """The base game's estimate of each goal's metric, on the search's seeds (the bounds of
        `within: base` goals)."""
        result = self.evaluate(self.tuning.rules, self.seed, False, None)
        out = {}
        for i, goal in enumerate(self.tuning.goals):
            out[i] = measure(goal.metric, result["runs"][goal.players])
        return out

    # ------------------------------------------------------------------ reporting progress
    def _tell(self, **extra: Any) -> None:
        if self.progress is not None:
            self.progress({"games": self.games_used} | extra)

    def cleanup(self) -> None:
        shutil.rmtree(self.work, ignore_errors=True)


def estimate_json(e: Estimate | None) -> dict | None:
    return None if e is None else e.to_json()


def estimate_from(data: dict | None) -> Estimate | None:
    return None if data is None else Estimate(data["value"], data["ci95"][0], data["ci95"][1])


def canonical(values: dict[str, Any]) -> str:
    return json.dumps(values, sort_keys=True, default=str)
