"""What a user reads from the command line (issue 36): a house rule kept anywhere extends a
bundled game by name, `--help` labels parameters in words, and a binary file given as rules
is one line, not kilobytes of escaped bytes."""

from __future__ import annotations

import random
import re

import pytest
import typer
from typer.testing import CliRunner

import ratdsl
from ratdsl.cli.help_words import in_words
from ratdsl.cli.main import app
from ratdsl.language.loader import load


def invoke(*args: str):
    return CliRunner().invoke(app, list(args), catch_exceptions=False)


def test_a_variant_anywhere_extends_a_bundled_game_by_name(tmp_path, monkeypatch, private_cache):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.rat").write_text('variant x "X" extends ratland\nset option forage_rat = any_rat\n')
    result = invoke("check", "v.rat")
    assert result.exit_code == 0, result.output
    ruleset = load(tmp_path / "v.rat")
    assert ruleset.root.resolve() == ratdsl.load("ratland").definition.ruleset.root.resolve()
    assert ratdsl.load(tmp_path / "v.rat").option_values["forage_rat"] == "any_rat"


def test_a_variant_of_no_game_names_the_bundled_ones(tmp_path, monkeypatch, private_cache):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "w.rat").write_text('variant x "X" extends nosuch\n')
    result = invoke("check", "w.rat")
    assert result.exit_code == 1
    assert "cannot find the game 'nosuch'" in result.output
    assert all(name in result.output for name in ratdsl.bundled_games())


def commands(command, path=()):
    """Every command of the CLI with its words (`i18n check` too)."""
    yield path
    for name, sub in getattr(command, "commands", {}).items():
        yield from commands(sub, (*path, name))


@pytest.mark.parametrize("path", list(commands(typer.main.get_command(app))), ids=" ".join)
def test_help_labels_parameters_in_words_not_python_types(path):
    result = invoke(*path, "--help")
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output
    leftovers = re.findall(r"<(?:list\[\w+\]|bool|int|str|float|path|int range|float range)>", result.output)
    assert not leftovers, leftovers


def test_type_labels_in_words():
    assert in_words("<list[Path]>", True) == "PATH (repeatable)"
    assert in_words("<list[str]>", False) == "TEXT"
    assert in_words("<bool>", True) == ""
    assert in_words("<int range>", False) == "INTEGER"
    assert in_words("<text|json|github>", False) == "text|json|github"
    assert in_words("<something new>", False) == "<something new>"  # (unknown: left as it was)


@pytest.mark.parametrize("data", [
    random.Random(1).randbytes(12000),                               # not UTF-8 at all
    b"game x \"X\" {" + b"\0" * 40 + b"}\n" + b"\x01\x02" * 3000,    # UTF-8, with NULs
])
@pytest.mark.parametrize("command", [["check"], ["run"], ["fmt", "--check"], ["ast"]])
def test_a_binary_file_given_as_rules_is_one_line(tmp_path, monkeypatch, private_cache, data, command):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bin.rat").write_bytes(data)
    result = CliRunner().invoke(app, [*command, "bin.rat"])
    assert result.exit_code in (1, 2), result.output
    lines = [line for line in result.output.splitlines() if "E105" in line]
    assert lines == [lines[0]] and "not a text file" in lines[0]
    assert len(result.output) < 400, result.output[:400]


@pytest.mark.parametrize("seat", ["P1", "1", "p1"])
def test_run_takes_the_seat_syntax_of_play(seat, private_cache):
    result = CliRunner().invoke(app, ["run", "ratland", "--human", seat, "-p", "3"], input="")
    assert "Your screen (P1)" in result.output  # (P1 is asked: the seat was taken, the input then ends)
    assert "is not a valid integer" not in result.output


def test_run_refuses_a_seat_that_is_not_at_the_table(private_cache):
    result = CliRunner().invoke(app, ["run", "ratland", "--human", "P9", "-p", "3"])
    assert result.exit_code == 2 and "--human P9: seats are 1 to 3 (or P1 to P3)" in result.output
