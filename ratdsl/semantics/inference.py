"""Type inference: the typed form of a rule set, worked out once after the resolver from the
declarations and the symbol table (semantics/types.py says what a type is).

Every expression node gets its type (`TypedForm.type_of`), and so do the data blocks: constants,
variables (their declarations' values, and what the rules set them to), options (their value
sets), card fields (per deck, over its cards), board fields (per board, over its spaces) and
tables (over their rows). Funcs, rules and hooks take their parameters' types from their calls,
and variables and `let` names changed by `set` the kinds they are set to: both start from no kind
and grow, one walk over the rules after another, until they settle (else they are any kind).
Funcs take their result from their bodies (and modifiers). Each walk notes what it finds surely
wrong; the last walk's notes are `TypedForm.findings`, which the checker (checker/types.py)
reports. Statements are typed in typed_statements.py, calls in typed_calls.py.

A finding is made only where every kind an expression may have is refused: an unknown type
(None) is never wrong, so inference that cannot decide stays silent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..language import ast as A
from . import types as T
from .annotations import HINT as ANNOTATION_HINT
from .annotations import annotated, disagrees
from .narrowing import Narrowing
from .replay import _ABSENT, Locals, Replay
from .symbols import (
    BUILTIN,
    BUILTIN_NAMES,
    CARD,
    CONST,
    ITSELF,
    LOCAL,
    OPTION,
    PILE,
    SYMBOL,
    VAR,
    ZONE,
    SymbolTable,
)
from .type_findings import Finding
from .typed_calls import HINTS, ITEMS, NONE_HINT, NUMBER, YESNO, CallTypes
from .typed_sites import SiteTypes
from .typed_statements import StatementTypes

Ty = Any  # frozenset[T.Base] | None

_BUILTIN_NAME_TYPES: dict[str, Ty] = {"list:player": T.list_of(T.of(T.PLAYER)), "player": T.of(T.PLAYER),
                                      "number": T.of(T.NUMBER)}
_MAX_DEPTH = 40  # funcs whose results are worked out inside one another, at most
_MAX_NESTING = 150  # expressions worked out inside one another, at most (the stack's limit)
_PASSES = 16  # walks over the rules that parameters' kinds get to settle in
_COMPARE = frozenset(("<", "<=", ">", ">="))
_MEMBERED = frozenset((T.PLAYER, T.ZONE, T.BUNDLE, T.CARD))  # the kinds `.name` reads
_KINDS = frozenset((T.KIND,))
_ORDER_KEYS = frozenset((T.NUMBER, T.LIST))
_ITSELF_TAGS = {"token kind": T.KIND, SYMBOL: T.SYMBOL, "player zone": T.ZNAME, "deck": T.DECK,
                "player pile": T.PNAME, "board": T.BOARD}  # (the names that are values of their own)




@dataclass
class TypedForm:
    """The types of one rule set: every expression's (by node id) and every declaration's."""

    types: dict[int, Ty] = field(default_factory=dict)
    results: dict[str, Ty] = field(default_factory=dict)  # funcs and tables, by name
    params: dict[tuple[str, str], list[Ty]] = field(default_factory=dict)  # (func|rule|table, name)
    consts: dict[str, Ty] = field(default_factory=dict)
    variables: dict[str, Ty] = field(default_factory=dict)  # global and per-player, by name
    options: dict[str, Ty] = field(default_factory=dict)
    card_fields: dict[tuple[str, str], Ty] = field(default_factory=dict)  # (deck, field)
    board_fields: dict[tuple[str, str], Ty] = field(default_factory=dict)  # (board, field)
    # the decks whose cards the rules put in each pile (None for a pile: any deck; the whole of it
    # None: the rules put cards in piles they do not name), read by the flat target's `owner`
    pile_decks: dict[str, frozenset[str] | None] | None = None
    findings: list[Finding] = field(default_factory=list)
    _keep: list[A.Node] = field(default_factory=list, repr=False)

    def type_of(self, node: A.Node) -> Ty:
        """The type of an expression (None: any kind, or a node this form never saw)."""
        return self.types.get(id(node))


def infer(decls: list[A.Decl], table: SymbolTable) -> TypedForm:
    """The typed form of a rule set's declarations, with its findings."""
    return _Infer(decls, table).run()


def typed_form(decls: list[A.Decl], table: SymbolTable) -> TypedForm:
    """The typed form of the rule set whose symbol table is `table`, worked out once and kept
    with the table (the checker, the summaries and the definition share it)."""
    form = table.typed
    if form is None:
        form = table.typed = infer(decls, table)
    return form


