"""The `ratdsl` command line. Exit codes: 0 clean, 1 findings or failures, 2 usage or environment,
3 an internal error (a bug in ratdsl: one line, the traceback only with RATDSL_DEBUG=1), 130
interrupted."""

from __future__ import annotations

import copy
import json
import os
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING

import typer

from .. import __version__
from .common import (
    INTERNAL,
    INTERRUPTED,
    USAGE,
    echo,
    fail,
    internal_error,
    internal_error_line,
    load_or_exit,
    output_path,
    rules_failure,
    rules_path,
    seats,
)
from .help_words import words_everywhere
from .verbosity import LINES_PER_ROUND, VERBOSITY_HELP

if TYPE_CHECKING:
    from ..checker.diagnostic import Diagnostic
    from ..engine.game import Game
    from ..engine.log import GameLog
    from ..language.loader import RuleSet
    from ..semantics.symbols import SymbolTable

# Start-up: a command imports what it needs when it runs (the engine, the checker, Rich, ...),
# so that `ratdsl check` and `ratdsl simulate` do not load what they never use
# (tests/test_startup.py, benchmarks/bench_startup.py).

try:  # Typer 0.2x carries its own copy of Click; older ones use the click package
    from typer._click import exceptions as click_exceptions
except ImportError:  # pragma: no cover - depends on the installed Typer
    from click import exceptions as click_exceptions  # type: ignore[no-redef]

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Board-game rules as data: check, run, replay, test and simulate rule files.")

WITH = typer.Option([], "--with",
                    help="Switch on an optional module: a file in the game's modules/ folder.")
OPTION = typer.Option([], "--option", "-o", help="Set a rule option: NAME=VALUE (repeatable).")


def _print_version(value: bool) -> None:
    if value:
        echo(f"ratdsl {__version__}")
        raise typer.Exit()


@app.callback()
def _everywhere(version: bool = typer.Option(False, "--version", is_eager=True, callback=_print_version,
                                             help="Print ratdsl's version and exit.")) -> None:
    # The conventions every command keeps (exit statuses, streams, examples): docs/cli.md.
    pass




