"""The built-in names as the symbol table resolved them, so the summaries never decide what a
name is by its spelling: a local called `players` is a local, and `base` is the value of the
modifier that binds it."""

from __future__ import annotations

from ..language import ast as A
from ..semantics.definition import GameDef
from ..semantics.symbols import BUILTIN, BUILTIN_NAMES, BuiltinName

# The number of players: the summaries show what depends on it per player count.
PLAYER_COUNT = BUILTIN_NAMES["player_count"]


def builtin_of(d: GameDef, e: A.Node) -> BuiltinName | None:
    """The built-in name a name node stands for: a game name (players, active, ...) or one its
    construct binds (it, this, base, me); None for anything else or a node the table never saw."""
    if not isinstance(e, A.Name):
        return None
    sym = d.symbol_table.ref(e)
    if sym is None or not (sym.kind == BUILTIN or (sym.is_local and sym.binder == "implicit")):
        return None
    return BUILTIN_NAMES.get(sym.name)


def bound_by(d: GameDef, e: A.Node, binder: A.Node) -> bool:
    """Whether a name node is the one `binder` (a modifier, a card) binds by itself, e.g. `base`."""
    sym = d.symbol_table.ref(e) if isinstance(e, A.Name) else None
    return sym is not None and sym.is_local and sym.binder == "implicit" and sym.decl is binder


def reads_player_count(d: GameDef, node: A.Node) -> bool:
    """Whether a node reads the number of players itself (not through what it calls)."""
    return any(builtin_of(d, n) is PLAYER_COUNT for n in A.walk(node))


def is_side(name: str) -> bool:
    """Whether a symbol is one of the built-in sides (`left`, `right`): names whose value is the name."""
    builtin = BUILTIN_NAMES.get(name)
    return builtin is not None and builtin.itself


def ref_key(builtin: BuiltinName) -> str:
    """The message that names a built-in name (`ref-player-count`); `this`, the card at hand,
    reads "this card"."""
    return "ref-" + ("this-card" if builtin.name == "this" else builtin.name.replace("_", "-"))
