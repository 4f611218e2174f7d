"""Whole-process games per second: `ratdsl simulate` against the independent anchor, each run as
its own process, the two sides taking turns.

This is the figure a designer feels: the start of Python, the imports, loading and checking the
rules, generating code, playing and reporting all count. The anchor
(`benchmarks/anchor.py` says where it is; plain hand-written Python, 3-6 players) is timed the
same way, as a whole process. Each pair of runs is interleaved so a slow spell of the machine falls
on both sides; the best of `--repeat` runs of each side is kept.

    python benchmarks/bench_process.py [--games 1500 6000] [--players 3 4 6] [--repeat 3] [--workers auto|N]
                                       [--native kept|off]
    python benchmarks/bench_process.py --million [--sample 100000]

`--workers` is what `ratdsl simulate` is given: 1 by default (one core against the one-core anchor:
the headline ratio), `auto` for the command's default (every core from 200 games), or a number.

`--native kept` (the default) first makes the native build of each table size (engine/flat/native.py:
`ratdsl simulate --native on --games 1`, untimed; its time is printed, a cost paid once per rules
and table size), then times the command as a user types it, which plays on the kept build;
`--native off` times `ratdsl simulate --native off`, the generated module run by Python.

`--million` plays `--sample` four-player games with `--workers 2`, prints the time and the peak
memory of the process tree, and extrapolates to 1,000,000 games.

The package's bytecode is compiled first (`compileall`, as `pip install` does): with
PYTHONDONTWRITEBYTECODE set (this machine sets it), an editable install would otherwise compile
every module of ratdsl from source in every process, which no installed copy does.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.append(str(ROOT / "benchmarks"))
from anchor import ANCHOR, anchor_missing  # noqa: E402


def ratdsl_command() -> list[str]:
    """The installed `ratdsl` script when it runs this checkout's package, else this checkout's
    package run as a module (a git worktree beside the installed checkout)."""
    found = shutil.which("ratdsl", path=str(Path(sys.executable).parent))
    spec = importlib.util.find_spec("ratdsl")
    installed_here = spec is not None and spec.origin is not None and Path(spec.origin).parent.parent == ROOT
    return [found] if found and installed_here else [sys.executable, "-m", "ratdsl.cli.main"]


def wall(args: list[str]) -> float:
    """Seconds a command takes from start to exit (it must succeed)."""
    start = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return elapsed


def simulate_args(games: int, players: int, workers: int | str = 1, native: str = "kept") -> list[str]:
    return [*ratdsl_command(), "simulate", "rules/ratland", "--players", str(players), "--agents",
            "random", "--games", str(games), "--seed", "1", "--workers", str(workers),
            *(["--native", "off"] if native == "off" else [])]


def build_native(players: int) -> None:
    """Makes (or finds) the native build of this table size, as `--native on` does once."""
    elapsed = wall([*simulate_args(1, players), "--native", "on"])
    print(f"native build, {players} players: {elapsed:.1f} s (made once per rules and table size; "
          "about 0.2 s when it is kept already)")


def compare(games: int, players: int, repeat: int, workers: str = "1", native: str = "kept") -> None:
    engine_runs, anchor_runs = [], []
    for _ in range(repeat):
        engine_runs.append(wall(simulate_args(games, players, workers, native)))
        anchor_runs.append(wall([sys.executable, str(ANCHOR), str(games), str(players), "1"]))
    engine, anchor = min(engine_runs), min(anchor_runs)
    print(f"{games:6d} games, {players} players: ratdsl simulate {games / engine:8.1f} games/s "
          f"({engine:6.2f} s) | anchor {games / anchor:8.1f} games/s ({anchor:6.2f} s) | "
          f"ratio {anchor / engine:.3f}")


def startup(repeat: int, native: str) -> None:
    """The two start-up figures of issue 13: `check` and a one-game `simulate`."""
    for label, args in (("ratdsl check rules/ratland", [*ratdsl_command(), "check", "rules/ratland"]),
                        ("ratdsl simulate --games 1", simulate_args(1, 4, native=native))):
        best = min(wall(args) for _ in range(repeat))
        print(f"start-up: {label}: {1000 * best:.0f} ms (best of {repeat})")


def million(sample: int, native: str) -> None:
    if native == "kept":
        build_native(4)  # (a run of a million games makes it first: ratdsl simulate --native auto)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    elapsed = wall(simulate_args(sample, 4, workers=2, native=native))
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"{sample} four-player games with --workers 2: {elapsed:.1f} s "
          f"({sample / elapsed:.0f} games/s); largest process {peak_kib / 1024:.0f} MiB "
          f"(was {before / 1024:.0f} MiB before)")
    print(f"extrapolated to 1,000,000 games: {1_000_000 / sample * elapsed / 60:.1f} minutes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1500, 6000])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 6])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--million", action="store_true")
    parser.add_argument("--sample", type=int, default=100_000)
    parser.add_argument("--workers", default="1", help="auto or a number: ratdsl simulate's --workers (default 1)")
    parser.add_argument("--native", choices=["kept", "off"], default="kept",
                        help="kept: make the native builds first, then time the command as typed; off: --native off")
    args = parser.parse_args()
    compileall.compile_dir(str(ROOT / "ratdsl"), quiet=1)  # (see the module's docstring)
    if args.million:
        million(args.sample, args.native)
        return
    if (missing := anchor_missing()) is not None:
        sys.exit(missing + "; this comparison is all this run does (--million needs no anchor)")
    print(f"whole process, best of {args.repeat}, interleaved; {os.cpu_count()} cores; "
          f"ratdsl simulate --workers {args.workers}" + (" --native off" if args.native == "off" else ""))
    if args.native == "kept":
        for players in sorted({4, *args.players}):
            build_native(players)
    startup(args.repeat, args.native)
    for players in args.players:
        for games in args.games:
            compare(games, players, args.repeat, args.workers, args.native)


if __name__ == "__main__":
    main()
