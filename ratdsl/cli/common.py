"""What every command shares: failing with an exit status, and loading rules with readable errors."""

from __future__ import annotations

from pathlib import Path

import typer

from ..language.errors import RuleError
from ..session import RulesInvalid, load_rules, parse_option_pairs


def fail(message: str, code: int = 2) -> None:
    """Print to stderr and exit: 1 for problems in the rules, 2 for usage or internal errors."""
    typer.echo(message, err=True)
    raise typer.Exit(code)


def load_or_exit(rules: Path, modules: list[str], options: list[str]):
    try:
        return load_rules(rules, modules, parse_option_pairs(options))
    except RulesInvalid as err:
        fail(f"{err}\nThe rules have errors; run `ratdsl check {rules}` for all findings.", 1)
    except RuleError as err:
        fail(err.render(), 1)
    except (ValueError, OSError) as err:
        fail(str(err))
