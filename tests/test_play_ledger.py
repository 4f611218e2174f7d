"""What happened to the player at `play`'s default verbosity (issue 36): a human plays RatLand in
a pseudo-terminal, and every change to their own pantry that the referee's log holds is told to
them, with its reason (the rule that moved the tokens, else the step), in the part of the game
where it happened. Also the ledger's own rules, on records written by hand."""

from __future__ import annotations

import json
import random
import re

from ratdsl.cli.ledger import Ledger, Namer
from ratdsl.cli.narrate import Narrator
from ratdsl.cli.table.words import GameWords, phrases
from ratdsl.session import load_rules

from .table_driver import ROOT, plain, play_in_terminal

RATLAND = ROOT / "rules" / "ratland"
ME = "P1"
PANTRY = f"{ME}.pantry"


def typist(seed: int):
    rng = random.Random(seed)

    def answer(prompt: str, screen: str) -> str:
        found = re.search(r"\[(\d+)-(\d+)\] > $", prompt)
        if found:
            return str(rng.randint(int(found[1]), int(found[2])))
        if "[y/n]" in prompt:
            return rng.choice("yn")
        return ""  # (Enter: confirm)

    return answer


def batches(records: list[dict]) -> list[tuple[int, list[dict]]]:
    """The moves of the game in the parts the narrator tells at once: a phase, cut where the
    human is asked; each with the round it belongs to (0: the setup)."""
    out: list[tuple[int, list[dict]]] = [(0, [])]
    game_round = 0
    for r in records:
        if r["t"] == "round":
            game_round = r["round"]
        if r["t"] in ("phase", "round") or r["t"] == "decision" and r["player"] == ME:
            out.append((game_round, []))
        if r["t"] == "move":
            out[-1][1].append(r)
    return out


def pantry_told(moves: list[dict], narrator: Narrator) -> tuple[bool, set[str]]:
    """Whether the pantry changed in these moves, and why each move touching it happened."""
    net: dict[str, int] = {}
    reasons = set()
    for m in moves:
        for zone, sign in ((m["src"], -1), (m["dst"], 1)):
            if zone == PANTRY:
                for kind, n in m["what"].items():
                    net[kind] = net.get(kind, 0) + sign * n
                narrator.step = m["at"]
                reasons.add(narrator.reason(m.get("by")))
    return any(net.values()), reasons


def rounds_on_screen(text: str) -> dict[int, str]:
    """The screen's text of each round (0: before the first), the final scores cut off."""
    text = text.split("=== Final scores")[0]
    parts = re.split(r"^=== Round (\d+) \(.*$", text, flags=re.M)
    out = {0: parts[0]}
    for number, body in zip(parts[1::2], parts[2::2]):
        out[int(number)] = body
    return out


def test_the_human_sees_each_change_to_their_pantry_with_its_reason(tmp_path):
    log = tmp_path / "game.jsonl"
    status, received = play_in_terminal(["play", "rules/ratland", "--human", "1", "-p", "3", "-s", "11",
                                         "--log", str(log)], typist(3), timeout=120)
    assert status == 0, plain(received)[-2000:]
    records = [json.loads(line) for line in log.read_text().splitlines()]
    screen = rounds_on_screen(plain(received))
    definition = load_rules(RATLAND)
    narrator = Narrator(definition, print, words=GameWords(definition, "en"))
    checked = 0
    for game_round, moves in batches(records):
        changed, reasons = pantry_told(moves, narrator)
        if not changed:
            continue
        told = [line for line in screen[game_round].splitlines() if line.startswith("   Your ") and "pantry" in line]
        for reason in reasons:
            assert any(reason in line for line in told), (game_round, reason, told)
        checked += 1
    assert checked >= 8  # (the pantry changed for many reasons in the game: attacks, food, feeding...)


def namer() -> Namer:
    def kind(name: str, n: int) -> str:
        return f"{n} {name}"
    return Namer(phrases("en"), lambda z: z, kind, lambda v: v, str)


def test_a_zone_tokens_only_passed_through_is_not_told_and_the_origin_is():
    ledger = Ledger(ME, namer())
    ledger.move("bag", "P1.drawn", {"gold": 2}, "Drawing")
    ledger.move("P1.drawn", "P1.purse", {"gold": 2}, "Keeping")
    ledger.move("P2.purse", "bank", {"gold": 1}, "Paying")
    lines = ledger.lines()
    assert lines == [("Your purse: +2 gold from bag — Keeping", True), ("P2: purse −1 gold", False)]
    assert ledger.lines() == []  # (told once)


def test_a_secret_block_is_told_from_what_it_uncovers():
    ledger = Ledger(ME, namer())
    ledger.move("supply", "P1.hand", {"coin": 5}, "Setup")
    ledger.lines()
    ledger.uncover({"P1.hand": {"coin": 2}, "P1.bid": {"coin": 3}}, "Bidding")
    mine = [text for text, own in ledger.lines() if own]
    assert "Your hand: −3 coin — Bidding" in mine and "Your bid: +3 coin — Bidding" in mine


def test_a_move_between_two_of_the_players_zones_is_told_once_and_variables_that_changed():
    ledger = Ledger(ME, namer())
    ledger.set("P1.score", 2)
    ledger.lines()
    ledger.move("P1.field", "P1.graveyard", {"pawn": 1}, "Starving")
    ledger.set("P1.score", 5)
    ledger.set("P2.score", 1)
    assert ledger.lines() == [("Your field: −1 pawn to graveyard — Starving", True),
                              ("Your score: 2 → 5", True), ("P2: score 1", False)]
