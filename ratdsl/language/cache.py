"""On-disk caches that make loading rules fast: parsed files, and Lark's compiled grammar when the
package's own folder cannot be written (see grammar.py); other layers keep their entries here too
with `load_bytes` and `store_bytes`, under the same checks (the flat target's generated modules:
engine/flat/cache.py).

All live in one folder: $RATDSL_CACHE_DIR, else $XDG_CACHE_HOME/ratdsl, else ~/.cache/ratdsl.
A parsed file is stored under the hash of its text, its path, the grammar, the parser's and AST's
source, Lark's version and the ratdsl version, so any change to one of them parses again. Set
RATDSL_CACHE_DIR to an empty string to switch the caches off. Only ratdsl writes these files; a
cache that cannot be read is ignored.

A pickle runs code when it is read, so none is read from where another user could write: the folder
must be owned by this user and writable by nobody else (it is made with mode 0o700; one that is not
is not used at all), and each file must be a regular file, not a link, owned by this user and
writable by nobody else, checked on the open file. Files are written whole (a private temporary file,
then a rename). Where the platform has no user ids (Windows) nothing is checked. The folder is
kept under a size cap, least recently used entries first (cache_size.py; `ratdsl cache`).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import stat
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

from .. import __version__


def cache_dir() -> Path | None:
    configured = os.environ.get("RATDSL_CACHE_DIR")
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ratdsl"


def _checks_owners() -> bool:
    """Whether this platform has user ids to check (not Windows)."""
    return hasattr(os, "getuid")


def _trusted_stat(st: os.stat_result) -> bool:
    """Owned by this user and writable by no group or other user."""
    return st.st_uid == os.getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def trusted_folder(folder: Path) -> bool:
    """Whether `folder` is a real folder (not a link) that only this user can write to."""
    if not _checks_owners():
        return True
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and _trusted_stat(st)


def trusted_file(path: Path) -> bool:
    """Whether `path` is a regular file (not a link) that only this user can write to; checked on
    the opened file, so the answer is about the file that was there when it was opened."""
    if not _checks_owners():
        return True
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        return _trusted_open(fd)
    finally:
        os.close(fd)


def _trusted_open(fd: int) -> bool:
    st = os.fstat(fd)
    return stat.S_ISREG(st.st_mode) and _trusted_stat(st)


def _writable(folder: Path | None) -> Path | None:
    """`folder`, made (mode 0o700) if missing, when this process may write there and, where users
    exist, only this user can; else None."""
    if folder is None:
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    if not trusted_folder(folder):
        return None
    return folder if os.access(folder, os.W_OK) else None


def _readable(folder: Path | None) -> Path | None:
    """`folder` when it exists and only this user can write to it; else None."""
    if folder is None or not trusted_folder(folder):
        return None
    return folder


def grammar_cache_path(grammar: str) -> str | bool:
    """A path for Lark's `cache=` option, or False when no cache folder can be used."""
    folder = _writable(cache_dir())
    if folder is None:
        return False
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:16]
    path = folder / f"grammar-{digest}.lark-cache"
    # Lark opens the path itself: the folder is this user's alone, so a file that passes now is the
    # one Lark reads; one that does not (a link, another owner, writable by others) is not used.
    if os.path.lexists(path) and not trusted_file(path):
        return False
    return str(path)


@lru_cache(maxsize=1)
def _code_fingerprint() -> str:
    """The parser's and AST's own source, and Lark's `__init__.py` (which holds its version; read,
    not imported, since a load that finds every file here needs no Lark): a cached AST is only
    reused by the code that made it."""
    here = Path(__file__).parent
    ours = "".join((here / name).read_text("utf-8") for name in ("ast.py", "grammar.py", "limits.py", "parser.py"))
    lark = importlib.util.find_spec("lark")
    return ours + (Path(lark.origin).read_text("utf-8") if lark and lark.origin else "")


@lru_cache(maxsize=1)
def package_fingerprint() -> str | None:
    """A hash of ratdsl's version, the Python version and the name, size and modification time
    of every module of the package (what Python itself checks before it reuses bytecode): an
    entry that a layer above derives from the rules with the package's code (the checker's
    findings, the flat target's module) is only reused by the same code. None when no module
    can be found: such entries are then not kept."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parts = [f"{__version__}\0{sys.version}"]
    todo = [package]
    try:
        while todo:
            with os.scandir(todo.pop()) as entries:
                for entry in entries:
                    if entry.name.endswith(".py") and entry.is_file(follow_symlinks=False):
                        st = entry.stat(follow_symlinks=False)
                        parts.append(f"{entry.path[len(package):]}\0{st.st_size}\0{st.st_mtime_ns}")
                    elif entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
                        todo.append(entry.path)
    except OSError:
        return None
    if len(parts) == 1:
        return None
    return hashlib.sha256("\n".join(sorted(parts)).encode()).hexdigest()


@lru_cache(maxsize=4)
def parser_fingerprint(grammar: str) -> str:
    """A digest of what turns a file's text into its AST besides the text and the path: ratdsl's
    version, the parser's and AST's code, Lark's and the grammar. Hashed once a process: the
    code alone is some 70 kB, which hashed again for every file was 20 million instructions of
    a `check` (start-up, issue 13)."""
    return hashlib.sha256(f"{__version__}\0{_code_fingerprint()}\0{grammar}".encode()).hexdigest()


def _key(text: str, file: str, grammar: str) -> str:
    h = hashlib.sha256()
    for part in (parser_fingerprint(grammar), file, text):
        h.update(part.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:32]


def _read_trusted(path: Path) -> bytes | None:
    """The bytes of `path` when it is a file only this user can write to (checked on the open
    file), else None."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        if _checks_owners() and not _trusted_open(f.fileno()):
            return None
        return f.read()


def load_program(text: str, file: str, grammar: str):
    """The cached AST of a file, or None when there is none this user alone could have written."""
    data = load_bytes(f"ast-{_key(text, file, grammar)}.pickle")
    try:
        return None if data is None else pickle.loads(data)
    except (pickle.PickleError, EOFError, AttributeError, ImportError):
        return None


def store_program(text: str, file: str, grammar: str, program) -> None:
    """Keeps the AST of a file, written whole, when the cache folder is this user's alone."""
    try:
        data = pickle.dumps(program, protocol=pickle.HIGHEST_PROTOCOL)
    except pickle.PickleError:
        return
    store_bytes(f"ast-{_key(text, file, grammar)}.pickle", data)


def usable() -> bool:
    """Whether entries can be kept: the cache folder is on and this user's alone."""
    return _writable(cache_dir()) is not None


def load_bytes(name: str) -> bytes | None:
    """The entry `name` of the cache folder, or None when there is none this user alone could
    have written (the folder and the file are checked as the module's docstring says)."""
    folder = _readable(cache_dir())
    if folder is None:
        return None
    try:
        data = _read_trusted(folder / name)
    except OSError:
        return None
    if data is not None:
        from .cache_size import touch

        touch(folder / name)  # (its last use: the size cap removes the least recently used first)
    return data


def store_bytes(name: str, data: bytes) -> None:
    """Keeps `data` as the entry `name`, written whole (a private temporary file, then a rename),
    when the cache folder is this user's alone."""
    folder = _writable(cache_dir())
    if folder is None:
        return
    path = folder / name
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".entry-", suffix=".tmp")  # mode 0o600
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return
    from .cache_size import after_store

    after_store(folder, path, len(data))  # (the folder stays under its size cap: cache_size.py)
