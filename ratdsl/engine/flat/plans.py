"""Sealed plans (`plan ID for each P in PLAYERS: choose COUNT from OPTIONS [likely L] [or pass]
into VAR`) in flat code, with engine/plans.py's meaning: every player of the list commits COUNT
choices among their options (none for a step passed, and for every step when there is nothing
to choose from: then nobody is asked), then all plans are set at once, in the players' order.
With `likely`, each step's question offers an agent playing at random only the options the rules
expect to run (Decision.likely): the fast protocol is asked among those, in their order, which is
what `expected_options` hands `decide`. The flat target builds no views, so the secret block
around the planning changes nothing here but its log mode's records (trail.py: the answers are
marked secret)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...language import ast as A
from ..errors import PLAN
from ..plans import MAX_PLAN_STEPS
from .dyn import d_key
from .orders import sure
from .support import Abort
from .tags import INT, PLAYER, Unsupported
from .val import Val, is_list, list_of


def plan_one(agent: Any, decision_id: str, values: list, count: int, optional: bool,
             likely: Callable[[list], list] | None, offered: list, log: Any = None, seat: int = 0) -> list:
    """One player's steps (plans.plan_steps): `offered` is how the agent is shown `values`;
    `log` (a logging module's: trail.FlatTrail.choice) records each answer of `seat`."""
    if not 0 <= count <= MAX_PLAN_STEPS:
        raise Abort  # (the reference reports the count)
    steps: list = []
    known = None if likely is None or not values else [d_key(v) for v in values]
    for _ in range(count):
        if not values:
            steps.append(None)
            continue
        if likely is None:
            i = agent.fast_choose(decision_id, offered, optional)
        else:
            keys = {d_key(v) for v in likely(list(steps))}
            expected = [j for j, key in enumerate(known) if key in keys]
            among = getattr(agent, "fast_choose_likely", None)
            if among is not None:  # (an agent that may answer any option: flat_playout.FastFirst)
                i = among(decision_id, offered, expected, optional)
            elif not expected and not optional:  # (nothing expected to run: every option)
                i = agent.fast_choose(decision_id, offered, optional)
            else:
                k = agent.fast_choose(decision_id, [offered[j] for j in expected], optional)
                i = None if k is None else expected[k]
        if log is not None:
            log(seat, decision_id, offered, i, values)
        steps.append(None if i is None else values[i])
    return steps


class PlanLowering:
    """`st_Plan` and `share_evenly` for the statement lowering (a mixin: it reads the expression
    lowering)."""

    def b_share_evenly(self, node, sc, total: Val, claims: Val) -> Val:
        if total.t != INT or claims.t != list_of(INT):
            raise Unsupported(node, "share_evenly of values that are not numbers")
        return Val(f"share_equal(max(0, {total.code}), [max(0, c) for c in {claims.code}])", list_of(INT))

    def st_Plan(self, node: A.Plan, code: Any, sc: Any) -> None:
        self.blame_from(code, PLAN, node)  # (named by R002 as a loop is: it goes round its players)
        self.plan_statement(node, code, sc)
        self.blame_done(code)

    def plan_statement(self, node: A.Plan, code: Any, sc: Any) -> None:
        if node.into not in self.d.player_vars:
            raise Unsupported(node, "a plan set into something that is not a player's variable")
        who = self.items_of(self.ex(node.players, sc), node.players)
        if who.t != list_of(PLAYER):
            raise Unsupported(node.players, "planning players that are not players")
        count = self.want(self.ex(node.count, sc), INT, node.count)
        if count.t != INT:
            raise Unsupported(node.count, "a plan whose count is not a number")
        t = self.pvar_type(node.into, node)
        p = self.fresh_int("p")
        inner = sc.child(**{node.var: Val(p, PLAYER)})
        options, cost = self.costed(node.options, inner, self.iterable)
        if not is_list(t):  # (a variable first set to a number, say: a value of two kinds)
            raise Unsupported(node, "a plan set into a variable that is not a list")
        item = t[1]
        options = self.as_kind(options, list_of(item), node.options)
        likely = "None"
        if node.likely is not None:
            done = self.fresh("dn")
            seen, more = self.costed(node.likely, inner.child(it=Val(done, list_of(item))), self.iterable)
            seen = self.as_kind(seen, list_of(item), node.likely)
            body = f"CN({more}, {seen.code})" if more else seen.code
            # (the native build's closures do not see a C integer local change: each is passed in)
            free = sorted(set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", body)) & self.int_locals)
            likely = f"lambda {', '.join([done, *(f'{x}={x}' for x in free)])}: {body}"
        n, plans, values, steps = self.fresh("n"), self.fresh("pl"), self.fresh("o"), self.fresh("s")
        code(f"{n} = {count.code}")
        code(f"{plans} = []")
        if self.logging:  # (the plans are made in secret: Runtime.open_secret, nothing uncovered)
            code("LSO(Z)")
            code("try:")
            code.depth += 1
        code(f"for {p} in {who.code}:")
        code.depth += 1
        code(f"ST[0] -= {1 + cost}")  # (a step per player, as the reference ticks, and the options' cost)
        code("if ST[0] < 0: raise Abort")
        code(f"{values} = {options.code}")
        offered = self.encoder(item, values, node, p)
        logged = f", LCHO, {p}" if self.logging else ""
        # (a none among the players: the reference's R001, before anything is asked)
        code(f"{steps} = plan_one(AG[{sure(p)}], {node.id!r}, {values}, {n}, {node.optional}, {likely}, "
             f"{offered}{logged})")
        code(f"{plans}.append(({p}, {steps}))")
        code.depth -= 1
        if self.logging:
            code.depth -= 1
            code("finally:")
            code("    LSC()")
        index = list(self.d.player_vars).index(node.into)
        code(f"for {p}, {steps} in {plans}:")
        code(f"    PV{index}[{p}] = {steps}")
        if self.logging:
            code(f"    LSETP({p}, {node.into!r}, {steps}, {self.k(t)})")
        self.forget_activity(code, "vars")
