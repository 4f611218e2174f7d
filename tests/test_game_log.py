"""Whole games: the log is valid against its schema, the same seed gives the same bytes,
and replay reaches the same states."""

import json
from pathlib import Path

from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.engine.log import GameLog, dumps
from ratdsl.replay import replay_log
from ratdsl.schemas import validate_log_record
from ratdsl.session import load_rules, new_game

RULES = Path(__file__).resolve().parents[1] / "rules" / "ratland"


def play_logged(players: int, seed: int) -> list[dict]:
    log = GameLog(keep=True)
    new_game(load_rules(RULES), players, seed, log=log, rules_label=str(RULES)).play()
    return log.records


def test_log_records_match_the_schema():
    records = play_logged(4, 3)
    for record in records:
        validate_log_record(record)
    assert records[0]["t"] == "game" and records[-1]["t"] == "end"


def test_same_seed_same_bytes_and_other_seed_differs():
    first = "\n".join(dumps(r) for r in play_logged(5, 11))
    second = "\n".join(dumps(r) for r in play_logged(5, 11))
    other = "\n".join(dumps(r) for r in play_logged(5, 12))
    assert first == second
    assert first != other


def test_replay_confirms_a_written_log(tmp_path):
    path = tmp_path / "game.jsonl"
    result = CliRunner().invoke(app, ["run", str(RULES), "--players", "3", "--seed", "5",
                                      "--log", str(path), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert replay_log(path).ok


def test_replay_detects_a_tampered_log(tmp_path):
    path = tmp_path / "game.jsonl"
    CliRunner().invoke(app, ["run", str(RULES), "--players", "3", "--seed", "5", "--log", str(path), "-q"])
    records = [json.loads(line) for line in path.read_text().splitlines()]
    at, draw = next((i, r) for i, r in enumerate(records) if r["t"] == "decision")
    draw["answer"] = {"pantry": sum(draw["answer"].values())}
    path.write_text("\n".join(dumps(r) for r in records) + "\n")
    result = replay_log(path)
    assert not result.ok
    # the replay follows the tampered answer: the first record after it differs, a move to the pantry
    assert result.diverged_at == at + 1 and json.loads(result.expected) == records[at + 1]
    assert json.loads(result.actual)["dst"].endswith(".pantry")
