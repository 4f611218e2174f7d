"""The checks of a board declaration (E255-E259, E215, E201): its edges name its own spaces, each
space is in play at some number of players the game allows, capacities hold something, and each
space sets only its board's fields, each once (a field it leaves out is none). A space named twice
(or like another declaration) is E201, found by the resolver as for any global name."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..language import ast as A
from ..semantics.symbols import CONST

if TYPE_CHECKING:  # the checker creates this; only its type is needed here
    from .checker import Checker


def check_board(checker: Checker, board: A.Board, source: Callable[[str], str | None]) -> None:
    """`source(file)` is a rule file's text (an editor's unsaved one first), for positions."""
    names = {s.name for s in board.spaces}
    game = checker.ruleset.game
    for name in board.fields:
        sym = checker.globals.get(name)
        if name in checker.kinds or (sym is not None and sym.kind == CONST):  # `zone.KIND`, `zone.GROUP`
            checker.report(board.span, "E259", f"board {board.name}: field {name!r} is also a "
                           f"{'token kind' if name in checker.kinds else 'const'} (`space.{name}` would count "
                           "tokens)", "give the field another name")
        elif name in ("name", "deck"):
            checker.report(board.span, "E259", f"board {board.name}: {name!r} cannot be a field",
                           "give the field another name")
    if board.capacity is not None and board.capacity < 1:
        checker.report(board.span, "E258", f"board {board.name}: a capacity of {board.capacity} leaves "
                       "no room in any space", "write a capacity of 1 or more, or none for no limit")
    for space in board.spaces:
        _check_space(checker, board, space, game)
    for edge in board.edges:
        for target in (edge.source, *edge.targets):
            if target not in names:
                checker.report(_name_span(edge, target, source), "E255", f"board {board.name}: the edge "
                               f"names {target!r}, which is not one of its spaces", checker.hint(target, names))
            elif target == edge.source and target in edge.targets:
                checker.report(edge.span, "E256", f"board {board.name}: an edge from {target!r} to itself",
                               "a space is at distance 0 from itself without an edge")
                break


def _name_span(edge: A.Edge, name: str, source: Callable[[str], str | None]) -> A.Span:
    """Where an edge line writes a name (the edge keeps no span per name): the whole edge when
    its text cannot be read."""
    span = edge.span
    lines = (source(span.file) or "").split("\n")
    if span.line == span.end_line and 0 < span.line <= len(lines):
        text = lines[span.line - 1][span.column - 1:span.end_column - 1]
        found = re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", text[len("edge"):])
        if found:
            start = span.column + len("edge") + found.start()
            return A.Span(span.file, span.line, start, span.line, start + len(name))
    return span


def _check_space(checker: Checker, board: A.Board, space: A.Space, game: A.Game) -> None:
    if space.players is not None:
        low, high = space.players
        if max(low, game.min_players) > min(high, game.max_players):
            checker.report(space.span, "E257", f"space {space.name} is in play for {low}..{high} players, "
                           f"never in a game for {game.min_players}..{game.max_players} players",
                           "write a range of players the game allows, or remove the space")
    if space.capacity is not None and space.capacity < 1:
        checker.report(space.span, "E258", f"space {space.name}: a capacity of {space.capacity} leaves "
                       "no room", "write a capacity of 1 or more")
    seen = set()
    for f in space.fields:
        if f.name not in board.fields:
            checker.report(f.span, "E215", f"board {board.name!r} has no field {f.name!r}",
                           checker.hint(f.name, board.fields) or "add it to the board's `fields` line")
        if f.name in seen:
            checker.report(f.span, "E201", f"field {f.name!r} is set twice")
        seen.add(f.name)
        checker.expr(f.value)
