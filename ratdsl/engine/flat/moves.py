"""Token moves of the flat target (`move`, `draw`, `create`): a move between zones known now is
written out count by count, others call the compiled helpers of support.py; either way the
tokens go where the reference engine's TokenMoves puts them, refused where it refuses (R010),
and the simulator's metrics count them where they move. A mixin of StatementLowering."""

from __future__ import annotations

from typing import Any

from ...language import ast as A
from .code import NAME, Code, Scope, uncopied
from .tags import BUNDLE, CARD_T, INT, PILE_T, STR, ZONE_T, Unsupported
from .val import Val, is_list, list_of


class MoveLowering:
    """Moves, draws and creations of tokens, and the metrics of moves, for StatementLowering."""

    def zone_list(self, v: Val, node: A.Node) -> Val:
        if v.t == ZONE_T:
            return Val(f"[{v.code}]", list_of(ZONE_T), [v.const] if v.known else None)
        if v.t == list_of(ZONE_T):
            return v
        raise Unsupported(node, f"a {v.t} where zones are expected")

    def kinds_of_move(self, node: A.Move, sc: Scope) -> tuple[str, list[int] | None]:
        """The kinds a move takes: their indexes as code, and the indexes when known now."""
        if node.what is None:
            idx = list(range(self.lay.width))
            return repr(idx), idx
        w = self.ex(node.what, sc)
        if w.known:
            names = [w.const] if isinstance(w.const, str) else w.const
            if not all(isinstance(k, str) and k in self.d.kinds for k in names):
                raise Unsupported(node.what, "not token kinds")
            idx = [self.lay.kind_index(k) for k in names]
            return repr(idx), idx
        if w.t == STR:
            return f"[KI[{w.code}]]", None
        raise Unsupported(node.what, "kinds known only during the game")

    def st_Move(self, node: A.Move, code: Code, sc: Scope) -> None:
        src = self.want(self.ex(node.source, sc), ZONE_T, node.source)
        dst = self.want(self.ex(node.dest, sc), ZONE_T, node.dest)
        if dst.t != ZONE_T:
            raise Unsupported(node.dest, "a move to something that is not one zone")
        q = node.quantity
        amount = self.number(self.want(self.ex(q.amount, sc), INT, q.amount), q.amount) \
            if q.amount is not None else None
        if amount is not None and amount.t == BUNDLE:
            srcs = self.zone_list(src, node.source)
            kept = self.moves_kept(src, dst, None)
            if self.logging:  # (moved kind by kind: recorded source by source, as the reference moves them)
                s = self.fresh("l")
                code(f"{s} = {uncopied(srcs.code)}")
                code(f"move_bundle(Z, {s}, {dst.code}, {amount.code}, KI, {q.mode == 'up_to'}, LV)")
                code(f"LMV(LV, {self.by_code()}, {s})")
                return
            code(f"move_bundle(Z, {uncopied(srcs.code)}, {dst.code}, {amount.code}, KI, {q.mode == 'up_to'}, {kept})")
            return
        kinds_code, kinds = self.kinds_of_move(node, sc)
        if q.mode == "all":
            srcs = self.zone_list(src, node.source)
            if kinds is not None and (src.t == ZONE_T or src.items is not None) and not (
                    self.logging and len(kinds) > 1):  # (logged: one record a source, all its kinds)
                # each source and kind written out, sources in order (the order of kinds changes nothing)
                dst = self.held(code, dst, "d")
                items = [src] if src.t == ZONE_T else list(src.items)
                if len(items) > 1 or len(kinds) > 1:
                    items = self.once_each(code, items, kinds)
                for one in items:
                    if len(kinds) > 1:
                        one = self.held(code, one, "s")
                    for k in kinds:
                        self.move_one(code, one, dst, k, None, exact=False)
                return
            if src.seat_zones is not None and kinds is not None and len(kinds) == 1:
                # zones(p, NAMES) known: each source written out, in order
                seat, offsets = src.seat_zones
                if len(set(offsets)) < len(offsets):
                    code("raise Abort")  # (a zone named twice: R010)
                    return
                b = self.fresh_int("b")
                code(f"{b} = {seat} * {self.lay.player_stride}")
                if not dst.known:  # worked out once for all the sources
                    d = self.fresh_int("d")
                    code(f"{d} = {dst.code}")
                    dst = Val(d, ZONE_T, rel=dst.rel)
                for off in offsets:
                    self.move_one(code, Val(f"({off} + {b})", ZONE_T, rel=(seat, off)), dst, kinds[0], None,
                                  exact=False)
                return
            code(f"move_all(Z, {uncopied(srcs.code)}, {dst.code}, {kinds_code}, {self.moves_kept(src, dst, kinds)})")
            self.log_helper(code)
            return
        if amount is None or amount.t != INT:
            raise Unsupported(node, "a move of something that is not a number")
        if src.t == ZONE_T and (kinds is None or len(kinds) == 1):
            self.move_one(code, src, dst, kinds[0] if kinds else kinds_code[1:-1], amount, q.mode == "exact")
            return
        one = src if src.t == ZONE_T else (src.items[0] if src.items is not None and len(src.items) == 1 else None)
        if one is not None and kinds is not None:
            self.move_kinds(code, one, dst, kinds, amount, q.mode == "exact")
            return
        srcs = self.zone_list(src, node.source)
        if srcs.known and kinds is not None and len(kinds) == 1 and len(srcs.const) <= 4:
            self.move_from_each(code, [Val(repr(b), ZONE_T, b) for b in srcs.const], dst, kinds[0], amount,
                                q.mode == "exact")
            return
        if src.items is not None and kinds is not None and len(kinds) == 1 and len(src.items) <= 4:
            self.move_from_each(code, list(src.items), dst, kinds[0], amount, q.mode == "exact")
            return
        kept = self.moves_kept(src, dst, kinds)
        exact = q.mode == "exact"
        code(f"move_tokens(Z, {uncopied(srcs.code)}, {dst.code}, {amount.code}, {kinds_code}, {exact}, {kept})")
        self.log_helper(code)

    def move_from_each(self, code: Code, sources: list[Val], dst: Val, k: int, amount: Val, exact: bool) -> None:
        """`move [up to] N KIND from [ZONES] to ZONE` with the zones written out: zone by zone
        until N have moved (TokenMoves.move_tokens)."""
        n = self.fresh_int("n")
        d = self.local(code, dst, "d")
        dval = Val(d, ZONE_T, dst.const, rel=dst.rel)
        srcs = self.once_each(code, [self.held(code, one, "s") for one in sources], [k])
        code(f"{n} = {amount.code}")
        code(f"if {n} < 0: raise Abort")
        if exact:
            code(f"if {n} > {' + '.join(f'Z[{one.code} + {k}]' for one in srcs)}: raise Abort")
        for one in srcs:
            code(f"if {n}:")
            code.depth += 1
            h, t = self.fresh_int("h"), self.fresh_int("t")
            code(f"{h} = Z[{one.code} + {k}]")
            code(f"{t} = {n} if {n} < {h} else {h}")
            code(f"if {t}:")
            code.depth += 1
            distinct = self.distinct(one, dval)
            if distinct is None:
                code(f"if {one.code} != {d}:")
                code.depth += 1
            if distinct is not False:
                code(f"Z[{one.code} + {k}] = {h} - {t}")
                code(f"Z[{d} + {k}] += {t}")
                self.count_metrics(code, one, dval, one.code, d, k, str(k), t)
                if self.logging:
                    code(f"LM({one.code}, {d}, {k}, {t}, {self.by_code()})")
            if distinct is None:
                code.depth -= 1
            code(f"{n} -= {t}")
            code.depth -= 2

    def held(self, code: Code, zone: Val, prefix: str) -> Val:
        """A zone worked out once: itself when it is a constant or a plain name, else a new local."""
        if zone.known or NAME.match(zone.code):
            return zone
        name = self.fresh_int(prefix)
        code(f"{name} = {zone.code}")
        return Val(name, ZONE_T, rel=zone.rel)

    def once_each(self, code: Code, sources: list[Val], kinds: list[int]) -> list[Val]:
        """The sources of a move written out, each worked out once, after code that aborts when
        the move names a zone or a kind twice (the reference refuses it: R010)."""
        if len(set(kinds)) < len(kinds):
            code("raise Abort")
            return sources
        out = [Val(self.local(code, one, "s"), ZONE_T, one.const, rel=one.rel) for one in sources]
        unsure = [one.code for i, one in enumerate(out)
                  if any(self.distinct(one, other) is not True for other in out[:i] + out[i + 1:])]
        if any(self.distinct(a, b) is False for i, a in enumerate(out) for b in out[:i]):
            code("raise Abort")
        elif unsure:
            code(f"if len({{{', '.join(unsure)}}}) < {len(unsure)}: raise Abort")
        return out

    def move_kinds(self, code: Code, src: Val, dst: Val, kinds: list[int], amount: Val, exact: bool) -> None:
        """`move [up to] N KINDS from ZONE to ZONE`: kind by kind, in the order given, until N
        have moved (TokenMoves.move_tokens for one source): one kind written out, several a call
        of move_tokens (compiled, ratdsl/_kernels.c: cheaper than the loop written out)."""
        if len(kinds) == 1:
            self.move_one(code, src, dst, kinds[0], amount, exact)
            return
        if len(set(kinds)) < len(kinds):
            code("raise Abort")  # (a kind named twice: R010)
            return
        kept = self.moves_kept(src, dst, kinds)
        code(f"move_tokens(Z, [{src.code}], {dst.code}, {amount.code}, {self.k(list(kinds))}, {exact}, {kept})")
        self.log_helper(code)

    def move_one(self, code: Code, src: Val, dst: Val, kind: Any, amount: Val | None, exact: bool) -> None:
        """A move of one kind between two zones, written out."""
        distinct = self.distinct(src, dst)
        if distinct is False:
            if amount is not None:  # (the reference still checks the amount against the zone)
                s, h, n = self.fresh_int("s"), self.fresh_int("h"), self.fresh_int("n")
                k = kind if isinstance(kind, int) else f"KI[{kind}]"
                code(f"{s} = {src.code}")
                code(f"{n} = {amount.code}")
                code(f"if {n} < 0 or ({exact} and {n} > Z[{s} + {k}]): raise Abort")
            return
        s, d = self.local(code, src, "s"), self.local(code, dst, "d")
        k = kind if isinstance(kind, int) else self.fresh_int("k")
        if not isinstance(kind, int):
            code(f"{k} = {kind}")
        h = self.fresh_int("h")
        n = self.fresh_int("n")
        code(f"{h} = Z[{s} + {k}]")
        if amount is None:
            code(f"if {h}:")
            code.depth += 1
            inner_n = h
        elif amount.known and amount.const > 0 and exact:  # (the commonest: `move 1 KIND ...`)
            code(f"if {h} < {amount.const}: raise Abort")
            code("if True:")
            code.depth += 1
            inner_n = repr(amount.const)
        else:
            code(f"{n} = {amount.code}")
            if not (amount.known and amount.const >= 0):
                code(f"if {n} < 0: raise Abort")
            code(f"if {n} > {h}:")
            code("    raise Abort" if exact else f"    {n} = {h}")
            code(f"if {n}:")
            code.depth += 1
            inner_n = n
        if distinct is None:
            code(f"if {s} != {d}:")
            code.depth += 1
        code(f"Z[{s} + {k}] = {'0' if amount is None else f'{h} - {inner_n}'}")
        code(f"Z[{d} + {k}] += {inner_n}")
        self.count_metrics(code, src, dst, s, d, kind, k, inner_n)
        if self.logging:
            code(f"LM({s}, {d}, {k}, {inner_n}, {self.by_code()})")
        if distinct is None:
            code.depth -= 1
        code.depth -= 1

    def distinct(self, a: Val, b: Val) -> bool | None:
        """Whether two zones are different ones, when that is known now."""
        shared_end = self.lay.first_player_base
        if a.known and b.known:
            return a.const != b.const
        if a.rel is not None and b.rel is not None and a.rel[0] == b.rel[0]:
            return a.rel[1] != b.rel[1]
        if (a.known and a.const < shared_end and b.rel is not None) or (
                b.known and b.const < shared_end and a.rel is not None):
            return True
        return None

    def st_Draw(self, node: A.Draw, code: Code, sc: Scope) -> None:
        src = self.ex(node.source, sc)
        dst = self.ex(node.dest, sc)
        if src.t != ZONE_T or dst.t != ZONE_T:
            raise Unsupported(node, "a draw that is not from one zone to one zone")
        q = node.quantity
        wanted = "None" if q.mode == "all" else self.ex(q.amount, sc).code
        # each token drawn costs a step (Interpreter.draw_tokens): draw() says how many it drew. (A
        # draw of one token was written out here once; draw() compiled (ratdsl/_kernels.c) is cheaper.)
        kept, exact = self.moves_kept(src, dst, None), q.mode == "exact"
        drawn = self.fresh_int("n")
        if self.logging:  # (the `random` record, then the move)
            s, d = self.local(code, src, "s"), self.local(code, dst, "d")
            code(f"{drawn} = LDRAW({s}, {d}, {wanted}, {exact}, {self.by_code()})")
        else:
            code(f"{drawn} = draw(Z, RNG, {self.lay.width}, {src.code}, {dst.code}, {wanted}, {exact}, {kept})")
        code(f"ST[0] -= {drawn}")  # (not `ST[0] -= draw(...)`: what its values call pays in between)
        code("if ST[0] < 0: raise Abort")

    def st_Create(self, node: A.Create, code: Code, sc: Scope) -> None:
        what = self.ex(node.what, sc)
        where = self.ex(node.where, sc)
        if where.t == ZONE_T and what.t == BUNDLE:
            w = self.fresh("w")
            code(f"{w} = {where.code}")
            if self.logging:
                b = self.fresh("b")
                code(f"{b} = CT({what.code})")
                code(f"for k, c in {b}.items():")
                code(f"    Z[{w} + KI[k]] += c")
                code(f"LCRT({w}, {b})")
                return
            code(f"for k, c in CT({what.code}).items():")  # (at most MAX_TOKENS made in a game: R008)
            code(f"    Z[{w} + KI[k]] += c")
            return
        if where.t == PILE_T and what.t in (list_of(CARD_T), CARD_T):
            cards = what.code if is_list(what.t) else f"[{what.code}]"
            if self.logging:
                pl, made = self.fresh("p"), self.fresh("c")
                code(f"{pl} = {where.code}")
                code(f"{made} = CC([CardValue(c.name, next(UID)) for c in {cards}])")
                code(f"{pl}[:0] = {made}")
                code(f"LCRC({pl}, len({made}))")
                code("AC[0] = None")
                return
            code(f"{where.code}[:0] = CC([CardValue(c.name, next(UID)) for c in {cards}])")  # (R007)
            code("AC[0] = None")
            return
        raise Unsupported(node, f"creating a {what.t} in a {where.t}")

    def zone_name(self, v: Val) -> str | None:
        """The zone's name (no seat), when known now."""
        if v.known:
            return self.lay.names()[v.const // self.lay.width]
        if v.rel is not None:
            return self.lay.names()[v.rel[1] // self.lay.width]
        return None

    def zone_names(self, v: Val) -> set[str] | None:
        """The names the zone or zones of `v` may have (any owner), when known now."""
        if v.t == ZONE_T:
            name = self.zone_name(v)
            return None if name is None else {name}
        names = self.lay.names()
        if v.known and isinstance(v.const, list):
            return {names[b // self.lay.width] for b in v.const}
        if v.seat_zones is not None:
            return {names[off // self.lay.width] for off in v.seat_zones[1]}
        if v.items is not None:
            out: set[str] = set()
            for item in v.items:
                one = self.zone_names(item)
                if one is None:
                    return None
                out |= one
            return out
        return None

    def moves_kept(self, src: Val, dst: Val, kinds: list[int] | None) -> str:
        """What a helper records its moves in for the metrics (MV), or None where no metric can
        count a move from these zones to that one (of these kinds): the moves kept are then
        only those a metric may count, and counting them stays as it was (generator._flush)."""
        if self.logging:  # (every move a helper makes is recorded: log_helper)
            return "LV"
        sources, dest = self.zone_names(src), self.zone_names(dst)
        for _name, counted, source, into, _steps in self.metrics:
            if kinds is not None and counted.isdisjoint(kinds):
                continue
            if source is not None and sources is not None and source not in sources:
                continue
            if into is not None and dest is not None and into not in dest:
                continue
            return "MV"
        return "None"

    def log_helper(self, code: Code) -> None:
        """The records of the moves a helper just made (logging only)."""
        if self.logging:
            code(f"LMV(LV, {self.by_code()})")

    def count_metrics(self, code: Code, src: Val, dst: Val, s: str, d: str, kind: Any, k: str, n: str) -> None:
        """The simulator's metrics, counted where tokens move (when a game counts them: MO[0])."""
        tests = []
        for i, (_name, kinds, source, dest, steps) in enumerate(self.metrics):
            parts = []
            for zone, code_of, wanted in ((src, s, source), (dst, d, dest)):
                if wanted is None:
                    continue
                known = self.zone_name(zone)
                if known is None:
                    parts.append(f"ZNB[{code_of}] == {wanted!r}")
                elif known != wanted:
                    break
            else:
                if isinstance(kind, int):
                    if kind not in kinds:
                        continue
                else:
                    parts.append(f"{k} in {self.k(frozenset(kinds))}")
                if steps is not None:
                    at = self.step_now
                    if at is None:
                        parts.append(f"MS{i}[W[0]]")
                    elif not (at == steps or at.startswith(steps + ".")):
                        continue  # (a metric of another step: this move is never counted)
                tests.append((i, parts))
        if not tests:
            return
        code("if MO[0]:")
        for i, parts in tests:
            line = f"MC[{i}] += {n}"
            code(f"    if {' and '.join(parts)}: {line}" if parts else f"    {line}")
