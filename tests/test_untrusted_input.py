"""Rule files, scenarios, logs and locale files come from strangers: nothing in them may drive the
terminal that shows them (control characters), and a module name may not reach a file outside
the game's `modules/` folder. Each case runs the command line as a designer would and checks the
exit status, the one-line error, and that no ESC byte reaches stdout or stderr."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ratdsl.cli.narrate import Narrator
from ratdsl.language import ast as A
from ratdsl.language import cache, parse_file, parse_text
from ratdsl.language.errors import RuleSyntaxError
from ratdsl.language.loader import UnknownModule, available_modules, load
from ratdsl.language.visible import visible

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "broken" / "tiny"
RATLAND = ROOT / "rules" / "ratland"
ESC = "\x1b"
TITLE_AND_CLEAR = "\x1b]0;pwned\x07\x1b[2J"   # sets the window title, clears the screen
CLIPBOARD = "\x1b]52;c;ZWNobyBnb3RjaGE=\x07"  # OSC 52: writes the clipboard


def ratdsl(*args: str, cwd: Path = ROOT, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The command line in its own process, as a designer runs it (bytes: nothing decoded away)."""
    return subprocess.run([sys.executable, "-m", "ratdsl.cli.main", *args], cwd=cwd, capture_output=True,
                          input=stdin.encode() if stdin is not None else None, timeout=120)


def no_escape(result: subprocess.CompletedProcess) -> None:
    for stream in (result.stdout, result.stderr):
        assert b"\x1b" not in stream and b"\x07" not in stream and "\x9b".encode() not in stream, stream


def game(tmp_path: Path, extra: dict[str, str] | None = None) -> Path:
    """A copy of tests/broken/tiny with a module `extra` and the given files added."""
    folder = tmp_path / "g"
    shutil.copytree(TINY, folder)
    (folder / "modules").mkdir()
    (folder / "modules" / "extra.rat").write_text('module extra "Extra" requires tiny\n', "utf-8")
    for name, text in (extra or {}).items():
        (folder / name).write_text(text, "utf-8", newline="")
    return folder


# ------------------------------------------------------------------ control characters in rule files
def test_an_escape_in_a_text_is_a_positioned_syntax_error():
    with pytest.raises(RuleSyntaxError) as err:
        parse_text(f'rule r() {{\n  say "{TITLE_AND_CLEAR}gone"\n}}\n', "x.rat")
    e = err.value
    assert (e.code, e.line, e.column) == ("E011", 2, 8)
    assert "U+001B" in e.message and e.hint and "delete it" in e.hint
    rendered = e.render()
    assert ESC not in rendered and "\x07" not in rendered
    assert '  say "\\x1b]0;pwned\\x07\\x1b[2Jgone"' in rendered
    assert rendered.splitlines()[2] == "       |        ^^^^"  # under the whole escape


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\x9b"])
def test_every_other_control_character_is_refused_anywhere(char):
    for text in (f"# note {char}\n", f'const a = "{char}"\n', f"const a = 1{char}\n"):
        with pytest.raises(RuleSyntaxError) as err:
            parse_text(text, "x.rat")
        assert err.value.code == "E011"
        assert f"U+{ord(char):04X}" in err.value.message
        assert char not in err.value.render()


def test_tab_newline_and_crlf_line_ends_are_allowed():
    program = parse_text('const a = "x\ty"\t# a tab\r\nconst b = 2\r\n', "x.rat")
    assert [d.name for d in program.decls] == ["a", "b"]
    with pytest.raises(RuleSyntaxError) as err:  # a CR on its own moves the cursor: refused
        parse_text("const a = 1\rconst b = 2\n", "x.rat")
    assert (err.value.code, err.value.line, err.value.column) == ("E011", 1, 12)


def test_a_crlf_file_checks_clean(tmp_path):
    crlf = "# written on Windows\r\n" + (TINY / "game.rat").read_text("utf-8").replace("\n", "\r\n")
    folder = game(tmp_path, {"game.rat": crlf})
    assert b"\r\n" in (folder / "game.rat").read_bytes()
    result = ratdsl("check", str(folder))
    assert result.returncode == 0, result.stdout


