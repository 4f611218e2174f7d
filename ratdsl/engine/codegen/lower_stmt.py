"""One function per statement class: emits the lines that run the statement (see
Lowering.statements). LOWER_STMT is the table the generator hands its lowerings; a class missing
from it is an error when code is generated, never a quiet fall back to the tree-walker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...language import ast as A
from ...semantics.values import PileRef, PlayerRef, ZoneRef
from ..coverage import ELSE, NO, RULE, THEN, YES
from ..errors import ASSERTION_FAILED, FOR_LOOP, REPEAT_LOOP, WHILE_LOOP, assertion_failed
from ..runtime.moves import before_move_code
from .expressions import MAX_INLINE_NESTING
from .scope import Scope
from .statements import Lowering


def loop_body(low: Lowering, loop: A.Stmt, block: A.Block, scope: Scope) -> None:
    """One iteration of a loop: its step and the block's, counted together, with the budget
    checked as if the iteration's step came first (it stops at the same iteration)."""
    n = len(block.stmts)
    if not n:
        low.tick(loop)
        low.emit("pass")
        return
    low.emit(f"it.steps += {n + 1}")
    low.emit(f"if it.steps > it.budget + {n}: raise StepBudgetExceeded({low.c(loop.span)}, it.budget)")
    low.statements(block, scope)


def _s_Let(low: Lowering, node: A.Let, scope: Scope) -> None:
    value = low.expr(node.value, scope)
    scope.from_env.discard(node.name)  # a let binds a new name here, not the caller's
    local = scope.names[node.name] = low.unit.new("l")  # one Python local per let
    low.emit(f"{local} = {value}")
    if node.name not in low.gen.set_targets:
        low.typed(local, low.type_of(value))
        if value in low.bounds:
            low.bounds[local] = low.bounds[value]


def _s_Set(low: Lowering, node: A.Set, scope: Scope) -> None:
    target = node.target
    found = scope.find(target.id) if isinstance(target, A.Name) else None
    if found is None:
        if not isinstance(target, A.Name):  # OWNER.NAME: a player's variable
            value = low.expr(node.value, scope)
            owner = low.expr(target.obj, scope)
            low.emit(f"it.set_member({low.c(node)}, {owner}, {value})")
            return
        # Not a local here: a name of the caller's scope, else a variable of the game.
        value = low.expr(node.value, scope)
        if low.reads_env(scope):
            low.emit(f"if not env.assign({low.t(target.id)}, {value}): "
                     f"it.set_target({low.c(node)}, {value}, env)")
        else:
            low.emit(f"it.set_target({low.c(node)}, {value}, None)")
        return
    local, from_env = found
    value = low.expr(node.value, scope)
    if not from_env:
        low.emit(f"{local} = {value}")
        return
    # A name of the caller's scope: set it there too (or, if unbound, the global variable).
    low.emit(f"if {local} is MISSING:")
    low.emit(f"    it.set_target({low.c(node)}, {value}, env)")
    low.emit("else:")
    low.emit(f"    {local} = {value}")
    low.emit(f"    env.assign({low.t(target.id)}, {value})")


def _s_If(low: Lowering, node: A.If, scope: Scope) -> None:
    cond = low.truth(node.condition, scope)
    if cond == "False" and node.otherwise is None:
        low.count_point(node, ELSE)  # (an option settled it: with coverage on, still counted)
        return
    branches(low, cond, node.then, node.otherwise, scope, (node, THEN, ELSE))


def branches(low: Lowering, cond: str, then: A.Block, otherwise: A.Block | None, scope: Scope,
             counted: tuple[A.Node, str, str]) -> None:
    """`if COND:` then-block, `else:` otherwise-block, each in a scope of its own; with coverage
    on, each branch counts its run under `counted`'s node and tags (also an else left empty)."""
    node, then_tag, else_tag = counted
    low.emit(f"if {cond}:")
    low.unit.depth += 1
    low.count_point(node, then_tag)
    low.block_in(then, Scope(scope))
    low.unit.depth -= 1
    if otherwise is not None or low.gen.coverage:
        low.emit("else:")
        low.unit.depth += 1
        low.count_point(node, else_tag)
        if otherwise is not None:
            low.block_in(otherwise, Scope(scope))
        low.unit.depth -= 1


