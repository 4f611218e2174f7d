"""`ismcts:N`: information-set Monte Carlo tree search that answers every ask of any rule set.

Why not `mcts:N` (search.py): it resumes a game at the step whose own body asks, so the asks
inside card effects, hooks, turns, actions, abilities and plans were answered at random. This
agent watches the game through the engine's step hook (Runtime.watchers): as each step begins it
keeps its player's view (`decision.view()`, nothing hidden from them), and it hears the answers
its player saw since (not the answers given inside `secretly`, nor another player's private
ones). Every ask runs inside some step, so every ask can be searched:

- a *determinization* (one of N iterations) builds a game from the view kept at the step's start
  alone (search.py's `determinized`: a fresh deal on a seed of the agent's own, the zones, pile
  sizes, the cards the view names, round, first player and the variables the view shows; laid
  out in the flat module directly where it can take it, flat_deal.py), so the real game's
  hidden parts never reach it;
- it resumes that step (not the game from its start): every seat's asks are answered by the
  answers heard since the step began, in order, while they are legal; then this ask by the
  candidate the tree selects (UCB1 over the player's information set: the candidates of this
  ask); then the player's later asks by a tree over their own answers (a node added the second
  time it is reached, single-observer IS-MCTS), the others' and those past the tree at random;
- the game is played to its end; the reward is the player's share of the victory plus a little
  for the score margin (search.py's).

An ask that no determinization reaches (from the step's start, then from the view at the ask,
each after at least MIN_ATTEMPTS tries), or one asked outside any step, is an `UnsearchableAsk`:
a rule runtime error `R015` at the ask, naming its kind, id and player, which stops the game. It
is never answered at random: a statistic of search players holds searched answers only. Where an
ask has a single legal answer no search is needed.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from typing import Any

from ..engine.decisions import Decision
from ..engine.errors import RuleRuntimeError
from ..engine.flat.game import Stopped
from ..engine.flat.generator import FlatModule
from ..engine.flat.resume import AgentStop, CannotResume, can_enter, play_loaded
from ..language.ast import Span
from ..semantics.definition import GameDef
from ..semantics.values import PlayerRef
from .flat_deal import flat_determinization
from .flat_playout import _ONE_AT_A_TIME
from .names import ISMCTS_NAME
from .random_agent import RandomAgent, agent_seed
from .resume import play_on
from .search import SearchAgent

DEFAULT_ITERATIONS = 64
EXPLORE = 0.7  # UCB1's exploration constant, for rewards in [0, 1.1]
ATTEMPTS = 4  # determinizations tried per iteration asked for, before an ask is unsearchable
MIN_ATTEMPTS = 400  # and at least these many (one that misses stops as its step ends): an ask in
# one card's effect, the card unseen in a view (rules that declare no sight), comes back in about
# one determinization of 50 (a card dealt among the last ones, asked about in the last rounds)
UNSEARCHABLE = "R015"


class UnsearchableAsk(RuleRuntimeError):
    """R015 at the ask: asked outside any step, or no determinization could be resumed to it.
    An error, not a random answer, so that no statistic of search players counts one."""

    def __init__(self, decision: Decision, why: str):
        super().__init__(_span(decision.where), f"ismcts cannot search P{decision.player + 1}'s "
                         f"{decision.kind} {decision.id!r}: {why}", UNSEARCHABLE,
                         "play this ask with another agent (mcts:N answers what it cannot resume at random)")


def _span(where: str) -> Span:
    """An ask's place (Decision.where, "file:line:col") as a span of the rules."""
    file, _, column = where.rpartition(":")
    file, _, line = file.rpartition(":")
    if not (line.isdigit() and column.isdigit()):
        return Span(where or "<rules>", 0, 0, 0, 0)
    return Span(file, int(line), int(column), int(line), int(column) + 1)


