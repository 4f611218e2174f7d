"""Lowers statements (and the modifiers and hooks attached to funcs and rules) to Python, on top
of the expression lowering. `Lowering` holds what statements share (blocks, rule calls, modifiers,
hooks); the lowering of each statement class is a function in the generator's table
(`Generation.lower_stmt`, written in lower_stmt.py). Every statement kind has a generated form:
one without is an error when the code is generated (tests/test_every_node_kind.py lists them all),
never a quiet fall back to the tree-walker."""

from __future__ import annotations

from ...language import ast as A
from ...semantics.definition import Attached
from ...semantics.values import CardValue
from ..coverage import RULE
from .expressions import ExprLowering, _intern
from .outline import outline, too_deep
from .scope import Scope


class Lowering(ExprLowering):
    """Lowers the statements of one unit, and the modifiers and hooks it applies."""

    # ------------------------------------------------------------------ modifiers & hooks
    def modifiers(self, name: str, args: list[str], result: str) -> None:
        """Applies the modifiers attached to a func or table to `result`, in order."""
        for attached in self.d.modifiers.get(name, ()):
            mod = attached.decl
            self.gen.const_keep.append(mod)
            # Parameters, `base` and `this` name values already computed: no copies. `result`
            # changes only after the modifier's value is computed.
            scope = Scope()
            for param, arg in zip(mod.params, args):
                scope.names[param] = arg
            scope.names["base"] = result
            opened = 0
            if attached.card is not None:
                self.emit(f"if {self.card_active(attached.card)}:")
                self.unit.depth += 1
                opened += 1
                scope.names["this"] = self.c(CardValue(_intern(attached.card.name)))
            if mod.condition is not None:
                self.emit(f"if {self.truth(mod.condition, scope)}:")
                self.unit.depth += 1
                opened += 1
            self.emit(f"{result} = {self.expr(mod.value, scope)}")
            self.count_fired(attached)
            self.unit.depth -= opened

    def card_active(self, card: A.Card) -> str:
        """Emits the check of a card's `active when` (the remembered answer, while it holds);
        returns the name of the yes/no result."""
        out = self.tmp()
        if self.gen.rules.reads_zones(self.d.decks.get(card.deck)):
            self.emit(f"{out} = it.rt.active_cache.get({self.t(card.name)})")
            self.emit(f"if {out} is None: {out} = it.card_active({self.c(card)})")
        else:
            self.emit(f"{out} = it.rt.active_now.get({self.t(card.name)})")
            self.emit(f"if {out} is None: {out} = it.card_active({self.c(card)})")
        return self.typed(out, bool)

    def hook(self, attached: Attached, args: list[str]) -> str:
        return self.gen.hook_unit(attached, len(args))

    # ------------------------------------------------------------------ statements
    def block_in(self, block: A.Block, scope: Scope) -> None:
        """The statements of a block. Steps are counted a block at a time; the budget is checked
        where a game could run forever: at every loop iteration and rule call."""
        if not block.stmts:
            self.emit("pass")
            return
        self.emit(f"it.steps += {len(block.stmts)}")
        self.statements(block, scope)

    def statements(self, block: A.Block, scope: Scope) -> None:
        """Each statement of a block, by the function of its class in the generator's table."""
        if too_deep(self.unit):  # Python's nesting limits are near: a function of its own
            outline(self, lambda: self.statements(block, scope))
            return
        table = self.gen.lower_stmt
        for stmt in block.stmts:
            lower = table.get(stmt.__class__)
            if lower is None:
                raise NotImplementedError(f"the code generator has no form for {type(stmt).__name__} "
                                          f"statements ({stmt.span})")
            lower(self, stmt, scope)

    def rule_call(self, name: str, args: list[str], site: str) -> None:
        """What running a rule does: its before hooks, its instead hooks (the last that runs
        replaces the body), its body (seeing only its parameters), its after hooks; in its own
        depth frame, with the budget checked."""
        rule = self.d.rules[name]
        self.enter_call(name, rule=True, site=site)
        self.count_point(rule, RULE)
        hooks = self.d.hooks.get(name, {})
        for attached in hooks.get("before", ()):
            self.emit(f"{self.hook(attached, args)}(it, {', '.join(args)})")
        instead = list(reversed(hooks.get("instead", ())))
        if instead:  # each runs until one does; then the body does not (one level however many)
            ran = self.tmp()
            self.emit(f"{ran} = {self.hook(instead[0], args)}(it, {', '.join(args)})")
            for attached in instead[1:]:
                self.emit(f"if not {ran}: {ran} = {self.hook(attached, args)}(it, {', '.join(args)})")
            self.emit(f"if not {ran}:")
            self.unit.depth += 1
        if rule.body.stmts:
            self.emit(f"it.context.append({self.t(name)})")
            self.emit("try:")
            self.unit.depth += 1
            scope = Scope() if site != "site" else Scope(self.unit.root)  # inlined: stands alone
            for param, arg in zip(rule.params, args):
                local = scope.names[param] = self.unit.new("l")
                self.emit(f"{local} = {arg}")
                if param not in self.gen.set_targets:
                    self.typed(local, self.type_of(arg))
                    if arg in self.choices:
                        self.choices[local] = self.choices[arg]
            self.block_in(rule.body, scope)
            self.unit.depth -= 1
            self.emit("finally:")
            self.emit("    it.context.pop()")
        else:
            self.emit("pass")
        self.unit.depth -= bool(instead)
        for attached in hooks.get("after", ()):
            self.emit(f"{self.hook(attached, args)}(it, {', '.join(args)})")
        self.leave_call(rule=True)
