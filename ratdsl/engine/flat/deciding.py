"""Agents that answer through `decide` (scripted players, a script with a random fallback) on
the flat target, which asks through the fast protocol (fast_may, fast_choose, fast_spread,
fast_distribute): each question becomes the Decision the reference engine asks there, checked
as the reference checks the answer (Decision.legal), and the answer goes back in the fast form.

An agent that reads views (a human at the table) is not seated here: the flat target builds no
views, and it refuses such an agent rather than ask it blind (logged.FlatLoggedGame).
"""

from __future__ import annotations

from typing import Any

from ..decisions import Decision
from .support import Abort


class DecidingSeat:
    """The fast protocol of one seat, over an agent's `decide`."""

    fast_protocol = True
    reads_view = False

    def __init__(self, agent: Any, seat: int):
        self.agent = agent
        self.seat = seat
        self.name = getattr(agent, "name", "")

    def _ask(self, decision: Decision) -> Any:
        answer = self.agent.decide(decision)
        if decision.legal(answer) is not None:  # (the reference stops the game with R001 there)
            raise Abort
        return answer

    def fast_may(self, decision_id: str) -> bool:
        return self._ask(Decision(self.seat, decision_id, "may", [True, False]))

    def fast_choose(self, decision_id: str, options: list, optional: bool) -> int | None:
        return self._index(Decision(self.seat, decision_id, "choose", list(options), optional))

    def fast_choose_likely(self, decision_id: str, options: list, expected: list[int], optional: bool) -> int | None:
        """A plan's step with `likely` (plans.plan_one): every option, the expected ones marked."""
        decision = Decision(self.seat, decision_id, "choose", list(options), optional)
        decision.likely = list(expected)
        return self._index(decision)

    def _index(self, decision: Decision) -> int | None:
        answer = self._ask(decision)
        if answer is None:
            return None
        return next(i for i, e in enumerate(decision.options)  # (as runtime/asks.choose_index finds it)
                    if e == answer and isinstance(e, bool) == isinstance(answer, bool))

    def fast_spread(self, decision_id: str, targets: list[str], amount: int) -> list[int]:
        answer = self.fast_distribute(decision_id, amount, targets, [], [])
        return [answer.get(z, 0) for z in targets]

    def fast_distribute(self, decision_id: str, amount: int, targets: list[str], at_most: list,
                        at_least: list) -> dict[str, int]:
        return self._ask(Decision(self.seat, decision_id, "distribute", amount=amount, targets=list(targets),
                                  at_most=list(at_most), at_least=list(at_least)))


def seated(agents: list) -> list:
    """The agents as the flat target asks them: those with the fast protocol as they are, the
    others through their `decide` (ValueError for one that reads views)."""
    out = []
    for seat, agent in enumerate(agents):
        if getattr(agent, "fast_protocol", False):
            out.append(agent)
        elif getattr(agent, "reads_view", True):
            raise ValueError(f"P{seat + 1}'s agent reads what its player sees, which the flat target does not show")
        else:
            out.append(DecidingSeat(agent, seat))
    return out
