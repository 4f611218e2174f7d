"""`ratdsl tune` (ratdsl/tuning/, docs/tuning.md) on the coin race of tests/games/tune_demo, whose
seats are balanced by one value only (comeback = head_start = 5): the search finds it within its
budget, a stopped study goes on without replaying what it finished, Dask gives the same study, and
every bad tuning file is one positioned line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ratdsl.schemas import validate
from ratdsl.session import load_rules
from ratdsl.tuning.run import Interrupted, tune
from ratdsl.tuning.spec import TuningError, read_tuning
from ratdsl.tuning.tuner import Budget, Outputs, Tuner

DEMO = Path(__file__).parent / "games" / "tune_demo"
PLANTED = 5  # head_start in the game: the only comeback that makes the two seats alike


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A copy of the coin race (its variants folder with its tuning file) to write beside."""
    folder = tmp_path / "tune_demo"
    shutil.copytree(DEMO, folder)
    return folder


def _tuning(game: Path, text: str, name: str = "t.tune.yaml") -> Path:
    path = game / "variants" / name
    path.write_text(text, "utf-8")
    return path


SMALL = """\
players: 2
games:
  random: {games}
vary:
  - const: comeback
    range: [0, 12]
goals:
  - metric: seat_edge.P1
    target: 0
  - metric: rounds
    within: base
"""


def test_planted_optimum_is_found_within_the_budget(game: Path):
    tuning = read_tuning(game / "variants" / "balanced.tune.yaml")
    outputs = Outputs(game / "variants" / "balanced.rat")
    report = tune(tuning, outputs, Budget(trials=8), seed=3)
    validate("tuning-report", report)
    tried = [c for c in report["candidates"] if "repeat_of" not in c]
    assert len(tried) <= 8 < report["space"] == 13  # not every value was played
    assert report["best"]["values"] == {"const comeback": PLANTED}
    assert report["best"]["all_met"] and not report["best"]["pruned"]
    # candidates far from it stopped at the first stage: their interval already missed the target
    assert any(c["pruned"] and sum(c["games"].values()) < 120 for c in tried)
    # the written variant is a variant like any other, saying how it was found
    text = outputs.variant.read_text("utf-8")
    assert text.startswith("# Found by `ratdsl tune balanced.tune.yaml`")
    assert f"replace const comeback = {PLANTED}" in text
    load_rules(outputs.variant)  # (raises if it does not load and pass the checker)
    # on fresh seeds the base game (comeback 0) hands P1 most games; the winner takes that away
    fresh = report["fresh"]["random"]
    assert fresh["seed"] != report["seed"]
    p1 = fresh["comparison"]["win_rate_by_seat.P1"]
    assert p1["significant"] and p1["ci95"][1] < 0
    assert [g["met"] for g in fresh["goals"]] == [True, True]
    assert not (game / ".tune-balanced").exists()  # the candidates' files are gone


def test_a_stopped_study_goes_on_without_replaying(game: Path):
    path = _tuning(game, SMALL.format(games=40))
    tuning = read_tuning(path)
    outputs = Outputs(game / "variants" / "t.rat")

    def stop_after_three(news):
        if news.get("trials") == 3:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stopped:
        tune(tuning, outputs, Budget(trials=6), seed=2, progress=stop_after_three)
    partial = stopped.value.report
    validate("tuning-report", partial)
    assert partial["interrupted"] and partial["variant"] is None and not outputs.variant.exists()
    first = [(c["number"], c["values"]) for c in partial["candidates"]]
    assert len([c for c in partial["candidates"] if "repeat_of" not in c]) == 3
    assert outputs.study.exists()

    report = tune(tuning, outputs, Budget(trials=6), seed=2)
    assert [(c["number"], c["values"]) for c in report["candidates"]][:len(first)] == first
    later = [c for c in report["candidates"][len(first):] if "repeat_of" not in c]
    # the base game and the first three candidates were not played again
    assert report["games_played"] == partial["games_played"] + sum(sum(c["games"].values()) for c in later)
    assert len([c for c in report["candidates"] if "repeat_of" not in c]) == 6
    assert outputs.variant.exists()


