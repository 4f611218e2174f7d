"""The engine fuzzer's ranges (benchmarks/fuzz_ranges.py): each run writes its range's summary,
`--sum` adds them up as one run, overlapping ranges are refused; and which stopped games count
as run-time type errors (what static types should have refused)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from ratdsl.schemas import load_schema, validate

from . import fuzz_cases as F

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import fuzz as fuzz_cli  # noqa: E402
import fuzz_ranges as R  # noqa: E402


def _run(seed: int, results: list[tuple[int, F.Result]]) -> F.Run:
    """A run recorded as run_cases records its workers' results (no game is played here)."""
    run = F.Run(seed)
    for index, result in results:
        run.counts[result.outcome] += 1
        run.played += result.outcome in F.PLAYED
        F.count_flat(run, result)
        if result.outcome in F.BAD:
            run.bad.append((index, result))
        if F.stopped_on(result) == "type":
            run.type_errors.append((index, result.detail))
        elif F.stopped_on(result) == "none":
            run.none_errors.append((index, result.detail))
    return run


WRONG_KIND = "rules/g.rat:4:9: R001 `+` expected a number, got the name four"


@pytest.mark.parametrize(("outcome", "detail", "typed"), [
    ("rule_error", WRONG_KIND, "type"),
    ("rule_error", "rules/g.rat:4:9: R001 division by zero", None),  # a value, not a kind
    ("rule_error", "rules/g.rat:4:9: R002 step budget of 300000 exceeded", None),
    ("rule_error", "rules/g.rat:4:9: R013 action a's limit per turn must be a whole number of 1 or more, not 'x'",
     "type"),
    ("rule_error", "rules/g.rat:4:9: R013 action a's limit per turn must be a whole number of 1 or more, not 0",
     None),
    ("rule_error", "rules/g.rat:4:9: R001 expected a player, got none", "none"),  # a built-in's none, untested
    ("rule_error", "rules/g.rat:4:9: R001 cannot look up a number in none", "none"),
    ("finding", "rules/g.rat:4:9: E282 `move`'s amount: expected a number, found a text", None),  # refused
    ("disagreement", f"generated: {WRONG_KIND}; tree-walker: no error", None),  # counted as bad
])
def test_a_game_the_checker_accepted_that_stops_on_a_kind_is_a_type_error(outcome, detail, typed):
    assert F.stopped_on(F.Result(outcome, detail, 2)) == typed
    assert F.stopped_on_type_error(F.Result(outcome, detail, 2)) is (typed == "type")


def test_ranges_add_up_and_overlapping_ones_are_refused(tmp_path, capsys):
    first = _run(1, [(6000, F.Result("ok", "", 2, flat="played")),
                     (6001, F.Result("rule_error", WRONG_KIND, 3, flat="stopped")),
                     (6002, F.Result("finding", "x:1:1: E280 ...")),
                     (6003, F.Result("hang", "over 5 s", signature="hang")),
                     (6004, F.Result("rule_error", "g.rat:1:1: R001 expected cards, got none", 2, flat="refused",
                                     flat_refusal="the name NAME"))])
    second = _run(1, [(6005, F.Result("ok", "", 2, flat="refused", flat_refusal="the name NAME")),
                      (6006, F.Result("syntax_error", "x:1:1: E001 ...")),
                      (6007, F.Result("disagreement", "flat/tree-walker: scores differ; ...", 2, flat="played",
                                      signature="flat/tree-walker: scores differ"))])
    one = R.write(first, 6000, 5, tmp_path)
    R.write(second, 6005, 3, tmp_path)
    doc = json.loads(one.read_text("utf-8"))
    validate(R.SCHEMA, doc)
    assert doc["version"] == 3 and doc["flat"] == {"played": 1, "stopped": 1, "refused": 1, "crash": 0,
                                                   "reasons": {"the name NAME": 1}, "disagreements": 0}
    assert one.name == "summary-1-6000-6004.json" and doc["type_errors"] == [{"case": 6001, "error": WRONG_KIND}]
    assert [n["case"] for n in doc["none_errors"]] == [6004]

    total = R.read(tmp_path)
    assert total.cases == 8 and total.accepted == 5 and total.counts == Counter(
        {"ok": 2, "rule_error": 2, "finding": 1, "hang": 1, "syntax_error": 1, "disagreement": 1})
    assert total.flat == Counter({"played": 2, "stopped": 1, "refused": 2}) and total.flat_disagreements == 1
    assert R.covered(total) == ["seed 1: cases 6000..6007"]
    assert fuzz_cli.main(["--sum", "--out", str(tmp_path)]) == 1  # a hang, a disagreement, a type error
    out = capsys.readouterr().out
    assert "flat target (the compiler): played 2, stopped 1 (as the tree-walker did), refused 2, crashed 0; " \
           "1 disagreements with the tree-walker" in out and "  refused 2: the name NAME" in out
    assert "engine disagreements 1 (1 of them flat/tree-walker)" in out
    assert "run-time type errors among the 5 games the checker accepted: 1 (and 1 stopped on a none" in out
    assert "type error: case 1:6001" in out and "hang: case 1:6003" in out and "none: case 1:6004" in out

    R.write(_run(1, [(6003, F.Result("ok", "", 2))]), 6003, 1, tmp_path)
    with pytest.raises(R.RangesError, match="overlap"):
        R.read(tmp_path)
    assert fuzz_cli.main(["--sum", "--out", str(tmp_path)]) == 2


