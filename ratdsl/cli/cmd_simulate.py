"""`ratdsl simulate`: thousands of seeded games, a report, and a comparison with a baseline.

Output paths are checked before the first game (a 3,000-game run must not die on its `--out`
after the last one), reports are written whole or not at all (files.atomic_writer), and Ctrl-C
writes the games that finished, marked partial (`stopped_early`), and exits 130."""

from __future__ import annotations

import contextlib
import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

import typer

from ..files import STDOUT
from ..language.errors import RuleError
from ..language.visible import visible
from .common import INTERRUPTED, at_least, echo, fail, output_path, rules_failure, rules_path, write_reports
from .coverage_table import print_coverage
from .plain_table import console_shape, table_text, wrapped

MAX_WORKERS = 256  # more processes than this is a typing mistake, not a machine
DEFAULT_GAMES = 1000
DEFAULT_MAX_GAMES = 20_000
# Games from which `--native auto` makes a native build when none is kept: a build takes 20-30 s
# of the C compiler and then saves about a third of each game (benchmarks/bench_process.py --native).
NATIVE_PAYS_FROM = 200_000
# Games from which `--native auto` loads a kept build: loading one costs about 3 ms, what some ten
# games save on it (a one-game run starts sooner without it).
NATIVE_LOADS_FROM = 20
BACKENDS = ("processes", "dask")  # where games are played (docs/cluster.md)
PROGRESS_AFTER = 0.5  # seconds of games before a terminal shows a progress bar


def games_per_second(games: int, seconds: float) -> str:
    """The rate as a person reads it: whole games a second, or two digits below ten (a run of
    search agents plays a game in seconds, and "0 games/s" said nothing)."""
    rate = games / max(seconds, 1e-9)
    return f"{rate:.0f}" if rate >= 9.5 else f"{rate:.2g}"

def agent_names(agents: str) -> tuple[str, ...]:
    """The `--agents` list: at least one name (a lone comma names none: a usage error)."""
    names = tuple(a.strip() for a in agents.split(",") if a.strip())
    if not names:
        fail(f"--agents {agents!r} names no agent: write random or persona names, separated by commas")
    return names