def test_another_tuning_file_does_not_resume_a_study(game: Path):
    path = _tuning(game, SMALL.format(games=20))
    outputs = Outputs(game / "variants" / "t.rat")
    tune(read_tuning(path), outputs, Budget(trials=1), seed=1)
    path.write_text(SMALL.format(games=30), "utf-8")
    from ratdsl.tuning.search import StudyMismatch

    with pytest.raises(StudyMismatch, match="another tuning run"):
        tune(read_tuning(path), outputs, Budget(trials=1), seed=1)


def _comparable(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in ("elapsed_seconds",)}


def test_dask_gives_the_same_study(tmp_path: Path):
    pytest.importorskip("distributed")
    from ratdsl.simulation.dask_backend import DaskBackend

    reports = []
    for backend in ("processes", "dask"):
        folder = tmp_path / backend / "tune_demo"
        shutil.copytree(DEMO, folder)
        path = _tuning(folder, SMALL.format(games=30))
        outputs = Outputs(folder / "variants" / "t.rat")
        if backend == "dask":
            with DaskBackend(None, 1) as dask:
                report = tune(read_tuning(path), outputs, Budget(trials=3), seed=4, backend=dask)
        else:
            report = tune(read_tuning(path), outputs, Budget(trials=3), seed=4)
        text = json.dumps(_comparable(report), sort_keys=True).replace(str(tmp_path / backend), "ROOT")
        reports.append((text, outputs.variant.read_text("utf-8")))
    assert reports[0] == reports[1]


BAD = [
    ("vary:\n  - const: comebak\n    range: [0, 3]\ngoals:\n  - metric: rounds\n    at_least: 1\n",
     "3:5: T003 the rules have no const comebak; did you mean comeback?"),
    ("vary:\n  - const: comeback\n    range: [4, 2]\ngoals:\n  - metric: rounds\n    at_least: 1\n",
     "3:5: T004 the range [4, 2] is empty"),
    ("vary:\n  - option: bonus\n    values: [1, 5]\ngoals:\n  - metric: rounds\n    at_least: 1\n",
     "3:5: T005 option bonus has no value 5: its values are 0, 1, 2"),
    ("vary:\n  - const: comeback\n    range: [0, 60]\ngoals:\n  - metric: rounds\n    at_least: 1\n",
     "3:5: T006 const comeback = 60 makes the rules invalid: E242"),
    ("vary:\n  - const: comeback\n    range: [0, 3]\ngoals:\n  - metric: seat_edj.P1\n    at_most: 1\n",
     "6:5: T008 unknown metric 'seat_edj.P1'; did you mean 'seat_edge'?"),
    ("vary:\n  - const: comeback\n    range: [0, 3]\ngoals:\n  - metric: win_rate.P3\n    at_most: 1\n",
     "6:5: T008 unknown seat 'P3' in metric 'win_rate.P3'"),
    ("vary:\n  - const: head_start\n    number: 2\n    range: [0, 3]\ngoals:\n  - metric: rounds\n    at_least: 1\n",
     "3:5: T010 const head_start holds 1 whole number(s), not 2"),
    ("vary:\n  - const: comeback\n    range: [0, 3]\ngoals:\n  - metric: rounds\n    between: [5, 2]\n",
     "6:5: T009 between [5, 2] holds no value"),
    ("vary:\n  - const: comeback\n    range: [0, 3]\ngoals: 5\n", "5:8: T002 goals: 5 is not of type 'array'"),
    ("vary: [1, 2\ngoals: x\n", "T001 not valid YAML"),
    ("vary:\n  - table: income\n    row: 9\n    range: [0, 3]\ngoals:\n  - metric: rounds\n    at_least: 1\n",
     "3:5: T003 table income has no row for 9"),
]


@pytest.mark.parametrize(("text", "expected"), BAD, ids=[b[1].split(" ")[1] + "-" + str(i) for i, b in enumerate(BAD)])
def test_bad_tuning_files_say_where_in_one_line(game: Path, text: str, expected: str):
    path = _tuning(game, "players: 2\n" + text)  # (the places below count this first line)
    with pytest.raises(TuningError) as err:
        Tuner(read_tuning(path), Outputs(game / "variants" / "t.rat"))
    message = str(err.value)
    assert "\n" not in message and message.startswith(str(path) + ":")
    assert expected in message


