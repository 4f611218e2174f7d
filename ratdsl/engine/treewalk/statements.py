"""How the tree-walker runs each kind of statement: one function per node class, called with the
interpreter, the node and the scope (`EXEC[type(node)](it, node, env)`). What a statement changes
in the game goes through the interpreter's runtime (`it.rt`). The commonest evaluate their
expressions as `ev[x.__class__](it, x, env)` with `ev = it._eval`: `it.eval(x, env)` without the
frame of its call (see treewalk/expressions.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...language import ast as A
from ...semantics.values import encode
from .. import turns
from ..coverage import ELSE, NO, THEN, YES, hit
from ..decisions import Decision
from ..env import Env
from ..errors import (
    ACT,
    ASSERTION_FAILED,
    FOR_LOOP,
    PLAN,
    REPEAT_LOOP,
    TURN,
    WHILE_LOOP,
    GameOver,
    StepBudgetExceeded,
    assertion_failed,
)
from ..plans import plan_count, plan_steps, reveal_plans  # plans

if TYPE_CHECKING:
    from ..interpreter import Interpreter


def _exec_let(it: Interpreter, node: A.Let, env: Env) -> None:
    value = node.value
    env.names[node.name] = it._eval[value.__class__](it, value, env)


def _exec_set(it: Interpreter, node: A.Set, env: Env) -> None:
    value = node.value
    value = it._eval[value.__class__](it, value, env)
    target = node.target
    if isinstance(target, A.Name) and env.assign(target.id, value):
        return
    it.set_target(node, value, env)


def _exec_if(it: Interpreter, node: A.If, env: Env) -> None:
    condition = node.condition
    value = it._eval[condition.__class__](it, condition, env)
    if value.__class__ is not bool:  # (it.truth's common case inline)
        value = it.truth(value, condition)
    if value:
        if it.coverage is not None:
            hit(it.coverage, node, THEN)
        it.run_block(node.then, env.child())
        return
    if it.coverage is not None:
        hit(it.coverage, node, ELSE)
    if node.otherwise is not None:
        it.run_block(node.otherwise, env.child())


def _exec_for(it: Interpreter, node: A.ForEach, env: Env) -> None:
    start = it.steps
    try:
        body, var = node.body, node.var
        for item in list(it.iterable(it.eval(node.source, env), node.source)):
            it.steps += 1  # (it.tick(node), inline)
            if it.steps > it.budget:
                raise StepBudgetExceeded(node.span, it.budget)
            it.run_block(body, Env({var: item}, env))
    except StepBudgetExceeded as err:
        err.blame(FOR_LOOP, node.span, start)
        raise


def _exec_while(it: Interpreter, node: A.While, env: Env) -> None:
    start = it.steps
    try:
        while it.truth(it.eval(node.condition, env), node.condition):
            it.tick(node)
            it.run_block(node.body, env.child())
    except StepBudgetExceeded as err:
        err.blame(WHILE_LOOP, node.span, start)
        raise


def _exec_repeat(it: Interpreter, node: A.Repeat, env: Env) -> None:
    start = it.steps
    try:
        for _ in range(it.number(it.eval(node.count, env), node.count)):
            it.tick(node)
            it.run_block(node.body, env.child())
    except StepBudgetExceeded as err:
        err.blame(REPEAT_LOOP, node.span, start)
        raise


def _exec_move(it: Interpreter, node: A.Move, env: Env) -> None:
    ev, source, dest, q = it._eval, node.source, node.dest, node.quantity
    sources = it.zones(ev[source.__class__](it, source, env), source)
    dest = it.zone(ev[dest.__class__](it, dest, env), dest)
    amount = q.amount
    if amount is not None:
        amount = ev[amount.__class__](it, amount, env)
    if isinstance(amount, dict):  # a bundle: move exactly (or up to) these tokens
        if node.what is not None:
            raise it.error(node.what, "a bundle already says which tokens; remove the kind")
        it.rt.move_bundle(node, sources, dest, amount, q.mode == "up_to")
        return
    kinds = it.kinds_of(it.eval(node.what, env), node.what) if node.what is not None \
        else list(it.d.kinds)
    if q.mode == "all":
        it.rt.move_all(sources, dest, kinds, node)
        return
    it.rt.move_tokens(node, sources, dest, it.number(amount, q.amount), kinds)


def _exec_draw(it: Interpreter, node: A.Draw, env: Env) -> None:
    source = it.zone(it.eval(node.source, env), node.source)
    dest = it.zone(it.eval(node.dest, env), node.dest)
    q = node.quantity
    wanted = None if q.mode == "all" else it.number(it.eval(q.amount, env), q.amount)
    it.draw_tokens(node, source, dest, wanted)


def _exec_shuffle(it: Interpreter, node: A.Shuffle, env: Env) -> None:
    it.rt.shuffle_pile(node, it.pile(it.eval(node.pile, env), node.pile))


def _exec_place(it: Interpreter, node: A.Place, env: Env) -> None:
    value = it.eval(node.cards, env)
    cards = it.rt.cards_of(value, node.cards)
    it.rt.place_cards(node, value, cards, it.pile(it.eval(node.pile, env), node.pile))


def _exec_reveal(it: Interpreter, node: A.Reveal, env: Env) -> None:
    n = it.number(it.eval(node.count, env), node.count)
    src = it.pile(it.eval(node.source, env), node.source)
    it.reveal_cards(node, n, src, it.pile(it.eval(node.dest, env), node.dest))


def _exec_ask_may(it: Interpreter, node: A.AskMay, env: Env) -> None:
    p = it.player(it.eval(node.player, env), node.player)
    answer = it.rt.ask(Decision(p.seat, node.id, "may", [True, False]), node)
    if it.coverage is not None:
        hit(it.coverage, node, YES if answer else NO)
    if answer:
        it.run_block(node.body, env.child())
    elif node.otherwise is not None:
        it.run_block(node.otherwise, env.child())


def _exec_ask_choose(it: Interpreter, node: A.AskChoose, env: Env) -> None:
    p = it.player(it.eval(node.player, env), node.player)
    values = it.iterable(it.eval(node.options, env), node.options)
    if not values:
        return  # nothing to choose from: the choice is skipped
    chosen = it.rt.choose_index(node, p.seat, values)
    if chosen is None:
        return
    it.run_block(node.body, env.child({node.var: values[chosen]}))


def _exec_ask_distribute(it: Interpreter, node: A.AskDistribute, env: Env) -> None:
    p = it.player(it.eval(node.player, env), node.player)
    kinds = it.kinds_of(it.eval(node.amount, env), node.amount) \
        if isinstance(node.amount, A.Name) and node.amount.id in it.d.kinds else None
    source = it.zone(it.eval(node.source, env), node.source)
    if kinds is None:
        raise it.error(node.amount,
                         "write which tokens to distribute: `distribute KIND from ZONE among ...`")
    targets = it.distribution_targets(node, p, it.eval(node.targets, env))
    limits = [(it.number(it.eval(limit.amount, env), limit.amount),
               it.iterable(it.eval(limit.zones, env), limit.zones)) for limit in node.limits]
    it.charge(node, it.rt.distribute(node, p, kinds[0], source, targets, limits))


def _exec_do(it: Interpreter, node: A.Do, env: Env) -> None:
    ev = it._eval
    args = []
    for a in node.args:  # (a loop: a list comprehension is a function's call of its own)
        args.append(ev[a.__class__](it, a, env))
    it.call_rule(node.rule, args, node)


def _exec_secretly(it: Interpreter, node: A.Secretly, env: Env) -> None:
    rt = it.rt
    before = rt.open_secret()
    try:
        it.run_block(node.body, env.child())
    finally:
        rt.close_secret()
    rt.uncover(before)


def blamed(what: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """A statement that goes round players or choices, named by R002 as a loop is (its place and
    the steps it used) where the budget runs out inside it."""
    def wrap(run: Callable[..., None]) -> Callable[..., None]:
        def blaming(it: Interpreter, node: A.Stmt, env: Env) -> None:
            start = it.steps
            try:
                run(it, node, env)
            except StepBudgetExceeded as err:
                err.blame(what, node.span, start)
                raise
        return blaming
    return wrap


# plans
@blamed(PLAN)
def _exec_plan(it: Interpreter, node: A.Plan, env: Env) -> None:
    players = list(it.iterable(it.eval(node.players, env), node.players))
    count = plan_count(it, it.eval(node.count, env), node.count)
    rt = it.rt
    rt.open_secret()
    plans = []
    try:
        for item in players:
            it.tick(node)
            p = it.player(item, node.players)
            inner = env.child({node.var: p})
            values = it.iterable(it.eval(node.options, inner), node.options)
            likely = None if node.likely is None else (
                lambda done, inner=inner: it.iterable(it.eval(node.likely, inner.child({"it": done})), node.likely))
            plans.append((p, plan_steps(it, node, p, values, count, likely)))
    finally:
        rt.close_secret()
    reveal_plans(it, node, plans)
# end plans


def _exec_end(it: Interpreter, node: A.EndGame, env: Env) -> None:
    raise GameOver(node.counts_round)


# turns: a turn runs its statements one by one, offering the legal abilities before each of them
# and after the last (engine/turns.py).
@blamed(TURN)
def _exec_turn(it: Interpreter, node: A.Turn, env: Env) -> None:
    player = it.player(it.eval(node.player, env), node.player)
    frame = turns.begin(it, player)
    inner = env.child()
    rt = it.rt
    try:
        it.steps += len(node.body.stmts)  # (a block at a time, as run_block counts)
        for stmt in node.body.stmts:
            turns.window(it, node, frame)
            rt.current_span = stmt.span
            it._exec[type(stmt)](it, stmt, inner)
        turns.window(it, node, frame)
    finally:
        turns.close(it)
    turns.turn_over(it)


@blamed(ACT)
def _exec_act(it: Interpreter, node: A.Act, env: Env) -> None:
    turns.act(it, node)


def _exec_assert(it: Interpreter, node: A.Assert, env: Env) -> None:
    if not it.truth(it.eval(node.condition, env), node.condition):
        raise it.error(node, assertion_failed(node.message), code=ASSERTION_FAILED)


def _exec_say(it: Interpreter, node: A.Say, env: Env) -> None:
    it.rt.log.emit("say", msg=node.message, args=[encode(it.eval(a, env)) for a in node.args])


def _exec_show(it: Interpreter, node: A.Show, env: Env) -> None:
    value = it.eval(node.cards, env)
    cards = [] if value is None else it.rt.cards_of(value, node.cards)
    it.show_cards(node, cards, it.eval(node.player, env))


def _exec_create(it: Interpreter, node: A.Create, env: Env) -> None:
    what = it.eval(node.what, env)
    it.rt.create(node, what, it.eval(node.where, env))


EXEC: dict[type, Callable[..., Any]] = {
    A.Let: _exec_let, A.Set: _exec_set, A.If: _exec_if, A.ForEach: _exec_for,
    A.While: _exec_while, A.Repeat: _exec_repeat, A.Move: _exec_move, A.Draw: _exec_draw,
    A.Shuffle: _exec_shuffle, A.Place: _exec_place, A.Reveal: _exec_reveal,
    A.AskMay: _exec_ask_may, A.AskChoose: _exec_ask_choose, A.AskDistribute: _exec_ask_distribute,
    A.Do: _exec_do, A.Secretly: _exec_secretly, A.EndGame: _exec_end, A.Say: _exec_say,
    A.Create: _exec_create, A.Show: _exec_show, A.Assert: _exec_assert,
    A.Turn: _exec_turn, A.Act: _exec_act,  # turns
    A.Plan: _exec_plan,  # plans
}
