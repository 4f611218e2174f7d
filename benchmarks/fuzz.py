"""Mutation fuzzing that reaches the engine: N mutated rule sets of the three games, each parsed, checked and,
when accepted, played by the tree-walker (the reference) and by the flat target (the compiler
`simulate --engine compiled` plays on), whose result must be the tree-walker's (the cases and
outcomes are described in tests/fuzz_cases.py and tests/fuzz_flat.py).

    python benchmarks/fuzz.py [--cases 100000] [--workers 2] [--seed 1] [--start 0]
                              [--out fuzz-out] [--minimize] [--case I] [--time]
    python benchmarks/fuzz.py --sum [--out fuzz-out]

Prints the outcome counts and cases/s; for each crash, hang and disagreement, the case (seed and
index), what was mutated, the first lines of the error, and the folder where the mutated game
was saved (OUT/case-SEED-INDEX/GAME, with case.txt). `--case I` runs one case in this process
and prints its result (to reproduce one); `--minimize` keeps the fewest of a bad case's
mutations that still give its outcome. `--time` also times `ast`, `fmt`, `check` and `summary`
on each case, and `run` as it plays on its default engine (the compiled one, and the reference
where that stops) and with `--engine reference`, and lists every command over 2 s
of processor time on a case (processor time: work beside the fuzzer stretches wall time, not
that). Every run lists the ten slowest cases by processor time. Exit status 1 when any case
crashed, hung or disagreed, or, timed, a command took over 2 s.

The outcome line also counts the run-time type errors among the games the checker accepted
(a case that passed `check` and then stopped, on the tree-walker, on a value of the wrong kind:
tests/type_mutants.is_type_error), and apart from them those that stopped on a none where a value
was needed (a built-in's none the rules did not test for, which the types leave to the game);
each is listed with its case. A line counts what the flat target did with the accepted cases:
played, stopped (as the tree-walker did), refused (rules the compiler has no form for: not a
crash, but listed by reason, the compiler's gaps) and crashed. Every run writes the summary of
its range to OUT/summary-SEED-FIRST-LAST.json (schema `fuzz-summary`), so a long run can be split
by --start/--cases over several sessions: `--sum` adds up every range in OUT (refusing ranges
that overlap) and prints the same outcome line for them all (benchmarks/fuzz_ranges.py).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:  # appended, so nothing already importable is shadowed
    sys.path.append(str(ROOT))

import fuzz_ranges as R  # noqa: E402 - (this folder is the script's: first on the path)

from tests import fuzz_cases as F  # noqa: E402


def _progress(every: int, total: int):
    started = time.perf_counter()
    shown = [0]

    def report(run: F.Run) -> None:
        if len(run.bad) > shown[0]:
            index, result = run.bad[-1]
            shown[0] = len(run.bad)
            print(f"  case {index}: {result.outcome}: {result.signature}", file=sys.stderr, flush=True)
        if run.cases % every == 0:
            rate = run.cases / (time.perf_counter() - started)
            bad = sum(run.counts[o] for o in F.BAD)
            print(f"  {run.cases}/{total} cases, {rate:.1f}/s, {bad} bad", file=sys.stderr, flush=True)
    return report


def _one(seed: int, index: int, minimize: bool) -> int:
    os.environ["RATDSL_CACHE_DIR"] = ""
    case = F.make_case(seed, index)
    ws = F.Workspace()
    try:
        result = F.run_case(case, ws)
        print(case.describe())
        print(f"outcome: {result.outcome} ({result.players} players, {result.seconds:.2f} s)")
        commands = getattr(result, "commands", None)
        if commands:
            print("commands: " + ", ".join(f"{c} {s:.2f} s" for c, s in commands.items()))
        if result.flat:
            print(f"flat target: {result.flat}" + (f" ({result.flat_refusal})" if result.flat_refusal else ""))
        if result.detail:
            print(result.detail)
        if minimize and len(case.mutations) > 1:
            keep = F.minimize(case, result.outcome, ws)
            print("minimal: " + "; ".join(case.mutations[i].note for i in keep))
    finally:
        ws.close()
    return 1 if result.outcome in F.BAD else 0


_untimed_run_case = F.run_case
# what --time times on a case (the names a summary's slow commands may have: fuzz-summary's enum)
COMMANDS = ("ast", "fmt", "check", "summary", "run", "run --engine reference")


def _commands(case: F.Case, ws: F.Workspace) -> dict[str, float]:
    """The processor seconds `ratdsl ast`, `fmt`, `check` and `summary` take on the case's files,
    each as its command does it, in this process (a refusal is an answer like any other). Processor
    time, not wall time: a suite run beside the fuzzer would stretch the wall time of a command
    past 2 s, not its processor time, which on idle cores is the time a user waits."""
    from ratdsl.checker.run import check_path
    from ratdsl.language.ast_schema import export, validate_export
    from ratdsl.language.formatter import format_text
    from ratdsl.language.loader import parse_file
    from ratdsl.session import load_rules
    from ratdsl.summaries import summarize, to_markdown

    folder = ws.folder(case.game)
    path = folder / case.file
    target = folder / case.variant if case.variant else folder
    text = path.read_text("utf-8")

    def ast() -> None:
        validate_export(export(parse_file(path), str(path)))

    def summary() -> None:
        to_markdown(summarize(load_rules(target, case.modules, dict(case.options)), "en"))

    out = {}
    for name, work in (("ast", ast), ("fmt", lambda: format_text(text, str(path))),
                       ("check", lambda: check_path(target, case.modules)), ("summary", summary)):
        started = time.process_time()
        try:
            work()
        except Exception:  # noqa: BLE001, S110 - refused or failed: the time is what is measured
            pass
        out[name] = time.process_time() - started
    return out


def timed_run_case(case: F.Case, ws: F.Workspace, only: tuple[int, ...] | None = None) -> F.Result:
    """run_case, with the time of each command on the case in the result's `commands`."""
    with F.mutated(case, ws, only):  # (the run reads the tree of the text the commands parsed)
        cpu = time.process_time()
        commands = _commands(case, ws)
        cpu = time.process_time() - cpu
        result = _untimed_run_case(case, ws, only)
    load, reference = result.parts.get("load", 0.0), result.parts.get("reference", 0.0)
    with F.mutated(case, ws, only):  # (run_case put the shipped text back as it ended)
        started = time.process_time()
        stopped = _compiled_ahead(case, ws, result) if "reference" in result.parts else False
        ahead = time.process_time() - started
        cpu += ahead
    # `ratdsl run` as it plays, each engine's part timed once (the fuzzer's own replays with a
    # larger budget, which only compare the engines, are no command's): `--engine reference`
    # loads the rules and plays on the tree-walker; the default (auto) plays on the compiled
    # engine with its log, and on the reference too where the compiled engine stops (its error)
    commands["run --engine reference"] = load + reference
    commands["run"] = load + ahead + (reference if stopped else 0.0)
    result.seconds += sum(commands.values()) - load - reference
    result.cpu += cpu  # (the processor time per case printed at the end is the whole case's)
    result.commands = commands  # type: ignore[attr-defined]
    return result


