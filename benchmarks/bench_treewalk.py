"""Milliseconds of processor time per game of the tree-walker (engine/interpreter.py), the engine
every `Game` plays on: RatLand (base, and with the modules clans+aggressive), Rattus and
Ratatopolis, random agents, a fixed set of seeds, a round cap; each game's best time of
`--repeat` plays is kept, so a before/after of a change to the tree-walker can be quoted.

`--digest` also plays every game once more with its log written, and prints a digest of the
logs of each rule set: a change that keeps the tree-walker's behaviour keeps these digests.

    nice -n 19 python benchmarks/bench_treewalk.py [--seeds 10] [--players 4] [--rounds 30]
                                                  [--repeat 3] [--digest] [--profile GAME]
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import pstats
import time

from ratdsl.engine.errors import RuleError
from ratdsl.engine.log import GameLog
from ratdsl.session import load_rules, new_game

GAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "ratland": ("rules/ratland", ()),
    "ratland+clans+aggressive": ("rules/ratland", ("clans", "aggressive")),
    "rattus": ("rules/rattus", ()),
    "ratatopolis": ("rules/ratatopolis", ()),
}


def play_all(d, seeds: range, players: int, rounds: int, logged: bool = False) -> str:
    """Plays one game a seed; with `logged`, returns a digest of their logs (and how each ended)."""
    digest = hashlib.sha256()
    for seed in seeds:
        stream = io.StringIO() if logged else None
        game = new_game(d, players, seed, log=GameLog(keep=False, stream=stream) if logged else None)
        try:
            result = game.play(max_rounds=rounds)
            ended = repr(result.scores)
        except RuleError as err:  # a game past the cap (R004) still counts: the work was done
            ended = f"{err.code}: {err}"
        if stream is not None:
            digest.update(stream.getvalue().encode())
            digest.update(ended.encode())
    return digest.hexdigest()[:16]


def best_ms(d, seeds: range, players: int, rounds: int, repeat: int) -> float:
    """Processor milliseconds a game: each seed's game played `repeat` times, its best time kept
    (a slow spell of a shared machine then spoils one play of one game, not a whole pass), and
    the mean of these over the seeds."""
    total = 0.0
    for seed in seeds:
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            play_all(d, range(seed, seed + 1), players, rounds)
            best = min(best, time.process_time() - start)
        total += best
    return 1000 * total / len(seeds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=10, help="games a pass: seeds 0..N-1")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=30, help="the round cap (max_rounds)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--digest", action="store_true", help="print a digest of each rule set's logs")
    ap.add_argument("--profile", choices=sorted(GAMES), help="profile one pass of this game instead")
    args = ap.parse_args()
    seeds = range(args.seeds)
    if args.profile:
        path, modules = GAMES[args.profile]
        d = load_rules(path, modules)
        profile = cProfile.Profile()
        profile.runcall(play_all, d, seeds, args.players, args.rounds)
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return
    for name, (path, modules) in GAMES.items():
        d = load_rules(path, modules)
        play_all(d, range(1), args.players, args.rounds)  # warm the rule set's caches
        ms = best_ms(d, seeds, args.players, args.rounds, args.repeat)
        line = f"{name:26} {ms:8.1f} ms/game"
        if args.digest:
            line += f"  logs {play_all(d, seeds, args.players, args.rounds, logged=True)}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
