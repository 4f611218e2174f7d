"""The terminal table (`ratdsl play`, issue 21): two humans and two bots play a whole RatLand
game at one terminal (a pseudo-terminal of 80x24, typed at as people would), and no screen shown
while one human is seated holds what the other placed in secret; the forms answer mistakes,
undo and work through a plain pipe."""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
import sys

import pytest

from ratdsl.session import load_rules

from .table_driver import CLEAR, ROOT, plain, play_in_terminal

RATLAND = ROOT / "rules" / "ratland"
HUMANS = ("P1", "P2")


class Typist:
    """Answers every prompt of the table: hands the terminal over, fills forms with random legal
    counts and picks, and once per seat takes a first answer back (u) and types a wrong number."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.undone: set[str] = set()
        self.mistaken: set[str] = set()
        self.who = ""

    def __call__(self, prompt: str, screen: str) -> str:
        if "press Enter" in prompt:
            return ""
        seated = re.findall(r"Your screen \((P\d+)\)", screen)
        who = self.who = seated[-1] if seated else self.who
        found = re.search(r"\[(\d+)-(\d+)\] > $", prompt)
        if found:
            if who not in self.mistaken:
                self.mistaken.add(who)
                return "99"
            return str(self.rng.randint(int(found[1]), int(found[2])))
        if "[y/n]" in prompt:
            return self.rng.choice("yn")
        if "to undo" in prompt and who not in self.undone:
            self.undone.add(who)
            return "u"
        return ""


def seated_frames(received: str) -> list[tuple[str, str]]:
    """Every screen shown while a human sits at the terminal, with that human: the screen is
    cleared before each hand-over and after each answer, so each part between two clears that
    shows a player's own screen was shown to that player alone."""
    out = []
    for frame in received.split(CLEAR):
        text = plain(frame)
        owners = set(re.findall(r"Your screen \((P\d+)\)", text))
        if owners:
            assert len(owners) == 1, f"two players' screens between two clears:\n{text}"
            out.append((owners.pop(), text))
    return out


def leaked_placements(frame: str, other: str, placed: dict[str, int], words) -> list[str]:
    """The parts of `other`'s secret placement that `frame` shows in their row of the table."""
    rows = [line for line in frame.splitlines() if line.startswith(f"  {other}  ")]
    leaks = []
    for row in rows:
        for zone, count in placed.items():
            shown = f"{words.zone(zone)} {words.kind('rat', count)}"
            if re.search(rf"(^|· ){re.escape(shown)}\b", row.split(f"  {other}  ", 1)[1]):
                leaks.append(f"{other} {shown}")
    return leaks


@pytest.fixture(scope="module")
def hot_seat_game(tmp_path_factory):
    log = tmp_path_factory.mktemp("table") / "game.jsonl"
    status, received = play_in_terminal(
        ["play", "rules/ratland", "--human", "1,2", "-p", "4", "-s", "7", "--log", str(log)], Typist(5),
        timeout=90)
    records = [json.loads(line) for line in log.read_text().splitlines()]
    return status, received, records


def test_two_humans_and_two_bots_play_a_whole_game_at_one_terminal(hot_seat_game):
    status, received, records = hot_seat_game
    text = plain(received)
    assert status == 0, text[-2000:]
    assert records[-1]["t"] == "end" and "Final scores" in text
    asked = {r["player"] for r in records if r["t"] == "decision"}
    assert {"P1", "P2", "P3", "P4"} <= asked
    for who in HUMANS:
        assert f"Pass the terminal to {who}." in text
    assert re.search(r"\x1b\[[0-9;]*m", received)  # colour on a terminal
    assert '"99" is not a number from' in text and "Enter to confirm, u to undo > u" in text


