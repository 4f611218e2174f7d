"""The typed form's statements: the kinds each part of a statement takes (E282), `set` keeping a
variable's kind (E283), and what statements bind (loop variables, `let`, choices, plans) and
call (`do`). The inference (inference.py) mixes this in."""

from __future__ import annotations

from typing import Any

from ..language import ast as A
from . import types as T
from .symbols import BUILTIN, CONST, LOCAL, VAR
from .typed_calls import ACCEPTS, HINTS, ITEMS, NUMBER, ZONES

Ty = Any  # frozenset[T.Base] | None
_KIND = frozenset((T.KIND,))
_ZONE = frozenset((T.ZONE,))
_CARD = frozenset((T.CARD,))
_SHOWN = frozenset((T.CARD, T.LIST, T.PILE, T.NONE))  # what `show` takes (none: nothing to show)
_LIST = frozenset((T.LIST,))
_TARGETS = frozenset((T.ZONE, T.ZNAME, T.TEXT))  # what `distribute ... among` lists: zones, or a player's by name
_LIMITED = frozenset((T.ZONE,)) | T.NAMED  # what a limit's list holds (a name no target is left out)
_AMONG_HINT = "`among [hand, table]` names the player's own zones; `among [p.hand, q.hand]` gives zones"


class StatementTypes:
    """Statements (a mixin of inference._Infer)."""

    table: Any
    form: Any
    locals: dict
    calls: dict
    sets: dict
    set_lets: set
    let_sets: dict
    ty: Any
    need: Any
    find: Any
    condition: Any
    declared: Any
    note_site: Any
    said_arguments: Any
    put_cards: Any
    facts: Any
    narrowing: Any
    members_set: dict
    read_local: Any
    is_set_let: Any
    join_let: Any
    join_var: Any
    join_call: Any
    op: Any

    def block(self, block: A.Block) -> None:
        for s in block.stmts:
            self.stmt(s)

    def stmt(self, s: A.Stmt) -> None:
        ty, need = self.ty, self.need
        cls = s.__class__
        if cls is A.Let:
            self.locals[(id(s), s.name)] = ty(s.value)
        elif cls is A.Set:
            self.set(s)
        elif cls is A.If:
            self.condition(s.condition)
            facts = self.facts(s.condition)
            changed = self.members_of(s) if any(f[0][0] == "path" for told in facts for f in told) else ()
            yes, no = ([f for f in told if not self.is_set_let(f[0]) and not (f[0][0] == "path" and f[0][2] in changed)]
                       for told in facts)
            with self.narrowing(yes):  # (a `let` a `set` changes is not narrowed: the set may undo it; nor a
                # player's `.NAME[k]` where the block sets a `.NAME`)
                self.block(s.then)
            if s.otherwise is not None:
                with self.narrowing(no):
                    self.block(s.otherwise)
        elif cls is A.ForEach:
            source = need(s.source, ITEMS, "`for each`'s list", "a list, a pile or a bundle",
                          "E282", "write `for each x in LIST`; a number n counts with `repeat n times`")
            self.one_kind(s.source, "`for each`'s list")
            self.locals[(id(s), s.var)] = T.element(source)
            self.block(s.body)
        elif cls is A.While:
            self.condition(s.condition)
            self.block(s.body)
        elif cls is A.Repeat:
            need(s.count, NUMBER, "`repeat`'s count", "a number", "E282")
            self.block(s.body)
        elif cls is A.Move or cls is A.Draw:
            q = s.quantity
            if q.amount is not None:
                if cls is A.Move and s.what is None:
                    need(q.amount, frozenset((T.NUMBER, T.BUNDLE)), f"`{_verb(s)}`'s amount", "a number or a bundle",
                         "E282")
                else:
                    need(q.amount, NUMBER, f"`{_verb(s)}`'s amount", "a number", "E282")
            if cls is A.Move and s.what is not None:
                what = need(s.what, ACCEPTS["kinds"], "`move`'s tokens", "a token kind or a list of kinds", "E282")
                self.listed(s.what, _KIND, "an item of a list of token kinds", "a token kind")
                self.items(s.what, what, _KIND, "`move`'s tokens", "a token kind or a list of kinds")
            if cls is A.Move:
                self.listed(s.source, _ZONE, "an item of a list of zones", "a zone")
            source = need(s.source, ZONES if cls is A.Move else frozenset((T.ZONE,)), f"`{_verb(s)} ... from`",
                          "a zone" + (" or a list of zones" if cls is A.Move else ""), "E282")
            if cls is A.Move:
                self.items(s.source, source, _ZONE, "`move ... from`", "a zone or a list of zones")
            need(s.dest, frozenset((T.ZONE,)), f"`{_verb(s)} ... to`", "a zone", "E282")
        elif cls is A.Create:
            what = need(s.what, frozenset((T.BUNDLE, T.CARD, T.LIST)), "`create`", "a bundle of tokens, or cards",
                        "E282")
            self.cards(s.what, what, "`create`")
            self.put_cards(s.what, need(s.where, frozenset((T.ZONE, T.PILE)), "`create ... in`",
                                "a zone (tokens) or a pile (cards)", "E282"), _cards(what))
        elif cls is A.Shuffle:
            need(s.pile, frozenset((T.PILE,)), "`shuffle`", "a pile of cards", "E282")
        elif cls is A.Place:
            cards = need(s.cards, frozenset((T.CARD, T.LIST, T.PILE)), "`place`'s cards",
                         "a card, a list of cards or a pile", "E282")
            self.cards(s.cards, cards, "`place`'s cards")
            self.put_cards(s.cards, need(s.pile, frozenset((T.PILE,)), "`place ... on`", "a pile of cards", "E282"),
                           _cards(cards))
        elif cls is A.Reveal:
            need(s.count, NUMBER, "`reveal`'s count", "a number", "E282")
            source = need(s.source, frozenset((T.PILE,)), "`reveal ... from`", "a pile of cards", "E282")
            self.put_cards(s.source, need(s.dest, frozenset((T.PILE,)), "`reveal ... to`", "a pile of cards", "E282"),
                           _cards(source))
        elif cls is A.AskMay:
            need(s.player, frozenset((T.PLAYER,)), "`ask`'s player", "a player", "E282")
            self.block(s.body)
            if s.otherwise is not None:
                self.block(s.otherwise)
        elif cls is A.AskChoose:
            need(s.player, frozenset((T.PLAYER,)), "`ask`'s player", "a player", "E282")
            options = need(s.options, ITEMS, "`choose ... from`", "a list, a pile or a bundle", "E282")
            self.locals[(id(s), s.var)] = T.element(options)
            self.block(s.body)
        elif cls is A.AskDistribute:
            need(s.player, frozenset((T.PLAYER,)), "`ask`'s player", "a player", "E282")
            ty(s.amount)
            need(s.source, frozenset((T.ZONE,)), "`distribute ... from`", "a zone", "E282")
            targets = need(s.targets, _LIST, "`distribute ... among`", "a list of zones or zone names", "E282",
                           _AMONG_HINT)
            if not self.items(s.targets, targets, _LIST, "`distribute ... among`", "a list of zones or zone names",
                              hint=_AMONG_HINT, element=_TARGETS):
                self.listed(s.targets, _TARGETS, "an item of `distribute ... among`", "a zone or a zone's name",
                            hint=_AMONG_HINT)
            for limit in s.limits:
                need(limit.amount, NUMBER, f"`at {limit.kind}`'s count", "a number", "E282")
                zones = need(limit.zones, ZONES, f"`at {limit.kind} ... in`", "a zone or a list of zones", "E282")
                if not self.items(limit.zones, zones, ZONES, f"`at {limit.kind} ... in`", "a zone or a list of zones",
                                  element=_LIMITED):
                    self.listed(limit.zones, _LIMITED, f"an item of `at {limit.kind} ... in`",
                                "a zone or a zone's name")
        elif cls is A.Do:
            self.arguments(("rule", s.rule), s.args)
        elif cls is A.Secretly:
            self.block(s.body)
        elif cls is A.Plan:
            players = need(s.players, ITEMS, "`plan ... for each`", "a list of players", "E282")
            self.locals[(id(s), s.var)] = T.element(players)
            need(s.count, NUMBER, "`plan`'s count", "a number", "E282")
            step = T.element(need(s.options, ITEMS, "`plan ... from`", "a list of the options", "E282",
                                  "a plan chooses among a list: `choose 2 from plan_options(p)`"))  # (a step
            # passed, `or pass`, is none)
            steps = T.list_of(T.join(step, T.of(T.NONE)) if s.optional else step)
            self.locals[(id(s), "it")] = steps
            if s.likely is not None:
                need(s.likely, ITEMS, "`plan ... likely`", "a list of the options expected to run", "E282",
                     "`likely` lists options of the plan: `likely [a, b]`, `likely likely_options(p, it)`")
            self.join_var(s.into, steps)
            self.op("var", s.into, steps)
        elif cls is A.Turn:
            need(s.player, frozenset((T.PLAYER,)), "`turn`'s player", "a player", "E282")
            self.block(s.body)
        elif cls is A.Assert:
            self.condition(s.condition)
        elif cls is A.Show:
            self.cards(s.cards, need(s.cards, _SHOWN, "`show`'s cards", "a card, a list of cards or a pile",
                                     "E282"), "`show`'s cards")
            need(s.player, frozenset((T.PLAYER,)), "`show ... to`", "a player", "E282")
        else:
            for child in A.iter_children(s):
                if isinstance(child, A.Expr):
                    ty(child)

    def members_of(self, s: A.If) -> frozenset[str]:
        """The `.NAME`s an `if` sets (the same in every walk: worked out once, for the `if`s inside
        it too, and only for an `if` that tests a player's `.NAME[k]`)."""
        changed = self.members_set.get(id(s))
        if changed is None:
            _members_set(s, self.members_set)
            changed = self.members_set[id(s)]
        return changed

    def items(self, x: A.Expr, t: Ty, accepted: frozenset[str], what: str, wanted: str, code: str = "E282",
              hint: str | None = None, element: frozenset[str] | None = None) -> bool:
        """A finding where x, a list, surely holds no item of the accepted kinds (or of the element
        kinds, where they differ; a kind itself is `need`'s to judge): a game using it stops at its
        first item. Whether it found one."""
        if T.refuses_items(t, accepted, accepted if element is None else element):
            self.find(x, code, f"{what}: expected {wanted}, found {T.words(t)}", hint or HINTS.get(code))
            return True
        return False

    def cards(self, x: A.Expr, t: Ty, what: str) -> None:
        """A finding where x, which may be a list, surely holds no cards (`place [0, 1] on ...`):
        a game stops at its first item. Its items written out are each held to be a card."""
        if T.refuses_items(t, _SHOWN | frozenset((T.BUNDLE,)), _CARD):
            self.find(x, "E282", f"{what}: expected cards, found {T.words(t)}", HINTS.get("E282"))
        else:
            self.listed(x, _CARD, f"an item of {what}", "a card")

    def listed(self, x: A.Expr, accepted: frozenset[str], what: str, wanted: str, code: str = "E282",
               hint: str | None = None) -> None:
        """Each item of a list written out (itself, or a constant's value) that must be of one of
        the accepted kinds: a game using the list stops at the first item that is not. (The
        list's own type may hold other kinds too; its items written out cannot.)"""
        x = self.written_list(x)
        if isinstance(x, A.ListLit):
            for item in x.items:
                self.need(item, accepted, what, wanted, code, hint)

    def one_kind(self, x: A.Expr, what: str) -> None:
        """E292 where a list written out (itself, or a constant's value) that is gone through item
        by item holds items of different kinds (`for each s in [1, right]`): its variable takes
        each in turn, and what a kind refuses stops a game at that item. (A list of positions,
        `[build, s, 2]`, is read by `[i]`, not gone through.)"""
        x = self.written_list(x)
        if not isinstance(x, A.ListLit):
            return
        kinds = [T.without_none(self.ty(item)) for item in x.items]
        first = next((k for k in kinds if k), None)
        for item, k in zip(x.items, kinds):
            if first is not None and k and T.differ(first, k):
                self.find(item, "E292", f"{what}: a list holds one kind of item, and this one holds "
                          f"{T.words(first)} and {T.words(k)}",
                          "write its items of one kind, or go through each kind with a list of its own")
                return

    def written_list(self, x: A.Expr) -> A.Expr:
        """x, or the value of the constant x names (and so on)."""
        seen = 0
        while isinstance(x, A.Name) and seen < 20:
            sym = self.table.ref(x)
            if sym is None or sym.kind != CONST or not isinstance(sym.decl, A.Const):
                return x
            x, seen = sym.decl.value, seen + 1
        return x

    def set(self, s: A.Set) -> None:
        value = self.ty(s.value)
        target = s.target
        declared: Ty = None
        what = ""
        if isinstance(target, A.Name):
            sym = self.table.ref(target)
            if sym is not None and sym.kind == LOCAL and isinstance(sym.decl, A.Let):
                key = (id(sym.decl), sym.name)
                self.set_lets.add(key)
                declared, what = self.read_local(key), f"{target.id}"
                unwritten = T.unwritten(value)
                self.join_let(key, unwritten)
                self.op("let", key, unwritten)
            elif sym is not None and sym.kind == VAR:
                declared, what = self.declared(target.id), f"variable {target.id}"
            elif sym is not None and sym.kind == BUILTIN and target.id == "active":
                declared, what = T.of(T.PLAYER), "the active player"
        elif isinstance(target, A.Attr):
            self.need(target.obj, frozenset((T.PLAYER,)), f"`set` of `.{target.name}`", "a player (whose variable "
                      "it sets)", "E282", "`set p.NAME = value` sets player p's variable NAME")
            if target.name in self.table.player_vars:
                declared, what = self.declared(target.name), f"variable {target.name}"
        if declared and T.written_none(value) and T.NONE not in T.tags(declared):
            self.find(s.value, "E283", f"`set`: {what} is {T.words(declared)}, and this may set it to none",
                      "a variable keeps its declaration's kind: declare it `= none` if it may be none")
            return
        if what.startswith("variable "):
            name = what[len("variable "):]
            self.join_var(name, T.unwritten(value))
            self.op("var", name, T.unwritten(value))
        got = T.without_none(value)
        declared = T.without_none(declared)
        if declared and got and T.differ(declared, got):
            self.find(s.value, "E283", f"`set`: {what} is {T.words(declared)} (its declaration's kind), found "
                      f"{T.words(got)}",
                      f"set {what} to {T.words(declared)}" if what != "the active player" else
                      "the active player is a player: e.g. `pick(players)`, `neighbour(active, left)`")

    def changed(self, x: A.Expr) -> bool:
        """Whether x is a `let` name that a `set` changes (its type is its first value's)."""
        sym = self.table.ref(x) if isinstance(x, A.Name) else None
        return sym is not None and sym.kind == LOCAL and self.is_set_let((id(sym.decl), sym.name))

    def arguments(self, key: tuple[str, str], args: tuple[A.Expr, ...]) -> None:
        types = [self.ty(a) for a in args]
        self.note_site(key, args, types)
        self.said_arguments(key, args, types)
        self.join_call(key, types)
        self.op("call", key, args, types)


