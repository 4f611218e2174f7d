"""Differential proof for the type inference: the typed form of many rule sets, written to a file
by one version of ratdsl and compared with another's, so a change that makes inference faster is
shown to give the very same result.

    PYTHONHASHSEED=0 python benchmarks/inference_diff.py dump OUT.pickle [--fuzz 300] [--seed 1]
    PYTHONHASHSEED=0 python benchmarks/inference_diff.py compare OUT.pickle [--fuzz 300] [--seed 1]

(The same hash seed for both: the order in which a finding lists two kinds of one tag, say two
lists of different tags, is the order of a set, which the hash seed changes from run to run.)

To compare with an older version, dump with that version's ratdsl first on the path (say a copy of
the base commit: `git archive BASE | tar -x -C /tmp/base`, then run this script with
`PYTHONPATH=/tmp/base` from outside the checkout), then compare with this one. The rule sets: each
bundled game with every combination of its modules, each of its variants, the small games of
tests/games, tests/programs and tests/broken, and `--fuzz` mutated rule sets (tests/fuzz_cases.py,
cases SEED:0.., each loaded as the fuzzer loads it). For each: every expression's type keyed by
(file, line, column, end, node class, occurrence), the results, parameters, constants, variables,
options, card and board fields, and the findings in order (code, span, message, hint); or the
error that stopped loading it. Exit status 1 when any rule set differs.
"""

from __future__ import annotations

import argparse
import itertools
import os
import pickle
import sys
import time
from pathlib import Path
from typing import Any

os.environ["RATDSL_CACHE_DIR"] = ""  # (no AST cache: both versions parse every file)

import ratdsl  # noqa: E402 - (after the cache is switched off)

ROOT = Path(ratdsl.__file__).resolve().parents[1]  # the checkout whose ratdsl this is
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from ratdsl.language import ast as A  # noqa: E402
from ratdsl.language.loader import load  # noqa: E402
from ratdsl.semantics.inference import infer  # noqa: E402
from ratdsl.semantics.resolver import resolve  # noqa: E402

GAMES = ("ratland", "rattus", "ratatopolis")
SMALL = ("tests/games", "tests/programs", "tests/broken")


def canon(v: Any, keys: dict[int, tuple]) -> Any:
    """A value of a type (frozensets of bases, nested) as plain sorted tuples, the same for two
    equal types whatever their order in memory (a node's id in one, a local's key, as the node's
    place in the files)."""
    if isinstance(v, frozenset):
        return ("set", tuple(sorted((canon(x, keys) for x in v), key=repr)))
    if isinstance(v, tuple):
        return tuple(canon(x, keys) for x in v)
    if isinstance(v, list):
        return ["list", *(canon(x, keys) for x in v)]
    if hasattr(v, "tag") and hasattr(v, "items") and hasattr(v, "arg"):
        return ("base", v.tag, canon(v.arg, keys), canon(v.items, keys))
    if isinstance(v, int) and not isinstance(v, bool) and v in keys:
        return ("node", keys[v])
    return v


def _keys(decls: list[A.Decl]) -> dict[int, tuple]:
    """Each node under the declarations (in field order), keyed by its place in the files."""
    out: dict[int, tuple] = {}
    seen: dict[tuple, int] = {}
    todo: list[A.Node] = list(reversed(decls))
    while todo:
        node = todo.pop()
        if id(node) in out:
            continue
        s = getattr(node, "span", None)
        where = (s.file, s.line, s.column, s.end_line, s.end_column) if s is not None else None
        base = (where, node.__class__.__name__)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out[id(node)] = (*base, n)
        todo.extend(reversed(A.children_of(node)))
    return out


def typed(decls: list[A.Decl]) -> dict[str, Any]:
    """The typed form of a rule set as plain values."""
    table = resolve(decls)
    started = time.process_time()
    form = infer(decls, table)
    seconds = time.process_time() - started
    keys = _keys(decls)

    def c(v: Any) -> Any:
        return canon(v, keys)
    types: dict[tuple, Any] = {}
    strays: list[Any] = []
    for key, t in form.types.items():
        where = keys.get(key)
        if where is None:
            strays.append(repr(c(t)))
        else:
            types[where] = c(t)
    return {
        "types": types, "strays": sorted(strays),
        "results": {k: c(v) for k, v in form.results.items()},
        "params": {k: c(v) for k, v in form.params.items()},
        "consts": {k: c(v) for k, v in form.consts.items()},
        "variables": {k: c(v) for k, v in form.variables.items()},
        "options": {k: c(v) for k, v in form.options.items()},
        "card_fields": {k: c(v) for k, v in form.card_fields.items()},
        "board_fields": {k: c(v) for k, v in form.board_fields.items()},
        "findings": [(f.code, f.span.file, f.span.line, f.span.column, f.span.end_line, f.span.end_column,
                      f.message, f.hint) for f in form.findings],
    }, seconds


