"""Writing output files so that no reader ever sees half of one, nothing but the file asked for is
replaced, and a bad path is refused before any work is done (a 3,000-game simulation should not
die on its `--out` after the last game).

What a path is decides how it is written (`output_kind`):
- a regular file, or a path that does not exist yet: a temporary file beside it, renamed over it
  when complete (atomic);
- a symbolic link: followed; its target is written by these same rules, so the link stays a link
  and a regular target is replaced atomically in its own folder;
- a character device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe): written through with a
  plain open, never replaced. As root, a rename over `/dev/null` would break every later program;
- a block device or a socket: refused with one line;
- `-`: standard output, where a command allows it."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Literal

STDOUT = "-"
OutputKind = Literal["stdout", "atomic", "through"]


class OutputPathError(ValueError):
    """An output path that cannot be written: the message names the path and the reason."""


def output_kind(path: Path | str, what: str = "output") -> tuple[OutputKind, Path]:
    """How `path` is written, and the path actually written (a link's target); an
    `OutputPathError` for what is never written (a folder, a block device, a socket)."""
    if str(path) == STDOUT:
        return "stdout", Path(STDOUT)
    given = Path(path)
    target = Path(os.path.realpath(given)) if given.is_symlink() else given
    named = f"{what} {str(given)!r}" + (f" (a link to {str(target)!r})" if target != given else "")
    try:
        mode = target.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):  # (a new file; its folder is checked later)
        return "atomic", target
    except OSError as err:
        raise OutputPathError(f"{named}: {err.strerror or err}") from None
    if stat.S_ISDIR(mode):
        raise OutputPathError(f"{named} is a folder, not a file")
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return "through", target
    if stat.S_ISBLK(mode):
        raise OutputPathError(f"{named} is a block device: ratdsl does not write to disks")
    if stat.S_ISSOCK(mode):
        raise OutputPathError(f"{named} is a socket, not a file")
    return "atomic", target


def check_output_path(path: Path | str, what: str = "output") -> Path:
    """The path, if it can be written as `output_kind` says; else an `OutputPathError`.

    Checked up front: a new or regular file's folder exists and is writable; a device or FIFO is
    writable; a link's target is checked in its place."""
    kind, target = output_kind(path, what)
    if kind == "stdout":
        return target
    named = f"{what} {str(path)!r}"
    if kind == "through":
        if not os.access(target, os.W_OK):
            raise OutputPathError(f"{named} is not writable")
        return Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise OutputPathError(f"{named}: folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputPathError(f"{named}: folder {str(folder)!r} is not writable")
    if target.exists() and not os.access(target, os.W_OK):
        raise OutputPathError(f"{named} is not writable")
    return Path(path)


@contextmanager
def atomic_writer(path: Path | str, encoding: str = "utf-8") -> Iterator[IO[str]]:
    """A text stream for `path`, written as `output_kind` says: for a file, one that appears
    complete or not at all (a temporary file beside it, renamed when the block ends without an
    exception); for a device or FIFO, the path itself; for `-`, standard output."""
    kind, target = output_kind(path)
    if kind == "stdout":
        yield sys.stdout
        sys.stdout.flush()
        return
    if kind == "through":
        fd = os.open(target, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "w", encoding=encoding, newline="") as out:
            yield out
        return
    folder = target.parent if str(target.parent) else Path(".")
    mode = _kept_mode(target)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as out:
            yield out
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_text(path: Path | str, text: str, encoding: str = "utf-8") -> None:
    """Write a whole text file at once (see `atomic_writer`)."""
    with atomic_writer(path, encoding) as out:
        out.write(text)


def _kept_mode(target: Path) -> int:
    """The mode the written file gets: the replaced file's own (a shared report stays shared), or
    what an ordinary `open` would give a new one."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
