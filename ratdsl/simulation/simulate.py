"""Runs a simulation (and its baseline, on the same seeds) and assembles the report document.
A --precision run plays batches of games until every headline interval is narrow enough."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.coverage import Tally
from ..records import record
from ..session import load_rules
from .coverage import coverage_tally
from .engines import EngineTally
from .report import Aggregate, compare, comparison_method
from .runner import Backend, ProcessBackend, SimulationSpec, run_games

BATCH = 100  # games per batch of a --precision run: a fixed size keeps the stopping point seeded


@record(frozen=True)
class Precision:
    """Play until every headline interval is narrower than `width` (win rates in percentage
    points, other figures in their own units), at most `max_games` games."""
    width: float
    max_games: int
    batch: int = BATCH


def _play(aggregate: Aggregate, spec: SimulationSpec, games: int, seed: int, workers: int,
          progress: Callable[[int], None] | None, tally: Tally | None = None,
          backend: Backend | None = None, engines: EngineTally | None = None, part: str = "run") -> bool:
    """Adds games aggregate.games .. + games to the aggregate (and who played them to `engines`);
    True if interrupted."""
    try:
        for stats in run_games(spec, games, seed, workers, start=aggregate.games, backend=backend):
            aggregate.add(stats)
            if engines is not None:
                engines.add(stats.engine, stats.why, stats.seed, part)
            if tally is not None and stats.coverage is not None:
                tally.add(stats.coverage)
            if progress is not None:
                progress(1)
    except KeyboardInterrupt:
        return True
    return False


def headline_widths(run: Aggregate, base: Aggregate | None) -> dict[str, float]:
    """The width of each headline interval: the paired differences with a baseline, else the
    run's figures (win rates in percentage points)."""
    if base is not None:
        return {k: (d["ci95"][1] - d["ci95"][0]) * (100 if _is_rate(k) else 1)
                for k, d in compare(run, base).items()}
    figures = run.to_json()
    out = {k: figures[k]["ci95"][1] - figures[k]["ci95"][0]
           for k in ("rounds", "score", "winning_score", "margin", "shared_victory")}
    out |= {f"win_rate_by_seat.{s}": 100 * (f["ci95"][1] - f["ci95"][0])
            for s, f in figures["win_rate_by_seat"].items()}
    out |= {f"metrics.{m}": f["ci95"][1] - f["ci95"][0] for m, f in figures["metrics"].items()}
    out["shared_victory"] *= 100
    return out


def _is_rate(key: str) -> bool:
    return key == "shared_victory" or key.startswith("win_rate_by_seat.")


def simulate(spec: SimulationSpec, games: int, seed: int, workers: int = 1,
             baseline: SimulationSpec | None = None,
             progress: Callable[[int], None] | None = None,
             precision: Precision | None = None, backend: Backend | None = None) -> dict[str, Any]:
    """The report document (schemas/report.schema.json: validated where it is written, so that a
    run that only prints its table does not import jsonschema). With `precision`,
    `games` is ignored: batches of BATCH games (run, then baseline on the same seeds) until
    every headline interval is narrower than asked, or max_games. `backend` plays the games
    (default: `workers` local processes); the report does not depend on it."""
    definition = load_rules(spec.rules, spec.modules, dict(spec.options))
    backend = backend or ProcessBackend(workers, loaded={spec: definition})  # (loaded once)
    tally = coverage_tally(definition) if spec.coverage else None  # the run's games only
    run = Aggregate(spec.players, agents=tuple(spec.agents))
    base = Aggregate(baseline.players, agents=tuple(baseline.agents)) if baseline is not None else None
    widest: float | None = None
    engines = EngineTally(spec.engine)
    if precision is None:
        stopped = _play(run, spec, games, seed, workers, progress, tally, backend, engines)
        if base is not None and not stopped:
            stopped = _play(base, baseline, run.games, seed, workers, progress, backend=backend, engines=engines,
                            part="baseline")
    else:
        games = precision.max_games
        stopped = False
        while not stopped and run.games < games:
            n = min(precision.batch, games - run.games)
            stopped = _play(run, spec, n, seed, workers, progress, tally, backend, engines)
            if base is not None and not stopped:
                stopped = _play(base, baseline, n, seed, workers, progress, backend=backend, engines=engines,
                                part="baseline")
            if not stopped and run.games >= 2:
                widest = max(headline_widths(run, base).values())
                if widest < precision.width:
                    break
    run_json = run.to_json()
    base_json = base.to_json() if base is not None else None
    # an interrupted run whose baseline did not finish the same games has nothing to pair
    comparison = compare(run, base) if base is not None and base.games >= 2 and base.games == run.games else None
    title = definition.game.title + (f", variant {definition.ruleset.variant.title}"
                                     if definition.ruleset.variant else "")
    summary = (f"{run.games} games of {title} with {spec.players} players"
               + (f" and {', '.join(spec.modules)}" if spec.modules else "")
               + f", agents {', '.join(spec.agents)}, master seed {seed}"
               + (f"; baseline {baseline.rules}" + (f" with {', '.join(baseline.modules)}" if baseline.modules else "")
                  + " (paired: the same seeds)" if baseline else "")
               + (_precision_text(precision, widest, run.games) if precision is not None and not stopped else "")
               + (f"; PARTIAL, interrupted: {run.games} of {games} games played"
                  + (f" ({base.games} for the baseline)" if base is not None else "") if stopped else "") + ".")
    report = {
        "title": f"Simulation of {title}" + (" (partial: interrupted)" if stopped else ""),
        "summary": summary,
        "rules": spec.rules,
        "modules": list(spec.modules),
        "options": {k: v for k, v in sorted(definition.option_values.items())},
        "players": spec.players,
        "games": games,
        "seed": seed,
        "agents": list(spec.agents),
        "stopped_early": stopped,
        "metric_titles": {name: m.title for name, m in definition.metrics.items()},
        "run": run_json,
        "baseline": base_json,
        "baseline_rules": baseline.rules if baseline else None,
        "comparison": comparison,
        "comparison_method": comparison_method(comparison, run.games) if comparison is not None else None,
        "engine": engines.to_json(),
    }
    if precision is not None:
        report["precision"] = {"width": precision.width, "max_games": precision.max_games,
                               "batch": precision.batch,
                               "widest": None if widest is None else round(widest, 6),
                               "reached": widest is not None and widest < precision.width}
    if tally is not None:
        report["coverage"] = tally.to_json()
    return report


def _precision_text(precision: Precision, widest: float | None, games: int) -> str:
    if widest is not None and widest < precision.width:
        return f"; played until every headline interval was narrower than {precision.width:g} ({games} games)"
    return (f"; precision {precision.width:g} NOT reached by --max-games {precision.max_games}"
            + (f" (widest interval {widest:.3g})" if widest is not None else ""))

