"""Boards in flat code: a space is a zone like any other (its value is its zone's base), and what
the reference looks up by name at every call (semantics/boards.py: the spaces in play, each one's
neighbours, distances, fields) is worked out once here into integer tables keyed by zone base,
every owner's zone of a space included, as `_space` in semantics/builtins.py accepts any of them.

A capacity (a declared one, or 0 for a space left out at this table size) is checked after each
step, as the game loop checks it: a space over it stops the flat code, and the reference plays
the game again to report R012 at the step.
"""

from __future__ import annotations

from typing import Any

from ... import kernels
from ...language import ast as A
from ...semantics.boards import layout
from .orders import sure
from .support import Abort
from .tags import BOOL, INT, NONE, PILE_T, PLAYER, STR, ZONE_T, Unsupported
from .val import Val, list_of

MAX_DISTANCE_TABLE = 200  # spaces of a rule set whose distances are tabled (a 1,000-space board: 1e6 entries)


def space_of(table: dict, zone: int) -> Any:
    """`table[zone]`, where the reference's `_space` reports a value that is not a space (R0xx):
    the flat code stops and the reference plays the game again to report it."""
    found = table.get(zone, table)
    if found is table:
        raise Abort
    return found


space_of = kernels.twin(space_of)


def over_capacity(Z: list, limits: tuple, width: int) -> bool:
    """Whether a space holds more tokens than its capacity (every owner's zone of it counted; a
    space left out at this table size has capacity 0): the reference stops with R012 there."""
    for cap, bases in limits:
        held = 0
        for b in bases:
            held += sum(Z[b:b + width])
        if held > cap:
            return True
    return False


def room_of(Z: list, cap: int, bases: tuple, n: int, stride: int, width: int) -> int:
    """`room(s)`: the capacity less every owner's tokens on the space."""
    shared, seat0 = bases
    held = sum(Z[shared:shared + width])
    for s in range(n):
        b = seat0 + s * stride
        held += sum(Z[b:b + width])
    return cap - held


