"""An agent whose preferences are data: a `persona` in the rule files weighs each decision's
answers (`DECISION.ANSWER = WEIGHT`, 1 when not named), then draws an answer by weight."""

from __future__ import annotations

import random
from typing import Any

from ..engine.decisions import Decision
from .random_agent import random_distribution


class PersonaAgent:
    reads_view = False

    def __init__(self, weights: dict[str, dict[str, float]], seed: int, name: str = ""):
        self.weights = weights
        self.rng = random.Random(seed)
        self.name = name

    def decide(self, decision: Decision) -> Any:
        table = self.weights.get(decision.id, {})
        if decision.kind == "distribute":
            return random_distribution(decision, self.rng, table or None)
        if decision.kind == "may":
            answers, keys = [True, False], ["yes", "no"]
        else:
            answers = list(decision.options) + ([None] if decision.optional else [])
            keys = ["pass" if a is None else str(a) for a in answers]
        w = [max(0.0, float(table.get(k, 1.0))) for k in keys]
        if sum(w) <= 0:
            return self.rng.choice(answers)
        return self.rng.choices(answers, weights=w)[0]
