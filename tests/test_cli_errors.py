"""Every command, fed a bad path, a bad value or a broken file, prints one line and exits 1
(findings, rule errors) or 2 (usage, environment); anything unexpected is a bug in ratdsl, shown
on one line with where to report it, exit 3, and never a raw traceback. Each case runs the
command line in its own process, as a designer would (issue 16)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

QUICK = """\
game quick "Quick" {
  players 1..4
}

option start_tokens "Tokens taken each round" in {1, 2} = 1

tokens red
zone stock
per player zone hand

setup {
  step fill "Fill the stock" {
    create {red: 100} in stock
  }
}

round main

phase main "Main" {
  step take "Everyone takes tokens" {
    for each p in players {
      ask p grab: may {
        move 1 red from stock to p.hand
      }
      move start_tokens red from stock to p.hand
    }
    if round == 3 {
      end game
    }
  }
}

scoring p {
  score = p.hand.red
}

metric taken "Tokens taken" = tokens red from stock

persona greedy "Greedy" {
  grab.yes = WEIGHT
}
"""


def quick_game(folder: Path, weight: str = "3", **extra: str) -> Path:
    """A game of three rounds that any number of seats from 1 to 4 can play, with a persona
    whose one weight is `weight`, and the extra files given (name -> text)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.rat").write_text(QUICK.replace("WEIGHT", weight), "utf-8")
    for name, text in extra.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return folder


def ratdsl(*args: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None,
           stdin: str | None = None) -> subprocess.CompletedProcess:
    """The command line in its own process."""
    import os

    return subprocess.run([sys.executable, "-m", "ratdsl.cli.main", *map(str, args)], cwd=cwd, text=True,
                          capture_output=True, timeout=300, input=stdin,
                          env={**os.environ, **(env or {})})


def one_line(result: subprocess.CompletedProcess, status: int, *words: str) -> str:
    """The error of a command that failed cleanly: the exit status, no traceback, one line on
    stderr holding the words."""
    assert result.returncode == status, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def finding(result: subprocess.CompletedProcess, status: int, where: str, code: str) -> str:
    """A rule error as every command prints one: `file:line:col: CODE message` first (then the
    source line and a caret under the span), no traceback."""
    assert result.returncode == status, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{where}: {code} "), first
    return first


# ------------------------------------------------------------------ internal errors
def test_an_unexpected_exception_is_one_line_with_exit_status_3(monkeypatch, capsys):
    """A bug anywhere in a command: one line saying what happened and where to report it."""
    import ratdsl.simulation.runner as runner
    from ratdsl.cli import main as cli

    def boom(*args):
        raise ZeroDivisionError("integer modulo by zero")

    monkeypatch.setattr(runner, "game_seed", boom)
    monkeypatch.setattr(sys, "argv", ["ratdsl", "simulate", str(ROOT / "rules" / "ratland"), "-n", "2"])
    monkeypatch.delenv("RATDSL_DEBUG", raising=False)
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("internal error: ZeroDivisionError: integer modulo by zero")
    assert "report it to" in err and "RATDSL_DEBUG=1" in err


