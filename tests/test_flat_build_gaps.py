"""Every rule file under rules/ either builds a flat module or fails the build with an
`Unsupported` that says where: a file of that rule set, a line and a column (issue 32: a construct
the compiler cannot compile fails the build with the construct's position). The games that build
today keep building."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine.flat.game import FlatModule, flat_module, play_module
from ratdsl.engine.flat.tags import Unsupported
from ratdsl.session import load_rules

RULES = Path(__file__).resolve().parent.parent / "rules"
FOLDERS = sorted(p for p in RULES.iterdir() if (p / "game.rat").is_file())
TARGETS = [*FOLDERS, *sorted(f for g in FOLDERS for f in (g / "variants").glob("*.rat"))]


def smallest_table(d) -> int:
    return d.game.min_players


@pytest.mark.parametrize("target", TARGETS, ids=lambda p: str(p.relative_to(RULES)))
def test_a_flat_build_either_plays_or_says_where_it_stops(target):
    d = load_rules(target)
    module = flat_module(d, smallest_table(d))
    if isinstance(module, FlatModule):
        return
    assert isinstance(module, Unsupported), module
    assert module.node is not None, module
    span = module.node.span
    folder = target if target.is_dir() else target.parent.parent
    assert span.line >= 1 and span.column >= 1, module
    assert Path(span.file).resolve().is_relative_to(folder.resolve()), module
    assert str(module).startswith(f"{span.file}:{span.line}:{span.column}: "), module


def test_ratland_and_its_variants_build_at_every_table_size_they_allow():
    for target in [RULES / "ratland", *sorted((RULES / "ratland" / "variants").glob("*.rat"))]:
        d = load_rules(target)
        for players in (d.game.min_players, d.game.max_players):
            assert isinstance(flat_module(d, players), FlatModule), (target, players)


def test_a_gap_names_the_place_that_needs_it(tmp_path):
    """A table that looks itself up has no flat form: the build stops at the lookup, file, line
    and column, and `flat_module` returns that, never a module that would play something else."""
    (tmp_path / "game.rat").write_text(
        'game g "G" {\n  players 2..2\n  ends after 3 rounds\n}\n'
        'tokens coin\nzone bank\nvar total = 0\n'
        'table down(n) {\n  0 -> 0\n  1..99 -> down(n - 1) + 1\n}\n'
        'setup {\n  step s {\n    create {coin: 1} in bank\n  }\n}\n'
        'round main\nphase main "Main" {\n  step only {\n    set total = total + down(round)\n  }\n}\n', "utf-8")
    gap = flat_module(load_rules(tmp_path), 2)
    assert isinstance(gap, Unsupported), gap
    assert (gap.node.span.line, gap.node.span.column) == (10, 12), gap
    assert str(gap) == f"{tmp_path / 'game.rat'}:10:12: a table that looks itself up"


RECURSIVE_GAME = ('game g "G" {{\n  players 2..3\n  ends after 4 rounds\n}}\n'
                  'tokens coin\nzone bank\nper player zone purse\nvar total = 0\n{funcs}'
                  'setup {{\n  step s {{\n    create {{coin: 200}} in bank\n  }}\n}}\n'
                  'round main\nphase main "Main" {{\n  step only {{\n    set total = total + {value}\n'
                  '    for each p in players {{\n      ask p take: may {{\n'
                  '        move up to {value} coin from bank to p.purse\n      }}\n    }}\n  }}\n}}\n'
                  'scoring p {{\n  score = p.purse.coin + total\n}}\n')


@pytest.mark.parametrize("funcs, value", [
    ("func stack(n) = if n <= 0 then 0 else n + stack(n - 1)\n", "stack(round)"),
    # a call of itself in a branch of its own: the typed form takes it as any kind
    ("func down(n) = if n > 0 then down(n - 1) else 2\n", "down(round)"),
    # two funcs that call each other, one with a modifier that reads the state
    ("func even(n) = if n == 0 then 1 else 1 - odd(n - 1)\nfunc odd(n) = if n == 0 then 0 else 1 - even(n - 1)\n"
     "modify odd(n) if total > 5 = base + 1\n", "even(round) + odd(round + 1)"),
    # a call of itself with another word than its function is written for: the function for any
    # word, begun inside the one for "a" (which stopped a build with a KeyError)
    pytest.param('func f(n, w) = if n <= 0 then 0 else 1 + f(n - 1, "b")\n', 'f(round, "a")', id="other-word"),
    # the same, where a func finished inside the one for "a" calls it: written again, calling
    # the function for any word (not the one for "a", never written)
    pytest.param('func f(n, w) = if n <= 0 then 0 else g(n - 1) + f(n - 1, "b")\nfunc g(n) = f(n, "a") + 1\n',
                 'f(round, "a")', id="other-word-through-another"),
])
def test_a_func_that_calls_itself_builds_and_plays_the_reference_games(tmp_path, funcs, value):
    """A func that calls itself is a function of its own, which pays each call's step and counts
    its depth as it runs (funcs.py): the flat target plays the reference engine's games."""
    from ratdsl.agents.random_agent import random_agents
    from ratdsl.engine.game import Game

    (tmp_path / "game.rat").write_text(RECURSIVE_GAME.format(funcs=funcs, value=value), "utf-8")
    d = load_rules(tmp_path)
    for players in (2, 3):
        module = flat_module(d, players)
        assert isinstance(module, FlatModule), module
        assert "DP[0] += 1" in module.source
        for seed in range(4):
            flat = play_module(module, seed, random_agents(seed, players))
            ref = Game(d, players, seed, agents=random_agents(seed, players)).play()
            assert (flat.scores, flat.winners, flat.rounds) == (ref.scores, ref.winners, ref.rounds)
            assert flat.state["zones"] == ref.state["zones"]


