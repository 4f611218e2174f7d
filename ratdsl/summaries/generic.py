"""Sentences built from the structure of a rule, for any element without a hand-written message.

The renderer walks statements and expressions and fills phrase patterns from the language's
`structure.ftl` (shipped in this package); nouns (zones, piles, token kinds, groups) come from
the game's own messages, with their grammatical attributes (`.gender`, ...). Values that the
options in force or the number of players decide are worked out, so a branch that cannot
happen is left out and a branch that depends on the number of players says for which counts.

`Generic` only puts the parts together, each with one job: `words` (nouns and values as text),
`kinds` (what kind of value an expression is), `decided` (what the options and the number of
players decide), `exprs` (expressions, one form per node kind), `stmts` (statements, one form
per node kind) and `decls` (modifiers, hooks, handlers and the parameters of rules).
"""

from __future__ import annotations

from ..semantics.definition import GameDef
from .context import Ctx, Item, Local
from .decided import Decided
from .declarations import Declarations
from .expressions import Expressions
from .kinds import Kinds
from .messages import Catalog
from .statements import Statements
from .static import StaticEval
from .words import Words

__all__ = ["Ctx", "Generic", "Item", "Local"]


class Generic:
    """The generic renderer of one game in one language: its parts, wired once."""

    def __init__(self, d: GameDef, cat: Catalog, ev: StaticEval):
        self.words = Words(d, cat)
        self.kinds = Kinds(d)
        self.decided = Decided(d, ev)
        self.exprs = Expressions(d, cat, self.words, self.kinds, self.decided)
        self.stmts = Statements(d, cat, self.exprs)
        self.decls = Declarations(d, cat, self.stmts)
