"""Replays a game log: the same rules, seed and options, with every decision taken from the log,
then compares each record the engine produces with the logged one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .agents.scripted import ScriptedAgent, ScriptExhausted
from .engine.game import Game
from .engine.log import GameLog, dumps, read_log
from .language.errors import RuleError
from .schemas import validate_log_record
from .session import load_rules


@dataclass
class ReplayResult:
    ok: bool
    records: int
    checkpoints: int
    diverged_at: int | None = None
    expected: str | None = None
    actual: str | None = None


def replay_log(path: str | Path) -> ReplayResult:
    logged = read_log(path)
    if not logged or logged[0].get("t") != "game":
        raise ValueError(f"{path} does not start with a game record")
    for record in logged:
        validate_log_record(record)
    header = logged[0]
    rules = Path(header["rules"])
    if not rules.exists() and (Path(path).parent / rules).exists():  # run elsewhere: try beside the log
        rules = Path(path).parent / rules
    definition = load_rules(rules, header["modules"], header["options"])
    answers: dict[str, list[Any]] = {}
    for r in logged:
        if r["t"] == "decision":
            answers.setdefault(r["player"], []).append({"id": r["id"], "answer": r["answer"]})
    agents = [ScriptedAgent(answers.get(f"P{s + 1}", []), label=f"P{s + 1}")
              for s in range(header["players"])]
    log = GameLog(keep=True)
    failure = None
    try:
        Game(definition, header["players"], header["seed"], agents=agents, log=log,
             rules_label=header["rules"]).play()
    except (RuleError, ScriptExhausted) as err:  # the logged decisions no longer fit the game
        failure = str(err).splitlines()[0]
    checkpoints = sum(1 for r in logged if r["t"] == "checkpoint")
    for i, (want, got) in enumerate(zip(logged, log.records)):
        if dumps(want) != dumps(got):
            return ReplayResult(False, len(logged), checkpoints, i, dumps(want), dumps(got))
    if failure is not None:
        i = len(log.records)
        return ReplayResult(False, len(logged), checkpoints, i,
                            dumps(logged[i]) if i < len(logged) else "(end of log)", failure)
    if len(logged) != len(log.records):
        i = min(len(logged), len(log.records))
        return ReplayResult(False, len(logged), checkpoints, i,
                            f"{len(logged)} records", f"{len(log.records)} records")
    return ReplayResult(True, len(logged), checkpoints)
