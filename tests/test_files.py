"""ratdsl/files.py: output paths refused before any work, and files that appear whole or not at
all (issue 16: a simulation that dies on its --out after the last game keeps nothing)."""

from __future__ import annotations

import os
import stat

import pytest

from ratdsl.files import OutputPathError, atomic_write_text, atomic_writer, check_output_path


def test_a_path_in_an_existing_writable_folder_is_accepted(tmp_path):
    assert check_output_path(tmp_path / "r.json") == tmp_path / "r.json"
    (tmp_path / "old.json").write_text("x")
    assert check_output_path(tmp_path / "old.json", "--out") == tmp_path / "old.json"


def test_a_bare_file_name_means_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert str(check_output_path("r.json")) == "r.json"


@pytest.mark.parametrize(("name", "words"), [
    ("missing/r.json", "folder"), ("", "is a folder"), ("sub", "is a folder"),
])
def test_bad_paths_are_refused_with_the_reason(tmp_path, name, words):
    (tmp_path / "sub").mkdir()
    with pytest.raises(OutputPathError) as err:
        check_output_path(tmp_path / name if name else tmp_path, "--out")
    assert str(err.value).startswith("--out ") and words in str(err.value)


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root writes anywhere")
def test_a_read_only_folder_or_file_is_refused(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "f.json").write_text("x")
    os.chmod(folder / "f.json", stat.S_IRUSR)
    with pytest.raises(OutputPathError, match="is not writable"):
        check_output_path(folder / "f.json")
    os.chmod(folder, stat.S_IRUSR | stat.S_IXUSR)
    try:
        with pytest.raises(OutputPathError, match="is not writable"):
            check_output_path(folder / "new.json")
    finally:
        os.chmod(folder, stat.S_IRWXU)


def test_a_file_under_a_file_is_refused(tmp_path):
    (tmp_path / "plain").write_text("x")
    with pytest.raises(OutputPathError, match="does not exist"):
        check_output_path(tmp_path / "plain" / "r.json")


def test_atomic_write_replaces_the_whole_file(tmp_path):
    target = tmp_path / "r.json"
    target.write_text("old contents")
    atomic_write_text(target, "new\n")
    assert target.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "r.json"
    target.write_text("old contents")
    with pytest.raises(RuntimeError):
        with atomic_writer(target) as out:
            out.write("half of the new")
            raise RuntimeError("the writer died")
    assert target.read_text() == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_a_keyboard_interrupt_while_writing_leaves_nothing_new(tmp_path):
    target = tmp_path / "r.json"
    with pytest.raises(KeyboardInterrupt):
        with atomic_writer(target) as out:
            out.write("partial")
            raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


def test_the_new_file_gets_the_usual_mode(tmp_path):
    mask = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "r.json", "x")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "r.json").stat().st_mode) == 0o644


def test_text_is_written_as_utf8_without_newline_translation(tmp_path):
    atomic_write_text(tmp_path / "r.txt", "é\r\nx\n")
    assert (tmp_path / "r.txt").read_bytes() == "é\r\nx\n".encode()
