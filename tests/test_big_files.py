"""Big rule files (issue 39): a file past the size limit is refused first (E015, positioned) by
every reader; the AST export is validated node by node, each shape once, so its work does not
grow with a long list (benchmarks/bench_big_files.py times the commands; no time is asserted here)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.language import ast_schema
from ratdsl.language.ast_schema import AstSchemaError, export, shallow_validators, validate_export
from ratdsl.language.errors import RuleSyntaxError
from ratdsl.language.formatter import format_text
from ratdsl.language.limits import MAX_FILE_CHARS
from ratdsl.language.parser import parse_text
from ratdsl.schemas import load_schema

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from bench_big_files import HEADER, long_list, long_table, unknown_names  # noqa: E402


def test_a_file_past_the_size_limit_is_e015_at_the_first_character_past_it():
    text = long_list(MAX_FILE_CHARS + 5_000)
    assert len(text) > MAX_FILE_CHARS
    for read in (parse_text, format_text):
        with pytest.raises(RuleSyntaxError) as err:
            read(text, "big.rat")
        assert err.value.code == "E015" and err.value.line == text.count("\n", 0, MAX_FILE_CHARS) + 1
        assert err.value.column == MAX_FILE_CHARS - text.rfind("\n", 0, MAX_FILE_CHARS)
    assert parse_text(long_list(MAX_FILE_CHARS - 1_000), "ok.rat") is not None  # (just below: read)


@pytest.mark.parametrize("command", [["ast"], ["check"], ["fmt", "--check"], ["summary"], ["run", "-p", "2"]])
def test_every_command_refuses_a_file_past_the_limit_in_one_line(tmp_path, private_cache, command):
    game = tmp_path / "big"
    game.mkdir()
    (game / "game.rat").write_text(long_table(MAX_FILE_CHARS * 2))
    target = game / "game.rat" if command[0] in ("ast", "fmt") else game
    result = CliRunner().invoke(app, [command[0], str(target), *command[1:]])
    assert result.exit_code in (1, 2) and "E015" in result.output and "Traceback" not in result.output


def test_the_ast_schema_constrains_numbers_and_texts_only_as_the_shape_cache_assumes():
    """export_errors validates one node of each shape (ast_schema._shape): sound only while numbers
    are constrained by `minimum: 0` alone and texts by type, enum and const alone."""
    text = json.dumps(load_schema("ast"))
    for keyword in ("maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "pattern", "minLength",
                    "maxLength", "format", "uniqueItems"):
        assert f'"{keyword}"' not in text, keyword
    assert set(re.findall(r'"minimum": (-?[0-9.]+)', text)) == {"0"}


class _Counting:
    """A validator that counts the nodes it is given."""

    def __init__(self, validator, counted: list[int]):
        self.validator, self.counted = validator, counted

    def iter_errors(self, value):
        self.counted[0] += 1
        return self.validator.iter_errors(value)


def _validations(monkeypatch, document) -> int:
    counted = [0]
    for name, validator in list(shallow_validators().items()):
        if name:
            monkeypatch.setitem(ast_schema._SHALLOW, name, _Counting(validator, counted))
    validate_export(document)
    monkeypatch.undo()
    return counted[0]


def test_validating_a_longer_list_does_no_more_schema_work(monkeypatch):
    short = export(parse_text(long_list(8_000), "a.rat"), "a.rat")
    long = export(parse_text(long_list(80_000), "b.rat"), "b.rat")
    assert _validations(monkeypatch, short) == _validations(monkeypatch, long) < 60


def test_a_broken_node_deep_in_a_long_list_is_still_found_at_its_position():
    document = export(parse_text(long_list(40_000), "c.rat"), "c.rat")
    consts = [d for d in document["ast"]["decls"] if d["node"] == "Const"]
    item = consts[0]["value"]["items"][3_000]
    item["value"] = "not a number"
    with pytest.raises(AstSchemaError) as err:
        validate_export(document)
    assert (err.value.line, err.value.column) == tuple(item["span"][:2])
    item["value"] = -5  # (a negative literal is a number all the same)
    validate_export(document)
    item["span"][0] = -1  # but a negative line is not
    with pytest.raises(AstSchemaError):
        validate_export(document)


def test_names_no_declaration_makes_are_each_reported_once(tmp_path, private_cache):
    game = tmp_path / "unknown"
    game.mkdir()
    (game / "game.rat").write_text(unknown_names(300))
    result = CliRunner().invoke(app, ["check", str(game)])
    assert result.exit_code == 1 and result.output.count("E202") == 300
    assert HEADER.startswith("game big")
    assert ast_schema.export_errors(export(parse_text(unknown_names(300), "u.rat"), "u.rat")) == []
