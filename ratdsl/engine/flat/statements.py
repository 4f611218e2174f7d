"""Statements of the flat target: each statement kind as the Python lines that do it on the flat
state (compiler.py lowers the expressions). Blocks, control flow, names and loops are here, each
charging the step budget as the reference engine counts it; moves, cards, decisions, rules,
turns, plans and endings are the mixins'. A statement kind with no method is Unsupported."""

from __future__ import annotations

from ...language import ast as A
from ...semantics.operators import MAX_ITEMS
from ..errors import FOR_LOOP, REPEAT_LOOP, WHILE_LOOP
from .asks import AskLowering
from .cards import CardLowering
from .code import NAME, SIMPLE_CODE, Code, Scope, uncopied
from .compiler import FlatCompiler
from .dyn import has_dyn
from .endings import EndingLowering
from .moves import MoveLowering
from .orders import sure
from .plans import PlanLowering
from .rules import RuleLowering
from .tags import BOOL, CARD_T, INT, NONE, PILE_T, PLAYER, STR, ZONE_T, Unsupported
from .turns import TurnLowering
from .typed import let_kind
from .val import Val, domain_of, is_list, list_of

MAX_PIECE_LINES = 400  # a `for each` over pieces() is written a kind at a time up to this many lines


class StatementLowering(TurnLowering, PlanLowering, EndingLowering, RuleLowering, MoveLowering, CardLowering,
                        AskLowering, FlatCompiler):
    """Adds statements, rules, hooks and card effects to the expression lowering."""

    _names_set: set[str] | None = None

    def block(self, block: A.Block, code: Code, sc: Scope, hoist: bool = False) -> int:
        """A block's statements, paying a step each in one line where the block starts (the
        reference's run_block), unless `hoist`: the caller pays them with its own (a loop's
        turn). Returns that number of steps. What a statement's expressions cost is paid where
        the statement starts (`st`), every sub-block where it starts: the flat code pays each
        step where the reference engine pays it, or earlier within the same statement, so that
        both stop a game at the same statement with the same count (tests/test_flat_steps.py)."""
        start = len(code.lines)
        depth = code.depth
        inner = sc.child()
        for stmt in block.stmts:
            inner = self.st(stmt, code, inner)
        steps = len(block.stmts)
        if steps and not hoist:
            code.lines.insert(start, "    " * depth + f"ST[0] -= {steps}")
        if len(code.lines) == start:
            code("pass")
        return steps

    def indented(self, block: A.Block, code: Code, sc: Scope, hoist: bool = False) -> int:
        code.depth += 1
        steps = self.block(block, code, sc, hoist)
        code.depth -= 1
        return steps

    def st(self, node: A.Node, code: Code, sc: Scope) -> Scope:
        method = getattr(self, "st_" + type(node).__name__, None)
        if method is None:
            raise Unsupported(node, f"no flat form for the statement {type(node).__name__}")
        # What its expressions cost (their calls, the items of queries whose length is known now;
        # compiler.py, FlatCompiler.pay) is paid where it starts, checked: before anything it does,
        # as the reference pays it while it works them out (its own step: with its block's).
        # What is worked out only sometimes (an `and`'s later items, a branch) pays when it is.
        start, depth = len(code.lines), code.depth
        acc = [0]
        self.costs.append(acc)
        try:
            out = method(node, code, sc)
        finally:
            self.costs.pop()
        if acc[0]:
            if start < len(code.lines) and code.lines[start].lstrip().startswith("BS.append("):
                start += 1  # (a loop's steps from its start: its source's calls too, as the reference counts)
            indent = "    " * depth
            code.lines[start:start] = [f"{indent}ST[0] -= {acc[0]}", f"{indent}if ST[0] < 0: raise Abort"]
        return sc if out is None else out

    def blame_from(self, code: Code, what: str, node: A.Node) -> None:
        """Where a loop or a rule's call begins: pushes its site and the steps left then, popped by
        `blame_done` where it ends. A game the budget stops inside leaves them on BS, innermost
        last, for R002's message (budget.py; the reference blames the same sites alike:
        StepBudgetExceeded.blame)."""
        code(f"BS.append(({len(self.blame_sites)}, ST[0]))")
        self.blame_sites.append((what, node.span))

    def blame_done(self, code: Code) -> None:
        code("BS.pop()")

    def local(self, code: Code, v: Val, prefix: str) -> str:
        """The code naming a value worked out once: itself when it is a constant or a plain
        name, else a new local assigned here."""
        if v.known or NAME.match(v.code):
            return v.code
        name = self.fresh_int(prefix) if v.t == ZONE_T else self.fresh(prefix)
        code(f"{name} = {v.code}")
        return name

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
                i = list(self.d.vars).index(target.id)
                code(f"VG[{i}] = {v.code}")
                if self.logging:
                    code(f"LSET({target.id!r}, VG[{i}], {self.k(t)})")
                self.forget_activity(code, "vars")
                return
            if target.id == "active":
                if v.t != PLAYER:
                    raise Unsupported(node, "an active player that is not a player")
                code(f"G[0] = {v.code}")
                if self.logging:
                    code("LACT(G[0])")
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
                i = list(self.d.player_vars).index(target.name)
                if self.logging:
                    seat = self.local(code, owner, "o")
                    code(f"PV{i}[{sure(seat)}] = {v.code}")
                    code(f"LSETP({seat}, {target.name!r}, PV{i}[{seat}], {self.k(t)})")
                else:
                    code(f"PV{i}[{sure(owner.code)}] = {v.code}")
                self.forget_activity(code, "vars")
                return
        raise Unsupported(node, "setting this")

    def st_If(self, node: A.If, code: Code, sc: Scope) -> None:
        c = self.cond(node.condition, sc)
        if c.known:
            chosen = node.then if c.const else node.otherwise
            if chosen is not None:
                self.block(chosen, code, sc)
            return
        self.branch(code, c.code, node.then, node.otherwise, sc)

    def branch(self, code: Code, test: str, then: A.Block, otherwise: A.Block | None, sc: Scope) -> None:
        """`if TEST: THEN else: OTHERWISE`, written out (an `if` statement, a `may` question); the
        branch that runs pays its steps where it starts."""
        code(f"if {test}:")
        self.indented(then, code, sc)
        if otherwise is not None:
            code("else:")
            self.indented(otherwise, code, sc)

    def st_ForEach(self, node: A.ForEach, code: Code, sc: Scope) -> None:
        self.blame_from(code, FOR_LOOP, node)  # (before its source, as the reference counts it)
        self.for_each(node, code, sc)
        self.blame_done(code)

    def for_each(self, node: A.ForEach, code: Code, sc: Scope) -> None:
        if isinstance(node.source, A.Call) and node.source.func == "pieces" and len(node.source.args) == 1:
            zone = self.ex(node.source.args[0], sc)
            if zone.t == ZONE_T and self.pieces_loop(node, zone, code, sc):
                return
            src = self.items_of(self.plain_builtin("pieces", node.source, sc, zone), node.source)
        else:
            src = self.items_of(self.ex(node.source, sc), node.source)
        py = self.fresh_int("i") if src.t[1] == PLAYER else self.fresh("i")
        first = []
        if src.t[1] == PLAYER and self.d.player_zones:
            self.int_locals.add(f"{py}b")
            self.seat_bases[py] = f"{py}b"  # (where this player's zones start: compiler.seat_address)
            first.append(f"{py}b = {py} * {self.lay.player_stride}")
        self.loop(code, f"for {py} in {uncopied(src.code)}:", node.body,
                  sc.child(**{node.var: Val(py, src.t[1], domain=domain_of(src))}), first)

    def pieces_loop(self, node: A.ForEach, zone: Val, code: Code, sc: Scope) -> bool:
        """`for each x in pieces(ZONE)` as one loop a kind, the body written for that kind: `x`
        is then a constant, so tests of it fold and its moves address one count. The kinds come
        in the rules' order, each as often as the zone held it when the loop began (what
        pieces() lists), and every turn pays as a turn of the loop over the list does.
        False (nothing written) where the bodies would be too long."""
        kinds = self.lay.kinds
        width = len(kinds)
        bodies = []
        try:
            for kind in kinds:
                body = Code("")
                body.depth = code.depth + 2  # (as deep as the loop's body, inside its test of the count)
                kind_sc = sc.child(**{node.var: Val(repr(kind), STR, kind, domain=frozenset([kind]))})
                steps = self.block(node.body, body, kind_sc, hoist=True)
                bodies.append(body.lines[1:])
        except Unsupported:  # (a body that has a form only for pieces of some kinds: the one loop)
            return False
        if sum(map(len, bodies)) > MAX_PIECE_LINES:
            return False
        z, c, n = self.local(code, zone, "z"), self.fresh("c"), self.fresh_int("n")
        code(f"{c} = {sc.zsrc}[{z}:{z} + {width}]")
        code(f"{n} = sum({c})")
        code(f"if {n} > {MAX_ITEMS}: raise Abort")  # (R007, as pieces() refuses a longer list)
        for k, lines in enumerate(bodies):
            code(f"if {c}[{k}]:")
            self.int_locals.add("_")  # (a loop's counter, read by nothing)
            code(f"    for _ in range({c}[{k}]):")
            code.depth += 2
            self.turn_charge(code, steps)
            code.depth -= 2
            code.lines.extend(lines)
        return True

    def st_Repeat(self, node: A.Repeat, code: Code, sc: Scope) -> None:
        self.blame_from(code, REPEAT_LOOP, node)
        self.repeat(node, code, sc)
        self.blame_done(code)

    def repeat(self, node: A.Repeat, code: Code, sc: Scope) -> None:
        n = self.number(self.ex(node.count, sc), node.count)
        if n.t != INT:
            raise Unsupported(node, "repeat of something that is not a number")
        self.int_locals.add("_")  # (a loop's counter, read by nothing)
        self.loop(code, f"for _ in range({n.code}):", node.body, sc)

    def st_While(self, node: A.While, code: Code, sc: Scope) -> None:
        # the condition is worked out before every turn and once more, paying its calls each time
        self.blame_from(code, WHILE_LOOP, node)
        c, steps = self.costed(node.condition, sc, self.cond)
        self.loop(code, f"while {self.ticked(c, steps).code}:", node.body, sc)
        self.blame_done(code)

    def loop(self, code: Code, header: str, body: A.Block, sc: Scope, first: list[str] = ()) -> None:
        """A loop (for each, repeat, while) each of whose turns pays a step and its body's
        statements as it begins, checked after the first (the reference's tick, then its
        run_block); `first`: lines each turn starts with."""
        code(header)
        code.depth += 1
        charge = len(code.lines)
        for line in first:
            code(line)
        steps = self.block(body, code, sc, hoist=True)
        self.turn_charge(code, steps, at=charge)
        code.depth -= 1

    def turn_charge(self, code: Code, steps: int, at: int | None = None) -> None:
        """A loop turn's charge, at line `at` (else here): its step, checked, and the `steps` of
        its body's statements, in one subtraction."""
        lines = ["    " * code.depth + f"ST[0] -= {1 + steps}",
                 "    " * code.depth + f"if ST[0] < {-steps}: raise Abort"]
        at = len(code.lines) if at is None else at
        code.lines[at:at] = lines

    def st_Secretly(self, node: A.Secretly, code: Code, sc: Scope) -> None:
        if not self.logging:
            self.block(node.body, code, sc)  # (nothing is logged or viewed here: nothing to hide)
            return
        # logged: what the block records is marked secret, and the players' zones it changed are
        # uncovered after it (not when `end game` or an error leaves it: Runtime.open_secret)
        before = self.fresh("sv")
        code(f"{before} = LSO(Z)")
        code("try:")
        code.depth += 1
        self.block(node.body, code, sc)
        code.depth -= 1
        code("finally:")
        code("    LSC()")
        code(f"LUNC(Z, {before})")

    def st_EndGame(self, node: A.EndGame, code: Code, sc: Scope) -> None:
        code("raise Ended(True)" if node.counts_round else "raise Ended(False)")  # (whether its round counts)

    def st_Assert(self, node: A.Assert, code: Code, sc: Scope) -> None:
        c = self.cond(node.condition, sc)
        code(f"if not {c.code}: raise Abort")

    def st_Say(self, node: A.Say, code: Code, sc: Scope) -> None:
        # a say only writes to the log, which the flat code keeps none of; but its values are
        # worked out, as the reference engine works them out (one may pass a limit)
        if self.logging:
            args = [self.ex(a, sc) for a in node.args]
            code(f"LSAY({node.message!r}, [{', '.join(f'LENC({v.code}, {self.k(v.t)})' for v in args)}])")
            return
        for a in node.args:
            v = self.ex(a, sc)
            if not v.known and not SIMPLE_CODE.match(v.code):
                code(v.code)

    def st_Show(self, node: A.Show, code: Code, sc: Scope) -> None:
        # What a player was shown is read only by views and the log, which the flat target's
        # agents never read; but, logged or not, the cards and then the player are worked out and
        # checked as the reference does (_exec_show): a `pick` there draws, a query pays its steps,
        # a none among the cards or for the player stops the game.
        cards = self.ex(node.cards, sc)
        if cards.t not in (CARD_T, PILE_T, NONE, list_of(CARD_T), list_of(NONE)):
            raise Unsupported(node, "showing something other than cards to a player")
        shown = self.local(code, cards, "sh")
        if is_list(cards.t):  # (Runtime.cards_of: each item a card; a lone none shows nothing)
            code(f"if None in {shown}: raise Abort")
        player = self.want(self.ex(node.player, sc), PLAYER, node.player)
        if player.t != PLAYER:
            raise Unsupported(node, "showing cards to something that is not a player")
        seat = sure(player.code)
        if self.logging:
            code(f"LSHOW({seat}, {shown})")
        elif not SIMPLE_CODE.match(seat):
            code(seat)
