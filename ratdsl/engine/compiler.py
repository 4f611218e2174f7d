"""Compiles the AST to Python closures, once per rule set, for speed.

`CompiledInterpreter` plays exactly like the tree-walking `Interpreter` (tests compare their logs
byte for byte) but evaluates each node through a closure built the first time the node runs:
no dispatch on node types, names resolved once, integer arithmetic on a fast path. Nodes the
compiler does not specialise fall back to the tree-walker's own method, whose children are in
turn evaluated through closures. No rule text is turned into Python source: closures only
combine the interpreter's operations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..language import ast as A
from .builtins import BUILTINS
from .definition import GameDef
from .errors import StepBudgetExceeded
from .interpreter import MAX_DEPTH, Env, Interpreter, _equal
from .values import CardValue, PileRef, PlayerRef, ZoneRef

Closure = Callable[[Interpreter, Env], Any]


def _binder_names(d: GameDef) -> set[str]:
    """Every name the rules ever bind locally; other names are global and skip the scope walk."""
    names = {"it", "this", "base", "me"}
    for decl in d.ruleset.decls:
        for node in A.walk(decl):
            if isinstance(node, (A.Func, A.Rule, A.Modify, A.Hook)):
                names.update(node.params)
            elif isinstance(node, A.Table):
                names.add(node.param)
            elif isinstance(node, (A.Let, A.ForEach, A.Comprehension, A.AskChoose)):
                names.add(node.name if isinstance(node, A.Let) else node.var)
            elif isinstance(node, A.Scoring):
                names.add(node.player_var)
    return names


class Compiler:
    def __init__(self, d: GameDef):
        self.d = d
        self.binders = _binder_names(d)
        self.exprs: dict[int, Closure] = {}
        self.blocks: dict[int, Closure] = {}

    # ------------------------------------------------------------------ expressions
    def expr(self, node: A.Expr) -> Closure:
        f = self.exprs.get(id(node))
        if f is None:
            method = getattr(self, "_" + type(node).__name__, None)
            f = method(node) if method is not None else self._fallback(node)
            self.exprs[id(node)] = f
        return f

    def _fallback(self, node: A.Expr) -> Closure:
        kind = type(node)
        return lambda it, env: it._eval[kind](node, env)

    def _IntLit(self, node: A.IntLit) -> Closure:
        value = node.value
        return lambda it, env: value

    def _Name(self, node: A.Name) -> Closure:
        name = node.id
        glob = self._global(name, node)
        if name not in self.binders:
            return lambda it, env: glob(it)

        def local_or_global(it, env):
            e = env
            while e is not None:
                names = e.names
                if name in names:
                    return names[name]
                e = e.parent
            return glob(it)

        return local_or_global

    def _global(self, name: str, node: A.Name) -> Callable[[Interpreter], Any]:
        d = self.d
        if name == "players":
            return lambda it: it.players()
        if name == "active":
            return lambda it: PlayerRef(it.state.active)
        if name == "round":
            return lambda it: it.state.round
        if name == "player_count":
            return lambda it: it.n
        if name in d.vars:
            return lambda it: it.state.vars[name] if name in it.state.vars else it.global_name(name, node)
        if name in d.consts:
            def const(it):
                cache = it.const_cache
                return cache[name] if name in cache else it.global_name(name, node)
            return const
        if name in d.option_values:
            value = d.option_values[name]
            return lambda it: value
        if name in d.shared_zones:
            zone = ZoneRef(None, name)
            return lambda it: zone
        if name in d.shared_piles:
            pile = PileRef(None, name)
            return lambda it: pile
        if name in d.cards:
            return lambda it: CardValue(name)
        if name in d.kinds or name in d.symbols or name in d.player_zones or name in d.decks \
                or name in ("left", "right") or name in d.player_piles:
            return lambda it: name
        return lambda it: it.global_name(name, node)  # raises "unknown name" when it runs

    def _Attr(self, node: A.Attr) -> Closure:
        obj_f = self.expr(node.obj)
        name = node.name
        player_zone = name in self.d.player_zones
        kind = name in self.d.kinds

        def attr(it, env):
            obj = obj_f(it, env)
            t = type(obj)
            if t is PlayerRef and player_zone:
                return ZoneRef(obj.seat, name)
            if t is ZoneRef and kind:
                return it.read_zones[obj].get(name, 0)
            return it.member(obj, name, node)

        return attr

    def _Index(self, node: A.Index) -> Closure:
        obj_f, key_f = self.expr(node.obj), self.expr(node.key)
        zones = self.d.player_zones

        def index(it, env):
            obj, key = obj_f(it, env), key_f(it, env)
            if type(obj) is PlayerRef and key in zones:
                return ZoneRef(obj.seat, key)
            return it.index_value(obj, key, node)

        return index

    def _Call(self, node: A.Call) -> Closure:
        arg_fs = [self.expr(a) for a in node.args]
        name = node.func
        func = self.d.funcs.get(name)
        if func is not None and len(func.params) == len(arg_fs):
            body = func.value
            params = func.params
            has_mods = bool(self.d.modifiers.get(name))
            compiler = self

            def call_func(it, env):
                args = [g(it, env) for g in arg_fs]
                it.depth += 1
                try:
                    if it.depth > MAX_DEPTH:
                        return it.call(name, args, node)  # the interpreter raises the error
                    value = compiler.expr(body)(it, Env(dict(zip(params, args))))
                    return it.apply_modifiers(name, args, value, params) if has_mods else value
                finally:
                    it.depth -= 1

            return call_func
        builtin = BUILTINS.get(name)
        if builtin is not None and name not in self.d.tables:
            def call_builtin(it, env):
                args = [g(it, env) for g in arg_fs]
                try:
                    return builtin(it, node, *args)
                except TypeError as err:
                    raise it.error(node, f"{name}: wrong number or kind of values ({err})") from None
            return call_builtin
        return lambda it, env: it.call(name, [g(it, env) for g in arg_fs], node)

    def _BinOp(self, node: A.BinOp) -> Closure:
        lf, rf, op = self.expr(node.left), self.expr(node.right), node.op
        fast: dict[str, Callable[[int, int], Any]] = {
            "+": int.__add__, "-": int.__sub__, "*": int.__mul__, "<": int.__lt__, "<=": int.__le__,
            ">": int.__gt__, ">=": int.__ge__}
        if op in ("==", "!="):
            negate = op == "!="
            return lambda it, env: _equal(lf(it, env), rf(it, env)) != negate
        if op in fast:
            f = fast[op]

            def binop(it, env):
                left, right = lf(it, env), rf(it, env)
                if type(left) is int and type(right) is int:
                    return f(left, right)
                return it.binop(node, left, right)

            return binop
        return lambda it, env: it.binop(node, lf(it, env), rf(it, env))

    def _BoolOp(self, node: A.BoolOp) -> Closure:
        items = [(self.expr(i), i) for i in node.items]
        if node.op == "and":
            def all_of(it, env):
                for f, item in items:
                    v = f(it, env)
                    if v is not True:
                        if v is False:
                            return False
                        it.truth(v, item)
                return True
            return all_of

        def any_of(it, env):
            for f, item in items:
                v = f(it, env)
                if v is not False:
                    if v is True:
                        return True
                    it.truth(v, item)
            return False
        return any_of

    def _Not(self, node: A.Not) -> Closure:
        f = self.expr(node.operand)
        return lambda it, env: not it.truth(f(it, env), node)

    def _IfExpr(self, node: A.IfExpr) -> Closure:
        cf, tf, of = self.expr(node.condition), self.expr(node.then), self.expr(node.otherwise)
        return lambda it, env: tf(it, env) if it.truth(cf(it, env), node) else of(it, env)

    def _ListLit(self, node: A.ListLit) -> Closure:
        fs = [self.expr(i) for i in node.items]
        return lambda it, env: [f(it, env) for f in fs]

    # ------------------------------------------------------------------ statements
    def block(self, block: A.Block) -> Closure:
        f = self.blocks.get(id(block))
        if f is None:
            steps = [(stmt, self.stmt(stmt)) for stmt in block.stmts]

            def run(it, env):
                for stmt, g in steps:
                    it.steps += 1
                    if it.steps > it.budget:
                        raise StepBudgetExceeded(stmt.span, it.budget)
                    it.current_span = stmt.span
                    g(it, env)

            f = self.blocks[id(block)] = run
        return f

    def stmt(self, node: A.Stmt) -> Closure:
        method = getattr(self, "_s_" + type(node).__name__, None)
        if method is not None:
            return method(node)
        kind = type(node)
        return lambda it, env: it._exec[kind](node, env)

    def _s_Let(self, node: A.Let) -> Closure:
        f, name = self.expr(node.value), node.name

        def let(it, env):
            env.names[name] = f(it, env)

        return let

    def _s_If(self, node: A.If) -> Closure:
        cf = self.expr(node.condition)
        then_f = self.block(node.then)
        else_f = self.block(node.otherwise) if node.otherwise is not None else None

        def if_(it, env):
            if it.truth(cf(it, env), node.condition):
                then_f(it, env.child())
            elif else_f is not None:
                else_f(it, env.child())

        return if_

    def _s_ForEach(self, node: A.ForEach) -> Closure:
        sf, body, var = self.expr(node.source), self.block(node.body), node.var

        def for_each(it, env):
            for item in list(it.iterable(sf(it, env), node.source)):
                it.tick(node)
                body(it, env.child({var: item}))

        return for_each

    def _s_Do(self, node: A.Do) -> Closure:
        arg_fs = [self.expr(a) for a in node.args]
        name = node.rule
        return lambda it, env: it.call_rule(name, [g(it, env) for g in arg_fs], node)


def compiler_for(d: GameDef) -> Compiler:
    """One compiler (and its closures) per rule set, shared by every game played with it."""
    compiler = getattr(d, "_compiler", None)
    if compiler is None:
        compiler = Compiler(d)
        d._compiler = compiler
    return compiler


class CompiledInterpreter(Interpreter):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.compiler = compiler_for(self.d)

    def eval(self, node: A.Expr, env: Env) -> Any:
        f = self.compiler.exprs.get(id(node))
        if f is None:
            f = self.compiler.expr(node)
        return f(self, env)

    def run_block(self, block: A.Block, env: Env) -> None:
        f = self.compiler.blocks.get(id(block))
        if f is None:
            f = self.compiler.block(block)
        f(self, env)


__all__ = ["CompiledInterpreter", "Compiler", "compiler_for", "CardValue", "PileRef"]
