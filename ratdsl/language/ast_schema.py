"""The JSON export of the typed AST (`ratdsl ast FILE --json`) and its schema.

The export is `{"file": PATH, "ast": NODE}` where NODE is ast.to_json's output: every node is an
object with `"node"` (its class name), `"span"` ([line, column, end_line, end_column], 1-based,
end exclusive; [0, 0, 0, 0] for nodes that were not read from a file) and one member per field.

ratdsl/schemas/ast.schema.json is generated from the dataclasses in ast.py, so it names every
node type and every field; tests/test_ast_schema.py fails when the two drift apart. After
changing ast.py, regenerate it with:

    python -m ratdsl.language.ast_schema --write

A document that does not match is reported at the position of the innermost node on the
failing JSON path (`validate_export`), so an exporter bug points back at the rule text.
"""

from __future__ import annotations

import json
import sys
import types
import typing
from dataclasses import fields
from importlib import resources
from pathlib import Path
from typing import Any

from . import ast as A
from .limits import frames_for_nesting

SCHEMA_ID = "urn:ratdsl:ast"
ABSTRACT = {"Expr": A.Expr, "Stmt": A.Stmt, "Decl": A.Decl, "TypeExpr": A.TypeExpr}

# Fields whose strings come from a fixed set (the grammar's keywords or operators).
ENUMS = {
    ("BinOp", "op"): ["==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"],
    ("BoolOp", "op"): ["and", "or"],
    ("Quantity", "mode"): ["all", "up_to", "exact"],
    ("DistLimit", "kind"): ["most", "least"],
    ("Place", "where"): ["top", "bottom"],
    ("Hook", "time"): ["before", "after", "instead"],
    ("Pile", "visibility"): list(A.VISIBILITIES),  # information
    ("Var", "visibility"): list(A.VISIBILITIES),
    ("Pile", "facing"): list(A.FACINGS),
}
LITERAL = {"$ref": "#/$defs/literal"}


def node_classes() -> list[type]:
    """Every concrete node class of ast.py, in definition order."""
    out = []
    for value in vars(A).values():
        if isinstance(value, type) and issubclass(value, A.Node) and value is not A.Node \
                and value not in ABSTRACT.values():
            out.append(value)
    return out


def _type_schema(hint, owner: str, field: str) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if hint is typing.Any:
        return dict(LITERAL)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        inner = _type_schema(options[0], owner, field) if len(options) == 1 else \
            {"anyOf": [_type_schema(a, owner, field) for a in options]}
        return {"anyOf": [inner, {"type": "null"}]}
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _type_schema(args[0], owner, field)}
        return {"type": "array", "prefixItems": [_type_schema(a, owner, field) for a in args],
                "minItems": len(args), "maxItems": len(args), "items": False}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is str:
        if (owner, field) in ENUMS:
            return {"enum": ENUMS[(owner, field)]}
        return {"type": "string"}
    if isinstance(hint, type) and issubclass(hint, A.Node):
        name = next((k for k, v in ABSTRACT.items() if v is hint), hint.__name__)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"{owner}.{field}: no JSON schema for the type {hint!r}")


def _node_schema(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, vars(A))
    props: dict[str, Any] = {"node": {"const": cls.__name__}, "span": {"$ref": "#/$defs/span"}}
    for f in fields(cls):
        if f.name != "span":
            props[f.name] = _type_schema(hints[f.name], cls.__name__, f.name)
    optional = {f.name for f in fields(cls) if f.metadata.get("omit_default")}  # (see A.to_json)
    schema: dict[str, Any] = {"type": "object", "required": [p for p in props if p not in optional],
                              "additionalProperties": False, "properties": props}
    doc = (cls.__doc__ or "").strip()
    if doc and not doc.startswith(f"{cls.__name__}("):
        schema = {"description": " ".join(doc.split()), **schema}
    return schema


