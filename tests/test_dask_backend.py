"""`simulate --backend dask`: on a Dask cluster the JSON report is byte for byte the process pool's
(with and without a baseline, on an existing cluster via --scheduler and on a local cluster started
for the run); games go out in chunks; an interrupted run reports the games that finished; an
unreachable scheduler or a missing Dask is one line on stderr and exit status 2."""

import importlib.util
import json
import math
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.schemas import validate
from ratdsl.simulation import SimulationSpec, simulate
from ratdsl.simulation.runner import BackendUnavailable, chunk_size

from .conftest import ROOT
from .test_cli_errors import quick_game, wait_for_finished_games

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")
from ratdsl.simulation.dask_backend import (  # noqa: E402
    QUIET_SCHEDULER,
    DaskBackend,
    WorkerCannotPlay,
    play_chunk,
    rules_fingerprint,
)
from ratdsl.simulation.runner import GamePlayer  # noqa: E402

RATLAND = str(ROOT / "rules" / "ratland")
LEAN = str(ROOT / "rules" / "ratland" / "variants" / "lean_times.rat")


@pytest.fixture(scope="module")
def cluster():
    """Two single-thread workers in this process, reached over TCP as a remote cluster would be
    (every task and result is serialized), started once for the module."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  silence_logs=50, **QUIET_SCHEDULER) as local:
        yield local


def report_bytes(tmp_path, name, *args):
    out = tmp_path / f"{name}.json"
    result = CliRunner().invoke(app, ["simulate", *args, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    text = out.read_bytes()
    validate("report", json.loads(text))
    return text


def test_report_on_a_cluster_is_the_process_pools_byte_for_byte(tmp_path, cluster):
    args = [RATLAND, "-n", "30", "-p", "3", "-s", "11"]
    pool = report_bytes(tmp_path, "pool", *args, "--workers", "2")
    on_dask = report_bytes(tmp_path, "dask", *args, "--backend", "dask", "--scheduler", cluster.scheduler_address)
    assert on_dask == pool
    assert json.loads(pool)["run"]["games"] == 30


def test_baseline_report_on_a_cluster_is_the_process_pools_byte_for_byte(tmp_path, cluster):
    args = [LEAN, "--baseline", RATLAND, "-n", "24", "-p", "4", "-s", "3"]
    pool = report_bytes(tmp_path, "pool", *args, "--workers", "2")
    on_dask = report_bytes(tmp_path, "dask", *args, "--backend", "dask", "--scheduler", cluster.scheduler_address)
    assert on_dask == pool
    report = json.loads(on_dask)
    assert report["baseline"]["games"] == 24 and report["comparison"]


def test_precision_and_coverage_report_on_a_cluster_is_the_process_pools(tmp_path, cluster):
    """A --precision run asks for batch after batch (run, baseline, run, ...) on the same cluster."""
    args = [LEAN, "--baseline", RATLAND, "--precision", "15", "--max-games", "200", "-p", "3", "-s", "8",
            "--coverage"]
    pool = report_bytes(tmp_path, "pool", *args)  # (in this process: the same as any pool, and quicker)
    on_dask = report_bytes(tmp_path, "dask", *args, "--backend", "dask", "--scheduler", cluster.scheduler_address)
    assert on_dask == pool
    report = json.loads(on_dask)
    assert report["run"]["games"] > 100 and report["coverage"]  # more than one batch, coverage counted


def test_local_cluster_started_for_the_run_gives_the_same_report(tmp_path):
    """No --scheduler: a LocalCluster of --workers processes, started and closed by the command."""
    args = [RATLAND, "-n", "8", "-p", "3", "-s", "4"]
    pool = report_bytes(tmp_path, "pool", *args)
    local = report_bytes(tmp_path, "local", *args, "--backend", "dask", "--workers", "2")
    assert local == pool


def test_games_go_out_in_chunks(cluster, monkeypatch):
    spec = SimulationSpec(RATLAND, (), (), 3, ("random",))
    with DaskBackend(cluster.scheduler_address) as backend:
        assert backend.workers == 2  # the cluster's workers, not --workers
        submitted = []
        submit = backend._client.submit
        monkeypatch.setattr(backend._client, "submit", lambda *a, **k: submitted.append(a[-2:]) or submit(*a, **k))
        indexes = [stats.index for stats in backend.play(spec, 40, 7)]
    assert indexes == list(range(40))  # in game order
    size = chunk_size(40, 2)
    assert size > 1 and len(submitted) == math.ceil(40 / size)
    assert [(start, stop) for start, stop in submitted] == [(s, min(40, s + size)) for s in range(0, 40, size)]


def test_interrupted_run_on_a_cluster_reports_the_games_that_finished(cluster):
    spec = SimulationSpec(RATLAND, (), (), 3, ("random",))
    seen = []

    def progress(n):
        seen.append(n)
        if len(seen) == 7:
            raise KeyboardInterrupt

    with DaskBackend(cluster.scheduler_address) as backend:
        report = simulate(spec, 200, 1, progress=progress, backend=backend)
        assert report["stopped_early"] is True and report["run"]["games"] == 7
        validate("report", report)
        again = simulate(spec, 7, 1, backend=backend)  # the chunks left over were cancelled
    assert again["run"] == report["run"]


def test_unknown_agent_fails_once_before_any_task(cluster):
    result = CliRunner().invoke(app, ["simulate", RATLAND, "-n", "4", "--agents", "pirate", "--backend", "dask",
                                      "--scheduler", cluster.scheduler_address])
    assert result.exit_code == 2 and "unknown agent 'pirate'" in result.output


def test_a_worker_with_other_rule_files_refuses_to_play(cluster):
    """Games played from other files would make a report that is silently not the pool's."""
    spec = SimulationSpec(RATLAND, (), (), 3, ("random",))
    good = rules_fingerprint(GamePlayer(spec))
    assert good != rules_fingerprint(GamePlayer(SimulationSpec(LEAN, (), (), 3, ("random",))))
    with DaskBackend(cluster.scheduler_address) as backend:
        assert [g.index for g in backend._client.submit(play_chunk, spec, good, 1, 0, 2).result()] == [0, 1]
        with pytest.raises(WorkerCannotPlay, match="reads other rule files or another ratdsl"):
            backend._client.submit(play_chunk, spec, "0" * 32, 1, 0, 2).result()


