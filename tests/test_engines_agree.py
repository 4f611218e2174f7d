"""The differential harness (tests/differential_cases.py): the generated code (what `--engine auto`
plays where the flat target cannot) plays the reference's games on every rule set under rules/,
logs byte for byte, and the harness itself is shown not to be blind. The compiled engine's games
against the reference are tests/test_compiled_all_games.py (every rule set, player count, random
and persona agents); `benchmarks/differential.py --engines` plays 1,000 a game folder through this
harness, and the native build's games are in tests/test_native.py (the suite's one build)."""

from __future__ import annotations

import math

import pytest

from . import differential_cases as dc
from .scale import cases

RULE_SETS = [rs for folder in dc.game_folders() for rs in dc.rule_sets(folder)]
PER_FOLDER = {f.name: len(dc.rule_sets(f)) for f in dc.game_folders()}
GENERATED_PER_FOLDER = 200  # the full check's count for the generated code


def test_every_game_folder_is_in_the_harness():
    assert {rs.folder for rs in RULE_SETS} == {p.parent.name for p in dc.RULES.glob("*/game.rat")}
    assert len(PER_FOLDER) >= 3


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rs: rs.label)
def test_the_generated_code_plays_the_references_games_and_writes_its_log(rules):
    """2 games a rule set (other table sizes than the compiled engine's), logs compared line by
    line; 200 a game folder in full (a game of Rattus with its log costs ten of RatLand on the
    compiled engine; `benchmarks/differential.py --engines --generated` plays 1,000)."""
    games = cases(2, math.ceil(GENERATED_PER_FOLDER / PER_FOLDER[rules.folder]))
    played, failures = dc.compare(rules, games, offset=RULE_SETS.index(rules) + 1, side=dc.GENERATED)
    assert played == games
    assert failures == [], failures[:5]


def test_a_log_that_differs_is_found_and_said_by_its_line():
    """The log comparison is not blind: a generated game whose log says one thing otherwise
    disagrees, naming the line (the end state and scores the same)."""
    rules = dc.rule_sets(dc.RULES / "ratland")[0]

    def altered(module, d, players, seed, names):
        out = dc.generated_outcome(module, d, players, seed, names)
        out["log"][3] = out["log"][3].replace('"', "'", 1)
        return out

    played, failures = dc.compare(rules, 1, side=dc.Side("generated", dc.no_module, altered, logs=True))
    assert played == 1 and len(failures) == 1
    assert "generated: ratland" in failures[0] and "log line 4:" in failures[0]
    assert dc.compare(rules, 1, side=dc.GENERATED) == (1, [])


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
