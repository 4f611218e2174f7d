"""Memory over a long simulation: plays N games in one process, aggregating as it goes, and prints
the resident memory every tenth of the way. The aggregate keeps each game's compared figures for
the paired comparison with a baseline (8 bytes a figure, ~120 bytes a game at 4 players); growth
beyond that means something else grows per game.

    python benchmarks/bench_memory.py [--games 100000] [--players 4]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ratdsl.simulation import Aggregate, SimulationSpec, run_games  # noqa: E402


def rss_mib(pid: int | str = "self") -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def workers_rss() -> str:
    return " ".join(f"{rss_mib(p.pid):.1f}" for p in multiprocessing.active_children())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    spec = SimulationSpec(str(ROOT / "rules" / "ratland"), (), (), args.players, ("random",))
    aggregate = Aggregate(args.players)
    step = max(1, args.games // 10)
    start = time.perf_counter()
    print(f"{'games':>8} {'RSS MiB':>8} {'games/s':>8}  workers' RSS MiB")
    for stats in run_games(spec, args.games, 1, workers=args.workers):
        aggregate.add(stats)
        if aggregate.games % step == 0:
            rate = aggregate.games / (time.perf_counter() - start)
            print(f"{aggregate.games:>8} {rss_mib():>8.1f} {rate:>8.0f}  {workers_rss()}", flush=True)


if __name__ == "__main__":
    main()