def test_no_screen_shown_to_one_human_holds_the_others_secret_placement(hot_seat_game):
    _, received, records = hot_seat_game
    words = _words()
    frames = seated_frames(received)
    assert {who for who, _ in frames} == set(HUMANS)
    checked = 0
    for who, frame in frames:
        other = next(h for h in HUMANS if h != who)
        assert f"Your screen ({other})" not in frame
        assert f"{other} decides where the rats go" not in frame
        round_no = int(re.search(r"Round (\d+) · ", frame)[1])
        # What the other human placed in secret in this round, if they did before this screen.
        secret = [r for r in records if r["t"] == "decision" and r.get("secret") and r["player"] == other
                  and r["id"] == "placement" and _round_of(records, r) == round_no]
        if secret and "where the rats go" in frame and _asked_after(records, who, secret[0]):
            checked += 1
            assert leaked_placements(frame, other, secret[0]["answer"], words) == []
    assert checked >= 3  # each human placed after the other in some round
    # Between the turns (the narration every player may see) no secret answer is told either.
    assert "decides where the rats go" not in plain(received)


def test_the_leak_check_finds_a_placement_in_a_row():
    words = _words()
    frame = "Players:\n  P1  dump 2 rats · hand behind the screen 5 rats\n"
    assert leaked_placements(frame, "P1", {"dump": 2}, words) == ["P1 dump 2 rats"]
    assert leaked_placements(frame, "P1", {"city": 2}, words) == []


def test_every_screen_fits_an_80_by_24_terminal(hot_seat_game):
    _, received, _ = hot_seat_game
    for _, frame in seated_frames(received):
        screen = frame[frame.rindex("\nRound "):].split(" > ")[0]
        rows = sum(max(1, math.ceil(len(line) / 80)) for line in screen.splitlines())
        assert rows <= 24, screen


def test_a_form_through_a_pipe_answers_mistakes_and_undoes(tmp_path):
    log = tmp_path / "g.jsonl"
    # The first question is P1's placement of 7 rats among seven places.
    typed = ["x", "u", "2", "u", "3", "4", "u", "1", "3", ""]
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "play", str(RATLAND), "--human", "1",
                             "-p", "3", "-s", "1", "--log", str(log)], input="\n".join(typed) + "\n",
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 2 and "the input ended" in result.stderr  # the script ends
    assert "\x1b" not in result.stdout  # no colour, no clearing through a pipe
    assert '"x" is not a number from 0 to 7' in result.stdout
    assert "nothing to undo yet" in result.stdout
    first = next(json.loads(line) for line in log.read_text().splitlines() if '"decision"' in line)
    assert (first["player"], first["answer"]) == ("P1", {"dump": 3, "city": 1, "field": 3})


def test_play_refuses_a_seat_outside_the_game():
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "play", str(RATLAND), "--human", "P5"],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip() == "--human P5: seats are 1 to 4 (or P1 to P4)"


def _words():
    from ratdsl.cli.table.words import GameWords

    return GameWords(load_rules(RATLAND), "en")


def _round_of(records: list[dict], record: dict) -> int:
    rounds = [r["round"] for r in records if r["t"] == "round" and r["seq"] < record["seq"]]
    return rounds[-1] if rounds else 0


def _asked_after(records: list[dict], who: str, secret: dict) -> bool:
    """Whether `who` made a placement after `secret` in the same round (was seated after it)."""
    return any(r["t"] == "decision" and r["player"] == who and r["id"] == "placement"
               and r["seq"] > secret["seq"] and _round_of(records, r) == _round_of(records, secret)
               for r in records)


def test_the_table_knows_no_game_and_hides_a_sealed_bid():
    """Another game (tests/programs/bid), without locale files: the rules' own names, and P1's
    secret bid (3 from a purse of 10) is not on P2's screen before the bids are uncovered."""
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "play", str(ROOT / "tests" / "programs" / "bid"),
                             "--human", "1,2", "-p", "2", "-s", "3"], input="\n3\n\n\n1\n\n",
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    screens = result.stdout.split("─" * 40)
    p2 = next(s for s in screens if "Your screen (P2)" in s)
    assert "  P1  purse 10 coin" in p2 and "purse 7" not in p2
    assert "Clock is revealed (table)" in result.stdout
    assert "P1: purse 7 coin" in result.stdout  # uncovered after both bids
