"""A search agent's playout on the flat target (issue 33: one iteration costs about one simulated
game): the determinized game, at the start of a step, is played to its end by the flat module
(engine/flat/resume.py) with the game's own chance source and random agents, so that every draw
is the one play_on would have made on the reference engine.

Where the flat module cannot take the game (rules it has no form for, a state it cannot lay out,
agents that do not answer through the fast protocol) the playout is played by play_on, and the
agent says why once (stderr) and counts it (`FlatPlayouts.reasons`): never a silent fallback.
A game the flat code stops (a rule's error or a limit) has its draws undone and is played on by
play_on from the same state, which reports what stopped it.
"""

from __future__ import annotations

import sys
import threading
from collections import Counter
from typing import Any

from ..engine.decisions import Decision, _same_answer
from ..engine.flat.game import Stopped, fast_agents, flat_module
from ..engine.flat.generator import FlatModule
from ..engine.flat.resume import CannotResume, resume_module
from ..engine.result import GameResult
from .resume import play_on

_SAID: set[tuple[str, str]] = set()  # (rules, reason) already said in this process
# A flat module's state is one per process (generator.FlatModule): games of other threads (the
# API's GameState runs each game in a thread of its own) take turns at it.
_ONE_AT_A_TIME = threading.RLock()


class FastFirst:
    """agents/search.py's _FirstAnswer through the fast protocol: the searched answer to the first
    ask of its id and kind (when legal there), the random agent's answers otherwise."""

    fast_protocol = True
    reads_view = False

    def __init__(self, first: tuple[str, str, Any] | None, then: Any):
        self.first = first
        self.then = then

    def _take(self, decision_id: str, kind: str) -> tuple[bool, Any]:
        first = self.first
        if first is not None and first[0] == decision_id and first[1] == kind:
            self.first = None
            return True, first[2]
        return False, None

    def decide(self, decision: Decision) -> Any:
        hit, answer = self._take(decision.id, decision.kind)
        if hit and decision.legal(answer) is None:
            return answer
        return self.then.decide(decision)

    def fast_may(self, decision_id: str) -> bool:
        hit, answer = self._take(decision_id, "may")
        if hit and answer.__class__ is bool:
            return answer
        return self.then.fast_may(decision_id)

    def _searched_choice(self, decision_id: str, options: list, optional: bool) -> tuple[bool, int | None]:
        """(True, the searched answer's index or None for a pass) when this ask is the searched
        one and its answer is among `options`; (False, None) otherwise."""
        hit, answer = self._take(decision_id, "choose")
        if hit:
            if answer is None and optional:
                return True, None
            for i, option in enumerate(options):
                if _same_answer(answer, option):
                    return True, i
        return False, None

    def fast_choose(self, decision_id: str, options: list, optional: bool) -> int | None:
        found, i = self._searched_choice(decision_id, options, optional)
        return i if found else self.then.fast_choose(decision_id, options, optional)

    def fast_choose_likely(self, decision_id: str, options: list, expected: list[int], optional: bool) -> int | None:
        """A plan's step with `likely` (flat/plans.py): the searched answer may be any legal
        option, as Decision.legal allows it; the random agent chooses among the expected ones."""
        found, i = self._searched_choice(decision_id, options, optional)
        if found:
            return i
        if not expected and not optional:  # (nothing expected to run: every option)
            return self.then.fast_choose(decision_id, options, optional)
        k = self.then.fast_choose(decision_id, [options[j] for j in expected], optional)
        return None if k is None else expected[k]

    def fast_spread(self, decision_id: str, targets: list[str], amount: int) -> list[int]:
        hit, answer = self._take(decision_id, "distribute")
        if hit and _distribution(answer, targets, amount, [], []):
            return [answer.get(z, 0) for z in targets]
        return self.then.fast_spread(decision_id, targets, amount)

    def fast_distribute(self, decision_id: str, amount: int, targets: list[str], at_most: list,
                        at_least: list) -> dict[str, int]:
        hit, answer = self._take(decision_id, "distribute")
        if hit and _distribution(answer, targets, amount, at_most, at_least):
            return dict(answer)
        return self.then.fast_distribute(decision_id, amount, targets, at_most, at_least)