def test_ratdsl_debug_shows_the_traceback(monkeypatch, capsys):
    import ratdsl.simulation.runner as runner
    from ratdsl.cli import main as cli

    monkeypatch.setattr(runner, "game_seed", lambda *a: 1 // 0)
    monkeypatch.setattr(sys, "argv", ["ratdsl", "simulate", str(ROOT / "rules" / "ratland"), "-n", "2"])
    monkeypatch.setenv("RATDSL_DEBUG", "1")
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 3
    err = capsys.readouterr().err
    assert "Traceback" in err and err.strip().splitlines()[-1].startswith("internal error: ZeroDivisionError")


def test_a_checker_bug_is_an_internal_error_not_a_finding(monkeypatch, tmp_path):
    from typer.testing import CliRunner

    import ratdsl.checker.checker as checker
    from ratdsl.cli.main import app

    monkeypatch.setattr(checker, "check_ruleset", lambda *a: [][1])
    result = CliRunner().invoke(app, ["check", str(quick_game(tmp_path / "q"))])
    assert result.exit_code == 3
    assert result.stderr.startswith("internal error while checking: IndexError")


# ------------------------------------------------------------------ simulate: bad values
@pytest.mark.parametrize(("args", "words"), [
    (["--agents", ","], ["--agents ','", "names no agent"]),
    (["--agents", " , ,"], ["names no agent"]),
    (["--agents", "pirate"], ["unknown agent 'pirate'", "random, greedy"]),
    (["-p", "0"], ["--players must be at least 1, not 0"]),
    (["-p", "-3"], ["--players must be at least 1, not -3"]),
    (["-n", "0"], ["--games must be at least 1, not 0"]),
    (["-w", "0"], ["--workers must be from 1 to 256, not 0"]),
    (["-w", "two"], ["--workers must be auto or a number from 1 to 256, not 'two'"]),
    (["-w", "100000"], ["--workers must be from 1 to 256"]),
    (["-o", "nonsense"], ["NAME=VALUE", "'nonsense'"]),
    (["-o", "no_such=1"], ["--option: there is no option 'no_such'"]),
    (["-o", "start_tokens=3"], ["--option: option start_tokens cannot be 3; allowed: 1, 2"]),
    (["--with", "nope"], ["unknown module 'nope'"]),
    (["--baseline", "no/such/game"], ["--baseline: no such game folder or rule file: no/such/game"]),
])
def test_simulate_refuses_bad_values_before_playing(tmp_path, args, words):
    one_line(ratdsl("simulate", quick_game(tmp_path / "q"), "-n", "3", *args), 2, *words)


def test_simulate_of_a_missing_folder_is_a_usage_error(tmp_path):
    one_line(ratdsl("simulate", tmp_path / "nothing", "-n", "3"), 2, "no such game folder or rule file")


def test_simulate_with_a_persona_works(tmp_path):
    result = ratdsl("simulate", quick_game(tmp_path / "q"), "-n", "4", "-p", "2", "--agents", "greedy,random")
    assert result.returncode == 0, result.stderr
    assert "4 games of Quick with 2 players, agents greedy, random" in result.stdout


# ------------------------------------------------------------------ run and summary: bad values
@pytest.mark.parametrize("command", ["run", "summary"])
@pytest.mark.parametrize(("args", "words"), [
    (["-o", "start_tokens=true"], ["--option: option start_tokens cannot be true; allowed: 1, 2"]),
    (["-o", "start_tokens=x"], ["cannot be 'x'"]),
    (["-o", "nope=1"], ["there is no option 'nope'"]),
    (["--with", "../../etc"], ["unknown module"]),
])
def test_a_bad_option_or_module_is_a_usage_error(tmp_path, command, args, words):
    one_line(ratdsl(command, quick_game(tmp_path / "q"), *args), 2, *words)


# ------------------------------------------------------------------ test: one bad scenario, the rest still run
SCENARIO_OK = ("name: fine\nplayers: 2\ndecisions: {P1: [true], P2: [false]}\nrun: {rounds: 1}\n"
               "expect:\n  zones: {P1.hand: {red: 2}, P2.hand: {red: 1}}\n")
BAD_SCENARIOS = {
    "active_p99.yaml": ("name: x\nplayers: 2\nstate: {active: P99}\nrun: {rounds: 1}\nexpect: {}\n",
                        "state.active: 'P99' is not a player of this 2-player game (P1 to P2)"),
    "zone_p0.yaml": ("name: x\nplayers: 2\nstate:\n  zones: {P0.hand: {red: 1}}\nrun: {rounds: 1}\nexpect: {}\n",
                     "zone 'P0.hand': 'P0' is not a player"),
    "pile_p7.yaml": ("name: x\nplayers: 2\nstate:\n  piles: {P7.hand: []}\nrun: {rounds: 1}\nexpect: {}\n",
                     "pile 'P7.hand': 'P7' is not a player"),
    "decisions_p9.yaml": ("name: x\nplayers: 2\ndecisions: {P9: [1]}\nrun: {rounds: 1}\nexpect: {}\n",
                          "decisions: 'P9' is not a player"),
    "unknown_var.yaml": ("name: x\nplayers: 2\nstate:\n  vars: {nope: 1}\nrun: {rounds: 1}\nexpect: {}\n",
                         "state.vars: 'nope' is not a shared variable"),
    "too_many_tokens.yaml": ("name: x\nplayers: 2\nstate:\n  zones: {P1.hand: {red: 2000000}}\nrun: {rounds: 1}\n"
                             "expect: {}\n", "tokens in all; a game holds at most 1000000"),
    "bomb.yaml": ("name: lol\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
                  "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
                  "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
                  "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
                  "h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\ni: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]\n"
                  "run: {rounds: 1}\nexpect: {}\n",
                  "a YAML alias at line 3, column 8"),
    "deep.json": ('{"name": ' + "[" * 50_000 + "]" * 50_000 + "}", "nested more than 32 deep"),
    "deep.toml": ("name = " + "[" * 50_000 + "]" * 50_000 + "\n", "nested more than 32 deep"),
    "deep_block.yaml": ("name: x\nv:\n" + "".join("  " * i + "-\n" for i in range(1, 60)), "nested more than 32 deep"),
    "deep_flow.yaml": ("name: x\nv: " + "[" * 50_000 + "]" * 50_000 + "\n", "nested more than 32 deep"),
    "dotted.toml": ("name = 'x'\n" + ".".join(["a"] * 100) + " = 1\n", "nested more than 32 deep"),
    "big.yaml": ("name: x\n" + "# padding\n" * 110_000, "larger than 1,000,000 bytes"),
    "latin1.yaml": ("name: caf\udce9\n", "not UTF-8 text (byte 0xe9 at offset 9)"),
    "broken.json": ('{"name": ', "not valid JSON: Expecting value"),
    "broken.yaml": ("name: [x\n", "not valid YAML"),
    "schema.yaml": ("name: x\nrun: {rounds: 0}\nexpect: {}\n", "does not match the scenario schema at run/rounds"),
}


def test_a_bad_scenario_fails_alone_with_a_clear_message(tmp_path):
    game = quick_game(tmp_path / "q", **{"scenarios/zz_ok.yaml": SCENARIO_OK})
    for name, (text, _) in BAD_SCENARIOS.items():
        (game / "scenarios" / name).write_bytes(text.encode("utf-8", "surrogateescape"))
    result = ratdsl("test", game)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stderr == ""
    out = result.stdout
    assert f"ok   {game / 'scenarios' / 'zz_ok.yaml'}" in out  # after all the bad ones, in name order
    assert out.strip().endswith(f"1 passed, {len(BAD_SCENARIOS)} failed")
    for name, (_, message) in BAD_SCENARIOS.items():
        block = out.split(f"FAIL {game / 'scenarios' / name}\n", 1)[1].split("\n", 1)[0]
        assert message in block, (name, block)


def test_an_internal_error_in_one_scenario_does_not_stop_the_others(tmp_path, monkeypatch, capsys):
    """A bug while running one scenario: that scenario fails with the internal-error line, the
    others run, and the exit status is 3."""
    import ratdsl.scenarios.runner as runner
    from ratdsl.cli import main as cli

    game = quick_game(tmp_path / "q", **{"scenarios/a.yaml": SCENARIO_OK.replace("fine", "boom"),
                                         "scenarios/b.yaml": SCENARIO_OK})
    real_run = runner.run_scenario

    def run_scenario(path, *args, **kwargs):
        if path.name == "a.yaml":
            raise ZeroDivisionError("oops")
        return real_run(path, *args, **kwargs)

    monkeypatch.setattr("ratdsl.scenarios.run_scenario", run_scenario)
    monkeypatch.setattr(sys, "argv", ["ratdsl", "test", str(game)])
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 3
    out = capsys.readouterr().out
    assert "internal error while running this scenario: ZeroDivisionError: oops" in out
    assert f"ok   {game / 'scenarios' / 'b.yaml'}" in out and "1 passed, 1 failed" in out


def test_test_of_a_missing_path_is_a_usage_error(tmp_path):
    one_line(ratdsl("test", tmp_path / "nowhere"), 2, "no such scenario file or folder")


# ------------------------------------------------------------------ files that are not UTF-8 text
@pytest.mark.parametrize("command", [["check"], ["run"], ["summary"], ["simulate", "-n", "1"], ["diff", "BASE"]])
def test_a_rule_file_that_is_not_utf8_is_a_positioned_error(tmp_path, command):
    game = quick_game(tmp_path / "q")
    (game / "variant.rat").write_bytes(b'variant v "V" extends quick\n# caf\xe9 au lait\n')
    target = game / "variant.rat"
    args = [game if a == "BASE" else a for a in command[1:]]
    result = ratdsl(command[0], *args, target)
    text = result.stdout if command[0] == "check" else result.stderr
    assert result.returncode == 1 and "Traceback" not in text
    assert text.splitlines()[0] == f"{target}:2:6: E105 not UTF-8 text: byte 0xe9 cannot be read"
    assert text.splitlines()[2] == "       |      ^"


def test_ast_and_fmt_of_a_file_that_is_not_utf8(tmp_path):
    bad = tmp_path / "bad.rat"
    bad.write_bytes(b"const a = 1\nconst b = \"\xff\"\n")
    result = ratdsl("ast", bad)
    assert result.returncode == 1 and result.stderr.startswith(f"{bad}:2:12: E105 not UTF-8 text: byte 0xff")
    result = ratdsl("fmt", bad)
    assert result.returncode == 2 and result.stderr.startswith(f"{bad}:2:12: E105")
    assert bad.read_bytes() == b"const a = 1\nconst b = \"\xff\"\n"


def test_a_locale_file_that_is_not_utf8(tmp_path):
    import shutil

    rules = shutil.copytree(ROOT / "rules" / "ratland", tmp_path / "ratland")
    (rules / "locales" / "de" / "game.ftl").write_bytes(b"game-title = Ratt\xe9nland\n")
    result = ratdsl("summary", rules, "-l", "de")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{rules / 'locales' / 'de' / 'game.ftl'}:1: malformed message: not UTF-8 "
                                    "text: byte 0xe9 cannot be read")
    result = ratdsl("i18n", "check", rules, "-l", "de")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"{rules / 'locales' / 'de' / 'game.ftl'}:1: malformed: -: not UTF-8 text" in result.stdout


