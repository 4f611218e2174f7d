"""An agent whose preferences are data: a `persona` in the rule files weighs each decision's
answers (`DECISION.ANSWER = WEIGHT`, 1 when not named), then draws an answer by weight."""

from __future__ import annotations

from typing import Any

from .. import kernels
from ..engine.decisions import Decision
from .random_agent import expected_options
from .sampling import FastSampling, random_distribution, weighed


class PersonaAgent(FastSampling):
    """Draws each answer by its persona's weights from its own stream. The flat target asks it
    through FastSampling's fast protocol (in C when the extension is built): the same answers from
    the same stream as `decide`."""

    reads_view = False
    fast_protocol = True

    def __init__(self, weights: dict[str, dict[str, float]], seed: int, name: str = ""):
        super().__init__(kernels.stream(seed), weights)
        self.name = name

    def decide(self, decision: Decision) -> Any:
        table = self.weights.get(decision.id, {})
        if decision.kind == "distribute":
            return random_distribution(decision, self.rng, table or None)
        if decision.kind == "may":
            return weighed(self.rng, table, [True, False], ["yes", "no"])
        answers = list(expected_options(decision)) + ([None] if decision.optional else [])
        return weighed(self.rng, table, answers, ["pass" if a is None else str(a) for a in answers])
