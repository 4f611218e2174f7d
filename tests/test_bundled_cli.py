"""A bundled game's name works wherever the command line takes a game (`check`, `test`, `fmt
--check`/`--diff`, as `run` and `simulate`), and `fmt` never rewrites a bundled game's files
(an installed one lives in site-packages): one line, exit 2."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl import bundled
from ratdsl.cli.main import app

from .conftest import ROOT

SCENARIO = "name: plays a round\nplayers: 2\nfallback: random\nrun: {rounds: 1}\nexpect: {}\n"


@pytest.fixture
def mini(tmp_path, monkeypatch) -> Path:
    """A bundled game `mini` (a copy of the sealed-bid test game, one file not in the layout),
    run from a folder where `mini` is no path."""
    root = tmp_path / "games"
    game = root / "mini"
    shutil.copytree(ROOT / "tests" / "programs" / "bid", game)
    (game / "extra.rat").write_text("tokens   pearl\n")
    (game / "scenarios").mkdir()
    (game / "scenarios" / "round.yaml").write_text(SCENARIO)
    monkeypatch.setattr(bundled, "games_roots", lambda: [root])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return game


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def test_check_takes_a_bundled_name(mini):
    result = invoke("check", "mini")
    assert result.exit_code == 0, result.output
    assert "no findings" in result.output


def test_test_runs_a_bundled_games_scenarios(mini):
    result = invoke("test", "mini")
    assert result.exit_code == 0, result.output
    assert f"ok   {mini / 'scenarios' / 'round.yaml'}" in result.output
    assert "1 passed, 0 failed" in result.output


@pytest.mark.parametrize("flag", ["--check", "--diff"])
def test_fmt_reads_a_bundled_game(mini, flag):
    result = invoke("fmt", flag, "mini")
    assert result.exit_code == 1, result.output  # extra.rat is not in the layout
    assert "extra.rat" in result.output


def test_fmt_refuses_to_rewrite_a_bundled_game(mini):
    before = {p: p.read_bytes() for p in mini.rglob("*.rat")}
    result = invoke("fmt", "mini")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "mini is a bundled game's name: fmt rewrites only files given by their path; use --check or "
        "--diff, or copy the game's folder first"]
    assert {p: p.read_bytes() for p in mini.rglob("*.rat")} == before


def test_a_path_still_wins_and_fmt_rewrites_it(mini, tmp_path):
    shutil.copytree(mini, Path("mini"))
    result = invoke("fmt", "mini")
    assert result.exit_code == 0, result.output
    assert Path("mini/extra.rat").read_text() == "tokens pearl\n"
    assert (mini / "extra.rat").read_text() == "tokens   pearl\n"


@pytest.mark.parametrize("command", [["check"], ["test"], ["fmt", "--check"]])
def test_an_unknown_name_is_still_a_usage_error(mini, command):
    result = invoke(*command, "no_such_game")
    assert result.exit_code == 2
    assert "no such" in result.output and "no_such_game" in result.output
