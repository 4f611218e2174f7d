"""The limits every engine of a game keeps (the tree-walker and the flat target),
in a module of their own so that what plays a game on the flat target reads them without
importing the reference engine (start-up, issue 13)."""

DEFAULT_STEP_BUDGET = 300_000  # steps a game may take (R002): a runaway rule stops here, within 2 s (bench_budget.py)
MAX_TOKENS = 1_000_000  # tokens a game may create, all zones together: a draw stays cheap
# Working out whether a card is in play (a deck's `active when`) pays into a budget of its own, this
# many steps each time, and leaves the game's count as it was: each engine asks it on a schedule of
# its own (the flat target, for all its cards at once), which the rules do not write.
ACTIVITY_STEPS = 100_000
