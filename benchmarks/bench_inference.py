"""Times the static type inference (semantics/inference.py) on each bundled game with all its
modules: processor time per inference, the best of several runs, and the walks over the rules it
takes (each walk types again only the declarations whose inputs changed: semantics/replay.py; the
declarations typed again are counted too).

    python benchmarks/bench_inference.py [--runs 5]

The rules are loaded and resolved once, outside the timing; each run is a fresh inference.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("RATDSL_CACHE_DIR", "")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from ratdsl.language.loader import load  # noqa: E402
from ratdsl.semantics import inference as I  # noqa: E402
from ratdsl.semantics.resolver import resolve  # noqa: E402

GAMES = ("ratland", "rattus", "ratatopolis")


def _modules(game: str) -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in (ROOT / "rules" / game / "modules").glob("*.rat")))


def _walks(decls, table) -> tuple[int, int]:
    """The walks one inference takes, and the declarations it types (in all of them)."""
    counted = {"walks": 0, "typed": 0}
    walk, decl = I._Infer.walk, I._Infer.decl
    depth = [0]

    def counting_walk(self) -> None:
        counted["walks"] += 1
        walk(self)

    def counting_decl(self, d) -> None:
        if depth[0] == 0:
            counted["typed"] += 1
        depth[0] += 1
        try:
            decl(self, d)
        finally:
            depth[0] -= 1

    I._Infer.walk, I._Infer.decl = counting_walk, counting_decl
    try:
        I.infer(decls, table)
    finally:
        I._Infer.walk, I._Infer.decl = walk, decl
    return counted["walks"], counted["typed"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<34} {'ms':>7} {'walks':>6} {'declarations':>13} {'typed':>6}")
    for game in GAMES:
        modules = _modules(game)
        decls = list(load(ROOT / "rules" / game, modules).decls)
        table = resolve(decls)
        best = float("inf")
        for _ in range(args.runs):
            started = time.process_time()
            I.infer(decls, table)
            best = min(best, time.process_time() - started)
        walks, typed = _walks(decls, table)
        name = game + "".join(f" +{m}" for m in modules)
        print(f"{name:<34} {1000 * best:7.1f} {walks:6d} {len(decls):13d} {typed:6d}")


if __name__ == "__main__":
    main()
