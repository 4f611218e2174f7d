"""The three games' speed on the default engine (issue 32): `ratdsl simulate RULES -p 4 -n 300 -w 1`
for RatLand, Rattus and Ratatopolis, each a whole process, interleaved in one run (round after
round, so a busy machine slows all three alike); prints each game's games/s (best of the rounds)
and Rattus's and Ratatopolis's rate as a share of RatLand's (the issue's goal: at least 0.25).

    nice -n 19 python benchmarks/bench_games.py [--games 300] [--players 4] [--rounds 2]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("ratland", "rattus", "ratatopolis")
CLI = "from ratdsl.cli.main import main; main()"  # (the `ratdsl` command, run by this Python)


def one_run(game: str, games: int, players: int, out: Path) -> float:
    """Seconds for one whole `ratdsl simulate` process."""
    command = [sys.executable, "-c", CLI, "simulate", str(ROOT / "rules" / game),
               "-p", str(players), "-n", str(games), "-w", "1", "--out", str(out)]
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    best = {g: float("inf") for g in GAMES}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.rounds):
            for game in GAMES:
                best[game] = min(best[game], one_run(game, args.games, args.players, Path(tmp) / f"{game}.json"))
    rates = {g: args.games / best[g] for g in GAMES}
    print(f"{args.games} games, {args.players} players, whole process, best of {args.rounds}:")
    for game in GAMES:
        share = "" if game == "ratland" else f"  ({rates[game] / rates['ratland']:.3f} of RatLand's)"
        print(f"  {game:12} {rates[game]:8.1f} games/s{share}")


if __name__ == "__main__":
    main()
