"""Keeps generated code within Python's own nesting limits: at most 20 statically nested blocks
(loops, `try`s) in one function and 100 levels of indentation in the source. The language bounds
how deeply rules nest (language/limits.py), but loops nested in loops, inlined rules and funcs add
blocks and indentation to one Python function; past `MAX_BLOCKS` blocks or `MAX_INDENT` levels, the
next expression or statement list is generated as a function of its own, at the top level of the
source, and called where it was.

The part moved out sees the locals it reads as parameters, and hands back those it assigns (a `set`
of a name bound outside it). Its names continue the unit's numbering, so a name means the same
variable on both sides; the lines it adds to the unit's prologue (names read from the caller's
Env) stay in the unit, and the names they bind become parameters too. Everything else about the
unit is shared: its scopes, its kind (entry or not) and what the lowering knows about types.
Rule sets that nest as little as real games do never reach these limits, so their code does not
change.
"""

from __future__ import annotations

import re
import symtable
from collections.abc import Callable
from typing import Any

from .scope import Unit

MAX_BLOCKS = 12  # Python stops at 20; a statement or expression adds a few before the next check
MAX_INDENT = 60  # Python stops at 100; likewise

_NUMBERED = re.compile(r"[lt](\d+)$")
_FIXED = re.compile(r"(it|env|site|a\d+)$")
_PROLOGUE_NAME = re.compile(r"\s*([lt]\d+) = ")


def too_deep(unit: Unit) -> bool:
    """Whether code generated next in `unit` should go into a function of its own."""
    return unit.depth > MAX_INDENT or unit.static_blocks() > MAX_BLOCKS


def outline(low: Any, generate: Callable[[], str | None]) -> str | None:
    """Runs `generate` (which emits lines through `low` and may return a value's code) into a new
    top-level function, and emits the call of it in the current unit; returns the code of the
    value in the current unit (a temporary), or None."""
    parent: Unit = low.unit
    first = parent.count
    part = Unit("", parent.entry)
    part.count, part.root, part.prologue, part.own_prologue = first, parent.root, parent.prologue, False
    low.unit = part
    try:
        value = generate()
    finally:
        low.unit = parent
        parent.count = part.count
    # The value returned may be one of the unit's own names: it is read by the part too.
    body = part.lines + ([f"    return {value}"] if value is not None else [])
    params, assigned = _free_locals(body or ["    pass"], first, parent.prologue)
    results = ([value] if value is not None else []) + assigned
    if results:
        part.emit(f"return {', '.join(results)},")
    py = low.gen.add_part(part)
    part.header = f"def {py}({', '.join(params)}):"
    call = f"{py}({', '.join(params)})"
    out = low.tmp() if value is not None else None
    targets = ([out] if out is not None else []) + assigned
    low.emit(f"{', '.join(targets)}, = {call}" if targets else call)
    if out is not None:
        low.typed(out, low.type_of(value))
        if value in low.choices:
            low.choices[out] = low.choices[value]
    return out


def _free_locals(body: list[str], first: int, prologue: list[str]) -> tuple[list[str], list[str]]:
    """The unit's locals that `body` uses (its parameters) and, of those, the ones it assigns."""
    outer = {m.group(1) for line in prologue if (m := _PROLOGUE_NAME.match(line))}
    table = symtable.symtable("def part():\n" + "\n".join(body) + "\n", "<outlined>", "exec")
    part = table.get_children()[0]
    used: set[str] = set()
    todo = [part]
    while todo:  # the part's own names and those its comprehensions read
        scope = todo.pop()
        used.update(scope.get_identifiers())
        todo.extend(scope.get_children())
    own = set(part.get_identifiers())
    params, assigned = [], []
    for name in sorted(used):
        numbered = _NUMBERED.match(name)
        if name in outer or _FIXED.match(name) or (numbered and int(numbered.group(1)) <= first):
            params.append(name)
            if name in own and part.lookup(name).is_assigned():
                assigned.append(name)
    return params, assigned
