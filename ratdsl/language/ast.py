"""Typed AST of the rule language: frozen dataclasses, each carrying the span it was parsed from.

Spans let every later stage (checker, interpreter, summaries) point back at the rule text.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field, fields, is_dataclass
from typing import Any

from ..records import check_fields, lazy_init, signature_doc


@dataclass(frozen=True)
class Span:
    """A stretch of a rule file, 1-based lines and columns; end is exclusive."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


NO_SPAN = Span("<builtin>", 0, 0, 0, 0)

# information: who may see a pile's cards, a variable or a card field. `public` is everyone (the
# default, as before), `owner` the player whose pile or variable it is, `hidden` nobody. A field
# marked so is left out of exports that use none of it (OMITTED_WHEN_DEFAULT).
PUBLIC, OWNER, HIDDEN = "public", "owner", "hidden"
VISIBILITIES = (PUBLIC, OWNER, HIDDEN)
FACINGS = ("up", "down")
OMITTED_WHEN_DEFAULT = {"omit_default": True}


def _compared(cls: type) -> tuple[str, ...]:
    """The fields equality compares (all but the span), remembered per class."""
    names = cls.__dict__.get("_compared_fields")
    if names is None:
        names = tuple(f.name for f in fields(cls) if f.compare)
        cls._compared_fields = names
    return names


# Making the node classes dataclasses: `dataclass(frozen=True)` writes an __init__, __setattr__
# and __delattr__ for each class as Python source and compiles it, and works out a signature for
# each class without a docstring; for the ninety-odd node classes that was most of the time it
# takes to start `ratdsl check` (issue 13). `node` gets the same dataclasses with no code compiled
# at import: assignment and deletion are refused once, in Node, and each class's __init__ is
# compiled when the class is first constructed (ratdsl/records.py). A load whose files come from
# the parse cache unpickles its nodes without calling __init__, so it compiles none
# (tests/test_ast_nodes.py holds these classes to what `dataclass(frozen=True)` makes).


def node(cls: type) -> type:
    """A node class as a dataclass whose instances cannot be changed (see above): fields,
    `dataclasses.fields`, `replace` and keyword-only fields as `dataclass` has them."""
    undocumented = cls.__doc__ is None
    if undocumented:
        cls.__doc__ = cls.__name__  # (completed below: dataclass would ask `inspect` for it)
    dataclass(init=False, eq=False, repr=False)(cls)
    check_fields(cls)
    if undocumented:
        cls.__doc__ = signature_doc(cls)
    cls.__init__ = lazy_init(cls)
    return cls


@node
class Node:
    """The base of every node. Nodes are dataclasses that cannot be changed once made (`node`)
    and that compare by their fields, never by their span. Equality, hashing and repr are written
    once here rather than generated for each of the node classes."""

    span: Span = field(default=NO_SPAN, compare=False, kw_only=True)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _compared(self.__class__))

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, *(getattr(self, n) for n in _compared(self.__class__))))

    def __repr__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        return f"{self.__class__.__qualname__}({args})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


# ---------------------------------------------------------------- expressions
@node
class Expr(Node):
    pass


@node
class IntLit(Expr):
    value: int


@node
class StrLit(Expr):
    value: str


@node
class BoolLit(Expr):
    value: bool


@node
class NoneLit(Expr):
    pass


@node
class Name(Expr):
    id: str


@node
class Attr(Expr):
    obj: Expr
    name: str


@node
class Index(Expr):
    obj: Expr
    key: Expr


@node
class Call(Expr):
    func: str
    args: tuple[Expr, ...]


@node
class BinOp(Expr):
    op: str
    left: Expr
    right: Expr


@node
class BoolOp(Expr):
    op: str  # "and" | "or"
    items: tuple[Expr, ...]


@node
class Not(Expr):
    operand: Expr


@node
class Neg(Expr):
    operand: Expr


@node
class RangeExpr(Expr):
    low: Expr
    high: Expr


@node
class InExpr(Expr):
    item: Expr
    container: Expr


@node
class ListLit(Expr):
    items: tuple[Expr, ...]


@node
class Comprehension(Expr):
    element: Expr
    var: str
    source: Expr
    condition: Expr | None


