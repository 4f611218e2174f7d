"""A search agent for balance studies: determinized Monte Carlo over its own candidate answers.

At a decision it reads only what its player may see (`decision.view()`) and the rules. It builds
many *determinized* games from that view: a fresh setup on a seed of its own RNG gives plausible
hidden parts (face-down card orders, which cards a pile holds), the zones and pile sizes are set
to what the view shows (inside a `secretly` block the others' zones appear as the block began,
so their secret answers are unknown and are asked again), and the game resumes at the start of
the step the decision was asked in. Each candidate answer is tried in the same determinizations
(common random numbers); the others and all later decisions play at random to the end. Sequential
halving spends the budget (`rollouts`, the `mcts:N` of `--agents`) on the better candidates.

Candidates: both answers of a `may`, every option of a `choose` (and passing, when allowed), and
for a `distribute` K random legal distributions plus one leaning towards each target zone.
A decision asked inside a rule, a hook or a card's effect is resumed at the start of the step of
its phase that can run it (steps_reaching), when exactly one can; the candidate is the answer
to the first decision of the same id and kind there. Otherwise (several steps, setup) it is
answered at random from the candidates.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from ..engine.decisions import Decision
from ..engine.errors import RuleRuntimeError
from ..engine.game import Game
from ..engine.log import GameLog
from ..engine.reach import _rule_code as rule_code  # what a `do NAME` runs: the rule and its hooks
from ..language import ast as A
from ..semantics.definition import GameDef, round_cap
from ..semantics.values import CardValue, PileRef
from .flat_playout import FastFirst, FlatPlayouts
from .names import SEARCH_NAME, is_search_agent  # noqa: F401 (read from here too)
from .random_agent import RandomAgent, agent_seed, random_distribution

DEFAULT_ROLLOUTS = 64
DISTRIBUTIONS = 4  # random candidates of a distribute decision (plus one per target zone)
LEAN = 25.0  # the weight of the zone a leaning candidate favours (others weigh 1)


def search_agent(name: str, definition: GameDef, players: int, seed: int) -> SearchAgent:
    budget = SEARCH_NAME.match(name)
    assert budget is not None
    return SearchAgent(definition, players, seed, int(budget.group(1) or DEFAULT_ROLLOUTS))


class SearchAgent:
    """Determinized flat Monte Carlo with sequential halving (see the module docstring)."""

    reads_view = True

    def __init__(self, definition: GameDef, players: int, seed: int, rollouts: int = DEFAULT_ROLLOUTS,
                 distributions: int = DISTRIBUTIONS):
        self.d = definition
        self.players = players
        self.rng = random.Random(seed)
        self.rollouts = max(1, rollouts)
        self.distributions = distributions
        self.searched = 0  # decisions answered by search (the others: at random)
        self._reaching: dict[tuple[str, str, tuple[int, int]], list[int]] = {}  # see resume_point
        self.failed = 0  # rollouts a determinization could not finish (left out of the means)
        self.unasked = 0  # rollouts where the decision did not come again (the candidate untried)
        self.playouts = FlatPlayouts(definition, players)  # on the flat target where it can (issue 33)

    # ------------------------------------------------------------------ answering
    def decide(self, decision: Decision) -> Any:
        candidates = self.candidates(decision)
        if len(candidates) == 1:
            return candidates[0]
        view = decision.view() if decision.view is not None else None
        resume = None if view is None else self.resume_point(decision, view)
        if resume is None:
            return self.rng.choice(candidates)
        self.searched += 1
        return self.halving(decision, view, resume, candidates)

    def candidates(self, decision: Decision) -> list[Any]:
        if decision.kind == "may":
            return [True, False]
        if decision.kind == "choose":
            return list(decision.options) + ([None] if decision.optional else [])
        found: dict[tuple, dict[str, int]] = {}
        leanings = [{z: LEAN} for z in decision.targets] + [None] * self.distributions
        for weights in leanings:
            answer = random_distribution(decision, self.rng, weights)
            if decision.legal(answer) is None:
                found.setdefault(tuple(sorted(answer.items())), answer)
        return list(found.values()) or [random_distribution(decision, self.rng)]

    def halving(self, decision: Decision, view: dict[str, Any], resume: tuple[str, int],
                candidates: list[Any]) -> Any:
        """Sequential halving: rounds of rollouts over the survivors, the worse half dropped after
        each, until one is left or the budget is spent."""
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        for _ in range(rounds):
            per = max(1, self.rollouts // (rounds * len(alive)))
            for _ in range(per):
                seed = self.rng.getrandbits(62)  # one determinization for every survivor
                for i in alive:
                    value = self.rollout(decision, view, resume, candidates[i], seed)
                    if value is not None:
                        totals[i] += value
                        counts[i] += 1
            alive.sort(key=lambda i: -(totals[i] / counts[i]) if counts[i] else math.inf)
            if len(alive) <= 2:
                break
            alive = alive[:max(2, len(alive) // 2)]
        return candidates[alive[0]]

    # ------------------------------------------------------------------ determinizing
    def resume_point(self, decision: Decision, view: dict[str, Any]) -> tuple[str, int] | None:
        """The phase and the index of the step whose own body asks this decision, or None (the
        ask is inside a rule or card effect, or in setup)."""
        phase = self.d.phases.get(view.get("phase") or "")
        if phase is None:
            return None
        file, _, rest = decision.where.rpartition(":")
        file, _, line_text = file.rpartition(":")
        if not (line_text.isdigit() and rest.isdigit()):
            return None
        at = (int(line_text), int(rest))
        for index, step in enumerate(phase.steps):
            s = step.span
            if s.file == file and (s.line, s.column) <= at < (s.end_line, s.end_column):
                return view["phase"], index
        key = (phase.name, file, at)
        if key not in self._reaching:
            self._reaching[key] = steps_reaching(self.d, phase, (file, *at))
        steps = self._reaching[key]
        return (view["phase"], steps[0]) if len(steps) == 1 else None

    def determinized(self, view: dict[str, Any], seed: int, me: int, first: Any) -> Game:
        """A game whose public state is the view's and whose hidden parts come from `seed`."""
        agents: list[Any] = [RandomAgent(agent_seed(seed, s)) for s in range(self.players)]
        agents[me] = self._first = _FirstAnswer(first, agents[me])
        game = Game(self.d, self.players, seed, agents, log=GameLog(keep=False))
        game.setup()  # a plausible deal of every card on this seed
        state = game.state
        zones = {str(ref): ref for ref in state.zones}
        for ref in state.zones:
            state.zones[ref] = {}
        for text, contents in view["zones"].items():
            state.zones[zones[text]] = dict(contents)
        uid = [game.runtime.card_uid]
        self.redeal(state.piles, view, uid)
        game.runtime.card_uid = uid[0]
        state.round = view["round"]
        state.active = int(view["active"][1:]) - 1
        rt = game.runtime
        rt.tokens = sum(sum(contents.values()) for contents in state.zones.values())
        rt.start_conservation()
        rt.changed()
        return game

    def redeal(self, piles: dict[PileRef, list[CardValue]], view: dict[str, Any], uid: list[int]) -> None:
        """The piles of a fresh deal (a reference game's or a flat module's: changed in place)
        made the view's: its sizes (_deal), the cards it names where it names them (_pin).
        `uid`: the last card uid given, counted on for the copies made."""
        named = self._named(piles, view)
        self._deal(piles, view["piles"], named, uid)
        self._pin(piles, named, uid)

    def _deal(self, piles: dict[PileRef, list[CardValue]], sizes: dict[str, int],
              named: list[tuple[Any, int, str]], uid: list[int]) -> None:
        """Gives each pile the view's number of cards: cards move from piles holding too many
        to piles of the same family holding too few, in a random order (families: piles between
        which cards travel in this game, pile_families); a family short of cards gets copies of
        its own cards. The cards that move out of a pile are those the view names in another
        pile of the family first (they are known to have left it), then its top ones (the ones
        play would have taken first): so a card dealt low that has not come up (a deck's last
        card, which would end the game) stays in it."""
        refs = {str(ref): ref for ref in piles}
        for family in pile_families(self.d, self.players):
            members = [refs[name] for name in family if name in refs]
            spare: list[CardValue] = []
            for ref in members:
                pile = piles[ref]
                extra = len(pile) - sizes.get(str(ref), 0)
                if extra <= 0:
                    continue
                elsewhere = Counter(name for at, _, name in named if at != ref and at in members)
                out = set()
                for i, card in enumerate(pile):
                    if len(out) < extra and elsewhere[card.name] > 0:
                        elsewhere[card.name] -= 1
                        out.add(i)
                for i in range(len(pile)):
                    if len(out) == extra:
                        break
                    out.add(i)
                spare.extend(pile[i] for i in sorted(out))
                pile[:] = [card for i, card in enumerate(pile) if i not in out]
            # which of them lies where is drawn at random: in the fresh deal's order the same
            # cards (the deal's top ones) would always fill the same piles, and a card dealt low
            # (one a setup puts under the others) could never turn up in a row or a discard
            self.rng.shuffle(spare)
            pool = spare or [c for ref in members for c in piles[ref]]
            for ref in members:
                short = sizes.get(str(ref), 0) - len(piles[ref])
                for _ in range(max(0, short)):
                    if spare:
                        piles[ref].insert(0, spare.pop(0))
                    elif pool:
                        uid[0] += 1
                        piles[ref].insert(0, CardValue(self.rng.choice(pool).name, uid[0]))

    def _named(self, piles: dict[PileRef, list[CardValue]], view: dict[str, Any]) -> list[tuple[Any, int, str]]:
        """The cards the view names: (pile, place from the top, card) for the faces of the piles
        it lists and the copies shown to the player."""
        refs = {str(ref): ref for ref in piles}
        named = [(refs[text], entry.get("position", i + 1) - 1, entry["card"])
                 for text, entries in (view.get("cards") or {}).items() if text in refs
                 for i, entry in enumerate(entries) if entry.get("card") is not None]
        return named + [(refs[seen["pile"]], seen["position"] - 1, seen["card"])
                        for seen in view.get("peeked") or [] if seen.get("pile") in refs]

    def _pin(self, piles: dict[PileRef, list[CardValue]], named: list[tuple[Any, int, str]], uid: list[int]) -> None:
        """Puts the cards the view names where it names them: a copy of the same name from a
        place of the pile's family that does not want it is swapped in, else one is made. Without this, a
        card everybody sees (a row's event, whose effect asks) would lie there in one deal of
        many only."""
        refs = {str(ref): ref for ref in piles}
        wants = {(ref, i): name for ref, i, name in named}
        family_of = {name: family for family in pile_families(self.d, self.players) for name in family}
        for ref, i, name in named:
            pile = piles[ref]
            if not 0 <= i < len(pile) or pile[i].name == name:
                continue
            found = next(((other, j) for text in family_of.get(str(ref), [str(ref)]) if text in refs
                          for other in [refs[text]] for j, card in enumerate(piles[other])
                          if card.name == name and wants.get((other, j)) != name), None)
            if found is not None:
                other, j = found
                piles[other][j], pile[i] = pile[i], piles[other][j]
            else:
                uid[0] += 1
                pile[i] = CardValue(name, uid[0])

    def rollout(self, decision: Decision, view: dict[str, Any], resume: tuple[str, int], answer: Any,
                seed: int) -> float | None:
        """The value of `answer` in one determinized game played to the end: the player's share
        of the victory, plus a little for the score margin (so close candidates are told apart).
        None when the determinization cannot be played (a state the view cannot pin down)."""
        me = decision.player
        try:
            first = (decision.id, decision.kind, answer)
            game = self.determinized(view, seed, me, first)
            agents = list(game.runtime.agents)
            agents[me] = fast = FastFirst(first, self._first.then)
            result = self.playouts.play(game, *resume, agents)
            if result is None:  # (played on by play_on: the game's own agents answered)
                result = game.score()
                fast = self._first
            self.unasked += fast.first is not None
        except (RuleRuntimeError, ValueError, KeyError, IndexError) as err:
            self.failed += 1
            self.last_failure = str(err)
            return None
        mine = f"P{me + 1}"
        best_other = max((s for p, s in result.scores.items() if p != mine), default=0)
        share = 1 / len(result.winners) if mine in result.winners else 0.0
        return share + 0.002 * max(-50, min(50, result.scores[mine] - best_other))


