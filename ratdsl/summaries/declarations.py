"""Modifiers, hooks and event handlers as sentences, and what the parameters of rules, hooks and
modifiers are (guessed from how the body uses them, and from the call sites)."""

from __future__ import annotations

from ..language import ast as A
from ..semantics.definition import GameDef
from .context import Ctx, Item, is_list, list_of
from .messages import Catalog
from .names import bound_by, builtin_of
from .statements import Statements


class Declarations:
    """The generic text of declarations that hook into rules: modifiers, hooks, handlers."""

    def __init__(self, d: GameDef, cat: Catalog, stmts: Statements):
        self.d = d
        self.m = cat
        self.s = stmts
        self.x = stmts.x
        self.w = stmts.w
        self.k = stmts.k
        self.v = stmts.v
        self._target_name: str | None = None
        self._players_names: set[str] | None = None

    def modifier(self, mod: A.Modify) -> list[Item]:
        d = self.d
        target = d.funcs.get(mod.name)
        params = target.params if target is not None else ((d.tables[mod.name].param,) if mod.name in d.tables else ())
        self._target_name = mod.name
        ctx = self.params_ctx(mod.params, mod.condition, mod.value, target.value if target is not None else None)
        self._target_name = None
        key = f"func-{mod.name}"
        if self.m.has(key):
            what = self.m(key, **self.x.arg_values(params, [A.Name(q) for q in mod.params], ctx))
        else:
            what = self.m("ui-quoted", text=mod.name)
        change = self.change(mod, ctx)
        text = self.m("decl-modify", what=what, change=change)
        if mod.condition is not None:
            decided = self.v.decide(mod.condition, ctx)
            if decided is False:
                return []
            if decided is not True:
                text = self.m("decl-modify-if", text=text, cond=self.x.cond(mod.condition, ctx))
        return [Item(self.w.sentence(text))]

    def change(self, mod: A.Modify, ctx: Ctx) -> str:
        """How a modifier changes its value: `base + n` reads "plus n", anything else "becomes"."""
        value = mod.value
        if isinstance(value, A.BinOp) and bound_by(self.d, value.left, mod):
            if value.op == "+" and is_list(self.k.kind_of(value.right, ctx)):
                return self.m("change-also", what=self.x.targets(value.right, ctx))
            if value.op in ("+", "-"):
                return self.m("change-plus" if value.op == "+" else "change-minus", n=self.x.expr(value.right, ctx))
        return self.m("change-becomes", value=self.x.expr(value, ctx))

    def call_site_kind(self, nodes: tuple[A.Node | None, ...], index: int) -> str | None:
        """What the index-th value passed to a function or rule is where it is called, when
        the function's own body does not tell (e.g. `func placement_zones(p) = placement`)."""
        name = self._target_name
        if name is None:
            return None
        if self._players_names is None:
            names = set()
            for decl in self.d.ruleset.decls:
                for n in A.walk(decl):
                    if isinstance(n, A.ForEach) and self.k.kind_of(n.source, Ctx()) == list_of("player"):
                        names.add(n.var)
                    elif isinstance(n, (A.AskMay, A.AskChoose, A.AskDistribute)) and isinstance(n.player, A.Name):
                        names.add(n.player.id)
                    elif isinstance(n, (A.Rule, A.Func, A.Hook, A.Modify)):
                        names.update(p for p, k in infer_params(self.d, n.params, [n]).items() if k == "player")
            self._players_names = names
        for decl in self.d.ruleset.decls:
            for n in A.walk(decl):
                if isinstance(n, A.Call) and n.func == name and index < len(n.args):
                    arg = n.args[index]
                    if isinstance(arg, A.Name) and arg.id in self._players_names:
                        return "player"
        return None

    def params_ctx(self, params: tuple[str, ...], *nodes: A.Node | None) -> Ctx:
        """A context for the parameters of a rule, hook or modifier: what each one is, guessed
        from how the body uses it; the first player among them owns "their" places."""
        kinds = infer_params(self.d, params, [n for n in nodes if n is not None])
        for i, p in enumerate(params):
            if p not in kinds and self.call_site_kind(nodes, i) is not None:
                kinds[p] = self.call_site_kind(nodes, i)
        ctx = Ctx()
        subject = None
        for p in params:
            kind = kinds.get(p, "value")
            ctx = ctx.bind(p, self.w.local_of_kind(kind))
            if kind == "player" and subject is None:
                subject = p
        return Ctx(ctx.locals, subject)

    def hook(self, hook: A.Hook, params_ctx: Ctx) -> list[Item]:
        target = self.d.rules.get(hook.name)
        if target is not None and not target.body.stmts:
            # A hook point: a rule with no body of its own, whose title names a moment ("right
            # after a player draws"); before, after and instead of it are that moment.
            head = self.m("decl-hook-at", when=self.w.rule_title(hook.name))
        else:
            head = self.m(f"decl-hook-{hook.time}", rule=self.w.rule_title(hook.name))
        if hook.condition is not None:
            decided = self.v.decide(hook.condition, params_ctx)
            if decided is False:
                return []
            if decided is not True:
                head = self.m("decl-hook-if", head=head, cond=self.x.cond(hook.condition, params_ctx))
        return [Item(self.w.sentence(self.m("ui-head", text=head)), self.s.block(hook.body, params_ctx))]

    def handler(self, on: A.OnEvent, ctx: Ctx) -> list[Item]:
        head = self.m("decl-on-reveal") if on.event == "reveal" else self.m("decl-on-event")
        return [Item(self.w.sentence(self.m("ui-head", text=head)), self.s.block(on.body, ctx))]


