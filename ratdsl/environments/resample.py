"""A state drawn from what one player knows: what IS-MCTS asks for (`resample_from_infostate`).

Why: a search that plays on the real state sees what the rules hide (the order of a face-down
deck, which cards a hidden pick chose, the others' secret answers). A sample keeps what the
player has seen and draws everything else again (docs/api.md, "Resampling"):

- the player's own answers stay, and so does every random outcome whose result they saw (a
  draw of tokens outside `secretly`) and every answer of another player they saw;
- a shuffle or pick whose result they did not see is drawn again from its distribution given
  what they have seen since: an item of the result whose name they saw afterwards (a card
  revealed or shown to them, a player picked and then named) keeps its place, and the other
  places get the items left over in a uniformly random order, each place among the items that
  look the same from behind as the real one there (cards with the same `public` fields), so
  the unrevealed part of a deck is a fresh shuffle of the cards not yet seen, and which cards a
  hidden pick chose is drawn again among those not seen;
- a draw of tokens they did not see (inside `secretly`) is drawn again from its zone;
- another player's answer they did not see (asked inside `secretly`, or a decision whose record
  hides the answer from them) is drawn again uniformly among the legal answers (nobody's policy
  is known; uniform is the random agent's).

The sample replays the game from its start so, up to the player's present question, and must
give them the same information state; else another is drawn (TRIES). When none agrees, one is
built part by part: from the real game, each hidden part in turn is drawn again alone, a few
times, and the first draw that agrees and differs is kept (the sample moves on from it). Parts
that never changed so are remembered for this state, and later samples keep them (an answer the
end of its `secretly` block uncovered, for example). The real state is never a fallback: a copy
is given only when nothing is hidden from the player or what they saw settles every hidden part
(a shuffle whose unseen places can hold nothing else; answers of closed blocks that never change
alone); when a part that could differ cannot change unnoticed, `NoSample` is raised.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.runtime.views import record_seen_by
from . import nodes as N
from .observe import observation, seen_lines

if TYPE_CHECKING:  # (the state calls this module: GameState.resample)
    from .runner import Runner
    from .stepper import GameState

TRIES = 8  # joint samples drawn before one is built part by part
PART_TRIES = 3  # draws of one part alone, when building part by part
Item = tuple[str, int]  # ("decision", n) or ("chance", n): see Node.item


class Astray(RuntimeError):
    """A sample that can no longer agree with what the player knows (stops its replay)."""


class NoSample(RuntimeError):
    """No state other than the real one agrees with what the player knows, though parts of it
    are hidden from them (a bot can catch this and play on the real decision without search)."""


@dataclass
class Known:
    """What a player knows of one state, and what a sample may change (worked out once per
    state and player, from the real game)."""

    target: str  # the player's information state
    lines: list[str]  # the records they saw, as it lists them (a sample that strays stops early)
    own: list[int]  # their actions, in order
    chance: dict[tuple[int, int], int]  # (outcome, pick) -> the real action
    answers: dict[int, list[int]]  # another player's decision -> its real actions
    results: dict[int, tuple[str, list[str]]]  # hidden outcome -> (what, its real result)
    pinned: dict[int, set[int]]  # hidden pick or shuffle -> the places the player saw
    hidden: list[Item]  # the parts a sample may draw again
    # hidden answers that what the player saw later may settle (their `secretly` block is over,
    # or their record hides the answer): when none of these changes alone, they are settled
    may_settle: set[Item]
    fixed: set[Item] = field(default_factory=set)  # parts that never changed alone

    @property
    def free(self) -> set[Item]:
        return set(self.hidden) - self.fixed


def resample(state: GameState, player: int, rng: random.Random) -> GameState:
    """A state `player` cannot tell from `state` (same information state, same question), with
    everything hidden from them drawn again (see the module docstring)."""
    runner = state.runner()
    if runner.node is None or runner.node.player != player:
        raise ValueError(f"a state is resampled for the player it asks (P{player + 1} is not asked here): "
                         "the sample stops at that player's question")
    known = _known(state, runner, player)
    if not known.hidden:
        return state.clone()  # nothing hidden: the one state the player cannot tell apart
    if known.free:
        for _ in range(TRIES):
            sample = _agreeing(state, known, known.free, player, rng)
            if sample is not None:
                return sample
    return _part_by_part(state, known, player, rng)


def _part_by_part(state: GameState, known: Known, player: int, rng: random.Random) -> GameState:
    """A sample built from the real game one hidden part at a time, each change checked."""
    base, base_known, changed = state, known, False
    for item in [i for i in known.hidden if i in known.free]:
        for _ in range(PART_TRIES):
            sample = _agreeing(base, base_known, {item}, player, rng)
            if sample is not None and sample.history() != base.history():
                base, changed = sample, True
                base_known = _known(sample, sample.runner(), player)
                break
        else:
            known.fixed.add(item)
    if not changed:
        if known.fixed <= known.may_settle:  # what the player saw settles every hidden part
            return state.clone()
        raise NoSample(f"no state other than the real one agrees with what P{player + 1} knows, "
                       f"though {len(set(known.hidden) - known.may_settle)} parts of it are hidden from them "
                       "and could change")
    return base


def _agreeing(state: GameState, known: Known, redraw: set[Item], player: int,
              rng: random.Random) -> GameState | None:
    """A game replayed from the start with the parts in `redraw` drawn again, or None when it
    does not bring the player to the same question with the same information state."""
    try:
        sample = state.replayed([], _chooser(known, redraw, player, rng, len(state.history())))
        if sample.current_player() == player and sample.information_state(player) == known.target:
            return sample
    except Exception:  # noqa: BLE001 - an answer the rules refuse, a game that took another road
        pass
    return None


# ---------------------------------------------------------------- what the player knows


def _known(state: GameState, runner: Runner, player: int) -> Known:
    """What `player` knows of `state` and which parts are hidden from them, read once from the
    real game's trail, random outcomes and records (kept on its runner for later samples)."""
    history = state.history()
    key = ("resample", player, len(history))
    cached = runner.notes.get(key)
    if cached is not None:
        return cached
    own: list[int] = []
    chance: dict[tuple[int, int], int] = {}
    answers: dict[int, list[int]] = {}
    first: dict[int, int] = {}  # another player's decision -> where its first action is in the trail
    for i, (asked, action) in enumerate(zip(runner.trail, history)):
        n = asked.item[1]
        if asked.player == player:
            own.append(action)
        elif asked.player == N.CHANCE:
            chance[(n, asked.index)] = action
        else:
            answers.setdefault(n, []).append(action)
            first.setdefault(n, i)
    records = runner.log.records
    hidden: list[Item] = []
    results: dict[int, tuple[str, list[str]]] = {}
    pinned: dict[int, set[int]] = {}
    seen_after = _names_seen_after(runner, player)
    back = _backs(runner)
    for n, outcome in enumerate(runner.outcomes):
        at = next((i for i in range(outcome.log_at, len(records)) if records[i]["t"] == "random"), None)
        seen = None if at is None else record_seen_by(records[at], player)
        if seen is not None and "result" in seen:
            continue  # the player saw it
        if outcome.what == "draw":
            if outcome.result:
                hidden.append(("chance", n))
                results[n] = (outcome.what, list(outcome.result))
            continue
        names = seen_after(len(records) if at is None else at + 1)
        places: set[int] = set()
        for place, name in enumerate(outcome.result):
            if names[name] > 0:
                names[name] -= 1
                places.add(place)
        if _can_vary(outcome, places, back):  # places the player has not seen: drawn again
            hidden.append(("chance", n))
            results[n] = (outcome.what, list(outcome.result))
            pinned[n] = places
    open_block = runner.trail[-1].block if runner.trail else None
    may_settle: set[Item] = set()
    for n, i in sorted(first.items()):
        asked = runner.trail[i]
        if _answer_hidden(runner, asked, player):
            hidden.append(("decision", n))
            if asked.block is None or asked.block is not open_block:
                may_settle.add(("decision", n))  # (what the block's end uncovered may settle it)
    target = state.information_state(player)
    known = Known(target, list(seen_lines(runner, player)), own, chance, answers, results, pinned, hidden,
                  may_settle)
    runner.notes[key] = known
    return known


