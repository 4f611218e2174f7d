"""Runs a simulation (and its baseline) and assembles the report document."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..schemas import validate
from ..session import load_rules
from .report import Aggregate, compare
from .runner import SimulationSpec, run_games


def _aggregate(spec: SimulationSpec, games: int, seed: int, workers: int,
               progress: Callable[[int], None] | None) -> tuple[Aggregate, bool]:
    aggregate = Aggregate(spec.players)
    stopped = False
    try:
        for stats in run_games(spec, games, seed, workers):
            aggregate.add(stats)
            if progress is not None:
                progress(1)
    except KeyboardInterrupt:
        stopped = True
    return aggregate, stopped


def simulate(spec: SimulationSpec, games: int, seed: int, workers: int = 1,
             baseline: SimulationSpec | None = None,
             progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The report document (validated against schemas/report.schema.json)."""
    definition = load_rules(spec.rules, spec.modules, dict(spec.options))
    run, stopped = _aggregate(spec, games, seed, workers, progress)
    base = None
    if baseline is not None and not stopped:
        base, stopped = _aggregate(baseline, run.games, seed, workers, progress)
    run_json = run.to_json()
    base_json = base.to_json() if base is not None else None
    title = definition.game.title + (f", variant {definition.ruleset.variant.title}"
                                     if definition.ruleset.variant else "")
    summary = (f"{run.games} games of {title} with {spec.players} players"
               + (f" and {', '.join(spec.modules)}" if spec.modules else "")
               + f", agents {', '.join(spec.agents)}, master seed {seed}"
               + (f"; baseline {baseline.rules}" + (f" with {', '.join(baseline.modules)}" if baseline.modules else "")
                  if baseline else "")
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
        "comparison": compare(run_json, base_json) if base_json and base.games and run.games else None,
    }
    validate("report", report)
    return report