@app.command()
def run(rules: Path = typer.Argument(..., help="A game folder under rules/, or a variant file."),
        players: int = typer.Option(4, "--players", "-p", help="Number of players."),
        seed: int | None = typer.Option(
            None, "--seed", "-s",
            help="Seed of the game's random numbers (1 by default; a secret random one when a "
                 "human plays, since the seed decides every hidden order)."),
        modules: list[str] = WITH, options: list[str] = OPTION,
        log: Path | None = typer.Option(
            None, "--log",
            help="Write every record as JSON lines when the game ends (or stops), all at once."),
        as_player: int | None = typer.Option(
            None, "--as-player", min=1,
            help="With --log: write only what this seat (1-based) may see, no hidden face, value, "
                 "shuffled order or other player's secret choice (schemas/player-log.schema.json)."),
        human: list[str] = typer.Option([], "--human", help="Seat played at this terminal: 1 or P1 (as `play`)."),
        referee: bool = typer.Option(
            False, "--referee",
            help="Narrate everything, hidden parts too (not allowed while a human plays)."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="Only round headers and scores (--verbosity 0)."),
        verbosity: int | None = typer.Option(None, "--verbosity", "-v", min=0, max=3, help=VERBOSITY_HELP),
        lang: str | None = typer.Option(None, "--lang", "-l",
                                        help="Narrate in en, de, es or fr, with the game's own words."),
        lines_per_round: int = typer.Option(
            LINES_PER_ROUND, "--lines-per-round", min=1,
            help="Lines narrated in a round; past them, each step's further lines are summed up "
                 "(\"… 1,999,000 more changes of counter\")."),
        engine: str = typer.Option(
            "auto", "--engine",
            help="auto (the compiled engine, writing the reference's log, where it can play the "
                 "rules and seats; else the reference), reference (the tree-walker) or compiled "
                 "(refused where it cannot: no --human)."),
        ) -> None:
    """Play one seeded game and narrate it round by round.

    The narration shows what the players may see: with one human seated, what that player sees;
    otherwise what every player sees (no shuffled order, nothing inside `secretly` before it is
    uncovered). --referee shows the whole log instead. Exit status 1 when the rules stop the
    game, 2 for usage or a failing player input, 130 on Ctrl-C; --log is then still written,
    ending with an `aborted` record.

    Example: ratdsl run rules/my_game --players 3 --seed 7 --verbosity 1"""
    import secrets

    from ..agents import RandomAgent
    from ..agents.random_agent import agent_seed
    from ..engine.log import GameLog, dumps
    from .table.narration import check_lang, narrator
    from .table.seats import Table
    from .table.terminal import Terminal
    from .table.words import GameWords

    check_lang(lang)
    _run_engine(engine)
    if referee and human:
        fail("--referee shows hidden information: it cannot be used while a human plays")
    if as_player is not None and (log is None or as_player > players):
        fail("--as-player needs --log" if log is None else f"--as-player {as_player}: seats are 1 to {players}")
    if human:  # (the seat syntax of `play`: 1, P1, or 1,3)
        human = [seat + 1 for seat in seats(human, players)]
    output_path(log, "--log")  # (a usage error, before any work, if it cannot be written)
    definition = load_or_exit(rules, modules, options)
    if seed is None:
        seed = secrets.randbits(63) if human else 1
    narrated = human[0] - 1 if len(set(human)) == 1 else None  # several humans: what all see
    # A human is asked as at `play`'s table: each question a form in words, in --lang.
    table = Table(GameWords(definition, lang or "en"), Terminal(), [seat - 1 for seat in human]) if human else None
    agents = [table.seat(seat) if table is not None and seat + 1 in human else RandomAgent(agent_seed(seed, seat))
              for seat in range(players)]
    with ExitStack() as files:
        # While a human plays, the log stays in memory (nothing hidden on disk while they are
        # asked); otherwise it goes to a temporary file. Either appears at --log when the game
        # ends or stops, whole.
        stream = None if log is None or human or as_player else files.enter_context(_log_file(log))
        game_log = GameLog(keep=log is not None and stream is None, stream=stream)
        if table is not None:
            game_log.listen(table.face_up)
        narrating = narrator(definition, 0 if quiet else verbosity, lang, seat=narrated,
                             referee=referee, show_seed=not human, line_limit=lines_per_round,
                             terminal=table.terminal if table is not None else None)
        if table is not None:
            table.before_ask = narrating.flush_ledger
        game_log.listen(narrating)
        try:
            ahead = _compiled_ahead(definition, players, seed, str(rules)) if engine == "auto" and not human else None
            game = None if ahead is not None else _game(definition, players, seed, agents, game_log, str(rules),
                                                        engine)
        except ValueError as err:
            fail(str(err))
        if ahead is not None:
            status, message = _relay(*ahead, game_log)
        else:
            status, message = _play(game, game_log)
    if game_log.keep:
        records = game_log.records if as_player is None else _player_records(game_log.records, as_player - 1)
        with _log_file(log) as out:  # type: ignore[arg-type]
            out.writelines(dumps(record) + "\n" for record in records)
    if status:
        if not message:
            raise typer.Exit(status)
        fail(message, status)
    if log:
        echo(f"log written to {log}", err=True)


def _run_engine(engine: str) -> None:
    """`run --engine`: a game narrated from its log, so an engine that keeps one (a usage error else)."""
    if engine == "native":
        fail("--engine native: run narrates the game's log, which the native build does not keep; "
             "use compiled, auto or reference")
    if engine not in ("auto", "reference", "compiled"):
        fail(f"--engine must be auto, reference or compiled, not {engine!r}")


def _game(definition, players: int, seed: int, agents: list, game_log: GameLog, label: str, engine: str):
    """The game `run` plays live: the reference engine's (the tree-walker), or the compiled
    engine's with its log (`compiled`: refused in one line where it cannot log the game)."""
    if engine != "compiled":
        from ..engine.game import Game

        return Game(definition, players, seed, agents=agents, log=game_log, rules_label=label)
    from ..engine.flat.logged import FlatLoggedGame, FlatLogStopped

    try:
        return FlatLoggedGame(definition, players, seed, agents, game_log, rules_label=label)
    except FlatLogStopped as err:
        fail(f"--engine compiled: {err}")


