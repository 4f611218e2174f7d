"""Rule coverage (engine/coverage.py): the engine counts each place the number of times it ran,
and nothing when coverage is off; `simulate --coverage` and
`test --coverage` print the table, the report carries it (schema-checked) and marks what never
fired."""

import json
import shutil

from typer.testing import CliRunner

from ratdsl.agents import RandomAgent
from ratdsl.agents.random_agent import agent_seed
from ratdsl.cli.main import app
from ratdsl.engine.coverage import Tally, points
from ratdsl.engine.game import Game
from ratdsl.schemas import validate
from ratdsl.session import load_rules, new_game
from ratdsl.simulation import SimulationSpec, render_html, simulate

from .conftest import RATLAND, ROOT

PROGRAM = ROOT / "tests" / "programs" / "coverage"


def counts(definition, players: int, seed: int) -> dict[str, int]:
    agents = [RandomAgent(agent_seed(seed, s)) for s in range(players)]
    result = Game(definition, players, seed, agents, coverage=True).play()
    assert result.coverage is not None
    return result.coverage


def key_of(definition, what: str) -> str:
    (found,) = [p.key for p in points(definition) if p.what == what]
    return found


def test_the_program_is_counted_and_the_branch_that_never_fires_is_seen():
    d = load_rules(PROGRAM)
    never = key_of(d, "step main.turn: if turns > 1000: then")
    always = key_of(d, "step main.turn: if turns > 1000: else (nothing)")
    for seed in range(4):
        counted = counts(d, 2, seed)
        assert new_game(d, 2, seed).play().coverage is None  # (off: nothing counted)
        assert never not in counted and key_of(d, "rule never_run") not in counted
        assert counted[always] == counted[key_of(d, "step main.turn")] == 3  # every turn; 3 turns
        assert counted[key_of(d, "rule pay")] == counted[key_of(d, "before pay")] == 3
        assert counted[key_of(d, "card coin_card: on reveal")] == 1  # the one card in the deck
        assert key_of(d, "card spare: on reveal") not in counted  # never dealt
        assert set(counted) <= {p.key for p in points(d)}


def test_a_branch_an_option_settles_is_counted():
    for value, taken, skipped in (("no", "else", "then"), ("yes", "then", "else")):
        d = load_rules(PROGRAM, options={"generous": value})
        counted = counts(d, 3, 7)
        assert counted[key_of(d, f"rule pay: if generous == yes: {taken}")] == 3
        assert key_of(d, f"rule pay: if generous == yes: {skipped}") not in counted
        assert (key_of(d, "modify wealth") in counted) == (value == "yes")


def test_simulation_report_carries_coverage_for_ratland_with_clans_and_aggressive():
    spec = SimulationSpec(str(RATLAND), ("clans", "aggressive"), players=4, coverage=True)
    report = simulate(spec, 4, 1)
    validate("report", report)
    section = report["coverage"]
    d = load_rules(RATLAND, ["clans", "aggressive"])
    assert section["runs"] == 4 and section["places"] == len(points(d))
    by_what = {p["what"]: p for p in section["points"]}
    assert by_what["step setup.deal_clans"]["total"] == 4 and by_what["step setup.deal_clans"]["share_of_runs"] == 1
    assert section["never_ran"] == sum(1 for p in section["points"] if p["total"] == 0) > 0
    assert "Rule coverage" in render_html(report) and "never fired" in render_html(report)
    assert "coverage" not in simulate(SimulationSpec(str(RATLAND), players=3), 2, 1)  # only when asked


def test_simulate_coverage_prints_and_writes_the_table(tmp_path):
    out = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", str(PROGRAM), "-n", "6", "-p", "2", "--coverage",
                                      "--out", str(out)], env={"COLUMNS": "200"}, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    validate("report", report)
    never = {p["what"] for p in report["coverage"]["points"] if p["total"] == 0}
    assert never == {"card spare: on reveal", "modify wealth", "rule pay: if generous == yes: then",
                     "rule never_run", "step main.turn: if turns > 1000: then"}
    line = next(line for line in result.output.splitlines() if "rule never_run" in line)
    assert "never fired" in line and "0.0%" in line
    line = next(line for line in result.output.splitlines() if "│ rule pay " in line)
    assert "never fired" not in line and "100.0%" in line


def test_scenario_coverage_names_what_no_scenario_runs(tmp_path):
    shutil.copytree(PROGRAM, tmp_path / "game")
    scenario = tmp_path / "game" / "scenarios" / "turn.yaml"
    scenario.parent.mkdir()
    scenario.write_text("name: one turn\nplayers: 2\nrun: {phases: [main]}\n"
                        "decisions: {P1: [false]}\nexpect: {}\n")
    result = CliRunner().invoke(app, ["test", str(scenario), "--coverage"], env={"COLUMNS": "200"},
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    rows = {line.split("│")[1].strip(): line for line in result.output.splitlines() if line.startswith("│ ")}
    assert "never fired" in rows["rule never_run"] and "never fired" in rows["step main.turn: may wait: yes"]
    assert "never fired" not in rows["step main.turn: may wait: no"] and "1 scenario" in result.output
    tally = Tally()
    from ratdsl.scenarios import run_scenario

    assert run_scenario(scenario, coverage=tally).ok and tally.runs == 1
