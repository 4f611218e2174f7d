"""The step budget (R002) in seconds, and its margin over real games (issue 39).

Part 1 times each runaway example (a loop or rule that never ends) until it stops with R002: on the
tree-walker (the reference), on the flat target (which names the loop that used the budget itself,
flat/budget.py; where no loop, rule call or func that calls itself did, the reference plays the game
again to report it: its time is then the sum) and through `ratdsl run -q` in a fresh process (with Python's bytecode
kept, as a user's runs have it). The budget is chosen so that each stops within 2 s on either engine.

Part 2 plays the real games, the three bundled ones at every player count they allow, RatLand with
each set of its modules and each variant, on the tree-walker with random agents, and prints the
most steps a game took against the budget: the margin.

    nice -n 19 python benchmarks/bench_budget.py [--seeds N] [--skip-real] [--skip-runaway]

Timings vary on a busy machine: each runaway time is the fastest of `--runs` runs (default 1).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ratdsl.agents.random_agent import RandomAgent, agent_seed  # noqa: E402
from ratdsl.engine import Game  # noqa: E402
from ratdsl.engine.errors import RuleRuntimeError  # noqa: E402
from ratdsl.engine.flat.budget import budget_error  # noqa: E402
from ratdsl.engine.flat.game import FlatModule, Stopped, flat_module, play_module  # noqa: E402
from ratdsl.engine.limits import DEFAULT_STEP_BUDGET  # noqa: E402
from ratdsl.session import load_rules  # noqa: E402

HEADER = '''game runaway "Runaway" {
  players 2..2
}
tokens coin
zone bank
per player zone purse
var k = 0
var counter = 0
setup {
  step coins {
    create {coin: 5} in bank
  }
}
round main
'''

# Each a step body (and declarations) that never ends; issue 39's examples first.
RUNAWAYS: dict[str, tuple[str, str]] = {
    "while, set another variable": ("    while k < 5 {\n      set counter = counter + 1\n    }", ""),
    "while, set the tested variable": ("    while k < 5 {\n      set k = k + 0\n    }", ""),
    "repeat 99999 x 99999, a move back and forth": (
        "    repeat 99999 times {\n      repeat 99999 times {\n        move 1 coin from bank to active.purse\n"
        "        move 1 coin from active.purse to bank\n      }\n    }", ""),
    "while true, let": ("    while true {\n      let x = 1\n    }", ""),
    "for each over a long range, a comprehension": (
        "    for each i in 1..99999 {\n      for each j in 1..99999 {\n"
        "        let xs = [x * 2 for x in 1..10]\n      }\n    }", ""),
    "nested comprehension, in a loop": (
        "    while true {\n      let xs = [x + y for x in 1..300 for y in 1..300]\n    }", ""),
    "rule that calls itself twice": ("    do twice(0)",
                                     "rule twice(n) {\n  if n < 100 {\n    do twice(n + 1)\n"
                                     "    do twice(n + 1)\n  }\n}\n"),
    "func that branches": ("    let x = fib(60)",
                           "func fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)\n"),
    "sum of a long range, in a loop": ("    while true {\n      let n = sum(1..99999)\n    }", ""),
    "query over a long list, in a loop": (
        "    while true {\n      let n = size((1..99999) where it > 5)\n    }", ""),
    # built-ins, `in` and `+` over a list made once: each pays a step per item (builtins.list_items)
    "max of a long list, in a loop": ("    let xs = 1..5000\n    while true {\n      let n = max(xs)\n    }", ""),
    "membership in a long list, in a loop": (
        "    let xs = 1..5000\n    while true {\n      let b = 7 in xs\n    }", ""),
    "joining long lists, in a loop": ("    let xs = 1..5000\n    while true {\n      let ys = xs + xs\n    }", ""),
}


def write_game(folder: Path, body: str, extra: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.rat").write_text(HEADER + extra + 'phase main "Main" {\n  step only {\n' + body
                                     + "\n  }\n}\n")
    return folder


def agents() -> list:
    return [RandomAgent(agent_seed(0, s)) for s in range(2)]


def play_game(d) -> None:
    Game(d, 2, 0, agents=agents()).play()


def timed(fn) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        fn()
        what = "ended (no R002!)"
    except RuleRuntimeError as err:
        what = f"{err.code} l.{err.line}"
    except Stopped:
        what = "stopped"
    return time.perf_counter() - start, what


def flat_then_reference(module: FlatModule, d) -> None:
    """What `ratdsl run` plays: the flat module, which names R002 itself where the budget ran out
    inside a loop, rule call or func that calls itself (flat/budget.py); elsewhere the reference
    plays the game again."""
    try:
        play_module(module, 0, agents())
    except Stopped:
        err = budget_error(module, DEFAULT_STEP_BUDGET)
        if err is not None:
            raise err from None
        play_game(d)


def cli_environment(folder: Path) -> dict[str, str]:
    """A fresh process as a user's runs it: Python's bytecode kept (here in a folder of this run,
    not beside the sources), so what is timed is not the compiling of ratdsl's own modules on a
    machine that writes no bytecode (PYTHONDONTWRITEBYTECODE)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    env["RATDSL_CACHE_DIR"] = str(folder / "cache")
    return env


