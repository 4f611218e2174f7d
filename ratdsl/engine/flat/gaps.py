"""What a rule set declares that changes how the flat target generates its code, decided from its
declarations alone, before any code is generated: declared visibility (sight.py). (A header's
ending, once refused here, is lowered by endings.py.)"""

from __future__ import annotations

from ...language import ast as A
from ...semantics.definition import GameDef


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
