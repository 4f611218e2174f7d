"""Indexes a loaded rule set for the interpreter: every declaration by name, modifiers and hooks
grouped by what they change, and the option values in force."""

from __future__ import annotations

from dataclasses import MISSING, field, fields
from typing import Any

from ..language import ast as A
from ..language.errors import RuleError
from ..language.loader import RuleSet
from ..records import record
from .operators import contains
from .resolver import resolve
from .symbols import SymbolTable

# A persona weight is a number from 0 to this (checker E238; `ratdsl simulate` checks the ones
# that depend on an option when it works them out).
MAX_PERSONA_WEIGHT = 1_000_000
DEFAULT_ROUND_CAP = 200  # the rounds a game may last when its header does not say (`at most N rounds`)
MAX_ROUND_CAP = 10_000  # the most rounds a header may allow: a game that never ends stops in bounded time


def round_cap(game: A.Game) -> int:
    """The round after which a game that has not ended stops with R004: the header's
    `at most N rounds` (the checker keeps N within 1..MAX_ROUND_CAP, E240), else the default."""
    cap = DEFAULT_ROUND_CAP if game.max_rounds is None else game.max_rounds
    return max(1, min(cap, MAX_ROUND_CAP))
COMMAND_LINE = A.Span("--option", 0, 0, 0, 0)  # where options given on the command line come from


class DefinitionError(RuleError):
    """An option set to a value it does not allow, or an option that does not exist."""

    def __init__(self, span: A.Span, message: str, hint: str | None = None):
        super().__init__(span.file, span.line, span.column, message, None, "E216", hint)
        self.span = span


@record
class Attached:
    """A modifier or hook, with the card it belongs to (None for a global one)."""

    decl: A.Modify | A.Hook
    card: A.Card | None


@record(frozen=True, eq=False)
class GameDef:
    """The index of one rule set with its options. `build` makes it whole and nothing changes it
    afterwards (its dictionaries are never written to either), so every game played with it, and
    everything the engine derives from it for speed (its CompiledRules), can share it. It compares
    and hashes by identity: the engine finds what it derived by the definition itself."""

    ruleset: RuleSet
    game: A.Game
    options: dict[str, A.Option] = field(default_factory=dict)
    option_values: dict[str, Any] = field(default_factory=dict)
    kinds: list[str] = field(default_factory=list)
    symbols: set[str] = field(default_factory=set)
    consts: dict[str, A.Const] = field(default_factory=dict)
    shared_zones: dict[str, A.Zone] = field(default_factory=dict)
    player_zones: dict[str, A.Zone] = field(default_factory=dict)
    shared_piles: dict[str, A.Pile] = field(default_factory=dict)
    player_piles: dict[str, A.Pile] = field(default_factory=dict)
    vars: dict[str, A.Var] = field(default_factory=dict)
    player_vars: dict[str, A.Var] = field(default_factory=dict)
    decks: dict[str, A.Deck] = field(default_factory=dict)
    cards: dict[str, A.Card] = field(default_factory=dict)
    tables: dict[str, A.Table] = field(default_factory=dict)
    funcs: dict[str, A.Func] = field(default_factory=dict)
    rules: dict[str, A.Rule] = field(default_factory=dict)
    modifiers: dict[str, list[Attached]] = field(default_factory=dict)
    hooks: dict[str, dict[str, list[Attached]]] = field(default_factory=dict)
    personas: dict[str, A.Persona] = field(default_factory=dict)
    metrics: dict[str, A.Metric] = field(default_factory=dict)
    setup: A.Setup | None = None
    phases: dict[str, A.Phase] = field(default_factory=dict)
    round: list[str] = field(default_factory=list)
    scoring: A.Scoring | None = None
    # boards: by name, and each space by name (also a shared and a player zone, named above)
    boards: dict[str, A.Board] = field(default_factory=dict)
    spaces: dict[str, A.Space] = field(default_factory=dict)
    # turns: actions and abilities by name
    actions: dict[str, A.Action] = field(default_factory=dict)
    # What every name in the rules stands for (the resolver's table, shared with the checker).
    symbol_table: SymbolTable = field(default_factory=SymbolTable)


def build(ruleset: RuleSet, options: dict[str, Any] | None = None,
          symbols: SymbolTable | None = None) -> GameDef:
    """Builds the index. `options` (from the command line) win over a variant's `set option`.
    `symbols` is the rule set's table when the caller has resolved it already (the checker's)."""
    parts = _empty_parts()
    parts["symbol_table"] = symbols if symbols is not None else resolve(ruleset.decls)
    for decl in ruleset.decls:
        _add(parts, decl, None)
    declared: dict[str, A.Option] = parts["options"]
    values: dict[str, Any] = parts["option_values"]
    for name, opt in declared.items():
        values[name] = opt.default
        parts["symbols"].update(v for v in opt.values if isinstance(v, str))
    overrides = {k: v for k, (v, _span) in ruleset.option_overrides.items()}
    spans = {k: span for k, (_v, span) in ruleset.option_overrides.items()}
    overrides.update(options or {})
    for name, value in overrides.items():
        if name not in declared:
            import difflib  # (only for this error: loading rules does not import it)

            close = difflib.get_close_matches(name, list(declared), n=1)
            raise DefinitionError(spans.get(name, COMMAND_LINE), f"there is no option {name!r}",
                                  f"did you mean {close[0]!r}?" if close else None)
        opt = declared[name]
        value = _coerce(value, opt)
        if not allowed_value(value, opt.values):
            allowed = ", ".join(_shown(v) for v in opt.values)
            raise DefinitionError(spans.get(name, COMMAND_LINE),
                                  f"option {name} cannot be {_shown(value, True)}; allowed: {allowed}",
                                  f"the option is defined at {opt.span}")
        values[name] = value
    return GameDef(ruleset=ruleset, game=ruleset.game, **parts)


