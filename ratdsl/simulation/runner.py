"""Plays many seeded games, in this process or a pool of workers, and streams their stats back in
game order. Game i's seed derives from the master seed and i alone, so the report does not
depend on the number of workers."""

from __future__ import annotations

import hashlib
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import field
from typing import Any, Protocol

from ..agents import PersonaAgent, RandomAgent
from ..agents.names import ISMCTS_NAME, is_search_agent
from ..agents.random_agent import agent_seed
from ..records import record
from ..semantics.definition import MAX_PERSONA_WEIGHT
from ..session import load_rules
from .collect import GameStats, MetricCounter, labels_of


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


FLAT_AFTER = 30  # games played by the reference engine before the flat target takes over


class GamePlayer:
    """Loads the rules once, then plays game after game."""

    def __init__(self, spec: SimulationSpec, definition: Any = None):
        """`definition`: the spec's rules when the caller has loaded them already."""
        self.spec = spec
        self.definition = definition if definition is not None else load_rules(spec.rules, spec.modules,
                                                                               dict(spec.options))
        self.weights = persona_tables(self.definition, spec.agents)
        self._metric_kinds: dict[str, list[str]] | None = None
        self.played = 0  # games played by this player (each worker has its own)
        self._from_first: bool | None = None  # the flat target from the first game (_flat_first)
        self._native_tried = False

    def agents(self, seed: int, index: int = 0) -> list:
        names = self.spec.agents
        if self.spec.rotate:
            names = rotated(names, self.spec.players, index)
        return named_agents(self.definition, names, self.spec.players, seed, self.weights)

    def _kinds_of(self, metric) -> list[str]:
        """A metric's kinds, worked out by the reference engine (once per rule set)."""
        if self._metric_kinds is None:
            from ..engine.game import Game

            game = Game(self.definition, self.spec.players, 0, agents=[], compiled=False)
            self._metric_kinds = {name: game.interp.kinds_of(game.interp.eval(m.kinds, _empty_env()), m.kinds)
                                  for name, m in self.definition.metrics.items()}
        return self._metric_kinds[metric.name]

    def _flat_first(self) -> bool:
        """Whether the flat target plays from the first game: its module is kept on disk
        (engine/flat/cache.py), so it is generated once, not once per run."""
        if self._from_first is None:
            from ..engine.flat.cache import from_the_first_game

            self._from_first = from_the_first_game(self.definition, self.spec.players)
        return self._from_first

    def ready(self) -> None:
        """Loads the flat target's module now when the games will play on it from the first one,
        so that forked workers share it instead of each loading it again."""
        if not self.spec.coverage and self._flat_first():
            self._flat(build=self.spec.native == "build")

    def _flat(self, build: bool = False):
        """The flat module (or why there is none), on its native build when one is kept (or,
        `build`, made now: in the process that starts the workers, so that it is made once)."""
        from ..engine.flat.game import flat_module

        module = flat_module(self.definition, self.spec.players)
        if not self._native_tried and self.spec.native != "off" and not isinstance(module, Exception):
            self._native_tried = True
            from ..engine.flat import native

            if build and not native.cached(module):
                why = native.unavailable()
                if why is None:
                    print(f"ratdsl: compiling these rules to C for {self.spec.players} players (once: kept in the "
                          "cache)...", file=sys.stderr, flush=True)
                    started = time.perf_counter()
                    why = native.make(module)
                    if why is None:
                        print(f"ratdsl: compiled in {time.perf_counter() - started:.0f} s", file=sys.stderr)
                if why is not None:
                    print(f"ratdsl: no native build ({why}); playing on the Python flat target", file=sys.stderr)
            native.attach(module)
        return module

    def _play_flat(self, seed: int):
        """The game on the flat target (engine/flat), or (None, None) where the reference engine
        must play it: rules the target has no form for, agents without the fast protocol, or a
        game the flat code stopped (which the reference engine then plays, and reports)."""
        from ..engine.flat.game import Stopped, fast_agents, play_module

        module = self._flat()
        agents = self.agents(seed)
        if isinstance(module, Exception) or not fast_agents(agents):
            return None, None
        try:
            result = play_module(module, seed, agents, metrics=bool(self.definition.metrics), zones=False)
            return result, _Counted(module.metric_counts())
        except Stopped:
            return None, None

    def play(self, index: int, master: int) -> GameStats:
        seed = game_seed(master, index)
        result = counter = None
        self.played += 1
        # The flat target once generating it pays (it costs about as much as FLAT_AFTER games of the
        # reference engine), when the rules and agents allow it: the same games either way.
        trajectory = None
        if self.spec.trace or self.spec.rotate:
            from .quality import play_traced

            result, trajectory, counter = self._play_reference(seed, index, play_traced)
        elif not self.spec.coverage and (self.played > FLAT_AFTER or self._flat_first()):
            result, counter = self._play_flat(seed)
        if result is None:
            result, _, counter = self._play_reference(seed, index)
        seats = {f"P{s + 1}": s for s in range(self.spec.players)}
        return GameStats(index, seed, result.rounds, [result.scores[f"P{s + 1}"] for s in range(self.spec.players)],
                         [seats[w] for w in result.winners], dict(counter.counts),
                         labels_of(result.state, self.spec.players, self.definition), dict(result.fired),
                         result.coverage, trajectory)

    def _play_reference(self, seed: int, index: int, traced: Callable | None = None) -> tuple[Any, Any, Any]:
        """(result, trajectory or None, metric counter) of the game on the reference engine;
        `traced` (quality.play_traced) plays it when the scores of every round are wanted."""
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
        if spec.native == "build":
            player.ready()  # (a native build is made here, once, not in each worker)
        if self.workers <= 1:
            for job in jobs:
                yield player.play(*job)
            return
        import multiprocessing  # (a one-process run needs none of it: start-up)

        methods = multiprocessing.get_all_start_methods()
        fork = "fork" in methods
        ctx = multiprocessing.get_context("fork" if fork else "spawn")
        # forked workers share the loaded rules (and what was compiled from them); spawned ones load them
        if fork:
            player.ready()
        with ctx.Pool(self.workers, initializer=_init_worker,
                      initargs=(spec, player.definition if fork else None)) as pool:
            yield from pool.imap(_play_in_worker, jobs, chunksize=chunk_size(games, self.workers))


def run_games(spec: SimulationSpec, games: int, master_seed: int, workers: int = 1,
              on_game: Callable[[GameStats], None] | None = None, start: int = 0,
              backend: Backend | None = None) -> Iterator[GameStats]:
    """Yields each game's stats in game order: games start, start + 1, ... (a --precision run
    plays them in batches), played by `backend` (default: `workers` local processes)."""
    yield from (backend or ProcessBackend(workers)).play(spec, games, master_seed, start)
