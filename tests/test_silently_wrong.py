"""Inputs that used to be accepted and then quietly did something else (issue 16): each is now a
positioned finding or a usage error."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.checker import check_ruleset
from ratdsl.language.errors import RuleError
from ratdsl.language.loader import load
from ratdsl.semantics.definition import COMMAND_LINE, DefinitionError, allowed_value
from ratdsl.session import RulesInvalid, load_rules

from .conftest import ROOT
from .test_cli_errors import finding, one_line, quick_game, ratdsl

TINY = ROOT / "tests" / "broken" / "tiny"


# ------------------------------------------------------------------ option values
@pytest.mark.parametrize(("value", "values", "ok"), [
    (True, (1, 2), False), (False, (0, 1), False), (1, (True, False), False), (1.0, (1, 2), False),
    (1, (1, 2), True), (True, (True, False), True), ("sorted", ("shuffled", "sorted"), True),
    ("1", (1, 2), False),
])
def test_an_option_value_is_one_of_its_values_by_the_languages_equality(value, values, ok):
    assert allowed_value(value, values) is ok


def test_true_is_not_the_option_value_1():
    with pytest.raises(DefinitionError) as err:
        load_rules(TINY, (), {"start_tokens": "true"})
    assert err.value.span is COMMAND_LINE
    assert err.value.message == "option start_tokens cannot be true; allowed: 1, 2"
    with pytest.raises(DefinitionError):
        load_rules(TINY, (), {"start_tokens": True})  # a scenario's `options:` in YAML


def test_a_yes_no_option_still_takes_true(tmp_path):
    game = quick_game(tmp_path / "q")
    extra = "in {1, 2} = 1\noption fast in {true, false} = false"
    text = (game / "game.rat").read_text().replace("in {1, 2} = 1", extra)
    (game / "game.rat").write_text(text)
    assert load_rules(game, (), {"fast": "true"}).option_values["fast"] is True


def test_the_command_line_refuses_true_for_a_number_option():
    line = one_line(ratdsl("run", TINY, "-o", "start_tokens=true", "-p", "2"), 2)
    assert line.startswith("--option: option start_tokens cannot be true; allowed: 1, 2")


# ------------------------------------------------------------------ variant files
def variant(tmp_path: Path, text: str) -> Path:
    """A variant file inside a copy of tests/broken/tiny."""
    import shutil

    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    path = folder / "variants" / "v.rat"
    path.parent.mkdir()
    path.write_text('variant v "V" extends tiny\n\n' + text, "utf-8")
    return path


@pytest.mark.parametrize(("text", "code", "line", "words"), [
    ("set option start_tokens = 7\nset option start_tokens = 2\n", "E104", 4, "set twice"),
    ("set option start_tokens = 2\nset option start_tokens = 2\n", "E104", 4, "set twice"),
    ('game tiny "Tiny" {\n  players 2..9\n}\n', "E103", 3, "a game header in a variant file"),
    ('module m "M" requires tiny\n', "E103", 3, "a module header"),
    ('variant w "W" extends tiny with extra\n', "E102", 3, "a second variant header"),
])
def test_what_a_variant_would_ignore_is_a_positioned_error(tmp_path, text, code, line, words):
    path = variant(tmp_path, text)
    with pytest.raises(RuleError) as err:
        load(path)
    assert (err.value.code, err.value.file, err.value.line, err.value.column) == (code, str(path), line, 1)
    assert words in err.value.message
    result = ratdsl("check", path)
    assert result.returncode == 1 and f"{path}:{line}:1: {code}" in result.stdout


def test_one_set_option_per_option_still_loads(tmp_path):
    path = variant(tmp_path, "set option start_tokens = 2\n")
    assert load_rules(path).option_values["start_tokens"] == 2


# ------------------------------------------------------------------ persona weights
@pytest.mark.parametrize(("weight", "code"), [
    ("pick([1, 2])", "E237"), ("size(stock)", "E237"), ("round", "E237"), ("start_tokens > 1", "E237"),
    ("9" * 400, "E238"), ("-1", "E238"), ("1000001", "E238"), ("1000 * 1001", "E238"),
])
def test_a_persona_weight_is_a_number_fixed_by_the_rules(tmp_path, weight, code):
    game = quick_game(tmp_path / "q", weight)
    findings = check_ruleset(load(game))
    assert [(d.code, d.line, d.column) for d in findings] == [(code, 40, 14)], findings
    with pytest.raises(RulesInvalid):
        load_rules(game)
    finding(ratdsl("simulate", game, "-n", "2", "--agents", "greedy"), 1, f"{game / 'game.rat'}:40:14", code)


@pytest.mark.parametrize("weight", ["0", "3", "1000000", "start_tokens * 2", "-(-4)", "(7 - start_tokens) % 3"])
def test_fixed_weights_are_accepted(tmp_path, weight):
    assert check_ruleset(load(quick_game(tmp_path / "q", weight))) == []


def test_a_const_weight_is_fixed_if_its_value_is(tmp_path):
    game = quick_game(tmp_path / "q", "w")
    text = (game / "game.rat").read_text()
    (game / "game.rat").write_text(text + "\nconst w = 5\n")
    assert check_ruleset(load(game)) == []
    (game / "game.rat").write_text(text + "\nconst w = pick([1, 2])\n")
    assert [d.code for d in check_ruleset(load(game))] == ["E237"]


def test_a_weight_an_option_makes_too_large_stops_the_simulation_at_its_position(tmp_path):
    game = quick_game(tmp_path / "q", "start_tokens * 1000000")
    assert check_ruleset(load(game)) == []
    ok = ratdsl("simulate", game, "-n", "2", "--agents", "greedy", "-p", "2")
    assert ok.returncode == 0, ok.stderr
    result = ratdsl("simulate", game, "-n", "2", "--agents", "greedy", "-o", "start_tokens=2")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{game / 'game.rat'}:40:14: R001 persona greedy: weight grab.yes is 2000000")
