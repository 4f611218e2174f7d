"""Parsed rule files are cached on disk by content: a changed file is parsed again, an unchanged
one is not, and RATDSL_CACHE_DIR="" switches the cache off."""

from ratdsl.language import cache, parser

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


def test_the_key_hashes_the_parser_s_code_once_a_process_and_still_follows_it(monkeypatch):
    """The parser's code (some 70 kB) was hashed again for each file's key: 20 million
    instructions of a `check` (start-up, issue 13)."""
    from ratdsl.language.grammar import grammar_text

    grammar = grammar_text()
    cache.parser_fingerprint.cache_clear()
    keys = {cache._key("game g \"G\" {}", name, grammar) for name in ("a.rat", "b.rat", "c.rat")}
    info = cache.parser_fingerprint.cache_info()
    assert len(keys) == 3 and (info.misses, info.hits) == (1, 2)
    before = cache._key("text", "a.rat", grammar)
    monkeypatch.setattr(cache, "_code_fingerprint", lambda: "another parser")
    cache.parser_fingerprint.cache_clear()
    assert cache._key("text", "a.rat", grammar) != before
    assert cache._key("text", "a.rat", grammar + "\n") != cache._key("text", "a.rat", grammar)
    cache.parser_fingerprint.cache_clear()
