"""`ratdsl balance`: does a house rule change who wins, and how the game plays? (docs/metrics.md)

Both rule sets play the same seeds in three *arms*: random players; one strong player whose
seat rotates game by game against random players (the skill gap); strong players in every
seat. Every play-quality metric (quality.py) of every arm is compared by seed, with the paired
t interval and the Benjamini-Hochberg flag of `simulate --baseline` (report.compare_series),
the correction taken across every metric of every arm at once. Games come from a Backend
(runner.py), in game order, so the process pool and Dask give the same report.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from typing import Any

from ..records import record
from .collect import GameStats
from .journal import Journal, JournalError
from .quality import GameRecord, metric_of, summarize, values
from .report import compare_series
from .runner import Backend, ProcessBackend, SimulationSpec, game_seed
from .stats import format_p

BATCH = 20  # games per arm and rule set between two --precision checks (a fixed size: seeded stops
BINS = 12  # bars of a distribution chart


@record(frozen=True)
class Arm:
    name: str
    title: str
    agents: tuple[str, ...]
    rotate: bool = False


def arms(strong: str, weak: str, players: int) -> list[Arm]:
    """The three arms: weak players only, one strong player against weak ones (rotating), strong
    players only."""
    return [Arm("weak", f"{weak} players", (weak,)),
            Arm("one_strong", f"one {strong} (seat rotating) against {weak} players",
                (strong, *[weak] * (players - 1)), rotate=True),
            Arm("all_strong", f"{strong} in every seat", (strong,))]


@record(frozen=True)
class BalanceSpec:
    variant: str
    baseline: str
    players: int = 4
    modules: tuple[str, ...] = ()
    baseline_modules: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    strong: str = "mcts:16"
    weak: str = "random"

    def spec(self, arm: Arm, baseline: bool) -> SimulationSpec:
        return SimulationSpec(self.baseline if baseline else self.variant,
                              self.baseline_modules if baseline else self.modules, self.options,
                              self.players, arm.agents, trace=True, rotate=arm.rotate, native="off")


class Side:
    """One rule set's games in one arm: every metric's value per game, in game order."""

    def __init__(self) -> None:
        self.series: dict[str, list[float]] = {}
        self.seeds: list[int] = []

    def add(self, g: GameStats, players: int, strong_seat: int | None) -> None:
        self.seeds.append(g.seed)
        assert g.trajectory is not None
        for key, value in values(GameRecord(players, g.rounds, g.trajectory, tuple(g.winners),
                                            strong_seat)).items():
            self.series.setdefault(key, []).append(value)

    @property
    def games(self) -> int:
        return len(self.seeds)


@record(frozen=True)
class Precision:
    """Play until every paired interval is narrower than `width` (shares in percentage points,
    other metrics in their own units), at most `max_games` games per arm and rule set."""
    width: float
    max_games: int
    batch: int = BATCH


def balance(spec: BalanceSpec, games: int, seed: int, backend: Backend | None = None,
            progress: Callable[[int], None] | None = None, precision: Precision | None = None,
            journal: Journal | None = None) -> dict[str, Any]:
    """The balance report (schemas/balance.schema.json). `games` per arm and rule set; with
    `precision` batches until every interval is narrow enough (or max_games). Ctrl-C: the games
    played so far, marked stopped_early. `journal`: the games it keeps are taken from it, the
    others played and kept in it (journal.py)."""
    backend = backend or ProcessBackend(1)
    plan = arms(spec.strong, spec.weak, spec.players)
    sides = {(arm.name, b): Side() for arm in plan for b in (False, True)}
    limit = precision.max_games if precision is not None else games
    step = precision.batch if precision is not None else games
    played, stopped, widest = 0, False, None
    try:
        while played < limit:
            n = min(step, limit - played)
            for arm in plan:
                for baseline in (False, True):
                    side = sides[(arm.name, baseline)]
                    for g in _games(backend, spec.spec(arm, baseline), n, seed, played, journal, arm.name, baseline):
                        side.add(g, spec.players, g.index % spec.players if arm.rotate else None)
                        if progress is not None:
                            progress(1)
            played += n
            if precision is not None and played >= 2:
                widest = max(widths(_compare(plan, sides)).values())
                if widest < precision.width:
                    break
    except KeyboardInterrupt:
        stopped = True
    return _report(spec, plan, sides, seed, limit, stopped, precision, widest)


def _games(backend: Backend, sim: SimulationSpec, n: int, seed: int, start: int, journal: Journal | None,
           arm: str, baseline: bool) -> Iterator[GameStats]:
    """Games start to start + n - 1, in order: those the journal keeps, the others played (and
    kept in it as they end)."""
    if journal is None:
        yield from backend.play(sim, n, seed, start=start)
        return
    i, stop = start, start + n
    while i < stop:
        kept = journal.take(arm, baseline, i)
        if kept is not None:
            if kept.seed != game_seed(seed, i):
                raise JournalError(f"{journal.named}: game {i} of {arm} has seed {kept.seed}, not this run's")
            yield kept
            i += 1
            continue
        end = i + 1
        while end < stop and journal.take(arm, baseline, end) is None:
            end += 1
        for g in backend.play(sim, end - i, seed, start=i):
            journal.keep(arm, baseline, g)
            yield g
        i = end


def _compare(plan: list[Arm], sides: dict[tuple[str, bool], Side]) -> dict[str, dict[str, Any]]:
    """Every metric of every arm, paired by seed, flagged across all of them at once (keys
    ARM/METRIC); arms whose two sides have not played the same 2 or more games are left out."""
    variant: dict[str, list[float]] = {}
    base: dict[str, list[float]] = {}
    for arm in plan:
        v, b = sides[(arm.name, False)], sides[(arm.name, True)]
        if v.games < 2 or v.seeds != b.seeds:
            continue
        variant |= {f"{arm.name}/{k}": xs for k, xs in v.series.items()}
        base |= {f"{arm.name}/{k}": xs for k, xs in b.series.items()}
    with warnings.catch_warnings():  # (scipy warns of near-identical samples: the interval says it)
        warnings.simplefilter("ignore", RuntimeWarning)
        return compare_series(variant, base, list(variant))


def widths(comparison: dict[str, dict[str, Any]]) -> dict[str, float]:
    """Each paired interval's width, shares in percentage points."""
    out = {}
    for key, d in comparison.items():
        scale = 100 if metric_of(key.split("/", 1)[1]).percent else 1
        out[key] = scale * (d["ci95"][1] - d["ci95"][0])
    return out


