"""Runtime limits and exact semantics (issue 16): every limit is one meaning used by both
engines, so the tree-walker stops with its code at its place and the flat target stops the same
games (`both`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ratdsl.engine.chance import Chance
from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.engine.log import GameLog, dumps
from ratdsl.semantics.builtins import BUILTINS
from ratdsl.semantics.values import ZoneRef
from ratdsl.session import RulesInvalid, load_rules, new_game

HEADER = '''game tiny "Tiny" {
  players 2..2
}
tokens red, blue
zone bank
zone reserve
per player zone purse
deck things "Things" {
}
card thing in things "Thing" {
}
pile box
pile box2
setup {
  step lay_out {
    create {red: 5} in bank
SETUP
  }
}
round main
'''

pytestmark = pytest.mark.usefixtures("private_cache")  # (the flat target keeps its modules in the cache)


def game_folder(tmp_path: Path, step: str, setup: str = "", extra: str = "") -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir(exist_ok=True)
    text = HEADER.replace("SETUP", setup) + extra + 'phase main "Main" {\n  step only {\n' + step \
        + "\n    end game\n  }\n}\n"
    (folder / "game.rat").write_text(text)
    return folder


def play(folder: Path, budget: int = 5_000_000, logged: bool = True, players: int = 2, seed: int = 0):
    """(error code, line, column, message) or None, and the log's lines, on the tree-walker."""
    log = GameLog(keep=logged)
    game = new_game(load_rules(folder), players, seed, log=log, step_budget=budget)
    try:
        game.play()
        error = None
    except RuleRuntimeError as err:
        error = (err.code, err.line, err.column, err.message)
    return error, [dumps(r) for r in log.records]


def flat_outcome(folder: Path, budget: int = 5_000_000):
    """What the flat target itself does with these rules (ratdsl/engine/flat), played by the flat
    module with no fallback: ("ended", its GameResult) or ("stopped", what the flat code raised).
    (play_flat would play a stopped game again on the reference engine, so its error would be the
    reference engine's own.)"""
    from ratdsl.agents.random_agent import random_agents
    from ratdsl.engine.flat.game import FlatModule, Stopped, flat_module, play_module

    m = flat_module(load_rules(folder), 2)
    if not isinstance(m, FlatModule):
        return "unsupported", m
    try:
        return "ended", play_module(m, 0, random_agents(0, 2), budget)
    except Stopped as stop:
        return "stopped", stop.__context__  # (raised `from None`: the flat code's own exception)


def reference_result(folder: Path, budget: int = 5_000_000):
    """The reference engine's GameResult for the game flat_outcome plays (same seed and agents)."""
    from ratdsl.agents.random_agent import random_agents
    from ratdsl.engine.game import Game

    return Game(load_rules(folder), 2, 0, agents=random_agents(0, 2), step_budget=budget).play()


def flat_fallback(folder: Path, budget: int = 5_000_000):
    """play_flat's error (None when the game ends) and whether the flat target played it."""
    from ratdsl.agents.random_agent import random_agents
    from ratdsl.engine.flat.game import play_flat

    try:
        return None, play_flat(load_rules(folder), 2, 0, lambda: random_agents(0, 2), budget)[1]
    except RuleRuntimeError as err:
        return (err.code, err.line, err.column, err.message), False


def both(tmp_path: Path, step: str, setup: str = "", extra: str = "", budget: int = 5_000_000,
         flat: bool | None = True):
    """The reference engine's outcome (error, after its log is kept); the flat target
    must end the same games with the same result and stop the others on its own (an `Abort`, or
    the operator's error with the same code), never finishing a game the engines stop.
    `flat=False`: rules the flat target does not take (it must say so); `flat=None`: either."""
    from ratdsl.engine.flat.support import Abort
    from ratdsl.semantics.operators import OperatorError

    folder = game_folder(tmp_path, step, setup, extra)
    reference = play(folder, budget=budget)
    # (the flat target keeps no log: what a game with no log gives, which may stop elsewhere)
    unlogged = play(folder, budget=budget, logged=False)[0]
    kind, what = flat_outcome(folder, budget)
    if flat:
        assert kind != "unsupported", what
    if kind == "unsupported" or flat is False:  # (outside its reach: it says so; play_flat falls back)
        assert kind == "unsupported", f"the flat target now plays these rules: check it ({kind})"
        assert flat_fallback(folder, budget) == (unlogged, False)
    elif unlogged is None:
        assert kind == "ended" and what == reference_result(folder, budget)
    else:
        assert kind == "stopped", f"the flat target finished a game the engines stop with {unlogged}"
        assert isinstance(what, (Abort, OperatorError)), f"the flat code did not stop itself: {what!r}"
        assert not isinstance(what, OperatorError) or what.code == unlogged[0]
    return reference[0]