def test_check_does_not_echo_a_clipboard_write_from_a_comment(tmp_path):
    folder = game(tmp_path, {"c.rat": f"# {CLIPBOARD}\nconst a = 1\n"})
    result = ratdsl("check", str(folder))
    no_escape(result)
    assert result.returncode == 1
    out = result.stdout.decode()
    assert "c.rat:1:3: E011 the control character U+001B (ESC, escape) is not allowed" in out
    assert "# \\x1b]52;c;ZWNobyBnb3RjaGE=\\x07" in out
    json_result = ratdsl("check", "--output-format", "json", str(folder))
    no_escape(json_result)
    assert json.loads(json_result.stdout)["diagnostics"][0]["code"] == "E011"


def test_run_does_not_clear_the_screen_or_set_the_title(tmp_path):
    folder = game(tmp_path, {"say.rat": f'rule r() {{\n  say "{TITLE_AND_CLEAR}"\n}}\n'})
    result = ratdsl("run", str(folder), "-p", "2")
    no_escape(result)
    assert result.returncode == 1
    assert "E011" in result.stderr.decode()


def test_fmt_refuses_a_control_character_on_stdin():
    result = ratdsl("fmt", "-", stdin=f"# {CLIPBOARD}\nconst a = 1\n")
    no_escape(result)
    assert result.returncode == 2
    assert "<stdin>:1:3: E011" in result.stderr.decode()


def test_a_cached_parse_does_not_let_a_control_character_through(tmp_path, monkeypatch):
    path = tmp_path / "x.rat"
    path.write_text(f"# {CLIPBOARD}\nconst a = 1\n", "utf-8")
    monkeypatch.setattr(cache, "load_program", lambda *args: A.Program((), span=A.NO_SPAN))
    with pytest.raises(RuleSyntaxError) as err:
        parse_file(path)
    assert err.value.code == "E011"


def test_a_file_name_with_an_escape_is_shown_escaped(tmp_path):
    folder = tmp_path / f"g{ESC}[2J"
    shutil.copytree(TINY, folder)
    (folder / "game.rat").write_text("game tiny {\n", "utf-8")
    result = ratdsl("check", str(folder))
    no_escape(result)
    assert result.returncode == 1
    assert "g\\x1b[2J" in result.stdout.decode()


# ------------------------------------------------------------------ what the narrator, scenarios, logs and locales echo
def test_the_narrator_escapes_what_a_record_carries():
    lines: list[str] = []
    Narrator(None, lines.append)({"t": "say", "msg": TITLE_AND_CLEAR, "args": ["\x9b2J"]})  # type: ignore[arg-type]
    assert lines == ["   \\x1b]0;pwned\\x07\\x1b[2J \\x9b2J"]
    assert visible("tab\tnew\nline\r\n") == "tab\tnew\nline\r\n"


def test_a_scenario_name_and_module_reach_the_terminal_escaped(tmp_path):
    scenario = shutil.copytree(TINY, tmp_path / "tiny") / "scenarios" / "s.json"  # rules: inside its game
    scenario.parent.mkdir()
    scenario.write_text(json.dumps({
        "name": f"evil {TITLE_AND_CLEAR}", "rules": "..", "with": [f"../x{ESC}[2J"],
        "players": 2, "run": {"rounds": 1}, "expect": {"error": f"no{ESC}]0;t\x07"}}), "utf-8")
    result = ratdsl("test", str(scenario))
    no_escape(result)
    assert result.returncode == 1
    out = result.stdout.decode()
    assert "unknown module '../x\\x1b[2J': the game's modules are: none" in out


def test_a_replayed_log_reaches_the_terminal_escaped(tmp_path):
    log = tmp_path / "game.jsonl"
    assert ratdsl("run", str(RATLAND), "-p", "3", "--log", str(log), "-q").returncode == 0
    records = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    records[1] = {**records[1], **{k: f"{v}{TITLE_AND_CLEAR}" for k, v in records[1].items()
                                   if isinstance(v, str) and k != "t"}}
    log.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    result = ratdsl("replay", str(log))
    no_escape(result)
    assert result.returncode in (1, 2)


def test_a_locale_message_reaches_the_terminal_escaped(tmp_path):
    rules = tmp_path / "ratland"
    shutil.copytree(RATLAND, rules)
    ftl = rules / "locales" / "en" / "game.ftl"
    text = ftl.read_text("utf-8")
    first = next(line for line in text.splitlines() if line.startswith("game") and " = " in line)
    ftl.write_text(text.replace(first, first + CLIPBOARD), "utf-8")
    result = ratdsl("summary", str(rules))
    no_escape(result)
    assert result.returncode == 0
    assert "RatLand\\x1b" in result.stdout.decode()