def _compiled_ahead(definition, players: int, seed: int, label: str) -> tuple | None:
    """`run --engine auto` with no human seat: the game played on the compiled engine first, its
    log kept (the same records the reference writes, byte for byte: tests/test_flat_log.py), to be
    narrated once it has ended; with the R002 that stopped it, if the step budget ran out inside a
    loop or rule call (the compiled engine names it: engine/flat/budget.py). None where the
    compiled engine cannot play it to its end otherwise: rules it has no form for (said on
    stderr), or a game the rules stop, which the reference then plays live and reports with its
    position, as `simulate` does."""
    from ..agents import RandomAgent
    from ..agents.random_agent import agent_seed
    from ..engine.errors import StepBudgetExceeded
    from ..engine.flat.logged import FlatLoggedGame, FlatLogStopped
    from ..engine.log import GameLog

    kept = GameLog(keep=True)
    try:
        game = FlatLoggedGame(definition, players, seed, [RandomAgent(agent_seed(seed, s)) for s in range(players)],
                              kept, rules_label=label)
    except FlatLogStopped as err:  # (said: the compiled engine is the one `auto` means)
        echo(f"(played on the reference engine: {err})", err=True)
        return None
    try:
        game.play()
    except StepBudgetExceeded as err:
        return kept.records, (game.where, err)
    except Exception:  # noqa: BLE001 - the rules stopped it, or a limit: the reference plays it and says where
        return None
    return kept.records, None


def _relay(records: list[dict], stopped: tuple | None, game_log: GameLog) -> tuple[int, str]:
    """Narrates and keeps a log played ahead, as `_play` would have live: with the `aborted`
    record and the error of a game `stopped` at (where, error)."""
    try:
        for record in records:
            game_log.relay(record)
        if stopped is not None:
            where, err = stopped
            game_log.abort("error", where, err)
            return 1, err.render()
    except BrokenPipeError:  # `ratdsl run ... | head`: the reader left; stop quietly
        silence_stdout()
        return 1, ""
    return 0, ""


def _player_records(records: list[dict], seat: int) -> list[dict]:
    """What one seat may read of the log, each record checked against the player-log schema."""
    from ..engine.runtime.views import player_log
    from ..schemas import validate_player_record

    seen = player_log(records, seat)
    for record in seen:
        validate_player_record(record)
    return seen


def _play(game: Game, game_log: GameLog) -> tuple[int, str]:
    """Plays the game; a game that stops early ends its log with an `aborted` record. Returns
    the exit status and the one line to print."""
    from ..language.errors import RuleError

    where = game.runtime
    try:
        game.play()
    except RuleError as err:
        game_log.abort("error", where.where, err)
        return 1, err.render()
    except KeyboardInterrupt:
        game_log.abort("interrupted", where.where)
        return 130, "interrupted"
    except EOFError:
        game_log.abort("agent", where.where, EOFError("the input ended while a player was asked"))
        return 2, "the input ended while a player was asked; the game stopped"
    except BrokenPipeError:  # `ratdsl run ... | head`: the reader left; stop quietly
        game_log.abort("interrupted", where.where)
        silence_stdout()
        return 1, ""
    except Exception as err:  # noqa: BLE001 - an engine bug: keep the log, report it in one line
        if getattr(err, "flat_log_stop", False):  # (the flat target cannot go on logging: loudly, status 1)
            game_log.abort("error", where.where, err)
            return 1, f"--engine compiled: {err}"
        game_log.abort("internal", where.where, err)
        first = (str(err).splitlines() or [""])[0]
        return 3, f"internal error: {type(err).__name__}: {first} (please report it with the log)"
    return 0, ""


@contextmanager
def _log_file(path: Path) -> Iterator[IO[str]]:
    """The log's temporary file, renamed to `path` when the block ends (see files.py)."""
    from ..files import atomic_writer

    try:
        with atomic_writer(path) as out:
            yield out
    except OSError as err:
        fail(f"--log {str(path)!r}: {err.strerror or err}")


@app.command()
def replay(log: Path = typer.Argument(..., help="A log written by `ratdsl run --log`."),
           rules: Path | None = typer.Option(
               None, "--rules", help="The game folder or variant file to replay with, instead of the one the "
                                     "log names (which must lie inside the current folder or the log's).")) -> None:
    """Re-run a logged game from its decisions and confirm it reaches the same states.

    Example: ratdsl replay game.jsonl"""
    from ..language.errors import RuleError
    from ..replay import replay_log
    from ..session import RulesInvalid

    if rules is not None:
        rules = rules_path(rules, "--rules")
    try:
        result = replay_log(log, rules)
    except (RulesInvalid, RuleError) as err:  # the rules the log names are broken
        fail(*rules_failure(err, rules or log))
    except OSError as err:
        fail(f"cannot read {err.filename or log}: {err.strerror or err}")
    except ValueError as err:  # not JSON lines, not a game log, rules out of reach
        fail(f"{log}: {err}")
    if result.ok:
        stopped = f"; the game stopped early ({result.aborted}), as logged" if result.aborted else ""
        echo(f"replay ok: {result.records} records, {result.checkpoints} state checkpoints match{stopped}")
    else:
        fail(f"replay diverges at record {result.diverged_at}:\n  logged:   {result.expected}\n"
              f"  replayed: {result.actual}", 1)


