"""The values a hand-written message can use as Fluent variables, read from the AST.

Every message gets the global values:
    $OPTION            the value in force of every option (select on it: `{ $opt -> [a] ... }`)
    $CONST             every constant with a number value ($boxes); one that depends on the
                       number of players is given as a short text ("1 with 2–6 players and …")
    $FUNC              a function without parameters that is true or false by number of players
                       only: the player counts for which it is true ("5–6 players and 11–12 …")
    $min_players, $max_players
    $DECISION_at_most, $DECISION_at_least   the first limit of a `distribute` decision

A message of one element (a step, card, rule, phase, ...) also gets values from that element:
    $n1, $n2, ...      every whole number written in it, in the order of the text
    $KIND, $KIND_2     the amount of each `move`, `draw` or `create` of a token kind or group
                       (`move up to 1 gold ...` gives $gold = 1), when it is a fixed number
    $WHEN_KIND         the same for a move inside `if X == WHEN { ... }` (or `else if`): inside
                       `if kind == silver { move 2 gold ... }` it is $silver_gold = 2. These names
                       survive new branches and statements, so prefer them to $KIND_2 or $n3
    $FIELD             each field of a card with a fixed value ($number, $back)
    $CALLEE_VALUE      the values above of each rule (`do R(...)`) and function (`F(...)`) that
                       the element calls, and for a card of each rule that names the card, named
                       after it: a card that does `trade(p)` gets $trade_n1, $trade_yellow; one
                       level deep, so a message can show a number written in the rule its card
                       hands the work to

So a number changed in a rule file shows in every language without touching a message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..language import ast as A
from ..semantics.definition import GameDef
from .decided import counts_where
from .static import ByPlayers, NotStatic, StaticEval, Sym, over_players


def global_values(d: GameDef, ev: StaticEval) -> dict[str, Any]:
    out: dict[str, Any] = {"min_players": d.game.min_players, "max_players": d.game.max_players}
    for name, value in d.option_values.items():
        out[name] = value
    for name, const in d.consts.items():
        try:
            value = over_players(ev, const.value)
        except NotStatic:
            continue
        if _is_number(value):
            out[name] = value
    for name, func in d.funcs.items():
        if func.params or d.modifiers.get(name) or name in out:
            continue
        try:
            value = over_players(ev, func.value)
        except NotStatic:
            continue
        if isinstance(value, ByPlayers) and all(isinstance(v, bool) for v in value.values()):
            out[name] = PlayersWhere(tuple(counts_where(value)))
        elif _is_number(value):
            out[name] = value
    for decl in d.ruleset.decls:
        for node in A.walk(decl):
            if isinstance(node, A.AskDistribute):
                for limit in node.limits:
                    key = f"{node.id}_at_{limit.kind}"
                    if key in out:
                        continue
                    try:
                        value = over_players(ev, limit.amount)
                    except NotStatic:
                        continue
                    if _is_number(value):
                        out[key] = value
    return out


@dataclass(frozen=True)
class PlayersWhere:
    """The numbers of players for which something holds."""

    counts: tuple[int, ...]


def local_values(d: GameDef, ev: StaticEval, node: A.Node | None, callees: bool = True) -> dict[str, Any]:
    if node is None:
        return {}
    out = _own_values(d, ev, node)
    if callees:
        for name, callee in called_by(d, node):
            for key, value in _own_values(d, ev, callee).items():
                out.setdefault(f"{name}_{key}", value)
    return out


def called_by(d: GameDef, node: A.Node) -> list[tuple[str, A.Node]]:
    """The rules and functions of the rules that node calls, in the order of the text."""
    seen: dict[str, A.Node] = {}
    for n in A.walk(node):
        if isinstance(n, A.Do) and n.rule in d.rules:
            seen.setdefault(n.rule, d.rules[n.rule])
        elif isinstance(n, A.Call) and n.func in d.funcs and d.funcs[n.func] is not node:
            seen.setdefault(n.func, d.funcs[n.func])
    if isinstance(node, A.Card):  # a card whose ability lives in rules that name it
        for rule in _rules_naming(d).get(node.name, ()):
            seen.setdefault(rule.name, rule)
    return [(k, v) for k, v in seen.items() if v is not node]


_NAMING: dict[int, tuple[GameDef, dict[str, list[A.Rule]]]] = {}


def _rules_naming(d: GameDef) -> dict[str, list[A.Rule]]:
    """The rules that name each name, per definition (kept for the last few definitions)."""
    if id(d) not in _NAMING or _NAMING[id(d)][0] is not d:
        index: dict[str, list[A.Rule]] = {}
        for rule in d.rules.values():
            for name in dict.fromkeys(n.id for n in A.walk(rule.body) if isinstance(n, A.Name)):
                index.setdefault(name, []).append(rule)
        if len(_NAMING) >= 8:
            _NAMING.pop(next(iter(_NAMING)))
        _NAMING[id(d)] = (d, index)
    return _NAMING[id(d)][1]


def _own_values(d: GameDef, ev: StaticEval, node: A.Node) -> dict[str, Any]:
    out: dict[str, Any] = {}
    literals = sorted((n for n in A.walk(node) if isinstance(n, A.IntLit)),
                      key=lambda n: (n.span.line, n.span.column))
    for i, lit in enumerate(literals, 1):
        out[f"n{i}"] = lit.value
    qualified: dict[str, Any] = {}
    for stmt, when in sorted(_statements(node, None), key=lambda sw: (sw[0].span.line, sw[0].span.column)):
        for name, value in _amounts(d, ev, stmt):
            key, i = name, 2
            while key in out:
                key, i = f"{name}_{i}", i + 1
            out[key] = value
            if when is not None:
                qualified.setdefault(f"{when}_{name}", value)
    for key, value in qualified.items():
        out.setdefault(key, value)
    if isinstance(node, A.Card):
        for f in node.fields:
            try:
                value = over_players(ev, f.value)
            except NotStatic:
                continue
            if _is_number(value) or isinstance(value, Sym):
                out.setdefault(f.name, value.name if isinstance(value, Sym) else value)
    return out


def _statements(node: A.Node, when: str | None):
    """Every move, draw and create below node, with the name its nearest `if X == NAME` tests."""
    if isinstance(node, (A.Move, A.Create, A.Draw)):
        yield node, when
        return
    if isinstance(node, A.If):
        yield from _statements(node.then, _tested_name(node.condition) or when)
        if node.otherwise is not None:
            yield from _statements(node.otherwise, when)
        return
    for child in A.iter_children(node):
        yield from _statements(child, when)


def _tested_name(cond: A.Expr) -> str | None:
    if isinstance(cond, A.BoolOp) and cond.op == "and":
        for item in cond.items:
            name = _tested_name(item)
            if name is not None:
                return name
        return None
    if isinstance(cond, A.BinOp) and cond.op == "==" and isinstance(cond.right, A.Name):
        return cond.right.id
    return None


def _amounts(d: GameDef, ev: StaticEval, stmt: A.Stmt):
    if isinstance(stmt, A.Move):
        if stmt.quantity.amount is None or not isinstance(stmt.what, A.Name):
            return
        if stmt.what.id not in d.kinds and stmt.what.id not in d.consts:
            return
        value = _static(ev, stmt.quantity.amount)
        if value is not None:
            yield stmt.what.id, value
    elif isinstance(stmt, A.Draw):
        if stmt.quantity.amount is not None:
            value = _static(ev, stmt.quantity.amount)
            if value is not None:
                yield "draw", value
    elif isinstance(stmt, A.Create):
        try:
            value = over_players(ev, stmt.what)
        except NotStatic:
            return
        groups = value.groups if isinstance(value, ByPlayers) else ((0, 0, value),)
        if not all(isinstance(g[2], dict) for g in groups):
            return
        kinds = list(dict.fromkeys(k for g in groups for k in g[2]))
        for kind in kinds:
            if isinstance(value, ByPlayers):
                per = ByPlayers(tuple((lo, hi, v.get(kind, 0)) for lo, hi, v in value.groups))
                yield kind, per
            else:
                yield kind, value[kind]


def _static(ev: StaticEval, expr: A.Expr):
    try:
        value = over_players(ev, expr)
    except NotStatic:
        return None
    return value if _is_number(value) else None


def _is_number(value: Any) -> bool:
    if isinstance(value, ByPlayers):
        return all(isinstance(v, int) and not isinstance(v, bool) for v in value.values())
    return isinstance(value, int) and not isinstance(value, bool)
