"""One meaning for every expression form: the evaluators agree, or the checker refuses the form.

Every binary operator (`== != < <= > >= + - * / %`, `and`, `or`, `in`), the unary ones (`not`,
`-`), `if ... then ... else` and indexing are applied to every pair of value kinds they may meet:
numbers, yes/no values, none, names, texts, lists, bundles, cards, players, zones and piles. Each
case is a func of one rule program, loaded once without the checker and evaluated by the tree-walker
(the reference) and by the summaries' static evaluator (the flat target is held to the tree-walker
on whole games: tests/test_compiled_all_games.py, tests/test_flat_target.py). Then:

* the static evaluator gives that value too, or refuses too; it may say "not static" only where the
  expression reads the game (the active player, a player's zone);
* the checker, run on the same program, refuses (E224, E225) only what the engines refuse, and
  refuses every operator error whose operands it knows.
"""

from __future__ import annotations

import itertools

import pytest

from ratdsl.checker import check_ruleset
from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.engine.interpreter import Env
from ratdsl.semantics.values import CardValue, PileRef, PlayerRef, ZoneRef
from ratdsl.session import load_rules, new_game
from ratdsl.summaries.static import NotStatic, Refused, StaticEval

HEADER = '''game agree "Agree" {
  players 2..2
}
tokens coin, gem
zone bank
per player zone purse
pile deck
deck things "Things" {
  fields worth
}
card ace in things "Ace" {
  worth = 2
}
setup {
  step fill {
    create {coin: 5} in bank
    create cards(things) in deck
  }
}
round main
phase main "Main" {
  step only {
    say "nothing"
  }
}
'''

