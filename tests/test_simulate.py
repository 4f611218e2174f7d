"""`ratdsl simulate`: a small seeded run and a baseline comparison match their golden reports,
the report does not depend on the number of workers, an interrupted run reports the games that
finished, and personas and metrics come from the rule files."""

import json

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.schemas import validate
from ratdsl.semantics.values import ZoneRef
from ratdsl.session import load_rules
from ratdsl.simulation import SimulationSpec, simulate
from ratdsl.simulation.collect import MetricCounter
from ratdsl.simulation.runner import persona_weights

from .conftest import ROOT

GOLDEN = ROOT / "tests" / "golden" / "simulate"


def run_cli(tmp_path, *args):
    out = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", *args, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    validate("report", report)
    return report, result.output


def test_small_seeded_run_matches_golden(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    report, output = run_cli(tmp_path, "rules/ratland", "-n", "40", "-p", "3", "-s", "5")
    assert report == json.loads((GOLDEN / "small.json").read_text())
    assert "rounds per game" in output and "Rats starved" in output


def test_baseline_comparison_matches_golden(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    report, output = run_cli(tmp_path, "rules/ratland/variants/lean_times.rat", "--baseline", "rules/ratland",
                             "-n", "60", "-p", "4", "-s", "2", "--html", str(tmp_path / "r.html"))
    assert report == json.loads((GOLDEN / "lean_times_vs_base.json").read_text())
    starved = report["comparison"]["metrics.rats_starved"]
    assert starved["difference"] > 0 and starved["significant"]  # a hungrier table starves more rats
    page = (tmp_path / "r.html").read_text()
    assert "<svg" in page and "Rats starved" in page


def test_report_is_the_same_whatever_the_workers():
    spec = SimulationSpec(str(ROOT / "rules" / "ratland"), (), (), 4, ("random",))
    one = simulate(spec, 24, 9, workers=1)
    two = simulate(spec, 24, 9, workers=2)
    assert one == two


def test_a_simulation_loads_its_rules_once(monkeypatch):
    """simulate hands the rules it loaded to the games' player (start-up, issue 13); forked
    workers get them too."""
    import importlib

    runner = importlib.import_module("ratdsl.simulation.runner")
    simulation = importlib.import_module("ratdsl.simulation.simulate")  # (the package's name is the function)

    loads = []

    def counted(*args, **kwargs):
        loads.append(args)
        return load_rules(*args, **kwargs)

    monkeypatch.setattr(simulation, "load_rules", counted)
    monkeypatch.setattr(runner, "load_rules", counted)
    spec = SimulationSpec(str(ROOT / "rules" / "ratland"), (), (), 3, ("random",))
    simulate(spec, 3, 1)
    assert len(loads) == 1
    simulate(spec, 4, 1, workers=2)
    assert len(loads) == 2


def test_forked_workers_share_the_flat_module_the_parent_loaded(tmp_path, monkeypatch):
    import importlib

    flat = importlib.import_module("ratdsl.engine.flat.game")
    made = tmp_path / "made.txt"
    real = flat.load_or_make

    def counted(*args):
        with made.open("a") as out:  # (workers are other processes: they write here too)
            out.write("loaded\n")
        return real(*args)

    monkeypatch.setattr(flat, "load_or_make", counted)
    spec = SimulationSpec(str(ROOT / "rules" / "ratland"), (), (), 3, ("random",))
    simulate(spec, 8, 2, workers=2)
    assert made.read_text().splitlines() == ["loaded"]


def test_workers_auto_takes_every_core_for_200_games_and_the_report_stays_the_same(tmp_path, monkeypatch):
    import importlib

    runner = importlib.import_module("ratdsl.simulation.runner")
    monkeypatch.setattr(runner, "available_cores", lambda: 2)
    assert [runner.auto_workers(n) for n in (1, 199, 200, 5000)] == [1, 1, 2, 2]
    monkeypatch.chdir(ROOT)
    auto, output = run_cli(tmp_path, "rules/ratland", "-n", "200", "-p", "3")  # (--workers auto: the default)
    assert "games/s, 2 worker(s))\n" in output
    one, output = run_cli(tmp_path, "rules/ratland", "-n", "200", "-p", "3", "-w", "1")
    assert "games/s, 1 worker(s))\n" in output and one == auto
    few, output = run_cli(tmp_path, "rules/ratland", "-n", "3", "-p", "3")
    assert "games/s, 1 worker(s))\n" in output  # too few games to pay for a pool
    forced, output = run_cli(tmp_path, "rules/ratland", "-n", "3", "-p", "3", "-w", "2")
    assert "games/s, 2 worker(s))\n" in output and forced == few


def test_interrupted_run_reports_finished_games():
    spec = SimulationSpec(str(ROOT / "rules" / "ratland"), (), (), 3, ("random",))
    seen = []

    def progress(n):
        seen.append(n)
        if len(seen) == 7:
            raise KeyboardInterrupt

    report = simulate(spec, 50, 1, progress=progress)
    assert report["stopped_early"] is True
    assert report["run"]["games"] == 7
    validate("report", report)


def test_personas_are_read_from_the_rules():
    definition = load_rules(ROOT / "rules" / "ratland")
    assert {"breeder", "raider", "forager"} <= set(definition.personas)
    weights = persona_weights(definition, "raider")
    assert weights["placement"]["left_pipe"] == 5.0
    with pytest.raises(ValueError, match="unknown agent"):
        persona_weights(definition, "pirate")


def test_personas_play_differently_from_random():
    base = SimulationSpec(str(ROOT / "rules" / "ratland"), (), (), 4, ("random",))
    raiders = SimulationSpec(str(ROOT / "rules" / "ratland"), (), (), 4, ("raider",))
    stolen = [simulate(s, 30, 3)["run"]["metrics"]["cheese_stolen"]["mean"] for s in (base, raiders)]
    assert stolen[1] > stolen[0]


def test_metric_counts_only_matching_moves():
    definition = load_rules(ROOT / "rules" / "ratland")
    counter = MetricCounter(definition, lambda m: ["rat"] if m.name.startswith("rats") else
                            ["yellow", "orange", "white", "black", "purple", "blue"])
    dump, graveyard = ZoneRef(0, "dump"), ZoneRef(0, "graveyard")
    counter(dump, graveyard, {"rat": 2}, "feeding.eat")
    counter(dump, graveyard, {"rat": 1}, "foraging.areas")
    counter(ZoneRef(1, "pantry"), ZoneRef(None, "supply"), {"yellow": 3}, "feeding.eat")
    assert counter.counts["rats_starved"] == 2
    assert counter.counts["cheese_eaten"] == 3
    assert counter.counts["cheese_stolen"] == 0


@pytest.mark.parametrize("games, seconds, shown", [(1000, 3106.5, "0.32"), (12, 4.0, "3"), (300, 0.25, "1200"),
                                                   (94, 10.0, "9.4"), (0, 0.0, "0")])
def test_the_rate_of_a_slow_run_is_not_zero_games_a_second(games, seconds, shown):
    from ratdsl.cli.cmd_simulate import games_per_second

    assert games_per_second(games, seconds) == shown
