"""The kinds a value of the flat target's lowering has, and `Unsupported`: what a game on a module
kept on disk needs (generator.FlatModule, game.py, cache.py) without importing the code
generator itself (compiler.py, statements.py), which only making a module needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...language import ast as A

INT, BOOL, STR, PLAYER, ZONE_T, CARD_T, PILE_T, BUNDLE, NONE = (
    "int", "bool", "str", "player", "zone", "card", "pile", "bundle", "none")
DYN = "dyn"  # a value of several kinds, in its general form (dyn.py)


class Unsupported(Exception):
    """A construct the flat target has no form for; `node` says where."""

    def __init__(self, node: A.Node | None, why: str):
        super().__init__(f"{node.span if node is not None else '?'}: {why}")
        self.node = node
        self.why = why
