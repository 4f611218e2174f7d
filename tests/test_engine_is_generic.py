"""The engine knows no game: no word of RatLand or Rattus may appear in the code under ratdsl/."""

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "ratdsl"
# `(?<!\.)` lets the rule files' suffix ".rat" through: it is the language's file extension.
GAME_WORDS = re.compile(
    r"(?<!\.)\b(rats?|cheese|pantry|pantries|nursery|clans?|dump|sewers?|foraging|ratland|yellow|"
    r"infirmary|graveyard|aggressive|"
    # Rattus (rules/rattus/): its map, its plague, its class cards
    # ("class card" is left out: Python's `class Card(...)` would match it)
    r"rattus|regions?|plagues?|castles?|peasants?|merchants?|monks?|knights?|witch(es)?|kings?|"
    # Ratatopolis (rules/ratatopolis/): its city, its hunt, its buildings
    r"ratatopolis|hunters?|hunt|cats|pharmacy|metro|hotel|hospital|buildings|"
    # both RatLand and Ratatopolis (an example of a tagged list once named one)
    r"attacks?)\b",
    re.IGNORECASE)


def offending_lines() -> list[str]:
    hits = []
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix not in (".py", ".lark", ".json", ".c") or not path.is_file():
            continue
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if GAME_WORDS.search(line):
                hits.append(f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}")
    return hits


def test_no_game_words_in_the_engine():
    assert offending_lines() == []


def test_the_check_would_catch_a_game_word(tmp_path):
    assert GAME_WORDS.search("move 2 cheese to the pantry")
    assert not GAME_WORDS.search("move 2 tokens to the zone; iterate")
    assert not GAME_WORDS.search('RULE_SUFFIX = ".rat"')
    assert GAME_WORDS.search("a rat in the zone")
    assert GAME_WORDS.search("the plague ravages a region")
    assert GAME_WORDS.search("the Witch swaps two tiles") and GAME_WORDS.search("the King's castle")
    assert not GAME_WORDS.search("a ranking of kinds in the marking")
