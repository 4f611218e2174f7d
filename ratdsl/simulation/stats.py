"""Statistics with 95% confidence intervals: streaming means (Welford) and proportions (Wilson),
paired differences between two runs of the same seeds (t intervals), corrected flags, and a
seat balance test. The tests and intervals come from scipy.stats; the Wilson interval is written
here because a shared victory counts a fractional win, which scipy's binomial tests refuse."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import field

from ..records import record

Z95 = 1.959963984540054


@record
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


@record
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


@record
class Histogram:
    counts: dict[int, int] = field(default_factory=dict)

    def add(self, value: int) -> None:
        self.counts[value] = self.counts.get(value, 0) + 1

    def to_json(self) -> dict[str, int]:
        return {str(k): v for k, v in sorted(self.counts.items())}


# ---------------------------------------------------------------------------- comparisons
# numpy and scipy are imported inside the functions that need them: `ratdsl` commands that
# never compare two runs must not pay their start-up.

ALPHA = 0.05
PAIRED_METHOD = "mean of per-seed differences, Student t 95% interval (scipy.stats.ttest_1samp)"
UNPAIRED_METHOD = "Welch t 95% interval, as if the runs were independent (scipy.stats.ttest_ind)"
CORRECTION = "Benjamini-Hochberg (scipy.stats.false_discovery_control)"
SEAT_TEST = "chi-square goodness of fit against equal win shares (as scipy.stats.chisquare)"


def paired_difference(variant: Sequence[float], base: Sequence[float]) -> dict:
    """The difference of two runs that played the same seeds: the mean of the per-seed
    differences with its own t interval, beside the interval an unpaired comparison of the same
    data would give (how much the pairing narrows it is the point of pairing). A difference
    that is the same in every game has a zero-width interval: p is 1 if it is 0, else 0."""
    import numpy as np
    from scipy import stats

    v, b = np.asarray(variant, dtype=float), np.asarray(base, dtype=float)
    if v.shape != b.shape or v.size < 2:
        raise ValueError(f"a paired difference needs two runs of the same games, at least 2 ({v.size}, {b.size})")
    d = v - b
    mean = float(d.mean())
    if np.all(d == d[0]):  # no spread: scipy's t would divide by zero
        low = high = mean
        p = 1.0 if mean == 0 else 0.0
    else:
        test = stats.ttest_1samp(d, 0.0)
        low, high = (float(x) for x in test.confidence_interval(1 - ALPHA))
        p = float(test.pvalue)
    if v.std() == 0 and b.std() == 0:
        u_low = u_high = float(v.mean() - b.mean())
    else:
        interval = stats.ttest_ind(v, b, equal_var=False).confidence_interval(1 - ALPHA)
        u_low, u_high = float(interval.low), float(interval.high)
    width, u_width = high - low, u_high - u_low
    return {"difference": round(mean, 6), "ci95": [round(low, 6), round(high, 6)],
            "p_value": _sig(p), "unpaired_ci95": [round(u_low, 6), round(u_high, 6)],
            "width_ratio": round(width / u_width, 6) if u_width > 0 else None}


UNDERFLOW = 1e-300  # below this a p-value is printed as "< 1e-300": a double's p is no longer exact there


def format_p(p: float | None) -> str:
    """A p-value as a reader must see it: 3 significant figures, in scientific notation below
    0.001 (1.25e-143, never cut to 1.25e-1 nor rounded to 0), "< 1e-300" where the double
    underflows (a difference the same in every game has p = 0), "" for no value."""
    if p is None:
        return ""
    if p < UNDERFLOW:
        return "< 1e-300"
    return f"{p:.3g}" if p >= 0.001 else f"{p:.2e}"


def _sig(p: float) -> float:
    """A p-value to 6 significant figures (tiny ones stay tiny, not 0)."""
    return float(f"{p:.6g}")


def adjust(differences: dict[str, dict]) -> None:
    """Benjamini-Hochberg adjusted p-values across every compared figure, and the flag
    (`significant`) only where the adjusted p is below 0.05: with ~15 figures each tested at
    5%, a variant that changes nothing would otherwise be flagged most of the time.
    Benjamini-Hochberg rather than Holm: it keeps more power for the several real effects a
    house rule usually has, and scipy has it."""
    from scipy import stats

    names = list(differences)
    if not names:
        return
    adjusted = stats.false_discovery_control([differences[n]["p_value"] for n in names], method="bh")
    for name, p in zip(names, adjusted, strict=True):
        differences[name]["p_adjusted"] = _sig(float(p))
        differences[name]["significant"] = bool(p < ALPHA)


def seat_balance(wins: list[float]) -> dict | None:
    """Is any seat favoured? A chi-square goodness-of-fit test of the seats' win shares (a
    shared victory counts a share to each winner) against equal shares; None with one seat, no
    winner, or fewer than MIN_EXPECTED_WINS expected per seat: the test's chi-square
    approximation needs that many (Cochran's rule), and a run that short (a one-game
    `simulate`, say) then never pays for importing scipy.stats."""
    total = sum(wins)
    if len(wins) < 2 or total <= 0 or total / len(wins) < MIN_EXPECTED_WINS:
        return None
    expected = total / len(wins)
    statistic = sum((w - expected) ** 2 for w in wins) / expected
    df = len(wins) - 1
    return {"test": SEAT_TEST, "wins": [round(w, 6) for w in wins], "statistic": round(statistic, 6),
            "df": df, "p_value": _sig(chi_square_sf(statistic, df)),
            "expected_per_seat": round(total / len(wins), 6)}


def chi_square_sf(x: float, df: int) -> float:
    """P(X > x) for a chi-square variable with `df` (a whole number) degrees of freedom: what
    scipy.stats.chi2.sf gives (tests/test_stats.py holds it to that), from the closed form for
    whole degrees of freedom with the math module, because importing scipy.stats costs a
    `simulate` run of a few thousand games more than its games (about a second)."""
    if x <= 0:
        return 1.0
    half = x / 2
    log_half = math.log(half)
    if df % 2 == 0:  # e^-h * sum of h^i / i! for i < df/2
        return min(1.0, sum(math.exp(i * log_half - math.lgamma(i + 1) - half) for i in range(df // 2)))
    # erfc(sqrt(h)) + e^-h * sum of h^(i - 1/2) / gamma(i + 1/2) for 1 <= i <= (df - 1) / 2
    tail = sum(math.exp((i - 0.5) * log_half - math.lgamma(i + 0.5) - half) for i in range(1, (df + 1) // 2))
    return min(1.0, math.erfc(math.sqrt(half)) + tail)


MIN_EXPECTED_WINS = 5