def test_a_worker_that_cannot_find_the_rules_says_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    spec = SimulationSpec("rules/ratland", (), (), 3, ("random",))
    fingerprint = rules_fingerprint(GamePlayer(spec))
    monkeypatch.chdir(tmp_path)  # a worker started in another folder
    with pytest.raises(WorkerCannotPlay, match=f"in {tmp_path}.*cannot load rules/ratland.*same path"):
        play_chunk(spec, fingerprint, 1, 0, 1)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# (a closed port is found when the test runs: the ids are the same in every worker of a parallel run)
@pytest.mark.parametrize("address", ["tcp://127.0.0.1:CLOSED", "nonsense://host:1", "no-port"])
def test_unreachable_scheduler_is_one_line_and_exit_2(address):
    address = address.replace("CLOSED", str(closed_port()))
    with dask.config.set({"distributed.comm.timeouts.connect": "0.5s"}):
        result = CliRunner().invoke(app, ["simulate", RATLAND, "-n", "2", "--backend", "dask",
                                          "--scheduler", address])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"cannot reach the Dask scheduler at {address}: ")


def test_without_dask_the_backend_says_how_to_install_it(monkeypatch):
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "distributed"
                        else find_spec(name, *a))
    result = CliRunner().invoke(app, ["simulate", RATLAND, "-n", "2", "--backend", "dask"])
    assert result.exit_code == 2
    assert result.output.strip() == "--backend dask needs Dask distributed: pip install 'ratdsl[dask]'"
    monkeypatch.setitem(__import__("sys").modules, "distributed", None)  # import distributed fails
    with pytest.raises(BackendUnavailable, match="pip install"):
        DaskBackend().__enter__()


