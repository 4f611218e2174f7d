"""Moves of tokens between zones, and the statements that move them (`move`, `draw`) once an
evaluator has worked out their zones, amounts and kinds.

Every move of tokens, whichever evaluator asks for it, follows one protocol:
1. `before_move`: what card activity read of token counts is forgotten, and both zones are kept
   as the phase and each open secret block began, if anything keeps them (copy-on-write). Every
   move here calls it;
2. the tokens leave the source, which must keep zero or more of each kind (callers check first:
   a negative count is an engine bug, reported as a conservation error);
3. if anyone listens (`log.moves`), `log_move` writes the record and tells the move watchers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...language import ast as A
from ...semantics.values import ZoneRef
from ..chance import ScriptError
from .conservation import went_negative

if TYPE_CHECKING:
    from ...semantics.definition import GameDef
    from ..chance import Chance
    from ..log import GameLog
    from ..state import GameState, PhaseStart


class TokenMoves:
    """The moves of tokens of a Runtime."""

    __slots__ = ()
    d: GameDef
    chance: Chance
    state: GameState
    log: GameLog
    keeping: list[PhaseStart]
    active_cache: dict[str, bool]
    context: list[str]
    secret_stack: list[PhaseStart]
    where: str
    move_watchers: list[Callable[[ZoneRef, ZoneRef, dict[str, int], str], None]]

    def before_move(self, source: ZoneRef, dest: ZoneRef) -> None:
        """What must happen before tokens leave `source` for `dest` (or, with source = dest, are
        created there): what card activity read of token counts is forgotten, and both zones are
        kept as the phase and each open secret block began, when something keeps them."""
        if self.active_cache:  # token counts change: forget what depended on them
            self.active_cache.clear()
        if self.keeping:
            self.keep_before(source, dest)

    def keep_before(self, source: ZoneRef, dest: ZoneRef) -> None:
        """Keeps two zones that are about to change as they were when the phase began (when it
        can be read) and each open secret block began: copy-on-write, so only changed zones are
        copied. Part of before_move, which calls it only while `keeping` holds something."""
        zones = self.state.zones
        for kept in self.keeping:
            saved = kept.saved
            if source not in saved:
                saved[source] = dict(zones[source])
            if dest not in saved:
                saved[dest] = dict(zones[dest])

    def transfer(self, source: ZoneRef, dest: ZoneRef, bundle: dict[str, int]) -> None:
        """Moves tokens; the caller has checked that the source holds them."""
        if not bundle or source is dest:
            return
        self.before_move(source, dest)
        zones = self.state.zones
        src = zones[source]
        dst = zones[dest]
        for kind, n in bundle.items():
            left = src[kind] - n
            if left < 0:
                went_negative(self, source, kind)
            src[kind] = left
            dst[kind] = dst.get(kind, 0) + n
        if self.log.moves:
            self.log_move(source, dest, dict(bundle))

    def shift(self, source: ZoneRef, dest: ZoneRef, kind: str, n: int) -> None:
        """`transfer` of n > 0 tokens of one kind, without building a bundle."""
        if source is dest:
            return
        self.before_move(source, dest)
        zones = self.state.zones
        src = zones[source]
        left = src[kind] - n
        if left < 0:
            went_negative(self, source, kind)
        src[kind] = left
        dst = zones[dest]
        dst[kind] = dst.get(kind, 0) + n
        if self.log.moves:
            self.log_move(source, dest, {kind: n})

    def log_move(self, source: ZoneRef, dest: ZoneRef, what: dict[str, int]) -> None:
        """Records a move of tokens, and tells whoever watches moves."""
        if self.log.active:
            extra: dict[str, Any] = {}
            if self.context:
                extra["by"] = self.context[-1]
            if self.secret_stack:
                extra["secret"] = True
            self.log.emit("move", what=what, src=str(source), dst=str(dest), at=self.where, **extra)
        else:
            self.log.seq += 1  # numbered as if the record were kept
        for watcher in self.move_watchers:
            watcher(source, dest, what, self.where)

    def watch_moves(self, watcher: Callable[[ZoneRef, ZoneRef, dict[str, int], str], None]) -> None:
        """Calls `watcher(source, dest, tokens, step)` after every move of tokens, without the
        cost of a kept log (the simulator's metrics use this)."""
        self.move_watchers.append(watcher)
        self.log.moves = True

    # ------------------------------------------------------------------ statements
    def move_all(self, sources: list[ZoneRef], dest: ZoneRef, kinds: tuple[str, ...] | list[str],
                 node: A.Move | None = None) -> None:
        """`move all KINDS from ZONES to ZONE`: each source's tokens of those kinds, source by
        source, one record per source (moved in place, not through a bundle)."""
        if len(sources) > 1 or len(kinds) > 1:
            named_twice(self, node, sources, kinds)
        zones = self.state.zones
        dst = None
        for src in sources:
            if src is dest:
                continue
            contents = zones[src]
            moved = None
            for k in kinds:
                n = contents.get(k)
                if n:
                    if moved is None:
                        moved = {}
                        self.before_move(src, dest)
                        if dst is None:
                            dst = zones[dest]
                    moved[k] = n
                    contents[k] = 0
                    dst[k] = dst.get(k, 0) + n
            if moved is not None and self.log.moves:
                self.log_move(src, dest, moved)

    def move_tokens(self, node: A.Move, sources: list[ZoneRef], dest: ZoneRef, wanted: int,
                    kinds: tuple[str, ...] | list[str]) -> None:
        """`move [up to] N KINDS from ZONES to ZONE`: zone by zone, kinds in the order given,
        one record per source."""
        q = node.quantity
        if wanted < 0:
            raise self.error(q, f"cannot move a negative number of tokens ({wanted})")
        if len(sources) > 1 or len(kinds) > 1:
            named_twice(self, node, sources, kinds)
        zones = self.state.zones
        if q.mode == "exact" and wanted:  # the sources must hold enough: counted until they do
            held = 0
            for src in sources:
                contents = zones[src]
                for k in kinds:
                    held += contents.get(k, 0)
                if held >= wanted:
                    break
            else:
                available = sum([zones[s].get(k, 0) for s in sources for k in kinds])
                where = ", ".join(str(s) for s in sources)
                raise self.error(node, f"cannot move {wanted} {'/'.join(kinds)} from {where}: "
                                       f"only {available} there", "write `move up to N ...` to take what is there")
        for src in sources:  # (`up to`: what there is, zone by zone)
            if not wanted:
                break
            contents = zones[src]
            first = take = None
            for k in kinds:
                have = contents.get(k)
                if have:
                    n = wanted if wanted < have else have
                    if first is None:
                        first, first_n = k, n
                    elif take is None:
                        take = {first: first_n, k: n}
                    else:
                        take[k] = n
                    wanted -= n
                    if not wanted:
                        break
            if take is not None:
                self.transfer(src, dest, take)
            elif first is not None:
                self.shift(src, dest, first, first_n)

    def move_bundle(self, node: A.Move, sources: list[ZoneRef], dest: ZoneRef, bundle: dict[str, int],
                    up_to: bool) -> None:
        """Moves a bundle's tokens from the first source that holds them, then the next... An
        exact move checks that the sources hold them all before any moves."""
        if len(sources) > 1:
            named_twice(self, node, sources, ())
        remaining = {k: v for k, v in bundle.items() if v > 0}
        zones = self.state.zones
        if not up_to:
            for k, v in remaining.items():
                held = 0
                for src in sources:
                    held += zones[src].get(k, 0)
                if held < v:
                    missing = {k: v - h for k, v in remaining.items()
                               if (h := sum([zones[s].get(k, 0) for s in sources])) < v}
                    raise self.error(node, f"cannot move {missing}: the source does not hold them",
                                     "write `move up to ...` to take what is there")
        for src in sources:
            if not remaining:
                break
            contents = zones[src]
            take = {}
            for k, v in remaining.items():
                have = contents.get(k, 0)
                if have > 0:
                    take[k] = v if v < have else have
            if take:
                self.transfer(src, dest, take)
                for k, n in take.items():
                    if remaining[k] == n:
                        del remaining[k]
                    else:
                        remaining[k] -= n
        if remaining and not up_to:
            raise self.error(node, f"cannot move {remaining}: the source does not hold them",
                             "write `move up to ...` to take what is there")

    def draw_tokens(self, node: A.Draw, source: ZoneRef, dest: ZoneRef, wanted: int | None) -> int:
        """`draw` once its zones and number (None for `all`) are known; returns how many tokens
        it drew."""
        q = node.quantity
        contents = self.state.zones[source]
        size = sum(contents.values())
        n = size if wanted is None else wanted
        if n < 0:
            raise self.error(q, f"cannot draw a negative number of tokens ({n})")
        if n > size:
            if q.mode == "exact":
                raise self.error(node, f"cannot draw {n} from {source}: it holds {size}",
                                 "write `draw up to N ...` to draw what is there")
            n = size
        if n <= 0:
            return 0
        try:
            drawn = self.chance.draw(contents, self.d.kinds, n)
        except ScriptError as err:
            raise self.error(node, str(err)) from None
        if self.log.active:
            self.log.emit("random", what="draw", src=str(source), dst=str(dest), result=dict(drawn))
        else:
            self.log.seq += 1  # records are numbered the same whether or not they are kept
        self.transfer(source, dest, drawn)
        return n


NAMED_TWICE = "R010"  # a move that names the same zone, or the same token kind, twice


def named_twice(where: Any, node: A.Move | None, sources: list[ZoneRef], kinds: tuple[str, ...] | list[str]) -> None:
    """Refuses a move whose sources name one zone twice, or whose kinds name one kind twice:
    its tokens would be counted twice, so an exact count could pass with fewer there (R010)."""
    for items, what in ((sources, "zone"), (kinds, "token kind")):
        if len(items) > 1 and len(set(items)) < len(items):
            seen: set[Any] = set()
            twice = next(x for x in items if x in seen or seen.add(x))
            raise where.error(node, f"this move names the {what} {twice} twice", "name each zone and each "
                              "token kind once", code=NAMED_TWICE)
