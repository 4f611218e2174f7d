"""The limits every engine of a game keeps (the tree-walker and the flat target),
in a module of their own so that what plays a game on the flat target reads them without
importing the reference engine (start-up, issue 13)."""

DEFAULT_STEP_BUDGET = 300_000  # steps a game may take (R002): a runaway rule stops here, within 2 s (bench_budget.py)
MAX_TOKENS = 1_000_000  # tokens a game may create, all zones together: a draw stays cheap