class ISMCTSAgent(SearchAgent):
    """Information-set MCTS over determinizations from the player's view (module docstring)."""

    reads_view = True

    def __init__(self, definition: GameDef, players: int, seed: int, iterations: int = 64):
        super().__init__(definition, players, seed, iterations)
        self.step: tuple[str, int] | None = None
        self.view_at_start: dict[str, Any] | None = None
        self.since: list[tuple[int, str, str, Any]] = []  # (seat, id, kind, answer) heard this step
        self.kinds: Counter[str] = Counter()  # searched asks by kind and id ("choose ability")
        self.me: int | None = None
        self.failures: Counter[str] = Counter()  # why determinizations failed (benchmarks print it)
        self.cut = 0  # playouts the rules stopped past the ask (a determinization they refuse): scored there
        self.fallbacks = 0  # asks searched from the view at the ask (none from the step's start reached it)
        self.setups: dict[int, tuple] = {}  # flat setups by seed (flat_deal.py), emptied every search

    # ------------------------------------------------------------------ the engine's step hook
    def step_begins(self, phase: str, index: int, view) -> None:
        self.step = (phase, index)
        self.view_at_start = view()
        self.since = []

    def answered(self, seat: int, id: str, kind: str, answer: Any) -> None:
        self.since.append((seat, id, kind, answer))

    # ------------------------------------------------------------------ answering
    def candidates(self, decision: Decision) -> list[Any]:
        """search.py's candidates; for a plan's step, the options the rules expect to run
        (Decision.likely), as the random player's."""
        if decision.kind == "choose" and decision.likely:
            return [decision.options[i] for i in decision.likely]
        return super().candidates(decision)

    def decide(self, decision: Decision) -> Any:
        candidates = self.candidates(decision)
        if len(candidates) == 1:
            return candidates[0]
        if self.step is None or self.view_at_start is None:
            raise UnsearchableAsk(decision, "asked outside any step, where it cannot resume the game")
        self.me = decision.player
        answer = self.search(decision, candidates)
        self.searched += 1
        self.kinds[f"{decision.kind} {decision.id}"] += 1
        return answer

    def search(self, decision: Decision, candidates: list[Any]) -> Any:
        """IS-MCTS from the view kept at the step's start, the answers heard since replayed; when
        no determinization of it reaches this ask (a chance outcome of the step took another
        road), from the view now, the step's asks answered afresh (search.py's resumption)."""
        mine = sum(1 for seat, id, kind, _ in self.since if seat == decision.player
                   and (id, kind) == (decision.id, decision.kind))  # this ask's place among its kind
        assert self.view_at_start is not None
        for view, place, heard in ((self.view_at_start, mine, self.since), (None, 0, [])):
            if view is None:
                if decision.view is None:
                    break
                view = decision.view()
                self.fallbacks += 1
            visits, totals = self.iterate(decision, candidates, view, place, heard)
            if sum(visits):
                best = max(range(len(candidates)), key=lambda i: (visits[i], totals[i]))
                return candidates[best]
        raise UnsearchableAsk(decision, "no determinization of what they may see could be resumed to this ask "
                              f"({getattr(self, 'last_failure', 'never reached')})")

    def iterate(self, decision: Decision, candidates: list[Any], view: dict[str, Any], mine: int,
                heard: list) -> tuple[list[int], list[float]]:
        """The iterations: UCB1 over the candidates at the root, the tree below (see _Replay)."""
        visits = [0] * len(candidates)
        totals = [0.0] * len(candidates)
        self.setups.clear()
        tree: dict[tuple, list[list[float]]] = {}  # own later asks: path -> [visits, total] per answer
        played = attempts = 0
        seeds: list[int] = []
        dead: set[int] = set()  # determinizations (by index in seeds) that never asked this ask
        tried = [0] * len(candidates)
        while played < self.rollouts and attempts < max(MIN_ATTEMPTS, ATTEMPTS * self.rollouts):
            it = attempts
            attempts += 1
            if it < len(candidates):
                pick = it  # every candidate once first
            else:
                log_n = math.log(max(1, played))
                pick = max(range(len(candidates)), key=lambda i: (totals[i] / visits[i] if visits[i] else 9.0)
                           + EXPLORE * math.sqrt(log_n / max(1, visits[i])))
            # common random numbers: each candidate's k-th try plays the k-th determinization, so
            # the candidates are told apart on the same deals rather than on their luck; one that
            # never brought the ask back is dead for every candidate (all play alike up to it)
            k = tried[pick]
            while k in dead:
                k += 1
            if k == len(seeds):
                seeds.append(self.rng.getrandbits(62))
            tried[pick] = k + 1
            path: list[tuple[tuple, int]] = []
            value, came = self.playout(decision, candidates[pick], mine, seeds[k], tree, path, view, heard)
            if value is None:
                if not came:
                    dead.add(k)
                continue
            played += 1
            visits[pick] += 1
            totals[pick] += value
            for key, choice in path:
                stats = tree[key][choice]
                stats[0] += 1
                stats[1] += value
        return visits, totals

    def playout(self, decision: Decision, answer: Any, mine: int, seed: int,
                tree: dict[tuple, list[list[float]]], path: list, view: dict[str, Any],
                heard: list) -> tuple[float | None, bool]:
        """One determinization of `view` resumed at the step's start (the `heard` answers
        first) and played to the end: its reward (None when it never reached this ask with this
        answer), and whether the ask came at all (else no candidate can reach it on this seed)."""
        assert self.step is not None
        me = decision.player
        policy = _Replay(self, decision, answer, mine, seed, tree, path, heard)
        game = None
        try:
            scores, flat = self.played_flat(view, seed, policy)
            if scores is None:  # (the reference game: built, then played on the flat target if it can)
                game = self.determinized(view, seed, me, None)
                for seat, agent in enumerate(game.runtime.agents):
                    game.runtime.agents[seat] = _SeatPolicy(policy, seat, agent)
                game.runtime.watchers.append((me, _StepEnd(policy)))
                self.apply_vars(game, view)
                scores = self.played_out(game, policy, flat)
        except _Missed:  # the rest of this playout could count for nothing
            self.unasked += 1
            return None, policy.came
        except (RuleRuntimeError, ValueError, KeyError, IndexError, TypeError) as err:
            self.failed += 1
            self.last_failure = str(err).splitlines()[0] if str(err) else type(err).__name__
            self.failures[self.last_failure.split(": ", 1)[-1][:60]] += 1
            scores = None
            if policy.reached and game is not None:  # cut short past the ask: scored where it stopped
                scores = _scores_now(game)
                self.cut += scores is not None
            if scores is None:
                return None, policy.came
        if not policy.reached:
            self.unasked += 1
            return None, policy.came
        best = max(scores)
        leaders = [s for s in range(len(scores)) if scores[s] == best]
        best_other = max((s for seat, s in enumerate(scores) if seat != me), default=0)
        share = 1 / len(leaders) if me in leaders else 0.0
        return share + 0.002 * max(-50, min(50, scores[me] - best_other)), True

    def played_flat(self, view: dict[str, Any], seed: int, policy: _Replay) -> tuple[list[float] | None, bool]:
        """The determinization laid out in the flat module directly and played there
        (flat_deal.py: no reference game built): the scores, or None when the reference game is
        to be built instead, everything drawn here undone; and whether that game may still be
        played on the flat target (not when the flat code stopped in play: the reference plays
        it and says what stopped it)."""
        assert self.step is not None
        phase, index = self.step
        m = self.playouts.module() if self.playouts.enabled else None
        if not (isinstance(m, FlatModule) and phase in self.d.round and can_enter(m, phase) is None):
            return None, True
        first = m.steps.index(f"{phase}.{self.d.phases[phase].steps[index].name}")
        kept = policy.checkpoint()  # (and the agent's stream, which the deal draws from)
        try:
            with _ONE_AT_A_TIME:
                randoms = flat_determinization(self, m, view, seed, _decoded, self.setups)
                agents = [_FastSeat(policy, seat, player, m.ns["W"], m.ns["G"], (first, view["round"]))
                          for seat, player in enumerate(randoms)]
                result = play_loaded(m, phase, index, seed, agents, watch=agents[0].step_begins, zones=False)
        except CannotResume:
            policy.restore(kept)
            return None, True
        except Stopped:
            policy.restore(kept)
            self.playouts.reference += 1
            self.playouts.reasons["the flat code stopped (a rule's error or a limit)"] += 1
            return None, False
        self.playouts.flat += 1
        return list(result.scores.values()), True

    def played_out(self, game, policy: _Replay, flat: bool = True) -> list[float]:
        """Plays the determinization on from the step kept to its end: on the flat target where
        it can take it, every seat's asks made Decisions for the shared _Replay (_FastSeat), so
        the same answers from the same streams as on the reference (flat_playout.py), else by
        play_on. The scores at the end."""
        assert self.step is not None
        phase, index = self.step
        m = self.playouts.module() if self.playouts.enabled and flat else None
        if not flat:
            play_on(game, phase, index)
            return list(game.score().scores.values())
        if isinstance(m, FlatModule) and phase in self.d.round:
            first = m.steps.index(f"{phase}.{self.d.phases[phase].steps[index].name}")
            agents = [_FastSeat(policy, seat, _random_player(a), m.ns["W"], m.ns["G"], (first, game.state.round))
                      for seat, a in enumerate(game.runtime.agents)]
            kept = policy.checkpoint()
            result = self.playouts.play(game, phase, index, agents, undo=lambda: policy.restore(kept),
                                        watch=agents[0].step_begins)
            return list((result if result is not None else game.score()).scores.values())
        self.playouts.unable(self.playouts.why_not() or f"a step of {phase}, not of a round's phases")
        play_on(game, phase, index)
        return list(game.score().scores.values())

    def apply_vars(self, game, view: dict[str, Any]) -> None:
        """The variables the view shows, as the rules hold them (the others keep their fresh values)."""
        state = game.state
        zones = {str(ref): ref for ref in state.zones}
        for name, value in (view.get("vars") or {}).items():
            if name in state.vars:
                state.vars[name] = _decoded(value, zones, game.players)
        for label, values in (view.get("player_vars") or {}).items():
            seat = int(label[1:]) - 1
            for name, value in values.items():
                state.player_vars[seat][name] = _decoded(value, zones, game.players)
        game.runtime.changed()


