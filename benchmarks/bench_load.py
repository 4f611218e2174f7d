"""Times loading and checking the full RatLand rules (with clans and the aggressive board):
cold (no caches), with the grammar cache only, with both caches, and again in the same process.

    python benchmarks/bench_load.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = """
import time, sys
t0 = time.perf_counter()
from ratdsl.session import load_rules
t1 = time.perf_counter()
load_rules(sys.argv[1], ["clans", "aggressive"])
t2 = time.perf_counter()
load_rules(sys.argv[1], ["clans", "aggressive"])
t3 = time.perf_counter()
print(f"{1000 * (t2 - t1):.1f} {1000 * (t3 - t2):.1f} {1000 * (t1 - t0):.1f}")
"""


def probe(cache: str) -> list[float]:
    env = dict(os.environ, RATDSL_CACHE_DIR=cache)
    out = subprocess.run([sys.executable, "-c", PROBE, str(ROOT / "rules" / "ratland")], env=env,
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    return [float(x) for x in out]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cold = probe("")
        probe(tmp)  # fills both caches
        for f in Path(tmp).glob("ast-*"):
            f.unlink()
        grammar_only = probe(tmp)
        warm = [min(v) for v in zip(*(probe(tmp) for _ in range(5)))]
    print(f"import of ratdsl:                        {warm[2]:6.1f} ms")
    print(f"load + check, no cache (cold):           {cold[0]:6.1f} ms")
    print(f"load + check, grammar tables cached:     {grammar_only[0]:6.1f} ms")
    print(f"load + check, grammar and AST cached:    {warm[0]:6.1f} ms")
    print(f"load + check again in the same process:  {warm[1]:6.1f} ms")


if __name__ == "__main__":
    main()
