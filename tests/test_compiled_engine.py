"""The generated-code engine plays exactly like the tree-walking reference: the same
seed gives the same log, byte for byte, with and without the optional modules."""

import pytest

from ratdsl.engine.log import GameLog, dumps
from ratdsl.session import load_rules, new_game

from .conftest import RATLAND


def log_of(definition, players, seed, compiled):
    log = GameLog(keep=True)
    new_game(definition, players, seed, log=log, compiled=compiled).play()
    return [dumps(r) for r in log.records]


@pytest.mark.parametrize("modules", [(), ("clans",), ("aggressive",), ("clans", "aggressive")])
def test_compiled_and_tree_walker_write_the_same_log(modules):
    definition = load_rules(RATLAND, modules)
    for seed in range(12):
        players = 2 + seed % 5
        assert log_of(definition, players, seed, True) == log_of(definition, players, seed, False), seed


# plans: the sealed-plans fixture game (tests/games/plans_demo), at every table size it allows
def test_compiled_and_tree_walker_agree_on_sealed_plans():
    from pathlib import Path

    definition = load_rules(Path(__file__).resolve().parent / "games" / "plans_demo")
    for seed in range(9):
        players = 2 + seed % 3
        assert log_of(definition, players, seed, True) == log_of(definition, players, seed, False), seed
