"""Parallel simulation: the same games with 1 and with 2 workers; prints the speed-up and checks
that both reports are identical.

    python benchmarks/bench_parallel.py [--games 600] [--players 4]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ratdsl.simulation import SimulationSpec, simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    spec = SimulationSpec(str(ROOT / "rules" / "ratland"), (), (), args.players, ("random",))
    simulate(spec, 10, 1)  # warm the caches
    times, reports = {}, {}
    for workers in (1, 2):
        start = time.perf_counter()
        reports[workers] = simulate(spec, args.games, 1, workers=workers)
        times[workers] = time.perf_counter() - start
        print(f"{workers} worker(s): {args.games} games in {times[workers]:.1f} s "
              f"({args.games / times[workers]:.0f} games/s)")
    print(f"speed-up with 2 workers: {times[1] / times[2]:.2f}x")
    print("reports identical:", reports[1] == reports[2])


if __name__ == "__main__":
    main()