def _can_vary(outcome: Any, seen: set[int], back: Callable[[str], str]) -> bool:
    """Whether a hidden shuffle or pick could give another item at a place the player has not
    seen: some such place has, among the items not seen, two of different names that look the
    same from behind as the real one there."""
    left = Counter(outcome.pool)
    left.subtract(outcome.result[place] for place in seen)
    looks: dict[str, set[str]] = {}
    for name, count in left.items():
        if count > 0:
            looks.setdefault(back(name), set()).add(name)
    return any(len(looks.get(back(name), ())) > 1
               for place, name in enumerate(outcome.result) if place not in seen)


def _answer_hidden(runner: Runner, asked: Any, player: int) -> bool:
    """Whether `player` did not see another player's answer: no record of the decision reaches
    them with its answer."""
    records = runner.log.records
    who = f"P{asked.player + 1}"
    for record in records[asked.log_at:]:
        if record["t"] == "decision" and record.get("player") == who:
            seen = record_seen_by(record, player)
            return seen is None or "answer" not in seen
    return asked.block is not None  # (not answered yet: hidden if asked inside `secretly`)


def _names_seen_after(runner: Runner, player: int) -> Callable[[int], Counter]:
    """For a record number, how often each text appears in what `player` saw after it (records
    and the present view): an item named there may be one the player saw."""
    records = runner.log.records
    per_record = []
    for record in records:
        seen = record_seen_by(record, player)
        per_record.append(Counter(_texts(seen)) if seen is not None else None)
    now = Counter(_texts(observation(runner, player)["view"]))

    def after(at: int) -> Counter:
        total = Counter(now)
        for counts in per_record[at:]:
            if counts:
                total.update(counts)
        return total

    return after


