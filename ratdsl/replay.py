"""Replays a game log: the same rules, seed and options, with every decision taken from the log,
then compares each record the engine produces with the logged one.

A log that ends with an `aborted` record is replayed too: a game the rules stopped (reason
"error") must stop with the same error, the same `aborted` record; a game stopped from outside
(Ctrl-C, a player's input that ended, an engine bug) must agree up to where it stopped."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .agents.scripted import ScriptedAgent, ScriptExhausted
from .engine.game import Game
from .engine.log import GameLog, dumps, read_log
from .language.errors import RuleError
from .language.loader import logged_rules
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
    aborted: str | None = None  # the reason of the log's `aborted` record, if it has one


def replay_log(path: str | Path, rules: str | Path | None = None) -> ReplayResult:
    """Replays the log at `path` with the rules its header names (inside the current folder or
    the log's: loader.logged_rules), or with `rules` given on the command line."""
    logged = read_log(path)
    if not logged or not isinstance(logged[0], dict) or logged[0].get("t") != "game":
        raise ValueError(f"{path} does not start with a game record")
    if "as_player" in logged[0]:  # (run --as-player: what one player saw, without the seed)
        raise ValueError(f"this is {logged[0]['as_player']}'s log (run --as-player), without the seed "
                         "and the hidden records: only a whole log can be replayed")
    for record in logged:
        validate_log_record(record)
    header = logged[0]
    rules = Path(rules) if rules is not None else logged_rules(Path(path), header["rules"])
    definition = load_rules(rules, header["modules"], header["options"])
    answers: dict[str, list[Any]] = {}
    for r in logged:
        if r["t"] == "decision":
            answers.setdefault(r["player"], []).append({"id": r["id"], "answer": r["answer"]})
    agents = [ScriptedAgent(answers.get(f"P{s + 1}", []), label=f"P{s + 1}")
              for s in range(header["players"])]
    log = GameLog(keep=True)
    failure = None
    game = Game(definition, header["players"], header["seed"], agents=agents, log=log,
                rules_label=header["rules"])
    try:
        game.play()
    except RuleError as err:  # the rules stop the game (as logged, if the log ends aborted)
        failure = str(err).splitlines()[0]
        log.abort("error", game.runtime.where, err)
    except ScriptExhausted as err:  # the logged decisions no longer fit the game
        failure = str(err).splitlines()[0]
    return _compare(logged, log.records, failure)


def _compare(logged: list[dict[str, Any]], replayed: list[dict[str, Any]],
             failure: str | None) -> ReplayResult:
    """The first record where the replay differs from the log, if any."""
    checkpoints = sum(1 for r in logged if r["t"] == "checkpoint")
    aborted = logged[-1]["reason"] if logged[-1]["t"] == "aborted" else None
    if aborted is not None and aborted != "error":  # stopped from outside: agree up to there
        logged = logged[:-1]
        replayed = replayed[:len(logged)]
        failure = None
    for i, (want, got) in enumerate(zip(logged, replayed)):
        if dumps(want) != dumps(got):
            return ReplayResult(False, len(logged), checkpoints, i, dumps(want), dumps(got))
    if failure is not None and (aborted is None or len(replayed) < len(logged)):
        i = len(replayed)
        return ReplayResult(False, len(logged), checkpoints, i,
                            dumps(logged[i]) if i < len(logged) else "(end of log)", failure)
    if len(logged) != len(replayed):
        i = min(len(logged), len(replayed))
        return ReplayResult(False, len(logged), checkpoints, i,
                            f"{len(logged)} records", f"{len(replayed)} records")
    return ReplayResult(True, len(logged) + (aborted not in (None, "error")), checkpoints, aborted=aborted)
