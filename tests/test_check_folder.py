"""`ratdsl check GAMEFOLDER` checks the whole folder: the base game, each module on its own and
with the others, each variant; a folder of game folders is walked (issue 21). And W310: a
variant's replacement that no longer reads an option the replaced step read."""

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.checker.run import check_paths, check_tree, combinations, game_folders
from ratdsl.cli.main import app
from ratdsl.language.errors import RuleError
from ratdsl.language.loader import parse_file

from .conftest import RATLAND, ROOT

RAT_FILES = sorted(p.relative_to(RATLAND).as_posix() for p in RATLAND.rglob("*.rat"))


def check(*args) -> "object":
    return CliRunner().invoke(app, ["check", *map(str, args)])


def test_every_kind_of_file_is_in_the_list():
    kinds = {Path(f).parts[0] if "/" in f else "base" for f in RAT_FILES}
    assert kinds == {"base", "modules", "variants"}


def break_braces(text: str) -> str:
    """The text with its last closing brace removed; a file without braces gets a stray one."""
    at = text.rfind("}")
    return text[:at] + text[at + 1:] if at >= 0 else text + "\n}\n"


@pytest.mark.parametrize("name", RAT_FILES)
def test_a_brace_removed_anywhere_is_found(name, tmp_path):
    game = tmp_path / "ratland"
    shutil.copytree(RATLAND, game)
    broken = game / name
    broken.write_text(break_braces(broken.read_text("utf-8")), "utf-8")
    with pytest.raises(RuleError):
        parse_file(broken)  # the mutation does break the file
    result = check(game)
    assert result.exit_code == 1, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{broken}:") and " E0" in first, result.stdout
    # the other files are fine: no finding points elsewhere (a broken base is not reported again
    # by every module and variant that loads it)
    assert all(line.startswith(str(broken)) for line in result.stdout.splitlines() if ": E" in line)


def test_without_the_walk_a_module_error_was_missed(tmp_path):
    """What the issue reports: check_path alone (the old `check`) loads no module."""
    game = tmp_path / "ratland"
    shutil.copytree(RATLAND, game)
    module = game / "modules" / "aggressive.rat"
    module.write_text(break_braces(module.read_text("utf-8")), "utf-8")
    assert check_paths([game]) == []
    assert [Path(d.file) for d in check_tree([game])] == [module]


def test_a_folder_of_game_folders_is_walked(tmp_path):
    assert check("rules").exit_code == 0  # the shipped rules are clean
    shutil.copytree(RATLAND, tmp_path / "games" / "ratland")
    shutil.copytree(ROOT / "tests" / "broken" / "tiny", tmp_path / "games" / "more" / "tiny")
    bad = tmp_path / "games" / "more" / "tiny" / "game.rat"
    bad.write_text(bad.read_text("utf-8").replace("p.hand.red", "p.hand.rde"), "utf-8")
    games, others = game_folders(tmp_path / "games")
    assert [g.name for g in games] == ["tiny", "ratland"]  # in path order: more/tiny first
    assert {f.name for f in others} == {f.name for f in (RATLAND / "variants").glob("*.rat")}
    result = check(tmp_path / "games")
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{bad}:"), result.stdout


def test_ratland_is_checked_in_every_combination():
    labels = [c.label() if c.modules else str(c.path) for c in combinations(RATLAND)]
    assert labels == [str(RATLAND), "with module aggressive", "with module clans",
                      "with modules aggressive, clans"]


TINY_WITH_HELPER = '''game tiny "Tiny" {
  players 2..4
}

tokens red
zone stock
per player zone hand

func share(p) = 1

setup {
  step fill "Fill the stock" {
    create {red: 10} in stock
  }
}

round main

phase main "Main" {
  step take "Everyone takes a token" {
    for each p in players {
      move share(p) red from stock to p.hand
    }
  }
}

scoring p {
  score = p.hand.red
}
'''

NO_HELPER = '''variant plain "Plain" extends tiny

replace step main.take "Everyone takes one" {
  for each p in players {
    move 1 red from stock to p.hand
  }
}
'''