def _decoded(value: Any, zones: dict[str, Any], players: int) -> Any:
    """A view's value (semantics.values.encode) as the rules hold it: a player as `Pn`, a zone
    or a board's space by name, lists of these; cards stay names (a view writes them so)."""
    if isinstance(value, str):
        if value[:1] == "P" and value[1:].isdigit() and 1 <= int(value[1:]) <= players:
            return PlayerRef(int(value[1:]) - 1)
        return zones.get(value, value)
    if isinstance(value, list):
        return [_decoded(v, zones, players) for v in value]
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v}
    return value


class _Replay:
    """The answers of one determinization: heard ones first, then the candidate, the tree, random."""

    def __init__(self, agent: ISMCTSAgent, decision: Decision, answer: Any, mine: int, seed: int,
                 tree: dict[tuple, list[list[float]]], path: list, heard: list):
        self.agent = agent
        self.me = decision.player
        self.target = (decision.id, decision.kind)
        self.answer = answer
        self.mine = mine  # asks of this id and kind the player answered before this one, this step
        self.seen = 0
        self.heard = {seat: [(i, k, a) for s, i, k, a in heard if s == seat] for seat in range(agent.players)}
        self.reached = False
        self.came = False  # the ask came at its place (whether or not the candidate was legal there)
        self.tree = tree
        self.path = path
        self.key: tuple = ()
        self.in_tree = True
        self.rng = random.Random(seed ^ 0x5EED)

    def checkpoint(self) -> tuple:
        """What a playout changes here (and the agent's stream, which draws candidates)."""
        return ({s: list(q) for s, q in self.heard.items()}, self.seen, self.reached, self.came, self.key,
                self.in_tree, len(self.path), dict(self.tree), self.rng.getstate(), self.agent.rng.getstate())

    def restore(self, kept: tuple) -> None:
        """Back to a checkpoint: the reference engine plays the playout again from there."""
        heard, self.seen, self.reached, self.came, self.key, self.in_tree, n, tree, rng, agent_rng = kept
        self.heard = {s: list(q) for s, q in heard.items()}
        del self.path[n:]
        self.tree.clear()
        self.tree.update(tree)
        self.rng.setstate(rng)
        self.agent.rng.setstate(agent_rng)

    def at_random(self, seat: int) -> bool:
        """Whether `decide` would hand the seat's next ask to its random player whatever it is:
        no answer heard is left for the seat, and it is another seat's, or the searching
        player's past the ask and the tree."""
        return not self.heard[seat] and (seat != self.me or (self.reached and not self.in_tree))

    def decide(self, seat: int, decision: Decision, fallback: RandomAgent) -> Any:
        queue = self.heard[seat]
        while queue:  # what was answered since the step began, in order, while it still fits
            id, kind, answer = queue.pop(0)
            if (id, kind) == (decision.id, decision.kind) and decision.legal(answer) is None:
                if seat == self.me and (id, kind) == self.target:
                    self.seen += 1
                return answer
            queue.clear()  # the determinization took another road: the rest no longer fits
        if seat != self.me:
            return fallback.decide(decision)
        if not self.reached and (decision.id, decision.kind) == self.target:
            if self.seen == self.mine:
                self.came = True
                if decision.legal(self.answer) is not None:
                    raise _Missed  # the candidate cannot be given here
                self.reached = True
                self.key = ((decision.id, decision.kind, _key(self.answer)),)
                return self.answer
            self.seen += 1
        if self.reached and self.in_tree:
            return self.from_tree(decision, fallback)
        return fallback.decide(decision)

    def from_tree(self, decision: Decision, fallback: RandomAgent) -> Any:
        """The player's later ask: UCB1 among its candidates at this node of the tree; a random
        answer the first time the node is reached (it is only marked), a new node (then random
        answers) the second time: most nodes are reached once, and drawing an ask's candidates
        costs more than the rest of a playout. A distribution's candidates are drawn at random:
        those drawn for the node are kept while they are legal (the node's statistics are theirs)."""
        key = (*self.key, (decision.id, decision.kind))
        if key not in self.tree:
            self.tree[key] = []
            self.in_tree = False
            return fallback.decide(decision)
        kept = self.tree.get(("candidates", key)) if decision.kind == "distribute" else None
        if kept is not None and all(decision.legal(option) is None for option in kept):
            options = kept
        else:
            options = self.agent.candidates(decision)
        stats = self.tree.get(key)
        if stats is None or len(stats) != len(options) or options is not kept and kept is not None:
            if decision.kind == "distribute":
                self.tree[("candidates", key)] = options
            self.tree[key] = [[0, 0.0] for _ in options]
            self.in_tree = False
            choice = self.rng.randrange(len(options))
        else:
            n = sum(s[0] for s in stats) or 1
            choice = max(range(len(options)), key=lambda i: (stats[i][1] / stats[i][0] if stats[i][0] else 9.0)
                         + EXPLORE * math.sqrt(math.log(n) / max(1, stats[i][0])))
        self.path.append((key, choice))
        self.key = (*key[:-1], (decision.id, decision.kind, _key(options[choice])))
        return options[choice]


