"""Statistics a designer can trust (issue 17): a run and its baseline are paired by seed, so the
base game against itself differs by exactly 0 with zero-width intervals; flags survive a
Benjamini-Hochberg correction; a planted small effect is found by the paired comparison at a
game count where the old unpaired interval misses it; seat balance is tested; --precision plays
batches until the headline intervals are narrow enough; without a baseline no empty columns."""

import json
import math
import shutil

import numpy as np
import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.schemas import validate
from ratdsl.simulation import SimulationSpec, run_games, simulate
from ratdsl.simulation.report import Aggregate, compare, notes, table
from ratdsl.simulation.simulate import Precision, headline_widths
from ratdsl.simulation.stats import adjust, paired_difference, seat_balance

from .conftest import ROOT

RATLAND = str(ROOT / "rules" / "ratland")
LEAN = str(ROOT / "rules" / "ratland" / "variants" / "lean_times.rat")


def spec(rules: str, players: int = 4) -> SimulationSpec:
    return SimulationSpec(rules, (), (), players, ("random",))


def aggregate(rules: str, games: int, seed: int, players: int = 4) -> Aggregate:
    out = Aggregate(players)
    for stats in run_games(spec(rules, players), games, seed):
        out.add(stats)
    return out


def test_the_base_game_against_itself_differs_by_exactly_zero():
    report = simulate(spec(RATLAND), 40, 4, baseline=spec(RATLAND))
    comparison = report["comparison"]
    assert len(comparison) == 5 + 4 + len(report["run"]["metrics"])  # every figure is compared
    for name, d in comparison.items():
        assert d["difference"] == 0 and d["ci95"] == [0, 0], name
        assert not d["significant"] and d["p_adjusted"] == 1, name
    # unpaired, the same data would have given wide intervals (what the issue complained of)
    assert comparison["metrics.rats_starved"]["unpaired_ci95"][1] > 1
    method = report["comparison_method"]
    assert method["paired"] and method["games"] == 40 and "Benjamini-Hochberg" in method["correction"]


def test_lean_times_flags_what_a_designer_expects_after_correction():
    comparison = simulate(spec(LEAN), 80, 6, baseline=spec(RATLAND))["comparison"]
    flagged = {name for name, d in comparison.items() if d["significant"]}
    # a hungrier feeding table starves more rats, so fewer are born, less cheese is eaten and
    # scores fall; it plays the same number of rounds and favours no seat
    assert {"metrics.rats_starved", "metrics.rats_born", "metrics.cheese_eaten", "score"} <= flagged
    assert comparison["metrics.rats_starved"]["difference"] > 0
    assert comparison["metrics.rats_born"]["difference"] < 0 and comparison["score"]["difference"] < 0
    assert not any(name.startswith("win_rate_by_seat.") or name == "rounds" for name in flagged)
    for d in comparison.values():
        assert d["significant"] == (d["p_adjusted"] < 0.05) and d["p_adjusted"] >= d["p_value"]


def test_a_planted_small_effect_is_found_paired_where_unpaired_misses_it(tmp_path):
    """One band of the feeding table costs 1 more (13 to 15 rats: 5 -> 6)."""
    shutil.copytree(RATLAND, tmp_path / "ratland")
    rules = tmp_path / "ratland" / "round.rat"
    text = rules.read_text()
    assert text.count("13..15 -> 5") == 1
    rules.write_text(text.replace("13..15 -> 5", "13..15 -> 6"))
    games = 200
    variant, base = aggregate(str(tmp_path / "ratland"), games, 3), aggregate(RATLAND, games, 3)
    comparison = compare(variant, base)
    born = comparison["metrics.rats_born"]
    assert born["significant"] and born["ci95"][1] < 0  # fewer rats born, after correction
    # the old report: difference of the two means +- 1.96 * sqrt(var_v / n + var_b / n)
    v, b = np.array(variant.per_game["metrics.rats_born"]), np.array(base.per_game["metrics.rats_born"])
    half = 1.959963984540054 * math.sqrt(v.var(ddof=1) / games + b.var(ddof=1) / games)
    old = (v.mean() - b.mean() - half, v.mean() - b.mean() + half)
    assert old[0] < 0 < old[1]  # the unpaired interval could not tell
    assert born["ci95"][1] - born["ci95"][0] < (old[1] - old[0]) / 3


def test_a_comparison_refuses_runs_of_different_seeds():
    with pytest.raises(ValueError, match="same seeds"):
        compare(aggregate(RATLAND, 3, 1, 2), aggregate(RATLAND, 3, 2, 2))


def test_benjamini_hochberg_unflags_what_many_tests_would_flag_by_chance():
    raw = [0.012, 0.024, 0.036, 0.048, 0.9]
    differences = {f"f{i}": {"p_value": p} for i, p in enumerate(raw)}
    adjust(differences)
    assert all(d["p_adjusted"] >= d["p_value"] for d in differences.values())
    assert not any(d["significant"] for d in differences.values())  # each p < 0.05, none after correction
    differences = {"real": {"p_value": 0.0001}, "noise": {"p_value": 0.6}}
    adjust(differences)
    assert differences["real"]["significant"] and not differences["noise"]["significant"]


def test_paired_interval_of_a_constant_shift_has_zero_width_and_is_flagged():
    d = paired_difference([3.0, 5.0, 9.0], [2.0, 4.0, 8.0])
    assert d["difference"] == 1 and d["ci95"] == [1, 1] and d["p_value"] == 0
    assert d["unpaired_ci95"][0] < 0 < d["unpaired_ci95"][1] and d["width_ratio"] == 0


