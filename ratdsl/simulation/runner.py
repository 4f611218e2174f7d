"""Plays many seeded games, in this process or a pool of workers, and streams their stats back in
game order. Game i's seed derives from the master seed and i alone, so the report does not
depend on the number of workers."""

from __future__ import annotations

import hashlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import field, replace
from typing import Any, Protocol

from ..agents import PersonaAgent, RandomAgent
from ..agents.names import ISMCTS_NAME, is_search_agent
from ..agents.random_agent import agent_seed
from ..records import record
from ..semantics.definition import MAX_PERSONA_WEIGHT
from ..session import load_rules
from .collect import GameStats, MetricCounter, labels_of
from .engines import COMPILED, FLAT, NATIVE, REFERENCE, EngineRefused, check_choice, native_for


@record(frozen=True)
class SimulationSpec:
    rules: str
    modules: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    players: int = 4
    agents: tuple[str, ...] = ("random",)  # one name per seat, cycled: "random" or a persona
    coverage: bool = False  # count how often each place of the rules runs (engine/coverage.py)
    # the scores at the end of every round (GameStats.trajectory, quality.py): reference engine
    trace: bool = False
    # game i seats the agents turned by i places (seat s plays the name of seat s - i): the
    # skill gap puts a strong player in every seat in turn
    rotate: bool = False
    # the flat target's native build (engine/flat/native.py): "cached" plays on one kept from an
    # earlier run, "build" makes one first when none is kept, "off" never; the games are the same
    native: str = field(default="cached", compare=False)
    # which engine plays (engines.py): auto, compiled, native (both the flat target, or an error
    # before the first game) or reference (the tree-walker); the games are the same
    engine: str = field(default="auto", compare=False)
    extra: dict = field(default_factory=dict, compare=False)


class UnknownAgent(ValueError):
    """`--agents` names an agent that is neither `random` nor a persona of the rules."""


