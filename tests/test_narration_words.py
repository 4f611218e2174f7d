"""Narration reads like a game in every language a game ships (issue 36): one game of each
bundled game at verbosity 1 and 2 in each of its languages (those the table also speaks) has no
identifier, code name or Python value on any line, only names its locale files give."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.cli.table.words import TABLE_LOCALES

from .conftest import ROOT

# What a reader must never see: snake_case names, arrows, list brackets, Python's constants.
IDENTIFIER = re.compile(r"\b[A-Za-z]+_[A-Za-z0-9_]+\b|->|\[|\]|\bNone\b|\bTrue\b|\bFalse\b")
GAMES = {"ratland": 4, "rattus": 4, "ratatopolis": 3}


def languages(game: str) -> list[str]:
    shipped = {p.name for p in (ROOT / "rules" / game / "locales").iterdir() if p.is_dir()}
    return sorted(lang for lang in shipped if (TABLE_LOCALES / lang / "table.ftl").is_file())


def locale_names(game: str, lang: str) -> set[str]:
    """Every identifier-like token the locale files themselves hold: a name a translator wrote
    (say, a card called `Yellow_Rat`) is allowed on the screen."""
    files = [*(ROOT / "rules" / game / "locales" / lang).rglob("*.ftl"), TABLE_LOCALES / lang / "table.ftl"]
    names: set[str] = set()
    for f in files:
        for line in Path(f).read_text("utf-8").splitlines():
            _, eq, text = line.partition("=")
            names.update(IDENTIFIER.findall(text if eq else line))
    return names


CASES = [(game, lang, v) for game in GAMES for lang in languages(game) for v in (1, 2)]


def test_every_game_is_narrated_in_at_least_one_language():
    assert {game for game, _, _ in CASES} == set(GAMES)
    assert ("ratland", "de", 2) in CASES and ("rattus", "de", 1) in CASES


@pytest.mark.parametrize(("game", "lang", "verbosity"), CASES)
def test_narration_holds_no_identifier(game, lang, verbosity, private_cache):
    result = CliRunner().invoke(app, ["run", str(ROOT / "rules" / game), "-p", str(GAMES[game]), "-s", "7",
                                      "--lang", lang, "-v", str(verbosity)])
    assert result.exit_code == 0, result.output[-2000:]
    lines = result.output.splitlines()
    assert len(lines) > 40  # (a game was narrated, not an error)
    allowed = locale_names(game, lang)
    bad = [line for line in lines if set(IDENTIFIER.findall(line)) - allowed]
    assert not bad, "\n".join(bad[:10])


def test_the_check_finds_what_it_looks_for():
    for text in ("P4.field -> P4.lost: 1 rat", "decides helmet_rat: yellow", "[1, 2]", "None", "start False"):
        assert IDENTIFIER.search(text), text
    assert not IDENTIFIER.search("P2 chooses yellow for helmet rat")