def test_a_name_the_variant_removes_cannot_vary(game: Path):
    (game / "variants" / "flat.rat").write_text(
        'variant flat "Flat income" extends coin_race\n\nremove table income\n\n'
        'replace step income.take "One coin each" {\n  for each p in players {\n'
        '    move up to 1 coin from bank to p.purse\n  }\n}\n', "utf-8")
    path = _tuning(game, "rules: flat.rat\nplayers: 2\nvary:\n  - table: income\n    row: 1\n    range: [0, 3]\n"
                         "goals:\n  - metric: rounds\n    at_least: 1\n")
    with pytest.raises(TuningError, match=r"t\.tune\.yaml:4:5: T007 table income is removed by the variant"):
        Tuner(read_tuning(path), Outputs(game / "variants" / "t.rat"))


def test_goals_no_candidate_meets_end_with_the_closest(game: Path):
    path = _tuning(game, "players: 2\ngames:\n  random: 20\nvary:\n  - option: bonus\ngoals:\n"
                         "  - metric: seat_edge.P1\n    at_most: -30\n")
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "tune", str(path), "--trials", "3"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    report = json.loads((game / "variants" / "t.tune.json").read_text("utf-8"))
    best = report["best"]
    assert not best["all_met"] and best["values"] == {"option bonus": 2}  # the most for the second seat
    assert best["misses"] and "seat_edge.P1 at most -30" in best["misses"][0]
    assert "NOT met: seat_edge.P1 at most -30" in result.stdout
    assert "set option bonus = 2" in (game / "variants" / "t.rat").read_text("utf-8")


def test_the_command_says_a_bad_file_in_one_line(game: Path):
    path = _tuning(game, "players: 2\nvary:\n  - const: nothing\n    range: [0, 3]\ngoals:\n"
                         "  - metric: rounds\n    at_least: 1\n")
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "tune", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stderr.strip().count("\n") == 0 and "T003 the rules have no const nothing" in result.stderr


def test_the_registry_measures_seats_from_the_report_s_win_shares():
    from ratdsl.simulation.collect import GameStats
    from ratdsl.simulation.report import Aggregate
    from ratdsl.tuning.metrics import UnknownMetric, lookup, measure

    run = Aggregate(2)
    for i, winners in enumerate([[0], [0], [1], [0, 1]]):  # P1: 1 + 1 + 0 + 1/2 of 4 games
        run.add(GameStats(i, i, 5 + i, [3, 2], winners))
    p1 = run.seat_wins[0].wilson()
    edge = measure("seat_edge.P1", run)
    assert edge.value == pytest.approx(12.5) and edge.low == pytest.approx(100 * p1[0] - 50)
    assert measure("seat_edge.P2", run).value == pytest.approx(-12.5)
    advantage = measure("seat_advantage", run)  # both seats are 12.5 points from even
    assert advantage.value == pytest.approx(12.5)
    assert advantage.low == 0.0 and advantage.high == pytest.approx(max(100 * p1[1] - 50, 50 - 100 * p1[0]))
    assert measure("rounds", run).value == pytest.approx(6.5)
    with pytest.raises(UnknownMetric, match="needs its seat"):
        lookup("win_rate")
    with pytest.raises(UnknownMetric, match="takes no argument"):
        lookup("rounds.P1")


def test_the_best_variant_is_never_written_over_a_designer_s_file(game: Path):
    (game / "variants" / "mine.rat").write_text('variant mine "Mine" extends coin_race\n', "utf-8")
    path = _tuning(game, "name: mine\nplayers: 2\nvary:\n  - option: bonus\ngoals:\n  - metric: rounds\n"
                         "    at_least: 1\n")
    tuning = read_tuning(path)
    with pytest.raises(TuningError, match="T014 .*mine.rat is a rule file that ratdsl tune did not write"):
        Tuner(tuning, Outputs(game / "variants" / "mine.rat"))
    with pytest.raises(TuningError, match="T014 the best variant would be written over the rules being tuned"):
        Tuner(read_tuning(_tuning(game, "rules: mine.rat\n" + path.read_text("utf-8"))),
              Outputs(game / "variants" / "mine.rat"))
