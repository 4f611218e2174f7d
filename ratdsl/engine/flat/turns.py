"""Turns in flat code (`turn P { ... }`, `act ...`, the ability windows between a turn's
statements): engine/turns.py is the meaning, in the same order. Each action becomes two generated
functions of (player, taken-counts): its legal test (limit, then `only if`) and its taking (the
count, then the effect); the loops that offer the legal ones to the player are the general code
below, called with those functions, so the agents see the same choices ("action", "ability",
the legal actions' names) and draw the same answers from the same streams.

The open turns are a stack of (player, taken counts) in the module (`TS`): `act` takes the
innermost, as the reference does, and with none open the flat code stops (the reference reports
the error). A cost is paid from one zone (its test: the zone holds the tokens); a cost from
several zones, or a limit that is not a constant whole number, has no form yet.
"""

from __future__ import annotations

from typing import Any

from ...language import ast as A
from ..errors import ACT, TURN
from .orders import sure
from .support import Abort
from .tags import BUNDLE, INT, PLAYER, ZONE_T, Unsupported

ACTION_ID, ABILITY_ID = "action", "ability"  # (engine/turns.py's ids)


def turn_window(frame: tuple, offered: tuple, AG: list, ST: list, log: Any = None) -> None:
    """The legal abilities offered one at a time until the player passes or none is legal;
    `log` (a logging module's: trail.FlatTrail.decision) records each answer."""
    p, taken = frame
    while True:
        legal = [(name, take) for name, is_legal, take in offered if is_legal(p, taken)]
        if not legal:
            return
        ST[0] -= 1
        if ST[0] < 0:
            raise Abort
        i = AG[p].fast_choose(ABILITY_ID, [name for name, _ in legal], True)
        if log is not None:
            log(p, ABILITY_ID, None if i is None else legal[i][0])
        if i is None:
            return
        legal[i][1](p, taken)


def act_run(TS: list, mode: str, optional: bool, actions: tuple, AG: list, ST: list, log: Any = None) -> None:
    """`act ...` on the innermost open turn, as turns.act runs it (`log`: as turn_window's)."""
    if not TS:
        raise Abort  # (`act` outside a turn: the reference reports it)
    p, taken = TS[-1]
    if mode == "one":
        _name, is_legal, take = actions[0]
        if is_legal(p, taken):
            take(p, taken)
        return
    left = list(actions)
    while True:
        legal = [a for a in left if a[1](p, taken)]
        if not legal:
            return
        ST[0] -= 1
        if ST[0] < 0:
            raise Abort
        i = AG[p].fast_choose(ACTION_ID, [a[0] for a in legal], optional)
        if log is not None:
            log(p, ACTION_ID, None if i is None else legal[i][0])
        if i is None:
            return
        chosen = legal[i]
        chosen[2](p, taken)
        if mode == "choose":
            return
        if mode == "any_order":
            left = [a for a in left if a[0] != chosen[0]]


