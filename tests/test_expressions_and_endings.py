"""Issue 14, the language part that needs no board, turn or information model: comprehensions
with several `for` clauses, `flatten` and `unique`, `let ... in` expressions, `assert` statements,
data invariants checked by `ratdsl check`, and a game's length stated in its header (`at most N
rounds`, `ends after N rounds`). Every runtime behaviour is played by both engines, whose logs
and errors must be the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.checker.run import check_path
from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.engine.invariants import MAX_SETTINGS, check_invariants, settings
from ratdsl.engine.log import GameLog, dumps
from ratdsl.language import ast as A
from ratdsl.language import parse_text
from ratdsl.language.errors import RuleSyntaxError
from ratdsl.language.formatter import format_text
from ratdsl.language.loader import load
from ratdsl.session import load_rules, new_game

from .test_limits_runtime import both

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.usefixtures("private_cache")  # (both() makes flat modules, kept in the cache)


def said(tmp_path: Path, expr: str, extra: str = "") -> list:
    """What `say "v" with EXPR` logs (the flat target, where it takes the rules, ends the game alike)."""
    from .test_limits_runtime import game_folder, play

    assert both(tmp_path, f'    say "v" with {expr}', extra=extra, flat=None) is None  # (some: no flat module)
    _, log = play(game_folder(tmp_path, f'    say "v" with {expr}', extra=extra))
    line = next(x for x in log if '"t":"say"' in x)
    import json

    return json.loads(line)["args"]


# ---------------------------------------------------------------- 1. comprehensions, flatten, unique
@pytest.mark.parametrize("expr, value", [
    ("[[a, b] for a in 1..3 for b in a..3 if a + b != 4]", [[1, 1], [1, 2], [2, 3], [3, 3]]),
    ("[a * b for a in [1, 2] if a > 1 for b in [a, 5]]", [4, 10]),  # an `if` on each clause
    ("[c for a in [[1, 2], [3]] for b in [a] for c in b]", [1, 2, 3]),  # later sources read earlier names
    ("[x for x in [] for y in 1..3]", []),
    ("flatten([[1, 2], [], [3]])", [1, 2, 3]),
    ("unique([1, true, 1, [1], [1], true, 2, [true]])", [1, True, [1], 2, [True]]),
    ("unique(flatten([[x, x + 1] for x in 1..3]))", [1, 2, 3, 4]),
])
def test_nested_comprehensions_and_list_builtins_agree_in_both_engines(tmp_path, expr, value):
    assert said(tmp_path, expr) == [value]


def test_a_huge_nested_comprehension_stops_at_the_list_limit_with_its_position(tmp_path):
    """10^5 x 10^5 items: R007 as soon as the list passes 100,000 items, not hours of work."""
    error = both(tmp_path, '    say "n" with size([x for x in 1..100000 for y in 1..100000])')
    assert error[:3] == ("R007", 23, 23) and "at most 100000" in error[3]


def test_each_clause_of_a_nested_comprehension_costs_its_items(tmp_path):
    error = both(tmp_path, '    say "n" with size([x for x in 1..300 for y in 1..300 if false])', budget=50_000)
    assert error[:3] == ("R002", 23, 51)  # the second clause's range (numbers cost steps too), in both engines


def test_flatten_refuses_a_list_past_the_limit(tmp_path):
    error = both(tmp_path, '    say "n" with size(flatten([1..100000, [1]]))')
    assert error[0] == "R007" and error[1:3] == (23, 23)


def test_flatten_needs_lists(tmp_path):
    """The checker finds it before a game (E280); loaded unchecked, as the engine's last defence
    takes rules, the game stops there."""
    from .test_limits_runtime import game_folder

    folder = game_folder(tmp_path, '    say "n" with flatten([1, 2])')
    assert [(d.code, d.line) for d in check_path(folder)] == [("E280", 23)]
    game = new_game(load_rules(folder, check=False), 2, 0)
    with pytest.raises(RuleRuntimeError) as err:
        game.play()
    assert err.value.code == "R001" and "expected a list" in err.value.message


def test_a_comprehension_has_at_most_four_clauses():
    text = "func f() = [a for a in 1..2 for b in 1..2 for c in 1..2 for d in 1..2 for e in 1..2]\n"
    with pytest.raises(RuleSyntaxError) as err:
        parse_text(text)
    assert err.value.code == "E012" and err.value.column == 71  # the fifth `for`
    assert isinstance(parse_text(text.replace(" for e in 1..2", "")).decls[0].value, A.NestedComprehension)


def test_one_clause_is_still_the_plain_comprehension():
    assert isinstance(parse_text("func f() = [a for a in 1..2 if a > 1]\n").decls[0].value, A.Comprehension)


# ---------------------------------------------------------------- 2. let ... in
@pytest.mark.parametrize("expr, value", [
    ("let k = 2 + 1 in [k * x for x in 1..k]", [3, 6, 9]),
    ("(let k = 2 in [k, k + 1]) where it > 2", [3]),
    ("let a = 1 in let b = a + 1 in a + b", 3),
    ("let n = 5 in let n = n * 2 in n", 10),  # an inner let hides an outer one
    ("[let z = x * x in z + 1 for x in 1..3]", [2, 5, 10]),
    ("let ok = (1 == 1) in if ok then 1 else 2", 1),
])
def test_let_in_agrees_in_both_engines(tmp_path, expr, value):
    assert said(tmp_path, expr) == [value]


def test_a_let_name_is_seen_in_its_body_only(tmp_path):
    folder = _game(tmp_path, step='    say "v" with (let z = 1 in z) + z')
    found = check_path(folder)
    assert [(d.code, d.line, d.column) for d in found] == [("E202", 14, 37)]


def test_the_value_of_let_is_a_sum_so_in_is_lets_own():
    with pytest.raises(RuleSyntaxError):
        parse_text("func f(a, b) = let ok = a == b in ok\n")
    value = parse_text("func f(a, b) = let xs = a + b in 3 in xs\n").decls[0].value
    assert isinstance(value, A.LetIn) and isinstance(value.body, A.InExpr)


# ---------------------------------------------------------------- 3. assert and invariants
def test_a_false_assert_stops_the_game_with_r009_at_the_assert(tmp_path):
    error = both(tmp_path, '    assert 1 + 1 == 2 "fine"\n    assert size(bank) > 5 "the bank holds more than 5"')
    assert error == ("R009", 24, 5, "assertion failed: the bank holds more than 5")


def test_an_assert_without_its_message_says_so():
    with pytest.raises(RuleSyntaxError) as err:
        parse_text("rule r() {\n  assert 1 == 1\n}\n")
    assert (err.value.line, err.value.column) == (3, 1) and "`assert` needs a message" in err.value.message
    with pytest.raises(RuleSyntaxError) as err:  # a later mistake is not blamed on the assert
        parse_text('rule r() {\n  assert 1 == 1 "ok"\n  say 3\n}\n')
    assert "`assert`" not in err.value.message


def test_an_assert_needs_a_condition(tmp_path):
    folder = _game(tmp_path, step='    assert 3 "three"')
    assert [d.code for d in check_path(folder)] == ["E224"]


def test_an_invariant_is_checked_for_each_setting_that_matters(tmp_path):
    folder = _game(tmp_path, extra='option bonus "Bonus" in {0, 5} = 0\n'
                   'invariant fits "Fits" = player_count * 2 + bonus <= 11\n', players="2..4")
    found = check_invariants(load(folder))
    assert [(d.code, d.line) for d in found] == [("E242", 5)]
    assert found[0].message == "invariant fits is false with 4 players and bonus = 5"
    folder = _game(tmp_path, extra='option bonus "Bonus" in {0, 5} = 0\n'
                   'invariant fits "Fits" = player_count * 2 + bonus <= 13\n', players="2..4")
    assert check_invariants(load(folder)) == []


def test_an_invariant_that_is_not_yes_no_or_fails_is_reported(tmp_path):
    folder = _game(tmp_path, extra='const xs = [1, 2]\ninvariant a "A" = xs[player_count]\n', players="2..3")
    found = check_invariants(load(folder))
    assert len(found) == 1 and "cannot be worked out (R001" in found[0].message


def test_an_invariant_may_not_read_the_game(tmp_path):
    folder = _game(tmp_path, extra='invariant a "A" = size(bank) > 0 and round == 0\n')
    found = check_path(folder)
    assert [(d.code, d.column) for d in found] == [("E241", 19)]


def test_an_invariant_may_not_name_a_zone_or_pile(tmp_path):
    folder = _game(tmp_path, extra='invariant a "A" = bank.coin == 0\n')
    assert [(d.code, d.column) for d in check_path(folder)] == [("E241", 19)]


def test_a_variants_option_is_the_only_value_tried(tmp_path):
    folder = _game(tmp_path, extra='option bonus "Bonus" in {0, 5} = 5\ninvariant a "A" = bonus == 0\n')
    assert len(check_invariants(load(folder))) == 1
    variant = folder / "calm.rat"
    variant.write_text('variant calm "Calm" extends g\nset option bonus = 0\n', "utf-8")
    assert check_invariants(load(variant)) == []


def test_invariants_follow_funcs_and_card_fields_to_the_options_they_read(tmp_path):
    extra = ('option big "Big" in {true, false} = false\n'
             'deck things "Things" {\n  fields worth\n}\n'
             'card ace in things "Ace" {\n  worth = if big then 20 else 2\n}\n'
             'func total() = sum([c.worth for c in cards(things)])\n'
             'invariant small "Small" = total() < 10\n')
    found = check_invariants(load(_game(tmp_path, extra=extra)))
    assert [d.message for d in found] == ["invariant small is false with big = true"]


def test_many_settings_are_sampled_one_option_at_a_time():
    options = [(f"o{i}", A.Option(f"o{i}", None, (0, 1, 2), 0)) for i in range(6)]  # 3^6 = 729
    tried = settings([2, 3], options)
    assert len(tried) == 2 * (1 + 6 * 2) < MAX_SETTINGS
    assert (3, {**{f"o{i}": 0 for i in range(6)}, "o4": 2}) in tried
    assert len(settings([2, 3], options[:4])) == 2 * 81  # all of them: 162


def test_ratland_states_its_food_cards_and_check_finds_a_wrong_one(tmp_path):
    import shutil

    assert check_path(ROOT / "rules" / "ratland", also=check_invariants) == []
    copy = tmp_path / "ratland"
    shutil.copytree(ROOT / "rules" / "ratland", copy)
    food = copy / "food.rat"
    food.write_text(food.read_text("utf-8").replace("dump = {yellow: 6, white: 6}", "dump = {yellow: 6, white: 5}", 1))
    found = check_path(copy, also=check_invariants)
    assert [(d.code, d.message) for d in found] == [("E242", "invariant twelve_per_area is false")]


# ---------------------------------------------------------------- 4. the length of a game
def test_a_game_that_ends_after_n_rounds_counts_round_n(tmp_path):
    folder = _game(tmp_path, header="  ends after 3 rounds\n", step='    say "r" with round')
    log = GameLog(keep=True)
    result = new_game(load_rules(folder), 2, 0, log=log).play()
    records = [dumps(r) for r in log.records]
    assert result.rounds == 3 and sum('"t":"round"' in r for r in records) == 3
    assert not any('"t":"end_game"' in r for r in records) and '"rounds":3' in records[-1]


def test_end_game_counts_its_round_unless_told_not_to(tmp_path):
    # turns: the round `end game` runs in was played (issue 14); `not counting the round` says it was not
    for ending, played in (("end game", 2), ("end game not counting the round", 1)):
        folder = _game(tmp_path, header="  ends after 5 rounds\n",
                       step=f"    if round == 2 {{\n      {ending}\n    }}")
        log = GameLog(keep=True)
        assert new_game(load_rules(folder), 2, 0, log=log).play().rounds == played
        assert f'"rounds":{played}' in dumps(log.records[-1])


def test_the_round_cap_is_the_headers(tmp_path):
    folder = _game(tmp_path, header="  at most 4 rounds\n", step='    say "r" with round')
    with pytest.raises(RuleRuntimeError) as err:
        new_game(load_rules(folder), 2, 0).play()
    assert err.value.code == "R004" and "within 4 rounds" in err.value.message


def test_without_a_cap_a_game_stops_after_200_rounds(tmp_path):
    folder = _game(tmp_path, step='    say "r" with round')
    with pytest.raises(RuleRuntimeError) as err:
        new_game(load_rules(folder), 2, 0).play()
    assert err.value.code == "R004" and "within 200 rounds" in err.value.message


@pytest.mark.parametrize("header, message", [
    ("  at most 0 rounds\n", "`at most 0 rounds`: a game lasts from 1 to 10,000 rounds"),
    ("  at most 10001 rounds\n", "`at most 10001 rounds`: a game lasts from 1 to 10,000 rounds"),
    ("  ends after 300 rounds\n", "`ends after 300 rounds`, but the game lasts at most 200 rounds"),
    ("  at most 5 rounds\n  ends after 0 rounds\n", "`ends after 0 rounds`, but the game lasts at most 5 rounds"),
])
def test_round_counts_out_of_range_are_e240(tmp_path, header, message):
    found = check_path(_game(tmp_path, header=header))
    assert [(d.code, d.message) for d in found] == [("E240", message)]


@pytest.mark.parametrize("lang, ends, cap", [
    ("en", "ends once round 7 has been played", "at most 31 rounds"),
    ("de", "sobald Runde 7 zu Ende gespielt ist", "höchstens 31 Runden"),
    ("es", "la ronda 7", "como mucho 31 rondas"),
    ("fr", "le tour 7", "au plus 31 tours"),
])
def test_the_summary_states_the_length_of_a_game(tmp_path, lang, ends, cap):
    from ratdsl.summaries import summarize, to_markdown

    plain = to_markdown(summarize(load_rules(_game(tmp_path)), lang))
    assert "31" not in plain and "7" not in plain  # a header without them says nothing of them
    folder = _game(tmp_path, header="  at most 31 rounds\n  ends after 7 rounds\n")
    text = to_markdown(summarize(load_rules(folder), lang))
    assert ends in text and cap in text


def test_an_invariant_sees_the_modifiers_of_a_func_it_calls(tmp_path):
    """A modifier changes the func's value, so what it reads is read by the invariant too."""
    extra = ('var bonus = 0\nfunc worth() = 2\nmodify worth() if bonus > 0 = base + bonus\n'
             'invariant small "Small" = worth() < 10\n')
    found = check_path(_game(tmp_path, extra=extra))
    assert [(d.code, d.line, d.column) for d in found] == [("E241", 6, 19)]  # the name in the modifier
    assert "variable 'bonus'" in found[0].message