def register(app: typer.Typer) -> None:
    @app.command("simulate")
    def simulate_command(
        rules: Path = typer.Argument(..., help="A game folder or a variant file."),
        modules: list[str] = typer.Option([], "--with", help="Optional modules to switch on."),
        options: list[str] = typer.Option([], "--option", "-o", help="NAME=VALUE (repeatable)."),
        players: int = typer.Option(4, "--players", "-p"),
        games: int | None = typer.Option(None, "--games", "-n", help="Games to play (default 1000)."),
        precision: float | None = typer.Option(
            None, "--precision",
            help="Play batches until every headline interval is narrower than this (win rates in points)."),
        max_games: int | None = typer.Option(
            None, "--max-games", help=f"At most this many games for --precision (default {DEFAULT_MAX_GAMES:,})."),
        seed: int = typer.Option(1, "--seed", "-s", help="Master seed; game i's seed derives from it and i."),
        baseline: Path | None = typer.Option(None, "--baseline", help="Rules to compare with (same games)."),
        baseline_modules: list[str] | None = typer.Option(
            None, "--baseline-with",
            help="Modules for the baseline (default: the same as --with; `none` for no module)."),
        agents: str = typer.Option("random", "--agents", help="random or personas, one per seat, cycled."),
        workers: str = typer.Option(
            "auto", "--workers", "-w",
            help="Processes playing games in parallel: a number, or auto: one per available core when "
                 "the run has at least 200 games (--precision: its batches), else 1."),
        backend: str = typer.Option("processes", "--backend",
                                    help="Where games are played: processes (this machine) or dask."),
        scheduler: str | None = typer.Option(
            None, "--scheduler", help="With --backend dask: an existing cluster's scheduler (tcp://host:8786); "
            "default: a local cluster of --workers processes."),
        out: Path | None = typer.Option(None, "--out", help="Write the report as JSON."),
        html_out: Path | None = typer.Option(None, "--html", help="Write the report as an HTML page."),
        engine: str = typer.Option(
            "auto", "--engine",
            help="Which engine plays: compiled (the flat target in Python), native (its C build, made "
                 "when none is kept), reference (the tree-walker), or auto: the best that can play each "
                 "game, the report saying why a game was not played on it. compiled or native that "
                 "cannot play these rules, agents or options is an error, never a slower engine."),
        native: str = typer.Option(
            "auto", "--native",
            help="Compile the rules to C (Cython and a C compiler; once per rules and table size, kept "
                 "in the cache) for about 1.5 times the games/s: on, off, or auto: use a kept build, and "
                 f"make one for runs of {NATIVE_PAYS_FROM:,} games or more (with --engine auto; "
                 "--engine native is --native on that must not fall back)."),
        coverage: bool = typer.Option(False, "--coverage",
                                      help="Count how often each rule, card, hook and branch ran; "
                                           "mark those never fired."),
    ) -> None:
        """Simulate many seeded games and report what the rules do (against --baseline).

        Runs of 200 games or more use every available core unless --workers says how many
        processes; the report is the same whatever the number (each game's seed comes from the
        master seed and the game's number).

        Example: ratdsl simulate rules/my_game/variants/house_rule.rat --baseline rules/my_game -n 500"""
        # the simulation is imported here, not when the command line starts; Rich only for a
        # progress bar (a run that lasts), the coverage table, or what plain_table.py does not lay out
        from ..session import RulesInvalid, load_rules, parse_option_pairs
        from ..simulation import SimulationSpec, simulate
        from ..simulation.engines import EngineRefused
        from ..simulation.runner import BackendUnavailable, UnknownAgent, auto_workers
        from ..simulation.simulate import Precision

        # Everything the command line says is checked before the first game.
        rules_path(rules)
        if baseline is not None:
            rules_path(baseline, "--baseline")
        at_least(players, 1, "--players")
        wanted = _precision(games, precision, max_games, Precision)
        games = games if games is not None else (wanted.max_games if wanted else DEFAULT_GAMES)
        at_least(games, 1, "--games")
        workers = _workers(workers, wanted.batch if wanted else games, auto_workers)
        out = output_path(out, "--out", stdout=True)
        html_out = output_path(html_out, "--html", stdout=True)
        if str(out) == str(html_out) == STDOUT:
            fail("--out - and --html -: only one report can go to standard output")
        names = agent_names(agents)
        dask_backend = _backend(backend, scheduler, workers)
        try:
            opts = tuple(sorted(parse_option_pairs(options).items()))
        except ValueError as err:
            fail(str(err))

        shape = None if coverage else console_shape()  # (None: Rich prints the report)
        console = None
        if shape is None:
            from rich.console import Console

            console = Console()
        built = _engine_native(engine, native, games)
        spec = SimulationSpec(str(rules), tuple(modules), opts, players, names, coverage, native=built, engine=engine)
        base_mods = tuple(modules if baseline_modules is None else [m for m in baseline_modules if m != "none"])
        base = (SimulationSpec(str(baseline), base_mods, opts, players, names, native=built, engine=engine)
                if baseline else None)
        if base is not None:  # broken baseline rules: say so, naming them, before any game
            try:
                load_rules(baseline, list(base_mods), dict(opts))
            except (RulesInvalid, RuleError, ValueError, OSError) as err:
                fail(*rules_failure(err, baseline))
        # a report asked for on standard output has it to itself: the table goes to standard error
        report_on_stdout = STDOUT in (str(out), str(html_out))
        with contextlib.redirect_stdout(sys.stderr) if report_on_stdout else contextlib.nullcontext():
            started = time.perf_counter()
            try:
                with dask_backend or contextlib.nullcontext() as chosen:
                    if chosen is not None:
                        workers = chosen.workers  # with --scheduler: the cluster's
                    report = _play(console, shape, simulate, spec, games, seed, workers, base, wanted, chosen)
            except UnknownAgent as err:
                fail(str(err))
            except EngineRefused as err:
                fail(err.render())
            except (RulesInvalid, RuleError, ValueError) as err:
                fail(*rules_failure(err, rules))
            except BackendUnavailable as err:
                fail(str(err))
            except RuntimeError as err:  # a Python error of compiled code (E900): its one line, exit 3
                if getattr(err, "code", None) != "E900":
                    raise
                fail(err.render(), 3)  # type: ignore[attr-defined]
            _print_table(console, report, shape)
            if "coverage" in report:
                print_coverage(console, report["coverage"], "game")
            elapsed = time.perf_counter() - started
            played = report["run"]["games"] + (report["baseline"]["games"] if report["baseline"] else 0)
            echo(f"{played} games in {elapsed:.1f} s ({games_per_second(played, elapsed)} games/s, "
                 f"{workers} worker(s))" + (" — stopped early" if report["stopped_early"] else ""))
        written = write_reports(report, "report", _report_html, out, html_out)
        if report["stopped_early"]:
            echo(f"interrupted: {report['run']['games']} of {report['games']} games finished; the report is partial "
                 "(stopped_early: true)", err=True)
            raise typer.Exit(INTERRUPTED)
        if not written:
            raise typer.Exit(2)


def _precision(games: int | None, precision: float | None, max_games: int | None, make):
    """The --precision request, or None; -n with --precision, or --max-games without it, is a
    usage error (which one counts would be a guess)."""
    if precision is None:
        if max_games is not None:
            fail("--max-games bounds a --precision run: give --precision too, or use --games")
        return None
    if games is not None:
        fail("--games and --precision exclude each other: a --precision run stops by itself "
             "(bound it with --max-games)")
    if not precision > 0 or precision == float("inf"):
        fail(f"--precision must be a width above 0, not {precision}")
    return make(precision, at_least(DEFAULT_MAX_GAMES if max_games is None else max_games, 2, "--max-games"))


