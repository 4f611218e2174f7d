"""Refs to seats, zones and piles are canonical: the engine hashes them by identity and tests
moves with `is`, so every way of making one must give back the one object."""

import copy
import pickle

import pytest

from ratdsl.semantics.values import PileRef, PlayerRef, ZoneRef


@pytest.mark.parametrize("make", [lambda: PlayerRef(2), lambda: ZoneRef(1, "hand"), lambda: ZoneRef(None, "bag"),
                                  lambda: PileRef(0, "deck"), lambda: PileRef(None, "deck")])
def test_making_a_ref_twice_pickling_or_copying_it_gives_the_same_object(make):
    ref = make()
    assert make() is ref
    assert copy.copy(ref) is ref and copy.deepcopy(ref) is ref
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(ref, protocol)) is ref
    assert hash(ref) == hash(make()) and {ref: 1}[make()] == 1


def test_refs_of_different_things_differ_and_keep_their_fields():
    assert ZoneRef(0, "deck") != PileRef(0, "deck")
    assert ZoneRef(0, "hand") != ZoneRef(1, "hand") and ZoneRef(0, "hand") != ZoneRef(None, "hand")
    assert (ZoneRef(1, "hand").owner, ZoneRef(1, "hand").name) == (1, "hand")
    assert PlayerRef(3).seat == 3 and str(PlayerRef(3)) == "P4" and str(ZoneRef(0, "hand")) == "P1.hand"
    assert len({ZoneRef(s, n) for s in range(3) for n in ("a", "b")}) == 6