@app.command()
def check(paths: list[Path] = typer.Argument(..., help="Game folders or variant files (several allowed)."),
          modules: list[str] = WITH,
          output_format: str = typer.Option("text", "--output-format",
                                            help="text, json (schemas/diagnostics.schema.json) or github."),
          ) -> None:
    """Parse and check rule files; print every finding with its position.

    A game folder is checked whole: the base game, each module alone and all of them together,
    and each variant; a folder of game folders is searched for them. With --with, each game
    folder is checked with exactly those modules. Exit status (as ruff): 0 no findings, 1 any
    finding (warnings too), 2 usage, 3 internal error.

    Example: ratdsl check rules/my_game"""
    from ..checker.run import OUTPUT_FORMATS, check_tree, exit_code, render
    from ..language.loader import UnknownModule
    from ..language.visible import visible_json
    from ..schemas import SchemaError

    if output_format not in OUTPUT_FORMATS:
        fail(f"unknown output format {output_format!r}: use text, json or github")
    paths = [rules_path(path) for path in paths]  # a bundled game's name too
    try:
        findings = check_tree(paths, modules, also=_invariants, kept=True)  # invariants: E242
        text = render(findings, output_format, paths)
    except UnknownModule as err:
        fail(err.render())
    except OSError as err:
        fail(str(err))
    except (SchemaError, Exception) as err:  # noqa: BLE001 - a checker bug must not look like a finding
        internal_error(err, "checking")
    echo(visible_json(text) if output_format == "json" else text)
    raise typer.Exit(exit_code(findings))


def _invariants(ruleset: RuleSet, symbols: SymbolTable) -> list[Diagnostic]:
    """The invariants' findings (E242), the engine imported only for a rule set whose findings are
    not kept on disk (checker/kept.py)."""
    from ..engine.invariants import check_invariants

    return check_invariants(ruleset, symbols)


@app.command()
def test(paths: list[Path] = typer.Argument(None, help="Scenario files or folders."),
         coverage: bool = typer.Option(False, "--coverage",
                                       help="After the results, which rules, cards, hooks and branches "
                                            "the scenarios ran, and which none did.")) -> None:
    """Run scenario tests written as data (JSON, YAML or TOML); exit 1 if one fails.

    Example: ratdsl test rules/my_game/scenarios --coverage"""
    from ..bundled import resolve_rules
    from ..engine.coverage import Tally
    from ..scenarios import ScenarioOutcome, collect_scenarios, run_scenario

    paths = [resolve_rules(path) for path in paths or []]  # a bundled game's name: its scenarios
    for path in paths:
        if not path.exists():
            fail(f"no such scenario file or folder: {path}")
    files = collect_scenarios(paths or [Path("rules")])
    if not files:
        fail("no scenario files found")
    failed = broken = 0
    tally = Tally() if coverage else None
    for path in files:
        try:
            outcome = run_scenario(path, coverage=tally)
        except Exception as err:  # noqa: BLE001 - a bug shown on that scenario; the others still run
            outcome = ScenarioOutcome(path, failures=[internal_error_line(err, "running this scenario")])
            broken += 1
        mark = "ok  " if outcome.ok else "FAIL"
        echo(f"{mark} {path}" + ("" if outcome.ok else "\n" + outcome.report()))
        failed += not outcome.ok
    if tally is not None:
        from rich.console import Console

        from .coverage_table import print_coverage

        print_coverage(Console(), tally.to_json(), "scenario")
    echo(f"{len(files) - failed} passed, {failed} failed")
    raise typer.Exit(INTERNAL if broken else 1 if failed else 0)


