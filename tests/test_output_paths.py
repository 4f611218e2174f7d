"""Writing never destroys (ratdsl/files.py): every command that writes a file writes a regular
file or a new path atomically, writes through a device or a FIFO without replacing it, follows a
link and replaces its target (the link stays a link), and takes `-` as standard output where its
own output leaves room. Run as root, as CI is: a rename over /dev/null would break the machine."""

from __future__ import annotations

import json
import os
import stat
import threading

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app

from .conftest import RATLAND

as_root = pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root (CI runs as root)")

# Each writing command: its arguments around the output path, the exit status it ends with, what
# its output starts with, and whether `-` (standard output) is allowed.
COMMANDS = {
    "simulate --out": (["simulate", str(RATLAND), "-n", "2", "-p", "2", "--workers", "1", "--out"], [], 0, "{", True),
    "simulate --html": (["simulate", str(RATLAND), "-n", "2", "-p", "2", "--workers", "1", "--html"], [], 0, "<", True),
    "summary --out": (["summary", str(RATLAND), "--out"], [], 0, "#", True),
    "run --log": (["run", str(RATLAND), "-p", "2", "-s", "3", "-q", "--log"], [], 0, "{", False),
    "play --log": (["play", str(RATLAND), "--human", "1", "-p", "2", "-s", "1", "--log"], [], 2, "{", False),
}


def invoke(command: str, path: str):
    before, after, _status, _start, _dash = COMMANDS[command]
    return CliRunner().invoke(app, [*before, path, *after], input="")


def check_status(command: str, result) -> None:
    assert result.exit_code == COMMANDS[command][2], (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr


def check_content(command: str, text: str) -> None:
    assert text.lstrip().startswith(COMMANDS[command][3]), text[:200]
    if COMMANDS[command][3] == "{" and "--log" not in command:
        json.loads(text)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_regular_file_is_replaced_whole_keeping_its_mode(command, tmp_path):
    path = tmp_path / "out"
    path.write_text("old")
    path.chmod(0o640)
    check_status(command, invoke(command, str(path)))
    assert stat.S_ISREG(path.lstat().st_mode) and stat.S_IMODE(path.stat().st_mode) == 0o640
    check_content(command, path.read_text())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # no temporary file left


@pytest.mark.parametrize("command", COMMANDS)
def test_a_link_stays_a_link_and_its_target_gets_the_output(command, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    target = shared / "report"
    target.write_text("old")
    target.chmod(0o644)
    link = tmp_path / "link"
    link.symlink_to(target)
    check_status(command, invoke(command, str(link)))
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert stat.S_ISREG(target.lstat().st_mode) and stat.S_IMODE(target.stat().st_mode) == 0o644
    check_content(command, target.read_text())
    assert sorted(p.name for p in shared.iterdir()) == ["report"]  # written in the target's folder


@pytest.mark.parametrize("command", COMMANDS)
def test_a_link_to_a_missing_file_creates_the_target(command, tmp_path):
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "new")
    check_status(command, invoke(command, str(link)))
    assert link.is_symlink()
    check_content(command, (tmp_path / "new").read_text())


@as_root
@pytest.mark.parametrize("command", COMMANDS)
def test_a_character_device_is_written_through_never_replaced(command, tmp_path):
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # the null device, made here
    check_status(command, invoke(command, str(null)))
    assert stat.S_ISCHR(null.lstat().st_mode) and null.lstat().st_rdev == os.makedev(1, 3)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_fifo_is_written_through_and_stays_a_fifo(command, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()), daemon=True)
    reader.start()
    check_status(command, invoke(command, str(fifo)))
    reader.join(timeout=120)
    assert not reader.is_alive()
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    check_content(command, got[0])


@pytest.mark.parametrize("command", COMMANDS)
def test_a_dash_is_standard_output_where_the_command_leaves_room(command):
    result = invoke(command, "-")
    if COMMANDS[command][4]:
        check_status(command, result)
        check_content(command, result.stdout)
    else:
        assert result.exit_code == 2
        assert result.stderr.strip().splitlines() == [
            "--log -: standard output is taken by this command's own output; give a file"]


def test_two_reports_on_standard_output_are_refused():
    result = CliRunner().invoke(app, ["simulate", str(RATLAND), "-n", "2", "--out", "-", "--html", "-"])
    assert result.exit_code == 2
    assert "only one report can go to standard output" in result.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_link_into_nowhere_is_one_line_before_any_work(command, tmp_path):
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "no" / "such" / "report")
    result = invoke(command, str(link))
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "does not exist" in result.stderr
    assert link.is_symlink() and not (tmp_path / "no").exists()


@as_root
def test_simulate_leaves_dev_null_a_character_device():
    before = os.lstat("/dev/null")
    result = CliRunner().invoke(app, ["simulate", str(RATLAND), "-n", "3", "-p", "2", "--workers", "1",
                                      "--out", "/dev/null", "--html", "/dev/null"])
    assert result.exit_code == 0, result.stderr
    after = os.lstat("/dev/null")
    if not stat.S_ISCHR(after.st_mode):  # put the machine's null device back before failing
        os.unlink("/dev/null")
        os.mknod("/dev/null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        os.chmod("/dev/null", 0o666)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_fmt_rewrites_a_linked_rule_file_through_the_link(tmp_path):
    game = tmp_path / "game"
    game.mkdir()
    real = tmp_path / "kept" / "game.rat"
    real.parent.mkdir()
    real.write_text('game tiny "Tiny" {\n  players    2..4\n}\nphase main "Main" {\n  step only {\n'
                    '    say "hi"\n  }\n}\n')
    (game / "game.rat").symlink_to(real)
    result = CliRunner().invoke(app, ["fmt", str(game / "game.rat")])
    assert result.exit_code == 0, result.stderr
    assert (game / "game.rat").is_symlink()
    assert "players 2..4" in real.read_text()
    assert sorted(p.name for p in real.parent.iterdir()) == ["game.rat"]


def test_a_block_device_or_socket_is_refused_with_one_line(tmp_path):
    import socket

    path = tmp_path / "sock"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(path))
        result = invoke("simulate --out", str(path))
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"--out {str(path)!r} is a socket, not a file"]
    assert stat.S_ISSOCK(path.lstat().st_mode)
