"""Start-up (issue 13): the command line imports a command's dependencies when that command runs,
and each command imports only what it uses. Checked on `sys.modules` in a fresh process; the
time itself is measured by benchmarks/bench_startup.py, never asserted here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What a command that does not use it must not pay for (each takes from tens to hundreds of ms).
HEAVY = {"scipy", "numpy", "matplotlib", "rich", "jsonschema", "referencing", "lark", "yaml", "fluent",
         "pygls", "lsprotocol", "importlib.resources", "html"}
ENGINE = {"ratdsl.engine.game", "ratdsl.engine.interpreter", "ratdsl.simulation",
          "ratdsl.summaries", "ratdsl.lsp", "ratdsl.scenarios", "ratdsl.environments"}

# Runs a command through the console script's entry point and prints the modules imported by the
# time the process exits.
PROBE = """
import atexit, json, sys
atexit.register(lambda: sys.__stderr__.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n"))
sys.argv = ["ratdsl", *sys.argv[1:]]
from ratdsl.cli.main import main
main()
"""


def modules_after(code: str, *args: str, cache: Path | None = None, environ: dict[str, str] | None = None) -> set[str]:
    env = dict(os.environ, **(environ or {}), **({} if cache is None else {"RATDSL_CACHE_DIR": str(cache)}))
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                          env=env, timeout=300)
    line = next((x for x in done.stderr.splitlines() if x.startswith("MODULES ")), None)
    assert line is not None, done.stderr[-2000:]
    return set(json.loads(line.removeprefix("MODULES ")))


def top_packages(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def loaded(modules: set[str], names: set[str]) -> set[str]:
    return {n for n in names if n in modules or n in top_packages(modules)}


def test_importing_the_command_line_imports_no_command():
    modules = modules_after('import json, sys\nimport ratdsl.cli.main\n'
                            'sys.stderr.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n")')
    assert not loaded(modules, HEAVY | ENGINE), "imported when the command line starts"
    # nor the rule language's parser and AST, the checker or the session
    assert not {"ratdsl.language.ast", "ratdsl.language.parser", "ratdsl.checker", "ratdsl.session"} & modules
    assert {"ratdsl.cli.cmd_simulate", "ratdsl.cli.cmd_fmt"} <= modules  # (registered, for --help)


def test_check_imports_neither_the_engine_nor_heavy_libraries(tmp_path):
    cache = tmp_path / "cache"
    modules_after(PROBE, "check", "rules/ratland", cache=cache)  # fills the parse cache (and the findings')
    for kept in cache.glob("check-*.json"):
        kept.unlink()  # (so the rules are checked again, from their parsed files)
    modules = modules_after(PROBE, "check", "rules/ratland", cache=cache)
    assert "ratdsl.checker.checker" in modules
    # RatLand states invariants, which `check` works out with the tree-walker (engine/invariants.py):
    # that evaluator and no more of the engine (no game loop)
    assert not loaded(modules, HEAVY | (ENGINE - {"ratdsl.engine.interpreter"}))  # lark too: ASTs from the cache
    # unchanged rules: their findings come from the cache (checker/kept.py), with no checker at all
    modules = modules_after(PROBE, "check", "rules/ratland", cache=cache)
    assert not {"ratdsl.checker.checker", "ratdsl.engine.interpreter"} & modules
    assert not loaded(modules, HEAVY | ENGINE)


def test_a_one_game_simulation_imports_no_statistics_library_nor_jsonschema(tmp_path):
    modules = modules_after(PROBE, "simulate", "rules/ratland", "--games", "1")
    assert {"ratdsl.simulation", "ratdsl.engine.flat.game"} <= modules
    assert not loaded(modules, {"scipy", "numpy", "matplotlib", "jsonschema", "referencing", "ratdsl.lsp",
                                "ratdsl.summaries", "ratdsl.scenarios", "importlib.resources", "html",
                                "ratdsl.simulation.charts", "ratdsl.schemas"})  # (only a written report needs them)
    # the report is printed as Rich would print it without Rich (cli/plain_table.py), whose import
    # and layout were a fifth of the command; on a terminal too (FORCE_COLOR, as Rich reads it),
    # where a run this short shows no progress bar
    assert "rich" not in top_packages(modules)
    terminal = modules_after(PROBE, "simulate", "rules/ratland", "--games", "1", environ={"FORCE_COLOR": "1"})
    assert "ratdsl.simulation" in terminal and "rich" not in top_packages(terminal)


def test_a_simulation_that_lasts_shows_rich_s_progress_bar_on_a_terminal(monkeypatch):
    from typer.testing import CliRunner

    from ratdsl.cli import cmd_simulate
    from ratdsl.cli.main import app

    shown = []
    real = cmd_simulate._progress_bar
    monkeypatch.setattr(cmd_simulate, "_progress_bar", lambda *a: shown.append(real(*a)) or shown[-1])
    monkeypatch.setenv("FORCE_COLOR", "1")
    args = ["simulate", str(ROOT / "rules" / "ratland"), "--games", "3", "--workers", "1"]
    monkeypatch.setattr(cmd_simulate, "PROGRESS_AFTER", 3600.0)
    assert CliRunner().invoke(app, args).exit_code == 0 and not shown  # (a run shorter than PROGRESS_AFTER)
    monkeypatch.setattr(cmd_simulate, "PROGRESS_AFTER", 0.0)
    assert CliRunner().invoke(app, args).exit_code == 0
    assert len(shown) == 1 and shown[0].tasks[0].completed == 3 and not shown[0].live.is_started
    monkeypatch.delenv("FORCE_COLOR")
    monkeypatch.setenv("TTY_COMPATIBLE", "0")  # no terminal: no bar
    assert CliRunner().invoke(app, args).exit_code == 0 and len(shown) == 1


def test_a_game_on_a_kept_flat_module_imports_neither_the_reference_engine_nor_the_generator(tmp_path):
    """The flat target's module comes from the cache (engine/flat/cache.py): playing it needs
    neither the code that makes it nor the reference engine, which plays only where it must."""
    cache = tmp_path / "cache"
    args = ("simulate", "rules/ratland", "--games", "1")
    modules_after(PROBE, *args, cache=cache)  # (makes the flat module and keeps it)
    modules = modules_after(PROBE, *args, cache=cache)
    assert "ratdsl.engine.flat.game" in modules
    assert not {"ratdsl.engine.interpreter", "ratdsl.engine.game", "ratdsl.engine.flat.compiler",
                "ratdsl.engine.flat.statements", "ratdsl.agents.search"} & modules


def test_a_simulation_of_unchanged_rules_does_not_check_them_again(tmp_path):
    """load_rules takes the findings of unchanged rules from the cache (checker/kept.py)."""
    cache = tmp_path / "cache"
    args = ("simulate", "rules/ratland", "--games", "1")
    assert "ratdsl.checker.checker" in modules_after(PROBE, *args, cache=cache)  # (an empty cache)
    assert "ratdsl.checker.checker" not in modules_after(PROBE, *args, cache=cache)


def test_a_written_report_is_validated_and_brings_jsonschema(tmp_path):
    out = tmp_path / "report.json"
    modules = modules_after(PROBE, "simulate", "rules/ratland", "--games", "1", "--out", str(out))
    assert "jsonschema" in top_packages(modules) and out.exists()


def test_an_invalid_report_is_refused_before_it_is_written(tmp_path):
    from ratdsl.cli.cmd_simulate import _report_html
    from ratdsl.cli.common import write_reports
    from ratdsl.schemas import SchemaError

    out, page = tmp_path / "report.json", tmp_path / "report.html"
    with pytest.raises(SchemaError):
        write_reports({"title": "not a report"}, "report", _report_html, out, page)
    assert not out.exists() and not page.exists()


def test_only_the_command_that_runs_is_made_and_it_is_made_as_in_the_whole_app(monkeypatch, capsys):
    """Typer makes the Click command of the command named on the command line alone (main.app_for);
    its parameters, help and name are those of the whole app's."""
    import typer
    from typer.testing import CliRunner

    from ratdsl.cli import main as cli

    def shape(p) -> tuple:
        return (type(p).__name__, p.name, p.opts, p.secondary_opts, p.required, repr(p.default), p.nargs,
                p.multiple, getattr(p, "help", None), getattr(p, "is_flag", None))

    whole = typer.main.get_command(cli.app)
    for name, command in whole.commands.items():
        alone = typer.main.get_command(cli.app_for([name, "--help"]))
        if hasattr(command, "commands"):  # a group of commands (i18n, cache): the whole app
            assert alone.commands.keys() == whole.commands.keys()
            continue
        assert list(alone.commands) == [name] and alone.name == whole.name
        mine = alone.commands[name]
        assert [shape(p) for p in mine.params] == [shape(p) for p in command.params]
        assert CliRunner().invoke(cli.app_for([name]), [name, "--help"]).output == \
            CliRunner().invoke(cli.app, [name, "--help"]).output
    for args in ([], ["--help"], ["--version"], ["chek"], ["i18n", "check"]):
        assert cli.app_for(args) is cli.app
    made = []
    real = typer.main.get_command_from_info
    monkeypatch.setattr(typer.main, "get_command_from_info", lambda *a, **k: made.append(a) or real(*a, **k))
    monkeypatch.setattr(sys, "argv", ["ratdsl", "check", str(ROOT / "rules" / "ratland")])
    with pytest.raises(SystemExit):
        cli.main()
    assert len(made) == 1 and "no findings" in capsys.readouterr().out


def test_the_command_line_freezes_what_its_import_made(monkeypatch, capsys):
    """main() moves the objects made by importing the command line out of the garbage collector's
    way (gc.freeze) before a command imports the rest."""
    import gc

    from ratdsl.cli import main as cli

    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    monkeypatch.setattr(sys, "argv", ["ratdsl", "--version"])
    with pytest.raises(SystemExit):
        cli.main()
    assert frozen == [True] and capsys.readouterr().out.startswith("ratdsl ")
