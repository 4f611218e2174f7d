"""The fuzzer's third engine (issues 32 and 39): each case the checker accepted is also played on
the flat target, the compiler `ratdsl simulate --engine compiled` plays on (engine/flat), with the
random agents the tree-walker played, and its GameResult is held to the tree-walker's.

What the flat target does with a case:

  refused  flat_module gave Unsupported: the compiler has no form for these rules (not a crash;
           counted apart by its reason, a gap of the compiler)
  stopped  the flat code stopped (a rule's error or a limit): the tree-walker must have stopped too
  played   it played to the end: the tree-walker must have ended with the same scores, tie-breaks,
           winners, rounds, end state and fired counts
  crash    any other exception while the module was made or played (CompiledCodeError's cause)

The flat code counts the step budget as the tree-walker does (tests/test_flat_steps.py): a game
both play to the end takes the same steps in both, and a game the budget stops in the flat code,
which names the loop or rule call that used it (engine/flat/budget.py), stops the tree-walker with
the same R002, at the same place, with the same message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


@dataclass
class FlatPlay:
    """How the flat target played one game: `kind` is refused, stopped, played or crash."""

    kind: str
    result: Any = None  # the GameResult (played)
    detail: str = ""  # the reason (refused), the error and its traceback (crash)
    signature: str = ""  # (crash)
    steps: int | None = None  # the steps it took (played)
    error: tuple | None = None  # (code, where, message) of the R002 it named itself (stopped)


_QUOTED = re.compile(r"(?<!\w)'[^'\s]*'|\"[^\"\s]*\"")  # a name as repr() shows it (not "player's")
_NUMBER = re.compile(r"\b\d+\b")


def refusal_reason(why: str) -> str:
    """An Unsupported's reason with the rules' names and numbers taken out, so that refusals add
    up by the construct the compiler lacks, not by which mutant met it."""
    return _NUMBER.sub("N", _QUOTED.sub("NAME", why)).strip()[:120] or "no reason given"


def play_flat(definition, players: int, seed: int, max_rounds: int, budget: int) -> FlatPlay:
    """The game on the flat target, as `simulate --engine compiled` plays it, with the random
    agents new_game gives the tree-walker (fresh, on the same streams)."""
    from ratdsl.agents.random_agent import random_agents
    from ratdsl.engine.flat.budget import budget_error
    from ratdsl.engine.flat.game import Stopped, flat_module, play_module
    from ratdsl.engine.flat.tags import Unsupported

    try:
        module = flat_module(definition, players)
    except Exception as err:  # noqa: BLE001 - the compiler failing on rules is what is looked for
        return _crashed("flat compiler", err)
    if isinstance(module, Unsupported):
        return FlatPlay("refused", detail=refusal_reason(module.why))
    try:
        result = play_module(module, seed, random_agents(seed, players), budget, max_rounds=max_rounds, loud=True)
        return FlatPlay("played", result, steps=budget - module.ns["ST"][0])
    except Stopped:
        err = budget_error(module, budget)
        return FlatPlay("stopped", error=None if err is None else
                        (err.code, f"{err.file}:{err.line}:{err.column}", err.message))
    except Exception as err:  # noqa: BLE001 - a Python error of the flat code: a compiler bug
        return _crashed("flat", err)


def forget(definition) -> None:
    """Drops the flat modules made for these rules from the in-process table of flat_module at
    once (the table keeps game.MODULES_KEPT rule sets: a worker keeps none of a finished case's)."""
    from ratdsl.engine.flat import game

    game._MODULES.pop(definition, None)


def _crashed(engine: str, err: BaseException) -> FlatPlay:
    from .fuzz_cases import _crash  # (fuzz_cases imports this module)

    crash = _crash(err)
    where = " in flat code" if _innermost_is_flat(err) else ""
    return FlatPlay("crash", detail=f"{engine}: {crash.detail}", signature=f"{engine}: {crash.signature}{where}")


def _innermost_is_flat(err: BaseException) -> bool:
    tb = err.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_code.co_filename.startswith("<flat")


def outcome(result) -> tuple:
    """What the two engines' results must share."""
    return result.scores, result.tiebreaks, result.winners, result.rounds, result.state, result.fired


def compare(flat: FlatPlay, reference_error: tuple | None, reference_result,
            reference_steps: int | None = None) -> tuple[str, str, str] | None:
    """None when the flat target agrees with the tree-walker (or refused the rules), else
    (outcome, detail, signature): a crash or a flat/tree-walker disagreement."""
    if flat.kind == "crash":
        return "crash", flat.detail, flat.signature
    if flat.kind == "refused":
        return None
    ended = reference_error is None
    if flat.kind == "stopped":
        if ended:
            return ("disagreement", "flat/tree-walker: the flat code stopped; the tree-walker played to the end",
                    "flat/tree-walker: flat stopped, tree-walker ended")
        if flat.error is not None and tuple(reference_error[1:4]) != flat.error:
            return ("disagreement", f"flat/tree-walker: the flat code stopped with {' '.join(flat.error)}; the "
                                    f"tree-walker with {' '.join(map(str, reference_error[1:4]))}",
                    "flat/tree-walker: R002 differs")
        return None
    if not ended:
        return ("disagreement", f"flat/tree-walker: the flat code played to the end; the tree-walker stopped "
                                f"on {reference_error[1]} at {reference_error[2]}",
                f"flat/tree-walker: flat ended, tree-walker stopped on {reference_error[1]}")
    mine, theirs = outcome(flat.result), outcome(reference_result)
    if mine != theirs:
        names = ("scores", "tie-breaks", "winners", "rounds", "end state", "fired counts")
        which = [n for n, a, b in zip(names, mine, theirs) if a != b]
        first = which[0]
        i = names.index(first)
        return ("disagreement", f"flat/tree-walker: {', '.join(which)} differ; {first}: flat "
                                f"{str(mine[i])[:200]} | tree-walker {str(theirs[i])[:200]}",
                f"flat/tree-walker: {first} differ")
    if reference_steps is not None and flat.steps is not None and flat.steps != reference_steps:
        return ("disagreement", f"flat/tree-walker: the flat code took {flat.steps} steps, the tree-walker "
                                f"{reference_steps}", "flat/tree-walker: steps differ")
    return None
