"""What the lowering of expressions and statements needs of the generator it writes code for.

generator.py's CodeGenerator is the one implementation; the lowerings (expressions.py,
statements.py) know it only through this protocol, and find the function for each node class in
the tables it holds, so imports go one way inside codegen:
context, scope <- expressions <- lower_expr, statements <- lower_stmt <- generator.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ...language import ast as A
from ...semantics.definition import Attached, GameDef
from ...semantics.symbols import SymbolTable
from ...semantics.values import ZoneRef
from ..compiled import CompiledRules
from .scope import Unit


class Generation(Protocol):
    d: GameDef
    rules: CompiledRules
    namespace: dict[str, Any]  # the constants (and functions) generated code reads, by name
    const_keep: list[Any]  # values whose id() names a constant: kept alive with the generator
    table: SymbolTable  # what every name of the rules stands for
    set_targets: set[str]  # every name a `set` assigns
    kind_set: frozenset[str]
    zone_tables: dict[str, tuple[ZoneRef, ...]]  # each player zone's refs, by seat
    decks_read_zones: bool  # whether some deck's activity depends on token counts
    coverage: bool  # whether the code counts each place of the rules that runs (engine/coverage.py)
    # The lowering of each expression and statement class (lower_expr.py, lower_stmt.py): a
    # function of the lowering, the node and its scope.
    lower_expr: Mapping[type, Callable[..., str]]
    lower_stmt: Mapping[type, Callable[..., None]]

    def const(self, value: Any) -> str:
        """The name of a constant bound to `value`."""

    def text(self, value: str) -> str:
        """The name of a constant bound to a string."""

    def function(self, kind: str, name: str) -> str:
        """The Python name of a func's, table's or rule's generated function."""

    def shared_zone(self, name: str) -> ZoneRef: ...

    def may_be_local(self, node: A.Name) -> bool:
        """Whether a name free in a unit may be bound by the caller's Env."""

    def inlinable(self, name: str) -> bool:
        """Whether a func is lowered where it is called."""

    def is_leaf(self, name: str) -> bool:
        """Whether a func calls no func or table."""

    def rule_inlinable(self, name: str) -> bool:
        """Whether a rule is lowered where it is run."""

    def hook_unit(self, attached: Attached, arity: int) -> str:
        """The Python name of a hook's generated function."""

    def add_part(self, unit: Unit) -> str:
        """The Python name of a part moved out of a unit (outline.py), generated with it."""
