"""A definition is frozen; what the engine derives from it lives in its CompiledRules, which go
with it."""

import dataclasses
import gc
import weakref

import pytest

from ratdsl.engine.compiled import compiled
from ratdsl.session import load_rules, new_game

from .conftest import RATLAND


def test_games_leave_the_definition_as_it_was_built():
    definition = load_rules(RATLAND, ("clans",))
    before = dict(vars(definition))
    for seed in range(2):
        new_game(definition, 3, seed).play()
    assert vars(definition) == before  # nothing hidden on it
    assert set(vars(definition)) == {f.name for f in dataclasses.fields(definition)}
    with pytest.raises(dataclasses.FrozenInstanceError):
        definition.round = []
    rules = compiled(definition)
    assert rules is compiled(definition)
    assert rules.step_plans


def test_compiled_rules_go_with_their_definition():
    definition = load_rules(RATLAND, ("clans", "aggressive"))
    new_game(definition, 4, 1).play()
    gone = weakref.ref(definition)
    [(_where, _step, run), *_] = next(iter(compiled(definition).step_plans.values()))
    runner = weakref.ref(run)  # (a step's runner, which holds its nodes)
    del definition, run
    gc.collect()
    assert gone() is None and runner() is None
