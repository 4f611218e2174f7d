"""The compiled engine held to the reference, game by game, on every game folder under rules/.

Shared by tests/test_engines_agree.py (which shows the harness is not blind), tests/test_native.py
(the native build) and `benchmarks/differential.py --engines` (1,000 per folder, the native build
with --native). A game folder's rule sets are its
base rules, each module alone, all its modules together and each variant; each is played at every
player count it allows, by random agents and by its personas (cycled with a random seat). Both sides
play the same seed with fresh agents: the flat module (engine/flat) and the tree-walker (Game with
the reference), and they must give the same end state (zones, piles, variables),
scores, tie-breaks, winners, rounds, fired counts and metrics; a game the reference stops with a
rule's error must stop the flat code too. Rules the flat target has no form for yet
raise Unsupported: the test skips them naming the reason, never passes them quietly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ratdsl.records import record

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
GAMES_PER_FOLDER = 1000  # the full check's and the benchmark's count


@record(frozen=True)
class RuleSet:
    folder: str  # the game folder's name
    path: Path  # the folder, or a variant file in it
    modules: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        where = self.folder if self.path.is_dir() else f"{self.folder}/variants/{self.path.stem}"
        return where + ("+" + "+".join(self.modules) if self.modules else "")


def game_folders() -> list[Path]:
    return sorted(p for p in RULES.iterdir() if (p / "game.rat").is_file())


def rule_sets(folder: Path) -> list[RuleSet]:
    """The base rules, each module alone, all modules together, each variant."""
    modules = sorted(p.stem for p in (folder / "modules").glob("*.rat"))
    out = [RuleSet(folder.name, folder)]
    out += [RuleSet(folder.name, folder, (m,)) for m in modules]
    if len(modules) > 1:
        out.append(RuleSet(folder.name, folder, tuple(modules)))
    out += [RuleSet(folder.name, v) for v in sorted((folder / "variants").glob("*.rat"))]
    return out


def agent_sets(d) -> list[tuple[str, ...]]:
    """Random agents, and the rules' personas cycled with a random seat (when it has any)."""
    personas = tuple(sorted(d.personas))
    return [("random",), (*personas, "random")] if personas else [("random",)]