class _Infer(StatementTypes, CallTypes, SiteTypes, Narrowing, Replay):
    def __init__(self, decls: list[A.Decl], table: SymbolTable):
        self.decls = decls
        self.table = table
        self.form = TypedForm()
        self.types = self.form.types  # (cleared walk by walk, never replaced)
        self.refs = table.refs
        self.funcs = {d.name: d for d in decls if isinstance(d, A.Func)}
        self.tables = {d.name: d for d in decls if isinstance(d, A.Table)}
        self.rules = {d.name: d for d in decls if isinstance(d, A.Rule)}
        self.modifiers: dict[str, list[A.Modify]] = {}
        self.hooks_of: dict[str, list[A.Hook]] = {}  # a rule's hooks, by its name
        self.decks = {d.name: d for d in decls if isinstance(d, A.Deck)}
        self.boards = {d.name: d for d in decls if isinstance(d, A.Board)}
        self.space_board = {s.name: b.name for b in self.boards.values() for s in b.spaces}
        self.kinds = {n for d in decls if isinstance(d, A.Tokens) for n in d.names}
        self.player_zones = set(table.player_zones)
        self.player_piles = set(table.player_piles)
        self.locals: dict[tuple[int, str], Ty] = Locals()
        self.narrowed: dict[tuple[int, str], Ty] = {}  # locals a test of their tag narrows (narrowing.py)
        self.aliases: dict[tuple[int, str], Any] = {}  # locals known to be another's tag (narrowing.py)
        self.refined: dict[tuple[int, str], Any] = {}  # locals whose players' `.NAME[k]` a test told (narrowing.py)
        self.calls: dict[tuple[str, str], list[Ty]] = {}
        self.sites: dict[tuple[str, str], list[tuple[tuple[A.Expr, ...], list[Ty]]]] = {}  # each call's values
        self.retyping = False  # (typed_sites.py: a body typed again for one call's kinds)
        self.said_params: dict[str, list[Ty]] = {}  # a func's annotated parameters (None: not said)
        self.said_results: dict[str, Ty] = {}  # and its annotated result
        self.busy: set[str] = set()
        self.final = False
        self.deck_of_card: dict[str, str] = {}
        self.data_findings: list[Finding] = []
        self.depth = 0
        self.declared_vars: dict[str, Ty] = {}
        self.members_set: dict[int, frozenset[str]] = {}  # each `if`'s `.NAME`s set (typed_statements.py)
        self.set_lets: set[tuple[int, str]] = set()  # the `let` names a `set` changes
        self.let_sets: dict[tuple[int, str], Ty] = {}  # and what it sets them to, this pass
        self.was_let_set: dict[tuple[int, str], Ty] = {}  # and the last pass
        self.loose: set[str] = set()  # variables of any kind (set, and the passes did not settle)
        self.pile_in: dict[str, Ty] = {}  # the cards the rules put in each pile, this pass
        self.pile_sites: dict[str, A.Expr] = {}
        self.first_pass = True
        self.was_pile_in: dict[str, Ty] = {}  # and the last pass
        self.piles_unknown = False  # cards put in a pile the rules do not name: any pile, any card
        self.sets: dict[str, Ty] = {}  # what each variable is set to, this pass
        self.was_set: dict[str, Ty] = {}  # and the last pass
        for d in decls:
            if isinstance(d, A.Card):
                self.deck_of_card[d.name] = d.deck
                for m in d.modifiers:
                    self.modifiers.setdefault(m.name, []).append(m)
                for h in d.hooks:
                    self.hooks_of.setdefault(h.name, []).append(h)
            elif isinstance(d, A.Modify):
                self.modifiers.setdefault(d.name, []).append(d)
            elif isinstance(d, A.Hook):
                self.hooks_of.setdefault(d.name, []).append(d)

    # ------------------------------------------------------------ the passes
    def run(self) -> TypedForm:
        form = self.form
        self.data()
        # Parameters take the kinds of their calls' values, starting from none at all and
        # growing pass by pass until they settle; any that has not settled by then is any kind
        # (never a kind too few: that could make a false finding). Kinds that have not settled in
        # half the passes grow without end, most often lists inside lists inside lists (a func's
        # value given back to it): from then on, lists are kept 3 deep in calls' kinds, and any
        # kind below (case 63545: a step's places given steps, each holding places).
        settled = False
        for n in range(_PASSES):
            self.widening = n >= _PASSES // 2
            self.walk()
            settled = self.calls == form.params and self.sets == self.was_set and self.let_sets == self.was_let_set \
                and self.pile_in == self.was_pile_in
            self.first_pass = False
            if not settled:
                unsettled = {k for k in self.calls if form.params.get(k) != self.calls[k]}
                form.params = self.calls
            else:
                break
        if not settled:
            form.params = {k: [None] * len(v) if k in unsettled else v for k, v in form.params.items()}
            self.loose = set(self.sets) | set(self.was_set)  # (variables and lets that are set: any kind)
            self.sets = self.let_sets = {}
            self.piles_unknown = True
        self.final = True
        if not settled or not self.all_called():  # else the last walk was the final one already
            self.walk()
        form.pile_decks = None if self.piles_unknown else {n: _decks(t) for n, t in self.pile_in.items()}
        self.check_sites()
        form.findings[:0] = self.data_findings
        return form

    def walk(self) -> None:
        form = self.form
        for kept in (form.types, form.results, form.consts, form.variables, form.card_fields, form.board_fields,
                     self.declared_vars):
            kept.clear()
        form._keep.clear()
        form.findings.clear()
        self.locals.clear()
        self.calls = {}
        self.sites = {}
        self.was_set, self.sets = self.sets, {}
        self.was_let_set, self.let_sets = self.let_sets, {}
        self.was_pile_in, self.pile_in = self.pile_in, {}
        self.pile_sites: dict[str, A.Expr] = {}  # where each pile's first cards are put, this walk
        self.walk_decls()  # (each declaration typed again only where what it reads changed: replay.py)

    def all_called(self) -> bool:
        """Whether every func and rule with parameters has calls (an uncalled one's parameters
        are of no kind before the final walk, and of any kind in it)."""
        return all((kind, d.name) in self.form.params for kind, named in (("func", self.funcs), ("rule", self.rules))
                   for d in named.values() if d.params)

    def find(self, node: A.Node, code: str, message: str, hint: str | None = None) -> None:
        if node.span.line > 0:  # (every walk notes them; only the last one's are kept)
            found = Finding(code, node.span, message, hint)
            self.form.findings.append(found)
            self.op("find", found)

    # ------------------------------------------------------------ data blocks
    def data(self) -> None:
        form = self.form
        self.annotations()
        for d in self.decls:
            if isinstance(d, A.Option):
                kinds = [self.literal(v) for v in d.values]
                form.options[d.name] = T.joined(kinds)
                if len({frozenset(b.tag for b in k) for k in kinds if k is not None}) > 1:
                    self.data_findings.append(Finding(
                        "E287", d.span, f"option {d.name}'s values are of different kinds "
                        f"({', '.join(dict.fromkeys(T.words(k) for k in kinds))}): each rule reading it "
                        "would have to take every one of them", "give an option values of one kind"))

    def annotations(self) -> None:
        """The funcs' annotations as types (annotations.py); what is wrong with one is E289."""
        problems: list[tuple[A.Node, str]] = []
        for d in self.funcs.values():
            if d.param_types:
                self.said_params[d.name] = [None if t is None else annotated(t, self.decks, self.boards, problems)
                                            for t in d.param_types]
            if d.result_type is not None:
                self.said_results[d.name] = annotated(d.result_type, self.decks, self.boards, problems)
        self.data_findings += [Finding("E289", node.span, message, ANNOTATION_HINT)
                               for node, message in problems if node.span.line > 0]

    def said_param(self, func: str, i: int) -> Ty:
        """What func's i-th parameter is annotated to be (None: not annotated)."""
        said = self.said_params.get(func)
        return said[i] if said is not None and i < len(said) else None

    def said_arguments(self, key: tuple[str, str], args: tuple[A.Expr, ...], types: list[Ty]) -> None:
        """E289 for a call's value that is surely not of its parameter's annotated kind."""
        if key[0] != "func" or key[1] not in self.said_params:
            return
        params = self.funcs[key[1]].params
        for i, (arg, t) in enumerate(zip(args, types)):
            said = self.said_param(key[1], i)
            if said is not None and disagrees(t, said):
                self.find(arg, "E289", f"func {key[1]}'s parameter {params[i]} is said to be {T.words(said)}, "
                          f"found {T.words(t)}", f"give {params[i]} {T.words(said)}, or change its annotation")

    def literal(self, value: Any) -> Ty:
        if isinstance(value, bool):
            return T.of(T.YESNO)
        if isinstance(value, int):
            return T.of(T.NUMBER)
        if isinstance(value, str):
            return T.named(T.SYMBOL, value)
        return None

    def card_field(self, deck: str | None, name: str) -> Ty:
        if deck is None:
            return None
        key = (deck, name)
        if not self.memo_has("card_fields", self.form.card_fields, key):
            self.form.card_fields[key] = None  # (a field that reads itself: any kind)
            values = [f.value for d in self.decls if isinstance(d, A.Card) and d.deck == deck
                      for f in d.fields if f.name == name]
            parts = [self.ty(v) for v in values]
            declared = self.decks.get(deck)
            if declared is not None and len(values) < sum(1 for d in self.decls if isinstance(d, A.Card)
                                                          and d.deck == deck):
                parts.append(T.of(T.NONE))  # a card that does not set it reads none
            self.form.card_fields[key] = T.joined(parts)
        return self.form.card_fields[key]

    def board_field(self, board: str, name: str) -> Ty:
        key = (board, name)
        if not self.memo_has("board_fields", self.form.board_fields, key):
            self.form.board_fields[key] = None
            b = self.boards[board]
            values = [f.value for s in b.spaces for f in s.fields if f.name == name]
            parts = [self.ty(v) for v in values]
            if len(values) < len(b.spaces):
                parts.append(T.of(T.NONE))
            self.form.board_fields[key] = T.joined(parts)
        return self.form.board_fields[key]

    def disagree(self, values: list[A.Expr], code: str, what: str, hint: str) -> None:
        """Reports the first of `values` whose kind no value before it shares (none aside). A
        field's lists (E285) are held to one kind of item too: a card's list written with items of
        two kinds, or lists of different items on two cards (`helps = [smith, baker]` on one,
        `1..3` on another: whatever reads an item of one would stop on the other's)."""
        seen: list[tuple[A.Expr, Ty]] = []
        kinds: set[Ty] = set()
        fields = code == "E285"
        for v in values:
            t = T.without_none(self.ty(v))
            if fields and isinstance(v, A.ListLit) and self.mixed(v, what, code, hint):
                return
            if not t or t in kinds:
                continue
            kinds.add(t)
            for first, ft in seen:
                if T.differ(ft, t) or fields and _lists_differ(ft, t):
                    self.find(v, code, f"{what}: this one is {T.words(t)}, but the one at line "
                              f"{first.span.line} is {T.words(ft)}", hint)
                    return
            seen.append((v, t))

    def mixed(self, v: A.ListLit, what: str, code: str, hint: str) -> bool:
        """A finding where a field's list written out holds items of two kinds (none aside)."""
        first: tuple[A.Expr, Ty] | None = None
        for item in v.items:
            t = T.without_none(self.ty(item))
            if not t:
                continue
            if first is not None and T.differ(first[1], t):
                self.find(item, code, f"{what}: this list holds {T.words(first[1])} and {T.words(t)}", hint)
                return True
            first = first or (item, t)
        return False

    # ------------------------------------------------------------ declarations
    def decl(self, d: A.Decl) -> None:
        ty = self.ty
        if isinstance(d, A.Const):
            if not self.memo_has("consts", self.form.consts, d.name):
                self.form.consts[d.name] = None
                self.form.consts[d.name] = ty(d.value)
        elif isinstance(d, A.Var):
            self.variable(d.name)
        elif isinstance(d, A.Deck):
            if d.active is not None:
                self.locals[(id(d), "it")] = self.locals[(id(d), "this")] = T.of(T.CARD, d.name)
                self.condition(d.active)
        elif isinstance(d, A.Card):
            self.locals[(id(d), "this")] = T.of(T.CARD, d.deck)
            for f in d.fields:
                ty(f.value)
            for h in d.handlers:
                self.block(h.body)
            for m in d.modifiers:
                self.modify(m)
            for h in d.hooks:
                self.hook(h)
        elif isinstance(d, A.Table):
            self.result(d.name)
            self.disagree([e.value for e in d.rows], "E284", f"table {d.name}'s cells are of different kinds",
                          "every cell of a table gives the same kind of value")
        elif isinstance(d, A.Func):
            self.result(d.name)
        elif isinstance(d, A.Invariant):
            self.condition(d.condition)
        elif isinstance(d, A.Action):
            self.locals[(id(d), d.param)] = T.of(T.PLAYER)
            if d.condition is not None:
                self.condition(d.condition)
            if d.limit is not None:
                self.need(d.limit, NUMBER, "an action's limit per turn", "a number")
            if d.cost is not None:
                self.block(d.cost)
            self.block(d.effect)
        elif isinstance(d, A.Game):
            for ending in d.endings:
                self.condition(ending.condition)
        elif isinstance(d, A.Board):
            for name in d.fields:
                self.board_field(d.name, name)
                self.disagree([f.value for s in d.spaces for f in s.fields if f.name == name], "E285",
                              f"board {d.name}'s field {name} is of different kinds on different spaces",
                              "give a field the same kind of value on every space")
        elif isinstance(d, A.Rule):
            self.block(d.body)
        elif isinstance(d, A.Modify):
            self.modify(d)
        elif isinstance(d, A.Hook):
            self.hook(d)
        elif isinstance(d, (A.Setup, A.Phase)):
            for step in d.steps:
                self.block(step.body)
        elif isinstance(d, A.Metric):
            ty(d.kinds)
        elif isinstance(d, A.Persona):
            for w in d.weights:
                ty(w.weight)
        elif isinstance(d, A.Scoring):
            self.locals[(id(d), d.player_var)] = T.of(T.PLAYER)
            self.need(d.score, NUMBER, "a score", "a number")
            for t in d.tiebreaks:
                ty(t)
        elif isinstance(d, A.Deck):
            pass
        if isinstance(d, A.Deck):
            for name in d.fields:
                self.card_field(d.name, name)
                self.disagree([f.value for c in self.decls if isinstance(c, A.Card) and c.deck == d.name
                               for f in c.fields if f.name == name], "E285",
                              f"deck {d.name}'s field {name} is of different kinds on different cards",
                              "give a field the same kind of value on every card of the deck")

    def modify(self, m: A.Modify) -> None:
        self.locals[(id(m), "base")] = self.result(m.name, modified=False)
        if m.condition is not None:
            self.condition(m.condition)
        value = self.ty(m.value)
        base = T.without_none(self.locals[(id(m), "base")])
        got = T.without_none(value)
        if base and got and T.differ(base, got):
            self.find(m.value, "E286", f"modify {m.name} gives {T.words(got)}, but {m.name} gives {T.words(base)}",
                      "a modifier gives the same kind of value as what it changes")

    def hook(self, h: A.Hook) -> None:
        if h.condition is not None:
            self.condition(h.condition)
        self.block(h.body)

    def result(self, name: str, modified: bool = True) -> Ty:
        """What a func or table gives (with its modifiers when `modified`)."""
        key = name if modified else "\0" + name
        if self.memo_has("results", self.form.results, key):
            return self.form.results[key]
        said = self.said_results.get(name)
        if said is not None and key in self.busy:
            return said  # (a func that calls itself: what it is said to give)
        if key in self.busy or len(self.busy) > _MAX_DEPTH:
            return None  # (recursion, or a chain of calls too long to follow: any kind)
        self.busy.add(key)
        try:
            if name in self.funcs:
                t = self.ty(self.funcs[name].value)
                if said is not None and modified:
                    if disagrees(t, said):
                        self.find(self.funcs[name].value, "E289", f"func {name} is said to give {T.words(said)}, "
                                  f"but its body gives {T.words(t)}",
                                  "change the body or the annotation after `->`")
                    t = said
            elif name in self.tables:
                t = T.joined(self.ty(e.value) for e in self.tables[name].rows)
            else:
                t = None
            if modified:
                t = T.join(t, *(self.ty(m.value) for m in self.modifiers.get(name, ())))
        finally:
            self.busy.discard(key)
        self.form.results[key] = t
        return t






    # ------------------------------------------------------------ checks of values
    def need(self, x: A.Expr, accepted: frozenset[str], what: str, wanted: str, code: str = "E282",
             hint: str | None = None) -> Ty:
        """The type of x, noting a finding when it is surely none of the accepted kinds."""
        t = self.ty(x)
        if T.written_none(t) and T.NONE not in accepted and not T.refuses(t, accepted):
            self.find(x, code, f"{what}: expected {wanted}, found {T.words(t)}: a `none` the rules write",
                      NONE_HINT)
        elif T.refuses(t, accepted):
            self.find(x, code, f"{what}: expected {wanted}, found {T.words(t)}", hint or HINTS.get(code))
        return t

    def condition(self, x: A.Expr) -> Ty:
        return self.need(x, YESNO, "a condition", "yes or no", "E224",
                         "a condition is true or false: compare the value, e.g. `n > 0`, `x != none`, "
                         "`size(xs) > 0`")

    # ------------------------------------------------------------ expressions
    def ty(self, x: A.Expr | None) -> Ty:
        if x is None:
            return None
        key = id(x)
        types = self.types
        journal = self.journal
        if key in types:
            if journal is not None:
                journal.hits.append(key)
            return types[key]
        types[key] = None  # (a node that reads itself: any kind)
        if journal is not None:
            journal.created.append(key)
        if self.depth > _MAX_NESTING:  # (funcs inside funcs, each nested deep: any kind past this)
            return None
        self.depth += 1
        try:
            t = types[key] = self._ty(x, x.__class__)
        finally:
            self.depth -= 1
        self.form._keep.append(x)
        return t

    def _ty(self, x: Any, cls: type) -> Ty:
        if cls is A.Name:  # (the commonest first)
            return self.name(x)
        if cls is A.Call:
            return self.call(x)
        if cls is A.BinOp:
            return self.binop(x)
        if cls is A.IntLit:
            return T.of(T.NUMBER)
        if cls is A.BoolLit:
            return T.of(T.YESNO)
        if cls is A.StrLit:
            return T.named(T.TEXT, x.value)
        if cls is A.NoneLit:
            return T.of(T.NONE, T.WRITTEN)
        if cls is A.Attr:
            obj = self.ty(x.obj)
            if T.refuses(obj, _MEMBERED):
                self.find(x, "E225", f"`.{x.name}`: expected a player, a zone, a bundle or a card, found "
                          f"{T.words(obj)}",
                          "a list's items are reached with `[i]`, `where` or `for each`; a pile's with `top(pile)`")
                return None
            if self.counts_nothing(obj, x.name):
                const = self.table.globals.get(x.name)
                what = f"a constant of {T.words(self.const_type(x.name))}, not of token kinds" \
                    if const is not None and const.kind == CONST else \
                    "no token kind (nor a constant listing kinds, nor a field of a board's spaces)"
                self.find(x, "E225", f"`.{x.name}` of {T.words(obj)}: `{x.name}` is {what}, so there is nothing "
                          "to count",
                          "`zone.KIND` and `bundle.KIND` count the tokens of a kind: `{red: 2}.red` is 2")
                return None
            if self.lacks(obj, x.name):
                self.find(x, "E225", f"`.{x.name}` of {T.words(obj)}: it has no member `{x.name}`",
                          "a player's members are its zones, piles and variables; a card's, its deck's "
                          "fields, `name` and `deck`")
                return None
            return self.member(obj, x.name)
        if cls is A.Index:
            return self.index(x)
        if cls is A.BoolOp:
            told: list[Any] = []  # (what the parts before tell: each is typed where they held, or failed)
            for item in x.items:
                with self.narrowing(told):
                    self.condition(item)
                    yes, no = self.facts(item)
                told += yes if x.op == "and" else no
            return T.of(T.YESNO)
        if cls is A.Not:
            self.condition(x.operand)
            return T.of(T.YESNO)
        if cls is A.Neg:
            t, refusal = T.binary("neg", self.ty(x.operand), None)
            if refusal is not None:
                self.find(x.operand, "E225", f"`-`: expected a number, found {T.words(self.ty(x.operand))}",
                          HINTS["E225"])
            return t
        if cls is A.RangeExpr:
            self.need(x.low, NUMBER, "a range's start", "a number", "E225")
            self.need(x.high, NUMBER, "a range's end", "a number", "E225")
            return T.list_of(T.of(T.NUMBER))
        if cls is A.InExpr:
            self.ty(x.item)
            self.need(x.container, ITEMS, "`in`", "a list, a pile or a bundle", "E225",
                      "a zone is not a list: test `zone.kind > 0`")
            return T.of(T.YESNO)
        if cls is A.ListLit:
            return T.positions(tuple(self.ty(i) for i in x.items))
        if cls is A.BundleLit:
            for _, v in x.items:
                self.need(v, NUMBER, "a bundle's count", "a number", "E225")
            return T.of(T.BUNDLE)
        if cls is A.IfExpr:
            self.condition(x.condition)
            yes, no = self.facts(x.condition)
            with self.narrowing(yes):
                then = self.ty(x.then)
            with self.narrowing(no):
                otherwise = self.ty(x.otherwise)
            a, b = T.without_none(then), T.without_none(otherwise)
            if a and b and T.differ(a, b):
                self.find(x.otherwise, "E286", f"the two branches of this `if` give different kinds: "
                          f"{T.words(a)} and {T.words(b)}", "each path of a value gives the same kind "
                          "(or none)")
            return T.join(then, otherwise)
        if cls is A.LetIn:
            self.locals[(id(x), x.name)] = self.ty(x.value)
            return self.ty(x.body)
        if cls is A.Comprehension:
            source = self.need(x.source, ITEMS, "`for ... in`", "a list, a pile or a bundle", "E225")
            self.one_kind(x.source, "`for ... in`'s list")
            self.locals[(id(x), x.var)] = T.element(source)
            if x.condition is None:
                return T.list_of(self.ty(x.element))
            self.condition(x.condition)
            with self.narrowing(self.facts(x.condition)[0]):
                return T.list_of(self.ty(x.element))
        if cls is A.NestedComprehension:
            for clause in x.clauses:
                source = self.need(clause.source, ITEMS, "`for ... in`", "a list, a pile or a bundle", "E225")
                self.one_kind(clause.source, "`for ... in`'s list")
                self.locals[(id(clause), clause.var)] = T.element(source)
                if clause.condition is not None:
                    self.condition(clause.condition)
            return T.list_of(self.ty(x.element))
        if cls is A.Where or cls is A.Ordered or cls is A.Extreme:
            source = self.need(x.source, ITEMS, f"`{_query(x)}`", "a list, a pile or a bundle",
                               "E225")
            self.one_kind(x.source, f"`{_query(x)}`'s list")
            self.locals[(id(x), "it")] = T.element(source)
            if cls is A.Where:
                self.condition(x.condition)
            else:  # (keys compare as numbers, or as lists of numbers for `ordered by`)
                accepted = _ORDER_KEYS if cls is A.Ordered else NUMBER
                wanted = "a number (or a list of numbers)" if cls is A.Ordered else "a number"
                key = self.need(x.key, accepted, f"`{_query(x)}`'s key", wanted, "E225",
                                "a query's key is what it compares: `players ordered by score(it)`")
                if cls is A.Ordered and T.refuses_items(key, NUMBER, NUMBER):
                    self.find(x.key, "E225", f"`{_query(x)}`'s key: expected {wanted}, found {T.words(key)}",
                              "a query's key is what it compares: `players ordered by score(it)`")
            if cls is A.Extreme:
                element = T.element(source)
                return None if element is None else T.join(element, T.of(T.NONE))
            return T.items_of(source)
        if cls is A.AtPhaseStart:
            return self.ty(x.operand)
        for child in A.iter_children(x):
            if isinstance(child, A.Expr):
                self.ty(child)
        return None

    def name(self, x: A.Name) -> Ty:
        sym = self.refs.get(id(x))  # (the table's ref(x), without the call)
        if sym is None:
            return None
        if sym.kind == LOCAL:
            t = self.local_of(sym)
            return self.refine((id(sym.decl), sym.name), t) if self.refined else t
        kinds = self.table.value_kinds(x.id)
        group = kinds[0] if kinds else None
        name = x.id
        if group == BUILTIN:
            return _BUILTIN_NAME_TYPES.get(BUILTIN_NAMES[name].type)
        if group == VAR:
            return self.variable(name)
        if group == CONST:
            return self.const_type(name)
        if group == OPTION:
            return self.form.options.get(name)
        if group == ZONE:
            return T.of(T.ZONE, self.space_board.get(name))
        if group == PILE:
            return self.pile_type(name)
        if group == CARD:
            return T.of(T.CARD, self.deck_of_card.get(name))
        if group == ITSELF:
            side = T.named(T.SIDE, name) if name in ("left", "right") else None
            for sym_ in self.table.declared.get(name, ()):
                if sym_.kind in _ITSELF_TAGS:  # (a zone named `left` is the side's name too)
                    itself = T.named(_ITSELF_TAGS[sym_.kind], name)
                    return itself if side is None else T.join(side, itself)
            return side
        return None

    def const_type(self, name: str) -> Ty:
        """A constant's type: its value's (worked out where it is first read)."""
        const = self.table.globals.get(name)
        decl = const.decl if const is not None else None
        if isinstance(decl, A.Const):
            if not self.memo_has("consts", self.form.consts, name):
                self.form.consts[name] = None
                self.form.consts[name] = self.ty(decl.value)
            return self.form.consts[name]
        return None

    def local_of(self, sym: Any) -> Ty:
        binder = sym.decl
        if self.narrowed and (id(binder), sym.name) in self.narrowed:
            return self.narrowed[(id(binder), sym.name)]
        if sym.binder == "param":
            if isinstance(binder, A.Table) or isinstance(binder, A.Modify) and binder.name in self.tables:
                return T.of(T.NUMBER)
            key = ("func", binder.name) if isinstance(binder, (A.Func, A.Modify)) else \
                ("rule", binder.name) if isinstance(binder, (A.Rule, A.Hook)) else None
            if key is None:
                return self.read_local((id(binder), sym.name))
            params = self.form.params.get(key)
            self.read("param", key, (params, self.final if params is None else None))
            names = binder.params
            if sym.name not in names:
                return None
            said = self.said_param(binder.name, names.index(sym.name)) if key[0] == "func" else None
            if said is not None:
                return said
            if params is None:  # no call seen (yet): no kind yet
                return None if self.final else frozenset()
            i = names.index(sym.name)
            return params[i] if i < len(params) else None
        key = (id(binder), sym.name)
        if sym.binder == "let" and self.is_set_let(key):  # a `let` a `set` changes: and the kinds it is set to
            first = T.unwritten(self.read_local(key))
            was = self.was_let_set.get(key, _ABSENT)
            self.read("letset", key, was)
            # (no `set` of it seen before this walk: its first value, the kinds the sets give coming
            # in walk by walk, as parameters' do; in the final walk, any kind)
            t = T.join(first, was) if was is not _ABSENT else None if self.final else first
            return None if t == T.of(T.NONE) else t
        return self.read_local(key)

    def member(self, obj: Ty, name: str) -> Ty:
        """`obj.name` for each kind obj may be (None where the game decides)."""
        if obj is None or not obj:
            return obj
        parts: list[Ty] = []
        for b in obj:
            if b.tag == T.PLAYER:
                if name in self.player_zones:
                    parts.append(T.of(T.ZONE, self.space_board.get(name)))
                elif name in self.player_piles:
                    parts.append(self.pile_type(name))
                elif name in self.table.player_vars:
                    parts.append(self.variable(name))
            elif b.tag == T.ZONE:
                boards = [b.arg] if b.arg else [n for n, d in self.boards.items() if name in d.fields]
                boards = [n for n in boards if n in self.boards and name in self.boards[n].fields]
                parts.extend(self.board_field(n, name) for n in boards)
                if not boards or not b.arg and self.may_count(name):  # (a zone that is no space counts its tokens)
                    parts.append(T.of(T.NUMBER))
            elif b.tag == T.BUNDLE:
                parts.append(T.of(T.NUMBER))
            elif b.tag == T.CARD:
                if name == "name":
                    parts.append(T.of(T.TEXT))
                elif name == "deck":
                    parts.append(T.of(T.DECK))
                else:  # (a card of any deck: the field as the decks declaring it have it)
                    decks = [n for n in sorted(T.decks(b)) if n in self.decks and name in self.decks[n].fields] \
                        if b.arg else [n for n, d in self.decks.items() if name in d.fields]
                    parts.extend(self.card_field(deck, name) for deck in decks)
        # (a kind without that member stops a game there: the others are what the value is; a
        # value that is only none gives nothing, so no kind reaches what reads it)
        return T.joined(parts) if parts else frozenset() if all(b.tag == T.NONE for b in obj) else None

    def lacks(self, obj: Ty, name: str) -> bool:
        """Whether `obj.name` surely stops a game: obj is only players and cards (or none), and none
        of them has that member (a player's zones, piles and variables; a card's deck's fields)."""
        if not obj or all(b.tag == T.NONE for b in obj):
            return False
        for b in obj:  # (a none among them stops a game there all the same)
            if b.tag == T.NONE:
                continue
            if b.tag == T.PLAYER:
                if name in self.player_zones or name in self.player_piles or name in self.table.player_vars:
                    return False
            elif b.tag == T.CARD:
                if name in ("name", "deck"):
                    return False
                decks = [self.decks.get(n) for n in T.decks(b)] if b.arg else list(self.decks.values())
                if any(d is None or name in d.fields for d in decks):
                    return False
            else:
                return False
        return True

    def pile_type(self, name: str) -> Ty:
        t = self.raw_pile_type(name)
        self.read("pile", name, t)
        return t

    def raw_pile_type(self, name: str) -> Ty:
        """A pile named by the rules, with the cards they put in it (`create`, `place`, `reveal`):
        none yet in the first walk (they grow walk by walk, as parameters do), any card where the
        rules put none in it (a scenario may) or where they put cards in a pile they do not name."""
        if self.piles_unknown:
            cards = None
        elif name in self.was_pile_in:
            cards = self.was_pile_in[name]
        else:
            cards = frozenset() if self.first_pass else None
        return T.pile(frozenset((name,)), cards)

    def put_cards(self, at: A.Expr, dest: Ty, cards: Ty) -> None:
        self.op("put", at, dest, cards)  # (put again on replay: what it finds depends on the cards put before)
        muted, self.muted = self.muted, True
        try:
            self.raw_put_cards(at, dest, cards)
        finally:
            self.muted = muted

    def raw_put_cards(self, at: A.Expr, dest: Ty, cards: Ty) -> None:
        """Notes the cards a statement puts in the piles `dest` may be; E290 where they are surely
        of another deck than the cards already put in one of them (a pile holds one deck's cards,
        as a list holds one kind: whatever reads a field of one would stop on the other's)."""
        for b in dest if dest is not None else (T.Base(T.PILE),):
            if b.tag != T.PILE:
                continue
            if b.arg is None or b.arg[0] is None:
                self.piles_unknown = True
                continue
            for n in sorted(b.arg[0]):
                held = self.pile_in.get(n, frozenset())
                old, new = _decks(held), _decks(cards)
                if old and new and not old & new:
                    self.find(at, "E290", f"this puts cards of deck {' or '.join(sorted(new))} in pile {n}, which "
                              f"holds cards of deck {' or '.join(sorted(old))} (put there at line "
                              f"{self.pile_sites[n].span.line})",
                              "a pile holds the cards of one deck: give these a pile of their own")
                    continue
                self.pile_sites.setdefault(n, at)
                self.pile_in[n] = T.join(held, cards)

    def may_count(self, name: str) -> bool:
        """Whether `zone.name` may count tokens: name is a token kind, or a constant that may hold
        kinds (a kind, or a list that may hold them). Else a zone of any board reads a field of
        its board (`s.tiles` of a space: a pile, never a number; case 73717)."""
        if name in self.kinds:
            return True
        const = self.table.globals.get(name)
        if const is None or const.kind != CONST:
            return False
        t = self.const_type(name)
        if t is None or not T.refuses(t, _KINDS):
            return True
        lists = frozenset(b for b in t if b.tag == T.LIST)
        return bool(lists) and not T.refuses(T.element(lists), _KINDS)

    def counts_nothing(self, obj: Ty, name: str) -> bool:
        """Whether `obj.name` surely stops a game: obj is only bundles and zones (that are no
        space with such a field), and name is no token kind nor a constant (a group of kinds)."""
        if not obj or self.may_count(name):
            return False
        for b in obj:
            if b.tag == T.ZONE:
                boards = [b.arg] if b.arg else list(self.boards)
                if any(n in self.boards and name in self.boards[n].fields for n in boards):
                    return False
            elif b.tag != T.BUNDLE:
                return False
        return True

    def variable(self, name: str) -> Ty:
        """A variable's type as it is read: its declaration's, and what the rules set it to
        (`set`, `plan ... into`; a `set` of another kind is E283 all the same). Declared none and
        never set by the rules (a scenario may): any kind."""
        if self.memo_has("variables", self.form.variables, name):
            return self.form.variables[name]
        self.form.variables[name] = None
        declared = self.declared(name)
        self.read("var", name, (name in self.loose, self.was_set.get(name, _ABSENT)))
        t = T.join(declared, self.was_set[name]) if declared is not None and name in self.was_set else declared
        if name in self.loose:
            t = None
        if t == T.of(T.NONE):
            t = None
        self.form.variables[name] = t
        return t

    def declared(self, name: str) -> Ty:
        """A variable's declaration's type (a global one's, else a player's)."""
        if self.memo_has("declared_vars", self.declared_vars, name):
            return self.declared_vars[name]
        sym = self.table.globals.get(name)
        decl = sym.decl if sym is not None and sym.kind == VAR else None
        if decl is None and name in self.table.player_vars:
            decl = self.table.player_vars[name].decl
        self.declared_vars[name] = None
        if isinstance(decl, A.Var):
            self.locals[(id(decl), "me")] = T.of(T.PLAYER)
            self.declared_vars[name] = T.unwritten(self.ty(decl.value))
        return self.declared_vars[name]

    def index(self, x: A.Index) -> Ty:
        obj, key = self.ty(x.obj), self.ty(x.key)
        refusal = T.index_refusal(T.without_none(obj) or None, key)
        if refusal is not None and key:
            self.find(x.key, "E225", f"`[]`: {_expected(refusal.message)}, found {T.words(key)}",
                      "a list's items are numbered from 0 (`xs[0]`); a player's zone is `p[zone]`")
            return None
        if refusal is None and obj and key:
            if self.unmembered(x, obj, key):
                return None
            self.strict_index(x, obj, key)
        if obj is None or not obj:
            return obj
        parts: list[Ty] = []
        named = T.without_none(key)  # (a none key stops a game: the other kinds are what it gives)
        at = x.key.value if isinstance(x.key, A.IntLit) else None
        positioned = T.at_position(obj, at) if at is not None else None
        if at is not None and self.past_the_end(x, obj, at):
            return None
        for b in obj:
            if b.tag == T.LIST:
                parts.append(b.arg if positioned is None else positioned)
            elif b.tag == T.PLAYER and named and all(k.tag in (T.ZNAME, T.ZONE) for k in named):
                parts.append(self.space_of(named))
            elif b.tag == T.PLAYER and named and all(k.tag == T.KIND for k in named) \
                    and all(o.tag in (T.PLAYER, T.NONE) for o in obj) and not self.kinds_are_members(named):
                self.find(x.key, "E225", f"`[]`: this is {T.words(named)}, and a player has no member named "
                          "after a token kind", "a player's members are its zones, piles and variables: "
                          "`p[hand]`; `p.hand.KIND` counts a kind in a zone")
                return None
            elif key is not None and all(k.tag in T.NAMED and k.arg for k in key):
                missing = sorted(n for k in key for n in k.arg if self.lacks(frozenset((b,)), n))
                if missing and all(o.tag in (T.CARD, T.PLAYER, T.NONE) for o in obj):
                    self.find(x.key, "E225", f"`[]`: this may be {' or '.join(missing)}, and "
                              f"{T.words(frozenset((b,)))} has no member of that name",
                              "a name looks up a player's zone, pile or variable, or a card's field: every "
                              "name it may be is one")
                    return None
                parts.extend(self.member(T.of(b.tag, b.arg), n) for k in key for n in k.arg)
            elif b.tag != T.NONE and T.index_refusal(frozenset((b,)), key) is None:
                return None  # (a kind the key surely cannot look up in stops a game there: the others
                # are what it gives)
        t = T.joined(parts) if parts else frozenset()  # (only none: a game stops there)
        return self.refined_index(x, t)

    def kinds_are_members(self, key: Ty) -> bool:
        """Whether a token kind the key may be is also the name of a player's zone, pile or
        variable (any kind, where the key's names are not known)."""
        names = set().union(*(k.arg for k in key)) if all(k.arg for k in key) else self.kinds
        members = (self.player_zones, self.player_piles, self.table.player_vars)
        return any(n in m for n in names for m in members)

    def past_the_end(self, x: A.Index, obj: Ty, at: int) -> bool:
        """E225 for `xs[i]`, i a number written out, past the end of every list xs may be, each
        written out item by item (`m[24]` of `[p, n]` pairs): every game reaching it stops there."""
        lists = [b for b in obj if b.tag != T.NONE]
        if not lists or any(b.tag != T.LIST or b.items is None for b in lists):
            return False
        if any(-len(b.items) <= at < len(b.items) for b in lists):
            return False
        sizes = " or ".join(sorted({str(len(b.items)) for b in lists}))
        self.find(x.key, "E225", f"`[{at}]`: the list is written out with {sizes} items, so there is no item {at}",
                  "a list's items are numbered from 0 (`xs[0]`)")
        return True

    def unmembered(self, x: A.Index, obj: Ty, key: Ty) -> bool:
        """`X[name]` (a key that is only names) looks a member up as `.name` does: E225 where X is
        surely of no kind with members (a side, a number, a pile: `left[a]`), E291 where it may be
        one (none aside)."""
        if not all(k.tag in T.NAMED for k in key):
            return False
        objs = T.without_none(obj) or frozenset()
        wrong = [b for b in objs if b.tag not in _MEMBERED and b.tag != T.LIST]
        if not wrong:
            return False
        if len(wrong) == len(objs):
            self.find(x.obj, "E225", f"`[]` of {T.words(obj)} by {T.words(key)}: a name looks up a member, "
                      f"and {T.words(frozenset(wrong))} has none",
                      "a name looks up a player's zone, pile or variable, a card's field, a zone's or a "
                      "bundle's tokens of a kind")
            return True
        self.find(x.obj, "E291", f"`[]` by {T.words(key)}: a name looks up a member: this may be "
                  f"{T.words(frozenset(wrong))} ({T.words(obj)}), which has none",
                  "a value of several kinds is read as each of them: keep the kinds apart")
        return True

    def strict_index(self, x: A.Index, obj: Ty, key: Ty) -> None:
        """E291 for `X[k]` where X or k may be a kind (none aside) the lookup refuses with some kind
        the other may be: the value is one kind on some paths and another on others (a list of
        `[give, a, n]` and `[move, a, b]` lists read without a test of the tag), and the games
        that take the refused one stop there. (A refused none is the value-none measure's.)"""
        objs, keys = T.without_none(obj) or frozenset(), T.without_none(key) or frozenset()
        for a in sorted(objs, key=T.word):
            for b in sorted(keys, key=T.word):
                refusal = T.index_refusal(frozenset((a,)), frozenset((b,)))
                if refusal is None:
                    continue
                blame, t, kind = (x.obj, obj, a) if len(objs) > 1 else (x.key, key, b)
                self.find(blame, "E291", f"`[]`: {_expected(refusal.message)}: this may be {T.word(kind)} "
                          f"({T.words(t)})", "a value of several kinds is read as each of them: test which it "
                          "is first (`o[0] == give` of a list written out with a name first), or keep the "
                          "kinds apart")
                return

    def space_of(self, key: Ty) -> Ty:
        """`p[key]`: a player's zone named by a player zone's name or a space: the board's space
        when all of them are one board's."""
        boards = {k.arg if k.tag == T.ZONE else None for k in key or ()}
        boards |= {self.space_board.get(n) for k in key or () if k.tag == T.ZNAME for n in (k.arg or (None,))}
        boards.discard(None) if len(boards) > 1 else None
        return T.of(T.ZONE, next(iter(boards)) if len(boards) == 1 else None)



    def binop(self, x: A.BinOp) -> Ty:
        left, right = self.ty(x.left), self.ty(x.right)
        op = x.op
        if op in ("==", "!="):
            side = x.left if isinstance(x.right, A.NoneLit) else x.right if isinstance(x.left, A.NoneLit) else None
            other = None if side is None or self.changed(side) else self.ty(side)
            if other and T.NONE not in T.tags(other):
                always = "false" if op == "==" else "true"
                self.find(x, "E281", f"`{op} none`: this is {T.words(other)}, never none, so this is always {always}",
                          "a value is none only where the rules say so (`none`, `top` of an empty pile, ...)")
                return T.of(T.YESNO)
            a, b = T.without_none(left), T.without_none(right)
            if a and b and T.disjoint(a, b) and not _number_and_yes_no(a, b) \
                    and not isinstance(x.left, A.NoneLit) and not isinstance(x.right, A.NoneLit):
                always = "false" if op == "==" else "true"
                self.find(x, "E281", f"`{op}` compares {T.words(a)} with {T.words(b)}: they are never equal, "
                          f"so this is always {always}", _compare_hint(a, b))
            return T.of(T.YESNO)
        t, refusal = T.binary(op, left, right)
        if refusal is None and (T.written_none(left) or T.written_none(right)):
            blame = x.left if T.written_none(left) else x.right
            self.find(blame, "E225", f"`{op}`: this may be a `none` the rules write ({T.words(self.ty(blame))}), "
                      "and `none` is no operand", NONE_HINT)
        if refusal is not None:
            blame = getattr(x, refusal.at) if refusal.at in ("left", "right") else x
            found = T.words(self.ty(blame)) if blame is not x else f"{T.words(left)} and {T.words(right)}"
            hint = "yes/no values are not numbers: write `if c then 1 else 0` for a count" \
                if any(b.tag == T.YESNO for b in (self.ty(blame) or ())) else None
            self.find(blame, "E225", f"`{op}`: {_expected(refusal.message)}, found {found}", hint or HINTS["E225"])
        elif op == "+" and _lists_differ(T.without_none(left), T.without_none(right)):
            self.find(x, "E292", f"`+` joins {T.words(left)} and {T.words(right)}: a list holds one kind of "
                      "item, and these share none", "join lists of one kind of item: `[s] + neighbours(s)`")
        return t if t is not None or op not in _COMPARE else T.of(T.YESNO)


