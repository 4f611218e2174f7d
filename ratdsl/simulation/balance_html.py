"""The balance report as one self-contained HTML page: a table per arm, the flagged findings in
words, and charts (inline SVG from the report's JSON alone): per arm, the forest plot of the
paired differences, and each metric's distribution in the variant and the baseline."""

from __future__ import annotations

import html
from typing import Any

from .balance import HEADERS, rows
from .charts import BASE, GRID, RUN, Chart, Difference, _figure, _gid, _style, _svg, forest_of, read_difference
from .html_page import Markup, page, table
from .quality import metric_of


def _label(key: str) -> str:
    return metric_of(key).title + (f" {key.split('.', 1)[1]}" if "." in key else "")


def arm_forest(arm: dict[str, Any]) -> Chart | None:
    rows: list[Difference] = [read_difference(key, _label(key), d, metric_of(key).percent)
                              for key, d in arm["comparison"].items()]
    return forest_of(rows, f"forest-{arm['name']}", f"{arm['title']}: variant − baseline (95% interval)")


def distribution(arm: dict[str, Any], key: str) -> Chart | None:
    """The share of games in each bin of the metric's values, variant beside baseline; dashed
    lines at the means."""
    hist = arm["histograms"].get(key)
    if hist is None:
        return None
    edges = hist["edges"]
    centres = [(a + b) / 2 for a, b in zip(edges, edges[1:])]
    step = edges[1] - edges[0]
    chart_id = f"dist-{arm['name']}-{key}"
    title = f"{_label(key)} ({arm['title']})"
    with _style():
        fig = _figure(2.4)
        ax = fig.add_axes((0.09, 0.2, 0.89, 0.62))
        for j, (side, colour) in enumerate((("variant", RUN), ("baseline", BASE))):
            counts = hist[side]
            total = sum(counts) or 1
            offset = (j - 0.5) * step * 0.4
            bars = ax.bar([c + offset for c in centres], [100 * n / total for n in counts], step * 0.4,
                          color=colour, label=side)
            for i, patch in enumerate(bars.patches):
                patch.set_gid(_gid(chart_id, side, str(i)))
            mean = arm[side].get(key)
            if mean is not None:
                ax.axvline(mean["mean"], color=colour, ls="--", lw=1)
        ax.set_ylabel("% of games")
        ax.yaxis.grid(True, color=GRID)
        ax.set_axisbelow(True)
        ax.set_title(title)
        ax.legend(frameon=False, loc="lower right", bbox_to_anchor=(1, 1), ncols=2)
        return Chart(chart_id, title, _svg(fig, chart_id, title))


def render_html(report: dict[str, Any]) -> str:
    parts = []
    for arm in report["arms"]:
        parts.append(f"<h2>{html.escape(arm['title'])}</h2>\n<p>{arm['games']} games per rule set.</p>\n"
                     f"{table(HEADERS, rows(arm))}\n")
        charts = [arm_forest(arm)] + [distribution(arm, k) for k in arm["histograms"] if "." not in k]
        parts += [f'<figure id="{c.id}">{c.svg}</figure>\n' for c in charts if c is not None]
    findings = report["findings"] or ["No metric differs detectably (after Benjamini-Hochberg correction)."]
    defs = table(["metric", "definition", "formula"],
                 ([m["title"], m["definition"], Markup(f"<code>{html.escape(m['formula'])}</code>")]
                  for m in report["metrics"].values()))
    body = (f"<h1>{html.escape(report['title'])}</h1>\n<p>{html.escape(report['summary'])}</p>\n<h2>Findings</h2>\n"
            f"<ul>{''.join(f'<li>{html.escape(line)}</li>' for line in findings)}</ul>\n"
            f"{''.join(parts)}<h2>The metrics</h2>\n{defs}")
    return page(report["title"], body, width=900)
