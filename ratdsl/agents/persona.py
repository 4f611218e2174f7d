"""An agent whose preferences are data: a `persona` in the rule files weighs each decision's
answers (`DECISION.ANSWER = WEIGHT`, 1 when not named), then draws an answer by weight."""

from __future__ import annotations

import random
from typing import Any

from ..engine.decisions import Decision
from .random_agent import FastDecision, expected_options, random_distribution


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
            return self._weighed(table, [True, False], ["yes", "no"])
        answers = list(expected_options(decision)) + ([None] if decision.optional else [])
        return self._weighed(table, answers, ["pass" if a is None else str(a) for a in answers])

    def _weighed(self, table: dict[str, float], answers: list, keys: list[str]) -> Any:
        """One of `answers`, drawn by the weights of their `keys` (uniformly if none is above 0)."""
        w = [max(0.0, float(table.get(k, 1.0))) for k in keys]
        if sum(w) <= 0:
            return self.rng.choice(answers)
        return self.rng.choices(answers, weights=w)[0]

    # The fast protocol of the flat target (see RandomAgent): the same answers from the same stream.
    fast_protocol = True

    def fast_may(self, decision_id: str) -> bool:
        return self._weighed(self.weights.get(decision_id, {}), [True, False], ["yes", "no"])

    def fast_choose(self, decision_id: str, options: list, optional: bool) -> int | None:
        positions: list[int | None] = list(range(len(options))) + ([None] if optional else [])
        keys = [str(o) for o in options] + (["pass"] if optional else [])
        return self._weighed(self.weights.get(decision_id, {}), positions, keys)

    def fast_spread(self, decision_id: str, targets: list[str], amount: int) -> list[int]:
        answer = self.fast_distribute(decision_id, amount, targets, [], [])
        return [answer.get(z, 0) for z in targets]

    def fast_distribute(self, decision_id: str, amount: int, targets: list[str], at_most: list,
                        at_least: list) -> dict[str, int]:
        table = self.weights.get(decision_id, {})
        return random_distribution(FastDecision(amount, targets, at_most, at_least), self.rng, table or None)
