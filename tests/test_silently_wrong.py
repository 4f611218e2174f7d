"""Inputs that used to be accepted and then quietly did something else (issue 16): each is now a
positioned finding or a usage error."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.checker import check_ruleset
from ratdsl.language.errors import RuleError
from ratdsl.language.loader import load
from ratdsl.semantics.definition import COMMAND_LINE, DefinitionError
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
    from ratdsl.semantics.definition import allowed_value

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


@pytest.mark.parametrize(("text", "words"), [
    ("set option start_tokens = 2\n", "`set option` in a game folder file would be ignored"),
    ("remove phase main\n", "`remove` in a game folder file"),
    ('replace const a = 2\n', "`replace` in a game folder file"),
    ('module m "M" requires tiny\n', "a module header in a game folder file"),
])
def test_what_a_game_folder_file_would_ignore_is_a_positioned_error(tmp_path, text, words):
    import shutil

    folder = shutil.copytree(TINY, tmp_path / "tiny")
    (folder / "zz.rat").write_text("const a = 1\n" + text)
    with pytest.raises(RuleError) as err:
        load(folder)
    assert (err.value.code, err.value.file, err.value.line, err.value.column) == ("E106", str(folder / "zz.rat"), 2, 1)
    assert words in err.value.message


def test_a_variant_file_in_the_game_folder_is_a_variant_not_part_of_the_game(tmp_path):
    import shutil

    folder = shutil.copytree(TINY, tmp_path / "tiny")
    (folder / "more.rat").write_text('variant more "More" extends tiny\n\nset option start_tokens = 2\n'
                                     "const extra = 1\n")
    assert load_rules(folder).option_values["start_tokens"] == 1
    assert "extra" not in load_rules(folder).consts
    assert load(folder).files == [folder / "game.rat"]
    variant_rules = load_rules(folder / "more.rat")
    assert variant_rules.option_values["start_tokens"] == 2 and "extra" in variant_rules.consts


@pytest.mark.parametrize(("text", "words"), [
    ("set option start_tokens = 2\n", "`set option` in a module would be ignored"),
    ('game tiny "Tiny" {\n  players 2..3\n}\n', "a game header in a module"),
    ('variant v "V" extends tiny\n', "a variant header in a module"),
])
def test_what_a_module_would_ignore_is_a_positioned_error(tmp_path, text, words):
    import shutil

    folder = shutil.copytree(TINY, tmp_path / "tiny")
    (folder / "modules").mkdir()
    (folder / "modules" / "m.rat").write_text('module m "M" requires tiny\n' + text)
    with pytest.raises(RuleError) as err:
        load(folder, ["m"])
    assert (err.value.code, err.value.line) == ("E106", 2) and words in err.value.message


def test_one_set_option_per_option_still_loads(tmp_path):
    path = variant(tmp_path, "set option start_tokens = 2\n")
    assert load_rules(path).option_values["start_tokens"] == 2


# ------------------------------------------------------------------ persona weights
@pytest.mark.parametrize(("weight", "code"), [
    ("pick([1, 2])", "E237"), ("size(stock)", "E237"), ("round", "E237"), ("start_tokens > 1", "E237"),
    ("9" * 18, "E238"), ("-1", "E238"), ("1000001", "E238"), ("1000 * 1001", "E238"),
])
def test_a_persona_weight_is_a_number_fixed_by_the_rules(tmp_path, weight, code):
    game = quick_game(tmp_path / "q", weight)
    findings = check_ruleset(load(game))
    assert [(d.code, d.line, d.column) for d in findings] == [(code, 40, 14)], findings
    with pytest.raises(RulesInvalid):
        load_rules(game)
    finding(ratdsl("simulate", game, "-n", "2", "--agents", "greedy"), 1, f"{game / 'game.rat'}:40:14", code)


def test_a_weight_of_400_digits_is_refused_before_simulate_plays(tmp_path):
    """The issue's case (an OverflowError traceback once): now the parser's E013 (no number of 19
    digits or more), positioned, exit 1."""
    game = quick_game(tmp_path / "q", "9" * 400)
    finding(ratdsl("simulate", game, "-n", "2", "--agents", "greedy"), 1, f"{game / 'game.rat'}:40:14", "E013")


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


# ------------------------------------------------------------------ Rich markup in the simulate table
def test_titles_from_the_rules_print_literally_in_the_simulate_table(tmp_path):
    game = quick_game(tmp_path / "q")
    text = (game / "game.rat").read_text().replace('"Tokens taken"', '"[bold red]x[/] :smile: [link=http://e.vil]y"')
    (game / "game.rat").write_text(text.replace('game quick "Quick"', 'game quick "[blink]Quick"'))
    result = ratdsl("simulate", game, "-n", "3", "-p", "2", env={"COLUMNS": "300"})
    assert result.returncode == 0, result.stderr
    assert "[bold red]x[/] :smile: [link=http://e.vil]y" in result.stdout
    assert "Simulation of [blink]Quick" in result.stdout


# ------------------------------------------------------------------ where a scenario's or a log's rules may be
def scenario_in(game: Path, rules: str) -> Path:
    path = game / "scenarios" / "s.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(f"name: s\nrules: {rules!r}\nplayers: 2\nfallback: random\nrun: {{rounds: 1}}\nexpect: {{}}\n")
    return path


@pytest.mark.parametrize("rules", ["..", "../variants/v.rat", "../variants"])
def test_a_scenario_names_rules_inside_its_game_folder(tmp_path, rules):
    game = quick_game(tmp_path / "q", **{"variants/v.rat": 'variant v "V" extends quick\n'})
    result = ratdsl("test", scenario_in(game, rules))
    assert result.returncode == (0 if rules != "../variants" else 1), result.stdout
    if rules == "../variants":
        assert "no rule files" in result.stdout or "no game header" in result.stdout


@pytest.mark.parametrize("rules", ["../..", "../../other", "OTHER", "/etc", "../../../../../../etc/passwd", "../link"])
def test_a_scenario_cannot_name_rules_elsewhere_on_the_disk(tmp_path, rules):
    game = quick_game(tmp_path / "q")
    other = quick_game(tmp_path / "other")
    (game / "link").symlink_to(other, target_is_directory=True)
    path = scenario_in(game, str(other) if rules == "OTHER" else rules)
    result = ratdsl("test", path)
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    assert f"leads out of {game.resolve()}: a scenario names a game folder or variant file inside the game " \
           "folder that holds it" in result.stdout


def test_a_scenario_outside_any_game_folder_stays_in_its_own_folder(tmp_path):
    quick_game(tmp_path / "q")
    path = tmp_path / "elsewhere" / "scenarios" / "s.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("name: s\nrules: ../../q\nrun: {rounds: 1}\nexpect: {}\n")
    result = ratdsl("test", path)
    assert result.returncode == 1 and f"leads out of {path.parent.resolve()}" in result.stdout


def logged_game(tmp_path: Path, game: Path, log: Path) -> list[str]:
    result = ratdsl("run", game, "-p", "2", "--log", log, "-q")
    assert result.returncode == 0, result.stderr
    return log.read_text().splitlines()


def with_rules(log: Path, lines: list[str], rules: str) -> Path:
    import json

    header = json.loads(lines[0])
    header["rules"] = rules
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    return log


def test_a_log_names_rules_inside_the_current_folder_or_its_own(tmp_path):
    game = quick_game(tmp_path / "q")
    log = tmp_path / "logs" / "g.jsonl"
    log.parent.mkdir()
    lines = logged_game(tmp_path, game, log)
    assert ratdsl("replay", log, cwd=tmp_path).returncode == 0           # inside the current folder
    with_rules(log, lines, "../q")
    assert ratdsl("replay", log, cwd=tmp_path).returncode == 0           # relative, resolved inside it
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = ratdsl("replay", log, cwd=elsewhere)                          # ../q from elsewhere: outside
    line = one_line(result, 2, "the log's rules '../q' leads out of")
    assert "ratdsl replay LOG --rules PATH" in line
    ok = ratdsl("replay", log, "--rules", game, cwd=elsewhere)            # the command line decides
    assert ok.returncode == 0, ok.stderr


@pytest.mark.parametrize("rules", ["/etc", "/etc/passwd", "../../../../../../../../etc", "/no/such/game"])
def test_a_log_cannot_name_rules_elsewhere_on_the_disk(tmp_path, rules):
    game = quick_game(tmp_path / "q")
    log = tmp_path / "g.jsonl"
    with_rules(log, logged_game(tmp_path, game, log), rules)
    line = one_line(ratdsl("replay", log, cwd=tmp_path), 2, f"the log's rules {rules!r}")
    assert "leads out of" in line and "passwd" not in line.split("leads out of")[1]


def test_a_log_naming_a_file_that_is_no_rule_file_is_refused(tmp_path):
    game = quick_game(tmp_path / "q")
    log = tmp_path / "g.jsonl"
    (tmp_path / "notes.txt").write_text("secret\n")
    with_rules(log, logged_game(tmp_path, game, log), "notes.txt")
    one_line(ratdsl("replay", log, cwd=tmp_path), 2, "is not a game folder or a variant file (.rat)")