def test_seat_balance_test():
    fair, unfair = seat_balance([25.0, 25.0, 25.0, 25.0]), seat_balance([40.0, 20.0, 20.0, 20.0])
    assert fair["p_value"] == 1 and fair["df"] == 3
    assert unfair["p_value"] < 0.05 and unfair["statistic"] > 0
    assert seat_balance([10.0]) is None and seat_balance([0.0, 0.0]) is None


@pytest.mark.parametrize("df", range(1, 12))  # 2 to 12 seats
def test_the_chi_square_tail_is_scipys(df):
    from scipy import stats

    from ratdsl.simulation.stats import chi_square_sf

    for x in (0.0, 1e-9, 0.3, 1.0, float(df), 2.5 * df, 7.0, 19.5, 60.0, 400.0, 5000.0):
        assert chi_square_sf(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("wins", [[25.0, 25.0, 25.0, 25.0], [40.0, 20.0, 20.0, 20.0], [7.5, 3.0, 5.5],
                                  [300.0, 100.0], [12.0] * 11 + [40.0], [1000.0, 5.0, 5.0, 5.0, 5.0]])
def test_seat_balance_gives_scipys_chi_square_test(wins):
    from scipy import stats

    test, ours = stats.chisquare(wins), seat_balance(wins)
    assert ours["statistic"] == round(float(test.statistic), 6)
    assert ours["p_value"] == pytest.approx(float(test.pvalue), rel=1e-5, abs=1e-300)


def test_precision_plays_batches_until_every_headline_interval_is_narrow_enough():
    wanted = Precision(30.0, 400, batch=20)
    report = simulate(spec(RATLAND, 3), 0, 5, precision=wanted)
    played = report["run"]["games"]
    assert report["precision"]["reached"] and played % 20 == 0 and played < 400
    assert report["precision"]["widest"] < 30
    # the same games as a plain run of that many, and the batch before was not narrow enough
    assert report["run"] == simulate(spec(RATLAND, 3), played, 5)["run"]
    assert max(headline_widths(aggregate(RATLAND, played - 20, 5, 3), None).values()) >= 30


def test_precision_stops_at_max_games_and_says_so():
    report = simulate(spec(RATLAND, 2), 0, 1, precision=Precision(0.001, 30, batch=20))
    assert report["run"]["games"] == 30 and report["games"] == 30
    assert not report["precision"]["reached"] and "NOT reached" in report["summary"]


def test_precision_with_a_baseline_uses_the_paired_intervals():
    # the base game against itself: every paired interval has width 0 after the first batch
    report = simulate(spec(RATLAND, 2), 0, 1, baseline=spec(RATLAND, 2), precision=Precision(0.5, 400, batch=10))
    assert report["run"]["games"] == report["baseline"]["games"] == 10 and report["precision"]["reached"]


@pytest.mark.parametrize("args, message", [
    (["--precision", "1", "-n", "10"], "--games and --precision exclude each other"),
    (["--max-games", "10"], "--max-games bounds a --precision run"),
    (["--precision", "0"], "--precision must be a width above 0, not 0.0"),
    (["--precision", "1", "--max-games", "1"], "--max-games must be at least 2, not 1"),
])
def test_precision_usage_errors(args, message):
    result = CliRunner().invoke(app, ["simulate", RATLAND, *args])
    assert result.exit_code == 2 and message in result.output


def test_no_empty_columns_without_a_baseline(tmp_path):
    out = tmp_path / "r.json"
    result = CliRunner().invoke(app, ["simulate", RATLAND, "-n", "10", "-p", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    validate("report", report)
    headers, rows = table(report)
    assert headers == ["figure", "this run (95% CI)"] and all(len(r) == 2 and all(r) for r in rows)
    assert "baseline" not in result.output and "Paired" not in result.output
    assert "Seat balance (this run): chi-square" in result.output


def test_a_short_run_says_why_it_has_no_seat_balance_test():
    result = CliRunner().invoke(app, ["simulate", RATLAND, "-n", "4", "-p", "2"])
    assert result.exit_code == 0, result.output
    assert "Seat balance (this run): no test, it needs 5 expected wins per seat" in result.output


def test_the_cli_says_the_comparison_is_paired(tmp_path):
    out = tmp_path / "r.json"
    result = CliRunner().invoke(app, ["simulate", RATLAND, "--baseline", RATLAND, "-n", "6", "-p", "2",
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    validate("report", report)
    assert "Paired: the run and its baseline played the same 6 seeds" in " ".join(result.output.split())
    headers, _ = table(report)
    assert headers[-2:] == ["adjusted p", "width vs unpaired"]


def test_too_few_games_to_pair_say_so():
    report = simulate(spec(RATLAND, 2), 1, 1, baseline=spec(RATLAND, 2))
    assert report["comparison"] is None and report["comparison_method"] is None
    assert any(line.startswith("No comparison: pairing needs at least 2 games") for line in notes(report))


def test_seat_balance_needs_five_expected_wins_per_seat():
    """Below five expected wins a seat the chi-square approximation does not hold: no test."""
    assert seat_balance([2.0, 1.0, 1.0, 0.0]) is None
    assert seat_balance([8.0, 4.0, 4.0, 4.0]) is not None
