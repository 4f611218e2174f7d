"""How a measured metric stands against its goal: met (the estimate is within the bound), surely
met (its whole 95% interval is), missed for good (its whole interval is outside: the search prunes
the candidate), by how much it misses, and how far its interval reaches beyond the bound (the
search's objective sums these, each divided by the goal's scale)."""

from __future__ import annotations

from typing import Any

from ..records import record
from .metrics import Estimate
from .spec import Goal


@record(frozen=True)
class Bound:
    low: float | None
    high: float | None

    def distance(self, x: float) -> float:
        if self.low is not None and x < self.low:
            return self.low - x
        if self.high is not None and x > self.high:
            return x - self.high
        return 0.0

    def holds(self, low: float, high: float) -> bool:
        """The whole interval [low, high] lies within the bound."""
        return (self.low is None or low >= self.low) and (self.high is None or high <= self.high)

    def excess(self, low: float, high: float) -> float:
        """How far the interval [low, high] reaches beyond the bound, on both sides."""
        return (max(0.0, high - self.high) if self.high is not None else 0.0) + \
            (max(0.0, self.low - low) if self.low is not None else 0.0)

    def disjoint(self, low: float, high: float) -> bool:
        """No point of [low, high] lies within the bound."""
        return (self.low is not None and high < self.low) or (self.high is not None and low > self.high)


def bound_of(goal: Goal, base: Estimate | None) -> Bound:
    """The goal's bound; `within: base` takes the base game's interval (`base`)."""
    if goal.target is not None:
        return Bound(goal.target, goal.target)
    if goal.within_base:
        assert base is not None, "within: base needs the base game's estimate"
        return Bound(base.low, base.high)
    return Bound(goal.low, goal.high)


def judge(goal: Goal, estimate: Estimate | None, base: Estimate | None) -> dict[str, Any]:
    """The goal's standing for one estimate (None: not measured yet, or too few games)."""
    bound = bound_of(goal, base)
    out: dict[str, Any] = {"goal": goal.describe(), "metric": goal.metric, "players": goal.players,
                           "bound": [bound.low, bound.high]}
    if estimate is None:
        return out | {"estimate": None, "met": False, "surely_met": False, "missed": False, "miss": None,
                      "excess": None}
    if goal.target is not None:  # met when the interval covers the target; the miss is the distance
        met = estimate.low <= goal.target <= estimate.high
        miss = abs(estimate.value - goal.target)
        sure = met and estimate.low == estimate.high
    else:
        miss = bound.distance(estimate.value)
        met = miss == 0
        sure = bound.holds(estimate.low, estimate.high)
    return out | {"estimate": estimate.to_json(), "met": met, "surely_met": sure,
                  "missed": bound.disjoint(estimate.low, estimate.high),
                  "miss": round(miss, 6), "excess": round(bound.excess(estimate.low, estimate.high), 6)}


SURENESS = 0.001  # the weight of the intervals' excess: it only orders candidates that miss alike


def objective(goals: list[Goal], judged: list[dict[str, Any]]) -> float:
    """The sum of each goal's miss over its scale (0 when every estimate is within its bound),
    plus SURENESS times how far the intervals reach beyond the bounds: of two candidates that
    both meet the goals, the one that meets them more surely ranks first. A goal not measured
    counts a large miss, so that a candidate measured in part never ranks first."""
    total = 0.0
    for goal, result in zip(goals, judged, strict=True):
        miss = result["miss"]
        total += 1e6 if miss is None else (miss + SURENESS * result["excess"]) / goal.scale
    return round(total, 9)
