"""One registry of the stages that handle each kind of expression and statement (language/ast.py).

A new node kind must be taught to every stage: this table says, per stage, where its forms are
(a table keyed by kind, a method per kind, or the branches of a function that name `A.Kind`), the
kinds it handles by its generic branch (walking a node's expressions: a decision, so listed), the
kinds it refuses loudly (the flat target's Unsupported, with why), and the files to edit.
tests/test_every_node_kind.py reads it: a kind some stage does not know fails there with the
stage and the files named. `python -m ratdsl.language.node_kinds` prints the checklist that
docs/architecture.md ("How to add a statement") follows. The stages' modules are imported only
when asked (the language package loads no engine).
"""

from __future__ import annotations

import importlib
import inspect
import re
from dataclasses import field
from types import MappingProxyType
from typing import Any

from ..records import record
from . import ast as A

EXPRESSION, STATEMENT, TYPE = "expression", "statement", "type"


@record(frozen=True)
class Forms:
    """Where one stage's forms for one family of kinds are. Each place is `module:name`: a dict
    or a tuple of kinds (its keys or members), a class read with `prefix` (a method prefix+Kind), or
    a function or class whose source names the kinds it handles (`A.Kind`)."""

    places: tuple[str, ...]
    prefix: str = ""
    generic: frozenset[str] = frozenset()  # handled by the generic branch (their expressions walked)
    gaps: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))  # kind -> why refused


@record(frozen=True)
class Stage:
    name: str
    job: str  # what it does with a node, said in the messages
    files: tuple[str, ...]  # where its forms are written
    expressions: Forms
    statements: Forms
    # A func's annotations (A.TypeExpr): read by the stages that check and write rules; None for
    # a stage that never meets them (the engines play no annotation: they are checked before)
    types: Forms | None = None


_RES = "ratdsl.semantics.resolver"
_CHK = "ratdsl.checker.checker"
_FMT = "ratdsl.language.formatter"
# Statements whose children are expressions only, binding no name: the resolver and the checker
# walk them generically (A.iter_children); one that binds a name or reads a block needs a branch.
_PLAIN_STATEMENTS = frozenset({"Act", "AskDistribute", "Assert", "Create", "EndGame", "Place", "Reveal",
                               "Show", "Shuffle"})

STAGES: tuple[Stage, ...] = (
    Stage("resolver", "records what each name names, in scope", ("ratdsl/semantics/resolver.py",),
          Forms((f"{_RES}:_Resolver.expr", f"{_RES}:_LEAVES", f"{_RES}:OPERANDS"),
                generic=frozenset({"BundleLit"})),
          Forms((f"{_RES}:_Resolver.stmt", f"{_RES}:_Resolver.block"), generic=_PLAIN_STATEMENTS),
          Forms((f"{_RES}:_Resolver.annotation",))),
    Stage("checker", "reports what is wrong before a game, E2xx and W3xx",
          ("ratdsl/checker/checker.py", "ratdsl/checker/operands.py"),
          Forms((f"{_CHK}:Checker.expr", f"{_CHK}:_LEAVES", f"{_CHK}:_OPERATOR_NODES", f"{_RES}:OPERANDS"),
                generic=frozenset({"LetIn"})),
          Forms((f"{_CHK}:Checker.stmt", f"{_CHK}:Checker.kinds_and_flow"),
                generic=frozenset({"Act", "EndGame"})),
          Forms(("ratdsl.semantics.annotations:annotated",))),
    Stage("formatter", "writes it back as ratdsl fmt lays it out", ("ratdsl/language/formatter.py",),
          Forms((f"{_FMT}:ExprPrinter",)),
          Forms((f"{_FMT}:Printer.stmt",)),
          Forms((f"{_FMT}:type_text",))),
    Stage("tree-walker", "evaluates and runs it, as the reference engine",
          ("ratdsl/engine/treewalk/expressions.py", "ratdsl/engine/treewalk/statements.py"),
          Forms(("ratdsl.engine.treewalk.expressions:EVAL", "ratdsl.engine.interpreter:_dispatch")),
          Forms(("ratdsl.engine.treewalk.statements:EXEC",))),
    Stage("flat compiler", "compiles it for the compiled engine, engine/flat",
          tuple(f"ratdsl/engine/flat/{m}.py" for m in ("compiler", "expressions", "queries", "builtins", "statements",
                                                        "moves", "cards", "asks", "rules", "turns", "plans")),
          Forms(("ratdsl.engine.flat.compiler:FlatCompiler",), prefix="ex_"),
          Forms(("ratdsl.engine.flat.statements:StatementLowering",), prefix="st_")),
    Stage("summaries", "says it in words in every language, ratdsl summary",
          ("ratdsl/summaries/expressions.py", "ratdsl/summaries/statements.py"),
          Forms(("ratdsl.summaries.expressions:EXPRESSIONS",)),
          Forms(("ratdsl.summaries.statements:STATEMENTS",))),
)


