"""`ratdsl ast --no-json`: the exported AST (schemas/ast.schema.json) as an outline to read, one
node a line, its children indented under it, labelled with the field that holds them:

    Program 3:1
      decls: Game 3:1 name="tiny" title="Tiny" min_players=2 max_players=4
"""

from __future__ import annotations

import json
from typing import Any


def outline(node: dict[str, Any]) -> str:
    """The outline of an exported node (a dict with "node" and "span")."""
    lines: list[str] = []
    todo: list[tuple[int, str, dict[str, Any]]] = [(0, "", node)]  # a stack: nesting may be deep
    while todo:
        depth, label, current = todo.pop()
        fields, children = [], []
        for name, value in current.items():
            if name in ("node", "span"):
                continue
            if _is_node(value):
                children.append((name, value))
            elif isinstance(value, list) and value and all(_is_node(v) for v in value):
                children += [(name, v) for v in value]
            elif isinstance(value, list) and value and all(_is_keyed(v) for v in value):
                children += [(f"{name}[{json.dumps(key, ensure_ascii=False)}]", v) for key, v in value]
            else:
                fields.append(f"{name}={json.dumps(value, ensure_ascii=False)}")
        span = current.get("span") or []
        where = f" {span[0]}:{span[1]}" if len(span) >= 2 else ""
        lines.append("  " * depth + label + current["node"] + where + "".join(" " + f for f in fields))
        todo += [(depth + 1, f"{name}: ", child) for name, child in reversed(children)]
    return "\n".join(lines)


def _is_node(value: Any) -> bool:
    return isinstance(value, dict) and "node" in value


def _is_keyed(value: Any) -> bool:
    """A [key, node] pair, as a bundle's items are exported."""
    return isinstance(value, list) and len(value) == 2 and not _is_node(value[0]) and _is_node(value[1])
