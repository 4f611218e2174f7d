"""Typed AST of the rule language: frozen dataclasses, each carrying the span it was parsed from.

Spans let every later stage (checker, interpreter, summaries) point back at the rule text.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any


@dataclass(frozen=True)
class Span:
    """A region of a rule file, 1-based lines and columns; end is exclusive."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


NO_SPAN = Span("<builtin>", 0, 0, 0, 0)


@dataclass(frozen=True)
class Node:
    span: Span = field(default=NO_SPAN, compare=False, kw_only=True)


# ---------------------------------------------------------------- expressions
@dataclass(frozen=True)
class Expr(Node):
    pass


@dataclass(frozen=True)
class IntLit(Expr):
    value: int


@dataclass(frozen=True)
class StrLit(Expr):
    value: str


@dataclass(frozen=True)
class BoolLit(Expr):
    value: bool


@dataclass(frozen=True)
class NoneLit(Expr):
    pass


@dataclass(frozen=True)
class Name(Expr):
    id: str


@dataclass(frozen=True)
class Attr(Expr):
    obj: Expr
    name: str


@dataclass(frozen=True)
class Index(Expr):
    obj: Expr
    key: Expr


@dataclass(frozen=True)
class Call(Expr):
    func: str
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class BinOp(Expr):
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class BoolOp(Expr):
    op: str  # "and" | "or"
    items: tuple[Expr, ...]


@dataclass(frozen=True)
class Not(Expr):
    operand: Expr


@dataclass(frozen=True)
class Neg(Expr):
    operand: Expr


@dataclass(frozen=True)
class RangeExpr(Expr):
    low: Expr
    high: Expr


@dataclass(frozen=True)
class InExpr(Expr):
    item: Expr
    container: Expr


@dataclass(frozen=True)
class ListLit(Expr):
    items: tuple[Expr, ...]


@dataclass(frozen=True)
class Comprehension(Expr):
    element: Expr
    var: str
    source: Expr
    condition: Expr | None


@dataclass(frozen=True)
class BundleLit(Expr):
    items: tuple[tuple[str, Expr], ...]


@dataclass(frozen=True)
class IfExpr(Expr):
    condition: Expr
    then: Expr
    otherwise: Expr


@dataclass(frozen=True)
class Where(Expr):
    """`LIST where COND`: keeps the elements for which COND holds; `it` names the element."""

    source: Expr
    condition: Expr


@dataclass(frozen=True)
class Ordered(Expr):
    """`LIST ordered by KEY`: a stable sort, so ties keep list order (players: active first)."""

    source: Expr
    key: Expr
    descending: bool


@dataclass(frozen=True)
class Extreme(Expr):
    """`LIST with most KEY` / `with fewest KEY`: the first element with the extreme key."""

    source: Expr
    key: Expr
    most: bool


@dataclass(frozen=True)
class AtPhaseStart(Expr):
    """`at_phase_start(EXPR)`: EXPR evaluated on the state as it was when the phase began."""

    operand: Expr


# ---------------------------------------------------------------- statements
@dataclass(frozen=True)
class Stmt(Node):
    pass


@dataclass(frozen=True)
class Block(Node):
    stmts: tuple[Stmt, ...]


@dataclass(frozen=True)
class Let(Stmt):
    name: str
    value: Expr


@dataclass(frozen=True)
class Set(Stmt):
    target: Expr
    value: Expr


@dataclass(frozen=True)
class If(Stmt):
    condition: Expr
    then: Block
    otherwise: Block | None


@dataclass(frozen=True)
class ForEach(Stmt):
    var: str
    source: Expr
    body: Block


@dataclass(frozen=True)
class While(Stmt):
    condition: Expr
    body: Block


@dataclass(frozen=True)
class Repeat(Stmt):
    count: Expr
    body: Block


@dataclass(frozen=True)
class Quantity(Node):
    mode: str  # "all" | "up_to" | "exact"
    amount: Expr | None


@dataclass(frozen=True)
class Move(Stmt):
    quantity: Quantity
    what: Expr | None
    source: Expr
    dest: Expr


@dataclass(frozen=True)
class Draw(Stmt):
    quantity: Quantity
    source: Expr
    dest: Expr


@dataclass(frozen=True)
class Shuffle(Stmt):
    pile: Expr


@dataclass(frozen=True)
class Place(Stmt):
    cards: Expr
    where: str  # "top" | "bottom"
    pile: Expr


@dataclass(frozen=True)
class Reveal(Stmt):
    count: Expr
    source: Expr
    dest: Expr


@dataclass(frozen=True)
class AskMay(Stmt):
    player: Expr
    id: str
    body: Block
    otherwise: Block | None


@dataclass(frozen=True)
class AskChoose(Stmt):
    player: Expr
    id: str
    var: str
    options: Expr
    optional: bool
    body: Block


@dataclass(frozen=True)
class DistLimit(Node):
    kind: str  # "most" | "least"
    amount: Expr
    zones: Expr


@dataclass(frozen=True)
class AskDistribute(Stmt):
    player: Expr
    id: str
    amount: Expr
    source: Expr
    targets: Expr
    limits: tuple[DistLimit, ...]


@dataclass(frozen=True)
class Do(Stmt):
    rule: str
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Secretly(Stmt):
    body: Block


@dataclass(frozen=True)
class EndGame(Stmt):
    pass


@dataclass(frozen=True)
class Say(Stmt):
    message: str
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Show(Stmt):
    """`show CARDS to PLAYER`: one player (and only that player's agent) sees the cards."""

    cards: Expr
    player: Expr


@dataclass(frozen=True)
class Create(Stmt):
    what: Expr
    where: Expr


