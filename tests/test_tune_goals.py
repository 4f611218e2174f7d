"""Goals of `ratdsl tune` beyond the report's figures (docs/tuning.md): a play-quality metric of
simulation/quality.py is measured on a tuning run's games exactly as `ratdsl balance` measures it
on the same seeds, and the search players' games of a candidate are played only once its goals
with cheaper players are met. On the coin race of tests/games/tune_demo (no decision to make, so
a search agent costs nothing there)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ratdsl.schemas import validate
from ratdsl.simulation.balance import BalanceSpec, balance
from ratdsl.simulation.quality import METRICS
from ratdsl.tuning.run import tune
from ratdsl.tuning.spec import TuningError, read_tuning
from ratdsl.tuning.tuner import Budget, Outputs, Tuner

DEMO = Path(__file__).parent / "games" / "tune_demo"
GAMES = 24


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "tune_demo"
    shutil.copytree(DEMO, folder)
    return folder


def _tuning(game: Path, text: str) -> Path:
    path = game / "variants" / "q.tune.yaml"
    path.write_text(text, "utf-8")
    return path


QUALITY = f"""\
players: 2
seed: 11
games:
  random: {GAMES}
  mixed: {GAMES}
agents:
  mixed: mcts:2,random
vary:
  - const: comeback
    range: [0, 3]
goals:
  - metric: quality.lead_changes
    at_least: 0
  - metric: quality.decisiveness
    at_least: 0
  - metric: quality.drama
    at_least: 0
  - metric: quality.seat_advantage.P1
    at_least: -100
  - metric: quality.skill_gap
    players: mixed
    at_least: -100
"""


def test_a_quality_goal_is_measured_as_balance_measures_it(game: Path):
    tuner = Tuner(read_tuning(_tuning(game, QUALITY)), Outputs(game / "variants" / "q.rat"))
    assert tuner.traced == {"random", "mixed"} and tuner.rotating == {"mixed"}
    measured = tuner.measure_base()  # the base game on the tuning's seed, every goal's metric
    report = balance(BalanceSpec(str(game), str(game), players=2, strong="mcts:2", weak="random"), GAMES,
                     tuner.seed)
    arms = {arm["name"]: arm for arm in report["arms"]}
    expected = {0: ("weak", "lead_changes"), 1: ("weak", "decisiveness"), 2: ("weak", "drama"),
                3: ("weak", "seat_advantage.P1"), 4: ("one_strong", "skill_gap")}
    for goal, (arm, key) in expected.items():
        figure = arms[arm]["baseline"][key]
        scale = 100 if METRICS[key.split(".")[0]].percent else 1
        got = measured[goal]
        assert figure["n"] == GAMES
        assert got.value == pytest.approx(scale * figure["mean"], abs=1e-4), key
        assert [got.low, got.high] == pytest.approx([scale * x for x in figure["ci95"]], abs=1e-4), key
    # the skill gap is read from the rotating seat: with the seats this unequal, a strong player
    # kept in the first seat would show the first seat's edge instead
    first_seat = measured[3].value
    assert abs(first_seat) > 10 and abs(measured[4].value - first_seat) > 5


BAD = [
    ("  - metric: quality.lead_chnages\n    at_least: 0\n",
     "6:5: T008 unknown metric 'quality.lead_chnages'; did you mean 'quality.lead_changes'?"),
    ("  - metric: quality.lead_changes.P1\n    at_least: 0\n",
     "6:5: T008 metric quality.lead_changes takes no argument"),
    ("  - metric: quality.seat_advantage.P3\n    at_least: 0\n",
     "6:5: T008 unknown seat 'P3' in metric 'quality.seat_advantage.P3'"),
    ("  - metric: quality.skill_gap\n    at_least: 0\n",
     "6:5: T008 quality.skill_gap is measured with one strong player among weaker ones: write players: mixed"),
    ("  - metric: quality.skill_gap\n    players: mixed\n    at_least: 0\nagents:\n  mixed: mcts:2\n",
     "6:5: T008 quality.skill_gap is measured with one strong player"),
    ("  - metric: quality.drama\n    at_least: [1]\n", "7:15: T002 goals/0/at_least: [1] is not of type 'number'"),
]


@pytest.mark.parametrize(("goal", "expected"), BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_quality_goals_say_where_in_one_line(game: Path, goal: str, expected: str):
    path = _tuning(game, "players: 2\nvary:\n  - const: comeback\n    range: [0, 3]\ngoals:\n" + goal)
    with pytest.raises(TuningError) as err:
        Tuner(read_tuning(path), Outputs(game / "variants" / "q.rat"))
    message = str(err.value)
    assert "\n" not in message and message.startswith(str(path) + ":")
    assert expected in message


GATED = """\
players: 2
seed: 5
games:
  random: 60
  strong: 16
