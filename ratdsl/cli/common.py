"""What every command shares: failing with an exit status, and loading rules with readable errors."""

from __future__ import annotations

from pathlib import Path

import typer

from ..language.errors import RuleError
from ..language.loader import UnknownModule
from ..language.visible import visible
from ..session import RulesInvalid, load_rules, parse_option_pairs


def echo(message: str = "", err: bool = False, nl: bool = True) -> None:
    """typer.echo for text that may come from rule files, scenarios, logs or locale files: every
    control character but newline and tab is printed as an escape (language/visible.py)."""
    typer.echo(visible(message), err=err, nl=nl)


def fail(message: str, code: int = 2) -> None:
    """Print to stderr and exit: 1 for problems in the rules, 2 for usage or internal errors."""
    echo(message, err=True)
    raise typer.Exit(code)


def load_or_exit(rules: Path, modules: list[str], options: list[str]):
    try:
        return load_rules(rules, modules, parse_option_pairs(options))
    except UnknownModule as err:  # a --with that names no module of the game: a usage error
        fail(err.render())
    except RulesInvalid as err:
        fail(f"{err}\nThe rules have errors; run `ratdsl check {rules}` for all findings.", 1)
    except RuleError as err:
        fail(err.render(), 1)
    except (ValueError, OSError) as err:
        fail(str(err))