# ---------------------------------------------------------------- declarations
@dataclass(frozen=True)
class Decl(Node):
    """A top-level definition. `kind` and `name` identify it for variants and translations."""

    @property
    def kind(self) -> str:
        return type(self).__name__.lower()

    @property
    def key(self) -> str:
        return f"{self.kind} {getattr(self, 'name', '')}".strip()


@dataclass(frozen=True)
class Game(Decl):
    name: str
    title: str
    min_players: int
    max_players: int
    seating: str


@dataclass(frozen=True)
class ModuleHeader(Decl):
    name: str
    title: str
    requires: str

    @property
    def kind(self) -> str:
        return "module"


@dataclass(frozen=True)
class VariantHeader(Decl):
    name: str
    title: str
    extends: str
    modules: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "variant"


@dataclass(frozen=True)
class Option(Decl):
    name: str
    title: str | None
    values: tuple[Any, ...]
    default: Any


@dataclass(frozen=True)
class Tokens(Decl):
    names: tuple[str, ...]

    @property
    def key(self) -> str:
        return "tokens " + ",".join(self.names)


@dataclass(frozen=True)
class Symbols(Decl):
    names: tuple[str, ...]

    @property
    def key(self) -> str:
        return "symbols " + ",".join(self.names)


@dataclass(frozen=True)
class Const(Decl):
    name: str
    value: Expr


@dataclass(frozen=True)
class Zone(Decl):
    names: tuple[str, ...]
    per_player: bool

    @property
    def key(self) -> str:
        return "zone " + ",".join(self.names)


@dataclass(frozen=True)
class Pile(Decl):
    names: tuple[str, ...]
    per_player: bool

    @property
    def key(self) -> str:
        return "pile " + ",".join(self.names)


@dataclass(frozen=True)
class Var(Decl):
    name: str
    value: Expr
    per_player: bool


@dataclass(frozen=True)
class Deck(Decl):
    name: str
    title: str | None
    fields: tuple[str, ...]
    active: Expr | None


@dataclass(frozen=True)
class CardField(Node):
    name: str
    value: Expr


@dataclass(frozen=True)
class OnEvent(Node):
    event: str
    body: Block


@dataclass(frozen=True)
class Modify(Decl):
    name: str
    params: tuple[str, ...]
    condition: Expr | None
    value: Expr

    @property
    def key(self) -> str:
        return f"modify {self.name}@{self.span.line}"


@dataclass(frozen=True)
class Hook(Decl):
    time: str  # "before" | "after" | "instead"
    name: str
    params: tuple[str, ...]
    condition: Expr | None
    body: Block

    @property
    def key(self) -> str:
        return f"{self.time} {self.name}@{self.span.line}"


@dataclass(frozen=True)
class Card(Decl):
    name: str
    deck: str
    title: str | None
    fields: tuple[CardField, ...]
    handlers: tuple[OnEvent, ...]
    modifiers: tuple[Modify, ...]
    hooks: tuple[Hook, ...]


@dataclass(frozen=True)
class TableRow(Node):
    low: int | None
    high: int | None  # None with low None: the `otherwise` row


@dataclass(frozen=True)
class TableEntry(Node):
    row: TableRow
    value: Expr


@dataclass(frozen=True)
class Table(Decl):
    name: str
    param: str
    title: str | None
    rows: tuple[TableEntry, ...]


@dataclass(frozen=True)
class PersonaWeight(Node):
    decision: str
    option: str
    weight: Expr


@dataclass(frozen=True)
class Persona(Decl):
    name: str
    title: str | None
    weights: tuple[PersonaWeight, ...]


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Func(Decl):
    name: str
    params: tuple[str, ...]
    value: Expr


@dataclass(frozen=True)
class Rule(Decl):
    name: str
    params: tuple[str, ...]
    title: str | None
    body: Block


@dataclass(frozen=True)
class Step(Node):
    name: str
    title: str | None
    body: Block


@dataclass(frozen=True)
class Setup(Decl):
    steps: tuple[Step, ...]

    @property
    def key(self) -> str:
        return "setup"


@dataclass(frozen=True)
class Phase(Decl):
    name: str
    title: str | None
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Round(Decl):
    phases: tuple[str, ...]

    @property
    def key(self) -> str:
        return "round"


@dataclass(frozen=True)
class Scoring(Decl):
    player_var: str
    score: Expr
    tiebreaks: tuple[Expr, ...]

    @property
    def key(self) -> str:
        return "scoring"


@dataclass(frozen=True)
class Replace(Decl):
    decl: Decl

    @property
    def key(self) -> str:
        return "replace " + self.decl.key


@dataclass(frozen=True)
class ReplaceStep(Decl):
    """`replace step PHASE.STEP { ... }` in a variant: swaps one step of a phase."""

    phase: str
    step: Step

    @property
    def key(self) -> str:
        return f"replace step {self.phase}.{self.step.name}"


@dataclass(frozen=True)
class Remove(Decl):
    target_kind: str
    name: str
    member: str | None

    @property
    def key(self) -> str:
        member = f".{self.member}" if self.member else ""
        return f"remove {self.target_kind} {self.name}{member}"


@dataclass(frozen=True)
class SetOption(Decl):
    name: str
    value: Any

    @property
    def key(self) -> str:
        return f"set option {self.name}"


@dataclass(frozen=True)
class Program(Node):
    """One parsed file."""

    decls: tuple[Decl, ...]


def iter_children(node: Node):
    """Yields the direct child nodes of a node (used by walkers: checker, exporter)."""
    for f in fields(node):
        if f.name == "span":
            continue
        yield from _nodes_in(getattr(node, f.name))


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
            else:
                out[f.name] = to_json(getattr(value, f.name))
        return out
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    return value
