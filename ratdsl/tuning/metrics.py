"""The metrics a tuning goal may name, in one registry, each measured from a run's Aggregate
(simulation/report.py) with a 95% interval.

A name is FAMILY or FAMILY.ARGUMENT (`rounds`, `win_rate.P4`, `metrics.NAME`,
`quality.seat_advantage.P4`: the longest family the registry knows). To add a metric, add one
entry to REGISTRY: a Metric whose `measure` takes the run and the argument (None for a family
without one) and returns an Estimate, or None when the run cannot say (too few games). The
play-quality metrics of simulation/quality.py are entries `quality.NAME`, made from its registry
(their definitions live there alone). Win rates, shares and their differences are in percentage
points; other figures in their own units."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from ..records import record
from ..simulation.quality import METRICS as QUALITY
from ..simulation.quality import QualityMetric
from ..simulation.report import Aggregate
from ..simulation.stats import Mean, Proportion
from .measured import Measured


@record(frozen=True)
class Estimate:
    value: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {"value": round(self.value, 6), "ci95": [round(self.low, 6), round(self.high, 6)]}


@record(frozen=True)
class Metric:
    title: str
    unit: str
    measure: Callable[[Aggregate, str | None], Estimate | None]
    argument: str | None = None  # what follows the dot: "seat", "rule metric", "agent", "label=value"
    traced: bool = False  # read from the scores at every round's end: the games are played traced
    strong_seat: bool = False  # defined only with one strong player whose seat rotates (mixed players)


class UnknownMetric(ValueError):
    """A goal's metric that the registry does not know (the message is one line)."""


def _mean(m: Mean) -> Estimate | None:
    if m.n < 2:
        return None
    return Estimate(m.mean, m.mean - m.half_width, m.mean + m.half_width)


def _rate(p: Proportion, minus: float = 0.0) -> Estimate | None:
    if p.n < 2:
        return None
    low, high = p.wilson()
    return Estimate(100 * p.rate - minus, 100 * low - minus, 100 * high - minus)


def _seat(run: Aggregate, seat: str | None) -> Proportion:
    return run.seat_wins[int(seat[1:]) - 1]  # (seat names are checked against the players: known())


def _seat_edge(run: Aggregate, seat: str | None) -> Estimate | None:
    return _rate(_seat(run, seat), 100 / run.players)


def _seat_advantage(run: Aggregate, _: str | None) -> Estimate | None:
    """The largest distance of a seat's win rate from the even share (points); its interval is
    the envelope of the seats' own: from the largest lower end to the largest upper end of
    |win rate - even share| (no seat is surely nearer even than the low end, nor further than the high)."""
    edges = [_seat_edge(run, f"P{s + 1}") for s in range(run.players)]
    if any(e is None for e in edges):
        return None
    spans = [_absolute(e) for e in edges]
    return Estimate(max(abs(e.value) for e in edges), max(s[0] for s in spans), max(s[1] for s in spans))


def _absolute(e: Estimate) -> tuple[float, float]:
    if e.low <= 0 <= e.high:
        return 0.0, max(-e.low, e.high)
    return min(abs(e.low), abs(e.high)), max(abs(e.low), abs(e.high))


def _agent(run: Aggregate, name: str | None) -> Estimate | None:
    if isinstance(run, Measured) and run.rotate:  # (an agent's seat changes from game to game)
        return _rate(run.agent_wins.get(name or "", Proportion()))
    pooled = Proportion()
    for seat in range(run.players):
        if run.agents and run.agents[seat % len(run.agents)] == name:
            pooled.hits += run.seat_wins[seat].hits
            pooled.n += run.seat_wins[seat].n
    return _rate(pooled)


def _label(run: Aggregate, argument: str | None) -> Estimate | None:
    label, _, value = (argument or "").partition("=")
    found = run.label_wins.get(label, {}).get(value)
    return _rate(found) if found is not None else None