ASKS = (A.AskMay, A.AskChoose, A.AskDistribute)


def steps_reaching(d: GameDef, phase: A.Phase, at: tuple[str, int, int]) -> list[int]:
    """The indexes of the phase's steps whose code can run the ask at `at` (file, line, column):
    through the rules they run (`do`) with those rules' hooks, and the effects of the cards they
    reveal. Over-approximates (any card's effect may follow any reveal), never under."""
    out = []
    for index, step in enumerate(phase.steps):
        seen: set[tuple[str, str]] = set()
        todo: list[A.Node] = [step.body]
        handlers = False
        while todo:
            node = todo.pop()
            for inner in A.walk(node):
                if isinstance(inner, ASKS) and (inner.span.file, inner.span.line, inner.span.column) == at:
                    out.append(index)
                    todo = []
                    break
                if isinstance(inner, A.Do):
                    todo.extend(rule_code(d, inner.rule, seen))
                elif isinstance(inner, A.Reveal) and not handlers:
                    handlers = True
                    todo.extend(h.body for card in d.cards.values() for h in card.handlers)
    return out


class _FirstAnswer:
    """The searching player in a determinized game: the candidate for the first decision of the
    same id and kind, random answers after that."""

    reads_view = False

    def __init__(self, first: tuple[str, str, Any], then: RandomAgent):
        self.first: tuple[str, str, Any] | None = first
        self.then = then

    def decide(self, decision: Decision) -> Any:
        if self.first is not None and (decision.id, decision.kind) == self.first[:2]:
            answer, self.first = self.first[2], None
            if decision.legal(answer) is None:
                return answer
        return self.then.decide(decision)


