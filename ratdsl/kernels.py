"""Chooses, once per process, between the compiled helpers of `ratdsl._kernels` (ratdsl/_kernels.c)
and their Python originals, which stay the reference and the fallback.

The compiled twin of a function is used when the extension was built and imports, and the
environment variable RATDSL_PURE_PYTHON is not "1". Both give the same results, exceptions and
random numbers (tests/test_kernels.py holds them to that); a twin hands any input it was not made
for to its Python original. This module sits under every layer so that each place defining a hot
helper (semantics, engine, agents) can rebind its own name: callers keep the names they use.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

PURE_ENV = "RATDSL_PURE_PYTHON"
F = TypeVar("F", bound=Callable[..., Any])


def _load() -> tuple[ModuleType | None, str]:
    try:
        from . import _kernels
    except ImportError as why:  # no compiler at install time, or a build for another Python
        return None, f"the extension ratdsl._kernels is not built ({why})"
    return _kernels, "built"


LOADED, WHY = _load()  # the extension, whether or not it is used (the tests compare both)
ACTIVE = LOADED is not None and os.environ.get(PURE_ENV) != "1"
PYTHON: dict[str, Callable[..., Any]] = {}  # every twinned function's Python original, by name


def twin(fn: F) -> F:
    """`fn`'s compiled twin (the function of that name in the extension) when ACTIVE, else `fn`.
    The twin is given `fn`'s module, so a pickle of it (the flat cache keeps its namespace) names
    the Python name it is bound to, and is read back as whichever this process chose."""
    PYTHON[fn.__name__] = fn
    if LOADED is None:
        return fn
    compiled = getattr(LOADED, fn.__name__, None)
    if compiled is None:  # (an extension built from an older source)
        return fn
    LOADED.fallback(fn.__name__, fn)
    if not ACTIVE:
        return fn
    compiled.__module__ = fn.__module__
    return compiled


def setup(**needs: Any) -> None:
    """Hands the extension what its kernels raise and call (see _kernels.c's `setup`)."""
    if LOADED is not None:
        LOADED.setup(**needs)


def describe() -> str:
    """Which helpers this process runs, for the test suite's summary."""
    if ACTIVE:
        return f"compiled ({LOADED.__file__})"  # type: ignore[union-attr]
    if LOADED is not None:
        return f"pure Python ({PURE_ENV}=1)"
    return f"pure Python: {WHY}"