@app.command("ast")
def ast_command(file: Path = typer.Argument(..., help="One rule file."),
                as_json: bool = typer.Option(True, "--json/--no-json",
                                              help="JSON (the default) or, with --no-json, an outline.")) -> None:
    """Export the typed AST of a rule file (described by schemas/ast.schema.json, checked before
    printing; a mismatch is an internal error, reported at the node's position, exit 3).
    --no-json prints it as an indented outline instead, one node a line.

    Example: ratdsl ast rules/my_game/game.rat --no-json"""
    from ..language.ast_schema import AstSchemaError, export, validate_export
    from ..language.errors import RuleError
    from ..language.loader import parse_file  # (a file that is not UTF-8 text: E105)
    from ..language.visible import visible_json

    try:
        program = parse_file(file)
    except RuleError as err:
        fail(err.render(), 1)
    except OSError as err:
        fail(f"cannot read {file}: {err.strerror or err}")
    data = export(program, str(file))
    try:
        validate_export(data)
    except AstSchemaError as err:
        fail(f"internal error: {err}", INTERNAL)
    if as_json:
        echo(visible_json(json.dumps(data, indent=1, ensure_ascii=False)))
    else:
        from .ast_outline import outline

        echo(outline(data["ast"]))


# Commands that live in their own modules register themselves here (one line each).
for _module in ("cmd_diff", "cmd_summary", "cmd_i18n", "cmd_fmt", "cmd_simulate", "cmd_lsp", "cmd_play", "cmd_cache",
                "cmd_balance", "cmd_tune"):
    __import__(f"ratdsl.cli.{_module}", fromlist=["register"]).register(app)
words_everywhere(app)  # (--help labels parameters in words, not Python types)


def main() -> None:
    """The entry point: whatever a command does not handle is a bug in ratdsl, reported on one
    line with exit status 3, never as a raw traceback; a usage error (a missing argument, a value
    of the wrong type, an unknown command or option) is one line with exit status 2."""
    import gc

    from .plain_values import install

    # What importing the command line made lives as long as the process: the garbage collector's
    # full collections need not walk it again and again while a command imports the rest (some
    # 4% of a one-game `simulate`: start-up, issue 13).
    gc.freeze()
    install()  # (plain values converted without pydantic: start-up, issue 13)
    command = typer.main.get_command(app_for(sys.argv[1:]))
    try:
        status = command.main(prog_name="ratdsl", standalone_mode=False)
    except click_exceptions.NoArgsIsHelpError as err:
        echo(err.ctx.get_help() if err.ctx else "ratdsl --help", err=True)
        sys.exit(USAGE)
    except click_exceptions.UsageError as err:
        echo(usage_error_line(err), err=True)
        sys.exit(USAGE)
    except click_exceptions.ClickException as err:  # a bad file given to a click.File and such
        echo(f"ratdsl: {err.format_message()}", err=True)
        sys.exit(err.exit_code)
    except typer.Abort:  # standard input ended while a command read it
        echo("ratdsl: input ended", err=True)
        sys.exit(USAGE)
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED)
    except BrokenPipeError:  # the reader of our output left (`| head`): nothing to say
        silence_stdout()
        sys.exit(1)
    except Exception as err:  # noqa: BLE001 - the last line of defence
        echo(internal_error_line(err), err=True)
        sys.exit(INTERNAL)
    sys.exit(status if isinstance(status, int) else 0)


def app_for(args: list[str]) -> typer.Typer:
    """The app with only the command `args` names, when they name one: Typer inspects each
    command's parameters to make its Click command, which cost a tenth of `ratdsl check`'s
    start-up for the commands that do not run (issue 13). Anything else (no command, --help,
    --version, a group of commands, an unknown name) gets the whole app, whose help and errors
    list every command."""
    name = args[0] if args else ""
    for info in app.registered_commands:
        if (info.name or typer.main.get_command_name(info.callback.__name__)) == name:
            only = copy.copy(app)
            only.registered_commands, only.registered_groups = [info], []
            return only
    return app


def silence_stdout() -> None:
    """Points standard output at the null device, so that Python's flush at exit does not fail
    again on the closed pipe (the recipe of the `signal` module's documentation)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def usage_error_line(err: click_exceptions.UsageError) -> str:
    """Click's usage error as one line: the command, what was wrong, where help is."""
    where = err.ctx.command_path if err.ctx else "ratdsl"
    message = " ".join(err.format_message().split())
    return f"{where}: {message} (see '{where} --help')"


if __name__ == "__main__":
    main()
