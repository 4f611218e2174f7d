"""What every command shares: failing with an exit status, loading rules with readable errors,
checking output paths before any work, and the one line an internal error prints."""

from __future__ import annotations

import os
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import typer

from ..bundled import resolve_rules
from ..files import STDOUT, OutputPathError, atomic_write_text, check_output_path
from ..language.visible import visible

# The session (and the checker, the loader, the definition behind it) is imported by the
# functions that load rules, not when the command line starts.


def echo(message: str = "", err: bool = False, nl: bool = True) -> None:
    """typer.echo for text that may come from rule files, scenarios, logs or locale files: every
    control character but newline and tab is printed as an escape (language/visible.py)."""
    typer.echo(visible(message), err=err, nl=nl)


# Exit statuses: 0 clean, 1 findings or rule errors, 2 usage or environment, 3 a bug in ratdsl,
# 130 interrupted (Ctrl-C).
USAGE = 2
INTERNAL = 3
INTERRUPTED = 130
DEBUG_VARIABLE = "RATDSL_DEBUG"  # set to 1: an internal error shows its traceback
REPORT_TO = "the ratdsl issue tracker, with the command line and the files it read"


def fail(message: str, code: int = 2) -> NoReturn:
    """Print to stderr and exit: 1 for problems in the rules, 2 for usage or environment errors."""
    echo(message, err=True)
    raise typer.Exit(code)


def internal_error_line(err: BaseException, doing: str = "") -> str:
    """The one line a bug in ratdsl prints: what happened and where to report it (the traceback
    goes to stderr first, only with RATDSL_DEBUG=1)."""
    if os.environ.get(DEBUG_VARIABLE, "") not in ("", "0"):
        traceback.print_exception(err)
    where = f" while {doing}" if doing else ""
    first = (str(err).splitlines() or [""])[0][:300]
    return (f"internal error{where}: {type(err).__name__}: {first} (a bug in ratdsl: please report it "
            f"to {REPORT_TO}; {DEBUG_VARIABLE}=1 shows the traceback)")


def internal_error(err: BaseException, doing: str = "") -> NoReturn:
    """A bug in ratdsl, not in the user's files: one line, exit status 3."""
    fail(internal_error_line(err, doing), INTERNAL)


def output_path(path: Path | None, what: str, stdout: bool = False) -> Path | None:
    """`path`, checked before any work is done (files.check_output_path: a file's folder exists
    and is writable; a device or FIFO is written through; a link's target is checked); a usage
    error otherwise. None stays None (the option was not given). `-` is standard output where
    the command allows it (`stdout`)."""
    if path is None:
        return None
    if str(path) == "-" and not stdout:
        fail(f"{what} -: standard output is taken by this command's own output; give a file")
    try:
        return check_output_path(path, what)
    except OutputPathError as err:
        fail(str(err))


def rules_path(path: Path, what: str = "") -> Path:
    """A game folder or rule file named on the command line that exists, or a bundled game's
    name (bundled.py); else a usage error."""
    found = resolve_rules(path)
    if not found.exists():
        fail(f"{what + ': ' if what else ''}no such game folder or rule file: {path}")
    return found


def at_least(value: int, low: int, what: str, high: int | None = None) -> int:
    """A number given on the command line, within its bounds; else a usage error."""
    if value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        fail(f"{what} must be {bounds}, not {value}")
    return value


def load_or_exit(rules: Path, modules: list[str], options: list[str]):
    """The rules' GameDef, or one line (or the findings) and the exit status of `rules_failure`."""
    from ..language.errors import RuleError
    from ..session import RulesInvalid, load_rules, parse_option_pairs

    try:
        return load_rules(rules, modules, parse_option_pairs(options))
    except (RulesInvalid, RuleError, ValueError, OSError) as err:
        fail(*rules_failure(err, rules))


def rules_failure(err: Exception, rules: Path) -> tuple[str, int]:
    """What loading rules failed with, and the exit status: 2 for what the command line got
    wrong (an unknown module, an option it set to a value the rules do not allow, a file that
    cannot be read), 1 for mistakes in the rules."""
    from ..language.errors import RuleError
    from ..language.loader import UnknownModule
    from ..semantics.definition import COMMAND_LINE, DefinitionError
    from ..session import RulesInvalid

    if isinstance(err, UnknownModule):
        return err.render(), 2
    if isinstance(err, DefinitionError) and err.span is COMMAND_LINE:
        return f"--option: {err.message}" + (f" ({err.hint})" if err.hint else ""), 2
    if isinstance(err, RulesInvalid):
        return f"{err}\nThe rules have errors; run `ratdsl check {rules}` for all findings.", 1
    if isinstance(err, RuleError):
        return err.render(), 1
    if isinstance(err, OSError):
        return f"cannot read {err.filename or rules}: {err.strerror or err}", 2
    return str(err), 2


def seats(humans: list[str], players: int) -> list[int]:
    """`--human 1,3`, `--human P1 --human P3`: 0-based seats, or a usage error."""
    out = []
    for item in humans:
        for part in filter(None, (p.strip() for p in item.split(","))):
            number = part[1:] if part[:1] in ("P", "p") else part
            if not number.isdigit() or not 1 <= int(number) <= players:
                fail(f"--human {part}: seats are 1 to {players} (or P1 to P{players})")
            out.append(int(number) - 1)
    if not out:
        fail("--human: name at least one seat played at this terminal, e.g. --human 1,3")
    return sorted(set(out))


def write_reports(report: dict[str, Any], schema: str, render_html: Callable[[dict[str, Any]], str],
                  out: Path | None, html_out: Path | None) -> bool:
    """Writes a report as JSON (validated against schemas/SCHEMA.schema.json first: jsonschema is
    imported only when a report is written) and as HTML, each whole or not at all; False if one
    could not be written (the other is still tried)."""
    if out is None and html_out is None:
        return True
    import json

    from ..schemas import validate

    validate(schema, report)
    ok = True
    for path, what, render in ((out, "report", lambda: json.dumps(report, indent=2, ensure_ascii=False) + "\n"),
                               (html_out, "HTML report", lambda: render_html(report))):
        if path is None:
            continue
        try:
            atomic_write_text(path, render())
        except OSError as err:
            echo(f"cannot write the {what} to {path}: {err.strerror or err}", err=True)
            ok = False
            continue
        echo(f"{what} written to " + ("standard output" if str(path) == STDOUT else str(path)), err=True)
    return ok
