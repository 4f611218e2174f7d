"""The game log: every random outcome, decision and state change, as JSON records.

Records are written as JSON lines with sorted keys and no spaces, so the same seed and the same
choices give a byte-identical file. `schemas/game-log.schema.json` describes one record.
A record made while a `secretly` block is open carries `"secret": true`, so a reader that shows
the game to a player (the narrator) can tell what is hidden without knowing the rules.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from ..bounded import nesting_depth
from ..language.errors import RuleError


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(data: Any) -> str:
    """A short, stable fingerprint of a JSON-able value (used for state checkpoints)."""
    return hashlib.sha256(dumps(data).encode("utf-8")).hexdigest()[:16]


MAX_LOG_RECORDS = 1_000_000  # records a kept or streamed log may hold (LOG_TOO_LONG past them)
LOG_TOO_LONG = "R014"


class LogTooLong(RuleError):
    """A kept or streamed log that passed its limit of records: the game stops (R014)."""

    def __init__(self, limit: int):
        super().__init__("game log", 0, 0, f"the game log passed its limit of {limit:,} records: the rules "
                         "may loop forever", None, LOG_TOO_LONG,
                         "look for a loop that never ends, or play without --log")


class GameLog:
    """Collects records; optionally streams them to a file and to listeners (the CLI narrator).
    A log that keeps or writes its records holds at most `limit` of them (its memory and file
    bounded whatever the rules do), then stops the game with LogTooLong."""

    def __init__(self, keep: bool = True, stream: IO[str] | None = None, limit: int = MAX_LOG_RECORDS):
        self.limit = limit
        self.written = 0  # records kept or streamed
        self.keep = keep
        self.records: list[dict[str, Any]] = []
        self.stream = stream
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self.seq = 0
        self.secret = 0  # how many `secretly` blocks are open (Runtime.open_secret/close_secret)
        self.active = keep or stream is not None  # whether records go anywhere; read on every move
        self.moves = self.active  # whether anyone wants to hear of token moves (see Runtime.watch_moves)

    def listen(self, listener: Callable[[dict[str, Any]], None]) -> None:
        self.listeners.append(listener)
        self.active = self.moves = True

    def emit(self, type_: str, **fields: Any) -> None:
        if not self.active:
            self.seq += 1
            return
        record = {"seq": self.seq, "t": type_, **fields}
        if self.secret:
            record["secret"] = True
        self.relay(record)

    def relay(self, record: dict[str, Any]) -> None:
        """Passes a record on to the log's keepers and listeners: one `emit` made, or one another
        log made (a game played ahead with its log kept, then narrated: `run --engine auto`),
        as if it were emitted here (`emit` makes its `seq`, `t`, fields and `secret` in that order)."""
        self.seq = record["seq"] + 1
        if not self.active:
            return
        if self.keep or self.stream is not None:
            self.written += 1
            if self.written > self.limit and record["t"] != "aborted":
                raise LogTooLong(self.limit)
        if self.keep:
            self.records.append(record)
        if self.stream is not None:
            self.stream.write(dumps(record) + "\n")
        for listener in self.listeners:
            listener(record)

    def abort(self, reason: str, where: str, error: BaseException | None = None) -> None:
        """Ends the log of a game that stopped before its end: `reason` is "error" (the rules
        stopped it: runtime error, step budget), "agent" (a player's agent failed, e.g. input
        ended), "interrupted" (Ctrl-C) or "internal"; `where` the step running. Replay makes
        the same record from the same error, so an aborted log replays byte for byte."""
        self.secret = 0  # (an error inside `secretly` leaves the block open)
        fields: dict[str, Any] = {"reason": reason, "step": where, "code": None, "at": None,
                                  "message": reason if error is None else str(error).split("\n")[0]}
        if isinstance(error, RuleError):
            fields["code"] = error.code
            fields["at"] = f"{error.file}:{error.line}:{error.column}"
            fields["message"] = error.message
        self.emit("aborted", **fields)


# A log is read from a stranger: its lines are bounded. A record is flat but for decision
# answers and snapshots (8 levels in the shipped games); a line is a record, never megabytes.
MAX_RECORD_DEPTH = 64
MAX_LINE_BYTES = 4_000_000


class LogFileError(ValueError):
    """A file that cannot be read as a game log: the message is one line with the line number."""


def read_log(path: str | Path) -> list[dict[str, Any]]:
    """The log's records, every line within the limits above (ValueError when not)."""
    records = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(iter(lambda: f.readline(MAX_LINE_BYTES + 1), ""), 1):
            if len(line) > MAX_LINE_BYTES:
                raise LogFileError(f"line {number} is longer than {MAX_LINE_BYTES:,} characters: not a game log")
            if not line.strip():
                continue
            too_deep = f"line {number} is nested more than {MAX_RECORD_DEPTH} deep: not a game log"
            try:
                record = json.loads(line)
            except RecursionError:  # json's own recursion, on thousands of nested brackets
                raise LogFileError(too_deep) from None
            except json.JSONDecodeError as err:
                raise LogFileError(f"line {number} is not JSON: {err.msg} (column {err.colno})") from None
            if nesting_depth(record, MAX_RECORD_DEPTH) > MAX_RECORD_DEPTH:
                raise LogFileError(too_deep)
            records.append(record)
    return records
