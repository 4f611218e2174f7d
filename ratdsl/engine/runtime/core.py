"""`Runtime`: the state of one game and its bookkeeping, and the interface through which both
evaluators change it. Its parts live in the modules of this package, one concern each."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...language import ast as A
from ...semantics.definition import GameDef
from ...semantics.operators import MAX_ITEMS, TOO_LONG
from ...semantics.values import CardValue, PileRef, PlayerRef, ZoneRef, encode, type_name
from ..chance import Chance
from ..compiled import CompiledRules, compiled
from ..decisions import Agent
from ..errors import RuleRuntimeError
from ..limits import MAX_TOKENS  # noqa: F401 (read from here by many)
from ..log import GameLog
from ..state import GameState, PhaseStart
from .asks import Asks
from .conservation import Conservation
from .moves import TokenMoves
from .piles import Piles
from .secrets import KeptZones
from .sight import Sight, sight_of
from .views import Views

TOO_MANY_TOKENS = "R008"


class Runtime(TokenMoves, Piles, KeptZones, Conservation, Views, Asks):
    """One game's state, log, chance source and agents, and every way they change. Evaluators
    read the state directly; they change it only through these methods, which keep what is
    remembered about the state up to date, keep zones for phase starts and secret blocks, and
    write the log."""

    # Slots, not a __dict__: the tree-walker reads some of these on every move.
    __slots__ = ("active_cache", "active_now", "agents", "baseline", "baseline_cards", "card_uid",
                 "cards_checked_at", "chance", "context", "coverage", "current_span", "d", "kept_secrets", "keeping",
                 "log", "move_watchers", "n", "phase_start_zones", "rules", "secret_stack", "span_text",
                 "secret_vars", "sight", "state", "tokens", "turns", "version", "watchers", "where")

    def __init__(self, definition: GameDef, player_count: int, chance: Chance, agents: list[Agent],
                 log: GameLog | None = None):
        self.d = definition
        self.rules: CompiledRules = compiled(definition)
        self.n = player_count
        self.chance = chance
        self.agents = agents
        self.log = log or GameLog(keep=False)
        refs = self.rules.refs(player_count)
        self.state = GameState(player_count, definition.shared_zones, definition.player_zones,
                               definition.shared_piles, definition.player_piles, refs.keys)
        # The zones as the phase began, for `at_phase_start`; None in phases that never read them.
        self.phase_start_zones: PhaseStart | None = PhaseStart(self.state.zones)
        # The zones as each open `secretly` block began (copy-on-write, like phase starts).
        self.secret_stack: list[PhaseStart] = []
        # The open secret blocks whose hidden zones somebody may read: the log, or an agent that
        # reads views (see open_secret). The others are opened without keeping anything.
        self.kept_secrets: list[PhaseStart] = []
        # The variables as each kept secret block began, for the views meanwhile (see views.py).
        self.secret_vars: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
        # Who may see which pile, variable and card field (sight.py).
        self.sight: Sight = sight_of(definition)
        # What a move must first save the zones it changes into: the phase start (when kept) and
        # each kept secret block; empty when nothing is kept (see before_move).
        self.keeping: list[PhaseStart] = [self.phase_start_zones]
        self.card_uid = 0
        self.tokens = 0  # tokens created so far (at most MAX_TOKENS)
        self.current_span: A.Span = definition.game.span  # the statement running, for errors
        self.where: str = "setup"  # the step running, "phase.step", for the log
        self.baseline: dict[str, int] | None = None  # the totals after setup (see conservation.py)
        self.baseline_cards = 0
        self.cards_checked_at = -1  # `version` at the last check of the card count
        self.version = 0  # bumped by every change of the state but token moves (see `changed`)
        # Whether each card is active, remembered: until the next `changed()` for decks whose
        # `active when` reads no zones (active_now), and until the next move too for the others
        # (active_cache, emptied by every move of tokens). In a rule set whose decks read no
        # zones, active_cache stays empty and moves only test that it is.
        self.active_now: dict[str, bool] = {}
        self.active_cache: dict[str, bool] = {}
        # The rules, hooks and card effects running now, innermost last: evaluators push and pop
        # them, the log says who moved tokens.
        self.context: list[str] = []
        self.span_text: dict[int, str] = self.rules.span_text  # "file:line:col" of each ask
        self.move_watchers: list[Callable[[ZoneRef, ZoneRef, dict[str, int], str], None]] = []
        # How often each place of the rules ran (engine/coverage.py), or None: coverage is off.
        self.coverage: Counter[str] | None = None
        self.turns: list[Any] = []  # turns: the open turns, innermost last (engine/turns.py)
        # Agents told where each step starts and which answers their player saw since (a search
        # agent that resumes a step: agents/ismcts.py), with their seats; usually none.
        self.watchers: list[tuple[int, Any]] = [(seat, agent) for seat, agent in enumerate(agents)
                                                if hasattr(agent, "step_begins")]

    def error(self, node: A.Node | None, message: str, hint: str | None = None,
              code: str = "R001") -> RuleRuntimeError:
        """An error at `node`, or at the statement running when the node has no position."""
        span = node.span if node is not None and node.span.line else self.current_span
        return RuleRuntimeError(span, message, code, hint=hint, source=self.d.ruleset.source(span.file))

    def changed(self) -> None:
        """Called on every change of the state but token moves, so remembered facts (card
        activity) are refreshed; token moves empty `active_cache` only (see before_move)."""
        self.version += 1
        if self.active_cache:
            self.active_cache.clear()
        if self.active_now:
            self.active_now = {}

    # ------------------------------------------------------------------ variables, show, create
    def set_var(self, name: str, value: Any) -> None:
        self.state.vars[name] = value
        self.changed()
        _log_set(self, name, value, self.sight.var_sight(name, False) if self.sight.vars else None)

    def set_active(self, player: PlayerRef) -> None:
        self.state.active = player.seat
        self.changed()
        _log_set(self, "active", player)

    def set_player_var(self, player: PlayerRef, name: str, value: Any) -> None:
        self.state.player_vars[player.seat][name] = value
        self.changed()
        _log_set(self, f"{player}.{name}", value,
                 self.sight.var_sight(name, True) if self.sight.player_vars else None)

    def show(self, player: PlayerRef, cards: list[CardValue]) -> None:
        """Shows cards to one player: `shown_to_you` in their view holds the names shown last;
        each copy shown is also remembered as seen by that player (where it lies now, in their
        view), until the pile holding it is shuffled."""
        names = [c.name for c in cards]
        self.state.known[player.seat] = names
        peeked = self.state.peeked[player.seat]
        for card in cards:
            if card.uid is not None:
                peeked[card.uid] = card.name
        if self.sight.declared:  # where each copy lies, "PILE#N" (None: in no pile)
            self.log.emit("show", player=str(player), cards=names, at=[self.place_of(c) for c in cards])
        else:
            self.log.emit("show", player=str(player), cards=names)

    def place_of(self, card: CardValue) -> str | None:
        """Where a card copy lies, as `PILE#N` (the Nth card from the top), or None."""
        for ref, pile in self.state.piles.items():
            for i, held in enumerate(pile):
                if held is card:
                    return f"{ref}#{i + 1}"
        return None

    def create(self, node: A.Create, what: Any, where: Any) -> None:
        """`create` once what and where are known: tokens in a zone, or cards on a pile."""
        if isinstance(where, ZoneRef) and isinstance(what, dict):
            if self.baseline is not None:
                raise self.error(node, "tokens can only be created during setup",
                                 "move them from a supply zone instead")
            added = 0
            for k, v in what.items():
                if v < 0:  # (bundles hold no negative counts; this keeps create honest whatever made one)
                    raise self.error(node, f"cannot create {v} {k}: a count is 0 or more")
                added += v
            if self.tokens + added > MAX_TOKENS:
                raise self.error(node, f"cannot create {added} more tokens: a game holds at most {MAX_TOKENS}",
                                 code=TOO_MANY_TOKENS)
            self.tokens += added
            self.before_move(where, where)
            contents = self.state.zones[where]
            for k, v in what.items():
                contents[k] = contents.get(k, 0) + v
            if self.log.active:
                self.log.emit("create", what=dict(what), dst=str(where))
            else:
                self.log.seq += 1
            return
        if isinstance(where, PileRef):
            if self.baseline is not None:
                raise self.error(node, "cards can only be created during setup")
            named = self.cards_of(what, node.what)
            pile = self.state.piles[where]
            if len(pile) + len(named) > MAX_ITEMS:
                raise self.error(node, f"cannot create {len(named)} more cards in {where}: a pile holds at most "
                                       f"{MAX_ITEMS}", code=TOO_LONG)
            cards = []
            for card in named:
                self.card_uid += 1
                cards.append(CardValue(card.name, self.card_uid))
            pile[:0] = cards  # on top, in place: no copy of the pile's references for each create
            self.changed()
            if not self.log.active:
                self.log.seq += 1
            elif self.sight.piles and self.sight.pile_sight(where) is not None:
                self.log.emit("create", cards=[c.name for c in cards], dst=str(where),
                              sight=self.sight.pile_sight(where))
            else:
                self.log.emit("create", cards=[c.name for c in cards], dst=str(where))
            return
        raise self.error(node, f"cannot create {type_name(what)} in {type_name(where)}",
                         "create a bundle like {token: 7} in a zone, or cards in a pile")


def _log_set(runtime: Runtime, var: str, value: Any, sight: str | None = None) -> None:
    """A `set` record; `sight` says who may see it when the variable is not public."""
    if runtime.log.active:
        if sight is None:
            runtime.log.emit("set", var=var, value=encode(value))
        else:
            runtime.log.emit("set", var=var, value=encode(value), sight=sight)
    else:
        runtime.log.seq += 1  # records are numbered the same whether or not they are kept
