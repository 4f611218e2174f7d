"""Reports that cannot mislead (issue 36): p-values printed in full (never cut at a chart's edge,
never rounded to 0, "< 1e-300" where a double underflows), read back from the SVG as drawn;
seats named by their agents when the agents differ, with each agent's win rate."""

from __future__ import annotations

import copy
import json
import re

import jsonschema
import pytest

from ratdsl.simulation import SimulationSpec, render_html, simulate
from ratdsl.simulation.charts import charts, forest_chart
from ratdsl.simulation.report import notes, table
from ratdsl.simulation.stats import format_p

from .conftest import ROOT

RULES = str(ROOT / "rules" / "ratland")
SCHEMA = json.loads((ROOT / "schemas" / "report.schema.json").read_text())


@pytest.fixture(scope="module")
def compared() -> dict:
    spec = SimulationSpec(RULES + "/variants/lean_times.rat", (), (), 3, ("random",))
    return simulate(spec, 10, 5, 1, SimulationSpec(RULES, (), (), 3, ("random",)))


@pytest.fixture(scope="module")
def personas() -> dict:
    return simulate(SimulationSpec(RULES, (), (), 5, ("breeder", "raider", "random")), 12, 2, 1)


def drawn_texts(svg: str) -> list[tuple[str, float]]:
    """Each text of a matplotlib SVG drawn as paths: its string (the comment matplotlib writes
    before it) and where its last glyph ends, in the SVG's units (one em allowed for the glyph)."""
    out = []
    pattern = (r"<!-- (.*?) -->\s*<g (?:style=\"[^\"]*\" )?transform=\"translate\(([-\d.]+) [-\d.]+\) "
               r"scale\(([\d.]+) -[\d.]+\)\">(.*?)</g>")
    for text, x, scale, body in re.findall(pattern, svg, re.S):
        offsets = [float(o) for o in re.findall(r'<use xlink:href="#[^"]+" transform="translate\(([-\d.]+) ', body)]
        out.append((text.replace("&lt;", "<").replace("&amp;", "&"),
                    float(x) + float(scale) * (max(offsets, default=0.0) + 100)))
    return out


def test_format_p_keeps_every_exponent_and_says_underflow():
    assert format_p(1.25e-143) == "1.25e-143" and format_p(2.14e-282) == "2.14e-282"
    assert format_p(0.0) == format_p(4e-320) == "< 1e-300"
    assert format_p(0.00012345) == "1.23e-04" and format_p(0.042) == "0.042" and format_p(1.0) == "1"
    assert format_p(None) == ""


def test_p_values_are_read_back_whole_from_the_forest_svg(compared):
    report = copy.deepcopy(compared)
    given = [1.25e-143, 2.14e-282, 0.0, 0.042, 7.49e-05]
    keys = list(report["comparison"])[:len(given)]
    for key, p in zip(keys, given, strict=True):
        report["comparison"][key]["p_adjusted"] = p
    svg = forest_chart(report).svg
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    texts = drawn_texts(svg)
    shown = [t for t, _ in texts if t.startswith("p ")]
    assert shown[:len(given)] == ["p = 1.25e-143", "p = 2.14e-282", "p < 1e-300", "p = 0.042", "p = 7.49e-05"]
    for text, right in texts:  # nothing runs past the figure's right edge, where it would be cut
        assert right <= width, (text, right, width)
    for text, p in zip(shown, given, strict=False):
        if p:
            assert float(text.split("= ")[1]) == pytest.approx(p, rel=5e-3)


def test_tables_and_notes_print_p_in_full(compared):
    report = copy.deepcopy(compared)
    key = next(iter(report["comparison"]))
    report["comparison"][key]["p_adjusted"] = 1.25e-143
    report["run"]["seat_balance"] = dict(report["run"]["seat_balance"] or
                                         {"test": "t", "wins": [1, 1, 1], "statistic": 9.0, "df": 2,
                                          "expected_per_seat": 1.0}, p_value=0.0)
    headers, body = table(report)
    assert body[0][headers.index("adjusted p")] == "1.25e-143"
    assert any("p < 1e-300" in line for line in notes(report))
    page = render_html(report)
    assert "<td>1.25e-143</td>" in page and "p = 0:" not in page and "p=0" not in page


def test_seats_are_named_by_their_agents_with_each_agents_win_rate(personas):
    jsonschema.validate(personas, SCHEMA)
    run = personas["run"]
    assert run["seat_agents"] == {"P1": "breeder", "P2": "raider", "P3": "random", "P4": "breeder",
                                  "P5": "raider"}
    seats, agents = run["win_rate_by_seat"], run["win_rate_by_agent"]
    breeder = (seats["P1"]["rate"] + seats["P4"]["rate"]) / 2
    assert agents["breeder"]["rate"] == pytest.approx(breeder, abs=1e-6)
    assert agents["breeder"]["n"] == seats["P1"]["n"] + seats["P4"]["n"]
    labels = [row[0] for row in table(personas)[1]]
    assert "win rate P4 (breeder)" in labels and "win rate of breeder (all its seats)" in labels
    assert not any(line.startswith("Seat balance") for line in notes(personas))
    found = {c.id: c for c in charts(personas)}
    assert "agents" in found
    seat_texts = [t for t, _ in drawn_texts(found["seats"].svg)]
    assert "P3 (random)" in seat_texts and "P4 (breeder)" in seat_texts


def test_one_agent_for_every_seat_keeps_seat_names(compared):
    assert "seat_agents" not in compared["run"] and "win_rate_by_agent" not in compared["run"]
    labels = [row[0] for row in table(compared)[1]]
    assert "win rate P1" in labels
    assert "agents" not in {c.id for c in charts(compared)}
