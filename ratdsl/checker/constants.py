"""E229: a constant worked out from itself (`const c = c + 1`, or through other constants): it
has no value, and a game reading it would recurse until it stopped. Only constants' values are
followed: a func may read a constant on one path and not another, so a cycle through a func is
left to the game's depth limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import ast as A
from ..semantics.recursion import reaching_themselves
from ..semantics.symbols import CONST

if TYPE_CHECKING:  # the checker calls this; only its type is needed here
    from .checker import Checker


def check_constants(checker: Checker) -> None:
    consts = {d.name: d for d in checker.decls if isinstance(d, A.Const)}
    reads: dict[str, set[str]] = {}
    for name, decl in consts.items():
        reads[name] = {n.id for n in A.walk(decl.value) if isinstance(n, A.Name) and _is_const(checker, n)}
    for name in sorted(reaching_themselves(reads)):
        path = _cycle(name, reads)
        checker.report(consts[name].span, "E229", f"const {name!r} is worked out from itself "
                       f"({' -> '.join(path)}): it has no value",
                       "give the constant a value that does not read it, e.g. a number or another constant")


def _is_const(checker: Checker, name: A.Name) -> bool:
    sym = checker.table.ref(name)
    return sym is not None and sym.kind == CONST and isinstance(sym.decl, A.Const)


def _cycle(start: str, reads: dict[str, set[str]]) -> list[str]:
    """The shortest way from start back to itself, as names (start first and last)."""
    paths = {start: [start]}
    todo = [start]
    while todo:
        name = todo.pop(0)
        for nxt in sorted(reads.get(name, ())):
            if nxt == start:
                return paths[name] + [start]
            if nxt not in paths:
                paths[nxt] = paths[name] + [nxt]
                todo.append(nxt)
    return [start, start]
