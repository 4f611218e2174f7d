"""W310: a variant's replacement no longer reads an option that what it replaces read.

A `replace step` (or `replace` of a func, rule, table, card or phase) is written by copying the
printed rule and changing it; lines that honour an option are easy to drop on the way, and then
`-o NAME=VALUE` silently does nothing. The options a piece of rules reads are the option names
in it and in the funcs, rules and tables it calls, followed through the calls (each compared
with the declarations of its own side: the base game's for the replaced piece, the variant's for
the new one). An option the variant sets itself (`set option`) is fixed on purpose: not reported.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..language import ast as A
from ..language.loader import RuleSet, decl_identity

if TYPE_CHECKING:  # the checker calls this; only its type is needed here
    from .checker import Checker

CODE = "W310"
_CALLED = (A.Func, A.Rule, A.Table)


def check_dropped_options(checker: Checker) -> None:
    """A warning at each replacement for each option its original read and it does not."""
    ruleset: RuleSet = checker.ruleset
    if ruleset.variant is None:
        return
    options = {d.name for d in ruleset.decls if isinstance(d, A.Option)} - set(ruleset.option_overrides)
    old_side, new_side = _callables(ruleset.base_decls), _callables(ruleset.decls)
    for what, old, new in _replacements(ruleset):
        dropped = sorted(_reads(old, old_side, options) - _reads(new, new_side, options))
        for name in dropped:
            where = f"{old.span.file}:{old.span.line}"
            checker.report(
                new.span, CODE, f"{what} no longer reads option {name!r}, which the {what.split()[0]} it replaces "
                f"({where}) reads: `-o {name}=...` does nothing with this variant",
                f"keep what the original does with {name!r}, or `set option {name} = ...` to fix it "
                "on purpose",
                "warning")


def _replacements(ruleset: RuleSet) -> Iterator[tuple[str, A.Node, A.Node]]:
    """(what, original, replacement) for every step and declaration the variant replaced."""
    old_steps = dict(_steps(ruleset.base_decls))
    for key, step in _steps(ruleset.decls):
        old = old_steps.get(key)
        if old is not None and old is not step:
            yield f"step {key[0]}.{key[1]}", old, step
    old_decls = {ident: d for d in ruleset.base_decls if not isinstance(d, (A.Phase, A.Setup))
                 and (ident := decl_identity(d)) is not None}
    for decl in ruleset.decls:
        ident = decl_identity(decl) if not isinstance(decl, (A.Phase, A.Setup)) else None
        old = old_decls.get(ident) if ident is not None else None
        if old is not None and old is not decl:
            yield f"{ident[0]} {ident[1]}", old, decl


def _steps(decls: list[A.Decl]) -> Iterator[tuple[tuple[str, str], A.Step]]:
    for d in decls:
        if isinstance(d, (A.Setup, A.Phase)):
            owner = "setup" if isinstance(d, A.Setup) else d.name
            for step in d.steps:
                yield (owner, step.name), step


def _callables(decls: list[A.Decl]) -> dict[str, A.Decl]:
    return {d.name: d for d in decls if isinstance(d, _CALLED)}


def _reads(node: A.Node, callables: dict[str, A.Decl], options: set[str]) -> set[str]:
    """The options `node` reads, itself or through what it calls (each callee walked once)."""
    found: set[str] = set()
    seen: set[str] = set()
    todo = [node]
    while todo:
        for n in A.walk(todo.pop()):
            if isinstance(n, A.Name) and n.id in options:
                found.add(n.id)
            callee = n.func if isinstance(n, A.Call) else n.rule if isinstance(n, A.Do) else None
            if callee is not None and callee not in seen and callee in callables:
                seen.add(callee)
                todo.append(callables[callee])
    return found
