"""One convention for every command (docs/cli.md, issue 21): errors on stderr in one line; exit 0
ok, 1 findings or failures, 2 usage or environment; `--version`; an example in every `--help`."""

import json
import subprocess
import sys

import pytest
import typer

from ratdsl import __version__
from ratdsl.cli import main as cli

from .conftest import ROOT


def command_paths(group=None, prefix=()) -> list[tuple[str, ...]]:
    """Every command of `ratdsl`, sub-commands included (`i18n check`)."""
    group = group or typer.main.get_command(cli.app)
    out = []
    for name, command in sorted(group.commands.items()):
        if hasattr(command, "commands"):
            out += command_paths(command, (*prefix, name))
        else:
            out.append((*prefix, name))
    return out


COMMANDS = command_paths()

# How each command is given a path that does not exist (None: it takes no path).
MISSING_PATH = {
    ("run",): ["nope"],
    ("replay",): ["nope.jsonl"],
    ("check",): ["nope"],
    ("test",): ["nope"],
    ("ast",): ["nope.rat"],
    ("diff",): ["nope", "rules/ratland/variants/lean_times.rat"],
    ("summary",): ["nope"],
    ("i18n", "check"): ["nope"],
    ("fmt",): ["nope"],
    ("simulate",): ["nope", "-n", "1"],
    ("balance",): ["nope", "--baseline", "rules/ratland", "-n", "2"],
    ("lsp",): None,
    ("cache", "info"): None,
    ("cache", "clear"): None,
    ("play",): ["nope", "--human", "1"],
    ("tune",): ["nope.tune.yaml"],
}


def ratdsl(args, capsys, monkeypatch) -> tuple[int, str, str]:
    """The whole entry point (usage errors included), in this process."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "argv", ["ratdsl", *args])
    with pytest.raises(SystemExit) as done:
        cli.main()
    out = capsys.readouterr()
    return done.value.code, out.out, out.err


def one_error_line(status: int, out: str, err: str) -> str:
    assert status == 2, (status, out, err)
    assert out == "", "errors go to stderr, nothing to stdout"
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_the_commands_are_found():
    assert {("check",), ("fmt",), ("i18n", "check"), ("simulate",)} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_has_an_example(command, capsys, monkeypatch):
    status, out, _ = ratdsl([*command, "--help"], capsys, monkeypatch)
    assert status == 0
    assert f"Example: ratdsl {' '.join(command)} " in out


@pytest.mark.parametrize("command", sorted(c for c, args in MISSING_PATH.items() if args is not None), ids=" ".join)
def test_a_path_that_does_not_exist_is_a_usage_error(command, capsys, monkeypatch):
    line = one_error_line(*ratdsl([*command, *MISSING_PATH[command]], capsys, monkeypatch))
    assert "nope" in line


def test_every_command_is_listed():
    """A new command must say how it is given a missing path (or None: it takes none)."""
    assert set(COMMANDS) == set(MISSING_PATH)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_an_unknown_option_is_a_usage_error(command, capsys, monkeypatch):
    line = one_error_line(*ratdsl([*command, "--no-such-option"], capsys, monkeypatch))
    assert "--no-such-option" in line and f"ratdsl {' '.join(command)} --help" in line


def test_version(capsys, monkeypatch):
    status, out, err = ratdsl(["--version"], capsys, monkeypatch)
    assert (status, out, err) == (0, f"ratdsl {__version__}\n", "")


def test_version_of_the_installed_command():
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "--version"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout.strip()) == (0, f"ratdsl {__version__}")


@pytest.mark.parametrize("args", [["--agents", "nobody"], ["--agents", "random,nobody"], ["--with", "nomod"]])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_unknown_agents_and_modules_are_usage_errors(args, workers):
    """With workers, an unknown agent used to kill each worker as it started, and the pool
    started new ones forever: it must fail once, before any game."""
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "simulate", "rules/ratland", "-n", "2",
                             "-w", workers, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    one_error_line(result.returncode, result.stdout, result.stderr)
    assert "nobody" in result.stderr or "nomod" in result.stderr


def test_ast_no_json_is_not_json(capsys, monkeypatch):
    status, out, _ = ratdsl(["ast", "tests/broken/tiny/game.rat", "--no-json"], capsys, monkeypatch)
    assert status == 0
    with pytest.raises(json.JSONDecodeError):
        json.loads(out)
    lines = out.splitlines()
    assert lines[0] == "Program 3:1"
    assert '  decls: Game 3:1 name="tiny" title="Tiny" min_players=2 max_players=4 seating="clockwise" ' \
        'max_rounds=null end_after=null' in lines
    assert '            items["red"]: IntLit 15:18 value=10' in lines
    status, out, _ = ratdsl(["ast", "tests/broken/tiny/game.rat"], capsys, monkeypatch)
    assert status == 0 and json.loads(out)["ast"]["node"] == "Program"


def test_fmt_diff_exits_1_when_a_file_would_change(tmp_path, capsys, monkeypatch):
    messy = tmp_path / "messy.rat"
    messy.write_text("const a=1\n", "utf-8")
    status, out, _ = ratdsl(["fmt", "--diff", str(messy)], capsys, monkeypatch)
    assert status == 1 and "+const a = 1" in out
    assert messy.read_text("utf-8") == "const a=1\n"
    status, _, _ = ratdsl(["fmt", str(messy)], capsys, monkeypatch)
    assert status == 0
    assert ratdsl(["fmt", "--diff", str(messy)], capsys, monkeypatch)[0] == 0


def test_findings_exit_1_on_stdout_and_usage_exit_2(tmp_path, capsys, monkeypatch):
    status, out, err = ratdsl(["check", "tests/broken/undefined_name"], capsys, monkeypatch)
    assert status == 1 and "E202" in out and err == ""
    one_error_line(*ratdsl(["check", "--output-format", "xml", "rules/ratland"], capsys, monkeypatch))


def test_cli_doc_lists_every_command():
    doc = (ROOT / "docs" / "cli.md").read_text("utf-8")
    for command in COMMANDS:
        assert f"`ratdsl {' '.join(command)}`" in doc, command


def test_notes_about_written_files_go_to_stderr(tmp_path, capsys, monkeypatch):
    log = tmp_path / "game.jsonl"
    status, out, err = ratdsl(["run", "rules/ratland", "-p", "2", "--quiet", "--log", str(log)],
                              capsys, monkeypatch)
    assert status == 0 and log.is_file()
    assert err == f"log written to {log}\n" and "written" not in out
