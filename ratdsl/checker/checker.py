"""Static checks over a loaded rule set: every finding at once, each pointing at its span.

Checks: duplicate definitions, undefined names (with did-you-mean), unknown functions, rules
and tables, wrong numbers of values, modifiers and hooks of things that do not exist, card
fields their deck does not declare, option defaults outside their values, phases that never
run, definitions never used.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from ..engine.builtins import BUILTINS
from ..language import ast as A
from ..language.errors import RuleError
from ..language.loader import RuleSet

BUILTIN_NAMES = {"players", "active", "round", "player_count", "left", "right"}


@dataclass
class Diagnostic(RuleError):
    severity: str = "error"

    @classmethod
    def at(cls, span: A.Span, code: str, message: str, hint: str | None = None,
           severity: str = "error") -> Diagnostic:
        end = span.end_column if span.end_line == span.line else None
        return cls(span.file, span.line, span.column, message, _source(span.file), code, hint, end,
                   severity)

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.column,
                "end_column": self.end_column, "code": self.code, "severity": self.severity,
                "message": self.message, "hint": self.hint}


_SOURCES: dict[str, str | None] = {}


def _source(file: str) -> str | None:
    if file not in _SOURCES:
        try:
            _SOURCES[file] = Path(file).read_text("utf-8")
        except OSError:
            _SOURCES[file] = None
    return _SOURCES[file]


def _hint(name: str, known) -> str | None:
    close = difflib.get_close_matches(name, sorted(set(known)), n=1)
    return f"did you mean {close[0]!r}?" if close else None


class Checker:
    def __init__(self, ruleset: RuleSet):
        self.ruleset = ruleset
        self.decls = ruleset.decls
        self.out: list[Diagnostic] = []
        self.globals: dict[str, tuple[str, A.Node]] = {}
        self.kinds: list[str] = []
        self.player_zones: set[str] = set()
        self.player_piles: set[str] = set()
        self.player_vars: set[str] = set()
        self.card_fields: set[str] = {"name", "deck"}
        self.funcs: dict[str, int] = {}
        self.rules: dict[str, int] = {}
        self.tables: set[str] = set()
        self.decks: dict[str, A.Deck] = {}
        self.used: set[str] = set()
        _SOURCES.clear()

    def report(self, span, code, message, hint=None, severity="error"):
        self.out.append(Diagnostic.at(span, code, message, hint, severity))

    # ------------------------------------------------------------ collection
    def define(self, name: str, kind: str, node: A.Node) -> None:
        if name in self.globals:
            other_kind, other = self.globals[name]
            self.report(node.span, "E201", f"{name!r} is defined twice (also a {other_kind} at {other.span})",
                        "give one of them another name")
            return
        self.globals[name] = (kind, node)

    def collect(self) -> None:
        for decl in self.decls:
            if isinstance(decl, A.Option):
                self.define(decl.name, "option", decl)
                if decl.default not in decl.values:
                    self.report(decl.span, "E207", f"option {decl.name}: default {decl.default!r} "
                                "is not one of its values")
                for v in decl.values:
                    if isinstance(v, str) and v not in self.globals:
                        self.globals.setdefault(v, ("symbol", decl))
            elif isinstance(decl, A.Tokens):
                for n in decl.names:
                    self.define(n, "token kind", decl)
                    self.kinds.append(n)
            elif isinstance(decl, A.Symbols):
                for n in decl.names:
                    self.define(n, "symbol", decl)
            elif isinstance(decl, A.Const):
                self.define(decl.name, "const", decl)
            elif isinstance(decl, A.Zone):
                for n in decl.names:
                    if decl.per_player:
                        if n in self.player_zones:
                            self.report(decl.span, "E201", f"player zone {n!r} is defined twice")
                        self.player_zones.add(n)
                        self.globals.setdefault(n, ("player zone", decl))
                    else:
                        self.define(n, "zone", decl)
            elif isinstance(decl, A.Pile):
                for n in decl.names:
                    if decl.per_player:
                        self.player_piles.add(n)
                    else:
                        self.define(n, "pile", decl)
            elif isinstance(decl, A.Var):
                if decl.per_player:
                    self.player_vars.add(decl.name)
                else:
                    self.define(decl.name, "var", decl)
            elif isinstance(decl, A.Deck):
                self.define(decl.name, "deck", decl)
                self.decks[decl.name] = decl
                self.card_fields.update(decl.fields)
            elif isinstance(decl, A.Card):
                self.define(decl.name, "card", decl)
            elif isinstance(decl, A.Table):
                self.define(decl.name, "table", decl)
                self.tables.add(decl.name)
            elif isinstance(decl, A.Func):
                self.define(decl.name, "func", decl)
                self.funcs[decl.name] = len(decl.params)
            elif isinstance(decl, A.Rule):
                self.define(decl.name, "rule", decl)
                self.rules[decl.name] = len(decl.params)

    # ------------------------------------------------------------ checking
    def run(self) -> list[Diagnostic]:
        self.collect()
        phases = {d.name: d for d in self.decls if isinstance(d, A.Phase)}
        round_decl = next((d for d in self.decls if isinstance(d, A.Round)), None)
        for decl in self.decls:
            self.check_decl(decl)
        if round_decl is None:
            self.report(self.ruleset.game.span, "E206", "the game has no `round` listing its phases",
                        "add: round phase_a, phase_b, ...")
        else:
            for name in round_decl.phases:
                if name not in phases:
                    self.report(round_decl.span, "E206", f"the round lists an unknown phase {name!r}",
                                _hint(name, phases))
            for name, phase in phases.items():
                if name not in round_decl.phases:
                    self.report(phase.span, "W301", f"phase {name!r} never runs: the round does not list it",
                                severity="warning")
        for decl in self.decls:
            if isinstance(decl, (A.Func, A.Rule, A.Table, A.Const)) and decl.name not in self.used:
                self.report(decl.span, "W302", f"{decl.kind} {decl.name!r} is never used",
                            severity="warning")
        return sorted(self.out, key=lambda d: (d.file, d.line, d.column, d.code))

    def check_decl(self, decl: A.Decl) -> None:
        if isinstance(decl, A.Const):
            self.expr(decl.value, set())
        elif isinstance(decl, A.Var):
            self.expr(decl.value, {"me"})
        elif isinstance(decl, A.Deck):
            if decl.active is not None:
                self.expr(decl.active, {"it", "this"})
        elif isinstance(decl, A.Card):
            self.check_card(decl)
        elif isinstance(decl, A.Table):
            for entry in decl.rows:
                self.expr(entry.value, {decl.param})
        elif isinstance(decl, A.Func):
            self.expr(decl.value, set(decl.params))
        elif isinstance(decl, A.Rule):
            self.block(decl.body, set(decl.params))
        elif isinstance(decl, A.Modify):
            self.check_modify(decl, set())
        elif isinstance(decl, A.Hook):
            self.check_hook(decl, set())
        elif isinstance(decl, (A.Setup, A.Phase)):
            names = set()
            for step in decl.steps:
                if step.name in names:
                    self.report(step.span, "E201", f"step {step.name!r} appears twice in {decl.key}")
                names.add(step.name)
                self.block(step.body, set())
        elif isinstance(decl, A.Scoring):
            self.expr(decl.score, {decl.player_var})
            for t in decl.tiebreaks:
                self.expr(t, {decl.player_var})

    def check_card(self, card: A.Card) -> None:
        deck = self.decks.get(card.deck)
        if deck is None:
            self.report(card.span, "E205", f"card {card.name!r} names an unknown deck {card.deck!r}",
                        _hint(card.deck, self.decks))
        seen = set()
        for f in card.fields:
            if deck is not None and f.name not in deck.fields:
                self.report(f.span, "E205", f"deck {deck.name!r} has no field {f.name!r}",
                            _hint(f.name, deck.fields) or "add it to the deck's `fields` line")
            if f.name in seen:
                self.report(f.span, "E201", f"field {f.name!r} is set twice")
            seen.add(f.name)
            self.expr(f.value, {"this"})
        if deck is not None:
            for missing in [n for n in deck.fields if n not in seen]:
                self.report(card.span, "W303", f"card {card.name!r} does not set field {missing!r}",
                            severity="warning")
        for handler in card.handlers:
            if handler.event != "reveal":
                self.report(handler.span, "E208", f"cards react to `on reveal` only, not {handler.event!r}")
            self.block(handler.body, {"this"})
        for m in card.modifiers:
            self.check_modify(m, {"this"})
        for h in card.hooks:
            self.check_hook(h, {"this"})

    def check_modify(self, m: A.Modify, scope: set[str]) -> None:
        arity = self.funcs.get(m.name, 1 if m.name in self.tables else None)
        if arity is None:
            self.report(m.span, "E204", f"`modify {m.name}`: there is no function or table {m.name!r}",
                        _hint(m.name, [*self.funcs, *self.tables]))
        elif arity != len(m.params):
            self.report(m.span, "E204", f"`modify {m.name}` lists {len(m.params)} values; "
                        f"{m.name} takes {arity}")
        self.used.add(m.name)
        inner = scope | set(m.params) | {"base"}
        if m.condition is not None:
            self.expr(m.condition, inner)
        self.expr(m.value, inner)

    def check_hook(self, h: A.Hook, scope: set[str]) -> None:
        arity = self.rules.get(h.name)
        if arity is None:
            self.report(h.span, "E204", f"`{h.time} {h.name}`: there is no rule {h.name!r}",
                        _hint(h.name, self.rules))
        elif arity != len(h.params):
            self.report(h.span, "E204", f"`{h.time} {h.name}` lists {len(h.params)} values; "
                        f"rule {h.name} takes {arity}")
        self.used.add(h.name)
        inner = scope | set(h.params)
        if h.condition is not None:
            self.expr(h.condition, inner)
        self.block(h.body, inner)

    def block(self, block: A.Block, scope: set[str]) -> None:
        scope = set(scope)
        for stmt in block.stmts:
            self.stmt(stmt, scope)

    def stmt(self, s: A.Stmt, scope: set[str]) -> None:
        e = self.expr
        if isinstance(s, A.Let):
            e(s.value, scope)
            scope.add(s.name)
        elif isinstance(s, A.Set):
            if isinstance(s.target, A.Name):
                name = s.target.id
                kind = self.globals.get(name, (None,))[0]
                if name not in scope and name != "active" and kind != "var":
                    self.report(s.target.span, "E209", f"cannot set {name!r}: it is not a variable",
                                "declare it with `var NAME = VALUE`, or use `let` for a local name")
            else:
                e(s.target, scope)
            e(s.value, scope)
        elif isinstance(s, A.If):
            e(s.condition, scope)
            self.block(s.then, scope)
            if s.otherwise is not None:
                self.block(s.otherwise, scope)
        elif isinstance(s, A.ForEach):
            e(s.source, scope)
            self.block(s.body, scope | {s.var})
        elif isinstance(s, (A.While,)):
            e(s.condition, scope)
            self.block(s.body, scope)
        elif isinstance(s, A.Repeat):
            e(s.count, scope)
            self.block(s.body, scope)
        elif isinstance(s, A.Move):
            if s.quantity.amount is not None:
                e(s.quantity.amount, scope)
            for x in (s.what, s.source, s.dest):
                if x is not None:
                    e(x, scope)
        elif isinstance(s, A.Draw):
            if s.quantity.amount is not None:
                e(s.quantity.amount, scope)
            e(s.source, scope)
            e(s.dest, scope)
        elif isinstance(s, A.Shuffle):
            e(s.pile, scope)
        elif isinstance(s, A.Place):
            e(s.cards, scope)
            e(s.pile, scope)
        elif isinstance(s, A.Reveal):
            for x in (s.count, s.source, s.dest):
                e(x, scope)
        elif isinstance(s, A.AskMay):
            e(s.player, scope)
            self.block(s.body, scope)
            if s.otherwise is not None:
                self.block(s.otherwise, scope)
        elif isinstance(s, A.AskChoose):
            e(s.player, scope)
            e(s.options, scope)
            self.block(s.body, scope | {s.var})
        elif isinstance(s, A.AskDistribute):
            for x in (s.player, s.amount, s.source, s.targets):
                e(x, scope)
            for limit in s.limits:
                e(limit.amount, scope)
                e(limit.zones, scope)
        elif isinstance(s, A.Do):
            arity = self.rules.get(s.rule)
            if arity is None:
                self.report(s.span, "E203", f"unknown rule {s.rule!r}", _hint(s.rule, self.rules))
            elif arity != len(s.args):
                self.report(s.span, "E203", f"rule {s.rule} takes {arity} values, got {len(s.args)}")
            self.used.add(s.rule)
            for a in s.args:
                e(a, scope)
        elif isinstance(s, A.Secretly):
            self.block(s.body, scope)
        elif isinstance(s, A.Say):
            for a in s.args:
                e(a, scope)
        elif isinstance(s, A.Create):
            e(s.what, scope)
            e(s.where, scope)
        elif isinstance(s, A.Show):
            e(s.cards, scope)
            e(s.player, scope)

    def expr(self, x: A.Expr, scope: set[str]) -> None:
        if isinstance(x, A.Name):
            if x.id in scope or x.id in BUILTIN_NAMES:
                return
            if x.id not in self.globals:
                known = [*scope, *self.globals, *BUILTIN_NAMES]
                self.report(x.span, "E202", f"unknown name {x.id!r}", _hint(x.id, known))
            self.used.add(x.id)
            return
        if isinstance(x, A.Attr):
            self.expr(x.obj, scope)
            known = self.player_zones | self.player_piles | self.player_vars | self.card_fields \
                | set(self.kinds) | {n for n, (k, _) in self.globals.items() if k == "const"}
            if x.name not in known:
                self.report(x.span, "E210", f"nothing is called {x.name!r} (after the dot)",
                            _hint(x.name, known))
            self.used.add(x.name)
            return
        if isinstance(x, A.Call):
            name = x.func
            self.used.add(name)
            if name in self.funcs:
                if self.funcs[name] != len(x.args):
                    self.report(x.span, "E203", f"{name} takes {self.funcs[name]} values, got {len(x.args)}")
            elif name in self.tables:
                if len(x.args) != 1:
                    self.report(x.span, "E203", f"table {name} takes one value, got {len(x.args)}")
            elif name not in BUILTINS:
                self.report(x.span, "E203", f"unknown function {name!r}",
                            _hint(name, [*self.funcs, *self.tables, *BUILTINS]))
            for a in x.args:
                self.expr(a, scope)
            return
        if isinstance(x, A.BundleLit):
            for kind, value in x.items:
                if kind not in self.kinds:
                    self.report(x.span, "E211", f"{kind!r} is not a token kind", _hint(kind, self.kinds))
                self.expr(value, scope)
            return
        if isinstance(x, (A.Where, A.Ordered, A.Extreme)):
            self.expr(x.source, scope)
            inner = scope | {"it"}
            self.expr(x.condition if isinstance(x, A.Where) else x.key, inner)
            return
        if isinstance(x, A.Comprehension):
            self.expr(x.source, scope)
            inner = scope | {x.var}
            self.expr(x.element, inner)
            if x.condition is not None:
                self.expr(x.condition, inner)
            return
        for child in A.iter_children(x):
            if isinstance(child, A.Expr):
                self.expr(child, scope)


def check_ruleset(ruleset: RuleSet) -> list[Diagnostic]:
    return Checker(ruleset).run()