def test_an_invariant_sees_the_deck_condition_of_a_cards_modifier(tmp_path):
    extra = ('var on = true\nfunc worth() = 2\ndeck things "Things" {\n  active when on\n}\n'
             'card ace in things "Ace" {\n  modify worth() = base + 1\n}\n'
             'invariant small "Small" = worth() < 10\n')
    found = check_path(_game(tmp_path, extra=extra))
    assert [d.code for d in found] == ["E241"] and "variable 'on'" in found[0].message


def test_an_invariant_is_tried_with_the_options_a_modifier_reads(tmp_path):
    extra = ('option big "Big" in {true, false} = false\nfunc worth() = 2\n'
             'modify worth() if big = base + 20\ninvariant small "Small" = worth() < 10\n')
    found = check_invariants(load(_game(tmp_path, extra=extra)))
    assert [d.message for d in found] == ["invariant small is false with big = true"]


# ---------------------------------------------------------------- every new form, formatted
FORMATTED = '''game g "G" {
  seating clockwise
  players 2..3
  at most 50 rounds
  ends after 8 rounds
}

const x = [a + b for a in 1..3 if a > 1 for b in [a] if b > 1]
const y = (let z = 3 + 1 in [z * z]) where it > 1
const w = let q = (if true then 1 else 2) in q + 1
const v = [let k = n in k for n in (if true then [1] else [2]) for m in [n]]
invariant ok "t" = x == y

rule r() {
  assert let t = 1 in t == 1 "m"
}
'''


def test_the_new_forms_format_as_written_and_parse_back_the_same():
    assert format_text(FORMATTED) == FORMATTED
    built = A.Program((A.Const("c", A.BinOp("+", A.LetIn("a", A.IntLit(1), A.Name("a")), A.IntLit(2))),))
    from ratdsl.language.formatter import format_program

    text = format_program(built)
    assert text == "const c = (let a = 1 in a) + 2\n" and parse_text(text).decls == built.decls


# ---------------------------------------------------------------- helpers
def _game(tmp_path: Path, step: str = '    say "r" with round', extra: str = "", header: str = "",
          players: str = "2..2") -> Path:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.rat").write_text(
        f'game g "G" {{\n  players {players}\n{header}}}\n' + extra +
        "tokens coin\nzone bank\nsetup {\n  step s {\n    create {coin: 3} in bank\n  }\n}\nround main\n"
        f'phase main "Main" {{\n  step only {{\n{step}\n  }}\n}}\n', "utf-8")
    return folder
