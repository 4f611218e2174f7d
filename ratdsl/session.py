"""The facade the CLI, tests and simulations use: load rules, check them, build a game.

It strings the pipeline together (loader -> checker -> definition -> engine) so every entry
point runs the same stages in the same order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .agents.random_agent import random_agents
from .bundled import resolve_rules
from .checker.run import findings_of
from .engine.decisions import Agent
from .language.loader import RuleSet, load
from .semantics.definition import GameDef, build
from .semantics.resolver import resolve


class RulesInvalid(Exception):
    """Rules that do not pass the checker: `diagnostics` holds every error (RuleError objects:
    file, line, column, code, message), and the message is their rendered text."""

    def __init__(self, diagnostics: list) -> None:
        super().__init__("\n".join(d.render() for d in diagnostics))
        self.diagnostics = diagnostics


def load_rules(path: str | Path, modules: tuple[str, ...] | list[str] = (),
               options: dict[str, Any] | None = None, check: bool = True) -> GameDef:
    """Loads, checks and indexes a game folder, a variant file or a bundled game's name (a path
    that exists wins). Raises RulesInvalid on errors. The findings of rules unchanged since they
    were last checked come from this user's cache (checker/kept.py), without the checker."""
    found, modules = resolve_rules(path), tuple(modules)
    ruleset: RuleSet = load(found, modules)
    symbols = resolve(ruleset.decls)  # once: the checker and the definition share the table
    if check:
        errors = [d for d in findings_of(ruleset, found, modules, kept=True, table=symbols) if d.severity == "error"]
        if errors:
            raise RulesInvalid(errors)
    return build(ruleset, options, symbols)


def new_game(definition: GameDef, players: int, seed: int = 0, agents: list[Agent] | None = None,
             **kwargs: Any) -> Any:
    """A game in which every seat without an agent plays at random, on its own seeded stream.
    The engine itself takes agents only through their protocol; the default lives here."""
    from .engine.game import Game  # (the interpreter is imported only by what plays)

    return Game(definition, players, seed, agents or random_agents(seed, players), **kwargs)


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"write options as NAME=VALUE, not {pair!r}")
        name, value = pair.split("=", 1)
        out[name.strip()] = value.strip()
    return out