def runaway(folder: Path, runs: int) -> None:
    print(f"Part 1: runaway rules, budget {DEFAULT_STEP_BUDGET:,} steps (fastest of {runs})")
    print(f"{'example':48} {'tree-walker':>18} {'flat':>10} {'run -q':>8}")
    worst = 0.0
    env = cli_environment(folder)
    ratdsl = str(Path(sys.executable).parent / "ratdsl")
    games = [write_game(folder / f"g{i}", body, extra) for i, (body, extra) in enumerate(RUNAWAYS.values())]
    subprocess.run([ratdsl, "run", str(games[0]), "-q", "--players", "2"], capture_output=True, cwd=ROOT,
                   env=env)  # (the bytecode of every module `run` reads written once, untimed)
    for name, game in zip(RUNAWAYS, games):
        d = load_rules(game)
        times = {"tree": min(timed(partial(play_game, d)) for _ in range(runs))}
        module = flat_module(d, 2)
        if isinstance(module, FlatModule):
            flat = min(timed(partial(flat_then_reference, module, d)) for _ in range(runs))
            flat_text = f"{flat[0]:9.2f}s"
        else:
            flat_text = "    (none)"
        cli = float("inf")
        for _ in range(runs):
            start = time.perf_counter()
            done = subprocess.run([ratdsl, "run", str(game), "-q", "--players", "2"],
                                  capture_output=True, cwd=ROOT, text=True, env=env)
            cli = min(cli, time.perf_counter() - start)
        if "R002" not in done.stdout + done.stderr:
            print(f"  (ratdsl run did not stop with R002: {(done.stdout + done.stderr).strip()[-200:]})")
        worst = max(worst, times["tree"][0], cli)
        print(f"{name:48} {times['tree'][0]:6.2f}s {times['tree'][1]:10} {flat_text} {cli:7.2f}s")
    print(f"slowest: {worst:.2f} s {'(within 2 s)' if worst <= 2 else '(OVER 2 s)'}")


def real_games(seeds: int) -> None:
    rules = ROOT / "rules"
    sets: list[tuple[str, Path, tuple[str, ...]]] = [
        ("ratland", rules / "ratland", ()), ("ratland+clans", rules / "ratland", ("clans",)),
        ("ratland+aggressive", rules / "ratland", ("aggressive",)),
        ("ratland+clans+aggressive", rules / "ratland", ("clans", "aggressive")),
        *[(f"ratland variant {v.stem}", v, ()) for v in sorted((rules / "ratland" / "variants").glob("*.rat"))],
        ("rattus", rules / "rattus", ()), ("ratatopolis", rules / "ratatopolis", ())]
    print(f"\nPart 2: steps of real games ({seeds} seeds at each player count, random agents)")
    overall = 0
    for label, path, modules in sets:
        d = load_rules(path, modules)
        most, where = 0, None
        for players in range(d.game.min_players, d.game.max_players + 1):
            for seed in range(seeds):
                game = Game(d, players, seed, agents=[RandomAgent(agent_seed(seed, s)) for s in range(players)])
                game.play()
                if game.interp.steps > most:
                    most, where = game.interp.steps, (players, seed)
        overall = max(overall, most)
        print(f"  {label:36} most {most:>9,} steps (players {where[0]}, seed {where[1]})")
    print(f"most steps of any real game: {overall:,}; budget {DEFAULT_STEP_BUDGET:,}: "
          f"margin {DEFAULT_STEP_BUDGET / max(overall, 1):.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--skip-real", action="store_true")
    parser.add_argument("--skip-runaway", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_runaway:
            runaway(Path(tmp), args.runs)
    if not args.skip_real:
        real_games(args.seeds)


if __name__ == "__main__":
    main()
