"""Plays one game on the compiled (flat) module again, with no fallback, and shows its traceback:
the command a CompiledCodeError gives (failure.py).

    python -m ratdsl.simulation.compiled_replay RULES -p N --seed S [--with M] [-o NAME=VALUE] [--agents A]
"""

from __future__ import annotations

import argparse

from ..session import load_rules, parse_option_pairs


def main(argv: list[str] | None = None) -> int:
    """Plays the game; a Python error in compiled code is raised with its whole traceback."""
    from ..engine.flat.game import FlatModule, flat_module, play_module
    from .runner import named_agents

    parser = argparse.ArgumentParser(prog="python -m ratdsl.simulation.compiled_replay")
    parser.add_argument("rules")
    parser.add_argument("-p", "--players", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--with", dest="modules", action="append", default=[])
    parser.add_argument("-o", "--option", dest="options", action="append", default=[])
    parser.add_argument("--agents", default="random")
    args = parser.parse_args(argv)
    d = load_rules(args.rules, tuple(args.modules), parse_option_pairs(args.options))
    m = flat_module(d, args.players)
    if not isinstance(m, FlatModule):
        print(f"no compiled module: {m}")
        return 1
    agents = named_agents(d, tuple(args.agents.split(",")), args.players, args.seed)
    result = play_module(m, args.seed, agents, loud=True)
    print(f"ended: rounds {result.rounds}, scores {result.scores}, winners {result.winners}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