def _relative(value: Any, base: str) -> Any:
    """File names inside a result made relative to the folder the rule set was loaded from (the
    fuzz cases are loaded from a temporary copy)."""
    if isinstance(value, str):
        return value.replace(base, "").replace(str(ROOT) + "/", "")
    if isinstance(value, tuple):
        return tuple(_relative(v, base) for v in value)
    if isinstance(value, list):
        return [_relative(v, base) for v in value]
    if isinstance(value, dict):
        return {_relative(k, base): _relative(v, base) for k, v in value.items()}
    return value


def one(path: Path, modules: tuple[str, ...], base: str) -> tuple[Any, float]:
    try:
        ruleset = load(path, modules)
        result, seconds = typed(list(ruleset.decls))
    except Exception as err:  # noqa: BLE001 - a rule set that does not load: its error is its result
        return ("error", type(err).__name__, _relative(str(err), base)), 0.0
    return _relative(result, base), seconds


def rule_sets(fuzz: int, seed: int):
    """(name, path, modules, base folder) of every rule set compared; fuzz cases come with the
    context that writes their mutated file."""
    for game in GAMES:
        folder = ROOT / "rules" / game
        mods = sorted(p.stem for p in (folder / "modules").glob("*.rat"))
        for r in range(len(mods) + 1):
            for combo in itertools.combinations(mods, r):
                yield f"{game}+{'+'.join(combo)}", folder, combo, str(ROOT) + "/", None
        for variant in sorted((folder / "variants").glob("*.rat")):
            for r in range(len(mods) + 1):
                for combo in itertools.combinations(mods, r):
                    yield f"{game}/{variant.name}+{'+'.join(combo)}", variant, combo, str(ROOT) + "/", None
    for where in SMALL:
        for folder in sorted(p for p in (ROOT / where).iterdir() if p.is_dir() or p.suffix == ".rat"):
            yield f"{where}/{folder.name}", folder, (), str(ROOT) + "/", None
            variants = [*(folder / "variants").glob("*.rat"), *folder.glob("variant*.rat")] if folder.is_dir() else []
            for variant in sorted(variants):
                yield f"{where}/{folder.name}/{variant.name}", variant, (), str(ROOT) + "/", None
    if fuzz:
        from tests import fuzz_cases as F

        ws = F.Workspace()
        try:
            for index in range(fuzz):
                case = F.make_case(seed, index)
                folder = ws.folder(case.game)
                target = folder / case.variant if case.variant else folder
                yield f"fuzz {seed}:{index}", target, case.modules, str(ws.dir) + "/", (case, ws)
        finally:
            ws.close()


def results(fuzz: int, seed: int) -> tuple[dict[str, Any], float]:
    out: dict[str, Any] = {}
    total = 0.0
    for name, path, modules, base, mutation in rule_sets(fuzz, seed):
        if mutation is not None:
            from tests import fuzz_cases as F

            with F.mutated(*mutation):
                out[name], seconds = one(path, modules, base)
        else:
            out[name], seconds = one(path, modules, base)
        total += seconds
    return out, total


def differences(old: Any, new: Any) -> list[str]:
    if isinstance(old, tuple) or isinstance(new, tuple):
        return [] if old == new else [f"loading: {old!r:.300} != {new!r:.300}"]
    out = []
    for part in old:
        a, b = old[part], new[part]
        if a == b:
            continue
        if isinstance(a, dict):
            for k in sorted(set(a) | set(b), key=repr):
                if a.get(k, "<absent>") != b.get(k, "<absent>"):
                    out.append(f"{part}[{k!r}]: {a.get(k, '<absent>')!r:.300} != {b.get(k, '<absent>')!r:.300}")
                    if len(out) > 5:
                        return out
        else:
            out.append(f"{part}: {a!r:.600} != {b!r:.600}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=("dump", "compare"))
    parser.add_argument("file")
    parser.add_argument("--fuzz", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"ratdsl from {ROOT}", file=sys.stderr)
    got, seconds = results(args.fuzz, args.seed)
    loaded = sum(1 for v in got.values() if not isinstance(v, tuple))
    print(f"{len(got)} rule sets ({loaded} loaded, {len(got) - loaded} stopped loading), "
          f"inference {seconds:.2f} s processor time", file=sys.stderr)
    if args.mode == "dump":
        with open(args.file, "wb") as f:
            pickle.dump(got, f)
        return 0
    with open(args.file, "rb") as f:
        old = pickle.load(f)
    bad = 0
    for name in sorted(set(old) | set(got)):
        if name not in old or name not in got:
            print(f"{name}: only in {'the new' if name in got else 'the old'} results")
            bad += 1
            continue
        diffs = differences(old[name], got[name])
        if diffs:
            bad += 1
            print(f"{name}: differs")
            for d in diffs[:6]:
                print(f"  {d}")
    same = len(set(old) & set(got)) - bad
    typed_exprs = sum(len(v["types"]) for v in got.values() if not isinstance(v, tuple))
    print(f"compared {len(set(old) | set(got))} rule sets ({loaded} typed, {typed_exprs} expression types): "
          f"{same} identical, {bad} different")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
