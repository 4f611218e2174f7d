"""A balance run's games, kept as they are played (`ratdsl balance --journal FILE`): a run of
hours that is stopped (Ctrl-C, a machine shut down) goes on where it stopped when the same
command runs again, and a larger `-n` plays only the games it lacks. The report is the one an
uninterrupted run writes: each game is the same game whenever it is played (its seed comes from
the master seed and its index), and the kept games are read back exactly (JSON keeps every
float's digits).

The file is JSON Lines (schemas/balance-journal.schema.json): a first line naming the run (each
rule set's fingerprint, modules, options, players, agents, master seed), then a line per game.
It is untrusted input like any file shared between people: a journal of another run is refused
with what differs, never mixed in; every line is checked against the schema and a bad one is
refused with its number; the file's size is capped. Only the last line may be cut short (the
process stopped while writing it): it is dropped and its game played again. The file is locked
while a run appends to it, so two runs never write into one journal at once."""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path
from typing import IO, Any

from ..files import OutputPathError, output_kind
from ..schemas import SchemaError, validate
from .collect import GameStats

MAX_BYTES = 512 * 1024 * 1024  # a journal of 3 x 2 x 100,000 long games stays well below this
HEADER = {"journal": "ratdsl balance", "version": 1}


class JournalError(ValueError):
    """A journal that cannot be used: the message names the file and why."""


class Journal:
    """The games of one balance run kept in one file, by (arm, baseline rules?, game index)."""

    def __init__(self, path: Path | str, run: dict[str, Any]):
        self.named = f"journal {str(path)!r}"
        try:
            kind, self.target = output_kind(path, "journal")
        except OutputPathError as err:
            raise JournalError(str(err)) from None
        if kind != "atomic":
            raise JournalError(f"{self.named} is not a regular file: a journal is read back and added to")
        self.run = run
        self.games: dict[tuple[str, bool, int], GameStats] = {}
        self._file: IO[str] | None = None
        self._read()

    def take(self, arm: str, baseline: bool, index: int) -> GameStats | None:
        """The kept game, or None when it was not played yet."""
        return self.games.get((arm, baseline, index))

    def keep(self, arm: str, baseline: bool, g: GameStats) -> None:
        """Adds a game just played (written at once: a run stopped next keeps it)."""
        line = {"arm": arm, "baseline": baseline, "index": g.index, "seed": g.seed, "rounds": g.rounds,
                "scores": list(g.scores), "winners": list(g.winners),
                "trajectory": [list(row) for row in g.trajectory or ()]}
        validate("balance-journal", line, f"{self.named}: a game")
        assert self._file is not None
        self._file.write(json.dumps(line, separators=(",", ":")) + "\n")
        self._file.flush()
        self.games[(arm, baseline, g.index)] = g

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    # ---------------------------------------------------------------- reading
    def _read(self) -> None:
        """Reads what the file holds, drops a last line cut short, and opens it to add games
        (locked: another run adding to it now is refused)."""
        try:
            handle = open(self.target, "a+", encoding="utf-8", newline="")  # noqa: SIM115 - kept open for the run
        except OSError as err:
            raise JournalError(f"{self.named}: {err.strerror or err}") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise JournalError(f"{self.named} is being added to by another run") from None
        try:
            self._load(handle)
        except BaseException:
            handle.close()
            raise
        self._file = handle

    def _load(self, handle: IO[str]) -> None:
        size = os.fstat(handle.fileno()).st_size
        if size > MAX_BYTES:
            raise JournalError(f"{self.named} holds {size} bytes, more than a journal may ({MAX_BYTES})")
        handle.seek(0)
        try:
            text = handle.read()
        except UnicodeDecodeError:
            raise JournalError(f"{self.named} is not text (UTF-8)") from None
        lines = text.split("\n")
        torn, lines = lines[-1], lines[:-1]  # (a last line with no newline was cut short)
        if not lines:
            if torn:  # (no whole line: not a journal this command wrote, and left as it is)
                raise JournalError(f"{self.named} is not a balance journal (its first line is not whole)")
            handle.write(json.dumps({**HEADER, "run": self.run}, separators=(",", ":")) + "\n")
            handle.flush()
            return
        header = self._line(lines[0], 1)
        if "run" not in header:
            raise JournalError(f"{self.named}: line 1 does not say which run kept it")
        if header["run"] != self.run:
            differ = sorted(k for k in self.run if header["run"].get(k) != self.run[k])
            raise JournalError(f"{self.named} keeps the games of another run (not the same: {', '.join(differ)}): "
                               "give another --journal, or delete this one to start again")
        for number, line in enumerate(lines[1:], 2):
            game = self._line(line, number)
            if "arm" not in game:
                raise JournalError(f"{self.named}: line {number} is a second header")
            trajectory = tuple(tuple(row) for row in game["trajectory"])
            self.games.setdefault((game["arm"], game["baseline"], game["index"]), GameStats(
                game["index"], game["seed"], game["rounds"], game["scores"], game["winners"],
                trajectory=trajectory))
        if torn:  # (only now that the file is known to be this run's journal: the cut line dropped)
            handle.truncate(len(text.encode("utf-8")) - len(torn.encode("utf-8")))
        handle.seek(0, os.SEEK_END)

    def _line(self, line: str, number: int) -> dict[str, Any]:
        try:
            value = json.loads(line)
            validate("balance-journal", value, f"{self.named}: line {number}")
        except (ValueError, RecursionError) as err:
            why = str(err) if isinstance(err, SchemaError) else f"{self.named}: line {number} is not JSON"
            raise JournalError(why if len(why) <= 400 else why[:400] + "...") from None
        return value
