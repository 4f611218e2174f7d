"""Statements of the flat target: each statement kind as the Python lines that do it on the flat
state (compiler.py lowers the expressions). A statement kind with no method here is Unsupported."""

from __future__ import annotations

import re
from typing import Any

from ...language import ast as A
from ...semantics.operators import MAX_ITEMS
from ...semantics.values import CardValue
from ..interpreter import MAX_DEPTH
from .compiler import (
    BOOL,
    BUNDLE,
    CARD_T,
    INT,
    NONE,
    PILE_T,
    PLAYER,
    SIMPLE_CODE,
    STR,
    ZONE_T,
    Code,
    FlatCompiler,
    Scope,
    Unsupported,
    Val,
    domain_of,
    is_list,
    list_of,
    uncopied,
)
from .dyn import has_dyn
from .endings import EndingLowering
from .orders import sure
from .plans import PlanLowering
from .turns import TurnLowering
from .typed import let_kind

_NAME = re.compile(r"^[A-Za-z_][A-Za-z_0-9]*$")

MAX_PIECE_LINES = 400  # a `for each` over pieces() is written a kind at a time up to this many lines


class StatementLowering(TurnLowering, PlanLowering, EndingLowering, FlatCompiler):
    """Adds statements, rules, hooks and card effects to the expression lowering."""

    _names_set: set[str] | None = None

    def block(self, block: A.Block, code: Code, sc: Scope, hoist: bool = False) -> int:
        """A block's statements, paying the step budget for all of them (a step each, and what
        their expressions cost) in one line where the block starts; with `hoist`, no line: the
        caller pays the steps it gets back where it pays its own (a loop's charge, or the
        statement around a branch). Paying a block's steps early, or a branch's steps when the
        other branch runs, can only stop a game sooner than the reference engine would: the
        reference then plays it again and says whether it really stops (game.py)."""
        start = len(code.lines)
        depth = code.depth
        steps = [0]
        self.block_steps.append(steps)
        try:
            inner = sc.child()
            for stmt in block.stmts:
                inner = self.st(stmt, code, inner)
        finally:
            self.block_steps.pop()
        if steps[0] and not hoist:
            code.lines.insert(start, "    " * depth + f"ST[0] -= {steps[0]}")
        if len(code.lines) == start:
            code("pass")
        return steps[0]

    def indented(self, block: A.Block, code: Code, sc: Scope, hoist: bool = False) -> int:
        code.depth += 1
        steps = self.block(block, code, sc, hoist)
        code.depth -= 1
        return steps

    def hoisted(self, block: A.Block, code: Code, sc: Scope) -> None:
        """A block run at most once each time the statement around it runs: its steps are paid
        with that statement's."""
        self.pay(self.block(block, code, sc, hoist=True))

    def st(self, node: A.Node, code: Code, sc: Scope) -> Scope:
        method = getattr(self, "st_" + type(node).__name__, None)
        if method is None:
            raise Unsupported(node, f"no flat form for the statement {type(node).__name__}")
        # a step for the statement, and what its expressions cost (compiler.py, FlatCompiler.pay),
        # paid with its block; the budget is checked at the next loop turn, query or draw, and
        # when the game ends
        acc = [1]
        self.costs.append(acc)
        try:
            out = method(node, code, sc)
        finally:
            self.costs.pop()
        self.block_steps[-1][0] += acc[0]
        return sc if out is None else out

    def tick(self, code: Code) -> None:
        """A loop turn's (or a rule that can reach itself) step, checked: `block` adds the steps
        of the statements it runs each turn to this line."""
        code("ST[0] -= 1")
        code("if ST[0] < 0: raise Abort")

    def cond(self, node: A.Expr, sc: Scope) -> Val:
        c = self.want(self.ex(node, sc), BOOL, node)
        if c.t != BOOL:
            raise Unsupported(node, "a condition that is not yes/no")
        return c

    # ------------------------------------------------------------------ names and control
    def st_Let(self, node: A.Let, code: Code, sc: Scope) -> Scope:
        call = node.value
        if isinstance(call, A.Call) and call.func in self.d.funcs:
            args = [self.ex(a, sc) for a in call.args]
            v = self.func_at_let(call.func, args, code, sc)
            if v is not None:
                return sc.child(**{node.name: v})
            v = self.call_func(call.func, args, call, sc)
        else:
            v = self.ex(node.value, sc)
            if v.t == list_of(NONE) and node.name in self.names_set():  # (`let x = []`, set later)
                t = let_kind(self.d, node)
                v = Val(v.code, t) if t is not None and is_list(t) else v
        if v.known and v.t in (INT, BOOL, STR) and node.name not in self.names_set():
            return sc.child(**{node.name: v})
        py = self.fresh("v")
        code(f"{py} = {v.code}")
        return sc.child(**{node.name: Val(py, v.t)})

    def names_set(self) -> set[str]:
        """The bare names some `set` gives a value to: a `let` of one of them is a variable,
        not a constant folded in (its value changes)."""
        if self._names_set is None:
            d = self.d
            roots = [d.setup, *d.phases.values(), *d.rules.values(), *d.actions.values(), *d.cards.values(),
                     *(a.decl for h in d.hooks.values() for time in h.values() for a in time)]
            self._names_set = {n.target.id for root in roots if root is not None for n in A.walk(root)
                               if isinstance(n, A.Set) and isinstance(n.target, A.Name)}
        return self._names_set

    def st_Set(self, node: A.Set, code: Code, sc: Scope) -> None:
        v = self.ex(node.value, sc)
        target = node.target
        if isinstance(target, A.Name):
            ref = self.table.refs.get(id(target))
            if target.id in sc.names and (ref is None or ref.is_local):
                old = sc.names[target.id]
                if has_dyn(old.t) and not old.known:
                    v = self.as_kind(v, old.t, node)
                if old.known or old.t != self.join(old.t, v.t, node):
                    raise Unsupported(node, "setting a local name to a value of another kind")
                code(f"{old.code} = {v.code}")
                return
            if target.id in self.d.vars:
                t = self.var_type(target.id, node)
                if has_dyn(t):
                    v = self.as_kind(v, t, node)
                self.join(t, v.t, node)
                code(f"VG[{list(self.d.vars).index(target.id)}] = {v.code}")
                self.forget_activity(code, "vars")
                return
            if target.id == "active":
                if v.t != PLAYER:
                    raise Unsupported(node, "an active player that is not a player")
                code(f"G[0] = {v.code}")
                self.forget_activity(code, "active")
                return
        if isinstance(target, A.Attr):
            owner = self.want(self.ex(target.obj, sc), PLAYER, target.obj)
            if owner.t == PLAYER and target.name in self.d.player_vars:
                t = self.pvar_type(target.name, node)
                if has_dyn(t):
                    v = self.as_kind(v, t, node)
                if t != v.t and not (t == INT and v.known and v.t == INT):
                    self.join(t, v.t, node)
                code(f"PV{list(self.d.player_vars).index(target.name)}[{sure(owner.code)}] = {v.code}")
                self.forget_activity(code, "vars")
                return
        raise Unsupported(node, "setting this")

    def st_If(self, node: A.If, code: Code, sc: Scope) -> None:
        c = self.cond(node.condition, sc)
        if c.known:
            chosen = node.then if c.const else node.otherwise
            if chosen is not None:
                self.hoisted(chosen, code, sc)
            return
        self.branch(code, c.code, node.then, node.otherwise, sc)

    def branch(self, code: Code, test: str, then: A.Block, otherwise: A.Block | None, sc: Scope) -> None:
        """`if TEST: THEN else: OTHERWISE`, written out (an `if` statement, a `may` question); the
        dearer branch's steps are paid with the statement, whichever branch runs."""
        code(f"if {test}:")
        steps = self.indented(then, code, sc, hoist=True)
        if otherwise is not None:
            code("else:")
            steps = max(steps, self.indented(otherwise, code, sc, hoist=True))
        self.pay(steps)

    def st_ForEach(self, node: A.ForEach, code: Code, sc: Scope) -> None:
        if isinstance(node.source, A.Call) and node.source.func == "pieces" and len(node.source.args) == 1:
            zone = self.ex(node.source.args[0], sc)
            if zone.t == ZONE_T and self.pieces_loop(node, zone, code, sc):
                return
            src = self.items_of(self.b_pieces(node.source, sc, zone), node.source)
        else:
            src = self.items_of(self.ex(node.source, sc), node.source)
        py = self.fresh_int("i") if src.t[1] == PLAYER else self.fresh("i")
        first = []
        if src.t[1] == PLAYER and self.d.player_zones:
            self.int_locals.add(f"{py}b")
            self.seat_bases[py] = f"{py}b"  # (where this player's zones start: compiler.seat_address)
            first.append(f"{py}b = {py} * {self.lay.player_stride}")
        items = uncopied(src.code)
        turns = src.most
        if turns is None:
            if not _NAME.match(items):
                held = self.fresh("t")
                code(f"{held} = {items}")
                items = held
            turns = f"len({items})"
        self.loop(code, f"for {py} in {items}:", node.body,
                  sc.child(**{node.var: Val(py, src.t[1], domain=domain_of(src))}), first, turns=turns)

    def pieces_loop(self, node: A.ForEach, zone: Val, code: Code, sc: Scope) -> bool:
        """`for each x in pieces(ZONE)` as one loop a kind, the body written for that kind: `x`
        is then a constant, so tests of it fold and its moves address one count. The kinds come
        in the rules' order, each as often as the zone held it when the loop began (what
        pieces() lists), and every turn pays what a turn of the body written for any kind pays.
        False (nothing written) where the bodies would be too long."""
        kinds = self.lay.kinds
        width = len(kinds)
        scratch = Code("")
        scratch.depth = code.depth + 1  # (as deep as the loop's body: rules are written in alike)
        generic = sc.child(**{node.var: Val(self.fresh("x"), STR)})  # (as the loop over the list is charged)
        steps = 1 + self.block(node.body, scratch, generic, hoist=True)  # (what a turn pays: not written)
        bodies = []
        try:
            for kind in kinds:
                body = Code("")
                body.depth = code.depth + 1  # (lowered as deep as the loop's body, then indented once more)
                kind_sc = sc.child(**{node.var: Val(repr(kind), STR, kind, domain=frozenset([kind]))})
                self.block(node.body, body, kind_sc, hoist=True)
                bodies.append(["    " + line for line in body.lines[1:]])
        except Unsupported:  # (a body that has a form only for pieces of some kinds: the one loop)
            return False
        if sum(map(len, bodies)) > MAX_PIECE_LINES:
            return False
        z, c, n = self.local(code, zone, "z"), self.fresh("c"), self.fresh_int("n")
        code(f"{c} = {sc.zsrc}[{z}:{z} + {width}]")
        code(f"{n} = sum({c})")
        code(f"if {n} > {MAX_ITEMS}: raise Abort")  # (R007, as pieces() refuses a longer list)
        code(f"ST[0] -= {steps} * {n}")
        code("if ST[0] < 0: raise Abort")
        for k, lines in enumerate(bodies):
            code(f"if {c}[{k}]:")
            self.int_locals.add("_")  # (a loop's counter, read by nothing)
            code(f"    for _ in range({c}[{k}]):")
            code.lines.extend(lines)
        return True

    def st_Repeat(self, node: A.Repeat, code: Code, sc: Scope) -> None:
        n = self.ex(node.count, sc)
        if n.t != INT:
            raise Unsupported(node, "repeat of something that is not a number")
        if n.known:
            turns: int | str = max(0, n.const)
        else:
            held = self.fresh("r")
            code(f"{held} = {n.code}")
            n = Val(held, INT)
            turns = f"max(0, {held})"
        self.int_locals.add("_")  # (a loop's counter, read by nothing)
        self.loop(code, f"for _ in range({n.code}):", node.body, sc, turns=turns)

    def st_While(self, node: A.While, code: Code, sc: Scope) -> None:
        # the condition is worked out before every turn and once more: paid with each turn, and once
        acc = [0]
        self.costs.append(acc)
        try:
            c = self.cond(node.condition, sc)
        finally:
            self.costs.pop()
        self.pay(acc[0])
        self.loop(code, f"while {c.code}:", node.body, sc, per_turn=acc[0])

    def loop(self, code: Code, header: str, body: A.Block, sc: Scope, first: list[str] = (),
             per_turn: int = 0, turns: int | str | None = None) -> None:
        """A loop whose every turn counts against the step budget (for each, repeat, while): a
        step for the turn, its body's statements and `per_turn` steps more (a while's
        condition); `first`: lines each turn starts with. Where the number of turns is known
        before the loop starts (`turns`: a number, or the code of one; at most that many),
        every turn is paid and checked there, once; else (a while) each turn pays and checks."""
        if turns is not None:
            charge = len(code.lines)
            code("ST[0] -= 0")  # (the steps a turn costs are known once the body is lowered)
            code("if ST[0] < 0: raise Abort")
        code(header)
        code.depth += 1
        tick = len(code.lines)
        if turns is None:
            self.tick(code)
        for line in first:
            code(line)
        steps = 1 + per_turn + self.block(body, code, sc, hoist=True)
        code.depth -= 1
        if turns is None:
            code.lines[tick] = code.lines[tick].replace("ST[0] -= 1", f"ST[0] -= {steps}")
        else:
            total = steps * turns if isinstance(turns, int) else f"{steps} * {turns}"
            code.lines[charge] = code.lines[charge].replace("ST[0] -= 0", f"ST[0] -= {total}")

    def st_Secretly(self, node: A.Secretly, code: Code, sc: Scope) -> None:
        self.hoisted(node.body, code, sc)  # (nothing is logged or viewed here: nothing to hide)

    def st_EndGame(self, node: A.EndGame, code: Code, sc: Scope) -> None:
        code("raise Ended(True)" if node.counts_round else "raise Ended(False)")  # (whether its round counts)

    def st_Assert(self, node: A.Assert, code: Code, sc: Scope) -> None:
        c = self.cond(node.condition, sc)
        code(f"if not {c.code}: raise Abort")

    def st_Say(self, node: A.Say, code: Code, sc: Scope) -> None:
        # a say only writes to the log, which the flat code keeps none of; but its values are
        # worked out, as the reference engine works them out (one may pass a limit)
        for a in node.args:
            v = self.ex(a, sc)
            if not v.known and not SIMPLE_CODE.match(v.code):
                code(v.code)

    def st_Show(self, node: A.Show, code: Code, sc: Scope) -> None:
        # What a player was shown is read only by views and the log, which the flat target's
        # agents never read: the cards and player are still checked for a flat form.
        self.ex(node.cards, sc)
        self.ex(node.player, sc)

    # ------------------------------------------------------------------ tokens
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
        amount = self.want(self.ex(q.amount, sc), INT, q.amount) if q.amount is not None else None
        if amount is not None and amount.t == BUNDLE:
            srcs = self.zone_list(src, node.source)
            kept = self.moves_kept(src, dst, None)
            code(f"move_bundle(Z, {uncopied(srcs.code)}, {dst.code}, {amount.code}, KI, {q.mode == 'up_to'}, {kept})")
            return
        kinds_code, kinds = self.kinds_of_move(node, sc)
        if q.mode == "all":
            srcs = self.zone_list(src, node.source)
            if kinds is not None and (src.t == ZONE_T or src.items is not None):
                # each source and kind written out, sources in order (the order of kinds changes nothing)
                if not dst.known and not _NAME.match(dst.code):
                    d = self.fresh_int("d")
                    code(f"{d} = {dst.code}")
                    dst = Val(d, ZONE_T, rel=dst.rel)
                items = [src] if src.t == ZONE_T else list(src.items)
                if len(items) > 1 or len(kinds) > 1:
                    items = self.once_each(code, items, kinds)
                for one in items:
                    if not one.known and not _NAME.match(one.code) and len(kinds) > 1:
                        s1 = self.fresh_int("s")
                        code(f"{s1} = {one.code}")
                        one = Val(s1, ZONE_T, rel=one.rel)
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

    def move_from_each(self, code: Code, sources: list[Val], dst: Val, k: int, amount: Val, exact: bool) -> None:
        """`move [up to] N KIND from [ZONES] to ZONE` with the zones written out: zone by zone
        until N have moved (TokenMoves.move_tokens)."""
        n = self.fresh_int("n")
        d = self.local(code, dst, "d")
        dval = Val(d, ZONE_T, dst.const, rel=dst.rel)
        srcs = []
        for one in sources:
            if not one.known and not _NAME.match(one.code):
                s1 = self.fresh_int("s")
                code(f"{s1} = {one.code}")
                one = Val(s1, ZONE_T, rel=one.rel)
            srcs.append(one)
        srcs = self.once_each(code, srcs, [k])
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
            if distinct is None:
                code.depth -= 1
            code(f"{n} -= {t}")
            code.depth -= 2

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

    def local(self, code: Code, v: Val, prefix: str) -> str:
        """The code naming a value worked out once: itself when it is a constant or a plain
        name, else a new local assigned here."""
        if v.known or _NAME.match(v.code):
            return v.code
        name = self.fresh_int(prefix) if v.t == ZONE_T else self.fresh(prefix)
        code(f"{name} = {v.code}")
        return name

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
        code(f"ST[0] -= draw(Z, RNG, {self.lay.width}, {src.code}, {dst.code}, {wanted}, {exact}, {kept})")
        code("if ST[0] < 0: raise Abort")

    def st_Create(self, node: A.Create, code: Code, sc: Scope) -> None:
        what = self.ex(node.what, sc)
        where = self.ex(node.where, sc)
        if where.t == ZONE_T and what.t == BUNDLE:
            w = self.fresh("w")
            code(f"{w} = {where.code}")
            code(f"for k, c in CT({what.code}).items():")  # (at most MAX_TOKENS made in a game: R008)
            code(f"    Z[{w} + KI[k]] += c")
            return
        if where.t == PILE_T and what.t in (list_of(CARD_T), CARD_T):
            cards = what.code if is_list(what.t) else f"[{what.code}]"
            code(f"{where.code}[:0] = CC([CardValue(c.name, next(UID)) for c in {cards}])")  # (R007)
            code("AC[0] = None")
            return
        raise Unsupported(node, f"creating a {what.t} in a {where.t}")

    # ------------------------------------------------------------------ cards
    def cards_list(self, v: Val, node: A.Node) -> str:
        if v.t == CARD_T:
            return f"[{v.code}]"
        if v.t == list_of(CARD_T):
            return v.code
        raise Unsupported(node, f"a {v.t} where cards are expected")

    def st_Shuffle(self, node: A.Shuffle, code: Code, sc: Scope) -> None:
        pile = self.ex(node.pile, sc)
        if pile.t != PILE_T:
            raise Unsupported(node, "shuffling something that is not a pile")
        code(f"RNG.shuffle({pile.code})")
        code("AC[0] = None")

    def st_Place(self, node: A.Place, code: Code, sc: Scope) -> None:
        what = self.ex(node.cards, sc)
        pile = self.ex(node.pile, sc)
        if pile.t != PILE_T:
            raise Unsupported(node, "placing on something that is not a pile")
        dst = self.fresh("p")
        code(f"{dst} = {pile.code}")
        if what.t == PILE_T:
            src = self.fresh("p")
            code(f"{src} = {what.code}")
            code(f"if {src} is not {dst}:")
            code(f"    {dst}[{'0:0' if node.where == 'top' else 'len(' + dst + '):'}] = {src}")
            code(f"    {src}.clear()")
        else:
            taken = f"take_cards(PILES, {self.cards_list(what, node.cards)})"
            if node.where == "top":
                code(f"{dst}[0:0] = {taken}")
            else:
                code(f"{dst}.extend({taken})")
        code("AC[0] = None")

    def st_Reveal(self, node: A.Reveal, code: Code, sc: Scope) -> None:
        n = self.ex(node.count, sc)
        src = self.ex(node.source, sc)
        dst = self.ex(node.dest, sc)
        if n.t != INT or src.t != PILE_T or dst.t != PILE_T:
            raise Unsupported(node, "a reveal that is not a number of cards between piles")
        s, d, c = self.fresh("p"), self.fresh("p"), self.fresh("c")
        code(f"{s} = {src.code}")
        code(f"{d} = {dst.code}")
        code(f"if {n.code} > len({s}): raise Abort")
        self.int_locals.add("_")  # (a loop's counter, read by nothing)
        code(f"for _ in range({n.code}):")
        code(f"    {c} = {s}.pop(0)")
        code(f"    {d}.insert(0, {c})")
        code("    AC[0] = None")
        code(f"    e = ON_REVEAL.get({c}.name)")
        code("    if e is not None: e()")
        self.uses_reveal = True

    # ------------------------------------------------------------------ decisions
    def st_AskMay(self, node: A.AskMay, code: Code, sc: Scope) -> None:
        p = self.ex(node.player, sc)
        if p.t != PLAYER:
            raise Unsupported(node, "asking something that is not a player")
        self.branch(code, f"AG[{p.code}].fast_may({node.id!r})", node.body, node.otherwise, sc)

    def st_AskChoose(self, node: A.AskChoose, code: Code, sc: Scope) -> None:
        p = self.ex(node.player, sc)
        opts = self.items_of(self.ex(node.options, sc), node.options)
        if p.t != PLAYER:
            raise Unsupported(node, "asking something that is not a player")
        t = opts.t[1]
        o, i = self.fresh("o"), self.fresh("i")
        code(f"{o} = {opts.code}")
        code(f"if {o}:")
        code.depth += 1
        code(f"{i} = AG[{p.code}].fast_choose({node.id!r}, {self.encoder(t, o, node, p.code)}, {node.optional})")
        code(f"if {i} is not None:")
        code.depth += 1
        py = self.fresh("v")
        code(f"{py} = {o}[{i}]")
        self.hoisted(node.body, code, sc.child(**{node.var: Val(py, t)}))
        code.depth -= 2

    def encoder(self, t: Any, items: str, node: A.Node, seat: str) -> str:
        """The options as the reference engine shows them to agents (values.encode; cards whose
        faces the chooser may not see by their place: flat/sight.py)."""
        if t in (INT, STR, BOOL, NONE):
            return items
        if has_dyn(t):
            return self.dyn_encoder(items)
        if t == PLAYER:
            return f"[f'P{{x + 1}}' for x in {items}]"
        if t == ZONE_T:
            return f"[ZL[x // {self.lay.width}] for x in {items}]"
        if t == CARD_T:
            if self.sight_declared:
                return f"offer_cards({items}, {seat}, SP)"
            return f"[x.name for x in {items}]"
        raise Unsupported(node, f"choosing among {t}")

    def st_AskDistribute(self, node: A.AskDistribute, code: Code, sc: Scope) -> None:
        p = self.ex(node.player, sc)
        if not (isinstance(node.amount, A.Name) and node.amount.id in self.d.kinds):
            raise Unsupported(node, "a distribution of something that is not one kind")
        k = self.lay.kind_index(node.amount.id)
        source = self.ex(node.source, sc)
        targets = self.ex(node.targets, sc)
        if p.t != PLAYER or source.t != ZONE_T or targets.t != list_of(STR):
            raise Unsupported(node, "a distribution other than of a player's zone among zone names")
        src, amount, names = self.fresh("s"), self.fresh("n"), self.fresh("z")
        # In the reference's order: source, targets and every limit are worked out (modifiers
        # fire) before the amount is read; nothing is asked when there is nothing to place.
        code(f"{src} = {source.code}")
        code(f"{names} = list(dict.fromkeys({targets.code}))")
        most, least, checks, free = [], [], [], []
        for limit in node.limits:
            value = self.ex(limit.amount, sc)
            zones = self.ex(limit.zones, sc)
            if value.t != INT or zones.t != list_of(STR):
                raise Unsupported(limit, "a limit other than a number of zone names")
            v = repr(value.const) if value.known else self.fresh("l")
            z = uncopied(zones.code) if zones.known else self.fresh("l")
            if not value.known:
                code(f"{v} = {value.code}")
            if not zones.known:
                code(f"{z} = {zones.code}")
            if limit.kind == "most":
                most.append(f"({v}, {z})")
                # (no `at most` binds when none of its zones is a target)
                free.append(" and ".join(f"{x!r} not in {names}" for x in zones.const) or "True"
                            if zones.known else f"not any(x in {names} for x in {z})")
            elif value.known and value.const <= 0:
                least.append(f"({v}, [x for x in {z} if x in {names}])")  # (asks for nothing: never binds)
            else:
                zz = self.fresh("l")
                checks.append(f"{zz} = [x for x in {z} if x in {names}]")
                checks.append(f"if not {zz} and {v} > 0: raise Abort")
                least.append(f"({v}, {zz})")
                free.append(f"{v} <= 0")
        code(f"{amount} = Z[{src} + {k}]")
        code(f"if {amount}:")
        code.depth += 1
        for line in checks:
            code(line)
        code(f"ST[0] -= {amount}")  # (each token placed costs a step, as in the reference engine;
        # checked at the next loop turn, query or draw, and when the game ends)
        stride = self.lay.player_stride
        offsets = {name: self.lay.player_offset(name) for name in self.d.player_zones}
        base, cnt = self.fresh("b"), self.fresh("c")
        code(f"{base} = {sure(p.code)} * {stride}")
        # No limit can bind (every `at least` asks for 0, no `at most` names a target): the agent
        # spreads the tokens freely (fast_spread), and the counts come back in the targets' order.
        code(f"if {' and '.join(free) or 'True'}:")
        code(f"    {cnt} = AG[{p.code}].fast_spread({node.id!r}, {names}, {amount})")
        code("else:")
        code(f"    {cnt} = AG[{p.code}].fast_distribute({node.id!r}, {amount}, {names}, [{', '.join(most)}], "
             f"[{', '.join(least)}])")
        code(f"    {cnt} = [{cnt}.get(z, 0) for z in {names}]")
        counting = Code("")
        counting.depth = code.depth + 2
        self.count_metrics(counting, Val(src, ZONE_T, rel=source.rel), Val("t", ZONE_T), src, "t", k, str(k), "c")
        if len(counting.lines) == 1:  # no metric counts these moves: the source pays once, in all
            code(f"Z[{src} + {k}] -= sum({cnt})")
            code(f"for z, c in zip({names}, {cnt}):")
            code("    if c:")
            code(f"        Z[{self.k(offsets)}[z] + {base} + {k}] += c")
        else:
            code(f"for z, c in zip({names}, {cnt}):")
            code("    if c:")
            code(f"        Z[{src} + {k}] -= c")
            code(f"        t = {self.k(offsets)}[z] + {base}")
            code(f"        Z[t + {k}] += c")
            code.lines.extend(counting.lines[1:])
        code.depth -= 1

    # ------------------------------------------------------------------ rules and hooks
    def st_Do(self, node: A.Do, code: Code, sc: Scope) -> None:
        args = [self.ex(a, sc) for a in node.args]
        rule = self.d.rules.get(node.rule)
        if rule is None or len(rule.params) != len(args):
            raise Unsupported(node, f"the rule {node.rule}")
        if node.rule not in self.recursive_rules() and code.depth < 10:
            # written where it is called: no call, and what is known of the arguments (a constant
            # zone, a name's possible values, a player's zone) is known in the body too
            hooks = self.d.hooks.get(node.rule, {})
            roots = [rule.body, *(a.decl.body for time in hooks.values() for a in time)]
            assigned = {n.target.id for root in roots for n in A.walk(root)
                        if isinstance(n, A.Set) and isinstance(n.target, A.Name)}
            names_at = [{rule.params[i], *(a.decl.params[i] for time in hooks.values() for a in time
                                           if i < len(a.decl.params))} for i in range(len(args))]
            bound = []
            for names, a in zip(names_at, args):
                if not names & assigned and (a.known or _NAME.match(a.code)):
                    bound.append(a)
                else:
                    py = self.fresh("a")
                    code(f"{py} = {a.code}")
                    bound.append(Val(py, a.t, domain=a.domain, rel=a.rel, seat_zones=a.seat_zones))
            self.rule_body(node.rule, bound, code, sc.zsrc, hoist=True)
            return
        py = self.rule_function(node.rule, args, sc.zsrc, node)
        if py:
            code(f"{py}({', '.join(a.code for a in args)})")

    def rule_function(self, name: str, args: list[Val], zsrc: str, node: A.Node) -> str:
        """A rule's function for arguments of these kinds (and possible values), with its hooks."""
        rule = self.d.rules[name]
        types = [a.t for a in args]
        key = ("rule", name, tuple((a.t, a.domain) for a in args), zsrc)
        py = self.defined.get(key)
        if py is not None:
            return py
        hooks = self.d.hooks.get(name, {})
        if not rule.body.stmts and not any(hooks.values()):
            self.defined[key] = ""
            return ""  # (nothing to run: the call is left out)
        py = self.defined[key] = self.fresh("R")
        step, self.step_now = self.step_now, None  # (its own function, called from any step)
        try:
            self.rule_function_body(py, name, args, types, zsrc)
        finally:
            self.step_now = step
        return py

    def rule_function_body(self, py: str, name: str, args: list[Val], types: list, zsrc: str) -> None:
        """The function `py` of rule_function."""
        params = [f"a{i}" for i in range(len(types))]
        code = Code(f"def {py}({', '.join(params)}):")
        recursive = name in self.recursive_rules()
        if recursive:
            self.tick(code)  # (loops tick too; a rule that can reach itself must, or it could branch forever)
            # The reference engine stops calls nested more than MAX_DEPTH deep (R001), counting
            # every func, rule and card effect; only these functions can nest without bound here,
            # so they stop early enough that the others, nested at most once each, fit in the rest.
            code("DP[0] += 1")
            code(f"if DP[0] > {self.recursion_limit()}: raise Abort")
        self.rule_body(name, [Val(params[i], types[i], domain=args[i].domain) for i in range(len(args))], code, zsrc)
        if recursive:
            code("DP[0] -= 1")  # (an exception ends the game: no finally is needed)
        self.units.append(code.text())

    def rule_body(self, name: str, args: list[Val], code: Code, zsrc: str, hoist: bool = False) -> None:
        """A rule's hooks and body with its parameters bound to `args` (Interpreter._call_rule);
        `hoist`: written where it is called, its steps paid with the `do` statement (every hook's
        and the body's, whichever run)."""
        rule = self.d.rules[name]
        hooks = self.d.hooks.get(name, {})
        start = len(code.lines)
        steps = 0
        for attached in hooks.get("before", ()):
            steps += self.hook(attached, code, args, zsrc, None, hoist)
        instead = list(reversed(hooks.get("instead", ())))
        sc = Scope(dict(zip(rule.params, args)), zsrc)
        if instead:
            flag = self.fresh("done")
            code(f"{flag} = False")
            for attached in instead:
                code(f"if not {flag}:")
                code.depth += 1
                steps += self.hook(attached, code, args, zsrc, flag, hoist)
                code.depth -= 1
            code(f"if not {flag}:")
            steps += self.indented(rule.body, code, sc, hoist)
        elif rule.body.stmts:
            steps += self.block(rule.body, code, sc, hoist)
        for attached in hooks.get("after", ()):
            steps += self.hook(attached, code, args, zsrc, None, hoist)
        if hoist:
            self.pay(steps)
        if len(code.lines) == start and code.depth == 1 and len(code.lines) == 1:
            code("pass")

    def forget_activity(self, code: Code, what: str) -> None:
        """Card activity is worked out again after a change of `what` ("vars", "active") only if
        some deck's `active when` can read it (the reference forgets it after every change; a
        check that cannot read the change gives the same answer)."""
        if what in self.activity_reads():
            code("AC[0] = None")

    def activity_reads(self) -> set[str]:
        """What the decks' `active when` conditions read, through the funcs and tables they call."""
        if self._activity_reads is None:
            reads: set[str] = set()
            todo = [deck.active for deck in self.d.decks.values() if deck.active is not None]
            seen: set[str] = set()
            while todo:
                for n in A.walk(todo.pop()):
                    if isinstance(n, A.Name):
                        kinds = self.table.value_kinds(n.id)
                        if n.id in ("active", "players", "round") and kinds and kinds[0] == "builtin":
                            reads.add("active")
                        elif kinds and kinds[0] == "var":
                            reads.add("vars")
                    elif isinstance(n, A.Attr) and n.name in self.d.player_vars:
                        reads.add("vars")
                    elif isinstance(n, A.Call) and n.func not in seen:
                        seen.add(n.func)
                        if n.func in self.d.funcs:
                            todo.append(self.d.funcs[n.func].value)
                            todo.extend(a.decl.value for a in self.d.modifiers.get(n.func, ()))
                        elif n.func in self.d.tables:
                            todo.extend(e.value for e in self.d.tables[n.func].rows)
                        elif n.func in ("rank", "neighbour"):
                            reads.add("active")
            self._activity_reads = reads
        return self._activity_reads

    def recursion_limit(self) -> int:
        """How deep rules that can reach themselves may nest here: MAX_DEPTH less one level for
        each func, rule and card that could sit around or under them (each at most once, as
        nothing else can reach itself)."""
        others = (len(self.d.funcs) + len(self.d.tables) + len(self.d.rules) + len(self.d.cards)
                  + len(self.d.actions))  # (an action's effect nests a level: turns.take)
        return MAX_DEPTH - others

    def recursive_rules(self) -> set[str]:
        """The rules that can run themselves again through `do` (their own body or hooks)."""
        if self._recursive is None:
            calls: dict[str, set[str]] = {}
            for name, rule in self.d.rules.items():
                roots = [rule.body, *(a.decl.body for time in self.d.hooks.get(name, {}).values() for a in time)]
                calls[name] = {n.rule for root in roots for n in A.walk(root) if isinstance(n, A.Do)}
            out = set()
            for start in calls:
                seen, todo = set(), list(calls[start])
                while todo:
                    r = todo.pop()
                    if r == start:
                        out.add(start)
                        break
                    if r not in seen:
                        seen.add(r)
                        todo.extend(calls.get(r, ()))
            self._recursive = out
        return self._recursive

    def fired_index(self, key: str) -> int:
        """The place of a card, hook or modifier's count of applications (GameResult.fired)."""
        return self.fired_keys.setdefault(key, len(self.fired_keys))

    def hook(self, attached: Any, code: Code, args: list[Val], zsrc: str, flag: str | None,
             hoist: bool = False) -> int:
        """One hook of a rule, written into the rule's code (Interpreter._run_hook)."""
        h = attached.decl
        names = dict(zip(h.params, args))
        guard = []
        if attached.card is not None:
            names["this"] = Val(self.k(CardValue(attached.card.name)), CARD_T)
            guard.append(self.active_test(attached.card.name))
        sc = Scope(names, zsrc)
        if h.condition is not None:
            c = self.cond(h.condition, sc)
            if c.known and not c.const:
                return 0
            if not c.known:
                guard.append(c.code)
        if guard:
            code(f"if {' and '.join(guard)}:")
            code.depth += 1
        key = attached.card.name if attached.card is not None else h.key
        code(f"FC[{self.fired_index(key)}] += 1")
        if flag is not None:
            code(f"{flag} = True")
        steps = self.block(h.body, code, sc, hoist)
        if guard:
            code.depth -= 1
        return steps

    def reveal_effects(self) -> dict[str, str]:
        """Each card's `on reveal` handlers as one function, by card name."""
        out = {}
        for name, card in self.d.cards.items():
            handlers = [h for h in card.handlers if h.event == "reveal"]
            if not handlers:
                continue
            py = self.fresh("E")
            code = Code(f"def {py}():")
            this = Val(self.k(CardValue(name)), CARD_T)
            for h in handlers:
                code(f"FC[{self.fired_index(name)}] += 1")
                self.block(h.body, code, Scope({"this": this}))
            self.units.append(code.text())
            out[name] = py
        for card in self.d.cards.values():
            for h in card.handlers:
                if h.event != "reveal":
                    raise Unsupported(h, f"a card effect `on {h.event}`")
        return out

    def scoring_unit(self) -> str:
        """`score(p)` giving [score, *tiebreaks]."""
        s = self.d.scoring
        code = Code("def score_of(a0):")
        if s is None:
            code("return [0]")
        else:
            sc = Scope({s.player_var: Val("a0", PLAYER)})
            parts = [self.ex(s.score, sc)] + [self.ex(t, sc) for t in s.tiebreaks]
            for p in parts:
                if p.t not in (INT, BOOL):
                    raise Unsupported(s, "a score or tie-break that is not a number")
            code(f"return [{', '.join(p.code for p in parts)}]")
        self.units.append(code.text())
        return "score_of"

    def card_named(self, active: A.Expr, code: Code) -> str | None:
        """For a deck's `active when it == E` (or `E == it`), E not reading `it`: a local of act()
        holding E's card name (None when E is no card), so that each card of the deck is one
        comparison of names (cards are equal when their names are: CardValue.__eq__)."""
        if not (isinstance(active, A.BinOp) and active.op == "=="):
            return None
        sides = [active.left, active.right]
        this = [isinstance(e, A.Name) and e.id in ("it", "this") for e in sides]
        if this.count(True) != 1:
            return None
        other = sides[this.index(False)]
        if any(isinstance(e, A.Name) and e.id in ("it", "this") for e in A.walk(other)):
            return None
        v = self.ex(other, Scope({}))
        if v.t != CARD_T:
            return None
        e, n = self.fresh("e"), self.fresh("n")
        code(f"{e} = {v.code}")
        code(f"{n} = {e}.name if {e}.__class__ is CardValue else None")
        return n

    def activity_unit(self) -> None:
        """`act()`: every card with modifiers or hooks, whether its deck has it in play now."""
        code = Code("def act():")
        items = []
        named: dict[str, str | None] = {}  # deck -> the local holding the name its `active when` compares with
        for name in self.active_cards:  # (filled while the rules were lowered)
            card = self.d.cards[name]
            deck, reads_zones = self.rules().deck_facts(card.deck)
            if reads_zones:
                raise Unsupported(deck, "a deck whose `active when` reads token counts")
            if deck is None or deck.active is None:
                items.append("True")
                continue
            if card.deck not in named:
                named[card.deck] = self.card_named(deck.active, code)
            local = named[card.deck]
            if local is not None:  # `it == CARD`: that card's name worked out once, compared by name
                items.append(f"({local} == {name!r})")
                continue
            this = Val(self.k(CardValue(name)), CARD_T)
            c = self.cond(deck.active, Scope({"it": this, "this": this}))
            items.append(c.code)
        code(f"AC[0] = v = [{', '.join(items)}]")
        code("return v")
        self.units.append(code.text())
