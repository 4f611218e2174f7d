"""`ratdsl balance VARIANT --baseline BASE`: a house rule against its base game, with random and
strong players, by the play-quality metrics (simulation/balance.py, docs/metrics.md)."""

from __future__ import annotations

import contextlib
import io
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import typer

from ..files import STDOUT
from ..language.errors import RuleError
from ..language.visible import visible
from .common import INTERRUPTED, at_least, echo, fail, output_path, rules_failure, rules_path, write_reports
from .plain_table import table_text, wrapped

DEFAULT_GAMES = 100
DEFAULT_MAX_GAMES = 1000


def register(app: typer.Typer) -> None:
    @app.command("balance")
    def balance_command(
        rules: Path = typer.Argument(..., help="The variant: a game folder or a variant file."),
        baseline: Path = typer.Option(..., "--baseline", help="The rules to compare with (same seeds)."),
        modules: list[str] = typer.Option([], "--with", help="Optional modules to switch on."),
        baseline_modules: list[str] | None = typer.Option(
            None, "--baseline-with", help="Modules for the baseline (default: the same as --with; `none`: none)."),
        options: list[str] = typer.Option([], "--option", "-o", help="NAME=VALUE (repeatable), both rule sets."),
        players: int = typer.Option(4, "--players", "-p"),
        games: int | None = typer.Option(None, "--games", "-n",
                                         help=f"Games per arm and rule set (default {DEFAULT_GAMES})."),
        precision: float | None = typer.Option(
            None, "--precision", help="Play batches until every paired interval is narrower than this "
                                      "(shares in percentage points, other metrics in their units)."),
        max_games: int | None = typer.Option(
            None, "--max-games",
            help=f"At most this many games per arm for --precision (default {DEFAULT_MAX_GAMES})."),
        strong: str = typer.Option("mcts:16", "--strong", help="The strong player: mcts:N or ismcts:N."),
        weak: str = typer.Option("random", "--weak", help="The weaker players: random or a persona."),
        seed: int = typer.Option(1, "--seed", "-s", help="Master seed; game i's seed derives from it and i."),
        workers: str = typer.Option("auto", "--workers", "-w", help="Processes playing games: a number or auto."),
        backend: str = typer.Option("processes", "--backend", help="processes (this machine) or dask."),
        scheduler: str | None = typer.Option(None, "--scheduler", help="With --backend dask: a scheduler address."),
        out: Path | None = typer.Option(None, "--out", help="Write the report as JSON."),
        html_out: Path | None = typer.Option(None, "--html", help="Write the report as an HTML page."),
        journal_path: Path | None = typer.Option(
            None, "--journal", help="Keep every game played in this file (JSON lines) and take the games it "
                                    "holds: a stopped run goes on where it stopped, a larger -n plays only the "
                                    "new games."),
    ) -> None:
        """Compare a variant with its base game: who wins, and how the game plays.

        Both rule sets play the same seeds with random players, with one strong player in a seat
        that rotates game by game, and with strong players in every seat; every play-quality
        metric (docs/metrics.md) gets a paired interval and a Benjamini-Hochberg flag.

        Example: ratdsl balance rules/my_game/variants/house_rule.rat --baseline rules/my_game -n 200"""
        from ..agents.names import is_search_agent
        from ..session import RulesInvalid, load_rules, parse_option_pairs
        from ..simulation.balance import BalanceSpec, Precision, arms, balance
        from ..simulation.fingerprint import rules_fingerprint
        from ..simulation.journal import Journal, JournalError
        from ..simulation.runner import BackendUnavailable, ProcessBackend, UnknownAgent, auto_workers
        from .cmd_simulate import _backend, _precision, _workers

        rules_path(rules)
        rules_path(baseline, "--baseline")
        at_least(players, 2, "--players")
        if not is_search_agent(strong):
            fail(f"--strong must name a search agent (mcts:N or ismcts:N), not {strong!r}")
        if max_games is None and precision is not None:
            max_games = DEFAULT_MAX_GAMES
        wanted = _precision(games, precision, max_games, lambda w, m: Precision(w, m))
        games = games if games is not None else DEFAULT_GAMES
        at_least(games, 2, "--games")
        workers_n = _workers(workers, wanted.batch if wanted else games, auto_workers)
        out = output_path(out, "--out", stdout=True)
        html_out = output_path(html_out, "--html", stdout=True)
        if str(out) == str(html_out) == STDOUT:
            fail("--out - and --html -: only one report can go to standard output")
        dask = _backend(backend, scheduler, workers_n)
        try:
            opts = tuple(sorted(parse_option_pairs(options).items()))
        except ValueError as err:
            fail(str(err))
        base_mods = tuple(modules if baseline_modules is None else [m for m in baseline_modules if m != "none"])
        spec = BalanceSpec(str(rules), str(baseline), players, tuple(modules), base_mods, opts, strong, weak)
        loaded, prints = {}, {}
        for path, mods, is_base in ((rules, spec.modules, False), (baseline, base_mods, True)):
            try:
                definition = load_rules(path, list(mods), dict(opts))
            except (RulesInvalid, RuleError, ValueError, OSError) as err:
                fail(*rules_failure(err, path))
            loaded |= {spec.spec(arm, is_base): definition for arm in arms(strong, weak, players)}
            prints[is_base] = rules_fingerprint(definition)
        journal = None
        if journal_path is not None:
            run = {"variant": prints[False], "baseline": prints[True], "modules": list(spec.modules),
                   "baseline_modules": list(base_mods), "options": [list(kv) for kv in opts], "players": players,
                   "strong": strong, "weak": weak, "seed": seed}
            try:
                journal = Journal(journal_path, run)
            except JournalError as err:
                fail(str(err))
        report_on_stdout = STDOUT in (str(out), str(html_out))
        with contextlib.redirect_stdout(sys.stderr) if report_on_stdout else contextlib.nullcontext():
            started = time.perf_counter()
            total = 6 * (wanted.max_games if wanted else games)
            try:
                with dask or contextlib.nullcontext() as chosen:
                    runner = chosen if chosen is not None else ProcessBackend(workers_n, loaded=loaded)
                    with _progress(total) as advance, journal or contextlib.nullcontext():
                        report = balance(spec, games, seed, runner, advance, wanted, journal)
            except (UnknownAgent, JournalError) as err:
                fail(str(err))
            except (RulesInvalid, RuleError, ValueError) as err:
                fail(*rules_failure(err, rules))
            except BackendUnavailable as err:
                fail(str(err))
            print_report(report)
            elapsed = time.perf_counter() - started
            played = 6 * report["games"]
            echo(f"{played} games in {elapsed:.1f} s ({elapsed / max(played, 1):.2f} s a game)")
        if not write_reports(report, "balance", _balance_html, out, html_out):
            raise typer.Exit(2)
        if report["stopped_early"]:
            kept = f"; the games played are kept in {journal_path}: run the same command to go on" \
                if journal_path is not None else ""
            echo(f"interrupted: the report is partial (stopped_early: true){kept}", err=True)
            raise typer.Exit(INTERRUPTED)


