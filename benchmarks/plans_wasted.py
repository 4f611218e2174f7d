"""Counts the planned actions of random players that did nothing (issue 35): in seeded games of a
game with sealed plans, every step revealed into a plan variable is matched against the moves the
same round's actions made. A step is written `[KIND, FROM, WHOM or TO]`; an attack did something
when a token of WHOM's on FROM went back behind WHOM's screen (`by` the rule named `--attacks`),
a move when a token of the planner's went from FROM to TO (`by` the rule named `--moves`).

    python benchmarks/plans_wasted.py rules/ratatopolis -p 4 --games 8

A figure of the rules' `likely` lists (docs/language.md, plan), never a test: the seeds decide.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from ratdsl.engine.log import GameLog
from ratdsl.session import load_rules, new_game


def wasted(records: list[dict], var: str, attacks: str, moves: str) -> tuple[int, int]:
    """(steps planned, steps that did nothing) over one game's records."""
    planned = done = 0
    steps: list[tuple[str, list]] = []
    made: Counter = Counter()

    def settle() -> None:
        nonlocal done
        for player, step in steps:
            kind, a, b = step
            if kind == "attack":
                key = (attacks, f"{b}.{a}", f"{b}.reserve")
            else:
                key = (moves, f"{player}.{a}", f"{player}.{b}")
            if made[key] > 0:
                made[key] -= 1
                done += 1
        steps.clear()
        made.clear()

    for r in records:
        if r.get("t") == "set" and r.get("var", "").endswith(f".{var}"):
            if steps and r["var"].startswith("P1."):
                settle()
            player = r["var"].split(".")[0]
            for step in r["value"] or []:
                if step is not None:
                    planned += 1
                    steps.append((player, step))
        elif r.get("t") == "move" and r.get("by") in (attacks, moves):
            made[(r["by"], r["src"], r["dst"])] += 1
    settle()
    return planned, planned - done


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules", type=Path)
    ap.add_argument("-p", "--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--var", default="orders")
    ap.add_argument("--attacks", default="attacks_at_once")
    ap.add_argument("--moves", default="moves_at_once")
    args = ap.parse_args()
    d = load_rules(args.rules)
    planned = nothing = 0
    for seed in range(1, args.games + 1):
        log = GameLog(keep=True)
        new_game(d, args.players, seed, log=log).play()
        p, n = wasted(log.records, args.var, args.attacks, args.moves)
        planned += p
        nothing += n
    print(f"{args.games} games, {args.players} players: {nothing} of {planned} planned steps did nothing "
          f"({100 * nothing / max(1, planned):.0f}%)")


if __name__ == "__main__":
    main()
