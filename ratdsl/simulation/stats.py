"""Streaming statistics with 95% confidence intervals: means (Welford), proportions (Wilson),
and differences between two runs (normal approximation). Memory stays flat however many games."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Z95 = 1.959963984540054


@dataclass
class Mean:
    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    @property
    def variance(self) -> float:
        return self.m2 / (self.n - 1) if self.n > 1 else 0.0

    @property
    def half_width(self) -> float:
        return Z95 * math.sqrt(self.variance / self.n) if self.n > 1 else 0.0

    def to_json(self) -> dict:
        return {"n": self.n, "mean": round(self.mean, 6), "sd": round(math.sqrt(self.variance), 6),
                "ci95": [round(self.mean - self.half_width, 6), round(self.mean + self.half_width, 6)]}


@dataclass
class Proportion:
    hits: float = 0.0
    n: int = 0

    def add(self, hit: float) -> None:
        self.hits += hit
        self.n += 1

    @property
    def rate(self) -> float:
        return self.hits / self.n if self.n else 0.0

    def wilson(self) -> tuple[float, float]:
        if not self.n:
            return (0.0, 0.0)
        p, n = self.rate, self.n
        centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def to_json(self) -> dict:
        low, high = self.wilson()
        return {"n": self.n, "rate": round(self.rate, 6), "ci95": [round(low, 6), round(high, 6)]}


@dataclass
class Histogram:
    counts: dict[int, int] = field(default_factory=dict)

    def add(self, value: int) -> None:
        self.counts[value] = self.counts.get(value, 0) + 1

    def to_json(self) -> dict[str, int]:
        return {str(k): v for k, v in sorted(self.counts.items())}


def difference(variant: dict, base: dict) -> dict:
    """Difference of two means (or two rates) with a 95% interval; significant when the interval
    leaves out zero."""
    if "mean" in variant:
        v_mean, b_mean = variant["mean"], base["mean"]
        v_var = variant["sd"] ** 2 / max(1, variant["n"])
        b_var = base["sd"] ** 2 / max(1, base["n"])
    else:
        v_mean, b_mean = variant["rate"], base["rate"]
        v_var = v_mean * (1 - v_mean) / max(1, variant["n"])
        b_var = b_mean * (1 - b_mean) / max(1, base["n"])
    diff = v_mean - b_mean
    half = Z95 * math.sqrt(v_var + b_var)
    low, high = diff - half, diff + half
    return {"difference": round(diff, 6), "ci95": [round(low, 6), round(high, 6)],
            "significant": bool(low > 0 or high < 0)}
