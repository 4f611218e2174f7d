"""Who may see what, as the rules declare it (docs/language.md, "Visibility"): one `Sight` per
rule set, read by views, decisions and the log.

A pile's cards are seen face up by everybody (`public`, the default), by the player the pile
belongs to (`owner only`) or by nobody (`hidden`: not even their backs); a pile declared `face
down` shows nobody its faces whatever its visibility, only their backs. A pile declared neither
way is as it always was: its records name their cards (a `reveal`, a `create`) and a view gives
its size only. A `face down` pile is a stack: a view shows its size and the back of its top card
only (and where the copies shown to the player lie), never the order of the backs below. A player also sees the faces
of the card copies shown to them (`show`), until the pile holding a copy is shuffled.

A variable is seen by everybody, by its owner (a `per player` one) or by nobody. A card field is
part of the card's face (the default), printed on its back too (declared `public`), seen by the
holder of the card even face down (`owner only`), or never shown in a view (`hidden`).

Records of what a player may not see carry `"sight"`: `"owner"` (only the player the pile or
variable belongs to, or who made the decision) or `"nobody"`; `views.record_seen_by` reads it.
Rule sets that declare none of this write no `sight` at all: their logs are unchanged.
"""

from __future__ import annotations

import weakref
from dataclasses import field
from typing import Any

from ...language import ast as A
from ...records import record
from ...semantics.definition import GameDef
from ...semantics.values import PileRef

OWNER, NOBODY = "owner", "nobody"  # the values of a record's "sight"


@record
class Sight:
    """The visibility declarations of one rule set, by name."""

    piles: dict[str, tuple[str, str | None]] = field(default_factory=dict)  # non-default only
    vars: dict[str, str] = field(default_factory=dict)  # shared, non-public only
    player_vars: dict[str, str] = field(default_factory=dict)  # per player, non-public only
    fields: dict[str, dict[str, str]] = field(default_factory=dict)  # deck -> field -> visibility
    # card -> (field, value, visibility or None) of its fields written as plain values
    printed: dict[str, list[tuple[str, Any, str | None]]] = field(default_factory=dict)

    @property
    def declared(self) -> bool:
        """Whether the rules declare any visibility: if not, nothing here changes a game."""
        return bool(self.piles or self.vars or self.player_vars or self.fields)

    # ---------------------------------------------------------------- piles
    def pile_sight(self, ref: PileRef) -> str | None:
        """Who sees the faces of a pile's cards: None (everybody), OWNER or NOBODY."""
        declared = self.piles.get(ref.name)
        if declared is None:
            return None
        visibility, facing = declared
        if visibility == A.HIDDEN or facing == "down":
            return NOBODY
        if visibility == A.OWNER and ref.owner is not None:
            return OWNER
        return None

    def sees_faces(self, seat: int | None, ref: PileRef) -> bool:
        """Whether `seat` (None: a spectator) sees the faces of the cards of pile `ref`."""
        sight = self.pile_sight(ref)
        return sight is None or (sight == OWNER and seat == ref.owner)

    def stacked(self, ref: PileRef) -> bool:
        """Whether pile `ref` is a face-down stack (declared `face down`): a view shows the back
        of its top card only, as a player at the table sees it, not the order of those below."""
        declared = self.piles.get(ref.name)
        return declared is not None and declared[1] == "down"

    def lists_cards(self, ref: PileRef) -> bool:
        """Whether a view lists the cards of pile `ref` (for those who see their faces, and as
        backs for the others): only piles declared a way, and not `hidden` ones, which nobody
        sees even the backs of; the others show their size, as before."""
        declared = self.piles.get(ref.name)
        return declared is not None and declared[0] != A.HIDDEN

    # ---------------------------------------------------------------- variables
    def var_sight(self, name: str, per_player: bool) -> str | None:
        """Who sees a variable: None (everybody), OWNER or NOBODY."""
        visibility = (self.player_vars if per_player else self.vars).get(name)
        if visibility == A.HIDDEN:
            return NOBODY
        if visibility == A.OWNER:
            return OWNER if per_player else NOBODY
        return None

    # ---------------------------------------------------------------- card fields
    def card_fields(self, card: str, face: bool, holder: bool) -> dict[str, Any]:
        """The fields of a card a player may see: all but hidden ones when they see its face;
        else those printed on its back (declared `public`) and, for its holder, `owner only` ones.
        Only fields written as plain values (numbers, names, yes/no, text) or lists of them are
        printed: a field computed from the game is read by the rules, not shown."""
        shown = {}
        for name, value, visibility in self.printed.get(card, ()):
            if visibility == A.HIDDEN:
                continue
            if face or visibility == A.PUBLIC or (visibility == A.OWNER and holder):
                shown[name] = value
        return shown


# (weakly keyed: a process that loads rule set after rule set keeps none it has dropped)
_SIGHTS: weakref.WeakKeyDictionary[GameDef, Sight] = weakref.WeakKeyDictionary()


def sight_of(definition: GameDef) -> Sight:
    """The Sight of a rule set, made once for it (a search agent builds a game for every
    determinization; nothing changes a Sight once made)."""
    sight = _SIGHTS.get(definition)
    if sight is None:
        sight = _SIGHTS[definition] = _made(definition)
    return sight


def _made(definition: GameDef) -> Sight:
    sight = Sight()
    for pile in [*definition.shared_piles.values(), *definition.player_piles.values()]:
        if pile.visibility != A.PUBLIC or pile.facing is not None:
            for name in pile.names:
                sight.piles[name] = (pile.visibility, pile.facing)
    for var in definition.vars.values():
        if var.visibility != A.PUBLIC:
            sight.vars[var.name] = var.visibility
    for var in definition.player_vars.values():
        if var.visibility != A.PUBLIC:
            sight.player_vars[var.name] = var.visibility
    for deck in definition.decks.values():
        if deck.field_visibility:
            sight.fields[deck.name] = dict(deck.field_visibility)
    if sight.piles:  # (only views of piles declared a way list cards, with their fields)
        for card in definition.cards.values():
            declared = sight.fields.get(card.deck, {})
            sight.printed[card.name] = [(f.name, _printed(f.value), declared.get(f.name))
                                        for f in card.fields if _printed(f.value) is not _NOT_PRINTED]
    return sight


_NOT_PRINTED = object()


def _printed(value: A.Expr) -> Any:
    """A field's value as a view prints it, when it is written as a plain value or a list of
    them (the symbols printed on a card are a list: each is part of what the card shows)."""
    if isinstance(value, A.ListLit):
        items = [_printed(item) for item in value.items]
        return _NOT_PRINTED if any(item is _NOT_PRINTED for item in items) else items
    if isinstance(value, (A.IntLit, A.StrLit, A.BoolLit)):
        return value.value
    if isinstance(value, A.Name):
        return value.id
    if isinstance(value, A.Neg) and isinstance(value.operand, A.IntLit):
        return -value.operand.value
    return _NOT_PRINTED
