"""Times loading and checking the full RatLand rules (with clans and the aggressive board), each in a
fresh Python process: cold (no caches: the file parsed from the text with the parser tables that ship
with the package), with an empty AST cache (parsed, then written to the cache), with the AST cache
filled, and again in the same process. Also: importing ratdsl, and a cold load when the shipped tables
are out of date (as after an edit to grammar.lark, until `python -m ratdsl.language.build_parser`),
which makes Lark compile the grammar.

    python benchmarks/bench_load.py

A fresh process per run, so nothing is shared between runs but the disk cache where one is used.
Timings vary from run to run on a busy machine: the cold figures are the median of several runs
(with the fastest and slowest), the cached ones the fastest of several.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 5
PROBE = """
import time, sys
t0 = time.perf_counter()
from ratdsl.session import load_rules
t1 = time.perf_counter()
if sys.argv[2] == "stale":  # as if grammar.lark had changed since the tables were written
    from pathlib import Path
    from ratdsl.language import parser
    parser.TABLES_FILE = parser.LARK_FILE = Path("/nonexistent")
load_rules(sys.argv[1], ["clans", "aggressive"])
t2 = time.perf_counter()
load_rules(sys.argv[1], ["clans", "aggressive"])
t3 = time.perf_counter()
print(f"{1000 * (t2 - t1):.1f} {1000 * (t3 - t2):.1f} {1000 * (t1 - t0):.1f}")
"""


def probe(cache: str, tables: str = "shipped", pycache: str | None = None) -> list[float]:
    """[first load + check, second load + check, import] in ms, in a fresh process; with `pycache`,
    Python's bytecode caches are on and kept there (as after any normal install), else as the
    environment says (this machine sets PYTHONDONTWRITEBYTECODE: every module is compiled)."""
    env = dict(os.environ, RATDSL_CACHE_DIR=cache)
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    out = subprocess.run([sys.executable, "-c", PROBE, str(ROOT / "rules" / "ratland"), tables], env=env,
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    return [float(x) for x in out]


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):6.1f} ms  (median of {len(values)}: {min(values):.1f} to {max(values):.1f})"


def main() -> None:
    cold = [probe("") for _ in range(RUNS)]
    with tempfile.TemporaryDirectory() as pycache:
        probe("", pycache=pycache)  # writes the bytecode caches
        cold_compiled = [probe("", pycache=pycache) for _ in range(RUNS)]
    stale = [probe("", "stale") for _ in range(3)]
    with tempfile.TemporaryDirectory() as tmp:
        probe(tmp)  # fills the AST cache
        empty_ast_cache = []
        for _ in range(RUNS):
            for f in Path(tmp).glob("ast-*"):
                f.unlink()
            empty_ast_cache.append(probe(tmp)[0])
        warm = [min(v) for v in zip(*(probe(tmp) for _ in range(RUNS)))]
    print(f"import of ratdsl:                           {warm[2]:6.1f} ms")
    print(f"load + check, no cache (cold):              {spread([c[0] for c in cold])}")
    print(f"  the same, with the import of ratdsl:      {spread([c[0] + c[2] for c in cold])}")
    print(f"  ... with bytecode caches (normal install): {spread([c[0] + c[2] for c in cold_compiled])}")
    print(f"load + check, AST cache empty (writes it):  {spread(empty_ast_cache)}")
    print(f"load + check, AST cache filled:             {warm[0]:6.1f} ms")
    print(f"load + check again in the same process:     {warm[1]:6.1f} ms")
    print(f"cold, with the shipped tables out of date:  {spread([s[0] for s in stale])}")


if __name__ == "__main__":
    main()
