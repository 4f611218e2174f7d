"""Aggregates game stats into a simulation report (schemas/report.schema.json), compares a run
with its baseline, and renders the report as terminal tables and a self-contained HTML page."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from typing import Any

from ..records import record
from .collect import GameStats
from .engines import engine_line
from .seats import seat_agents, seat_label, shares_seats
from .stats import (
    CORRECTION,
    MIN_EXPECTED_WINS,
    PAIRED_METHOD,
    UNPAIRED_METHOD,
    Histogram,
    Mean,
    Proportion,
    adjust,
    format_p,
    paired_difference,
    seat_balance,
)


@record
class Aggregate:
    players: int
    rounds: Mean = field(default_factory=Mean)
    rounds_hist: Histogram = field(default_factory=Histogram)
    score: Mean = field(default_factory=Mean)
    score_hist: Histogram = field(default_factory=Histogram)
    winning_score: Mean = field(default_factory=Mean)
    margin: Mean = field(default_factory=Mean)
    shared: Proportion = field(default_factory=Proportion)
    seat_wins: list[Proportion] = field(default_factory=list)
    metrics: dict[str, Mean] = field(default_factory=dict)
    label_wins: dict[str, dict[str, Proportion]] = field(default_factory=dict)
    fired: dict[str, int] = field(default_factory=dict)  # how often each fired, summed over the games
    games: int = 0
    # per game, in game order: the seeds and each compared figure's value (compare pairs them);
    # packed arrays, 8 bytes a value: ~120 bytes a game at 4 players, so 1,000,000 games ~120 MB
    seeds: array = field(default_factory=lambda: array("q"))
    per_game: dict[str, array] = field(default_factory=dict)
    agents: tuple[str, ...] = ()  # the --agents names, cycled over the seats

    def __post_init__(self) -> None:
        self.seat_wins = [Proportion() for _ in range(self.players)]

    def add(self, g: GameStats) -> None:
        self.games += 1
        self.rounds.add(g.rounds)
        self.rounds_hist.add(g.rounds)
        for s in g.scores:
            self.score.add(s)
            self.score_hist.add(s)
        self.winning_score.add(max(g.scores))
        self.margin.add(g.margin)
        self.shared.add(1.0 if len(g.winners) > 1 else 0.0)
        share = 1.0 / len(g.winners)
        for seat in range(self.players):
            self.seat_wins[seat].add(share if seat in g.winners else 0.0)
        for name, value in g.metrics.items():
            self.metrics.setdefault(name, Mean()).add(value)
        for label, values in g.labels.items():
            table = self.label_wins.setdefault(label, {})
            for seat, value in enumerate(values):
                table.setdefault(value, Proportion()).add(share if seat in g.winners else 0.0)
        fired = self.fired  # (whole numbers: the mean per game is worked out once, in to_json)
        for name, n in g.fired.items():
            fired[name] = fired.get(name, 0) + n
        self._keep(g, share)

    def _keep(self, g: GameStats, share: float) -> None:
        """This game's value of each compared figure (the mean score of its seats, a seat's
        win share), so that a comparison can pair it with the same seed's baseline game."""
        self.seeds.append(g.seed)
        values = {"rounds": g.rounds, "score": sum(g.scores) / len(g.scores), "winning_score": max(g.scores),
                  "margin": g.margin, "shared_victory": 1.0 if len(g.winners) > 1 else 0.0}
        for name, value in g.metrics.items():
            values[f"metrics.{name}"] = value
        for seat in range(self.players):
            values[f"win_rate_by_seat.P{seat + 1}"] = share if seat in g.winners else 0.0
        for key, value in values.items():
            series = self.per_game.setdefault(key, array("d"))
            series.extend([0.0] * (self.games - 1 - len(series)))  # a metric first seen in a later game
            series.append(float(value))

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "rounds": self.rounds.to_json() | {"histogram": self.rounds_hist.to_json()},
            "score": self.score.to_json() | {"histogram": self.score_hist.to_json()},
            "winning_score": self.winning_score.to_json(),
            "margin": self.margin.to_json(),
            "shared_victory": self.shared.to_json(),
            "win_rate_by_seat": {f"P{s + 1}": p.to_json() for s, p in enumerate(self.seat_wins)},
            "metrics": {k: v.to_json() for k, v in sorted(self.metrics.items())},
            "win_rate_by": {label: {value: p.to_json() for value, p in sorted(table.items())}
                            for label, table in sorted(self.label_wins.items())},
            "fired_per_game": {k: round(n / self.games, 6) for k, n in sorted(self.fired.items())},
            "seat_balance": seat_balance([p.hits for p in self.seat_wins]),
        } | self._by_agent()

    def _by_agent(self) -> dict[str, Any]:
        """When the seats are played by different agents: which agent sat where, and each
        agent's win rate over all the seats it played (its wins over its seat-games)."""
        seats = seat_agents(self.agents, self.players)
        if seats is None:
            return {}
        pooled: dict[str, Proportion] = {}
        for seat, name in enumerate(seats.values()):
            total = pooled.setdefault(name, Proportion())
            total.hits += self.seat_wins[seat].hits
            total.n += self.seat_wins[seat].n
        return {"seat_agents": seats, "win_rate_by_agent": {k: p.to_json() for k, p in pooled.items()}}


