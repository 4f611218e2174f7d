"""Rule coverage in a report: for each rule, card effect, hook, modifier, step and branch of the
rules, how often it ran per game and in what share of games, and which never ran at all. The
counting is the engine's (engine/coverage.py); this module turns a tally into rows and HTML."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.coverage import Tally, points
from ..semantics.definition import GameDef

NEVER = "never fired"


def coverage_tally(definition: GameDef) -> Tally:
    """An empty tally that knows every place of the rule set, so places that never run are listed."""
    tally = Tally()
    tally.add_points(points(definition))
    return tally


def coverage_rows(section: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """(what, where, runs per game, share of games, mark) for each place of a coverage section."""
    return [(p["what"], Path(p["where"]).name, f"{p['per_run']:.3g}", f"{100 * p['share_of_runs']:.1f}%",
             NEVER if p["total"] == 0 else "")
            for p in section["points"]]


def coverage_summary(section: dict[str, Any], run: str = "game") -> str:
    """One line: how many places there are and how many never ran."""
    return (f"{section['places']} places of the rules, {section['never_ran']} never fired "
            f"in {section['runs']} {run}{'s' if section['runs'] != 1 else ''}")


def coverage_html(report: dict[str, Any]) -> str:
    """The coverage section as a small HTML table (empty without one)."""
    import html  # (only for the HTML page)

    section = report.get("coverage")
    if section is None:
        return ""
    body = "".join(
        "<tr" + (' style="color: #b00000"' if mark else "") + ">"
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in (what, where, per, share, mark)) + "</tr>"
        for what, where, per, share, mark in coverage_rows(section))
    return (f"<h2>Rule coverage</h2><p>{html.escape(coverage_summary(section))}</p>"
            "<table><tr><th>rule or branch</th><th>where</th><th>fired per game</th>"
            f"<th>games where it fired</th><th></th></tr>{body}</table>")
