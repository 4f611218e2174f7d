"""The engine fuzzer's runs as ranges of cases that add up: each run of benchmarks/fuzz.py writes
one summary of its range (OUT/summary-SEED-START-END.json, schema `fuzz-summary`), and `--sum`
adds every range in a folder, so 100,000 cases can be run over several sessions (or machines)
and counted as one run. Ranges of one seed that overlap are refused (a case counted twice), and
the cases no range covers are named (the gaps). A summary of version 1 (made before the cases were
played on the flat target too) is refused: its range was not played by the compiler."""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ratdsl.schemas import SchemaError, validate
from tests import fuzz_cases as F

SCHEMA = "fuzz-summary"
# 2: the accepted cases were played on the flat target too (`flat`); 3: the ten slowest cases, and
# whether the commands were timed and which took over 2 s (a version 2 summary adds up without them)
VERSION = 3
FLAT = ("played", "stopped", "refused", "crash")


def summary(run: F.Run, start: int, cases: int) -> dict:
    """The range's figures, as the schema has them."""
    return {
        "version": VERSION,
        "seed": run.seed, "start": start, "cases": cases,
        "counts": {o: run.counts[o] for o in F.OUTCOMES},
        "accepted": run.played,
        "type_errors": [{"case": i, "error": e} for i, e in sorted(run.type_errors)],
        "none_errors": [{"case": i, "error": e} for i, e in sorted(run.none_errors)],
        "bad": [{"case": i, "outcome": r.outcome, "signature": r.signature or r.detail.split("\n")[0][:200]}
                for i, r in sorted(run.bad, key=lambda b: b[0])],
        "seconds": round(run.seconds, 3), "cpu": round(run.cpu, 3),
        "flat": {**{k: run.flat[k] for k in FLAT}, "reasons": dict(sorted(run.flat_refusals.items())),
                 "disagreements": flat_disagreements(run.bad)},
        "timed": run.timed,
        "slowest": [{"case": i, "outcome": o, "seconds": round(t, 3)} for t, i, o in run.slowest],
        "slow_commands": [{"case": i, "command": c, "seconds": round(t, 3)} for t, i, c in sorted(run.slow_commands)],
    }


def flat_disagreements(bad) -> int:
    """How many of the (case, Result) pairs are disagreements of the flat target with the tree-walker."""
    return sum(r.outcome == "disagreement" and F.pair_of(r.signature) == "flat" for _, r in bad)


def write(run: F.Run, start: int, cases: int, out: Path) -> Path:
    """Writes the range's summary into `out` (validated first: never half a file)."""
    doc = summary(run, start, cases)
    validate(SCHEMA, doc, "fuzz summary")
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"summary-{run.seed}-{start}-{start + cases - 1}.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, indent=1) + "\n", "utf-8")
    tmp.replace(path)
    return path


@dataclass
class Total:
    """The ranges of a folder added up."""

    ranges: list[dict] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    accepted: int = 0
    type_errors: list[tuple[int, int, str]] = field(default_factory=list)  # (seed, case, error)
    none_errors: list[tuple[int, int, str]] = field(default_factory=list)  # (seed, case, error)
    bad: list[tuple[int, int, str, str]] = field(default_factory=list)  # (seed, case, outcome, signature)
    seconds: float = 0.0
    cpu: float = 0.0
    flat: Counter = field(default_factory=Counter)  # played, stopped, refused, crash
    flat_reasons: Counter = field(default_factory=Counter)  # refusals by reason
    flat_disagreements: int = 0
    slowest: list[tuple[float, int, int, str]] = field(default_factory=list)  # (seconds, seed, case, outcome)
    slow_commands: list[tuple[float, int, int, str]] = field(default_factory=list)  # (seconds, seed, case, command)
    timed: int = 0  # ranges whose commands were timed

    @property
    def cases(self) -> int:
        return sum(r["cases"] for r in self.ranges)


class RangesError(ValueError):
    """A summary that cannot be read or that overlaps another."""


def read(folder: Path) -> Total:
    """Every summary in `folder` added up; a file that is no summary, or ranges of one seed that
    overlap, is a RangesError naming the file."""
    total = Total()
    for path in sorted(folder.glob("summary-*.json")):
        try:
            doc = json.loads(path.read_text("utf-8"))
            if _older(doc):
                raise RangesError(f"{path}: a summary of version 1, made without playing the cases on "
                                  f"the flat target (the compiler); run its range again")
            validate(SCHEMA, doc, path.name)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, SchemaError) as err:
            raise RangesError(f"{path}: {err}") from None
        for other in total.ranges:
            if other["seed"] == doc["seed"] and doc["start"] < other["start"] + other["cases"] \
                    and other["start"] < doc["start"] + doc["cases"]:
                raise RangesError(f"{path}: cases {doc['start']}..{doc['start'] + doc['cases'] - 1} of seed "
                                  f"{doc['seed']} overlap those of {other['file']}")
        total.ranges.append({**doc, "file": path.name})
        total.counts.update(doc["counts"])
        total.accepted += doc["accepted"]
        total.type_errors += [(doc["seed"], t["case"], t["error"]) for t in doc["type_errors"]]
        total.none_errors += [(doc["seed"], t["case"], t["error"]) for t in doc["none_errors"]]
        total.bad += [(doc["seed"], b["case"], b["outcome"], b["signature"]) for b in doc["bad"]]
        total.seconds += doc["seconds"]
        total.cpu += doc["cpu"]
        total.flat.update({k: doc["flat"][k] for k in FLAT})
        total.flat_reasons.update(doc["flat"]["reasons"])
        total.flat_disagreements += doc["flat"]["disagreements"]
        total.slowest = sorted(total.slowest + [(t["seconds"], doc["seed"], t["case"], t["outcome"])
                                                for t in doc.get("slowest", [])], reverse=True)[:10]
        total.slow_commands += [(t["seconds"], doc["seed"], t["case"], t["command"])
                                for t in doc.get("slow_commands", [])]
        total.timed += bool(doc.get("timed"))
    return total


