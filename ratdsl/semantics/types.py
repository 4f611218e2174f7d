"""The static types of the rule language: what kind of value an expression has before any game.

A type is a union of base kinds (`Ty`, a frozenset of `Base`), or None where the rules do not
fix it before a game (a value of any kind). Unions are how the language's nullable results are
typed (`top(pile)` is a card or none); a finding is made only where every kind of a union is
refused, so a union never makes a false alarm. Names that are values of their own (token kinds,
symbols and option values, per-player zone names, decks, boards, sides, texts) are all text at
run time; they keep the set of names they may be, so `starting_player == 3` and
`food_order == first_seat` are known to be always false.

What an operator accepts is never written here: `binary` asks the shared operators
(operators.py) with a sample value of each kind, as the engines would be asked; the built-ins'
accepted kinds are their registry's `takes` (builtins.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from . import operators as ops
from .values import CardValue, PileRef, PlayerRef, ZoneRef

NUMBER, YESNO, TEXT, NONE = "number", "yes/no", "text", "none"
KIND, SYMBOL, SIDE, ZNAME, PNAME, DECK, BOARD = "kind", "symbol", "side", "zname", "pname", "deck", "board"
PLAYER, ZONE, PILE, CARD, BUNDLE, LIST = "player", "zone", "pile", "card", "bundle", "list"
# The kinds that are text at run time, each with the names it may be (None: any name).
NAMED = frozenset((TEXT, KIND, SYMBOL, SIDE, ZNAME, PNAME, DECK, BOARD))
TAGS = (NUMBER, YESNO, TEXT, KIND, SYMBOL, SIDE, ZNAME, PNAME, DECK, BOARD, PLAYER, ZONE, PILE, CARD,
        BUNDLE, LIST, NONE)
_MAX_NAMES = 64  # a union of more names is any name of its kind


@dataclass(frozen=True, slots=True)
class Base:
    """One kind of value. `arg`: the element type of a list, the deck of a card, the board of a
    space (a zone), the names a text-like kind may be (a frozenset), or a pile's (names, cards):
    the piles it may be and the type of the cards the rules put in them; None: any. `items`: a
    list's type at each position, where the rules write it out (`[give, a, n]`: a symbol, a
    space, a player), so that `o[2]` has its own kind and not the union of the three."""

    tag: str
    arg: Any = None
    items: tuple | None = None
    _hash: int = field(default=0, init=False, repr=False, compare=False)  # (the fields' hash, kept)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.tag, self.arg, self.items)))

    def __hash__(self) -> int:  # (the hash a frozen dataclass has, worked out once: types are hashed all the time)
        return self._hash


Ty = frozenset  # of Base; None stands for "any kind"


@lru_cache(maxsize=4096)
def of(tag: str, arg: Any = None) -> frozenset[Base]:
    """The type of one kind (made once: types are compared and hashed all the time)."""
    return frozenset((Base(tag, arg),))


def named(tag: str, *names: str) -> frozenset[Base]:
    return of(tag, frozenset(names))


def list_of(element: frozenset[Base] | None) -> frozenset[Base]:
    return of(LIST, element)


def pile(names: frozenset[str] | None, cards: frozenset[Base] | None) -> frozenset[Base]:
    """A pile: the piles it may be (None: any), and the cards they may hold (None: any card)."""
    return of(PILE, (names, cards))


@lru_cache(maxsize=4096)
def positions(items: tuple) -> frozenset[Base]:
    """The type of a list written out item by item: its items' union, and each one's own type."""
    return frozenset((Base(LIST, joined(items) if items else frozenset(), items),))


def unpositioned(t: frozenset[Base] | None) -> frozenset[Base] | None:
    """t without its lists' positions (a list filtered or reordered: `where`, `ordered by`)."""
    if t is None or not any(b.items is not None for b in t):
        return t
    return join(*(frozenset((Base(b.tag, b.arg) if b.items is not None else b,)) for b in t))