# ---------------------------------------------------------------- 1. numbers
def test_squaring_a_number_stops_at_the_limit_with_a_position(tmp_path):
    error = both(tmp_path, "    set x = 3\n    repeat 40 times {\n      set x = x * x\n    }",
                 extra="var x = 0\n")
    assert error[:3] == ("R006", 26, 15) and "10^18" in error[3]


@pytest.mark.parametrize("expr", ["x + x", "x - (0 - x)", "x * 2"])
def test_doubling_a_local_stops_at_the_limit(tmp_path, expr):
    error = both(tmp_path, f"    let x = 1\n    repeat 100 times {{\n      set x = {expr}\n    }}")
    assert error[:2] == ("R006", 25)


def test_a_sum_past_the_limit_is_refused(tmp_path):
    error = both(tmp_path, "    let n = 999999999999999999\n    say \"s\" with sum([n, n])")
    assert error[0] == "R006" and error[1] == 24


def test_numbers_below_the_limit_are_untouched(tmp_path):
    assert both(tmp_path, "    let n = 999999999999999998 + 1\n    say \"n\" with n, 0 - n, n * 1") is None


def test_a_constant_product_past_the_limit_is_a_checker_finding(tmp_path):
    with pytest.raises(RulesInvalid, match="E225 `\\*`: the number is too big"):
        load_rules(game_folder(tmp_path, '    say "n" with 1000000000 * 1000000000'))


# ---------------------------------------------------------------- 2. collections and tokens
def test_doubling_a_list_stops_at_the_limit(tmp_path):
    error = both(tmp_path, "    let xs = [1, 2, 3]\n    repeat 100 times {\n      set xs = xs + xs\n    }")
    assert error[:2] == ("R007", 25) and "at most 100000" in error[3]


def test_pieces_of_a_huge_bundle_is_refused_before_the_list_is_made(tmp_path):
    error = both(tmp_path, '    say "n" with size(pieces({red: 10000000000000}))', flat=False)
    assert error[:3] == ("R007", 23, 23)


def test_a_game_creates_a_bounded_number_of_tokens(tmp_path):
    error = both(tmp_path, "", setup="    create {red: 10000000000000} in reserve")
    assert error[:3] == ("R008", 17, 5)


def test_a_draw_from_many_tokens_costs_the_draw_not_the_zone(tmp_path):
    """A row of the zone's 999,990 tokens would take 8 MB: the game takes far less memory than
    that at its peak (measured, not timed: bench_limits.py times it)."""
    import tracemalloc

    setup = "    create {red: 999000, blue: 990} in reserve"
    assert both(tmp_path, "    draw 3 from reserve to bank", setup=setup) is None
    game = new_game(load_rules(game_folder(tmp_path, "    draw 3 from reserve to bank", setup)), 2, 0,
                    log=GameLog(keep=True))
    tracemalloc.start()
    try:
        game.play()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert sum(game.state.zones[ZoneRef(None, "bank")].values()) == 5 + 3
    assert peak < 1_000_000


def test_draws_pick_what_sampling_the_row_of_tokens_picks():
    """Draws pick positions in the row of tokens without making it: the same picks as before."""
    rng = random.Random(5)
    for case in range(300):
        most = 40 if case % 10 else 8_000  # small zones, and big ones (a draw never makes the row of tokens)
        contents = {k: rng.randint(0, most) for k in "abcd"}
        size = sum(contents.values())
        if not size:
            continue
        n, seed = rng.randint(1, min(size, 500)), rng.randint(0, 10**6)
        population = [k for k in "abcd" for _ in range(contents[k])]
        expected: dict[str, int] = {}
        for k in random.Random(seed).sample(population, n):
            expected[k] = expected.get(k, 0) + 1
        assert Chance(seed).draw(contents, "abcd", n) == expected


def test_share_in_turn_is_worked_out_not_played_out():
    class Context:
        def number(self, value, node):
            return value

        def iterable(self, value, node):
            return value

    def one_at_a_time(total, claims):
        wanted, got, left = [max(0, c) for c in claims], [0] * len(claims), total
        while left > 0 and any(g < w for g, w in zip(got, wanted)):
            for i, w in enumerate(wanted):
                if left and got[i] < w:
                    got[i], left = got[i] + 1, left - 1
        return got

    share = BUILTINS["share_in_turn"].evaluate
    rng = random.Random(1)
    for _ in range(3000):
        claims = [rng.randint(-2, 12) for _ in range(rng.randint(0, 5))]
        total = rng.randint(-2, 50)
        assert share(Context(), None, total, claims) == one_at_a_time(total, claims)
    # (played out one at a time, these would run for ages: pytest-timeout stops such a run)
    assert share(Context(), None, 10**18 - 1, [5, 10**17, 3]) == [5, 10**17, 3]
    assert share(Context(), None, 10**17, [10**17, 10**17]) == [5 * 10**16, 5 * 10**16]


