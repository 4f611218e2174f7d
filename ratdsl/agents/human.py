"""A person at the terminal, line by line (`ratdsl run --human N`): each decision is printed
with its legal answers and read back. (`ratdsl play` is the fuller table: the board, forms,
hot seat.)

It prints only that player's view (their own zones and values, the cards shown to them, and
the piles whose cards they may see, face-down cards as `?`); a choice among cards they may not
see offers places (`tiles#3`), never faces (runtime/sight.py). Everything
else the player learns comes from the narrator, which tells them only what is public. A wrong
answer is told what was wrong, never only "again"."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..engine.decisions import Decision
from ..engine.runtime.views import entry_at


def parse_counts(raw: str) -> Any:
    """A distribution typed as `zone=count` pairs (`hand=2 table=1`, commas allowed) or as a JSON
    object; None when it is neither."""
    text = raw.strip()
    if text.startswith("{"):
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return None
    answer: dict[str, int] = {}
    for part in text.replace(",", " ").split():
        zone, eq, count = part.partition("=")
        if not eq or not count.strip().isdigit():
            return None
        answer[zone.strip()] = answer.get(zone.strip(), 0) + int(count)
    return answer


def _what_you_see(who: str, view: dict[str, Any]) -> list[str]:
    """Lines for the player's own variables and the piles whose cards the view lists: each card
    by name when the player may see its face, else as `?` with what its back shows."""
    lines = []
    mine = view.get("player_vars", {}).get(who)
    if mine:
        lines.append(f"{who}, your values: " + ", ".join(f"{k} {v}" for k, v in mine.items()))
    for pile, entries in view.get("cards", {}).items():
        if entries:
            shown = [e.get("card", "?") + (f" ({_fields(e['fields'])})" if e.get("fields") else "")
                     for e in entries]
            lines.append(f"  {pile}: " + ", ".join(shown))
    return lines


def _known_at(option: Any, view: dict[str, Any]) -> str:
    """What the player's view tells of a card offered by its place: its face when they were
    shown it, else its back; "" for any other option."""
    entry = entry_at(option, view) or {}
    if "card" in entry:
        return f" (you saw: {entry['card']})"
    return f" ({_fields(entry['fields'])})" if entry.get("fields") else ""


def _fields(fields: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in fields.items())


class HumanAgent:
    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], None] = print):
        self.read = read
        self.write = write

    def decide(self, decision: Decision) -> Any:
        who = f"P{decision.player + 1}"
        view: dict[str, Any] = {}
        if decision.view is not None:
            view = decision.view()
            mine = {z.split(".", 1)[1]: c for z, c in view["zones"].items() if z.startswith(who + ".")}
            held = "; ".join(f"{z} " + ", ".join(f"{n} {k}" for k, n in c.items()) for z, c in mine.items())
            self.write(f"{who}, you hold: {held or 'nothing'}")
            if view.get("shown_to_you"):
                self.write(f"{who}, you were shown: {', '.join(view['shown_to_you'])}")
            for line in _what_you_see(who, view):
                self.write(line)
        while True:
            if decision.kind == "may":
                raw = self.read(f"{who} — {decision.id}? [y/n] ").strip().lower()
                if raw in ("y", "yes", "n", "no"):
                    return raw.startswith("y")
                self.write("  please answer y (yes) or n (no)")
            elif decision.kind == "choose":
                options = list(decision.options) + ([None] if decision.optional else [])
                for i, option in enumerate(options, 1):
                    self.write(f"  {i}. {'pass' if option is None else option}{_known_at(option, view)}")
                raw = self.read(f"{who} — {decision.id}: number? ").strip()
                if raw.isdigit() and 1 <= int(raw) <= len(options):
                    return options[int(raw) - 1]
                self.write(f"  please answer with a number from 1 to {len(options)}")
            else:
                self.write(f"{who} — {decision.id}: place {decision.amount} among {', '.join(decision.targets)}")
                for limit, zones in decision.at_most:
                    self.write(f"  at most {limit} in {', '.join(zones)}")
                for limit, zones in decision.at_least:
                    if limit:
                        self.write(f"  at least {limit} in {', '.join(zones)}")
                example = " ".join(f"{z}={n}" for z, n in zip(decision.targets, (decision.amount, 0)))
                answer = parse_counts(self.read(f"  as place=count pairs, e.g. {example}: "))
                problem = "write place=count pairs" if answer is None else decision.legal(answer)
                if problem is None:
                    return answer
                self.write(f"  not legal: {problem}")
