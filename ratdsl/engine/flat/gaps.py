"""What a rule set declares that the flat target has no form for yet, decided from its
declarations alone, before any code is generated: each gap names the first declaration that
needs it, so `Unsupported` always says where (a file, a line and a column), never only what."""

from __future__ import annotations

from ...language import ast as A
from ...semantics.definition import GameDef
from .tags import Unsupported


def sight_node(d: GameDef) -> A.Node | None:
    """The first declaration of who sees what (a pile, a variable or a deck's fields), if any."""
    for pile in [*d.shared_piles.values(), *d.player_piles.values()]:
        if pile.visibility != A.PUBLIC or pile.facing is not None:
            return pile
    for var in [*d.vars.values(), *d.player_vars.values()]:
        if var.visibility != A.PUBLIC:
            return var
    for deck in d.decks.values():
        if deck.field_visibility:
            return deck
    return None


def header_gap(d: GameDef) -> Unsupported | None:
    """The first declaration-level construct the flat target cannot play yet, with its node.
    (Declared visibility it plays: sight.py.)"""
    if d.game.endings:  # (`ends at ... when`: tested after every step and action, not here yet)
        return Unsupported(d.game.endings[0], "a game header's ending: the reference engine plays it")
    return None

