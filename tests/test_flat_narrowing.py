"""The flat target reads the typed form where its own lowering only has a value's general form
(engine/flat/typed.narrowed_kind): an item of a tagged list read after a test of its tag, or at a
written position, is unboxed there, once and checked, and what follows is lowered for that one
kind. The games stay the reference's; a kind the typed form got wrong would stop the flat code
(the reference then plays the game), never play on with a wrong value."""

from __future__ import annotations

import pytest

from ratdsl.engine import Game
from ratdsl.engine.flat import compiler, typed
from ratdsl.engine.flat.game import FlatModule, Stopped, flat_module, play_module
from ratdsl.engine.flat.generator import FlatModule as Module
from ratdsl.engine.flat.tags import PLAYER
from ratdsl.language import ast as A
from ratdsl.session import load_rules

from .flat_agree import outcome, random_agents

GAME = '''game tiny "Tiny" {
  players 2..2
}
tokens coin
zone bank
per player zone purse
symbols give, take
setup {
  step coins {
    create {coin: 9} in bank
  }
}
round main
func offers(p) = [[give, q, 1] for q in players if q != p] + [[take, bank, 2]]
func gain(o) = if o[0] == take then o[2] else 0
func givers(p) = [o[1] for o in offers(p) if o[0] == give]
phase main "Main" {
  step only {
    let o = pick(offers(active))
    if o[1] == active {
      move up to 1 coin from bank to active.purse
    }
    if active in givers(first(players)) {
      move up to 1 coin from active.purse to bank
    }
    if o[0] == give {
      move up to o[2] coin from active.purse to o[1].purse
    } else {
      move up to gain(o) coin from o[1] to active.purse
    }
    if round == 10 {
      end game
    }
  }
}
'''


@pytest.fixture
def tagged(tmp_path):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(GAME)
    return load_rules(folder)


def test_an_item_read_after_a_test_of_its_tag_is_unboxed_there_and_plays_the_reference_games(tagged):
    source = Module(tagged, 2).source
    # (givers: a list of seats, not of general values, so `active in` it compares seats)
    assert "[as_player(item_at(" in source and "d_in(" not in source
    module = flat_module(tagged, 2)
    assert isinstance(module, FlatModule), module
    for seed in range(12):
        reference = Game(tagged, 2, seed, agents=random_agents(2)(seed)).play()
        assert outcome(play_module(module, seed, random_agents(2)(seed))) == outcome(reference), seed


def test_a_kind_the_typed_form_got_wrong_stops_the_flat_code_instead_of_playing_on(tagged, monkeypatch):
    """Told that `o[1]` in `o[1] == active` is always a seat (a wrong typed form: a take's is a
    zone), the flat code unboxes it as one: the check stops the game at the first take, where the
    reference plays on."""
    def wrong(d, node):
        if isinstance(node, A.Index) and node.span.line == LIE_LINE:
            return PLAYER
        return typed.narrowed_kind(d, node)

    assert typed.narrowed_kind(tagged, _index_at(tagged, LIE_LINE)) is None  # (a seat or a zone)
    monkeypatch.setattr(compiler, "narrowed_kind", wrong)
    module = Module(tagged, 2)
    stopped = 0
    for seed in range(12):
        Game(tagged, 2, seed, agents=random_agents(2)(seed)).play()  # (the reference plays on)
        try:
            play_module(module, seed, random_agents(2)(seed))
        except Stopped:
            stopped += 1
    assert stopped == 12  # (each game offers a take half the time, 20 times)


LIE_LINE = GAME.splitlines().index("    if o[1] == active {") + 1


def _index_at(d, line: int) -> A.Index:
    return next(n for decl in d.ruleset.decls for n in A.walk(decl) if isinstance(n, A.Index) and n.span.line == line)
