"""Values of several kinds in flat code: the general form where the kinds do not settle one.

A list whose items are of different kinds (`[symbol, space, player]`, a plan's steps that are
such a list or `none`) holds each item in a form that says its kind where the flat forms would
not: a player is `("p", seat)`, a zone `("z", base)` (both are ints elsewhere); numbers, yes/no
values, names, `none`, cards, bundles and lists are themselves, so `True` and `1` stay apart by
their classes. Such a value is of kind DYN. Where it is used as one kind (a move's zone, a
condition, a built-in's argument) it is checked and unboxed: a value of another kind stops the
flat code (`Abort`) and the reference engine plays the game again and reports the error, as
semantics/operators.py would. Equality, membership, indexing and what an agent is shown follow
the reference's meaning (operators.equal, operators.index, values.encode)."""

from __future__ import annotations

from typing import Any

from ... import kernels
from ...language import ast as A
from ...semantics.values import CardValue
from .support import Abort
from .tags import BOOL, BUNDLE, CARD_T, DYN, INT, NONE, PLAYER, STR, ZONE_T, Unsupported
from .val import Val, is_list, list_of

# ------------------------------------------------------------------ at run time


def as_int(x: Any) -> int:
    if x.__class__ is int:
        return x
    raise Abort


def as_bool(x: Any) -> bool:
    if x.__class__ is bool:
        return x
    raise Abort


def as_str(x: Any) -> str:
    if x.__class__ is str:
        return x
    raise Abort


def as_player(x: Any) -> int:
    if x.__class__ is tuple and x[0] == "p":
        return x[1]
    raise Abort


def as_zone(x: Any) -> int:
    if x.__class__ is tuple and x[0] == "z":
        return x[1]
    raise Abort


def as_card(x: Any) -> CardValue:
    if x.__class__ is CardValue:
        return x
    raise Abort


def as_bundle(x: Any) -> dict:
    if x.__class__ is dict:
        return x
    raise Abort


def as_none(x: Any) -> None:
    if x is None:
        return x
    raise Abort


def as_list(x: Any) -> list:
    if x.__class__ is list:
        return x
    raise Abort


def d_eq(a: Any, b: Any) -> bool:
    """The language's equality of two general values: values of different kinds are never equal."""
    if a.__class__ is not b.__class__:
        return False
    if a.__class__ is list:
        return len(a) == len(b) and all(map(d_eq, a, b))
    return a == b


def d_in(x: Any, items: list) -> bool:
    for item in items:
        if d_eq(x, item):
            return True
    return False


_MISS = object()  # (what d_as gives for a value of another kind: in no list)


def d_as(x: Any, tag: str) -> Any:
    """A boxed seat's or zone's flat value when `x` is one of kind `tag`, else a value equal to none."""
    if x.__class__ is tuple and x[0] == tag:
        return x[1]
    return _MISS


def d_item(x: Any, i: int) -> Any:
    """`x[i]` of a list (negative from the end); anything else stops the flat code."""
    if x.__class__ is not list or i.__class__ is not int or not -len(x) <= i < len(x):
        raise Abort
    return x[i]


def d_index(x: Any, key: Any, seat0: dict, stride: int) -> Any:
    """`x[key]` with both of several kinds: a list's item, or a player's zone of a space."""
    if x.__class__ is list:
        return d_item(x, key)
    if x.__class__ is tuple and x[0] == "p" and key.__class__ is tuple and key[0] == "z":
        found = seat0.get(key[1], seat0)
        if found is seat0:
            raise Abort
        return ("z", found + x[1] * stride)
    raise Abort


def d_size(x: Any, Z: list, width: int) -> int:
    """size() of a list, a zone (its tokens) or a bundle."""
    if x.__class__ is list:
        return len(x)
    if x.__class__ is tuple and x[0] == "z":
        return sum(Z[x[1]:x[1] + width])
    if x.__class__ is dict:
        return sum(x.values())
    raise Abort


