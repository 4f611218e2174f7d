"""The engine that plays games generates Python source from the AST (ratdsl/engine/codegen.py).

It must play exactly like the tree-walking reference, the source it generates must hold no rule
text (names and strings become numbered constants), and the step budget and depth limit must
still stop runaway rules.
"""

import io
import json
import keyword
import re
import shutil
import tokenize
from pathlib import Path

import pytest

from ratdsl.engine.codegen import generator_for
from ratdsl.engine.errors import RuleRuntimeError, StepBudgetExceeded
from ratdsl.engine.log import GameLog, dumps
from ratdsl.session import load_rules, new_game

from .conftest import RATLAND

PROGRAM = Path(__file__).parent / "programs" / "scopes.rat"


def load_program(tmp_path, text: str | None = None):
    folder = tmp_path / "tiny"
    folder.mkdir()
    if text is None:
        shutil.copy(PROGRAM, folder / "game.rat")
    else:
        (folder / "game.rat").write_text(text)
    return load_rules(folder)


def said(definition, compiled: bool) -> tuple[list[str], dict[str, list]]:
    log = GameLog(keep=True)
    game = new_game(definition, 3, 1, log=log, compiled=compiled)
    game.header()
    game.setup()
    game.play_round()
    game.score()
    return [dumps(r) for r in log.records], {r["msg"]: r["args"] for r in log.records if r["t"] == "say"}


def test_scopes_loops_calls_and_moves_give_the_same_log_as_the_tree_walker(tmp_path):
    definition = load_program(tmp_path)
    generated, values = said(definition, compiled=True)
    reference, _ = said(definition, compiled=False)
    assert generated == reference
    assert values["inner"] == ["shadow"] and values["outer"] == [1]  # a let in a block shadows
    assert values["relet"] == [[1, 2, 3]]  # a second let of a name in one block replaces it
    assert values["total"] == [33]  # (1 + 2) * 10 + 3: `set` reaches the outer local
    assert values["k"] == [5, 3]  # while loop; repeat setting a global variable
    assert values["sq"] == [[2, 6], 12, 12, True, 1]  # comprehension, inlined and recursive funcs
    assert values["bools"] == [True, True, False]  # `1 == true` is false in the rule language
    assert values["best"] == ["P3"]
    assert values["worth"] == [3, 15, 20]  # the card's modifier applies while it is shown
    assert values["shuffled"] == ["deck", 6]  # the counter: 3, then one per award (a global set in a rule)
    assert values["range"] == [[2, 3, 4], [1, 4, 9]]  # ranges, generated rather than tree-walked
    shown = [r for r in map(json.loads, generated) if r["t"] == "show"]
    assert [r["player"] for r in shown] == ["P1", "P2"] and [len(r["cards"]) for r in shown] == [2, 1]
    assert values["values"] == [5, 0, 15]  # and stops when it is put back


GENERATED = re.compile(r"^[ltaKEBFRTHDO]\d+$")  # locals, temporaries, arguments, constants, functions
# Every other name generated code may use: the engine's own helpers, attributes and Python builtins.
ENGINE_VOCABULARY = set("""
Decision Env GameOver MAX_DEPTH MISSING ORDER_DOWN ORDER_UP PlayerRef PileRef CardValue StepBudgetExceeded
TypeError ZoneRef _ __class__ active active_cache append args ask assign binop bool budget
bundle_count call call_builtin call_rule card_active card_fields choose const_cache context current_span
depth dict did_you_mean distribute distribution_targets draw_tokens emit encode env err error fired get global_name
index_value int it iterable key kinds_of len list log lookup max member min move_bundle move_kind move_tokens
msg n name next no_row number order_error pair player player_refs players pop range read_zones
round rt seat set_target site sorted span state steps str sum too_deep truth uncover vars phase_start
version wrong_values z zone zones move_all open_secret close_secret active_now piles left_step
move_all_of too_few keeping keep_before log_move moves place_cards reveal_cards shuffle_pile create cards_of pile
players_from set_member show_cards make_range blame charge
""".split())


