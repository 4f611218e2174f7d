"""What the operators refuse, found before any game is played (E224, E225, W307).

The checker knows the value of some expressions (literals, token kinds, symbols, shared zones,
cards, consts made of them) and the kind of value of others (an option, `round`, `size(...)`, a
comparison). It asks the shared operators (ratdsl/semantics/operators.py) about them, with the
value itself or a sample of its kind: when an operator refuses operands of those kinds, every game
that reaches the expression stops there, so the checker reports it where it stands. Refusals that
depend on the values (a zero divisor, an index past the end) are reported only when both values
are known.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..language import ast as A
from ..semantics import operators as ops
from ..semantics import types as T
from ..semantics.symbols import BUILTIN, CARD, CONST, ITSELF, LOCAL, OPTION, PILE, ZONE
from ..semantics.values import CardValue, PileRef, ZoneRef

if TYPE_CHECKING:  # the checker creates this; only its type is needed here
    from .checker import Checker

Known = tuple[Any, bool]  # a value, or a sample of the values an expression may have; and which
_LITERALS = frozenset((A.IntLit, A.StrLit, A.BoolLit))
_LISTS = frozenset((A.RangeExpr, A.Comprehension, A.NestedComprehension, A.Where, A.Ordered))
_COMPARISONS = frozenset(("==", "!=", "<", "<=", ">", ">="))
_YES_NO_FORMS = frozenset((A.BoolOp, A.Not, A.InExpr, A.BoolLit))
_OPAQUE = frozenset((A.Attr, A.Index, A.Extreme))  # what they give depends on the game
_CONDITION_HINT = "a condition is true or false: compare the value, e.g. `n > 0`, `x != none`, `size(xs) > 0`"


class _AnyPiles:
    """Piles of no game in particular: a pile may hold any cards."""

    def __getitem__(self, ref: PileRef) -> list[Any]:
        return []


class _Member(Exception):
    """A name looked up like `.name`: what it gives depends on the game."""


def _member(*_: Any) -> Any:
    raise _Member


class Operands:
    """The operator checks of one Checker (its names, kinds and report)."""

    def __init__(self, checker: Checker):
        self.checker = checker
        self.table = checker.table
        self.refs = checker.table.refs
        self.memo: dict[int, Known | None] = {}  # by node id: names are resolved, so no scope
        self.names: dict[str, Known | None] = {}  # global and built-in names, by name

    # ------------------------------------------------------------ what is known
    def known(self, x: A.Expr | None, seen: frozenset[str] = frozenset()) -> Known | None:
        """The value of `x` (exact) or a sample of its kind, when the rules fix it; else None.
        Refused operands give None, so one mistake is reported once."""
        cls = x.__class__
        if cls in _LITERALS:
            return x.value, True  # type: ignore[union-attr]
        if cls is A.Name:
            sym = self.refs.get(id(x))
            if sym is None:
                return None  # unknown (E202)
            if sym.kind == LOCAL:
                return self.typed(x)  # a local: a sample of its type, when it has one kind
            return self.named(x, seen)  # type: ignore[arg-type]
        if cls in _OPAQUE:
            return self.typed(x)
        key = id(x)
        if key in self.memo:
            return self.memo[key]
        known = self.memo[key] = self._known(x, cls, seen)
        return known

    def _known(self, x: Any, cls: type, seen: frozenset[str]) -> Known | None:
        if cls is A.BinOp or cls is A.Not or cls is A.Neg:
            operands = (x.left, x.right) if cls is A.BinOp else (x.operand,)
            known = [self.known(o, seen) for o in operands]
            if None in known:
                return (True, False) if cls is A.Not or (cls is A.BinOp and x.op in _COMPARISONS) else None
            try:
                value = ops.fold(_op(x), *[k[0] for k in known if k is not None])
            except ops.OperatorError:
                return None
            return value, all(k[1] for k in known if k is not None)
        if cls is A.NoneLit:
            return None, True
        if cls is A.ListLit:
            items = [self.known(i, seen) for i in x.items]
            if all(k is not None and k[1] for k in items):
                return [k[0] for k in items if k is not None], True
            return [], False
        if cls is A.BundleLit:  # known when its counts are (`{red: 5} * -1` is then refused)
            counts = [self.known(v, seen) for _, v in x.items]
            if all(k is not None and k[1] and k[0].__class__ is int and k[0] > 0 for k in counts):
                return {kind: k[0] for (kind, _), k in zip(x.items, counts) if k is not None}, True
            return {}, False
        if cls in _LISTS:
            return [], False
        if cls is A.BoolOp or cls is A.InExpr:
            return True, False
        if cls is A.IfExpr:
            then, otherwise = self.known(x.then, seen), self.known(x.otherwise, seen)
            if then is not None and otherwise is not None and then[0].__class__ is otherwise[0].__class__:
                return then[0], False
            return None
        if cls is A.Call:
            return self.typed(x)
        if cls is A.AtPhaseStart:
            return self.known(x.operand, seen)
        return None

    def named(self, x: A.Name, seen: frozenset[str]) -> Known | None:
        """A global or built-in name's value as the engines read it (the symbol table's first
        value kind)."""
        name = x.id
        if seen:
            return self._named(x, seen)
        if name not in self.names:
            self.names[name] = self._named(x, seen)
        return self.names[name]

    def typed(self, x: A.Expr) -> Known | None:
        """A sample of x's type in the typed form (semantics/inference.py), when it is one kind."""
        t = self.checker.typed.type_of(x)
        if t is None or len(t) != 1:
            return None
        base = next(iter(t))
        return None if base.tag == T.NONE else (T.sample(base), False)

    def _named(self, x: A.Name, seen: frozenset[str]) -> Known | None:
        name = x.id
        kinds = self.table.value_kinds(name)
        kind = kinds[0] if kinds else None
        if kind == BUILTIN:
            return self.typed(x)
        if kind == ITSELF:
            return name, True
        if kind == ZONE:
            return ZoneRef(None, name), True
        if kind == PILE:
            return PileRef(None, name), True
        if kind == CARD:
            return CardValue(name), True
        if kind == CONST and name not in seen and len(seen) < 20:
            decl = self.checker.globals[name].decl
            return self.known(decl.value, seen | {name}) if isinstance(decl, A.Const) else None
        if kind == OPTION:
            option = next((sym.decl for sym in self.table.declared.get(name, ()) if sym.kind == OPTION), None)
            if isinstance(option, A.Option) and len(option.values) == 1:
                return option.values[0], True
            return self.typed(x)  # (its value set's kind)
        return None  # a variable: whatever was set last

    # ------------------------------------------------------------ checks of one node
    def check(self, x: Any) -> None:
        """The checks of `x`'s own operator (its operands are checked where they are visited)."""
        cls = x.__class__
        if cls is A.Not:
            self.condition(x.operand)
        elif cls is A.BoolOp:
            for item in x.items:
                self.condition(item)
        elif cls is A.IfExpr:
            self.condition(x.condition)
        elif cls is A.Neg:
            self.operator(x)
        elif cls is A.InExpr:
            container = self.known(x.container)
            if container is not None:
                try:
                    ops.items(container[0], self.checker.kinds, _AnyPiles())  # type: ignore[arg-type]
                except ops.OperatorError as err:
                    self.refused(err, x.container, "`in`", "a zone is not a list: test `zone.kind > 0`"
                                 if isinstance(container[0], ZoneRef) else None)
        elif cls is A.Index:
            obj = self.known(x.obj)
            key = None if obj is None else self.known(x.key)
            if obj is not None and key is not None:
                try:
                    ops.index(obj[0], key[0], _member)
                except _Member:
                    pass
                except ops.OperatorError as err:
                    if err.wrong_type or (obj[1] and key[1]):
                        self.refused(err, getattr(x, err.at) if err.at else x, "`[]`")

    def count(self, x: A.Expr, what: str) -> None:
        """E233: a number of things to take (`sample(N, ...)`) that is surely below zero."""
        known = self.known(x)
        if known is not None and known[1] and known[0].__class__ is int and known[0] < 0:
            self.checker.report(x.span, "E233", f"{what} {known[0]} items: the number is 0 or more")

    def least_in_targets(self, limit: A.DistLimit, targets: A.Expr) -> None:
        """E234: `at least N in ZONES` (N > 0) where none of ZONES is a target of the distribution,
        both known: the limit can never be met (the game would stop there)."""
        amount, zones, among = self.known(limit.amount), self.known(limit.zones), self.known(targets)
        if amount is None or zones is None or among is None or not (amount[1] and zones[1] and among[1]):
            return
        labels = [_zone_label(z) for z in (zones[0] if isinstance(zones[0], list) else [zones[0]])]
        targets_ = {_zone_label(z) for z in (among[0] if isinstance(among[0], list) else [among[0]])}
        if amount[0].__class__ is int and amount[0] > 0 and None not in labels and None not in targets_ \
                and not targets_.intersection(labels):
            self.checker.report(limit.zones.span, "E234", f"`at least {amount[0]}` names no zone the tokens are "
                                f"distributed among ({', '.join(sorted(targets_))}): it can never be met",
                                "an `at least` limit names zones among the targets")

    def condition(self, x: A.Expr | None) -> None:
        """E224: a condition whose value is surely not yes or no."""
        cls = x.__class__
        if x is None or cls in _YES_NO_FORMS or (cls is A.BinOp and x.op in _COMPARISONS):  # type: ignore[union-attr]
            return  # none, or yes or no by its form (its operands are checked where they stand)
        known = self.known(x)
        if known is None:
            return
        try:
            ops.truth(known[0])
        except ops.OperatorError as err:
            self.checker.report(x.span, "E224", err.message, _CONDITION_HINT)

    def operator(self, x: A.BinOp | A.Neg) -> None:
        first = self.known(x.left if x.__class__ is A.BinOp else x.operand)  # type: ignore[union-attr]
        if first is None:
            return
        known = [first, self.known(x.right)] if x.__class__ is A.BinOp else [first]  # type: ignore[union-attr]
        if None in known:
            return
        values = [k[0] for k in known if k is not None]
        exact = all(k[1] for k in known if k is not None)
        if isinstance(x, A.BinOp) and x.op in ("==", "!=") and _number_and_yes_no(*values):
            always = "false" if x.op == "==" else "true"
            self.checker.report(x.span, "W307", f"`{x.op}` compares a yes/no value with a number: it is "
                                f"always {always}", "a yes/no value never equals a number; compare "
                                "numbers with numbers, and yes/no values with true or false",
                                severity="warning")
            return
        try:
            ops.fold(_op(x), *values)
        except ops.OperatorError as err:
            if err.wrong_type or exact:
                hint = None
                if isinstance(x, A.BinOp) and x.op == "*" and isinstance(values[1], dict):
                    hint = "a bundle is scaled with the number on its right: write `{...} * n`"
                elif any(v.__class__ is bool for v in values):
                    hint = "yes/no values are not numbers: write `if c then 1 else 0` for a count"
                self.refused(err, getattr(x, err.at) if err.at else x, f"`{_op(x)}`", hint)

    def refused(self, err: ops.OperatorError, at: A.Node, what: str, hint: str | None = None) -> None:
        """E225: an operator refuses its operands, as every game reaching it would."""
        self.checker.report(at.span, "E225", f"{what}: {err.message}", hint)


def _op(x: A.BinOp | A.Not | A.Neg) -> str:
    if isinstance(x, A.Not):
        return "not"
    if isinstance(x, A.Neg):
        return "-"
    return x.op


def _zone_label(value: Any) -> str | None:
    """How a distribution names a zone known before the game (a shared zone, or a player zone's
    name); None for anything else."""
    if isinstance(value, ZoneRef) and value.owner is None:
        return value.name
    return value if isinstance(value, str) else None


def _number_and_yes_no(left: Any, right: Any) -> bool:
    classes = {left.__class__, right.__class__}
    return classes == {bool, int}

