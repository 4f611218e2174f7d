"""`ratdsl check` works out every `invariant NAME "title" = CONDITION` of a rule set (E242).

An invariant reads only what the rules fix before a game (the checker's E241 makes sure: consts,
options, cards, tables, funcs, `player_count`), so its value depends on the number of players and
the option values alone. It is worked out by the tree-walker (the reference evaluator) in a game
that has not started, for each such setting that matters to it: the numbers of players the header
allows if it reads `player_count`, and the values of the options it reads (itself or through the
consts, funcs, tables and card fields it reads). When those settings number MAX_SETTINGS or fewer,
every one of them is tried; past that, each number of players with the options at their defaults
and with each option changed alone. A false invariant is reported once, at the invariant, naming
the first setting where it fails; one that cannot be worked out (an error) likewise.
"""

from __future__ import annotations

import itertools
from typing import Any

from ..checker.checker import Diagnostic
from ..checker.invariants import modifier_parts
from ..language import ast as A
from ..language.errors import RuleError
from ..language.loader import RuleSet
from ..semantics.builtins import BOARD, BUILTINS
from ..semantics.definition import build
from ..semantics.resolver import resolve
from ..semantics.symbols import BUILTIN, CARD, CONST, FUNC, OPTION, TABLE, ZONE, SymbolTable
from ..semantics.values import label
from .chance import Chance
from .env import Env
from .errors import RuleRuntimeError
from .interpreter import Interpreter
from .log import GameLog
from .runtime import Runtime

MAX_SETTINGS = 256  # settings (players x option values) tried one by one before sampling them
INVARIANT_FALSE = "E242"
STEP_BUDGET = 1_000_000  # an invariant is data: it needs far fewer steps than a game


def check_invariants(ruleset: RuleSet, symbols: SymbolTable | None = None) -> list[Diagnostic]:
    """E242 for each invariant that is false (or stops with an error) for some setting."""
    invariants = [d for d in ruleset.decls if isinstance(d, A.Invariant)]
    if not invariants:
        return []
    table = symbols if symbols is not None else resolve(ruleset.decls)
    options = {d.name: d for d in ruleset.decls if isinstance(d, A.Option)}
    game = ruleset.game
    out = []
    for inv in invariants:
        reads_players, read = _what_it_reads(table, inv.condition, ruleset.decls)
        counts = list(range(game.min_players, game.max_players + 1)) if reads_players else [game.min_players]
        # A variant's `set option` fixes that option: only its value is tried.
        fixed = {n: value for n, (value, _span) in ruleset.option_overrides.items()}
        names = [n for n in options if n in read]
        tried = [(n, options[n] if n not in fixed else _fixed(options[n], fixed[n])) for n in names]
        for players, values in settings(counts, tried):
            problem = _evaluate(ruleset, table, inv, players, values)
            if problem is not None:
                where = _setting(players, values, reads_players)
                out.append(Diagnostic.at(inv.span, INVARIANT_FALSE,
                                         f"invariant {inv.name} {problem}" + (f" {where}" if where else ""),
                                         "correct the data, or the invariant if the data is right"))
                break
    return out


def settings(counts: list[int], options: list[tuple[str, A.Option]]) -> list[tuple[int, dict[str, Any]]]:
    """The (players, option values) to try: all combinations when at most MAX_SETTINGS, else each
    number of players with the defaults, and with each option changed alone to each other value."""
    total = len(counts)
    for _, opt in options:
        total *= len(opt.values)
    if total <= MAX_SETTINGS:
        combos = list(itertools.product(*[[(name, v) for v in opt.values] for name, opt in options]))
        return [(n, dict(c)) for n in counts for c in combos]
    defaults = {name: opt.default for name, opt in options}
    out = []
    for n in counts:
        out.append((n, dict(defaults)))
        for name, opt in options:
            out += [(n, {**defaults, name: v}) for v in opt.values if v != opt.default]
    return out


def _fixed(option: A.Option, value: Any) -> A.Option:
    """`option` with `value` as its one value (set by a variant)."""
    return A.Option(option.name, option.title, (value,), value, span=option.span)


def _evaluate(ruleset: RuleSet, table: SymbolTable, inv: A.Invariant, players: int,
              values: dict[str, Any]) -> str | None:
    """None when the invariant holds for this setting, else what went wrong ("is false", ...)."""
    try:
        d = build(ruleset, values, table)
        runtime = Runtime(d, players, Chance(0), [], GameLog(keep=False))
        it = Interpreter(runtime, STEP_BUDGET)
        value = it.eval(inv.condition, Env())
    except RuleRuntimeError as err:
        return f"cannot be worked out ({err.code} at {err.line}:{err.column}: {err.message})"
    except RuleError as err:
        return f"cannot be worked out ({err.message})"
    if value is True:
        return None
    if value is False:
        return "is false"
    return "is not yes or no"


def _setting(players: int, values: dict[str, Any], reads_players: bool) -> str:
    parts = [f"{name} = {_shown(v)}" for name, v in sorted(values.items())]
    where = f"with {players} players" if reads_players else ""
    if parts:
        where += (" and " if where else "with ") + ", ".join(parts)
    return where


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return label(value) if not isinstance(value, (int, str)) else str(value)


def _what_it_reads(table: SymbolTable, root: A.Expr, decls: list[A.Decl] | tuple[A.Decl, ...]
                   ) -> tuple[bool, set[str]]:
    """Whether `root` reads `player_count`, and the options it reads, following consts, funcs,
    tables and card fields (`.field`: every card's value of it). Iterative."""
    options: set[str] = set()
    players = False
    seen: set[tuple[str, str]] = set()
    todo: list[A.Node] = [root]
    cards = [d for syms in table.declared.values() for s in syms if s.kind == CARD
             for d in [s.decl] if isinstance(d, A.Card)]
    spaces = [d for syms in table.declared.values() for s in syms if s.kind == ZONE
              for d in [s.decl] if isinstance(d, A.Space)]
    modifiers = modifier_parts(decls)

    def follow(kind: str, name: str) -> None:
        if (kind, name) in seen:
            return
        seen.add((kind, name))
        if kind == "field":
            todo.extend(f.value for c in cards for f in c.fields if f.name == name)
            todo.extend(f.value for sp in spaces for f in sp.fields if f.name == name)
            return
        if kind == CARD:  # a card's value is itself; its fields are read through `.field`
            return
        todo.extend(s.decl for s in table.declared.get(name, ()) if s.kind == kind and s.decl is not None)
        if kind in (FUNC, TABLE):
            todo.extend(modifiers.get(name, ()))  # they change its value

    while todo:
        node = todo.pop()
        cls = node.__class__
        if cls is A.Name:
            sym = table.ref(node)
            if node.id == "player_count" and (sym is None or not sym.is_local):
                players = True
            elif sym is not None and sym.kind == OPTION:
                options.add(node.id)
            elif sym is not None and sym.kind in (CONST, CARD):
                follow(sym.kind, node.id)
        elif cls is A.Call:
            sym = table.ref(node)
            if sym is not None and sym.kind in (FUNC, TABLE):
                follow(sym.kind, node.func)
            elif sym is not None and sym.kind == BUILTIN and BOARD in BUILTINS[node.func].reads:
                players = True  # the spaces in play depend on the number of players
        elif cls is A.Attr:
            follow("field", node.name)
        todo.extend(A.iter_children(node))
    return players, options
