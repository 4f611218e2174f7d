"""Differential check: the engine playing rules/ratland against the hand-written reference.

Each game is played twice from the same seed, once by `ratdsl.engine.Game` on the rule files and
once by `benchmarks/reference.py`, with identical fresh agents and a fresh `Chance(seed)` each.
Both sides are traced: every call to chance.draw / shuffle / sample (arguments and outcome) and
every Decision asked (player, id, kind, options, optional, amount, targets, at_most, at_least, and
the answer). A game agrees when the traces are identical and the end states (zones, piles, round,
active), scores, tie-breaks, winners and rounds are equal. The first difference is printed.

    python benchmarks/differential.py [--games 1000] [--players 2 3 4 5 6 8 12] [--agents random]
                                      [-o NAME=VALUE ...] [--no-trace] [--views]

`--agents mixed` alternates random agents with biased ones (breeders, attackers, hoarders) that
reach rarer paths (the rat pile or the cheese supply running out, big attacks).

    python benchmarks/differential.py --engines [--games 1000] [--native] [--folders NAME ...]

`--engines` holds the compiled engine (the flat target) to the reference engine (the tree-walker)
instead, on every game folder under rules/ (tests/differential_cases.py: every rule set, player
count and agent set), `--games` games per game folder; `--native` plays the native build too (a
build per rule set and table size: minutes each the first time).
A rule set the flat target cannot build yet is listed as SKIPPED with its reason.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for path in (str(ROOT), str(HERE)):  # appended, so nothing already importable is shadowed
    if path not in sys.path:
        sys.path.append(path)

from reference import play_reference  # noqa: E402

from ratdsl.agents.random_agent import (  # noqa: E402
    RandomAgent,
    agent_seed,  # noqa: E402
    random_distribution,
)
from ratdsl.engine import Game  # noqa: E402
from ratdsl.engine.chance import Chance  # noqa: E402
from ratdsl.engine.decisions import Decision  # noqa: E402
from ratdsl.session import load_rules, parse_option_pairs  # noqa: E402

RATLAND = ROOT / "rules" / "ratland"
PLAYER_MIX = [2, 3, 4, 5, 6, 8, 12]


# ------------------------------------------------------------------------------ tracing
class RecordingChance(Chance):
    """A Chance that writes every call and outcome to `trace` (values as names, zero counts
    dropped, so the engine's CardValue/PlayerRef lists and the reference's names compare)."""

    def __init__(self, seed: int, trace: list, script=None):
        super().__init__(seed, script)
        self.trace = trace

    def draw(self, contents, kind_order, n):
        args = {k: v for k, v in contents.items() if v}
        result = super().draw(contents, kind_order, n)
        self.trace.append(("draw", args, list(kind_order), n, dict(sorted(result.items()))))
        return result

    def shuffle(self, items, label):
        args = [str(i) for i in items]
        result = super().shuffle(items, label)
        self.trace.append(("shuffle", args, label, [str(i) for i in result]))
        return result

    def sample(self, items, n):
        args = [str(i) for i in items]
        result = super().sample(items, n)
        self.trace.append(("sample", args, n, [str(i) for i in result]))
        return result


class RecordingAgent:
    """Wraps an agent; writes every Decision asked of it (and the answer) to a shared trace."""

    def __init__(self, inner: Any, trace: list, views: bool = False):
        self.inner = inner
        self.trace = trace
        self.views = views

    def decide(self, decision: Decision) -> Any:
        answer = self.inner.decide(decision)
        entry = ("decision", decision.player, decision.id, decision.kind, list(decision.options),
                 decision.optional, decision.amount, list(decision.targets),
                 [(a, list(z)) for a, z in decision.at_most], [(a, list(z)) for a, z in decision.at_least],
                 answer)
        if self.views:
            entry += (decision.view() if decision.view is not None else None,)
        self.trace.append(entry)
        return answer


class BiasedAgent:
    """A random agent with preferences: weighted placements and a fixed chance of saying yes.
    Reaches paths uniform play seldom does (a short rat pile, big attacks, an empty supply)."""

    def __init__(self, seed: int, weights: dict[str, float], yes: float):
        self.rng = random.Random(seed)
        self.weights = weights
        self.yes = yes

    def decide(self, decision: Decision) -> Any:
        if decision.kind == "may":
            return self.rng.random() < self.yes
        if decision.kind == "choose":
            options = list(decision.options) + ([None] if decision.optional else [])
            if self.rng.random() < self.yes:
                return options[-1] if options[-1] is not None else options[0]
            return self.rng.choice(options)
        return random_distribution(decision, self.rng, self.weights)


PERSONAS = [
    {"nursery": 8.0, "both": 8.0},                                 # breeder: drains the rat pile
    {"left_pipe": 6.0, "right_pipe": 6.0},                         # attacker
    {"dump": 5.0, "city": 5.0, "field": 5.0},                      # forager: drains the supply
    {"pantry": 6.0, "both": 4.0},                                  # hoarder / defender
]


def make_agents(kind: str, players: int, seed: int) -> list[Any]:
    """Fresh agents for one game: `random` (the engine's default agents) or `mixed`."""
    if kind == "random" or (kind == "mixed" and seed % 2 == 0):
        return [RandomAgent(agent_seed(seed, s)) for s in range(players)]
    if kind == "mixed":
        return [BiasedAgent(agent_seed(seed, s), PERSONAS[(seed // 2 + s) % len(PERSONAS)],
                            yes=0.8 if s % 2 else 0.2) for s in range(players)]
    raise ValueError(f"unknown agents {kind!r}")


# ------------------------------------------------------------------------------ one game
def play_engine(definition, players: int, seed: int, agents: list[Any], chance: Chance) -> dict[str, Any]:
    game = Game(definition, players, seed, agents=agents, chance=chance)
    result = game.play()
    return {"state": result.state, "scores": result.scores, "tiebreaks": result.tiebreaks,
            "winners": result.winners, "rounds": result.rounds}


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON-like values first differ, as a readable path."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}/{k}: engine {a.get(k, '<missing>')!r} != reference {b.get(k, '<missing>')!r}"
            diff = first_difference(a[k], b[k], f"{path}/{k}")
            if diff:
                return diff
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            diff = first_difference(x, y, f"{path}[{i}]")
            if diff:
                return diff
        if len(a) != len(b):
            return f"{path}: engine has {len(a)} entries, reference {len(b)}"
        return None
    return None if a == b else f"{path}: engine {a!r} != reference {b!r}"


def compare_game(definition, players: int, seed: int, agents: str = "random",
                 options: dict[str, Any] | None = None, trace: bool = True,
                 views: bool = False) -> str | None:
    """Plays one game both ways; None when they agree, else the first difference found."""
    sides = []
    for play in ("engine", "reference"):
        log: list = []
        inner = make_agents(agents, players, seed)
        wrapped = [RecordingAgent(a, log, views) for a in inner] if trace else inner
        chance = RecordingChance(seed, log) if trace else Chance(seed)
        try:
            if play == "engine":
                out = play_engine(definition, players, seed, wrapped, chance)
            else:
                out = play_reference(players, seed, wrapped, chance, options)
        except Exception as err:  # a crash on one side is a disagreement to report
            out = {"error": f"{type(err).__name__}: {err}"}
        out["trace"] = log
        sides.append(out)
    engine, reference = sides
    for key in ("error", "trace", "state", "scores", "tiebreaks", "winners", "rounds"):
        diff = first_difference(engine.get(key), reference.get(key), key)
        if diff:
            return diff
    return None


# ------------------------------------------------------------------------------ main
def run(games: int, players: list[int], agents: str, options: dict[str, Any], trace: bool,
        views: bool, verbose: bool = True) -> tuple[int, int, list[str]]:
    definition = load_rules(RATLAND, options=options)
    agreed = 0
    failures: list[str] = []
    per_count: Counter[int] = Counter()
    per_count_ok: Counter[int] = Counter()
    for i in range(games):
        n = players[i % len(players)]
        seed = i
        diff = compare_game(definition, n, seed, agents, options, trace, views)
        per_count[n] += 1
        if diff is None:
            agreed += 1
            per_count_ok[n] += 1
        else:
            failures.append(f"{n} players, seed {seed}: {diff}")
            if verbose and len(failures) <= 10:
                print("DISAGREE", failures[-1])
    if verbose:
        for n in sorted(per_count):
            print(f"  {n:>2} players: {per_count_ok[n]}/{per_count[n]} agree")
    return agreed, games, failures


def engines(games: int, native: bool, folders: list[str]) -> int:
    """--engines: the compiled engine (and with `native` its native build) against the reference
    engine on every game folder; prints a line per rule set and side, and the totals; 0 when all
    agree."""
    import math

    from tests import differential_cases as dc

    sides = [dc.COMPILED] + ([dc.NATIVE] if native else [])
    chosen = [f for f in dc.game_folders() if not folders or f.name in folders]
    compared = skipped = 0
    failures: list[str] = []
    for folder in chosen:
        sets = dc.rule_sets(folder)
        each = math.ceil(games / len(sets))
        for offset, rules in enumerate(sets):
            for side in sides:
                started = time.perf_counter()
                try:
                    played, failed = dc.compare(rules, each, offset, side)
                except dc.Unplayable as why:
                    skipped += 1
                    print(f"SKIPPED {side.name:<9} {rules.label}: {why}", flush=True)
                    continue
                compared += played
                failures += failed
                print(f"{side.name:<9} {rules.label}: {played - len(failed)}/{played} agree "
                      f"({time.perf_counter() - started:.1f} s)", flush=True)
    for line in failures[:10]:
        print("DISAGREE", line)
    print(f"{compared - len(failures)}/{compared} games agree on {len(chosen)} game folders; "
          f"{skipped} rule set(s) skipped")
    return 0 if not failures else 1


def main() -> None:
    if "--engines" in sys.argv:
        parser = argparse.ArgumentParser(description="the compiled engine against the reference engine")
        parser.add_argument("--engines", action="store_true")
        parser.add_argument("--games", type=int, default=1000, help="games per game folder")
        parser.add_argument("--native", action="store_true", help="the native build too")
        parser.add_argument("--folders", nargs="*", default=[], help="game folders (default: all under rules/)")
        args = parser.parse_args()
        sys.exit(engines(args.games, args.native, args.folders))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="+", default=PLAYER_MIX)
    parser.add_argument("--agents", choices=["random", "mixed"], default="random")
    parser.add_argument("-o", "--option", action="append", default=[])
    parser.add_argument("--no-trace", action="store_true", help="compare end states only")
    parser.add_argument("--views", action="store_true", help="also compare what each agent is shown")
    args = parser.parse_args()
    options = parse_option_pairs(args.option)
    start = time.perf_counter()
    agreed, games, failures = run(args.games, args.players, args.agents, options,
                                  not args.no_trace, args.views)
    elapsed = time.perf_counter() - start
    label = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    print(f"{agreed}/{games} games agree (players {' '.join(map(str, args.players))}; agents {args.agents}; "
          f"options {label}; {'traces and end states' if not args.no_trace else 'end states'}; "
          f"{elapsed:.1f}s)")
    sys.exit(0 if agreed == games else 1)


if __name__ == "__main__":
    main()