def d_encode(x: Any, labels: list, width: int) -> Any:
    """What the reference shows an agent of this value (values.encode)."""
    c = x.__class__
    if c is tuple:
        return f"P{x[1] + 1}" if x[0] == "p" else labels[x[1] // width]
    if c is list:
        return [e if e.__class__ is str else d_encode(e, labels, width) for e in x]
    if c is CardValue:
        return x.name
    if c is dict:
        return {str(k): v for k, v in x.items() if v}
    return x


_AS_IS = frozenset([str, tuple, type(None)])  # (equal exactly when the language says so)


def d_key(x: Any) -> Any:
    """A hashable key equal for two values exactly when the language says they are equal: a list
    is ("l", its items' keys...), never a box ("p"/"z", n); a number and a yes/no stay apart."""
    c = x.__class__
    if c in _AS_IS:
        return x
    if c is list:
        return ("l", *[e if e.__class__ in _AS_IS else d_key(e) for e in x])
    if c is CardValue:
        return ("c", x.name)
    if c is dict:
        return ("d", frozenset((k, v) for k, v in x.items() if v))
    return (c.__name__, x)


def d_unique(items: list) -> list:
    """unique() of general values: the first of each, by the language's equality."""
    seen: set = set()
    out = []
    for x in items:
        key = d_key(x)
        if key not in seen:
            seen.add(key)
            out.append(x)
    return out


# ---------------------------------------------------------------- compiled twins (ratdsl/_general.c)
# (the same results, exceptions included: tests/test_general_kernels.py; a value not plain is left to these)
d_key = kernels.twin(d_key)
d_eq = kernels.twin(d_eq)
d_in = kernels.twin(d_in)
d_encode = kernels.twin(d_encode)
as_zone = kernels.twin(as_zone)
as_player = kernels.twin(as_player)
d_size = kernels.twin(d_size)
d_index = kernels.twin(d_index)

RUNTIME = {f.__name__: f for f in (as_int, as_bool, as_str, as_player, as_zone, as_card, as_bundle, as_list, as_none,
                                    d_eq, d_in, d_as, d_item, d_index, d_size, d_encode, d_key, d_unique)}

_UNBOX = {INT: "as_int", BOOL: "as_bool", STR: "as_str", PLAYER: "as_player", ZONE_T: "as_zone",
          CARD_T: "as_card", BUNDLE: "as_bundle"}
_SELF = (INT, BOOL, STR, NONE, BUNDLE, DYN)  # kinds whose flat values are already their general form
# a built-in's parameter, in the registry's words (semantics/builtins.py `takes`), as a flat kind
_TAKES = {"number": INT, "numbers": INT, "player": PLAYER, "zone": ZONE_T, "side": STR,
          "items": list_of(DYN)}

# built-ins whose last argument is a list of one kind: a list of general values is unboxed to it
_ITEMS = {"sum": INT, "share_in_turn": INT, "share_evenly": INT, "any": BOOL, "all": BOOL}


def has_dyn(t: Any) -> bool:
    return t == DYN or (is_list(t) and has_dyn(t[1]))


# ------------------------------------------------------------------ while generating


class DynLowering:
    """Boxing, unboxing and the operators on values of several kinds, for FlatCompiler (a mixin:
    it reads the layout, the board tables and `sight_declared`)."""

    def box_code(self, code: str, t: Any, node: A.Node, depth: int = 0) -> str:
        """`code`, a value of kind `t`, in the general form (kind DYN, or a list of DYN)."""
        if t in _SELF:
            return code
        if t == CARD_T:
            if self.sight_declared:  # (a card among other values would be offered by name)
                raise Unsupported(node, "a card among values of several kinds, with declared visibility")
            return code
        if t == PLAYER:
            return f"('p', {code})"
        if t == ZONE_T:
            return f"('z', {code})"
        if is_list(t):
            e = f"e{depth}_"
            inner = self.box_code(e, t[1], node, depth + 1)
            return code if inner == e else f"[{inner} for {e} in {code}]"
        raise Unsupported(node, f"a {t} among values of several kinds")

    def unbox_code(self, code: str, t: Any, node: A.Node, depth: int = 0) -> str:
        """`code`, a general value, as kind `t`: checked (Abort where it is another kind)."""
        if t == DYN:
            return code
        if t == NONE:
            return f"as_none({code})"
        if t in _UNBOX:
            return f"{_UNBOX[t]}({code})"
        if is_list(t):
            e = f"e{depth}_"
            inner = self.unbox_code(e, t[1], node, depth + 1)
            return f"as_list({code})" if inner == e else f"[{inner} for {e} in as_list({code})]"
        raise Unsupported(node, f"a value of several kinds used as a {t}")

    def as_kind(self, v: Val, t: Any, node: A.Node) -> Val:
        """`v` as a value of kind `t`: unchanged when it is one, boxed into a general form, or
        unboxed from one (checked)."""
        if v.t == t:
            return v
        if v.t == NONE:
            return Val(v.code, t)
        if has_dyn(t) and not has_dyn(v.t):
            return Val(self.box_code(v.code, v.t, node), t)
        if v.t == DYN or (is_list(v.t) and is_list(t)):
            if is_list(v.t) and is_list(t) and not has_dyn(t):
                e = self.fresh("e")
                inner = self.as_kind(Val(e, v.t[1]), t[1], node).code
                return Val(f"[{inner} for {e} in {v.code}]", t)
            if is_list(v.t) and is_list(t):  # (some items boxed)
                return Val(self.box_code(v.code, v.t, node), t)
            return Val(self.unbox_code(v.code, t, node), t)
        raise Unsupported(node, f"a {v.t} where a {t} is expected")

    def want(self, v: Val, t: Any, node: A.Node) -> Val:
        """`v` as kind `t` when it is a general value (DYN), else `v` itself (its own checks follow)."""
        return self.as_kind(v, t, node) if v.t == DYN else v

    def joined(self, a: Any, b: Any) -> Any:
        """The one kind two values share: a general one when their kinds differ."""
        if a == b:
            return a
        if a == NONE:
            return b
        if b == NONE:
            return a
        if is_list(a) and is_list(b):
            return list_of(self.joined(a[1], b[1]))
        return DYN

    # --- the operators on general values
    def dyn_equal(self, op: str, left: Val, right: Val, node: A.Node) -> Val:
        neg = "not " if op == "!=" else ""
        for a, b in ((left, right), (right, left)):
            if b.t == NONE:
                return Val(f"({a.code} is {neg}None)", BOOL)
            if b.t == STR or (b.t in (PLAYER, ZONE_T) and a.t == DYN):
                # (a name equals only a name, a boxed seat or zone only its own box)
                return Val(f"({a.code} {op} {self.box_code(b.code, b.t, node)})", BOOL)
        return Val(f"({neg}d_eq({self.box_code(left.code, left.t, node)}, {self.box_code(right.code, right.t, node)}))",
                   BOOL)

    def dyn_in(self, item: Val, cont: Val, node: A.Node) -> Val:
        """`item in cont` where one side holds general values."""
        t = cont.t[1]
        if item.t == DYN and t in (STR, CARD_T):  # (only a name equals a name, a card a card)
            return Val(f"({item.code} in CI({cont.code}))", BOOL)
        if item.t == DYN and t in (PLAYER, ZONE_T):  # (a value of another kind is in no such list)
            return Val(f"(d_as({item.code}, {'p' if t == PLAYER else 'z'!r}) in CI({cont.code}))", BOOL)
        items = self.box_code(f"CI({cont.code})", cont.t, node)
        return Val(f"d_in({self.box_code(item.code, item.t, node)}, {items})", BOOL)

    def dyn_index(self, obj: Val, key: Val, node: A.Node) -> Val:
        """`obj[key]` where the object or the key is a general value."""
        if obj.t == DYN and key.t == INT:
            return Val(f"d_item({obj.code}, {key.code})", DYN)
        if obj.t == DYN and key.t == DYN:
            seat0 = self.board_tables()["seat0"] if self.d.boards else {}
            return Val(f"d_index({obj.code}, {key.code}, {self.k(seat0)}, {self.lay.player_stride})", DYN)
        if obj.t == DYN and key.t == ZONE_T:
            return self.player_space(self.as_kind(obj, PLAYER, node), key, node)
        if obj.t == DYN and key.t == STR:
            return None  # (a member: the caller asks `member` with the object unboxed by the name)
        if key.t == DYN and obj.t == PLAYER:
            return self.player_space(obj, self.as_kind(key, ZONE_T, node), node)
        if key.t == DYN and is_list(obj.t):
            return self.list_item(obj, self.as_kind(key, INT, node))
        raise Unsupported(node, f"a {obj.t} indexed by a {key.t}")

    def dyn_member_owner(self, name: str, node: A.Node) -> Any:
        """The kind a general value must be to have the member `name`."""
        d = self.d
        if name in d.player_zones or name in d.player_vars or name in d.player_piles:
            return PLAYER
        if name in d.kinds or any(name in b.fields for b in d.boards.values()):
            return ZONE_T
        if any(f.name == name for c in d.cards.values() for f in c.fields):
            return CARD_T
        raise Unsupported(node, f"the member {name!r} of a value of several kinds")

    def dyn_args(self, name: str, args: list[Val], node: A.Node) -> list[Val]:
        """A built-in's general arguments unboxed to what it takes (the registry's `takes`)."""
        if name in _ITEMS and args and args[-1].t == list_of(DYN):
            args = [*args[:-1], self.as_kind(args[-1], list_of(_ITEMS[name]), node)]
        if not any(a.t == DYN for a in args):
            return args
        from ...semantics.builtins import BUILTINS

        takes = list(BUILTINS[name].takes or ()) if name in BUILTINS else []
        out = []
        for i, a in enumerate(args):
            if a.t != DYN:
                out.append(a)
                continue
            word = takes[min(i, len(takes) - 1)] if takes else None
            if word == "sized":
                out.append(a)  # (b_size takes a general value: d_size)
            elif word in _TAKES:
                out.append(self.as_kind(a, _TAKES[word], node))
            else:
                raise Unsupported(node, f"{name} of a value of several kinds")
        return out

    def dyn_encoder(self, items: str) -> str:
        return f"[d_encode(x, ZL, {self.lay.width}) for x in {items}]"
