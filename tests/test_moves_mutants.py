"""The moves of tokens (engine/runtime/moves.py) on a small stand-in for the runtime, each
statement's meaning checked against what its docstring and docs/language.md say: what moves, from
which zone first, which records are written, what is refused before anything moves. (The
agreement tests compare engines that share this module; written after a mutation run:
benchmarks/mutation.sh.)"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from ratdsl.engine.chance import Chance, ScriptError
from ratdsl.engine.errors import ConservationError
from ratdsl.engine.runtime.moves import TokenMoves
from ratdsl.engine.state import PhaseStart
from ratdsl.language.ast import NO_SPAN
from ratdsl.semantics.values import ZoneRef

A, B, C = ZoneRef(None, "a"), ZoneRef(None, "b"), ZoneRef(None, "c")
EXACT, UP_TO = SimpleNamespace(mode="exact"), SimpleNamespace(mode="up_to")


class Refused(Exception):
    def __init__(self, node, message, hint=None):
        super().__init__(message)
        self.node, self.message, self.hint = node, message, hint


class Log:
    def __init__(self, active=True, moves=True):
        self.active, self.moves, self.seq, self.records = active, moves, 0, []

    def emit(self, t, **fields):
        self.seq += 1
        self.records.append({"t": t, **fields})


class Runtime(TokenMoves):
    """What TokenMoves reads of a Runtime, and nothing else."""

    def __init__(self, zones, log=None, seed=0):
        self.d = SimpleNamespace(kinds=["red", "blue", "gem"])
        self.chance = Chance(seed)
        self.state = SimpleNamespace(zones={z: dict(zones.get(z, {})) for z in (A, B, C)})
        self.log = log or Log()
        self.keeping, self.active_cache, self.context, self.secret_stack = [], {}, [], []
        self.move_watchers, self.where = [], "main.only"

    current_span = NO_SPAN

    def error(self, node, message, hint=None, code=None):
        return Refused(node, message, hint)

    def where_label(self):
        return "main.only"

    def zones(self):
        return {str(z): {k: v for k, v in c.items() if v} for z, c in self.state.zones.items()}

    def moves(self):
        return [(r["src"], r["dst"], r["what"]) for r in self.log.records if r["t"] == "move"]


def move(quantity):
    return SimpleNamespace(quantity=quantity)


# ---------------------------------------------------------------- the protocol
def test_before_move_forgets_activity_and_keeps_both_zones_once():
    rt = Runtime({A: {"red": 2}, B: {"blue": 1}})
    rt.active_cache["x"] = True
    kept = PhaseStart(rt.state.zones)
    kept.saved = {}
    rt.keeping.append(kept)
    rt.transfer(A, B, {"red": 1})
    assert rt.active_cache == {} and kept.saved == {A: {"red": 2}, B: {"blue": 1}}
    rt.transfer(A, B, {"red": 1})
    assert kept.saved == {A: {"red": 2}, B: {"blue": 1}}  # (copied the first time only)
    assert rt.zones()["a"] == {} and rt.zones()["b"] == {"blue": 1, "red": 2}


def test_transfer_and_shift_move_write_one_record_and_tell_the_watchers():
    rt = Runtime({A: {"red": 3, "blue": 2}})
    watched = []
    rt.watch_moves(lambda *seen: watched.append(seen))
    rt.context.append("card ace")
    rt.transfer(A, B, {"red": 2, "blue": 1})
    rt.secret_stack.append(object())
    rt.shift(A, C, "red", 1)
    assert rt.zones() == {"a": {"blue": 1}, "b": {"red": 2, "blue": 1}, "c": {"red": 1}}
    assert rt.log.records == [
        {"t": "move", "what": {"red": 2, "blue": 1}, "src": "a", "dst": "b", "at": "main.only", "by": "card ace"},
        {"t": "move", "what": {"red": 1}, "src": "a", "dst": "c", "at": "main.only", "by": "card ace",
         "secret": True}]
    assert watched == [(A, B, {"red": 2, "blue": 1}, "main.only"), (A, C, {"red": 1}, "main.only")]


def test_nothing_to_move_or_the_same_zone_changes_nothing_and_writes_nothing():
    rt = Runtime({A: {"red": 3}})
    rt.active_cache["x"] = True
    rt.transfer(A, B, {})
    rt.transfer(A, A, {"red": 1})
    rt.shift(A, A, "red", 1)
    assert rt.zones()["a"] == {"red": 3} and rt.log.records == [] and rt.active_cache == {"x": True}


def test_an_unkept_log_numbers_the_moves_it_does_not_keep():
    rt = Runtime({A: {"red": 3}}, log=Log(active=False))
    rt.transfer(A, B, {"red": 1})
    rt.shift(A, B, "red", 1)
    assert rt.log.records == [] and rt.log.seq == 2


def test_no_one_listening_means_no_record():
    rt = Runtime({A: {"red": 3}}, log=Log(moves=False))
    rt.transfer(A, B, {"red": 1})
    assert rt.log.records == [] and rt.log.seq == 0 and rt.zones()["b"] == {"red": 1}


# ---------------------------------------------------------------- move all
def test_move_all_takes_each_sources_kinds_one_record_per_source():
    rt = Runtime({A: {"red": 2, "blue": 1, "gem": 4}, B: {"blue": 3}, C: {"red": 1}})
    rt.move_all([A, C, B], C, ["red", "blue"])
    assert rt.zones() == {"a": {"gem": 4}, "b": {}, "c": {"red": 3, "blue": 4}}
    assert rt.moves() == [("a", "c", {"red": 2, "blue": 1}), ("b", "c", {"blue": 3})]
    rt.move_all([A], B, ["red"])  # (nothing there: no record)
    assert len(rt.moves()) == 2


# ---------------------------------------------------------------- move N
def test_move_n_takes_zone_by_zone_kinds_in_the_order_given():
    rt = Runtime({A: {"red": 1, "blue": 2}, B: {"red": 5, "blue": 5}})
    rt.move_tokens(move(EXACT), [A, B], C, 5, ["blue", "red"])
    assert rt.zones() == {"a": {}, "b": {"red": 5, "blue": 3}, "c": {"red": 1, "blue": 4}}
    assert rt.moves() == [("a", "c", {"blue": 2, "red": 1}), ("b", "c", {"blue": 2})]


def test_move_n_of_exactly_what_there_is_and_of_one_kind_in_one_zone():
    rt = Runtime({A: {"red": 2}, B: {"red": 1, "gem": 7}})
    rt.move_tokens(move(EXACT), [A, B], C, 3, ["red"])
    assert rt.zones()["c"] == {"red": 3} and rt.moves() == [("a", "c", {"red": 2}), ("b", "c", {"red": 1})]
    rt.move_tokens(move(EXACT), [B], C, 0, ["gem"])
    assert len(rt.moves()) == 2


def test_an_exact_move_of_more_than_there_is_is_refused_before_anything_moves():
    rt = Runtime({A: {"red": 2, "blue": 1}, B: {"red": 2}})
    node = move(EXACT)
    with pytest.raises(Refused) as err:
        rt.move_tokens(node, [A, B], C, 6, ["red", "blue"])
    assert err.value.node is node and err.value.message == "cannot move 6 red/blue from a, b: only 5 there"
    assert err.value.hint == "write `move up to N ...` to take what is there"
    assert rt.zones()["c"] == {} and rt.log.records == []


def test_move_up_to_takes_what_there_is():
    rt = Runtime({A: {"red": 2, "blue": 1}, B: {"red": 2}})
    rt.move_tokens(move(UP_TO), [A, B], C, 9, ["red", "blue"])
    assert rt.zones() == {"a": {}, "b": {}, "c": {"red": 4, "blue": 1}}


@pytest.mark.parametrize("mode", [EXACT, UP_TO])
def test_a_negative_move_is_refused_at_its_quantity(mode):
    rt = Runtime({A: {"red": 2}})
    with pytest.raises(Refused) as err:
        rt.move_tokens(move(mode), [A], B, -1, ["red"])
    assert err.value.node is mode and err.value.message == "cannot move a negative number of tokens (-1)"


# ---------------------------------------------------------------- bundles
def test_a_bundle_moves_from_the_first_source_holding_it_then_the_next():
    rt = Runtime({A: {"red": 1, "blue": 5}, B: {"red": 4, "gem": 1}})
    rt.move_bundle(move(EXACT), [A, B], C, {"red": 3, "blue": 2, "gem": 0}, up_to=False)
    assert rt.zones() == {"a": {"blue": 3}, "b": {"red": 2, "gem": 1}, "c": {"red": 3, "blue": 2}}
    assert rt.moves() == [("a", "c", {"red": 1, "blue": 2}), ("b", "c", {"red": 2})]


def test_an_exact_bundle_the_sources_do_not_hold_is_refused_before_anything_moves():
    rt = Runtime({A: {"red": 1, "blue": 5}, B: {"red": 1}})
    node = move(EXACT)
    with pytest.raises(Refused) as err:
        rt.move_bundle(node, [A, B], C, {"blue": 2, "red": 3, "gem": 1}, up_to=False)
    assert err.value.message == "cannot move {'red': 1, 'gem': 1}: the source does not hold them"
    assert err.value.hint == "write `move up to ...` to take what is there" and err.value.node is node
    assert rt.zones()["c"] == {} and rt.log.records == []


def test_a_bundle_up_to_takes_what_there_is():
    rt = Runtime({A: {"red": 1}, B: {"red": 1, "blue": 1}})
    rt.move_bundle(move(UP_TO), [A, B], C, {"red": 3, "blue": 2}, up_to=True)
    assert rt.zones() == {"a": {}, "b": {}, "c": {"red": 2, "blue": 1}}


# ---------------------------------------------------------------- draw
def test_a_draw_moves_what_the_chance_draws_and_says_so():
    contents = {"red": 5, "blue": 3}
    rt = Runtime({A: contents}, seed=4)
    assert rt.draw_tokens(move(EXACT), A, B, 3) == 3
    drawn = Chance(4).draw(dict(contents), ["red", "blue", "gem"], 3)
    assert rt.zones()["b"] == drawn and sum(rt.zones()["a"].values()) == 5
    assert rt.log.records[0] == {"t": "random", "what": "draw", "src": "a", "dst": "b", "result": drawn}
    assert rt.moves() == [("a", "b", drawn)]


def test_draw_all_up_to_and_too_many():
    rt = Runtime({A: {"red": 2, "blue": 1}})
    node = move(EXACT)
    with pytest.raises(Refused) as err:
        rt.draw_tokens(node, A, B, 4)
    assert err.value.message == "cannot draw 4 from a: it holds 3" and err.value.node is node
    assert err.value.hint == "write `draw up to N ...` to draw what is there"
    with pytest.raises(Refused) as err:
        rt.draw_tokens(node, A, B, -2)
    assert err.value.message == "cannot draw a negative number of tokens (-2)" and err.value.node is EXACT
    assert rt.draw_tokens(move(UP_TO), A, B, 2) == 2
    assert rt.draw_tokens(move(UP_TO), A, B, 5) == 1
    assert rt.draw_tokens(move(UP_TO), A, B, 5) == 0 and rt.draw_tokens(move(EXACT), A, B, None) == 0
    assert rt.zones()["b"] == {"red": 2, "blue": 1} and len(rt.log.records) == 4
    rt2 = Runtime({A: {"red": 2, "gem": 1}}, log=Log(active=False))
    assert rt2.draw_tokens(move(EXACT), A, C, None) == 3 and rt2.zones()["c"] == {"red": 2, "gem": 1}
    assert rt2.log.seq == 2  # (the draw's record and the move's, numbered though not kept)


# ---------------------------------------------------------------- found by the mutation run
def kept(rt):
    start = PhaseStart(rt.state.zones)
    start.saved = {}
    rt.keeping.append(start)
    return start.saved


@pytest.mark.parametrize("how", ["shift", "move_all", "move_tokens"])
def test_every_move_keeps_both_its_zones_first(how):
    rt = Runtime({A: {"red": 2}, B: {"blue": 1}})
    saved = kept(rt)
    {"shift": lambda: rt.shift(A, B, "red", 1), "move_all": lambda: rt.move_all([A], B, ["red"]),
     "move_tokens": lambda: rt.move_tokens(move(EXACT), [A], B, 1, ["red"])}[how]()
    assert saved == {A: {"red": 2}, B: {"blue": 1}}


@pytest.mark.parametrize("how", ["transfer", "shift"])
def test_taking_more_than_a_zone_holds_is_a_conservation_error_naming_it(how):
    rt = Runtime({A: {"red": 1}})
    with pytest.raises(ConservationError, match="negative token count: a would hold less than 0 red in main.only"):
        rt.transfer(A, B, {"red": 2}) if how == "transfer" else rt.shift(A, B, "red", 2)


def test_emptied_kinds_hold_zero_and_a_kind_new_to_the_destination_starts_at_zero():
    rt = Runtime({A: {"red": 2, "blue": 1}, B: {"red": 4}})
    rt.move_all([A], C, ["red", "blue"])
    rt.move_all([B], C, ["red"])
    assert rt.state.zones[A] == {"red": 0, "blue": 0} and rt.state.zones[B] == {"red": 0}
    assert rt.state.zones[C] == {"red": 6, "blue": 1}
    rt2 = Runtime({A: {"gem": 3}})
    rt2.move_all([A], B, ["gem"])
    assert rt2.state.zones[B] == {"gem": 3}


def test_move_n_of_three_kinds_from_one_zone():
    rt = Runtime({A: {"red": 1, "blue": 1, "gem": 5}})
    rt.move_tokens(move(EXACT), [A], B, 4, ["red", "blue", "gem"])
    assert rt.moves() == [("a", "b", {"red": 1, "blue": 1, "gem": 2})] and rt.zones()["a"] == {"gem": 3}


def test_a_move_of_one_kind_of_none_all_there_is_and_a_kind_the_zone_lacks():
    rt = Runtime({A: {"red": 3}})
    rt.move_tokens(move(EXACT), [A], B, 0, ["red"])
    rt.move_tokens(move(UP_TO), [A], B, 2, ["gem"])
    assert rt.log.records == []
    with pytest.raises(Refused, match="cannot move 1 gem from a: only 0 there"):
        rt.move_tokens(move(EXACT), [A], B, 1, ["gem"])
    rt.move_tokens(move(EXACT), [A], B, 3, ["red"])
    assert rt.state.zones[A] == {"red": 0} and rt.zones()["b"] == {"red": 3}


def test_an_exact_bundle_of_just_what_there_is_and_one_naming_a_zone_twice():
    rt = Runtime({A: {"red": 2}, B: {"blue": 1}})
    rt.move_bundle(move(EXACT), [A, B], C, {"red": 2, "blue": 1}, up_to=False)
    assert rt.zones()["c"] == {"red": 2, "blue": 1}
    rt = Runtime({A: {"red": 2}})
    with pytest.raises(Refused) as err:
        rt.move_bundle(move(EXACT), [A], C, {"red": 2, "gem": 1}, up_to=False)
    assert err.value.message == "cannot move {'gem': 1}: the source does not hold them"
    node = move(EXACT)  # (a zone named twice would be counted twice: refused, R010)
    with pytest.raises(Refused) as err:
        rt.move_bundle(node, [A, A], C, {"red": 3}, up_to=False)
    assert err.value.node is node and err.value.message.startswith("this move names the zone")
    assert rt.zones()["a"] == {"red": 2}  # (nothing moved)


def test_a_scripted_draw_that_does_not_fit_is_the_draws_error():
    rt = Runtime({A: {"red": 2}})

    class Scripted:
        def draw(self, contents, kinds, n):
            raise ScriptError("scripted draw is not in the bag")

    rt.chance = Scripted()
    node = move(EXACT)
    with pytest.raises(Refused) as err:
        rt.draw_tokens(node, A, B, 1)
    assert (err.value.node, err.value.message) == (node, "scripted draw is not in the bag")


def test_an_unkept_draw_is_numbered_after_the_records_before_it():
    rt = Runtime({A: {"red": 2}}, log=Log(active=False))
    rt.log.seq = 5
    rt.draw_tokens(move(EXACT), A, B, 1)
    assert rt.log.seq == 7