def test_a_huge_nested_comprehension_runs_out_of_steps(tmp_path):
    error = both(tmp_path, '    say "n" with size([[x for x in 1..100000] for y in 1..100000])', budget=1_000_000)
    assert error[:3] == ("R002", 23, 24)


# ---------------------------------------------------------------- 3. create
def test_creating_many_cards_one_at_a_time_is_linear_enough(tmp_path):
    """100,000 creates, each on top of the pile in place (bench_limits.py times it: quadratic, it
    took over 30 s)."""
    folder = game_folder(tmp_path, '    say "n" with size(box)',
                         setup="    repeat 100000 times {\n      create thing in box\n    }")
    error, log = play(folder)
    assert error is None and any('"args":[100000]' in line for line in log)
    assert sum('"t":"create"' in line and '"cards":["thing"]' in line for line in log) == 100000


# A hundred cards a `create` (one at a time, filling a pile is quadratic: the test above times that)
HUNDRED = "[" + ", ".join(["thing"] * 100) + "]"


def test_a_pile_holds_a_bounded_number_of_cards(tmp_path):
    error = both(tmp_path, "", setup=f"    repeat 1001 times {{\n      create {HUNDRED} in box\n    }}")
    assert error[:3] == ("R007", 18, 7) and "a pile holds at most 100000" in error[3]


# ---------------------------------------------------------------- 4, 5. depth
def test_chained_card_handlers_stop_at_the_depth_limit(tmp_path):
    cards = "\n".join(f'card c{i} in things "C{i}" {{\n  on reveal {{\n    reveal 1 from box to box2\n  }}\n}}'
                      for i in range(300))
    names = ", ".join(f"c{i}" for i in range(300))
    error = both(tmp_path, "    reveal 1 from box to box2", setup=f"    create [{names}] in box", extra=cards + "\n",
                 flat=False)  # (more handlers than calls may nest in the flat code)
    assert error[0] == "R001" and "more than 150 deep" in error[3]


@pytest.mark.parametrize("extra", [
    "func down(n) = if n == 0 then 0 else 1 + (1 + (1 + (1 + max(0, [down(n - 1)][0]))))\n",
    "func down(n) = if n == 0 then 0 else sum([x + 1 for x in [down(n - 1)] where true])\n",
    "func down(n) = if n == 0 then 0 else (if true and (true and (true and true)) then down(n - 1) else 0)\n",
])
def test_deep_recursion_is_r001_at_the_same_call_in_both_engines(tmp_path, extra):
    error = both(tmp_path, '    say "d" with down(1000)', extra=extra, flat=None)  # (a recursive func)
    assert error[0] == "R001" and "more than 150 deep" in error[3] and error[1] == 21


def test_a_recursive_rule_inside_nested_blocks_is_r001_in_both_engines(tmp_path):
    rule = ("rule down(n) {\n  if n > 0 {\n    if true {\n      if true {\n        do down(n - 1)\n"
            "      }\n    }\n  }\n}\n")
    error = both(tmp_path, "    do down(1000)", extra=rule)
    assert error[:2] == ("R001", 25) and "more than 150 deep" in error[3]


# ---------------------------------------------------------------- 6. distribute limits
def test_at_least_in_a_zone_that_is_not_a_target_stops_before_any_agent_is_asked(tmp_path):
    step = ("    let z = reserve\n    ask active placement: distribute red from bank among [purse]\n"
            "      at least 1 in [z]")
    error = both(tmp_path, step, flat=False)  # (a limit on a zone named by a local)
    assert error[:3] == ("R001", 25, 21) and "cannot be met" in error[3]


def test_at_most_in_a_zone_that_is_not_a_target_is_left_out(tmp_path):
    step = "    ask active placement: distribute red from bank among [purse]\n      at most 1 in [reserve]"
    assert both(tmp_path, step, flat=False) is None


def test_at_least_in_a_known_zone_that_is_not_a_target_is_a_checker_finding(tmp_path):
    step = "    ask active placement: distribute red from bank among [purse]\n      at least 1 in [reserve]"
    with pytest.raises(RulesInvalid, match="E234"):
        load_rules(game_folder(tmp_path, step))