def _s_ForEach(low: Lowering, node: A.ForEach, scope: Scope) -> None:
    # Lists are values that nothing changes in place (a pile's cards come as a copy), so the
    # loop needs no copy of its own.
    def loop() -> None:
        _, inner, _ = low.loop(node.source, node.var, scope)
        loop_body(low, node, node.body, inner)
        low.unit.depth -= 1

    low.blamed_loop(node, FOR_LOOP, loop)


def _s_While(low: Lowering, node: A.While, scope: Scope) -> None:
    def loop() -> None:
        low.emit("while True:")
        low.unit.depth += 1
        low.emit(f"if not {low.truth(node.condition, scope)}: break")
        loop_body(low, node, node.body, Scope(scope))
        low.unit.depth -= 1

    low.blamed_loop(node, WHILE_LOOP, loop)


def _s_Repeat(low: Lowering, node: A.Repeat, scope: Scope) -> None:
    def loop() -> None:
        count = low.expr(node.count, scope)
        low.emit(f"for _ in range({count} if {count}.__class__ is int else "
                 f"it.number({count}, {low.c(node.count)})):")
        low.unit.depth += 1
        loop_body(low, node, node.body, Scope(scope))
        low.unit.depth -= 1

    low.blamed_loop(node, REPEAT_LOOP, loop)


def _s_Move(low: Lowering, node: A.Move, scope: Scope) -> None:
    value = low.expr(node.source, scope)
    n = low.c(node)
    if low.type_of(value) is ZoneRef:
        single, many = value, None  # one zone, surely
    elif low.type_of(value) == ("list", ZoneRef):
        single, many = None, value
    else:  # validated now, before the destination is evaluated; None when it is one zone
        single, many = value, low.tmp()
        low.emit(f"{many} = None if {value}.__class__ is ZoneRef else it.zones({value}, {low.c(node.source)})")
    dest = _zone(low, node.dest, scope)
    q = node.quantity
    amount = low.expr(q.amount, scope) if q.amount is not None else "None"
    if single is None:
        all_sources = many
    else:
        all_sources = f"[{single}]" if many is None else f"([{single}] if {many} is None else {many})"
    amount_type = low.type_of(amount)
    if amount_type is None:
        low.emit(f"if {amount}.__class__ is dict:")
        low.emit(f"    rt.move_bundle(it, {n}, {all_sources}, {dest}, {amount})")
        low.emit("else:")
        low.unit.depth += 1
    elif amount_type is dict:
        low.emit(f"rt.move_bundle(it, {n}, {all_sources}, {dest}, {amount})")
        return
    what = node.what
    static = low.static_kinds(what, scope) if what is not None else tuple(low.d.kinds)
    spec = one_kind = None
    if static is not None:
        kinds = low.c(static)
        if len(static) == 1:
            one_kind = low.t(static[0])
    else:
        spec = low.expr(what, scope)
        if low.choices.get(spec) and low.choices[spec] <= low.gen.kind_set:
            one_kind, spec = spec, None  # one kind, known only when the game runs
            kinds = f"({one_kind},)"
        else:
            kinds = low.tmp()
            low.emit(f"{kinds} = ({spec},) if {spec}.__class__ is str and {spec} in "
                     f"{low.c(low.gen.kind_set)} else it.kinds_of({spec}, {low.c(what)})")
    if q.mode == "all":
        if one_kind is not None:
            low.emit(f"it.rt.move_all_of({all_sources}, {dest}, {one_kind}, {n})")
        else:
            low.emit(f"it.rt.move_all({all_sources}, {dest}, {kinds}, {n})")
        if amount_type is None:
            low.unit.depth -= 1
        return
    ok, count = low.static_of(amount)
    wanted = amount
    if amount_type is not int and not (ok and type(count) is int):
        wanted = low.tmp()
        low.emit(f"{wanted} = {amount} if {amount}.__class__ is int else it.number({amount}, {low.c(q.amount)})")
    general = f"it.rt.move_tokens({n}, {all_sources}, {dest}, {wanted}, {kinds})"
    if spec is not None and q.mode != "all" and single is not None:
        single_kind = f"len({kinds}) == 1" + ("" if many is None else f" and {many} is None")
        low.emit(f"if {single_kind}: it.rt.move_kind({n}, {single}, {dest}, {kinds}[0], {wanted})")
        low.emit(f"else: {general}")
        if amount_type is None:
            low.unit.depth -= 1
        return
    if q.mode != "all" and one_kind is not None and single is not None:
        one = f"it.rt.move_kind({n}, {single}, {dest}, {one_kind}, {wanted})"
        if many is None and ok and type(count) is int and count > 0:
            move_kind_inline(low, n, single, dest, one_kind, count, q.mode == "exact")
        elif many is None:
            low.emit(one)
        else:
            low.emit(f"if {many} is None: {one}")
            low.emit(f"else: {general}")
    else:
        low.emit(general)
    if amount_type is None:
        low.unit.depth -= 1