def _union(base: type, classes: list[type]) -> dict[str, Any]:
    members = [c.__name__ for c in classes if issubclass(c, base)]
    return {
        "description": f"Any {base.__name__.lower()} node; `node` says which.",
        "type": "object",
        "required": ["node"],
        "properties": {"node": {"enum": members}},
        "allOf": [{"if": {"properties": {"node": {"const": m}}}, "then": {"$ref": f"#/$defs/{m}"}}
                  for m in members],
    }


def build_schema() -> dict[str, Any]:
    classes = node_classes()
    defs: dict[str, Any] = {
        "span": {
            "description": "[line, column, end_line, end_column]: 1-based, end exclusive; all 0 when the "
                           "node was not read from a file.",
            "type": "array",
            "prefixItems": [{"type": "integer", "minimum": 0}] * 4,
            "minItems": 4, "maxItems": 4, "items": False,
        },
        "literal": {"description": "An option value: a whole number, a name or true/false.",
                    "type": ["integer", "string", "boolean"]},
    }
    for name, base in ABSTRACT.items():
        defs[name] = _union(base, classes)
    for cls in classes:
        defs[cls.__name__] = _node_schema(cls)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "ratdsl typed AST export",
        "description": "The output of `ratdsl ast FILE --json`: one rule file's typed AST. Generated "
                       "from ratdsl/language/ast.py by `python -m ratdsl.language.ast_schema --write`.",
        "type": "object",
        "required": ["file", "ast"],
        "additionalProperties": False,
        "properties": {"file": {"type": "string"}, "ast": {"$ref": "#/$defs/Program"}},
        "$defs": defs,
    }


def schema_text() -> str:
    return json.dumps(build_schema(), indent=2, ensure_ascii=False) + "\n"


def shipped_schema_path() -> Path:
    return Path(str(resources.files("ratdsl.schemas").joinpath("ast.schema.json")))


# ------------------------------------------------------------------ export and validation
def export(program: A.Program, file: str) -> dict[str, Any]:
    return {"file": str(file), "ast": A.to_json(program)}


class AstSchemaError(ValueError):
    """An export that does not match ast.schema.json, with the position of the node at fault."""

    def __init__(self, file: str, line: int, column: int, path: list, message: str):
        self.file, self.line, self.column, self.path = file, line, column, path
        where = "/".join(str(p) for p in path) or "(top level)"
        super().__init__(f"{file}:{line}:{column}: the AST export does not match ast.schema.json at "
                         f"{where}: {message}")


def locate(document: Any, path: list) -> tuple[int, int]:
    """Line and column of the innermost node (an object with a span) on a JSON path."""
    best = (0, 0)
    value = document
    for step in [None, *path]:
        if step is not None:
            try:
                value = value[step]
            except (KeyError, IndexError, TypeError):
                break
        span = value.get("span") if isinstance(value, dict) else None
        if isinstance(span, list) and len(span) == 4 and all(isinstance(n, int) for n in span[:2]) \
                and span[0] > 0:
            best = (span[0], span[1])
    return best


_SHALLOW: dict[str, Any] = {}  # the node-by-node validators (shallow_validators), made once


def shallow_validators() -> dict[str, Any]:
    """ast.schema.json cut at the nodes: one validator per node kind (and "" for the document),
    in which a child node is only checked to be of a kind allowed there. Each node of an export
    is then validated once against its own kind: linear in the export's size. (Through the whole
    schema, each node goes through an `if` per kind its place allows: a 1.5 MB file took minutes.)"""
    if _SHALLOW:
        return _SHALLOW
    from jsonschema import Draft202012Validator

    from ..schemas import load_schema, registry

    schema = load_schema("ast")
    defs = schema["$defs"]
    stubs: dict[str, dict[str, Any]] = {}
    for name, d in defs.items():
        node = d.get("properties", {}).get("node")
        if node is not None:  # a kind of node, or a choice among kinds (Expr, Stmt, Decl)
            stubs[f"#/$defs/{name}"] = {"type": "object", "required": ["node"], "properties": {"node": node}}

    def cut(value: Any) -> Any:
        if isinstance(value, dict):
            ref = value.get("$ref")
            if isinstance(ref, str) and ref in stubs and len(value) == 1:
                return stubs[ref]
            return {k: cut(v) for k, v in value.items()}
        if isinstance(value, list):
            return [cut(v) for v in value]
        return value

    shallow_defs = {name: (d if "allOf" in d else cut(d)) for name, d in defs.items()}
    top = {k: v for k, v in schema.items() if k != "$defs"}
    _SHALLOW[""] = Draft202012Validator({**cut(top), "$defs": shallow_defs}, registry=registry())
    for name, d in defs.items():
        if "allOf" not in d and isinstance(d.get("properties", {}).get("node", {}).get("const"), str):
            _SHALLOW[name] = Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": shallow_defs},
                                                  registry=registry())
    return _SHALLOW


