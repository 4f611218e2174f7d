"""A variable whose first value is an empty list takes its items' kind on the flat target from the
typed form (engine/flat/typed.py reads semantics/inference.py): its games are the reference's; a
variable set to lists of several kinds of item is refused at its declaration."""

from __future__ import annotations

import pytest

from ratdsl.engine.flat.game import flat_module
from ratdsl.engine.flat.tags import Unsupported
from ratdsl.session import load_rules

from .flat_agree import plays_the_reference_games
from .scale import cases

GAME = (
    'game empties "Empties" {\n  players 2..4\n  ends after 4 rounds\n}\n'
    "tokens cube\nzone supply\nper player zone reserve\n"
    "var picked = []\nper player var kept = []\nper player var points = 0\n"
    'setup {\n  step fill {\n    create {cube: 30} in supply\n  }\n}\n'
    "round main\n"
    'phase main "Main" {\n'
    "  step take {\n    for each p in players {\n"
    "      ask p take: choose n from [1, 2, 3] or pass {\n"
    "        move n cube from supply to p.reserve\n"
    "        set picked = picked + [n]\n"
    "        set p.kept = p.kept + [p.reserve]\n"
    "      }\n"
    "      set p.points = p.points + len(p.kept) + sum(picked)\n"
    "    }\n  }\n}\n"
    "scoring p {\n  score = p.points + count(p.reserve, cube)\n}\n")


@pytest.mark.parametrize("players", [2, 3])
def test_empty_lists_take_their_kind_from_what_the_rules_set(tmp_path, players):
    (tmp_path / "game.rat").write_text(GAME, "utf-8")
    assert plays_the_reference_games(load_rules(tmp_path), players, range(cases(8, 80))) == (cases(8, 80), [])


def test_a_variable_of_lists_of_several_kinds_is_refused_at_its_declaration(tmp_path):
    mixed = GAME.replace("set picked = picked + [n]", "set picked = picked + [n, p]")
    (tmp_path / "game.rat").write_text(mixed, "utf-8")
    refused = flat_module(load_rules(tmp_path), 2)
    assert isinstance(refused, Unsupported)
    assert str(refused).startswith(f"{tmp_path / 'game.rat'}:8:1: ")  # (var picked)
    assert "lists of more than one kind of item" in str(refused)
