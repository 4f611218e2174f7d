"""Which phases can read `at_phase_start(...)`.

Keeping the zones as they were when a phase began costs a copy of every zone the phase changes,
so the engine keeps them only for phases whose code can reach an `at_phase_start`: the phase's
steps, the rules they run with their hooks, the funcs and tables they call with their modifiers,
the effects of cards revealed, and, because card effects depend on them, every deck's
`active when` and every card's fields. The search over-approximates, never under.
"""

from __future__ import annotations

from ..language import ast as A
from ..semantics.definition import GameDef


def phases_reading_start(d: GameDef) -> frozenset[str]:
    """The phases (and "setup") during which `at_phase_start` may be evaluated (the engine keeps
    the answer in the rules' CompiledRules)."""
    shared = _always_reachable(d)
    phases = [(name, phase.steps) for name, phase in d.phases.items()]
    if d.setup is not None:
        phases.insert(0, ("setup", d.setup.steps))
    if _reaches_start(d, _outside_phases(d)):  # scoring may read the last phase's start
        return frozenset(name for name, _ in phases)
    return frozenset(name for name, steps in phases if _reaches_start(d, [s.body for s in steps] + shared))


def _outside_phases(d: GameDef) -> list[A.Node]:
    """Code the game runs between phases: variables' first values and the scoring."""
    roots: list[A.Node] = [v.value for v in (*d.vars.values(), *d.player_vars.values())]
    if d.scoring is not None:
        roots.extend((d.scoring.score, *d.scoring.tiebreaks))
    return roots


def _always_reachable(d: GameDef) -> list[A.Node]:
    """Code that may run whatever the phase: decks' `active when`, card fields, card effects."""
    roots: list[A.Node] = [deck.active for deck in d.decks.values() if deck.active is not None]
    for card in d.cards.values():
        roots.extend(f.value for f in card.fields)
        roots.extend(h.body for h in card.handlers)
    return roots


def _reaches_start(d: GameDef, roots: list[A.Node]) -> bool:
    seen: set[tuple[str, str]] = set()
    todo = list(roots)
    while todo:
        for node in A.walk(todo.pop()):
            if isinstance(node, A.AtPhaseStart):
                return True
            if isinstance(node, A.Do):
                todo.extend(_rule_code(d, node.rule, seen))
            elif isinstance(node, A.Call):
                todo.extend(_func_code(d, node.func, seen))
    return False


def _rule_code(d: GameDef, name: str, seen: set[tuple[str, str]]) -> list[A.Node]:
    if ("rule", name) in seen:
        return []
    seen.add(("rule", name))
    out: list[A.Node] = []
    rule = d.rules.get(name)
    if rule is not None:
        out.append(rule.body)
    for attached in (a for group in d.hooks.get(name, {}).values() for a in group):
        out.append(attached.decl)
    return out


def _func_code(d: GameDef, name: str, seen: set[tuple[str, str]]) -> list[A.Node]:
    if ("func", name) in seen:
        return []
    seen.add(("func", name))
    out: list[A.Node] = []
    if name in d.funcs:
        out.append(d.funcs[name].value)
    if name in d.tables:
        out.extend(entry.value for entry in d.tables[name].rows)
    out.extend(attached.decl for attached in d.modifiers.get(name, ()))
    return out
