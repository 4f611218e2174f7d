"""The cache folder's size cap and `ratdsl cache` (ratdsl/language/cache_size.py): least recently
used entries go first, never the one just written; only ratdsl's own entries are counted or
removed (no link followed, no stranger's file, no unknown name)."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.language import cache as disk
from ratdsl.language import cache_size

from .conftest import RATLAND, plant


def name(i: int) -> str:
    return f"check-{i:08x}.json"


@pytest.fixture
def tiny_cap(monkeypatch):
    """A cap of 1,000 bytes, measured at every write (as on a process's first)."""
    monkeypatch.setenv(cache_size.CAP_ENV, "0.001")
    monkeypatch.setattr(cache_size, "_written_since_scan", None)


def age(folder, names: list[str]) -> None:
    """Gives the entries distinct last uses, the first named the oldest."""
    for i, n in enumerate(names):
        os.utime(folder / n, ns=(1_000_000_000 * (i + 1), 1_000_000_000 * (i + 1)))


def test_a_write_over_the_cap_removes_the_least_recently_used(private_cache, tiny_cap, monkeypatch):
    for i in range(3):
        disk.store_bytes(name(i), b"x" * 300)
        monkeypatch.setattr(cache_size, "_written_since_scan", None)
    age(private_cache, [name(1), name(0), name(2)])  # 1 is the least recently used
    disk.store_bytes(name(3), b"x" * 300)
    assert sorted(p.name for p in private_cache.iterdir()) == [name(0), name(2), name(3)]


def test_a_load_makes_an_entry_the_most_recently_used(private_cache, tiny_cap, monkeypatch):
    for i in range(3):
        disk.store_bytes(name(i), b"x" * 300)
        monkeypatch.setattr(cache_size, "_written_since_scan", None)
    age(private_cache, [name(0), name(1), name(2)])
    assert disk.load_bytes(name(0)) == b"x" * 300  # 0 is now the most recently used
    disk.store_bytes(name(3), b"x" * 300)
    assert sorted(p.name for p in private_cache.iterdir()) == [name(0), name(2), name(3)]


def test_the_entry_just_written_stays_even_over_the_cap(private_cache, tiny_cap):
    disk.store_bytes(name(0), b"x" * 5000)
    assert disk.load_bytes(name(0)) == b"x" * 5000


def test_under_the_cap_nothing_is_removed(private_cache, monkeypatch):
    monkeypatch.setattr(cache_size, "_written_since_scan", None)
    for i in range(5):
        disk.store_bytes(name(i), b"x" * 300)
    assert len(list(private_cache.iterdir())) == 5


def test_the_cap_is_read_from_the_environment(monkeypatch):
    for value, cap in (("50", 50_000_000), ("0.5", 500_000), ("", 200_000_000), ("lots", 200_000_000),
                       ("0", 200_000_000), ("-3", 200_000_000), ("inf", 200_000_000), ("nan", 200_000_000)):
        monkeypatch.setenv(cache_size.CAP_ENV, value)
        assert cache_size.cap_bytes() == cap, value


@pytest.mark.parametrize("how", ["a link", "another user's"])
def test_what_is_not_ratdsls_is_never_counted_nor_removed(private_cache, tmp_path, tiny_cap, how):
    outside = tmp_path / "outside"
    outside.mkdir()
    planted = private_cache / name(99)
    if how == "a link":
        plant(planted, b"y" * 5000, "a link", outside)
    else:
        if os.geteuid() != 0:
            pytest.skip("giving a file to another user needs root (CI runs as root)")
        planted.write_bytes(b"y" * 5000)
        os.chown(planted, 12345, 12345)
    (private_cache / "notes.txt").write_bytes(b"z" * 5000)  # not a name of the cache's
    disk.store_bytes(name(0), b"x" * 300)
    assert {p.name for p in private_cache.iterdir()} == {name(99), "notes.txt", name(0)}
    listing = cache_size.listing(private_cache)
    assert [e.kind for e in listing.entries] == ["checked"] and listing.skipped == [name(99)]
    removed, skipped = cache_size.clear(private_cache)
    assert [os.path.basename(e.path) for e in removed] == [name(0)] and skipped == [name(99)]
    assert planted.is_symlink() or planted.stat().st_uid == 12345
    if how == "a link":
        assert (outside / ("planted-" + name(99))).read_bytes() == b"y" * 5000


def test_every_kind_the_cache_writes_is_a_kind_it_knows(private_cache):
    """A real run fills the folder: each file it leaves is one of the kinds the cap counts."""
    result = CliRunner().invoke(app, ["simulate", str(RATLAND), "-n", "3", "-p", "2", "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    CliRunner().invoke(app, ["check", str(RATLAND)])
    names = [p.name for p in private_cache.iterdir()]
    assert names and all(cache_size.kind_of(n) for n in names), names
    assert {cache_size.kind_of(n) for n in names} >= {"parsed", "checked", "flat"}


def test_cache_info_and_clear(private_cache):
    CliRunner().invoke(app, ["check", str(RATLAND)])
    kept = len(list(private_cache.iterdir()))
    info = CliRunner().invoke(app, ["cache", "info"])
    assert info.exit_code == 0
    lines = info.stdout.splitlines()
    assert lines[0] == f"folder: {private_cache}"
    kinds = [cache_size.kind_of(p.name) for p in private_cache.iterdir()]
    for kind in set(kinds):
        words = cache_size.KIND_WORDS[kind]
        assert any(line.strip().startswith(f"{words}: ") and f" {kinds.count(kind)} entries" in line
                   for line in lines), (words, lines)
    total = next(line for line in lines if line.strip().startswith("total:"))
    assert f"{kept} entries" in total and "of a 200.0 MB cap (RATDSL_CACHE_MAX_MB)" in total
    only = CliRunner().invoke(app, ["cache", "clear", "--kind", "checked"])
    assert only.exit_code == 0 and all(cache_size.kind_of(p.name) != "checked" for p in private_cache.iterdir())
    cleared = CliRunner().invoke(app, ["cache", "clear"])
    assert cleared.exit_code == 0 and cleared.stdout.startswith("removed ")
    assert list(private_cache.iterdir()) == []


def test_cache_commands_with_the_cache_off_or_no_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")
    assert CliRunner().invoke(app, ["cache", "info"]).stdout == "the cache is off (RATDSL_CACHE_DIR is empty)\n"
    assert CliRunner().invoke(app, ["cache", "clear"]).stdout == "nothing to clear (the cache is off)\n"
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(tmp_path / "none"))
    info = CliRunner().invoke(app, ["cache", "info"])
    assert info.exit_code == 0 and "empty (the folder does not exist yet)" in info.stdout
    assert CliRunner().invoke(app, ["cache", "clear"]).stdout == "nothing to clear\n"
    assert not (tmp_path / "none").exists()


def test_a_folder_others_can_write_is_not_touched(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    (shared / name(0)).write_bytes(b"x")
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(shared))
    result = CliRunner().invoke(app, ["cache", "clear"])
    assert result.exit_code == 2 and "not a folder of this user's alone" in result.stderr
    assert (shared / name(0)).exists()


def test_an_unknown_kind_is_a_usage_error():
    result = CliRunner().invoke(app, ["cache", "clear", "--kind", "everything"])
    assert result.exit_code == 2
    assert "--kind everything: use one of parsed, checked, flat, native, grammar, unfinished" in result.stderr
