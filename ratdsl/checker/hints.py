""""Did you mean" hints for unknown names, in time that does not grow with (unknown names) x
(known names).

The hint is the known name most like the unknown one, as `difflib.get_close_matches(name, known,
n=1)` picks it (a similarity of at least 0.6; of equals, the last in name order). Similarity is
2 * matches / (both lengths), so a name of length a can only match names of length 0.43a to 2.33a:
the known names are indexed by length once (`Candidates`), and only those lengths are compared.
Each unknown name is compared once with each lasting table (answers are remembered), and a check
makes at most
`MAX_COMPARISONS` comparisons in all: a file of thousands of unknown names gets its first hints,
then none, instead of taking minutes.
"""

from __future__ import annotations

from collections.abc import Iterable
from difflib import SequenceMatcher

CUTOFF = 0.6  # difflib's default
MAX_COMPARISONS = 20_000  # per check: a second at most


class Candidates:
    """Known names, each once, by length."""

    def __init__(self, names: Iterable[str]):
        self.by_length: dict[int, list[str]] = {}
        for name in sorted(set(names)):
            self.by_length.setdefault(len(name), []).append(name)

    def near(self, length: int) -> Iterable[str]:
        """The names whose length lets them reach CUTOFF against a name of `length`."""
        low = int(length * CUTOFF / (2 - CUTOFF))  # 2b / (a + b) >= CUTOFF, b shorter
        high = int(length * (2 - CUTOFF) / CUTOFF) + 1  # 2a / (a + b) >= CUTOFF, b longer
        for size in range(max(low, 0), high + 1):
            yield from self.by_length.get(size, ())


class Hints:
    """The hints of one check, with the work they may take."""

    def __init__(self, budget: int = MAX_COMPARISONS):
        self.budget = budget
        self.comparisons = 0
        self._answers: dict[tuple[str, int], tuple[float, str] | None] = {}
        self._indexed: dict[int, tuple[object, Candidates]] = {}  # by id of a checker's table

    def candidates(self, known: Iterable[str] | Candidates) -> tuple[Candidates, bool]:
        """`known` indexed, and whether the index lasts the whole check (a Candidates made by the
        checker, or a dict or set of its tables, indexed once); answers are remembered for those."""
        if isinstance(known, Candidates):
            return known, True
        if isinstance(known, (dict, set, frozenset)):
            kept = self._indexed.get(id(known))
            if kept is None:  # holds `known` too, so its id stays its own
                kept = self._indexed[id(known)] = (known, Candidates(known))
            return kept[1], True
        return Candidates(known), False

    def best(self, name: str, candidates: Candidates, remember: bool = False) -> tuple[float, str] | None:
        """The similarity and the known name most like `name`, or None (none close, or the
        budget is spent). `remember` only for candidates that last the whole check."""
        key = (name, id(candidates))
        kept = self._answers.get(key, False) if remember else False
        if kept is not False:
            return kept
        best: tuple[float, str] | None = None
        matcher = SequenceMatcher()
        matcher.set_seq2(name)
        for known in candidates.near(len(name)):
            if self.comparisons >= self.budget:
                return None  # not remembered: it is not the full answer
            self.comparisons += 1
            matcher.set_seq1(known)
            floor = CUTOFF if best is None else best[0]  # ratio <= quick_ratio <= real_quick_ratio
            if matcher.real_quick_ratio() >= floor and matcher.quick_ratio() >= floor:
                score = matcher.ratio()
                if score >= CUTOFF and (best is None or (score, known) > best):
                    best = (score, known)
        if remember:
            self._answers[key] = best
        return best

    def hint(self, name: str, *groups: Iterable[str] | Candidates) -> str | None:
        """"did you mean 'x'?" for the known name (in any of `groups`) most like `name`, or None."""
        if self.comparisons >= self.budget:
            return None
        found = [b for group in groups if (b := self.best(name, *self.candidates(group))) is not None]
        return f"did you mean {max(found)[1]!r}?" if found else None
