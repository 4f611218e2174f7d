"""How many cases a heavy test runs: a reduced but meaningful number in every suite run, the full
number when RATDSL_FULL_CHECKS=1. `python benchmarks/full_checks.py` runs the heavy tests so and
prints their figures (docs/testing.md quotes the last ones)."""

import os

FULL_ENV = "RATDSL_FULL_CHECKS"
FULL = os.environ.get(FULL_ENV) == "1"


def cases(suite: int, full: int) -> int:
    """`suite` in an ordinary run, `full` under RATDSL_FULL_CHECKS=1."""
    return full if FULL else suite
