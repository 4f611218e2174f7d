"""A person at the terminal: each decision is printed with its legal answers and read back.

It prints only that player's view (their own zones and the cards shown to them); everything
else the player learns comes from the narrator, which tells them only what is public."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..engine.decisions import Decision


class HumanAgent:
    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], None] = print):
        self.read = read
        self.write = write

    def decide(self, decision: Decision) -> Any:
        who = f"P{decision.player + 1}"
        if decision.view is not None:
            view = decision.view()
            mine = {z: c for z, c in view["zones"].items() if z.startswith(who + ".")}
            self.write(f"{who}, you hold: {json.dumps(mine)}")
            if view.get("shown_to_you"):
                self.write(f"{who}, you were shown: {', '.join(view['shown_to_you'])}")
        while True:
            if decision.kind == "may":
                raw = self.read(f"{who} — {decision.id}? [y/n] ").strip().lower()
                if raw in ("y", "yes", "n", "no"):
                    return raw.startswith("y")
            elif decision.kind == "choose":
                options = list(decision.options) + ([None] if decision.optional else [])
                for i, option in enumerate(options, 1):
                    self.write(f"  {i}. {'pass' if option is None else option}")
                raw = self.read(f"{who} — {decision.id}: number? ").strip()
                if raw.isdigit() and 1 <= int(raw) <= len(options):
                    return options[int(raw) - 1]
            else:
                self.write(f"{who} — {decision.id}: place {decision.amount} among {', '.join(decision.targets)}")
                raw = self.read('  as JSON, e.g. {"zone_a": 3, "zone_b": 4}: ')
                try:
                    answer = json.loads(raw)
                except json.JSONDecodeError:
                    answer = None
                problem = decision.legal(answer)
                if problem is None:
                    return answer
                self.write(f"  not legal: {problem}")
                continue
            self.write("  please answer again")
