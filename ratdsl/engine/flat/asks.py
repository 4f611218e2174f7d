"""Questions to players in the flat target (`ask may`, `ask choose`, `ask distribute`): the
agents' fast protocol, asked with the options encoded as the reference engine shows them, in
the reference's order of work. A mixin of StatementLowering."""

from __future__ import annotations

from typing import Any

from ...language import ast as A
from .code import Code, Scope, uncopied
from .dyn import has_dyn
from .orders import sure
from .tags import BOOL, CARD_T, INT, NONE, PLAYER, STR, ZONE_T, Unsupported
from .val import Val, list_of


class AskLowering:
    """The `ask` statements for StatementLowering."""

    def st_AskMay(self, node: A.AskMay, code: Code, sc: Scope) -> None:
        p = self.ex(node.player, sc)
        if p.t != PLAYER:
            raise Unsupported(node, "asking something that is not a player")
        seat = self.asked_seat(code, p)
        if self.logging:
            seat = self.local(code, Val(seat, PLAYER), "a")
            self.branch(code, f"LDEC({seat}, {node.id!r}, AG[{seat}].fast_may({node.id!r}))", node.body,
                        node.otherwise, sc)
            return
        self.branch(code, f"AG[{seat}].fast_may({node.id!r})", node.body, node.otherwise, sc)

    def asked_seat(self, code: Code, p: Val) -> str:
        """The asked player's code, checked first as the reference does (a none stops the flat
        code, support.present, before the options are read: even where there are none); a
        player that may be none is named by a local, so it is worked out once."""
        checked = sure(p.code)
        return checked if checked == p.code else self.local(code, Val(checked, PLAYER), "a")

    def st_AskChoose(self, node: A.AskChoose, code: Code, sc: Scope) -> None:
        p = self.ex(node.player, sc)
        opts = self.items_of(self.ex(node.options, sc), node.options)
        if p.t != PLAYER:
            raise Unsupported(node, "asking something that is not a player")
        p = Val(self.asked_seat(code, p), PLAYER)
        t = opts.t[1]
        o, i = self.fresh("o"), self.fresh("i")
        code(f"{o} = {opts.code}")
        code(f"if {o}:")
        code.depth += 1
        if self.logging:  # (the answer logged as the option shown, or none for a pass)
            seat, e = self.local(code, p, "a"), self.fresh("e")
            code(f"{e} = {self.encoder(t, o, node, seat)}")
            code(f"{i} = AG[{seat}].fast_choose({node.id!r}, {e}, {node.optional})")
            code(f"LCHO({seat}, {node.id!r}, {e}, {i}, {o})")
        else:
            code(f"{i} = AG[{p.code}].fast_choose({node.id!r}, {self.encoder(t, o, node, p.code)}, "
                 f"{node.optional})")
        code(f"if {i} is not None:")
        code.depth += 1
        py = self.fresh("v")
        code(f"{py} = {o}[{i}]")
        self.block(node.body, code, sc.child(**{node.var: Val(py, t)}))
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
        p = Val(self.asked_seat(code, p), PLAYER)
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
        stride = self.lay.player_stride
        offsets = {name: self.lay.player_offset(name) for name in self.d.player_zones}
        base, cnt = self.fresh("b"), self.fresh("c")
        code(f"{base} = {p.code} * {stride}")  # (checked: asked_seat)
        # No limit can bind (every `at least` asks for 0, no `at most` names a target): the agent
        # spreads the tokens freely (fast_spread), and the counts come back in the targets' order.
        # (logged: always fast_distribute, whose answer, as the agent gave it, is the record's)
        code(f"if {'False' if self.logging else ' and '.join(free) or 'True'}:")
        code(f"    {cnt} = AG[{p.code}].fast_spread({node.id!r}, {names}, {amount})")
        code("else:")
        code(f"    {cnt} = AG[{p.code}].fast_distribute({node.id!r}, {amount}, {names}, [{', '.join(most)}], "
             f"[{', '.join(least)}])")
        # (an answer the ask refuses, e.g. an `at least` more than there is: the reference's R001)
        code(f"    if distribution_problem({cnt}, {names}, {amount}, [{', '.join(most)}], [{', '.join(least)}]):")
        code("        raise Abort")
        if self.logging:
            code(f"    LDEC({p.code}, {node.id!r}, {cnt})")
        code(f"    {cnt} = [{cnt}.get(z, 0) for z in {names}]")
        counting = Code("")
        counting.depth = code.depth + 2
        self.count_metrics(counting, Val(src, ZONE_T, rel=source.rel), Val("t", ZONE_T), src, "t", k, str(k), "c")
        if self.logging:  # (a record a zone, in the targets' order, as the reference shifts them)
            code(f"for z, c in zip({names}, {cnt}):")
            code("    if c:")
            code(f"        Z[{src} + {k}] -= c")
            code(f"        t = {self.k(offsets)}[z] + {base}")
            code(f"        Z[t + {k}] += c")
            code(f"        if t != {src}: LM({src}, t, {k}, c, {self.by_code()})")
        elif len(counting.lines) == 1:  # no metric counts these moves: the source pays once, in all
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
        code(f"ST[0] -= {amount}")  # (each token placed costs a step once it is placed, as in the reference)
        code("if ST[0] < 0: raise Abort")
        code.depth -= 1