@contextlib.contextmanager
def _progress(total: int):
    """A progress bar on standard error when it is a terminal (the games of the six runs)."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("balance"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True)
    task = bar.add_task("balance", total=total)
    with bar:
        yield lambda n: bar.advance(task, n)


def print_report(report: dict[str, Any]) -> None:
    """The report as text: a table per arm, then the flagged findings in words."""
    from ..simulation.balance import HEADERS, rows

    width = max(140, shutil.get_terminal_size((140, 24)).columns)

    def line(text: str) -> str:
        return wrapped(visible(text), width) or visible(text) + "\n"

    parts = [line(report["title"]), line(report["summary"])]
    for arm in report["arms"]:
        cells = [[visible(c) for c in r] for r in rows(arm)]
        table = table_text(visible(arm["title"]), HEADERS, cells, width, False)
        if table is None:  # (too wide for plain_table: Rich lays it out)
            table = _rich_table(visible(arm["title"]), cells, width)
        parts.append(table)
    lines = report["findings"] or ["No metric differs detectably (after Benjamini-Hochberg correction)."]
    parts += [line(text) for text in lines]
    sys.stdout.write("".join(p for p in parts if p))
    sys.stdout.flush()


def _rich_table(title: str, cells: list[list[str]], width: int) -> str:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from ..simulation.balance import HEADERS

    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    table = Table(title=Text(title))
    for column in HEADERS:
        table.add_column(Text(column))
    for row in cells:
        table.add_row(*(Text(c) for c in row))
    console.print(table)
    return console.export_text()


def _balance_html(report: dict[str, Any]) -> str:
    from ..simulation.balance_html import render_html  # (imported only when a page is written)

    return render_html(report)
