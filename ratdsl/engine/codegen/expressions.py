"""Lowers expressions to straight-line Python: each returns a name (a local, a temporary or a
constant) whose value is the expression's, after emitting the lines that compute it. The lowering
knows the types of constants, loop variables and lets, and drops the checks they make needless."""

from __future__ import annotations

from typing import Any

from ...language import ast as A
from ...semantics.builtins import BUILTINS
from ...semantics.definition import Attached
from ...semantics.operators import BINARY, LOOSE_EQUALITY, OperatorError, contains, equal, fold
from ...semantics.symbols import BUILTIN, BUILTIN_NAMES, CARD, CONST, OPTION, PILE, STATE_NAMES, VAR, ZONE
from ...semantics.values import CardValue, PileRef, PlayerRef, ZoneRef
from ..compiled import left_step
from .context import Generation
from .scope import Scope, Unit

MAX_INLINE_NESTING = 3  # funcs inlined inside inlined funcs, at most
MAX_INLINE_SIZE = 60  # AST nodes in a func's body and modifiers, at most
MAX_INLINE_RULE_SIZE = 120  # AST nodes in a rule's body and hooks, at most

_ARITH = {"+": "+", "-": "-", "*": "*", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def _int_literal(code: str) -> bool:
    return code.startswith("(") and code.strip("()-").isdigit()


# How generated code reads the built-in names that come from the game state, and the Python
# types of their values (from the registry's static types).
_STATE_CODE: dict[str, str] = {
    # The tie order itself, not a copy: list values are never changed in place.
    "players": "it.players_from[it.state.active]",
    "active": "it.player_refs[it.state.active]",
    "round": "it.state.round",
    "player_count": "it.n",
}
assert set(_STATE_CODE) == set(STATE_NAMES)
_PY_TYPES: dict[str, Any] = {"number": int, "player": PlayerRef, "list:player": ("list", PlayerRef)}
_GLOBAL_TYPES: dict[str, Any] = {code: _PY_TYPES[BUILTIN_NAMES[name].type] for name, code in _STATE_CODE.items()}


def _plain_equality(lt: Any, rt: Any) -> bool:
    """Whether Python's == is the language's on values of these static types (None: unknown;
    ("list", T): a list of T): it is looser only between yes/no values and numbers."""
    for t in (lt, rt):
        if t is not None and not isinstance(t, tuple) and t not in (int, bool):
            return True  # a ref, a card, a name, a bundle, none: equal only to its own kind
    if lt is None or rt is None:
        return False
    if isinstance(lt, tuple) and isinstance(rt, tuple):
        return _plain_equality(lt[1], rt[1])
    if isinstance(lt, tuple) or isinstance(rt, tuple):
        return True  # a list and a number
    return lt is rt  # numbers with numbers, yes/no with yes/no


def _maybe_list(t: Any) -> bool:
    return t is None or isinstance(t, tuple)


def _value_type(value: Any) -> Any:
    if isinstance(value, list):
        types = {_value_type(v) for v in value}
        return ("list", types.pop() if len(types) == 1 else None)
    return type(value)


_INTERNED: dict[str, str] = {}


def _intern(value: str) -> str:
    return _INTERNED.setdefault(value, value)


class ExprLowering:
    """Lowers the expressions of one unit into lines of Python."""

    def __init__(self, gen: Generation, unit: Unit):
        self.gen = gen
        self.unit = unit
        self.d = gen.d
        self._folding: set[str] = set()
        self.types: dict[str, Any] = {}  # what a temporary or local is known to hold
        self.choices: dict[str, frozenset] = {}  # the few values a temporary or local can hold
        self.item_choices: dict[str, frozenset] = {}  # the same for every item of a list
        self.inlined = 0  # funcs being inlined around the code now generated
        self.inlined_rules = 0  # and rules

    # ------------------------------------------------------------------ unit frames
    def enter_call(self, name: str, rule: bool, site: str = "site") -> None:
        """Opens a call of a func or rule: its depth, the depth limit and the step budget.
        `site` names the calling node (the `site` argument, or a constant where it is inlined)."""
        u = self.unit
        u.emit("it.depth += 1")
        u.emit("try:")
        u.depth += 1
        u.emit(f"if it.depth > MAX_DEPTH: raise rt.too_deep(it, {site}, {self.gen.text(name)}, {rule})")
        # Recursion is bounded by the depth limit, but could still branch forever: a call of a
        # func costs a step (rules count their statements), and both check the budget.
        if not rule:
            u.emit("it.steps += 1")
        u.emit(f"if it.steps > it.budget: raise StepBudgetExceeded({site}.span, it.budget)")

    def leave_call(self) -> None:
        u = self.unit
        u.depth -= 1
        u.emit("finally:")
        u.emit("    it.depth -= 1")

    def entry_expr(self, node: A.Expr) -> None:
        value = self.expr(node, self.unit.root)
        self.unit.emit(f"return {value}")

    def entry_block(self, block: A.Block) -> None:
        self.block_in(block, self.unit.root)

    # ------------------------------------------------------------------ helpers
    def c(self, value: Any) -> str:
        return self.gen.const(value)

    def t(self, value: str) -> str:
        return self.gen.text(value)

    def emit(self, line: str) -> None:
        self.unit.emit(line)

    def tmp(self) -> str:
        return self.unit.new()

    # ------------------------------------------------------------------ static types
    def type_of(self, code: str) -> Any:
        """The Python type `code` surely has (`("list", T)` for a list of T), or None."""
        known = self.types.get(code)
        if known is not None:
            return known
        if _int_literal(code):
            return int
        if code in ("True", "False"):
            return bool
        if code == "None":
            return type(None)
        if code.startswith("K") and code in self.gen.namespace:
            return _value_type(self.gen.namespace[code])
        return None

    def typed(self, code: str, kind: Any) -> str:
        if kind is not None:
            self.types[code] = kind
        return code

    def fast(self, code: str, kind: type, fast: str, slow: str) -> str:
        """`fast` if `code` holds a `kind`, else `slow`, decided now when the type is known."""
        known = self.type_of(code)
        if known is not None:
            base = list if isinstance(known, tuple) else known
            return fast if base is kind else slow
        return f"{fast} if {code}.__class__ is {kind.__name__} else {slow}"

    def static_of_list(self, code: str) -> tuple[bool, list[Any]]:
        """The items of a constant list's code, when it is one."""
        if code.startswith("K") and isinstance(self.gen.namespace.get(code), list):
            return True, self.gen.namespace[code]
        return False, []

    def static_of(self, code: str) -> tuple[bool, Any]:
        """The value of a constant's code, when it is one."""
        if _int_literal(code):
            return True, int(code.strip("()"))
        if code in ("True", "False", "None"):
            return True, {"True": True, "False": False, "None": None}[code]
        if code.startswith("K") and code in self.gen.namespace:
            value = self.gen.namespace[code]
            if isinstance(value, (int, str, bool, ZoneRef, PileRef, CardValue)):
                return True, value
        return False, None

    def truth(self, node: A.Expr, scope: Scope) -> str:
        """A Python expression that is True or False, raising for non-yes/no values."""
        v = self.expr(node, scope)
        return self.fast(v, bool, v, f"it.truth({v}, {self.c(node)})")

    def tick(self, node: A.Node) -> None:
        self.emit("it.steps += 1")
        self.emit(f"if it.steps > it.budget: raise StepBudgetExceeded({self.c(node.span)}, it.budget)")

    def count_fired(self, attached: Attached) -> None:
        key = attached.card.name if attached.card is not None else attached.decl.key
        k = self.t(key)
        self.emit(f"it.fired[{k}] = it.fired.get({k}, 0) + 1")

    def reads_env(self, scope: Scope) -> bool:
        """Whether names free in `scope` may come from the unit's caller (not so in the body of
        an inlined func, whose scope stands alone)."""
        return self.unit.entry and scope.outermost() is self.unit.root

    # ------------------------------------------------------------------ names
    def name(self, node: A.Name, scope: Scope) -> str:
        found = scope.find(node.id)
        if found is not None:
            local, from_env = found
            if not from_env:
                return local
            out = self.tmp()
            self.emit(f"{out} = {local}")
            self.emit(f"if {out} is MISSING:")
            self.unit.depth += 1
            self.emit(f"{out} = {self.global_name(node)}")
            self.unit.depth -= 1
            return out
        if self.reads_env(scope) and self.gen.may_be_local(node):
            local = self.unit.new("l")
            self.unit.root.names[node.id] = local
            self.unit.root.from_env.add(node.id)
            self.unit.prologue.append(f"    {local} = rt.lookup(env, {self.t(node.id)})")
            return self.name(node, scope)
        return self.global_name(node)

    def global_name(self, node: A.Name) -> str:
        """Code reading a global name, by what the symbol table says it is."""
        d, name, k = self.d, node.id, self.t(node.id)
        kinds = self.gen.table.value_kinds(name)
        kind = kinds[0] if kinds else None
        if kind == BUILTIN:
            return _STATE_CODE[name]
        if kind == VAR:
            out = self.tmp()
            self.emit(f"{out} = it.state.vars.get({k}, MISSING)")
            self.emit(f"if {out} is MISSING: {out} = it.global_name({k}, {self.c(node)})")
            return out
        if kind == CONST:
            ok, value = self.static_value(node, None)
            if ok:
                return self.t(value) if isinstance(value, str) else self.c(value)
            out = self.tmp()
            self.emit(f"{out} = it.const_cache.get({k}, MISSING)")
            self.emit(f"if {out} is MISSING: {out} = it.global_name({k}, {self.c(node)})")
            return out
        if kind == OPTION:
            value = d.option_values[name]
            return self.t(value) if isinstance(value, str) else self.c(value)
        if kind == ZONE:
            return self.c(self.gen.shared_zone(name))
        if kind == PILE:
            return self.c(PileRef(None, _intern(name)))
        if kind == CARD:
            return self.c(CardValue(_intern(name)))
        if kind is not None:  # ITSELF: token kinds, symbols, per-player zones and piles, decks, sides
            return k
        return f"it.global_name({k}, {self.c(node)})"  # raises "unknown name" when it runs

    def static_value(self, node: A.Expr, scope: Scope | None) -> tuple[bool, Any]:
        """(True, value) when `node` has the same value in every game of this rule set: literals,
        symbols, and lists and constants made of them. Such values are never changed in place."""
        if isinstance(node, (A.IntLit, A.StrLit, A.BoolLit)):
            return True, node.value
        if isinstance(node, A.NoneLit):
            return True, None
        if isinstance(node, A.ListLit):
            items = [self.static_value(i, scope) for i in node.items]
            return all(ok for ok, _ in items), [v for _, v in items]
        if isinstance(node, (A.BinOp, A.Not, A.Neg, A.IfExpr)):
            return self.static_fold(node, scope)
        if not isinstance(node, A.Name):
            return False, None
        name, d = node.id, self.d
        if scope is not None and (scope.find(name) is not None
                                  or (self.reads_env(scope) and self.gen.may_be_local(node))):
            return False, None
        kinds = self.gen.table.value_kinds(name)
        kind = kinds[0] if kinds else None
        if kind is None or kind == BUILTIN or kind == VAR:
            return False, None
        if kind == CONST:
            if name in self._folding:
                return False, None  # a constant defined by itself: let the interpreter report it
            self._folding.add(name)
            try:
                return self.static_value(d.consts[name].value, None)
            finally:
                self._folding.discard(name)
        if kind == OPTION:
            return True, d.option_values[name]
        if kind == ZONE:
            return True, self.gen.shared_zone(name)
        if kind == PILE or kind == CARD:
            return False, None  # piles and cards are made anew where they are named
        return True, _intern(name)  # ITSELF

    def static_fold(self, node: A.BinOp | A.Not | A.Neg | A.IfExpr, scope: Scope | None) -> tuple[bool, Any]:
        """An operator over static operands, folded by the shared constant folder; not static
        when the operator refuses them (the error is then raised where the game meets it)."""
        if isinstance(node, A.IfExpr):
            ok, cond = self.static_value(node.condition, scope)
            if not ok or cond.__class__ is not bool:
                return False, None
            return self.static_value(node.then if cond else node.otherwise, scope)
        if isinstance(node, A.BinOp):
            if node.op not in BINARY:
                return False, None
            operands = [node.left, node.right]
        else:
            operands = [node.operand]
        values = []
        for operand in operands:
            ok, value = self.static_value(operand, scope)
            if not ok:
                return False, None
            values.append(value)
        try:
            return True, fold("not" if isinstance(node, A.Not) else "-" if isinstance(node, A.Neg) else node.op,
                              *values)
        except OperatorError:
            return False, None

    def static_kinds(self, node: A.Expr, scope: Scope) -> tuple[str, ...] | None:
        """The token kinds `node` names, when they are the same in every game."""
        ok, value = self.static_value(node, scope)
        kinds = self.gen.kind_set
        if ok and isinstance(value, str) and value in kinds:
            return (value,)
        if ok and isinstance(value, list) and all(isinstance(k, str) and k in kinds for k in value):
            return tuple(value)
        return None

    # ------------------------------------------------------------------ expressions
    def expr(self, node: A.Expr, scope: Scope) -> str:
        """Emits the lines that compute `node` and returns a Python expression for its value
        (a constant, a local or a temporary: cheap to use more than once)."""
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise NotImplementedError(f"the code generator has no form for {type(node).__name__} "
                                      f"expressions ({node.span})")
        return method(node, scope)

    def _IntLit(self, node: A.IntLit, scope: Scope) -> str:
        return f"({int(node.value)!r})"  # parenthesised: `(3).__class__` is valid Python

    def _BoolLit(self, node: A.BoolLit, scope: Scope) -> str:
        return "True" if node.value else "False"

    def _NoneLit(self, node: A.NoneLit, scope: Scope) -> str:
        return "None"

    def _StrLit(self, node: A.StrLit, scope: Scope) -> str:
        return self.t(node.value)

    def _Name(self, node: A.Name, scope: Scope) -> str:
        value = self.name(node, scope)
        if value.startswith("it."):
            out = self.tmp()
            self.emit(f"{out} = {value}")
            return self.typed(out, _GLOBAL_TYPES.get(value))
        return value

    def _Attr(self, node: A.Attr, scope: Scope) -> str:
        obj = self.expr(node.obj, scope)
        out, k, n = self.tmp(), self.t(node.name), self.c(node)
        slow = f"it.member({obj}, {k}, {n})"
        if node.name in self.d.player_zones:
            self.emit(f"{out} = {self.fast(obj, PlayerRef, f'{self.zone_table(node.name)}[{obj}[1]]', slow)}")
            if self.type_of(obj) is PlayerRef:
                self.typed(out, ZoneRef)
        elif node.name in self.d.kinds:
            self.emit(f"{out} = {self.fast(obj, ZoneRef, f'it.read_zones[{obj}].get({k}, 0)', slow)}")
            if self.type_of(obj) is ZoneRef:
                self.typed(out, int)
        elif node.name in self.d.consts and self.type_of(obj) is ZoneRef and \
                self.static_kinds(A.Name(node.name), Scope()) is not None:
            # A group of kinds (a constant list): the sum of their counts.
            contents = self.tmp()
            self.emit(f"{contents} = it.read_zones[{obj}]")
            kinds = self.static_kinds(A.Name(node.name), Scope())
            self.emit(f"{out} = {' + '.join(f'{contents}.get({self.t(k)}, 0)' for k in kinds)}")
            self.typed(out, int)
        elif self.type_of(obj) is CardValue:
            self.card_field(obj, k, slow, out)
        else:
            self.emit(f"{out} = {slow}")
        return out

    def zone_table(self, name: str) -> str:
        """The refs of a player zone, one per seat: `p.zone` is an index, not a new object."""
        return self.c(self.gen.zone_tables[name])

    def _Index(self, node: A.Index, scope: Scope) -> str:
        obj = self.expr(node.obj, scope)
        key = self.expr(node.key, scope)
        out, n = self.tmp(), self.c(node)
        slow = f"it.index_value({obj}, {key}, {n})"
        known_key, key_value = self.static_of(key)
        keys = self.choices.get(key, frozenset())
        if _int_literal(obj) or obj in ("True", "False", "None"):  # no list, no player: the slow path
            self.emit(f"{out} = {slow}")
        elif known_key and isinstance(key_value, str) and key_value in self.d.player_zones:
            self.emit(f"{out} = {self.fast(obj, PlayerRef, f'{self.zone_table(key_value)}[{obj}[1]]', slow)}")
            if self.type_of(obj) is PlayerRef:
                self.typed(out, ZoneRef)
        elif keys and all(isinstance(k, str) and k in self.d.player_zones for k in keys):
            # The key is one of a few zone names, known now (a loop over them, an if-else of them).
            table = f"{self.c(self.gen.zone_tables)}[{key}][{obj}[1]]"
            self.emit(f"{out} = {self.fast(obj, PlayerRef, table, slow)}")
            if self.type_of(obj) is PlayerRef:
                self.typed(out, ZoneRef)
        elif self.type_of(obj) is CardValue and self.type_of(key) is str:
            self.card_field(obj, key, slow, out)
        elif self.type_of(obj) is CardValue:  # a key of any kind: only a name can be a field
            self.emit(f"{out} = it.card_fields.get(({obj}.name, {key}), MISSING) if {key}.__class__ is str "
                      "else MISSING")
            self.emit(f"if {out} is MISSING: {out} = {slow}")
        elif known_key and type(key_value) is int and key_value >= 0:
            self.emit(f"{out} = {obj}[{key}] if {obj}.__class__ is list and len({obj}) > {key} else {slow}")
        elif self.type_of(key) is int:
            self.emit(f"{out} = {obj}[{key}] if {obj}.__class__ is list and -len({obj}) <= {key} < len({obj}) "
                      f"else {slow}")
        else:
            self.emit(f"{out} = {self.c(self.gen.zone_tables)}[{key}][{obj}[1]] if {obj}.__class__ is PlayerRef "
                      f"and {key}.__class__ is str and {key} in {self.c(self.d.player_zones)} else {slow}")
        return out

    def _Call(self, node: A.Call, scope: Scope) -> str:
        args = [self.expr(a, scope) for a in node.args]
        name, d, out, n = node.func, self.d, self.tmp(), self.c(node)
        if name in d.funcs:
            if len(args) == len(d.funcs[name].params) and self.gen.inlinable(name) \
                    and self.inlined < MAX_INLINE_NESTING:
                return self.inline_func(name, args, node)
            if len(args) == len(d.funcs[name].params):
                py = self.gen.function("func", name)
                self.emit(f"{out} = {py}(it, {''.join(a + ', ' for a in args)}{n})")
                return out
        elif name in d.tables:
            if len(args) == 1:
                py = self.gen.function("table", name)
                self.emit(f"{out} = {py}(it, {args[0]}, {n})")
                return out
        elif name in BUILTINS:
            builtin = BUILTINS[name]
            if builtin.inline and self.inline_builtin(name, args, node, out):
                return out
            b = self.c(builtin.evaluate)
            self.emit("try:")
            self.emit(f"    {out} = {b}(it, {n}{''.join(', ' + a for a in args)})")
            self.emit("except TypeError as err:")
            self.emit(f"    raise rt.wrong_values(it, {n}, {self.t(name)}, err) from None")
            if builtin.returns == "kinds":  # a list of token kinds, or an error
                self.typed(out, ("list", str))
                self.item_choices[out] = self.gen.kind_set
            return out
        self.emit(f"{out} = it.call({self.t(name)}, [{', '.join(args)}], {n})")
        return out

    def inline_builtin(self, name: str, args: list[str], node: A.Call, out: str) -> bool:
        """The commonest builtins on values of known types, as inline code; False when the
        builtin must be called."""
        types = [self.type_of(a) for a in args]
        called = f"rt.call_builtin(it, {self.c(node)}, {self.t(name)}, {', '.join(args)})"  # raises
        left, right = self.t("left"), self.t("right")
        if name == "neighbour" and len(args) == 2 and types[0] is PlayerRef:
            step = left_step(self.d)
            to_left, to_right = ("+", "-") if step == 1 else ("-", "+")
            player, side = args
            ok, value = self.static_of(side)
            if ok and value in ("left", "right"):
                sign = to_left if value == "left" else to_right
                self.emit(f"{out} = it.player_refs[({player}[1] {sign} 1) % it.n]")
            else:
                self.emit(f"if {side} == {left}: {out} = it.player_refs[({player}[1] {to_left} 1) % it.n]")
                self.emit(f"elif {side} == {right}: {out} = it.player_refs[({player}[1] {to_right} 1) % it.n]")
                self.emit(f"else: {out} = {called}")
            return bool(self.typed(out, PlayerRef))
        if name == "opposite" and len(args) == 1:
            ok, value = self.static_of(args[0])
            if ok and value in ("left", "right"):
                self.emit(f"{out} = {right if value == 'left' else left}")
            else:
                self.emit(f"{out} = {right} if {args[0]} == {left} else {left} if {args[0]} == {right} "
                          f"else {called}")
            return bool(self.typed(out, str))
        if name == "count" and len(args) == 2 and types[0] in (ZoneRef, ("list", ZoneRef)):
            ok, kind = self.static_of(args[1])
            if ok and isinstance(kind, str) and kind in self.gen.kind_set:
                if types[0] is ZoneRef:
                    self.emit(f"{out} = it.read_zones[{args[0]}].get({args[1]}, 0)")
                else:
                    self.emit(f"{out} = sum([it.read_zones[z].get({args[1]}, 0) for z in {args[0]}])")
                return bool(self.typed(out, int))
        if name == "zones" and len(args) == 2:
            ok, names = self.static_of_list(args[1])
            if ok and all(isinstance(z, str) and z in self.d.player_zones for z in names):
                table = self.c(tuple([self.gen.zone_tables[z][seat] for z in names]
                                     for seat in range(self.d.game.max_players)))
                fast = f"{table}[{args[0]}[1]]"
                slow = f"rt.call_builtin(it, {self.c(node)}, {self.t(name)}, {args[0]}, {args[1]})"
                self.emit(f"{out} = {self.fast(args[0], PlayerRef, fast, slow)}")
                return bool(self.typed(out, ("list", ZoneRef)))
        if name in ("min", "max") and len(args) == 2:
            a, b = args
            if types == [int, int]:
                self.emit(f"{out} = {name}({a}, {b})")
            else:
                guard = " and ".join(f"{v}.__class__ is int" for v, t in zip(args, types) if t is not int)
                self.emit(f"{out} = {name}({a}, {b}) if {guard} else {called}")
                return True
            return bool(self.typed(out, int))
        if name == "rank" and len(args) == 1:
            p = args[0]
            rank = f"(({p}[1] - it.state.active) * it.left_step) % it.n"
            self.emit(f"{out} = {self.fast(p, PlayerRef, rank, called)}")
            return True
        if name == "top" and len(args) == 1:
            pile, cards = args[0], self.tmp()
            self.emit(f"{cards} = {self.fast(pile, PileRef, f'it.state.piles[{pile}]', 'None')}")
            self.emit(f"{out} = ({cards}[0] if {cards} else None) if {cards} is not None else {called}")
            return True
        return False

    def inline_func(self, name: str, args: list[str], node: A.Call) -> str:
        """A small func's body, lowered where it is called (no Python call)."""
        func = self.d.funcs[name]
        leaf = self.gen.is_leaf(name)
        n, k = self.c(node), self.t(name)
        if leaf:  # nothing inside counts depth: checking the limit is enough
            self.emit(f"if it.depth >= MAX_DEPTH: raise rt.too_deep(it, {n}, {k}, False)")
        else:
            self.emit("it.depth += 1")
            self.emit("try:")
            self.unit.depth += 1
            self.emit(f"if it.depth > MAX_DEPTH: raise rt.too_deep(it, {n}, {k}, False)")
        scope = Scope()  # a func sees its parameters and globals only
        for param, arg in zip(func.params, args):
            scope.names[param] = arg  # evaluated already, and nothing can change it meanwhile
        self.inlined += 1
        value = self.expr(func.value, scope)
        if self.d.modifiers.get(name):
            result = self.tmp()
            self.emit(f"{result} = {value}")
            self.modifiers(name, args, result)
        else:
            result = value
        self.inlined -= 1
        if not leaf:
            self.unit.depth -= 1
            self.emit("finally:")
            self.emit("    it.depth -= 1")
        return result

    def _BinOp(self, node: A.BinOp, scope: Scope) -> str:
        left = self.expr(node.left, scope)
        right = self.expr(node.right, scope)
        op = node.op
        folded = self.folded(op, left, right)
        if folded is not None:
            return folded
        out = self.tmp()
        if op in ("==", "!="):
            lt, rt_ = self.type_of(left), self.type_of(right)
            if _plain_equality(lt, rt_):  # `true == 1` cannot arise: plain Python equality is the language's
                same = f"{left} == {right}"
            else:
                same = f"{left} == {right} and ({left}.__class__ is bool) is ({right}.__class__ is bool)"
                if _maybe_list(lt) and _maybe_list(rt_):  # lists of yes/no and numbers: the shared equality
                    same += f" and ({left}.__class__ is not list or {self.c(equal)}({left}, {right}))"
            self.emit(f"{out} = {same}" if op == "==" else f"{out} = not ({same})")
            return self.typed(out, bool)
        if op in _ARITH:
            checks = [f"{v}.__class__ is int" for v in (left, right) if self.type_of(v) is not int]
            fast = f"{left} {op} {right}"
            if checks:
                fast += f" if {' and '.join(checks)} else it.binop({self.c(node)}, {left}, {right})"
            self.emit(f"{out} = {fast}")
            return self.typed(out, bool if op in ("<", "<=", ">", ">=") else (int if not checks else None))
        self.emit(f"{out} = it.binop({self.c(node)}, {left}, {right})")
        return out

    def folded(self, op: str, *operands: str) -> str | None:
        """The constant an operator gives on constant operands (shared folder), or None: not
        constant, not a number or yes/no, or refused (then the code raises where it runs)."""
        values = []
        for code in operands:
            ok, value = self.static_of(code)
            if not ok:
                return None
            values.append(value)
        try:
            value = fold(op, *values)
        except OperatorError:
            return None
        return self.c(value) if value.__class__ in (int, bool) else None

    def _BoolOp(self, node: A.BoolOp, scope: Scope) -> str:
        out = self.tmp()
        stop, go = ("False", "True") if node.op == "and" else ("True", "False")
        self.emit(f"{out} = {stop}")
        opened = 0
        for item in node.items:
            v = self.expr(item, scope)
            if v == stop:
                break  # a constant that decides: the rest is never evaluated
            if v == go:
                continue
            if self.type_of(v) is bool:
                self.emit(f"if {v} is {go}:")
            elif self.type_of(v) is not None:  # surely not yes/no: the game stops here
                self.emit(f"it.truth({v}, {self.c(item)})")
                break
            else:
                self.emit(f"if {v} is not {go}:")
                self.emit(f"    if {v} is not {stop}: it.truth({v}, {self.c(item)})")
                self.emit("else:")
            self.unit.depth += 1
            opened += 1
        else:
            self.emit(f"{out} = {go}")
        if self.unit.lines[-1].endswith(":"):
            self.emit("pass")  # the last item was a constant that decided
        self.unit.depth -= opened
        return self.typed(out, bool)

    def _Not(self, node: A.Not, scope: Scope) -> str:
        v = self.expr(node.operand, scope)
        folded = self.folded("not", v)
        if folded is not None:
            return folded
        out = self.tmp()
        self.emit(f"{out} = not ({self.fast(v, bool, v, f'it.truth({v}, {self.c(node)})')})")
        return self.typed(out, bool)

    def _Neg(self, node: A.Neg, scope: Scope) -> str:
        v = self.expr(node.operand, scope)
        folded = self.folded("-", v)
        if folded is not None:
            return folded
        out = self.tmp()
        self.emit(f"{out} = -({self.fast(v, int, v, f'it.number({v}, {self.c(node)})')})")
        return self.typed(out, int)

    def _IfExpr(self, node: A.IfExpr, scope: Scope) -> str:
        cond = self.expr(node.condition, scope)
        if cond in ("True", "False"):  # decided when the code is generated
            return self.expr(node.then if cond == "True" else node.otherwise, scope)
        out = self.tmp()
        self.emit(f"if {self.fast(cond, bool, cond, f'it.truth({cond}, {self.c(node)})')}:")
        self.unit.depth += 1
        then = self.expr(node.then, scope)
        self.emit(f"{out} = {then}")
        self.unit.depth -= 1
        self.emit("else:")
        self.unit.depth += 1
        otherwise = self.expr(node.otherwise, scope)
        self.emit(f"{out} = {otherwise}")
        self.unit.depth -= 1
        if self.type_of(then) is not None and self.type_of(then) == self.type_of(otherwise):
            self.typed(out, self.type_of(then))
        branches = [self.possible(then), self.possible(otherwise)]
        if all(branches):
            self.choices[out] = branches[0] | branches[1]
        return out

    def possible(self, code: str) -> frozenset:
        """The values `code` can hold, when they are few and known now; else empty."""
        ok, value = self.static_of(code)
        if ok and isinstance(value, (str, int)):
            return frozenset([value])
        return self.choices.get(code, frozenset())

    def _ListLit(self, node: A.ListLit, scope: Scope) -> str:
        items = [self.expr(i, scope) for i in node.items]
        out = self.tmp()
        self.emit(f"{out} = [{', '.join(items)}]")
        types = {self.type_of(i) for i in items}
        return self.typed(out, ("list", types.pop() if len(types) == 1 else None))

    def iterable(self, node: A.Expr, scope: Scope) -> str:
        v = self.expr(node, scope)
        if isinstance(self.type_of(v), tuple):
            return v
        out = self.tmp()
        self.emit(f"{out} = {self.fast(v, list, v, f'it.iterable({v}, {self.c(node)})')}")
        if self.type_of(v) is PileRef:
            self.typed(out, ("list", CardValue))  # a pile's cards
        return out

    def card_field(self, obj: str, key: str, slow: str, out: str) -> None:
        """A card's field: the remembered value of a literal field, else the general lookup."""
        self.emit(f"{out} = it.card_fields.get(({obj}.name, {key}), MISSING)")
        self.emit(f"if {out} is MISSING: {out} = {slow}")

    def element_type(self, items: str) -> Any:
        known = self.type_of(items)
        return known[1] if isinstance(known, tuple) else None

    def _RangeExpr(self, node: A.RangeExpr, scope: Scope) -> str:
        value = self.expr(node.low, scope)
        low = self.tmp()
        self.emit(f"{low} = {value} if {value}.__class__ is int else it.number({value}, {self.c(node.low)})")
        out = self.tmp()
        self.emit(f"{out} = it.make_range({self.c(node)}, {low}, {self.expr(node.high, scope)})")
        return self.typed(out, ("list", int))

    def _InExpr(self, node: A.InExpr, scope: Scope) -> str:
        container = self.iterable(node.container, scope)
        item = self.expr(node.item, scope)
        out = self.tmp()
        self.emit(f"{out} = {item} in {container}")
        if not _plain_equality(self.type_of(item), self.element_type(container)):
            # Python's `in` finds `true` in [1]: the shared membership decides when it finds one.
            self.emit(f"if {out} and {item}.__class__ in {self.c(LOOSE_EQUALITY)}: "
                      f"{out} = {self.c(contains)}({container}, {item})")
        return self.typed(out, bool)

    def _loop(self, source: A.Expr, var: str, scope: Scope, copy: bool = False) -> tuple[str, Scope, str]:
        """Opens `for LOCAL in ITEMS:` binding `var` in a new scope; the caller closes it."""
        items = self.iterable(source, scope)
        inner = Scope(scope)
        local = self.unit.new("l")
        inner.names[var] = local
        if var not in self.gen.set_targets:
            self.typed(local, self.element_type(items))
            ok, values = self.static_of_list(items)
            if ok and values and all(isinstance(v, (str, int)) for v in values):
                self.choices[local] = frozenset(values)
            elif items in self.item_choices:
                self.choices[local] = self.item_choices[items]
        self.emit(f"for {local} in {'list(' + items + ')' if copy else items}:")
        self.unit.depth += 1
        return local, inner, items

    def _Comprehension(self, node: A.Comprehension, scope: Scope) -> str:
        out = self.tmp()
        self.emit(f"{out} = []")
        _, inner, _ = self._loop(node.source, node.var, scope)
        if node.condition is not None:
            self.emit(f"if {self.truth(node.condition, inner)}:")
            self.unit.depth += 1
            element = self.expr(node.element, inner)
            self.emit(f"{out}.append({element})")
            self.unit.depth -= 1
        else:
            element = self.expr(node.element, inner)
            self.emit(f"{out}.append({element})")
        self.unit.depth -= 1
        return self.typed(out, ("list", self.type_of(element)))

    def _Where(self, node: A.Where, scope: Scope) -> str:
        out = self.tmp()
        self.emit(f"{out} = []")
        local, inner, items = self._loop(node.source, "it", scope)
        self.emit(f"if {self.truth(node.condition, inner)}: {out}.append({local})")
        self.unit.depth -= 1
        return self.typed(out, ("list", self.element_type(items)))

    def _keyed(self, node: A.Ordered | A.Extreme, scope: Scope) -> tuple[str, Any]:
        keyed = self.tmp()
        self.emit(f"{keyed} = []")
        local, inner, items = self._loop(node.source, "it", scope)
        self.emit(f"{keyed}.append(({local}, {self.expr(node.key, inner)}))")
        self.unit.depth -= 1
        return keyed, self.element_type(items)

    def _Ordered(self, node: A.Ordered, scope: Scope) -> str:
        keyed, element = self._keyed(node, scope)
        out = self.tmp()
        order = "ORDER_DOWN" if node.descending else "ORDER_UP"
        self.emit("try:")
        self.emit(f"    {out} = [pair[0] for pair in sorted({keyed}, key={order})]")
        self.emit("except TypeError:")
        self.emit(f"    raise rt.order_error(it, {self.c(node.key)}, False) from None")
        return self.typed(out, ("list", element))

    def _Extreme(self, node: A.Extreme, scope: Scope) -> str:
        keyed, _ = self._keyed(node, scope)
        out, best = self.tmp(), self.tmp()
        pick = "max" if node.most else "min"
        self.emit(f"if not {keyed}:")
        self.emit(f"    {out} = None")
        self.emit("else:")
        self.emit("    try:")
        self.emit(f"        {best} = {pick}([pair[1] for pair in {keyed}])")
        self.emit("    except TypeError:")
        self.emit(f"        raise rt.order_error(it, {self.c(node.key)}, True) from None")
        self.emit(f"    {out} = next(pair[0] for pair in {keyed} if pair[1] == {best})")
        return out

    def _AtPhaseStart(self, node: A.AtPhaseStart, scope: Scope) -> str:
        saved, out = self.tmp(), self.tmp()
        self.emit(f"{saved} = it.read_zones")
        self.emit(f"it.read_zones = it.rt.phase_start({self.c(node)})")
        self.emit("try:")
        self.unit.depth += 1
        self.emit(f"{out} = {self.expr(node.operand, scope)}")
        self.unit.depth -= 1
        self.emit("finally:")
        self.emit(f"    it.read_zones = {saved}")
        return out
