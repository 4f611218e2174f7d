"""One compiler, one reference (issue 32): the flat target (engine/flat) is the compiler, and the
tree-walker (engine/interpreter.py) is the reference it is held to, not a base class: no class
under ratdsl/ inherits from it. The simulator's report names only the engines there are."""

from __future__ import annotations

import ast
import functools
import json
from pathlib import Path

from ratdsl.simulation.engines import CHOICES, ENGINES

PACKAGE = Path(__file__).resolve().parent.parent / "ratdsl"


@functools.cache
def classes() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every class under ratdsl/, as path:class and the names its bases are spelled with (parsed
    once: each test asks about other bases)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = tuple(b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
                              for b in node.bases)
                found.append((f"{path.relative_to(PACKAGE)}:{node.name}", bases))
    return tuple(found)


def subclasses_of(name: str) -> list[str]:
    """Every class under ratdsl/ with a base spelled `name` (or `module.name`), as path:class."""
    return [where for where, bases in classes() if name in bases]


def test_no_engine_inherits_from_the_tree_walker():
    assert subclasses_of("Interpreter") == []
    assert subclasses_of("RuleError")  # (the walk sees subclasses: the errors have some)


def test_the_report_schema_names_the_engines_there_are():
    schema = json.loads((PACKAGE / "schemas" / "report.schema.json").read_text(encoding="utf-8"))
    engine = schema["properties"]["engine"]["properties"]
    assert set(engine["games"]["propertyNames"]["enum"]) == set(ENGINES) == {"native", "compiled", "reference"}
    assert set(engine["used"]["enum"]) == set(ENGINES) | {None}
    assert set(engine["asked"]["enum"]) == set(CHOICES)
