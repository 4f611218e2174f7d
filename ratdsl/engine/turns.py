"""turns: a player's turn, the actions taken in it, the ability windows between its statements
and the game-end conditions, for the tree-walker (which calls these with its interpreter;
preconditions, costs and effects run through its `eval` and `run_block`).

An action is legal for the player whose turn it is when its per-turn limit is not reached, its
`only if` holds and its cost can be paid (the cost's source holds the tokens), checked in that
order. Choices among actions are `choose` decisions with the id "action" (abilities: "ability")
whose options are the legal actions' names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..language import ast as A
from .decisions import Decision
from .env import Env
from .errors import GameOver

if TYPE_CHECKING:
    from .interpreter import Interpreter

ACTION_ID, ABILITY_ID = "action", "ability"  # the ids of the decisions among actions
LIMIT_CODE = "R013"  # a per-turn limit that is not a whole number of 1 or more


class TurnFrame:
    """One open turn: whose it is and how often each action was taken in it."""

    __slots__ = ("player", "taken")

    def __init__(self, player: Any):
        self.player = player
        self.taken: dict[str, int] = {}


def begin(it: Interpreter, player: Any) -> TurnFrame:
    frame = TurnFrame(player)
    it.rt.turns.append(frame)
    return frame


def close(it: Interpreter) -> None:
    it.rt.turns.pop()


def turn_over(it: Interpreter) -> None:
    """After a turn: the game ends if an `ends at end of turn when` condition holds."""
    check_endings(it, A.END_OF_TURN)


def check_endings(it: Interpreter, moment: str) -> bool:
    """Whether a game-end condition of the moment holds; for turns and "at once", the game ends
    here (GameOver: the round counts as played)."""
    for ending in it.d.game.endings:
        if ending.moment == moment and it.truth(it.eval(ending.condition, Env()), ending.condition):
            if moment == A.END_OF_ROUND:
                return True
            it.rt.current_span = ending.span
            raise GameOver()
    return False


def window(it: Interpreter, node: A.Turn, frame: TurnFrame) -> None:
    """Offers the legal abilities, one at a time, until the player passes or none is legal."""
    offered = [a for a in it.d.actions.values() if a.ability]
    if not offered:
        return
    while True:
        legal = [a.name for a in offered if is_legal(it, a, frame)]
        if not legal:
            return
        it.tick(node)
        answer = it.rt.ask(Decision(frame.player.seat, ABILITY_ID, "choose", legal, True), node)
        if answer is None:
            return
        take(it, it.d.actions[answer], frame, node)


def act(it: Interpreter, node: A.Act) -> None:
    """`act ...`: the actions of the innermost open turn, as the statement's mode says."""
    if not it.rt.turns:
        raise it.error(node, "`act` runs only during a turn", "put it inside `turn PLAYER { ... }`")
    frame = it.rt.turns[-1]
    actions = []
    for name in node.actions:
        action = it.d.actions.get(name)
        if action is None:
            raise it.error(node, f"there is no action {name!r}")
        actions.append(action)
    if node.mode == "one":
        if is_legal(it, actions[0], frame):
            take(it, actions[0], frame, node)
        return
    left = actions
    while True:
        legal = [a.name for a in left if is_legal(it, a, frame)]
        if not legal:
            return
        it.tick(node)
        answer = it.rt.ask(Decision(frame.player.seat, ACTION_ID, "choose", legal, node.optional), node)
        if answer is None:
            return
        take(it, it.d.actions[answer], frame, node)
        if node.mode == "choose":
            return
        if node.mode == "any_order":
            left = [a for a in left if a.name != answer]


def is_legal(it: Interpreter, action: A.Action, frame: TurnFrame) -> bool:
    if action.limit is not None and frame.taken.get(action.name, 0) >= limit(it, action):
        return False
    env = Env({action.param: frame.player})
    if action.condition is not None and not it.truth(it.eval(action.condition, env), action.condition):
        return False
    return action.cost is None or can_pay(it, action.cost.stmts[0], env)


def limit(it: Interpreter, action: A.Action) -> int:
    value = it.eval(action.limit, Env())
    if value.__class__ is not int or value < 1:
        raise it.error(action.limit, f"action {action.name}'s limit per turn must be a whole number of "
                       f"1 or more, not {value!r}", "write e.g. `at most 2 per turn` or `once per turn`",
                       code=LIMIT_CODE)
    return value


def can_pay(it: Interpreter, cost: A.Move, env: Env) -> bool:
    """Whether the cost's sources hold the tokens it moves."""
    amount = it.eval(cost.quantity.amount, env)
    sources = it.zones(it.eval(cost.source, env), cost.source)
    zones = it.state.zones
    if amount.__class__ is dict:
        return all(sum(zones[z].get(k, 0) for z in sources) >= n for k, n in amount.items())
    wanted = it.number(amount, cost.quantity.amount)
    kinds = it.kinds_of(it.eval(cost.what, env), cost.what) if cost.what is not None else list(it.d.kinds)
    return sum(zones[z].get(k, 0) for z in sources for k in kinds) >= wanted


def take(it: Interpreter, action: A.Action, frame: TurnFrame, node: A.Node) -> None:
    """Pays the cost and runs the effect, with the action's parameter bound to the player; it
    counts against its limit from the moment it is taken. The game ends after it if an `ends at
    once when` condition holds."""
    frame.taken[action.name] = frame.taken.get(action.name, 0) + 1
    it.context.append(action.name)  # (a turn in a rule its effect runs nests through the rule's depth)
    try:
        if action.cost is not None:
            it.run_block(action.cost, Env({action.param: frame.player}))
        it.run_block(action.effect, Env({action.param: frame.player}))
    finally:
        it.context.pop()
    if it.d.game.endings:
        check_endings(it, A.AT_ONCE)
