"""The parser tables that ship with the package (grammar.tables.json, grammar.lark.pickle) are made
from the current grammar.lark, and the lean driver (lalr.py) that parses with them builds exactly
what Lark's own parser and the tree-to-AST pass build: the same nodes with the same spans, and it
rejects exactly the texts Lark rejects."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from ratdsl.language import ast as A
from ratdsl.language import build_parser, lalr, parser
from ratdsl.language.formatter import format_program

from .rat_strategies import decls
from .test_fuzz import WINDOWS, mutated, token_sequences

ROOT = Path(__file__).resolve().parents[1]
RULE_FILES = sorted(p for folder in ("rules", "tests", "docs") for p in (ROOT / folder).rglob("*.rat"))
FILE = "<tables>"


def test_shipped_tables_are_made_from_the_current_grammar():
    assert build_parser.stale() == [], "run: python -m ratdsl.language.build_parser"


def test_shipped_tables_are_what_the_build_writes_now():
    """The same grammar gives the same file (states are numbered in a fixed order), so a change of
    Lark that changes the tables shows here too."""
    from lark import Lark

    compiled = Lark(parser.grammar_text(), **parser.LARK_OPTIONS)
    assert build_parser.tables_text(compiled) == parser.TABLES_FILE.read_text("utf-8")


def test_the_driver_uses_the_shipped_tables(monkeypatch):
    def no_compiling():
        raise AssertionError("Lark was asked for the tables")

    parser._tables.cache_clear()
    monkeypatch.setattr(parser, "_parser", no_compiling)
    try:
        assert parser._tables() is not None
        assert parser.parse_text("const n = 1\n").decls[0].name == "n"
    finally:
        parser._tables.cache_clear()


def test_shipped_lark_parser_is_used():
    assert parser._shipped_lark() is not None


def test_the_formatter_uses_the_shipped_parser_with_its_callbacks(monkeypatch):
    """`ratdsl fmt` loads the shipped parser with its comment callbacks, compiling nothing."""
    from lark import Lark

    from ratdsl.language import formatter

    def no_compiling(*args, **kwargs):
        raise AssertionError("the grammar was compiled")

    formatter._lexing_parser.cache_clear()
    monkeypatch.setattr(Lark, "__init__", no_compiling)
    try:
        text = "# the count\nconst n = 1  # one\n"
        assert formatter.format_text(text) == text
    finally:
        formatter._lexing_parser.cache_clear()


def lark_result(text: str):
    """What Lark's parser and the tree-to-AST pass make of `text`, as JSON with spans, or None."""
    try:
        tree = parser._parser().parse(text)
    except UnexpectedInput:
        return None
    return A.to_json(parser.tree_to_ast(tree, FILE))


def driver_result(text: str, tables: lalr.Tables | None = None):
    try:
        return A.to_json((tables or parser._tables()).parse(text, FILE))
    except lalr.Rejected:
        return None


def assert_same(text: str, tables: lalr.Tables | None = None) -> None:
    assert driver_result(text, tables) == lark_result(text), text


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_driver_matches_lark_on_every_rule_file(path):
    assert_same(path.read_text("utf-8"))


@pytest.mark.parametrize("text", ["", "\n", "# only a comment\n", "const n = 1", "   const n = (1)  \n",
                                  "rule r() {\n}\n", 'say "x"', "const n = 1 +", "const n = ((1 + 2) * 3)\n",
                                  "const\tn\r\n=\x0c1\n", "rule r() { ask p q: choose x from y or  pass { } }\n",
                                  'rule r() { say "a\\"b" with 1, 2 }\n', "é"])
def test_driver_matches_lark_on_edge_cases(text):
    assert_same(text)


def _settings(n: int):
    return settings(max_examples=n, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@_settings(800)
@given(st.sampled_from(WINDOWS).flatmap(mutated))
def test_driver_matches_lark_on_mutated_rules(text):
    assert_same(text)


@_settings(400)
@given(token_sequences)
def test_driver_matches_lark_on_token_sequences(text):
    assert_same(text)


@_settings(200)
@given(st.lists(decls, min_size=1, max_size=3).map(lambda ds: format_program(A.Program(tuple(ds)))))
def test_driver_matches_lark_on_generated_programs(text):
    assert_same(text)


def test_tables_taken_from_lark_work_like_the_shipped_ones():
    tables = lalr.Tables(lalr.tables_from_lark(parser._parser()), parser._BUILD)
    for path in RULE_FILES[:5]:
        assert_same(path.read_text("utf-8"), tables)


def test_stale_tables_are_ignored(tmp_path, monkeypatch):
    """After an edit to the grammar, before the tables are made again: Lark compiles it."""
    data = json.loads(parser.TABLES_FILE.read_text("utf-8"))
    stale_json = tmp_path / "grammar.tables.json"
    stale_json.write_text(json.dumps(data | {"grammar_sha256": "0" * 64}), "utf-8")
    stale_pickle = tmp_path / "grammar.lark.pickle"
    with open(stale_pickle, "wb") as f:
        pickle.dump({"grammar_sha256": "0" * 64, "lark": "0"}, f)
    monkeypatch.setattr(parser, "TABLES_FILE", stale_json)
    monkeypatch.setattr(parser, "LARK_FILE", stale_pickle)
    monkeypatch.setattr(build_parser, "TABLES_FILE", stale_json)
    monkeypatch.setattr(build_parser, "LARK_FILE", stale_pickle)
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")
    assert parser._shipped_tables() is None
    assert parser._shipped_lark() is None
    assert build_parser.stale() == ["grammar.tables.json", "grammar.lark.pickle"]
    parser._parser.cache_clear()
    parser._tables.cache_clear()
    try:
        assert parser._tables() is not None  # taken from the compiled grammar
        assert parser.parse_text("const n = 1\n").decls[0].name == "n"
    finally:
        parser._parser.cache_clear()
        parser._tables.cache_clear()


def test_missing_tables_are_ignored(tmp_path, monkeypatch):
    monkeypatch.setattr(parser, "TABLES_FILE", tmp_path / "none.json")
    monkeypatch.setattr(parser, "LARK_FILE", tmp_path / "none.pickle")
    assert parser._shipped_tables() is None
    assert parser._shipped_lark() is None


def test_tables_in_another_format_are_ignored(tmp_path, monkeypatch):
    data = json.loads(parser.TABLES_FILE.read_text("utf-8"))
    other = tmp_path / "grammar.tables.json"
    other.write_text(json.dumps(data | {"format": lalr.FORMAT + 1}), "utf-8")
    monkeypatch.setattr(parser, "TABLES_FILE", other)
    assert parser._shipped_tables() is None


def test_package_data_ships_the_tables():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    shipped = config["tool"]["setuptools"]["package-data"]["ratdsl.language"]
    assert parser.TABLES_FILE.name in shipped and parser.LARK_FILE.name in shipped