def move_kind_inline(low: Lowering, n: str, source: str, dest: str, kind: str, count: int, exact: bool) -> None:
    """The runtime's move_kind written out, for a count known now (the commonest move: 1 or 2
    tokens), with the move protocol from its template."""
    src, have, dst = low.tmp(), low.tmp(), low.tmp()
    low.emit(f"{src} = it.state.zones[{source}]")
    low.emit(f"{have} = {src}.get({kind}, 0)")
    moved = str(count)
    if exact:
        low.emit(f"if {have} < {count}: raise rt.too_few(it, {n}, {source}, {kind}, {count}, {have})")
    else:
        moved = low.tmp()
        low.emit(f"{moved} = {count} if {have} > {count} else {have}")
        low.emit(f"if {moved} and {source} is not {dest}:")  # refs are canonical
    if exact:
        low.emit(f"if {source} is not {dest}:")
    low.unit.depth += 1
    for line in before_move_code("it.rt", source, dest, forgets=low.gen.decks_read_zones):
        low.emit(line)
    low.emit(f"{src}[{kind}] = {have} - {moved}")
    low.emit(f"{dst} = it.state.zones[{dest}]")
    low.emit(f"{dst}[{kind}] = {dst}.get({kind}, 0) + {moved}")
    low.emit(f"if it.rt.log.moves: it.rt.log_move({source}, {dest}, {{{kind}: {moved}}})")
    low.unit.depth -= 1


def _s_Do(low: Lowering, node: A.Do, scope: Scope) -> None:
    args = [low.expr(a, scope) for a in node.args]
    rule = low.d.rules.get(node.rule)
    n = low.c(node)
    if rule is None or len(rule.params) != len(args):
        low.emit(f"it.call_rule({low.t(node.rule)}, [{', '.join(args)}], {n})")  # raises
        return
    if not rule.body.stmts and not low.d.hooks.get(node.rule):
        # Nothing would run; only the depth limit or the budget (checked at every call) could
        # still stop it.
        low.emit(f"if it.depth >= MAX_DEPTH or it.steps > it.budget: it.call_rule({low.t(node.rule)}, "
                 f"[{', '.join(args)}], {n})")
        low.count_point(rule, RULE)  # (it ran, doing nothing)
        return
    if low.gen.rule_inlinable(node.rule) and low.inlined_rules < MAX_INLINE_NESTING:
        low.inlined_rules += 1
        low.rule_call(node.rule, args, n)
        low.inlined_rules -= 1
        return
    py = low.gen.function("rule", node.rule)
    low.emit(f"{py}(it, {''.join(a + ', ' for a in args)}{n})")


