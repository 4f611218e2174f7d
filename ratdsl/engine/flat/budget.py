"""R002 from the flat target itself: a game whose step budget runs out in compiled code is
reported with the loop, rule call or func that used it, as the reference engine reports it, without
playing the game again on the reference (issue 39: that replay doubled the time a runaway rule
took to stop, past 2 s for the costliest runaway of the bundled rule sets).

Each loop, rule call and func that can call itself pushes its site and the steps left on BS as it
begins and pops them as it ends (StatementLowering.blame_from), so a game stopped by the budget
leaves on BS the sites it was inside, innermost last. They are blamed innermost first with
StepBudgetExceeded.blame, the rule the reference applies: the message is written in one place.

The flat target counts steps as the reference does, at the same places or earlier within the
same statement (tests/test_flat_steps.py), so the loop named and its count are the reference's,
and so is the error's place, which is that loop or call (StepBudgetExceeded.blame).
"""

from __future__ import annotations

from typing import Any

from ..errors import StepBudgetExceeded


def budget_error(m: Any, budget: int) -> StepBudgetExceeded | None:
    """The R002 of a game the flat module `m` stopped, or None when its budget did not run out
    or nothing it was inside used any of it (a block that ran it out as it began): the error is
    then where the budget ran out, which only the reference engine knows, and it reports it."""
    ns = m.ns
    entered = ns["BS"]
    if ns["ST"][0] >= 0 or not entered:
        return None
    sites = m.gen.blame_sites
    innermost = sites[entered[-1][0]][1]
    err = StepBudgetExceeded(innermost, budget)
    for site, left in reversed(entered):
        what, span = sites[site]
        err.blame(what, span, budget - left)
    return err if err.blamed is not None else None  # (none used any of it: the place is the reference's)
