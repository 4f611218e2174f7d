"""Writing output files so that no reader ever sees half of one, and refusing a bad path before
any work is done (a 3,000-game simulation should not die on its `--out` after the last game)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


class OutputPathError(ValueError):
    """An output path that cannot be written: the message names the path and the reason."""


def check_output_path(path: Path | str, what: str = "output") -> Path:
    """The path, if a file could be created or replaced there; else an `OutputPathError`.

    Checked up front: the folder exists and is writable, and the path is not a folder."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise OutputPathError(f"{what} {str(target)!r} is a folder, not a file")
    if not folder.is_dir():
        raise OutputPathError(f"{what} {str(target)!r}: folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputPathError(f"{what} {str(target)!r}: folder {str(folder)!r} is not writable")
    if target.exists() and not os.access(target, os.W_OK):
        raise OutputPathError(f"{what} {str(target)!r} is not writable")
    return target


@contextmanager
def atomic_writer(path: Path | str, encoding: str = "utf-8") -> Iterator[IO[str]]:
    """A text file that appears at `path` complete, or not at all: written to a temporary file
    beside it and renamed when the block ends without an exception."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as out:
            yield out
        os.chmod(tmp, 0o666 & ~_umask())
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


def _umask() -> int:
    """The process's umask (read by setting it and putting it back), so a renamed temporary
    file gets the mode an ordinary `open` would have given it."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