class _Missed(AgentStop):
    """A playout that can no longer reach its ask with its candidate: stopped there, not played
    to the end for nothing."""


class _StepEnd:
    """Watches a determinized game's steps: the ask belongs to the step resumed first, so once
    the next one begins without it, the playout has missed it (a later ask of the same id is
    another ask)."""

    def __init__(self, replay: _Replay):
        self.replay = replay
        self.steps = 0

    def step_begins(self, phase: str, index: int, view: Any) -> None:
        self.steps += 1
        if self.steps > 1 and not self.replay.reached:
            raise _Missed

    def answered(self, seat: int, id: str, kind: str, answer: Any) -> None:
        pass


class _FastSeat:
    """A seat of a determinization the flat target plays on: each ask through the fast protocol
    made the Decision the reference engine would ask (asks.py, turns.py, plans.py) and answered by
    the shared _Replay, as _SeatPolicy answers it there. Once the resumed step has ended without
    the ask, the next ask stops the playout (_StepEnd's miss, seen there)."""

    fast_protocol = True
    reads_view = False

    def __init__(self, replay: _Replay, seat: int, fallback: Any, step_now: list[int], game_now: list[int],
                 first: tuple[int, int]):
        self.replay = replay
        self.seat = seat
        self.fallback = fallback
        self.step_now = step_now  # (the flat module's W: the number of the step running)
        self.game_now = game_now  # (its G: the active seat and the round)
        self.first = first  # the resumed step's number and round

    def step_begins(self, number: int) -> None:
        """_StepEnd's test: the ask belongs to the resumed step, so once another one begins
        without it, the playout has missed it."""
        if not self.replay.reached and (number, self.game_now[1]) != self.first:
            raise _Missed

    def _answer(self, decision: Decision) -> Any:
        r = self.replay
        if not r.reached and (self.step_now[0], self.game_now[1]) != self.first:
            raise _Missed
        return r.decide(self.seat, decision, self.fallback)

    def _random(self) -> bool:
        """Whether the random player answers this ask (_Replay.at_random): then through its own
        fast protocol, the same answer from the same stream as its `decide`, with no Decision
        made (most asks of a playout)."""
        r = self.replay
        if not r.reached and (self.step_now[0], self.game_now[1]) != self.first:
            raise _Missed
        return r.at_random(self.seat)

    def fast_may(self, decision_id: str) -> bool:
        if self._random():
            return self.fallback.fast_may(decision_id)
        return self._answer(Decision(self.seat, decision_id, "may", [True, False]))

    def fast_choose(self, decision_id: str, options: list, optional: bool) -> int | None:
        if self._random():
            return self.fallback.fast_choose(decision_id, options, optional)
        return _position(self._answer(Decision(self.seat, decision_id, "choose", list(options), optional)), options)

    def fast_choose_likely(self, decision_id: str, options: list, expected: list[int],
                           optional: bool) -> int | None:
        if self._random():  # (random_agent.expected_options: every option when none is expected)
            if not expected and not optional:
                return self.fallback.fast_choose(decision_id, options, optional)
            k = self.fallback.fast_choose(decision_id, [options[j] for j in expected], optional)
            return None if k is None else expected[k]
        decision = Decision(self.seat, decision_id, "choose", list(options), optional)
        decision.likely = list(expected)
        return _position(self._answer(decision), options)

    def fast_spread(self, decision_id: str, targets: list[str], amount: int) -> list[int]:
        if self._random():
            return self.fallback.fast_spread(decision_id, targets, amount)
        answer = self._answer(Decision(self.seat, decision_id, "distribute", amount=amount, targets=list(targets)))
        return [answer.get(z, 0) for z in targets]

    def fast_distribute(self, decision_id: str, amount: int, targets: list[str], at_most: list,
                        at_least: list) -> dict[str, int]:
        if self._random():
            return self.fallback.fast_distribute(decision_id, amount, targets, at_most, at_least)
        return dict(self._answer(Decision(self.seat, decision_id, "distribute", amount=amount, targets=list(targets),
                                          at_most=list(at_most), at_least=list(at_least))))