# ------------------------------------------------------------------ lost work: output paths, Ctrl-C
@pytest.mark.parametrize(("option", "where"), [
    ("--out", "no/such/folder/r.json"), ("--html", "no/such/folder/r.html"), ("--out", "."),
])
def test_simulate_checks_its_output_paths_before_the_first_game(tmp_path, option, where):
    """A billion games would take days: the bad path is refused at once, and nothing is written."""
    game = quick_game(tmp_path / "q")
    good = tmp_path / "good.json"
    other = "--html" if option == "--out" else "--out"
    result = ratdsl("simulate", game, "-n", "1000000000", other, good, option, where, cwd=tmp_path)
    line = one_line(result, 2, option)
    assert "does not exist" in line or "is a folder" in line
    assert result.stdout == "" and not good.exists()


@pytest.mark.parametrize("option", ["--out", "--html"])
def test_summary_checks_its_output_path_first(tmp_path, option):
    if option == "--html":
        one_line(ratdsl("summary", quick_game(tmp_path / "q"), "-f", "html", "--out", tmp_path / "x" / "s.html"),
                 2, "--out", "does not exist")
    else:
        one_line(ratdsl("summary", quick_game(tmp_path / "q"), "--out", tmp_path), 2, "is a folder")


def test_reports_are_written_whole(tmp_path):
    game = quick_game(tmp_path / "q")
    out, page, summary = tmp_path / "r.json", tmp_path / "r.html", tmp_path / "s.md"
    out.write_text("old")
    result = ratdsl("simulate", game, "-n", "5", "-p", "2", "--out", out, "--html", page)
    assert result.returncode == 0, result.stderr
    import json

    assert json.loads(out.read_text())["run"]["games"] == 5 and "<svg" in page.read_text()
    assert ratdsl("summary", game, "--out", summary).returncode == 0 and "Quick" in summary.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q", "r.html", "r.json", "s.md"]  # no temporary left


