"""The packages under ratdsl/ form layers that point one way, and no two files import each other.

    language  <-  semantics  <-  checker  <-  engine  <-  agents  <-  session, replay
              <-  scenarios, simulation, summaries, lsp, environments  <-  tuning  <-  cli  <-  api
(lsp, the language server, reads only language, semantics and checker; `ratdsl` itself imports
`ratdsl.api` when one of its public names is first used)

A package may import its own layer's modules and those below it, never one above. Every import
counts, also one inside a function (a lazy import is still a dependency); only imports under
`if TYPE_CHECKING:` are left out, since they never run.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ratdsl"

# Lowest first. `ratdsl` itself (the version) and `ratdsl.schemas` (the JSON Schemas every layer
# validates against) sit under everything.
LAYERS: list[set[str]] = [
    {"ratdsl", "ratdsl.schemas"},
    {"ratdsl.language"},
    {"ratdsl.semantics"},
    {"ratdsl.checker"},
    {"ratdsl.engine"},
    {"ratdsl.agents"},
    {"ratdsl.session", "ratdsl.replay"},
    {"ratdsl.scenarios", "ratdsl.simulation", "ratdsl.summaries", "ratdsl.lsp", "ratdsl.environments"},
    {"ratdsl.tuning"},  # `ratdsl tune`: simulations of variants it writes, from a file read as a scenario is
    {"ratdsl.cli"},
    {"ratdsl.api"},  # the public Python API (docs/api.md), over every stage
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported_modules(path: Path, modules: set[str]) -> set[str]:
    """The ratdsl modules a file imports (a name imported from a package counts as its module
    when it is one, else as the package)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and is_type_checking(child.test):
                for stmt in child.orelse:
                    visit(stmt)
                continue
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                if target.split(".")[0] == "ratdsl":
                    for alias in child.names:
                        full = f"{target}.{alias.name}"
                        found.add(full if full in modules else target)
            elif isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name.split(".")[0] == "ratdsl")
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    found.discard(name)
    return found


FILES = sorted(PACKAGE.rglob("*.py"))
MODULES = {module_name(p) for p in FILES}



@functools.cache
def graph() -> dict[str, set[str]]:
    """Each module's ratdsl imports, parsed on first use rather than while the suite is collected."""
    return {module_name(p): imported_modules(p, MODULES) for p in FILES}


def layer_of(module: str) -> int:
    best, level = -1, -1
    for i, group in enumerate(LAYERS):
        for top in group:
            if (module == top or module.startswith(top + ".")) and len(top) > best:
                best, level = len(top), i
    assert level >= 0, f"{module} is in no layer: add it to LAYERS"
    return level


def test_every_module_has_a_layer():
    for module in MODULES:
        layer_of(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_layer_above_its_own(module):
    mine = layer_of(module)
    upward = sorted(t for t in graph()[module] if layer_of(t) > mine
                    and not (module == "ratdsl" and t == "ratdsl.api"))  # the package re-exports its API lazily
    assert not upward, f"{module} (layer {mine}) imports from a higher layer: {upward}"


# The language server reads rules and nothing that plays them (tests/test_lsp.py).
LSP_MAY_IMPORT = ("ratdsl", "ratdsl.language", "ratdsl.semantics", "ratdsl.checker", "ratdsl.lsp")


def test_the_language_server_imports_no_engine_cli_or_simulation():
    for module in (m for m in graph() if m == "ratdsl.lsp" or m.startswith("ratdsl.lsp.")):
        outside = sorted(t for t in graph()[module]
                         if not any(t == ok or (ok != "ratdsl" and t.startswith(ok + ".")) for ok in LSP_MAY_IMPORT))
        assert not outside, f"{module} imports {outside}: the language server may use language, semantics, checker"


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return cycles


def test_no_import_cycles_between_files():
    # A package's __init__ that re-exports its modules is imported by them only through the
    # package's name, which Python resolves without running it again: leave those edges out.
    edges = {m: {t for t in targets if not (m.startswith(t + ".") and t in MODULES)}
             for m, targets in graph().items()}
    assert import_cycles(edges) == []


def test_the_cycle_finder_finds_a_cycle():
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
