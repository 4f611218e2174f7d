"""Lark compiles the grammar once and keeps it with its `cache=` option (grammar.py): parsing and
`ratdsl fmt` load it and compile nothing; it is kept in the package's folder when that can be
written, else in the user's cache folder, else nowhere; a damaged or stale file is compiled again."""

from __future__ import annotations

import tomllib
from pathlib import Path

import lark.lark
import pytest

from ratdsl.language import formatter, grammar, parse_text

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def no_compiling(monkeypatch):
    """Lark may load the compiled grammar, not compile it."""
    if grammar.compiled_grammar_file() is False:
        pytest.skip("neither the package's folder nor a cache folder can be written")
    grammar.lark_parser()  # makes sure the compiled grammar is there, as after the first use

    def compile_(*args, **kwargs):
        raise AssertionError("the grammar was compiled")

    monkeypatch.setattr(lark.lark, "load_grammar", compile_)


def test_parsing_loads_the_compiled_grammar(no_compiling):
    grammar.shared_parser.cache_clear()
    try:
        assert parse_text("const n = 1\n").decls[0].name == "n"
    finally:
        grammar.shared_parser.cache_clear()


def test_the_formatter_loads_the_compiled_grammar_with_its_callbacks(no_compiling):
    """`ratdsl fmt` loads the same file with its comment callbacks."""
    formatter._lexing_parser.cache_clear()
    try:
        text = "# the count\nconst n = 1  # one\n"
        assert formatter.format_text(text) == text
    finally:
        formatter._lexing_parser.cache_clear()


def test_the_compiled_grammar_is_kept_beside_the_grammar_when_the_folder_can_be_written(tmp_path, monkeypatch):
    monkeypatch.setattr(grammar, "HERE", tmp_path)
    monkeypatch.setattr(grammar, "PACKAGE_CACHE_FILE", tmp_path / "grammar.lark-cache")
    assert grammar.compiled_grammar_file() == str(tmp_path / "grammar.lark-cache")


def test_else_in_the_user_cache_folder_else_nowhere(tmp_path, monkeypatch):
    package = tmp_path / "package"
    package.mkdir()
    monkeypatch.setattr(grammar, "HERE", package)
    monkeypatch.setattr(grammar, "PACKAGE_CACHE_FILE", package / "grammar.lark-cache")
    monkeypatch.setattr(grammar.os, "access", lambda path, mode: Path(path) != package)
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(tmp_path / "user"))
    kept = grammar.compiled_grammar_file()
    assert isinstance(kept, str) and Path(kept).parent == tmp_path / "user"
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")
    assert grammar.compiled_grammar_file() is False
    assert grammar.lark_parser().parse("const n = 1\n")  # compiled in the process


@pytest.mark.parametrize("content", [b"", b"not a cache\n", b"0" * 64 + b"\n\x80\x05garbage"])
def test_a_damaged_or_stale_compiled_grammar_is_compiled_again(tmp_path, monkeypatch, content):
    text = 'rule r() "R" {\n  move 2 x from a to b  # c\n}\n'
    expected = grammar.shared_parser().parse(text)
    kept = tmp_path / "grammar.lark-cache"
    kept.write_bytes(content)
    monkeypatch.setattr(grammar, "compiled_grammar_file", lambda: str(kept))
    assert grammar.lark_parser().parse(text) == expected
    assert kept.read_bytes() != content  # written again by Lark


def test_the_compiled_grammar_is_not_shipped_nor_committed():
    """It is made for one Python and one Lark, under one path: each install makes its own."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    shipped = config["tool"]["setuptools"]["package-data"]["ratdsl.language"]
    assert shipped == ["grammar.lark"]
    ignored = (grammar.HERE / ".gitignore").read_text("utf-8").split("\n")
    assert grammar.PACKAGE_CACHE_FILE.name in ignored


def test_mistakes_are_recognised_the_same_by_a_new_parser(monkeypatch):
    """A parser compiled in another process may number its states otherwise: the broken examples
    that recognise common mistakes are parsed again by whichever parser parses the rules."""
    from ratdsl.language.errors import RuleSyntaxError

    def error_of(text: str) -> str:
        with pytest.raises(RuleSyntaxError) as info:
            parse_text(text, "t.rat")
        return info.value.render()

    mistakes = ["rule a() {\n  if x = 1 { }\n}\n", "rule a() {\n  do b(),\n  do c()\n}\n", "rlue a() { }\n",
                'rule a() "T"\n  do b()\n}\n', "phase p {\n  step s {\n    do a()\n  }\n  }\n}\n"]
    before = [error_of(text) for text in mistakes]
    monkeypatch.setattr(grammar, "compiled_grammar_file", lambda: False)
    grammar.shared_parser.cache_clear()
    try:
        assert [error_of(text) for text in mistakes] == before
    finally:
        grammar.shared_parser.cache_clear()


STATEMENTS_AFTER_A_BLOCK = ["let y = 1", "set x = 1", "if x { }", "for each p in x { }", "while x { }",
                            "repeat 2 times { }", "move 1 a from b to c", "draw 1 from b to c", "shuffle x",
                            "reveal x from a to b", "ask active y: may { }", "do f()", "secretly { }",
                            "end game", 'say "x"', "create 1 in x", "show x to y", 'assert x "m"',
                            "turn x { }", "act y"]


@pytest.mark.parametrize("block", ["ask active x: may { } otherwise { }", "if x { } else { }", "secretly { }"])
def test_the_loaded_compiled_grammar_takes_every_statement_after_a_block(no_compiling, block):
    """A suite run once failed on `... otherwise { }` then `repeat` with a kept table (not seen
    again); the table Lark loads from the file must take every statement there, as a new one does."""
    formatter._lexing_parser.cache_clear()
    for parser in (grammar.lark_parser(), formatter._lexing_parser()):
        for statement in STATEMENTS_AFTER_A_BLOCK:
            parser.parse(f"rule r() {{\n    {block}\n    {statement}\n}}\n")
