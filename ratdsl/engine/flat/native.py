"""The flat target's native build: the generated module compiled to a C extension by Cython, kept
in this user's cache folder and loaded in its place (issue 13: the speed of one core).

The source Cython compiles is the flat module's own generated source, unchanged, behind a prelude
that binds the module's names to the namespace FlatModule made (its lists, tables and helpers) and
declares the generator's integer locals (`StatementLowering.int_locals`: places in Z, counts read
or moved, seats) as C integers with `@cython.locals`. So there is nothing a second time here: the
same code plays, only outside CPython's bytecode loop, and a value that does not fit a declared
local raises, which makes the flat code stop and the reference engine play the game again.

Trust: a build is machine code made from the rules, so it is kept and loaded exactly as the flat
cache's marshalled code is (cache.py): from this user's cache folder only, as a regular file (not
a link) that this user owns and nobody else can write. Its name holds a key of everything it is
made from: the generated source, its integer locals and the names its namespace gives it (so the
same code is built once, whatever folder or spelling of a path the rules were loaded from), the
prelude's format, the optimisation level and the Python version; not Cython's version nor the
compiler, as another one makes the same functions and looking them up would cost every run.
A build that cannot be made (no Cython, no compiler, an error, more than BUILD_SECONDS) or loaded
leaves the Python module playing; nothing is printed here, the caller says so (make's answer,
load_failure: simulation/runner.py prints it and the report's engine object counts it).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import re
import sys
import threading
from pathlib import Path
from typing import Any

from ...language import cache as disk
from ...language.cache_size import enforce_cap, touch

NATIVE_FORMAT = 2  # the prelude and the build's shape; bumped when they change
OPTIMIZE = "-O2"  # (-O1 builds in half the time and plays about a tenth slower: measured, issue 13)
BUILD_SECONDS = 600  # a build still running then is given up
# The largest generated module built: rules are untrusted input, and the C compiler's time and
# memory grow faster than a module's length (the bundled game with every module: about 1,500 lines).
MAX_SOURCE_LINES = 30_000
PENDING: dict[str, Any] = {}  # the namespace a loading build binds its names to (see _prelude)
# builds loaded in this process, by module name (an extension loads once), with the thread that
# loaded each: its state (Z, the piles, ...) is the module's, one per process, so only modules used
# by that thread may share it (one game at a time); another thread's play on the Python module
_LOADED: dict[str, tuple[Any, int]] = {}
_LOADING = threading.Lock()  # held while a build loads and while _LOADED is read or written
_FAILED: dict[str, str] = {}  # why a kept build did not load, by module name (load_failure: said, not silent)
_DEF = re.compile(r"^def (\w+)\(", re.M)


def unavailable() -> str | None:
    """Why no native build can be made here, or None when one can."""
    if importlib.util.find_spec("Cython") is None:
        return "Cython is not installed: pip install 'ratdsl[native]'"
    import shutil

    if shutil.which(_compiler()[0]) is None:
        return f"no C compiler ({_compiler()[0]})"
    if not disk.usable():
        return "no cache folder of this user's alone to keep it in"
    return None


def _compiler() -> list[str]:
    import shlex
    import sysconfig

    return shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc") or ["cc"]


def module_name(m: Any) -> str:
    """The build's module name (its file's too): a key of what it is compiled from."""
    key = hashlib.sha256(f"{NATIVE_FORMAT}\0{OPTIMIZE}\0{sys.version}\0".encode())
    key.update("\0".join(sorted(m.gen.int_locals)).encode())
    key.update(b"\0\0" + "\0".join(sorted(k for k in m.ns if k != "__builtins__")).encode())
    key.update(b"\0\0" + m.source.encode())
    return "ratdsl_flat_" + key.hexdigest()[:24]


def _path(name: str) -> Path | None:
    folder = disk.cache_dir()
    if folder is None:
        return None
    return folder / (name + importlib.machinery.EXTENSION_SUFFIXES[0])


def cached(m: Any) -> bool:
    """Whether a build of this module is in the cache, one this user alone could have written."""
    return _kept(module_name(m)) is not None


def _kept(name: str) -> Path | None:
    """The build `name`'s file when it is in the cache and this user alone could have written it."""
    path = _path(name)
    if path is not None and disk.trusted_folder(path.parent) and disk.trusted_file(path):
        touch(path)  # (its last use: the cache's size cap removes the least recently used first)
        return path
    return None


def attach(m: Any, build: bool = False) -> bool:
    """Plays `m` (a FlatModule) on its native build from now on: the cached one, else (`build`)
    one made now. False, with `m` unchanged, when there is none and none could be made, or when
    another thread plays on it (see _LOADED)."""
    if m.native:
        return True
    name = module_name(m)
    _FAILED.pop(name, None)  # (load_failure says why this attempt failed, not an earlier one)
    with _LOADING:
        if name in _LOADED:
            return _share(m, name)
    if _kept(name) is None and not (build and make(m) is None):
        return False
    with _LOADING:  # (PENDING is one a process, and a build loads once: one thread at a time)
        if name in _LOADED:  # (another thread loaded it meanwhile)
            return _share(m, name)
        path = _kept(name)
        if path is None:
            return False
        try:
            module = _load(m, name, path)
        except Exception as err:  # noqa: BLE001 - a build that does not load: Python plays, the caller says why
            _FAILED[name] = f"{type(err).__name__}: {(str(err).splitlines() or [''])[0][:200]}"
            return False
        _LOADED[name] = (module, threading.get_ident())
        return _bind(m, module)


