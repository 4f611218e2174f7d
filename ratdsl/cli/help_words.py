"""`--help` in words: Typer 0.2x labels each parameter with its Python type (`<list[Path]>`,
`<bool>`, `<int range>`); a reader of the help wants what to type (PATH, INTEGER, TEXT, a
flag with no label). Each command's parameters get their label translated here, whatever
Typer version made it (a label this does not know is left as Typer wrote it)."""

from __future__ import annotations

import re
from types import MethodType
from typing import Any

import typer

WORDS = {"bool": "", "path": "PATH", "int": "INTEGER", "int range": "INTEGER", "float": "NUMBER",
         "float range": "NUMBER", "str": "TEXT", "file": "FILE", "datetime": "DATE"}


def in_words(label: str | None, repeatable: bool) -> str | None:
    """A Typer type label (`<list[Path]>`) in words (`PATH (repeatable)`)."""
    if not label:
        return label
    inner = label[1:-1] if label.startswith("<") and label.endswith(">") else label
    listed = re.fullmatch(r"list\[(.+)\]", inner)
    if listed:
        inner = listed.group(1)
    word = WORDS.get(inner.lower(), inner if "|" in inner else None)  # (a choice: its values)
    if word is None:
        return label
    return word + (" (repeatable)" if listed and repeatable and word else "")


def _translate(param: Any) -> Any:
    original = getattr(param, "display_type", None)
    if original is None or getattr(original, "in_words", False):
        return param
    repeatable = not isinstance(param, typer.core.TyperArgument)  # (an argument's `...` says it)

    def display_type(self: Any, ctx: Any) -> str | None:
        return in_words(original(ctx), repeatable)

    display_type.in_words = True  # type: ignore[attr-defined]
    param.display_type = MethodType(display_type, param)
    return param


class _InWords:
    """Labels a command's or group's parameters, and its --help option, in words."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:  # type: ignore[attr-defined]
            _translate(param)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        return _translate(option) if option is not None else option


class WordsCommand(_InWords, typer.core.TyperCommand):
    """A Typer command whose help labels its parameters in words."""


class WordsGroup(_InWords, typer.core.TyperGroup):
    """The command group (`ratdsl --help`), the same way."""


def words_everywhere(app: typer.Typer) -> None:
    """Every command of `app` (and of its sub-groups) made as a WordsCommand."""
    if _plain(app.info.cls, typer.core.TyperGroup):
        app.info.cls = WordsGroup
    for info in app.registered_commands:
        if _plain(info.cls, typer.core.TyperCommand):
            info.cls = WordsCommand
    for group in app.registered_groups:
        if _plain(group.cls, typer.core.TyperGroup):
            group.cls = WordsGroup
        if group.typer_instance is not None:
            words_everywhere(group.typer_instance)


def _plain(cls: Any, default: type) -> bool:
    """No class of our own was asked for (None, Typer's default, or its placeholder for it)."""
    return getattr(cls, "value", cls) in (None, default)