def compare(variant: Aggregate, base: Aggregate) -> dict[str, Any]:
    """Each comparable figure of a run against its baseline's, paired by seed: the mean of the
    per-seed differences with its interval, the unpaired interval of the same data, and p-values
    adjusted across all the figures (Benjamini-Hochberg). Refuses runs of different seeds."""
    if variant.seeds != base.seeds:
        raise ValueError("a paired comparison needs the baseline to play the same seeds as the run")
    keys = ["rounds", "score", "winning_score", "margin", "shared_victory"]
    keys += [k for k in variant.per_game if k.startswith("metrics.")]
    keys += [k for k in variant.per_game if k.startswith("win_rate_by_seat.")]
    keys += [k for k in variant.per_game if k.startswith("quality.")]  # (play-quality values, when a run keeps them)
    return compare_series(variant.per_game, base.per_game, keys)


def compare_series(variant: Mapping[str, Sequence[float]], base: Mapping[str, Sequence[float]],
                   keys: Iterable[str]) -> dict[str, Any]:
    """The paired differences of the named per-game series that both runs have (the same seeds,
    in the same order), with Benjamini-Hochberg flags across them: what `simulate --baseline`
    and `balance` both report."""
    out: dict[str, Any] = {}
    for key in keys:
        if key in variant and key in base:
            out[key] = paired_difference(variant[key], base[key])
    adjust(out)
    return out