def _texts(value: Any) -> list[str]:
    """Every text inside a record or view (values, not keys)."""
    out: list[str] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return out


# ---------------------------------------------------------------- drawing a sample


def _chooser(known: Known, redraw: set[Item], player: int, rng: random.Random,
             length: int) -> Callable[[N.Node, Runner], int | None]:
    """Picks every action of a replay from the start: the player's own again, the real ones of
    parts not drawn again, fresh ones for the parts in `redraw`; None (stop) once the player
    has given every answer they gave and is asked again. The replay stops as soon as the player
    sees a record the real game did not show them (most samples that disagree, disagree early)."""
    own = deque(known.own)
    answers = {n: deque(actions) for n, actions in known.answers.items()}
    plans: dict[int, dict[int, str]] = {}
    budget = [10 * length + 1000]  # a runaway sample (the game took another road) stops
    checked = [0]  # records seen so far that agree with the real game's

    def choose(node: N.Node, runner: Runner) -> int | None:
        budget[0] -= 1
        if budget[0] < 0:
            raise Astray("the sample does not come back to the player's question")
        lines = seen_lines(runner, player)
        if len(lines) > checked[0]:
            if lines[checked[0]:] != known.lines[checked[0]:len(lines)]:
                raise Astray("the player sees something the real game did not show them")
            checked[0] = len(lines)
        if node.player == player:
            return own.popleft() if own else None
        n = node.item[1]
        if node.player == N.CHANCE:
            if node.item in redraw and node.pool:
                plan = plans.get(n)
                if plan is None:
                    plan = plans[n] = _plan(known, n, node, runner, rng)
                action = _action_for(node, plan.get(node.index))
                if action is not None:
                    return action
            elif node.item not in redraw:
                action = known.chance.get((n, node.index))
                if action in node.actions:
                    return action
            return rng.choices(node.actions, weights=node.probabilities)[0]
        if node.item not in redraw:
            real = answers.get(n)
            if real:
                action = real.popleft()
                if action in node.actions:
                    return action
        return rng.choice(node.actions)

    return choose


def _plan(known: Known, n: int, node: N.Node, runner: Runner, rng: random.Random) -> dict[int, str]:
    """The items a hidden pick or shuffle gives, from its first node on: the places the player
    saw keep their item, the others get what is left in a random order, each place an item that
    looks the same from behind (a card's `public` fields) as the real one there."""
    what, result = known.results.get(n, (node.what, []))
    pinned = known.pinned.get(n, set())
    left = Counter(node.pool)
    size = len(node.pool) if what == "shuffle" else len(result)
    places = range(node.index, node.index + size)
    plan: dict[int, str] = {}
    for place in places:
        if place in pinned and place < len(result) and left[result[place]] > 0:
            plan[place] = result[place]
            left[result[place]] -= 1
    back = _backs(runner)
    rest: dict[str, list[str]] = {}
    for name in left.elements():
        rest.setdefault(back(name), []).append(name)
    for names in rest.values():
        rng.shuffle(names)
    for place in places:
        if place not in plan:
            names = rest.get(back(result[place])) if place < len(result) else None
            if not names:
                names = next((r for r in rest.values() if r), None)
            if names:
                plan[place] = names.pop()
    return plan


def _backs(runner: Runner) -> Callable[[str], str]:
    """What a player sees of an item by its name, face down: a card's fields printed on its back;
    any other item, nothing."""
    sight, cards = runner.game.runtime.sight, runner.game.d.cards

    def back(name: str) -> str:
        return repr(sorted(sight.card_fields(name, False, False).items())) if name in cards else ""

    return back


def _action_for(node: N.Node, name: str | None) -> int | None:
    """The action that picks an item named `name` at a pick node."""
    if name is None or name not in node.pool:
        return None
    action = node.pool.index(name)
    return action if action in node.actions else None
