"""The flat target's native build (ratdsl/engine/flat/native.py): the generated module compiled by
Cython plays the same games as the generated module run by Python, stops where it stops, and is
loaded only from a file this user alone could have written."""

from __future__ import annotations

import fcntl
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine.flat import native
from ratdsl.engine.flat.game import Stopped, play_module
from ratdsl.engine.flat.generator import FlatModule
from ratdsl.session import load_rules
from ratdsl.simulation.runner import GamePlayer, SimulationSpec

from . import differential_cases as dc
from .conftest import plant, run_home
from .scale import FULL, cases

RULES = Path(__file__).resolve().parent.parent / "rules" / "ratland"
# Each build takes the C compiler 20-60 s. A suite run makes one, of the rules with every module
# (the most code), and plays 100 seeded games on it; RATDSL_FULL_CHECKS=1 (benchmarks/full_checks.py)
# makes four and plays 1,000 games, 250 a configuration.
MODULES = ("clans", "aggressive")
MAIN = (MODULES, 4)
CONFIGS = [MAIN] + ([((), 2), ((), 5), (("clans",), 12)] if FULL else [])
CONFIG_IDS = ["clans-aggressive-4p", "base-2p", "base-5p", "clans-12p"][:len(CONFIGS)]
GAMES = cases(100, 250)

needs_build = pytest.mark.skipif(importlib.util.find_spec("Cython") is None,
                                 reason="Cython is not installed (the test extras install it)")


def agents(seed: int, players: int) -> list:
    return [RandomAgent(agent_seed(seed, s)) for s in range(players)]


def outcome(m: FlatModule, seed: int) -> tuple:
    result = play_module(m, seed, agents(seed, m.players), metrics=True)
    return result.scores, result.winners, result.rounds, result.state, result.fired, m.metric_counts()


@pytest.fixture(scope="module")
def cache_folder():
    """One private cache folder for the run's builds, shared by the workers of a parallel run: the
    first to need a build makes it, the others load it. The suite builds unoptimised (-O0: a
    quarter of the C compiler's time at -O2); what it checks is what the build does, not its speed,
    which benchmarks/ measures on the default build."""
    folder = run_home() / "native-builds"
    folder.mkdir(mode=0o700, exist_ok=True)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RATDSL_CACHE_DIR", str(folder))
        mp.setattr(native, "OPTIMIZE", "-O0")
        yield folder


@pytest.fixture(autouse=True)
def builds_in_the_module_cache(request, monkeypatch):
    """A test that plays on the module's builds looks for them where they were kept (every other
    test has an empty cache folder of its own: tests/conftest.py)."""
    if "built" in request.fixturenames:
        monkeypatch.setenv("RATDSL_CACHE_DIR", str(request.getfixturevalue("cache_folder")))


@pytest.fixture(scope="module")
def built(cache_folder):
    """For each configuration: the rules, and a FlatModule playing on a native build made now."""
    out = {}
    with open(cache_folder / "building.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # (another worker making these builds: wait, then load them)
        for modules, players in CONFIGS:
            d = load_rules(RULES, modules=modules)
            m = FlatModule(d, players)
            assert native.unavailable() is None
            assert native.attach(m, build=True), "the build failed"
            out[(modules, players)] = (d, m)
    return out


@needs_build
@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_a_native_build_plays_the_games_of_the_generated_module(built, config):
    d, m = built[config]
    python = FlatModule(d, config[1])
    assert m.native and not python.native
    assert m.setup_fn.__class__ is not python.setup_fn.__class__  # (compiled functions, not Python's)
    for seed in range(GAMES):
        assert outcome(m, seed) == outcome(python, seed), seed
    assert any(outcome(m, 7)[5].values())  # (the metrics counted something)


@needs_build
@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_a_native_build_plays_the_tree_walkers_games(built, config):
    """The differential harness (tests/differential_cases.py) on the build: random and persona
    agents, end states, scores, winners, rounds, fired counts and metrics against the reference
    engine itself, not only against the Python module the build is made from. 20 games a
    configuration here, 250 in full."""
    d, m = built[config]
    modules, players = config
    agent_sets = dc.agent_sets(d)
    plan = [(players, agent_sets[seed % len(agent_sets)], seed) for seed in range(cases(20, 250))]
    assert len(agent_sets) > 1  # (random agents and the personas)
    side = dc.Side("native", lambda _d, _players: m, dc.flat_outcome)
    played, failures = dc.compare(dc.RuleSet("ratland", RULES, modules), len(plan), side=side, d=d, plan=plan)
    assert m.native and played == len(plan)
    assert failures == [], failures[:5]


@needs_build
@pytest.mark.slow
def test_its_integer_locals_are_declared_and_the_rest_is_the_generated_source(built):
    _d, m = built[MAIN]
    source = native.native_source(m)
    assert "@cython.locals(" in source and "cython.Py_ssize_t" in source
    for unit in m.source.split("\n\n"):
        assert unit in source  # (the same code: only declarations and the prelude are added)


@needs_build
@pytest.mark.slow
def test_a_native_build_stops_where_the_generated_module_stops(built):
    d, m = built[MAIN]
    python = FlatModule(d, 4)
    for budget in (10, 400, 3000):
        stopped = []
        for module in (m, python):
            try:
                play_module(module, 5, agents(5, 4), budget=budget)
                stopped.append(False)
            except Stopped:
                stopped.append(True)
        assert stopped[0] == stopped[1], budget
    with pytest.raises(Stopped):
        play_module(m, 5, agents(5, 4), budget=10)


@needs_build
@pytest.mark.slow
def test_a_build_is_made_once_and_shared_by_modules_of_the_same_rules(built, monkeypatch):
    d, m = built[MAIN]
    monkeypatch.setattr(native, "_build", lambda *a: pytest.fail("built again"))
    again = FlatModule(d, 4)
    assert native.attach(again, build=True) and again.native
    assert outcome(again, 3) == outcome(FlatModule(d, 4), 3)


@needs_build
@pytest.mark.slow
def test_a_build_serves_one_thread_another_plays_on_python(built):
    """A build's state is its module's, one a process: a module made in another thread (a Dask
    worker's, say) must not share it while the first plays."""
    d, _m = built[MAIN]
    seen = {}

    def other_thread():
        m = FlatModule(d, 4)
        seen["attached"] = native.attach(m, build=True)
        seen["games"] = [outcome(m, seed) for seed in range(3)]

    worker = threading.Thread(target=other_thread)
    worker.start()
    worker.join()
    assert seen["attached"] is False
    assert seen["games"] == [outcome(FlatModule(d, 4), seed) for seed in range(3)]


@needs_build
@pytest.mark.slow
def test_simulate_plays_on_a_kept_build_unless_told_not_to(built):
    spec = SimulationSpec(rules=str(RULES), modules=MODULES, players=4)
    assert GamePlayer(spec)._flat().native  # (the default: a kept build is used)
    off = SimulationSpec(rules=str(RULES), modules=MODULES, players=4, native="off")
    assert not GamePlayer(off)._flat().native
    assert [GamePlayer(spec).play(i, 9) for i in range(5)] == [GamePlayer(off).play(i, 9) for i in range(5)]


unix = pytest.mark.skipif(not hasattr(os, "getuid"), reason="no user ids on this platform")


@unix
@pytest.mark.parametrize("how", ["writable by others", "a link", "not a build"])
def test_a_build_is_loaded_only_from_a_file_this_user_alone_could_write(private_cache, tmp_path, how, monkeypatch):
    monkeypatch.setattr(native, "_LOADED", {})  # (as in a fresh process: none loaded yet)
    d = load_rules(RULES)
    m = FlatModule(d, 3)
    path = private_cache / (native.module_name(m) + importlib.machinery.EXTENSION_SUFFIXES[0])
    plant(path, b"\x7fELF not really", how, tmp_path)
    assert native.cached(m) == (how == "not a build")
    assert not native.attach(m)  # (refused, or it does not load: Python plays)
    assert not m.native
    assert outcome(m, 1) == outcome(FlatModule(d, 3), 1)


def test_without_cython_there_is_no_build_and_python_plays(private_cache, monkeypatch):
    monkeypatch.setattr(native, "_LOADED", {})
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "Cython" else real(name, *a))
    assert "Cython" in native.unavailable()
    d = load_rules(RULES)
    m = FlatModule(d, 6)
    assert not native.attach(m, build=True) and not m.native
    assert not list(private_cache.glob("ratdsl_flat_*"))