def wait_for_finished_games(process: subprocess.Popen, timeout: float = 120) -> int:
    """Reads the progress bar on the process's standard output (which it takes for a terminal:
    TTY_COMPATIBLE=1) until it counts a finished game; that count."""
    import os
    import re
    import select
    import time

    seen, deadline = b"", time.monotonic() + timeout
    while True:
        done = [int(n) for n in re.findall(rb"(\d+)/\d+", seen)]
        if any(done):
            return max(done)
        assert time.monotonic() < deadline and process.poll() is None, seen[-400:]
        if select.select([process.stdout], [], [], 1)[0]:
            seen = seen[-200:] + os.read(process.stdout.fileno(), 65536)  # type: ignore[union-attr]


def test_ctrl_c_during_simulate_writes_the_finished_games_marked_partial(tmp_path, private_cache):
    import json
    import os
    import signal

    game = quick_game(tmp_path / "q")
    out, page = tmp_path / "r.json", tmp_path / "r.html"
    process = subprocess.Popen([sys.executable, "-m", "ratdsl.cli.main", "simulate", str(game), "-n", "100000000",
                                "-p", "2", "--native", "off",  # (a run this long would first build: native.py)
                                "--out", str(out), "--html", str(page)], cwd=ROOT, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, "TTY_COMPATIBLE": "1", "TERM": "xterm", "COLUMNS": "100"})
    finished = wait_for_finished_games(process)  # (the bar shows once games have been played a while)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    report = json.loads(out.read_text())
    assert report["stopped_early"] is True and finished <= report["run"]["games"] < 100_000_000
    assert report["title"].endswith("(partial: interrupted)")
    assert f"PARTIAL, interrupted: {report['run']['games']} of 100000000 games played" in report["summary"]
    assert "(partial: interrupted)" in page.read_text()
    notes, last = stderr.strip().splitlines()[:-1], stderr.strip().splitlines()[-1]
    assert last == (f"interrupted: {report['run']['games']} of 100000000 games finished; the report is "
                    "partial (stopped_early: true)")
    # docs/cli.md: notes about written files go to stderr, before the interruption line
    assert all(note.endswith(("r.json", "r.html")) and "written to" in note for note in notes)


