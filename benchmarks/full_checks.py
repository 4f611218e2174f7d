"""The heavy tests at their full numbers, and the figures they print.

A suite run plays reduced but meaningful numbers of the heavy cases (tests/scale.py), so that the
whole suite stays under five minutes on two cores. This runs those tests with
RATDSL_FULL_CHECKS=1: 10,600 fuzzed rule files and 1,500 mutated rule sets on both engines
(test_fuzz.py), 1,012 flat-target games against the reference (test_flat_target.py), four
native builds playing 1,000 games against the
generated module and 1,000 against the tree-walker (test_native.py), 240 type
mutants of the three games checked and, when accepted, played (test_type_mutants.py); the
hand-written reference has its own, `benchmarks/differential.py` (1,000+ games). It prints
pytest's last line and the slowest tests; docs/testing.md quotes the last figures.

    python benchmarks/full_checks.py [pytest arguments, e.g. -n 0 or -k native]
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ["tests/test_fuzz.py", "tests/test_flat_target.py", "tests/test_native.py", "tests/test_type_mutants.py"]


def main() -> int:
    env = {**os.environ, "RATDSL_FULL_CHECKS": "1"}
    command = [sys.executable, "-m", "pytest", *HEAVY, "--durations=10", "-p", "no:cacheprovider", *sys.argv[1:]]
    print("RATDSL_FULL_CHECKS=1 " + " ".join(command[2:]), flush=True)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    lines = done.stdout.splitlines()
    slowest = [line for line in lines if " call " in line or " setup " in line][:10]
    outcome = [line for line in lines if " passed" in line or " failed" in line][-1:]
    print("\n".join(["slowest:", *slowest, *outcome]))
    print(f"wall time {time.perf_counter() - started:.0f} s on {os.cpu_count()} cores")
    if done.returncode:
        print(done.stdout[-4000:], done.stderr[-2000:], sep="\n")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
