"""Invariants (E241): `invariant NAME "title" = CONDITION` states a fact of the rules' data, which
`ratdsl check` works out for each number of players and option values (engine/invariants.py).
So the condition may read only what every game of one setting shares: literals, consts, options,
cards and their fields, decks, token kinds, symbols, `player_count`, funcs and tables (whose
bodies and modifiers obey the same rule), the built-ins that read nothing of a game, and those
that read only a board (`spaces`, `distance`...: its layout is fixed by the number of players). Zones' and piles'
contents, variables, the players, the active player, the round and chance differ from game to
game, or do not exist before one starts; so does the name of a shared zone or pile, which leads
to its contents."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import ast as A
from ..semantics.builtins import BOARD, BUILTINS
from ..semantics.symbols import BUILTIN, BUILTIN_NAMES, FUNC, PILE, TABLE, VAR, ZONE

if TYPE_CHECKING:  # the checker creates this; only its type is needed here
    from .checker import Checker

_HINT = ("an invariant reads consts, options, cards, tables, funcs and `player_count`; "
         "check what a game changes with `assert` in a step")


def check_invariant(checker: Checker, invariant: A.Invariant) -> None:
    """Reports the first part of the invariant (or of a func or table it calls) that reads what
    a game changes (E241)."""
    found = _game_part(checker, invariant.condition, set())
    if found is not None:
        node, what = found
        checker.report(node.span, "E241", f"invariant {invariant.name}: {what} is not known before "
                       "a game", _HINT)


def _game_part(checker: Checker, root: A.Expr, seen: set[str]) -> tuple[A.Node, str] | None:
    """The first node under `root` (funcs and tables it calls included, each once) that reads
    the state of a game, with what it reads; None when there is none. Iterative: bodies call
    bodies."""
    todo: list[A.Node] = [root]
    table = checker.table
    while todo:
        node = todo.pop()
        cls = node.__class__
        if cls is A.Name:
            sym = table.ref(node)
            if sym is None:
                continue
            if sym.kind == VAR:
                return node, f"variable {node.id!r}"
            if sym.kind in (ZONE, PILE):  # its contents, read through it, change in a game
                return node, f"{sym.kind} {node.id!r}"
            if sym.kind == BUILTIN and not BUILTIN_NAMES[node.id].per_game:
                return node, f"`{node.id}`"
        elif cls is A.Attr and node.name in table.player_vars:
            return node, f"a player's {node.name!r}"
        elif cls is A.AtPhaseStart:
            return node, "`at_phase_start`"
        elif cls is A.Call:
            sym = table.ref(node)
            if sym is not None and sym.kind == BUILTIN:
                builtin = BUILTINS.get(node.func)
                if builtin is not None and builtin.reads - {BOARD}:  # (a board is fixed per player count)
                    return node, f"`{node.func}(...)` (it reads {', '.join(sorted(builtin.reads))})"
            elif sym is not None and sym.kind in (FUNC, TABLE) and node.func not in seen:
                seen.add(node.func)
                for decl in table.declared.get(node.func, ()):
                    if decl.kind == sym.kind:
                        todo.append(decl.decl)
                todo.extend(_modifiers(checker).get(node.func, ()))  # they change its value
        todo.extend(reversed(list(A.iter_children(node))))
    return None



def _modifiers(checker: Checker) -> dict[str, list[A.Node]]:
    """modifier_parts of the checker's rule set, worked out once per check."""
    found = getattr(checker, "_invariant_modifiers", None)
    if found is None:
        found = checker._invariant_modifiers = modifier_parts(checker.decls)
    return found


def modifier_parts(decls: list[A.Decl] | tuple[A.Decl, ...]) -> dict[str, list[A.Node]]:
    """What decides the value of each modified func or table besides its own body: every
    `modify` of it (condition and value), and for a card's modifier its deck's `active when`."""
    found: dict[str, list[A.Node]] = {}
    decks = {d.name: d for d in decls if isinstance(d, A.Deck)}
    for decl in decls:
        if isinstance(decl, A.Modify):
            found.setdefault(decl.name, []).append(decl)
        elif isinstance(decl, A.Card):
            deck = decks.get(decl.deck)
            for m in decl.modifiers:
                parts = found.setdefault(m.name, [])
                parts.append(m)
                if deck is not None and deck.active is not None:
                    parts.append(deck.active)
    return found