def _distribution(answer: Any, targets: list[str], amount: int, at_most: list, at_least: list) -> bool:
    """Decision.legal of a distribution, on the fast protocol's arguments."""
    return Decision(0, "", "distribute", amount=amount, targets=list(targets), at_most=list(at_most),
                    at_least=list(at_least)).legal(answer) is None if isinstance(answer, dict) else False


class FlatPlayouts:
    """One search agent's playouts: on the flat module where it can take them (see the module
    docstring); `flat` and `reference` count the playouts each engine played, `reasons` why
    the reference played them."""

    def __init__(self, d: Any, players: int, enabled: bool = True):
        self.d = d
        self.players = players
        self.enabled = enabled
        self.flat = 0
        self.reference = 0
        self.reasons: Counter[str] = Counter()
        self._module: FlatModule | None | str = None

    def module(self) -> FlatModule | str:
        """The flat module, or why there is none."""
        if self._module is None:
            m = flat_module(self.d, self.players)
            self._module = m if isinstance(m, FlatModule) else f"the flat target cannot play these rules ({m.why})"
        return self._module

    def why_not(self) -> str:
        """Why no playout can be played on the flat target ("" when one can)."""
        m = self.module() if self.enabled else "flat playouts are off"
        return m if isinstance(m, str) else ""

    def unable(self, reason: str) -> None:
        """Counts a playout the reference plays (whole, or from where this was asked), and says
        why the first time (for these rules)."""
        self.reference += 1
        self.reasons[reason] += 1
        key = (self.d.game.name, reason)
        if key not in _SAID:
            _SAID.add(key)
            print(f"ratdsl: search playouts on the reference engine: {reason}", file=sys.stderr)

    def play(self, game: Any, phase: str, step: int, agents: list | None = None,
             undo: Any = None, watch: Any = None) -> GameResult | None:
        """Plays the game on from the start of the step: the flat module's result, or None when
        play_on played it on the game itself (then score the game). `agents`: the fast agents by
        seat (default the game's own); `undo`: called before play_on plays a game the flat code
        stopped (the agents' own state back as it was at the step's start); `watch`: told each step's
        number as it starts (engine/flat/resume.resume_module)."""
        agents = list(game.runtime.agents) if agents is None else agents
        m = self.module() if self.enabled else "flat playouts are off"
        if isinstance(m, str):
            self.unable(m)
        elif not fast_agents(agents):
            self.unable("an agent of the playout does not answer through the fast protocol")
        else:
            streams = [game.runtime.chance.rng] + [_stream(a) for a in agents]
            saved = [s.getstate() for s in streams]
            firsts = [getattr(a, "first", None) for a in agents]
            try:
                with _ONE_AT_A_TIME:
                    result = resume_module(m, game, phase, step, game.runtime.chance.rng, agents, watch=watch)
                self.flat += 1
                return result
            except CannotResume as why:
                self.unable(f"the flat module cannot take this state: {why}")
            except Stopped:  # (the reference plays on from the same state and says what stopped it)
                for s, state in zip(streams, saved):
                    s.setstate(state)
                for a, first in zip(agents, firsts):
                    if isinstance(a, FastFirst):
                        a.first = first
                if undo is not None:
                    undo()
                self.reference += 1
                self.reasons["the flat code stopped (a rule's error or a limit)"] += 1
        play_on(game, phase, step)
        return None


def _stream(agent: Any) -> Any:
    while not hasattr(agent, "rng"):
        agent = agent.then if hasattr(agent, "then") else agent.fallback
    return agent.rng


__all__ = ["FastFirst", "FlatPlayouts"]
