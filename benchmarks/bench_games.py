"""Whole-process games per second of the three games (issue 32): `ratdsl simulate` on RatLand,
Rattus and Ratatopolis, each run as its own process, the three taking turns so a slow spell of
the machine falls on all of them; the best of `--repeat` rounds of each is kept.

The issue's goal: Rattus and Ratatopolis each play at least a quarter as many games per second
as RatLand. Each game's share of RatLand's rate is printed beside it, with the engine the report
says played the games where it says so (its `engine` object), so a figure of the reference
engine is not read as one of the compiled target.

    nice -n 19 python benchmarks/bench_games.py [--games 300] [--players 4] [--repeat 3]
                                                [--workers 1] [--extra ARG ...] [--reference]

`--extra` is passed to every `ratdsl simulate` (e.g. `--extra=--native --extra=off`). `--reference`
also times each game on `--engine reference`, interleaved, and prints each game's rate against it
(issue 32: each game's native build against its reference engine).

The package's bytecode is compiled first, as bench_process.py does (as `pip install` does): with
PYTHONDONTWRITEBYTECODE set (this machine sets it), every process would otherwise compile every
module of ratdsl from source, some 0.2 s that weighs most on the shortest run, RatLand's.
"""

from __future__ import annotations

import argparse
import compileall
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.append(str(ROOT / "benchmarks"))
from bench_process import ratdsl_command  # noqa: E402

GAMES = ("ratland", "rattus", "ratatopolis")


def timed_run(game: str, games: int, players: int, workers: str, extra: list[str], out: Path) -> float:
    """Seconds one `ratdsl simulate` of this game takes from start to exit (it must succeed)."""
    args = [*ratdsl_command(), "simulate", f"rules/{game}", "-p", str(players), "-n", str(games),
            "-w", workers, "--out", str(out), *extra]
    start = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(args)}\n{done.stderr.strip()[-2000:]}")
    return took


def engine_words(report: Path) -> str:
    """What the report says played the games, when it says so (older reports have no `engine`)."""
    try:
        engine = json.loads(report.read_text()).get("engine")
    except (OSError, ValueError):
        return "?"
    if not isinstance(engine, dict):
        return "(report names no engine)"
    return json.dumps(engine, sort_keys=True)[:120]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", default="1")
    ap.add_argument("--extra", action="append", default=[])
    ap.add_argument("--reference", action="store_true",
                    help="also time each game on --engine reference (the tree-walker), the same way, and "
                         "print how many times as many games/s the first runs play")
    a = ap.parse_args()
    compileall.compile_dir(str(ROOT / "ratdsl"), quiet=1)  # (see the module's docstring)
    arms = {"": a.extra, **({"reference": [*a.extra, "--engine", "reference"]} if a.reference else {})}
    best: dict[tuple[str, str], float] = {}
    said: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for game in GAMES:  # (once untimed: the caches of compiled modules and parsed rules are made)
            timed_run(game, 1, a.players, "1", a.extra, Path(tmp) / f"{game}.json")
        for _ in range(a.repeat):
            for game in GAMES:
                for arm, extra in arms.items():
                    out = Path(tmp) / f"{game}{arm}.json"
                    took = timed_run(game, a.games, a.players, a.workers, extra, out)
                    best[game, arm] = min(best.get((game, arm), took), took)
                    if not arm:
                        said[game] = engine_words(out)
    base = a.games / best["ratland", ""]
    print(f"{a.games} games, {a.players} players, -w {a.workers}, best of {a.repeat}, whole process")
    for game in GAMES:
        took = best[game, ""]
        rate = a.games / took
        against = f"  {best[game, 'reference'] / took:5.1f}x the reference engine's" if a.reference else ""
        print(f"  {game:<12} {took:7.2f} s  {rate:8.1f} games/s  {rate / base:6.3f} of RatLand{against}  {said[game]}")


if __name__ == "__main__":
    main()
