"""`ratdsl fmt`: put rule files in the canonical layout (ratdsl/language/formatter.py).

    ratdsl fmt PATH...           rewrite the files that are not in the layout
    ratdsl fmt --check PATH...   change nothing; exit 1 if a file would be rewritten
    ratdsl fmt --diff PATH...    change nothing; print the changes as a unified diff; exit 1 if any
    ratdsl fmt -                 read a rule file on stdin, write the result to stdout

Folders are searched for rule files; a bundled game's name is read with --check or
--diff, never rewritten. Exit status (as ruff format): 0 done (or nothing to do), 1
with --check or --diff when a file would be rewritten, 2 when a path does not exist or a file
cannot be formatted (a syntax error, a formatter bug) or read; such files are reported and left
as they are.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import typer

from ..files import atomic_write_text
from ..language.errors import RuleError
from .common import echo, fail


def rule_files(paths: list[Path]) -> list[Path]:
    from ..language.loader import RULE_SUFFIX

    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files += sorted(p for p in path.rglob("*" + RULE_SUFFIX) if p.is_file())
        else:
            files.append(path)
    return list(dict.fromkeys(files))


def _named(path: Path, writes: bool) -> Path:
    """A path that exists, or a bundled game's name (its folder, read only: the installed
    games are not the user's to rewrite); else a usage error."""
    from ..bundled import resolve_rules

    found = resolve_rules(path)
    if not found.exists():
        fail(f"no such rule file or folder: {path}")
    if found != path and writes:
        fail(f"{path} is a bundled game's name: fmt rewrites only files given by their path; "
             "use --check or --diff, or copy the game's folder first")
    return found


def register(app: typer.Typer) -> None:
    @app.command("fmt")
    def fmt(paths: list[Path] = typer.Argument(..., help="Rule files or folders; - reads stdin."),
            check: bool = typer.Option(False, "--check", help="Change nothing; exit 1 if a file would change."),
            diff: bool = typer.Option(False, "--diff",
                                      help="Change nothing; print a unified diff; exit 1 if a file would change."),
            ) -> None:
        """Format rule files: one canonical layout, comments kept, meaning unchanged.

        Example: ratdsl fmt --check rules"""
        from ..language.formatter import FormatError, format_text  # imports Lark: only for this command

        if [str(p) for p in paths] == ["-"]:
            try:
                text = _decode(sys.stdin.buffer.read(), Path("<stdin>"))
                result = format_text(text, "<stdin>")
            except (RuleError, FormatError) as err:
                echo(err.render() if isinstance(err, RuleError) else str(err), err=True)
                raise typer.Exit(2) from None
            if diff:
                echo(_diff(text, result, "<stdin>"), nl=False)
            elif not check:
                echo(result, nl=False)
            raise typer.Exit(1 if (check or diff) and result != text else 0)
        paths = [_named(path, writes=not (check or diff)) for path in paths]
        failed = changed = unchanged = 0
        for path in rule_files(paths):
            try:
                text = _read(path)
                result = format_text(text, str(path))
            except RuleError as err:
                from ..language.loader import not_text

                echo((not_text(path) or err).render(), err=True)  # (a binary file: one line, not its bytes)
                failed += 1
                continue
            except (FormatError, OSError) as err:
                echo(f"{path}: {err.strerror if isinstance(err, OSError) and err.strerror else err}", err=True)
                failed += 1
                continue
            if result == text:
                unchanged += 1
                continue
            changed += 1
            if diff:
                echo(_diff(text, result, str(path)), nl=False)
            if check or diff:
                echo(f"would reformat {path}", err=True)
            else:
                try:
                    atomic_write_text(path, result)  # whole or not at all: never half a rule file
                except OSError as err:
                    echo(f"{path}: cannot write: {err.strerror or err}", err=True)
                    failed += 1
                    continue
                echo(f"reformatted {path}", err=True)
        verb = "would be reformatted" if check or diff else "reformatted"
        summary = f"{changed} file(s) {verb}, {unchanged} left unchanged"
        echo(summary + (f", {failed} could not be formatted" if failed else ""), err=True)
        if failed:
            raise typer.Exit(2)
        raise typer.Exit(1 if (check or diff) and changed else 0)


def _read(path: Path) -> str:
    """A rule file's text; one that is not UTF-8 is a positioned error (E105), as when loading."""
    return _decode(path.read_bytes(), path)


def _decode(data: bytes, path: Path) -> str:
    from ..language.loader import binary_data, not_utf8

    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise (binary_data(path, data) or not_utf8(path, err)) from None


def _diff(before: str, after: str, name: str) -> str:
    return "".join(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                        f"{name}", f"{name} (formatted)"))