def _ref(low: Lowering, node: A.Expr, scope: Scope, kind: type, check: str) -> str:
    """A value that must be a zone, pile or player: checked by `it.<check>` unless its type
    is known already."""
    v = low.expr(node, scope)
    if low.type_of(v) is kind:
        return v
    out = low.tmp()
    low.emit(f"{out} = {low.fast(v, kind, v, f'it.{check}({v}, {low.c(node)})')}")
    return low.typed(out, kind)


def _zone(low: Lowering, node: A.Expr, scope: Scope) -> str:
    return _ref(low, node, scope, ZoneRef, "zone")


def _pile(low: Lowering, node: A.Expr, scope: Scope) -> str:
    return _ref(low, node, scope, PileRef, "pile")


def _player(low: Lowering, node: A.Expr, scope: Scope) -> str:
    return _ref(low, node, scope, PlayerRef, "player")


def _s_Place(low: Lowering, node: A.Place, scope: Scope) -> None:
    value = low.expr(node.cards, scope)
    cards = low.tmp()
    low.emit(f"{cards} = it.rt.cards_of({value}, {low.c(node.cards)})")
    pile = _pile(low, node.pile, scope)
    low.emit(f"it.rt.place_cards({low.c(node)}, {value}, {cards}, {pile})")


def _s_Reveal(low: Lowering, node: A.Reveal, scope: Scope) -> None:
    count = low.expr(node.count, scope)
    n = low.tmp()
    low.emit(f"{n} = {count} if {count}.__class__ is int else it.number({count}, {low.c(node.count)})")
    source = _pile(low, node.source, scope)
    dest = _pile(low, node.dest, scope)
    low.emit(f"it.reveal_cards({low.c(node)}, {n}, {source}, {dest})")


def _s_Show(low: Lowering, node: A.Show, scope: Scope) -> None:
    value = low.expr(node.cards, scope)
    cards = low.tmp()
    low.emit(f"{cards} = [] if {value} is None else it.rt.cards_of({value}, {low.c(node.cards)})")
    low.emit(f"it.show_cards({low.c(node)}, {cards}, {low.expr(node.player, scope)})")


def _s_Shuffle(low: Lowering, node: A.Shuffle, scope: Scope) -> None:
    low.emit(f"it.rt.shuffle_pile({low.c(node)}, {_pile(low, node.pile, scope)})")


def _s_Create(low: Lowering, node: A.Create, scope: Scope) -> None:
    what = low.expr(node.what, scope)
    low.emit(f"it.rt.create({low.c(node)}, {what}, {low.expr(node.where, scope)})")


def _s_Draw(low: Lowering, node: A.Draw, scope: Scope) -> None:
    source = _zone(low, node.source, scope)
    dest = _zone(low, node.dest, scope)
    q = node.quantity
    wanted = "None"
    if q.mode != "all":
        amount = low.expr(q.amount, scope)
        wanted = low.tmp()
        low.emit(f"{wanted} = {low.fast(amount, int, amount, f'it.number({amount}, {low.c(q.amount)})')}")
    # Interpreter.draw_tokens written out: a step per token drawn.
    low.emit(f"it.steps += it.rt.draw_tokens({low.c(node)}, {source}, {dest}, {wanted})")
    low.emit(f"if it.steps > it.budget: raise StepBudgetExceeded({low.c(node.span)}, it.budget)")