# (text, reads the game: the static evaluator may not know it, known to the checker)
VALUES = {
    "2": (False, True), "0": (False, True), "true": (False, True), "false": (False, True),
    "none": (False, True), "coin": (False, True), '"t"': (False, True), "[1]": (False, True),
    "[true]": (False, True), "{coin: 2}": (False, True), "ace": (False, True),
    "active": (True, True), "bank": (True, True), "deck": (True, True), "active.purse": (True, False),
}
BINARY = ["==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "and", "or", "in"]
# The three forms the summaries and the engines used to disagree on, as the issue wrote them.
ISSUE_ROWS = ["true == 1", "2 * {coin: 1}", "if 0 then 1 else 2"]


def cases() -> list[tuple[str, str, tuple[str, ...]]]:
    """(expression text, form, operand texts) for every case."""
    out = [(text, "issue", ()) for text in ISSUE_ROWS]
    for a, b in itertools.product(VALUES, repeat=2):
        for op in BINARY:
            out.append((f"({a}) {op} ({b})", op, (a, b)))
        out.append((f"({a})[{b}]", "index", (a, b)))
    for a in VALUES:
        out.append((f"not ({a})", "not", (a,)))
        out.append((f"-({a})", "neg", (a,)))
        out.append((f"if ({a}) then 1 else 2", "if", (a,)))
    return out


CASES = cases()


def canon(value):
    """A value with its kind, so that `true` and `1` (or `[true]` and `[1]`) stay apart."""
    if isinstance(value, bool):
        return ("yes/no", value)
    if isinstance(value, int):
        return ("number", value)
    if isinstance(value, list):
        return ("list", tuple(canon(v) for v in value))
    if isinstance(value, dict):
        return ("bundle", tuple(sorted((k, canon(v)) for k, v in value.items())))
    if isinstance(value, CardValue):
        return ("card", value.name)
    if isinstance(value, (PlayerRef, ZoneRef, PileRef, str)) or value is None:
        return (type(value).__name__, value)
    raise AssertionError(f"an unexpected value {value!r}")


def run(interp, node):
    try:
        return "value", canon(interp.eval(node, Env()))
    except RuleRuntimeError as err:
        return "refused", (err.code, err.line, err.column, err.message)


def static(ev: StaticEval, node):
    try:
        return "value", canon(ev.runtime(ev.eval(node)))
    except Refused:
        return "refused", None
    except NotStatic:
        return "unknown", None


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    folder = tmp_path_factory.mktemp("agree") / "agree"
    folder.mkdir()
    funcs = [f"func c{i}() = {text}" for i, (text, _, _) in enumerate(CASES)]
    first_line = HEADER.count("\n") + 1
    (folder / "game.rat").write_text(HEADER + "\n".join(funcs) + "\n")
    definition = load_rules(folder, check=False)  # the checker's verdict is one of the outcomes
    findings: dict[int, set[str]] = {}
    for finding in check_ruleset(definition.ruleset):
        findings.setdefault(finding.line - first_line, set()).add(finding.code)
    game = new_game(definition, 2, 0)
    game.header()
    game.setup()
    ev = StaticEval(definition, 2)
    out = []
    for i, case in enumerate(CASES):
        body = definition.funcs[f"c{i}"].value
        out.append((case, run(game.interp, body), static(ev, body), findings.get(i, set())))
    return out


def test_the_cases_reach_evaluation(outcomes):
    """Every form on every pair of kinds was evaluated by the tree-walker and the static evaluator."""
    assert len(CASES) == 3 + len(VALUES) ** 2 * (len(BINARY) + 1) + 3 * len(VALUES) == 3423
    evaluated = [o for o in outcomes if o[1][0] in ("value", "refused")]
    assert len(evaluated) == len(CASES)
    kinds = {(tree[0], kept[0]) for _, tree, kept, _ in outcomes}
    assert {("value", "value"), ("refused", "refused")} <= kinds
    values = sum(1 for o in outcomes if o[1][0] == "value")
    refused = sum(1 for o in outcomes if o[1][0] == "refused")
    statically = sum(1 for o in outcomes if o[2][0] != "unknown")
    assert values > 500 and refused > 2500 and statically > 2500, (values, refused, statically)


def test_summaries_agree_with_the_tree_walker(outcomes):
    wrong = []
    for (text, _, operands), tree, kept, _ in outcomes:
        reads_game = any(VALUES[o][0] for o in operands)
        if kept[0] == "unknown" and reads_game:
            continue  # the summary cannot know it, and says so
        if kept[0] != tree[0] or (tree[0] == "value" and kept[1] != tree[1]):
            wrong.append((text, tree, kept))
    assert not wrong, wrong[:5]


def test_the_checker_refuses_only_what_the_game_refuses(outcomes):
    """An error of the checker is never a false alarm: the engines refuse that form too (or skip
    it: `false and 3` is refused, though `and` never looks at the 3)."""
    wrong = []
    for (text, form, operands), tree, _, codes in outcomes:
        if codes & {"E224", "E225"} and tree[0] == "value":
            short_circuit = form in ("and", "or") and VALUES[operands[0]][1]
            if not short_circuit:
                wrong.append((text, tree, codes))
    assert not wrong, wrong[:5]


def test_the_checker_refuses_what_the_operators_refuse_on_known_operands(outcomes):
    """Where the checker knows every operand, an operator's refusal is found before the game. (An
    index by a name looks the name up like `.name`: that is the name resolution's business.)"""
    missed = []
    for (text, form, operands), tree, _, codes in outcomes:
        if tree[0] != "refused" or not operands or not all(VALUES[o][1] for o in operands):
            continue
        if form == "index" and (operands[1] in ("coin", '"t"') or operands[0] in ("active", "ace")):
            continue  # `x[name]` is `x.name`; a card's or player's members are not operators
        if not codes & {"E224", "E225"}:
            missed.append((text, tree))
    assert not missed, missed[:5]


def test_the_issue_rows(outcomes):
    by_text = {case[0]: (tree, kept, codes) for case, tree, kept, codes in outcomes}
    tree, kept, codes = by_text["true == 1"]
    assert tree == kept == ("value", ("yes/no", False)) and "W307" in codes
    for text, code in (("2 * {coin: 1}", "E225"), ("if 0 then 1 else 2", "E224")):
        tree, kept, codes = by_text[text]
        assert tree[0] == kept[0] == "refused" and code in codes, text
    tree, _, _ = by_text["(2) * ({coin: 2})"]
    assert tree[1][3] == "expected a number, got a bundle of tokens"
    assert by_text["({coin: 2}) * (2)"][0] == ("value", ("bundle", (("coin", ("number", 4)),)))
    assert by_text["([true]) == ([1])"][0] == ("value", ("yes/no", False))
    assert by_text["(true) in ([1])"][0] == ("value", ("yes/no", False))
    assert by_text["([1]) == ([1])"][1] == ("value", ("yes/no", True))

