"""No pickle is read from where another user could write (cache.py, grammar.py): a cache folder
others can write, a cache file that is a link, owned by someone else or writable by others, is
not unpickled, and the file is parsed from its source instead."""

from __future__ import annotations

import os
import pickle
import stat
from pathlib import Path

import pytest

from ratdsl.language import cache, grammar, parser

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="no user ids on this platform")

GAME = 'game g "G" {\n  players 2..4\n}\nconst n = 1\n'
OTHER_UID = 54321
as_root = pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0,
                             reason="only root can give a file to another user")


class _Planted:
    """Unpickling it creates the marker file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


def _setup(tmp_path: Path, monkeypatch) -> tuple[Path, Path, Path, Path]:
    """A rule file, the cache folder (0o700), where its AST would be cached, and the marker."""
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(folder))
    parser._PARSED.clear()
    rule_file = tmp_path / "g.rat"
    rule_file.write_text(GAME)
    key = cache._key(GAME, str(rule_file), grammar.grammar_text())
    return rule_file, folder, folder / f"ast-{key}.pickle", tmp_path / "marker"


def _plant(path: Path, marker: Path) -> None:
    path.write_bytes(pickle.dumps(_Planted(marker)))
    os.chmod(path, 0o600)


def _parses_without_unpickling(rule_file: Path, marker: Path) -> None:
    program = parser.parse_file(rule_file)
    assert program.decls[-1].value.value == 1  # parsed from the source
    assert not marker.exists()


def test_a_planted_pickle_in_a_good_cache_is_read(tmp_path, monkeypatch):
    """The check of the tests below: a cache this user alone writes is trusted."""
    rule_file, _, path, marker = _setup(tmp_path, monkeypatch)
    _plant(path, marker)
    cache.load_program(GAME, str(rule_file), grammar.grammar_text())
    assert marker.exists()


@pytest.mark.parametrize("mode", [0o770, 0o707, 0o777])
def test_a_cache_folder_others_can_write_is_not_used(tmp_path, monkeypatch, mode):
    rule_file, folder, path, marker = _setup(tmp_path, monkeypatch)
    _plant(path, marker)
    os.chmod(folder, mode)
    _parses_without_unpickling(rule_file, marker)
    assert [p.name for p in folder.iterdir()] == [path.name]  # nothing written either
    assert cache.grammar_cache_path(grammar.grammar_text()) is False


@as_root
def test_a_cache_folder_of_another_user_is_not_used(tmp_path, monkeypatch):
    rule_file, folder, path, marker = _setup(tmp_path, monkeypatch)
    _plant(path, marker)
    os.chown(folder, OTHER_UID, -1)
    _parses_without_unpickling(rule_file, marker)


@as_root
def test_a_cache_file_of_another_user_is_not_read(tmp_path, monkeypatch):
    rule_file, _, path, marker = _setup(tmp_path, monkeypatch)
    _plant(path, marker)
    os.chown(path, OTHER_UID, -1)
    _parses_without_unpickling(rule_file, marker)


def test_a_linked_cache_file_is_not_read(tmp_path, monkeypatch):
    rule_file, _, path, marker = _setup(tmp_path, monkeypatch)
    target = tmp_path / "elsewhere.pickle"
    _plant(target, marker)
    path.symlink_to(target)
    _parses_without_unpickling(rule_file, marker)


@pytest.mark.parametrize("mode", [0o666, 0o620, 0o602])
def test_a_cache_file_others_can_write_is_not_read(tmp_path, monkeypatch, mode):
    rule_file, _, path, marker = _setup(tmp_path, monkeypatch)
    _plant(path, marker)
    os.chmod(path, mode)
    _parses_without_unpickling(rule_file, marker)


def test_the_cache_folder_and_files_are_made_private(tmp_path, monkeypatch):
    folder = tmp_path / "new" / "cache"
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(folder))
    parser._PARSED.clear()
    rule_file = tmp_path / "g.rat"
    rule_file.write_text(GAME)
    first = parser.parse_file(rule_file)
    assert stat.S_IMODE(folder.stat().st_mode) & 0o077 == 0
    (stored,) = folder.iterdir()
    assert stored.suffix == ".pickle" and stat.S_IMODE(stored.stat().st_mode) == 0o600
    parser._PARSED.clear()
    monkeypatch.setattr(parser, "parse_text", lambda *a, **k: (_ for _ in ()).throw(AssertionError("parsed")))
    assert parser.parse_file(rule_file) == first  # still used


@pytest.mark.parametrize("spoil", ["link", "writable"])
def test_a_suspect_compiled_grammar_in_the_cache_folder_is_not_given_to_lark(tmp_path, monkeypatch, spoil):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(folder))
    kept = cache.grammar_cache_path(grammar.grammar_text())
    assert isinstance(kept, str)
    if spoil == "link":
        (tmp_path / "elsewhere").write_bytes(b"x")
        Path(kept).symlink_to(tmp_path / "elsewhere")
    else:
        Path(kept).write_bytes(b"x")
        os.chmod(kept, 0o666)
    assert cache.grammar_cache_path(grammar.grammar_text()) is False


def test_the_package_folder_is_trusted_only_when_others_cannot_write_it(tmp_path, monkeypatch):
    package = tmp_path / "package"
    package.mkdir(mode=0o755)
    monkeypatch.setattr(grammar, "HERE", package)
    monkeypatch.setattr(grammar, "PACKAGE_CACHE_FILE", package / "grammar.lark-cache")
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")
    assert grammar.compiled_grammar_file() == str(package / "grammar.lark-cache")
    os.chmod(package, 0o777)
    assert grammar.compiled_grammar_file() is False
    os.chmod(package, 0o755)
    (package / "grammar.lark-cache").write_bytes(b"x")
    os.chmod(package / "grammar.lark-cache", 0o666)
    assert grammar.compiled_grammar_file() is False
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(tmp_path / "user"))
    os.chmod(package, 0o777)
    kept = grammar.compiled_grammar_file()
    assert isinstance(kept, str) and Path(kept).parent == tmp_path / "user"
