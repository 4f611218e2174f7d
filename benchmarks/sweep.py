"""Plays many seeded games at several player counts and prints what they did.

Every game runs the engine's conservation check after each step, so a token created or lost
anywhere stops the sweep with the rule and step that did it.

    python benchmarks/sweep.py --games 1000 --players 2 3 4 5 6 8 12 [--with MODULE] [-o NAME=VALUE]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ratdsl.session import load_rules, new_game, parse_option_pairs  # noqa: E402


def sweep(rules: Path, players: int, games: int, modules: list[str], options: dict[str, str]) -> dict:
    definition = load_rules(rules, modules, options)
    rounds: Counter[int] = Counter()
    scores = []
    start = time.perf_counter()
    for seed in range(games):
        result = new_game(definition, players, seed).play()
        rounds[result.rounds] += 1
        scores.extend(result.scores.values())
    elapsed = time.perf_counter() - start
    return {"players": players, "games": games, "rounds": dict(sorted(rounds.items())),
            "mean_score": statistics.mean(scores), "ms_per_game": 1000 * elapsed / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=Path, default=ROOT / "rules" / "ratland")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6, 8, 12])
    parser.add_argument("--with", dest="modules", action="append", default=[])
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args()
    options = parse_option_pairs(args.option)
    print(f"{'players':>7} {'games':>6} {'rounds (count)':<44} {'mean score':>10} {'ms/game':>8}")
    for n in args.players:
        row = sweep(args.rules, n, args.games, args.modules, options)
        rounds = " ".join(f"{r}:{c}" for r, c in row["rounds"].items())
        print(f"{n:>7} {row['games']:>6} {rounds:<44} {row['mean_score']:>10.2f} {row['ms_per_game']:>8.1f}",
              flush=True)
    print("no conservation error, no runtime error")


if __name__ == "__main__":
    main()
