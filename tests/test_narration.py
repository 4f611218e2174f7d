"""The narration of `ratdsl run` (issue 21): the round header names the active player as
settled, a pass reads as one, no empty label, "1 point", --quiet and --verbosity print what
they promise, colour only on a terminal, and the language of --lang."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from ratdsl.cli.narrate import Narrator
from ratdsl.cli.table.terminal import Terminal
from ratdsl.engine.log import GameLog
from ratdsl.session import load_rules, new_game

from .conftest import RATLAND, ROOT
from .table_driver import play_in_terminal


def ratdsl(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ratdsl.cli.main", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture(scope="module")
def game():
    """A 4-player game (seed 3: the active player passes on, and players pass Helmet Rat)."""
    definition = load_rules(RATLAND)
    log = GameLog(keep=True)
    new_game(definition, 4, 3, log=log).play()
    return definition, log.records


def narrate(definition, records, **kwargs) -> list[str]:
    lines: list[str] = []
    narrator = Narrator(definition, lines.append, **kwargs)
    for record in records:
        narrator(record)
    return lines


def test_the_round_header_names_the_active_player_after_the_card_passes(game):
    definition, records = game
    lines = narrate(definition, records)
    headers = [line for line in lines if line.startswith("=== Round")]
    active = {}
    current = None
    for r in records:
        if r["t"] == "round":
            current = r["round"]
            active[current] = r["active"]
        elif r["t"] == "set" and r["var"] == "active" and current is not None:
            active[current] = r["value"]
    assert headers == [f"=== Round {n} (active player {p}) ===" for n, p in active.items()]
    assert headers[1] == "=== Round 2 (active player P2) ==="
    assert not any(line.strip().startswith("active = ") for line in lines)


def test_a_pass_reads_as_a_pass(game):
    definition, records = game
    assert any(r["t"] == "decision" and r["answer"] is None for r in records)
    lines = narrate(definition, records)
    assert not any(line.endswith(": None") for line in lines)
    assert any(re.fullmatch(r"   P\d passes on helmet_rat", line) for line in lines)


def test_no_line_has_an_empty_label(game):
    definition, records = game
    for line in narrate(definition, records, verbosity=3):
        assert not re.match(r"^\s*\w+ :", line), line
        assert not re.match(r"^\s*pick\b", line), line
    assert "   Something is picked at random." in narrate(definition, records)


@pytest.mark.parametrize("points, text", [(1, "1 point"), (2, "2 points"), (0, "0 points")])
def test_one_point_is_singular(points, text):
    lines = narrate(load_rules(RATLAND), [{"t": "end", "rounds": 3, "scores": {"P1": points},
                                           "tiebreaks": {"P1": []}, "winners": ["P1"]}])
    assert f"   P1: {text}" in lines


def test_quiet_prints_only_round_headers_and_scores():
    result = ratdsl("run", str(RATLAND), "-s", "3", "--quiet")
    assert result.returncode == 0
    for line in result.stdout.splitlines():
        assert re.fullmatch(r"=== Round \d+ \(active player P\d\) ===|=== Final scores after \d+ rounds ===|"
                            r"   P\d: -?\d+ points?( \(tie-break: .*\))?|Winner: P\d|Shared victory: .*", line), line
    assert ratdsl("run", str(RATLAND), "-s", "3", "--verbosity", "0").stdout == result.stdout


def test_each_verbosity_adds_what_it_says(game):
    definition, records = game
    by_level = [narrate(definition, records, verbosity=v) for v in range(4)]
    text = ["\n".join(lines) for lines in by_level]
    assert all(len(a) < len(b) for a, b in zip(by_level, by_level[1:]))
    assert "revealed" not in text[0] and "revealed" in text[1]  # 1: what the players learn
    assert "uncover" not in text[1] and "revealed placements:" in text[1]
    assert "drawn at random" not in text[1] and "drawn at random" in text[2]  # 2: moves, draws
    assert "setup:" not in text[1] and "setup:" in text[2]
    setup_move = re.compile(r"^     pile -> P1\.pantry: 7 rat$", re.M)  # 3: the setup's moves
    assert not setup_move.search(text[2]) and setup_move.search(text[3])
    assert narrate(definition, records) == by_level[2]  # the default


def test_colour_on_a_terminal_none_in_a_pipe():
    shown = io.StringIO()
    Terminal(out=shown, force_terminal=True).write("=== Round 1 ===", "header")
    assert "\x1b[1m" in shown.getvalue()
    piped = io.StringIO()
    Terminal(out=piped).write("=== Round 1 ===", "header")
    assert piped.getvalue() == "=== Round 1 ===\n"
    assert "\x1b" not in ratdsl("run", str(RATLAND), "-s", "3").stdout
    status, received = play_in_terminal(["run", "rules/ratland", "-s", "3", "-q"], lambda prompt, screen: "")
    assert status == 0 and re.search(r"\x1b\[1m=== Round 1 \(active player P1\) ===", received)


def test_the_narration_speaks_the_language_of_lang():
    result = ratdsl("run", str(RATLAND), "-s", "3", "-v", "1", "--lang", "de")
    assert result.returncode == 0, result.stderr
    assert "=== Runde 2 (Startspieler P2) ===" in result.stdout
    assert "-- Ereignis" in result.stdout and "Wir haben’s geschafft! wird aufgedeckt" in result.stdout
    assert "Sieger: P" in result.stdout or "Geteilter Sieg" in result.stdout
    # A kind whose short name has no plural in the locale file is counted with its noun.
    assert re.search(r"\b[2-9] Ratten\b", result.stdout) and not re.search(r"\b[2-9] Ratte\b", result.stdout)
    french = ratdsl("run", str(RATLAND), "-s", "3", "-q", "--lang", "fr").stdout
    assert "=== Manche 1 (premier joueur P1) ===" in french


def test_moves_name_their_rule_and_variables_in_the_language_of_lang(game):
    """Under --lang, a move's rule is its localized title, never the rule's identifier."""
    from ratdsl.cli.table.words import GameWords

    definition, records = game
    german = "\n".join(narrate(definition, records, words=GameWords(definition, "de"), verbosity=2))
    by = {r["by"] for r in records if r["t"] == "move" and r.get("by")}
    assert {"fill_bag", "found"} <= by
    assert "Den Beutel füllen: " in german and "Was jedes Stück bewirkt: " in german
    assert not any(f"({name})" in german for name in by)
    english = "\n".join(narrate(definition, records, verbosity=2))  # no --lang: the rules' own names
    assert "(fill_bag)" in english


def test_an_unknown_language_is_a_usage_error():
    result = ratdsl("run", str(RATLAND), "--lang", "xx")
    assert result.returncode == 2
    assert result.stderr.strip() == "--lang xx: use one of en, de, es, fr, ru"


def test_the_end_names_the_step_by_its_title(game):
    definition, records = game
    assert records[-2]["t"] == "end_game" and records[-2]["at"] == "event.reveal"
    assert ("The game ends in round 8, at Event: Reveal the next event and food cards; only finished "
            "rounds count.") in narrate(definition, records)
