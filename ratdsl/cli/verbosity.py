"""The narrator's verbosity levels: what each adds, and the `--verbosity` help text. Apart from
the narrator so that the command line can list them without importing it (and the engine)."""

from __future__ import annotations

VERBOSITY = {0: "round headers and final scores",
             1: "also revealed cards, uncovered placements, decisions, messages and the end",
             2: "also steps, token moves, draws, shuffles, variables that changed and the setup (default)",
             3: "also the token moves of the setup (without --lang: in the rules' identifiers)"}
DEFAULT_VERBOSITY = 2
VERBOSITY_HELP = "How much to narrate: " + "; ".join(f"{k} {v}" for k, v in VERBOSITY.items()) + "."
LINES_PER_ROUND = 2_000  # lines narrated in a round before a step's further lines are summed up
