"""Decisions: every question to a player goes to that player's agent through `ask`, which checks
the answer and logs it (see decisions.py for the protocol)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...language import ast as A
from ...semantics.values import PlayerRef, ZoneRef, type_name
from ..decisions import Agent, Decision

if TYPE_CHECKING:
    from ..log import GameLog
    from ..state import GameState, PhaseStart


class Asks:
    """The decisions of a Runtime."""

    __slots__ = ()
    state: GameState
    log: GameLog
    agents: list[Agent]
    secret_stack: list[PhaseStart]
    span_text: dict[int, str]

    def ask(self, decision: Decision, node: A.Node) -> Any:
        """The agent's answer to a decision asked at `node`, checked and logged."""
        where = self.span_text.get(id(node))
        if where is None:
            where = self.span_text[id(node)] = str(node.span)
        decision.where = where
        seat = decision.player
        decision.view = lambda: self.view_for(seat)
        answer = self.agents[seat].decide(decision)
        problem = decision.legal(answer)
        if problem is not None:
            raise self.error(node, f"P{seat + 1} answered {answer!r} to {decision.id!r}: {problem}")
        if not self.log.active:
            self.log.seq += 1
        elif self.secret_stack:
            self.log.emit("decision", player=f"P{seat + 1}", id=decision.id, answer=answer, secret=True)
        else:
            self.log.emit("decision", player=f"P{seat + 1}", id=decision.id, answer=answer)
        return answer

    def distribute(self, node: A.AskDistribute, p: PlayerRef, kind: str, source: ZoneRef,
                   zones_by_label: dict[str, ZoneRef], limits: list[tuple[int, list[Any]]]) -> int:
        """Asks the player how to spread the tokens of `source`, then moves them; returns how
        many tokens were placed (the evaluators charge a step for each)."""
        amount = self.state.zones[source].get(kind, 0)
        if amount == 0:
            return 0  # nothing to place: no question
        names = list(zones_by_label)
        decision = Decision(p.seat, node.id, "distribute", amount=amount, targets=names)
        for limit, (value, zones) in zip(node.limits, limits):
            labels = [z.name if isinstance(z, ZoneRef) else z for z in zones]
            wrong = next((z for z in labels if not isinstance(z, str)), None)
            if wrong is not None:
                raise self.error(limit.zones, f"a limit counts tokens in zones, not {type_name(wrong)}",
                                 "name zones, e.g. `at most 3 in [hand]`")
            if limit.kind == "most":  # (a zone that is not a target receives nothing: no harm)
                decision.at_most.append((value, labels))
                continue
            # An `at least` counts only targets: the others receive nothing from this distribution.
            labels = [z for z in labels if z in zones_by_label]
            if not labels and value > 0:
                raise self.error(limit.zones, f"none of these zones is one the tokens are distributed among "
                                              f"({', '.join(zones_by_label)}): `at least {value}` cannot be met",
                                 "an `at least` limit names zones among the targets")
            decision.at_least.append((value, labels))
        answer = self.ask(decision, node)
        for name in names:
            n = answer.get(name)
            if n:
                self.shift(source, zones_by_label[name], kind, n)
        return amount

