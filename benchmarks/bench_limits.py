"""Times the limit cases whose tests assert bounded work instead of elapsed time (issue 38):
a draw of 3 from a zone of 999,990 tokens (tests/test_limits_runtime.py: the game's peak memory),
`share_in_turn` of claims near 10^17 (worked out, not played out), 100,000 cards created one at a
time (in place: quadratic, it took over 30 s), and every distance on the largest board (one search
per space: tests/test_boards.py counts them).

    python benchmarks/bench_limits.py [--runs 3]

Each case is timed in this process, the fastest of the runs (the first run includes loading the
rules). A figure to watch between changes, never a test: a busy machine makes any of them slower.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ratdsl.engine.log import GameLog  # noqa: E402
from ratdsl.language.limits import MAX_SPACES  # noqa: E402
from ratdsl.semantics.builtins import BUILTINS  # noqa: E402
from ratdsl.session import load_rules, new_game  # noqa: E402
from tests.test_limits_runtime import game_folder  # noqa: E402


def game_seconds(folder: Path) -> float:
    """A whole game on the tree-walker (the reference engine), timed from its header on."""
    d = load_rules(folder)
    game = new_game(d, 2, 0, log=GameLog(keep=False))
    started = time.perf_counter()
    game.play()
    return time.perf_counter() - started


def share_seconds() -> float:
    class Context:
        def number(self, value, node):
            return value

        def iterable(self, value, node):
            return value

    share = BUILTINS["share_in_turn"].evaluate
    started = time.perf_counter()
    share(Context(), None, 10**18 - 1, [5, 10**17, 3])
    share(Context(), None, 10**17, [10**17, 10**17])
    return time.perf_counter() - started


def board_folder(tmp: Path) -> Path:
    board = "board b {\n" + "".join(f"  space s{i}\n" for i in range(MAX_SPACES)) + "".join(
        f"  edge s{i} -- s{i + 1}\n" for i in range(MAX_SPACES - 1)) + "}\n"
    step = '    say "v" with sum([distance(s0, x) + distance(x, s0) for x in spaces(b)])'
    folder = tmp / "board"
    folder.mkdir()
    (folder / "game.rat").write_text(
        'game g "G" {\n  players 2..4\n}\n' + board +
        "tokens cube\nzone stock\nsetup {\n  step s {\n    create {cube: 9} in stock\n  }\n}\nround main\n"
        f'phase main "Main" {{\n  step only {{\n{step}\n    end game\n  }}\n}}\n', "utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        (tmp / "draw").mkdir()
        (tmp / "cards").mkdir()
        draw = game_folder(tmp / "draw", "    draw 3 from reserve to bank",
                           setup="    create {red: 999000, blue: 990} in reserve")
        cards = game_folder(tmp / "cards", '    say "n" with size(box)',
                            setup="    repeat 100000 times {\n      create thing in box\n    }")
        board = board_folder(tmp)
        cases = {
            "draw 3 of 999,990 tokens (tree-walker)": lambda: game_seconds(draw),
            "share_in_turn near 10^17": share_seconds,
            "100,000 cards created one at a time (tree-walker)": lambda: game_seconds(cards),
            f"every distance on a chain of {MAX_SPACES} spaces (tree-walker)": lambda: game_seconds(board),
        }
        for name, case in cases.items():
            best = min(case() for _ in range(runs))
            print(f"{name:60} {best * 1000:9.1f} ms")


if __name__ == "__main__":
    main()
