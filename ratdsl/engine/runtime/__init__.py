"""The runtime of one game: its state, log, chance source and agents, and the one way each of
them changes. The tree-walker (interpreter.py) reads the state directly and changes it only
through a `Runtime`'s methods.

    core.py          Runtime: one game's state and bookkeeping; variables, `show`, `create`
    moves.py         moves of tokens: the protocol every move follows; `move` and `draw`
    piles.py         cards: `shuffle`, `place`, `reveal`
    secrets.py       zones kept as a phase or a `secretly` block began, and uncovering them
    conservation.py  what must hold of the totals, checked after steps and rounds
    sight.py         who may see which pile, variable and card field, as the rules declare
    views.py         what one player may see; what they see of each log record
    asks.py          decisions: asking the agents, distributing tokens

The state itself is engine/state.py, the log engine/log.py and the chance source engine/chance.py.
"""

from .core import Runtime

__all__ = ["Runtime"]