def untagged(t: frozenset[Base] | None) -> frozenset[Base] | None:
    """t with its lists of different tags as one list (for what has one form for any list)."""
    lists = [b for b in t or () if b.tag == LIST]
    if len(lists) < 2:
        return t
    return frozenset(b for b in t if b.tag != LIST) | {Base(LIST, join(*(b.arg for b in lists)))}


def at_position(t: frozenset[Base] | None, i: int) -> frozenset[Base] | None:
    """What `xs[i]` gives for a literal i when every list xs may be has its positions (None when
    one has not, or i is past its end: the union of its items then)."""
    if not t:
        return None
    parts = []
    for b in t:
        if b.tag != LIST:
            continue
        if b.items is None or not -len(b.items) <= i < len(b.items):
            return None
        parts.append(b.items[i])
    return joined(parts) if parts else None


def shallow(t: frozenset[Base] | None, depth: int) -> frozenset[Base] | None:
    """t with the lists nested more than `depth` deep as lists of any kind: a type that grows
    without end (a func putting its parameter's items into what it gives, given back its own
    value) stops growing there, and still says that the outer levels are lists."""
    if t is None or not any(b.tag == LIST for b in t):
        return t
    if depth <= 0:
        return frozenset(Base(LIST) if b.tag == LIST else b for b in t)
    return frozenset(Base(LIST, shallow(b.arg, depth - 1),
                          None if b.items is None else tuple(shallow(x, depth - 1) for x in b.items))
                     if b.tag == LIST else b for b in t)


def tags(t: frozenset[Base] | None) -> frozenset[str] | None:
    return None if t is None else frozenset(b.tag for b in t)


def _merge(a: Base, b: Base) -> Base:
    """Two bases of one tag as one."""
    if a == b:
        return a
    if a.tag == NONE:
        return Base(NONE, a.arg or b.arg)
    if a.tag == LIST:
        items = tuple(join(x, y) for x, y in zip(a.items, b.items)) \
            if a.items is not None and b.items is not None and len(a.items) == len(b.items) else None
        return Base(LIST, join(a.arg, b.arg), items)
    if a.tag == CARD and a.arg is not None and b.arg is not None:  # (cards of two decks: of either)
        both = decks(a) | decks(b)
        return Base(CARD, next(iter(both)) if len(both) == 1 else both)
    if a.tag == PILE and a.arg is not None and b.arg is not None:
        names = None if a.arg[0] is None or b.arg[0] is None else a.arg[0] | b.arg[0]
        return Base(PILE, (names, join(a.arg[1], b.arg[1])))
    if a.tag in NAMED and a.arg is not None and b.arg is not None:
        names = a.arg | b.arg
        return Base(a.tag, names if len(names) <= _MAX_NAMES else None)
    return Base(a.tag, None)


def decks(b: Base) -> frozenset[str] | None:
    """The decks a card type's cards may be of (its arg: one deck's name, or a set of them)."""
    return None if b.arg is None else b.arg if isinstance(b.arg, frozenset) else frozenset((b.arg,))


def join(*types: frozenset[Base] | None) -> frozenset[Base] | None:
    """The union of types: a value of any of them. Any kind (None) absorbs the others."""
    if len(types) == 2:  # (the commonest: a kind joined with the same kind is itself)
        a, b = types
        if a is not None and b is not None and len(a) <= 1 and a == b:
            return a
    out: dict[Any, Base] = {}
    for t in types:
        if t is None:
            return None
        for b in t:
            key = (b.tag, tag_of(b)) if b.tag == LIST else b.tag
            out[key] = _merge(out[key], b) if key in out else b
    return frozenset(out.values())


