"""Every scenario file under rules/ is a test: the rulebook's worked examples, each event,
each option and player-count rule (see rules/*/scenarios/)."""

import os
from pathlib import Path

import pytest

from ratdsl.scenarios import collect_scenarios, run_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = collect_scenarios([ROOT / "rules"])


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(ROOT / "rules")) for p in SCENARIOS])
def test_scenario(path):
    outcome = run_scenario(path)
    assert outcome.ok, f"{outcome.name}\n{outcome.report()}"


def test_every_scenario_file_is_a_test():
    """Each scenario file under rules/ (found here by a walk of its own) is one test above, by a
    name of its own: none left out, none counted twice."""
    walked = sorted(Path(folder, name) for folder, _, names in os.walk(ROOT / "rules") for name in names
                    if name.endswith((".json", ".yaml", ".yml", ".toml"))
                    and "scenarios" in Path(folder).relative_to(ROOT).parts)
    assert walked and SCENARIOS == walked
    ids = {str(p.relative_to(ROOT / "rules")) for p in SCENARIOS}
    assert len(ids) == len(walked)
