"""Play-quality metrics (simulation/quality.py, docs/metrics.md): each definition on games whose
values are worked out by hand, so that changing a definition fails a test."""

from pathlib import Path

import pytest

from ratdsl.simulation.quality import METRICS, GameRecord, collect, summarize, values
from ratdsl.simulation.runner import GamePlayer, SimulationSpec, rotated

DOCS = Path(__file__).resolve().parents[1] / "docs" / "metrics.md"

# Five rounds, two players, one gift of coins a round: the scores at each round's end are
# (3, 0), (3, 4), (4, 4), (6, 4), (6, 5); P1 wins 6 to 5.
HAND = '''game hand "Hand-scored" {
  players 2..2
  ends after 5 rounds
}
tokens coin
zone bank
per player zone purse
setup {
  step coins {
    create {coin: 20} in bank
  }
}
round main
phase main "Main" {
  step gift {
    if round == 1 { move 3 coin from bank to players[0].purse }
    if round == 2 { move 4 coin from bank to players[1].purse }
    if round == 3 { move 1 coin from bank to players[0].purse }
    if round == 4 { move 2 coin from bank to players[0].purse }
    if round == 5 { move 1 coin from bank to players[1].purse }
  }
}
scoring p {
  score = p.purse.coin
}
'''


@pytest.fixture
def hand(tmp_path):
    folder = tmp_path / "hand"
    folder.mkdir()
    (folder / "game.rat").write_text(HAND)
    return str(folder)


def test_the_hand_game_values(hand):
    stats = GamePlayer(SimulationSpec(hand, players=2, trace=True)).play(0, 1)
    assert stats.trajectory == ((3, 0), (3, 4), (4, 4), (6, 4), (6, 5))
    assert stats.scores == [6, 5] and stats.winners == [0]
    got = values(GameRecord(2, stats.rounds, stats.trajectory, tuple(stats.winners)))
    assert got == {
        "duration": 5,
        "first_seat_advantage": 0.5, "seat_advantage.P1": 0.5, "seat_advantage.P2": -0.5,
        "decided_round": 3,  # P1 leads or shares the lead from round 3 on (4-4, 6-4, 6-5)
        "decisiveness": 3 / 5,
        "lead_changes": 2,  # P1, then P2 (round 2), the tie keeps it, then P1 again (round 4)
        "drama": 1,  # P1 was 3 to 4 behind after round 2
        "comeback": 1,
        "spread": 0.5,  # sd of (6, 5)
        "margin": 1,
        "shared_win": 0,
    }


def test_a_shared_win_a_wire_to_wire_lead_and_the_skill_gap():
    g = GameRecord(3, 3, ((2, 1, 0), (5, 5, 1), (7, 7, 2)), (0, 1), strong_seat=1)
    got = values(g)
    assert got["shared_win"] == 1 and got["margin"] == 5
    assert got["first_seat_advantage"] == pytest.approx(0.5 - 1 / 3)
    assert got["skill_gap"] == pytest.approx(0.5 - 1 / 3)
    # P1 led throughout; P2 shared the lead from round 2: the earliest winner counts
    assert got["decided_round"] == 1 and got["decisiveness"] == pytest.approx(1 / 3)
    assert got["lead_changes"] == 0 and got["drama"] == 0 and got["comeback"] == 0
    lost = values(GameRecord(3, 3, ((0, 4, 0), (9, 4, 0)), (0,), strong_seat=2))
    assert lost["skill_gap"] == pytest.approx(-1 / 3)
    assert lost["drama"] == 4 and lost["decided_round"] == 2 and lost["lead_changes"] == 1


def test_the_decided_round_is_the_last_when_the_lead_changes_at_the_end():
    g = GameRecord(2, 4, ((1, 0), (2, 0), (3, 0), (3, 5)), (1,))
    assert values(g)["decided_round"] == 4 and values(g)["decisiveness"] == 1
    assert values(g)["drama"] == 3


def test_averages_carry_intervals():
    games = [GameRecord(2, r, ((r, 0),), (0,)) for r in (2, 4, 6)]
    summary = summarize(collect(games))
    assert summary["duration"]["mean"] == 4 and summary["duration"]["n"] == 3
    low, high = summary["duration"]["ci95"]
    assert low < 4 < high
    assert "skill_gap" not in summary  # no strong player: not defined


def test_rotation_puts_the_first_name_in_every_seat():
    names = ("strong", "random", "random", "random")
    seats = [rotated(names, 4, i) for i in range(4)]
    assert [s.index("strong") for s in seats] == [0, 1, 2, 3]
    assert all(s.count("strong") == 1 for s in seats)
    assert rotated(("a", "b"), 4, 1) == ("b", "a", "b", "a")  # the names cycle over the seats first


def test_the_final_row_is_the_result_and_tracing_changes_no_game(hand):
    plain = GamePlayer(SimulationSpec("rules/ratland", players=3)).play(2, 7)
    traced = GamePlayer(SimulationSpec("rules/ratland", players=3, trace=True)).play(2, 7)
    assert traced.scores == plain.scores and traced.winners == plain.winners
    assert list(traced.trajectory[-1]) == traced.scores


def test_every_metric_is_documented_with_its_formula():
    text = DOCS.read_text("utf-8")
    for m in METRICS.values():
        assert f"`{m.name}`" in text, m.name
        assert m.formula in text, m.formula
