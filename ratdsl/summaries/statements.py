"""Statements as sentences, with the sentences that depend on them. The forms of the node kinds
are functions in one table (`STATEMENTS`), one per class of `ast.Stmt`; `Statements` walks blocks
(binding `let`s) and holds the numbering of labelled values."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..language import ast as A
from ..semantics.definition import GameDef
from ..semantics.recursion import rules_reaching_themselves
from .context import Ctx, Item, Local, element_of, is_list, list_of
from .decided import counts_where
from .expressions import Expressions
from .messages import Catalog
from .names import builtin_of
from .static import ByPlayers, Sym


class Statements:
    """Renders blocks through the forms of `STATEMENTS`; a kind with no form is an error."""

    def __init__(self, d: GameDef, cat: Catalog, exprs: Expressions):
        self.d = d
        self.m = cat
        self.x = exprs
        self.w = exprs.w
        self.k = exprs.k
        self.v = exprs.v
        self.labels = 0  # the labelled values so far in the element being written
        self._repeating: frozenset[str] | None = None

    def repeating(self) -> frozenset[str]:
        """The rules that lead back to themselves through `do` (worked out once): their calls
        say that they repeat, and each is described once."""
        if self._repeating is None:
            self._repeating = rules_reaching_themselves(self.d)
        return self._repeating

    def block(self, block: A.Block | None, ctx: Ctx) -> list[Item]:
        items: list[Item] = []
        if block is None:
            return items
        for i, stmt in enumerate(block.stmts):
            if isinstance(stmt, A.Let):
                kind = self.k.kind_of(stmt.value, ctx)
                uses = sum(1 for later in block.stmts[i + 1:] for n in A.walk(later)
                           if isinstance(n, A.Name) and n.id == stmt.name)
                text = self.x.expr(stmt.value, ctx)
                if uses > 1 and len(text) > 40:
                    self.labels += 1
                    label = self.m("ui-label", n=self.labels)
                    items.append(Item(self.w.sentence(self.m("stmt-let", label=label, value=text))))
                    ctx = ctx.bind(stmt.name, Local(kind, "ref-label", {"label": label}))
                else:
                    ctx = ctx.bind(stmt.name, Local(kind, subst=stmt.value, scope=ctx))
                continue
            items.extend(self.stmt(stmt, ctx))
        return items

    def stmt(self, s: A.Stmt, ctx: Ctx) -> list[Item]:
        form = STATEMENTS.get(type(s))
        if form is None:  # never a vague word: a kind with no form is a bug (a test lists them)
            raise TypeError(f"the summaries have no form for {type(s).__name__}")
        return form(self, s, ctx)

    def _else(self, block: A.Block, ctx: Ctx) -> list[Item]:
        if len(block.stmts) == 1 and isinstance(block.stmts[0], A.If):
            nested = block.stmts[0]
            if self.v.decide(nested.condition, ctx) is None:
                first = Item(self.w.sentence(self.m("stmt-else-if", cond=self.x.cond(nested.condition, ctx))),
                             self.block(nested.then, ctx))
                return [first] + (self._else(nested.otherwise, ctx) if nested.otherwise is not None else [])
        body = self.block(block, ctx)
        return [Item(self.w.sentence(self.m("stmt-else")), body)] if body else []


def s_Let(r: Statements, s: A.Let, ctx: Ctx) -> list[Item]:
    """Says nothing: `block` binds a `let`, and its value is told where the name is used."""
    return []


def s_If(r: Statements, s: A.If, ctx: Ctx) -> list[Item]:
    decided = r.v.decide(s.condition, ctx)
    if decided is True or decided is False:
        taken = s.then if decided else s.otherwise
        body = r.block(taken, ctx) if taken is not None else []
        options = r.v.options_in(s.condition)
        if options and body:
            note = r.m("ui-option-note", options=r.w.option_note(options))
            body[0] = Item(r.w.with_note(body[0].text, note), body[0].children)
        return body
    if isinstance(decided, ByPlayers):
        head = r.m("stmt-if-players", players=r.w.players_set(counts_where(decided), "dat"))
    else:
        head = r.m("stmt-if", cond=r.x.cond(s.condition, ctx))
    items = [Item(r.w.sentence(head), r.block(s.then, ctx))]
    if s.otherwise is not None:
        items += r._else(s.otherwise, ctx)
    return items


def s_ForEach(r: Statements, s: A.ForEach, ctx: Ctx) -> list[Item]:
    source = s.source
    cond = None
    order = None
    if isinstance(source, A.Ordered):
        order = source
        source = source.source
    if isinstance(source, A.Where):
        cond = source.condition
        source = source.source
    elem = element_of(r.k.kind_of(source, ctx))
    local = r.x.local_for(source, ctx)
    inner = ctx.bind(s.var, local, subject=r.x.new_subject(local))
    it_ctx = ctx.bind("it", local, subject=r.x.new_subject(local))
    if (builtin := builtin_of(r.d, source)) is not None and builtin.type == list_of("player"):  # every player
        head = r.m("stmt-each-player")
    elif isinstance(source, A.Call) and source.func in ("pieces", "kinds") and source.args:
        head = r.m(f"stmt-each-{source.func}", where=r.x.zone_phrase(source.args[0], ctx, "in"))
    else:
        members = r.v.try_static(source, ctx)
        if isinstance(members, list) and members and all(isinstance(m, Sym) for m in members):
            head = r.m("stmt-each-of", noun=local.noun or r.w.word("value", count=1),
                          gender=local.gender, items=r.w.value_text(members))
        else:
            head = r.m("stmt-each-in", noun=r.w.singular_noun(elem, local), items=r.x.expr(source, ctx, "dat"),
                          gender=r.w.local_gender(elem, local))
    if cond is not None:
        head = r.m("stmt-each-where", head=head, cond=r.x.cond(cond, it_ctx))
    if order is not None:
        head = r.m("stmt-each-order", head=head, keys=r.x.order_keys(order.key, order.descending, it_ctx))
    return [Item(r.w.sentence(r.m("ui-head", text=head)), r.block(s.body, inner))]


def s_While(r: Statements, s: A.While, ctx: Ctx) -> list[Item]:
    return [Item(r.w.sentence(r.m("stmt-while", cond=r.x.cond(s.condition, ctx))), r.block(s.body, ctx))]


def s_Repeat(r: Statements, s: A.Repeat, ctx: Ctx) -> list[Item]:
    value = r.v.try_static(s.count, ctx)
    body = r.block(s.body, ctx)
    if isinstance(value, int):
        if value == 1:
            return body
        head = r.m("stmt-repeat", n=value)
    elif isinstance(s.count, A.IfExpr) and all(
            isinstance(r.v.try_static(branch, ctx), int) for branch in (s.count.then, s.count.otherwise)):
        # "3 times if the final side applies, otherwise once", not "as many times as 3 if ..."
        head = r.m("stmt-repeat-if", cond=r.x.cond(s.count.condition, ctx),
                   then=r.m("repeat-times", n=r.v.try_static(s.count.then, ctx)),
                   otherwise=r.m("repeat-times", n=r.v.try_static(s.count.otherwise, ctx)))
    elif isinstance(value, ByPlayers) and isinstance(s.count, A.Name) and s.count.id in r.d.consts:
        head = r.m("stmt-repeat-per", noun=r.w.noun(f"const-{s.count.id}", "one"))
    else:
        head = r.m("stmt-repeat-np", n=r.x.expr(s.count, ctx))
    return [Item(r.w.sentence(head), body)]


def s_Move(r: Statements, s: A.Move, ctx: Ctx) -> list[Item]:
    return [Item(r.w.sentence(r.m("stmt-move", what=r.x.quantity(s.quantity, s.what, ctx),
                                       src=r.x.zone_phrase(s.source, ctx, "from"),
                                       dst=r.x.zone_phrase(s.dest, ctx, "to"))))]


def s_Draw(r: Statements, s: A.Draw, ctx: Ctx) -> list[Item]:
    return [Item(r.w.sentence(r.m("stmt-draw", what=r.x.quantity(s.quantity, None, ctx),
                                       src=r.x.zone_phrase(s.source, ctx, "from"),
                                       dst=r.x.zone_phrase(s.dest, ctx, "to"))))]


def s_Create(r: Statements, s: A.Create, ctx: Ctx) -> list[Item]:
    what = r.x.expr(s.what, ctx, "acc")
    return [Item(r.w.sentence(r.m("stmt-create", what=what, dst=r.x.zone_phrase(s.where, ctx, "in"),
                                  dst_to=r.x.zone_phrase(s.where, ctx, "to"))))]


def s_Shuffle(r: Statements, s: A.Shuffle, ctx: Ctx) -> list[Item]:
    return [Item(r.w.sentence(r.m("stmt-shuffle", pile=r.x.zone_phrase(s.pile, ctx, "acc"))))]


def s_Place(r: Statements, s: A.Place, ctx: Ctx) -> list[Item]:
    cards = r.x.expr(s.cards, ctx, "acc")
    if r.k.kind_of(s.cards, ctx) == "pile":
        cards = r.m("np-pile-cards", pile=r.x.zone_phrase(s.cards, ctx, "gen"))
    key = "stmt-place-top" if s.where == "top" else "stmt-place-bottom"
    return [Item(r.w.sentence(r.m(key, cards=cards, pile_gen=r.x.zone_phrase(s.pile, ctx, "gen"),
                                      pile_to=r.x.zone_phrase(s.pile, ctx, "to"),
                                      pile_acc=r.x.zone_phrase(s.pile, ctx, "acc"))))]


def s_Reveal(r: Statements, s: A.Reveal, ctx: Ctx) -> list[Item]:
    value = r.v.try_static(s.count, ctx)
    if isinstance(value, ByPlayers) or not isinstance(value, int):
        n = r.x.expr(s.count, ctx)
        count = "varies"
    else:
        n, count = r.m("ui-number", n=value), value
    return [Item(r.w.sentence(r.m("stmt-reveal", n=n, count=count,
                                       src=r.x.zone_phrase(s.source, ctx, "from"),
                                       dst=r.x.zone_phrase(s.dest, ctx, "to"))))]


def s_AskMay(r: Statements, s: A.AskMay, ctx: Ctx) -> list[Item]:
    items = [Item(r.w.sentence(r.m("stmt-may", player=r.x.expr(s.player, ctx),
                                       decision=r.w.decision(s.id))), r.block(s.body, ctx))]
    if s.otherwise is not None:
        items.append(Item(r.w.sentence(r.m("stmt-may-not")), r.block(s.otherwise, ctx)))
    return items


def s_AskChoose(r: Statements, s: A.AskChoose, ctx: Ctx) -> list[Item]:
    local = r.x.local_for(s.options, ctx, chosen=True)
    inner = ctx.bind(s.var, local)
    head = r.m("stmt-choose", player=r.x.expr(s.player, ctx), decision=r.w.decision(s.id),
                  options=r.x.expr(s.options, ctx, "dat"), optional="yes" if s.optional else "no")
    return [Item(r.w.sentence(head), r.block(s.body, inner))]


def s_AskDistribute(r: Statements, s: A.AskDistribute, ctx: Ctx) -> list[Item]:
    what = r.w.noun(r.w.noun_key(s.amount.id) if isinstance(s.amount, A.Name) else None, "other", "def")
    head = r.m("stmt-distribute", player=r.x.expr(s.player, ctx), decision=r.w.decision(s.id), what=what,
                  src=r.x.zone_phrase(s.source, ctx, "from"), targets=r.x.targets(s.targets, ctx))
    children = []
    for limit in s.limits:
        children.append(Item(r.w.sentence(r.m(f"stmt-limit-{limit.kind}", n=r.x.expr(limit.amount, ctx),
                                                  where=r.x.targets(limit.zones, ctx)))))
    return [Item(r.w.sentence(head), children)]


def s_Do(r: Statements, s: A.Do, ctx: Ctx) -> list[Item]:
    rule = r.d.rules.get(s.rule)
    if rule is not None and not rule.body.stmts:
        return []  # a named moment where cards and modules hook in: they say so themselves
    if s.rule in r.repeating():
        return [Item(r.w.sentence(r.m("stmt-do-repeats", rule=r.w.rule_title(s.rule))))]
    key = f"rule-{s.rule}"
    if rule is not None and r.m.has(key, "call"):
        return [Item(r.w.sentence(r.m.attr(key, "call", **r.x.arg_values(rule.params, s.args, ctx))))]
    return [Item(r.w.sentence(r.m("stmt-do", rule=r.w.rule_title(s.rule))))]


def s_Secretly(r: Statements, s: A.Secretly, ctx: Ctx) -> list[Item]:
    return [Item(r.w.sentence(r.m("stmt-secretly")), r.block(s.body, ctx))]


# plans
def s_Plan(r: Statements, s: A.Plan, ctx: Ctx) -> list[Item]:
    """Who plans, how many steps, from what, and the variable the plans are revealed into."""
    local = r.x.local_for(s.players, ctx)
    inner = ctx.bind(s.var, local, subject=r.x.new_subject(local))
    target = A.Attr(A.Name(s.var, span=s.span), s.into, span=s.span)
    head = r.m("stmt-plan", players=r.x.expr(s.players, ctx), n=r.x.expr(s.count, ctx),
               decision=r.w.decision(s.id), options=r.x.expr(s.options, inner, "dat"),
               optional="yes" if s.optional else "no", target=r.x.expr(target, inner, "acc"))
    return [Item(r.w.sentence(head))]
# end plans


def s_EndGame(r: Statements, s: A.EndGame, ctx: Ctx) -> list[Item]:
    return [Item(r.w.sentence(r.m("stmt-end")))]


def s_Say(r: Statements, s: A.Say, ctx: Ctx) -> list[Item]:
    return []


def s_Assert(r: Statements, s: A.Assert, ctx: Ctx) -> list[Item]:
    """Says nothing: an `assert` checks the rules as written; players follow no rule of it."""
    return []


def s_Show(r: Statements, s: A.Show, ctx: Ctx) -> list[Item]:
    return [Item(r.w.sentence(r.m("stmt-show", cards=r.x.expr(s.cards, ctx, "acc"),
                                       player=r.x.expr(s.player, ctx, "dat"))))]


def s_Set(r: Statements, s: A.Set, ctx: Ctx) -> list[Item]:
    if (builtin := builtin_of(r.d, s.target)) is not None and builtin.type == "player" and not builtin.binder:
        return [Item(r.w.sentence(r.m("stmt-set-active", player=r.x.expr(s.value, ctx))))]
    value = s.value
    if isinstance(value, A.BinOp) and value.op in ("+", "-") and same_place(value.left, s.target) \
            and not is_list(r.k.kind_of(value.left, ctx)):
        # `x = x + n` reads "add n to x", as a rulebook says it.
        return [Item(r.w.sentence(r.m("stmt-add" if value.op == "+" else "stmt-subtract",
                                      target=r.x.expr(s.target, ctx, "acc"), n=r.x.expr(value.right, ctx))))]
    return [Item(r.w.sentence(r.m("stmt-set", target=r.x.expr(s.target, ctx, "acc"),
                                       value=r.x.expr(value, ctx, as_value=True))))]


def same_place(a: A.Expr, b: A.Expr) -> bool:
    """The same variable written twice (`p.uses` and `p.uses`, `count` and `count`)."""
    if isinstance(a, A.Name) and isinstance(b, A.Name):
        return a.id == b.id
    if isinstance(a, A.Attr) and isinstance(b, A.Attr):
        return a.name == b.name and same_place(a.obj, b.obj)
    return False



# turns: a turn, with the abilities its player may use at any time; the actions taken in it
def s_Turn(r: Statements, s: A.Turn, ctx: Ctx) -> list[Item]:
    body = r.block(s.body, ctx)
    abilities = [a.name for a in r.d.actions.values() if a.ability]
    if abilities:
        body.insert(0, Item(r.w.sentence(r.m("stmt-turn-abilities", abilities=action_titles(r, abilities)))))
    return [Item(r.w.sentence(r.m("stmt-turn", player=r.x.expr(s.player, ctx))), body)]


def s_Act(r: Statements, s: A.Act, ctx: Ctx) -> list[Item]:
    key = {"one": "stmt-act-one", "choose": "stmt-act-choose", "any_order": "stmt-act-any-order",
           "until_pass": "stmt-act-until-pass"}[s.mode]
    titles = action_titles(r, s.actions, "or" if s.mode == "choose" else "and")
    return [Item(r.w.sentence(r.m(key, actions=titles, optional="yes" if s.optional else "no")))]


def action_titles(r: Statements, names: list[str] | tuple[str, ...], conj: str = "and") -> str:
    """Actions by their titles (a locale's `action-NAME` first), each quoted, joined with "and"."""
    titles = []
    for name in names:
        action = r.d.actions.get(name)
        key = f"action-{name}"
        title = r.m(key) if r.m.has(key) else (action.title if action is not None and action.title else name)
        titles.append(r.m("ui-action-quoted", title=title))
    return r.m.join(titles, conj)


StmtForm = Callable[[Statements, Any, Ctx], list[Item]]
# The form of every kind of statement (tests/test_every_node_kind.py checks that none is missing).
STATEMENTS: dict[type, StmtForm] = {
    A.Let: s_Let,
    A.Assert: s_Assert,
    A.If: s_If,
    A.ForEach: s_ForEach,
    A.While: s_While,
    A.Repeat: s_Repeat,
    A.Move: s_Move,
    A.Draw: s_Draw,
    A.Create: s_Create,
    A.Shuffle: s_Shuffle,
    A.Place: s_Place,
    A.Reveal: s_Reveal,
    A.AskMay: s_AskMay,
    A.AskChoose: s_AskChoose,
    A.AskDistribute: s_AskDistribute,
    A.Do: s_Do,
    A.Secretly: s_Secretly,
    A.Plan: s_Plan,  # plans
    A.EndGame: s_EndGame,
    A.Say: s_Say,
    A.Show: s_Show,
    A.Set: s_Set,
    A.Turn: s_Turn,  # turns
    A.Act: s_Act,  # turns
}
