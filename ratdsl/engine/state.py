"""The generic game state: seats, zones holding multisets of token kinds, piles of cards,
variables, the active player, the round and phase. Nothing here knows any game."""

from __future__ import annotations

from typing import Any

from ..semantics.values import CardValue, PileRef, ZoneRef, label


class PhaseStart:
    """The zones as they were when a phase (or a `secretly` block) began, kept cheaply: a zone's
    contents are saved the first time it changes (see TokenMoves.before_move); unchanged zones are
    read from the live state."""

    __slots__ = ("live", "saved")

    def __init__(self, live: dict[ZoneRef, dict[str, int]]):
        self.live = live
        self.saved: dict[ZoneRef, dict[str, int]] = {}

    def __getitem__(self, ref: ZoneRef) -> dict[str, int]:
        saved = self.saved.get(ref)
        return saved if saved is not None else self.live[ref]

    def remember(self, ref: ZoneRef) -> None:
        if ref not in self.saved:
            self.saved[ref] = dict(self.live[ref])


def zone_keys(player_count: int, shared_zones, player_zones) -> list[ZoneRef]:
    """Every zone of a game, shared ones first, then each seat's."""
    return [ZoneRef(None, name) for name in shared_zones] + [
        ZoneRef(seat, name) for seat in range(player_count) for name in player_zones]


def pile_keys(player_count: int, shared_piles, player_piles) -> list[PileRef]:
    return [PileRef(None, name) for name in shared_piles] + [
        PileRef(seat, name) for seat in range(player_count) for name in player_piles]


class GameState:
    def __init__(self, player_count: int, shared_zones, player_zones, shared_piles, player_piles,
                 keys: tuple[list[ZoneRef], list[PileRef]] | None = None):
        """`keys` are the refs of zone_keys and pile_keys, when the caller has them already."""
        self.player_count = player_count
        zones, piles = keys or (zone_keys(player_count, shared_zones, player_zones),
                                pile_keys(player_count, shared_piles, player_piles))
        self.zones: dict[ZoneRef, dict[str, int]] = {ref: {} for ref in zones}
        self.piles: dict[PileRef, list[CardValue]] = {ref: [] for ref in piles}  # top card first
        self.vars: dict[str, Any] = {}
        self.player_vars: list[dict[str, Any]] = [{} for _ in range(player_count)]
        self.active = 0
        self.round = 0
        self.phase: str | None = None
        self.ended = False
        self.known: list[list[str]] = [[] for _ in range(player_count)]  # cards shown to one player
        # Every card copy shown to each player (uid -> name), until its pile is shuffled.
        self.peeked: list[dict[int, str]] = [{} for _ in range(player_count)]

    def totals_and_negatives(self) -> tuple[dict[str, int], list[tuple[ZoneRef, str]]]:
        """Tokens of each kind over all zones, and any (zone, kind) below zero, in one pass."""
        out: dict[str, int] = {}
        negative = []
        for ref, contents in self.zones.items():
            for kind, n in contents.items():
                if n:
                    if n < 0:
                        negative.append((ref, kind))
                    out[kind] = out.get(kind, 0) + n
        return out, negative

    def totals(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for contents in self.zones.values():
            for kind, n in contents.items():
                if n:
                    out[kind] = out.get(kind, 0) + n
        return out

    def card_count(self) -> int:
        return sum(map(len, self.piles.values()))

    def snapshot(self) -> dict[str, Any]:
        """A JSON form of the whole state, for checkpoints and scenario expectations."""
        from ..semantics.values import encode

        return {
            "round": self.round,
            "active": f"P{self.active + 1}",
            "zones": {label(ref): {k: v for k, v in sorted(c.items()) if v}
                      for ref, c in self.zones.items() if any(c.values())},
            "piles": {label(ref): [c.name for c in cards] for ref, cards in self.piles.items() if cards},
            "vars": {k: encode(v) for k, v in sorted(self.vars.items())},
            "player_vars": [{k: encode(v) for k, v in sorted(pv.items())} for pv in self.player_vars],
        }
