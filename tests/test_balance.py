"""`ratdsl balance` (simulation/balance.py): a variant against its base game in three arms, every
play-quality metric paired by seed and flagged as `simulate --baseline` flags figures, the same
report from one process, a pool of workers or Dask, and text, JSON and HTML reports."""

import json

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.schemas import validate
from ratdsl.simulation.balance import BalanceSpec, Precision, balance
from ratdsl.simulation.report import compare_series
from ratdsl.simulation.runner import ProcessBackend

# Greed: three rounds, each player may take `big` coins, else one. A player who always says yes
# wins, so a strong player beats random ones; the variant (big = 1) makes every answer the same.
GREED = '''game greed "Greed" {
  players 2..4
  ends after 3 rounds
}
option big "Coins a greedy player takes" in {1, 3} = 3
tokens coin
zone bank
per player zone purse
setup {
  step coins {
    create {coin: 60} in bank
  }
}
round main
phase main "Main" {
  step take {
    for each p in players {
      ask p greedy: may {
        move big coin from bank to p.purse
      } otherwise {
        move 1 coin from bank to p.purse
      }
    }
  }
}
scoring p {
  score = p.purse.coin
}
'''


@pytest.fixture
def greed(tmp_path):
    folder = tmp_path / "greed"
    (folder / "variants").mkdir(parents=True)
    (folder / "game.rat").write_text(GREED)
    (folder / "variants" / "modest.rat").write_text('variant modest "Modest" extends greed\nset option big = 1\n')
    return str(folder), str(folder / "variants" / "modest.rat")


def spec(greed, strong="mcts:8"):
    base, variant = greed
    return BalanceSpec(variant, base, players=2, strong=strong)


def test_the_skill_gap_of_a_game_that_rewards_a_decision(greed):
    report = balance(spec(greed), 12, 1)
    validate("balance", report)
    arms = {arm["name"]: arm for arm in report["arms"]}
    assert set(arms) == {"weak", "one_strong", "all_strong"}
    one = arms["one_strong"]
    assert "skill_gap" in one["variant"] and "skill_gap" not in arms["weak"]["variant"]
    # the base game: the strong player wins (nearly) every game; the variant: every game is a tie
    assert one["baseline"]["skill_gap"]["mean"] > 0.3
    assert one["variant"]["skill_gap"]["mean"] == 0 and one["variant"]["shared_win"]["mean"] == 1
    gap = one["comparison"]["skill_gap"]
    assert gap["significant"] and gap["ci95"][1] < 0
    assert any(line.startswith("one mcts:8 (seat rotating) against random players: skill gap shrinks by")
               and line.endswith("(worse)") for line in report["findings"])
    # strong players in every seat all say yes: every game a tie in both rule sets, nothing flagged
    assert not any(d["significant"] for d in arms["all_strong"]["comparison"].values())


def test_the_flags_are_the_paired_statistics_of_simulate(greed):
    report = balance(spec(greed), 6, 3)
    arm = report["arms"][0]
    assert report["method"]["figures"] == sum(len(a["comparison"]) for a in report["arms"])
    # one family across all arms: the same p-values, adjusted over every metric of every arm
    raw = {f"{a['name']}/{k}": d["p_value"] for a in report["arms"] for k, d in a["comparison"].items()}
    assert len(raw) == report["method"]["figures"]
    single = compare_series({"x": [1, 2, 3, 4]}, {"x": [0, 1, 1, 0]}, ["x"])["x"]
    assert single["difference"] == 2 and "p_adjusted" in single
    assert arm["comparison"]["duration"]["difference"] == 0  # greed always lasts three rounds


def test_workers_do_not_change_the_report(greed):
    one = balance(spec(greed, "mcts:4"), 8, 5, ProcessBackend(1))
    two = balance(spec(greed, "mcts:4"), 8, 5, ProcessBackend(2))
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


def test_precision_stops_in_batches(greed):
    report = balance(spec(greed, "mcts:4"), 0, 2, precision=Precision(1000.0, 40, batch=4))
    assert report["games"] == 4 and report["precision"]["reached"]
    capped = balance(spec(greed, "mcts:4"), 0, 2, precision=Precision(1e-9, 8, batch=4))
    assert capped["games"] == 8 and not capped["precision"]["reached"]


def test_the_command_writes_json_html_and_a_table(greed, tmp_path):
    base, variant = greed
    out, page = tmp_path / "b.json", tmp_path / "b.html"
    result = CliRunner().invoke(app, ["balance", variant, "--baseline", base, "-p", "2", "-n", "12",
                                      "--strong", "mcts:8", "-w", "1", "--out", str(out), "--html", str(page)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    validate("balance", report)
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and text.count("<svg") >= 3 and "Skill gap" in text
    assert "one mcts:8 (seat rotating) against random players" in result.stdout
    assert "skill gap shrinks" in result.stdout


@pytest.mark.parametrize("args, words", [
    (["--strong", "random"], "--strong must name a search agent"),
    (["--weak", "nobody"], "unknown agent 'nobody'"),
    (["-n", "1"], "--games"),
])
def test_usage_errors_are_one_line(greed, args, words):
    base, variant = greed
    result = CliRunner().invoke(app, ["balance", variant, "--baseline", base, "-p", "2", "-w", "1", *args])
    assert result.exit_code == 2 and words in result.stderr and "Traceback" not in result.stderr


def test_dask_gives_the_same_report(greed):
    distributed = pytest.importorskip("distributed")
    from ratdsl.simulation.dask_backend import QUIET_SCHEDULER, DaskBackend

    here = balance(spec(greed, "mcts:4"), 6, 7, ProcessBackend(1))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, silence_logs=50,
                                  **QUIET_SCHEDULER) as cluster, DaskBackend(cluster.scheduler_address) as dask:
        there = balance(spec(greed, "mcts:4"), 6, 7, dask)
    assert json.dumps(here, sort_keys=True) == json.dumps(there, sort_keys=True)
