"""A scripted agent: answers come from a list (a scenario file or a game log), in order.

Each entry is either a bare answer or {"id": decision id, "answer": value}; with an id, the
entry must match the decision asked, so a script that drifts from the rules fails loudly.
"""

from __future__ import annotations

from typing import Any

from ..engine.decisions import Agent, Decision


class ScriptExhausted(Exception):
    pass


class ScriptedAgent:
    def __init__(self, answers: list[Any], fallback: Agent | None = None, label: str = ""):
        self.answers = list(answers)
        self.fallback = fallback
        self.label = label
        # Answers from a list read no view; a fallback agent may.
        self.reads_view = fallback is not None and getattr(fallback, "reads_view", True)

    def decide(self, decision: Decision) -> Any:
        if not self.answers:
            if self.fallback is not None:
                return self.fallback.decide(decision)
            raise ScriptExhausted(
                f"{self.label or 'player'} has no scripted answer left for decision "
                f"{decision.id!r} (asked at {decision.where})")
        entry = self.answers.pop(0)
        if isinstance(entry, dict) and "answer" in entry and set(entry) <= {"id", "answer"}:
            if entry.get("id", decision.id) != decision.id:
                raise ScriptExhausted(
                    f"{self.label or 'player'}: the script answers {entry['id']!r} but the rules ask "
                    f"{decision.id!r} (at {decision.where})")
            return entry["answer"]
        return entry