def load_failure(m: Any) -> str | None:
    """Why the kept build of `m` did not load in this process (attach returned False), if it did not."""
    return _FAILED.get(module_name(m))


def _share(m: Any, name: str) -> bool:
    module, thread = _LOADED[name]
    return thread == threading.get_ident() and _bind(m, module)


def native_source(m: Any) -> str:
    """What Cython compiles: the prelude, then the generated source with its integer locals
    declared function by function."""
    ints = m.gen.int_locals
    # (a C integer that would overflow raises instead: the game is then played by the reference)
    out = ["# cython: overflowcheck=True", _prelude(m)]
    for unit in m.source.split("\n\n"):
        head = _DEF.match(unit)
        if head is not None:
            names = sorted(n for n in ints if re.search(rf"\b{n}\b", unit))
            if names:
                out.append("@cython.locals(" + ", ".join(f"{n}=cython.Py_ssize_t" for n in names) + ")")
        out.append(unit)
        out.append("")
    return "\n".join(out)


def _given(m: Any) -> list[str]:
    """The names of the namespace the generated source reads but does not define."""
    defined = set(_DEF.findall(m.source)) | set(re.findall(r"^(\w+) = ", m.source, re.M))
    return sorted(k for k in m.ns if k != "__builtins__" and k not in defined and k.isidentifier())


def _prelude(m: Any) -> str:
    lines = ["import cython", "from ratdsl.engine.flat.native import PENDING as _P"]
    lines += [f"{k} = _P[{k!r}]" for k in _given(m)]
    return "\n".join(lines) + "\n"


def make(m: Any) -> str | None:
    """Makes the build of `m` and keeps it in the cache folder; None when it is there now, else
    why it is not (no Cython, no compiler, an error of either: one line to show a user)."""
    why = unavailable()
    if why is None and m.source.count("\n") > MAX_SOURCE_LINES:
        why = f"the generated module is longer than {MAX_SOURCE_LINES:,} lines"
    return why if why is not None else _build(m, module_name(m))


def _build(m: Any, name: str) -> str | None:
    """Compiles the build into the cache folder (a private folder, then a rename)."""
    import subprocess
    import sysconfig
    import tempfile

    folder = disk._writable(disk.cache_dir())
    if folder is None:
        return "no cache folder of this user's alone to keep it in"
    try:
        with tempfile.TemporaryDirectory(dir=folder, prefix=".native-") as work:
            stage = "writing the source"
            src = Path(work) / f"{name}.py"
            src.write_text(native_source(m), encoding="utf-8")
            c_file = Path(work) / f"{name}.c"
            run = dict(capture_output=True, timeout=BUILD_SECONDS, check=True, cwd=work)
            stage = "Cython"
            subprocess.run([sys.executable, "-m", "cython", "-3", "--fast-fail", str(src), "-o", str(c_file)],
                           **run)  # type: ignore[call-overload]
            so = Path(work) / f"{name}.so"
            include = sysconfig.get_paths()["include"]
            stage = "the C compiler"
            subprocess.run([*_compiler(), "-shared", "-fPIC", OPTIMIZE, "-I", include, str(c_file), "-o", str(so)],
                           **run)  # type: ignore[call-overload]
            target = _path(name)
            if target is None:
                return "no cache folder to keep it in"
            os.chmod(so, 0o600)
            os.replace(so, target)
            enforce_cap(folder, keep=target)
            return None
    except subprocess.TimeoutExpired:
        return f"{stage} took more than {BUILD_SECONDS} s"
    except subprocess.CalledProcessError as err:
        said = (err.stderr or b"").decode(errors="replace").strip().splitlines()
        return f"{stage} failed" + (f": {said[-1][:200]}" if said else "")
    except (OSError, ValueError) as err:
        return f"it could not be written: {err}"


def _load(m: Any, name: str, path: Path) -> Any:
    """Imports the build, its names bound to `m`'s namespace (under _LOADING)."""
    PENDING.clear()
    PENDING.update({k: m.ns[k] for k in _given(m)})
    try:
        loader = importlib.machinery.ExtensionFileLoader(name, str(path))
        spec = importlib.util.spec_from_file_location(name, path, loader=loader)
        if spec is None:
            raise ImportError(name)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)  # machine code made from the rules, from this user's own cache
        return module
    finally:
        PENDING.clear()


def _bind(m: Any, module: Any) -> bool:
    """Plays `m` on the build's functions. A build is loaded once a process; another FlatModule
    of the same rules in the same thread adopts its namespace (each game resets all of it), with
    its own bound methods. (Threads: see _LOADED.)"""
    ns = module.__dict__
    for key, value in m.ns.items():  # (FLUSH, sample_of, pick_of: this FlatModule's)
        if getattr(value, "__self__", None) is m:
            ns[key] = value
    m.bind(ns)
    m.native = True
    return True
