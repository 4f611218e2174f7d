"""Where the text of a rule file comes from: the disk, unless an editor holds an unsaved version.

A language server registers the buffers of open documents here (`set_unsaved`), so a load sees
what the designer is typing, not what was last saved; every other command registers nothing and
reads the disk as before. Keys are absolute paths, so a relative and an absolute path to one file agree.
The parser keeps the latest AST of an unsaved text in memory like any other, but never writes it
to the on-disk cache (one file per keystroke would pile up there).
"""

from __future__ import annotations

import os
from pathlib import Path

_UNSAVED: dict[str, str] = {}


def _key(path: Path | str) -> str:
    return os.path.abspath(os.fspath(path))


def set_unsaved(path: Path | str, text: str | None) -> None:
    """Make `text` the file's content for every later read; None goes back to the disk."""
    if text is None:
        _UNSAVED.pop(_key(path), None)
    else:
        _UNSAVED[_key(path)] = text


def unsaved(path: Path | str) -> str | None:
    """The unsaved text registered for `path`, if any."""
    return _UNSAVED.get(_key(path)) if _UNSAVED else None


def read_source(path: Path | str) -> str:
    """The file's text: the unsaved version when there is one, else the disk's (UTF-8; raises
    OSError or UnicodeDecodeError as `Path.read_text` does)."""
    text = unsaved(path)
    return text if text is not None else Path(path).read_text("utf-8")
