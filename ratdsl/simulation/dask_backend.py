"""Plays a simulation's games on a Dask distributed cluster: an existing one (`--scheduler
ADDRESS`, workers on several machines) or a local one started for the run. Dask is an optional
extra (`pip install 'ratdsl[dask]'`), imported only when this backend is used.

Games go out in chunks (one task per game would cost more in scheduling than a game takes to
play), a bounded number at a time, and come back in game order, so the report is the same as the
process pool's: each game's seed depends on the master seed and its index alone."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import threading
from collections import deque
from collections.abc import Iterator
from typing import Any

from ..language.errors import RuleError
from ..session import RulesInvalid
from .collect import GameStats
from .fingerprint import rules_fingerprint as definition_fingerprint
from .runner import BackendUnavailable, GamePlayer, SimulationSpec, chunk_size

INSTALL_HINT = "--backend dask needs Dask distributed: pip install 'ratdsl[dask]'"
# No dashboard, and the scheduler's small HTTP server (always started) on a free local port, not
# 8787: two runs at once must not warn that the port is taken.
QUIET_SCHEDULER = {"dashboard_address": None, "scheduler_kwargs": {"dashboard_address": "127.0.0.1:0"}}
KEPT_RULE_SETS = 4  # loaded rule sets a worker thread keeps: a run and its baseline, in turns
IN_FLIGHT_PER_WORKER = 4  # chunks queued per worker: enough to keep it busy, few to cancel on Ctrl-C
# A chunk plays at most 50 games (seconds of work): a chunk that has not come back after this long
# means a lost cluster, which Dask would otherwise wait for forever.
CHUNK_TIMEOUT = 900.0


class WorkerCannotPlay(BackendUnavailable):
    """A worker cannot load the rules this machine loaded, or reads different files."""


def rules_fingerprint(player: GamePlayer) -> str:
    """What a worker must have the same as this machine for its games to be the same."""
    return definition_fingerprint(player.definition)


_LOCAL = threading.local()  # a worker may run tasks in several threads: a player per thread
_LOADING = threading.Lock()  # loading rules fills module caches: one thread at a time


def _where() -> str:
    return f"the worker on {socket.gethostname()} (in {os.getcwd()})"


def _player(spec: SimulationSpec, fingerprint: str) -> GamePlayer:
    """This worker thread's player for `spec`, loading the rules once per thread (again when the
    files changed since: a worker outlives a run)."""
    players: dict[tuple, GamePlayer] = _LOCAL.__dict__.setdefault("players", {})
    # (a spec's engine and native build are not part of its equality, the games being the same; a
    # player is made for them: the engine counted and the refusals are theirs)
    key = (spec, spec.engine, spec.native, fingerprint)
    if key not in players:
        with _LOADING:
            while len(players) >= KEPT_RULE_SETS:  # the oldest goes
                del players[next(iter(players))]
            try:
                player = GamePlayer(spec)
            except (OSError, RulesInvalid, RuleError, ValueError) as err:
                first = (str(err).splitlines() or [type(err).__name__])[0]
                raise WorkerCannotPlay(f"{_where()} cannot load {spec.rules}: {first} (start each worker in a "
                                       "folder where the rules are at the same path as here)") from None
            if rules_fingerprint(player) != fingerprint:
                raise WorkerCannotPlay(f"{_where()} reads other rule files or another ratdsl than this machine "
                                       f"for {spec.rules}: give every worker the same ones")
            players[key] = player
    return players[key]


def play_chunk(spec: SimulationSpec, fingerprint: str, master_seed: int, start: int, stop: int) -> list[GameStats]:
    """Runs on a worker: games start to stop - 1."""
    player = _player(spec, fingerprint)
    return [player.play(index, master_seed) for index in range(start, stop)]


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """SIGINT ignored while the local workers start: they inherit it, so a Ctrl-C at the terminal
    reaches only this process, which stops the run and writes the partial report (a worker that
    got it would die printing a traceback)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class DaskBackend:
    """A context manager: connects to the scheduler at `address` (or starts a local cluster of
    `workers` processes) on entry, and lets it go on exit."""

    def __init__(self, address: str | None = None, workers: int = 1):
        self.address = address
        self.workers = workers
        self._client: Any = None
        self._fingerprints: dict[tuple, str] = {}  # by spec, engine and native build (see _player)
        self._cluster: Any = None

    def __enter__(self) -> DaskBackend:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise BackendUnavailable(INSTALL_HINT) from None
        if self.address is None:
            # One thread per worker: games are pure Python, so more threads would only share one core.
            # Its logs are silenced: what goes wrong in a game comes back as the task's exception,
            # and what is left (a worker's heartbeat failing while the cluster stops) is noise.
            with _sigint_ignored():  # Ctrl-C is handled once, here, as with the process pool
                self._cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=True,
                                             silence_logs=logging.CRITICAL, **QUIET_SCHEDULER)
            try:
                self._client = Client(self._cluster)
            except BaseException:  # (Ctrl-C too) the cluster is not left running
                self.__exit__()
                raise
        else:
            try:  # the connection timeout is Dask's own setting (distributed.comm.timeouts.connect)
                self._client = Client(self.address)
            except (OSError, ValueError, TypeError, AssertionError) as err:
                # (distributed sometimes refuses an address it cannot parse with an assert: a
                # suite run saw "no-port" end so, once in many)
                first = (str(err).splitlines() or [type(err).__name__])[0]
                raise BackendUnavailable(f"cannot reach the Dask scheduler at {self.address}: {first}") from None
            self.workers = max(1, len(self._client.scheduler_info().get("workers", {})))
        return self

    def __exit__(self, *exc: object) -> None:
        if self._client is not None:
            self._client.close()
        if self._cluster is not None:
            self._cluster.close()
        self._client = self._cluster = None

    def play(self, spec: SimulationSpec, games: int, master_seed: int, start: int = 0) -> Iterator[GameStats]:
        # What makes a spec fail (unknown agent, bad persona weight, broken rules) fails here,
        # once, with its own error, not on every worker; a --precision run asks batch after batch.
        key = (spec, spec.engine, spec.native)
        if key not in self._fingerprints:
            player = GamePlayer(spec)
            # what the engine cannot play is said here; a native build is made here, once: the workers
            # of a local cluster share the cache
            player.prepare()
            self._fingerprints[key] = rules_fingerprint(player)
        fingerprint = self._fingerprints[key]
        client = self._client
        assert client is not None, "DaskBackend.play outside `with`"
        size = chunk_size(games, self.workers)
        end = start + games
        chunks = iter(range(start, end, size))
        pending: deque = deque()

        def submit() -> None:
            first = next(chunks, None)
            if first is not None:
                last = min(end, first + size)
                pending.append(client.submit(play_chunk, spec, fingerprint, master_seed, first, last, pure=False))

        try:
            for _ in range(self.workers * IN_FLIGHT_PER_WORKER):
                submit()
            while pending:
                try:
                    done = pending.popleft().result(timeout=CHUNK_TIMEOUT)
                except TimeoutError:  # Dask's TimeoutError is the builtin one
                    raise BackendUnavailable(f"no answer from the Dask cluster for {CHUNK_TIMEOUT:g} s: "
                                             "its workers may be gone") from None
                submit()
                yield from done
        finally:  # Ctrl-C or an error: the chunks not yet played are not wanted
            if pending:
                client.cancel(list(pending))
