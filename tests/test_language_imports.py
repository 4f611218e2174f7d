"""The modules of ratdsl/language import each other one way: no cycle, counting imports inside
functions (those under `if TYPE_CHECKING:` only name types, and do not count)."""

from __future__ import annotations

import ast
from pathlib import Path

import ratdsl.language

PACKAGE = Path(ratdsl.language.__file__).parent
PREFIX = "ratdsl.language"


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(tree: ast.AST, module: str) -> set[str]:
    """The modules of the package that `module` imports, wherever in its code."""
    found: set[str] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        if _type_checking_only(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.rsplit(".", node.level)[0]
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}
        stack.extend(ast.iter_child_nodes(node))
    return found


def import_graph() -> dict[str, set[str]]:
    modules = {f"{PREFIX}.{p.stem}": p for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    return {name: {m for m in _imports(ast.parse(path.read_text("utf-8")), name) if m in modules and m != name}
            for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_cycles_in_the_language_package():
    cycle = _cycle(import_graph())
    assert cycle is None, " -> ".join(cycle or ())


def test_the_check_sees_imports_inside_functions():
    graph = {"a": {"b"}, "b": {"a"}}
    assert _cycle(graph) == ["a", "b", "a"]
    inner = ast.parse("def f():\n    from .parser import parse_text\n")
    assert f"{PREFIX}.parser" in _imports(inner, f"{PREFIX}.errors")
    typing_only = ast.parse("if TYPE_CHECKING:\n    from .parser import parse_text\n")
    assert f"{PREFIX}.parser" not in _imports(typing_only, f"{PREFIX}.errors")