def _native(value: str, games: int) -> str:
    """`--native` as SimulationSpec.native: on builds when no build is kept, auto only for long runs."""
    if value not in ("auto", "on", "off"):
        fail(f"--native must be auto, on or off, not {value!r}")
    if value == "auto":
        return "build" if games >= NATIVE_PAYS_FROM else "cached" if games >= NATIVE_LOADS_FROM else "off"
    return "build" if value == "on" else "off"


def _engine_native(engine: str, native: str, games: int) -> str:
    """SimulationSpec.native for `--engine` and `--native`; a usage error for an unknown engine or
    a --native that contradicts it (--engine native --native off, --engine compiled --native on)."""
    from ..simulation.engines import AUTO, CHOICES, NATIVE, native_for

    if engine not in CHOICES:
        fail(f"--engine must be one of {', '.join(CHOICES)}, not {engine!r}")
    wish = _native(native, games)
    if engine != AUTO and native != "auto" and (wish == "build") != (engine == NATIVE):
        fail(f"--native {native} contradicts --engine {engine}: give one of them")
    return native_for(engine, wish)


def _workers(value: str, games: int, auto) -> int:
    """`--workers`: `auto` (`auto(games)`, the games played in one go) or a number in range."""
    if value.strip() == "auto":
        return auto(games)
    if not value.strip().isdecimal():
        fail(f"--workers must be auto or a number from 1 to {MAX_WORKERS}, not {value!r}")
    return at_least(int(value), 1, "--workers", MAX_WORKERS)


def _backend(name: str, scheduler: str | None, workers: int):
    """The Dask backend (not yet connected) for `--backend dask`, None for the process pool; a
    usage error for another name or a --scheduler without dask."""
    if name not in BACKENDS:
        fail(f"--backend must be one of {', '.join(BACKENDS)}, not {name!r}")
    if name != "dask":
        if scheduler is not None:
            fail("--scheduler needs --backend dask")
        return None
    from ..simulation.dask_backend import INSTALL_HINT, DaskBackend  # (Dask is imported when it starts)

    if importlib.util.find_spec("distributed") is None:  # said before any rule is loaded
        fail(INSTALL_HINT)
    return DaskBackend(scheduler, workers)


def _play(console, shape: tuple[int, bool] | None, simulate, spec, games: int, seed: int, workers: int, base,
          precision=None, backend=None) -> dict[str, Any]:
    """The report, with a progress bar on a terminal once the games have been played for
    PROGRESS_AFTER seconds (a shorter run would only flash it, and imports no Rich for it;
    elsewhere the bar would show nothing: rich.progress is not even imported)."""
    terminal = console.is_terminal if console is not None else shape is not None and shape[1]
    if not terminal:
        return simulate(spec, games, seed, workers, base, None, precision, backend)
    total = games * (2 if base else 1)
    started = time.perf_counter()
    done, bar = 0, None

    def advance(n: int) -> None:
        nonlocal done, bar
        done += n
        elapsed = time.perf_counter() - started
        if bar is None:
            if elapsed < PROGRESS_AFTER:
                return
            bar = _progress_bar(console, total)
        bar.update(bar.task_ids[0], completed=done, rate=games_per_second(done, elapsed))

    try:
        return simulate(spec, games, seed, workers, base, advance, precision, backend)
    finally:
        if bar is not None:
            bar.stop()


def _progress_bar(console, total: int):
    """Rich's progress bar over `total` games, started (transient: it leaves no line behind)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn(),
                   console=console if console is not None else Console(), transient=True)
    bar.add_task("simulating", total=total, rate="-")
    bar.start()
    return bar


def _print_table(console, report: dict[str, Any], shape: tuple[int, bool] | None = None) -> None:
    """The report as a table. Every text in it comes from the rules (titles, names): shown as
    written, never read as Rich markup (`[bold red]` prints literally) and with control
    characters escaped. Given the console's `shape` (plain_table.console_shape) the text Rich
    would print is written without Rich when plain_table.py can (start-up, issue 13)."""
    from ..simulation.report import notes
    from ..simulation.report import table as table_of

    headers, rows = table_of(report)
    title, headers = visible(report["title"]), [visible(h) for h in headers]
    rows = [[visible(cell) for cell in row] for row in rows]
    lines = [visible(line) for line in [report["summary"], *notes(report)]]  # under the table, not a
    # caption: a narrow table (no baseline) would wrap its caption to its own width
    if shape is not None:
        width, terminal = shape
        parts = [table_text(title, headers, rows, width, terminal), *(wrapped(line, width) for line in lines)]
        if None not in parts:
            sys.stdout.write("".join(parts))  # type: ignore[arg-type]
            sys.stdout.flush()
            return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = console if console is not None else Console()
    table = Table(title=Text(title))
    for column in headers:
        table.add_column(Text(column))
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    console.print(table)
    for line in lines:
        console.print(Text(line))


def _report_html(report: dict[str, Any]) -> str:
    from ..simulation import render_html  # (imported only when a page is written)

    return render_html(report)