class BoardLowering:
    """The board built-ins (`spaces`, `neighbours`, `adjacent`, `distance`, `room`), `s.FIELD` and
    `p[s]`, for FlatCompiler (a mixin: it reads the compiler's layout, table size and constants)."""

    d: Any
    n: int
    lay: Any
    _boards: dict[str, Any] | None = None

    def board_tables(self) -> dict[str, Any]:
        """The tables, made once per module: every key a zone base of a space in play."""
        if self._boards is None:
            lay = layout(self.d, self.n)
            bases: dict[str, list[int]] = {}  # space -> every owner's zone base, shared first
            for name in lay.in_play:
                bases[name] = [self.lay.shared_base(name),
                               *(self.lay.player_offset(name) + s * self.lay.player_stride for s in range(self.n))]
            shared = {name: b[0] for name, b in bases.items()}
            by_zone = {z: name for name, b in bases.items() for z in b}
            names = sorted(lay.in_play, key=lambda s: shared[s])
            index = {name: i for i, name in enumerate(names)}
            distances = None
            if len(names) <= MAX_DISTANCE_TABLE:
                distances = {z: tuple(lay.distance(space, t) for t in names) for z, space in by_zone.items()}
            self._boards = {
                "spaces": {board: tuple(shared[r.name] for r in refs) for board, refs in lay.spaces.items()},
                "neighbours": {z: tuple(shared[r.name] for r in lay.neighbours[space]) for z, space in by_zone.items()},
                "index": {z: index[space] for z, space in by_zone.items()},
                "shared": {z: shared[space] for z, space in by_zone.items()},
                "seat0": {z: self.lay.player_offset(space) for z, space in by_zone.items()},
                "distances": distances,
                "by_zone": by_zone,
                "layout": lay,
            }
        return self._boards

    def capacity_check(self) -> str | None:
        """The test that ends each step (Game.check_capacities), or None when no space has a limit."""
        lay = layout(self.d, self.n)
        if not lay.capacities:
            return None
        limits = tuple((cap, (self.lay.shared_base(name),
                              *(self.lay.player_offset(name) + s * self.lay.player_stride for s in range(self.n))))
                       for name, cap in lay.capacities.items())
        return f"over_capacity(Z, {self.k(limits)}, {self.lay.width})"

    def space_arg(self, v: Any, node: A.Node) -> None:
        if v.t != ZONE_T:
            raise Unsupported(node, f"a space that is a {v.t}")

    def b_spaces(self, node, sc, board: Any) -> Any:

        spaces = self.board_tables()["spaces"]
        if not (board.known and board.t == STR and board.const in spaces):
            raise Unsupported(node, "spaces of something that is not a board's name")
        consts = list(spaces[board.const])
        return Val(f"list({self.k(tuple(consts))})", list_of(ZONE_T), consts, length=len(consts))

    def b_neighbours(self, node, sc, space: Any) -> Any:

        self.space_arg(space, node)
        table = self.board_tables()["neighbours"]
        if space.known and space.const in table:
            consts = list(table[space.const])
            return Val(f"list({self.k(tuple(consts))})", list_of(ZONE_T), consts, length=len(consts))
        most = max((len(t) for t in table.values()), default=0)
        return Val(f"list(space_of({self.k(table)}, {space.code}))", list_of(ZONE_T), length=most)

    def b_adjacent(self, node, sc, a: Any, b: Any) -> Any:

        self.space_arg(a, node)
        self.space_arg(b, node)
        shared = self.k(self.board_tables()["shared"])
        near = self.k(self.board_tables()["neighbours"])
        # (b is checked first, as the reference's `_space(b)` is)
        return Val(f"(space_of({shared}, {b.code}) in space_of({near}, {a.code}))", BOOL)

    def b_distance(self, node, sc, a: Any, b: Any) -> Any:

        self.space_arg(a, node)
        self.space_arg(b, node)
        t = self.board_tables()
        if t["distances"] is None:
            raise Unsupported(node, f"distance on boards of over {MAX_DISTANCE_TABLE} spaces")
        return Val(f"space_of({self.k(t['distances'])}, {a.code})[space_of({self.k(t['index'])}, {b.code})]", INT,
                   bound=len(t["index"]) + 1)

    def b_room(self, node, sc, space: Any) -> Any:

        self.space_arg(space, node)
        t = self.board_tables()
        caps = t["layout"].capacities
        limits = {z: caps.get(name) for z, name in t["by_zone"].items()}
        if not any(v is not None for v in limits.values()):
            return Val(f"(space_of({self.k(t['shared'])}, {space.code}) and None)", NONE)
        if not all(v is not None for v in limits.values()):
            raise Unsupported(node, "room on a board where some spaces have a capacity and others none")
        bases = {z: (t["shared"][z], t["seat0"][z]) for z in t["by_zone"]}
        return Val(f"room_of({sc.zsrc}, space_of({self.k(limits)}, {space.code}), "
                   f"{self.k(bases)}[{space.code}], {self.n}, {self.lay.player_stride}, {self.lay.width})", INT)

    def space_field(self, obj: Any, name: str, node: A.Node) -> Any | None:
        """`s.FIELD` for a field a board lists (None for any other name: a group of kinds)."""

        t = self.board_tables()
        lay = t["layout"]
        boards = {lay.board_of[s].name for s in t["by_zone"].values()}
        if not any(name in board.fields for board in self.d.boards.values() if board.name in boards):
            return None
        values = {}
        for z, space in t["by_zone"].items():
            expr = lay.field_of.get((space, name))
            if expr is None and name not in lay.board_of[space].fields:
                raise Unsupported(node, f"{name!r}: a field of some boards' spaces, a group of kinds of others")
            values[z] = self.flat_value(None if expr is None else self.reference().eval(expr, _env()), node)
        kinds = {v.t for v in values.values() if v.t != NONE}
        if len(kinds) > 1:
            raise Unsupported(node, f"the field {name!r} of spaces, of several kinds")
        kind = kinds.pop() if kinds else NONE
        if obj.known and obj.const in values:
            return values[obj.const]
        if kind == PILE_T:  # (a shared pile: the module's own list, by identity)
            table = {z: None if v.t == NONE else self.ns[v.code] for z, v in values.items()}
        else:
            table = {z: v.const for z, v in values.items()}
        bound = _bound(values.values()) if kind == INT else None
        return Val(f"space_of({self.k(table)}, {obj.code})", kind, bound=bound)

    def player_space(self, player: Any, space: Any, node: A.Node) -> Any:
        """`p[s]`: player p's zone of space s (any owner's zone of s names the space)."""

        if player.t != PLAYER:
            raise Unsupported(node, f"a {player.t} indexed by a space")
        seat0 = self.board_tables()["seat0"]
        return Val(f"(space_of({self.k(seat0)}, {space.code}) + {sure(player.code)} * {self.lay.player_stride})",
                   ZONE_T)


def _bound(values: Any) -> int | None:
    """What a field's numbers are surely below in size (each space's value is known), so the
    arithmetic on it needs no check of the number limit (operators.bounded)."""
    numbers = [v for v in values if v.t == INT]
    if not all(v.known and v.const.__class__ is int for v in numbers):
        return None
    return max((abs(v.const) for v in numbers), default=0) + 1


def _env() -> Any:
    from ..env import Env

    return Env()
