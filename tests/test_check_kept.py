"""`ratdsl check` keeps each rule set's findings on disk (checker/kept.py): unchanged rules give
the very same report without being checked again, a changed file is checked again, and an entry
is untrusted input (a bad one is passed over, one another user could write is not read)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ratdsl.checker.checker as checker_module
from ratdsl.checker import kept
from ratdsl.checker.run import check_tree, render
from ratdsl.engine.invariants import check_invariants

from .conftest import RATLAND, ROOT

# Findings of three kinds: a warning, an error only a module shows, a false invariant (E242).
EXTRA = 'const unused_here = 3\ninvariant small "Small" = player_count < 4\n'


@pytest.fixture
def folder(private_cache) -> Path:
    return private_cache  # (tests/conftest.py)


@pytest.fixture
def game(tmp_path) -> Path:
    game = tmp_path / "ratland"
    shutil.copytree(RATLAND, game)
    (game / "zz_extra.rat").write_text(EXTRA, "utf-8")
    return game


def report(game: Path) -> str:
    found = check_tree([game], also=check_invariants, kept=True)
    return render(found, "text", [game]) + "\n" + render(found, "json", [game])


def no_checker(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("checked again")

    monkeypatch.setattr(checker_module, "check_ruleset", refuse)
    monkeypatch.setattr("ratdsl.engine.invariants.check_invariants", refuse)


def test_unchanged_rules_give_the_same_report_without_being_checked_again(folder, game, monkeypatch):
    first = report(game)
    assert "E242" in first and "unused_here" in first  # (findings of each kind, excerpts too)
    assert first == render(check_tree([game], also=check_invariants), "text", [game]) + "\n" + \
        render(check_tree([game], also=check_invariants), "json", [game])  # (as without the cache)
    assert len(list(folder.glob("check-*.json"))) == 8  # the game, 3 modules alone and together, 3 variants
    no_checker(monkeypatch)
    assert report(game) == first


def test_a_changed_file_is_checked_again(folder, game):
    first = report(game)
    (game / "zz_extra.rat").write_text(EXTRA.replace("< 4", "< 40"), "utf-8")
    second = report(game)
    assert "E242" in first and "E242" not in second


def test_a_comment_changed_on_a_finding_s_line_changes_its_excerpt(folder, game):
    report(game)
    (game / "zz_extra.rat").write_text(EXTRA.replace("= 3\n", "= 3  # kept?\n"), "utf-8")
    assert "kept?" in report(game)


@pytest.mark.parametrize("entry", [
    b"not json", b"[]", b'{"format": 1, "findings": 3}',
    b'{"format": 1, "findings": [{"file": "x"}]}',
    b'{"format": 1, "findings": [{"file": "/elsewhere.rat", "line": 1, "column": 1, "end_column": null, '
    b'"code": "W301", "severity": "warning", "message": "m", "hint": null, "excerpt": false}]}',
    b'{"format": 1, "findings": [{"file": "F", "line": true, "column": 1, "end_column": null, '
    b'"code": "W301", "severity": "warning", "message": "m", "hint": null, "excerpt": false}]}',
    b'{"format": 1, "findings": [{"file": "F", "line": 1, "column": 1, "end_column": null, '
    b'"code": "X1", "severity": "fatal", "message": "m", "hint": null, "excerpt": false}]}',
], ids=["not-json", "a-list", "not-a-list", "missing-fields", "another-file", "a-yes-for-a-line", "bad-code"])
def test_a_bad_entry_is_passed_over(folder, game, entry):
    first = report(game)
    for path in folder.glob("check-*.json"):
        path.write_bytes(entry.replace(b'"F"', json.dumps(str(game / "zz_extra.rat")).encode()))
    assert report(game) == first


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="no user ids on this platform")
def test_an_entry_others_could_write_is_not_read(folder, game, monkeypatch):
    first = report(game)
    for path in folder.glob("check-*.json"):
        path.write_text('{"format": 1, "findings": []}')
        os.chmod(path, 0o666)
    assert report(game) == first  # (the planted "no findings" was not believed)


def test_kept_findings_are_rebuilt_as_the_checker_made_them(folder, game):
    found = check_tree([game], also=check_invariants)
    files = {str(p) for p in game.rglob("*.rat")}
    kept.store("check-test.json", files, found)
    assert kept.load("check-test.json", files) == found


PROBE = """
import atexit, json, sys
atexit.register(lambda: sys.__stderr__.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n"))
sys.argv = ["ratdsl", *sys.argv[1:]]
from ratdsl.cli.main import main
main()
"""


def test_check_of_unchanged_rules_imports_neither_the_checker_nor_the_engine(tmp_path):
    env = dict(os.environ, RATDSL_CACHE_DIR=str(tmp_path / "cache"))
    runs = [subprocess.run([sys.executable, "-c", PROBE, "check", "rules/ratland"], cwd=ROOT, capture_output=True,
                           text=True, env=env, timeout=300) for _ in range(2)]
    assert runs[0].stdout == runs[1].stdout == "no findings\n", runs[1].stderr[-2000:]
    modules = json.loads(next(x for x in runs[1].stderr.splitlines() if x.startswith("MODULES "))[8:])
    assert not {"ratdsl.checker.checker", "ratdsl.semantics.resolver", "ratdsl.engine.invariants"} & set(modules)


def test_loading_unchanged_rules_takes_their_findings_from_the_cache(folder, game, monkeypatch):
    """session.load_rules checks rules once; an error written later is found, not taken from the
    cache."""
    from ratdsl.session import RulesInvalid, load_rules

    assert load_rules(game).game.name
    with monkeypatch.context() as patched:
        no_checker(patched)
        assert load_rules(game).game.name  # (no finding of the checker's is an error here)
    (game / "zz_extra.rat").write_text(EXTRA + "const broken = no_such_name\n", "utf-8")
    with pytest.raises(RulesInvalid, match="no_such_name"):
        load_rules(game)
    with pytest.raises(RulesInvalid, match="no_such_name"):  # an error is kept too
        no_checker(monkeypatch)
        load_rules(game)


def test_the_key_is_of_the_texts_the_loader_parsed_not_of_the_files_read_again(game):
    """A file changed between the load and the key must not file the old text's findings under
    the new text's key (and the key reads no file again)."""
    from ratdsl.language.loader import load

    ruleset = load(game)
    name = kept.key(game, (), None, ruleset)
    (game / "zz_extra.rat").write_text(EXTRA + "const another = 4\n", "utf-8")
    assert kept.key(game, (), None, ruleset) == name
    assert kept.key(game, (), None, load(game)) != name
