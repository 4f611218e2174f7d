"""turns: the checks of actions, turns and game-end conditions (E260-E263, W312). `act` stands
lexically inside a `turn` (E260) and names declared actions (E261), each once (E263); a per-turn
limit known before the game is a whole number of 1 or more (E262); an action no `act` names, an
ability or an `ends at end of turn` in rules with no `turn`, never run (W312). Conditions are
yes/no (E224) and costs move tokens from zones (E212, E220), as everywhere else."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import ast as A

if TYPE_CHECKING:  # the checker creates this; only its type is needed here
    from .checker import Checker


def check_action(checker: Checker, action: A.Action) -> None:
    """One action or ability: its condition, limit, cost and effect."""
    if action.condition is not None:
        checker.operands.condition(action.condition)
        checker.expr(action.condition)
    if action.limit is not None:
        checker.expr(action.limit)
        known = checker.operands.known(action.limit)
        if known is not None and known[1] and (known[0].__class__ is not int or known[0] < 1):
            checker.report(action.limit.span, "E262", f"{action.kind} {action.name}: a limit per turn is a "
                           f"whole number of 1 or more, not {_shown(known[0])}",
                           "write e.g. `at most 2 per turn` or `once per turn`, or no limit")
    if action.cost is not None:
        checker.block(action.cost)
    checker.block(action.effect)


def check_endings(checker: Checker, game: A.Game) -> None:
    for ending in game.endings:
        checker.operands.condition(ending.condition)
        checker.expr(ending.condition)


def check_turns(checker: Checker) -> None:
    """Where `act` and `turn` stand, what `act` names, and what never runs."""
    actions = {d.name: d for d in checker.decls if isinstance(d, A.Action)}
    named: set[str] = set()
    turns = 0
    for decl in checker.decls:
        for node, in_turn in _statements(decl, False):
            if isinstance(node, A.Turn):
                turns += 1
            if not isinstance(node, A.Act):
                continue
            if not in_turn:
                checker.report(node.span, "E260", "`act` outside a turn: actions are taken during a "
                               "player's turn", "put it inside `turn PLAYER { ... }`")
            seen: set[str] = set()
            for name in node.actions:
                named.add(name)
                if name not in actions:
                    other = checker.table.kind_of(name)
                    checker.report(node.span, "E261", f"there is no action {name!r}",
                                   f"{name!r} is a {other}; `act` takes actions and abilities" if other
                                   else checker.hint(name, actions))
                elif name in seen:
                    checker.report(node.span, "E263", f"`act` lists {name!r} twice", "list each action once")
                seen.add(name)
    for action in actions.values():
        if action.ability and not turns:
            checker.report(action.span, "W312", f"ability {action.name!r} is never offered: abilities "
                           "are offered during turns, and no `turn` is played", severity="warning")
        elif not action.ability and action.name not in named:
            checker.report(action.span, "W312", f"action {action.name!r} is never taken: no `act` names it",
                           severity="warning")
    game = checker.ruleset.game
    for ending in game.endings:
        if ending.moment == A.END_OF_TURN and not turns:
            checker.report(ending.span, "W312", "`ends at end of turn` never ends the game: no `turn` is played",
                           severity="warning")


def _statements(node: A.Node, in_turn: bool):
    """Every statement below `node`, with whether it stands inside a `turn` block."""
    for child in A.iter_children(node):
        if isinstance(child, A.Stmt):
            yield child, in_turn
        yield from _statements(child, in_turn or isinstance(child, A.Turn))


def _shown(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)
