"""Machine instructions per game, engine, reference and the independent anchor, counted by valgrind.

Timings on a shared machine move by a few percent from run to run, which hides the effect of a
small change. The number of instructions a game executes does not move (with PYTHONHASHSEED
fixed), so it is the figure to compare before and after such a change. It is not the speed:
cache misses and branch mispredictions cost time too, so confirm with bench_speed.py.

    python benchmarks/bench_instructions.py [--games 40] [--players 4] [--warm 5] [--flat-only] [--native]

Each side plays `warm` games, then `games` more, in a fresh process under `valgrind
--tool=callgrind` counting only while the later games run (they are played inside
`functools.reduce`, the C function the count is toggled on): the import, the loading of the rules
and the generation of code are left out, and so is their own variation from run to run (a
difference of two whole runs had it twice). Needs valgrind on the PATH.
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
players = int(sys.argv[2])
def one(seed):
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
players = int(sys.argv[2])
module = flat_module(definition, players)
def one(seed):
    play_module(module, seed, [RandomAgent(agent_seed(seed, s)) for s in range(players)])
"""

# The same on its native build (ratdsl/engine/flat/native.py: `simulate --native`), made or
# found in the user's cache folder before the count (the compiler runs outside valgrind).
NATIVE = FLAT + """
from ratdsl.engine.flat import native
if not native.attach(module, build=True):
    sys.exit("no native build: " + str(native.unavailable() or "the build failed"))
"""

REFERENCE = """
import sys
sys.path.insert(0, sys.argv[4])
from reference import play_reference
from ratdsl.agents.random_agent import RandomAgent
from ratdsl.engine.chance import Chance
from ratdsl.agents.random_agent import agent_seed
players = int(sys.argv[2])
def one(seed):
    play_reference(players, seed, [RandomAgent(agent_seed(seed, s)) for s in range(players)], Chance(seed))
"""

# The independent anchor (benchmarks/anchor.py says where it is) plays 3-6 players.
ANCHOR_SCRIPT = """
import importlib.util, random, sys
spec = importlib.util.spec_from_file_location("anchor", sys.argv[5])
anchor = importlib.util.module_from_spec(spec)
spec.loader.exec_module(anchor)
players = int(sys.argv[2])
rng = random.Random(1)
def one(seed):
    anchor.play(players, rng)
"""
sys.path.append(str(ROOT / "benchmarks"))
from anchor import ANCHOR, anchor_missing  # noqa: E402

# Every script ends so: the warm-up games, then the counted ones inside functools.reduce, the C
# function valgrind counts in (--toggle-collect): imports, loading and generating are not counted.
GAMES = """
import functools
warm, games = int(sys.argv[6]), int(sys.argv[3])
for seed in range(warm):
    one(seed)
functools.reduce(lambda acc, seed: one(seed) or acc, range(warm, warm + games), 0)
"""


def instructions(script: str, players: int, games: int, warm: int) -> int:
    """Instructions executed by `games` games of `script`, after `warm` games not counted."""
    # (the on-disk caches off: the flat module is generated in the process, outside the count;
    # a native build is kept there, so the native script has the user's cache folder)
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
    if script is not NATIVE:
        env["RATDSL_CACHE_DIR"] = ""
    args = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce",
            "--callgrind-out-file=/dev/null", sys.executable, "-c", script + GAMES,
            str(ROOT / "rules" / "ratland"), str(players), str(games), str(ROOT / "benchmarks"),
            str(ANCHOR), str(warm)]
    done = subprocess.run(args, capture_output=True, text=True, env=env, cwd=ROOT)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        sys.exit(f"valgrind failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_game(script: str, players: int, games: int, warm: int) -> float:
    return instructions(script, players, games, warm) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--warm", type=int, default=5, help="games played first, not counted")
    parser.add_argument("--flat-only", action="store_true", help="count the flat target and the anchor only")
    parser.add_argument("--native", action="store_true", help="count the flat target's native build too")
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
    built = per_game(NATIVE, args.players, args.games, args.warm) if args.native else None
    if built is not None:
        print(f"  native    : {built / 1e6:8.3f} M instructions/game (its native build: simulate --native)")
    if (missing := anchor_missing()) is not None:
        print("  " + missing)
    elif 3 <= args.players <= 6:
        anchor = per_game(ANCHOR_SCRIPT, args.players, args.games, args.warm)
        print(f"  anchor    : {anchor / 1e6:8.3f} M instructions/game ({ANCHOR.name}, independent)")
        if engine is not None:
            print(f"  anchor / engine: {anchor / engine:.3f}")
        print(f"  anchor / flat: {anchor / flat:.3f}")
        if built is not None:
            print(f"  anchor / native: {anchor / built:.3f}")


if __name__ == "__main__":
    main()
