"""A definition is frozen; what the engine derives from it lives in its CompiledRules, which go
with it."""

import dataclasses
import gc
import weakref

import pytest

from ratdsl.engine.compiled import compiled
from ratdsl.session import load_rules, new_game

from .conftest import RATLAND


@pytest.mark.parametrize("generated", [True, False])
def test_games_leave_the_definition_as_it_was_built(generated):
    definition = load_rules(RATLAND, ("clans",))
    before = dict(vars(definition))
    for seed in range(2):
        new_game(definition, 3, seed, compiled=generated).play()
    assert vars(definition) == before  # nothing hidden on it
    assert set(vars(definition)) == {f.name for f in dataclasses.fields(definition)}
    with pytest.raises(dataclasses.FrozenInstanceError):
        definition.round = []
    rules = compiled(definition)
    assert rules is compiled(definition)
    assert rules.step_plans and (rules.generator is not None) == generated


def test_compiled_rules_go_with_their_definition():
    definition = load_rules(RATLAND, ("clans", "aggressive"))
    new_game(definition, 4, 1).play()
    new_game(definition, 4, 1, compiled=False).play()
    gone = weakref.ref(definition)
    generator = weakref.ref(compiled(definition).generator)  # (its code holds refs, nodes...)
    del definition
    gc.collect()
    assert gone() is None and generator() is None
