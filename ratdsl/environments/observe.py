"""What one player may know at a node, as a dict, a string and a fixed-size vector.

Built only from what the engine already shows a player: `view_for(seat)` (zones, inside a
`secretly` block other players' zones as they were when it began; pile sizes; cards shown to
that player) and the log records `record_seen_by(record, seat)` lets through. Record numbers are
left out (they count hidden records too), and so is whose turn it is inside a `secretly` block
and everything about another player's unfinished answer. Nothing says where the rules were
loaded from: a rule file is named by its path inside the game folder (`round.rat:50:9`,
`modules/NAME.rat:...`), and the log header's `rules` is left out, so a bot sees the same
observation whatever folder (or installed copy) the rules came from.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.runtime.views import record_seen_by
from ..engine.state import pile_keys, zone_keys
from ..semantics.definition import GameDef
from . import nodes as N

if TYPE_CHECKING:
    from .runner import Runner


def observation(runner: Runner, seat: int) -> dict[str, Any]:
    """What `seat` sees now, and what it is asked if the game waits for it."""
    view = runner.game.runtime.view_for(seat)
    return {"view": view, "revealed": revealed(runner, view["piles"]), "turn": _turn(runner, seat)}


def revealed(runner: Runner, sizes: dict[str, int]) -> dict[str, list[str]]:
    """The cards `reveal` turned face up into each pile, as far as the public records tell: a
    `place` or `create` into a pile hides its top (the cards placed are not public), and a pile
    holds at most its size of them (the latest)."""
    face_up = runner.face_up
    records = runner.log.records
    for record in records[runner.face_up_upto:]:
        t = record["t"]
        if t == "reveal" and "sight" not in record:  # (a sight: not every player sees the face)
            face_up.setdefault(record["dst"], []).append(str(record["card"]))
        elif (t in ("place", "create") or t == "reveal") and record.get("pile", record.get("dst")) in face_up:
            face_up[record.get("pile", record.get("dst"))] = []
    runner.face_up_upto = len(records)
    out = {}
    for pile, cards in face_up.items():
        size = sizes.get(pile, 0)
        if cards and size:
            face_up[pile] = cards = cards[-size:]
            out[pile] = list(cards)
    return out


def _turn(runner: Runner, seat: int) -> dict[str, Any]:
    node = runner.node
    if node is None:
        result = runner.result
        return {"over": True, "winners": result.winners if result else [],
                "scores": result.scores if result else {}}
    if node.player == seat and node.decision is not None:
        d = node.decision
        asked: dict[str, Any] = {"you": True, "id": d.id, "kind": d.kind,
                                 "where": placeless(d.where, runner.game.d),
                                 "actions": {str(a): node.labels[a] for a in node.actions}}
        if d.kind == "distribute":
            asked.update(zone=node.zone, placed=node.placed, amount=d.amount, targets=d.targets,
                         at_most=d.at_most, at_least=d.at_least)
        return asked
    if node.secret:
        return {"waiting": "secret"}  # inside `secretly`: who is asked what, and how far, is hidden
    if node.player == N.CHANCE:
        return {"waiting": "chance", "what": node.what}
    return {"waiting": f"P{node.player + 1}", "id": node.decision.id if node.decision else ""}


def observation_string(runner: Runner, seat: int) -> str:
    return json.dumps(observation(runner, seat), sort_keys=True, default=str)


def information_state_string(runner: Runner, seat: int) -> str:
    """Everything `seat` has learnt so far (perfect recall): the log records it saw, without
    their numbers, then what it sees now."""
    return "\n".join([*seen_lines(runner, seat), observation_string(runner, seat)])


def seen_lines(runner: Runner, seat: int) -> list[str]:
    """The log records `seat` saw so far, one line each as the information state has them
    (kept on the runner and brought up to date: the caller must not change the list)."""
    lines = runner.seen.setdefault(seat, [])
    done = runner.seen_upto.get(seat, 0)
    records = runner.log.records
    for record in records[done:]:
        seen = record_seen_by(record, seat)
        if seen is not None:
            lines.append(json.dumps(_public(seen, runner.game.d), sort_keys=True, default=str))
    runner.seen_upto[seat] = len(records)
    return lines


def _public(record: dict[str, Any], definition: GameDef) -> dict[str, Any]:
    """A record as a player learns it: no record number, no secrecy mark, no rules path."""
    out = {k: v for k, v in record.items() if k not in ("seq", "secret")}
    if out.get("t") == "game":
        out.pop("rules", None)  # the folder or name the rules were loaded by (game, modules, variant stay)
    return {k: placeless(v, definition) if isinstance(v, str) else v for k, v in out.items()}


def placeless(text: str, definition: GameDef) -> str:
    """`text` with each rule file's path (as the rules were loaded) replaced by its path inside
    the game folder."""
    for path, name in _places(definition):
        if path in text:
            text = text.replace(path, name)
    return text


@lru_cache(maxsize=32)
def _places(definition: GameDef) -> tuple[tuple[str, str], ...]:
    """(path as loaded, path inside the game folder) for every rule file, longest path first (a
    file outside the game folder, a variant kept beside it, goes by its file name)."""
    ruleset = definition.ruleset
    out = []
    for file in ruleset.files:
        try:
            name = Path(file).relative_to(ruleset.root).as_posix()
        except ValueError:
            name = Path(file).name
        out.append((str(file), name))
    return tuple(sorted(out, key=lambda pair: -len(pair[0])))


class Layout:
    """The fixed shape of an observation vector for one rule set and number of players, and
    where each piece sits in it."""

    def __init__(self, definition: GameDef, players: int):
        self.players = players
        self.kinds = list(definition.kinds)
        self.zones = [str(z) for z in zone_keys(players, definition.shared_zones, definition.player_zones)]
        self.zone_index = {z: i for i, z in enumerate(self.zones)}
        self.piles = [str(p) for p in pile_keys(players, definition.shared_piles, definition.player_piles)]
        self.phases = ["setup", *definition.phases]
        self.cards = list(definition.cards)
        self.zone_names = [*definition.shared_zones, *definition.player_zones]
        self.kind_names = ["may", "choose", "distribute"]
        self.pieces: list[tuple[str, int]] = [
            ("player", players),  # whose observation
            ("zones", len(self.zones) * len(self.kinds)),  # tokens of each kind in each zone
            ("piles", len(self.piles)),  # cards in each pile
            ("round", 1),
            ("phase", len(self.phases)),
            ("active", players),
            ("waiting_for", players + 2),  # a seat, chance, or hidden (inside `secretly`)
            ("decision_kind", len(self.kind_names)),  # what this player is asked, if anything
            ("asked_zone", len(self.zone_names)),  # distribute: the zone this node asks about
            ("placed", len(self.zone_names)),  # distribute: counts given so far
            ("to_place", 1),  # distribute: tokens not yet given a zone
            ("shown", len(self.cards)),  # cards shown to this player, by name
            ("revealed", len(self.piles) * len(self.cards)),  # cards face up in each pile, by name
        ]
        self.size = sum(size for _, size in self.pieces)

    def views(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        out, at = {}, 0
        for name, size in self.pieces:
            out[name] = tensor[at:at + size]
            at += size
        return out

    def fill(self, tensor: np.ndarray, runner: Runner, seat: int) -> None:
        tensor.fill(0)
        parts = self.views(tensor)
        seen = observation(runner, seat)
        view, turn = seen["view"], seen["turn"]
        parts["player"][seat] = 1
        k = len(self.kinds)
        kind_at = {kind: i for i, kind in enumerate(self.kinds)}
        for zone, contents in view["zones"].items():
            base = self.zone_index[zone] * k
            for kind, n in contents.items():
                parts["zones"][base + kind_at[kind]] = n
        for i, pile in enumerate(self.piles):
            parts["piles"][i] = view["piles"].get(pile, 0)
        parts["round"][0] = view["round"]
        if view["phase"] in self.phases:
            parts["phase"][self.phases.index(view["phase"])] = 1
        parts["active"][int(view["active"][1:]) - 1] = 1
        waiting = turn.get("waiting")
        if turn.get("you"):
            parts["waiting_for"][seat] = 1
            parts["decision_kind"][self.kind_names.index(turn["kind"])] = 1
            if turn["kind"] == "distribute":
                if turn["zone"] in self.zone_names:
                    parts["asked_zone"][self.zone_names.index(turn["zone"])] = 1
                for zone, n in turn["placed"].items():
                    if zone in self.zone_names:
                        parts["placed"][self.zone_names.index(zone)] = n
                parts["to_place"][0] = turn["amount"] - sum(turn["placed"].values())
        elif waiting == "chance":
            parts["waiting_for"][self.players] = 1
        elif waiting == "secret":
            parts["waiting_for"][self.players + 1] = 1
        elif waiting:
            parts["waiting_for"][int(waiting[1:]) - 1] = 1
        for name in view["shown_to_you"]:
            if name in self.cards:
                parts["shown"][self.cards.index(name)] += 1
        for pile, names in seen["revealed"].items():
            if pile in self.piles:
                base = self.piles.index(pile) * len(self.cards)
                for name in names:
                    if name in self.cards:
                        parts["revealed"][base + self.cards.index(name)] += 1