def infer_params(d: GameDef, params: tuple[str, ...], nodes: list[A.Node], depth: int = 0) -> dict[str, str]:
    """What each parameter is (player, zname, kind, side, value), from how the nodes use it,
    including what the functions and rules it is passed to make of it."""
    found: dict[str, str] = {}

    def mark(e: A.Expr, kind: str) -> None:
        if isinstance(e, A.Name) and e.id in params and e.id not in found:
            found[e.id] = kind

    for node in nodes:
        for n in A.walk(node):
            if isinstance(n, A.Attr) and (n.name in d.player_zones or n.name in d.player_piles
                                          or n.name in d.player_vars):
                mark(n.obj, "player")
            elif isinstance(n, (A.AskMay, A.AskChoose, A.AskDistribute)):
                mark(n.player, "player")
            elif isinstance(n, A.Index):
                if not isinstance(n.key, A.IntLit):
                    mark(n.obj, "player")
                if isinstance(n.key, A.Name) and n.key.id in params and n.key.id not in found:
                    found[n.key.id] = "zname"
            elif isinstance(n, A.Call):
                if n.func in ("neighbour", "zones", "rank", "seat") and n.args:
                    mark(n.args[0], "player")
                if n.func == "neighbour" and len(n.args) > 1:
                    mark(n.args[1], "side")
                if n.func == "opposite" and n.args:
                    mark(n.args[0], "side")
                target = d.funcs.get(n.func)
                if target is not None and depth < 4 and any(isinstance(a, A.Name) and a.id in params
                                                             for a in n.args):
                    inner = infer_params(d, target.params, [target.value], depth + 1)
                    for a, q in zip(n.args, target.params):
                        if q in inner:
                            mark(a, inner[q])
            elif isinstance(n, A.Do):
                rule = d.rules.get(n.rule)
                if rule is not None and depth < 4 and any(isinstance(a, A.Name) and a.id in params for a in n.args):
                    inner = infer_params(d, rule.params, [rule.body], depth + 1)
                    for a, q in zip(n.args, rule.params):
                        if q in inner:
                            mark(a, inner[q])
            elif isinstance(n, A.BinOp) and n.op in ("==", "!="):
                for a, b in ((n.left, n.right), (n.right, n.left)):
                    if isinstance(b, A.Name):
                        if b.id in d.kinds:
                            mark(a, "kind")
                        elif (builtin := builtin_of(d, b)) is not None and builtin.itself:
                            mark(a, "side")
                        elif b.id in d.player_zones:
                            mark(a, "zname")
            elif isinstance(n, (A.Move, A.Draw)):
                if isinstance(n, A.Move) and isinstance(n.what, A.Name):
                    mark(n.what, "kind")
                mark(n.source, "zone")
                mark(n.dest, "zone")
    return found
