"""Machine instructions per game, engine, reference and the independent anchor, counted by valgrind.

Timings on a shared machine move by a few percent from run to run, which hides the effect of a
small change. The number of instructions a game executes does not move (with PYTHONHASHSEED
fixed), so it is the figure to compare before and after such a change. It is not the speed:
cache misses and branch mispredictions cost time too, so confirm with bench_speed.py.

    python benchmarks/bench_instructions.py [--games 40] [--players 4] [--warm 5]

Each side plays `warm` games, then `warm + games` games, in fresh processes under
`valgrind --tool=callgrind`; the difference divided by `games` is the cost of one game, without
the import, the loading of the rules and the generation of code. Needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ENGINE = """
import sys
from ratdsl.agents.random_agent import RandomAgent
from ratdsl.engine import Game
from ratdsl.agents.random_agent import agent_seed
from ratdsl.session import load_rules
definition = load_rules(sys.argv[1])
players, games = int(sys.argv[2]), int(sys.argv[3])
for seed in range(games):
    Game(definition, players, seed, agents=[RandomAgent(agent_seed(seed, s)) for s in range(players)]).play()
"""

# The flat target (ratdsl/engine/flat), the one `ratdsl simulate` uses: its module is generated
# by the warm-up games, not counted.
FLAT = """
import sys
from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine.flat.game import flat_module, play_module
from ratdsl.session import load_rules
definition = load_rules(sys.argv[1])
players, games = int(sys.argv[2]), int(sys.argv[3])
module = flat_module(definition, players)
for seed in range(games):
    play_module(module, seed, [RandomAgent(agent_seed(seed, s)) for s in range(players)])
"""

REFERENCE = """
import sys
sys.path.insert(0, sys.argv[4])
from reference import play_reference
from ratdsl.agents.random_agent import RandomAgent
from ratdsl.engine.chance import Chance
from ratdsl.agents.random_agent import agent_seed
players, games = int(sys.argv[2]), int(sys.argv[3])
for seed in range(games):
    play_reference(players, seed, [RandomAgent(agent_seed(seed, s)) for s in range(players)], Chance(seed))
"""

# The independent anchor (../shared/anchors/ratland_handwritten.py) plays 3-6 players.
ANCHOR_SCRIPT = """
import importlib.util, random, sys
spec = importlib.util.spec_from_file_location("anchor", sys.argv[5])
anchor = importlib.util.module_from_spec(spec)
spec.loader.exec_module(anchor)
players, games = int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(1)
for _ in range(games):
    anchor.play(players, rng)
"""
ANCHOR = ROOT.parent / "shared" / "anchors" / "ratland_handwritten.py"


def instructions(script: str, players: int, games: int) -> int:
    """Instructions executed by a fresh Python running `script` for `games` games."""
    # (the on-disk caches off: a run that generates the flat module and one that loads it from
    # the cache would differ by the generation, which the difference of two runs must not count)
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT), "RATDSL_CACHE_DIR": ""}
    args = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", script,
            str(ROOT / "rules" / "ratland"), str(players), str(games), str(ROOT / "benchmarks"),
            str(ANCHOR)]
    done = subprocess.run(args, capture_output=True, text=True, env=env, cwd=ROOT)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        sys.exit(f"valgrind failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_game(script: str, players: int, games: int, warm: int) -> float:
    return (instructions(script, players, warm + games) - instructions(script, players, warm)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--warm", type=int, default=5, help="games played first, not counted")
    parser.add_argument("--flat-only", action="store_true", help="count the flat target and the anchor only")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: apt-get install valgrind")
    parser_only = args.flat_only
    engine = None if parser_only else per_game(ENGINE, args.players, args.games, args.warm)
    flat = per_game(FLAT, args.players, args.games, args.warm)
    reference = None if parser_only else per_game(REFERENCE, args.players, args.games, args.warm)
    print(f"{args.games} games, {args.players} players, random agents, PYTHONHASHSEED=0")
    if engine is not None:
        print(f"  engine    : {engine / 1e6:8.3f} M instructions/game")
        print(f"  reference : {reference / 1e6:8.3f} M instructions/game")
        print(f"  reference / engine: {reference / engine:.3f}")
    print(f"  flat      : {flat / 1e6:8.3f} M instructions/game (ratdsl/engine/flat, what simulate plays)")
    if ANCHOR.exists() and 3 <= args.players <= 6:
        anchor = per_game(ANCHOR_SCRIPT, args.players, args.games, args.warm)
        print(f"  anchor    : {anchor / 1e6:8.3f} M instructions/game ({ANCHOR.name}, independent)")
        if engine is not None:
            print(f"  anchor / engine: {anchor / engine:.3f}")
        print(f"  anchor / flat: {anchor / flat:.3f}")


if __name__ == "__main__":
    main()
