"""A func's annotations (`func f(x: number, names: list of zone_name) -> card or none`) as types
of the typed form (types.py), and whether a value's type surely disagrees with one.

An annotation is for where inference cannot decide (a func never called, one that calls itself,
a parameter its calls give several kinds): the body is typed with the annotated parameters, the
calls' values are held to them and the body's value to the annotated result (E289). The words
are the kinds of docs/language.md's Types table; what is wrong with one is E289 too.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..language import ast as A
from . import types as T

Ty = Any  # frozenset[T.Base] | None

# The words of the kinds (those `of` may follow: list, card, space).
WORDS = {"number": T.NUMBER, "yesno": T.YESNO, "text": T.TEXT, "player": T.PLAYER, "zone": T.ZONE,
         "space": T.ZONE, "pile": T.PILE, "card": T.CARD, "bundle": T.BUNDLE, "kind": T.KIND,
         "side": T.SIDE, "symbol": T.SYMBOL, "zone_name": T.ZNAME, "deck": T.DECK, "board": T.BOARD,
         "none": T.NONE, "list": T.LIST}
_OF = {"list": "a type (`list of card`)", "card": "a deck (`card of events`)", "space": "a board (`space of city`)"}
_MAX_DEPTH = 16  # `list of list of ...`: deeper than this is no type a game needs
HINT = "a type is " + ", ".join(f"`{w}`" for w in WORDS) + ", `list of T`, `card of DECK`, `space of BOARD` or `A or B`"


def annotated(t: A.TypeExpr, decks: Collection[str], boards: Collection[str],
              problems: list[tuple[A.Node, str]], depth: int = 0) -> Ty:
    """The type an annotation says (None where it says nothing that can be used), with what is
    wrong with it added to `problems` as (node, message)."""
    if depth > _MAX_DEPTH:
        problems.append((t, f"this annotation nests more than {_MAX_DEPTH} types deep"))
        return None
    if isinstance(t, A.TypeUnion):
        parts = [annotated(o, decks, boards, problems, depth + 1) for o in t.options]
        return None if any(p is None for p in parts) else T.joined(parts)
    if not isinstance(t, A.TypeName):
        return None
    tag = WORDS.get(t.name)
    if tag is None:
        problems.append((t, f"`{t.name}` is no type"))
        return None
    if t.of is not None and t.name not in _OF:
        problems.append((t.of, f"`{t.name} of ...`: a {t.name} is of no other kind (only list, card and space "
                               "take `of`)"))
        return None
    if t.name == "list":
        return T.list_of(None if t.of is None else annotated(t.of, decks, boards, problems, depth + 1))
    if t.of is None:
        return T.of(tag)
    named = t.of.name if isinstance(t.of, A.TypeName) and t.of.of is None else None
    known = decks if t.name == "card" else boards
    if named is None or named not in known:
        what = "deck" if t.name == "card" else "board"
        problems.append((t.of, f"`{t.name} of ...`: expected the name of a {what}, found "
                               f"`{named or 'a type'}`"))
        return None
    return T.of(tag, named)


def disagrees(value: Ty, said: Ty) -> bool:
    """Whether a value of type `value` is surely none of the kinds an annotation says: no kind
    it may be fits one of them (so an annotation never makes a false finding either)."""
    if value is None or said is None or not value or not said:
        return False
    return not any(_fits(v, s) for v in value for s in said)


def _fits(v: T.Base, s: T.Base) -> bool:
    if v.tag == T.TEXT and s.tag in T.NAMED or s.tag == T.TEXT and v.tag in T.NAMED:
        return True  # (names are texts at run time)
    if v.tag != s.tag:
        return False
    if v.tag == T.LIST:
        return not disagrees(v.arg, s.arg)
    if v.tag == T.CARD:
        return v.arg is None or s.arg is None or T.decks(v) <= T.decks(s)
    if v.tag == T.ZONE:
        return v.arg is None or s.arg is None or v.arg == s.arg
    return True