def _position(answer: Any, options: list) -> int | None:
    """Where a choice's answer is among the options (asks.choose_index), None for a pass."""
    if answer is None:
        return None
    return next(i for i, o in enumerate(options) if o == answer and isinstance(o, bool) == isinstance(answer, bool))


def _random_player(agent: Any) -> Any:
    """The random agent behind a seat of a determinization (its _SeatPolicy's, its _FirstAnswer's)."""
    agent = agent.fallback if isinstance(agent, _SeatPolicy) else agent
    while hasattr(agent, "then"):
        agent = agent.then
    return agent


class _SeatPolicy:
    """One seat of a determinized game, answered by the shared _Replay."""

    reads_view = False

    def __init__(self, replay: _Replay, seat: int, fallback: RandomAgent):
        self.replay = replay
        self.seat = seat
        self.fallback = fallback

    def decide(self, decision: Decision) -> Any:
        return self.replay.decide(self.seat, decision, self.fallback)


def _scores_now(game: Any) -> list[float] | None:
    """Every seat's score by the rules' scoring expression now, or None."""
    try:
        return game.scores_now()
    except (RuleRuntimeError, ValueError, KeyError, IndexError, TypeError):
        return None


def _key(answer: Any) -> str:
    """An answer as a key of the tree (answers are JSON values: lists and objects too)."""
    return json.dumps(answer, sort_keys=True)


def ismcts_agent(name: str, definition: GameDef, players: int, seed: int) -> ISMCTSAgent:
    """The agent `--agents ismcts[:ITERATIONS]` names (64 iterations by default)."""
    budget = ISMCTS_NAME.match(name)
    assert budget is not None
    return ISMCTSAgent(definition, players, seed, int(budget.group(1) or DEFAULT_ITERATIONS))


__all__ = ["ISMCTSAgent", "UnsearchableAsk", "agent_seed", "ismcts_agent"]
