"""Runtime errors stop the game with a message that points at the rule text: the step budget,
runaway recursion, an impossible move, a conservation failure, `end game` during setup."""

import pytest

from ratdsl.engine.errors import ConservationError, RuleRuntimeError, StepBudgetExceeded
from ratdsl.semantics.values import ZoneRef
from ratdsl.session import load_rules, new_game

HEADER = '''game tiny "Tiny" {
  players 2..2
}
tokens coin
zone bank
per player zone purse
setup {
  step coins {
    create {coin: 5} in bank
  }
}
round main
'''


def tiny(tmp_path, body: str, extra: str = ""):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(HEADER + extra + 'phase main "Main" {\n  step only {\n' + body + "\n  }\n}\n")
    return new_game(load_rules(folder), 2, 0, step_budget=10_000)


def test_a_loop_that_never_ends_hits_the_step_budget(tmp_path):
    game = tiny(tmp_path, "    while true {\n      let x = 1\n    }")
    with pytest.raises(StepBudgetExceeded) as err:
        game.play()
    assert err.value.code == "R002" and err.value.line in (15, 16)
    assert "step budget of 10000" in err.value.message


def test_a_rule_that_calls_itself_forever_is_stopped(tmp_path):
    game = tiny(tmp_path, "    do again()", 'rule again() {\n  do again()\n}\n')
    with pytest.raises(RuleRuntimeError) as err:
        game.play()
    assert "more than" in err.value.message and err.value.line == 14  # the call inside the rule


def test_moving_more_than_a_zone_holds_says_where_and_how_to_fix(tmp_path):
    game = tiny(tmp_path, "    move 9 coin from bank to active.purse")
    with pytest.raises(RuleRuntimeError) as err:
        game.play()
    rendered = err.value.render()
    assert "cannot move 9 coin from bank: only 5 there" in rendered
    assert "game.rat:15:" in rendered and "move up to" in rendered


def test_a_token_that_appears_from_nowhere_is_a_conservation_error(tmp_path):
    game = tiny(tmp_path, "    move 1 coin from bank to active.purse")
    game.header()
    game.setup()
    game.state.zones[ZoneRef(None, "bank")]["coin"] += 1  # what an engine bug would do
    with pytest.raises(ConservationError) as err:
        game.play_round()
    assert err.value.code == "R003" and "step only of main" in err.value.message


def test_end_game_during_setup_is_an_error(tmp_path):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(HEADER.replace("create {coin: 5} in bank", "end game")
                                     + 'phase main "Main" {\n  step only {\n  }\n}\n')
    with pytest.raises(RuleRuntimeError) as err:
        new_game(load_rules(folder), 2, 0).play()
    assert err.value.code == "R005"


def test_a_huge_range_is_refused(tmp_path):
    game = tiny(tmp_path, "    let all = 0..10000000")
    with pytest.raises(RuleRuntimeError, match="too long"):
        game.play()
