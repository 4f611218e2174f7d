"""Where each (zone, kind) count of one rule set at one table size lives in the flat target's
state: one list of ints, zone after zone, each zone a run of K counts (K = the token kinds).

A zone is represented at run time by the index of its first count (its *base*), so `p.hand.coin`
is `Z[base_of_hand + p * PLAYER_STRIDE + 0]`: every name is resolved when the code is generated.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...semantics.definition import GameDef
from ...semantics.values import ZoneRef


@dataclass(frozen=True)
class Layout:
    kinds: tuple[str, ...]
    shared: tuple[str, ...]        # shared zones, in declaration order
    per_player: tuple[str, ...]    # each seat's zones, in declaration order
    players: int

    @staticmethod
    def of(d: GameDef, players: int) -> Layout:
        return Layout(tuple(d.kinds), tuple(d.shared_zones), tuple(d.player_zones), players)

    @property
    def width(self) -> int:
        """Counts per zone (one per kind)."""
        return len(self.kinds)

    @property
    def player_stride(self) -> int:
        """Counts from one seat's zones to the next seat's."""
        return len(self.per_player) * self.width

    @property
    def first_player_base(self) -> int:
        return len(self.shared) * self.width

    @property
    def size(self) -> int:
        return self.first_player_base + self.players * self.player_stride

    def kind_index(self, kind: str) -> int:
        return self.kinds.index(kind)

    def shared_base(self, name: str) -> int:
        return self.shared.index(name) * self.width

    def player_offset(self, name: str) -> int:
        """The base of seat 0's zone `name`; seat s's is this plus s * player_stride."""
        return self.first_player_base + self.per_player.index(name) * self.width

    def labels(self) -> list[str]:
        """The label of every zone, by position (its base // width): as GameState.snapshot names them."""
        out = list(self.shared)
        for seat in range(self.players):
            out += [f"P{seat + 1}.{name}" for name in self.per_player]
        return out

    def names(self) -> list[str]:
        """Each zone's bare name (no seat), by position: what metrics match."""
        return list(self.shared) + list(self.per_player) * self.players

    def refs(self) -> list[ZoneRef]:
        """Each zone as the reference engine names it, by position."""
        return [ZoneRef(owner, name) for owner, name in zip(self.owners(), self.names())]

    def owners(self) -> list[int | None]:
        out: list[int | None] = [None] * len(self.shared)
        for seat in range(self.players):
            out += [seat] * len(self.per_player)
        return out

    def zone_contents(self, counts: list[int]) -> dict[str, dict[str, int]]:
        """The zones of GameState.snapshot: non-empty ones only, kinds sorted, zero counts left out."""
        out = {}
        w = self.width
        kinds = self.kinds
        order = sorted(range(w), key=kinds.__getitem__)
        for i, label in enumerate(self.labels()):
            row = counts[i * w:(i + 1) * w]
            if any(row):
                out[label] = {kinds[k]: row[k] for k in order if row[k]}
        return out
