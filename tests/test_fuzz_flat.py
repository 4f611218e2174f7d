"""The engine fuzzer plays each accepted case on the flat target too (tests/fuzz_flat.py): a case
whose flat play is made to differ, stop, fail or be refused gives the outcome that says so, which
proves the comparison reaches the flat engine; a real case is played by it and agrees."""

from __future__ import annotations

import pytest

from ratdsl.engine.flat import game as flat_game
from ratdsl.engine.flat.tags import Unsupported

from . import fuzz_cases as F
from . import fuzz_flat as FF

SEED = 3


@pytest.fixture(scope="module")
def workspace():
    ws = F.Workspace()
    yield ws
    ws.close()


@pytest.fixture(scope="module")
def ended(workspace):
    """The first case of SEED that every engine plays to its end (a few cases are tried)."""
    for index in range(60):
        case = F.make_case(SEED, index)
        result = F.run_case(case, workspace)
        if result.outcome == "ok":
            return case, result
    pytest.fail("no case of the first 60 was played to its end")


def test_an_accepted_case_is_played_on_the_flat_target_and_agrees(ended):
    _case, result = ended
    assert result.flat in ("played", "refused") and result.outcome == "ok"
    if result.flat == "refused":
        assert result.flat_refusal


def _patched_play(monkeypatch, play):
    real = flat_game.play_module
    monkeypatch.setattr(flat_game, "play_module", lambda m, seed, agents, budget, **kw: play(real, m, seed,
                                                                                            agents, budget, **kw))


def test_a_different_flat_result_is_a_flat_disagreement(ended, workspace, monkeypatch):
    case, first = ended
    if first.flat != "played":
        pytest.skip("the flat target refused this case's rules")

    def one_point_more(real, m, seed, agents, budget, **kw):
        result = real(m, seed, agents, budget, **kw)
        result.scores = {p: s + (p == "P1") for p, s in result.scores.items()}
        return result

    _patched_play(monkeypatch, one_point_more)
    result = F.run_case(case, workspace)
    assert result.outcome == "disagreement" and result.signature == "flat/tree-walker: scores differ"
    assert F.pair_of(result.signature) == "flat"


def test_a_flat_stop_where_the_tree_walker_ends_is_a_disagreement(ended, workspace, monkeypatch):
    case, first = ended
    if first.flat != "played":
        pytest.skip("the flat target refused this case's rules")

    def stops(real, m, seed, agents, budget, **kw):
        raise flat_game.Stopped

    _patched_play(monkeypatch, stops)
    result = F.run_case(case, workspace)
    assert result.outcome == "disagreement" and result.signature == "flat/tree-walker: flat stopped, tree-walker ended"


def test_a_game_that_takes_other_steps_on_the_flat_target_is_a_disagreement(ended, workspace, monkeypatch):
    """The two count the step budget alike (tests/test_flat_steps.py): a step more is a finding."""
    case, first = ended
    if first.flat != "played":
        pytest.skip("the flat target refused this case's rules")

    def a_step_more(real, m, seed, agents, budget, **kw):
        result = real(m, seed, agents, budget, **kw)
        m.ns["ST"][0] -= 1
        return result

    _patched_play(monkeypatch, a_step_more)
    result = F.run_case(case, workspace)
    assert result.outcome == "disagreement" and result.signature == "flat/tree-walker: steps differ"


def test_a_python_error_of_the_flat_code_is_a_crash(ended, workspace, monkeypatch):
    case, first = ended
    if first.flat != "played":
        pytest.skip("the flat target refused this case's rules")

    def fails(real, m, seed, agents, budget, **kw):
        return {}["no such key"]

    _patched_play(monkeypatch, fails)
    result = F.run_case(case, workspace)
    assert result.outcome == "crash" and result.signature.startswith("flat: KeyError")
    assert result.players == first.players  # (counted among the played games)


def test_rules_the_compiler_refuses_are_counted_apart_by_reason(ended, workspace, monkeypatch):
    case, _ = ended
    monkeypatch.setattr(flat_game, "flat_module",
                        lambda d, players: Unsupported(None, "the field 'reach' of spaces, of 3 kinds"))
    result = F.run_case(case, workspace)
    assert (result.outcome, result.flat) == ("ok", "refused")
    assert result.flat_refusal == "the field NAME of spaces, of N kinds"
    run = F.Run(SEED)
    F.count_flat(run, result)
    assert run.flat == {"refused": 1} and run.flat_refusals == {"the field NAME of spaces, of N kinds": 1}


@pytest.mark.parametrize(("flat", "error", "agrees"), [
    (FF.FlatPlay("stopped"), ("rule", "R001", "g.rat:1:1", "no"), True),  # both stopped
    (FF.FlatPlay("stopped"), ("rule", "R004", "g.rat:1:1", "30 rounds"), True),  # the round cap
    (FF.FlatPlay("played", object()), ("rule", "R001", "g.rat:1:1", "no"), False),  # an error missed
    (FF.FlatPlay("refused", detail="x"), None, True),
])
def test_a_stop_agrees_only_with_a_stop(flat, error, agrees):
    assert (FF.compare(flat, error, None) is None) is agrees


def test_a_case_leaves_no_flat_module_behind(ended, workspace):
    """flat_module's table is keyed weakly by the rules, but a module holds its rules: a worker
    would keep every case's modules unless each case drops its own."""
    case, _ = ended
    before = len(flat_game._MODULES)
    F.run_case(case, workspace)
    assert len(flat_game._MODULES) == before


@pytest.mark.parametrize(("detail", "replaced"), [
    ("out of memory: \nMemoryError", True),
    ("generated: out of memory: \nMemoryError", True),  # (an engine's crash names the engine first)
    ("flat: KeyError: 'x'\nout of memory in a later line", False),
])
def test_a_worker_out_of_memory_in_any_engine_is_replaced(detail, replaced):
    assert F.out_of_memory(F.Result("crash", detail)) is replaced
