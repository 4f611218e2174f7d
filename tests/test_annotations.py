"""A func's optional annotations (`func f(x: number) -> list of card = ...`, issue 37): parsed
into their own nodes with spans, written back by the formatter, exported with the AST schema,
and checked: the body and the calls are held to them (E289), positioned; the body is typed with
the annotated parameters, and the result is what the annotation says where inference cannot
decide (a func that calls itself)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.checker.run import check_path
from ratdsl.engine.log import GameLog, dumps
from ratdsl.language import ast as A
from ratdsl.language import parse_text
from ratdsl.language.ast_schema import export, validate_export
from ratdsl.language.formatter import format_text
from ratdsl.session import load_rules, new_game

HEAD = ('game g "G" {\n  players 2..4\n  ends after 3 rounds\n}\n'
        'tokens red\nzone stock\nper player zone hand\nper player zone dump\n'
        'deck events {\n  fields cost\n}\ncard feast in events "Feast" {\n  cost = 2\n}\npile draw_pile\n')
TAIL = "\nround main\nphase main {\n  step s {\n    move up to {amount} red from stock to active.hand\n  }\n}\n" \
       "scoring p {\n  score = p.hand.red\n}\n"


def _game(tmp_path: Path, funcs: str, amount: str = "1") -> Path:
    (tmp_path / "game.rat").write_text(HEAD + funcs + TAIL.replace("{amount}", amount), "utf-8")
    return tmp_path


def _findings(folder: Path) -> list[tuple[str, int, int, str]]:
    return [(d.code, d.line, d.column, d.message) for d in check_path(folder)]


def test_annotations_parse_into_nodes_with_spans_and_format_back():
    text = "func f(x: number, y, names: list of zone_name) -> card of events or none = top(deck)\n"
    func = parse_text(text, "a.rat").decls[0]
    assert func.params == ("x", "y", "names")
    x, y, names = func.param_types
    assert x == A.TypeName("number") and y is None
    assert names == A.TypeName("list", A.TypeName("zone_name"))
    assert (names.span.column, names.span.end_column) == (29, 46)
    assert func.result_type == A.TypeUnion((A.TypeName("card", A.TypeName("events")), A.TypeName("none")))
    assert format_text(text, "a.rat") == text
    messy = "func h( z :( card or none ) )->list of(number or none)=[z]\n"
    assert format_text(messy, "a.rat") == "func h(z: card or none) -> list of (number or none) = [z]\n"
    assert parse_text("func g() = 1\n", "b.rat").decls[0].param_types == ()  # (no annotation: as before)


def test_the_ast_export_holds_the_annotations_and_matches_its_schema(tmp_path):
    program = parse_text("func f(x: list of (card or none)) -> number = size(x)\n", "a.rat")
    document = export(program, "a.rat")
    validate_export(document)
    func = document["ast"]["decls"][0]
    assert func["param_types"][0]["node"] == "TypeName" and func["param_types"][0]["of"]["node"] == "TypeUnion"
    assert "result_type" not in export(parse_text("func g() = 1\n", "b.rat"), "b.rat")["ast"]["decls"][0]


def test_an_annotation_the_body_disagrees_with_is_a_positioned_error(tmp_path):
    found = _findings(_game(tmp_path, "func first() -> card of events or none = size(draw_pile)\n",
                            "(if first() == none then 1 else 2)"))
    assert [(c, line, col) for c, line, col, _ in found] == [("E289", 16, 42)]
    assert "said to give a card of deck events or none, but its body gives a number" in found[0][3]


def test_a_call_is_held_to_the_parameters_annotation_and_the_body_typed_with_it(tmp_path):
    found = _findings(_game(tmp_path, "func bonus(n: number) -> number = n + 1\nfunc shout(t: text) = t + 1\n",
                            "bonus(active) + shout(\"x\")"))
    codes = sorted((c, line, col) for c, line, col, _ in found)
    assert codes == [("E225", 17, 23), ("E289", 22, 22)]  # `t + 1` of a text; `bonus(active)`


def test_words_that_are_no_type_are_errors_at_the_word(tmp_path):
    found = _findings(_game(tmp_path, "func a(p: person) = 1\nfunc b(c: card of nowhere) = 1\n"
                                      "func c(n: number of events) = 1\n", "a(active) + b(none) + c(1)"))
    assert [(c, line, col) for c, line, col, _ in found] == [("E289", 16, 11), ("E289", 17, 19), ("E289", 18, 21)]
    assert "`person` is no type" in found[0][3] and "the name of a deck" in found[1][3]


def test_what_inference_cannot_decide_the_annotation_does(tmp_path):
    """A variable declared none that only a scenario sets is of any kind, and so is a func giving
    it: said to give a player, comparing it with a number is always false (E281); unsaid,
    nothing is found."""
    func = "var chosen = none\nfunc who() {result} = chosen\n"
    compare = "(if who() == 3 then 1 else 2)"
    assert _findings(_game(tmp_path, func.replace("{result}", ""), compare)) == []
    found = _findings(_game(tmp_path, func.replace("{result}", "-> player or none"), compare))
    assert [c for c, *_ in found] == ["E281"]


@pytest.mark.parametrize("players", [2, 3])
def test_annotated_rules_that_check_clean_play_as_unannotated_ones(tmp_path, players):
    annotated = ("func first() -> card of events or none = top(draw_pile)\n"
                 "func bonus(n: number, where: list of zone_name) -> number = n + count(zones(active, where), red)\n")
    plain = annotated.replace(" -> card of events or none", "").replace(": number", "").replace(
        ": list of zone_name", "").replace(" -> number", "")
    logs = []
    for funcs, folder in ((annotated, tmp_path / "a"), (plain, tmp_path / "b")):
        folder.mkdir()
        _game(folder, funcs, "bonus(1, [hand, dump]) + (if first() == none then 0 else 1)")
        assert _findings(folder) == []
        log = GameLog(keep=True)
        new_game(load_rules(folder), players, 7, log=log).play()
        logs.append([dumps(r) for r in log.records])
    assert logs[0] == logs[1] and logs[0]
