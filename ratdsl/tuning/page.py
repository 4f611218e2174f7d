"""The tuning report as lines for the terminal and as one self-contained HTML page: the goals and
how the winner meets each, the winner against the base game on fresh seeds (the table and notes of
`simulate --baseline`), a chart per varied value (each goal's metric against it, every candidate
with its interval), and every candidate tried. Pure functions of the report's JSON."""

from __future__ import annotations

import html
from typing import Any

from ..simulation.charts import Chart, _figure, _gid, _style, _svg
from ..simulation.html_page import page, table
from ..simulation.quality import metric_of
from ..simulation.stats import format_p

RUN, PRUNED, BEST, BAND = "#2f6db5", "#b0b0b0", "#c0392b", "#e8f1e4"


def _estimate(goal: dict[str, Any]) -> str:
    e = goal.get("estimate")
    if e is None:
        return "not measured"
    return f"{e['value']:.2f} [{e['ci95'][0]:.2f}, {e['ci95'][1]:.2f}]"


def _verdict(goal: dict[str, Any]) -> str:
    if goal["met"]:
        return "met (whole interval)" if goal["surely_met"] else "met"
    return f"missed by {goal['miss']:.2f}" if goal.get("miss") is not None else "stopped before these players' games"


def summary_lines(report: dict[str, Any]) -> list[str]:
    tried = [c for c in report["candidates"] if "repeat_of" not in c]
    repeats = len(report["candidates"]) - len(tried)
    out = [f"{report['title']}: {len(tried)} candidates of {report['space']:,}"
           + (f" (and {repeats} proposed again, not replayed)" if repeats else "") + " "
           f"({report['sampler']} search), {report['games_played']:,} games, seed {report['seed']}"]
    best = report.get("best")
    if best is None:
        out.append("no candidate finished: nothing written")
        return out
    values = ", ".join(f"{k} = {v}" for k, v in best["values"].items())
    out.append(f"best: candidate {best['number']}: {values}"
               + ("" if best["all_met"] else " (the closest: not every goal is met)"))
    for goal in best["goals"]:
        out.append(f"  search seeds: {goal['goal']}: {_estimate(goal)}: {_verdict(goal)}")
    for kind, fresh in (report.get("fresh") or {}).items():
        for goal in fresh["goals"]:
            out.append(f"  fresh seeds ({fresh['games']} games): {goal['goal']}: {_estimate(goal)}: {_verdict(goal)}")
        for key, d in (fresh.get("comparison") or {}).items():
            if d.get("significant"):
                out.append(f"  vs the base game ({kind} players): {key} {_difference(key, d)}")
    for miss in best.get("misses", []):
        out.append(f"  NOT met: {miss}")
    if report.get("variant"):
        out.append(f"variant written: {report['variant']}")
    return out


def _scale(key: str) -> int:
    """100 for a figure that is a share (shown in percentage points), else 1."""
    if key.startswith("quality."):
        return 100 if metric_of(key.removeprefix("quality.")).percent else 1
    return 100 if key.startswith("win_rate_by_seat.") or key == "shared_victory" else 1


def _difference(key: str, d: dict[str, Any]) -> str:
    scale = _scale(key)
    return (f"{scale * d['difference']:+.2f} [{scale * d['ci95'][0]:+.2f}, {scale * d['ci95'][1]:+.2f}]"
            + (" *" if d.get("significant") else ""))


def value_charts(report: dict[str, Any]) -> list[Chart]:
    """One chart per varied value: each goal's metric against it, a dot per candidate (grey:
    pruned) with its 95% interval, the goal's bound shaded, the winner in red."""
    candidates = [c for c in report["candidates"] if c.get("goals") and "repeat_of" not in c]
    best = (report.get("best") or {}).get("number")
    goals = report["goals"]
    out = []
    for varied in report["varied"]:
        key = varied["key"]
        order = {str(v): i for i, v in enumerate(varied["values"])}
        numeric = all(isinstance(v, int) and not isinstance(v, bool) for v in varied["values"])
        with _style():
            fig = _figure(0.6 + 1.6 * len(goals))
            axes = fig.subplots(len(goals), 1, squeeze=False)[:, 0]
            # candidates that share this value stand side by side around it, in the order tried
            groups: dict[str, list[int]] = {}
            for c in candidates:
                groups.setdefault(str(c["values"].get(key)), []).append(c["number"])
            for g, ax in enumerate(axes):
                for c in candidates:
                    if g >= len(c["goals"]) or c["goals"][g].get("estimate") is None:
                        continue
                    e = c["goals"][g]["estimate"]
                    raw = c["values"].get(key)
                    group = groups[str(raw)]
                    x = (raw if numeric else order.get(str(raw), 0)) + _spread(group.index(c["number"]), len(group))
                    colour = BEST if c["number"] == best else PRUNED if c["pruned"] else RUN
                    on_top = 3 if c["number"] == best else 2
                    ax.plot([x, x], e["ci95"], color=colour, lw=1.5, zorder=on_top,
                            gid=_gid(key, str(c["number"]), "interval"))
                    ax.plot([x], [e["value"]], "o", color=colour, ms=4, zorder=on_top, gid=_gid(key, str(c["number"])))
                first = candidates[0]["goals"][g] if candidates and g < len(candidates[0]["goals"]) else None
                low, high = first["bound"] if first else (None, None)
                if low is not None and low == high:
                    ax.axhline(low, color="#5a9a4a", lw=1, zorder=0)
                elif low is not None or high is not None:
                    bottom, top = ax.get_ylim()
                    ax.axhspan(low if low is not None else bottom, high if high is not None else top,
                               color=BAND, zorder=0)
                label = f"{first['metric']} ({first['players']})" if first else goals[g]
                ax.set_ylabel(_short(label, 28), fontsize=8)
                if not numeric:
                    ax.set_xticks(range(len(varied["values"])), [str(v) for v in varied["values"]])
                    ax.set_xlim(-0.5, len(varied["values"]) - 0.5)
            axes[-1].set_xlabel(key)
            axes[0].set_title(f"The goals' metrics against {key}")
            out.append(Chart(_gid("vary", key), f"The goals' metrics against {key}",
                             _svg(fig, _gid("vary", key), f"The goals' metrics against {key}")))
    return out


