"""The HTML report's charts (ratdsl/simulation/charts.py): a forest plot of the differences with
flagged rows marked, distributions with every bin, win rates by seat and by label with intervals;
paired-difference fields read when the report has them; one self-contained page, byte-identical for
the same games, that headless Chromium renders with its charts."""

from __future__ import annotations

import copy
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from ratdsl.simulation import SimulationSpec, render_html, simulate
from ratdsl.simulation.charts import differences, distribution_chart, forest_chart, histogram_bins, read_difference

from .conftest import ROOT

RULES = str(ROOT / "rules" / "ratland")


def small_report(baseline: bool = True) -> dict:
    spec = SimulationSpec(RULES + "/variants/lean_times.rat", ("clans",), (), 3, ("random",))
    base = SimulationSpec(RULES, ("clans",), (), 3, ("random",)) if baseline else None
    return simulate(spec, 12, 3, 1, base)


@pytest.fixture(scope="module")
def report() -> dict:
    return small_report()


@pytest.fixture(scope="module")
def page(report) -> str:
    return render_html(report)


@pytest.fixture(scope="module")
def alone_page() -> str:
    return render_html(small_report(baseline=False))


def figure_ids(page: str) -> list[str]:
    return re.findall(r'<figure id="([^"]+)"><svg ', page)


def test_histogram_bins_cover_every_value_between_the_extremes():
    assert histogram_bins({"5": 1, "8": 2}, {"3": 4}) == [3, 4, 5, 6, 7, 8]
    assert histogram_bins({"-2": 1, "1": 1}, None) == [-2, -1, 0, 1]
    assert histogram_bins({}, None) == []


def test_a_value_no_game_reached_is_an_empty_bar_on_the_axis(report):
    gappy = copy.deepcopy(report)
    gappy["run"]["rounds"]["histogram"] = {"3": 2, "7": 1}
    gappy["baseline"]["rounds"]["histogram"] = {"4": 3}
    svg = distribution_chart(gappy, "rounds", "Rounds", "rounds", "games").svg
    for value in range(3, 8):
        assert f'id="rounds-run-{value}"' in svg and f'id="rounds-baseline-{value}"' in svg
    assert 'id="rounds-run-8"' not in svg and 'id="rounds-run-2"' not in svg


def test_forest_plot_has_a_row_per_difference_and_marks_the_flagged_ones(report):
    svg = forest_chart(report).svg
    flags = {key: entry["significant"] for key, entry in report["comparison"].items()}
    assert True in flags.values() and False in flags.values()  # the seeded run has both kinds
    for key, flagged in flags.items():
        assert f'id="forest-{key}-interval"' in svg
        assert (f'id="forest-{key}-flagged"' in svg) == flagged
        assert (f'id="forest-{key}-point"' in svg) == (not flagged)


def test_paired_fields_are_read_when_present_and_todays_fields_otherwise(report):
    today = {"difference": 0.5, "ci95": [-1.0, 2.0], "significant": False}
    paired = today | {"paired": {"difference": 0.5, "ci95": [0.25, 0.75], "significant": True}}
    assert (read_difference("k", "k", today, False).low, read_difference("k", "k", today, False).flagged) == (-1, False)
    row = read_difference("k", "k", paired, False)
    assert (row.low, row.high, row.flagged) == (0.25, 0.75, True)
    corrected = paired | {"flagged": False, "p_adjusted": 0.2}  # a flag after correction wins
    row = read_difference("k", "k", corrected, True)
    assert not row.flagged and row.p_adjusted == 0.2 and row.unit == " pts" and row.high == 75
    with_pairs = copy.deepcopy(report)
    with_pairs["comparison"]["rounds"] = paired
    assert 'id="forest-rounds-flagged"' in forest_chart(with_pairs).svg
    assert 'id="forest-rounds-flagged"' not in forest_chart(report).svg


