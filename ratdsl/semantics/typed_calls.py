"""The typed form's built-in calls: what each value of a built-in takes and what the call gives,
from the registry's `takes` and `gives` (semantics/builtins.py), in the words defined here. The
inference (inference.py) mixes this in."""

from __future__ import annotations

from typing import Any

from ..language import ast as A
from . import types as T
from .builtins import BUILTINS
from .symbols import FUNC, TABLE

Ty = Any  # frozenset[T.Base] | None

# What a built-in's parameter accepts (the words of builtins.py's `takes`).
ACCEPTS: dict[str, frozenset[str]] = {
    "number": frozenset((T.NUMBER,)), "numbers": frozenset((T.NUMBER, T.LIST)),
    "items": frozenset((T.LIST, T.PILE, T.BUNDLE)), "sized": frozenset((T.ZONE, T.PILE, T.BUNDLE, T.LIST)),
    "zones": frozenset((T.ZONE, T.LIST)), "kinds": frozenset((T.KIND, T.LIST)),
    "zone_or_bundle": frozenset((T.ZONE, T.BUNDLE)), "zone": frozenset((T.ZONE,)),
    "player": frozenset((T.PLAYER,)), "side": frozenset((T.SIDE, T.TEXT)), "pile": frozenset((T.PILE,)),
    "deck": frozenset((T.DECK, T.TEXT)), "owned": frozenset((T.ZONE, T.PILE, T.CARD)),
    "board": frozenset((T.BOARD, T.TEXT)), "any": frozenset(T.TAGS),
}
_ACCEPT_WORDS = {"number": "a number", "numbers": "numbers or a list of numbers", "items": "a list, a pile or a bundle",
                 "sized": "a zone, a pile, a bundle or a list", "zones": "a zone or a list of zones",
                 "kinds": "a token kind or a list of kinds", "zone_or_bundle": "a zone or a bundle",
                 "zone": "a zone (a space, for a board's built-ins)", "player": "a player",
                 "side": "a side (left or right)", "pile": "a pile of cards", "deck": "a deck",
                 "owned": "a zone, a pile or a card", "board": "a board", "any": "any value"}
# The words whose lists must hold items of one kind: what those items must be.
_LISTED = {"numbers": frozenset((T.NUMBER,)), "zones": frozenset((T.ZONE,)), "kinds": frozenset((T.KIND,))}
_LISTED_WORDS = {"numbers": "numbers", "zones": "zones", "kinds": "token kinds"}
YESNO = frozenset((T.YESNO,))
# The built-ins whose list must hold items of one kind: the list's position, that kind, in
# words, and a hint.
_SHARES_HINT = "the claims are numbers, one a claimant: `share_in_turn(5, [size(p.hand) for p in players])`"
_ITEMS_OF = {"any": (0, YESNO, "yes/no values", "write a condition for each item: `any([x > 0 for x in xs])`"),
             "all": (0, YESNO, "yes/no values", "write a condition for each item: `all([x > 0 for x in xs])`"),
             "sum": (0, frozenset((T.NUMBER,)), "numbers",
                     "`sum` adds numbers: `sum([size(p.hand) for p in players])`"),
             "share_in_turn": (1, frozenset((T.NUMBER,)), "numbers", _SHARES_HINT),
             "share_evenly": (1, frozenset((T.NUMBER,)), "numbers", _SHARES_HINT),
             "one_of_each": (0, frozenset((T.KIND,)), "token kinds",
                             "`one_of_each([red, blue])` is the bundle {red: 1, blue: 1}"),
             "flatten": (0, frozenset((T.LIST, T.PILE, T.BUNDLE)), "lists (or piles)",
                         "`flatten` joins lists into one: `flatten([[1, 2], [3]])` is [1, 2, 3]")}
NUMBER = frozenset((T.NUMBER,))
ZONES = ACCEPTS["zones"]
ITEMS = ACCEPTS["items"]
_ZONE_NAMES = frozenset((T.ZNAME, T.TEXT))
_ZONES_HINT = "`zones(p, [hand, table])` lists p's own zones of those names"
NONE_HINT = "give a value of the same kind on every path (0, [], ...) instead of `none`"
_ZONE_COUNT_HINT = "a zone's tokens are counted by `size(zone)`, one kind's by `zone.KIND` (`p.hand.red`)"
HINTS = {"E282": "each part of a statement takes one kind of value: docs/language.md, Statements",
         "E225": "an operator takes the kinds docs/language.md, Expressions, gives it",
         "E280": "docs/language.md, Built-in functions, gives the kinds each value takes"}


