"""The resolver: one pass over a loaded rule set that finds, for every name in its rules, what
it stands for (a declaration, a built-in name or a local), kept in a `SymbolTable` beside the AST.

Scopes are lexical and follow the blocks: a `let` is seen by the statements after it in its
block (and the blocks inside them); a loop variable, a choice, the parameters of a func, rule,
table, modifier or hook, and the implicit `it`, `this`, `base` and `me` by the part of the rules
they belong to. The engines bind the same names at run time, so a name the table finds global is
never bound in an Env, and one it finds local always is (tests/test_resolver.py checks both).

The table is built from the rule set's final declaration list, once per load: `session.load_rules`
resolves, then hands the one table to the checker and to `build`, which keeps it in the `GameDef`.
"""

from __future__ import annotations

from ..language import ast as A
from .builtins import BUILTINS
from .symbols import (
    ACTION,
    BOARD,
    BUILTIN,
    BUILTIN_NAMES,
    BUILTIN_SYMBOLS,
    CARD,
    CONST,
    DECK,
    FUNC,
    KIND,
    LOCAL,
    OPTION,
    PILE,
    PLAYER_PILE,
    PLAYER_VAR,
    PLAYER_ZONE,
    RULE,
    SYMBOL,
    TABLE,
    VAR,
    ZONE,
    Symbol,
    SymbolTable,
)

Scope = dict[str, Symbol]  # the locals visible at a point, by name


def resolve(decls: list[A.Decl]) -> SymbolTable:
    """The symbol table of a rule set's declarations (modules and variant edits included)."""
    table = SymbolTable()
    _collect(table, decls)
    _Resolver(table).run(decls)
    return table


# ---------------------------------------------------------------- declarations
def _declare(table: SymbolTable, sym: Symbol) -> None:
    table.declared.setdefault(sym.name, []).append(sym)


def _define(table: SymbolTable, sym: Symbol) -> None:
    """A global definition: the first of a name wins; a second is a duplicate (E201)."""
    _declare(table, sym)
    first = table.globals.get(sym.name)
    if first is not None:
        table.duplicates.append((sym, first))
    else:
        table.globals[sym.name] = sym


def _collect(table: SymbolTable, decls: list[A.Decl]) -> None:
    for decl in decls:
        if isinstance(decl, A.Option):
            _define(table, Symbol(decl.name, OPTION, decl, None, True))
            for v in decl.values:
                if isinstance(v, str):  # an option's word values are symbols
                    sym = Symbol(v, SYMBOL, decl, "symbol", True)
                    _declare(table, sym)
                    table.globals.setdefault(v, sym)
        elif isinstance(decl, A.Tokens):
            for n in decl.names:
                _define(table, Symbol(n, KIND, decl, "kind", True))
        elif isinstance(decl, A.Symbols):
            for n in decl.names:
                _define(table, Symbol(n, SYMBOL, decl, "symbol", True))
        elif isinstance(decl, A.Const):
            _define(table, Symbol(decl.name, CONST, decl))
        elif isinstance(decl, A.Zone):
            for n in decl.names:
                if decl.per_player:
                    sym = Symbol(n, PLAYER_ZONE, decl, "zname", True)
                    if n in table.player_zones:
                        table.player_zone_duplicates.append(sym)
                    table.player_zones[n] = sym
                    _declare(table, sym)
                    table.globals.setdefault(n, sym)
                else:
                    _define(table, Symbol(n, ZONE, decl, "zone", True))
        elif isinstance(decl, A.Pile):
            for n in decl.names:
                if decl.per_player:
                    sym = table.player_piles[n] = Symbol(n, PLAYER_PILE, decl, None, True)
                    _declare(table, sym)
                else:
                    _define(table, Symbol(n, PILE, decl, "pile", True))
        elif isinstance(decl, A.Var):
            if decl.per_player:
                sym = table.player_vars[decl.name] = Symbol(decl.name, PLAYER_VAR, decl)
                _declare(table, sym)
            else:
                _define(table, Symbol(decl.name, VAR, decl))
        elif isinstance(decl, A.Deck):
            _define(table, Symbol(decl.name, DECK, decl, "deck", True))
        elif isinstance(decl, A.Card):
            _define(table, Symbol(decl.name, CARD, decl, "card", True))
        elif isinstance(decl, A.Table):
            _define(table, Symbol(decl.name, TABLE, decl))
        elif isinstance(decl, A.Func):
            _define(table, Symbol(decl.name, FUNC, decl))
        elif isinstance(decl, A.Rule):
            _define(table, Symbol(decl.name, RULE, decl))
        elif isinstance(decl, A.Action):  # turns
            _define(table, Symbol(decl.name, ACTION, decl))
        elif isinstance(decl, A.Board):  # boards
            _define(table, Symbol(decl.name, BOARD, decl, "board", True))
            for space in decl.spaces:  # a shared zone (nobody's pieces) and a zone of each player
                _define(table, Symbol(space.name, ZONE, space, "zone", True))
                sym = Symbol(space.name, PLAYER_ZONE, space, "zname", True)
                table.player_zones.setdefault(space.name, sym)  # (a name used twice: E201 above)
                _declare(table, sym)


