"""The balance report of a journal's first two arms (random players; one strong player, seat
rotating) when the third (strong players in every seat, four times as dear) is not played yet: the
`ratdsl balance` command itself, with that arm left out, so every game is taken from the journal.

    python benchmarks/results/balance/two_arms.py JOURNAL OUT.json -- BALANCE-ARGUMENTS...

e.g. (docs/metrics.md, Rattus with ismcts:16), from the repository's root:
    python benchmarks/results/balance/two_arms.py benchmarks/results/balance/rattus-ismcts.jsonl out.json -- \\
        rules/rattus/variants/gentle_plague.rat --baseline rules/rattus -n 100 --strong ismcts:16
"""

import sys

import ratdsl.simulation.balance as balance
from ratdsl.cli.main import app

journal, out, dashes, *arguments = sys.argv[1:]
assert dashes == "--", __doc__
first_three = balance.arms
balance.arms = lambda strong, weak, players: first_three(strong, weak, players)[:2]
try:
    app(["balance", *arguments, "-w", "1", "--journal", journal, "--out", out], standalone_mode=False)
except SystemExit:
    pass
