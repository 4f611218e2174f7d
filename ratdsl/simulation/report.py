"""Aggregates game stats into a simulation report (schemas/report.schema.json), compares a run
with its baseline, and renders the report as terminal tables and a self-contained HTML page."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from .charts import charts
from .collect import GameStats
from .stats import Histogram, Mean, Proportion, difference


@dataclass
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
    fired: dict[str, Mean] = field(default_factory=dict)
    games: int = 0

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
        for name in set(self.fired) | set(g.fired):
            self.fired.setdefault(name, Mean())
        for name, mean in self.fired.items():
            while mean.n < self.games - 1:  # a card that first fired in a later game
                mean.add(0)
            mean.add(g.fired.get(name, 0))

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
            "fired_per_game": {k: round(v.mean, 6) for k, v in sorted(self.fired.items())},
        }


def compare(variant: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """Each comparable figure of a run beside its baseline's, with the difference and its CI."""
    out: dict[str, Any] = {}
    for key in ("rounds", "score", "winning_score", "margin", "shared_victory"):
        out[key] = difference(variant[key], base[key])
    for section in ("metrics", "win_rate_by_seat"):
        for name, figure in variant[section].items():
            if name in base[section]:
                out[f"{section}.{name}"] = difference(figure, base[section][name])
    return out


def _fmt(figure: dict[str, Any]) -> str:
    if "mean" in figure:
        low, high = figure["ci95"]
        return f"{figure['mean']:.2f} [{low:.2f}, {high:.2f}]"
    low, high = figure["ci95"]
    return f"{100 * figure['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def rows(report: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(figure, run, baseline, difference) rows for the terminal table."""
    run, base, diff = report["run"], report.get("baseline"), report.get("comparison") or {}
    titles = report.get("metric_titles", {})
    out = []

    def add(label: str, key: str, figure: dict, base_figure: dict | None) -> None:
        d = diff.get(key)
        dtext = ""
        if d is not None:
            low, high = d["ci95"]
            scale = 100 if "rate" in figure else 1
            unit = " pts" if scale == 100 else ""
            dtext = (f"{scale * d['difference']:+.2f}{unit} [{scale * low:+.2f}, {scale * high:+.2f}]"
                     + (" *" if d["significant"] else ""))
        out.append((label, _fmt(figure), _fmt(base_figure) if base_figure else "", dtext))

    for key, label in (("rounds", "rounds per game"), ("score", "final score"),
                       ("winning_score", "winner's score"), ("margin", "winner's margin"),
                       ("shared_victory", "shared victories")):
        add(label, key, run[key], base[key] if base else None)
    for seat, figure in run["win_rate_by_seat"].items():
        base_figure = base["win_rate_by_seat"].get(seat) if base else None
        add(f"win rate {seat}", f"win_rate_by_seat.{seat}", figure, base_figure)
    for name, figure in run["metrics"].items():
        add(titles.get(name, name), f"metrics.{name}", figure, base["metrics"].get(name) if base else None)
    for label, table in run["win_rate_by"].items():
        for value, figure in table.items():
            add(f"win rate {label}={value}", "", figure, None)
    return out


# ---------------------------------------------------------------------------- HTML
def _html_table(report: dict[str, Any]) -> str:
    """The figures table; a column empty in every row (no baseline) is left out."""
    heads = ["figure", "this run (95% CI)", "baseline", "difference (* significant)"]
    body = rows(report)
    keep = [i for i in range(len(heads)) if i < 2 or any(len(r) > i and r[i] for r in body)]
    head = "".join(f"<th>{html.escape(heads[i])}</th>" for i in keep)
    cells = "".join("<tr>" + "".join(f"<td>{html.escape(r[i])}</td>" for i in keep) + "</tr>\n" for r in body)
    return f"<table><thead><tr>{head}</tr></thead><tbody>\n{cells}</tbody></table>"


def render_html(report: dict[str, Any]) -> str:
    """One self-contained page: the table, then the charts as inline SVG (no script, no network)."""
    figures = "".join(f'<figure id="{c.id}">{c.svg}</figure>\n' for c in charts(report))
    head = report["title"]
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(head)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font-family: "DejaVu Sans", Arial, sans-serif; margin: 2em auto; max-width: 760px; padding: 0 1em;
        color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0 2em; }}
td, th {{ border: 1px solid #ccc; padding: 4px 8px; text-align: left; font-size: 13px; }}
td + td {{ white-space: nowrap; }}
th {{ background: #eee; }} tbody tr:nth-child(even) {{ background: #fafafa; }}
figure {{ margin: 0 0 1.5em; }} figure svg {{ display: block; width: 100%; height: auto; }}
</style></head><body>
<h1>{html.escape(head)}</h1>
<p>{html.escape(report["summary"])}</p>
{_html_table(report)}
{figures}</body></html>
"""
