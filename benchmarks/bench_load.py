"""Times loading and checking the full RatLand rules (with clans and the aggressive board), each in a
fresh Python process: cold (no AST cache: every file parsed, with the grammar Lark compiled once and
kept, see ratdsl/language/grammar.py), with an empty AST cache (parsed, then written to the cache),
with the AST cache filled, and again in the same process. Also: importing ratdsl; parsing every
RatLand file (base game, modules and variants) in a fresh process; `ratdsl fmt`'s start-up
(formatting one file in a fresh process); and a cold load with no compiled grammar (the first use
after an install, or after a change of the grammar, of Lark or of Python), which makes Lark compile it.

    python benchmarks/bench_load.py

A fresh process per run, so nothing is shared between runs but the disk caches. Timings vary from
run to run on a busy machine: the cold figures are the median of several runs (with the fastest and
slowest), the cached ones the fastest of several.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RATLAND = ROOT / "rules" / "ratland"
RUNS = 5
PROBE = """
import time, sys
t0 = time.perf_counter()
from ratdsl.session import load_rules
t1 = time.perf_counter()
if sys.argv[2] == "uncompiled":  # as if the compiled grammar were missing or out of date
    from ratdsl.language import grammar
    grammar.compiled_grammar_file = lambda: False
load_rules(sys.argv[1], ["clans", "aggressive"])
t2 = time.perf_counter()
load_rules(sys.argv[1], ["clans", "aggressive"])
t3 = time.perf_counter()
print(f"{1000 * (t2 - t1):.1f} {1000 * (t3 - t2):.1f} {1000 * (t1 - t0):.1f}")
"""
PARSE_ALL = """
import time, sys
from pathlib import Path
texts = [(str(p), p.read_text("utf-8")) for p in sorted(Path(sys.argv[1]).rglob("*.rat"))]
from ratdsl.language import parse_text
t0 = time.perf_counter()
for path, text in texts:
    parse_text(text, path)
t1 = time.perf_counter()
for path, text in texts:
    parse_text(text, path)
t2 = time.perf_counter()
print(f"{1000 * (t1 - t0):.1f} {1000 * (t2 - t1):.1f} {len(texts)}")
"""
FMT = """
import time, sys
t0 = time.perf_counter()
from ratdsl.language.formatter import format_text
text = open(sys.argv[1], encoding="utf-8").read()
t1 = time.perf_counter()
format_text(text, sys.argv[1])
t2 = time.perf_counter()
print(f"{1000 * (t2 - t1):.1f} {1000 * (t2 - t0):.1f}")
"""


def run(code: str, *args: str, cache: str = "", pycache: str | None = None) -> list[float]:
    """The figures `code` prints, run in a fresh process; with `pycache`, Python's bytecode caches are
    on and kept there (as after any normal install), else as the environment says (this machine sets
    PYTHONDONTWRITEBYTECODE: every module of ratdsl is compiled)."""
    env = dict(os.environ, RATDSL_CACHE_DIR=cache)
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    out = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.split()
    return [float(x) for x in out]


def probe(cache: str, grammar: str = "compiled", pycache: str | None = None) -> list[float]:
    """[first load + check, second load + check, import] in ms, in a fresh process."""
    return run(PROBE, str(RATLAND), grammar, cache=cache, pycache=pycache)


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):6.1f} ms  (median of {len(values)}: {min(values):.1f} to {max(values):.1f})"


def main() -> None:
    probe("")  # Lark compiles the grammar and keeps it, if this is its first use
    cold = [probe("") for _ in range(RUNS)]
    with tempfile.TemporaryDirectory() as pycache:
        probe("", pycache=pycache)  # writes the bytecode caches
        cold_compiled = [probe("", pycache=pycache) for _ in range(RUNS)]
        parse_all = [run(PARSE_ALL, str(RATLAND), pycache=pycache) for _ in range(RUNS)]
        fmt = [run(FMT, str(RATLAND / "game.rat"), pycache=pycache) for _ in range(RUNS)]
    uncompiled = [probe("", "uncompiled") for _ in range(3)]
    with tempfile.TemporaryDirectory() as tmp:
        probe(tmp)  # fills the AST cache
        empty_ast_cache = []
        for _ in range(RUNS):
            for f in Path(tmp).glob("ast-*"):
                f.unlink()
            empty_ast_cache.append(probe(tmp)[0])
        warm = [min(v) for v in zip(*(probe(tmp) for _ in range(RUNS)))]
    files = int(parse_all[0][2])
    rows = [
        ("import of ratdsl", f"{warm[2]:6.1f} ms"),
        ("load + check, no cache (cold)", spread([c[0] for c in cold])),
        ("  the same, with the import of ratdsl", spread([c[0] + c[2] for c in cold])),
        ("  ... with bytecode caches (normal install)", spread([c[0] + c[2] for c in cold_compiled])),
        ("load + check, AST cache empty (writes it)", spread(empty_ast_cache)),
        ("load + check, AST cache filled", f"{warm[0]:6.1f} ms"),
        ("load + check again in the same process", f"{warm[1]:6.1f} ms"),
        (f"parse all {files} RatLand files, fresh process", spread([p[0] for p in parse_all])),
        ("  the same files again in that process", spread([p[1] for p in parse_all])),
        ("ratdsl fmt start-up: format game.rat", spread([f[0] for f in fmt])),
        ("  the same, with the import of the formatter", spread([f[1] for f in fmt])),
        ("cold, with no compiled grammar", spread([u[0] for u in uncompiled])),
    ]
    for label, value in rows:
        print(f"{label + ':':46} {value}")

if __name__ == "__main__":
    main()
