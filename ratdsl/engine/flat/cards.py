"""Cards and piles in the flat target (`shuffle`, `place`, `reveal`, card effects) and card
activity: a card's modifiers and hooks apply only while its deck has it in play, worked out by
`act()` and forgotten (AC[0] = None) after a change that can alter it. A mixin of
StatementLowering."""

from __future__ import annotations

from ...language import ast as A
from ...semantics.values import CardValue
from ..limits import ACTIVITY_STEPS
from .code import Code, Scope
from .tags import CARD_T, INT, PILE_T, Unsupported
from .val import Val, is_list, list_of


class CardLowering:
    """Pile statements, `on reveal` effects and card activity for StatementLowering."""

    def st_Shuffle(self, node: A.Shuffle, code: Code, sc: Scope) -> None:
        pile = self.ex(node.pile, sc)
        if pile.t != PILE_T:
            raise Unsupported(node, "shuffling something that is not a pile")
        if self.logging:
            pl = self.fresh("p")
            code(f"{pl} = {pile.code}")
            code(f"RNG.shuffle({pl})")
            code(f"LSHUF({pl})")
        else:
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
            if self.logging:
                code(f"LPLACE(list({src}), {dst}, {node.where!r})")
            code(f"if {src} is not {dst}:")
            code(f"    {dst}[{'0:0' if node.where == 'top' else 'len(' + dst + '):'}] = {src}")
            code(f"    {src}.clear()")
        else:
            if what.t not in (CARD_T, list_of(CARD_T)):
                raise Unsupported(node.cards, f"a {what.t} where cards are expected")
            cards = what.code if is_list(what.t) else f"[{what.code}]"
            taken = f"take_cards(PILES, {cards})"
            if self.logging:
                t = self.fresh("t")
                code(f"{t} = {taken}")
                code(f"LPLACE({t}, {dst}, {node.where!r})")  # (logged before the pile is changed:
                taken = t  # the record is the same)
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
        if self.logging:
            code(f"    LREV({c}, {s}, {d})")
        code("    AC[0] = None")
        code(f"    e = ON_REVEAL.get({c}.name)")
        code("    if e is not None: e()")

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
                self.by.append(name)
                try:
                    self.block(h.body, code, Scope({"this": this}))
                finally:
                    self.by.pop()
            self.units.append(code.text())
            out[name] = py
        for card in self.d.cards.values():
            for h in card.handlers:
                if h.event != "reveal":
                    raise Unsupported(h, f"a card effect `on {h.event}`")
        return out

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
        code(f"s, ST[0] = ST[0], {ACTIVITY_STEPS}")  # (a budget of its own: Interpreter.card_active)
        self.costs.append([0])  # (what its expressions call is not paid)
        try:
            self.activity_items(code)
        finally:
            self.costs.pop()
        code("ST[0] = s")
        code("return v")
        self.units.append(code.text())

    def activity_items(self, code: Code) -> None:
        """act()'s list, in AC[0] and `v`."""
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