def tag_of(b: Base) -> frozenset[str] | None:
    """A list's tag: the one name it holds at position 0, when the rules write it out with one
    (`[give, a, n]`: give). Lists of different tags are kept apart in a union, so that a test
    of the tag (`o[0] == give`) tells which one a value is (narrowing.py)."""
    if not b.items:
        return None
    first = b.items[0]
    if first is None or len(first) != 1:
        return None
    (only,) = first
    return only.arg if only.tag == SYMBOL and only.arg is not None and len(only.arg) == 1 else None


def joined(types: Iterable[frozenset[Base] | None]) -> frozenset[Base] | None:
    items = list(types)
    return join(*items) if items else frozenset()


WRITTEN = "written"  # the arg of a none the rules write (`none`), not one a built-in may give


def written_none(t: frozenset[Base] | None) -> bool:
    """Whether a value of type t may be a `none` the rules wrote: a branch, cell, constant or
    field that says `none` where the others give a value."""
    return t is not None and _WRITTEN_NONE in t


_WRITTEN_NONE = Base(NONE, WRITTEN)


def unwritten(t: frozenset[Base] | None) -> frozenset[Base] | None:
    """t with its written none as any none (a variable declared `none` may well be none)."""
    return None if t is None else frozenset(Base(NONE) if b.tag == NONE else b for b in t)


def without_none(t: frozenset[Base] | None) -> frozenset[Base] | None:
    if t is None:
        return None
    if len(t) == 1:  # (the commonest: one kind, none or not)
        for b in t:
            return _NOTHING if b.tag == NONE else t
    return frozenset(b for b in t if b.tag != NONE)


_NOTHING: frozenset[Base] = frozenset()


def element(t: frozenset[Base] | None) -> frozenset[Base] | None:
    """What `for each`, `in`, `where` and the queries go through a value of type t give, one by
    one: a list's items, a pile's cards, a bundle's token kinds (of what has no items, nothing)."""
    if t is None or not t:
        return t  # (any kind has items of any kind; nothing has none)
    parts: list[frozenset[Base] | None] = []
    for b in t:
        if b.tag == LIST:
            parts.append(b.arg)
        elif b.tag == PILE:
            parts.append(of(CARD) if b.arg is None or b.arg[1] is None else b.arg[1])
        elif b.tag == BUNDLE:
            parts.append(of(KIND))
    # (nothing else has items: going through a zone, a number or none stops a game, so it gives
    # no kind, not any kind, which would spread to whatever the loop's values reach: case 84506)
    return joined(parts) if parts else frozenset()


def items_of(t: frozenset[Base] | None) -> frozenset[Base] | None:
    """What `where` and `ordered by` give of a value of type t: a list (a pile's cards, a
    bundle's kinds), or the value itself if it is one."""
    if t is None:
        return None
    return unpositioned(join(*(list_of(element(frozenset((b,)))) if b.tag in (PILE, BUNDLE) else frozenset((b,))
                               for b in t)))


def disjoint(a: frozenset[Base] | None, b: frozenset[Base] | None) -> bool:
    """Whether no value of type a can equal a value of type b (the language's equality: a
    yes/no value never equals a number; texts equal texts of the same name)."""
    if a is None or b is None or not a or not b:
        return False
    return not any(_may_equal(x, y) for x in a for y in b)


def differ(a: frozenset[Base] | None, b: frozenset[Base] | None) -> bool:
    """Whether types a and b share no kind at all (names aside: two symbols are one kind)."""
    if a is None or b is None or not a or not b:
        return False
    return not {x.tag for x in a} & {y.tag for y in b}


def _may_equal(x: Base, y: Base) -> bool:
    if x.tag in NAMED and y.tag in NAMED:
        return x.arg is None or y.arg is None or bool(x.arg & y.arg)
    if x.tag != y.tag:
        return False
    if x.tag == LIST:
        return True  # (two empty lists are equal whatever they were meant to hold)
    if x.tag == CARD:
        return x.arg is None or y.arg is None or bool(decks(x) & decks(y))
    return True


