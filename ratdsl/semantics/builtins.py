"""Built-in functions of the rule language, one registry for every stage.

Each built-in is a frozen `Builtin` record: its name and signature, what of the game it reads,
whether it is pure, and the function that evaluates it. The evaluators call `evaluate` with a
context (the interpreter, or the summaries' static context), the calling node (for error
positions) and the evaluated values; the checker reports calls with the wrong number of values
from the signature; the summaries work out calls of pure built-ins with the same `evaluate`. None of them
reaches outside the game.

What a pure built-in may use of its context is `Context`; the others use the interpreter itself.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, Protocol

from .. import kernels
from ..language.builtin_names import BUILTIN_FUNCTIONS
from ..records import record
from .boards import layout as board_layout
from .operators import MAX_ITEMS, OperatorError, bounded, too_long
from .values import CardValue, PileRef, PlayerRef, ZoneRef, type_name


class Context(Protocol):
    """What a pure built-in reads of the evaluator calling it: conversions that raise its
    positioned errors, and the rule set (kinds, decks and cards are the same in every game):
    the definition `d` and what is worked out once from it, `rules` (engine/compiled.py's
    CompiledRules: the names of a deck's cards)."""

    d: Any
    rules: Any

    def number(self, value: Any, node: Any) -> int: ...
    def truth(self, value: Any, node: Any) -> bool: ...
    def iterable(self, value: Any, node: Any) -> list[Any]: ...
    def player(self, value: Any, node: Any) -> PlayerRef: ...
    def error(self, node: Any, message: str, hint: str | None = None) -> Exception: ...
    def charge(self, node: Any, items: int) -> None: ...


ITEMS_PER_STEP = 16  # items a built-in, `in` or `+` goes through for one step (none for fewer)


def item_steps(items: int) -> int:
    """The steps a built-in call, `in` or joining lists pays for going through `items` items:
    a step per ITEMS_PER_STEP of them (issue 39: work over a whole list is paid for, so a loop
    of `max(long)` stops at the budget in time proportionate to its work). It is cheaper than
    a query's item, which runs the rules' own expression for each: so a step per 16 items, and
    the short lists that rules test all the time (`s in fallen`) cost nothing more. The one rule
    of every engine: the reference and the flat target charge this."""
    return items // ITEMS_PER_STEP


def list_items(values: Any) -> int:
    """The steps a built-in call pays for the lists among its values (item_steps of each)."""
    return sum([len(v) // ITEMS_PER_STEP for v in values if v.__class__ is list])


def _paying(evaluate: Callable[..., Any]) -> Callable[..., Any]:
    """`evaluate` charged by list_items before it runs, in whatever context calls it."""

    def paying(interp, node, *values):
        items = list_items(values)
        if items:
            interp.charge(node, items)
        return evaluate(interp, node, *values)

    paying.unpaid = evaluate  # type: ignore[attr-defined]
    return paying


def unpaid(builtin: Builtin) -> Callable[..., Any]:
    """A built-in's `evaluate` without its charge for lists: for an evaluator that charges
    list_items itself (the tree-walker, which pays before it calls)."""
    return builtin.evaluate.unpaid  # type: ignore[attr-defined]


def _numbers(interp, node, values) -> list[int]:
    if len(values) == 1 and isinstance(values[0], list):
        values = values[0]
    return [interp.number(v, node) for v in values]


def _min(interp, node, *values):
    if len(values) == 2 and values[0].__class__ is int and values[1].__class__ is int:
        return min(values)
    nums = _numbers(interp, node, values)
    if not nums:
        raise interp.error(node, "min of nothing")
    return min(nums)


def _max(interp, node, *values):
    if len(values) == 2 and values[0].__class__ is int and values[1].__class__ is int:
        return max(values)
    nums = _numbers(interp, node, values)
    if not nums:
        raise interp.error(node, "max of nothing")
    return max(nums)


def _sum(interp, node, values):
    return _bounded(interp, node, sum(_numbers(interp, node, [interp.iterable(values, node)])))


def _bounded(interp, node, value: int) -> int:
    """A number the builtin made, checked against the limit of numbers (operators.bounded)."""
    try:
        return bounded(value)
    except OperatorError as err:
        raise _limit(interp, node, err) from None


def _limit(interp, node, err: OperatorError) -> Exception:
    """A limit's refusal as the context's positioned error, with the limit's code (a context's
    `error` makes R001 errors; the summaries' static one takes no code)."""
    error = interp.error(node, err.message)
    error.code = err.code
    return error


def _len(interp, node, values):
    return len(interp.iterable(values, node))


def _size(interp, node, thing):
    """Tokens in a zone (or zones), cards in a pile, tokens in a bundle, items in a list."""
    if isinstance(thing, ZoneRef):
        return sum(interp.read_zones[thing].values())
    if isinstance(thing, PileRef):
        return len(interp.state.piles[thing])
    if isinstance(thing, dict):
        return sum(thing.values())
    if isinstance(thing, list) and all(isinstance(z, ZoneRef) for z in thing):
        return sum(sum(interp.read_zones[z].values()) for z in thing)
    return len(interp.iterable(thing, node))


def _count(interp, node, zones, kind):
    """count(ZONE or [ZONES], KIND or [KINDS]): tokens of those kinds in those zones."""
    read = interp.read_zones
    if kind.__class__ is str and kind in interp.d.kinds:
        if zones.__class__ is ZoneRef:
            return read[zones].get(kind, 0)
        return sum([read[z].get(kind, 0) for z in interp.zones(zones, node)])
    kinds = interp.kinds_of(kind, node)
    total = 0
    for z in interp.zones(zones, node):
        contents = read[z]
        total += sum([contents.get(k, 0) for k in kinds])
    return total


def _kinds(interp, node, thing):
    """The kinds present in a zone or bundle, in declaration order."""
    contents = interp.read_zones[thing] if isinstance(thing, ZoneRef) else thing
    if not isinstance(contents, dict):
        raise interp.error(node, "kinds() takes a zone or a bundle")
    return [k for k in interp.d.kinds if contents.get(k)]


def _pieces(interp, node, thing):
    """Every token in a zone or bundle, one list entry each, in declaration order."""
    contents = interp.read_zones[thing] if isinstance(thing, ZoneRef) else thing
    if not isinstance(contents, dict):
        raise interp.error(node, "pieces() takes a zone or a bundle")
    total = sum(n for n in contents.values() if n > 0)
    if total > MAX_ITEMS:  # the list is refused before it is made
        raise _limit(interp, node, too_long(total))
    pieces: list[str] = []
    for k in interp.d.kinds:
        n = contents.get(k)
        if n and n > 0:
            pieces += [k] * n
    return pieces


def _contents(interp, node, zone):
    return {k: v for k, v in interp.read_zones[interp.zone(zone, node)].items() if v}


def _one_of_each(interp, node, kinds):
    return {k: 1 for k in interp.iterable(kinds, node)}


def _neighbour(interp, node, player, side):
    p = interp.player(player, node)
    step = interp.left_step  # +1 seat with clockwise seating, -1 with counterclockwise
    if side == "left":
        return interp.player_refs[(p.seat + step) % interp.n]
    if side == "right":
        return interp.player_refs[(p.seat - step) % interp.n]
    raise interp.error(node, f"a side is left or right, not {side!r}")


def _opposite(interp, node, side):
    if side not in ("left", "right"):
        raise interp.error(node, f"a side is left or right, not {side!r}")
    return "right" if side == "left" else "left"


def _rank(interp, node, player):
    """0 for the active player, 1 for the next to their left, ...: the tie order."""
    return ((interp.player(player, node).seat - interp.state.active) * interp.left_step) % interp.n


def _seat(interp, node, player):
    return interp.player(player, node).seat + 1


def _top(interp, node, pile):
    cards = interp.state.piles[interp.pile(pile, node)]
    return cards[0] if cards else None


def _cards(interp, node, deck):
    if deck not in interp.d.decks:
        raise interp.error(node, f"unknown deck {deck!r}")
    return [CardValue(name) for name in interp.rules.deck_cards(deck)]  # (names worked out once per rule set)


def _sample(interp, node, n, items):
    items = interp.iterable(items, node)
    n = interp.number(n, node)
    if n < 0:
        raise interp.error(node, f"cannot pick {n} items: the number to pick is 0 or more")
    if n > len(items):
        raise interp.error(node, f"cannot pick {n} of {len(items)}")
    picked = interp.chance.sample(items, n)
    interp.log.emit("random", what="pick", result=[str(i) for i in picked])
    return picked


def _pick(interp, node, items):
    items = interp.iterable(items, node)
    if not items:
        return None
    return _sample(interp, node, 1, items)[0]


def _share_in_turn(interp, node, total, claims):
    """Hands out `total` one at a time to the claims in list order, round after round, until
    every claim is met or nothing is left. Returns what each claim got (share_out)."""
    left = max(0, interp.number(total, node))
    return share_out(left, [max(0, interp.number(c, node)) for c in interp.iterable(claims, node)])


def share_out(left: int, wanted: list[int]) -> list[int]:
    """share_in_turn's meaning for whole numbers `left` >= 0 and claims `wanted` >= 0: worked
    out, not played out one at a time (a total of 10^18 takes no longer than 1). The flat
    target (engine/flat) calls this too."""
    if sum(wanted) <= left:
        return wanted
    # `rounds` full rounds hand out sum(min(w, rounds)); find the most that `left` pays for.
    low, high = 0, max(wanted)
    while low < high:
        mid = (low + high + 1) // 2
        if sum([min(w, mid) for w in wanted]) <= left:
            low = mid
        else:
            high = mid - 1
    got = [min(w, low) for w in wanted]
    left -= sum(got)
    for i, w in enumerate(wanted):  # the last, partial round, in list order
        if left and w > low:
            got[i] += 1
            left -= 1
    return got


share_out = kernels.twin(share_out)  # (compiled when ratdsl/kernels.py says so: the same shares)


# plans: simultaneous resolution
def _share_evenly(interp, node, total, claims):
    """Shares `total` out evenly: every claim gets the same amount (or all it asks, if less), the
    most that `total` pays for; what cannot be shared evenly is left over (share_equal)."""
    left = max(0, interp.number(total, node))
    return share_equal(left, [max(0, interp.number(c, node)) for c in interp.iterable(claims, node)])


def share_equal(left: int, wanted: list[int]) -> list[int]:
    """share_evenly's meaning: share_in_turn's full rounds without its last, partial one."""
    got = share_out(left, wanted)
    short = [g for g, w in zip(got, wanted) if g < w]
    if not short:
        return got
    level = min(short)  # a claim left short got the full rounds only
    return [min(w, level) for w in wanted]
# end plans


def _zones(interp, node, player, names):
    seat = interp.player(player, node).seat
    refs = interp.zone_refs
    out = []
    for name in interp.iterable(names, node):
        by_seat = refs.get(name) if name.__class__ is str else None
        if by_seat is None:
            raise interp.error(node, f"{name!r} is not a player zone")
        out.append(by_seat[seat])
    return out


def _first(interp, node, items):
    items = interp.iterable(items, node)
    return items[0] if items else None


def _first_n(interp, node, items, n):
    return interp.iterable(items, node)[: max(0, interp.number(n, node))]


def _owner(interp, node, thing):
    if isinstance(thing, (ZoneRef, PileRef)):
        return PlayerRef(thing.owner) if thing.owner is not None else None
    if isinstance(thing, CardValue):
        # The first pile holding a card equal to it: cards are equal by name (CardValue.__eq__),
        # so their names are compared, without a call of __eq__ for each card of each pile.
        name, exact = thing.name, thing.__class__ is CardValue
        for ref, cards in interp.state.piles.items():
            if cards and ((name in map(_card_name, cards)) if exact else (thing in cards)):
                return PlayerRef(ref.owner) if ref.owner is not None else None
        return None
    raise interp.error(node, "owner() takes a zone, a pile or a card")


_card_name = attrgetter("name")  # (piles hold cards only)


def _flatten(interp, node, lists):
    """The items of each list in turn: `flatten([[1, 2], [3]])` is [1, 2, 3]. Each item must be
    a list (or a pile, whose cards it gives); the result is refused past MAX_ITEMS (R007)."""
    parts = [interp.iterable(part, node) for part in interp.iterable(lists, node)]
    total = sum([len(part) for part in parts])
    if total > MAX_ITEMS:  # refused before it is made
        raise _limit(interp, node, too_long(total))
    out: list[Any] = []
    for part in parts:
        out += part
    return out


def _unique(interp, node, items):
    """The items without repeats, each where it first appears, by the language's equality (so
    `true` and `1` are two items; two copies of a card are one)."""
    seen: set[Any] = set()
    out = []
    for item in interp.iterable(items, node):
        key = _equality_key(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _equality_key(value: Any) -> Any:
    """A hashable key that two values share exactly when the language finds them equal
    (operators.equal): yes/no apart from numbers, lists item by item, bundles by their counts.
    Recursive: a value nests at most values.MAX_VALUE_DEPTH deep."""
    cls = value.__class__
    if cls is bool:
        return ("yes/no", value)
    if cls is list:
        return ("list", tuple(_equality_key(v) for v in value))
    if cls is dict:
        return ("bundle", tuple(sorted(value.items())))
    return ("value", value)


equality_key = _equality_key  # (what engine/plans.py matches a plan's likely options with)


def _any(interp, node, items):
    return any(interp.truth(i, node) for i in interp.iterable(items, node))


def _all(interp, node, items):
    return all(interp.truth(i, node) for i in interp.iterable(items, node))


# boards: the spaces in play, their edges and distances, at the game's number of players
def _space(interp, node, value) -> str:
    """The name of the space a value stands for (any owner's zone of it), which must be in play."""
    spaces = interp.d.spaces
    if value.__class__ is not ZoneRef or value.name not in spaces:
        raise interp.error(node, f"expected a space of a board, got {_shown(value)}")
    if value.name not in board_layout(interp.d, interp.n).in_play:
        raise interp.error(node, f"space {value.name} is not on the board with {interp.n} players",
                           "a space declared `for A..B players` is in play only then")
    return value.name


def _shown(value) -> str:
    text = str(value) if value.__class__ in (ZoneRef, PlayerRef, CardValue, int) else type_name(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _spaces(interp, node, board):
    """The spaces of a board in play at this number of players, in the order it declares them."""
    layout = board_layout(interp.d, interp.n)
    if board.__class__ is not str or board not in layout.spaces:
        raise interp.error(node, f"expected a board, got {_shown(board)}")
    return list(layout.spaces[board])


def _neighbours(interp, node, space):
    """The spaces one edge leads to from a space (both-way edges and its own one-way edges)."""
    return list(board_layout(interp.d, interp.n).neighbours[_space(interp, node, space)])


def _adjacent(interp, node, a, b):
    """Whether an edge leads from space a to space b."""
    target = _space(interp, node, b)
    return any(s.name == target for s in board_layout(interp.d, interp.n).neighbours[_space(interp, node, a)])


def _distance(interp, node, a, b):
    """The fewest edges from space a to space b (0 from a space to itself), none when no path
    of edges leads there."""
    return board_layout(interp.d, interp.n).distance(_space(interp, node, a), _space(interp, node, b))


def _room(interp, node, space):
    """How many more tokens a space takes before it is full, every owner's counted; none for a
    space without a capacity."""
    name = _space(interp, node, space)
    cap = board_layout(interp.d, interp.n).capacities.get(name)
    if cap is None:
        return None
    read = interp.read_zones
    held = sum(read[ZoneRef(None, name)].values())
    for seat in range(interp.n):
        held += sum(read[ZoneRef(seat, name)].values())
    return cap - held


# turns: orders of play. Players sit P1, P2, ... clockwise round the table (whatever `seating`
# says "left" is); each order is a list of players.
def _clockwise(interp, node, player, skip=0, step=1):
    seat, n = interp.player(player, node).seat, interp.n
    return [interp.player_refs[(seat + step * (i + skip)) % n] for i in range(n)]


def _counter_clockwise(interp, node, player):
    return _clockwise(interp, node, player, 0, -1)


def _clockwise_after(interp, node, player):
    """"Starting with the player after X", clockwise: X comes last."""
    return _clockwise(interp, node, player, 1)


def _counter_clockwise_after(interp, node, player):
    return _clockwise(interp, node, player, 1, -1)


def _snake(interp, node, player):
    """Clockwise from the player, then back counter-clockwise from the last: each player twice."""
    there = _clockwise(interp, node, player)
    return there + there[::-1]


# What a built-in may read of the game besides its arguments (a pile it is handed is read like
# any list, through the context's `iterable`).
ZONES, PILES, PLAYERS, CHANCE = "zones", "piles", "players", "chance"
BOARD = "board"  # the spaces in play and their edges, which depend on the number of players


@record(frozen=True)
class Builtin:
    """One built-in function.

    params: the parameter names, for messages and docs ("..." for any number more);
    min_args / max_args: how many values a call may give (max None: no limit);
    reads: what of the game it reads besides its arguments (ZONES, PILES, PLAYERS: the seating
      and the active player, CHANCE: it draws at random and logs the draw, BOARD: the spaces in
      play at this number of players);
    evaluate: `evaluate(context, node, *values)`, the one meaning of the built-in;
    returns: what it always gives, when it is one kind of value ("number", "yes/no", "list",
      "bundle", "player", "kinds": a list of token kinds), shown by the editor's hover (lsp/hover.py);
    takes: the kinds of value each parameter accepts, as the evaluator's conversions accept them
      (words of semantics/types.py ACCEPTS; the last one repeats for "..."), for the checker;
    gives: the type of its value, in the words of semantics/types.py GIVES (`item?0`: an item
      of the first value, or none), for the static types.
    """

    name: str
    params: tuple[str, ...]
    min_args: int
    max_args: int | None
    reads: frozenset[str]
    evaluate: Callable[..., Any]
    returns: str | None = None
    takes: tuple[str, ...] = ()
    gives: str = "any"

    @property
    def pure(self) -> bool:
        """Its value depends on its arguments alone: the same in every game, so a summary may
        work it out before any game is played (through a context that reads no game)."""
        return not self.reads

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(self.params)})"

    def accepts(self, count: int) -> bool:
        """Whether a call with `count` values has the right number of them."""
        return self.min_args <= count and (self.max_args is None or count <= self.max_args)


def _builtin(name: str, params: str, evaluate: Callable[..., Any], reads: tuple[str, ...] = (),
             returns: str | None = None, at_least: int | None = None,
             takes: str = "", gives: str = "any") -> Builtin:
    names = tuple(p.strip() for p in params.split(",") if p.strip())
    fixed = len([p for p in names if p != "..."])
    more = "..." in names
    return Builtin(name, names, fixed if at_least is None else at_least, None if more else fixed,
                   frozenset(reads), _paying(evaluate), returns, tuple(takes.split()), gives)


_REGISTRY = [
    _builtin("min", "a, b, ...", _min, returns="number", at_least=1, takes="numbers", gives="number"),
    _builtin("max", "a, b, ...", _max, returns="number", at_least=1, takes="numbers", gives="number"),
    # (a lambda, as ever: a wrong call's runtime message quotes the Python function's name)
    _builtin("abs", "n", lambda i, n, v: abs(i.number(v, n)), returns="number", takes="number", gives="number"),
    _builtin("sum", "list", _sum, returns="number", takes="items", gives="number"),
    _builtin("len", "x", _len, returns="number", takes="items", gives="number"),
    _builtin("size", "x", _size, (ZONES, PILES), returns="number", takes="sized", gives="number"),
    _builtin("count", "zones, kinds", _count, (ZONES,), returns="number",
             takes="zones kinds", gives="number"),
    _builtin("kinds", "zone_or_bundle", _kinds, (ZONES,), returns="kinds", takes="zone_or_bundle", gives="list:kind"),
    _builtin("pieces", "zone_or_bundle", _pieces, (ZONES,), returns="kinds", takes="zone_or_bundle", gives="list:kind"),
    _builtin("contents", "zone", _contents, (ZONES,), returns="bundle", takes="zone", gives="bundle"),
    _builtin("one_of_each", "kinds", _one_of_each, returns="bundle", takes="items", gives="bundle"),
    _builtin("neighbour", "player, side", _neighbour, (PLAYERS,), returns="player",
             takes="player side", gives="player"),
    _builtin("opposite", "side", _opposite, takes="side", gives="side"),
    _builtin("rank", "player", _rank, (PLAYERS,), returns="number", takes="player", gives="number"),
    _builtin("seat", "player", _seat, returns="number", takes="player", gives="number"),
    _builtin("top", "pile", _top, (PILES,), takes="pile", gives="item?0"),
    _builtin("cards", "deck", _cards, returns="list", takes="deck", gives="cards@0"),
    _builtin("sample", "n, list", _sample, (CHANCE,), returns="list", takes="number items", gives="items@1"),
    _builtin("pick", "list", _pick, (CHANCE,), takes="items", gives="item?0"),
    _builtin("share_in_turn", "total, claims", _share_in_turn, returns="list",
             takes="number items", gives="list:number"),
    _builtin("zones", "player, names", _zones, (PLAYERS,), returns="list",
             takes="player items", gives="list:zone"),
    _builtin("first", "list", _first, takes="items", gives="item?0"),
    _builtin("first_n", "list, n", _first_n, returns="list", takes="items number", gives="items@0"),
    _builtin("owner", "thing", _owner, (PILES,), takes="owned", gives="player?"),
    _builtin("any", "list", _any, returns="yes/no", takes="items", gives="yes/no"),
    _builtin("all", "list", _all, returns="yes/no", takes="items", gives="yes/no"),
    _builtin("flatten", "lists", _flatten, returns="list", takes="items", gives="flat@0"),
    _builtin("unique", "list", _unique, returns="list", takes="items", gives="items@0"),
    _builtin("spaces", "board", _spaces, (BOARD,), returns="list", takes="board", gives="spaces@0"),
    _builtin("neighbours", "space", _neighbours, (BOARD,), returns="list", takes="zone", gives="list:zone"),
    _builtin("adjacent", "a, b", _adjacent, (BOARD,), returns="yes/no", takes="zone zone", gives="yes/no"),
    _builtin("distance", "a, b", _distance, (BOARD,), takes="zone zone", gives="number?"),
    _builtin("room", "space", _room, (ZONES, BOARD), takes="zone", gives="number?"),
    # turns: orders of play
    _builtin("clockwise", "player", _clockwise, (PLAYERS,), returns="list", takes="player", gives="list:player"),
    _builtin("counter_clockwise", "player", _counter_clockwise, (PLAYERS,), returns="list",
             takes="player", gives="list:player"),
    _builtin("clockwise_after", "player", _clockwise_after, (PLAYERS,), returns="list",
             takes="player", gives="list:player"),
    _builtin("counter_clockwise_after", "player", _counter_clockwise_after, (PLAYERS,), returns="list",
             takes="player", gives="list:player"),
    _builtin("snake", "player", _snake, (PLAYERS,), returns="list", takes="player", gives="list:player"),
    _builtin("share_evenly", "total, claims", _share_evenly, returns="list",
             takes="number items", gives="list:number"),  # plans
]

BUILTINS: dict[str, Builtin] = {b.name: b for b in _REGISTRY}
if tuple(BUILTINS) != BUILTIN_FUNCTIONS:  # the language's list of names (for the highlighter)
    raise ImportError("ratdsl/language/builtin_names.py and the builtin registry list different names")
