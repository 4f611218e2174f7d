"""Static types (issue 37): a value of the wrong kind is found by `ratdsl check`, before any game.

The measure: whole-number literals of each game swapped for `true`, `"x"`, `[1, 2]` or `none`
(tests/type_mutants.py); no mutant the checker accepts may stop a game with a type error. The
suite judges a seeded sample (RATDSL_FULL_CHECKS=1: the benchmark's counts);
benchmarks/type_mutants.py prints the figures.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.language.loader import load
from ratdsl.semantics import types as T
from ratdsl.semantics.inference import infer
from ratdsl.semantics.resolver import resolve

from . import type_mutants as M
from .scale import cases

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"ratland": cases(12, 120), "rattus": cases(8, 60), "ratatopolis": cases(8, 60)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_mutant_the_checker_accepts_stops_a_game_with_a_type_error(game, tmp_path):
    folder = ROOT / "rules" / game
    outcomes = [M.judge(folder, m, seeds=2, scratch=tmp_path) for m in M.mutants(folder, GAMES[game], seed=37)]
    assert len(outcomes) == GAMES[game]
    let_through = [f"{o.mutant.describe()}: {o.type_errors[0]}" for o in outcomes if o.accepted and o.type_errors]
    assert not let_through
    refused = [o for o in outcomes if not o.accepted]
    assert refused and all(o.finding.split(": ")[1][:1] == "E" for o in refused)  # positioned, with a code


def test_the_mutants_are_literals_of_the_game_and_change_one_of_them(tmp_path):
    folder = ROOT / "rules" / "ratland"
    found = M.mutants(folder, 10, seed=5)
    assert found == M.mutants(folder, 10, seed=5) and found != M.mutants(folder, 10, seed=6)
    for m in found:
        text = (folder / m.file).read_text("utf-8")
        assert text[m.start:m.end] == m.old and m.old.lstrip("-").isdigit() and m.new in M.REPLACEMENTS


def _typed(tmp_path: Path, body: str):
    (tmp_path / "game.rat").write_text(
        'game g "G" {\n  players 2..4\n}\ntokens red\nzone stock\nper player zone hand\npile deck\n'
        "round main\n" + body + "\nscoring p {\n  score = p.hand.red\n}\n", "utf-8")
    rules = load(tmp_path, ())
    table = resolve(rules.decls)
    return rules, infer(rules.decls, table)


def _expr(rules, form, name: str):
    func = next(d for d in rules.decls if getattr(d, "name", None) == name)
    return T.words(form.type_of(func.value))


def test_every_expression_gets_its_kind_from_the_one_it_is_made_of(tmp_path):
    rules, form = _typed(tmp_path, "\n".join((
        "func n() = size(stock) + 1",
        "func who() = neighbour(active, left)",
        "func where(p) = p.hand",
        "func hands() = [where(p) for p in players]",
        "func some() = top(deck)",
        "func half(x) = x / 2",
        "func used() = half(3) + where(active).red",
        "phase main {\n  step s {\n    move 1 red from stock to active.hand\n  }\n}")))
    assert _expr(rules, form, "n") == "a number"
    assert _expr(rules, form, "who") == "a player"
    assert _expr(rules, form, "where") == "a zone"  # (its parameter is a player: from its calls)
    assert _expr(rules, form, "hands") == "a list of zones"
    assert _expr(rules, form, "some") == "a card or none"
    assert form.params[("func", "half")] == [T.of(T.NUMBER)]
    assert form.findings == []


def test_operators_are_asked_with_samples_of_each_kind():
    number, yes_no, bundle = T.of(T.NUMBER), T.of(T.YESNO), T.of(T.BUNDLE)
    assert T.binary("+", number, number) == (number, None)
    assert T.binary("-", bundle, bundle)[0] == bundle
    result, refusal = T.binary("+", yes_no, number)
    assert result is None and refusal is not None and refusal.at == "left"
    assert T.binary("*", number, bundle)[1] is not None  # a bundle is scaled on its left only
    assert T.binary("*", bundle, number) == (bundle, None)
    assert T.binary("<", None, yes_no)[1] is not None  # refused whatever the left is
    assert T.binary("+", None, number) == (number, None)  # a number, or refused
    assert T.index_refusal(None, yes_no) is not None and T.index_refusal(None, T.of(T.TEXT)) is None


def test_equality_knows_which_kinds_can_be_equal():
    slow_fast, sorted_ = T.named(T.SYMBOL, "slow", "fast"), T.named(T.SYMBOL, "sorted")
    assert T.disjoint(slow_fast, sorted_) and not T.disjoint(slow_fast, T.named(T.SYMBOL, "fast"))
    assert T.disjoint(T.of(T.PLAYER), T.of(T.NUMBER)) and not T.disjoint(T.of(T.TEXT), slow_fast)
    assert not T.disjoint(None, T.of(T.NUMBER))  # any kind may equal anything


def test_a_parameter_called_with_two_kinds_takes_both_and_nothing_is_found_in_either(tmp_path):
    rules, form = _typed(tmp_path, "\n".join((
        "func twice(x) = x + x",
        "func a() = twice(1)",
        "func b() = twice({red: 1})",
        "phase main {\n  step s {\n    move a() red from stock to active.hand\n    move b() from stock to active.hand\n"
        "  }\n}")))
    assert form.params[("func", "twice")] == [T.join(T.of(T.NUMBER), T.of(T.BUNDLE))]
    assert _expr(rules, form, "twice") == "a number or a bundle of tokens"
    assert form.findings == []


def test_the_typed_form_is_worked_out_once_per_symbol_table(tmp_path):
    from ratdsl.semantics.inference import typed_form

    rules, _ = _typed(tmp_path, "phase main {\n  step s {\n    move 1 red from stock to active.hand\n  }\n}")
    table = resolve(rules.decls)
    assert typed_form(rules.decls, table) is typed_form(rules.decls, table)


def test_deep_chains_of_funcs_are_typed_without_running_out_of_stack(tmp_path):
    chain = "\n".join(f"func f{i}() = f{i + 1}() + 1" for i in range(400))
    rules, form = _typed(tmp_path, chain + "\nfunc f400() = 1\n"
                         "phase main {\n  step s {\n    move f0() red from stock to active.hand\n  }\n}")
    assert form.findings == [] and _expr(rules, form, "f399") == "a number"


def test_a_variable_declared_none_and_a_let_that_is_set_are_of_the_kinds_they_are_set_to(tmp_path):
    """Neither is "always none": a scenario, or a later `set`, gives them their value."""
    _, form = _typed(tmp_path, "\n".join((
        "var spot = none",
        "var seen = none",
        "phase main {\n  step s {\n    let target = none\n    if size(stock) > 2 {\n      set target = active.hand\n"
        "    }\n    move 1 red from stock to target\n    move 1 red from stock to spot\n    set seen = active\n"
        "    if seen == none {\n      end game\n    }\n  }\n}")))
    assert form.findings == []
    assert form.variables["spot"] is None and form.variables["seen"] == T.join(T.of(T.NONE), T.of(T.PLAYER))


def test_a_call_whose_value_its_body_refuses_is_found_where_the_other_calls_hid_it(tmp_path):
    """E288: the parameter is the union of its calls' kinds, which the body takes; each call's
    own kind is held to the body (two kinds it takes are no finding: the test above)."""
    _, form = _typed(tmp_path, "\n".join((
        "per player zone dump",
        "func held(p, names) = count(zones(p, names), red)",
        "func kept() = held(active, [hand, dump])",
        "func stray() = held(active, [1, 2])",
        "phase main {\n  step s {\n    move kept() + stray() red from stock to active.hand\n  }\n}")))
    assert [(f.code, f.span.line) for f in form.findings] == [("E288", 12)]
    assert "held's parameter names is given a list of numbers" in form.findings[0].message
    assert "refused at line 10" in form.findings[0].message


def test_calls_with_more_values_than_parameters_are_left_to_the_arity_check(tmp_path):
    """(found by the fuzz measure: typing each call alone read a parameter the func lacks)"""
    _, form = _typed(tmp_path, "\n".join((
        "func steps(p) = 1",
        "func a() = steps(active, 2)",
        "func b() = steps(active, true)",
        "phase main {\n  step s {\n    move a() + b() red from stock to active.hand\n  }\n}")))
    assert form.findings == []
