"""`flatten`, `unique` and `owner` on the flat target (engine/flat/lists.py) give the reference
engine's games: owners of cards as they pass between shared and players' piles, of zones, and
lists of players, numbers and cards flattened and made unique."""

from __future__ import annotations

import pytest

from ratdsl.session import load_rules

from .flat_agree import plays_the_reference_games
from .scale import cases

CARDS = ["amber", "basalt", "cobalt", "dolomite", "emerald"]
LISTS = (
    'game lists "Lists" {\n  players 2..4\n  ends after 5 rounds\n}\n'
    "tokens cube\nzone supply\nper player zone reserve\n"
    'deck gems "Gems" {\n  fields value\n}\n'
    + "".join(f"card {name} in gems {{\n  value = {i + 1}\n}}\n" for i, name in enumerate(CARDS))
    + "pile table\nper player pile hand\nper player var points = 0\n"
    "func holds(p, c) = owner(c) == p\n"
    "func mine(p) = cards(gems) where holds(p, it)\n"
    'setup {\n  step deal {\n    create cards(gems) in table\n    shuffle table\n'
    '    create {cube: 9} in supply\n  }\n}\n'
    "round main\n"
    'phase main "Main" {\n'
    "  step take {\n    for each p in players {\n"
    "      ask p take: choose c from flatten([cards(gems) where owner(it) != p, mine(p)]) or pass {\n"
    "        if owner(c) == none {\n          place c on top of p.hand\n"
    "        } else {\n          set p.points = p.points + 1\n        }\n      }\n"
    "      set p.points = p.points + len(unique(flatten([[owner(p.reserve)], [p], players])))\n"
    "      set p.points = p.points + len(unique(flatten([mine(p), mine(p), [first(cards(gems))]])))\n"
    "      if owner(supply) == none and len(unique([1, 2, 2, len(mine(p))])) > 2 {\n"
    "        set p.points = p.points + 2\n      }\n    }\n  }\n}\n"
    "scoring p {\n  score = p.points + sum([c.value for c in mine(p)])\n}\n")


@pytest.mark.parametrize("players", [2, 4])
def test_flatten_unique_and_owner_give_the_reference_games(tmp_path, players):
    (tmp_path / "game.rat").write_text(LISTS, "utf-8")
    assert plays_the_reference_games(load_rules(tmp_path), players, range(cases(8, 80))) == (cases(8, 80), [])
