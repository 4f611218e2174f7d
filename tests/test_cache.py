"""Parsed rule files are cached on disk by content: a changed file is parsed again, an unchanged
one is not, and RATDSL_CACHE_DIR="" switches the cache off."""

from ratdsl.language import parser

GAME = 'game g "G" {\n  players 2..4\n}\nconst n = 1\n'


def test_unchanged_file_comes_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(tmp_path / "cache"))
    parser._PARSED.clear()
    rule_file = tmp_path / "g.rat"
    rule_file.write_text(GAME)
    first = parser.parse_file(rule_file)
    parser._PARSED.clear()
    monkeypatch.setattr(parser, "parse_text", lambda *a, **k: (_ for _ in ()).throw(AssertionError("parsed")))
    assert parser.parse_file(rule_file) == first  # from the disk cache, not parsed


def test_changed_file_is_parsed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(tmp_path / "cache"))
    parser._PARSED.clear()
    rule_file = tmp_path / "g.rat"
    rule_file.write_text(GAME)
    parser.parse_file(rule_file)
    rule_file.write_text(GAME.replace("const n = 1", "const n = 2"))
    program = parser.parse_file(rule_file)
    assert program.decls[-1].value.value == 2


def test_empty_cache_dir_switches_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")
    parser._PARSED.clear()
    rule_file = tmp_path / "g.rat"
    rule_file.write_text(GAME)
    parser.parse_file(rule_file)
    assert not list(tmp_path.glob("**/*.pickle"))