def _s_AskDistribute(low: Lowering, node: A.AskDistribute, scope: Scope) -> None:
    p = _player(low, node.player, scope)
    names_kind = isinstance(node.amount, A.Name) and node.amount.id in low.d.kinds
    kind = "None"
    if names_kind:
        static = low.static_kinds(node.amount, scope)
        if static is not None and len(static) == 1:
            kind = low.t(static[0])
        else:
            spec = low.expr(node.amount, scope)
            kinds = low.tmp()
            low.emit(f"{kinds} = it.kinds_of({spec}, {low.c(node.amount)})")
            kind = f"{kinds}[0]"
    source = _zone(low, node.source, scope)
    if not names_kind:
        low.emit(f"raise it.error({low.c(node.amount)}, "
                 f"{low.t('write which tokens to distribute: `distribute KIND from ZONE among ...`')})")
        return
    value = low.expr(node.targets, scope)
    targets = low.tmp()
    low.emit(f"{targets} = it.distribution_targets({low.c(node)}, {p}, {value})")
    limits = []
    for limit in node.limits:
        amount = low.expr(limit.amount, scope)
        number = low.tmp()
        low.emit(f"{number} = {low.fast(amount, int, amount, f'it.number({amount}, {low.c(limit.amount)})')}")
        zones = low.iterable(limit.zones, scope)
        limits.append(f"({number}, {zones})")
    # A step per token placed (an agent's work grows with them), as the tree-walker's it.charge.
    low.emit(f"it.steps += it.rt.distribute({low.c(node)}, {p}, {kind}, {source}, {targets}, [{', '.join(limits)}])")
    low.emit(f"if it.steps > it.budget: raise StepBudgetExceeded({low.c(node.span)}, it.budget)")


def _s_Secretly(low: Lowering, node: A.Secretly, scope: Scope) -> None:
    before = low.tmp()
    low.emit(f"{before} = it.rt.open_secret()")
    low.emit("try:")
    low.unit.depth += 1
    low.block_in(node.body, Scope(scope))
    low.unit.depth -= 1
    low.emit("finally:")
    low.emit("    it.rt.close_secret()")
    low.emit(f"it.rt.uncover({before})")


def _s_EndGame(low: Lowering, node: A.EndGame, scope: Scope) -> None:
    low.emit(f"it.rt.current_span = {low.c(node.span)}")  # an `end game` in setup is reported here
    low.emit("raise GameOver()" if node.counts_round else "raise GameOver(False)")


# turns: as the tree-walker's _exec_turn, with the statements written out between the windows
# (steps charged for the whole block first, as block_in does).
def _s_Turn(low: Lowering, node: A.Turn, scope: Scope) -> None:
    p = _player(low, node.player, scope)
    n = low.c(node)
    frame = low.tmp()
    low.emit(f"{frame} = rt.turns.begin(it, {p})")
    low.emit("try:")
    low.unit.depth += 1
    inner = Scope(scope)
    if node.body.stmts:
        low.emit(f"it.steps += {len(node.body.stmts)}")
    for stmt in node.body.stmts:
        low.emit(f"rt.turns.window(it, {n}, {frame})")
        low.statements(A.Block((stmt,), span=stmt.span), inner)
    low.emit(f"rt.turns.window(it, {n}, {frame})")
    low.unit.depth -= 1
    low.emit("finally:")
    low.emit("    rt.turns.close(it)")
    low.emit("rt.turns.turn_over(it)")


def _s_Act(low: Lowering, node: A.Act, scope: Scope) -> None:
    low.emit(f"rt.turns.act(it, {low.c(node)})")


def _s_Assert(low: Lowering, node: A.Assert, scope: Scope) -> None:
    cond = low.truth(node.condition, scope)
    low.emit(f"if not {cond}: raise it.error({low.c(node)}, {low.t(assertion_failed(node.message))}, "
             f"code={low.t(ASSERTION_FAILED)})")


def _s_Say(low: Lowering, node: A.Say, scope: Scope) -> None:
    args = [low.expr(a, scope) for a in node.args]
    low.emit(f"it.rt.log.emit({low.t('say')}, msg={low.t(node.message)}, "
             f"args=[{', '.join(f'encode({a})' for a in args)}])")


