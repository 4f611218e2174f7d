"""The strong player's cost and strength (issue 33): figures printed, never asserted.

    python benchmarks/bench_ismcts.py cost rules/ratland -p 4 --iterations 64 --games 3
    python benchmarks/bench_ismcts.py cost rules/ratland -p 4 --iterations 64 --games 3 --playouts reference
    python benchmarks/bench_ismcts.py wins rules/ratland -p 4 --agent ismcts:200 --against random -n 100

`cost`: iterations per second of `ismcts` in seat 1 against random players (the playouts of every
searched ask over whole games), beside games per second of `simulate`'s reference engine (the
games traced for `balance`) and of the flat target on the same rules, in the same run: one
iteration costs how many simulated games (processor time of this process, so that other work on
a shared machine does not move the ratio). `--playouts reference` plays every playout on the
reference engine (play_on), as before issue 33's flat playouts (agents/flat_playout.py); the
line says how many each engine played, and why the reference played its share. `wins`: the
agent in a rotating seat against the others, its win rate with a Wilson 95% interval and the
seconds per game (the skill gap of docs/metrics.md plus 1/players), printed after every game.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from ratdsl.agents.ismcts import ISMCTSAgent
from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine.flat.game import flat_module
from ratdsl.engine.game import Game
from ratdsl.session import load_rules
from ratdsl.simulation.runner import GamePlayer, SimulationSpec, run_games
from ratdsl.simulation.stats import Proportion


def cost(rules: str, players: int, iterations: int, games: int, on: str = "flat") -> None:
    d = load_rules(rules)
    playouts = searched = fallbacks = 0
    engines: Counter[str] = Counter()
    run = [0]  # playouts played, those that never reached their ask included
    playout = ISMCTSAgent.playout

    def counted(self, *args, **kwargs):
        run[0] += 1
        return playout(self, *args, **kwargs)

    ISMCTSAgent.playout = counted
    # (the engines' code made before the clock starts, as for the two engines timed below: the
    # rules' compiled form and the flat module, which a short run would otherwise count)
    Game(d, players, 0, [RandomAgent(agent_seed(0, s)) for s in range(players)]).play()
    if on == "flat":
        flat_module(d, players)
    started = time.process_time()
    for g in range(games):
        agent = ISMCTSAgent(d, players, agent_seed(g, 0), iterations)
        agent.playouts.enabled = on == "flat"
        Game(d, players, g, [agent] + [RandomAgent(agent_seed(g, s)) for s in range(1, players)]).play()
        searched += agent.searched
        playouts += agent.searched * iterations
        fallbacks += agent.fallbacks
        engines.update(flat=agent.playouts.flat, reference=agent.playouts.reference)
        engines.update({f"  {why}": n for why, n in agent.playouts.reasons.items()})
    search_s = time.process_time() - started
    reference = GamePlayer(SimulationSpec(rules, players=players, trace=True, native="off"), d)
    started = time.process_time()
    for i in range(20):
        reference.play(i, 1)
    ref_rate = 20 / (time.process_time() - started)
    flat = GamePlayer(SimulationSpec(rules, players=players, native="off"), d)
    flat.play(0, 1)  # (the flat module generated or loaded)
    started = time.process_time()
    for i in range(200):
        flat.play(i, 2)
    flat_rate = 200 / (time.process_time() - started)
    it_rate = playouts / search_s
    print(f"{rules}, {players} players, ismcts:{iterations} in seat 1: {searched} asks searched in {games} games, "
          f"{it_rate:.0f} iterations a processor second ({search_s:.1f} s); "
          f"{fallbacks} searched from the view at the ask; "
          f"{run[0] / max(1, playouts):.2f} playouts played an iteration")
    print(f"  playouts played on: flat target {engines['flat']}, reference {engines['reference']}")
    for why, n in sorted(engines.items()):
        if why.startswith("  "):
            print(f"   {n} on the reference: {why.strip()}")
    print(f"  reference engine (traced): {ref_rate:.0f} games/s -> one iteration = {ref_rate / it_rate:.2f} games")
    print(f"  flat target: {flat_rate:.0f} games/s -> one iteration = {flat_rate / it_rate:.2f} games")


def wins(rules: str, players: int, agent: str, against: str, games: int, seed: int) -> None:
    """A line a game (the tally so far: a long run stopped early still says what it measured),
    then the last one."""
    spec = SimulationSpec(rules, players=players, agents=(agent, *[against] * (players - 1)), rotate=True,
                          native="off")
    won = Proportion()
    started = time.perf_counter()
    for played, g in enumerate(run_games(spec, games, seed), 1):
        strong = g.index % players
        won.add(1 / len(g.winners) if strong in g.winners else 0.0)
        low, high = won.wilson()
        print(f"{rules}, {players} players, {agent} in a rotating seat against {against}: won "
              f"{100 * won.rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}] of {played} games (even share "
              f"{100 / players:.1f}%), {(time.perf_counter() - started) / played:.2f} s a game", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["cost", "wins"])
    parser.add_argument("rules")
    parser.add_argument("-p", "--players", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=64)
    parser.add_argument("--games", type=int, default=3, help="cost: games of the searching player")
    parser.add_argument("--agent", default="ismcts:64")
    parser.add_argument("--against", default="random")
    parser.add_argument("-n", type=int, default=100, help="wins: games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", choices=["flat", "reference"], default="flat",
                        help="cost: the engine of the playouts (reference: play_on, as before issue 33)")
    args = parser.parse_args()
    if args.what == "cost":
        cost(args.rules, args.players, args.iterations, args.games, args.playouts)
    else:
        wins(args.rules, args.players, args.agent, args.against, args.n, args.seed)


if __name__ == "__main__":
    main()