def test_a_summary_that_is_not_one_is_refused_in_a_line(tmp_path, capsys):
    (tmp_path / "summary-1-0-9.json").write_text('{"seed": 1, "start": 0}', "utf-8")
    assert fuzz_cli.main(["--sum", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "summary-1-0-9.json" in err and "schema" in err and len(err.strip().splitlines()) == 1


def test_a_summary_made_without_the_flat_target_is_refused_not_added(tmp_path, capsys):
    """A version-1 summary (before the compiler played the cases) is valid as it was written, but its
    range was not played on the flat target: --sum says so in one line instead of adding it up."""
    doc = R.summary(_run(1, [(0, F.Result("ok", "", 2, flat="played"))]), 0, 1)
    del doc["version"], doc["flat"]
    (tmp_path / "summary-1-0-0.json").write_text(json.dumps(doc), "utf-8")
    assert fuzz_cli.main(["--sum", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "version 1" in err and "flat target" in err and "again" in err


def test_ranges_keep_their_slowest_cases_and_slow_commands(tmp_path, capsys):
    """Each range keeps its ten slowest cases by processor time and, timed, its commands over 2 s;
    --sum lists the ten slowest of all ranges and fails on a slow command (issue 39)."""
    quick = _run(1, [(i, F.Result("ok", "", 2, cpu=0.1 + i / 100)) for i in range(12)])
    quick.slowest = sorted([(0.1 + i / 100, i, "ok") for i in range(12)], reverse=True)[:10]
    quick.timed = True
    R.write(quick, 0, 12, tmp_path)
    slow = _run(1, [(12, F.Result("ok", "", 2, cpu=2.5))])
    slow.slowest, slow.slow_commands, slow.timed = [(2.5, 12, "ok")], [(2.2, 12, "summary")], True
    doc = json.loads(R.write(slow, 12, 1, tmp_path).read_text("utf-8"))
    validate(R.SCHEMA, doc)
    assert doc["slow_commands"] == [{"case": 12, "command": "summary", "seconds": 2.2}] and doc["timed"] is True

    total = R.read(tmp_path)
    assert [s[2] for s in total.slowest] == [12, 11, 10, 9, 8, 7, 6, 5, 4, 3] and total.timed == 2
    assert fuzz_cli.main(["--sum", "--out", str(tmp_path)]) == 1  # a command over 2 s
    out = capsys.readouterr().out
    assert "2.50 s  case 1:12 (ok)" in out and "commands over 2 s of processor time on a case: 1" in out
    assert "2.20 s  summary on case 1:12" in out and "commands timed in 2 of 2 ranges" in out

    (tmp_path / "summary-1-12-12.json").unlink()  # (the quick range alone: nothing over 2 s)
    assert fuzz_cli.main(["--sum", "--out", str(tmp_path)]) == 0
    assert "commands over 2 s of processor time on a case: 0" in capsys.readouterr().out


def test_a_version_2_summary_adds_up_without_slowest_cases(tmp_path, capsys):
    doc = R.summary(_run(1, [(0, F.Result("ok", "", 2, flat="played"))]), 0, 1)
    doc["version"] = 2
    del doc["timed"], doc["slowest"], doc["slow_commands"]
    validate(R.SCHEMA, doc)
    (tmp_path / "summary-1-0-0.json").write_text(json.dumps(doc), "utf-8")
    assert fuzz_cli.main(["--sum", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "slowest cases (processor seconds):" in out and "commands over" not in out


def test_every_command_the_time_mode_times_may_be_a_slow_command_of_a_summary(tmp_path):
    """A summary names each command over 2 s; the schema allows exactly those --time times (a
    name it lacked once stopped a range from being written)."""
    enum = load_schema(R.SCHEMA)["properties"]["slow_commands"]["items"]["properties"]["command"]["enum"]
    assert enum == list(fuzz_cli.COMMANDS)
    slow = _run(1, [(12, F.Result("ok", "", 2, cpu=2.5))])
    slow.slowest, slow.timed = [(2.5, 12, "ok")], True
    slow.slow_commands = [(2.1, 12, command) for command in fuzz_cli.COMMANDS]
    validate(R.SCHEMA, json.loads(R.write(slow, 12, 1, tmp_path).read_text("utf-8")))
