"""Start-up (issue 13): command-line values of the plain kinds ratdsl's commands take are
converted without pydantic.

Typer (from 0.2x) converts every parameter's value through a pydantic TypeAdapter: importing the
adapters and building one per parameter cost more than all of `ratdsl check`'s own work. Here a
value that is already what pydantic would make of it in one obvious way (a string for `str`, the
digits of a whole number in range for `int`, a decimal for `float`, a default already of its
kind, any string for `Path`, which then goes through Typer's own path checks, a list of those) is
converted directly; every other
value, and so every error message, still goes through Typer's pydantic path, built only then.
With a Typer that converts otherwise (older or newer) nothing is changed (`install` returns
False). tests/test_plain_values.py holds the two paths to the same results for every parameter.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args, get_origin

_WHOLE = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")
_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?")
NOT_PLAIN = object()  # a value left to Typer's own conversion


def plain(annotation: Any, info: Any, value: Any, param: Any = None, ctx: Any = None) -> Any:
    """`value` converted as Typer would for `annotation` (a parameter described by `info`), or
    NOT_PLAIN when it is not one of the plain cases."""
    if getattr(info, "parser", None) is not None or getattr(info, "click_type", None) is not None:
        return NOT_PLAIN
    if get_origin(annotation) is list:
        (item,) = get_args(annotation) or (NOT_PLAIN,)
        if not isinstance(value, (list, tuple)):
            return NOT_PLAIN
        out = [plain(item, info, v, param, ctx) for v in value]
        return NOT_PLAIN if any(v is NOT_PLAIN for v in out) else out
    if annotation is str:
        return value if value.__class__ is str else NOT_PLAIN
    if annotation is int or annotation is float:
        if value.__class__ is annotation:  # a default, already of its kind
            number = value
        elif value.__class__ is str and (_WHOLE if annotation is int else _DECIMAL).fullmatch(value):
            number = annotation(value)
        else:
            return NOT_PLAIN
        low, high = getattr(info, "min", None), getattr(info, "max", None)
        if (low is not None and number < low) or (high is not None and number > high):
            return NOT_PLAIN  # (refused, or clamped: Typer's own message or value)
        return number
    if annotation is Path and getattr(info, "path_type", None) in (None, Path) and isinstance(value, (str, Path)):
        from typer._param_types import coerce_cli_path  # (a Path given to it needs no pydantic)

        return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
    return NOT_PLAIN


def install() -> bool:
    """Makes Typer convert plain values here (see the docstring); False where its conversion is
    not the one this module knows."""
    try:
        import typer.core as core
        from typer._coercion import RuntimeParam
    except ImportError:  # pragma: no cover - depends on the installed Typer
        return False
    original = getattr(core, "build_runtime_param", None)
    if original is None or getattr(original, "plain_values", False):
        return original is not None

    class PlainFirst(RuntimeParam):
        """Converts plain values here, the others through Typer's own conversion (built once,
        when first needed)."""

        def __init__(self, descriptor: Any):
            object.__setattr__(self, "parameter_info", descriptor.parameter_info)
            object.__setattr__(self, "annotation", descriptor.annotation)
            object.__setattr__(self, "descriptor", descriptor)
            object.__setattr__(self, "typer_own", None)

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            out = plain(self.annotation, self.parameter_info, value, param, ctx)
            if out is not NOT_PLAIN:
                return out
            if self.typer_own is None:
                object.__setattr__(self, "typer_own", original(self.descriptor))
            return self.typer_own._coerce_value(value, param=param, ctx=ctx)

    def build(descriptor: Any) -> Any:
        if descriptor.file_annotation is not None:
            return original(descriptor)
        return PlainFirst(descriptor)

    build.plain_values = True  # type: ignore[attr-defined]
    core.build_runtime_param = build
    return True
