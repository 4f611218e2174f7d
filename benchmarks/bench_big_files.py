"""Commands on big rule files (issue 39): each command should take time close to linear in the
file's size, under 3 s on the largest file the loader accepts.

Writes three games: one whose file holds one long list (about 1.5 MB), one with a long table
(about 0.8 MB), one with thousands of unknown names; then times `ratdsl ast`, `check`, `fmt`,
`run -q` and `summary` on each, in a fresh process (the parse cache off, so every run parses),
and prints the times. `--profile COMMAND KIND` runs one in this process under cProfile instead,
printing the 25 costliest functions.

    nice -n 19 python benchmarks/bench_big_files.py [--scale 1.0] [--timeout 60]
    python benchmarks/bench_big_files.py --profile ast list
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEADER = '''game big "Big" {
  players 2..2
  ends after 1 rounds
}
tokens coin
zone bank
per player zone purse
setup {
  step coins {
    create {coin: 5} in bank
  }
}
round main
'''
COMMANDS = {"ast": ["ast"], "check": ["check"], "fmt": ["fmt", "--check"], "run": ["run", "-q", "-p", "2"],
            "summary": ["summary"]}


def long_list(size: int) -> str:
    """One const list of numbers, `size` bytes or so, used once."""
    n = size // 8
    items = ", ".join(str(100000 + i) for i in range(n))
    return (HEADER + f"const xs = [{items}]\n"
            + 'phase main "Main" {\n  step only {\n    say "n" with size(xs)\n  }\n}\n')


def long_table(size: int) -> str:
    """A table of one row per number, `size` bytes or so."""
    n = size // 24
    rows = "\n".join(f"  {i}..{i} -> {i * 2}" for i in range(n))
    return (HEADER + f'table t(n) "Long" {{\n{rows}\n  otherwise -> 0\n}}\n'
            + 'phase main "Main" {\n  step only {\n    say "t" with t(3)\n  }\n}\n')


def unknown_names(count: int) -> str:
    """A step that reads `count` names no declaration makes."""
    lines = "\n".join(f"    let a{i} = unknown_{i}" for i in range(count))
    return HEADER + 'phase main "Main" {\n  step only {\n' + lines + "\n  }\n}\n"


def games(folder: Path, scale: float) -> dict[str, Path]:
    made = {}
    for kind, text in (("list", long_list(int(1_500_000 * scale))), ("table", long_table(int(800_000 * scale))),
                       ("unknown", unknown_names(int(5_000 * scale)))):
        game = folder / kind
        game.mkdir(parents=True, exist_ok=True)
        (game / "game.rat").write_text(text)
        made[kind] = game
    return made


def timed(command: str, game: Path, timeout: float) -> tuple[float, str]:
    ratdsl = str(Path(sys.executable).parent / "ratdsl")
    path = game / "game.rat" if command in ("ast", "fmt") else game
    env = dict(os.environ, RATDSL_CACHE_DIR=tempfile.mkdtemp(dir=game.parent))  # (empty: every run parses)
    start = time.perf_counter()
    try:
        done = subprocess.run([ratdsl, *COMMANDS[command][:1], str(path), *COMMANDS[command][1:]],
                              capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return timeout, "timeout"
    out = (done.stdout + done.stderr).strip().splitlines()
    error = next((line for line in out if " E0" in line or " E2" in line or " R0" in line or "error" in line), "")
    return time.perf_counter() - start, f"exit {done.returncode} {error[:60]}"


def profile(command: str, kind: str, scale: float) -> None:
    from typer.testing import CliRunner

    from ratdsl.cli.main import app

    with tempfile.TemporaryDirectory() as tmp:
        game = games(Path(tmp), scale)[kind]
        path = game / "game.rat" if command in ("ast", "fmt") else game
        args = [COMMANDS[command][0], str(path), *COMMANDS[command][1:]]
        profiler = cProfile.Profile()
        start = time.perf_counter()
        profiler.enable()
        CliRunner().invoke(app, args)
        profiler.disable()
        print(f"{command} on {kind}: {time.perf_counter() - start:.2f} s")
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--profile", nargs=2, metavar=("COMMAND", "KIND"))
    args = parser.parse_args()
    if args.profile:
        profile(*args.profile, args.scale)
        return
    with tempfile.TemporaryDirectory() as tmp:
        made = games(Path(tmp), args.scale)
        print(f"{'file':10} {'size':>9}  " + "  ".join(f"{c:>8}" for c in COMMANDS))
        worst = 0.0
        for kind, game in made.items():
            size = (game / "game.rat").stat().st_size
            cells, notes = [], []
            for command in COMMANDS:
                seconds, what = timed(command, game, args.timeout)
                worst = max(worst, seconds)
                cells.append(f"{seconds:7.2f}s")
                notes.append(f"{command}: {what}")
            print(f"{kind:10} {size:9,}  " + "  ".join(cells))
            for note in notes:
                print(f"{'':22}{note}")
        print(f"slowest: {worst:.2f} s {'(within 3 s)' if worst <= 3 else '(OVER 3 s)'}")


if __name__ == "__main__":
    main()