def _spread(i: int, n: int, width: float = 0.5) -> float:
    """The offset of the i-th of n candidates drawn at one value (0 for a single one)."""
    return 0.0 if n <= 1 else width * (i / (n - 1) - 0.5)


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _goal_table(goals: list[dict[str, Any]]) -> str:
    return table(["goal", "estimate (95% CI)", "verdict"], ([g["goal"], _estimate(g), _verdict(g)] for g in goals))


def _candidate_table(report: dict[str, Any]) -> str:
    keys = [v["key"] for v in report["varied"]]
    rows = []
    for c in report["candidates"]:
        state = ("invalid: " + c["invalid"]) if "invalid" in c else (
            f"repeat of {c['repeat_of']}" if "repeat_of" in c else f"stopped: {c['gated']}" if "gated" in c
            else "pruned" if c["pruned"] else "finished")
        rows.append([str(c["number"]), *(str(c["values"].get(k)) for k in keys), str(sum(c["games"].values())),
                     "" if c["objective"] is None else f"{c['objective']:.3g}", state])
    return table(["#", *keys, "games", "miss", "state"], rows)


def _fresh_section(kind: str, fresh: dict[str, Any], report: dict[str, Any]) -> str:
    from ..simulation.report import _html_table, notes

    as_simulation = {"run": fresh["run"], "baseline": fresh["baseline"], "comparison": fresh["comparison"],
                     "comparison_method": fresh["comparison_method"], "metric_titles": {}}
    lines = "".join(f"<p>{html.escape(line)}</p>\n" for line in notes(as_simulation))
    return (f"<h2>The winner against the base game, {html.escape(kind)} players, fresh seeds</h2>\n"
            f"<p>{fresh['games']} games each on master seed {fresh['seed']} (the search never played it), "
            f"agents {html.escape(', '.join(fresh['agents']))}.</p>\n{_goal_table(fresh['goals'])}\n"
            f"{_html_table(as_simulation)}\n{_quality_table(fresh)}{lines}")


def _quality_table(fresh: dict[str, Any]) -> str:
    """The play-quality metrics' paired differences (when a goal named one: the games were traced),
    flagged with the other figures of the comparison."""
    found = [(key, d) for key, d in (fresh.get("comparison") or {}).items() if key.startswith("quality.")]
    if not found:
        return ""
    return table(["play-quality metric", "paired difference (* significant)", "adjusted p"],
                 ([key, _difference(key, d), format_p(d.get("p_adjusted"))] for key, d in found)) + "\n"


def render_html(report: dict[str, Any]) -> str:
    best = report.get("best")
    head = report["title"]
    parts = [f"<h1>{html.escape(head)}</h1>",
             "<p>" + html.escape("\n".join(summary_lines(report)[:1])) + "</p>"]
    if best is not None:
        values = ", ".join(f"{k} = {v}" for k, v in best["values"].items())
        parts.append(f"<h2>Best candidate ({'every goal met' if best['all_met'] else 'the closest'}): "
                     f"{html.escape(values)}</h2>")
        parts.append("<p>On the search's seeds (they chose it: see the fresh seeds below).</p>")
        parts.append(_goal_table(best["goals"]))
    for kind, fresh in (report.get("fresh") or {}).items():
        parts.append(_fresh_section(kind, fresh, report))
    parts += [f'<figure id="{c.id}">{c.svg}</figure>' for c in value_charts(report)]
    parts.append("<h2>Candidates tried</h2>")
    parts.append(_candidate_table(report))
    return page(head, "\n".join(parts))