# ------------------------------------------------------------------ every command: bad paths and broken files
BAD_LOGS = {
    "not_json.jsonl": (b"garbage\n", "not_json.jsonl: line 1 is not JSON: Expecting value (column 1)"),
    "cut.jsonl": (b'{"t": "game"', "cut.jsonl: line 1 is not JSON: Expecting ',' delimiter"),
    "empty.jsonl": (b"", "does not start with a game record"),
    "list.jsonl": (b"[1, 2]\n", "list.jsonl does not start with a game record"),
    "deep.jsonl": (b"[" * 100_000 + b"\n", "deep.jsonl: line 1 is nested more than 64 deep: not a game log"),
    "deep_but_parsed.jsonl": (b"[" * 200 + b"]" * 200 + b"\n", "line 1 is nested more than 64 deep"),
    "long.jsonl": (b'{"t": "' + b"x" * 4_000_001 + b'"}\n', "line 1 is longer than 4,000,000 characters"),
    "binary.jsonl": (b"\xff\xfe\n", "binary.jsonl: 'utf-8' codec can't decode byte 0xff"),
}


@pytest.mark.parametrize("name", sorted(BAD_LOGS))
def test_replay_of_a_broken_log_is_one_line(tmp_path, name):
    data, words = BAD_LOGS[name]
    (tmp_path / name).write_bytes(data)
    one_line(ratdsl("replay", name, cwd=tmp_path), 2, words)


