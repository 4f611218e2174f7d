"""All randomness of a game: one seeded RNG, optionally preceded by scripted outcomes.

Scenario files script outcomes ("the next draw is 2 of kind X"); once the script is used up the
seeded RNG takes over. Every outcome is reported to the log by the interpreter. The RNG is
`kernels.stream(seed)`: the extension's C stream, drawing what random.Random(seed) draws, or
random.Random itself without it (or under RATDSL_PURE_PYTHON=1).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from math import ceil, log
from typing import Any

from .. import kernels


class ScriptError(Exception):
    pass


class Chance:
    def __init__(self, seed: int, script: Sequence[dict] | None = None):
        self.rng = kernels.stream(seed)
        self.script = list(script or [])

    def _scripted(self, kind: str) -> dict | None:
        """The next scripted outcome, which must be of this kind; callers test `script` first."""
        entry = self.script[0]
        if kind not in entry:
            raise ScriptError(f"the next scripted random outcome is {entry}, but the rules ask for a {kind}")
        return self.script.pop(0)

    def draw(self, contents: dict[str, int], kind_order: Sequence[str], n: int) -> dict[str, int]:
        """Draws n tokens at random from a multiset; returns the drawn bundle."""
        if self.script:
            entry = self._scripted("draw")
            drawn = {k: int(v) for k, v in entry["draw"].items() if v}
            for k, v in drawn.items():
                if contents.get(k, 0) < v:
                    raise ScriptError(f"scripted draw {drawn} is not in the bag {contents}")
            if sum(drawn.values()) != n:
                raise ScriptError(f"scripted draw {drawn} has {sum(drawn.values())} tokens, the rules draw {n}")
            return drawn
        # The tokens in a row, kinds in order: `sample` of that row picks positions in it, and the
        # same positions are picked here without making the row, so a draw costs what it draws,
        # not the zone's size (tests/test_chance.py holds this to `random.sample` itself).
        kinds = [k for k in kind_order if contents.get(k, 0) > 0]
        ends = list(accumulate([contents[k] for k in kinds]))  # where each kind's tokens end
        drawn: dict[str, int] = {}
        for position in sample_positions(self.rng, ends[-1] if ends else 0, n):
            k = kinds[bisect_right(ends, position)]
            drawn[k] = drawn.get(k, 0) + 1
        return drawn

    def shuffle(self, items: list, label: str) -> list:
        if self.script:
            entry = self._scripted("shuffle")
            order = entry["shuffle"]
            names = [str(i) for i in items]
            if sorted(order) != sorted(names):
                raise ScriptError(f"scripted order for {label} {order} is not a permutation of {names}")
            remaining = list(items)
            result = []
            for name in order:
                index = next(i for i, item in enumerate(remaining) if str(item) == name)
                result.append(remaining.pop(index))
            return result
        items = list(items)
        self.rng.shuffle(items)
        return items

    def sample(self, items: list, n: int) -> list:
        if self.script:
            entry = self._scripted("pick")
            picked = entry["pick"]
            picked = picked if isinstance(picked, list) else [picked]
            out = []
            pool = list(items)
            for name in picked:
                match = next((i for i, item in enumerate(pool) if _same(item, name)), None)
                if match is None:
                    raise ScriptError(f"scripted pick {name!r} is not among {[str(i) for i in items]}")
                out.append(pool.pop(match))
            if len(out) != n:
                raise ScriptError(f"scripted pick has {len(out)} items, the rules pick {n}")
            return out
        return self.rng.sample(list(items), n)


def _same(item: Any, name: Any) -> bool:
    return str(item) == str(name) or item == name


def sample_positions(rng: random.Random, size: int, k: int) -> list[int]:
    """The positions `rng.sample(row, k)` picks in a row of `size` items, drawing the same numbers
    from the same stream, without the row (CPython's algorithm: a pool for small rows, a set of
    picked positions for big ones)."""
    below = rng._randbelow
    if not 0 <= k <= size:
        raise ValueError("Sample larger than population or is negative")
    if k == 1:  # either way, one number below the size (the common case: a draw of one token)
        return [below(size)]
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    picked: list[int] = []
    if size <= setsize:
        pool = list(range(size))
        for i in range(k):
            j = below(size - i)
            picked.append(pool[j])
            pool[j] = pool[size - i - 1]
    else:
        seen: set[int] = set()
        for _ in range(k):
            j = below(size)
            while j in seen:
                j = below(size)
            seen.add(j)
            picked.append(j)
    return picked