def _words(value: Any, out: set[str]) -> set[str]:
    """Every string an `enum` or `const` of the schema names."""
    if isinstance(value, dict):
        for key, v in value.items():
            if key == "const" and isinstance(v, str):
                out.add(v)
            elif key == "enum":
                out.update(x for x in v if isinstance(x, str))
            else:
                _words(v, out)
    elif isinstance(value, list):
        for v in value:
            _words(v, out)
    return out


def _shape(value: Any, words: set[str]) -> Any:
    """What the shallow validation of a node can tell apart: ast.schema.json constrains numbers
    only by `minimum: 0` and strings only by type, `enum` and `const` (tests/test_ast_schema.py
    holds it to that), so two nodes of one shape pass or fail alike: a shape that passed once
    needs no second validation. A child node counts by its kind alone (it is validated itself)."""
    if isinstance(value, dict):
        return tuple((k, ("node", v.get("node")) if isinstance(v, dict) and "node" in v else _shape(v, words))
                     for k, v in value.items())
    if isinstance(value, list):
        return ("list", *(("node", v.get("node")) if isinstance(v, dict) and "node" in v else _shape(v, words)
                          for v in value))
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return ("int", value >= 0)
    if isinstance(value, str):
        return value if value in words else ("str",)
    return ("other", type(value).__name__)


def export_errors(document: Any) -> list[tuple[list, str]]:
    """Every mismatch of the export with ast.schema.json: (its JSON path, the message)."""
    from ..schemas import load_schema

    validators = shallow_validators()
    words = _words(load_schema("ast"), set())
    passed: set[Any] = set()  # the shapes of nodes found valid (see _shape)
    found = [(list(e.absolute_path), e.message) for e in validators[""].iter_errors(document)]
    stack: list[tuple[Any, list]] = [(document, [])]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            kind = value.get("node")
            if isinstance(kind, str) and kind in validators and path:
                shape = (kind, _shape(value, words))
                if shape not in passed:
                    errors = [(path + list(e.absolute_path), e.message) for e in validators[kind].iter_errors(value)]
                    if errors:
                        found.extend(errors)
                    else:
                        passed.add(shape)
            stack.extend((v, [*path, k]) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, [*path, i]) for i, v in enumerate(value))
    return found


def validate_export(document: Any) -> None:
    """Raises AstSchemaError, placed at the node where the export goes wrong."""
    with frames_for_nesting(20):  # (a shallow validation: a few frames, whatever the nesting)
        errors = export_errors(document)
    if not errors:
        return
    path, message = max(errors, key=lambda e: (len(e[0]), -len(e[1])))
    line, column = locate(document, path)
    file = document.get("file", "<export>") if isinstance(document, dict) else "<export>"
    raise AstSchemaError(str(file), line, column, path, message)


def main(argv: list[str]) -> int:
    if argv == ["--write"]:
        shipped_schema_path().write_text(schema_text(), "utf-8")
        return 0
    if argv == ["--check"]:
        current = shipped_schema_path().read_text("utf-8") if shipped_schema_path().is_file() else ""
        return 0 if current == schema_text() else 1
    sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