@node
class ForClause(Node):
    """One `for NAME in SOURCE [if CONDITION]` of a comprehension with several of them."""

    var: str
    source: Expr
    condition: Expr | None


@node
class NestedComprehension(Expr):
    """`[ELEMENT for a in xs for b in ys if c]`: two or more `for` clauses (one is a
    `Comprehension`), each inside the one before it, so a later source may read earlier names."""

    element: Expr
    clauses: tuple[ForClause, ...]


@node
class LetIn(Expr):
    """`let NAME = VALUE in BODY`: BODY with NAME standing for VALUE (worked out once)."""

    name: str
    value: Expr
    body: Expr


@node
class BundleLit(Expr):
    items: tuple[tuple[str, Expr], ...]


@node
class IfExpr(Expr):
    condition: Expr
    then: Expr
    otherwise: Expr


@node
class Where(Expr):
    """`LIST where COND`: keeps the elements for which COND holds; `it` names the element."""

    source: Expr
    condition: Expr


@node
class Ordered(Expr):
    """`LIST ordered by KEY`: a stable sort, so ties keep list order (players: active first)."""

    source: Expr
    key: Expr
    descending: bool


@node
class Extreme(Expr):
    """`LIST with most KEY` / `with fewest KEY`: the first element with the extreme key."""

    source: Expr
    key: Expr
    most: bool


@node
class AtPhaseStart(Expr):
    """`at_phase_start(EXPR)`: EXPR evaluated on the state as it was when the phase began."""

    operand: Expr


# ---------------------------------------------------------------- statements
@node
class Stmt(Node):
    pass


@node
class Block(Node):
    stmts: tuple[Stmt, ...]


@node
class Let(Stmt):
    name: str
    value: Expr


@node
class Set(Stmt):
    target: Expr
    value: Expr


@node
class If(Stmt):
    condition: Expr
    then: Block
    otherwise: Block | None


@node
class ForEach(Stmt):
    var: str
    source: Expr
    body: Block


@node
class While(Stmt):
    condition: Expr
    body: Block


@node
class Repeat(Stmt):
    count: Expr
    body: Block


@node
class Quantity(Node):
    mode: str  # "all" | "up_to" | "exact"
    amount: Expr | None


@node
class Move(Stmt):
    quantity: Quantity
    what: Expr | None
    source: Expr
    dest: Expr


@node
class Draw(Stmt):
    quantity: Quantity
    source: Expr
    dest: Expr


@node
class Shuffle(Stmt):
    pile: Expr


@node
class Place(Stmt):
    cards: Expr
    where: str  # "top" | "bottom"
    pile: Expr


@node
class Reveal(Stmt):
    count: Expr
    source: Expr
    dest: Expr


@node
class AskMay(Stmt):
    player: Expr
    id: str
    body: Block
    otherwise: Block | None


@node
class AskChoose(Stmt):
    player: Expr
    id: str
    var: str
    options: Expr
    optional: bool
    body: Block


@node
class DistLimit(Node):
    kind: str  # "most" | "least"
    amount: Expr
    zones: Expr


@node
class AskDistribute(Stmt):
    player: Expr
    id: str
    amount: Expr
    source: Expr
    targets: Expr
    limits: tuple[DistLimit, ...]


@node
class Do(Stmt):
    rule: str
    args: tuple[Expr, ...]


@node
class Secretly(Stmt):
    body: Block


# plans
@node
class Plan(Stmt):
    """`plan ID for each VAR in PLAYERS: choose COUNT from OPTIONS [or pass] into NAME`: every
    player of the list commits COUNT choices (decision `ID`) that nobody else sees; once all have
    planned, each plan (a list, `none` for a step passed) is set into their variable NAME at once.
    `id` and `optional` are named as in AskChoose: each step is asked as that choice. `likely`
    (`likely EXPR`, with `it` the steps chosen so far) lists before each step the options the
    rules expect to run: agents playing at random choose among those; a human is offered all."""

    id: str
    var: str
    players: Expr
    count: Expr
    options: Expr
    optional: bool
    into: str
    likely: Expr | None = field(default=None, metadata=OMITTED_WHEN_DEFAULT)
# end plans


@node
class EndGame(Stmt):
    # turns: `end game` counts the round it runs in as played; `end game not counting the
    # round` does not (a game that ends before its round is played).
    counts_round: bool = field(default=True, metadata=OMITTED_WHEN_DEFAULT)


