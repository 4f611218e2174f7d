"""Games per second: the engine playing rules/ratland against the independent anchor and the
in-repo reference.

The speed anchor (`benchmarks/anchor.py` says where it is) is an independent hand-written RatLand
in plain Python (base game, 3-6 players, its own random agents): its games/s is the figure the
engine is judged against. It plays its own random games, so only the rate compares, not the
states. `reference.py` is a differential oracle written in this repo, kept for its end states.

Both play the same seeded games in the same run on the same machine, with the engine's default
random agents (`RandomAgent(agent_seed(seed, seat))`) and a fresh `Chance(seed)`; the rules are
loaded once, outside the timing. The time the agents spend deciding (the same code on both sides)
is measured too, so the ratio can also be read for the game logic alone. Every pair of games is
checked to end in the same state.

    python benchmarks/bench_speed.py [--games 200] [--players 4] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for path in (str(ROOT), str(HERE)):  # appended, so nothing already importable is shadowed
    if path not in sys.path:
        sys.path.append(path)

from anchor import ANCHOR as ANCHOR_PATH  # noqa: E402
from anchor import anchor_missing  # noqa: E402
from reference import play_reference  # noqa: E402


def load_anchor() -> Any:
    """The anchor's module, or None (having said so in one line) when it is absent."""
    if (missing := anchor_missing()) is not None:
        print(missing)
        return None
    import importlib.util

    spec = importlib.util.spec_from_file_location("ratland_handwritten", ANCHOR_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

from ratdsl.agents.random_agent import RandomAgent, agent_seed  # noqa: E402
from ratdsl.engine import Game  # noqa: E402
from ratdsl.engine.chance import Chance  # noqa: E402
from ratdsl.session import load_rules  # noqa: E402


class TimedAgent:
    """Adds the time spent in `decide` to a shared clock."""

    __slots__ = ("inner", "clock")

    def __init__(self, inner: Any, clock: list[float]):
        self.inner = inner
        self.clock = clock

    @property
    def reads_view(self) -> bool:  # as the agent it times (see ratdsl.engine.decisions.Agent)
        return getattr(self.inner, "reads_view", True)

    def decide(self, decision):
        start = time.perf_counter()
        answer = self.inner.decide(decision)
        self.clock[0] += time.perf_counter() - start
        return answer


def agents_for(players: int, seed: int, clock: list[float] | None) -> list[Any]:
    agents = [RandomAgent(agent_seed(seed, s)) for s in range(players)]
    return agents if clock is None else [TimedAgent(a, clock) for a in agents]


def time_engine(definition, players: int, seeds: range, clock: list[float] | None) -> tuple[float, list]:
    states = []
    start = time.perf_counter()
    for seed in seeds:
        game = Game(definition, players, seed, agents=agents_for(players, seed, clock))
        result = game.play()
        states.append((result.state, result.scores, result.winners, result.rounds))
    return time.perf_counter() - start, states


def time_flat(definition, players: int, seeds: range, clock: list[float] | None) -> tuple[float, list]:
    """The flat target (ratdsl/engine/flat), module made before the timing as the rules are.
    Its agents answer through the fast protocol, which TimedAgent does not wrap: not timed."""
    from ratdsl.engine.flat.game import flat_module

    return time_module(flat_module(definition, players), players, seeds)


def native_module(definition, players: int) -> Any:
    """The flat module on its native build (ratdsl/engine/flat/native.py: made now when none is
    kept), or None when none can be made here."""
    from ratdsl.engine.flat import native
    from ratdsl.engine.flat.generator import FlatModule

    module = FlatModule(definition, players)
    why = native.unavailable()
    if why is not None or not native.attach(module, build=True):
        print(f"  (no native build: {why or 'the build failed'})")
        return None
    return module


def time_module(module: Any, players: int, seeds: range) -> tuple[float, list]:
    """Games on a flat module made before the timing (run by Python, or its native build)."""
    from ratdsl.engine.flat.game import play_module

    states = []
    start = time.perf_counter()
    for seed in seeds:
        result = play_module(module, seed, agents_for(players, seed, None))
        states.append((result.state, result.scores, result.winners, result.rounds))
    return time.perf_counter() - start, states


def time_reference(players: int, seeds: range, clock: list[float] | None) -> tuple[float, list]:
    states = []
    start = time.perf_counter()
    for seed in seeds:
        r = play_reference(players, seed, agents_for(players, seed, clock), Chance(seed))
        states.append((r["state"], r["scores"], r["winners"], r["rounds"]))
    return time.perf_counter() - start, states


def time_anchor(anchor: Any, players: int, games: int) -> float:
    import random

    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(games):
        anchor.play(players, rng)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs for each side")
    args = parser.parse_args()
    definition = load_rules(ROOT / "rules" / "ratland")
    seeds = range(args.games)
    n = args.players

    # best of --repeat for each side, the runs of the two sides taking turns (so a slow spell of
    # the machine falls on both); the agents' time is measured in every run
    anchor = load_anchor() if 3 <= n <= 6 else None  # the anchor plays 3-6 players
    anchor_runs: list[float] = []
    runs: dict[str, list] = {"engine": [], "reference": [], "flat": [], "native": []}
    built = native_module(definition, n)
    for _ in range(args.repeat):
        for side, run in (("engine", lambda clock: time_engine(definition, n, seeds, clock)),
                          ("flat", lambda clock: time_flat(definition, n, seeds, clock)),
                          ("native", lambda clock: time_module(built, n, seeds) if built else (0.0, [])),
                          ("reference", lambda clock: time_reference(n, seeds, clock))):
            clock = [0.0]
            elapsed, states = run(clock)
            runs[side].append((elapsed, clock[0], states))
        if anchor is not None:
            anchor_runs.append(time_anchor(anchor, n, args.games))
    engine_s, engine_agents, engine_states = min(runs["engine"], key=lambda r: r[0])
    reference_s, reference_agents, reference_states = min(runs["reference"], key=lambda r: r[0])
    flat_s, _, flat_states = min(runs["flat"], key=lambda r: r[0])
    agree = sum(a == b for a, b in zip(engine_states, reference_states))
    flat_agree = sum(a == b for a, b in zip(flat_states, engine_states))
    native_s, _, native_states = min(runs["native"], key=lambda r: r[0])
    native_agree = sum(a == b for a, b in zip(native_states, engine_states)) if built else args.games

    print(f"{args.games} games, {n} players, random agents, same seeds (best of {args.repeat})")
    print(f"  engine    : {args.games / engine_s:9.1f} games/s  ({1000 * engine_s / args.games:7.2f} ms/game)")
    print(f"  flat      : {args.games / flat_s:9.1f} games/s  ({1000 * flat_s / args.games:7.2f} ms/game)"
          "  (ratdsl/engine/flat, the target `simulate` uses)")
    if built:
        print(f"  native    : {args.games / native_s:9.1f} games/s  ({1000 * native_s / args.games:7.2f} ms/game)"
              "  (the flat target's native build, `simulate --native`)")
    print(f"  reference : {args.games / reference_s:9.1f} games/s  ({1000 * reference_s / args.games:7.2f} ms/game)")
    if anchor_runs:
        anchor_s = min(anchor_runs)
        print(f"  anchor    : {args.games / anchor_s:9.1f} games/s  ({1000 * anchor_s / args.games:7.2f} ms/game)"
              f"  ({ANCHOR_PATH.name}, independent)")
        print(f"  engine games/s / anchor games/s: {anchor_s / engine_s:.3f}")
        print(f"  flat games/s / anchor games/s: {anchor_s / flat_s:.3f}")
        if built:
            print(f"  native games/s / anchor games/s: {anchor_s / native_s:.3f}")
    else:
        print(f"  anchor    : not run ({ANCHOR_PATH} missing, or {n} players outside its 3-6)")
    print(f"  engine games/s / reference games/s: {reference_s / engine_s:.3f} "
          f"(the engine takes {engine_s / reference_s:.1f}x as long as the in-repo reference)")
    engine_logic = engine_s - engine_agents
    reference_logic = reference_s - reference_agents
    print(f"  agents' decide() time: {1000 * engine_agents / args.games:.2f} ms/game (engine run), "
          f"{1000 * reference_agents / args.games:.2f} ms/game (reference run)")
    print(f"  without it: engine {1000 * engine_logic / args.games:.2f} ms/game, reference "
          f"{1000 * reference_logic / args.games:.2f} ms/game, speed ratio {reference_logic / engine_logic:.3f}")
    print(f"  end states agree: {agree}/{args.games} (reference), {flat_agree}/{args.games} (flat)"
          + (f", {native_agree}/{args.games} (native)" if built else ""))
    if agree != args.games or flat_agree != args.games or native_agree != args.games:
        sys.exit(1)


if __name__ == "__main__":
    main()