def _compiled_ahead(case: F.Case, ws: F.Workspace, result: F.Result) -> bool:
    """The game `ratdsl run` plays ahead on the compiled engine (cli/main.py, _compiled_ahead:
    the logging module made and the game played with its log kept); True where that stops without
    naming the error itself, so that `run` plays it again on the reference."""
    from ratdsl.agents import RandomAgent
    from ratdsl.agents.random_agent import agent_seed
    from ratdsl.engine.errors import StepBudgetExceeded
    from ratdsl.engine.flat import logged
    from ratdsl.engine.log import GameLog
    from ratdsl.session import load_rules

    folder = ws.folder(case.game)
    definition = load_rules(folder / case.variant if case.variant else folder, case.modules, dict(case.options))
    players, seed = result.players, case.game_seed
    try:
        agents = [RandomAgent(agent_seed(seed, s)) for s in range(players)]
        game = logged.FlatLoggedGame(definition, players, seed, agents, GameLog(keep=True))
        game.play()
    except StepBudgetExceeded:  # (named by the compiled engine itself: engine/flat/budget.py)
        return False
    except Exception:  # noqa: BLE001 - a module it cannot make, or a game it stops: the reference plays
        return True
    finally:
        logged._MODULES.pop((definition, players), None)  # (a worker keeps no finished case's module)
    return False


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=100_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="index of the first case")
    ap.add_argument("--out", type=Path, default=Path("fuzz-out"), help="where bad cases are saved")
    ap.add_argument("--time-limit", type=float, default=F.TIME_LIMIT, help="seconds per case")
    ap.add_argument("--minimize", action="store_true", help="minimize each bad case's mutations")
    ap.add_argument("--case", type=int, help="run this one case here and print it")
    ap.add_argument("--time", action="store_true",
                    help="also time ast, fmt, check and summary on each case, and run on each engine, "
                         "and report every command over 2 s")
    ap.add_argument("--sum", action="store_true",
                    help="add up the ranges' summaries in --out and print them as one run")
    args = ap.parse_args(argv)
    if args.sum:
        return R.print_sum(args.out)
    if args.time:
        F.run_case = timed_run_case  # (the workers are forked from here: they run this one)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stops the workers on the way out
    if args.case is not None:
        return _one(args.seed, args.case, args.minimize)
    indexes = range(args.start, args.start + args.cases)
    print(f"fuzz: {args.cases} cases from seed {args.seed}, {args.workers} workers, "
          f"{args.time_limit:g} s per case", flush=True)
    run = F.run_cases(args.seed, indexes, args.workers, args.time_limit,
                      _progress(max(100, args.cases // 20), args.cases))
    run.timed = args.time
    _report_bad(run, args)
    share = run.played / max(1, run.cases)
    print(R.outcome_line(run.counts, run.played, len(run.type_errors), len(run.none_errors)))
    flat_disagreements = R.flat_disagreements(run.bad)
    print("\n".join(R.flat_lines(run.flat, run.flat_refusals, flat_disagreements)))
    for index, error in sorted(run.type_errors):
        print(f"  type error: case {args.seed}:{index}: {error[:300]}")
    for index, error in sorted(run.none_errors):
        print(f"  none: case {args.seed}:{index}: {error[:300]}")
    common = ", ".join(f"{o} {c} {n}" for (o, c), n in run.codes.most_common(12))
    print(f"most common codes: {common}")
    print(f"{run.cases} cases in {run.seconds:.0f} s: {run.cases / max(run.seconds, 1e-9):.1f} cases/s; "
          f"{share:.0%} played a game on the engines")
    per_case = run.cpu / max(1, run.cases)
    print(f"{per_case * 1000:.0f} ms of processor time per case: 100,000 cases take about "
          f"{per_case * 100_000 / max(1, args.workers) / 60:.0f} min with {args.workers} workers on idle cores")
    print("\n".join(R.slow_lines(args.seed, run.slowest, run.slow_commands if args.time else None)))
    print(f"crashes {run.counts['crash']}, hangs over {args.time_limit:g} s {run.counts['hang']}, "
          f"engine disagreements {run.counts['disagreement']} ({flat_disagreements} of them flat/tree-walker)")
    if run.cases == args.cases:  # (a run stopped early is no range: its cases are not all counted)
        print(f"range summary: {R.write(run, args.start, args.cases, args.out)}")
    return 1 if any(run.counts[o] for o in F.BAD) or (args.time and run.slow_commands) else 0


def _report_bad(run: F.Run, args) -> None:
    if not run.bad:
        return
    print(f"{len(run.bad)} bad cases (reproduce one with: python benchmarks/fuzz.py --seed {args.seed} "
          f"--case INDEX):")
    ws = F.Workspace() if args.minimize else None
    try:
        for index, result in sorted(run.bad, key=lambda b: b[0]):
            case = F.make_case(run.seed, index)
            folder = F.save_reproducer(case, result, args.out)
            print(f"- {result.outcome}: {case.describe()}")
            if ws is not None and len(case.mutations) > 1 and result.outcome != "hang":
                keep = F.minimize(case, result.outcome, ws)
                print("    minimal: " + "; ".join(case.mutations[i].note for i in keep))
            for line in result.detail.splitlines()[:1] + result.detail.splitlines()[-2:]:
                print(f"    {line[:300]}")
            print(f"    saved: {folder}/{case.game} ({result.players} players)")
    finally:
        if ws is not None:
            ws.close()


if __name__ == "__main__":
    sys.exit(main())