@pytest.mark.parametrize(("args", "status", "words"), [
    (["replay", "nowhere.jsonl"], 2, "cannot read nowhere.jsonl: No such file or directory"),
    (["replay", "."], 2, "cannot read .: Is a directory"),
    (["replay", "x.jsonl", "--rules", "nowhere"], 2, "--rules: no such game folder or rule file: nowhere"),
    (["ast", "nowhere.rat"], 2, "cannot read nowhere.rat: No such file or directory"),
    (["ast", "."], 2, "cannot read .: Is a directory"),
    (["diff", "nowhere", "v.rat"], 2, "no such game folder or rule file: nowhere"),
    (["diff", "q", "nowhere.rat"], 2, "no such game folder or rule file: nowhere.rat"),
    (["run", "nowhere"], 2, "cannot read nowhere: No such file or directory"),
    (["summary", "nowhere"], 2, "cannot read nowhere"),
    (["check", "nowhere"], 2, "no such game folder or rule file: nowhere"),
    (["test", "nowhere"], 2, "no such scenario file or folder: nowhere"),
    (["i18n", "check", "nowhere"], 2, "nowhere is not a game folder"),
    (["simulate", "nowhere"], 2, "no such game folder or rule file: nowhere"),
    (["run", "q", "-o", "start_tokens=" + "9" * 5000], 2, "cannot be '9999"),
])
def test_a_bad_path_or_value_is_one_line(tmp_path, args, status, words):
    quick_game(tmp_path / "q")
    (tmp_path / "x.jsonl").write_text("")
    line = one_line(ratdsl(*args, cwd=tmp_path), status, words)
    assert len(line) < 400


@pytest.mark.parametrize("command", [["run"], ["summary"], ["simulate", "-n", "1"], ["check"], ["i18n", "check"]])
def test_a_folder_without_rule_files_is_a_finding(tmp_path, command):
    (tmp_path / "empty").mkdir()
    result = ratdsl(*command, "empty", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr + result.stdout
    assert "empty: E100 no rule files (.rat) in empty" in result.stderr + result.stdout


def test_fmt_of_stdin_that_is_not_utf8_is_a_positioned_error():
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "fmt", "-"], cwd=ROOT, capture_output=True,
                            input=b'const a = "\xff"\n', timeout=120)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode().startswith("<stdin>:1:12: E105 not UTF-8 text: byte 0xff cannot be read")


@pytest.mark.parametrize("args, words", [
    (("run", "rules/ratland", "-p", "x"), ("ratdsl run:", "--players", "ratdsl run --help")),
    (("run",), ("ratdsl run:", "Missing argument", "rules")),
    (("nosuch",), ("ratdsl:", "No such command", "nosuch")),
    (("simulate", "rules/ratland", "--bogus"), ("ratdsl simulate:", "No such option", "--bogus")),
    (("i18n", "bogus"), ("ratdsl i18n:", "No such command", "bogus")),
])
def test_a_usage_error_is_one_line_not_a_box(args, words):
    """Typer's own usage errors (a missing argument, a value of the wrong type, an unknown command
    or option) are one line naming the command and its --help, exit status 2."""
    result = ratdsl(*args)
    assert "╭" not in result.stderr and "│" not in result.stderr
    one_line(result, 2, *words)


def test_simulate_names_the_broken_rules_when_the_baseline_is_broken(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    (base / "game.rat").write_text('game x "X" {\n  players 2..4\n}\nrule r() { set nope = 1 }\n', "utf-8")
    result = ratdsl("simulate", ROOT / "rules" / "ratland", "-n", "2", "--baseline", base)
    assert result.returncode == 1, result.stderr
    assert f"run `ratdsl check {base}`" in result.stderr
    assert "ratdsl check rules" not in result.stderr and "games in" not in result.stdout


@pytest.mark.parametrize("command", [["run", "rules/ratland", "-p", "4", "-s", "7"], ["summary", "rules/ratland"]])
def test_a_reader_that_leaves_early_is_no_internal_error(command):
    """`ratdsl run ... | head`: the pipe closes; ratdsl stops quietly, no internal error."""
    process = subprocess.Popen([sys.executable, "-m", "ratdsl.cli.main", *command], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline()
    process.stdout.close()
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=120) in (0, 1)
    assert "internal error" not in stderr and "Traceback" not in stderr, stderr


def test_a_scenario_variable_past_the_number_limit_fails_alone(tmp_path):
    game = quick_game(tmp_path / "q")
    with open(game / "game.rat", "a", encoding="utf-8") as out:
        out.write("var n = 0\n")
    (game / "scenarios").mkdir()
    (game / "scenarios" / "big.yaml").write_text(
        "name: x\nplayers: 2\nstate:\n  vars: {n: 1000000000000000000}\nrun: {rounds: 1}\nexpect: {}\n", "utf-8")
    result = ratdsl("test", game)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "state.vars: n = 1000000000000000000 is past the limit of numbers" in result.stdout
