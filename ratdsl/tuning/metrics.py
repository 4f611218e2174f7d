"""The metrics a tuning goal may name, in one registry, each measured from a run's Aggregate
(simulation/report.py) with a 95% interval.

A name is FAMILY or FAMILY.ARGUMENT (`rounds`, `win_rate.P4`, `metrics.NAME`). To add a metric,
add one entry to REGISTRY: a Metric whose `measure` takes the run and the argument (None for a
family without one) and returns an Estimate, or None when the run cannot say (too few games).
Win rates and their differences are in percentage points; other figures in their own units."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from ..records import record
from ..simulation.report import Aggregate
from ..simulation.stats import Mean, Proportion


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
}


def lookup(name: str, known_arguments: Callable[[str], list[str] | None] | None = None) -> tuple[Metric, str | None]:
    """The metric a goal names and its argument; UnknownMetric (with what is known) otherwise.
    `known_arguments(kind)` lists the arguments the rules and players allow for that kind of
    argument (None: any)."""
    family, _, argument = name.partition(".")
    metric = REGISTRY.get(family)
    if metric is None:
        close = difflib.get_close_matches(family, list(REGISTRY), n=1)
        raise UnknownMetric(f"unknown metric {name!r}" + (f"; did you mean {close[0]!r}?" if close else "")
                            + f" (metrics: {', '.join(sorted(REGISTRY))})")
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