class TurnLowering:
    """`turn` and `act` for StatementLowering (a mixin: it reads the compiler's blocks and units)."""

    def action_functions(self, name: str, node: A.Node) -> tuple[str, str]:
        """The names of action `name`'s legal test and taking, generated once."""
        from .code import Code, Scope
        from .val import Val

        action = self.d.actions.get(name)
        if action is None:
            raise Unsupported(node, f"there is no action {name!r}")
        key = ("action", name)
        made = self.defined.get(key)
        if made is not None:
            return made
        legal, take = self.fresh("AL"), self.fresh("AT")
        self.defined[key] = (legal, take)
        sc = Scope({action.param: Val("a0", PLAYER)})
        code = Code(f"def {legal}(a0, tf):")
        if action.limit is not None:
            most = self.ex(action.limit, Scope())
            if not (most.known and most.t == INT and most.const >= 1):
                raise Unsupported(action.limit, "a limit per turn that is not a constant whole number of 1 or more")
            code(f"if tf.get({name!r}, 0) >= {most.const}: return False")
        tests = []
        if action.condition is not None:
            test, steps = self.costed(action.condition, sc, self.cond)
            if steps:
                code(f"ST[0] -= {steps}")
                code("if ST[0] < 0: raise Abort")
            tests.append(test.code)
        if action.cost is not None:
            if tests:
                code(f"if not {tests.pop()}: return False")
            tests.append(self.can_pay(action.cost, sc))
        code(f"return {tests[0] if tests else 'True'}")
        self.units.append(code.text())
        step, self.step_now = self.step_now, None  # (its own function, taken from any step)
        try:
            code = Code(f"def {take}(a0, tf):")
            code(f"tf[{name!r}] = tf.get({name!r}, 0) + 1")
            self.by.append(name)  # (turns.take: an action's cost and effect run as the action)
            try:
                if action.cost is not None:
                    self.block(action.cost, code, sc)
                self.block(action.effect, code, sc)
            finally:
                self.by.pop()
            self.emit_endings(code, A.AT_ONCE, Scope())  # (the game may end after an action: endings.py)
            self.units.append(code.text())
        finally:
            self.step_now = step
        return legal, take

    def can_pay(self, cost: A.Block, sc: Any) -> str:
        """Whether the cost's source holds the tokens it moves (turns.can_pay), for a cost from
        one zone: a bundle, or a number of the kinds named (all kinds when none is)."""
        move = cost.stmts[0] if len(cost.stmts) == 1 else None
        if not isinstance(move, A.Move) or move.quantity.amount is None:
            raise Unsupported(cost, "a cost that is not one move of a number or a bundle")
        source = self.ex(move.source, sc)
        amount = self.ex(move.quantity.amount, sc)
        if source.t != ZONE_T:
            raise Unsupported(move.source, "a cost paid from several zones")
        if amount.t == BUNDLE:
            return f"all({sc.zsrc}[{source.code} + KI[k]] >= n for k, n in {amount.code}.items())"
        if amount.t != INT:
            raise Unsupported(move.quantity.amount, f"a cost of a {amount.t}")
        if move.what is None:
            kinds = list(self.d.kinds)
        elif isinstance(move.what, A.Name):
            kinds = self.kind_list(move.what.id, move.what)
        else:
            raise Unsupported(move.what, "a cost's kinds worked out during the game")
        return f"({self.count_in(source, kinds, sc).code} >= {amount.code})"

    def action_table(self, names: list[str], node: A.Node) -> str:
        made = [(n, *self.action_functions(n, node)) for n in names]
        return "(" + "".join(f"({n!r}, {legal}, {take}), " for n, legal, take in made) + ")"

    def st_Turn(self, node: A.Turn, code: Any, sc: Any) -> None:
        self.blame_from(code, TURN, node)  # (named by R002 as a loop is: it goes round its windows)
        self.turn_statement(node, code, sc)
        self.blame_done(code)

    def turn_statement(self, node: A.Turn, code: Any, sc: Any) -> None:
        nested = [decl for decl in [*self.d.rules.values(), *self.d.actions.values()]
                  if any(isinstance(n, A.Turn) for n in A.walk(decl))]
        if nested:  # (a turn an action's effect can reach again could nest without the depth limit)
            raise Unsupported(nested[0], "a turn inside a rule or an action")
        p = self.ex(node.player, sc)
        if p.t != PLAYER:
            raise Unsupported(node, "a turn of something that is not a player")
        abilities = [a.name for a in self.d.actions.values() if a.ability]
        offered = self.action_table(abilities, node) if abilities else None
        frame = self.fresh("tf")
        code(f"{frame} = ({sure(p.code)}, {{}})")  # (a turn of none: the reference's R001)
        code(f"TS.append({frame})")
        window = f"turn_window({frame}, {offered}, AG, ST{', LDEC' if self.logging else ''})"
        if node.body.stmts:  # (the body's statements, paid where the turn starts: Block's rule)
            code(f"ST[0] -= {len(node.body.stmts)}")
        inner = sc.child()
        for stmt in node.body.stmts:
            if offered:
                code(window)
            inner = self.st(stmt, code, inner)
        if offered:
            code(window)
        code("TS.pop()")
        self.emit_endings(code, A.END_OF_TURN, type(sc)())  # (the game may end after a turn: endings.py)

    def st_Act(self, node: A.Act, code: Any, sc: Any) -> None:
        table = self.action_table(list(node.actions), node)
        self.blame_from(code, ACT, node)  # (named by R002 as a loop is: it goes round its choices)
        code(f"act_run(TS, {node.mode!r}, {bool(node.optional)}, {table}, AG, ST{', LDEC' if self.logging else ''})")
        self.blame_done(code)