def test_a_func_that_calls_itself_and_gives_another_kind_than_a_number_is_refused_at_its_body(tmp_path):
    """Where the typed form cannot tell the kind, the compiler takes it for a number, and a body
    that gives yes/no instead is refused at its position, never compiled on a wrong guess."""
    (tmp_path / "game.rat").write_text(RECURSIVE_GAME.format(
        funcs="func up(n) = if n > 0 then up(n - 1) else true\n", value="(if up(round) then 1 else 0)"), "utf-8")
    gap = flat_module(load_rules(tmp_path), 2)
    assert isinstance(gap, Unsupported), gap
    assert (gap.node.span.line, gap.node.span.column) == (9, 14), gap
    assert "a func that calls itself and gives" in str(gap)


@pytest.mark.parametrize("funcs, place", [
    pytest.param("func f(n, x) = if n <= 0 then 0 else f(n - 1, [x])\n", (9, 38), id="direct"),
    pytest.param("func f(n, x) = if n <= 0 then 0 else g(n - 1, [x])\nfunc g(n, y) = f(n, y) + 1\n", (10, 16),
                 id="through-another"),
])
def test_a_func_that_calls_itself_with_values_of_other_kinds_is_refused_at_that_call(tmp_path, funcs, place):
    """A call of itself (directly or through another func) with values of another kind would
    need a function of its own, begun inside the one being written, perhaps without end (a list
    of a list of...): refused at that call. Such a build used to stop with a KeyError."""
    (tmp_path / "game.rat").write_text(RECURSIVE_GAME.format(funcs=funcs, value="f(round, 1)"), "utf-8")
    gap = flat_module(load_rules(tmp_path), 2)
    assert isinstance(gap, Unsupported), gap
    assert (gap.node.span.line, gap.node.span.column) == place, gap
    assert str(gap).endswith("a func that calls itself with values of other kinds"), gap


def test_a_func_that_calls_itself_too_deep_stops_where_the_reference_stops(tmp_path):
    """Past the depth the reference allows, the flat code stops itself (the reference then
    reports R001 at its call); a runaway recursion never reaches Python's own limit."""
    from ratdsl.agents.random_agent import random_agents
    from ratdsl.engine.errors import RuleRuntimeError
    from ratdsl.engine.flat.game import Stopped
    from ratdsl.engine.game import Game

    (tmp_path / "game.rat").write_text(RECURSIVE_GAME.format(
        funcs="func deep(n) = if n <= 0 then 0 else 1 + deep(n - 1)\n", value="deep(round * 100)"), "utf-8")
    d = load_rules(tmp_path)
    module = flat_module(d, 2)
    assert isinstance(module, FlatModule), module
    with pytest.raises(Stopped):
        play_module(module, 1, random_agents(1, 2))
    with pytest.raises(RuleRuntimeError) as err:
        Game(d, 2, 1, agents=random_agents(1, 2)).play()
    assert err.value.code == "R001" and "more than 150 deep" in err.value.message


def test_a_game_header_s_endings_build(tmp_path):
    """Endings were the one declaration-level gap: a header with one builds (endings.py)."""
    (tmp_path / "game.rat").write_text(
        'game g "G" {\n  players 2..2\n  ends after 3 rounds\n  ends at end of round when secret > 1\n}\n'
        'tokens coin\nzone bank\nhidden var secret = 0\n'
        'setup {\n  step s {\n    create {coin: 1} in bank\n  }\n}\n'
        'round main\nphase main "Main" {\n  step only {\n    set secret = secret + 1\n  }\n}\n', "utf-8")
    module = flat_module(load_rules(tmp_path), 2)
    assert isinstance(module, FlatModule), module
    assert play_module(module, 1, [RandomAgent(agent_seed(1, s)) for s in range(2)]).rounds == 2
