"""`ratdsl simulate`: thousands of seeded games, a report, and a comparison with a baseline."""

from __future__ import annotations

import json
import time
from pathlib import Path

import typer

from ..language.errors import RuleError
from ..language.loader import UnknownModule
from ..language.visible import visible
from ..session import RulesInvalid, parse_option_pairs


def register(app: typer.Typer) -> None:
    @app.command("simulate")
    def simulate_command(
        rules: Path = typer.Argument(..., help="A game folder or a variant file."),
        modules: list[str] = typer.Option([], "--with", help="Optional modules to switch on."),
        options: list[str] = typer.Option([], "--option", "-o", help="NAME=VALUE (repeatable)."),
        players: int = typer.Option(4, "--players", "-p"),
        games: int = typer.Option(1000, "--games", "-n"),
        seed: int = typer.Option(1, "--seed", "-s", help="Master seed; game i's seed derives from it and i."),
        baseline: Path | None = typer.Option(None, "--baseline", help="Rules to compare with (same games)."),
        baseline_modules: list[str] | None = typer.Option(
            None, "--baseline-with",
            help="Modules for the baseline (default: the same as --with; `none` for no module)."),
        agents: str = typer.Option("random", "--agents", help="random or personas, one per seat, cycled."),
        workers: int = typer.Option(1, "--workers", "-w", help="Processes playing games in parallel."),
        out: Path | None = typer.Option(None, "--out", help="Write the report as JSON."),
        html_out: Path | None = typer.Option(None, "--html", help="Write the report as an HTML page."),
    ) -> None:
        """Simulate many seeded games and report what the rules do (against --baseline)."""
        # rich and the simulation are imported here, not when the command line starts
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
        from rich.table import Table

        from ..simulation import SimulationSpec, render_html, rows, simulate

        console = Console()
        opts = tuple(sorted(parse_option_pairs(options).items()))
        names = tuple(a.strip() for a in agents.split(",") if a.strip())
        spec = SimulationSpec(str(rules), tuple(modules), opts, players, names)
        base_mods = tuple(modules if baseline_modules is None else [m for m in baseline_modules if m != "none"])
        base = SimulationSpec(str(baseline), base_mods, opts, players, names) if baseline else None
        total = games * (2 if base else 1)
        started = time.perf_counter()
        try:
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn(),
                          console=console, transient=True) as progress:
                task = progress.add_task("simulating", total=total, rate="-")

                def advance(n: int) -> None:
                    done = progress.tasks[0].completed + n
                    rate = done / max(1e-9, time.perf_counter() - started)
                    progress.update(task, advance=n, rate=f"{rate:.0f}")

                report = simulate(spec, games, seed, workers, base, advance)
        except (RulesInvalid, RuleError, ValueError) as err:
            console.print(visible(str(err)), markup=False)
            raise typer.Exit(2 if isinstance(err, UnknownModule) else 1) from None
        elapsed = time.perf_counter() - started
        table = Table(title=visible(report["title"]), caption=visible(report["summary"]))
        for column in ("figure", "this run (95% CI)", "baseline", "difference (* significant)"):
            table.add_column(column)
        for row in rows(report):
            table.add_row(*(visible(cell) for cell in row))
        console.print(table)
        played = report["run"]["games"] + (report["baseline"]["games"] if report["baseline"] else 0)
        console.print(f"{played} games in {elapsed:.1f} s ({played / max(elapsed, 1e-9):.0f} games/s, "
                      f"{workers} worker(s))" + (" — stopped early" if report["stopped_early"] else ""))
        if out:
            out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", "utf-8")
            console.print(f"report written to {out}")
        if html_out:
            html_out.write_text(render_html(report), "utf-8")
            console.print(f"HTML report written to {html_out}")
