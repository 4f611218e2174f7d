"""The example house rules: each passes the checker, plays, and has a scenario that holds with the
variant and fails on the game it extends (so the scenario really proves the change)."""

import pytest

from ratdsl.checker import check_ruleset
from ratdsl.language.loader import LoadError, load
from ratdsl.scenarios import collect_scenarios, run_scenario
from ratdsl.session import load_rules, new_game

from .conftest import RATLAND, ROOT

VARIANTS = sorted((ROOT / "rules").glob("*/variants/*.rat"))  # the house rules of every game
VARIANT_SCENARIOS = collect_scenarios(sorted((ROOT / "rules").glob("*/variants")))


def test_there_are_at_least_three_example_variants():
    assert len([v for v in VARIANTS if v.parent.parent == RATLAND]) >= 3
    assert {v.parent.parent.name for v in VARIANTS} >= {"ratland", "rattus", "ratatopolis"}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda p: p.stem)
def test_variant_checks_clean_and_plays(variant):
    assert check_ruleset(load(variant)) == []
    result = new_game(load_rules(variant), 3, 1).play()
    assert 5 <= result.rounds <= 9 if variant.parent.parent == RATLAND else result.rounds >= 1


@pytest.mark.parametrize("scenario", VARIANT_SCENARIOS, ids=lambda p: p.stem)
def test_variant_scenario_fails_without_the_variant(scenario):
    assert run_scenario(scenario).ok
    assert not run_scenario(scenario, without_variant=True).ok


def test_every_variant_has_a_scenario():
    texts = [p.read_text() for p in VARIANT_SCENARIOS]
    for variant in VARIANTS:
        assert any(f"../{variant.name}" in t for t in texts), variant.name


def test_replacing_something_missing_says_did_you_mean(tmp_path):
    bad = tmp_path / "ratland" / "variants" / "typo.rat"
    bad.parent.mkdir(parents=True)
    for f in RATLAND.glob("*.rat"):
        (tmp_path / "ratland" / f.name).write_text(f.read_text())
    bad.write_text('variant typo "Typo" extends ratland\nremove card holy_rta\n')
    with pytest.raises(LoadError) as err:
        load(bad)
    assert "no card 'holy_rta'" in err.value.message and "holy_rat" in err.value.hint


def test_unknown_module_says_which_exist():
    with pytest.raises(LoadError) as err:
        load(RATLAND, ("clan",))
    assert "clans" in err.value.hint


def test_a_broken_variant_beside_does_not_stop_another(tmp_path):
    game = tmp_path / "ratland"
    (game / "variants").mkdir(parents=True)
    for f in RATLAND.glob("*.rat"):
        (game / f.name).write_text(f.read_text())
    (game / "variants" / "a_broken.rat").write_text('variant a_broken "A" extends ratland\nset option {\n')
    good = game / "variants" / "b_good.rat"
    good.write_text('variant b_good "B" extends ratland\nset option rat_pile = 116\n')
    assert load(good).option_overrides["rat_pile"][0] == 116
