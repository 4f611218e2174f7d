"""Static checks over a loaded rule set: every finding at once, each pointing at its span.

Every finding has a code. E: an error (the rules cannot be played as written); W: a warning
(legal, but probably not what the designer meant). `ratdsl check` exits 1 on any finding.

| code      | finding                                                                     |
| --------- | --------------------------------------------------------------------------- |
| E001-E010 | syntax errors (see ratdsl/language/syntax_errors.py for each mistake)        |
| E011-E013 | a control character (E011, syntax_errors.py); nesting deeper than 64 (E012) |
|           | or a whole number of 19 digits or more (E013): ratdsl/language/limits.py    |
| E100      | the rule files cannot be loaded (no game header, unknown module, ...)       |
| E101      | a variant changes or removes something that does not exist                  |
| E102      | a second `variant` header in a variant file                                 |
| E103      | a `game` or `module` header in a variant file                               |
| E104      | a variant sets the same option twice                                        |
| E105      | a rule file that is not UTF-8 text (at its first bad byte), or not text at all |
| E106      | `set option`, `replace`, `remove` or a header where it would be ignored      |
| E201      | a name is defined twice                                                     |
| E202      | an unknown name (with did-you-mean)                                         |
| E203      | an unknown function, rule or table, or the wrong number of values for it    |
| E204      | `modify` / `before` / `after` / `instead of` something that does not exist  |
| E205      | a card of an unknown deck                                                   |
| E206      | no `round`, or the round lists an unknown phase                             |
| E207      | an option's default is not one of its values                                |
| E208      | a card reacts to an event other than `on reveal`                            |
| E209      | `set` of something that is not a variable                                   |
| E210      | an unknown name after a dot                                                 |
| E211      | a bundle key that is not a token kind                                       |
| E212      | `move` of something that is not a token kind or a list of kinds             |
| E213      | `create` outside setup (directly, or in a rule that runs outside setup)     |
| E214      | `ask ... distribute` of something that is not a token kind                  |
| E215      | a card field that its deck does not declare                                 |
| E216      | `set option` to a value the option does not allow                           |
| E217      | `set option` of an option that does not exist                               |
| E218      | `choose ... from` an empty list: the choice can never have a legal option   |
| E219      | `shuffle` / `place` / `reveal` with something that is not a pile of cards   |
| E220      | `move` / `draw` from or to something that is not a zone                     |
| E221      | a metric counts moves from or into something that is not a zone             |
| E222      | a function, table or rule named without calling it                          |
| E223      | a game header's seating is neither clockwise nor counterclockwise           |
| E224      | a condition (`if`, `while`, `where`, `not`, `and`, `or`, `active when`, ...)   |
|           | that is surely not yes/no: `if 0` is an error, not false                     |
| E225      | an operator refuses its operands: arithmetic or `<` on a yes/no value, a     |
|           | name, a list...; `2 * {kind: 1}`; `in` a number; a list index that is not a  |
|           | number; division by a zero, or an index past the end, both known; a known   |
|           | bundle scaled by a negative number; a number past 10^18, both known         |
| E226      | a game header's player range starts below 1 (`players 0..4`)                |
| E227      | a game header's player range goes above 100 (MAX_PLAYERS)                   |
| E228      | a game header's player range is empty: `players 5..2`                       |
| E229      | a constant worked out from itself, directly or through other constants     |
|           | (constants.py)                                                              |
| E233      | `sample(N, ...)` with N surely below zero                                   |
| E234      | `distribute ... at least N in ZONES` where no zone of ZONES is a target     |
| E237      | a persona weight that a game could change (`pick`, zones, players...): it     |
|           | must be fixed before the game (numbers, consts, options, arithmetic)         |
| E238      | a persona weight, known before the game, that is not from 0 to 1,000,000     |
| E239      | `show` of a value known before the game that is surely not cards (`show 3`)  |
| E240      | a game header's round cap outside 1..10,000 (MAX_ROUND_CAP), or `ends after` |
|           | fewer than 1 round or more rounds than the cap allows                       |
| E241      | an invariant that reads what a game changes (zones, piles, variables, the    |
|           | players, chance): it must be fixed before the game (invariants.py)          |
| E242      | an invariant that is false for a number of players and option values: found |
|           | by `ratdsl check` (ratdsl/engine/invariants.py), not when rules are loaded   |
| E250      | `owner only` on a pile or variable that is not `per player` (information.py) |
| E255      | boards: an edge names a space its board does not declare (boards.py)       |
| E256      | boards: an edge from a space to itself                                      |
| E257      | boards: a space left out at every number of players the game allows         |
| E258      | boards: a capacity below 1                                                  |
| E259      | boards: a field named like a token kind (or `name`, `deck`)                 |
| E260      | turns: `act` outside a `turn` block (turns.py)                              |
| E261      | turns: `act` names something that is not an action or ability               |
| E262      | turns: a limit per turn, known before the game, that is not 1 or more       |
| E263      | turns: `act` lists the same action twice                                    |
| E264      | a `move` names the same zone or token kind twice (moves.py; R010 at run time) |
| E270      | plans: `plan ... into NAME` where NAME is not a per-player variable          |
| E280-E289 | static types (types.py, from the typed form of semantics/inference.py): a   |
|           | built-in given a refused kind (E280); `==`/`!=` of kinds never equal (E281); |
|           | a statement given the wrong kind (E282); `set` to another kind (E283); table |
|           | cells (E284), card or board fields (E285), paths of a value (E286) and an    |
|           | option's values (E287) of different kinds; a call whose value its callee's  |
|           | body refuses (E288, semantics/typed_sites.py); a func's annotation that its  |
|           | body or a call disagrees with, or that names no type (E289, annotations.py)  |
| E290      | static types: cards of one deck put in a pile holding another deck's cards   |
| E291      | static types: `X[k]` where X or k may be a kind (none aside) the lookup      |
|           | refuses: one of several kinds on some paths (a tagged list read untested)   |
| E292      | static types: a list of two kinds of item (`+` of lists sharing no kind, or |
|           | a list written out of two kinds gone through by `for each`)                  |
| W301      | a phase never runs: the round does not list it                              |
| W302      | a func, rule, table or const is never used                                  |
| W303      | a card does not set a field its deck declares                               |
| W304      | a statement, step or phase never runs: something before it ends the game    |
| W305      | a block never runs: its condition is always false, or it repeats 0 times    |
| W306      | a hook never runs: no `do` ever calls its rule                              |
| W307      | `==` / `!=` between a yes/no value and a number: always false (true)         |
| W310      | a variant's `replace step` (or `replace`) no longer reads an option that the |
|           | step it replaces read, itself or through its calls (dropped_options.py)     |
| W311      | a choice among face-down cards filtered by their faces (information.py)     |
| W312      | turns: an action no `act` names, or an ability or `ends at end of turn` in  |
|           | rules that play no `turn` (turns.py)                                        |

E224, E225 and W307 ask the shared operators (ratdsl/semantics/operators.py) about what is known
before a game (see operands.py: a value, or a sample of the kind the typed form gives it), so the
checker refuses exactly what a game would stop on. W307 is
a warning because the operators accept the comparison: it is legal, just never true.
"""

