"""Games per second: the engine playing rules/ratland against the hand-written reference.

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

from reference import play_reference  # noqa: E402

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


def time_reference(players: int, seeds: range, clock: list[float] | None) -> tuple[float, list]:
    states = []
    start = time.perf_counter()
    for seed in seeds:
        r = play_reference(players, seed, agents_for(players, seed, clock), Chance(seed))
        states.append((r["state"], r["scores"], r["winners"], r["rounds"]))
    return time.perf_counter() - start, states


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
    runs: dict[str, list] = {"engine": [], "reference": []}
    for _ in range(args.repeat):
        for side, run in (("engine", lambda clock: time_engine(definition, n, seeds, clock)),
                          ("reference", lambda clock: time_reference(n, seeds, clock))):
            clock = [0.0]
            elapsed, states = run(clock)
            runs[side].append((elapsed, clock[0], states))
    engine_s, engine_agents, engine_states = min(runs["engine"], key=lambda r: r[0])
    reference_s, reference_agents, reference_states = min(runs["reference"], key=lambda r: r[0])
    agree = sum(a == b for a, b in zip(engine_states, reference_states))

    print(f"{args.games} games, {n} players, random agents, same seeds (best of {args.repeat})")
    print(f"  engine    : {args.games / engine_s:9.1f} games/s  ({1000 * engine_s / args.games:7.2f} ms/game)")
    print(f"  reference : {args.games / reference_s:9.1f} games/s  ({1000 * reference_s / args.games:7.2f} ms/game)")
    print(f"  engine games/s / reference games/s: {reference_s / engine_s:.3f} (target 0.5; "
          f"the engine takes {engine_s / reference_s:.1f}x as long)")
    engine_logic = engine_s - engine_agents
    reference_logic = reference_s - reference_agents
    print(f"  agents' decide() time: {1000 * engine_agents / args.games:.2f} ms/game (engine run), "
          f"{1000 * reference_agents / args.games:.2f} ms/game (reference run)")
    print(f"  without it: engine {1000 * engine_logic / args.games:.2f} ms/game, reference "
          f"{1000 * reference_logic / args.games:.2f} ms/game, speed ratio {reference_logic / engine_logic:.3f}")
    print(f"  end states agree: {agree}/{args.games}")
    if agree != args.games:
        sys.exit(1)


if __name__ == "__main__":
    main()