def test_rows_are_labelled_with_metric_titles_and_rates_in_points(report):
    rows = {row.key: row for row in differences(report)}
    assert rows["metrics.rats_starved"].label == report["metric_titles"]["rats_starved"]
    seat = report["comparison"]["win_rate_by_seat.P1"]
    assert rows["win_rate_by_seat.P1"].estimate == pytest.approx(100 * seat["difference"])
    assert rows["rounds"].unit == "" and rows["shared_victory"].unit == " pts"


def test_html_report_with_a_baseline_has_every_chart(page, report):
    assert figure_ids(page) == ["forest", "dist-rounds", "dist-score", "seats", "by-clan"]
    assert "<th>baseline</th>" in page
    assert 'id="seats-baseline-P1"' in page and 'id="by-clan-run-' in page


def test_html_report_without_a_baseline_has_no_forest_plot_and_no_empty_columns(alone_page):
    page = alone_page
    assert figure_ids(page) == ["dist-rounds", "dist-score", "seats", "by-clan"]
    assert "baseline" not in page.split("<figure")[0]  # no empty table columns
    assert "-baseline-" not in page


def test_html_report_is_one_self_contained_file(page):
    assert "<script" not in page and "<link" not in page and "<img" not in page
    assert "<?xml" not in page and "<!DOCTYPE svg" not in page
    for reference in re.findall(r'(?:href|src)="([^"]*)"', page):
        assert reference.startswith("#"), reference


def test_report_is_byte_identical_for_the_same_games(page):
    again = render_html(small_report())
    assert again == page
    assert "<dc:date>" not in page and "Matplotlib v" not in page


def test_a_title_with_dollar_signs_is_text_not_mathematics(report):
    odd = copy.deepcopy(report)
    odd["metric_titles"]["rats_starved"] = r"costs $\nosuchsymbol$ each"
    assert forest_chart(odd).svg.startswith("<svg ")


def test_matplotlib_is_loaded_only_when_a_chart_is_drawn():
    code = "import sys, ratdsl.cli.main, ratdsl.simulation; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "False"


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def share_of(pixels, colour: str) -> float:
    """The share of the screenshot's pixels within a small distance of a #rrggbb colour."""
    import numpy as np

    target = np.array([int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)])
    return float((np.abs(pixels[..., :3] - target).max(axis=-1) < 0.06).mean())


@pytest.mark.parametrize("baseline", [True, False], ids=["baseline", "alone"])
def test_html_report_renders_in_headless_chromium(tmp_path, page, alone_page, baseline):
    browser = chromium()
    if browser is None:
        pytest.skip("chromium is not installed (Debian: apt-get install -y chromium)")
    import matplotlib.image

    from ratdsl.simulation.charts import BASE, FLAG, RUN

    html = page if baseline else alone_page
    (tmp_path / "report.html").write_text(html, "utf-8")
    png = tmp_path / "report.png"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run",
                    f"--user-data-dir={tempfile.mkdtemp(dir=tmp_path)}", f"--screenshot={png}",
                    "--window-size=900,4000", (tmp_path / "report.html").as_uri()],
                   capture_output=True, timeout=120, check=False)
    assert png.is_file(), "chromium wrote no screenshot"
    pixels = matplotlib.image.imread(png)
    assert (pixels[..., :3].min(axis=-1) < 0.9).mean() > 0.03  # not a blank page
    assert share_of(pixels, RUN) > 0.003  # only the charts use these colours: the SVGs were drawn
    assert (share_of(pixels, BASE) > 0.002) == baseline
    assert (share_of(pixels, FLAG) > 0.0002) == baseline  # flagged forest rows (the run has some)
    keep = os.environ.get("RATDSL_SCREENSHOT_DIR")  # to look at the page: RATDSL_SCREENSHOT_DIR=/tmp pytest …
    if keep:
        shutil.copy(png, Path(keep) / f"simulation-report.{'baseline' if baseline else 'alone'}.png")