def refuses(t: frozenset[Base] | None, accepted: frozenset[str]) -> bool:
    """True when a value of type t is surely none of the accepted kinds."""
    return t is not None and bool(t) and not any(b.tag in accepted for b in t)


def refuses_items(t: frozenset[Base] | None, accepted: frozenset[str], element: frozenset[str]) -> bool:
    """True when a value of type t, which may be a list, is surely neither one of the accepted
    kinds nor a list whose items are of the element kinds (`count(zone, 1..3)`: numbers)."""
    if t is None or not t or not any(b.tag == LIST for b in t):
        return False
    return all(refuses(b.arg, element) if b.tag == LIST else b.tag not in accepted for b in t)


def refuses_elements(t: frozenset[Base] | None, element_kinds: frozenset[str]) -> bool:
    """True when a value of type t is surely something with items (a list, a pile, a bundle)
    whose items are surely none of the element kinds (`sum` of a pile: cards, not numbers). A
    none beside it stops a game all the same."""
    if t is None or any(b.tag not in (LIST, PILE, BUNDLE, NONE) for b in t):
        return False
    lists = [b for b in t if b.tag != NONE]
    return bool(lists) and all(refuses(element(frozenset((b,))), element_kinds) for b in lists)


# ---------------------------------------------------------------- words
_WORDS = {NUMBER: "a number", YESNO: "yes or no", TEXT: "a text", NONE: "none", KIND: "a token kind",
          SYMBOL: "a symbol", SIDE: "a side (left or right)", ZNAME: "the name of a player zone",
          PNAME: "the name of a player pile", DECK: "a deck", BOARD: "a board", PLAYER: "a player",
          ZONE: "a zone", PILE: "a pile of cards", CARD: "a card", BUNDLE: "a bundle of tokens",
          LIST: "a list"}


def word(b: Base) -> str:
    if b.tag == LIST and tag_of(b):
        return f"a list [{next(iter(tag_of(b)))}, ...]"
    if b.tag == LIST and b.arg is not None and len(b.arg) == 1:
        inner = next(iter(b.arg))
        if inner.tag != LIST:
            return f"a list of {_plural(inner)}"
    if b.tag == LIST and b.arg == frozenset():
        return "an empty list"
    if b.tag == CARD and b.arg:
        return f"a card of deck {' or '.join(sorted(decks(b)))}"
    if b.tag == ZONE and b.arg:
        return f"a space of board {b.arg}"
    if b.tag == SYMBOL and b.arg and len(b.arg) <= 6:
        return f"one of {{{', '.join(sorted(b.arg))}}}"
    if b.tag == TEXT and b.arg and len(b.arg) == 1:
        return f'the text "{next(iter(b.arg))}"'
    return _WORDS[b.tag]


def _plural(b: Base) -> str:
    if b.tag == CARD and b.arg:
        return f"cards of deck {' or '.join(sorted(decks(b)))}"
    if b.tag == ZONE and b.arg:
        return f"spaces of board {b.arg}"
    text = word(b)
    for article in ("a ", "an "):
        if text.startswith(article):
            text = text[len(article):]
            return {"yes or no": "yes/no values", "bundle of tokens": "bundles of tokens",
                    "pile of cards": "piles of cards"}.get(text, text + "s")
    return text


def words(t: frozenset[Base] | None) -> str:
    """A type in a designer's words: "a number", "a card of deck food or none"."""
    if t is None:
        return "a value of any kind"
    if not t:
        return "nothing"
    # (kinds of one tag, lists of two tags, in the order of their words: a set's own order is
    # not the same from one run to the next, nor for two equal sets made in different orders)
    return " or ".join(w for _, w in sorted((_ORDER[b.tag], word(b)) for b in t))


_ORDER = {tag: i for i, tag in enumerate(TAGS)}


