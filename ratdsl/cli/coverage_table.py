"""The rule-coverage table that `simulate --coverage` and `test --coverage` print."""

from __future__ import annotations

from typing import Any


def print_coverage(console, section: dict[str, Any], run: str) -> None:
    """Every place of the rules with how often it ran per `run` (game or scenario), in what share
    of them, and "never fired" where it never ran; then a one-line summary. Texts come from the
    rules: shown as written, never read as Rich markup."""
    from rich.table import Table
    from rich.text import Text

    from ..language.visible import visible
    from ..simulation.coverage import coverage_rows, coverage_summary

    table = Table(title="Rule coverage", caption=Text(coverage_summary(section, run)))
    for column in ("rule or branch", "where", f"fired per {run}", f"{run}s where it fired", ""):
        table.add_column(column)
    for row in coverage_rows(section):
        table.add_row(*(Text(visible(cell), style="bold red" if row[4] else "") for cell in row))
    console.print(table)
