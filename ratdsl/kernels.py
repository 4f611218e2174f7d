"""Chooses, once per process, between the compiled helpers of `ratdsl._kernels` (ratdsl/_kernels.c)
and their Python originals, which stay the reference and the fallback.

The compiled twin of a function (or class) is used when the extension was built and imports, and
the environment variable RATDSL_PURE_PYTHON is not "1". So is the extension's random stream
(`stream`), in place of random.Random: the engines' chance and the agents draw from it. Both give
the same results, exceptions and random numbers (tests/test_kernels.py and tests/test_c_random.py
hold them to that); a twin hands any input it was not made for to its Python original. This
module sits under every layer so that each place defining a hot helper (semantics, engine,
agents) can rebind its own name: callers keep the names they use.
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
    the Python name it is bound to, and is read back as whichever this process chose.

    A class is twinned with the extension's type of its name, whose methods hand what they were
    not made for to the class's methods of the same name (registered as "Class.method")."""
    PYTHON[fn.__name__] = fn
    if LOADED is None:
        return fn
    compiled = getattr(LOADED, fn.__name__, None)
    if compiled is None:  # (an extension built from an older source)
        return fn
    if isinstance(fn, type):
        for name, method in vars(fn).items():
            if callable(method) and not name.startswith("__"):
                LOADED.fallback(f"{fn.__name__}.{name}", method)
        return compiled if ACTIVE else fn
    LOADED.fallback(fn.__name__, fn)
    if not ACTIVE:
        return fn
    compiled.__module__ = fn.__module__
    return compiled


def _stream_type() -> type:
    """The random streams' type: the extension's Stream (ratdsl/_stream.c), which draws what
    random.Random draws for the same seed and runs random.Random's own code for what it does not
    write out, when ACTIVE; else random.Random itself (the announced fallback)."""
    import random

    compiled = getattr(LOADED, "Stream", None)
    if compiled is None:
        return random.Random
    LOADED.fallback("Stream", random.Random)  # type: ignore[union-attr]
    return compiled if ACTIVE else random.Random


STREAM: type = _stream_type()


def stream(seed: Any) -> Any:
    """A random stream seeded with `seed`: what `random.Random(seed)` gives, in C when ACTIVE."""
    return STREAM(seed)


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