def comparison_method(comparison: dict[str, Any], games: int) -> dict[str, Any]:
    """How the comparison was made, for the report: paired by seed, which interval, which
    correction, and how much narrower pairing made the intervals than unpaired ones."""
    ratios = sorted(d["width_ratio"] for d in comparison.values() if d["width_ratio"] is not None)
    return {"paired": True, "games": games, "interval": PAIRED_METHOD, "unpaired_interval": UNPAIRED_METHOD,
            "correction": CORRECTION, "alpha": 0.05, "figures": len(comparison),
            "median_width_ratio": ratios[len(ratios) // 2] if ratios else None,
            "width_ratio_range": [ratios[0], ratios[-1]] if ratios else None}


def _fmt(figure: dict[str, Any]) -> str:
    if "mean" in figure:
        low, high = figure["ci95"]
        return f"{figure['mean']:.2f} [{low:.2f}, {high:.2f}]"
    low, high = figure["ci95"]
    return f"{100 * figure['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def _entries(report: dict[str, Any]) -> list[tuple[str, str, dict, dict | None]]:
    """(label, comparison key or "", run figure, baseline figure) for each row, in order."""
    run, base = report["run"], report.get("baseline")
    titles = report.get("metric_titles", {})
    out: list[tuple[str, str, dict, dict | None]] = []
    for key, label in (("rounds", "rounds per game"), ("score", "final score"),
                       ("winning_score", "winner's score"), ("margin", "winner's margin"),
                       ("shared_victory", "shared victories")):
        out.append((label, key, run[key], base[key] if base else None))
    for seat, figure in run["win_rate_by_seat"].items():
        out.append((f"win rate {seat_label(run, seat)}", f"win_rate_by_seat.{seat}", figure,
                    base["win_rate_by_seat"].get(seat) if base else None))
    for agent, figure in (run.get("win_rate_by_agent") or {}).items() if shares_seats(run) else ():
        out.append((f"win rate of {agent} (all its seats)", "", figure,
                    (base.get("win_rate_by_agent") or {}).get(agent) if base else None))
    for name, figure in run["metrics"].items():
        out.append((titles.get(name, name), f"metrics.{name}", figure, base["metrics"].get(name) if base else None))
    for label, values in run["win_rate_by"].items():
        for value, figure in values.items():
            out.append((f"win rate {label}={value}", "", figure, None))
    return out


def rows(report: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """(figure, run, baseline, difference, adjusted p) rows (the HTML table)."""
    diff = report.get("comparison") or {}
    out = []
    for label, key, figure, base_figure in _entries(report):
        d = diff.get(key)
        dtext, ptext = _difference_cells(d, key)[:2] if d is not None else ("", "")
        out.append((label, _fmt(figure), _fmt(base_figure) if base_figure else "", dtext, ptext))
    return out


def table(report: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The terminal table: headers and rows. Without a baseline only the run's column (no
    empty baseline or difference columns); with one, the paired difference, its adjusted
    p-value and its interval's width relative to the unpaired one."""
    compared = report.get("comparison") is not None
    headers = ["figure", "this run (95% CI)"]
    if report.get("baseline") is not None:
        headers.append("baseline")
    if compared:
        headers += ["paired difference (95% CI, * flagged)", "adjusted p", "width vs unpaired"]
    diff = report.get("comparison") or {}
    out = []
    for label, key, figure, base_figure in _entries(report):
        row = [label, _fmt(figure)] + ([_fmt(base_figure) if base_figure else ""] if "baseline" in headers else [])
        if compared:
            d = diff.get(key)
            row += _difference_cells(d, key) if d else ["", "", ""]
        out.append(row)
    return headers, out


def _difference_cells(d: dict[str, Any], key: str) -> list[str]:
    scale, unit = (100, " pts") if key.startswith("win_rate_by_seat.") or key == "shared_victory" else (1, "")
    low, high = d["ci95"]
    text = (f"{scale * d['difference']:+.2f}{unit} [{scale * low:+.2f}, {scale * high:+.2f}]"
            + (" *" if d["significant"] else ""))
    ratio = d.get("width_ratio")
    p = d.get("p_adjusted")
    return [text, format_p(p),
            f"{ratio:.2f}x" if ratio is not None else "(both 0)"]


def notes(report: dict[str, Any]) -> list[str]:
    """Lines under the table: which engines played the games (engines.engine_line), how the
    comparison was made (paired, which correction, how much narrower the paired intervals are)
    and the seat balance test of each run."""
    out = []
    engine = engine_line(report.get("engine"))
    if engine is not None:
        out.append(engine)
    method = report.get("comparison_method")
    if method:
        ratio = method["median_width_ratio"]
        narrower = (f"; a paired interval is {ratio:.2f}x the width of the unpaired one (median; "
                    f"{method['width_ratio_range'][0]:.2f}x to {method['width_ratio_range'][1]:.2f}x)"
                    if ratio is not None else "; every difference is the same in every game (zero-width intervals)")
        out.append(f"Paired: the run and its baseline played the same {method['games']} seeds; each difference "
                   f"is the mean of the per-seed differences with a t interval{narrower}. "
                   f"* = significant after {method['correction'].split(' (')[0]} correction across "
                   f"{method['figures']} figures (adjusted p < {method['alpha']}).")
    elif report.get("baseline") is not None:
        out.append("No comparison: pairing needs at least 2 games that both the run and its baseline finished.")
    for name in ("run", "baseline"):
        aggregate = report.get(name)
        test = aggregate.get("seat_balance") if aggregate else None
        which = "this run" if name == "run" else "baseline"
        seats = aggregate.get("seat_agents") if aggregate else None
        p = format_p(test["p_value"]) if test else ""
        p = "p " + p if p.startswith("<") else "p = " + p
        if test and seats:  # the seats' shares then measure the agents, not the seats
            verdict = ("the agents' win shares differ" if test["p_value"] < 0.05
                       else "no agent detectably ahead")
            out.append(f"Agents ({which}): the seats are played by different agents "
                       f"({', '.join(f'{s} {a}' for s, a in seats.items())}), so the seats' win shares "
                       f"compare the agents: chi-square {test['statistic']:.2f} with {test['df']} df, "
                       f"{p}: {verdict}.")
        elif test:
            verdict = "a seat is favoured" if test["p_value"] < 0.05 else "no seat detectably favoured"
            out.append(f"Seat balance ({which}): chi-square "
                       f"{test['statistic']:.2f} with {test['df']} df, {p}: {verdict}.")
        elif aggregate and len(aggregate.get("win_rate_by_seat") or {}) > 1:
            out.append(f"{'Agents' if seats else 'Seat balance'} ({which}): no test, it needs "
                       f"{MIN_EXPECTED_WINS} expected wins per seat (play more games).")
    return out


# ---------------------------------------------------------------------------- HTML
def _html_table(report: dict[str, Any]) -> str:
    """The figures table; a column empty in every row (no baseline) is left out."""
    from .html_page import table

    heads = ["figure", "this run (95% CI)", "baseline", "difference (* significant)", "adjusted p"]
    body = rows(report)
    keep = [i for i in range(len(heads)) if i < 2 or any(len(r) > i and r[i] for r in body)]
    return table([heads[i] for i in keep], ([r[i] for i in keep] for r in body))


def render_html(report: dict[str, Any]) -> str:
    """One self-contained page: the table, then the charts as inline SVG (no script, no network).
    (What only the page needs is imported here: a run that writes none does not load it.)"""
    import html

    from .charts import charts
    from .coverage import coverage_html
    from .html_page import page

    figures = "".join(f'<figure id="{c.id}">{c.svg}</figure>\n' for c in charts(report))
    head = report["title"]
    notes_html = "".join(f"<p>{html.escape(line)}</p>\n" for line in notes(report))
    body = (f"<h1>{html.escape(head)}</h1>\n<p>{html.escape(report['summary'])}</p>\n{_html_table(report)}\n"
            f"{notes_html}{figures}{coverage_html(report)}")
    return page(head, body, style="td + td { white-space: nowrap; }\n")