def _last(table: SymbolTable, name: str, *kinds: str) -> Symbol | None:
    """The last declaration of `name` of the first of `kinds` it has (later ones win, as in the
    index the engines play from)."""
    syms = table.declared.get(name, ())
    for kind in kinds:
        for sym in reversed(syms):
            if sym.kind == kind:
                return sym
    return None


_BUILTIN_FUNCTION = "builtin function"
_LEAVES = (A.IntLit, A.StrLit, A.BoolLit, A.NoneLit)
# The expressions whose children are these fields (read directly: a walk runs at every load).
OPERANDS: dict[type, tuple[str, ...]] = {
    A.Index: ("obj", "key"), A.Not: ("operand",), A.Neg: ("operand",), A.AtPhaseStart: ("operand",),
    A.RangeExpr: ("low", "high"), A.InExpr: ("item", "container"),
    A.IfExpr: ("condition", "then", "otherwise")}


# ---------------------------------------------------------------- uses
class _Resolver:
    """Walks every declaration with the locals in scope, recording each use of a name."""

    def __init__(self, table: SymbolTable):
        self.table = table
        self.refs = table.refs
        self.keep = table._keep
        self.globals = table.globals
        self._calls: dict[str, Symbol | None] = {}

    def note(self, node: A.Node, sym: Symbol | None) -> None:
        self.refs[id(node)] = sym
        self.keep.append(node)

    def run(self, decls: list[A.Decl]) -> None:
        for decl in decls:
            self.decl(decl)

    @staticmethod
    def local(name: str, binder: A.Node, how: str, type_: str | None = None) -> Symbol:
        return Symbol(name, LOCAL, binder, type_, False, how)

    def implicit(self, binder: A.Node, *names: str) -> Scope:
        return {n: self.local(n, binder, "implicit", BUILTIN_NAMES[n].type if n != "it" else None)
                for n in names}

    def params(self, binder: A.Node, names: tuple[str, ...], scope: Scope | None = None) -> Scope:
        out = dict(scope or {})
        for n in names:
            out[n] = self.local(n, binder, "param")
        return out

    # ------------------------------------------------------------ declarations
    def decl(self, decl: A.Decl) -> None:
        e = self.expr
        if isinstance(decl, A.Const):
            e(decl.value, {})
        elif isinstance(decl, A.Var):
            e(decl.value, self.implicit(decl, "me"))
        elif isinstance(decl, A.Deck):
            if decl.active is not None:
                e(decl.active, self.implicit(decl, "it", "this"))
        elif isinstance(decl, A.Card):
            this = self.implicit(decl, "this")
            for f in decl.fields:
                e(f.value, this)
            for handler in decl.handlers:
                self.block(handler.body, this)
            for m in decl.modifiers:
                self.modify(m, this)
            for h in decl.hooks:
                self.hook(h, this)
        elif isinstance(decl, A.Table):
            inner = {decl.param: self.local(decl.param, decl, "param", "number")}
            for entry in decl.rows:
                e(entry.value, inner)
        elif isinstance(decl, A.Func):
            e(decl.value, self.params(decl, decl.params))
            for t in (*decl.param_types, decl.result_type):
                if t is not None:
                    self.annotation(t)
        elif isinstance(decl, A.Invariant):
            e(decl.condition, {})
        elif isinstance(decl, A.Action):  # turns: the player taking it is its parameter
            inner = {decl.param: self.local(decl.param, decl, "param", "player")}
            for x in (decl.condition, decl.limit):
                if x is not None:
                    e(x, {} if x is decl.limit else inner)
            if decl.cost is not None:
                self.block(decl.cost, inner)
            self.block(decl.effect, inner)
        elif isinstance(decl, A.Game):  # turns: game-end conditions read globals only
            for ending in decl.endings:
                e(ending.condition, {})
        elif isinstance(decl, A.Board):  # boards: a space's fields read globals only
            for space in decl.spaces:
                for f in space.fields:
                    e(f.value, {})
        elif isinstance(decl, A.Rule):
            self.block(decl.body, self.params(decl, decl.params))
        elif isinstance(decl, A.Modify):
            self.modify(decl, {})
        elif isinstance(decl, A.Hook):
            self.hook(decl, {})
        elif isinstance(decl, (A.Setup, A.Phase)):
            for step in decl.steps:
                self.block(step.body, {})
        elif isinstance(decl, A.Metric):
            e(decl.kinds, {})
        elif isinstance(decl, A.Persona):
            for w in decl.weights:
                e(w.weight, {})
        elif isinstance(decl, A.Scoring):
            inner = {decl.player_var: self.local(decl.player_var, decl, "param", "player")}
            e(decl.score, inner)
            for t in decl.tiebreaks:
                e(t, inner)

    def modify(self, m: A.Modify, scope: Scope) -> None:
        self.note(m, _last(self.table, m.name, FUNC, TABLE))
        inner = self.params(m, m.params, scope)
        inner["base"] = self.local("base", m, "implicit")
        if m.condition is not None:
            self.expr(m.condition, inner)
        self.expr(m.value, inner)

    def hook(self, h: A.Hook, scope: Scope) -> None:
        self.note(h, _last(self.table, h.name, RULE))
        inner = self.params(h, h.params, scope)
        if h.condition is not None:
            self.expr(h.condition, inner)
        self.block(h.body, inner)

    # ------------------------------------------------------------ statements
    def block(self, block: A.Block, scope: Scope) -> None:
        own = False  # a `let` is seen by the rest of its block only: copy the scope at the first
        for stmt in block.stmts:
            if stmt.__class__ is A.Let:
                self.expr(stmt.value, scope)
                if not own:
                    scope, own = dict(scope), True
                scope[stmt.name] = self.local(stmt.name, stmt, "let")
            else:
                self.stmt(stmt, scope)

    def stmt(self, s: A.Stmt, scope: Scope) -> None:
        e = self.expr
        if isinstance(s, A.Set):
            e(s.target, scope)
            e(s.value, scope)
        elif isinstance(s, A.If):
            e(s.condition, scope)
            self.block(s.then, scope)
            if s.otherwise is not None:
                self.block(s.otherwise, scope)
        elif isinstance(s, A.ForEach):
            e(s.source, scope)
            self.block(s.body, {**scope, s.var: self.local(s.var, s, "loop")})
        elif isinstance(s, (A.While, A.Repeat)):
            e(s.condition if isinstance(s, A.While) else s.count, scope)
            self.block(s.body, scope)
        elif isinstance(s, A.AskMay):
            e(s.player, scope)
            self.block(s.body, scope)
            if s.otherwise is not None:
                self.block(s.otherwise, scope)
        elif isinstance(s, A.AskChoose):
            e(s.player, scope)
            e(s.options, scope)
            self.block(s.body, {**scope, s.var: self.local(s.var, s, "loop")})
        elif isinstance(s, A.Secretly):
            self.block(s.body, scope)
        elif isinstance(s, A.Turn):  # turns
            e(s.player, scope)
            self.block(s.body, scope)
        # plans
        elif isinstance(s, A.Plan):
            e(s.players, scope)
            e(s.count, scope)
            inner = {**scope, s.var: self.local(s.var, s, "loop")}
            e(s.options, inner)
            if s.likely is not None:
                e(s.likely, {**inner, "it": self.local("it", s, "implicit")})
        # end plans
        elif isinstance(s, (A.Move, A.Draw)):
            if s.quantity.amount is not None:
                e(s.quantity.amount, scope)
            if isinstance(s, A.Move) and s.what is not None:
                e(s.what, scope)
            e(s.source, scope)
            e(s.dest, scope)
        elif isinstance(s, (A.Do, A.Say)):
            if isinstance(s, A.Do):
                self.note(s, _last(self.table, s.rule, RULE))
            for a in s.args:
                e(a, scope)
        else:  # the other statements hold expressions only (and distribute's limits)
            for child in A.iter_children(s):
                if isinstance(child, A.Expr):
                    e(child, scope)
                elif isinstance(child, A.DistLimit):
                    e(child.amount, scope)
                    e(child.zones, scope)

    def annotation(self, t: A.TypeExpr) -> None:
        """A func's annotation: the deck of `card of DECK` and the board of `space of BOARD` are
        references to them (the words of kinds are no names: the typed form reads them)."""
        todo = [t]
        while todo:
            node = todo.pop()
            if isinstance(node, A.TypeUnion):
                todo.extend(node.options)
            elif isinstance(node, A.TypeName) and node.of is not None:
                named = {"card": DECK, "space": BOARD}.get(node.name)
                if named is not None and isinstance(node.of, A.TypeName) and node.of.of is None:
                    self.note(node.of, _last(self.table, node.of.name, named))
                else:
                    todo.append(node.of)

    # ------------------------------------------------------------ expressions
    def expr(self, x: A.Expr, scope: Scope) -> None:
        cls = x.__class__
        if cls is A.Name:
            name = x.id
            sym = scope.get(name)
            if sym is None:
                sym = BUILTIN_SYMBOLS.get(name) or self.globals.get(name)
                if sym is None:
                    self.table.unresolved_scope[id(x)] = tuple(scope)
            self.refs[id(x)] = sym
            self.keep.append(x)
            return
        if cls is A.Call:
            self.note(x, self.call_target(x.func))
            for a in x.args:
                self.expr(a, scope)
            return
        if cls is A.Attr:
            self.expr(x.obj, scope)
            return
        if cls is A.BinOp:
            self.expr(x.left, scope)
            self.expr(x.right, scope)
            return
        if cls in _LEAVES:
            return
        if cls is A.Where or cls is A.Ordered or cls is A.Extreme:
            self.expr(x.source, scope)
            inner = {**scope, "it": self.local("it", x, "implicit")}
            self.expr(x.condition if cls is A.Where else x.key, inner)
            return
        if cls is A.Comprehension:
            self.expr(x.source, scope)
            inner = {**scope, x.var: self.local(x.var, x, "loop")}
            self.expr(x.element, inner)
            if x.condition is not None:
                self.expr(x.condition, inner)
            return
        if cls is A.NestedComprehension:  # each clause sees the names of the clauses before it
            for clause in x.clauses:
                self.expr(clause.source, scope)
                scope = {**scope, clause.var: self.local(clause.var, clause, "loop")}
                if clause.condition is not None:
                    self.expr(clause.condition, scope)
            self.expr(x.element, scope)
            return
        if cls is A.LetIn:
            self.expr(x.value, scope)
            self.expr(x.body, {**scope, x.name: self.local(x.name, x, "let")})
            return
        fields = OPERANDS.get(cls)
        if fields is not None:
            for f in fields:
                self.expr(getattr(x, f), scope)
            return
        if cls is A.BoolOp or cls is A.ListLit:
            for item in x.items:
                self.expr(item, scope)
            return
        for child in A.iter_children(x):
            if isinstance(child, A.Expr):
                self.expr(child, scope)

    def call_target(self, name: str) -> Symbol | None:
        """A call names a func, else a table, else a built-in function (later funcs win)."""
        if name not in self._calls:
            sym = _last(self.table, name, FUNC, TABLE)
            if sym is None and name in BUILTINS:
                sym = Symbol(name, BUILTIN, None, None, False, _BUILTIN_FUNCTION)
            self._calls[name] = sym
        return self._calls[name]
