"""On-disk caches that make loading rules fast: parsed files, and Lark's compiled grammar when the
package's own folder cannot be written (see grammar.py).

Both live in one folder: $RATDSL_CACHE_DIR, else $XDG_CACHE_HOME/ratdsl, else ~/.cache/ratdsl.
A parsed file is stored under the hash of its text, its path, the grammar, the parser's and AST's
source, Lark's version and the ratdsl version, so any change to one of them parses again. Set
RATDSL_CACHE_DIR to an empty string to switch the caches off. Only ratdsl writes these files; a
cache that cannot be read is ignored.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
from functools import lru_cache
from pathlib import Path

from .. import __version__


def cache_dir() -> Path | None:
    configured = os.environ.get("RATDSL_CACHE_DIR")
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ratdsl"


def _writable(folder: Path | None) -> Path | None:
    if folder is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


def grammar_cache_path(grammar: str) -> str | bool:
    """A path for Lark's `cache=` option, or False when no cache folder can be used."""
    folder = _writable(cache_dir())
    if folder is None:
        return False
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:16]
    return str(folder / f"grammar-{digest}.lark-cache")


@lru_cache(maxsize=1)
def _code_fingerprint() -> str:
    """The parser's and AST's own source, and Lark's `__init__.py` (which holds its version; read,
    not imported, since a load that finds every file here needs no Lark): a cached AST is only
    reused by the code that made it."""
    here = Path(__file__).parent
    ours = "".join((here / name).read_text("utf-8") for name in ("ast.py", "grammar.py", "parser.py"))
    lark = importlib.util.find_spec("lark")
    return ours + (Path(lark.origin).read_text("utf-8") if lark and lark.origin else "")


def _key(text: str, file: str, grammar: str) -> str:
    h = hashlib.sha256()
    for part in (__version__, _code_fingerprint(), grammar, file, text):
        h.update(part.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:32]


def load_program(text: str, file: str, grammar: str):
    folder = cache_dir()
    if folder is None:
        return None
    path = folder / f"ast-{_key(text, file, grammar)}.pickle"
    try:
        with open(path, "rb") as f:
            return pickle.load(f)
    except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError):
        return None


def store_program(text: str, file: str, grammar: str, program) -> None:
    folder = _writable(cache_dir())
    if folder is None:
        return
    path = folder / f"ast-{_key(text, file, grammar)}.pickle"
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(pickle.dumps(program, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, path)
    except OSError:
        pass
