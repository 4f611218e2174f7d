"""The differential harness (tests/differential_cases.py) covers every game folder under rules/, and
is shown not to be blind. The compiled engine's games against the reference are
tests/test_compiled_all_games.py (every rule set, player count, random and persona agents);
`benchmarks/differential.py --engines` plays 1,000 a game folder through this harness, and the
native build's games are in tests/test_native.py (the suite's one build)."""

from __future__ import annotations

from . import differential_cases as dc

RULE_SETS = [rs for folder in dc.game_folders() for rs in dc.rule_sets(folder)]
PER_FOLDER = {f.name: len(dc.rule_sets(f)) for f in dc.game_folders()}


def test_every_game_folder_is_in_the_harness():
    assert {rs.folder for rs in RULE_SETS} == {p.parent.name for p in dc.RULES.glob("*/game.rat")}
    assert len(PER_FOLDER) >= 3


def test_a_disagreement_is_found_and_said(monkeypatch):
    """The harness is not blind: a flat module that scores one point more disagrees, by name."""
    from ratdsl.engine.flat import game as flat_game

    rules = dc.rule_sets(dc.RULES / "ratland")[0]
    real = flat_game._result

    def off_by_one(m, over, rounds_done, zones):
        result = real(m, over, rounds_done, zones)
        result.scores["P1"] += 1
        return result

    monkeypatch.setattr(flat_game, "_result", off_by_one)
    played, failures = dc.compare(rules, 2)
    assert played == 2 and len(failures) == 2
    assert all(f.startswith("compiled: ratland") and "scores: compiled" in f and "seed" in f for f in failures)


def test_a_game_stopped_only_by_the_compiled_code_disagrees():
    assert dc.difference({"stopped": True}, {"scores": {}}) == \
        "the compiled code stopped a game the reference plays to its end"
    assert dc.difference({"stopped": True}, {"stopped": "error[R001]: ..."}) is None
    assert "the reference stopped" in dc.difference({"scores": {}}, {"stopped": "error[R001]: x"})