def game_seed(master: int, index: int) -> int:
    digest = hashlib.blake2b(f"{master}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def persona_weights(definition, name: str) -> dict[str, dict[str, float]]:
    from ..engine.interpreter import Env, Interpreter
    from ..engine.runtime import Runtime

    persona = definition.personas.get(name)
    if persona is None:
        known = ", ".join(["random", *definition.personas, "mcts[:ROLLOUTS]", "ismcts[:ITERATIONS]"])
        raise UnknownAgent(f"unknown agent {name!r}; the rules define: {known}")
    interp = Interpreter(Runtime(definition, definition.game.min_players, None, []))
    table: dict[str, dict[str, float]] = {}
    for w in persona.weights:
        weight = interp.number(interp.eval(w.weight, Env()), w.weight)
        if not 0 <= weight <= MAX_PERSONA_WEIGHT:  # (the checker reports the ones it knows: E238)
            raise interp.error(w.weight, f"persona {name}: weight {w.decision}.{w.option} is {weight}, "
                               f"not from 0 to {MAX_PERSONA_WEIGHT:,}")
        table.setdefault(w.decision, {})[w.option] = float(weight)
    return table


def persona_tables(definition, names: tuple[str, ...]) -> dict[str, dict[str, dict[str, float]]]:
    """The weights of every persona among the agent names (an unknown name: UnknownAgent)."""
    return {name: persona_weights(definition, name) for name in set(names)
            if name != "random" and not is_search_agent(name)}


def named_agents(definition, names: tuple[str, ...], players: int, seed: int,
                 weights: dict[str, dict[str, dict[str, float]]] | None = None) -> list:
    """One agent a seat for the names of `--agents` (cycled): random, mcts[:ROLLOUTS] or a
    persona of the rules, each on its own stream derived from the game's seed and its seat."""
    weights = persona_tables(definition, names) if weights is None else weights
    out = []
    for seat in range(players):
        name = names[seat % len(names)]
        s = agent_seed(seed, seat)
        if name == "random":
            out.append(RandomAgent(s))
        elif ISMCTS_NAME.match(name):
            from ..agents.ismcts import ismcts_agent  # (it plays games to decide: the reference engine)

            out.append(ismcts_agent(name, definition, players, s))
        elif is_search_agent(name):
            from ..agents.search import search_agent

            out.append(search_agent(name, definition, players, s))
        else:
            out.append(PersonaAgent(weights[name], s, name))
    return out


# Games played by the reference engine (the tree-walker) before the flat target takes over (auto):
# making the module of the lightest bundled game at 4 players costs about 8 of its games there (the
# two heavier games' about one; measured in processor time).
FLAT_AFTER = 8


def warming_up() -> str:
    """Why a game of the first FLAT_AFTER was not played on the flat target (a worker's count)."""
    return (f"the first {FLAT_AFTER} games while the compiled module was not kept (making it costs about as "
            "many games; with a cache folder it is kept for the next run)")


TRACED = "play-quality metrics read every round's scores, which the reference engine traces"
STOPPED = "the compiled code stopped (a rule's error or a limit): the reference engine played the game again"
# why a native build wanted in a worker is missing, by the build's module name: said where it was made
# (forked workers inherit it)
_NATIVE_WHY: dict[str, str] = {}


class GamePlayer:
    """Loads the rules once, then plays game after game, each on the engine the spec asks for
    (engines.py), with the engine that played it and why not the best one in its stats."""

    def __init__(self, spec: SimulationSpec, definition: Any = None):
        """`definition`: the spec's rules when the caller has loaded them already."""
        check_choice(spec.engine)
        # (the engine decides the native build: native makes one, compiled and reference use none)
        self.spec = replace(spec, native=native_for(spec.engine, spec.native))
        self.definition = definition if definition is not None else load_rules(spec.rules, spec.modules,
                                                                               dict(spec.options))
        self.weights = persona_tables(self.definition, spec.agents)
        self._metric_kinds: dict[str, list[str]] | None = None
        self.played = 0  # games played by this player (each worker has its own)
        self._from_first: bool | None = None  # the flat target from the first game (_flat_first)
        self._native_tried = False
        self._native_why: str | None = None  # why a native build wanted does not play the games
        self._native_lock = threading.Lock()  # (a Dask worker plays games of one player in threads)
        self._refusal: str | None | bool = False  # why the flat target cannot play (False: not yet known)
        self._module: Any = None  # the flat module the last _flat() gave

    def agents(self, seed: int, index: int = 0) -> list:
        names = self.spec.agents
        if self.spec.rotate:
            names = rotated(names, self.spec.players, index)
        return named_agents(self.definition, names, self.spec.players, seed, self.weights)

    def _kinds_of(self, metric) -> list[str]:
        """A metric's kinds, worked out by the reference engine (once per rule set)."""
        if self._metric_kinds is None:
            from ..engine.game import Game

            game = Game(self.definition, self.spec.players, 0, agents=[])
            self._metric_kinds = {name: game.interp.kinds_of(game.interp.eval(m.kinds, _empty_env()), m.kinds)
                                  for name, m in self.definition.metrics.items()}
        return self._metric_kinds[metric.name]

    @property
    def strict(self) -> bool:
        """Whether every game must be played on the flat target (--engine compiled or native)."""
        return self.spec.engine in FLAT

    def _flat_first(self) -> bool:
        """Whether the flat target plays from the first game: its module is kept on disk
        (engine/flat/cache.py), so it is generated once, not once per run; always when it was asked for."""
        if self._from_first is None:
            from ..engine.flat.cache import from_the_first_game

            self._from_first = self.strict or from_the_first_game(self.definition, self.spec.players)
        return self._from_first

    def flat_refusal(self) -> str | None:
        """Why the flat target cannot play this run's games (None: it can), worked out once."""
        if self._refusal is False:
            self._refusal = self._why_not_flat()
        return self._refusal  # type: ignore[return-value]

    def _why_not_flat(self) -> str | None:
        why = self._cheap_refusal()
        if why is not None:
            return why
        from ..engine.flat.game import fast_agents

        module = self._flat()
        if isinstance(module, Exception):
            where = getattr(module, "node", None)
            return ("the compiled engine has no form for these rules: " + getattr(module, "why", str(module))
                    + (f" ({where.span})" if where is not None else ""))
        if not fast_agents(self.agents(0)):
            return "an agent does not answer through the compiled engine's fast protocol"
        return None

    def _cheap_refusal(self) -> str | None:
        """Why the flat target cannot play, from the spec alone (no module made for it)."""
        if self.spec.engine == REFERENCE:
            return "--engine reference"
        if self.spec.coverage:
            return "--coverage counts on the reference engine"
        slow = [name for name in self.spec.agents if is_search_agent(name)]
        return f"agent {slow[0]} plays games to decide, on the reference engine" if slow else None

    def prepare(self) -> None:
        """Before the first game, in the process that starts the workers: refuses what the engine
        asked for cannot play (EngineRefused), and makes or loads the flat module and its native
        build here, once (forked workers share them; a native build is made once, not per worker)."""
        engine = self.spec.engine
        if engine == REFERENCE or not self.strict and (self.spec.coverage or not self._flat_first()):
            return
        module = None
        if self._cheap_refusal() is None:
            module = self._flat(build=self.spec.native == "build")
        why = self.flat_refusal()
        if why is not None:
            if self.strict:
                raise EngineRefused(f"--engine {engine} cannot play {self.spec.rules} with {self.spec.players} "
                                    f"players: {why}")
            return
        if self._native_why is not None:
            if engine == NATIVE:
                raise EngineRefused(f"--engine native: {self._native_why}")
            print(f"ratdsl: {self._native_why}; playing on the Python flat target", file=sys.stderr, flush=True)
        elif engine == NATIVE and not module.native:
            raise EngineRefused("--engine native: the native build could not be loaded in this thread")

    def ready(self) -> None:
        """(The name of `prepare` before --engine.)"""
        self.prepare()

    def _flat(self, build: bool = False):
        """The flat module (or why there is none), on its native build when one is kept (or,
        `build`, made now: in the process that starts the workers, so that it is made once)."""
        from ..engine.flat.game import flat_module

        module = self._module = flat_module(self.definition, self.spec.players)
        if not self._native_tried and self.spec.native != "off" and not isinstance(module, Exception):
            with self._native_lock:  # (another thread reads the reason only once it is known)
                if not self._native_tried:
                    self._native_why = self._attach(module, build or self.spec.native == "build" and self.strict)
                    self._native_tried = True
        return module

    def _attach(self, module, build: bool) -> str | None:
        """Puts the module on its native build; why it could not when one was wanted (a build
        asked for, or a kept one that does not load), else None."""
        from ..engine.flat import native

        name = native.module_name(module)
        if build and not native.cached(module):
            why = native.unavailable()
            if why is None:
                print(f"ratdsl: compiling these rules to C for {self.spec.players} players (once: kept in the "
                      "cache)...", file=sys.stderr, flush=True)
                started = time.perf_counter()
                why = native.make(module)
                if why is None:
                    _NATIVE_WHY.pop(name, None)
                    print(f"ratdsl: compiled in {time.perf_counter() - started:.0f} s", file=sys.stderr)
            if why is not None:
                _NATIVE_WHY[name] = f"no native build ({why})"
                return _NATIVE_WHY[name]
        if native.attach(module):
            return None
        failed = native.load_failure(module)
        if failed is not None:
            return f"the native build did not load ({failed})"
        if self.spec.native == "build":
            return _NATIVE_WHY.get(name, "no native build is kept where this game was played")
        return None

    def _play_flat(self, seed: int):
        """The game on the flat target (engine/flat), or (None, None) where the reference engine
        must play it: a game the flat code stopped (which the reference engine then plays, and
        reports), but for a step budget run out inside a loop or rule call, whose R002 the flat
        code names itself, as the reference would (engine/flat/budget.py)."""
        from ..engine.flat.budget import budget_error
        from ..engine.flat.game import Stopped, play_module
        from ..engine.limits import DEFAULT_STEP_BUDGET

        module = self._flat()
        if isinstance(module, Exception):
            return None, None
        try:
            result = play_module(module, seed, self.agents(seed), metrics=bool(self.definition.metrics), zones=False)
            return result, _Counted(module.metric_counts())
        except Stopped:
            ran_out = budget_error(module, DEFAULT_STEP_BUDGET)
            if ran_out is not None:
                raise ran_out from None
            return None, None

    def _engine_for(self) -> tuple[str, str | None]:
        """The engine for the next game, and why not the best one."""
        if self.spec.engine == REFERENCE:
            return REFERENCE, None
        if not (self.played > FLAT_AFTER or self._flat_first()):
            return REFERENCE, self._cheap_refusal() or warming_up()
        why = self.flat_refusal()
        return (REFERENCE, why) if why is not None else (COMPILED, None)

    def play(self, index: int, master: int) -> GameStats:
        seed = game_seed(master, index)
        result = counter = None
        self.played += 1
        # The flat target once generating it pays (it costs about as much as FLAT_AFTER games of the
        # reference engine), when the rules and agents allow it: the same games either way.
        trajectory = None
        engine, why = self._engine_for()
        traced = self.spec.trace or self.spec.rotate
        if traced:
            if self.strict and self.spec.engine != REFERENCE:
                raise EngineRefused(f"--engine {self.spec.engine}: {TRACED}")
            engine, why = REFERENCE, TRACED
        if engine == COMPILED:
            result, counter = self._play_flat(seed)
            if result is None:
                if self.strict:
                    self._refuse_stopped(index, seed)
                engine, why = REFERENCE, STOPPED
            else:
                engine = NATIVE if self._module.native else COMPILED
                why = self._native_why
                if self.spec.engine == NATIVE and engine != NATIVE:
                    raise EngineRefused(f"--engine native: {why or 'the native build is not loaded'}")
        if result is None:
            from .quality import play_traced

            result, trajectory, counter = self._play_reference(seed, index, play_traced if traced else None)
        seats = {f"P{s + 1}": s for s in range(self.spec.players)}
        return GameStats(index, seed, result.rounds, [result.scores[f"P{s + 1}"] for s in range(self.spec.players)],
                         [seats[w] for w in result.winners], dict(counter.counts),
                         labels_of(result.state, self.spec.players, self.definition), dict(result.fired),
                         result.coverage, trajectory, engine, why)

    def _play_reference(self, seed: int, index: int, traced: Callable | None = None) -> tuple[Any, Any, Any]:
        """(result, trajectory or None, metric counter) of the game on the reference engine (the
        tree-walker); `traced` (quality.play_traced) plays it when the scores of every round are
        wanted."""
        from ..engine.game import Game  # (the reference engine: only where it plays)
        from ..engine.log import GameLog

        log = GameLog(keep=False)
        game = Game(self.definition, self.spec.players, seed, agents=self.agents(seed, index), log=log,
                    coverage=self.spec.coverage)
        counter = MetricCounter(self.definition, self._kinds_of)
        if counter.rules:
            game.runtime.watch_moves(counter)
        if traced is None:
            return game.play(), None, counter
        result, trajectory = traced(game)
        return result, trajectory, counter


    def _refuse_stopped(self, index: int, seed: int) -> None:
        """--engine compiled or native, a game the flat code stopped: the reference engine plays it
        to say why (a rule's error, with its position, raised as it is); if it plays to the end,
        the compiled engine is wrong about it: EngineRefused with the game's seed."""
        from ..engine.game import Game

        Game(self.definition, self.spec.players, seed, agents=self.agents(seed, index)).play()
        agents = ",".join(self.spec.agents)
        raise EngineRefused(f"--engine {self.spec.engine}: game {index} (seed {seed}) stopped on the compiled "
                            f"engine, which the reference engine plays to its end (a bug of the compiler); "
                            f"that game: ratdsl run {self.spec.rules} -p {self.spec.players} --seed {seed}"
                            + (f" (agents {agents})" if agents != "random" else ""))


def rotated(names: tuple[str, ...], players: int, index: int) -> tuple[str, ...]:
    """The agent of each seat in game `index` of a rotating run: seat s plays the name that
    seat (s - index) mod players plays in game 0 (the names cycled over the seats)."""
    seats = [names[s % len(names)] for s in range(players)]
    return tuple(seats[(s - index) % players] for s in range(players))


class _Counted:
    """The metrics the flat target counted, where a MetricCounter's counts are read."""

    def __init__(self, counts: dict[str, int]):
        self.counts = counts


def _empty_env():
    from ..engine.interpreter import Env

    return Env()


_WORKER: GamePlayer | None = None


def _init_worker(spec: SimulationSpec, definition: Any = None) -> None:
    global _WORKER
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is handled once, by the parent
    _WORKER = GamePlayer(spec, definition)


def _play_in_worker(args: tuple[int, int]) -> GameStats:
    assert _WORKER is not None
    return _WORKER.play(*args)


class BackendUnavailable(Exception):
    """A backend cannot start: its library is not installed, or its cluster cannot be reached."""


class Backend(Protocol):
    """Where games are played. Each game depends on its index and the master seed alone, so any
    backend that yields every game's stats in game order gives the same report."""

    def play(self, spec: SimulationSpec, games: int, master_seed: int, start: int = 0) -> Iterator[GameStats]:
        """Yields the stats of games start to start + games - 1, in that order; closing the
        iterator (Ctrl-C) stops the games still being played."""
        ...


# Games from which `--workers auto` starts a pool: starting one (forking the workers, which then
# load the flat target's module) costs about as much as 50-100 one-core games of the bundled game, so with
# fewer games one process is as fast (benchmarks/bench_process.py --workers).
POOL_PAYS_FROM = 200


def available_cores() -> int:
    """The cores this process may run on (its affinity, where the platform says)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def auto_workers(games: int) -> int:
    """`--workers auto`: one worker a core when `games` (played in one go) pay for the pool, else 1."""
    return available_cores() if games >= POOL_PAYS_FROM else 1


def chunk_size(games: int, workers: int) -> int:
    """Games sent to a worker at a time: few enough that every worker gets work and the last
    chunks finish together, many enough that sending them costs little."""
    return max(1, min(50, games // (workers * 8) or 1))


@record(frozen=True)
class ProcessBackend:
    """This process (workers = 1) or a pool of worker processes on this machine: the default."""

    workers: int = 1
    # rules the caller has loaded already, by spec (simulate's): not loaded again
    loaded: dict[SimulationSpec, Any] = field(default_factory=dict, compare=False, repr=False)

    def play(self, spec: SimulationSpec, games: int, master_seed: int, start: int = 0) -> Iterator[GameStats]:
        jobs = ((i, master_seed) for i in range(start, start + games))  # lazily: -n may be large
        # Made here even for workers: what makes it fail (an unknown agent, a bad persona weight)
        # must fail once, in this process; in a pool's initializer it would kill every worker,
        # and the pool starts new ones forever.
        player = GamePlayer(spec, self.loaded.get(spec))
        player.prepare()  # (what the engine cannot play is said here; a native build made here, once)
        if self.workers <= 1:
            for job in jobs:
                yield player.play(*job)
            return
        import multiprocessing  # (a one-process run needs none of it: start-up)

        methods = multiprocessing.get_all_start_methods()
        fork = "fork" in methods
        ctx = multiprocessing.get_context("fork" if fork else "spawn")
        # forked workers share the loaded rules (and what was compiled from them); spawned ones load them
        with ctx.Pool(self.workers, initializer=_init_worker,
                      initargs=(spec, player.definition if fork else None)) as pool:
            yield from pool.imap(_play_in_worker, jobs, chunksize=chunk_size(games, self.workers))


def run_games(spec: SimulationSpec, games: int, master_seed: int, workers: int = 1,
              on_game: Callable[[GameStats], None] | None = None, start: int = 0,
              backend: Backend | None = None) -> Iterator[GameStats]:
    """Yields each game's stats in game order: games start, start + 1, ... (a --precision run
    plays them in batches), played by `backend` (default: `workers` local processes)."""
    yield from (backend or ProcessBackend(workers)).play(spec, games, master_seed, start)