def test_generated_source_holds_no_rule_text():
    definition = load_rules(RATLAND, ("clans", "aggressive"))
    for seed in range(3):
        new_game(definition, 4, seed).play()
    sources = generator_for(definition).sources
    assert len(sources) > 10
    for source in sources:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
        assert [t.string for t in tokens if t.type == tokenize.STRING] == []
        names = {t.string for t in tokens if t.type == tokenize.NAME and not keyword.iskeyword(t.string)}
        unknown = {n for n in names if not GENERATED.match(n)} - ENGINE_VOCABULARY
        assert not unknown, f"names in generated code that the engine does not define: {sorted(unknown)}"


def test_a_string_that_looks_like_python_stays_a_string(tmp_path):
    text = PROGRAM.read_text().replace('say "inner" with x', 'say "\\"); import os; (\\"" with x')
    definition = load_program(tmp_path, text)
    _, values = said(definition, compiled=True)
    assert '"); import os; ("' in values
    assert all("import os" not in s for s in generator_for(definition).sources)


LOOP = '''game tiny "Tiny" {
  players 2..2
}
round main
func many() = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
func wide(n) = if n > 0 then wide(n - 1) + wide(n - 1) else 1
rule branch(n) {
  if n > 0 {
    do branch(n - 1)
    do branch(n - 1)
  }
}
phase main "Main" {
  step only {
BODY
  }
}
'''


@pytest.mark.parametrize("body, line", [
    ("    for each a in many() {\n      for each b in many() {\n        for each c in many() {\n"
     "          let x = a + b + c\n        }\n      }\n    }", (15, 16, 17, 18)),
    ("    do branch(40)", (8, 9, 10, 15)),  # finite but exponential: 2^40 calls
    ("    let x = wide(40)", (6, 15)),  # the same with a func: no statement, only calls
])
def test_the_step_budget_stops_loops_and_branching_recursion(tmp_path, body, line):
    definition = load_program(tmp_path, LOOP.replace("BODY", body))
    game = new_game(definition, 2, 0, step_budget=500)
    with pytest.raises(StepBudgetExceeded) as err:
        game.play()
    assert err.value.code == "R002" and err.value.line in line


def test_an_inlined_func_that_recurses_forever_is_stopped(tmp_path):
    text = LOOP.replace("BODY", "    let x = forever(1)").replace(
        "func many()", "func forever(n) = forever(n + 1)\nfunc many()")
    definition = load_program(tmp_path, text)
    with pytest.raises(RuleRuntimeError) as err:
        new_game(definition, 2, 0).play()
    assert "more than" in err.value.message and err.value.line in (5, 16)


COUNTING_DECK = '''game tiny "Tiny" {
  players 2..3
}
tokens gem
zone bank, pot
pile deck, shown
deck charms "Charms" {
  active when count(pot, gem) >= 2
}
card lucky in charms "Lucky" {
  modify value() = base + 100
}
func value() = count(pot, gem)
setup {
  step fill {
    create {gem: 5} in bank
    create cards(charms) in shown
  }
}
round main
phase main "Main" {
  step moves {
    say "values" with [value(), value()]
    move 1 gem from bank to pot
    say "one" with value()
    move 1 gem from bank to pot
    say "two" with value()
    move 2 gem from pot to bank
    say "none" with value()
    end game
  }
}
'''


def test_a_card_whose_activity_reads_token_counts_follows_every_move(tmp_path):
    """Remembered activity of such a card must end at each move, in both engines."""
    definition = load_program(tmp_path, COUNTING_DECK)
    assert generator_for(definition).decks_read_zones
    generated, values = said(definition, compiled=True)
    reference, _ = said(definition, compiled=False)
    assert generated == reference
    assert values["values"] == [[0, 0]] and values["one"] == [1]
    assert values["two"] == [102] and values["none"] == [0]


@pytest.mark.parametrize("table, kind", [("lower_stmt", "Say"), ("lower_expr", "BinOp")])
def test_a_node_kind_without_a_generated_form_is_an_error_not_a_fall_back(tmp_path, monkeypatch, table, kind):
    from ratdsl.engine.codegen.generator import CodeGenerator
    from ratdsl.language import ast as A

    definition = load_program(tmp_path)
    forms = dict(getattr(CodeGenerator, table))
    del forms[getattr(A, kind)]
    monkeypatch.setattr(CodeGenerator, table, forms)
    with pytest.raises(NotImplementedError, match=f"no form for {kind}"):
        said(definition, compiled=True)