def _s_AskMay(low: Lowering, node: A.AskMay, scope: Scope) -> None:
    p = _player(low, node.player, scope)
    answer = low.tmp()
    low.emit(f"{answer} = it.rt.ask(rt.Decision({p}.seat, {low.t(node.id)}, {low.t('may')}, [True, False]), "
             f"{low.c(node)})")
    branches(low, answer, node.body, node.otherwise, scope, (node, YES, NO))


def _s_AskChoose(low: Lowering, node: A.AskChoose, scope: Scope) -> None:
    p = _player(low, node.player, scope)
    values = low.iterable(node.options, scope)
    chosen = low.tmp()
    low.emit(f"{chosen} = rt.choose(it, {low.c(node)}, {p}, {values})")
    low.emit(f"if {chosen} is not MISSING:")
    low.unit.depth += 1
    inner = Scope(scope)
    local = inner.names[node.var] = low.unit.new("l")
    low.emit(f"{local} = {chosen}")
    low.block_in(node.body, inner)
    low.unit.depth -= 1


# plans
def _s_Plan(low: Lowering, node: A.Plan, scope: Scope) -> None:
    # engine/plans.py holds what both engines share; the order of evaluation is the tree-walker's.
    players = low.expr(node.players, scope)
    listed = low.tmp()
    low.emit(f"{listed} = list(it.iterable({players}, {low.c(node.players)}))")
    count = low.tmp()
    low.emit(f"{count} = rt.plan_count(it, {low.expr(node.count, scope)}, {low.c(node.count)})")
    plans = low.tmp()
    low.emit(f"{plans} = []")
    low.emit("it.rt.open_secret()")
    low.emit("try:")
    low.unit.depth += 1
    item = low.tmp()
    low.emit(f"for {item} in {listed}:")
    low.unit.depth += 1
    low.tick(node)
    inner = Scope(scope)
    p = inner.names[node.var] = low.unit.new("l")
    low.emit(f"{p} = it.player({item}, {low.c(node.players)})")
    values = low.iterable(node.options, inner)
    likely = "None"
    if node.likely is not None:  # a function of the steps chosen so far, evaluated before each
        likely = low.unit.new("l")
        done = low.unit.new("l")
        low.emit(f"def {likely}({done}):")
        low.unit.depth += 1
        body = Scope(inner)
        body.names["it"] = done
        low.emit(f"return {low.iterable(node.likely, body)}")
        low.unit.depth -= 1
    low.emit(f"{plans}.append(({p}, rt.plan_steps(it, {low.c(node)}, {p}, {values}, {count}, {likely})))")
    low.unit.depth -= 2
    low.emit("finally:")
    low.emit("    it.rt.close_secret()")
    low.emit(f"rt.reveal_plans(it, {low.c(node)}, {plans})")
# end plans


LOWER_STMT: dict[type, Callable[[Lowering, Any, Scope], None]] = {
    A.Let: _s_Let,
    A.Set: _s_Set,
    A.If: _s_If,
    A.ForEach: _s_ForEach,
    A.While: _s_While,
    A.Repeat: _s_Repeat,
    A.Move: _s_Move,
    A.Do: _s_Do,
    A.Place: _s_Place,
    A.Reveal: _s_Reveal,
    A.Show: _s_Show,
    A.Shuffle: _s_Shuffle,
    A.Create: _s_Create,
    A.Draw: _s_Draw,
    A.AskDistribute: _s_AskDistribute,
    A.Secretly: _s_Secretly,
    A.EndGame: _s_EndGame,
    A.Say: _s_Say,
    A.Assert: _s_Assert,
    A.AskMay: _s_AskMay,
    A.AskChoose: _s_AskChoose,
    A.Turn: _s_Turn,  # turns
    A.Act: _s_Act,  # turns
    A.Plan: _s_Plan,  # plans
}