@pytest.mark.parametrize(("args", "message"), [
    (["--scheduler", "tcp://host:8786"], "--scheduler needs --backend dask"),
    (["--backend", "spark"], "--backend must be one of processes, dask, not 'spark'"),
])
def test_backend_options_are_checked(args, message):
    result = CliRunner().invoke(app, ["simulate", RATLAND, "-n", "2", *args])
    assert result.exit_code == 2 and result.output.strip() == message


def group_workers(pgid: int) -> list[int]:
    """The local cluster's worker processes in process group `pgid` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and os.getpgid(int(entry.name)) == pgid and \
                    b"spawn_main" in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads /proc to see the workers start")
def test_ctrl_c_on_a_local_cluster_writes_the_partial_report_and_no_traceback(tmp_path, private_cache):
    """A terminal's Ctrl-C reaches the whole process group, workers included: as with the pool,
    the command writes the games that finished and exits 130, and no worker prints a traceback."""
    out, game = tmp_path / "r.json", quick_game(tmp_path / "q")  # games of three rounds: many finish at once
    process = subprocess.Popen([sys.executable, "-m", "ratdsl.cli.main", "simulate", str(game), "-n", "100000000",
                                "-p", "2", "--backend", "dask", "-w", "2", "--out", str(out),
                                "--native", "off"],  # (a run this long would first build: native.py)
                               text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                               env={**os.environ, "TTY_COMPATIBLE": "1", "TERM": "xterm", "COLUMNS": "100"},
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while len(group_workers(process.pid)) < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.2)  # (polled: the workers are started)
    finished = wait_for_finished_games(process)  # the workers loaded the rules and played
    os.killpg(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    report = json.loads(out.read_text())
    assert report["stopped_early"] is True and finished <= report["run"]["games"] < 100_000_000
    assert stderr.strip().splitlines()[-1].startswith(f"interrupted: {report['run']['games']} of 100000000 games")


def test_native_on_makes_the_build_once_here_before_the_cluster_plays(tmp_path, cluster, private_cache, monkeypatch):
    import threading

    from ratdsl.engine.flat import native

    made = []
    monkeypatch.setattr(native, "unavailable", lambda: None)
    monkeypatch.setattr(native, "make", lambda m: made.append(threading.get_ident()) or "not made in this test")
    # (a table size no other test here plays: a Dask worker keeps the players of earlier tests)
    args = [RATLAND, "-n", "20", "-p", "5", "-s", "5"]
    on_dask = report_bytes(tmp_path, "dask", *args, "--native", "on", "--backend", "dask",
                           "--scheduler", cluster.scheduler_address)
    assert made == [threading.get_ident()]  # (in this process's thread, once: not in each worker)
    on_dask, pool = json.loads(on_dask), json.loads(report_bytes(tmp_path, "pool", *args, "--native", "off"))
    # the same games; the cluster's report says the native build asked for is not there, and why
    engine = on_dask.pop("engine")
    assert pool.pop("engine")["fallbacks"] == [] and on_dask == pool
    assert engine["games"] == {"compiled": 20}
    # (said where it was made; a worker in another process knows only that none is kept)
    assert sum(f["games"] for f in engine["fallbacks"]) == 20
    assert {f["reason"] for f in engine["fallbacks"]} <= {"no native build (not made in this test)",
                                                         "no native build is kept where this game was played"}


def test_an_engine_that_cannot_play_is_refused_before_the_cluster_plays(cluster):
    result = CliRunner().invoke(app, ["simulate", str(ROOT / "tests" / "games" / "no_flat_form"), "-n", "4", "-p", "3",
                                      "--engine", "compiled", "--backend", "dask",
                                      "--scheduler", cluster.scheduler_address])
    assert result.exit_code == 2
    assert result.output.startswith("error[E901]: --engine compiled cannot play") and "no form" in result.output
