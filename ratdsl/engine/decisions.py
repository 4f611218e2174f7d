"""The one interface through which the engine asks for every decision.

A decision names its player, its id in the rules, its kind and its legal answers. Answers are
plain JSON values (the same form the log stores), so scripted agents can read them from files.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Any, Protocol

from ..records import record


@record
class Decision:
    """One question the rules ask a player, as an agent receives it: who (`player`, 0-based)
    and which (`id`, as written in the rules), its `kind` (may, choose or distribute), the legal
    `options` or the `amount` and `targets` of a distribution with its limits, and `view()`,
    what that player may see. `legal(answer)` says whether an answer is allowed."""

    player: int  # seat, 0-based
    id: str  # the decision's identifier in the rules, e.g. "placement"
    kind: str  # "may" | "choose" | "distribute"
    options: list[Any] = field(default_factory=list)  # choose: legal answers; may: [True, False]
    optional: bool = False  # choose: None (pass) is also legal
    amount: int = 0  # distribute: how many tokens
    targets: list[str] = field(default_factory=list)  # distribute: zone names
    at_most: list[tuple[int, list[str]]] = field(default_factory=list)
    at_least: list[tuple[int, list[str]]] = field(default_factory=list)
    # choose, a plan's step with `likely`: the positions of the options the rules expect to run,
    # what an agent playing at random chooses among (a human is offered every option)
    likely: list[int] | None = None
    where: str = ""  # "file:line:col" of the ask in the rules
    view: Callable[[], dict[str, Any]] | None = None  # what this player may see now

    def legal(self, answer: Any) -> str | None:
        """None if the answer is legal, else the reason it is not."""
        if self.kind == "may":
            return None if isinstance(answer, bool) else "answer true or false"
        if self.kind == "choose":
            if answer is None:
                return None if self.optional else "this choice cannot be passed"
            if any(_same_answer(answer, option) for option in self.options):
                return None
            return f"{answer!r} is not one of {self.options}"
        if not isinstance(answer, dict):
            return "answer with an object {zone: count}"
        return distribution_problem(answer, self.targets, self.amount, self.at_most, self.at_least)


def distribution_problem(answer: dict, targets: list[str], amount: int, at_most: list, at_least: list) -> str | None:
    """Why a distribution {zone: count} breaks its ask (targets, amount, limits), or None. The one
    rule for every engine: Decision.legal, and the flat code after a fast_distribute (an `at least`
    no amount can meet stops both)."""
    # (Plain loops: this runs for every distribution, and generators cost more than the checks.)
    for z in answer:
        if z not in targets:
            return f"zones must be among {targets}"
    for v in answer.values():
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            return "counts must be whole numbers >= 0"
    if sum(answer.values()) != amount:
        return f"the counts must add up to {amount}"
    for limit, zones in at_most:
        if sum([answer.get(z, 0) for z in zones]) > limit:
            return f"at most {limit} in {zones}"
    for limit, zones in at_least:
        if sum([answer.get(z, 0) for z in zones]) < limit:
            return f"at least {limit} in {zones}"
    return None


def reads_views(agents: list[Agent]) -> bool:
    """Whether any of the agents may call `decision.view` (see Agent)."""
    return any(getattr(agent, "reads_view", True) for agent in agents)


def _same_answer(answer: Any, option: Any) -> bool:
    """Equal and of the same JSON type: `true` does not answer a choice of 1."""
    return answer == option and isinstance(answer, bool) == isinstance(option, bool)


class _NoParameters:
    """`Agent.__signature__`: a protocol takes no arguments (inspect would show Protocol's
    `(*args, **kwargs)`); a class that implements it shows its own (None: inspect goes on)."""

    def __get__(self, obj: Any, owner: type) -> Any:
        if owner is not Agent:
            return None
        import inspect

        return inspect.Signature()


class Agent(Protocol):
    """Answers decisions. An agent may also set `reads_view = False` to say that it never calls
    `decision.view`: then the engine does not keep what a `secretly` block hides (nobody would
    read it) unless the log needs it. Agents without the attribute are taken to read views."""

    __signature__ = _NoParameters()

    def decide(self, decision: Decision) -> Any:
        """Returns a legal answer (see Decision.legal)."""