_FAMILIES: dict[tuple[int, int], tuple[GameDef, list[list[str]]]] = {}


def pile_families(definition: GameDef, players: int, games: int = 2) -> list[list[str]]:
    """The piles grouped by where cards travel: two piles are in one family when a card was seen
    in both, over a few random games (watched before every step, after setup and after every
    round: a hand that holds cards only within a round joins the deck they come from). A determinized
    deal moves cards only within a family, so a deck of one kind never feeds a row of another."""
    key = (id(definition), players)
    cached = _FAMILIES.get(key)
    if cached is not None and cached[0] is definition:
        return cached[1]
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for g in range(games):
        game = Game(definition, players, g + 1, [RandomAgent(agent_seed(g + 1, s)) for s in range(players)],
                    log=GameLog(keep=False))
        seen: dict[int | None, str] = {}
        game.runtime.watchers.append((0, _StepWatch(game, seen, find, parent)))  # (and before every step)
        try:
            game.setup()
            _watch(game, seen, find, parent)
            rounds = 0
            while game.play_round() and rounds < round_cap(definition.game):
                rounds += 1
                _watch(game, seen, find, parent)
        except RuleRuntimeError:
            pass
    names = [str(PileRef(s, n)) for s in [None] for n in definition.shared_piles] + [
        str(PileRef(s, n)) for s in range(players) for n in definition.player_piles]
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(find(name), []).append(name)
    if len(_FAMILIES) > 16:
        _FAMILIES.clear()
    _FAMILIES[key] = (definition, list(groups.values()))
    return _FAMILIES[key][1]


class _StepWatch:
    """Watches the piles as each step begins (the engine's step hook, Runtime.watchers)."""

    def __init__(self, game: Game, seen: dict[int | None, str], find: Any, parent: dict[str, str]):
        self.args = (game, seen, find, parent)

    def step_begins(self, phase: str, index: int, view: Any) -> None:
        _watch(*self.args)

    def answered(self, seat: int, id: str, kind: str, answer: Any) -> None:
        pass


def _watch(game: Game, seen: dict[int | None, str], find: Any, parent: dict[str, str]) -> None:
    """Joins the family of each pile with those its cards were seen in before."""
    for ref, cards in game.state.piles.items():
        name = find(str(ref))
        for card in cards:
            other = find(seen.setdefault(card.uid, name))
            if other != name:
                parent[other] = name
                name = find(name)


__all__ = ["SearchAgent", "is_search_agent", "search_agent"]