@node
class Say(Stmt):
    message: str
    args: tuple[Expr, ...]


@node
class Assert(Stmt):
    """`assert CONDITION "message"`: the game stops with a positioned error (R009) when false."""

    condition: Expr
    message: str


@node
class Show(Stmt):
    """`show CARDS to PLAYER`: one player (and only that player's agent) sees the cards."""

    cards: Expr
    player: Expr


@node
class Create(Stmt):
    what: Expr
    where: Expr


# ---------------------------------------------------------------- turns
# When a game-end condition is tested: at the end of every turn, of every round, or after every
# step and action ("at once").
END_OF_TURN, END_OF_ROUND, AT_ONCE = "turn", "round", "once"


@node
class Turn(Stmt):
    """`turn PLAYER { ... }`: the player's turn. Actions are taken in it (`act`), each action's
    per-turn limit counts from its start, and the legal abilities are offered before each of its
    statements and after the last."""

    player: Expr
    body: Block


@node
class Act(Stmt):
    """`act A` (A if it is legal), `act one of A, B [or pass]` (the player picks one legal action),
    `act A, B in any order` (each legal one, in the order the player picks), `act any of A, B
    until pass` (legal actions until the player passes or none is left)."""

    mode: str  # "one", "choose", "any_order", "until_pass"
    actions: tuple[str, ...]
    optional: bool = False  # `or pass` (always for `until pass`)


ACT_MODES = ("one", "choose", "any_order", "until_pass")


@node
class Ending(Node):
    """`ends at end of turn|end of round|once when CONDITION` in the game header."""

    moment: str  # END_OF_TURN, END_OF_ROUND or AT_ONCE
    condition: Expr


# ---------------------------------------------------------------- declarations
@node
class Decl(Node):
    """A top-level definition. `kind` and `name` identify it for variants and translations."""

    @property
    def kind(self) -> str:
        return type(self).__name__.lower()

    @property
    def key(self) -> str:
        return f"{self.kind} {getattr(self, 'name', '')}".strip()


@node
class Game(Decl):
    name: str
    title: str
    min_players: int
    max_players: int
    seating: str
    max_rounds: int | None = None  # `at most N rounds` (None: the engine's default)
    end_after: int | None = None  # `ends after N rounds`: the game ends once round N is played
    # turns: `ends at end of turn|end of round|once when CONDITION`, in the order written
    endings: tuple[Ending, ...] = field(default=(), metadata=OMITTED_WHEN_DEFAULT)


@node
class ModuleHeader(Decl):
    name: str
    title: str
    requires: str

    @property
    def kind(self) -> str:
        return "module"


@node
class VariantHeader(Decl):
    name: str
    title: str
    extends: str
    modules: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "variant"


@node
class Option(Decl):
    name: str
    title: str | None
    values: tuple[Any, ...]
    default: Any


@node
class Tokens(Decl):
    names: tuple[str, ...]

    @property
    def key(self) -> str:
        return "tokens " + ",".join(self.names)


@node
class Symbols(Decl):
    names: tuple[str, ...]

    @property
    def key(self) -> str:
        return "symbols " + ",".join(self.names)


@node
class Const(Decl):
    name: str
    value: Expr


@node
class Zone(Decl):
    names: tuple[str, ...]
    per_player: bool

    @property
    def key(self) -> str:
        return "zone " + ",".join(self.names)


@node
class Pile(Decl):
    names: tuple[str, ...]
    per_player: bool
    visibility: str = field(default=PUBLIC, metadata=OMITTED_WHEN_DEFAULT)  # information
    facing: str | None = field(default=None, metadata=OMITTED_WHEN_DEFAULT)  # information

    @property
    def key(self) -> str:
        return "pile " + ",".join(self.names)


@node
class Var(Decl):
    name: str
    value: Expr
    per_player: bool
    visibility: str = field(default=PUBLIC, metadata=OMITTED_WHEN_DEFAULT)  # information


@node
class Deck(Decl):
    name: str
    title: str | None
    fields: tuple[str, ...]
    active: Expr | None
    # information: (field, visibility) of each field declared with one (`public`: also on its back)
    field_visibility: tuple[tuple[str, str], ...] = field(default=(), metadata=OMITTED_WHEN_DEFAULT)


