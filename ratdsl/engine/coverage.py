"""Rule coverage: how often each rule, card effect, hook, modifier, step and branch of the rules ran.

A game played with coverage on (`Game(..., coverage=True)`) gives its runtime a `Counter` keyed
by the place that ran: "file:line:col" of the node and a tag saying what ran there (`point_key`).
The tree-walker counts a place as it runs its node (`hit`), only when coverage is on, so games
played without it pay nothing. `points` lists every place that can be counted, so what never ran
is listed too; `Tally` sums the counts of many games (or scenarios).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from typing import Any

from ..language import ast as A
from ..records import record
from ..semantics.definition import GameDef

# What ran at a place: the tag of its key, and the words a table shows for it.
RULE, STEP, EFFECT, HOOK, MODIFIER, THEN, ELSE, YES, NO = (
    "rule", "step", "effect", "hook", "modifier", "then", "else", "yes", "no")


def point_key(node: A.Node, tag: str) -> str:
    """The key a place is counted under: where the node starts and what ran there."""
    return f"{node.span} {tag}"


def hit(coverage: Counter, node: A.Node, tag: str) -> None:
    """Counts one run of the place."""
    coverage[point_key(node, tag)] += 1


@record(frozen=True)
class Point:
    """One place coverage counts: its key, its kind (a tag), what it is in the designer's words,
    and where it is ("file:line:col")."""

    key: str
    kind: str
    what: str
    where: str


def points(d: GameDef) -> list[Point]:
    """Every place of the rule set in play that coverage counts, in the order of the rule files."""
    out: list[Point] = []

    def add(node: A.Node, tag: str, what: str) -> None:
        out.append(Point(point_key(node, tag), tag, what, str(node.span)))

    def branches(root: A.Node, inside: str) -> None:
        for node in A.walk(root):
            if isinstance(node, A.If):
                condition = f"if {_text(d, node.condition)}"
                add(node, THEN, f"{inside}: {condition}: then")
                add(node, ELSE, f"{inside}: {condition}: else" + ("" if node.otherwise is not None else " (nothing)"))
            elif isinstance(node, A.AskMay):
                add(node, YES, f"{inside}: may {node.id}: yes")
                add(node, NO, f"{inside}: may {node.id}: no")

    def hook_or_modifier(decl: A.Hook | A.Modify, card: A.Card | None) -> None:
        owner = f"card {card.name}: " if card is not None else ""
        if isinstance(decl, A.Hook):
            add(decl, HOOK, f"{owner}{decl.time} {decl.name}")
        else:
            add(decl, MODIFIER, f"{owner}modify {decl.name}")
        branches(decl, f"{owner}{decl.time} {decl.name}" if isinstance(decl, A.Hook) else f"{owner}modify {decl.name}")

    attached = {id(a.decl): a.card for table in d.hooks.values() for group in table.values() for a in group}
    attached.update({id(a.decl): a.card for group in d.modifiers.values() for a in group})
    phases_seen: set[str] = set()
    for decl in d.ruleset.decls:
        if isinstance(decl, A.Rule) and d.rules.get(decl.name) is decl:
            add(decl, RULE, f"rule {decl.name}")
            branches(decl.body, f"rule {decl.name}")
        elif isinstance(decl, (A.Setup, A.Phase)):
            phase = "setup" if isinstance(decl, A.Setup) else decl.name
            current = d.setup if isinstance(decl, A.Setup) else d.phases.get(phase)  # after a variant's edits
            if current is None or phase in phases_seen:
                continue
            phases_seen.add(phase)
            for step in current.steps:
                add(step, STEP, f"step {phase}.{step.name}")
                branches(step.body, f"step {phase}.{step.name}")
        elif isinstance(decl, A.Card) and d.cards.get(decl.name) is decl:
            for handler in decl.handlers:
                add(handler, EFFECT, f"card {decl.name}: on {handler.event}")
                branches(handler.body, f"card {decl.name}: on {handler.event}")
            for part in (*decl.hooks, *decl.modifiers):
                if id(part) in attached:
                    hook_or_modifier(part, decl)
        elif isinstance(decl, (A.Hook, A.Modify)) and id(decl) in attached:
            hook_or_modifier(decl, None)
    return out


MAX_TEXT = 48  # characters of a condition shown in a point's words


def _text(d: GameDef, node: A.Node) -> str:
    """The rule text of a node on one line, shortened (a condition, so a designer knows the `if`)."""
    span = node.span
    source = d.ruleset.source(span.file)
    if source is None:
        return "…"
    lines = source.splitlines()[span.line - 1:span.end_line]
    if not lines:
        return "…"
    lines[-1] = lines[-1][:span.end_column - 1]  # (the end first: on one line, the columns count from its start)
    lines[0] = lines[0][span.column - 1:]
    text = " ".join(" ".join(lines).split())
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


@record
class Tally:
    """Sums the coverage of many runs (games or scenarios): per place, how often it ran in all and
    in how many runs it ran at least once."""

    runs: int = 0
    total: Counter = field(default_factory=Counter)
    runs_hit: Counter = field(default_factory=Counter)
    points: dict[str, Point] = field(default_factory=dict)

    def add_points(self, found: list[Point]) -> None:
        """The places of a rule set the runs play (scenarios may play several)."""
        for p in found:
            self.points.setdefault(p.key, p)

    def add(self, counts: dict[str, int]) -> None:
        self.runs += 1
        self.total.update(counts)
        self.runs_hit.update(k for k, n in counts.items() if n)

    def to_json(self) -> dict[str, Any]:
        """The coverage section of a report: every place, never-run ones included, in file order."""
        runs = self.runs
        keys = list(self.points) + sorted(k for k in self.total if k not in self.points)
        rows = []
        for key in keys:
            p = self.points.get(key) or Point(key, key.rsplit(" ", 1)[-1], key, key.rsplit(" ", 1)[0])
            rows.append({"key": key, "kind": p.kind, "what": p.what, "where": p.where,
                         "total": self.total.get(key, 0),
                         "per_run": round(self.total.get(key, 0) / runs, 6) if runs else 0.0,
                         "share_of_runs": round(self.runs_hit.get(key, 0) / runs, 6) if runs else 0.0})
        never = sum(1 for r in rows if r["total"] == 0)
        return {"runs": runs, "places": len(rows), "never_ran": never, "points": rows}