def schedule(d, games: int, offset: int = 0) -> list[tuple[int, tuple[str, ...], int]]:
    """(players, agents, seed) for `games` games: every agent set at a table size, then the next
    size (`offset` turns the sizes, so that rule sets start at different ones)."""
    sizes = list(range(d.game.min_players, d.game.max_players + 1))
    agents = agent_sets(d)
    out = []
    for i in range(games):
        size = sizes[(i // len(agents) + offset) % len(sizes)]
        out.append((size, agents[i % len(agents)], i))
    return out


class Unplayable(Exception):
    """The flat target has no form for these rules (its Unsupported, with where)."""


def load(rules: RuleSet):
    from ratdsl.session import load_rules

    return load_rules(rules.path, modules=rules.modules)


def flat_module(d, players: int):
    """The flat module, or Unplayable with the Unsupported reason."""
    from ratdsl.engine.flat.game import flat_module as made

    module = made(d, players)
    if isinstance(module, Exception):
        node = getattr(module, "node", None)
        raise Unplayable(f"{players} players: {getattr(module, 'why', module)}"
                         + (f" ({node.span})" if node is not None else ""))
    return module


def native_module(d, players: int):
    """A flat module of its own on its native build (made when none is kept), or Unplayable."""
    from ratdsl.engine.flat import native
    from ratdsl.engine.flat.cache import load_or_make

    flat_module(d, players)  # (Unplayable as the compiled engine says it)
    module = load_or_make(d, players)
    if not native.attach(module, build=True):
        why = native.load_failure(module) or native.unavailable() or "it could not be made"
        raise Unplayable(f"{players} players: no native build ({why})")
    return module


def _agents(d, names: tuple[str, ...], players: int, seed: int) -> list:
    from ratdsl.simulation.runner import named_agents

    return named_agents(d, names, players, seed)


def reference_outcome(d, players: int, seed: int, names: tuple[str, ...], log: bool = False) -> dict[str, Any]:
    """The tree-walker's game: what is compared, or the rule's error that stopped it; `log`: with
    the game's log, a line a record as written."""
    from ratdsl.engine.game import Game
    from ratdsl.engine.log import GameLog, dumps
    from ratdsl.language.errors import RuleError
    from ratdsl.simulation.collect import MetricCounter

    kept = GameLog(keep=log)
    game = Game(d, players, seed, agents=_agents(d, names, players, seed), log=kept)
    counter = MetricCounter(d, lambda m: _kinds(d, game, m))
    if counter.rules:
        game.runtime.watch_moves(counter)
    try:
        result = game.play()
    except RuleError as err:
        out: dict[str, Any] = {"stopped": err.render().splitlines()[0]}
    else:
        out = _outcome(result, counter.counts)
    if log:
        out["log"] = [dumps(r) for r in kept.records]
    return out


def _kinds(d, game, metric) -> list[str]:
    from ratdsl.engine.interpreter import Env

    return game.interp.kinds_of(game.interp.eval(metric.kinds, Env()), metric.kinds)


def flat_outcome(module, d, players: int, seed: int, names: tuple[str, ...]) -> dict[str, Any]:
    """The flat module's game (a game it stops: `stopped`, which the reference must stop too)."""
    from ratdsl.engine.flat.game import Stopped, play_module

    try:
        result = play_module(module, seed, _agents(d, names, players, seed), metrics=bool(d.metrics))
    except Stopped:
        return {"stopped": True}
    return _outcome(result, module.metric_counts())


def _outcome(result, metrics: dict[str, int]) -> dict[str, Any]:
    return {"scores": result.scores, "tiebreaks": result.tiebreaks, "winners": result.winners,
            "rounds": result.rounds, "state": result.state, "fired": dict(result.fired), "metrics": dict(metrics)}


def difference(flat: dict[str, Any], reference: dict[str, Any]) -> str | None:
    """The first figure on which the two games differ, or None."""
    if "stopped" in flat or "stopped" in reference:
        if "stopped" in flat and "stopped" in reference:
            return None
        return ("the compiled code stopped a game the reference plays to its end" if "stopped" in flat
                else f"the reference stopped ({reference['stopped']}), the compiled code did not")
    for key in ("scores", "tiebreaks", "winners", "rounds", "fired", "metrics", "state"):
        if flat[key] != reference[key]:
            if key == "state":
                parts = [k for k in reference[key] if flat[key].get(k) != reference[key].get(k)]
                return f"end state differs in {', '.join(parts)}"
            return f"{key}: compiled {flat[key]!r}, reference {reference[key]!r}"
    return None


@record(frozen=True)
class Side:
    """An engine held to the tree-walker: how its module for a table size is made (or Unplayable),
    and how it plays a game."""

    name: str
    module_of: Any
    outcome: Any


COMPILED = Side("compiled", flat_module, flat_outcome)
NATIVE = Side("native", native_module, flat_outcome)
SIDES = {s.name: s for s in (COMPILED, NATIVE)}


def compare(rules: RuleSet, games: int, offset: int = 0, side: Side = COMPILED, d: Any = None,
            plan: list | None = None) -> tuple[int, list[str]]:
    """Plays `games` games of the rule set on `side` and on the tree-walker: (games compared,
    disagreements). Raises Unplayable (before any game) if the side cannot build one of the table
    sizes played. `d`, `plan`: the rules loaded already, the (players, agents, seed) to play."""
    d = load(rules) if d is None else d
    plan = schedule(d, games, offset) if plan is None else plan
    modules = {players: side.module_of(d, players) for players in sorted({p for p, _a, _s in plan})}
    failures = []
    for players, names, seed in plan:
        diff = difference(side.outcome(modules[players], d, players, seed, names),
                          reference_outcome(d, players, seed, names))
        if diff is not None:
            failures.append(f"{side.name}: {rules.label}, {players} players, agents {','.join(names)}, "
                            f"seed {seed}: {diff}")
    return len(plan), failures