def test_a_finding_only_a_variant_causes_names_the_variant(tmp_path):
    (tmp_path / "game.rat").write_text(TINY_WITH_HELPER, "utf-8")
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "plain.rat").write_text(NO_HELPER, "utf-8")
    found = check_tree([tmp_path])
    assert [(Path(d.file).name, d.code) for d in found] == [("game.rat", "W302")]
    assert found[0].message == "func 'share' is never used (with variant plain.rat)"
    again = check_tree([tmp_path, tmp_path / "variants" / "plain.rat"])
    assert len(again) == 1  # the same finding from two paths is reported once


def test_with_named_modules_only_that_combination_is_checked(tmp_path):
    game = tmp_path / "ratland"
    shutil.copytree(RATLAND, game)
    module = game / "modules" / "aggressive.rat"
    module.write_text(break_braces(module.read_text("utf-8")), "utf-8")
    (game / "variants" / "clan_wars.rat").unlink()  # it switches aggressive on itself
    assert check(game, "--with", "clans").exit_code == 0
    assert check(game, "--with", "aggressive").exit_code == 1


def test_with_named_modules_a_folder_of_variants_is_checked_with_them(tmp_path):
    game = tmp_path / "ratland"
    shutil.copytree(RATLAND, game)
    module = game / "modules" / "clans.rat"
    module.write_text(module.read_text("utf-8").replace("{", "", 1), "utf-8")
    result = check(game / "variants", "--with", "clans")
    assert result.exit_code == 1 and result.stdout.startswith(f"{module}:"), result.stdout


# ------------------------------------------------------------------ W310
RICH_START = '''variant rich_start "Rich start" extends ratland

replace step setup.clans "Each player takes rats and four cheese" {
  for each p in players {
    move 7 rat from pile to p.pantry
    move 4 yellow from supply to p.pantry
  }
KEEP}
'''
HONOURS = '''  if starting_player == random {
    set active = pick(players)
  }
'''


def write_variant(folder: Path, text: str) -> Path:
    shutil.copytree(RATLAND, folder / "ratland")
    path = folder / "ratland" / "variants" / "rich_start.rat"
    path.write_text(text, "utf-8")
    return path


def codes(path: Path) -> list[str]:
    return [d.code for d in check_paths([path])]


def test_a_variant_that_drops_an_option_is_warned(tmp_path):
    path = write_variant(tmp_path, RICH_START.replace("KEEP", ""))
    found = check_paths([path])
    assert [(d.code, d.severity, d.line) for d in found] == [("W310", "warning", 3)]
    step_line = next(i for i, line in enumerate((RATLAND / "game.rat").read_text("utf-8").splitlines(), 1)
                     if line.strip().startswith("step clans "))
    assert "'starting_player'" in found[0].message and f"game.rat:{step_line}" in found[0].message
    result = check(path)
    assert result.exit_code == 1 and "W310" in result.stdout


def test_the_tutorials_fixed_variant_is_not_warned(tmp_path):
    assert codes(write_variant(tmp_path, RICH_START.replace("KEEP", HONOURS))) == []


def test_the_option_read_through_a_func_still_counts(tmp_path):
    text = RICH_START.replace("KEEP", "  if chance_starts() {\n    set active = pick(players)\n  }\n")
    text += "\nfunc chance_starts() = starting_player == random\n"
    assert codes(write_variant(tmp_path, text)) == []


def test_a_variant_that_sets_the_option_drops_it_on_purpose(tmp_path):
    text = RICH_START.replace("KEEP", "") + "\nset option starting_player = first_seat\n"
    assert codes(write_variant(tmp_path, text)) == []


def test_the_tutorial_shows_both_versions():
    tutorial = (ROOT / "docs" / "tutorial.md").read_text("utf-8")
    assert "W310 step setup.clans no longer reads option 'starting_player'" in tutorial
    assert HONOURS in tutorial


def first_players(path: Path, **options) -> set[int]:
    from ratdsl.session import load_rules, new_game

    definition = load_rules(path, (), options)
    starts = set()
    for seed in range(1, 13):
        game = new_game(definition, 4, seed)
        game.setup()
        starts.add(game.runtime.state.active)
    return starts


def test_the_fixed_variant_honours_starting_player_random(tmp_path):
    """What W310 warns about, played: without the kept lines P1 always starts."""
    broken = write_variant(tmp_path / "a", RICH_START.replace("KEEP", ""))
    fixed = write_variant(tmp_path / "b", RICH_START.replace("KEEP", HONOURS))
    assert first_players(broken, starting_player="random") == {0}
    assert len(first_players(fixed, starting_player="random")) > 1
