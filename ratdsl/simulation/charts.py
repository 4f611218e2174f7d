"""The simulation report's charts as inline SVG, drawn with matplotlib from the report's JSON alone:
a forest plot of the variant's differences, distributions with every bin, and win rates with their
intervals. Pure functions of the report, byte-identical for the same report (fixed SVG id salt, no
date), so the HTML page can be compared between runs. matplotlib is imported only when a chart is
drawn: other commands never pay for it."""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from typing import Any

from .seats import seat_label, shares_seats
from .stats import format_p

RUN, BASE, FLAG, ZERO, GRID = "#2f6db5", "#8c8c8c", "#c0392b", "#444444", "#e4e4e4"
WIDTH = 7.5  # inches; 540 pt in the page
ROW = 0.34  # inches per row in the row charts


@dataclass(frozen=True)
class Chart:
    """One chart of the page: a stable id (also the SVG id salt), its title and its SVG."""
    id: str
    title: str
    svg: str


@dataclass(frozen=True)
class Difference:
    """One row of the forest plot, read from a comparison entry (paired fields preferred)."""
    key: str
    label: str
    estimate: float
    low: float
    high: float
    flagged: bool
    unit: str  # "" or " pts" (a rate's difference, in percentage points)
    p_adjusted: float | None = None


def _first(*candidates: tuple[dict, str]) -> Any:
    for table, key in candidates:
        if isinstance(table, dict) and key in table:
            return table[key]
    return None


def read_difference(key: str, label: str, entry: dict[str, Any], is_rate: bool) -> Difference:
    """A comparison entry as a forest row. A paired difference (`entry["paired"]`) is read when the
    report has one, else today's unpaired fields; a flag after correction (`flagged`) wins over a
    plain `significant`."""
    paired = entry.get("paired") if isinstance(entry.get("paired"), dict) else {}
    estimate = _first((paired, "difference"), (entry, "difference"))
    low, high = _first((paired, "ci95"), (entry, "ci95"))
    flagged = _first((entry, "flagged"), (paired, "flagged"), (paired, "significant"), (entry, "significant"))
    p_adj = _first((paired, "p_adjusted"), (entry, "p_adjusted"), (paired, "adjusted_p"), (entry, "adjusted_p"))
    scale = 100.0 if is_rate else 1.0
    return Difference(key, label, scale * estimate, scale * low, scale * high, bool(flagged),
                      " pts" if is_rate else "", p_adj)


HEADLINE = {"rounds": "rounds per game", "score": "final score", "winning_score": "winner's score",
            "margin": "winner's margin", "shared_victory": "shared victories"}


def differences(report: dict[str, Any]) -> list[Difference]:
    """Every comparison entry of the report, headline figures first, in the report's order."""
    comparison = report.get("comparison") or {}
    titles = report.get("metric_titles", {})
    run = report["run"]
    out = []
    for key, entry in comparison.items():
        section, _, name = key.partition(".")
        if not name:
            label, figure = HEADLINE.get(key, key), run.get(key, {})
        elif section == "metrics":
            label, figure = titles.get(name, name), run["metrics"].get(name, {})
        elif section == "win_rate_by_seat":
            label, figure = f"win rate {seat_label(run, name)}", run["win_rate_by_seat"].get(name, {})
        else:  # a figure this reader does not know by name: its key, and a rate if it looks like one
            label, figure = key.replace(".", " "), {"rate": 0} if "win_rate" in section else {}
        out.append(read_difference(key, label, entry, "rate" in figure))
    return out


def histogram_bins(*histograms: dict[str, int] | None) -> list[int]:
    """Every whole value from the smallest to the largest seen in any of the histograms, so a value
    no game reached shows as an empty bar instead of vanishing from the axis."""
    values = [int(v) for h in histograms if h for v in h]
    return list(range(min(values), max(values) + 1)) if values else []


