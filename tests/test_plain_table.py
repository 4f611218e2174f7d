"""cli/plain_table.py prints what Rich prints, on a terminal and elsewhere (start-up, issue 13:
`simulate` writes its report without importing Rich): each function against Rich itself on many
generated inputs, and `simulate`'s whole output with and without it."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer.testing import CliRunner

from ratdsl.cli import cmd_simulate
from ratdsl.cli.main import app
from ratdsl.cli.plain_table import console_shape, table_text, wrapped

RULES = Path(__file__).resolve().parent.parent / "rules" / "ratland"
# letters, digits, punctuation (markup's brackets and emoji's colons too), accented letters, and
# what the module leaves to Rich: a tab, a soft hyphen, a combining accent, wide characters
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789.,;:!?()[]{}%*+-/'\"#_=<>|~^$&@`\\"
RARE = "äéñßÆøÿŁ\t\xad\u0301漢字"


def rich_console(width: int, terminal: bool = False) -> Console:
    return Console(file=io.StringIO(), width=width, force_terminal=terminal, _environ={})


def printed_by_rich(width: int, *things, terminal: bool = False) -> str:
    console = rich_console(width, terminal)
    for thing in things:
        console.print(thing)
    return console.file.getvalue()


def text(rng: random.Random, words: int, longest: int = 12) -> str:
    def word() -> str:
        alphabet = LETTERS if rng.random() < 0.95 else LETTERS + RARE
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, longest)))
    return (" " * rng.choice([0, 0, 0, 1])).join(word() for _ in range(words)) if words else ""


@pytest.mark.parametrize("terminal", [False, True])
def test_a_table_is_printed_as_rich_prints_it(terminal):
    rng = random.Random(13)
    laid_out = 0
    for case in range(1500):
        width = rng.randint(10, 140)
        columns = rng.randint(1, 6)
        title = text(rng, rng.randint(0, 5))
        headers = [text(rng, rng.randint(0, 3)) for _ in range(columns)]
        rows = [[text(rng, rng.randint(0, 3), 8) for _ in range(columns)] for _ in range(rng.randint(0, 8))]
        mine = table_text(title, headers, rows, width, terminal)
        if mine is None:
            continue
        table = Table(title=Text(title))
        for header in headers:
            table.add_column(Text(header))
        for row in rows:
            table.add_row(*(Text(cell) for cell in row))
        assert mine == printed_by_rich(width, table, terminal=terminal), (case, title, headers, rows, width)
        laid_out += 1
    assert laid_out > 300  # (the plain case is the common one)


@pytest.mark.parametrize("terminal", [False, True])
def test_lines_are_wrapped_as_rich_wraps_them(terminal):
    rng = random.Random(31)
    laid_out = 0
    for case in range(3000):
        width = rng.randint(5, 100)
        line = text(rng, rng.randint(1, 30))
        if rng.random() < 0.2:
            line = " " * rng.randint(1, 3) + line + " " * rng.randint(0, 8)
        if rng.random() < 0.2:
            line = line.replace(" ", " " * rng.randint(2, 5))
        mine = wrapped(line, width)
        if mine is None:
            continue
        assert mine == printed_by_rich(width, Text(line), terminal=terminal), (case, line, width)
        laid_out += 1
    assert laid_out > 800


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("environ", [{}, {"COLUMNS": "100"}, {"COLUMNS": "7"}, {"COLUMNS": "wide"}, {"COLUMNS": "0"},
                                     {"FORCE_COLOR": "1"}, {"FORCE_COLOR": ""}, {"TTY_COMPATIBLE": "1"},
                                     {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}, {"TTY_COMPATIBLE": "maybe"},
                                     {"NO_COLOR": "1"}, {"TERM": "dumb"}, {"TERM": "xterm-256color", "COLUMNS": "90"},
                                     {"COLORTERM": "truecolor"}])
@pytest.mark.parametrize("stream", [io.StringIO, _Terminal])
def test_the_console_is_the_one_rich_makes_or_is_left_to_rich(environ, stream):
    out = stream()
    rich = Console(file=out, _environ=environ)
    mine = console_shape(out, environ)
    if environ.get("COLUMNS") == "0" or (rich.is_terminal and environ.get("TERM") == "dumb"):
        assert mine is None
    else:
        assert mine == (rich.width, rich.is_terminal)
        # a terminal shows the header in bold, in whichever colour system Rich picked
        table = Table(title=Text("a title"))
        table.add_column(Text("figure"))
        table.add_row(Text("a longer cell"))
        rich.file = io.StringIO()
        rich.print(table)
        text = table_text("a title", ["figure"], [["a longer cell"]], *mine)
        assert text == rich.file.getvalue() or (text is None and mine[0] < 19)  # (Rich wraps a narrow one)
    assert console_shape(io.TextIOWrapper(io.BytesIO(), encoding="latin-1"), {}) is None  # (Rich's ASCII boxes)


@pytest.mark.parametrize("columns", ["80", "30", "200"])
@pytest.mark.parametrize("baseline", [False, True])
def test_simulate_prints_the_same_report_without_rich(monkeypatch, columns, baseline):
    monkeypatch.setenv("COLUMNS", columns)
    args = ["simulate", str(RULES), "--games", "3", "--workers", "1"] + (["--baseline", str(RULES)] if baseline else [])
    plain = CliRunner().invoke(app, args)
    monkeypatch.setattr(cmd_simulate, "console_shape", lambda: None)
    rich = CliRunner().invoke(app, args)
    assert plain.exit_code == rich.exit_code == 0, plain.output + rich.output
    report = plain.output.splitlines()[:-1]  # (the last line: the time the games took)
    assert report == rich.output.splitlines()[:-1] and "┏" in plain.output


def test_the_report_of_a_four_player_game_needs_no_rich_at_the_default_width(monkeypatch):
    printed = []
    monkeypatch.setattr(cmd_simulate, "table_text", lambda *a: printed.append(table_text(*a)) or printed[-1])
    monkeypatch.setenv("COLUMNS", "80")
    done = CliRunner().invoke(app, ["simulate", str(RULES), "--games", "1", "--players", "4"])
    assert done.exit_code == 0 and printed and printed[0] is not None and printed[0] in done.output
