"""Draws per second of the C random stream (ratdsl/_stream.c) against random.Random, and games per
second of RatLand's native build drawing from Python's streams and agents ("before") and from the C
ones ("after"), against the hand-written anchor (benchmarks/anchor.py), in one run, the sides
taking turns (best of --repeat each). Both sides play the same seeded games: their end states are
checked to be the same.

    python benchmarks/bench_native_random.py [--games 1500] [--players 4] [--repeat 3] [--draws 200000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for path in (str(ROOT), str(HERE)):
    if path not in sys.path:
        sys.path.append(path)

from bench_speed import load_anchor, native_module, time_anchor  # noqa: E402

from ratdsl import kernels  # noqa: E402
from ratdsl.agents.random_agent import RandomAgent, agent_seed  # noqa: E402
from ratdsl.session import load_rules  # noqa: E402

DRAWS = {  # a name, and what one draw is
    "random()": lambda r, i: r.random(),
    "getrandbits(32)": lambda r, i: r.getrandbits(32),
    "_randbelow(37)": lambda r, i: r._randbelow(37),
    "choice(list of 10)": lambda r, i: r.choice(TEN),
    "shuffle(list of 40)": lambda r, i: r.shuffle(FORTY),
    "sample(list of 40, 3)": lambda r, i: r.sample(FORTY, 3),
    "choices(weights, k=1)": lambda r, i: r.choices(TEN, WEIGHTS),
}
TEN, FORTY, WEIGHTS = list(range(10)), list(range(40)), [float(i + 1) for i in range(10)]


def draws_per_second(make: Any, draw: Any, n: int) -> float:
    rng = make(1)
    start = time.perf_counter()
    for i in range(n):
        draw(rng, i)
    return n / (time.perf_counter() - start)


class PythonAgent(kernels.PYTHON.get("FastSampling", object)):  # type: ignore[misc]
    """The random agent as Python plays it: the fast protocol's Python original on random.Random."""

    fast_protocol = True

    def __init__(self, seed: int):
        super().__init__(random.Random(seed))


def time_native(module: Any, players: int, seeds: range, c_side: bool) -> tuple[float, list]:
    """Games on the native build, drawing from the C streams and agents, or from Python's."""
    from ratdsl.engine.flat.game import play_module

    agent = RandomAgent if c_side else PythonAgent
    saved = kernels.STREAM
    kernels.STREAM = saved if c_side else random.Random  # (what Chance(seed) draws from)
    states = []
    try:
        start = time.perf_counter()
        for seed in seeds:
            result = play_module(module, seed, [agent(agent_seed(seed, s)) for s in range(players)])
            states.append((result.state, result.scores, result.winners, result.rounds))
        return time.perf_counter() - start, states
    finally:
        kernels.STREAM = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--draws", type=int, default=200_000)
    args = parser.parse_args()
    if kernels.LOADED is None or not hasattr(kernels.LOADED, "Stream"):
        print(f"no C stream: {kernels.WHY}")
        return

    print(f"draws/s, best of {args.repeat} ({args.draws:,} draws each):")
    for name, draw in DRAWS.items():
        python = c = 0.0
        for _ in range(args.repeat):
            python = max(python, draws_per_second(random.Random, draw, args.draws))
            c = max(c, draws_per_second(kernels.LOADED.Stream, draw, args.draws))
        print(f"  {name:24} random.Random {python:>13,.0f}   C stream {c:>13,.0f}   {c / python:5.1f}x")

    n, seeds = args.players, range(args.games)
    built = native_module(load_rules(ROOT / "rules" / "ratland"), n)
    if built is None:
        return
    anchor = load_anchor() if 3 <= n <= 6 else None
    runs: dict[str, list] = {"before": [], "after": [], "anchor": []}
    for _ in range(args.repeat):
        runs["before"].append(time_native(built, n, seeds, c_side=False))
        runs["after"].append(time_native(built, n, seeds, c_side=True))
        if anchor is not None:
            runs["anchor"].append((time_anchor(anchor, n, args.games), None))
    before_s, before_states = min(runs["before"], key=lambda r: r[0])
    after_s, after_states = min(runs["after"], key=lambda r: r[0])
    same = sum(a == b for a, b in zip(before_states, after_states))
    print(f"RatLand, {n} players, {args.games:,} games, native build, best of {args.repeat}, interleaved:")
    print(f"  before (random.Random, Python agents): {args.games / before_s:9,.0f} games/s")
    print(f"  after  (C stream, C agents):           {args.games / after_s:9,.0f} games/s"
          f"   {before_s / after_s:.2f}x before")
    if runs["anchor"]:
        anchor_rate = args.games / min(r[0] for r in runs["anchor"])
        print(f"  anchor (hand-written RatLand):         {anchor_rate:9,.0f} games/s")
        print(f"  native vs anchor: before {args.games / before_s / anchor_rate:.2f}x, "
              f"after {args.games / after_s / anchor_rate:.2f}x")
    print(f"  the same end state, scores, winners and rounds: {same} of {args.games} games")


if __name__ == "__main__":
    main()
