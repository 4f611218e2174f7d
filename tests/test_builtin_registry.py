"""The one registry of built-in functions (ratdsl/semantics/builtins.py): every stage reads its
signatures, purity and meaning from there."""

import dataclasses

import pytest

from ratdsl.language.builtin_names import BUILTIN_FUNCTIONS
from ratdsl.language.parser import parse_text
from ratdsl.semantics.builtins import BUILTINS, Builtin
from ratdsl.session import load_rules
from ratdsl.summaries.static import NotStatic, Refused, StaticEval, Sym


def test_the_registry_lists_the_language_names_as_frozen_records():
    assert tuple(BUILTINS) == BUILTIN_FUNCTIONS
    for name, b in BUILTINS.items():
        assert isinstance(b, Builtin) and b.name == name and callable(b.evaluate)
        assert b.pure == (not b.reads) and b.reads <= {"zones", "piles", "players", "chance", "board"}
        assert b.accepts(b.min_args) and not b.accepts(b.min_args - 1)
        with pytest.raises(dataclasses.FrozenInstanceError):
            b.name = "other"  # type: ignore[misc]
    assert BUILTINS["count"].signature == "count(zones, kinds)" and not BUILTINS["count"].pure
    assert BUILTINS["min"].accepts(5) and BUILTINS["min"].max_args is None
    assert {n for n, b in BUILTINS.items() if "chance" in b.reads} == {"sample", "pick"}


@pytest.fixture(scope="module")
def definition(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reg") / "reg"
    folder.mkdir()
    (folder / "game.rat").write_text('''game reg "Reg" {
  players 2..3
}
tokens coin, gem
zone bank
deck things "Things" {
  fields worth
}
card ace in things "Ace" {
  worth = 1
}
round main
phase main {
  step s {
    say "x"
  }
}
''')
    return load_rules(folder)


def value(definition, text: str):
    expr = parse_text(f"func f() = {text}\n", "<test>").decls[0].value
    return StaticEval(definition, 2).eval(expr)


def test_summaries_evaluate_pure_builtins_by_the_registry(definition):
    assert value(definition, "min(3, 1, 2)") == 1
    assert value(definition, "max([4, 9])") == 9
    assert value(definition, "len([1, 2]) + abs(0 - 3)") == 5
    assert value(definition, "one_of_each([coin, gem])") == {"coin": 1, "gem": 1}
    assert value(definition, "first_n([1, 2, 3], 2)") == [1, 2]
    assert value(definition, "opposite(left)") == Sym("right")
    assert value(definition, "all([true, 1 < 2])") is True
    assert [c.name for c in value(definition, "cards(things)")] == ["ace"]
    for refused in ("min()", "sum([true])", "min([])", "opposite(coin)", "any([1])"):
        with pytest.raises(Refused):
            value(definition, refused)
    for unknown in ("size(bank)", "pick([1, 2])", "count(bank, coin)"):
        with pytest.raises(NotStatic) as err:
            value(definition, unknown)
        assert not isinstance(err.value, Refused)