def _older(doc) -> bool:
    """Whether `doc` is a good summary of version 1: this one's, less the version and the flat counts."""
    if not isinstance(doc, dict) or "version" in doc or "flat" in doc:
        return False
    empty = {**{k: 0 for k in FLAT}, "reasons": {}, "disagreements": 0}
    try:
        validate(SCHEMA, {**doc, "version": VERSION, "flat": empty}, "fuzz summary")
    except SchemaError:
        return False
    return True


def covered(total: Total) -> list[str]:
    """Each seed's cases as runs of indexes (`seed 1: 0..5999, 6000..7999 -> 0..7999`)."""
    lines = []
    for seed in sorted({r["seed"] for r in total.ranges}):
        spans: list[list[int]] = []
        for r in sorted((r for r in total.ranges if r["seed"] == seed), key=lambda r: r["start"]):
            if spans and spans[-1][1] + 1 == r["start"]:
                spans[-1][1] = r["start"] + r["cases"] - 1
            else:
                spans.append([r["start"], r["start"] + r["cases"] - 1])
        lines.append(f"seed {seed}: cases " + ", ".join(f"{a}..{b}" for a, b in spans))
    return lines


def outcome_line(counts: Counter, accepted: int, type_errors: int, none_errors: int) -> str:
    """The outcome line of a run, or of ranges added up (the same words either way)."""
    listed = ", ".join(f"{o} {counts[o]}" for o in F.OUTCOMES)
    return (f"outcomes: {listed}; run-time type errors among the {accepted} games the checker "
            f"accepted: {type_errors} (and {none_errors} stopped on a none where a value was needed)")


def flat_lines(flat: Counter, reasons: Counter, disagreements: int) -> list[str]:
    """What the flat target did with the accepted cases, and why it refused the ones it refused."""
    lines = [f"flat target (the compiler): played {flat['played']}, stopped {flat['stopped']} (as the "
             f"tree-walker did), refused {flat['refused']}, crashed {flat['crash']}; "
             f"{disagreements} disagreements with the tree-walker"]
    lines += [f"  refused {n}: {reason}" for reason, n in reasons.most_common()]
    return lines


def slow_lines(seed: int | None, slowest: list, slow_commands: list | None) -> list[str]:
    """The ten slowest cases by processor time and, where the commands were timed, every command
    over 2 s of processor time on a case (items: (seconds, index, what), or (seconds, seed, index,
    what) with seed None)."""
    def case(item: tuple) -> tuple[float, str, str]:
        return (item[0], f"{item[1]}:{item[2]}", item[3]) if seed is None else (item[0], f"{seed}:{item[1]}", item[2])

    lines = ["slowest cases (processor seconds):"]
    lines += [f"  {t:6.2f} s  case {c} ({what})" for t, c, what in map(case, slowest)]
    if slow_commands is not None:
        over = sorted(map(case, slow_commands), reverse=True)
        lines.append(f"commands over {F.SLOW_COMMAND:g} s of processor time on a case: {len(over)}")
        lines += [f"  {t:6.2f} s  {what} on case {c}" for t, c, what in over[:20]]
    return lines


def print_sum(folder: Path) -> int:
    """`fuzz.py --sum --out DIR`: the ranges in DIR as one run. Exit 1 when a case crashed, hung,
    disagreed or stopped on a type error, 2 when the ranges cannot be added."""
    try:
        total = read(folder)
    except RangesError as err:
        print(f"fuzz --sum: {err}", file=sys.stderr)
        return 2
    if not total.ranges:
        print(f"fuzz --sum: no summary-*.json in {folder}", file=sys.stderr)
        return 2
    print(f"fuzz: {total.cases} cases in {len(total.ranges)} ranges ({'; '.join(covered(total))}), "
          f"{total.seconds:.0f} s, {total.cpu:.0f} s of processor time")
    print(outcome_line(total.counts, total.accepted, len(total.type_errors), len(total.none_errors)))
    print("\n".join(flat_lines(total.flat, total.flat_reasons, total.flat_disagreements)))
    for seed, case, error in total.type_errors:
        print(f"  type error: case {seed}:{case}: {error[:300]}")
    for seed, case, error in total.none_errors:
        print(f"  none: case {seed}:{case}: {error[:300]}")
    for seed, case, outcome, signature in total.bad:
        print(f"  {outcome}: case {seed}:{case}: {signature}")
    timed = total.slow_commands if total.timed else None
    print("\n".join(slow_lines(None, total.slowest, timed)))
    if total.timed:
        print(f"commands timed in {total.timed} of {len(total.ranges)} ranges")
    print(f"crashes {total.counts['crash']}, hangs {total.counts['hang']}, "
          f"engine disagreements {total.counts['disagreement']} ({total.flat_disagreements} of them flat/tree-walker)")
    return 1 if total.bad or total.type_errors or total.slow_commands else 0