def _quality(metric: QualityMetric) -> Metric:
    """The registry's entry for a play-quality metric: its mean over the traced games, with the
    normal 95% interval `ratdsl balance` gives it (stats.Mean), shares in percentage points."""
    scale = 100.0 if metric.percent else 1.0

    def measure_it(run: Aggregate, seat: str | None) -> Estimate | None:
        key = metric.name if seat is None else f"{metric.name}.{seat}"
        series = run.quality.get(key) if isinstance(run, Measured) else None
        e = None if series is None else _mean(series)
        return None if e is None else Estimate(scale * e.value, scale * e.low, scale * e.high)

    return Metric(metric.title, "points" if metric.percent else metric.unit, measure_it,
                  "seat" if metric.per_seat else None, traced=True, strong_seat=metric.strong_seat)


REGISTRY: dict[str, Metric] = {
    "rounds": Metric("rounds per game", "rounds", lambda run, _: _mean(run.rounds)),
    "score": Metric("final score", "points of score", lambda run, _: _mean(run.score)),
    "winning_score": Metric("winner's score", "points of score", lambda run, _: _mean(run.winning_score)),
    "margin": Metric("winner's margin", "points of score", lambda run, _: _mean(run.margin)),
    "shared_victory": Metric("shared victories", "%", lambda run, _: _rate(run.shared)),
    "win_rate": Metric("win rate of a seat", "%", lambda run, seat: _rate(_seat(run, seat)), "seat"),
    "seat_edge": Metric("a seat's win rate minus the even share", "points", _seat_edge, "seat"),
    "seat_advantage": Metric("largest distance of a seat's win rate from the even share", "points",
                             _seat_advantage),
    "agent_win_rate": Metric("an agent's win rate over the seats it played", "%", _agent, "agent"),
    "win_rate_by": Metric("win rate of the players with a label's value", "%", _label, "label=value"),
    "metrics": Metric("a metric of the rule file, per game", "count",
                      lambda run, name: _mean(run.metrics.get(name, Mean())), "rule metric"),
} | {f"quality.{name}": _quality(metric) for name, metric in QUALITY.items()}


def _split(name: str) -> tuple[str, str]:
    """(family, argument): the longest leading dotted part that the registry knows, else the
    part before the first dot."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        family = ".".join(parts[:cut])
        if family in REGISTRY:
            return family, ".".join(parts[cut:])
    family, _, argument = name.partition(".")
    return family, argument


def _known() -> str:
    """The registry's names, the play-quality ones written once: quality.{a,b,...}."""
    plain = sorted(k for k in REGISTRY if not k.startswith("quality."))
    return ", ".join(plain) + ", quality.{" + ",".join(QUALITY) + "}"


def lookup(name: str, known_arguments: Callable[[str], list[str] | None] | None = None) -> tuple[Metric, str | None]:
    """The metric a goal names and its argument; UnknownMetric (with what is known) otherwise.
    `known_arguments(kind)` lists the arguments the rules and players allow for that kind of
    argument (None: any)."""
    family, argument = _split(name)
    metric = REGISTRY.get(family)
    if metric is None:
        close = difflib.get_close_matches(name, list(REGISTRY), n=1) or \
            difflib.get_close_matches(family, list(REGISTRY), n=1)
        raise UnknownMetric(f"unknown metric {name!r}" + (f"; did you mean {close[0]!r}?" if close else "")
                            + f" (metrics: {_known()})")
    if metric.argument is None and argument:
        raise UnknownMetric(f"metric {family} takes no argument (not {name!r})")
    if metric.argument is not None:
        if not argument:
            raise UnknownMetric(f"metric {family} needs its {metric.argument}: "
                                f"write {family}.{metric.argument.upper()}")
        allowed = known_arguments(metric.argument) if known_arguments else None
        if allowed is not None and argument not in allowed:
            close = difflib.get_close_matches(argument, allowed, n=1)
            raise UnknownMetric(f"unknown {metric.argument} {argument!r} in metric {name!r}"
                                + (f"; did you mean {close[0]!r}?" if close else "")
                                + (f" (known: {', '.join(allowed[:12])})" if allowed else " (the rules have none)"))
    return metric, argument or None


def measure(name: str, run: Aggregate) -> Estimate | None:
    """The named metric of a run (the name was checked by lookup)."""
    metric, argument = lookup(name)
    return metric.measure(run, argument)