# ---------------------------------------------------------------- the operators, asked
def sample(b: Base) -> Any:
    """A value of kind b, to ask the shared operators about it."""
    tag = b.tag
    if tag == NUMBER:
        return 1
    if tag == YESNO:
        return True
    if tag in NAMED:
        return min(b.arg) if b.arg else "x"
    if tag == PLAYER:
        return PlayerRef(0)
    if tag == ZONE:
        return ZoneRef(None, "z")
    if tag == PILE:
        return PileRef(None, "p")
    if tag == CARD:
        return CardValue("c")
    if tag == BUNDLE:
        return {"k": 1}
    if tag == LIST:
        inner = b.arg
        return [sample(next(iter(inner)))] if inner is not None and len(inner) == 1 else []
    return None


def value_type(value: Any) -> frozenset[Base] | None:
    """The type of a value the operators gave back."""
    cls = value.__class__
    if cls is bool:
        return of(YESNO)
    if cls is int:
        return of(NUMBER)
    if value is None:
        return of(NONE)
    if cls is dict:
        return of(BUNDLE)
    if cls is list:
        return list_of(joined(value_type(v) for v in value) if value else None)
    return None


# Every kind, for an operand of any kind (its samples ask the operators about all of them).
ANY_BASES = tuple(Base(tag) for tag in TAGS)


@lru_cache(maxsize=8192)  # (an operand of any kind asks the operators about every kind)
def binary(op: str, left: frozenset[Base] | None, right: frozenset[Base] | None
           ) -> tuple[frozenset[Base] | None, ops.OperatorError | None]:
    """The type of `left op right` (an operator of operators.BINARY; "neg" and "not" with right
    None for the unary ones), and the refusal when the operator refuses every pair of kinds the
    operands may be (an operand of any kind, None, may be every kind)."""
    if left == frozenset() or right == frozenset():
        return frozenset(), None  # (a value of no kind yet: nothing to say)
    lefts = ANY_BASES if left is None else tuple(left)
    rights = (None,) if op in ("not", "neg") else ANY_BASES if right is None else tuple(right)
    results: list[frozenset[Base] | None] = []
    refusal: ops.OperatorError | None = None
    for a in lefts:
        for b in rights:
            try:
                value = ops.fold("-" if op == "neg" else op, sample(a)) if b is None \
                    else ops.fold(op, sample(a), sample(b))
            except ops.OperatorError as err:
                if err.wrong_type:
                    refusal = refusal or err
                else:
                    results.append(_result_of(op, a, b))
                continue
            results.append(_result_of(op, a, b) if value.__class__ in (list, dict) else value_type(value))
    if not results:
        return None, refusal
    return join(*results), None


def _result_of(op: str, a: Base, b: Base | None) -> frozenset[Base] | None:
    if op in ("==", "!=", "<", "<=", ">", ">=", "not"):
        return of(YESNO)
    if a.tag == LIST and b is not None and b.tag == LIST:
        return list_of(join(a.arg, b.arg))
    if a.tag == BUNDLE:
        return of(BUNDLE)
    return of(NUMBER)


class _Member(Exception):
    """A name looked up like `.name`: what it gives is the members' business."""


def _member(*_: Any) -> Any:
    raise _Member


@lru_cache(maxsize=8192)
def index_refusal(obj: frozenset[Base] | None, key: frozenset[Base] | None) -> ops.OperatorError | None:
    """The shared operators' refusal of `obj[key]` when they refuse every pair of kinds the two
    may be (operators.index, asked with samples); None when some pair is taken."""
    if obj == frozenset() or key == frozenset():
        return None
    refusal: ops.OperatorError | None = None
    for a in ANY_BASES if obj is None else tuple(obj):
        for b in ANY_BASES if key is None else tuple(key):
            try:
                ops.index(sample(a), sample(b), _member)
            except _Member:
                return None
            except ops.OperatorError as err:
                if not err.wrong_type:
                    return None
                refusal = refusal or err
            else:
                return None
    return refusal