from __future__ import annotations

import re

from ..language import ast as A
from ..language.loader import RuleSet
from ..semantics.builtins import BUILTINS
from ..semantics.definition import DEFAULT_ROUND_CAP, MAX_ROUND_CAP
from ..semantics.inference import typed_form
from ..semantics.resolver import OPERANDS, resolve
from ..semantics.symbols import BUILTIN, CALLABLE, CONST, FUNC, GAME_NAMES, LOCAL, RULE, TABLE, VAR, ZONE, SymbolTable
from .boards import check_board
from .constants import check_constants
from .diagnostic import _SOURCES, Diagnostic, _source
from .dropped_options import check_dropped_options
from .hints import Candidates, Hints
from .information import check_information
from .invariants import check_invariant
from .moves import named_twice
from .operands import Operands
from .personas import check_persona
from .turns import check_action, check_endings, check_turns
from .types import check_types

MAX_PLAYERS = 100  # the most players a game may declare (`players 2..100`)


def _players_span(game: A.Game) -> A.Span:
    """Where a game header says `players LOW..HIGH` (the AST keeps no span of its own for it);
    the header when the text cannot be read."""
    lines = (_source(game.span.file) or "").split("\n")
    for number in range(game.span.line, min(game.span.end_line, len(lines)) + 1):
        found = _PLAYERS.search(lines[number - 1])
        if found:
            return A.Span(game.span.file, number, found.start() + 1, number, found.end() + 1)
    return game.span


_PLAYERS = re.compile(r"\bplayers\s+\d+\s*\.\.\s*\d+")


