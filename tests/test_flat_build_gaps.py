"""Every rule file under rules/ either builds a flat module or fails the build with an
`Unsupported` that says where: a file of that rule set, a line and a column (issue 32: a construct
the compiler cannot compile fails the build with the construct's position). The games that build
today keep building."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.engine.flat.game import FlatModule, flat_module
from ratdsl.engine.flat.gaps import header_gap
from ratdsl.engine.flat.tags import Unsupported
from ratdsl.session import load_rules

RULES = Path(__file__).resolve().parent.parent / "rules"
FOLDERS = sorted(p for p in RULES.iterdir() if (p / "game.rat").is_file())
TARGETS = [*FOLDERS, *sorted(f for g in FOLDERS for f in (g / "variants").glob("*.rat"))]


def smallest_table(d) -> int:
    return d.game.min_players


@pytest.mark.parametrize("target", TARGETS, ids=lambda p: str(p.relative_to(RULES)))
def test_a_flat_build_either_plays_or_says_where_it_stops(target):
    d = load_rules(target)
    module = flat_module(d, smallest_table(d))
    if isinstance(module, FlatModule):
        return
    assert isinstance(module, Unsupported), module
    assert module.node is not None, module
    span = module.node.span
    folder = target if target.is_dir() else target.parent.parent
    assert span.line >= 1 and span.column >= 1, module
    assert Path(span.file).resolve().is_relative_to(folder.resolve()), module
    assert str(module).startswith(f"{span.file}:{span.line}:{span.column}: "), module


def test_ratland_and_its_variants_build_at_every_table_size_they_allow():
    for target in [RULES / "ratland", *sorted((RULES / "ratland" / "variants").glob("*.rat"))]:
        d = load_rules(target)
        assert header_gap(d) is None
        for players in (d.game.min_players, d.game.max_players):
            assert isinstance(flat_module(d, players), FlatModule), (target, players)


def test_a_declaration_level_gap_names_its_declaration(tmp_path):
    """A header's ending is the first thing the flat target meets: its line is the one named."""
    (tmp_path / "game.rat").write_text(
        'game g "G" {\n  players 2..2\n  ends after 3 rounds\n  ends at end of round when secret > 1\n}\n'
        'tokens coin\nzone bank\nhidden var secret = 0\n'
        'setup {\n  step s {\n    create {coin: 1} in bank\n  }\n}\n'
        'round main\nphase main "Main" {\n  step only {\n    set secret = secret + 1\n  }\n}\n', "utf-8")
    d = load_rules(tmp_path)
    gap = flat_module(d, 2)
    assert isinstance(gap, Unsupported) and gap.node.span.line == 4, gap
    assert header_gap(d) is not None
