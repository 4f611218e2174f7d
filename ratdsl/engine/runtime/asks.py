"""Decisions: every question to a player goes to that player's agent through `ask`, which checks
the answer and logs it (see decisions.py for the protocol)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...language import ast as A
from ...semantics.values import CardValue, PileRef, PlayerRef, ZoneRef, encode, type_name
from ..decisions import Agent, Decision
from .sight import OWNER

if TYPE_CHECKING:
    from ..log import GameLog
    from ..state import GameState, PhaseStart
    from .sight import Sight


class Asks:
    """The decisions of a Runtime."""

    __slots__ = ()
    state: GameState
    log: GameLog
    agents: list[Agent]
    secret_stack: list[PhaseStart]
    span_text: dict[int, str]
    sight: Sight
    watchers: list[tuple[int, Any]]

    def choose_index(self, node: A.AskChoose, seat: int, values: list[Any],
                     likely: list[int] | None = None) -> int | None:
        """`ask P ID: choose X from VALUES`: the position in `values` of the value
        chosen, or None when the player passed. A card in a pile whose faces the player may not
        see is offered as its place, `PILE#N` (the Nth card from the top), never by its name,
        even when it was shown to them (their view's `peeked` says where it lies); an answer
        naming a card that others may not see is logged for the player alone (sight "owner").
        `likely` (a plan's step) marks the positions the rules expect to run (Decision.likely)."""
        private: list[Any] = []
        if self.sight.piles:
            encoded, private = _offered(self, seat, values)
        else:
            encoded = [encode(v) for v in values]
        decision = Decision(seat, node.id, "choose", encoded, node.optional)
        if likely is not None:
            decision.likely = likely
        answer = self.ask(decision, node, private)
        if answer is None:
            return None
        return next(i for i, e in enumerate(encoded)
                    if e == answer and isinstance(e, bool) == isinstance(answer, bool))

    def ask(self, decision: Decision, node: A.Node, private: list[Any] | None = None) -> Any:
        """The agent's answer to a decision asked at `node`, checked and logged (for the player
        alone when it is one of the `private` answers: see choose_index)."""
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
        elif private and answer in private:
            self.log.emit("decision", player=f"P{seat + 1}", id=decision.id, answer=answer, sight=OWNER)
        else:
            self.log.emit("decision", player=f"P{seat + 1}", id=decision.id, answer=answer)
        if self.watchers:  # each watcher learns the answers its player saw (not the hidden ones)
            hidden = bool(self.secret_stack) or bool(private and answer in private)
            for watcher_seat, watcher in self.watchers:
                if not hidden or watcher_seat == seat:
                    watcher.answered(seat, decision.id, decision.kind, answer)
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


def _offered(runtime: Asks, seat: int, values: list[Any]) -> tuple[list[Any], list[Any]]:
    """The answers a choice offers `seat`, and those that must stay theirs alone (cards offered
    by name that lie where others may not see their faces)."""
    where: dict[int, tuple[PileRef, int]] = {}
    for ref, cards in runtime.state.piles.items():
        for i, card in enumerate(cards):
            if card.uid is not None:
                where[card.uid] = (ref, i)
    offered: list[Any] = []
    private: list[Any] = []
    for value in values:
        place = where.get(value.uid) if isinstance(value, CardValue) and value.uid is not None else None
        if place is None:
            offered.append(encode(value))
            continue
        ref, i = place
        if runtime.sight.sees_faces(seat, ref):
            offered.append(encode(value))
            if runtime.sight.pile_sight(ref) is not None:
                private.append(offered[-1])
        else:
            offered.append(f"{ref}#{i + 1}")
    return offered, private