# ------------------------------------------------------------------ module names
ALLOWED = "the game's modules are: extra"


@pytest.mark.parametrize("name", ["../../elsewhere/x", "../elsewhere/x", "/tmp/x", "nosuch", "9lives",
                                  "ex tra", "extra.rat", "modules/extra", "", "sneaky", "é"])
def test_a_module_name_outside_the_modules_folder_is_a_usage_error(tmp_path, name, monkeypatch):
    """`run` in a process of its own, as a designer runs it; the other commands in this one (the
    same code path after the command line, at a tenth of the cost)."""
    from typer.testing import CliRunner

    from ratdsl.cli.main import app

    folder = game(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "x.rat").write_text("module x \"X\" requires tiny\nconst leaked = 1\n", "utf-8")
    (folder / "modules" / "sneaky.rat").symlink_to(elsewhere / "x.rat")  # a link out of modules/
    monkeypatch.chdir(folder)
    for command in (["run", str(folder), "-p", "2"], ["check", str(folder)], ["summary", str(folder)],
                    ["diff", str(folder), str(folder)]):
        if command[0] == "run":
            result = ratdsl(*command, "--with", name, cwd=folder)
        else:
            invoked = CliRunner().invoke(app, [*command, "--with", name])
            result = subprocess.CompletedProcess(command, invoked.exit_code, invoked.stdout_bytes,
                                                 invoked.stderr_bytes)
        no_escape(result)
        assert result.returncode == 2, (command, result.stderr)
        assert result.stdout == b"" or command[0] == "summary", result.stdout
        err = result.stderr.decode()
        assert err.startswith(f"{folder}: E100 unknown module {name!r}: ") and err.count("\n") == 1, err
        assert err.endswith(f"{ALLOWED}\n"), err
        assert "leaked" not in err


def test_the_message_is_the_same_whether_or_not_a_file_exists_elsewhere(tmp_path):
    folder = game(tmp_path)
    (tmp_path / "there.rat").write_text("module there \"T\" requires tiny\n", "utf-8")
    real = ratdsl("check", str(folder), "--with", "../../there", cwd=folder)
    ghost = ratdsl("check", str(folder), "--with", "../../not_there", cwd=folder)
    assert (real.returncode, ghost.returncode) == (2, 2)
    assert real.stderr.decode().replace("there'", "X'") == ghost.stderr.decode().replace("not_there'", "X'")


def test_a_close_name_is_suggested_and_a_good_one_loads(tmp_path):
    folder = game(tmp_path)
    result = ratdsl("check", str(folder), "--with", "extr")
    assert result.returncode == 2
    assert result.stderr.decode() == f"{folder}: E100 unknown module 'extr': did you mean 'extra'? {ALLOWED}\n"
    assert ratdsl("check", str(folder), "--with", "extra").returncode == 0


def test_only_identifier_files_inside_modules_are_modules(tmp_path):
    folder = game(tmp_path)
    (folder / "modules" / "my-module.rat").write_text('module m "M" requires tiny\n', "utf-8")
    (folder / "modules" / "inside.rat").symlink_to(folder / "modules" / "extra.rat")  # stays inside
    (folder / "modules" / "outside.rat").symlink_to(TINY / "game.rat")
    assert available_modules(folder) == ["extra", "inside"]
    with pytest.raises(UnknownModule):
        load(folder, ("outside",))
    with pytest.raises(UnknownModule):
        load(folder, ("my-module",))
    assert [m.name for m in load(folder, ("inside",)).modules] == ["extra"]


def test_a_logged_module_outside_the_game_is_refused(tmp_path):
    folder = tmp_path / "ratland"
    shutil.copytree(RATLAND, folder)
    log = tmp_path / "game.jsonl"
    assert ratdsl("run", str(folder), "-p", "3", "--log", str(log), "-q", "--with", "clans").returncode == 0
    records = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    records[0]["modules"] = ["../../../../elsewhere/x"]
    log.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    result = ratdsl("replay", str(log))
    assert result.returncode == 2
    assert result.stderr.decode() == \
        f"{folder}: E100 unknown module '../../../../elsewhere/x': the game's modules are: aggressive, clans\n"