agents:
  strong: mcts:2
vary:
  - const: comeback
    values: [0, 3, 4, 5, 12]
goals:
  - metric: seat_edge.P1
    between: [-15, 15]
  - metric: seat_edge.P1
    players: strong
    between: [-45, 45]
"""


def test_search_players_play_only_candidates_whose_cheaper_goals_are_met(game: Path):
    path = _tuning(game, GATED)
    outputs = Outputs(game / "variants" / "q.rat")
    assert Tuner(read_tuning(path), outputs).phases() == [["random"], ["strong"]]
    report = tune(read_tuning(path), outputs, Budget(trials=5), seed=5)
    validate("tuning-report", report)
    ways = set()
    for c in report["candidates"]:
        random_goal = c["goals"][0]
        if random_goal["met"]:  # its random games all played, then its strong ones
            assert c["games"] == {"random": 60, "strong": 16} and "gated" not in c
            ways.add("played")
        elif random_goal["missed"]:  # stopped by its interval, at a stage of its random games
            assert c["games"]["strong"] == 0 and c["pruned"] and "gated" not in c
            ways.add("pruned")
        else:  # within reach by its interval, missed by its estimate after all 60: no strong game
            assert c["games"] == {"random": 60, "strong": 0} and c["pruned"] and "random" in c["gated"]
            ways.add("gated")
        assert (c["goals"][1]["estimate"] is None) == (c["games"]["strong"] == 0)
    assert ways == {"played", "pruned", "gated"}
    best = next(c for c in report["candidates"] if c["number"] == report["best"]["number"])
    assert report["best"]["all_met"] and best["games"]["strong"] == 16
    assert report["games_played"] < 60 * 6 + 16 * 6  # (the base game's and every candidate's, unstopped)


def test_docs_list_every_quality_goal():
    from ratdsl.tuning.metrics import REGISTRY

    text = (Path(__file__).resolve().parents[1] / "docs" / "tuning.md").read_text("utf-8")
    names = [name for name in REGISTRY if name.startswith("quality.")]
    assert sorted(names) == sorted(f"quality.{m}" for m in METRICS)
    for name in names:
        shown = f"`{name}.P<N>`" if REGISTRY[name].argument == "seat" else f"`{name}`"
        assert f"| {shown} |" in text, name


def test_the_fresh_comparison_pairs_the_quality_goal_s_metric(game: Path):
    path = _tuning(game, "players: 2\ngames:\n  random: 30\nvary:\n  - const: comeback\n    values: [4, 5]\n"
                         "goals:\n  - metric: quality.lead_changes\n    within: base\n"
                         "  - metric: quality.first_seat_advantage\n    at_most: 100\n")
    report = tune(read_tuning(path), Outputs(game / "variants" / "q.rat"), Budget(trials=2), seed=6)
    validate("tuning-report", report)
    fresh = report["fresh"]["random"]
    comparison = fresh["comparison"]
    assert {"quality.lead_changes", "quality.first_seat_advantage", "rounds"} <= set(comparison)
    # within: base on fresh seeds is the base game's interval there: its centre is the base's mean
    judged = fresh["goals"][0]
    base_mean = sum(judged["bound"]) / 2
    assert comparison["quality.lead_changes"]["difference"] == pytest.approx(
        judged["estimate"]["value"] - base_mean, abs=1e-5)
    # the first seat's advantage is its win share less an even one: paired, the same difference
    assert comparison["quality.first_seat_advantage"]["difference"] == pytest.approx(
        comparison["win_rate_by_seat.P1"]["difference"], abs=1e-9)
    from ratdsl.tuning.page import render_html

    assert "play-quality metric" in render_html(report) and "quality.lead_changes" in render_html(report)
