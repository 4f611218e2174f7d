"""The flat target's generated module kept on disk (engine/flat/cache.py): a module rebuilt from
the cache plays the same games as a freshly generated one; an entry is executed only from this
user's own cache (the checks of language/cache.py); a bad entry is passed over; and `simulate`
plays on the flat target from its first game when the cache is usable."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine.flat import cache
from ratdsl.engine.flat.game import play_module
from ratdsl.engine.flat.generator import FlatModule
from ratdsl.session import load_rules
from ratdsl.simulation.runner import GamePlayer, SimulationSpec

from .conftest import plant

RULES = Path(__file__).resolve().parent.parent / "rules" / "ratland"


def agents(seed: int, players: int) -> list:
    return [RandomAgent(agent_seed(seed, s)) for s in range(players)]


def outcome(m, seed: int) -> tuple:
    result = play_module(m, seed, agents(seed, m.players), metrics=True)
    return result.scores, result.winners, result.rounds, result.state, result.fired, m.metric_counts()


@pytest.fixture
def folder(private_cache) -> Path:
    return private_cache  # (tests/conftest.py)


def not_generated(monkeypatch) -> None:
    def refuse(self, d, players):
        raise AssertionError("generated, not taken from the cache")

    monkeypatch.setattr(FlatModule, "__init__", refuse)


@pytest.mark.parametrize("modules,players", [((), 4), (("clans", "aggressive"), 3), (("clans",), 6)])
def test_a_module_from_the_cache_plays_the_games_of_a_generated_one(folder, monkeypatch, modules, players):
    d = load_rules(RULES, modules=modules)
    made = cache.load_or_make(d, players)
    # (no entry: the generator's namespace holds something cache.py cannot keep or make again,
    # such as a new closure of support.py: name its factory in cache._made_by_support)
    assert [p.name for p in folder.glob("flat-*.pickle")] == [cache.entry_name(d, players)]
    not_generated(monkeypatch)
    kept = cache.load_or_make(d, players)
    assert kept is not made and kept.ns is not made.ns
    for seed in range(12):
        assert outcome(kept, seed) == outcome(made, seed), seed
    assert any(outcome(kept, 3)[5].values())  # (the metrics counted something)


def test_the_key_follows_the_rules_the_options_and_the_table_size():
    base = load_rules(RULES)
    names = {cache.entry_name(base, 4), cache.entry_name(base, 5), cache.entry_name(load_rules(RULES), 4),
             cache.entry_name(load_rules(RULES, modules=("clans",)), 4)}
    assert len(names) == 3  # the same rules loaded twice share their entry
    option = next(iter(base.options.values()))
    other = next(v for v in option.values if v != option.default)
    assert cache.entry_name(load_rules(RULES, options={option.name: other}), 4) not in names


def test_the_key_of_rules_just_parsed_is_the_key_of_the_same_rules_read_from_the_parse_cache(folder):
    """Equal declarations may share equal strings or not, as parsing or unpickling made them: the
    key must not follow which (else a second run generates the module again)."""
    fresh = load_rules(RULES).ruleset.decls  # (parsed: the private cache folder is empty)
    shared = ("a " + "name", "a " + "name")  # (two equal strings, two objects)
    assert cache.canonical_pickle((fresh, shared)) == cache.canonical_pickle(
        pickle.loads(pickle.dumps((fresh, (shared[0], shared[0])))))


def test_rules_as_loaded_are_keyed_by_what_the_loader_read_not_by_a_pickle_of_their_declarations(monkeypatch):
    """A key of the declarations' pickle cost some 10 ms of a one-game `simulate` (issue 13)."""
    d = load_rules(RULES, modules=("clans",))
    pickled = []
    real = cache.canonical_pickle
    monkeypatch.setattr(cache, "canonical_pickle", lambda value: pickled.append(value) or real(value))
    assert cache.entry_name(d, 4) is not None
    assert pickled == [sorted(d.option_values.items())]  # the options alone


def test_the_key_of_rules_as_loaded_follows_each_file_read_and_any_change_after_the_load(tmp_path):
    import dataclasses
    import shutil

    game = tmp_path / "ratland"
    shutil.copytree(RULES, game, ignore=shutil.ignore_patterns("variants", "scenarios", "locales"))
    first = load_rules(game)
    key = cache.entry_name(first, 4)
    with (game / "food.rat").open("a") as f:
        f.write("\n# a comment: the same declarations, another text\n")
    assert cache.entry_name(load_rules(game), 4) != key
    shutil.copytree(game, tmp_path / "elsewhere")  # the same texts at other paths (the spans differ)
    assert cache.entry_name(load_rules(tmp_path / "elsewhere"), 4) not in {key, cache.entry_name(load_rules(game), 4)}
    # declarations changed after the load: keyed by their pickle, as rules the loader did not make
    changed = load_rules(game)
    decls = changed.ruleset.decls
    decls[0] = dataclasses.replace(decls[0])  # (equal, but not what the loader made)
    assert changed.ruleset.digest() is None
    assert cache.entry_name(changed, 4) not in {key, cache.entry_name(load_rules(game), 4)}
    del decls[-1]
    assert cache.entry_name(changed, 4) not in {key, cache.entry_name(load_rules(game), 4)}