@node
class CardField(Node):
    name: str
    value: Expr


@node
class OnEvent(Node):
    event: str
    body: Block


@node
class Modify(Decl):
    name: str
    params: tuple[str, ...]
    condition: Expr | None
    value: Expr

    @property
    def key(self) -> str:
        return f"modify {self.name}@{self.span.line}"


@node
class Hook(Decl):
    time: str  # "before" | "after" | "instead"
    name: str
    params: tuple[str, ...]
    condition: Expr | None
    body: Block

    @property
    def key(self) -> str:
        return f"{self.time} {self.name}@{self.span.line}"


@node
class Card(Decl):
    name: str
    deck: str
    title: str | None
    fields: tuple[CardField, ...]
    handlers: tuple[OnEvent, ...]
    modifiers: tuple[Modify, ...]
    hooks: tuple[Hook, ...]


@node
class TableRow(Node):
    low: int | None
    high: int | None  # None with low None: the `otherwise` row


@node
class TableEntry(Node):
    row: TableRow
    value: Expr


@node
class Table(Decl):
    name: str
    param: str
    title: str | None
    rows: tuple[TableEntry, ...]


@node
class PersonaWeight(Node):
    decision: str
    option: str
    weight: Expr


@node
class Persona(Decl):
    name: str
    title: str | None
    weights: tuple[PersonaWeight, ...]


@node
class Metric(Decl):
    """`metric NAME "Title" = tokens KINDS [from ZONE] [into ZONE] [during PHASE[.STEP]]`: what a
    simulation counts per game, from the moves in the game log (zone names, any owner)."""

    name: str
    title: str
    kinds: Expr
    source: str | None
    dest: str | None
    phase: str | None
    step: str | None


@node
class Invariant(Decl):
    """`invariant NAME "title" = CONDITION`: a fact of the rules' data (consts, cards, tables,
    options, the number of players) that `ratdsl check` works out for every setting it can."""

    name: str
    title: str | None
    condition: Expr


# boards
@node
class Space(Node):
    """`space NAME ["Title"] [for LOW..HIGH players] { FIELD = EXPR ... capacity N }`: one space
    of a board. `players` (low, high) leaves it out at other numbers of players; `capacity` is
    the most tokens it holds, every owner's counted (None: the board's, or no limit)."""

    name: str
    title: str | None
    players: tuple[int, int] | None
    capacity: int | None
    fields: tuple[CardField, ...]


@node
class Edge(Node):
    """`edge A -- B, C` (both ways) or `edge A -> B, C` (from A only): edges of a board."""

    source: str
    targets: tuple[str, ...]
    one_way: bool


@node
class Board(Decl):
    """`board NAME ["Title"] { fields ...  capacity N  space ...  edge ... }`: a map of spaces.
    Each space is a shared zone (pieces nobody owns) and a zone of each player (their pieces in
    that space), so moves, views, logs and conservation treat board pieces as any tokens."""

    name: str
    title: str | None
    fields: tuple[str, ...]
    capacity: int | None
    spaces: tuple[Space, ...]
    edges: tuple[Edge, ...]


@node
class Action(Decl):
    """turns: `action NAME(P) "Title" { only if ..., at most N per turn, cost ..., effect {...} }`,
    or `ability` (offered between the statements of every turn). It is legal for a player when
    its limit is not reached, its condition holds and its cost can be paid; taking it pays the
    cost (a move) and runs the effect, with P bound to the player whose turn it is."""

    name: str
    param: str
    title: str | None
    ability: bool
    condition: Expr | None
    limit: Expr | None  # times per turn (None: no limit)
    cost: Block | None  # one `move` statement
    effect: Block

    @property
    def kind(self) -> str:
        return "ability" if self.ability else "action"


@node
class TypeExpr(Node):
    """An annotation's type (`number`, `list of card`, `card or none`): what a func's parameter
    or result is said to be where inference cannot decide. Checked, never run."""


@node
class TypeName(TypeExpr):
    """A kind by its word (`number`, `player`, `zone_name`...), with what `of` names: a list's
    items (`list of card`), a card's deck (`card of events`), a space's board (`space of city`)."""

    name: str
    of: TypeExpr | None = None