def _verb(s: A.Stmt) -> str:
    return "move" if isinstance(s, A.Move) else "draw"


def _cards(t: Ty) -> Ty:
    """The cards a statement's value puts in a pile: a card, a list's items, a pile's cards."""
    if t is None:
        return None
    parts = [frozenset((b,)) if b.tag == T.CARD else T.element(frozenset((b,))) for b in t
             if b.tag in (T.CARD, T.LIST, T.PILE)]
    return T.joined(parts)


def _members_set(s: A.If, out: dict[int, frozenset[str]]) -> None:
    """The names NAME of the `set X.NAME` statements anywhere in an `if` statement, and in each
    `if` inside it, by node id into out (one walk over it, without recursion)."""
    names: dict[int, set[str]] = {}
    todo: list[tuple[A.Node, list[A.Node] | None]] = [(s, None)]
    while todo:
        node, children = todo.pop()
        if children is None:
            children = A.children_of(node)
            todo.append((node, children))
            todo.extend((c, None) for c in children)
            continue
        mine = names[id(node)] = set()
        for c in children:
            mine |= names.get(id(c), ())
        if isinstance(node, A.Set) and isinstance(node.target, A.Attr):
            mine.add(node.target.name)
        if isinstance(node, A.If):
            out[id(node)] = frozenset(mine)
