"""`ratdsl tune TUNING`: search what a tuning file lets vary for the variant that best meets its
goals (ratdsl/tuning/, docs/tuning.md). Writes the best variant, its report (JSON and HTML) and
keeps the study beside them, so that a run stopped with Ctrl-C goes on when run again."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import time
from pathlib import Path
from typing import Any

import typer

from ..files import atomic_write_text
from .common import INTERRUPTED, at_least, echo, fail, output_path, rules_failure


def register(app: typer.Typer) -> None:
    @app.command("tune")
    def tune_command(
        tuning_file: Path = typer.Argument(..., help="A tuning file (NAME.tune.yaml, docs/tuning.md)."),
        out: Path | None = typer.Option(
            None, "--out", help="The best variant's file (default: NAME.rat beside the tuning file); its report "
                                "(.tune.json, .tune.html) and study (.tune.db) go beside it."),
        trials: int = typer.Option(40, "--trials", help="At most this many candidates (resumed ones included)."),
        games: int | None = typer.Option(None, "--games", "-n",
                                         help="Stop once the search has played this many games."),
        seconds: float | None = typer.Option(None, "--time", help="Stop starting candidates after this many seconds."),
        seed: int | None = typer.Option(None, "--seed", "-s", help="Master seed (default: the tuning file's, else 1)."),
        workers: int = typer.Option(1, "--workers", "-w", help="Processes playing a candidate's games."),
        backend: str = typer.Option("processes", "--backend", help="Where games are played: processes or dask."),
        scheduler: str | None = typer.Option(None, "--scheduler",
                                             help="With --backend dask: an existing cluster's scheduler address."),
        fresh: bool = typer.Option(False, "--fresh", help="Start a new study instead of resuming the stored one."),
    ) -> None:
        """Search the values a tuning file lets vary for the variant that meets its goals.

        Each candidate plays the same seeds (common random numbers) and stops early once an
        interval misses a goal. The winner is written as a variant file and compared with the
        base game on fresh seeds. Ctrl-C keeps the finished candidates: run the command again to
        go on. Exit status: 0 every goal met, 1 a bad tuning file or goals not all met (the
        closest candidate is written), 2 usage, 130 interrupted.

        Example: ratdsl tune rules/my_game/variants/house_rule.tune.yaml --trials 20"""
        from ..language.errors import RuleError
        from ..session import RulesInvalid
        from ..simulation.runner import BackendUnavailable
        from ..tuning.run import Interrupted
        from ..tuning.spec import TuningError, read_tuning

        at_least(trials, 1, "--trials", 100_000)
        if games is not None:
            at_least(games, 1, "--games")
        if seconds is not None and not seconds > 0:
            fail(f"--time must be above 0 seconds, not {seconds}")
        at_least(workers, 1, "--workers", 256)
        if not tuning_file.is_file():
            fail(f"no such tuning file: {tuning_file}")
        try:
            tuning = read_tuning(tuning_file)
        except TuningError as err:
            fail(str(err), 1)
        target = out if out is not None else tuning.path.parent / f"{tuning.name}.rat"
        if target.suffix != ".rat":
            fail(f"--out {target}: the best variant is a rule file: name it NAME.rat")
        output_path(target, "--out")
        chosen = _backend(backend, scheduler, workers)
        started = time.perf_counter()
        bar = _Bar()
        try:
            with chosen or contextlib.nullcontext() as dask:
                report = _run(tuning, target, games, seconds, trials, seed, fresh, workers, dask, bar)
        except TuningError as err:
            bar.stop()
            fail(str(err), 1)
        except (RulesInvalid, RuleError) as err:
            bar.stop()
            fail(*rules_failure(err, tuning.rules))
        except BackendUnavailable as err:
            bar.stop()
            fail(str(err))
        except Interrupted as stopped:
            bar.stop()
            report = stopped.report
        finally:
            bar.stop()
        report["elapsed_seconds"] = round(time.perf_counter() - started, 3)
        _write(report)
        _print(report)
        if report["interrupted"]:
            echo(f"interrupted: the finished candidates are kept in {report['study']}; run the same command to go on",
                 err=True)
            raise typer.Exit(INTERRUPTED)
        if report["best"] is None or not report["best"]["all_met"]:
            raise typer.Exit(1)


def _run(tuning, target: Path, games, seconds, trials, seed, fresh, workers, dask, bar) -> dict[str, Any]:
    from ..simulation.runner import ProcessBackend
    from ..tuning.run import tune
    from ..tuning.search import StudyMismatch
    from ..tuning.tuner import Budget, Outputs

    backend = dask if dask is not None else (ProcessBackend(workers) if workers > 1 else None)
    bar.total = games
    try:
        return tune(tuning, Outputs(target), Budget(trials=trials, games=games, seconds=seconds), seed, fresh,
                    backend, bar.update)
    except StudyMismatch as err:
        bar.stop()
        fail(str(err))


def _backend(name: str, scheduler: str | None, workers: int):
    if name not in ("processes", "dask"):
        fail(f"--backend must be one of processes, dask, not {name!r}")
    if name != "dask":
        if scheduler is not None:
            fail("--scheduler needs --backend dask")
        return None
    from ..simulation.dask_backend import INSTALL_HINT, DaskBackend

    if importlib.util.find_spec("distributed") is None:
        fail(INSTALL_HINT)
    return DaskBackend(scheduler, workers)


class _Bar:
    """Rich's progress bar on a terminal: games played, and the best candidate so far."""

    def __init__(self) -> None:
        self.total: int | None = None
        self.progress = None
        self.best = "-"
        self.trials = 0

    def update(self, news: dict[str, Any]) -> None:
        from rich.console import Console

        if self.progress is None:
            console = Console(stderr=True)
            if not console.is_terminal:
                return
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self.progress = Progress(TextColumn("tuning"), BarColumn(), MofNCompleteColumn(),
                                     TextColumn("games, {task.fields[trials]} candidates, best: {task.fields[best]}"),
                                     TimeElapsedColumn(), console=console, transient=True)
            self.progress.add_task("tuning", total=self.total, trials=0, best="-")
            self.progress.start()
        if "best" in news and news["best"] is not None:
            from ..tuning.finish import describe

            result = news["best"]["result"]
            self.best = f"{describe(news['best']['values'])} (miss {result['objective']:.3g})"
        self.trials = news.get("trials", self.trials)
        self.progress.update(self.progress.task_ids[0], completed=news["games"], trials=self.trials,
                             best=self.best)

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None


def _write(report: dict[str, Any]) -> None:
    from ..schemas import validate
    from ..tuning.page import render_html
    from ..tuning.tuner import Outputs

    validate("tuning-report", report)
    outputs = Outputs(Path(report["variant"] or report["study"].removesuffix(".tune.db") + ".rat"))
    for path, text in ((outputs.json, json.dumps(report, indent=2, ensure_ascii=False) + "\n"),
                       (outputs.html, render_html(report))):
        try:
            atomic_write_text(path, text)
        except OSError as err:
            fail(f"cannot write {path}: {err.strerror or err}")
        echo(f"written: {path}", err=True)


def _print(report: dict[str, Any]) -> None:
    from ..tuning.page import summary_lines

    for line in summary_lines(report):
        echo(line)
