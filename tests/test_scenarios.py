"""Every scenario file under rules/ is a test: the rulebook's worked examples, each event,
each option and player-count rule (see rules/*/scenarios/)."""

from pathlib import Path

import pytest

from ratdsl.scenarios import collect_scenarios, run_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = collect_scenarios([ROOT / "rules"])


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(ROOT / "rules")) for p in SCENARIOS])
def test_scenario(path):
    outcome = run_scenario(path)
    assert outcome.ok, f"{outcome.name}\n{outcome.report()}"


def test_there_are_scenarios():
    assert len(SCENARIOS) >= 1
