"""What names stand for: the built-in names of the language and the symbol table the resolver
(`resolver.py`) fills once per rule set. Every later stage asks the table what a name is instead
of working it out again.

Static types are the words the summaries use for values: "number", "bool", "player", "zone"
(a zone itself), "zname" (the name of a per-player zone), "pile", "card", "kind", "deck", "side",
"symbol", "value" (anything), and "list:T" for a list of T. None: not known before the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..language import ast as A
from ..records import record

# The kinds of global declarations, in the words diagnostics use ("also a token kind at ...").
OPTION, KIND, SYMBOL, CONST = "option", "token kind", "symbol", "const"
ZONE, PLAYER_ZONE, PILE, PLAYER_PILE = "zone", "player zone", "pile", "player pile"
VAR, PLAYER_VAR, DECK, CARD = "var", "player var", "deck", "card"
TABLE, FUNC, RULE = "table", "func", "rule"
BOARD = "board"  # boards: a board's name; each of its spaces is a ZONE and a PLAYER_ZONE
ACTION = "action"  # turns: an action or ability, named in `act` (and offered in turns)
BUILTIN, LOCAL = "builtin", "local"  # a built-in name; a name bound in the rules (param, let, ...)
CALLABLE = (FUNC, TABLE, RULE)  # named only to be called


@record(frozen=True)
class BuiltinName:
    """A name every rule set has. `per_game`: the same value all game long; `binder`: bound by
    the construct it appears in (a card's `this`, a modifier's `base`), not a global; `itself`:
    its value is its own name (a side)."""

    name: str
    type: str
    per_game: bool = False
    binder: bool = False
    itself: bool = False


BUILTIN_NAMES: dict[str, BuiltinName] = {b.name: b for b in (
    BuiltinName("players", "list:player"),
    BuiltinName("active", "player"),
    BuiltinName("round", "number"),
    BuiltinName("player_count", "number", per_game=True),
    BuiltinName("left", "side", per_game=True, itself=True),
    BuiltinName("right", "side", per_game=True, itself=True),
    BuiltinName("it", "value", binder=True),  # the element in `where`, `ordered by`, `with most`
    BuiltinName("this", "card", binder=True),  # the card whose field, effect or check this is
    BuiltinName("base", "value", binder=True),  # the value a modifier changes
    BuiltinName("me", "player", binder=True),  # the player whose per-player variable this is
)}
# The built-in names that are globals: found wherever no local of the same name is bound.
GAME_NAMES: frozenset[str] = frozenset(n for n, b in BUILTIN_NAMES.items() if not b.binder)
# Those read from the game state: the engines look them up before any declaration.
STATE_NAMES: tuple[str, ...] = tuple(n for n, b in BUILTIN_NAMES.items() if not b.binder and not b.itself)

# How the engines read a global name: the first group the name belongs to wins (a variable
# before a constant of the same name, and so on); ITSELF: names whose value is the name.
ITSELF = "itself"
VALUE_ORDER: tuple[str, ...] = (BUILTIN, VAR, CONST, OPTION, ZONE, PILE, CARD, ITSELF)
_VALUE_GROUP = {VAR: VAR, CONST: CONST, OPTION: OPTION, ZONE: ZONE, PILE: PILE, CARD: CARD,
                KIND: ITSELF, SYMBOL: ITSELF, PLAYER_ZONE: ITSELF, DECK: ITSELF, PLAYER_PILE: ITSELF,
                BOARD: ITSELF}
# The kinds whose names an unknown name's hint at run time offers (with the state names).
_RUNTIME_HINTS = frozenset((CONST, OPTION, ZONE, PILE, CARD, KIND, SYMBOL, PLAYER_ZONE, VAR, FUNC, TABLE, BOARD))
# Static types of the declarations whose type their kind decides.
KIND_TYPES = {KIND: "kind", ZONE: "zone", PLAYER_ZONE: "zname", PILE: "pile", CARD: "card",
              DECK: "deck", SYMBOL: "symbol", BOARD: "board"}


@dataclass(eq=False, slots=True)
class Symbol:
    """What one name stands for. `decl` is the declaration (an Option, a Zone, ...) or, for a
    local, the node that binds it (a Func for its parameters, a Let, a ForEach, a Card for
    `this`...); None for a built-in name. `binder` says how a local is bound: "param", "let",
    "loop" or "implicit" (it, this, base, me). Read-only by convention: a frozen dataclass is
    several times slower to make, and the resolver makes one per local at every load."""

    name: str
    kind: str
    decl: A.Node | None = None
    type: str | None = None
    per_game: bool = False
    binder: str = ""

    @property
    def is_local(self) -> bool:
        return self.kind == LOCAL

    @property
    def is_global(self) -> bool:
        """A declaration of the rule set (not a local, not a built-in name)."""
        return self.kind != LOCAL and self.kind != BUILTIN


BUILTIN_SYMBOLS: dict[str, Symbol] = {
    n: Symbol(n, BUILTIN, None, b.type, b.per_game) for n, b in BUILTIN_NAMES.items() if not b.binder}


class SymbolTable:
    """The names of one rule set (its final declaration list: modules added, variant edits made)
    and what each name in its rules stands for.

    Lookups by node are keyed by `id(node)`: nodes compare by their fields, so two `x` in
    different places are equal and would share an entry. The table keeps every node it keys
    alive (`_keep`), so no id is reused while it lives. A node it never saw (an expression built
    later, e.g. by a scenario) has no entry: `ref` returns None and `known` False."""

    def __init__(self) -> None:
        # Every declaration of each global name, in declaration order (option values too).
        self.declared: dict[str, list[Symbol]] = {}
        # The first definition of each name, as the checker sees it (per-player piles and
        # variables are reached only after a dot, so they are not here).
        self.globals: dict[str, Symbol] = {}
        self.duplicates: list[tuple[Symbol, Symbol]] = []  # (a second definition, the first)
        self.player_zone_duplicates: list[Symbol] = []
        self.player_zones: dict[str, Symbol] = {}
        self.player_piles: dict[str, Symbol] = {}
        self.player_vars: dict[str, Symbol] = {}
        self.refs: dict[int, Symbol | None] = {}  # names, call targets, `do` and modifier/hook targets
        self.unresolved_scope: dict[int, tuple[str, ...]] = {}  # locals visible at an unknown name
        self._keep: list[A.Node] = []
        self._value_kinds: dict[str, tuple[str, ...]] = {}
        self.typed: Any = None  # the typed form (inference.typed_form), once worked out

    # ------------------------------------------------------------ by node
    def ref(self, node: A.Node) -> Symbol | None:
        """What a name (or call, `do`, modifier or hook target) stands for; None if unknown."""
        return self.refs.get(id(node))

    def known(self, node: A.Node) -> bool:
        return id(node) in self.refs

    def is_local(self, node: A.Node) -> bool:
        ref = self.refs.get(id(node))
        return ref is not None and ref.kind == LOCAL

    def visible_locals(self, node: A.Node) -> tuple[str, ...]:
        """The local names in scope at a name that resolves to nothing (for did-you-mean)."""
        return self.unresolved_scope.get(id(node), ())

    def names(self) -> list[A.Name]:
        """Every name node the table resolved (or found unknown)."""
        return [n for n in self._keep if isinstance(n, A.Name)]

    # ------------------------------------------------------------ by name
    def kind_of(self, name: str) -> str | None:
        """The kind of a global name's first definition (the checker's view)."""
        sym = self.globals.get(name)
        return sym.kind if sym is not None else None

    def declared_kinds(self, name: str) -> frozenset[str]:
        """Every kind of declaration a global name has (one, in rules that check clean)."""
        return frozenset(sym.kind for sym in self.declared.get(name, ()))

    def value_kinds(self, name: str) -> tuple[str, ...]:
        """The groups of VALUE_ORDER a global name belongs to, first the one the engines read
        (a variable not set yet falls through to the next)."""
        kinds = self._value_kinds.get(name)
        if kinds is None:
            groups = set()
            builtin = BUILTIN_NAMES.get(name)
            if builtin is not None and not builtin.binder:
                groups.add(ITSELF if builtin.itself else BUILTIN)
            for sym in self.declared.get(name, ()):
                group = _VALUE_GROUP.get(sym.kind)
                if group is not None:
                    groups.add(group)
            kinds = self._value_kinds[name] = tuple(g for g in VALUE_ORDER if g in groups)
        return kinds

    def runtime_hints(self) -> list[str]:
        """The names an unknown name's hint offers while playing."""
        return [*(n for n, syms in self.declared.items() if any(s.kind in _RUNTIME_HINTS for s in syms)),
                *STATE_NAMES]

    def global_type(self, name: str) -> str | None:
        """The static type of a global or built-in name, where its kind decides it."""
        builtin = BUILTIN_SYMBOLS.get(name)
        if builtin is not None:
            return builtin.type
        sym = self.globals.get(name)
        return sym.type if sym is not None else None
