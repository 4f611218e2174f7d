"""Only phases that can read `at_phase_start` keep the zones as the phase began (reach.py); the
search must find every way there: steps, rules and their hooks, funcs and their modifiers."""

import pytest

from ratdsl.engine.errors import ConservationError
from ratdsl.engine.log import GameLog
from ratdsl.engine.reach import phases_reading_start
from ratdsl.semantics.values import ZoneRef
from ratdsl.session import load_rules, new_game

from .conftest import RATLAND

GAME = '''game tiny "Tiny" {
  players 2..2
}
tokens coin
zone bank, pot
setup {
  step coins {
    create {coin: 9} in bank
  }
}
round plain, hooked, modified, direct

func start_coins() = 0
modify start_coins() = at_phase_start(count(bank, coin))

rule tick() { }
after tick() {
  say "hook" with at_phase_start(count(bank, coin)), count(bank, coin)
}

phase plain "Plain" {
  step only {
    move 1 coin from bank to pot
  }
}
phase hooked "Hooked" {
  step only {
    move 1 coin from bank to pot
    do tick()
  }
}
phase modified "Modified" {
  step only {
    move 1 coin from bank to pot
    say "modified" with start_coins()
  }
}
phase direct "Direct" {
  step only {
    move 1 coin from bank to pot
    say "direct" with at_phase_start(count(pot, coin))
  }
}
'''


def test_the_phases_that_read_their_start_are_found_through_hooks_and_modifiers(tmp_path):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(GAME)
    definition = load_rules(folder)
    assert phases_reading_start(definition) == {"hooked", "modified", "direct"}
    log = GameLog(keep=True)
    game = new_game(definition, 2, 0, log=log)
    game.header()
    game.setup()
    game.play_round()
    said = {r["msg"]: r["args"] for r in log.records if r["t"] == "say"}
    assert said == {"hook": [8, 7], "modified": [7], "direct": [3]}


def test_ratland_keeps_start_states_only_for_attack_and_foraging():
    assert phases_reading_start(load_rules(RATLAND)) == {"attack", "foraging"}
    assert phases_reading_start(load_rules(RATLAND, ("clans",))) == {"attack", "foraging", "rats"}


def test_a_move_that_would_leave_a_negative_count_is_a_conservation_error():
    game = new_game(load_rules(RATLAND), 4, 0)
    game.header()
    game.setup()
    with pytest.raises(ConservationError) as err:
        game.runtime.transfer(ZoneRef(0, "pantry"), ZoneRef(None, "supply"), {"rat": 99})
    assert err.value.code == "R003" and "P1.pantry would hold less than 0 rat" in err.value.message
