"""A scenario passes alike in both engines: the tree-walker (the reference) and the generated
code, with the same log (the helper each game's tests share)."""

from __future__ import annotations

from pathlib import Path

from ratdsl.engine.log import dumps
from ratdsl.scenarios import run_scenario


def scenario_in_both_engines(path: Path) -> list[str]:
    """The scenario's log lines, after checking both engines pass it and log the same lines."""
    logs = {}
    for compiled in (False, True):
        outcome = run_scenario(path, compiled=compiled)
        assert outcome.ok, (path.name, "generated code" if compiled else "tree-walker", outcome.failures)
        logs[compiled] = [dumps(r) for r in outcome.records]
    assert logs[True] and logs[False] == logs[True], path.name
    return logs[True]
