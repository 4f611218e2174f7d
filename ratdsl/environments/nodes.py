"""The nodes a game is stepped through: every decision and every random outcome of the engine
becomes one or more nodes, each with a small list of integer actions.

Why sub-decisions: a `distribute` of N tokens over k zones has up to C(N+k-1, k-1) answers
(thousands of millions for many tokens), far too many for one node. It is asked zone by zone
instead ("how many to zone 1", then zone 2, ...; the last zone takes the rest), so a node has at
most N+1 actions, and only counts that can still be completed within the limits are legal.
Random outcomes become single picks: a draw of n tokens is n picks of one token (kind i with
probability count/size), a shuffle is successive picks of the next card, a `sample`/`pick` is
successive picks among the items. Nodes with a single possible outcome are skipped (forced).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..engine.decisions import Decision

CHANCE = -1  # the values OpenSpiel uses for these players
SIMULTANEOUS = -2
TERMINAL = -4


@dataclass
class Node:
    """One point where the game waits for an action: a seat's (sub-)decision or a chance pick."""

    player: int  # a seat, or CHANCE
    what: str  # "may" | "choose" | "distribute" | "draw" | "shuffle" | "pick"
    actions: list[int]  # legal actions, ascending
    labels: dict[int, str]  # each action's meaning, for people
    probabilities: list[float] = field(default_factory=list)  # chance nodes: one per action
    decision: Decision | None = None  # the decision a seat's node belongs to
    zone: str | None = None  # distribute: the zone this node asks about
    placed: dict[str, int] = field(default_factory=dict)  # distribute: counts already given
    secret: bool = False  # asked inside a `secretly` block: other players do not see it
    # which answer or random outcome of the game the node belongs to, counted from the start
    # (("decision", n) or ("chance", n)), and its place in it: the same in every replay that
    # takes the same road, so a resampled game can be matched to the real one (resample.py)
    item: tuple[str, int] = ("", -1)
    index: int = 0  # chance: the pick (or token) of the outcome this node draws
    pool: list[str] = field(default_factory=list)  # pick nodes: the names of the items left


# ---------------------------------------------------------------- decisions


def may_node(decision: Decision) -> Node:
    return Node(decision.player, "may", [0, 1], {0: "no", 1: "yes"}, decision=decision)


def choose_node(decision: Decision) -> Node:
    """Action i picks option i; with an optional choice, action len(options) passes."""
    labels = {i: label(option) for i, option in enumerate(decision.options)}
    if decision.optional:
        labels[len(decision.options)] = "pass"
    return Node(decision.player, "choose", sorted(labels), labels, decision=decision)


def choose_answer(decision: Decision, action: int) -> Any:
    return None if action == len(decision.options) else decision.options[action]


def distribute_node(decision: Decision, placed: dict[str, int]) -> Node | None:
    """The node asking how many tokens go to the next target zone, or None when the answer is
    complete (the last zone takes what is left)."""
    k = len(placed)
    targets = decision.targets
    if k >= len(targets) - 1:
        return None
    left = decision.amount - sum(placed.values())
    zone = targets[k]
    counts = [c for c in range(left + 1) if _completable(decision, {**placed, zone: c})]
    labels = {c: f"{c} to {zone}" for c in counts}
    return Node(decision.player, "distribute", counts, labels, decision=decision, zone=zone,
                placed=dict(placed))


def distribute_answer(decision: Decision, placed: dict[str, int]) -> dict[str, int]:
    """The whole answer once every zone but the last has its count."""
    counts = dict(placed)
    last = decision.targets[-1]
    counts[last] = counts.get(last, 0) + decision.amount - sum(placed.values())
    return {z: n for z, n in counts.items() if n}


def _completable(decision: Decision, placed: dict[str, int]) -> bool:
    """Whether the zones not yet given a count can take the rest within every limit."""
    rest = decision.targets[len(placed):]
    left = decision.amount - sum(placed.values())
    rooms = tuple(limit - sum(placed.get(z, 0) for z in zones) for limit, zones in decision.at_most)
    needs = tuple(max(0, limit - sum(placed.get(z, 0) for z in zones)) for limit, zones in decision.at_least)
    if left < 0 or any(room < 0 for room in rooms):
        return False
    most = tuple(tuple(z in zones for z in rest) for _, zones in decision.at_most)
    least = tuple(tuple(z in zones for z in rest) for _, zones in decision.at_least)
    return _fill(0, len(rest), left, rooms, needs, most, least)


@lru_cache(maxsize=65536)
def _fill(i: int, size: int, left: int, rooms: tuple, needs: tuple, most: tuple, least: tuple) -> bool:
    """Whether `left` tokens fit into the remaining zones i..size-1 with every at-most room kept
    and every at-least need met (`most`/`least`: which remaining zones each limit counts)."""
    if i == size:
        return left == 0 and not any(needs)
    if not rooms and not needs:
        return True  # no limits: any split works
    for c in ([left] if i == size - 1 else range(left + 1)):
        new_rooms = tuple(room - c if mask[i] else room for room, mask in zip(rooms, most))
        if any(room < 0 for room in new_rooms):
            break  # more tokens here only overflow further
        new_needs = tuple(max(0, need - c) if mask[i] else need for need, mask in zip(needs, least))
        if _fill(i + 1, size, left - c, new_rooms, new_needs, most, least):
            return True
    return False


# ---------------------------------------------------------------- chance


def draw_node(contents: dict[str, int], kinds: list[str]) -> Node:
    """One token drawn: action i is the kind kinds[i], as likely as its share of the zone."""
    total = sum(v for v in contents.values() if v > 0)
    actions = [i for i, k in enumerate(kinds) if contents.get(k, 0) > 0]
    return Node(CHANCE, "draw", actions, {i: kinds[i] for i in actions},
                [contents[kinds[i]] / total for i in actions])


def pick_node(items: list, what: str) -> Node:
    """The next item picked: action i is the first remaining item equal to items[i], as likely
    as the share of items equal to it (equal items are one outcome)."""
    firsts: dict[str, int] = {}
    counts: dict[int, int] = {}
    for i, item in enumerate(items):
        first = firsts.setdefault(_key(item), i)
        counts[first] = counts.get(first, 0) + 1
    actions = sorted(counts)
    return Node(CHANCE, what, actions, {i: label(items[i]) for i in actions},
                [counts[i] / len(items) for i in actions], pool=[label(item) for item in items])


def _key(item: Any) -> str:
    return f"{type(item).__name__}:{item}"


def label(value: Any) -> str:
    """An item as people read it, and as resample.py matches items (a card by its name)."""
    return str(value)