def _empty_parts() -> dict[str, Any]:
    """The fields of a GameDef but the rule set and its header, empty, for `build` to fill."""
    parts: dict[str, Any] = {}
    for f in fields(GameDef):
        if f.default_factory is not MISSING:
            parts[f.name] = f.default_factory()
        elif f.default is not MISSING:
            parts[f.name] = f.default
    return parts


def allowed_value(value: Any, values: tuple[Any, ...] | list[Any]) -> bool:
    """Whether an option may take `value`: one of its values by the language's equality and of
    the same kind (`true` is not the option value 1, though Python's `True == 1`)."""
    return any(v.__class__ is value.__class__ for v in values) and contains(list(values), value)


def _shown(value: Any, quoted: bool = False) -> str:
    """A value as the rules write it (`true`, not Python's `True`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value) if quoted else str(value)
    return text if len(text) <= 60 else f"{text[:40]}... ({len(text)} characters)"


def _coerce(value: Any, opt: A.Option) -> Any:
    if isinstance(value, str) and value.isdigit() and len(value) <= 30 and all(isinstance(v, int) for v in opt.values):
        return int(value)
    if isinstance(value, str) and value in ("true", "false"):
        return value == "true"
    return value


def _add(parts: dict[str, Any], decl: A.Decl, card: A.Card | None) -> None:
    if isinstance(decl, A.Option):
        parts["options"][decl.name] = decl
    elif isinstance(decl, A.Tokens):
        parts["kinds"].extend(decl.names)
    elif isinstance(decl, A.Symbols):
        parts["symbols"].update(decl.names)
    elif isinstance(decl, A.Const):
        parts["consts"][decl.name] = decl
    elif isinstance(decl, A.Zone):
        target = parts["player_zones"] if decl.per_player else parts["shared_zones"]
        for name in decl.names:
            target[name] = decl
            parts["symbols"].add(name)
    elif isinstance(decl, A.Pile):
        target = parts["player_piles"] if decl.per_player else parts["shared_piles"]
        for name in decl.names:
            target[name] = decl
    elif isinstance(decl, A.Var):
        (parts["player_vars"] if decl.per_player else parts["vars"])[decl.name] = decl
    elif isinstance(decl, A.Deck):
        parts["decks"][decl.name] = decl
    elif isinstance(decl, A.Card):
        parts["cards"][decl.name] = decl
        for m in decl.modifiers:
            parts["modifiers"].setdefault(m.name, []).append(Attached(m, decl))
        for h in decl.hooks:
            parts["hooks"].setdefault(h.name, {}).setdefault(h.time, []).append(Attached(h, decl))
    elif isinstance(decl, A.Table):
        parts["tables"][decl.name] = decl
    elif isinstance(decl, A.Func):
        parts["funcs"][decl.name] = decl
    elif isinstance(decl, A.Rule):
        parts["rules"][decl.name] = decl
    elif isinstance(decl, A.Modify):
        parts["modifiers"].setdefault(decl.name, []).append(Attached(decl, card))
    elif isinstance(decl, A.Hook):
        parts["hooks"].setdefault(decl.name, {}).setdefault(decl.time, []).append(Attached(decl, card))
    elif isinstance(decl, A.Persona):
        parts["personas"][decl.name] = decl
    elif isinstance(decl, A.Metric):
        parts["metrics"][decl.name] = decl
    elif isinstance(decl, A.Setup):
        setup = parts["setup"]
        parts["setup"] = decl if setup is None else A.Setup(setup.steps + decl.steps, span=setup.span)
    elif isinstance(decl, A.Phase):
        parts["phases"][decl.name] = decl
    elif isinstance(decl, A.Round):
        parts["round"] = list(decl.phases)
    elif isinstance(decl, A.Scoring):
        parts["scoring"] = decl
    elif isinstance(decl, A.Action):  # turns
        parts["actions"][decl.name] = decl
    elif isinstance(decl, A.Board):  # boards: each space is a shared zone and a zone of each player
        parts["boards"][decl.name] = decl
        for space in decl.spaces:
            parts["spaces"][space.name] = space
            parts["shared_zones"][space.name] = decl
            parts["player_zones"][space.name] = decl
