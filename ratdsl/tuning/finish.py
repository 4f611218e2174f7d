"""What a tuning run leaves: the best candidate written as an ordinary variant file (checked and
formatted, headed by a comment saying how it was found), and the report: the goals and how the
winner meets each, every candidate tried, and the winner against the base game re-played on fresh
seeds (the search chose the winner on its own seeds, so its figures there flatter it), compared
by the paired statistics `simulate --baseline` uses (simulation/report.py: compare)."""

from __future__ import annotations

import textwrap
import warnings
from pathlib import Path
from typing import Any

from ..files import atomic_write_text
from ..language.formatter import format_text
from ..session import load_rules
from ..simulation.report import compare, comparison_method
from .goals import judge
from .metrics import measure
from .search import best_trial, done_trials, space_size
from .spec import TuningError
from .tuner import WRITTEN_MARK, Budget, Tuner, fresh_seed


def describe(values: dict[str, Any]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in values.items())


def write_variant(tuner: Tuner, values: dict[str, Any], how: str) -> Path:
    """The winner as a variant file at the output path, formatted, and loaded again to check it."""
    path = tuner.outputs.variant
    lines = [wrapped for line in how.splitlines() for wrapped in textwrap.wrap(line, 96) or [""]]
    comment = "".join(f"# {line}\n" if line else "#\n" for line in lines) + "\n"
    text = format_text(tuner.writer.text(values, comment), str(path))
    atomic_write_text(path, text)
    try:
        load_rules(path)
    except Exception as err:  # noqa: BLE001 - whatever stops it, it is said on one line
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise TuningError(f"{path}:1:1: T013 the written variant does not load from there: {first} "
                          "(write it inside the game's folder with --out)") from None
    return path


def fresh_comparison(tuner: Tuner, best_path: Path) -> dict[str, Any]:
    """For each kind of players: the winner and the base game on the same fresh seeds, the goals
    judged there, and the paired comparison of every figure."""
    seed = fresh_seed(tuner.seed)
    out: dict[str, Any] = {}
    for kind in tuner.tuning.player_kinds:
        games = tuner.tuning.games[kind]
        runs = {}
        for name, rules in (("run", best_path), ("baseline", tuner.tuning.rules)):
            aggregate = tuner.run(kind)
            tuner._extend(aggregate, tuner.spec(rules, kind), games, seed)
            runs[name] = aggregate
        goals = [(i, g) for i, g in enumerate(tuner.tuning.goals) if g.players == kind]
        judged = [judge(g, measure(g.metric, runs["run"]), measure(g.metric, runs["baseline"])) for _, g in goals]
        with warnings.catch_warnings():  # (scipy warns of figures nearly the same in every game: no news)
            warnings.simplefilter("ignore", RuntimeWarning)
            comparison = compare(runs["run"], runs["baseline"]) if games >= 2 else None
        out[kind] = {"seed": seed, "games": games, "agents": list(tuner.agents[kind]),
                     "goals": judged, "run": runs["run"].to_json(), "baseline": runs["baseline"].to_json(),
                     "comparison": comparison,
                     "comparison_method": comparison_method(comparison, games) if comparison else None}
    return out


def candidates_json(study) -> list[dict[str, Any]]:
    out = []
    for t in sorted(done_trials(study), key=lambda t: t.number):
        result = t.user_attrs["result"]
        entry = {"number": t.number, "values": t.user_attrs["values"], "pruned": result["pruned"],
                 "objective": result["objective"], "games": result["games"], "goals": result["goals"]}
        if "invalid" in result:
            entry["invalid"] = result["invalid"]
        if "gated" in result:
            entry["gated"] = result["gated"]
        if "repeat" in t.user_attrs:
            entry["repeat_of"] = t.user_attrs["repeat"]
        out.append(entry)
    return out


def finish(tuner: Tuner, study, base: dict[int, Any], budget: Budget, interrupted: bool) -> dict[str, Any]:
    """Writes the winner (unless the run was interrupted before any candidate finished) and
    returns the report document (schemas/tuning-report.schema.json)."""
    tuning = tuner.tuning
    best = best_trial(study)
    candidates = candidates_json(study)
    report: dict[str, Any] = {
        "title": f"Tuning {tuning.name}" + (" (partial: interrupted)" if interrupted else ""),
        "tuning_file": str(tuning.path),
        "rules": str(tuning.rules),
        "players": tuner.players,
        "seed": tuner.seed,
        "games_per_candidate": {k: tuning.games[k] for k in tuning.player_kinds},
        "agents": {k: list(tuner.agents[k]) for k in tuning.player_kinds},
        "budget": {"trials": budget.trials, "games": budget.games, "seconds": budget.seconds},
        "space": space_size(tuner),
        "sampler": "grid" if space_size(tuner) <= budget.trials and space_size(tuner) <= 64 else "tpe",
        "varied": [{"key": t.key, "kind": t.vary.kind, "name": t.vary.name, "values": list(t.vary.values),
                    "base": t.base} for t in tuner.targets],
        "goals": [g.describe() for g in tuning.goals],
        "base_estimates": [None if base.get(i) is None else base[i].to_json() for i in range(len(tuning.goals))],
        "games_played": study.user_attrs.get("base_games", 0) + sum(
            sum(c["games"].values()) for c in candidates if "repeat_of" not in c),
        "interrupted": interrupted,
        "candidates": candidates,
        "best": None,
        "fresh": None,
        "variant": None,
        "study": str(tuner.outputs.study),
    }
    if best is None:
        return report
    values = best.user_attrs["values"]
    result = best.user_attrs["result"]
    met = not result["pruned"] and all(g["met"] for g in result["goals"])
    missing = [g for g in result["goals"] if not g["met"]]
    report["best"] = {"number": best.number, "values": values, "objective": result["objective"],
                      "all_met": met, "pruned": result["pruned"], "goals": result["goals"],
                      "misses": [f"{g['goal']}: measured {_estimate_text(g)}" for g in missing]}
    tried = len([c for c in candidates if "repeat_of" not in c])
    how = (f"{WRITTEN_MARK.removeprefix('# ')} {tuning.path.name}`: candidate "
           f"{best.number} of {tried} tried ({report['sampler']} search, seed {tuner.seed}, "
           f"{tuner.players} players).\n{describe(values)}.\n"
           + ("Every goal met on the search's seeds: " + "; ".join(g.describe() for g in tuning.goals)
              if met else "The closest candidate; NOT met: " + "; ".join(g["goal"] for g in missing)) + ".\n"
           + f"The fresh-seed comparison with the base game: {tuner.outputs.html.name}.")
    if not interrupted:
        path = write_variant(tuner, values, how)
        report["variant"] = str(path)
        report["fresh"] = fresh_comparison(tuner, path)
    return report


def _estimate_text(goal: dict[str, Any]) -> str:
    e = goal.get("estimate")
    if e is None:
        return "nothing: stopped before these players' games"
    return f"{e['value']:.2f} [{e['ci95'][0]:.2f}, {e['ci95'][1]:.2f}], misses by {goal['miss']:.2f}"