# ---------------------------------------------------------------- 7. sample
def test_sampling_a_negative_number_is_a_positioned_error(tmp_path):
    error = both(tmp_path, '    let n = 0 - 1\n    say "n" with sample(n, [1, 2])')
    assert error[:3] == ("R001", 24, 18) and "cannot pick -1" in error[3]


def test_sampling_a_negative_constant_is_a_checker_finding(tmp_path):
    with pytest.raises(RulesInvalid, match="E233"):
        load_rules(game_folder(tmp_path, '    say "n" with sample(-1, [1, 2])'))


# ---------------------------------------------------------------- 8. exact moves
@pytest.mark.parametrize("move", ["move 9 red from bank to reserve", "move 9 from bank to reserve",
                                  "let n = 9\n    move n red from bank to reserve",
                                  "move 9 red from [bank, reserve] to active.purse"])
def test_an_exact_move_of_more_than_there_is_fails(tmp_path, move):
    error = both(tmp_path, "    " + move)
    assert error[0] == "R001" and "only 5 there" in error[3]


def test_move_up_to_takes_what_there_is(tmp_path):
    assert both(tmp_path, '    move up to 9 red from bank to reserve\n    say "r" with reserve.red') is None


def test_an_exact_bundle_move_checks_before_anything_moves(tmp_path):
    folder = game_folder(tmp_path, "    move {red: 9} from bank to reserve")
    error, log = play(folder)
    assert error[0] == "R001" and not any('"t":"move"' in line for line in log)


# ---------------------------------------------------------------- 9. negative create
def test_a_negative_create_is_refused_at_the_create(tmp_path):
    error = both(tmp_path, "", setup="    let k = 0 - 1\n    create {red: 5} * k in bank")
    assert error[:3] == ("R001", 18, 23) and "cannot be scaled by -1" in error[3]


def test_a_negative_constant_create_is_a_checker_finding(tmp_path):
    with pytest.raises(RulesInvalid, match="E225"):
        load_rules(game_folder(tmp_path, "", setup="    create {red: 5} * -1 in bank"))


def test_placing_cards_on_a_full_pile_is_refused(tmp_path):
    setup = f"    repeat 600 times {{\n      create {HUNDRED} in box\n      create {HUNDRED} in box2\n    }}"
    error = both(tmp_path, "    place box on top of box2", setup=setup)
    assert error[:3] == ("R007", 26, 5) and "a pile holds at most 100000" in error[3]


# ---------------------------------------------------------------- values nested thousands deep
@pytest.mark.parametrize("step", [
    "    repeat 30000 times {\n      set xs = [xs]\n    }",  # logged (the set record) too deep
    "    repeat 30000 times {\n      let ys = [xs]\n      set xs = ys\n    }\n    if xs == xs {\n      end game\n    }",
])
def test_values_nested_thousands_deep_stop_with_r001_at_the_step(tmp_path, step):
    """Nothing bounds how deeply lists nest, but comparing or recording one nested thousands deep
    exhausts Python's stack: the engine stops with R001 at the step, never a RecursionError."""
    error = both(tmp_path, step, extra="var xs = []\n", flat=False)  # (a variable of nested lists)
    assert error is not None and error[0] == "R001" and "nest too deeply" in error[3]


def test_the_narrator_shows_a_huge_value_short(tmp_path):
    import subprocess
    import sys

    folder = game_folder(tmp_path, "    repeat 90 times {\n      set xs = [xs, 1]\n    }",
                         extra="var xs = []\n")
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "run", str(folder), "-p", "2"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert max(len(line) for line in result.stdout.splitlines()) < 200
    said = [line for line in result.stdout.splitlines() if line.strip().startswith("xs is now")]
    assert len(said) == 90 and said[-1].endswith("…"), said[-3:]


def test_a_limit_naming_something_else_than_zones_is_r001_in_both_engines(tmp_path):
    """`at most 5 in [1..3]` (found by the fuzzer): the checker finds it (E282); loaded unchecked,
    as the engines' last defence takes rules, a positioned error, not a TypeError when the answer
    is checked."""
    from ratdsl.checker.run import check_path

    step = ("    for each p in players {\n      ask p spread: distribute red from bank among [p.purse]\n"
            "        at most 5 in [1..3]\n    }")
    folder = game_folder(tmp_path, step)
    assert [(d.code, d.line) for d in check_path(folder)] == [("E282", 25)]
    game = new_game(load_rules(folder, check=False), 2, 0)
    with pytest.raises(RuleRuntimeError) as err:
        game.play()
    assert err.value.code == "R001" and "not a list" in err.value.message
