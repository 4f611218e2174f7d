"""The built-in functions of the flat target (`count`, `min`, `neighbour`, `zones`...): a call
pays a step per item of each list it is handed, as builtins.list_items does in the reference;
the boards', orders' and lists' built-ins are in boards.py, orders.py and lists.py. A mixin of
FlatCompiler."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial

from ...language import ast as A
from ...semantics.builtins import BUILTINS, item_steps
from .code import Scope, uncopied
from .expressions import all_yes_no
from .orders import sure
from .tags import BOOL, BUNDLE, CARD_T, DYN, INT, PILE_T, PLAYER, STR, ZONE_T, Unsupported
from .val import COUNT_BOUND, LENGTH_BOUND, Val, is_list, list_of

# Built-ins that are one Python expression of arguments of these kinds: the code ({z}: where zone
# counts are read), the value's kind, and why a call with arguments of other kinds has no form.
_PLAIN = {
    "abs": ((INT,), "abs({0})", INT, "abs of a value that is not a number"),
    "all": ((list_of(BOOL),), "all({0})", BOOL, "all of values that are not yes/no"),
    "any": ((list_of(BOOL),), "any({0})", BOOL, "any of values that are not yes/no"),
    "sum": ((list_of(INT),), "BD(sum({0}))", INT, "sum of a list that is not numbers"),  # (R006, as the reference)
    "top": ((PILE_T,), "first_of({0})", CARD_T, "top of something that is not a pile"),
    "contents": ((ZONE_T,), "zone_contents({z}, {0})", BUNDLE, "contents of something that is not a zone"),
    "pieces": ((ZONE_T,), "zone_pieces({z}, {0})", list_of(STR), "pieces of something that is not a zone"),
    "share_in_turn": ((INT, list_of(INT)), "share_out(max(0, {0}), [max(0, c) for c in {1}])", list_of(INT),
                      "share_in_turn of values that are not numbers"),
}


# The built-ins that add or share out their list's items as numbers: the list's position (their
# signature's word for it is `items`, which `len` and `first` share and which takes none).
_SUMMED = {"sum": 0, "share_in_turn": 1, "share_evenly": 1}


class BuiltinLowering:
    """Calls of built-ins (and the dispatch of every call) for FlatCompiler."""

    def ex_Call(self, node: A.Call, sc: Scope) -> Val:
        args = [self.ex(a, sc) for a in node.args]
        name = node.func
        if name in self.d.funcs:
            return self.call_func(name, args, node, sc)
        if name in self.d.tables:
            return self.call_table(name, args, node, sc)
        args = self.numbers_checked(name, args, node)
        method = getattr(self, "b_" + name, None)
        if method is None and name in _PLAIN:
            method = partial(self.plain_builtin, name)
        if method is None:
            raise Unsupported(node, f"no flat form for the built-in {name}")
        args = self.dyn_args(name, args, node)
        args, steps = self.paid_arguments(args)
        value = method(node, sc, *args)
        if steps and not self.pay(steps):  # (paid as it runs: with the call's value)
            return Val(f"CN({steps}, {value.code})", value.t, domain=value.domain, bound=value.bound,
                       length=value.length)
        return value

    def numbers_checked(self, name: str, args: list[Val], node: A.Call) -> list[Val]:
        """The built-in's values, each one it reads as a number (or a list of numbers) checked
        where the typed form says it may be none (expressions.number, numbers), as its signature
        says (`takes`): `min(a, b)`, `sample(n, xs)`'s n, `sum(xs)`'s items."""
        builtin = BUILTINS.get(name)
        words = list(builtin.takes or ()) if builtin is not None else []
        out = []
        for i, (v, a) in enumerate(zip(args, node.args)):
            word = words[min(i, len(words) - 1)] if words else None
            if word in ("number", "numbers"):
                v = self.numbers(self.number(v, a), a)
            elif name in _SUMMED and i == _SUMMED[name]:
                v = self.numbers(v, a)
            out.append(v)
        return out

    def plain_builtin(self, name: str, node: A.Node, sc: Scope, *args: Val) -> Val:
        """A call of one of the _PLAIN built-ins."""
        kinds, code, t, why = _PLAIN[name]
        if len(args) != len(kinds):
            raise TypeError(f"{name} takes {len(kinds)} values")
        if any(a.t != k for a, k in zip(args, kinds)):
            raise Unsupported(node, why)
        if name in ("any", "all") and not all_yes_no(node.args[0], self.plain_funcs):
            # (each item is a condition, as on the reference: a none met before the answer stops)
            e = self.fresh("e")
            return Val(f"{name}(present({e}) for {e} in {args[0].code})", t)
        return Val(code.format(*(a.code for a in args), z=sc.zsrc), t)

    def paid_arguments(self, args: list[Val]) -> tuple[list[Val], int]:
        """A built-in's arguments, each list paid a step per item (builtins.list_items): as it
        runs (CI) where its length is known only then, else returned as steps to pay now."""
        out, steps = [], 0
        for a in args:
            if not is_list(a.t):
                out.append(a)
            elif a.known and isinstance(a.const, list):
                steps += item_steps(len(a.const))
                out.append(a)
            elif a.exact_length is not None:
                steps += item_steps(a.exact_length)
                out.append(a)
            else:
                out.append(replace(a, code=f"CI({a.code})"))
        return out, steps

    def b_count(self, node, sc, zones: Val, kinds: Val) -> Val:
        names = self.kinds_value(kinds, node)
        if zones.t == ZONE_T:
            return self.count_in(zones, names, sc)
        if zones.t != list_of(ZONE_T):
            raise Unsupported(node, "count over something that is not zones")
        idx = [self.lay.kind_index(k) for k in names]
        z = sc.zsrc
        if zones.known:
            places = [b + i for b in zones.const for i in idx]
            return Val(self.summed(z, lambda i: i, places), INT, bound=COUNT_BOUND * max(1, len(places)))
        if zones.seat_zones is not None and re.match(r"^[A-Za-z_][A-Za-z_0-9]*$", zones.seat_zones[0]):
            seat, offsets = zones.seat_zones
            places = [o + i for o in offsets for i in idx]
            return Val(self.summed(z, lambda i: self.seat_address(seat, i), places), INT,
                       bound=COUNT_BOUND * max(1, len(places)))
        q = self.fresh("q")
        inner = " + ".join(f"{z}[{q} + {i}]" for i in idx)
        return Val(f"sum([{inner} for {q} in {uncopied(zones.code)}])", INT,
                   bound=COUNT_BOUND * len(idx) * LENGTH_BOUND)

    def kinds_value(self, kinds: Val, node: A.Node) -> list[str]:
        if not kinds.known:
            raise Unsupported(node, "kinds known only during the game")
        value = kinds.const
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, (list, tuple)) or not all(isinstance(k, str) and k in self.d.kinds for k in names):
            raise Unsupported(node, "not token kinds")
        return names

    def b_min(self, node, sc, *args: Val) -> Val:
        return self._extreme("min", node, args)

    def b_max(self, node, sc, *args: Val) -> Val:
        return self._extreme("max", node, args)

    def _extreme(self, fn: str, node, args) -> Val:
        if len(args) == 1 and args[0].t == list_of(INT):
            return Val(f"{fn}({args[0].code})", INT)
        if all(a.t == INT for a in args):
            if all(a.known for a in args):
                value = (min if fn == "min" else max)(a.const for a in args)
                return Val(repr(value), INT, value)
            sizes = [a.size for a in args]
            return Val(f"{fn}({', '.join(a.code for a in args)})", INT,
                       bound=None if None in sizes else max(sizes))
        raise Unsupported(node, f"{fn} of values that are not numbers")

    def b_len(self, node, sc, values: Val) -> Val:
        v = self.items_of(values, node)
        if values.t == PILE_T:
            return Val(f"len({values.code})", INT, bound=LENGTH_BOUND)
        return Val(f"len({v.code})", INT, bound=LENGTH_BOUND)

    def b_neighbour(self, node, sc, player: Val, side: Val) -> Val:
        if player.t != PLAYER or side.t != STR:
            raise Unsupported(node, "neighbour of something that is not a player and a side")
        if side.known:
            if side.const not in ("left", "right"):
                raise Unsupported(node, "a side that is not left or right")
            step = self.left_step if side.const == "left" else -self.left_step
            return Val(f"(({sure(player.code)} + {step}) % {self.n})", PLAYER)
        return Val(f"NB[{side.code}][{sure(player.code)}]", PLAYER)

    def b_opposite(self, node, sc, side: Val) -> Val:
        if side.known:
            if side.const not in ("left", "right"):
                raise Unsupported(node, "a side that is not left or right")
            other = "right" if side.const == "left" else "left"
            return Val(repr(other), STR, other)
        return Val(f"OPP[{side.code}]", STR)

    def b_rank(self, node, sc, player: Val) -> Val:
        return Val(f"((({player.code}) - G[0]) * {self.left_step} % {self.n})", INT, bound=self.n)

    def b_first(self, node, sc, items: Val) -> Val:
        v = self.items_of(items, node)
        return Val(f"first_of({v.code})", v.t[1])

    def b_first_n(self, node, sc, items: Val, n: Val) -> Val:
        v = self.items_of(items, node)
        if n.t != INT:
            raise Unsupported(node, "first_n of a count that is not a number")
        return Val(f"{v.code}[:max(0, {n.code})]", v.t)

    def b_seat(self, node, sc, p: Val) -> Val:
        if p.t != PLAYER:
            raise Unsupported(node, "seat of a value that is not a player")
        return Val(f"({sure(p.code)} + 1)", INT, bound=self.n + 1)

    def b_size(self, node, sc, thing: Val) -> Val:
        z = sc.zsrc
        if thing.t == DYN:
            return Val(f"d_size({thing.code}, {z}, {self.lay.width})", INT)
        if thing.t == ZONE_T:
            return Val(f"zone_size({z}, {thing.code})", INT, bound=COUNT_BOUND)
        if thing.t == PILE_T:
            return Val(f"len({thing.code})", INT)
        if thing.t == BUNDLE:
            return Val(f"sum({thing.code}.values())", INT)
        if is_list(thing.t) and thing.t[1] != ZONE_T:
            return Val(f"len({thing.code})", INT)
        raise Unsupported(node, f"size of a {thing.t}")

    def b_zones(self, node, sc, player: Val, names: Val) -> Val:
        if player.t != PLAYER or names.t != list_of(STR):
            raise Unsupported(node, "zones of something that is not a player and zone names")
        if not player.known:
            player = replace(player, code=sure(player.code))
        if names.known and any(n not in self.lay.per_player for n in names.const):
            raise Unsupported(node, "zones of a name that is no player zone (the reference stops there)")
        if names.known:
            offs = [self.lay.player_offset(n) for n in names.const]
            if player.known:
                base = player.const * self.lay.player_stride
                consts = [o + base for o in offs]
                return Val(f"list({self.k(tuple(consts))})", list_of(ZONE_T), consts)
            table = tuple(tuple(o + s * self.lay.player_stride for o in offs) for s in range(self.n))
            return Val(f"list({self.k(table)}[{player.code}])", list_of(ZONE_T),
                       seat_zones=(player.code, tuple(offs)))
        offsets = {name: self.lay.player_offset(name) for name in self.d.player_zones}
        q = self.fresh("q")
        return Val(f"[{self.k(offsets)}[{q}] + {player.code} * {self.lay.player_stride} for {q} in {names.code}]",
                   list_of(ZONE_T))

    def b_kinds(self, node, sc, thing: Val) -> Val:
        if thing.t == ZONE_T:
            return Val(f"zone_kinds({sc.zsrc}, {thing.code})", list_of(STR))
        if thing.t == BUNDLE:
            return Val(f"bundle_kinds({thing.code})", list_of(STR))
        raise Unsupported(node, "kinds of something that is not a zone or a bundle")

    def b_one_of_each(self, node, sc, kinds: Val) -> Val:
        v = self.items_of(kinds, node)
        if v.t != list_of(STR):
            raise Unsupported(node, "one_of_each of something that is not kinds")
        return Val(f"dict.fromkeys({v.code}, 1)", BUNDLE)

    def b_cards(self, node, sc, deck: Val) -> Val:
        if not deck.known or deck.const not in self.d.decks:
            raise Unsupported(node, "cards of a deck known only during the game")
        names = self.rules().deck_cards(deck.const)
        return Val(f"[CardValue(n) for n in {self.k(tuple(names))}]", list_of(CARD_T))

    def b_sample(self, node, sc, n: Val, items: Val) -> Val:
        v = self.items_of(items, node)
        if self.logging:  # (the record names the items picked: their kind, to name them by)
            return Val(f"sample_of({n.code}, {v.code}, {self.k(v.t[1])})", v.t)
        return Val(f"sample_of({n.code}, {v.code})", v.t)

    def b_pick(self, node, sc, items: Val) -> Val:
        v = self.items_of(items, node)
        if self.logging:
            return Val(f"pick_of({v.code}, {self.k(v.t[1])})", v.t[1])
        return Val(f"pick_of({v.code})", v.t[1])
