"""The mutation measure of issue 37 (static types): whole-number literals of each game swapped
for `true`, `"x"`, `[1, 2]` or `none`, one per mutant; the checker's verdict on each, and each
accepted mutant played at 3 seeds x 2 player counts on the reference engine. The figure that
matters: accepted mutants that stop a game with a type error (R001 of a kind, not of a value).

    nice -n 19 python benchmarks/type_mutants.py [--seed 37] [--ratland 120] [--rattus 60]
                                                 [--ratatopolis 60] [-v] [--fuzz N [--fuzz-seed 7]]

Mutants are drawn with the seed (tests/type_mutants.py), so two runs judge the same mutants.
`--fuzz N` also runs the first N cases of the mutation fuzzer (tests/fuzz_cases.py, in this
process) and counts the run-time type errors among the cases the checker accepted.
A figure, never a test: tests/test_type_mutants.py holds a small sample of it to 0.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:  # appended, so nothing already importable is shadowed
    sys.path.append(str(ROOT))

from tests import type_mutants as M  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--ratland", type=int, default=120)
    parser.add_argument("--rattus", type=int, default=60)
    parser.add_argument("--ratatopolis", type=int, default=60)
    parser.add_argument("-v", "--verbose", action="store_true", help="list every accepted mutant")
    parser.add_argument("--fuzz", type=int, default=0, help="also this many fuzz cases")
    parser.add_argument("--fuzz-seed", type=int, default=7)
    args = parser.parse_args()
    os.environ["RATDSL_CACHE_DIR"] = ""  # a mutant's findings are never kept
    total_bad = 0
    with tempfile.TemporaryDirectory() as scratch:
        for game, count in (("ratland", args.ratland), ("rattus", args.rattus), ("ratatopolis", args.ratatopolis)):
            folder = ROOT / "rules" / game
            started = time.perf_counter()
            outcomes = [M.judge(folder, m, scratch=Path(scratch)) for m in M.mutants(folder, count, args.seed)]
            accepted = [o for o in outcomes if o.accepted]
            bad = [o for o in accepted if o.type_errors]
            total_bad += len(bad)
            print(f"{game}: {len(outcomes)} mutants, refused {len(outcomes) - len(accepted)}, accepted "
                  f"{len(accepted)}, of which stop a game with a type error: {len(bad)} "
                  f"({time.perf_counter() - started:.0f} s)")
            for o in accepted if args.verbose else bad:
                print(f"  {o.mutant.describe()}: {o.type_errors[0] if o.type_errors else 'plays'}"
                      f"{' | ' + o.other_errors[0] if o.other_errors and not o.type_errors else ''}")
    print(f"accepted mutants that stop a game with a type error: {total_bad}")
    if args.fuzz:
        fuzz(args.fuzz, args.fuzz_seed)
    return 0


def fuzz(cases: int, seed: int) -> None:
    """The fuzzer's cases, counted by outcome, with the run-time type errors among those played."""
    from tests import fuzz_cases as F

    counts: dict[str, int] = {}
    typed: list[str] = []
    ws = F.Workspace()
    try:
        for index in range(cases):
            result = F.run_case(F.make_case(seed, index), ws)
            counts[result.outcome] = counts.get(result.outcome, 0) + 1
            if F.stopped_on_type_error(result):
                typed.append(f"  case {seed}:{index}: {result.detail[:200]}")
    finally:
        ws.close()
    print(f"fuzz: {cases} cases, " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
          + f"; run-time type errors among the played: {len(typed)}")
    for line in typed:
        print(line)


if __name__ == "__main__":
    raise SystemExit(main())
