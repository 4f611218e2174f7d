"""Which rules, funcs and tables can run themselves again: the summaries say such a rule repeats,
and the compiler gives those a function of their own that counts its depth (the reference engine
stops any call nested too deep). One definition for both."""

from __future__ import annotations

from ..language import ast as A
from .definition import GameDef


def reaching_themselves(calls: dict[str, set[str]]) -> frozenset[str]:
    """The names from which `calls` (name -> the names it calls) lead back to themselves."""
    out = set()
    for start in calls:
        seen, todo = set(), list(calls[start])
        while todo:
            name = todo.pop()
            if name == start:
                out.add(start)
                break
            if name not in seen:
                seen.add(name)
                todo.extend(calls.get(name, ()))
    return frozenset(out)


def rules_reaching_themselves(d: GameDef) -> frozenset[str]:
    """The rules whose `do` calls (in their body or their hooks) lead back to themselves."""
    calls: dict[str, set[str]] = {}
    for name, rule in d.rules.items():
        roots = [rule.body, *(a.decl.body for time in d.hooks.get(name, {}).values() for a in time)]
        calls[name] = {n.rule for root in roots for n in A.walk(root) if isinstance(n, A.Do)}
    return reaching_themselves(calls)


def funcs_reaching_themselves(d: GameDef) -> frozenset[str]:
    """The funcs and tables whose value (with their modifiers) can call them again."""
    calls: dict[str, set[str]] = {}
    for name in [*d.funcs, *d.tables]:
        roots = [d.funcs[name].value] if name in d.funcs else [e.value for e in d.tables[name].rows]
        for attached in d.modifiers.get(name, ()):
            roots += [attached.decl.value, *([attached.decl.condition] if attached.decl.condition else [])]
        calls[name] = {n.func for root in roots for n in A.walk(root) if isinstance(n, A.Call)}
    return reaching_themselves(calls)