# ---------------------------------------------------------------------------- drawing
def _gid(*parts: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", "-".join(parts))


def _short(label: str, limit: int = 38) -> str:
    return label if len(label) <= limit else label[:limit - 1] + "…"


def _figure(height: float):
    from matplotlib.figure import Figure  # lazy: only a report with charts pays for matplotlib

    return Figure(figsize=(WIDTH, height))


def _svg(fig, chart_id: str, title: str) -> str:
    """The figure as an inline <svg> element: no XML prolog, ids salted with the chart's id (unique
    in the page, the same on every run), no date or creator, text as paths (no font needed)."""
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": chart_id, "svg.fonttype": "path"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    from html import escape

    return text.replace("<svg ", f'<svg role="img" aria-label="{escape(title)}" ', 1)


def _style():
    import matplotlib

    return matplotlib.rc_context({
        "font.family": "DejaVu Sans", "font.size": 9, "text.parse_math": False,  # rule titles may hold $
        "axes.spines.top": False, "axes.spines.right": False, "axes.titlesize": 11,
        "axes.titleweight": "bold", "axes.titlelocation": "left", "svg.fonttype": "path"})


def text_width(text: str, size: float = 9, bold: bool = False) -> float:
    """How wide `text` is drawn, in inches (the chart's font, as paths): what the forest plot's
    columns are laid out from, so that no number runs past the figure's edge."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    prop = FontProperties(family="DejaVu Sans", size=size, weight="bold" if bold else "normal")
    return TextPath((0, 0), text, prop=prop).get_extents().x1 / 72 if text else 0.0


def forest_texts(row: Difference) -> tuple[str, str]:
    """The numbers printed right of a forest row: the difference with its interval, and the
    adjusted p-value in full (stats.format_p), each a column of its own."""
    value = f"{row.estimate:+.2f}{row.unit} [{row.low:+.2f}, {row.high:+.2f}]"
    if row.p_adjusted is None:
        return value, ""
    p = format_p(row.p_adjusted)
    return value, "p " + p if p.startswith("<") else "p = " + p


def forest_chart(report: dict[str, Any]) -> Chart | None:
    """The variant's differences from its baseline, one row per figure: the point is the
    difference, the bar its 95% interval, the line zero; flagged rows are red with a star. Figures
    have different units, so each row has its own scale centred on zero and the numbers on the
    right give the size. The columns are as wide as their widest text (measured), the figure
    wider than the page's 7.5 inches if it must be: a number is never cut at the edge."""
    return forest_of(differences(report), "forest", "What the variant changes (variant − baseline, 95% interval)")


def forest_of(rows: list[Difference], chart_id: str, title: str) -> Chart | None:
    """The forest plot of these rows (forest_chart's drawing, for any list of differences)."""
    if not rows:
        return None
    labels = [_short(row.label) + (" *" if row.flagged else "") for row in rows]
    texts = [forest_texts(row) for row in rows]
    pad = 0.12  # inches between columns and at the edges
    note = "each row on its own scale, centred on zero (line); * flagged; p adjusted across the figures"
    with _style():  # (measured under the chart's style: a $ in a title is text there, not mathematics)
        label_w = max(text_width(label, bold=row.flagged) for label, row in zip(labels, rows, strict=True))
        value_w = max(text_width(value) for value, _ in texts)
        p_w = max(text_width(p) for _, p in texts)
        width = max(WIDTH, label_w + value_w + p_w + 2.0 + 5 * pad,  # at least 2 inches of plot
                    text_width(note, 8) + 2 * pad)
    plot_w = width - (label_w + value_w + p_w + 5 * pad)
    x_label = (pad + label_w) / width
    x_plot, x_value = x_label + pad / width, (2 * pad + label_w + plot_w) / width
    x_p = x_value + (value_w + pad) / width
    with _style():
        fig = _figure(0.9 + ROW * len(rows))
        fig.set_figwidth(width)
        grid = fig.add_gridspec(len(rows), 1, left=x_plot, right=x_value - pad / width,
                                top=1 - 0.55 / fig.get_figheight(), bottom=0.35 / fig.get_figheight(), hspace=0)
        fig.text(0.01, 1 - 0.22 / fig.get_figheight(), title, weight="bold", size=11, va="center")
        for i, row in enumerate(rows):
            ax = fig.add_subplot(grid[i, 0])
            reach = max(abs(row.low), abs(row.high), abs(row.estimate)) * 1.15 or 1.0
            ax.set_xlim(-reach, reach)
            ax.set_ylim(-1, 1)
            ax.axis("off")
            if i % 2 == 0:
                ax.axhspan(-1, 1, color="#f5f5f5", zorder=0)
            ax.axvline(0, color=ZERO, lw=0.8, zorder=1)
            colour = FLAG if row.flagged else RUN
            ax.plot([row.low, row.high], [0, 0], color=colour, lw=2, solid_capstyle="butt", zorder=2,
                    gid=_gid(chart_id, row.key, "interval"))
            ax.plot([row.estimate], [0], "D" if row.flagged else "o", color=colour, ms=5, zorder=3,
                    gid=_gid(chart_id, row.key, "flagged" if row.flagged else "point"))
            y = 1 - (0.55 + ROW * (i + 0.5)) / fig.get_figheight()
            fig.text(x_label, y, labels[i], ha="right", va="center",
                     color=colour if row.flagged else "#222222", weight="bold" if row.flagged else "normal")
            fig.text(x_value, y, texts[i][0], ha="left", va="center", color="#222222")
            fig.text(x_p, y, texts[i][1], ha="left", va="center", color="#222222",
                     gid=_gid(chart_id, row.key, "p"))
        fig.text(pad / width, 0.12 / fig.get_figheight(), note, size=8, color="#666666")
        return Chart(chart_id, title, _svg(fig, chart_id, title))


def distribution_chart(report: dict[str, Any], key: str, title: str, xlabel: str, per: str) -> Chart | None:
    """A histogram of run[key] (beside the baseline's) over every value between the extremes,
    as a share of the games (or players) so runs of different sizes compare; dashed lines at the
    means."""
    run, base = report["run"][key], (report.get("baseline") or {}).get(key)
    hist, base_hist = run.get("histogram", {}), (base or {}).get("histogram")
    bins = histogram_bins(hist, base_hist)
    if not bins:
        return None
    series = [("run", "this run", hist, run, RUN)]
    if base_hist is not None:
        series.append(("baseline", "baseline", base_hist, base, BASE))
    width = 0.8 / len(series)
    with _style():
        fig = _figure(3.0)
        ax = fig.add_axes((0.09, 0.17, 0.89, 0.69))
        for j, (name, legend, counts, figure, colour) in enumerate(series):
            total = sum(counts.values()) or 1
            offset = (j - (len(series) - 1) / 2) * width
            shares = [100 * counts.get(str(value), 0) / total for value in bins]
            bars = ax.bar([value + offset for value in bins], shares, width, color=colour, label=legend)
            for value, patch in zip(bins, bars.patches):
                patch.set_gid(_gid(key, name, str(value)))
            ax.axvline(figure["mean"], color=colour, ls="--", lw=1)
        from matplotlib.ticker import MaxNLocator

        if len(bins) <= 30:  # a tick under every bar, the empty ones too
            ax.set_xticks(bins, [str(b) for b in bins], fontsize=8 if len(bins) > 15 else 9)
        else:
            ax.xaxis.set_major_locator(MaxNLocator(nbins=25, integer=True))
        ax.set_xlim(bins[0] - 0.6, bins[-1] + 0.6)
        ax.set_xlabel(xlabel + " (dashed: mean)")
        ax.set_ylabel(f"% of {per}")
        ax.yaxis.grid(True, color=GRID)
        ax.set_axisbelow(True)
        ax.set_title(title)
        if len(series) > 1:
            ax.legend(frameon=False, loc="lower right", bbox_to_anchor=(1, 1), ncols=2)
        return Chart(f"dist-{key}", title, _svg(fig, f"dist-{key}", title))


def rate_chart(chart_id: str, title: str, run: dict[str, dict], base: dict[str, dict] | None,
               even: float | None = None, names_shown: dict[str, str] | None = None) -> Chart | None:
    """Win rates with their 95% intervals, one row per seat (or label value), the baseline's under
    the run's; a dotted line at the even share when there is one. `names_shown` names a row
    other than by its key (a seat by its agent)."""
    names = list(dict.fromkeys([*run, *(base or {})]))
    shown = names_shown or {}
    if not names:
        return None
    series = [("run", "this run", run, RUN)] + ([("baseline", "baseline", base, BASE)] if base is not None else [])
    with _style():
        fig = _figure(0.9 + ROW * len(names) * (1.4 if base is not None else 1))
        margin = 0.45 / fig.get_figheight()
        ax = fig.add_axes((0.2, margin * 1.3, 0.77, 1 - margin * 2.3))
        step = 0.36 if base is not None else 0
        for j, (name, legend, table, colour) in enumerate(series):
            for i, value in enumerate(names):
                figure = table.get(value)
                if figure is None:  # a value only one of the runs dealt
                    continue
                y = i + (j - (len(series) - 1) / 2) * step
                low, high = figure["ci95"]
                ax.plot([100 * low, 100 * high], [y, y], color=colour, lw=2, solid_capstyle="butt",
                        gid=_gid(chart_id, name, value, "interval"))
                ax.plot([100 * figure["rate"]], [y], "o", color=colour, ms=5, clip_on=False,
                        gid=_gid(chart_id, name, value), label=legend)
                legend = None  # one legend entry per series
        if even is not None:
            ax.axvline(100 * even, color=ZERO, ls=":", lw=1, label=f"even share ({100 * even:.0f}%)")
        ax.set_yticks(range(len(names)), [_short(shown.get(n, n), 24) for n in names])
        ax.set_ylim(len(names) - 0.5, -0.5)
        highest = max([f["ci95"][1] for t in (run, base or {}) for f in t.values()] + [even or 0])
        ax.set_xlim(0, min(100, 10 * math.ceil(10 * highest + 0.5)))  # from zero, to just past the widest bar
        ax.set_xlabel("win rate, % (bar: 95% interval)")
        ax.xaxis.grid(True, color=GRID)
        ax.set_axisbelow(True)
        ax.set_title(title)
        if len(series) > 1 or even is not None:
            ax.legend(frameon=False, loc="lower right", bbox_to_anchor=(1, 1), ncols=3, fontsize=8)
        return Chart(chart_id, title, _svg(fig, chart_id, title))


def charts(report: dict[str, Any]) -> list[Chart]:
    """Every chart of the report, in page order: the differences (with a baseline), the
    distributions, then the win rates by seat and by each label the rules name."""
    run, base = report["run"], report.get("baseline")
    even = 1 / max(1, len(run["win_rate_by_seat"]))
    seats_by_agent = run.get("seat_agents") is not None
    found = [
        forest_chart(report),
        distribution_chart(report, "rounds", "Rounds per game", "rounds", "games"),
        distribution_chart(report, "score", "Final scores", "final score", "players' scores"),
        rate_chart("seats", "Win rate by seat and its agent" if seats_by_agent else "Win rate by seat",
                   run["win_rate_by_seat"], base["win_rate_by_seat"] if base else None, even,
                   {seat: seat_label(run, seat) for seat in run["win_rate_by_seat"]}),
    ]
    if shares_seats(run):  # an agent's rate over every seat it played: even is still 1 / players
        found.append(rate_chart("agents", "Win rate by agent (all its seats)", run["win_rate_by_agent"],
                                (base or {}).get("win_rate_by_agent") if base else None, even))
    for label, values in run.get("win_rate_by", {}).items():
        other = base.get("win_rate_by", {}).get(label, {}) if base else None
        found.append(rate_chart(_gid("by", label), f"Win rate by {label}", values, other))
    return [c for c in found if c is not None]
