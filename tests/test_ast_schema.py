"""ratdsl/schemas/ast.schema.json describes `ratdsl ast FILE --json`: every shipped rule file's
export validates, the schema names every node type of ast.py, and a mismatch is reported at the
position of the node where the export goes wrong."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.language import ast as A
from ratdsl.language import parse_file, parse_text
from ratdsl.language.ast_schema import (
    SCHEMA_ID,
    AstSchemaError,
    build_schema,
    export,
    locate,
    node_classes,
    schema_text,
    shipped_schema_path,
    validate_export,
)
from ratdsl.schemas import load_schema, validator

from .rat_strategies import programs

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "rules").rglob("*.rat"))


def test_schema_is_draft_2020_12_with_its_id():
    schema = load_schema("ast")
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == SCHEMA_ID == "urn:ratdsl:ast"
    validator("ast")  # check_schema passes


def test_schema_file_is_up_to_date_with_ast_py():
    assert shipped_schema_path().read_text("utf-8") == schema_text(), (
        "ast.py changed: run `python -m ratdsl.language.ast_schema --write`")


def test_every_node_type_and_field_is_described():
    defs = build_schema()["$defs"]
    for cls in node_classes():
        assert cls.__name__ in defs, cls.__name__
        described = set(defs[cls.__name__]["properties"])
        assert described == {f for f in cls.__dataclass_fields__} | {"node"}, cls.__name__
    for union, base in (("Expr", A.Expr), ("Stmt", A.Stmt), ("Decl", A.Decl)):
        members = set(defs[union]["properties"]["node"]["enum"])
        assert members == {c.__name__ for c in node_classes() if issubclass(c, base)}


@pytest.mark.parametrize("path", SHIPPED, ids=[str(p.relative_to(ROOT)) for p in SHIPPED])
def test_every_shipped_rule_file_validates(path):
    validate_export(export(parse_file(path), str(path)))


def test_the_command_validates_and_prints(monkeypatch):
    monkeypatch.chdir(ROOT)
    path = SHIPPED[0].relative_to(ROOT)
    result = CliRunner().invoke(app, ["ast", str(path), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["file"] == str(path) and doc["ast"]["node"] == "Program"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs)
def test_generated_asts_validate(program):
    validate_export(export(program, "generated.rat"))


SAMPLE = """game g "G" {
  players 2..4
}

rule r(p) {
  move 1 red from stock to p.hand
  say "done" with p
}
"""


def sample_export():
    return export(parse_text(SAMPLE, "sample.rat"), "sample.rat")


def broken(mutate):
    doc = sample_export()
    mutate(doc)
    with pytest.raises(AstSchemaError) as info:
        validate_export(doc)
    return info.value


def test_a_wrong_field_type_is_reported_at_its_node():
    # `say` is on line 7, column 3: its message must be a string.
    err = broken(lambda d: d["ast"]["decls"][1]["body"]["stmts"][1].__setitem__("message", 7))
    assert (err.file, err.line, err.column) == ("sample.rat", 7, 3)
    assert err.path == ["ast", "decls", 1, "body", "stmts", 1, "message"]
    assert str(err).startswith("sample.rat:7:3: the AST export does not match ast.schema.json at "
                               "ast/decls/1/body/stmts/1/message: 7 is not of type 'string'")


def test_a_missing_field_and_an_unknown_node_are_placed_too():
    move = ["ast", "decls", 1, "body", "stmts", 0]
    err = broken(lambda d: d["ast"]["decls"][1]["body"]["stmts"][0].pop("dest"))
    assert (err.line, err.column) == (6, 3) and err.path == move
    assert "'dest' is a required property" in str(err)
    err = broken(lambda d: d["ast"]["decls"][1]["body"]["stmts"][0]["source"].__setitem__("node", "Nope"))
    assert (err.line, err.column) == (6, 19)
    err = broken(lambda d: d["ast"]["decls"][0].__setitem__("min_players", "two"))
    assert (err.line, err.column) == (1, 1)


def test_locate_walks_to_the_innermost_node():
    doc = sample_export()
    assert locate(doc, ["ast", "decls", 1, "body", "stmts", 0, "quantity", "amount", "value"]) == (6, 8)
    assert locate(doc, ["ast", "nowhere"]) == (1, 1)  # the program starts at 1:1
    assert locate(copy.deepcopy({}), []) == (0, 0)


def test_the_command_reports_a_schema_error_with_a_position(monkeypatch, tmp_path):
    import ratdsl.language.ast_schema as S

    rule_file = tmp_path / "sample.rat"
    rule_file.write_text(SAMPLE)
    real_export = S.export

    def bad_export(program, file):
        doc = real_export(program, file)
        doc["ast"]["decls"][1]["body"]["stmts"][1]["message"] = None
        return doc

    monkeypatch.setattr(S, "export", bad_export)
    result = CliRunner().invoke(app, ["ast", str(rule_file)])
    assert result.exit_code == 3  # a bug in ratdsl, not in the rule file
    assert f"{rule_file}:7:3: the AST export does not match" in result.stderr