def kinds_of(base: type) -> list[type]:
    """Every subclass of `base` (A.Expr, A.Stmt), by name."""
    found: list[type] = []
    for sub in base.__subclasses__():
        found += [sub, *kinds_of(sub)]
    return sorted(set(found), key=lambda t: t.__name__)


def node_kinds() -> dict[str, list[type]]:
    """The language's kinds, by family."""
    return {EXPRESSION: kinds_of(A.Expr), STATEMENT: kinds_of(A.Stmt), TYPE: kinds_of(A.TypeExpr)}


def forms_of(stage: Stage, family: str) -> Forms | None:
    """A stage's forms for a family (None: the stage never meets that family)."""
    return stage.expressions if family == EXPRESSION else stage.statements if family == STATEMENT else stage.types


def _resolve(place: str) -> Any:
    module, _, name = place.partition(":")
    obj: Any = importlib.import_module(module)
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def _named(obj: Any, names: set[str], prefix: str) -> set[str]:
    """The kinds among `names` that one place of a stage has a form for."""
    if isinstance(obj, (dict, MappingProxyType, tuple, frozenset, set)):
        return {k.__name__ for k in obj if isinstance(k, type)} & names
    if prefix:
        return {n for n in names if callable(getattr(obj, prefix + n, None))}
    source = inspect.getsource(obj)
    return {n for n in names if re.search(rf"\bA\.{n}\b|[\"']{n}[\"']", source)}


def with_forms(stage: Stage, family: str, names: set[str]) -> set[str]:
    """The kinds among `names` that `stage` has a form of its own for."""
    forms = forms_of(stage, family)
    out: set[str] = set()
    for place in forms.places if forms is not None else ():
        out |= _named(_resolve(place), names, forms.prefix)
    return out


def problems() -> list[str]:
    """One line per kind a stage does not know (no form, not generic, not a listed gap), and per
    stale entry of this table (a generic kind or gap that is not a kind, or now has a form)."""
    out = []
    for family, kinds in node_kinds().items():
        names = {k.__name__ for k in kinds}
        for stage in STAGES:
            forms = forms_of(stage, family)
            if forms is None:
                continue
            own = with_forms(stage, family, names)
            for name in sorted(names - own - forms.generic - set(forms.gaps)):
                out.append(f"the {stage.name}, which {stage.job}, has no form for the {family} {name}: "
                           f"write one in {source_file(forms.places[0])} ({forms.places[0].split(':')[1]}), or "
                           f"list {name} among its generic kinds or gaps in ratdsl/language/node_kinds.py")
            for name in sorted((forms.generic | set(forms.gaps)) - names):
                out.append(f"ratdsl/language/node_kinds.py: the {stage.name} lists {name}, which is no {family} kind")
            for name in sorted(own & set(forms.gaps)):
                out.append(f"ratdsl/language/node_kinds.py: the {stage.name} has a form for {name} now: "
                           "remove it from its gaps")
    return out


def source_file(place: str) -> str:
    """The file a place (`module:name`) is written in."""
    return place.partition(":")[0].replace(".", "/") + ".py"


def checklist(family: str = STATEMENT) -> str:
    """What to write for a new kind, stage by stage (docs/architecture.md quotes it)."""
    what = family
    lines = [f"A new {what} kind NAME (a dataclass in ratdsl/language/ast.py, a rule in grammar.lark, "
             "built in parser.py) needs, in order:"]
    for i, stage in enumerate((s for s in STAGES if forms_of(s, family) is not None), 1):
        forms = forms_of(stage, family)
        first = forms.places[0]
        name = first.split(":")[1]
        if forms.prefix:
            where = f"a method {forms.prefix}NAME of {name}"
        elif isinstance(_resolve(first), (dict, MappingProxyType)):
            where = f"an entry A.NAME in {name}"
        else:
            where = "a branch for A.NAME in " + " or ".join(p.split(":")[1] for p in forms.places
                                                            if not isinstance(_resolve(p), (dict, tuple, frozenset)))
        lines.append(f"{i}. The {stage.name}, which {stage.job}: {where}, in {source_file(first)}"
                     + ("; or NAME among its generic kinds, if it only holds expressions" if forms.generic else "")
                     + ("; or NAME among its gaps here, with why (refused loudly)" if forms.gaps else "") + ".")
    return "\n".join(lines)


if __name__ == "__main__":
    print(checklist())
    print()
    print(checklist(EXPRESSION))
    print()
    print(checklist(TYPE))
    for line in problems():
        print(line)
