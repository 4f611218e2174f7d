"""Start-up of the two commands a designer runs most: `ratdsl check rules/ratland` and a one-game
`ratdsl simulate rules/ratland --games 1`, each a whole process (issue 13: under 150 ms on an
idle machine).

For each command: the wall time over --runs runs (median and fastest) and the CPU time of the
process (user + system, median: less disturbed than the wall time when other work shares the
cores), then the 10 imports with the largest cumulative time in one run under
`python -X importtime` (a package's time includes the modules it imports).

    python benchmarks/bench_startup.py [--runs 10] [--top 10] [--against DIR] [--instructions]

--against DIR times another copy of the package too (DIR holds its `ratdsl` folder, e.g. made with
`git archive main ratdsl | tar -x -C DIR`), the two taking turns so that a busy spell of the
machine falls on both. An editable install's import hook would load this worktree's package
whatever PYTHONPATH says, so with --against both copies are started the same way, without the
`site` module (`python -S`), the copy's folder and then the environment's site-packages first on
the path: the two figures compare with each other, each a few ms below the installed script's.

--instructions also counts the instructions of one run of each command (and of `python -c pass`)
under valgrind's callgrind: a figure that a busy machine does not change, for comparing two copies
(with --against) on a machine other work shares; a run takes some seconds.

The caches are warm (one unmeasured run of each command first): the parsed rule files and Lark's
compiled grammar come from their caches, as they do for a designer after the first run. The
package's bytecode is compiled first (`compileall`, as `pip install` does): with
PYTHONDONTWRITEBYTECODE set, an editable install would otherwise compile every module of ratdsl
in every process and the figure would measure that. The load average is printed before and
after: on a busy machine the wall times are longer than on an idle one. So is the start of a bare
Python (`python -c pass`, timed the same way, in turns with the commands): each command's median is
also given as a multiple of it, a figure that a busy machine disturbs less (times the bare start on
an idle machine, 10-20 ms, it estimates the idle figure).
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import site
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {"ratdsl check rules/ratland": ["check", "rules/ratland"],
            "ratdsl simulate rules/ratland --games 1": ["simulate", "rules/ratland", "--games", "1"]}
IMPORT_LINE = re.compile(r"^import time:\s*(\d+)\s*\|\s*(\d+)\s*\|( *)(\S+)\s*$")


def ratdsl_command() -> list[str]:
    """The installed `ratdsl` script (what a designer runs), else the package run as a module."""
    found = shutil.which("ratdsl", path=str(Path(sys.executable).parent))
    return [found] if found else [sys.executable, "-m", "ratdsl.cli.main"]


def copy_command(folder: Path) -> list[str]:
    """`ratdsl` from the package in `folder`, whatever is installed (see --against)."""
    path = [str(folder.resolve()), *site.getsitepackages()]
    launch = (f"import sys; sys.path[:0] = {path!r}; sys.argv[0] = 'ratdsl'; "
              "from ratdsl.cli.main import main; main()")
    return [sys.executable, "-S", "-c", launch]


def timed(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user + system) and standard error of one run, which must
    succeed."""
    start = time.perf_counter()
    process = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    stderr = process.stderr.read() if process.stderr else b""  # (never fills the pipe and blocks)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({process.returncode}):\n{stderr.decode(errors='replace')[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, stderr.decode(errors="replace")


def top_imports(args: list[str], top: int) -> list[tuple[int, int, str]]:
    """(cumulative µs, self µs, module) of the `top` imports with the largest cumulative time."""
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1")
    _, _, stderr = timed(args, env)
    found = []
    for line in stderr.splitlines():
        match = IMPORT_LINE.match(line)
        if match:
            own, cumulative, indent, name = match.groups()
            found.append((int(cumulative), int(own), " " * (len(indent) - 1) + name))
    return sorted(found, reverse=True)[:top]


def instructions(args: list[str]) -> str:
    """The instructions one run executes (valgrind's callgrind), in millions, or why none."""
    if shutil.which("valgrind") is None:
        return "no valgrind"
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *args], cwd=ROOT,
                          capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    return f"{int(found.group(1)) / 1e6:.0f} M instructions" if found and done.returncode == 0 else "failed"


def summary(runs: list[tuple[float, float]]) -> str:
    walls, cpus = [w for w, _ in runs], [c for _, c in runs]
    return (f"wall median {1000 * statistics.median(walls):.0f} ms, min {1000 * min(walls):.0f} ms; "
            f"CPU median {1000 * statistics.median(cpus):.0f} ms, min {1000 * min(cpus):.0f} ms ({len(runs)} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--against", type=Path, help="a folder holding another copy of the ratdsl package")
    parser.add_argument("--instructions", action="store_true", help="count instructions under valgrind too")
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "ratdsl", quiet=1)
    command, other = ratdsl_command(), None
    if args.against is not None:
        compileall.compile_dir(args.against / "ratdsl", quiet=1)
        command, other = copy_command(ROOT), copy_command(args.against)
    print(f"{' '.join(command)[:120]}; {os.cpu_count()} cores; load average before: "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    bare = [sys.executable, "-c", "pass"]
    for label, rest in COMMANDS.items():
        timed([*command, *rest])  # warm the caches
        if other is not None:
            timed([*other, *rest])
        runs, others, pythons = [], [], []
        for _ in range(args.runs):
            pythons.append(timed(bare)[:2])
            runs.append(timed([*command, *rest])[:2])
            if other is not None:
                others.append(timed([*other, *rest])[:2])
        python = statistics.median(w for w, _ in pythons)
        print(f"\n{label}: {summary(runs)}; {statistics.median(w for w, _ in runs) / python:.1f} x python -c pass")
        if other is not None:
            print(f"  --against {args.against}: {summary(others)}; "
                  f"{statistics.median(w for w, _ in others) / python:.1f} x python -c pass")
        print(f"  python -c pass: {summary(pythons)}")
        if args.instructions:
            print(f"  instructions: {instructions([*command, *rest])}"
                  + (f"; --against: {instructions([*other, *rest])}" if other is not None else "")
                  + f"; python -c pass: {instructions(bare)}")
        print(f"  top {args.top} imports by cumulative time (one run, -X importtime):")
        for cumulative, own, name in top_imports([*command, *rest], args.top):
            print(f"  {cumulative / 1000:7.1f} ms cumulative {own / 1000:6.1f} ms self  {name}")
    print("\nload average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
