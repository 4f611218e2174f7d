"""Lowers statements (and the modifiers and hooks attached to funcs and rules) to Python, on top
of the expression lowering. Every statement kind has a generated form: one without is an error
when the code is generated (tests/test_every_node_kind.py lists them all), never a quiet fall back to the
tree-walker."""

from __future__ import annotations

from ...language import ast as A
from ...semantics.definition import Attached
from ...semantics.values import CardValue, PileRef, PlayerRef, ZoneRef
from ..runtime.moves import before_move_code
from .expressions import MAX_INLINE_NESTING, ExprLowering, _intern
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

    def loop_body(self, loop: A.Stmt, block: A.Block, scope: Scope) -> None:
        """One iteration of a loop: its step and the block's, counted together, with the budget
        checked as if the iteration's step came first (it stops at the same iteration)."""
        n = len(block.stmts)
        if not n:
            self.tick(loop)
            self.emit("pass")
            return
        self.emit(f"it.steps += {n + 1}")
        self.emit(f"if it.steps > it.budget + {n}: raise StepBudgetExceeded({self.c(loop.span)}, it.budget)")
        self.statements(block, scope)

    def statements(self, block: A.Block, scope: Scope) -> None:
        for stmt in block.stmts:
            method = getattr(self, "_s_" + type(stmt).__name__, None)
            if method is None:
                raise NotImplementedError(f"the code generator has no form for {type(stmt).__name__} "
                                          f"statements ({stmt.span})")
            method(stmt, scope)

    def _s_Let(self, node: A.Let, scope: Scope) -> None:
        value = self.expr(node.value, scope)
        scope.from_env.discard(node.name)  # a let binds a new name here, not the caller's
        local = scope.names[node.name] = self.unit.new("l")  # one Python local per let
        self.emit(f"{local} = {value}")
        if node.name not in self.gen.set_targets:
            self.typed(local, self.type_of(value))

    def _s_Set(self, node: A.Set, scope: Scope) -> None:
        target = node.target
        found = scope.find(target.id) if isinstance(target, A.Name) else None
        if found is None:
            if not isinstance(target, A.Name):  # OWNER.NAME: a player's variable
                value = self.expr(node.value, scope)
                owner = self.expr(target.obj, scope)
                self.emit(f"it.set_member({self.c(node)}, {owner}, {value})")
                return
            # Not a local here: a name of the caller's scope, else a variable of the game.
            value = self.expr(node.value, scope)
            if self.reads_env(scope):
                self.emit(f"if not env.assign({self.t(target.id)}, {value}): "
                          f"it.set_target({self.c(node)}, {value}, env)")
            else:
                self.emit(f"it.set_target({self.c(node)}, {value}, None)")
            return
        local, from_env = found
        value = self.expr(node.value, scope)
        if not from_env:
            self.emit(f"{local} = {value}")
            return
        # A name of the caller's scope: set it there too (or, if unbound, the global variable).
        self.emit(f"if {local} is MISSING:")
        self.emit(f"    it.set_target({self.c(node)}, {value}, env)")
        self.emit("else:")
        self.emit(f"    {local} = {value}")
        self.emit(f"    env.assign({self.t(target.id)}, {value})")

    def _s_If(self, node: A.If, scope: Scope) -> None:
        cond = self.truth(node.condition, scope)
        if cond == "False" and node.otherwise is None:
            return
        self.branches(cond, node.then, node.otherwise, scope)

    def branches(self, cond: str, then: A.Block, otherwise: A.Block | None, scope: Scope) -> None:
        """`if COND:` then-block, `else:` otherwise-block, each in a scope of its own."""
        self.emit(f"if {cond}:")
        self.unit.depth += 1
        self.block_in(then, Scope(scope))
        self.unit.depth -= 1
        if otherwise is not None:
            self.emit("else:")
            self.unit.depth += 1
            self.block_in(otherwise, Scope(scope))
            self.unit.depth -= 1

    def _s_ForEach(self, node: A.ForEach, scope: Scope) -> None:
        # Lists are values that nothing changes in place (a pile's cards come as a copy), so the
        # loop needs no copy of its own.
        _, inner, _ = self._loop(node.source, node.var, scope)
        self.loop_body(node, node.body, inner)
        self.unit.depth -= 1

    def _s_While(self, node: A.While, scope: Scope) -> None:
        self.emit("while True:")
        self.unit.depth += 1
        self.emit(f"if not {self.truth(node.condition, scope)}: break")
        self.loop_body(node, node.body, Scope(scope))
        self.unit.depth -= 1

    def _s_Repeat(self, node: A.Repeat, scope: Scope) -> None:
        count = self.expr(node.count, scope)
        self.emit(f"for _ in range({count} if {count}.__class__ is int else "
                  f"it.number({count}, {self.c(node.count)})):")
        self.unit.depth += 1
        self.loop_body(node, node.body, Scope(scope))
        self.unit.depth -= 1

    def _zones(self, node: A.Expr, scope: Scope) -> str:
        v = self.expr(node, scope)
        if self.type_of(v) == ("list", ZoneRef):
            return v
        out = self.tmp()
        self.emit(f"{out} = {self.fast(v, ZoneRef, f'[{v}]', f'it.zones({v}, {self.c(node)})')}")
        return out

    def _s_Move(self, node: A.Move, scope: Scope) -> None:
        value = self.expr(node.source, scope)
        n = self.c(node)
        if self.type_of(value) is ZoneRef:
            single, many = value, None  # one zone, surely
        elif self.type_of(value) == ("list", ZoneRef):
            single, many = None, value
        else:  # validated now, before the destination is evaluated; None when it is one zone
            single, many = value, self.tmp()
            self.emit(f"{many} = None if {value}.__class__ is ZoneRef else it.zones({value}, {self.c(node.source)})")
        dest = self._zone(node.dest, scope)
        q = node.quantity
        amount = self.expr(q.amount, scope) if q.amount is not None else "None"
        if single is None:
            all_sources = many
        else:
            all_sources = f"[{single}]" if many is None else f"([{single}] if {many} is None else {many})"
        amount_type = self.type_of(amount)
        if amount_type is None:
            self.emit(f"if {amount}.__class__ is dict:")
            self.emit(f"    rt.move_bundle(it, {n}, {all_sources}, {dest}, {amount})")
            self.emit("else:")
            self.unit.depth += 1
        elif amount_type is dict:
            self.emit(f"rt.move_bundle(it, {n}, {all_sources}, {dest}, {amount})")
            return
        what = node.what
        static = self.static_kinds(what, scope) if what is not None else tuple(self.d.kinds)
        spec = one_kind = None
        if static is not None:
            kinds = self.c(static)
            if len(static) == 1:
                one_kind = self.t(static[0])
        else:
            spec = self.expr(what, scope)
            if self.choices.get(spec) and self.choices[spec] <= self.gen.kind_set:
                one_kind, spec = spec, None  # one kind, known only when the game runs
                kinds = f"({one_kind},)"
            else:
                kinds = self.tmp()
                self.emit(f"{kinds} = ({spec},) if {spec}.__class__ is str and {spec} in "
                          f"{self.c(self.gen.kind_set)} else it.kinds_of({spec}, {self.c(what)})")
        if q.mode == "all":
            if one_kind is not None:
                self.emit(f"it.rt.move_all_of({all_sources}, {dest}, {one_kind})")
            else:
                self.emit(f"it.rt.move_all({all_sources}, {dest}, {kinds})")
            if amount_type is None:
                self.unit.depth -= 1
            return
        ok, count = self.static_of(amount)
        wanted = amount
        if amount_type is not int and not (ok and type(count) is int):
            wanted = self.tmp()
            self.emit(f"{wanted} = {amount} if {amount}.__class__ is int else it.number({amount}, {self.c(q.amount)})")
        general = f"it.rt.move_tokens({n}, {all_sources}, {dest}, {wanted}, {kinds})"
        if spec is not None and q.mode != "all" and single is not None:
            single_kind = f"len({kinds}) == 1" + ("" if many is None else f" and {many} is None")
            self.emit(f"if {single_kind}: it.rt.move_kind({n}, {single}, {dest}, {kinds}[0], {wanted})")
            self.emit(f"else: {general}")
            if amount_type is None:
                self.unit.depth -= 1
            return
        if q.mode != "all" and one_kind is not None and single is not None:
            one = f"it.rt.move_kind({n}, {single}, {dest}, {one_kind}, {wanted})"
            if many is None and ok and type(count) is int and count > 0:
                self.move_kind_inline(n, single, dest, one_kind, count, q.mode == "exact")
            elif many is None:
                self.emit(one)
            else:
                self.emit(f"if {many} is None: {one}")
                self.emit(f"else: {general}")
        else:
            self.emit(general)
        if amount_type is None:
            self.unit.depth -= 1

    def move_kind_inline(self, n: str, source: str, dest: str, kind: str, count: int, exact: bool) -> None:
        """The runtime's move_kind written out, for a count known now (the commonest move: 1 or 2
        tokens), with the move protocol from its template."""
        src, have, dst = self.tmp(), self.tmp(), self.tmp()
        self.emit(f"{src} = it.state.zones[{source}]")
        self.emit(f"{have} = {src}.get({kind}, 0)")
        moved = str(count)
        if exact:
            self.emit(f"if {have} < {count}: raise rt.too_few(it, {n}, {source}, {kind}, {count}, {have})")
        else:
            moved = self.tmp()
            self.emit(f"{moved} = {count} if {have} > {count} else {have}")
            self.emit(f"if {moved} and {source} is not {dest}:")  # refs are canonical
        if exact:
            self.emit(f"if {source} is not {dest}:")
        self.unit.depth += 1
        for line in before_move_code("it.rt", source, dest, forgets=self.gen.decks_read_zones):
            self.emit(line)
        self.emit(f"{src}[{kind}] = {have} - {moved}")
        self.emit(f"{dst} = it.state.zones[{dest}]")
        self.emit(f"{dst}[{kind}] = {dst}.get({kind}, 0) + {moved}")
        self.emit(f"if it.rt.log.moves: it.rt.log_move({source}, {dest}, {{{kind}: {moved}}})")
        self.unit.depth -= 1

    def _s_Do(self, node: A.Do, scope: Scope) -> None:
        args = [self.expr(a, scope) for a in node.args]
        rule = self.d.rules.get(node.rule)
        n = self.c(node)
        if rule is None or len(rule.params) != len(args):
            self.emit(f"it.call_rule({self.t(node.rule)}, [{', '.join(args)}], {n})")  # raises
            return
        if not rule.body.stmts and not self.d.hooks.get(node.rule):
            # Nothing would run; only the depth limit could still stop it.
            self.emit(f"if it.depth >= MAX_DEPTH: it.call_rule({self.t(node.rule)}, "
                      f"[{', '.join(args)}], {n})")
            return
        if self.gen.rule_inlinable(node.rule) and self.inlined_rules < MAX_INLINE_NESTING:
            self.inlined_rules += 1
            self.rule_call(node.rule, args, n)
            self.inlined_rules -= 1
            return
        py = self.gen.function("rule", node.rule)
        self.emit(f"{py}(it, {''.join(a + ', ' for a in args)}{n})")

    def rule_call(self, name: str, args: list[str], site: str) -> None:
        """What running a rule does: its before hooks, its instead hooks (the last that runs
        replaces the body), its body (seeing only its parameters), its after hooks; in its own
        depth frame, with the budget checked."""
        rule = self.d.rules[name]
        self.enter_call(name, rule=True, site=site)
        hooks = self.d.hooks.get(name, {})
        for attached in hooks.get("before", ()):
            self.emit(f"{self.hook(attached, args)}(it, {', '.join(args)})")
        instead = list(reversed(hooks.get("instead", ())))
        for attached in instead:
            self.emit(f"if not {self.hook(attached, args)}(it, {', '.join(args)}):")
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
        self.unit.depth -= len(instead)
        for attached in hooks.get("after", ()):
            self.emit(f"{self.hook(attached, args)}(it, {', '.join(args)})")
        self.leave_call()

    def _ref(self, node: A.Expr, scope: Scope, kind: type, check: str) -> str:
        """A value that must be a zone, pile or player: checked by `it.<check>` unless its type
        is known already."""
        v = self.expr(node, scope)
        if self.type_of(v) is kind:
            return v
        out = self.tmp()
        self.emit(f"{out} = {self.fast(v, kind, v, f'it.{check}({v}, {self.c(node)})')}")
        return self.typed(out, kind)

    def _zone(self, node: A.Expr, scope: Scope) -> str:
        return self._ref(node, scope, ZoneRef, "zone")

    def _pile(self, node: A.Expr, scope: Scope) -> str:
        return self._ref(node, scope, PileRef, "pile")

    def _player(self, node: A.Expr, scope: Scope) -> str:
        return self._ref(node, scope, PlayerRef, "player")

    def _s_Place(self, node: A.Place, scope: Scope) -> None:
        value = self.expr(node.cards, scope)
        cards = self.tmp()
        self.emit(f"{cards} = it.rt.cards_of({value}, {self.c(node.cards)})")
        pile = self._pile(node.pile, scope)
        self.emit(f"it.rt.place_cards({self.c(node)}, {value}, {cards}, {pile})")

    def _s_Reveal(self, node: A.Reveal, scope: Scope) -> None:
        count = self.expr(node.count, scope)
        n = self.tmp()
        self.emit(f"{n} = {count} if {count}.__class__ is int else it.number({count}, {self.c(node.count)})")
        source = self._pile(node.source, scope)
        dest = self._pile(node.dest, scope)
        self.emit(f"it.reveal_cards({self.c(node)}, {n}, {source}, {dest})")

    def _s_Show(self, node: A.Show, scope: Scope) -> None:
        value = self.expr(node.cards, scope)
        cards = self.tmp()
        self.emit(f"{cards} = [] if {value} is None else it.rt.cards_of({value}, {self.c(node.cards)})")
        self.emit(f"it.show_cards({self.c(node)}, {cards}, {self.expr(node.player, scope)})")

    def _s_Shuffle(self, node: A.Shuffle, scope: Scope) -> None:
        self.emit(f"it.rt.shuffle_pile({self.c(node)}, {self._pile(node.pile, scope)})")

    def _s_Create(self, node: A.Create, scope: Scope) -> None:
        what = self.expr(node.what, scope)
        self.emit(f"it.rt.create({self.c(node)}, {what}, {self.expr(node.where, scope)})")

    def _s_Draw(self, node: A.Draw, scope: Scope) -> None:
        source = self._zone(node.source, scope)
        dest = self._zone(node.dest, scope)
        q = node.quantity
        wanted = "None"
        if q.mode != "all":
            amount = self.expr(q.amount, scope)
            wanted = self.tmp()
            self.emit(f"{wanted} = {self.fast(amount, int, amount, f'it.number({amount}, {self.c(q.amount)})')}")
        self.emit(f"it.rt.draw_tokens({self.c(node)}, {source}, {dest}, {wanted})")

    def _s_AskDistribute(self, node: A.AskDistribute, scope: Scope) -> None:
        p = self._player(node.player, scope)
        names_kind = isinstance(node.amount, A.Name) and node.amount.id in self.d.kinds
        kind = "None"
        if names_kind:
            static = self.static_kinds(node.amount, scope)
            if static is not None and len(static) == 1:
                kind = self.t(static[0])
            else:
                spec = self.expr(node.amount, scope)
                kinds = self.tmp()
                self.emit(f"{kinds} = it.kinds_of({spec}, {self.c(node.amount)})")
                kind = f"{kinds}[0]"
        source = self._zone(node.source, scope)
        if not names_kind:
            self.emit(f"raise it.error({self.c(node.amount)}, "
                      f"{self.t('write which tokens to distribute: `distribute KIND from ZONE among ...`')})")
            return
        value = self.expr(node.targets, scope)
        targets = self.tmp()
        self.emit(f"{targets} = it.distribution_targets({self.c(node)}, {p}, {value})")
        limits = []
        for limit in node.limits:
            amount = self.expr(limit.amount, scope)
            number = self.tmp()
            self.emit(f"{number} = {self.fast(amount, int, amount, f'it.number({amount}, {self.c(limit.amount)})')}")
            zones = self.iterable(limit.zones, scope)
            limits.append(f"({number}, {zones})")
        self.emit(f"it.rt.distribute({self.c(node)}, {p}, {kind}, {source}, {targets}, [{', '.join(limits)}])")

    def _s_Secretly(self, node: A.Secretly, scope: Scope) -> None:
        before = self.tmp()
        self.emit(f"{before} = it.rt.open_secret()")
        self.emit("try:")
        self.unit.depth += 1
        self.block_in(node.body, Scope(scope))
        self.unit.depth -= 1
        self.emit("finally:")
        self.emit("    it.rt.close_secret()")
        self.emit(f"it.rt.uncover({before})")

    def _BundleLit(self, node: A.BundleLit, scope: Scope) -> str:
        out = self.tmp()
        self.emit(f"{out} = {{}}")
        for kind, expr in node.items:
            if kind not in self.d.kinds:
                self.emit(f"raise it.error({self.c(node)}, {self.t(f'{kind!r} is not a token kind')}, "
                          f"rt.did_you_mean({self.t(kind)}, it.d.kinds))")
                return out
            value = self.expr(expr, scope)
            k = self.t(kind)
            self.emit(f"if {value}.__class__ is not int or {value} <= 0:")
            self.emit(f"    rt.bundle_count(it, {self.c(expr)}, {k}, {value})")
            self.emit(f"if {value}: {out}[{k}] = {out}.get({k}, 0) + {value}")
        return out

    def _s_EndGame(self, node: A.EndGame, scope: Scope) -> None:
        self.emit(f"it.rt.current_span = {self.c(node.span)}")  # an `end game` in setup is reported here
        self.emit("raise GameOver()")

    def _s_Say(self, node: A.Say, scope: Scope) -> None:
        args = [self.expr(a, scope) for a in node.args]
        self.emit(f"it.rt.log.emit({self.t('say')}, msg={self.t(node.message)}, "
                  f"args=[{', '.join(f'encode({a})' for a in args)}])")

    def _s_AskMay(self, node: A.AskMay, scope: Scope) -> None:
        p = self._player(node.player, scope)
        answer = self.tmp()
        self.emit(f"{answer} = it.rt.ask(rt.Decision({p}.seat, {self.t(node.id)}, {self.t('may')}, [True, False]), "
                  f"{self.c(node)})")
        self.branches(answer, node.body, node.otherwise, scope)

    def _s_AskChoose(self, node: A.AskChoose, scope: Scope) -> None:
        p = self._player(node.player, scope)
        values = self.iterable(node.options, scope)
        chosen = self.tmp()
        self.emit(f"{chosen} = rt.choose(it, {self.c(node)}, {p}, {values})")
        self.emit(f"if {chosen} is not MISSING:")
        self.unit.depth += 1
        inner = Scope(scope)
        local = inner.names[node.var] = self.unit.new("l")
        self.emit(f"{local} = {chosen}")
        self.block_in(node.body, inner)
        self.unit.depth -= 1
