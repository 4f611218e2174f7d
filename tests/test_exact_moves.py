"""An exact move is exact (issue 39): a move that names one zone or one token kind twice would
count the same tokens twice, so it is refused, E264 by the checker where the names are known
before the game, R010 where the move runs otherwise, in every engine (the tree-walker, and
the flat target, whose compiled helpers abort so that the reference reports it).
tests/games/moves_demo holds the scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.checker.run import check_path
from ratdsl.engine import Game
from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.engine.flat import support
from ratdsl.engine.flat.game import FlatModule, Stopped, flat_module, play_flat, play_module
from ratdsl.session import load_rules

from .engines_agree import scenario_log

DEMO = Path(__file__).resolve().parent / "games" / "moves_demo"

HEADER = '''game tiny "Tiny" {
  players 2..2
  ends after 1 rounds
}
tokens red, blue
zone stock
zone spare
per player zone hand
setup {
  step fill {
    create {red: 3, blue: 3} in stock
  }
}
round main
'''
FIRST = HEADER.count("\n") + 1  # the line of the first line after the header


def game_folder(tmp_path: Path, body: str, extra: str = "") -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(HEADER + extra + 'phase main "Main" {\n  step only {\n' + body + "\n  }\n}\n")
    return folder


def findings(folder: Path) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in check_path(folder) if d.code.startswith("E")]


# ---------------------------------------------------------------- the checker (E264)
def test_a_zone_named_twice_is_e264_at_the_second_name(tmp_path):
    folder = game_folder(tmp_path, "    move 5 red from [stock, stock] to active.hand")
    assert findings(folder) == [("E264", FIRST + 2, len("    move 5 red from [stock, ") + 1)]
    assert "zone twice" in check_path(folder)[0].message


def test_a_kind_named_twice_through_a_const_is_e264_at_the_kind(tmp_path):
    folder = game_folder(tmp_path, "    move 5 reds from stock to active.hand", extra="const reds = [red, red]\n")
    assert findings(folder) == [("E264", FIRST + 3, len("    move 5 ") + 1)]
    assert "token kind `red` twice" in check_path(folder)[0].message


def test_a_players_zone_named_twice_is_e264(tmp_path):
    body = "    for each p in players {\n      move all red from [p.hand, spare, p.hand] to stock\n    }"
    folder = game_folder(tmp_path, body)
    assert findings(folder) == [("E264", FIRST + 3, len("      move all red from [p.hand, spare, ") + 1)]


@pytest.mark.parametrize("body", [
    "    move 5 red from [stock, spare] to active.hand",
    "    move 5 [red, blue] from stock to active.hand",
    "    for each p in players {\n      move up to 1 red from [p.hand, active.hand] to stock\n    }",
    "    move all from [stock, spare] to active.hand",
])
def test_different_zones_and_kinds_are_no_finding(tmp_path, body):
    body = body.replace("[red, blue]", "colours")
    assert findings(game_folder(tmp_path, body, extra="const colours = [red, blue]\n")) == []


# ---------------------------------------------------------------- run time (R010), every engine
RUNTIME = {
    "zones, written out": "    let z = stock\n    move 5 red from [z, stock] to active.hand",
    "zones, a list worked out":
        "    let zs = [active.hand] + [stock, active.hand]\n    move up to 9 red from zs to spare",
    "kinds from a local": "    let ks = [red, blue, red]\n    move 5 ks from stock to active.hand",
    "kinds from a list worked out":
        "    let ks = [red] + [blue, red]\n    move 5 ks from [stock, spare] to active.hand",
    "all, written out": "    let z = stock\n    move all red from [stock, z] to spare",
    "all, a list worked out": "    let zs = [spare] + [stock, spare]\n    move all from zs to active.hand",
    "a bundle": "    let z = stock\n    move {red: 4} from [stock, z] to spare",
}


def _agents(seed: int = 0) -> list:
    return [RandomAgent(agent_seed(seed, s)) for s in range(2)]


@pytest.mark.parametrize("case", sorted(RUNTIME))
def test_a_zone_or_kind_named_twice_at_run_time_is_r010_in_every_engine(tmp_path, private_cache, case):
    d = load_rules(game_folder(tmp_path, RUNTIME[case]))
    move_line = FIRST + 3
    with pytest.raises(RuleRuntimeError) as err:
        Game(d, 2, 0, agents=_agents()).play()
    assert (err.value.code, err.value.line) == ("R010", move_line), (case, err.value.render())
    assert "twice" in err.value.message
    module = flat_module(d, 2)
    if case.startswith("kinds"):  # (kinds known only while playing have no flat form)
        assert "kinds known only during the game" in str(module)
    else:
        assert isinstance(module, FlatModule), module
        with pytest.raises(Stopped):
            play_module(module, 0, _agents())
    with pytest.raises(RuleRuntimeError) as err:  # (the reference plays it again, and reports it)
        play_flat(d, 2, 0, _agents)
    assert (err.value.code, err.value.line) == ("R010", move_line)


@pytest.mark.parametrize("pure", [False, True], ids=["compiled helpers", "python helpers"])
def test_the_flat_helpers_refuse_a_zone_or_kind_named_twice(pure):
    """Both twins of each helper (ratdsl/_kernels.c and support.py) abort, and move nothing."""
    helpers = support.kernels.PYTHON if pure else {
        name: getattr(support, name) for name in ("move_tokens", "move_all", "move_bundle")}
    Z = [3, 3, 0, 0, 0, 0]  # three zones of two kinds: red, blue
    calls = [
        ("move_tokens", (Z, [0, 0], 4, 5, [0], True, None)),
        ("move_tokens", (Z, [0], 4, 5, [0, 1, 0], True, None)),
        ("move_tokens", (Z, [0, 2, 0], 4, 1, [0], False, None)),
        ("move_all", (Z, [0, 2, 0], 4, [0], None)),
        ("move_all", (Z, [0], 4, [1, 1], None)),
        ("move_bundle", (Z, [0, 0], 4, {"red": 4}, {"red": 0, "blue": 1}, False, None)),
    ]
    for name, args in calls:
        with pytest.raises(support.Abort):
            helpers[name](*args)
        assert Z == [3, 3, 0, 0, 0, 0], name
    helpers["move_tokens"](Z, [0, 2], 4, 3, [0], True, None)  # the same zones, each once: moves
    assert Z == [0, 3, 0, 0, 3, 0]


def test_an_exact_count_the_sources_cannot_meet_fails_in_every_engine(tmp_path, private_cache):
    d = load_rules(game_folder(tmp_path, "    move 5 red from [stock, spare] to active.hand"))
    with pytest.raises(RuleRuntimeError) as err:
        Game(d, 2, 0, agents=_agents()).play()
    assert err.value.line == FIRST + 2 and "only 3 there" in err.value.message
    with pytest.raises(Stopped):
        play_module(flat_module(d, 2), 0, _agents())


def test_the_demo_scenarios_pass_alike_in_both_engines():
    scenarios = sorted((DEMO / "scenarios").glob("*.yaml"))
    assert len(scenarios) >= 8
    for path in scenarios:
        scenario_log(path)
