"""The type-mutation measure of issue 37, shared by tests/test_type_mutants.py and
benchmarks/type_mutants.py: one whole-number literal of a game's rule files swapped for a value
of another kind (`true`, `"x"`, `[1, 2]` or `none`), then checked; a mutant the checker accepts
is played (seeds x player counts) to see whether a game stops on a type error the checker let
through. Mutants are drawn with a seeded random stream, so a count names its mutants."""

from __future__ import annotations

import random
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ratdsl.language import ast as A
from ratdsl.language.errors import RuleError
from ratdsl.language.loader import load

ROOT = Path(__file__).resolve().parents[1]
REPLACEMENTS = ("true", '"x"', "[1, 2]", "none")
# Run-time errors (R001) that a value, not a kind, causes: not type errors.
_VALUE_ERRORS = ("division by zero", "outside the list", "calls itself", "inside itself", "cannot pick",
                 "of nothing", "is not on the board", "too long", "too big", "cannot move", "cannot draw",
                 "cannot reveal", "negative number", " answered ", " is in no pile",
                 "a plan has from", "cannot hold -")  # (a bundle's count below 0: a number all the same)
STEP_BUDGET = 400_000
MAX_ROUNDS = 60


@dataclass
class Mutant:
    file: str  # relative to the game folder
    start: int  # offsets of the literal in the file's text
    end: int
    old: str
    new: str
    line: int

    def describe(self) -> str:
        return f"{self.file}:{self.line}: {self.old} -> {self.new}"


@dataclass
class Outcome:
    mutant: Mutant
    accepted: bool
    finding: str = ""  # the first finding of a refused mutant
    type_errors: list[str] = field(default_factory=list)  # games stopped by a type error
    other_errors: list[str] = field(default_factory=list)


def _offsets(text: str) -> list[int]:
    starts, at = [0], 0
    for line in text.split("\n"):
        at += len(line) + 1
        starts.append(at)
    return starts


def literals(folder: Path) -> list[tuple[str, int, int, str, int]]:
    """Every whole-number literal (an expression: not a table row's bounds nor an option's
    values) of the rule files a game loads without modules: (file, start, end, text, line)."""
    ruleset = load(folder, ())
    out: list[tuple[str, int, int, str, int]] = []
    texts: dict[str, tuple[str, list[int]]] = {}
    seen: set[tuple[str, int, int]] = set()
    for node in _walk(ruleset.decls):
        if not isinstance(node, A.IntLit) or node.span.line < 1 or node.span.end_line != node.span.line:
            continue
        path = Path(node.span.file)
        if path.parent != folder.resolve() and path.parent != folder:
            continue
        if node.span.file not in texts:
            text = path.read_text("utf-8")
            texts[node.span.file] = (text, _offsets(text))
        text, starts = texts[node.span.file]
        start = starts[node.span.line - 1] + node.span.column - 1
        end = starts[node.span.line - 1] + node.span.end_column - 1
        key = (path.name, start, end)
        if key in seen or not text[start:end].lstrip("-").isdigit():
            continue
        seen.add(key)
        out.append((path.name, start, end, text[start:end], node.span.line))
    return sorted(out)


def _walk(nodes) -> Iterator[A.Node]:
    todo = list(nodes)
    while todo:
        node = todo.pop()
        yield node
        todo.extend(A.iter_children(node))


def mutants(folder: Path, count: int, seed: int) -> list[Mutant]:
    """`count` distinct mutants of `folder`, drawn with `seed`."""
    pairs = [(lit, new) for lit in literals(folder) for new in REPLACEMENTS]
    rng = random.Random(seed)
    picked = rng.sample(pairs, min(count, len(pairs)))
    return [Mutant(f, s, e, old, new, line) for (f, s, e, old, line), new in picked]


# A value that is none where a value is needed ("expected a player, got none", "cannot look up a
# number in none"): a built-in's none (`top` of an empty pile, `with most` of nothing) that the
# rules did not test for. The types say where a value may be none and refuse it only where it is
# always none; whether it is none in a game is the game's (docs/language.md, Types).
_NONE = re.compile(r"\bgot none\b|\bin none\b|\bup none\b|^none has no\b|, got none$")


def is_none_error(code: str, message: str) -> bool:
    """Whether a run-time error is a none where a value was needed (R001 of the value none)."""
    return code == "R001" and _NONE.search(message) is not None


def is_type_error(code: str, message: str) -> bool:
    """Whether a run-time error is one of a value's kind, which the checker should have found:
    R001 unless a value (not its kind) caused it, and R013 of a per-turn limit that is no whole
    number at all. The other R-codes are limits (steps, rounds, sizes, tokens, the log, a
    board's capacity), the conservation check, a failed `assert`, a game that cannot start and
    a move naming one zone twice: values, not kinds."""
    if code == "R001":
        return not any(v in message for v in _VALUE_ERRORS)
    return code == "R013" and re.search(r"not -?\d+$", message) is None


def _is_type_error(err: RuleError) -> bool:
    return is_type_error(err.code, err.message)


def player_counts(low: int, high: int) -> tuple[int, int]:
    """Two player counts a game allows: its least and two more (or its most)."""
    return low, min(high, low + 2) if high > low else low


def judge(folder: Path, mutant: Mutant, seeds: int = 3, scratch: Path | None = None) -> Outcome:
    """Checks one mutant of `folder` (a copy in a scratch folder) and, when accepted, plays it."""
    from ratdsl.session import RulesInvalid, load_rules, new_game

    own = scratch is None
    base = Path(tempfile.mkdtemp(prefix="type-mutant-")) if own else scratch
    game = base / folder.name
    try:
        if game.exists():
            shutil.rmtree(game)
        shutil.copytree(folder, game, ignore=shutil.ignore_patterns("scenarios", "locales"))
        path = game / mutant.file
        text = path.read_text("utf-8")
        path.write_text(text[:mutant.start] + mutant.new + text[mutant.end:], "utf-8")
        try:
            definition = load_rules(game)
        except RulesInvalid as err:
            return Outcome(mutant, False, err.diagnostics[0].render().split("\n")[0])
        except RuleError as err:
            return Outcome(mutant, False, err.render().split("\n")[0])
        outcome = Outcome(mutant, True)
        low, high = definition.game.min_players, definition.game.max_players
        for players in sorted(set(player_counts(low, high))):
            for seed in range(1, seeds + 1):
                try:
                    new_game(definition, players, seed, step_budget=STEP_BUDGET).play(MAX_ROUNDS)
                except RuleError as err:
                    line = f"{players}p seed {seed}: {err.code} {err.message}"
                    (outcome.type_errors if _is_type_error(err) else outcome.other_errors).append(line)
        return outcome
    finally:
        if own:
            shutil.rmtree(base, ignore_errors=True)
