"""The `ratdsl` command line. Exit codes: 0 clean, 1 findings or failures, 2 usage or internal error."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from ..agents import RandomAgent
from ..agents.human import HumanAgent
from ..engine import Game
from ..engine.game import agent_seed
from ..engine.log import GameLog
from ..language.errors import RuleError
from ..session import RulesInvalid, load_rules, parse_option_pairs
from .narrate import Narrator

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Board-game rules as data: check, run, replay, test and simulate rule files.")

WITH = typer.Option([], "--with",
                    help="Switch on an optional module: a file in the game's modules/ folder.")
OPTION = typer.Option([], "--option", "-o", help="Set a rule option: NAME=VALUE (repeatable).")


def _fail(message: str, code: int = 2) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(code)


def _load(rules: Path, modules: list[str], options: list[str]):
    try:
        return load_rules(rules, modules, parse_option_pairs(options))
    except RulesInvalid as err:
        _fail(f"{err}\nThe rules have errors; run `ratdsl check {rules}` for all findings.", 1)
    except RuleError as err:
        _fail(err.render(), 1)
    except (ValueError, OSError) as err:
        _fail(str(err))


@app.command()
def run(rules: Path = typer.Argument(..., help="A game folder under rules/, or a variant file."),
        players: int = typer.Option(4, "--players", "-p", help="Number of players."),
        seed: int = typer.Option(1, "--seed", "-s", help="Seed of the game's random numbers."),
        modules: list[str] = WITH, options: list[str] = OPTION,
        log: Path | None = typer.Option(None, "--log", help="Write every record as JSON lines."),
        human: list[int] = typer.Option([], "--human", help="Seat (1-based) played at this terminal."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="Only round headers and scores."),
        ) -> None:
    """Play one seeded game and narrate it round by round."""
    definition = _load(rules, modules, options)
    stream = open(log, "w", encoding="utf-8") if log else None
    game_log = GameLog(keep=False, stream=stream)
    game_log.listeners.append(Narrator(definition, typer.echo, verbose=not quiet))
    agents = [HumanAgent() if seat + 1 in human else RandomAgent(agent_seed(seed, seat))
              for seat in range(players)]
    try:
        Game(definition, players, seed, agents=agents, log=game_log, rules_label=str(rules)).play()
    except RuleError as err:
        _fail(err.render(), 1)
    except ValueError as err:
        _fail(str(err))
    finally:
        if stream:
            stream.close()
    if log:
        typer.echo(f"log written to {log}")


@app.command()
def replay(log: Path = typer.Argument(..., help="A log written by `ratdsl run --log`.")) -> None:
    """Re-run a logged game from its decisions and confirm it reaches the same states."""
    from ..engine.replay import replay_log

    try:
        result = replay_log(log)
    except (OSError, ValueError, RuleError) as err:
        _fail(str(err))
    if result.ok:
        typer.echo(f"replay ok: {result.records} records, {result.checkpoints} state checkpoints match")
    else:
        _fail(f"replay diverges at record {result.diverged_at}:\n  logged:   {result.expected}\n"
              f"  replayed: {result.actual}", 1)


@app.command()
def check(paths: list[Path] = typer.Argument(..., help="Game folders or variant files."),
          modules: list[str] = WITH,
          output_format: str = typer.Option("text", "--output-format", help="text, json or github."),
          ) -> None:
    """Parse and check rule files; print every finding with its position."""
    from ..checker import check_ruleset
    from ..language.loader import load

    findings = []
    for path in paths:
        try:
            findings.extend(check_ruleset(load(path, tuple(modules))))
        except RuleError as err:
            findings.append(err)
        except OSError as err:
            _fail(str(err))
    if output_format == "json":
        typer.echo(json.dumps([_finding_json(f) for f in findings], indent=2))
    elif output_format == "github":
        for f in findings:
            level = "warning" if getattr(f, "severity", "error") == "warning" else "error"
            typer.echo(f"::{level} file={f.file},line={f.line},col={f.column}::{f.code} {f.message}")
    elif output_format == "text":
        for f in findings:
            typer.echo(f.render())
        errors = sum(1 for f in findings if getattr(f, "severity", "error") == "error")
        typer.echo(f"{errors} error(s), {len(findings) - errors} warning(s)" if findings else "no findings")
    else:
        _fail(f"unknown output format {output_format!r}: use text, json or github")
    raise typer.Exit(1 if findings else 0)


def _finding_json(f) -> dict:
    return {"file": f.file, "line": f.line, "column": f.column, "end_column": f.end_column,
            "code": f.code, "severity": getattr(f, "severity", "error"), "message": f.message,
            "hint": f.hint}


@app.command()
def test(paths: list[Path] = typer.Argument(None, help="Scenario files or folders.")) -> None:
    """Run scenario tests written as data (JSON, YAML or TOML)."""
    from ..scenarios import collect_scenarios, run_scenario

    files = collect_scenarios(paths or [Path("rules")])
    if not files:
        _fail("no scenario files found")
    failed = 0
    for path in files:
        outcome = run_scenario(path)
        mark = "ok  " if outcome.ok else "FAIL"
        typer.echo(f"{mark} {path}" + ("" if outcome.ok else "\n" + outcome.report()))
        failed += not outcome.ok
    typer.echo(f"{len(files) - failed} passed, {failed} failed")
    raise typer.Exit(1 if failed else 0)


@app.command("ast")
def ast_command(file: Path = typer.Argument(..., help="One rule file."),
                as_json: bool = typer.Option(True, "--json/--no-json", help="Export as JSON.")) -> None:
    """Export the typed AST of a rule file (described by schemas/ast.schema.json)."""
    from ..language import parse_file
    from ..language.ast import to_json

    try:
        program = parse_file(file)
    except RuleError as err:
        _fail(err.render(), 1)
    data = {"file": str(file), "ast": to_json(program)}
    typer.echo(json.dumps(data, indent=1 if as_json else None))


# Commands that live in their own modules register themselves here (one line each).
for _module in ("cmd_diff", "cmd_summary", "cmd_i18n", "cmd_simulate"):
    __import__(f"ratdsl.cli.{_module}", fromlist=["register"]).register(app)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