def test_without_a_cache_folder_there_is_no_build(monkeypatch):
    monkeypatch.setattr(native, "_LOADED", {})
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")
    m = FlatModule(load_rules(RULES), 6)
    assert native.unavailable() is not None
    assert not native.attach(m, build=True) and not m.native


@needs_build
@pytest.mark.slow
def test_the_same_rules_loaded_by_another_path_share_one_build(built, tmp_path):
    other = tmp_path / "elsewhere"
    other.symlink_to(RULES)
    m = FlatModule(load_rules(other, modules=MODULES), 4)
    assert native.module_name(m) == native.module_name(FlatModule(built[MAIN][0], 4))
    assert native.attach(m) and m.native  # (the build kept for RULES: made from the same code)


def test_simulate_native_on_says_why_a_build_failed_and_plays_on(private_cache):
    env = {**os.environ, "CC": "false"}  # (a C compiler that always fails)
    run = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "simulate", str(RULES), "-p", "3", "-n", "3",
                          "--workers", "1", "--native", "on"], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    said = run.stderr.strip().splitlines()
    if importlib.util.find_spec("Cython") is None:
        assert said == ["ratdsl: no native build (Cython is not installed: pip install 'ratdsl[native]'); "
                        "playing on the Python flat target"]
    else:
        assert said[0] == "ratdsl: compiling these rules to C for 3 players (once: kept in the cache)..."
        assert said[1] == "ratdsl: no native build (the C compiler failed); playing on the Python flat target"
    assert "3 games in" in run.stdout and "Traceback" not in run.stderr
    assert not list(private_cache.glob("ratdsl_flat_*"))


def test_simulate_native_takes_auto_on_or_off():
    run = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "simulate", str(RULES), "-n", "1",
                          "--native", "maybe"], capture_output=True, text=True)
    assert run.returncode == 2
    assert "--native must be auto, on or off, not 'maybe'" in run.stderr


@needs_build
def test_a_module_too_long_to_compile_is_not_built(private_cache, monkeypatch):
    monkeypatch.setattr(native, "MAX_SOURCE_LINES", 10)
    m = FlatModule(load_rules(RULES), 6)
    assert native.make(m) == "the generated module is longer than 10 lines"
    assert not list(private_cache.glob("ratdsl_flat_*"))


def test_auto_loads_a_kept_build_for_runs_long_enough_and_makes_one_for_the_longest():
    from ratdsl.cli.cmd_simulate import NATIVE_LOADS_FROM, NATIVE_PAYS_FROM, _native

    assert _native("auto", 1) == "off"  # (a one-game run starts sooner without loading it)
    assert _native("auto", NATIVE_LOADS_FROM) == "cached"
    assert _native("auto", NATIVE_PAYS_FROM - 1) == "cached"
    assert _native("auto", NATIVE_PAYS_FROM) == "build"
    assert _native("on", 1) == "build" and _native("off", 10**7) == "off"
