"""`ratdsl balance --journal FILE` (simulation/journal.py): a stopped run goes on where it stopped,
a larger -n plays only the new games, and either way the report is the one an uninterrupted run
writes. A journal is untrusted input: one of another run, a line that is not a game, a file that
is not a regular file, or one another run is adding to, is refused with one line."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.session import load_rules
from ratdsl.simulation.balance import balance
from ratdsl.simulation.fingerprint import rules_fingerprint
from ratdsl.simulation.journal import Journal, JournalError
from ratdsl.simulation.runner import ProcessBackend

from .test_balance import greed, spec  # noqa: F401 - the fixture and the spec of test_balance

GAMES = 6


class Counting:
    """A backend that counts the games it plays, and stops the run (Ctrl-C) after `stop_after`."""

    def __init__(self, stop_after: int | None = None):
        self.inner, self.played, self.stop_after = ProcessBackend(1), 0, stop_after

    def play(self, sim, games, master_seed, start=0):
        for g in self.inner.play(sim, games, master_seed, start):
            if self.stop_after is not None and self.played >= self.stop_after:
                raise KeyboardInterrupt
            self.played += 1
            yield g


def run_key(greed, seed: int = 1, strong: str = "mcts:4") -> dict:  # noqa: F811
    base, variant = greed
    return {"variant": rules_fingerprint(load_rules(variant)), "baseline": rules_fingerprint(load_rules(base)),
            "modules": [], "baseline_modules": [], "options": [], "players": 2, "strong": strong,
            "weak": "random", "seed": seed}


def dumped(report: dict) -> str:
    return json.dumps(report, sort_keys=True)


def test_a_stopped_run_goes_on_where_it_stopped_and_reports_as_an_uninterrupted_one(greed, tmp_path):  # noqa: F811
    whole = balance(spec(greed, "mcts:4"), GAMES, 1)
    path = tmp_path / "run.jsonl"
    stopping = Counting(stop_after=14)
    with Journal(path, run_key(greed)) as journal:
        partial = balance(spec(greed, "mcts:4"), GAMES, 1, stopping, journal=journal)
    assert partial["stopped_early"] and len(path.read_text().splitlines()) == 1 + 14
    going_on = Counting()
    with Journal(path, run_key(greed)) as journal:
        report = balance(spec(greed, "mcts:4"), GAMES, 1, going_on, journal=journal)
    assert going_on.played == 6 * GAMES - 14
    assert dumped(report) == dumped(whole)
    again = Counting()
    with Journal(path, run_key(greed)) as journal:
        assert dumped(balance(spec(greed, "mcts:4"), GAMES, 1, again, journal=journal)) == dumped(whole)
    assert again.played == 0


def test_a_larger_n_plays_only_the_new_games(greed, tmp_path):  # noqa: F811
    path = tmp_path / "run.jsonl"
    with Journal(path, run_key(greed)) as journal:
        balance(spec(greed, "mcts:4"), 4, 1, Counting(), journal=journal)
    more = Counting()
    with Journal(path, run_key(greed)) as journal:
        report = balance(spec(greed, "mcts:4"), GAMES, 1, more, journal=journal)
    assert more.played == 6 * (GAMES - 4)
    assert dumped(report) == dumped(balance(spec(greed, "mcts:4"), GAMES, 1))


def test_a_journal_of_another_run_is_refused_with_what_differs(greed, tmp_path):  # noqa: F811
    path = tmp_path / "run.jsonl"
    Journal(path, run_key(greed)).close()
    with pytest.raises(JournalError, match=r"another run \(not the same: seed, strong\)"):
        Journal(path, run_key(greed, seed=2, strong="mcts:8"))


def test_a_last_line_cut_short_is_dropped_and_its_game_played_again(greed, tmp_path):  # noqa: F811
    path = tmp_path / "run.jsonl"
    with Journal(path, run_key(greed)) as journal:
        balance(spec(greed, "mcts:4"), 2, 1, Counting(), journal=journal)
    text = path.read_text()
    path.write_bytes(text[:-20].replace("\n", "\r\n", 1).encode())  # (cut short; a line end as Windows writes it)
    text = text.replace("\n", "\r\n", 1)
    with Journal(path, run_key(greed)) as journal:
        assert len(journal.games) == 6 * 2 - 1
        assert path.read_bytes().decode() == text[:text.rindex("\n", 0, len(text) - 1) + 1]
        again = Counting()
        balance(spec(greed, "mcts:4"), 2, 1, again, journal=journal)
    assert again.played == 1 and path.read_bytes().decode() == text


@pytest.mark.parametrize(("change", "words"), [
    (lambda g: {**g, "rounds": -1}, "line 3 does not match the balance-journal schema at rounds"),
    (lambda g: {**g, "trajectory": "lots"}, "line 3 does not match"),
    (lambda g: {**g, "extra": 1}, "line 3 does not match"),
    (lambda g: {"journal": "ratdsl balance", "version": 1, "run": {}}, "line 3 does not match"),
])
def test_a_line_that_is_not_a_game_is_refused_with_its_number(greed, tmp_path, change, words):  # noqa: F811
    path = tmp_path / "run.jsonl"
    with Journal(path, run_key(greed)) as journal:
        balance(spec(greed, "mcts:4"), 2, 1, Counting(), journal=journal)
    lines = path.read_text().splitlines()
    lines[2] = json.dumps(change(json.loads(lines[2])))
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(JournalError, match=words):
        Journal(path, run_key(greed))


@pytest.mark.parametrize("text", ["notes without a newline", "some notes\nmore notes", '{"a": 1}\ntail'])
def test_a_file_that_is_not_a_journal_is_refused_and_left_as_it_is(greed, tmp_path, text):  # noqa: F811
    path = tmp_path / "notes.txt"
    path.write_text(text)
    with pytest.raises(JournalError):
        Journal(path, run_key(greed))
    assert path.read_text() == text


def test_a_game_whose_seed_is_not_the_runs_is_refused(greed, tmp_path):  # noqa: F811
    path = tmp_path / "run.jsonl"
    with Journal(path, run_key(greed)) as journal:
        balance(spec(greed, "mcts:4"), 2, 1, Counting(), journal=journal)
    lines = path.read_text().splitlines()
    lines[1] = json.dumps({**json.loads(lines[1]), "seed": 12345})
    path.write_text("\n".join(lines) + "\n")
    with Journal(path, run_key(greed)) as journal, pytest.raises(JournalError, match="has seed 12345"):
        balance(spec(greed, "mcts:4"), 2, 1, Counting(), journal=journal)


def test_what_is_not_a_regular_file_or_is_in_use_is_refused(greed, tmp_path):  # noqa: F811
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, words in ((os.devnull, "not a regular file"), (fifo, "not a regular file"),
                        (tmp_path, "is a folder")):
        with pytest.raises(JournalError, match=words):
            Journal(path, run_key(greed))
    assert os.path.exists(os.devnull) and not os.path.isfile(os.devnull)
    with Journal(tmp_path / "run.jsonl", run_key(greed)), \
            pytest.raises(JournalError, match="being added to by another run"):
        Journal(tmp_path / "run.jsonl", run_key(greed))


def test_the_command_goes_on_with_its_journal(greed, tmp_path):  # noqa: F811
    base, variant = greed
    journal, fresh, resumed = tmp_path / "run.jsonl", tmp_path / "fresh.json", tmp_path / "resumed.json"
    common = ["balance", variant, "--baseline", base, "-p", "2", "--strong", "mcts:4", "-w", "1"]
    runner = CliRunner()
    first = runner.invoke(app, [*common, "-n", "3", "--journal", str(journal)])
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, [*common, "-n", "5", "--journal", str(journal), "--out", str(resumed)])
    assert second.exit_code == 0, second.output
    assert runner.invoke(app, [*common, "-n", "5", "--out", str(fresh)]).exit_code == 0
    assert json.loads(resumed.read_text()) == json.loads(fresh.read_text())
    assert len(journal.read_text().splitlines()) == 1 + 6 * 5
    other = runner.invoke(app, [*common, "-n", "5", "-s", "9", "--journal", str(journal)])
    assert other.exit_code == 2 and "another run (not the same: seed)" in other.stderr
    assert "Traceback" not in other.stderr