class Checker:
    def __init__(self, ruleset: RuleSet, symbols: SymbolTable | None = None):
        self.ruleset = ruleset
        self.decls = ruleset.decls
        self.out: list[Diagnostic] = []
        # What every name stands for: the resolver's table (the checker resolves no name itself).
        self.table = symbols if symbols is not None else resolve(ruleset.decls)
        self.globals = self.table.globals
        self.refs = self.table.refs
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
        self.singletons: dict[tuple[str, str], A.Decl] = {}
        self.after_dot: set[str] = set()  # the names that can follow a dot, known after collect()
        # Who is being checked (("setup", ""), ("phase", NAME), ("rule", NAME), ...), the rules
        # each of them runs with `do`, and every `create` with its owner: for E213 and W306.
        self.owner: tuple[str, str] = ("decl", "")
        self.calls: dict[tuple[str, str], set[str]] = {}
        self.creates: list[tuple[tuple[str, str], A.Create]] = []
        self.typed = typed_form(self.decls, self.table)  # every expression's kind (inference.py)
        self.operands = Operands(self)  # E224, E225, W307
        self.hints = Hints()  # did-you-mean, with bounded work (hints.py)
        self.global_candidates: Candidates | None = None  # every global name, indexed once
        _SOURCES.clear()

    def hint(self, name: str, *groups) -> str | None:
        """"did you mean ...?" for an unknown name, from the known names in `groups`."""
        return self.hints.hint(name, *groups)

    def report(self, span, code, message, hint=None, severity="error"):
        self.out.append(Diagnostic.at(span, code, message, hint, severity))

    # ------------------------------------------------------------ collection
    def collect(self) -> None:
        """Reports the names defined twice (found by the resolver) and gathers what the checks
        below need by kind: token kinds, per-player names, card fields, arities."""
        for second, first in self.table.duplicates:
            self.report(second.decl.span, "E201", f"{second.name!r} is defined twice (also a {first.kind} "
                        f"at {first.decl.span})", "give one of them another name")
        for sym in self.table.player_zone_duplicates:
            self.report(sym.decl.span, "E201", f"player zone {sym.name!r} is defined twice")
        for name, syms in self.table.declared.items():
            for sym in syms:
                if sym.kind == FUNC:
                    self.funcs[name] = len(sym.decl.params)
                elif sym.kind == TABLE:
                    self.tables.add(name)
                elif sym.kind == RULE:
                    self.rules[name] = len(sym.decl.params)
        for decl in self.decls:
            if isinstance(decl, A.Option):
                if decl.default not in decl.values:
                    self.report(decl.span, "E207", f"option {decl.name}: default {decl.default!r} "
                                "is not one of its values")
            elif isinstance(decl, A.Tokens):
                self.kinds.extend(decl.names)
            elif isinstance(decl, A.Zone):
                if decl.per_player:
                    self.player_zones.update(decl.names)
            elif isinstance(decl, A.Pile):
                if decl.per_player:
                    self.player_piles.update(decl.names)
            elif isinstance(decl, A.Var):
                if decl.per_player:
                    self.player_vars.add(decl.name)
            elif isinstance(decl, A.Deck):
                self.decks[decl.name] = decl
                self.card_fields.update(decl.fields)
            elif isinstance(decl, A.Board):  # boards: a space is also a zone of each player
                self.player_zones.update(s.name for s in decl.spaces)
                self.card_fields.update(decl.fields)
            elif isinstance(decl, (A.Phase, A.Persona, A.Metric, A.Round, A.Scoring, A.Invariant)):
                key = (type(decl).__name__, getattr(decl, "name", ""))
                if key in self.singletons:
                    other = self.singletons[key]
                    self.report(decl.span, "E201", f"{decl.key} is defined twice (also at {other.span})",
                                "keep one of them")
                self.singletons[key] = decl

    # ------------------------------------------------------------ checking
    def run(self) -> list[Diagnostic]:
        self.collect()
        self.after_dot = self.player_zones | self.player_piles | self.player_vars | self.card_fields \
            | set(self.kinds) | {n for n, sym in self.globals.items() if sym.kind == CONST}
        phases = {d.name: d for d in self.decls if isinstance(d, A.Phase)}
        round_decl = next((d for d in self.decls if isinstance(d, A.Round)), None)
        for decl in self.decls:
            self.owner = _owner(decl)
            self.check_decl(decl)
        self.check_flow(phases, round_decl)
        game = self.ruleset.game
        self.check_players(game)
        self.check_rounds(game)
        if game.seating not in ("clockwise", "counterclockwise"):
            self.report(game.span, "E223", f"seating {game.seating!r} is not known",
                        "write `seating clockwise` or `seating counterclockwise`")
        if round_decl is None:
            self.report(self.ruleset.game.span, "E206", "the game has no `round` listing its phases",
                        "add: round phase_a, phase_b, ...")
        else:
            for name in round_decl.phases:
                if name not in phases:
                    self.report(round_decl.span, "E206", f"the round lists an unknown phase {name!r}",
                                self.hint(name, phases))
            for name, phase in phases.items():
                if name not in round_decl.phases:
                    self.report(phase.span, "W301", f"phase {name!r} never runs: the round does not list it",
                                severity="warning")
        for decl in self.decls:
            if isinstance(decl, (A.Func, A.Rule, A.Table, A.Const)) and decl.name not in self.used:
                self.report(decl.span, "W302", f"{decl.kind} {decl.name!r} is never used",
                            severity="warning")
        check_constants(self)
        check_dropped_options(self)
        check_information(self)
        check_endings(self, game)  # turns
        check_turns(self)  # turns
        check_types(self)  # static types, last: where another finding stands, it is that one
        return sorted(self.out, key=lambda d: (d.file, d.line, d.column, d.code))

    def check_players(self, game: A.Game) -> None:
        """The declared player range: at least one player, at most MAX_PLAYERS (the engine builds
        tables for every seat the range allows), and not empty."""
        low, high, span = game.min_players, game.max_players, _players_span(game)
        if low < 1:
            self.report(span, "E226", f"a game is for at least 1 player, not {low}",
                        "start the range at 1 or more: `players 1..4`")
        if high > MAX_PLAYERS:
            self.report(span, "E227", f"a game is for at most {MAX_PLAYERS} players, not {high}",
                        f"end the range at {MAX_PLAYERS} or fewer: `players {min(max(low, 1), MAX_PLAYERS)}"
                        f"..{MAX_PLAYERS}`")
        if low > high:
            self.report(span, "E228", f"`players {low}..{high}` allows no number of players: "
                        "the first number is above the second", "write the smaller number first")

    def check_rounds(self, game: A.Game) -> None:
        """E240: the round cap within 1..MAX_ROUND_CAP, and `ends after` within the cap."""
        cap = DEFAULT_ROUND_CAP if game.max_rounds is None else game.max_rounds
        if not 1 <= cap <= MAX_ROUND_CAP:
            self.report(game.span, "E240", f"`at most {cap} rounds`: a game lasts from 1 to "
                        f"{MAX_ROUND_CAP:,} rounds", f"write a number from 1 to {MAX_ROUND_CAP:,}")
        elif game.end_after is not None and not 1 <= game.end_after <= cap:
            self.report(game.span, "E240", f"`ends after {game.end_after} rounds`, but the game "
                        f"lasts at most {cap} rounds", f"write `at most {max(game.end_after, 1)} rounds` "
                        "in the header" if game.end_after > cap else "a game ends after 1 round or more")

    def check_decl(self, decl: A.Decl) -> None:
        if isinstance(decl, A.Const):
            self.expr(decl.value)
        elif isinstance(decl, A.Var):
            self.expr(decl.value)
        elif isinstance(decl, A.Deck):
            if decl.active is not None:
                self.operands.condition(decl.active)
                self.expr(decl.active)
        elif isinstance(decl, A.Card):
            self.check_card(decl)
        elif isinstance(decl, A.Table):
            for entry in decl.rows:
                self.expr(entry.value)
        elif isinstance(decl, A.Func):
            self.expr(decl.value)
        elif isinstance(decl, A.Board):
            check_board(self, decl, _source)  # E250-E254
        elif isinstance(decl, A.Action):  # turns
            check_action(self, decl)
        elif isinstance(decl, A.Invariant):
            self.operands.condition(decl.condition)
            self.expr(decl.condition)
            check_invariant(self, decl)  # E241
        elif isinstance(decl, A.Rule):
            self.block(decl.body)
        elif isinstance(decl, A.Modify):
            self.check_modify(decl)
        elif isinstance(decl, A.Hook):
            self.check_hook(decl)
        elif isinstance(decl, (A.Setup, A.Phase)):
            names = set()
            for step in decl.steps:
                if step.name in names:
                    self.report(step.span, "E201", f"step {step.name!r} appears twice in {decl.key}")
                names.add(step.name)
                self.block(step.body)
        elif isinstance(decl, A.Metric):
            self.expr(decl.kinds)
            for zone in (decl.source, decl.dest):
                if zone is not None and zone not in self.player_zones and self.table.kind_of(zone) != ZONE:
                    self.report(decl.span, "E221", f"metric {decl.name}: {zone!r} is not a zone",
                                self.hint(zone, [*self.player_zones, *self.globals]))
        elif isinstance(decl, A.Persona):
            for w in decl.weights:
                self.expr(w.weight)
            check_persona(self, decl)  # E237, E238
        elif isinstance(decl, A.Scoring):
            self.expr(decl.score)
            for t in decl.tiebreaks:
                self.expr(t)

    def check_card(self, card: A.Card) -> None:
        deck = self.decks.get(card.deck)
        if deck is None:
            self.report(card.span, "E205", f"card {card.name!r} names an unknown deck {card.deck!r}",
                        self.hint(card.deck, self.decks))
        seen = set()
        for f in card.fields:
            if deck is not None and f.name not in deck.fields:
                self.report(f.span, "E215", f"deck {deck.name!r} has no field {f.name!r}",
                            self.hint(f.name, deck.fields) or "add it to the deck's `fields` line")
            if f.name in seen:
                self.report(f.span, "E201", f"field {f.name!r} is set twice")
            seen.add(f.name)
            self.expr(f.value)
        if deck is not None:
            for missing in [n for n in deck.fields if n not in seen]:
                self.report(card.span, "W303", f"card {card.name!r} does not set field {missing!r}",
                            severity="warning")
        for handler in card.handlers:
            self.owner = ("card", card.name)
            if handler.event != "reveal":
                self.report(handler.span, "E208", f"cards react to `on reveal` only, not {handler.event!r}")
            self.block(handler.body)
        for m in card.modifiers:
            self.check_modify(m)
        for h in card.hooks:
            self.check_hook(h)

    def check_modify(self, m: A.Modify) -> None:
        target = self.table.ref(m)
        arity = None if target is None else len(target.decl.params) if target.kind == FUNC else 1
        if arity is None:
            self.report(m.span, "E204", f"`modify {m.name}`: there is no function or table {m.name!r}",
                        self.hint(m.name, [*self.funcs, *self.tables]))
        elif arity != len(m.params):
            self.report(m.span, "E204", f"`modify {m.name}` lists {len(m.params)} values; "
                        f"{m.name} takes {arity}")
        self.used.add(m.name)
        if m.condition is not None:
            self.operands.condition(m.condition)
            self.expr(m.condition)
        self.expr(m.value)

    def check_hook(self, h: A.Hook) -> None:
        target = self.table.ref(h)
        arity = None if target is None else len(target.decl.params)
        if arity is None:
            self.report(h.span, "E204", f"`{h.time} {h.name}`: there is no rule {h.name!r}",
                        self.hint(h.name, self.rules))
        elif arity != len(h.params):
            self.report(h.span, "E204", f"`{h.time} {h.name}` lists {len(h.params)} values; "
                        f"rule {h.name} takes {arity}")
        self.used.add(h.name)
        self.owner = ("rule", h.name)  # a hook runs when its rule runs
        if h.condition is not None:
            self.operands.condition(h.condition)
            self.expr(h.condition)
        self.block(h.body)

    def block(self, block: A.Block) -> None:
        for i, stmt in enumerate(block.stmts):
            if i and _always_ends(block.stmts[i - 1]):
                self.report(stmt.span, "W304", "this never runs: the statement before it ends the game",
                            "move it before `end game`, or remove it", severity="warning")
            self.kinds_and_flow(stmt)
            self.stmt(stmt)

    def stmt(self, s: A.Stmt) -> None:
        e = self.expr
        if isinstance(s, A.Let):
            e(s.value)
        elif isinstance(s, A.Set):
            if isinstance(s.target, A.Name):
                name = s.target.id
                if not self.table.is_local(s.target) and name != "active" and self.table.kind_of(name) != VAR:
                    self.report(s.target.span, "E209", f"cannot set {name!r}: it is not a variable",
                                "declare it with `var NAME = VALUE`, or use `let` for a local name")
            elif isinstance(s.target, A.Attr):
                before = len(self.out)
                e(s.target)
                if s.target.name not in self.table.player_vars and len(self.out) == before:  # (a zone, a pile, a
                    # card's field: no variable; an unknown name is E210 already)
                    self.report(s.target.span, "E209", f"cannot set `.{s.target.name}`: it is not a per-player "
                                "variable", "declare it with `per player var NAME = VALUE`; move tokens into a "
                                "zone with `move`, cards into a pile with `place`")
            else:  # `set 0 = ...`, `set f(x) = ...`: the grammar takes any postfix expression
                self.report(s.target.span, "E209", "only a variable or a player's variable (OWNER.NAME) can be set",
                            "declare it with `var NAME = VALUE`, or use `let` for a local name")
            e(s.value)
        elif isinstance(s, A.If):
            self.operands.condition(s.condition)
            e(s.condition)
            self.block(s.then)
            if s.otherwise is not None:
                self.block(s.otherwise)
        elif isinstance(s, A.ForEach):
            e(s.source)
            self.block(s.body)
        elif isinstance(s, (A.While,)):
            self.operands.condition(s.condition)
            e(s.condition)
            self.block(s.body)
        elif isinstance(s, A.Repeat):
            e(s.count)
            self.block(s.body)
        elif isinstance(s, A.Move):
            if s.quantity.amount is not None:
                e(s.quantity.amount)
            for x in (s.what, s.source, s.dest):
                if x is not None:
                    e(x)
        elif isinstance(s, A.Draw):
            if s.quantity.amount is not None:
                e(s.quantity.amount)
            e(s.source)
            e(s.dest)
        elif isinstance(s, A.Shuffle):
            e(s.pile)
        elif isinstance(s, A.Place):
            e(s.cards)
            e(s.pile)
        elif isinstance(s, A.Reveal):
            for x in (s.count, s.source, s.dest):
                e(x)
        elif isinstance(s, A.AskMay):
            e(s.player)
            self.block(s.body)
            if s.otherwise is not None:
                self.block(s.otherwise)
        elif isinstance(s, A.AskChoose):
            e(s.player)
            e(s.options)
            self.block(s.body)
        elif isinstance(s, A.AskDistribute):
            for x in (s.player, s.amount, s.source, s.targets):
                e(x)
            for limit in s.limits:
                e(limit.amount)
                e(limit.zones)
                if limit.kind == "least":
                    self.operands.least_in_targets(limit, s.targets)
        elif isinstance(s, A.Do):
            target = self.table.ref(s)
            arity = None if target is None else len(target.decl.params)
            if arity is None:
                other = self.table.kind_of(s.rule)
                self.report(s.span, "E203", f"unknown rule {s.rule!r}",
                            f"{s.rule!r} is a {other}; `do` runs rules only" if other else
                            self.hint(s.rule, self.rules))
            elif arity != len(s.args):
                self.report(s.span, "E203", f"rule {s.rule} takes {_values(arity)}, got {len(s.args)}")
            self.used.add(s.rule)
            for a in s.args:
                e(a)
        elif isinstance(s, A.Secretly):
            self.block(s.body)
        # plans
        elif isinstance(s, A.Plan):
            for x in (s.players, s.count, s.options) + (() if s.likely is None else (s.likely,)):
                e(x)
            if s.into not in self.player_vars:
                other = self.table.kind_of(s.into)
                self.report(s.span, "E270", f"`plan ... into {s.into}`: {s.into!r} is not a per-player variable"
                            + (f" (it is a {other})" if other else ""),
                            "declare it with `per player var NAME = []`: each player's plan is set there")
        # end plans
        elif isinstance(s, A.Say):
            for a in s.args:
                e(a)
        elif isinstance(s, A.Create):
            e(s.what)
            e(s.where)
        elif isinstance(s, A.Assert):
            self.operands.condition(s.condition)
            e(s.condition)
        elif isinstance(s, A.Show):
            self.show_needs_cards(s.cards)
            e(s.cards)
            e(s.player)
        elif isinstance(s, A.Turn):  # turns
            e(s.player)
            self.block(s.body)

    def show_needs_cards(self, cards: A.Expr) -> None:
        """E239: `show` of a value known before the game that is surely not cards (a number, yes
        or no); the game would stop at the first `show` with R001."""
        known = self.operands.known(cards)
        if known is not None and known[1] and type(known[0]) in (int, bool):
            what = "yes or no" if type(known[0]) is bool else "a number"
            self.report(cards.span, "E239", f"`show` needs cards (a card, or a list of cards), not {what}",
                        "show a card, a list of cards, a pile or none, e.g. `show top(deck) to p`")

    def expr(self, x: A.Expr) -> None:
        cls = x.__class__
        if cls is A.BinOp:
            self.operands.operator(x)
            self.expr(x.left)
            self.expr(x.right)
            return
        if cls in _LEAVES:
            return
        if cls is A.Name:
            sym = self.refs.get(id(x))
            if sym is None:
                if self.global_candidates is None:
                    self.global_candidates = Candidates([*self.globals, *GAME_NAMES])
                self.report(x.span, "E202", f"unknown name {x.id!r}",
                            self.hint(x.id, self.table.visible_locals(x), self.global_candidates))
            elif sym.kind == LOCAL or sym.kind == BUILTIN:
                return
            elif sym.kind in CALLABLE:
                kind = sym.kind
                how = f"do {x.id}(...)" if kind == "rule" else f"{x.id}(...)"
                self.report(x.span, "E222", f"{x.id!r} is a {kind}: it needs values in brackets",
                            f"write {how}")
            self.used.add(x.id)
            return
        if isinstance(x, A.Attr):
            self.expr(x.obj)
            card = self.card_named(x.obj)
            if card is not None and card.deck in self.decks and x.name not in self.decks[card.deck].fields \
                    and x.name not in ("name", "deck"):
                self.report(x.span, "E215", f"card {card.name!r} has no field {x.name!r}: deck "
                            f"{card.deck!r} does not declare it", self.hint(x.name, self.decks[card.deck].fields))
                return
            if x.name not in self.after_dot:
                self.report(x.span, "E210", f"nothing is called {x.name!r} (after the dot)",
                            self.hint(x.name, self.after_dot))
            self.used.add(x.name)
            return
        if isinstance(x, A.Call):
            name = x.func
            self.used.add(name)
            target = self.refs.get(id(x))
            if target is not None and target.kind == FUNC:
                arity = len(target.decl.params)
                if arity != len(x.args):
                    self.report(x.span, "E203", f"{name} takes {_values(arity)}, got {len(x.args)}")
            elif target is not None and target.kind == TABLE:
                if len(x.args) != 1:
                    self.report(x.span, "E203", f"table {name} takes one value, got {len(x.args)}")
            elif target is None:
                self.report(x.span, "E203", f"unknown function {name!r}",
                            self.hint(name, [*self.funcs, *self.tables, *BUILTINS]))
            elif name in BUILTINS and not BUILTINS[name].accepts(len(x.args)):
                builtin = BUILTINS[name]
                wanted = _values(builtin.min_args) if builtin.max_args == builtin.min_args else \
                    f"{_values(builtin.min_args)} or more" if builtin.max_args is None else \
                    f"{builtin.min_args} to {_values(builtin.max_args)}"
                self.report(x.span, "E203", f"{builtin.signature} takes {wanted}, got {len(x.args)}")
            if name == "sample" and target is not None and target.kind == BUILTIN and x.args:
                self.operands.count(x.args[0], "`sample` cannot pick")
            for a in x.args:
                self.expr(a)
            return
        if isinstance(x, A.BundleLit):
            for kind, value in x.items:
                if kind not in self.kinds:
                    self.report(x.span, "E211", f"{kind!r} is not a token kind", self.hint(kind, self.kinds))
                self.expr(value)
            return
        if isinstance(x, (A.Where, A.Ordered, A.Extreme)):
            if cls is A.Where:
                self.operands.condition(x.condition)
            self.expr(x.source)
            self.expr(x.condition if isinstance(x, A.Where) else x.key)
            return
        if isinstance(x, A.Comprehension):
            self.expr(x.source)
            self.expr(x.element)
            if x.condition is not None:
                self.operands.condition(x.condition)
                self.expr(x.condition)
            return
        if isinstance(x, A.NestedComprehension):
            for clause in x.clauses:
                self.expr(clause.source)
                if clause.condition is not None:
                    self.operands.condition(clause.condition)
                    self.expr(clause.condition)
            self.expr(x.element)
            return
        fields = OPERANDS.get(cls)
        if fields is not None:
            if cls in _OPERATOR_NODES:
                self.operands.check(x)
            for f in fields:
                self.expr(getattr(x, f))
            return
        if cls is A.BoolOp or cls is A.ListLit:
            if cls is A.BoolOp:
                self.operands.check(x)
            for item in x.items:
                self.expr(item)
            return
        for child in A.iter_children(x):
            if isinstance(child, A.Expr):
                self.expr(child)


    # ------------------------------------------------------------ kinds and flow (E212-E220, W304-W306)
    def resolve(self, x: A.Expr | None, depth: int = 0) -> A.Expr | None:
        """Follows a global const to its value (locals and everything else stay as they are)."""
        while isinstance(x, A.Name) and not self.table.is_local(x) and depth < 20:
            sym = self.globals.get(x.id)
            if sym is None or sym.kind != CONST or not isinstance(sym.decl, A.Const):
                return x
            x, depth = sym.decl.value, depth + 1
        return x

    def global_kind(self, x: A.Expr | None) -> str | None:
        """What a name stands for when that is known statically: 'token kind', 'zone', ..."""
        x = self.resolve(x)
        if isinstance(x, A.Name) and not self.table.is_local(x) and x.id not in GAME_NAMES:
            return self.table.kind_of(x.id)
        if isinstance(x, (A.IntLit, A.StrLit, A.BoolLit, A.NoneLit)):
            return {A.IntLit: "number", A.StrLit: "text", A.BoolLit: "truth value",
                    A.NoneLit: "none"}[type(x)]
        if isinstance(x, A.BundleLit):
            return "bundle"
        return None

    def kind_spec(self, x: A.Expr | None) -> bool | None:
        """True: surely a token kind or a list of kinds; False: surely not; None: unknown."""
        x = self.resolve(x)
        if isinstance(x, A.ListLit):
            verdicts = [self.kind_spec(item) for item in x.items]
            return False if False in verdicts else (True if verdicts and all(verdicts) else None)
        kind = self.global_kind(x)
        if kind is None:
            return None
        return kind == "token kind"

    def card_named(self, x: A.Expr) -> A.Card | None:
        if isinstance(x, A.Name) and not self.table.is_local(x) and self.table.kind_of(x.id) == "card":
            node = self.globals[x.id].decl
            return node if isinstance(node, A.Card) else None
        return None

    def kinds_and_flow(self, s: A.Stmt) -> None:
        """Checks of one statement that need to know what its names stand for."""
        if isinstance(s, A.Move):
            amount = s.quantity.amount
            if s.what is not None and self.kind_spec(s.what) is False:
                what = self.global_kind(s.what) or "list holding something else"
                self.report(s.what.span, "E212", f"`move` needs a token kind or a list of kinds here, "
                            f"not a {what}", self.hint(_name_of(s.what), self.kinds) or
                            f"token kinds: {', '.join(self.kinds) or 'none declared'}")
            elif amount is not None and s.what is None and self.kind_spec(amount):
                self.report(amount.span, "E212", "`move` needs a number before the token kind",
                            f"write `move 1 {_name_of(amount)} from ...` or `move all {_name_of(amount)} from ...`")
            elif isinstance(self.resolve(amount), A.BundleLit) and s.what is not None:
                self.report(s.what.span, "E212", "a bundle already says which tokens move",
                            "remove the token kind after the bundle")
            twice = named_twice(s, self.resolve, lambda x: self.global_kind(x) == "token kind")
            if twice is not None:
                self.report(twice[0].span, "E264", f"this move names the {twice[1]} twice: its tokens "
                            "would be counted twice", "name each zone and each token kind once")
        if isinstance(s, (A.Move, A.Draw)):
            for end, label in ((s.source, "from"), (s.dest, "to")):
                kind = self.global_kind(end)
                if kind in _NOT_ZONE:
                    self.report(end.span, "E220", f"`{label}` needs a zone here, not a {kind}",
                                "piles of cards are handled with draw, place, reveal and shuffle"
                                if kind == "pile" else None)
        if type(s) in _PILE_TARGETS:
            for target in _PILE_TARGETS[type(s)](s):
                kind = self.global_kind(target)
                if kind in _NOT_PILE:
                    verb = type(s).__name__.lower()
                    self.report(target.span, "E219", f"`{verb}` needs a pile of cards here, not a {kind}",
                                "zones hold tokens: use move or draw" if kind == "zone" else None)
        if isinstance(s, A.Create):
            self.creates.append((self.owner, s))
        elif isinstance(s, A.AskDistribute):
            if not (isinstance(s.amount, A.Name) and s.amount.id in self.kinds):
                kind = "list of kinds" if self.kind_spec(s.amount) else \
                    self.global_kind(s.amount) or "value worked out while playing"
                self.report(s.amount.span, "E214", f"`distribute` needs one token kind, not a {kind}",
                            self.hint(_name_of(s.amount), self.kinds) or "write: distribute KIND from ZONE among ZONES")
        elif isinstance(s, A.AskChoose):
            if _surely_empty(self.resolve(s.options)):
                self.report(s.options.span, "E218", f"`choose {s.var} from` an empty list: the choice "
                            "never has a legal option", "choose from a list that can hold something")
        elif isinstance(s, A.Do):
            self.calls.setdefault(self.owner, set()).add(s.rule)
        elif isinstance(s, (A.If, A.While)) and _is_false(s.condition):
            self.report(s.span, "W305", f"the body of this `{type(s).__name__.lower()}` never runs: "
                        "its condition is always false", severity="warning")
        elif isinstance(s, A.Repeat) and isinstance(s.count, A.IntLit) and s.count.value == 0:
            self.report(s.span, "W305", "this `repeat` never runs: it repeats 0 times", severity="warning")

    def check_flow(self, phases: dict[str, A.Phase], round_decl: A.Round | None) -> None:
        """Whole-game checks: creates outside setup, option overrides, what can never run."""
        roots = [owner for owner in self.calls if owner[0] not in ("setup", "rule")]
        outside = _reachable(self.calls, [rule for owner in roots for rule in self.calls[owner]])
        for owner, node in self.creates:
            if owner[0] == "setup" or owner[0] == "rule" and owner[1] not in outside:
                continue
            where = f"rule {owner[1]!r} also runs outside setup" if owner[0] == "rule" else \
                f"it is in {owner[0]} {owner[1]!r}" if owner[1] else f"it is in a {owner[0]}"
            self.report(node.span, "E213", "`create` outside setup: tokens and cards are only created "
                        f"during setup ({where})", "move them from a supply zone or pile instead")
        options = {d.name: d for d in self.decls if isinstance(d, A.Option)}
        for name, (value, span) in getattr(self.ruleset, "option_overrides", {}).items():
            option = options.get(name)
            if option is None:
                self.report(span, "E217", f"there is no option {name!r} to set", self.hint(name, options))
            elif not any(type(v) is type(value) and v == value for v in option.values):
                allowed = ", ".join(_literal(v) for v in option.values)
                self.report(span, "E216", f"option {name} cannot be {_literal(value)}: it allows {allowed}",
                            self.hint(str(value), [_literal(v) for v in option.values]) or f"write one of: {allowed}")
        for decl in self.decls:
            if isinstance(decl, (A.Setup, A.Phase)):
                for before, step in zip(decl.steps, decl.steps[1:]):
                    if _always_ends(before.body):
                        self.report(step.span, "W304", f"step {step.name!r} never runs: step "
                                    f"{before.name!r} before it always ends the game", severity="warning")
                        break
        if round_decl is not None:
            ended = None
            for name in round_decl.phases:
                phase = phases.get(name)
                if ended is not None and phase is not None:
                    self.report(phase.span, "W304", f"phase {name!r} never runs: phase {ended!r} "
                                "before it always ends the game", severity="warning")
                if phase is not None and any(_always_ends(st.body) for st in phase.steps):
                    ended = ended or name
        called = {rule for rules in self.calls.values() for rule in rules}
        hooks = [d for d in self.decls if isinstance(d, A.Hook)]
        hooks += [h for d in self.decls if isinstance(d, A.Card) for h in d.hooks]
        for h in hooks:
            if h.name in self.rules and h.name not in called:
                time = "instead of" if h.time == "instead" else h.time
                self.report(h.span, "W306", f"`{time} {h.name}` never runs: no `do {h.name}(...)` "
                            "calls the rule", severity="warning")


