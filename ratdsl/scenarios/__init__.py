"""Stage: scenarios. Rule tests written as data and run against the engine."""

from .runner import ScenarioOutcome, collect_scenarios, read_scenario, run_scenario

__all__ = ["ScenarioOutcome", "collect_scenarios", "read_scenario", "run_scenario"]
