"""Typed AST of the rule language: frozen dataclasses, each carrying the span it was parsed from.

Spans let every later stage (checker, interpreter, summaries) point back at the rule text.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any


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


@dataclass(frozen=True, eq=False, repr=False)
class Node:
    """The base of every node. Nodes are frozen dataclasses that compare by their fields, never by
    their span. Equality, hashing and repr are written once here rather than generated for each of
    the node classes, which makes importing this module about twice as fast."""

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


# ---------------------------------------------------------------- expressions
@dataclass(frozen=True, eq=False, repr=False)
class Expr(Node):
    pass


@dataclass(frozen=True, eq=False, repr=False)
class IntLit(Expr):
    value: int


@dataclass(frozen=True, eq=False, repr=False)
class StrLit(Expr):
    value: str


@dataclass(frozen=True, eq=False, repr=False)
class BoolLit(Expr):
    value: bool


@dataclass(frozen=True, eq=False, repr=False)
class NoneLit(Expr):
    pass


@dataclass(frozen=True, eq=False, repr=False)
class Name(Expr):
    id: str


@dataclass(frozen=True, eq=False, repr=False)
class Attr(Expr):
    obj: Expr
    name: str


@dataclass(frozen=True, eq=False, repr=False)
class Index(Expr):
    obj: Expr
    key: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Call(Expr):
    func: str
    args: tuple[Expr, ...]


@dataclass(frozen=True, eq=False, repr=False)
class BinOp(Expr):
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, eq=False, repr=False)
class BoolOp(Expr):
    op: str  # "and" | "or"
    items: tuple[Expr, ...]


@dataclass(frozen=True, eq=False, repr=False)
class Not(Expr):
    operand: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Neg(Expr):
    operand: Expr


@dataclass(frozen=True, eq=False, repr=False)
class RangeExpr(Expr):
    low: Expr
    high: Expr


@dataclass(frozen=True, eq=False, repr=False)
class InExpr(Expr):
    item: Expr
    container: Expr


@dataclass(frozen=True, eq=False, repr=False)
class ListLit(Expr):
    items: tuple[Expr, ...]


@dataclass(frozen=True, eq=False, repr=False)
class Comprehension(Expr):
    element: Expr
    var: str
    source: Expr
    condition: Expr | None


@dataclass(frozen=True, eq=False, repr=False)
class ForClause(Node):
    """One `for NAME in SOURCE [if CONDITION]` of a comprehension with several of them."""

    var: str
    source: Expr
    condition: Expr | None


@dataclass(frozen=True, eq=False, repr=False)
class NestedComprehension(Expr):
    """`[ELEMENT for a in xs for b in ys if c]`: two or more `for` clauses (one is a
    `Comprehension`), each inside the one before it, so a later source may read earlier names."""

    element: Expr
    clauses: tuple[ForClause, ...]


@dataclass(frozen=True, eq=False, repr=False)
class LetIn(Expr):
    """`let NAME = VALUE in BODY`: BODY with NAME standing for VALUE (worked out once)."""

    name: str
    value: Expr
    body: Expr


@dataclass(frozen=True, eq=False, repr=False)
class BundleLit(Expr):
    items: tuple[tuple[str, Expr], ...]


@dataclass(frozen=True, eq=False, repr=False)
class IfExpr(Expr):
    condition: Expr
    then: Expr
    otherwise: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Where(Expr):
    """`LIST where COND`: keeps the elements for which COND holds; `it` names the element."""

    source: Expr
    condition: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Ordered(Expr):
    """`LIST ordered by KEY`: a stable sort, so ties keep list order (players: active first)."""

    source: Expr
    key: Expr
    descending: bool


@dataclass(frozen=True, eq=False, repr=False)
class Extreme(Expr):
    """`LIST with most KEY` / `with fewest KEY`: the first element with the extreme key."""

    source: Expr
    key: Expr
    most: bool


@dataclass(frozen=True, eq=False, repr=False)
class AtPhaseStart(Expr):
    """`at_phase_start(EXPR)`: EXPR evaluated on the state as it was when the phase began."""

    operand: Expr


# ---------------------------------------------------------------- statements
@dataclass(frozen=True, eq=False, repr=False)
class Stmt(Node):
    pass


@dataclass(frozen=True, eq=False, repr=False)
class Block(Node):
    stmts: tuple[Stmt, ...]


@dataclass(frozen=True, eq=False, repr=False)
class Let(Stmt):
    name: str
    value: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Set(Stmt):
    target: Expr
    value: Expr


@dataclass(frozen=True, eq=False, repr=False)
class If(Stmt):
    condition: Expr
    then: Block
    otherwise: Block | None


@dataclass(frozen=True, eq=False, repr=False)
class ForEach(Stmt):
    var: str
    source: Expr
    body: Block


@dataclass(frozen=True, eq=False, repr=False)
class While(Stmt):
    condition: Expr
    body: Block


@dataclass(frozen=True, eq=False, repr=False)
class Repeat(Stmt):
    count: Expr
    body: Block


@dataclass(frozen=True, eq=False, repr=False)
class Quantity(Node):
    mode: str  # "all" | "up_to" | "exact"
    amount: Expr | None


@dataclass(frozen=True, eq=False, repr=False)
class Move(Stmt):
    quantity: Quantity
    what: Expr | None
    source: Expr
    dest: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Draw(Stmt):
    quantity: Quantity
    source: Expr
    dest: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Shuffle(Stmt):
    pile: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Place(Stmt):
    cards: Expr
    where: str  # "top" | "bottom"
    pile: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Reveal(Stmt):
    count: Expr
    source: Expr
    dest: Expr


@dataclass(frozen=True, eq=False, repr=False)
class AskMay(Stmt):
    player: Expr
    id: str
    body: Block
    otherwise: Block | None


@dataclass(frozen=True, eq=False, repr=False)
class AskChoose(Stmt):
    player: Expr
    id: str
    var: str
    options: Expr
    optional: bool
    body: Block


@dataclass(frozen=True, eq=False, repr=False)
class DistLimit(Node):
    kind: str  # "most" | "least"
    amount: Expr
    zones: Expr


@dataclass(frozen=True, eq=False, repr=False)
class AskDistribute(Stmt):
    player: Expr
    id: str
    amount: Expr
    source: Expr
    targets: Expr
    limits: tuple[DistLimit, ...]


@dataclass(frozen=True, eq=False, repr=False)
class Do(Stmt):
    rule: str
    args: tuple[Expr, ...]


@dataclass(frozen=True, eq=False, repr=False)
class Secretly(Stmt):
    body: Block


# plans
@dataclass(frozen=True, eq=False, repr=False)
class Plan(Stmt):
    """`plan ID for each VAR in PLAYERS: choose COUNT from OPTIONS [or pass] into NAME`: every
    player of the list commits COUNT choices (decision `ID`) that nobody else sees; once all have
    planned, each plan (a list, `none` for a step passed) is set into their variable NAME at once.
    `id` and `optional` are named as in AskChoose: each step is asked as that choice."""

    id: str
    var: str
    players: Expr
    count: Expr
    options: Expr
    optional: bool
    into: str
# end plans


@dataclass(frozen=True, eq=False, repr=False)
class EndGame(Stmt):
    # turns: `end game` counts the round it runs in as played; `end game not counting the
    # round` does not (a game that ends before its round is played).
    counts_round: bool = field(default=True, metadata=OMITTED_WHEN_DEFAULT)


@dataclass(frozen=True, eq=False, repr=False)
class Say(Stmt):
    message: str
    args: tuple[Expr, ...]


@dataclass(frozen=True, eq=False, repr=False)
class Assert(Stmt):
    """`assert CONDITION "message"`: the game stops with a positioned error (R009) when false."""

    condition: Expr
    message: str


@dataclass(frozen=True, eq=False, repr=False)
class Show(Stmt):
    """`show CARDS to PLAYER`: one player (and only that player's agent) sees the cards."""

    cards: Expr
    player: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Create(Stmt):
    what: Expr
    where: Expr


# ---------------------------------------------------------------- turns
# When a game-end condition is tested: at the end of every turn, of every round, or after every
# step and action ("at once").
END_OF_TURN, END_OF_ROUND, AT_ONCE = "turn", "round", "once"


@dataclass(frozen=True, eq=False, repr=False)
class Turn(Stmt):
    """`turn PLAYER { ... }`: the player's turn. Actions are taken in it (`act`), each action's
    per-turn limit counts from its start, and the legal abilities are offered before each of its
    statements and after the last."""

    player: Expr
    body: Block


@dataclass(frozen=True, eq=False, repr=False)
class Act(Stmt):
    """`act A` (A if it is legal), `act one of A, B [or pass]` (the player picks one legal action),
    `act A, B in any order` (each legal one, in the order the player picks), `act any of A, B
    until pass` (legal actions until the player passes or none is left)."""

    mode: str  # "one", "choose", "any_order", "until_pass"
    actions: tuple[str, ...]
    optional: bool = False  # `or pass` (always for `until pass`)


ACT_MODES = ("one", "choose", "any_order", "until_pass")


@dataclass(frozen=True, eq=False, repr=False)
class Ending(Node):
    """`ends at end of turn|end of round|once when CONDITION` in the game header."""

    moment: str  # END_OF_TURN, END_OF_ROUND or AT_ONCE
    condition: Expr


# ---------------------------------------------------------------- declarations
@dataclass(frozen=True, eq=False, repr=False)
class Decl(Node):
    """A top-level definition. `kind` and `name` identify it for variants and translations."""

    @property
    def kind(self) -> str:
        return type(self).__name__.lower()

    @property
    def key(self) -> str:
        return f"{self.kind} {getattr(self, 'name', '')}".strip()


@dataclass(frozen=True, eq=False, repr=False)
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


@dataclass(frozen=True, eq=False, repr=False)
class ModuleHeader(Decl):
    name: str
    title: str
    requires: str

    @property
    def kind(self) -> str:
        return "module"


@dataclass(frozen=True, eq=False, repr=False)
class VariantHeader(Decl):
    name: str
    title: str
    extends: str
    modules: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "variant"


@dataclass(frozen=True, eq=False, repr=False)
class Option(Decl):
    name: str
    title: str | None
    values: tuple[Any, ...]
    default: Any


@dataclass(frozen=True, eq=False, repr=False)
class Tokens(Decl):
    names: tuple[str, ...]

    @property
    def key(self) -> str:
        return "tokens " + ",".join(self.names)


@dataclass(frozen=True, eq=False, repr=False)
class Symbols(Decl):
    names: tuple[str, ...]

    @property
    def key(self) -> str:
        return "symbols " + ",".join(self.names)


@dataclass(frozen=True, eq=False, repr=False)
class Const(Decl):
    name: str
    value: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Zone(Decl):
    names: tuple[str, ...]
    per_player: bool

    @property
    def key(self) -> str:
        return "zone " + ",".join(self.names)


@dataclass(frozen=True, eq=False, repr=False)
class Pile(Decl):
    names: tuple[str, ...]
    per_player: bool
    visibility: str = field(default=PUBLIC, metadata=OMITTED_WHEN_DEFAULT)  # information
    facing: str | None = field(default=None, metadata=OMITTED_WHEN_DEFAULT)  # information

    @property
    def key(self) -> str:
        return "pile " + ",".join(self.names)


@dataclass(frozen=True, eq=False, repr=False)
class Var(Decl):
    name: str
    value: Expr
    per_player: bool
    visibility: str = field(default=PUBLIC, metadata=OMITTED_WHEN_DEFAULT)  # information


@dataclass(frozen=True, eq=False, repr=False)
class Deck(Decl):
    name: str
    title: str | None
    fields: tuple[str, ...]
    active: Expr | None
    # information: (field, visibility) of each field declared with one (`public`: also on its back)
    field_visibility: tuple[tuple[str, str], ...] = field(default=(), metadata=OMITTED_WHEN_DEFAULT)


@dataclass(frozen=True, eq=False, repr=False)
class CardField(Node):
    name: str
    value: Expr


@dataclass(frozen=True, eq=False, repr=False)
class OnEvent(Node):
    event: str
    body: Block


@dataclass(frozen=True, eq=False, repr=False)
class Modify(Decl):
    name: str
    params: tuple[str, ...]
    condition: Expr | None
    value: Expr

    @property
    def key(self) -> str:
        return f"modify {self.name}@{self.span.line}"


@dataclass(frozen=True, eq=False, repr=False)
class Hook(Decl):
    time: str  # "before" | "after" | "instead"
    name: str
    params: tuple[str, ...]
    condition: Expr | None
    body: Block

    @property
    def key(self) -> str:
        return f"{self.time} {self.name}@{self.span.line}"


@dataclass(frozen=True, eq=False, repr=False)
class Card(Decl):
    name: str
    deck: str
    title: str | None
    fields: tuple[CardField, ...]
    handlers: tuple[OnEvent, ...]
    modifiers: tuple[Modify, ...]
    hooks: tuple[Hook, ...]


@dataclass(frozen=True, eq=False, repr=False)
class TableRow(Node):
    low: int | None
    high: int | None  # None with low None: the `otherwise` row


@dataclass(frozen=True, eq=False, repr=False)
class TableEntry(Node):
    row: TableRow
    value: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Table(Decl):
    name: str
    param: str
    title: str | None
    rows: tuple[TableEntry, ...]


@dataclass(frozen=True, eq=False, repr=False)
class PersonaWeight(Node):
    decision: str
    option: str
    weight: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Persona(Decl):
    name: str
    title: str | None
    weights: tuple[PersonaWeight, ...]


@dataclass(frozen=True, eq=False, repr=False)
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


@dataclass(frozen=True, eq=False, repr=False)
class Invariant(Decl):
    """`invariant NAME "title" = CONDITION`: a fact of the rules' data (consts, cards, tables,
    options, the number of players) that `ratdsl check` works out for every setting it can."""

    name: str
    title: str | None
    condition: Expr


# boards
@dataclass(frozen=True, eq=False, repr=False)
class Space(Node):
    """`space NAME ["Title"] [for LOW..HIGH players] { FIELD = EXPR ... capacity N }`: one space
    of a board. `players` (low, high) leaves it out at other numbers of players; `capacity` is
    the most tokens it holds, every owner's counted (None: the board's, or no limit)."""

    name: str
    title: str | None
    players: tuple[int, int] | None
    capacity: int | None
    fields: tuple[CardField, ...]


@dataclass(frozen=True, eq=False, repr=False)
class Edge(Node):
    """`edge A -- B, C` (both ways) or `edge A -> B, C` (from A only): edges of a board."""

    source: str
    targets: tuple[str, ...]
    one_way: bool


@dataclass(frozen=True, eq=False, repr=False)
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


@dataclass(frozen=True, eq=False, repr=False)
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


@dataclass(frozen=True, eq=False, repr=False)
class Func(Decl):
    name: str
    params: tuple[str, ...]
    value: Expr


@dataclass(frozen=True, eq=False, repr=False)
class Rule(Decl):
    name: str
    params: tuple[str, ...]
    title: str | None
    body: Block


@dataclass(frozen=True, eq=False, repr=False)
class Step(Node):
    name: str
    title: str | None
    body: Block


@dataclass(frozen=True, eq=False, repr=False)
class Setup(Decl):
    steps: tuple[Step, ...]

    @property
    def key(self) -> str:
        return "setup"


@dataclass(frozen=True, eq=False, repr=False)
class Phase(Decl):
    name: str
    title: str | None
    steps: tuple[Step, ...]


@dataclass(frozen=True, eq=False, repr=False)
class Round(Decl):
    phases: tuple[str, ...]

    @property
    def key(self) -> str:
        return "round"


@dataclass(frozen=True, eq=False, repr=False)
class Scoring(Decl):
    player_var: str
    score: Expr
    tiebreaks: tuple[Expr, ...]

    @property
    def key(self) -> str:
        return "scoring"


@dataclass(frozen=True, eq=False, repr=False)
class Replace(Decl):
    decl: Decl

    @property
    def key(self) -> str:
        return "replace " + self.decl.key


@dataclass(frozen=True, eq=False, repr=False)
class ReplaceStep(Decl):
    """`replace step PHASE.STEP { ... }` in a variant: swaps one step of a phase."""

    phase: str
    step: Step

    @property
    def key(self) -> str:
        return f"replace step {self.phase}.{self.step.name}"


@dataclass(frozen=True, eq=False, repr=False)
class Remove(Decl):
    target_kind: str
    name: str
    member: str | None

    @property
    def key(self) -> str:
        member = f".{self.member}" if self.member else ""
        return f"remove {self.target_kind} {self.name}{member}"


@dataclass(frozen=True, eq=False, repr=False)
class SetOption(Decl):
    name: str
    value: Any

    @property
    def key(self) -> str:
        return f"set option {self.name}"


@dataclass(frozen=True, eq=False, repr=False)
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
    for name in child_fields(node.__class__):
        yield from _nodes_in(getattr(node, name))


def _nodes_in(value):
    if isinstance(value, Node):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _nodes_in(item)


def walk(node: Node):
    """Depth-first pre-order traversal."""
    yield node
    for child in iter_children(node):
        yield from walk(child)


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