def finding(arm: Arm, key: str, d: dict[str, Any]) -> str:
    """A flagged difference in plain words: "one mcts:16 (...): skill gap grows by 6.00
    points [+2.00, +10.00] (better)"."""
    metric = metric_of(key)
    scale, unit = (100, " points") if metric.percent else (1, "" if metric.unit in ("count", "fraction")
                                                              else f" {metric.unit}")
    what = metric.title.split(" (")[0].lower()
    if "." in key:
        what += f" of {key.split('.', 1)[1]}"
    low, high = (scale * x for x in d["ci95"])
    verb = "grows" if d["difference"] > 0 else "shrinks"
    judgement = ""
    if metric.higher_is:
        better = (d["difference"] > 0) == (metric.higher_is == "better")
        judgement = " (better)" if better else " (worse)"
    return (f"{arm.title}: {what} {verb} by {abs(scale * d['difference']):.2f}{unit} "
            f"[{low:+.2f}, {high:+.2f}]{judgement}")


def _histograms(v: list[float], b: list[float]) -> dict[str, list[float]]:
    """Shared bins for the variant's and the baseline's values of one metric (the charts)."""
    low, high = min(v + b), max(v + b)
    if high == low:
        high = low + 1
    edges = [low + (high - low) * i / BINS for i in range(BINS + 1)]

    def count(xs: list[float]) -> list[float]:
        out = [0.0] * BINS
        for x in xs:
            out[min(BINS - 1, int((x - low) / (high - low) * BINS))] += 1
        return out

    return {"edges": [round(e, 6) for e in edges], "variant": count(v), "baseline": count(b)}


