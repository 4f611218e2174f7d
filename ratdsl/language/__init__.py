"""Stage 1: rule text -> typed AST (grammar, parser, AST nodes, syntax errors).

`parse_file` and `parse_text` are imported on first use: a module of this package (the errors,
`visible`) can be imported without the parser and the AST classes (command-line start-up)."""

from importlib import import_module
from typing import Any

__all__ = ["parse_file", "parse_text"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(".parser", __name__), name)
