"""Which engine plays a simulation's games, and the report's account of it.

`--engine auto` plays each game on the best engine that can (the native build, the compiled flat
target, else the reference engine, the tree-walker) and says why a game was not played on the
best one; `compiled`, `native` and `reference` play every game on that engine or stop before
the first game with the reason (EngineRefused): a slow run must never pass for a fast one."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from ..records import record

AUTO, COMPILED, NATIVE, REFERENCE = "auto", "compiled", "native", "reference"
CHOICES = (AUTO, COMPILED, NATIVE, REFERENCE)
ENGINES = (NATIVE, COMPILED, REFERENCE)  # best first (the reference engine: auto's last resort)
FLAT = (NATIVE, COMPILED)  # the flat target (engine/flat), on its native build or in Python
SEEDS_KEPT = 5  # seeds quoted per reason: enough to reproduce one, few enough to read


class EngineRefused(Exception):
    """The engine asked cannot play these rules, agents or options (or stopped on a game the
    reference engine plays): one line, said before the first game when it can be known then."""

    code = "E901"  # (E900: a Python error of compiled code, engine/flat/failure.py)

    def render(self) -> str:
        return f"error[{self.code}]: {self}"


def check_choice(engine: str) -> str:
    """The engine asked, or ValueError naming the choices."""
    if engine not in CHOICES:
        raise ValueError(f"engine must be one of {', '.join(CHOICES)}, not {engine!r}")
    return engine


def native_for(engine: str, native: str) -> str:
    """SimulationSpec.native for `engine` and the `--native` wish (build, cached, off): the
    native engine builds one when none is kept, the compiled and reference engines use none."""
    if engine == NATIVE:
        return "build"
    if engine in (COMPILED, REFERENCE):
        return "off"
    return native


@record
class EngineTally:
    """The games each engine played, and the reasons games were not played on the best one."""

    asked: str = AUTO
    games: dict[str, int] = field(default_factory=dict)
    reasons: dict[tuple[str, str], list] = field(default_factory=dict)  # (part, reason) -> [games, first seeds]

    def add(self, engine: str, why: str | None, seed: int, part: str = "run") -> None:
        self.games[engine] = self.games.get(engine, 0) + 1
        if why is not None:
            entry = self.reasons.setdefault((part, why), [0, []])
            entry[0] += 1
            if len(entry[1]) < SEEDS_KEPT:
                entry[1].append(seed)

    def to_json(self) -> dict[str, Any]:
        """The report's `engine` object (schemas/report.schema.json)."""
        games = {e: n for e in ENGINES if (n := self.games.get(e, 0))}
        used = max(games, key=lambda e: (games[e], -ENGINES.index(e))) if games else None
        fallbacks = [{"part": part, "reason": why, "games": n, "seeds": seeds}
                     for (part, why), (n, seeds) in sorted(self.reasons.items(), key=lambda kv: -kv[1][0])]
        return {"asked": self.asked, "used": used, "games": games, "fallbacks": fallbacks}


def engine_line(engine: dict[str, Any] | None) -> str | None:
    """The text report's line about the engines: whenever the games were not all played on one
    engine, and for `auto` (which engine it chose); None otherwise."""
    if not engine or not engine["games"]:
        return None
    games = engine["games"]
    if len(games) == 1 and engine["asked"] != AUTO:
        return None
    played = (f"every game on {engine['used']}" if len(games) == 1
              else ", ".join(f"{n:,} on {e}" for e, n in games.items()))
    head = f"Engine: {engine['asked']}" + (f" (used {engine['used']})" if engine["asked"] == AUTO else "")
    why = "; ".join(f"{f['games']:,} {'baseline ' if f['part'] == 'baseline' else ''}game(s): {f['reason']} "
                    f"(first seed {f['seeds'][0]})" for f in engine["fallbacks"])
    return f"{head}: {played}" + (f". Not on the best engine: {why}." if why else ".")