@node
class TypeUnion(TypeExpr):
    """`A or B`: a value of any of these kinds (`card or none`)."""

    options: tuple[TypeExpr, ...]


@node
class Func(Decl):
    name: str
    params: tuple[str, ...]
    value: Expr
    # `func f(x: number, y) -> list of card = ...`: one per parameter (None: not annotated), or
    # () when none is; the result's, or None
    param_types: tuple[TypeExpr | None, ...] = field(default=(), metadata=OMITTED_WHEN_DEFAULT)
    result_type: TypeExpr | None = field(default=None, metadata=OMITTED_WHEN_DEFAULT)


@node
class Rule(Decl):
    name: str
    params: tuple[str, ...]
    title: str | None
    body: Block


@node
class Step(Node):
    name: str
    title: str | None
    body: Block


@node
class Setup(Decl):
    steps: tuple[Step, ...]

    @property
    def key(self) -> str:
        return "setup"


@node
class Phase(Decl):
    name: str
    title: str | None
    steps: tuple[Step, ...]


@node
class Round(Decl):
    phases: tuple[str, ...]

    @property
    def key(self) -> str:
        return "round"


@node
class Scoring(Decl):
    player_var: str
    score: Expr
    tiebreaks: tuple[Expr, ...]

    @property
    def key(self) -> str:
        return "scoring"


@node
class Replace(Decl):
    decl: Decl

    @property
    def key(self) -> str:
        return "replace " + self.decl.key


@node
class ReplaceStep(Decl):
    """`replace step PHASE.STEP { ... }` in a variant: swaps one step of a phase."""

    phase: str
    step: Step

    @property
    def key(self) -> str:
        return f"replace step {self.phase}.{self.step.name}"


@node
class Remove(Decl):
    target_kind: str
    name: str
    member: str | None

    @property
    def key(self) -> str:
        member = f".{self.member}" if self.member else ""
        return f"remove {self.target_kind} {self.name}{member}"


@node
class SetOption(Decl):
    name: str
    value: Any

    @property
    def key(self) -> str:
        return f"set option {self.name}"


@node
class Program(Node):
    """One parsed file."""

    decls: tuple[Decl, ...]


def child_fields(cls: type) -> tuple[str, ...]:
    """The names of a node class's fields but the span, remembered per class (walkers run over
    every node of a rule set at each load: `dataclasses.fields` each time would dominate)."""
    names = cls.__dict__.get("_child_fields")
    if names is None:
        names = tuple(f.name for f in fields(cls) if f.name != "span")
        cls._child_fields = names
    return names


def iter_children(node: Node):
    """Yields the direct child nodes of a node (used by walkers: checker, exporter)."""
    return iter(children_of(node))


def children_of(node: Node) -> list[Node]:
    """The direct child nodes of a node, in field order (a list: walkers visit millions of nodes
    at each load, and nested generators cost a frame per level and item)."""
    out: list[Node] = []
    for name in child_fields(node.__class__):
        value = getattr(node, name)
        if isinstance(value, Node):
            out.append(value)
        elif isinstance(value, tuple):
            _nodes_into(value, out)
    return out


def _nodes_into(items: tuple, out: list[Node]) -> None:
    for item in items:
        if isinstance(item, Node):
            out.append(item)
        elif isinstance(item, tuple):
            _nodes_into(item, out)


def walk(node: Node):
    """Depth-first pre-order traversal (with a stack of its own: no generator per level)."""
    stack = [node]
    pop, extend = stack.pop, stack.extend
    while stack:
        current = pop()
        yield current
        children = children_of(current)
        if children:
            children.reverse()
            extend(children)


def to_json(value: Any) -> Any:
    """Exports a node (and everything below it) as plain JSON data, with its span."""
    if is_dataclass(value) and isinstance(value, Node):
        out: dict[str, Any] = {"node": type(value).__name__}
        for f in fields(value):
            if f.name == "span":
                s = value.span
                out["span"] = [s.line, s.column, s.end_line, s.end_column]
            elif f.metadata.get("omit_default") and getattr(value, f.name) == f.default:
                continue  # (an export of rules that use no such field stays as it was)
            else:
                out[f.name] = to_json(getattr(value, f.name))
        return out
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    return value
