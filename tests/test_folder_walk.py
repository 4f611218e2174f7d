"""The loader's walk up from a file to the game folder holding it stops at a boundary: a stray
rule file in a shared folder (the temporary folder, the user's home) or above a project's root
must not make every game-less folder below it part of a game (a stray /tmp/x.rat once broke the
language server's and the scenarios' tests of everyone on the machine)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from ratdsl.language.loader import LoadError, folders_above, game_folder_above, load
from ratdsl.lsp.workspace import context_of
from ratdsl.scenarios import run_scenario
from ratdsl.scenarios.runner import scenario_rules

GAME = 'game stray "Stray" {\n  players 2..4\n}\n'
VARIANT = 'variant v "V" extends stray\n'
SCENARIO = "name: s\nplayers: 2\nrun: {rounds: 1}\nexpect: {}\n"


def plant(folder: Path) -> Path:
    """A one-file game in `folder`, as a stray file left there would be."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "x.rat").write_text(GAME)
    return folder


@pytest.fixture
def shared(tmp_path, monkeypatch) -> Path:
    """A stand-in for the system's temporary folder, inside tmp_path, with a stray game in it."""
    folder = plant(tmp_path / "shared")
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_a_stray_game_in_the_temporary_folder_is_not_taken(shared):
    work = shared / "pytest-of-someone" / "test0"
    work.mkdir(parents=True)
    (work / "notes.rat").write_text("# not a game\n")
    assert game_folder_above(work / "notes.rat") is None
    assert shared not in folders_above(work)
    # the language server checks the file alone, not as part of the stray game
    assert context_of(work / "notes.rat").root == work
    # a scenario's rules stay inside its own folder, not the whole temporary folder
    (work / "s.yaml").write_text(SCENARIO)
    with pytest.raises(ValueError, match="leads out of"):
        scenario_rules(work / "s.yaml", "../x.rat")


def test_a_scenario_without_rules_does_not_run_the_stray_game(shared):
    work = shared / "job"
    work.mkdir()
    (work / "s.yaml").write_text(SCENARIO)
    outcome = run_scenario(work / "s.yaml")
    assert outcome.failures and "no game folder above" in outcome.failures[0]


def test_a_variant_does_not_extend_a_stray_game(shared):
    work = shared / "job"
    work.mkdir()
    (work / "v.rat").write_text(VARIANT)
    with pytest.raises(LoadError, match="cannot find the game 'stray'"):
        load(work / "v.rat")


def test_a_stray_game_in_the_home_folder_is_not_taken(tmp_path, monkeypatch):
    home = plant(tmp_path / "home")
    monkeypatch.setenv("HOME", str(home))
    work = home / "letters" / "2026"
    work.mkdir(parents=True)
    assert game_folder_above(work) is None


def test_the_walk_stops_at_a_project_root(tmp_path):
    outside = plant(tmp_path / "outside")
    project = outside / "project"
    (project / ".git").mkdir(parents=True)
    assert game_folder_above(project / "docs") is None
    assert folders_above(project / "docs") == [project / "docs", project]
    # a game folder inside the project is found from anywhere below it, and so is the root itself
    game = plant(project / "rules" / "mine")
    deep = game / "scenarios" / "more"
    deep.mkdir(parents=True)
    assert game_folder_above(deep / "s.yaml") == game.resolve()
    plant(project)
    assert game_folder_above(project / "docs") == project.resolve()


def test_a_game_folder_in_a_shared_folder_is_still_found(shared):
    """Only the shared folder itself is never a game folder: a game kept below it is."""
    game = plant(shared / "mine")
    (game / "scenarios").mkdir()
    assert game_folder_above(game / "scenarios" / "s.yaml") == game.resolve()
    (game / "variants").mkdir()
    (game / "variants" / "v.rat").write_text(VARIANT)
    assert load(game / "variants" / "v.rat").root == game