def _decks(t: Ty) -> frozenset[str] | None:
    """The decks whose cards a value of type t may be (None: any deck, or not only cards)."""
    out: set[str] = set()
    for b in t if t is not None else (T.Base(T.CARD),):
        names = T.decks(b) if b.tag == T.CARD else None
        if names is None:
            return None
        out |= names
    return frozenset(out)


def _expected(message: str) -> str:
    """An operator's refusal without the value it got (the types say that)."""
    head = message.split(", got ")[0]
    return head




def _query(x: A.Expr) -> str:
    return "where" if isinstance(x, A.Where) else "ordered by" if isinstance(x, A.Ordered) \
        else "with most" if x.most else "with fewest"




def _lists_differ(a: Ty, b: Ty) -> bool:
    """Two lists (only lists) whose items share no kind."""
    if not a or not b or any(x.tag != T.LIST for x in (*a, *b)):
        return False
    return T.differ(T.without_none(T.element(a)), T.without_none(T.element(b)))


def _number_and_yes_no(a: Ty, b: Ty) -> bool:
    """Yes/no against a number: the checker's W307 (a warning) says that one."""
    return {x.tag for x in a} | {x.tag for x in b} == {T.NUMBER, T.YESNO}


def _compare_hint(a: Ty, b: Ty) -> str:
    named = [x for x in (*a, *b) if x.tag == T.SYMBOL and x.arg]
    if named:
        return f"compare with one of its values: {', '.join(sorted(named[0].arg))}"
    return "compare values of the same kind"

