"""Bounded narration (issue 39): past `--lines-per-round` lines in a round, `ratdsl run` sums up
each step's further lines ("… N more changes of counter"); a kept log stops the game with R014
past its limit of records, and still ends with its `aborted` record."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.cli.main import app
from ratdsl.engine import Game
from ratdsl.engine.log import LOG_TOO_LONG, GameLog, LogTooLong
from ratdsl.session import load_rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from bench_budget import RUNAWAYS, write_game  # noqa: E402

LOOP = RUNAWAYS["while, set another variable"]


@pytest.fixture
def flood(tmp_path: Path) -> Path:
    return write_game(tmp_path / "flood", *LOOP)


def test_a_runaway_step_is_summed_up_after_the_line_limit(flood, tmp_path, private_cache):
    log = tmp_path / "log.jsonl"
    result = CliRunner().invoke(app, ["run", str(flood), "-p", "2", "--lines-per-round", "40", "--log", str(log)])
    assert result.exit_code == 1 and "R002" in result.output
    lines = result.output.splitlines()
    shown = [line for line in lines if re.fullmatch(r"\s*counter is now \d+", line)]
    summed = [line for line in lines if "more changes of counter" in line]
    assert len(summed) == 1 and 30 <= len(shown) < 40
    sets = sum(1 for line in log.read_text().splitlines() if json.loads(line)["t"] == "set")
    assert len(shown) + int(re.search(r"… ([\d,]+) more", summed[0])[1].replace(",", "")) == sets
    assert len(lines) < 60  # (everything else: the title, headers, the error)


def test_the_default_limit_keeps_a_runaway_to_about_two_thousand_lines(flood, private_cache):
    result = CliRunner().invoke(app, ["run", str(flood), "-p", "2"])
    lines = result.output.splitlines()
    assert 2_000 <= len(lines) < 2_020 and any("more changes of counter" in line for line in lines)


def test_a_real_game_is_narrated_whole(private_cache):
    root = Path(__file__).resolve().parent.parent / "rules" / "ratland"
    result = CliRunner().invoke(app, ["run", str(root), "-p", "3"])
    assert result.exit_code == 0 and "… " not in result.output


def test_a_kept_log_past_its_limit_stops_the_game_with_r014(flood):
    d = load_rules(flood)
    log = GameLog(keep=True, limit=500)
    game = Game(d, 2, 0, agents=[RandomAgent(agent_seed(0, s)) for s in range(2)], log=log)
    with pytest.raises(LogTooLong) as err:
        game.play()
    assert err.value.code == LOG_TOO_LONG == "R014" and "500" in err.value.message
    assert len(log.records) == 500
    log.abort("error", "main.only", err.value)  # (the aborted record is written past the limit)
    assert log.records[-1]["t"] == "aborted" and log.records[-1]["code"] == "R014"