class CallTypes:
    """Calls of funcs, tables and built-ins (a mixin of inference._Infer)."""

    table: Any
    decks: dict
    boards: dict
    ty: Any
    need: Any
    find: Any
    arguments: Any
    result: Any
    listed: Any
    written_list: Any
    player_zones: Any

    def call(self, x: A.Call) -> Ty:
        target = self.table.ref(x)
        if target is None:
            for a in x.args:
                self.ty(a)
            return None
        if target.kind == FUNC:
            self.arguments(("func", x.func), x.args)
            return self.result(x.func)
        if target.kind == TABLE:
            for a in x.args:
                self.need(a, NUMBER, f"table {x.func}'s value", "a number", "E280",
                          f"a table looks its rows up by a number: `{x.func}(n)`")
            return self.result(x.func)
        builtin = BUILTINS.get(x.func)
        args = [self.ty(a) for a in x.args]
        if builtin is None:
            return None
        takes = builtin.takes
        for i, (arg, t) in enumerate(zip(x.args, args)):
            word = takes[min(i, len(takes) - 1)] if takes else "any"
            if builtin.name in ("min", "max") and len(x.args) > 1:
                word = "number"
            if word == "items" and builtin.name == "zones" and not T.refuses(t, ACCEPTS[word]):
                if T.refuses(T.element(t), _ZONE_NAMES):
                    self.find(arg, "E280", f"`{builtin.signature}`'s names: expected names of player zones, found "
                              f"{T.words(t)}", _ZONES_HINT)
                else:
                    self.listed(arg, _ZONE_NAMES, f"`{builtin.signature}`'s names", "the name of a player zone",
                                "E280", _ZONES_HINT)
                    self.texts_naming_no_zone(arg, builtin.signature)
            elif T.written_none(t) and not T.refuses(t, ACCEPTS[word]):
                self.find(arg, "E280", f"`{builtin.signature}`: this may be a `none` the rules write "
                          f"({T.words(t)})", NONE_HINT)
            elif word in _LISTED and T.refuses_items(t, ACCEPTS[word], _LISTED[word]):
                param = builtin.params[min(i, len(builtin.params) - 1)]
                param = builtin.params[-2] if param == "..." else param
                self.find(arg, "E280", f"`{builtin.signature}`'s {param}: expected {_ACCEPT_WORDS[word]}, "
                          f"found {T.words(t)}", f"each value of `{builtin.signature}` has its kind: "
                          "docs/language.md, Built-in functions")
            elif T.refuses(t, ACCEPTS[word]):
                param = builtin.params[min(i, len(builtin.params) - 1)]
                param = builtin.params[-2] if param == "..." else param
                hint = _ZONE_COUNT_HINT if builtin.name == "len" and T.tags(t) == {T.ZONE} else \
                    f"each value of `{builtin.signature}` has its kind: docs/language.md, Built-in functions"
                self.find(arg, "E280", f"`{builtin.signature}`'s {param}: expected {_ACCEPT_WORDS[word]}, "
                          f"found {T.words(t)}", hint)
            elif word in _LISTED:
                self.mixed_items(arg, t, _LISTED[word], builtin.signature, _LISTED_WORDS[word])
            elif word in ("deck", "board", "side"):
                self.no_such_name(arg, t, word, builtin.signature)
        items = _ITEMS_OF.get(builtin.name)
        if items is not None and len(args) > items[0]:
            at, kinds, words, hint = items
            if T.refuses_elements(args[at], kinds):
                self.find(x.args[at], "E280", f"`{builtin.signature}`'s items: expected {words}, found "
                          f"{T.words(args[at])}", hint)
            else:
                self.mixed_items(x.args[at], args[at], kinds, builtin.signature, words)
        return self.gives(builtin.gives, args)

    def texts_naming_no_zone(self, arg: A.Expr, signature: str) -> None:
        """E280 for a text among a list's names of player zones that names none (`zones(p,
        [""])`): a text is taken for the zone it names, and a game stops on any other."""
        listed = self.written_list(arg)
        items = listed.items if isinstance(listed, A.ListLit) else (arg,)
        for item in items:
            t = self.ty(item) if item is not arg else T.element(self.ty(arg))
            if not t or any(b.tag != T.TEXT or not b.arg for b in t):
                continue
            names = {n for b in t for n in b.arg}
            if not names & self.player_zones:
                self.find(item, "E280", f"`{signature}`'s names: expected the name of a player zone, found "
                          f"{T.words(t)}, which names none", _ZONES_HINT)

    def no_such_name(self, arg: A.Expr, t: Ty, word: str, signature: str) -> None:
        """E280 where a deck's or a board's name (or a side's) is given as a text that names none
        of them (`cards("")`, `neighbour(p, "up")`): a text is taken for the name it holds, and a
        game stops on any other."""
        known = {"left", "right"} if word == "side" else set(self.decks if word == "deck" else self.boards)
        if not t or any(b.tag not in T.NAMED or b.arg is None for b in t) or any(b.tag == word for b in t):
            return
        names = {n for b in t for n in b.arg}
        if names and not names & known:
            self.find(arg, "E280", f"`{signature}`'s {word}: expected {_ACCEPT_WORDS[word]}, found {T.words(t)}, "
                      f"which names no {word}", f"the {word}s are: {', '.join(sorted(known)) or 'none'}")

    def mixed_items(self, arg: A.Expr, t: Ty, element: frozenset[str], signature: str, wanted: str) -> None:
        """E280 where a built-in's list (surely a list, none aside) may hold items of a kind it
        refuses beside the ones it takes (`max` of a list of bundles and numbers): a list holds one
        kind of item, and a game that reaches the refused ones stops there. A none among the items
        is the game's (the rules may have tested for it)."""
        if not t or any(b.tag not in (T.LIST, T.NONE) for b in t) or not any(b.tag == T.LIST for b in t):
            return
        items = T.without_none(T.element(t))
        wrong = frozenset(b for b in items or () if b.tag not in element)
        if items and wrong and wrong != items:
            self.find(arg, "E280", f"`{signature}`'s items: expected {wanted}, found {T.words(items)}: a list "
                      f"holds one kind of item, and these may be {T.words(wrong)}",
                      "keep the items of one kind: turn the others into it first (`size(zone)`, ...)")

    def gives(self, spec: str, args: list[Ty]) -> Ty:
        """A built-in's result type from its registry's `gives`."""
        def arg(i: int) -> Ty:
            return args[i] if i < len(args) else None
        simple = _SIMPLE.get(spec)
        if simple is not None:
            return simple
        what, _, at = spec.partition("@") if "@" in spec else spec.partition("?")
        if spec.startswith("item?"):
            of = arg(int(spec[5:]))
            element = T.element(of)
            if element == frozenset() and of and all(b.tag == T.PILE for b in of):
                return element  # (piles whose cards are not known yet, before the last walk: nothing yet)
            return None if element is None else T.join(element, T.of(T.NONE))
        i = int(at) if at.isdigit() else 0
        if what == "items":
            element = T.element(arg(i))
            return T.list_of(element)
        if what == "flat":
            return T.list_of(T.element(T.element(arg(i))))
        if what == "cards":
            names = _names(arg(i))
            return T.list_of(T.of(T.CARD, next(iter(names)) if names and len(names) == 1 else None))
        if what == "spaces":
            names = _names(arg(i))
            return T.list_of(T.of(T.ZONE, next(iter(names)) if names and len(names) == 1 else None))
        return None


# What the built-ins of one fixed kind give (made once: `gives` is asked at every call).
_SIMPLE = {"number": T.of(T.NUMBER), "yes/no": T.of(T.YESNO), "bundle": T.of(T.BUNDLE),
           "player": T.of(T.PLAYER), "side": T.of(T.SIDE, frozenset(("left", "right"))),
           "list:kind": T.list_of(T.of(T.KIND)), "list:player": T.list_of(T.of(T.PLAYER)),
           "list:number": T.list_of(T.of(T.NUMBER)), "list:zone": T.list_of(T.of(T.ZONE)),
           "card?": T.join(T.of(T.CARD), T.of(T.NONE)), "player?": T.join(T.of(T.PLAYER), T.of(T.NONE)),
           "number?": T.join(T.of(T.NUMBER), T.of(T.NONE))}


def _names(t: Ty) -> frozenset[str] | None:
    if t is None:
        return None
    out: set[str] = set()
    for b in t:
        if b.tag not in T.NAMED or b.arg is None:
            return None
        out |= b.arg
    return frozenset(out)