_LEAVES = (A.IntLit, A.StrLit, A.BoolLit, A.NoneLit)
# The nodes of OPERANDS whose operator the shared operators judge (operands.py); BinOp, BoolOp,
# `where` and comprehensions are judged in their own branches of Checker.expr.
_OPERATOR_NODES = frozenset((A.Not, A.Neg, A.IfExpr, A.InExpr, A.Index))
# What a name that stands for one of these cannot be used as (E220: a zone, E219: a pile).
_NOT_ZONE = frozenset({"pile", "token kind", "symbol", "deck", "card", "option", "table", "func", "rule", "board",
                       "number", "text", "truth value", "bundle"})
_NOT_PILE = _NOT_ZONE - {"pile"} | {"zone"}
_PILE_TARGETS = {A.Shuffle: lambda n: [n.pile], A.Place: lambda n: [n.pile],
                 A.Reveal: lambda n: [n.source, n.dest]}


def _owner(decl: A.Decl) -> tuple[str, str]:
    if isinstance(decl, A.Setup):
        return ("setup", "")
    if isinstance(decl, A.Rule):
        return ("rule", decl.name)
    if isinstance(decl, A.Hook):
        return ("rule", decl.name)
    return (decl.kind, getattr(decl, "name", ""))


def _reachable(calls: dict[tuple[str, str], set[str]], start: list[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(start)
    while todo:
        rule = todo.pop()
        if rule not in seen:
            seen.add(rule)
            todo.extend(calls.get(("rule", rule), ()))
    return seen


def _always_ends(node: A.Node) -> bool:
    """True when running this statement or block surely ends the game."""
    if isinstance(node, A.EndGame):
        return True
    if isinstance(node, A.Block):
        return any(_always_ends(s) for s in node.stmts)
    if isinstance(node, A.If):
        return node.otherwise is not None and _always_ends(node.then) and _always_ends(node.otherwise)
    if isinstance(node, A.Secretly):
        return _always_ends(node.body)
    return False


def _is_false(x: A.Expr) -> bool:
    return isinstance(x, A.BoolLit) and x.value is False


def _surely_empty(x: A.Expr | None) -> bool:
    if isinstance(x, A.ListLit):
        return not x.items
    if isinstance(x, A.RangeExpr) and isinstance(x.low, A.IntLit) and isinstance(x.high, A.IntLit):
        return x.low.value > x.high.value
    if isinstance(x, A.Where):
        return _is_false(x.condition) or _surely_empty(x.source)
    if isinstance(x, A.Comprehension):
        return _surely_empty(x.source) or (x.condition is not None and _is_false(x.condition))
    return False


def _name_of(x: A.Expr | None) -> str:
    return x.id if isinstance(x, A.Name) else "KIND"


def _values(n: int) -> str:
    return f"{n} value" if n == 1 else f"{n} values"


def _literal(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def check_ruleset(ruleset: RuleSet, symbols: SymbolTable | None = None) -> list[Diagnostic]:
    """Every finding on a loaded rule set; `symbols` is its table if the caller has one."""
    return Checker(ruleset, symbols).run()