def _report(spec: BalanceSpec, plan: list[Arm], sides: dict[tuple[str, bool], Side], seed: int, limit: int,
            stopped: bool, precision: Precision | None, widest: float | None) -> dict[str, Any]:
    comparison = _compare(plan, sides)
    out_arms, findings = [], []
    for arm in plan:
        v, b = sides[(arm.name, False)], sides[(arm.name, True)]
        mine = {key.split("/", 1)[1]: d for key, d in comparison.items() if key.startswith(arm.name + "/")}
        out_arms.append({
            "name": arm.name, "title": arm.title, "agents": list(arm.agents), "rotate": arm.rotate,
            "games": v.games,
            "variant": summarize(v.series), "baseline": summarize(b.series), "comparison": mine,
            "histograms": {k: _histograms(v.series[k], b.series[k]) for k in v.series if k in b.series},
        })
        findings += [finding(arm, k, d) for k, d in mine.items() if d["significant"]]
    played = min(s.games for s in sides.values())
    report: dict[str, Any] = {
        "title": "Balance of " + spec.variant + " against " + spec.baseline + (" (partial: interrupted)"
                                                                              if stopped else ""),
        "summary": (f"{played} games per arm and rule set, {spec.players} players, master seed {seed}; "
                    f"strong player {spec.strong}, weak players {spec.weak}; both rule sets played the same "
                    "seeds (paired)" + (f"; PARTIAL, interrupted after {played} of {limit}" if stopped else "")
                    + "."),
        "variant": spec.variant, "baseline": spec.baseline,
        "modules": list(spec.modules), "baseline_modules": list(spec.baseline_modules),
        "options": {k: v for k, v in spec.options}, "players": spec.players, "seed": seed,
        "games": played, "strong": spec.strong, "weak": spec.weak, "stopped_early": stopped,
        "metrics": {m: {"title": metric_of(m).title, "definition": metric_of(m).definition,
                        "formula": metric_of(m).formula, "unit": metric_of(m).unit,
                        "percent": metric_of(m).percent}
                    for m in sorted({k.split(".")[0] for a in out_arms for k in a["variant"]})},
        "arms": out_arms,
        "findings": findings,
        "method": {"paired": True, "interval": "mean of per-seed differences, Student t 95% interval",
                   "correction": "Benjamini-Hochberg across every metric of every arm", "alpha": 0.05,
                   "figures": len(comparison)},
    }
    if precision is not None:
        report["precision"] = {"width": precision.width, "max_games": precision.max_games,
                               "batch": precision.batch, "widest": None if widest is None else round(widest, 6),
                               "reached": widest is not None and widest < precision.width}
    return report


def rows(arm: dict[str, Any]) -> list[list[str]]:
    """One row per metric of an arm: variant, baseline (means with intervals), paired difference."""
    out = []
    for key, v in arm["variant"].items():
        metric = metric_of(key)
        scale, unit = (100, " pts") if metric.percent else (1, "")
        b = arm["baseline"].get(key)
        d = arm["comparison"].get(key)
        label = metric.title + (f" {key.split('.', 1)[1]}" if "." in key else "")

        diff = p = ""
        if d is not None:
            low, high = d["ci95"]
            diff = (f"{scale * d['difference']:+.2f}{unit} [{scale * low:+.2f}, {scale * high:+.2f}]"
                    + (" *" if d["significant"] else ""))
            p = format_p(d.get("p_adjusted"))
        out.append([label, _mean(v, scale), _mean(b, scale), diff, p])
    return out


HEADERS = ["metric", "variant (95% CI)", "baseline", "paired difference (* flagged)", "adjusted p"]


def _mean(figure: dict[str, Any] | None, scale: int) -> str:
    if figure is None:
        return ""
    low, high = figure["ci95"]
    return f"{scale * figure['mean']:.2f} [{scale * low:.2f}, {scale * high:.2f}]"