class _Planted:
    """Unpickling it creates the marker file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


unix = pytest.mark.skipif(not hasattr(os, "getuid"), reason="no user ids on this platform")


@unix
@pytest.mark.parametrize("how", ["writable by others", "a link", "trusted"])
def test_an_entry_is_run_only_from_a_file_this_user_alone_could_write(folder, tmp_path, how):
    d = load_rules(RULES)
    path = folder / cache.entry_name(d, 4)
    marker = tmp_path / "marker"
    plant(path, pickle.dumps(_Planted(marker)), how, tmp_path)
    module = cache.load_or_make(d, 4)
    assert isinstance(module, FlatModule)
    # the planted entry ran only where this user alone could have written it (the check of the test)
    assert marker.exists() == (how == "trusted")


@unix
def test_a_cache_folder_others_can_write_is_not_used(tmp_path, monkeypatch):
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o777)
    os.chmod(folder, 0o777)
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(folder))
    d = load_rules(RULES)
    cache.load_or_make(d, 4)
    assert not list(folder.iterdir())
    assert not cache.from_the_first_game(d, 4)


@pytest.mark.parametrize("entry", [b"not a pickle", pickle.dumps({"format": cache.FORMAT}), pickle.dumps([1, 2])])
def test_a_bad_entry_is_passed_over_and_the_module_generated_again(folder, entry):
    d = load_rules(RULES)
    path = folder / cache.entry_name(d, 4)
    path.write_bytes(entry)
    os.chmod(path, 0o600)
    module = cache.load_or_make(d, 4)
    assert isinstance(module, FlatModule) and module.source  # generated
    assert path.read_bytes() != entry  # and kept in its place


def test_simulate_plays_on_the_flat_target_from_the_first_game_when_the_cache_is_usable(folder, monkeypatch):
    spec = SimulationSpec(rules=str(RULES), players=4)
    player = GamePlayer(spec)
    used = []
    real = GamePlayer._play_flat
    monkeypatch.setattr(GamePlayer, "_play_flat", lambda self, seed: used.append(seed) or real(self, seed))
    stats = [player.play(i, 3) for i in range(4)]
    assert len(used) == 4 and list(folder.glob("flat-*.pickle"))
    monkeypatch.setattr(GamePlayer, "_play_flat", lambda self, seed: (None, None))
    assert stats == [GamePlayer(spec).play(i, 3) for i in range(4)]


def test_without_a_cache_simulate_waits_before_generating(monkeypatch):
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")
    player = GamePlayer(SimulationSpec(rules=str(RULES), players=4))
    assert not player._flat_first()


def test_rules_the_target_has_no_form_for_are_not_generated_again(folder, monkeypatch):
    from ratdsl.engine.flat.compiler import Unsupported

    d = load_rules(Path(__file__).resolve().parent / "games" / "no_flat_form")
    with pytest.raises(Unsupported) as first:
        cache.load_or_make(d, 3)
    not_generated(monkeypatch)
    with pytest.raises(Unsupported) as again:
        cache.load_or_make(d, 3)
    assert str(again.value) == str(first.value) and again.value.why == first.value.why


def test_a_process_keeps_the_modules_of_a_bounded_number_of_rule_sets(monkeypatch):
    """A module holds its rules, so a table keyed weakly by them never let one go: a process that
    loads rule set after rule set (the language server, a fuzz worker) grew without end. Only the
    MODULES_KEPT rule sets used last keep theirs; the others' rules and modules are freed."""
    import gc
    import weakref

    from ratdsl.engine.flat import game

    monkeypatch.setattr(game, "MODULES_KEPT", 2)
    monkeypatch.setattr(game, "_MODULES", type(game._MODULES)())
    alive = []
    for pile, order in ((115, "shuffled"), (116, "shuffled"), (115, "sorted"), (116, "sorted")):
        d = load_rules(RULES, options={"rat_pile": pile, "food_order": order})
        assert isinstance(game.flat_module(d, 2), FlatModule)
        alive.append(weakref.ref(d))
        del d
    gc.collect()
    assert [ref() is not None for ref in alive] == [False, False, True, True]
    assert len(game._MODULES) == 2
