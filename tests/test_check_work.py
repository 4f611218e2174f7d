"""Start-up (issue 13): `ratdsl check` does each piece of work once per rule set. Counted, not
timed (benchmarks/bench_startup.py measures the time)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ratdsl.checker.run as run
import ratdsl.engine.interpreter as interpreter
from ratdsl.engine.invariants import check_invariants
from ratdsl.language.errors import RuleError

ROOT = Path(__file__).resolve().parent.parent


def test_a_rule_set_is_resolved_once_for_the_checker_and_the_invariants(monkeypatch):
    calls = []
    import ratdsl.semantics.resolver as resolver

    original = resolver.resolve

    def counting(decls):
        calls.append(decls)
        return original(decls)

    monkeypatch.setattr(resolver, "resolve", counting)
    monkeypatch.setattr("ratdsl.checker.checker.resolve", counting)
    monkeypatch.setattr("ratdsl.engine.invariants.resolve", counting)
    assert run.check_path(ROOT / "rules" / "ratland", also=check_invariants) == []
    assert len(calls) == 1


def test_the_depth_of_a_declaration_shared_by_rule_sets_is_measured_once(monkeypatch):
    measured = []
    original = interpreter.syntax_depth

    def counting(node):
        measured.append(id(node))
        return original(node)

    monkeypatch.setattr(interpreter, "syntax_depth", counting)
    monkeypatch.setattr(interpreter, "_DECL_DEPTHS", {})  # (none measured before this test)
    # the game and each module with it: most declarations are the game's, shared by all
    found = run.check_tree([ROOT / "rules" / "ratland"], also=check_invariants)
    assert found == []
    assert measured and len(measured) == len(set(measured))


def test_a_file_parsed_again_unchanged_is_not_scanned_again(monkeypatch, tmp_path):
    import ratdsl.language.parser as parser

    scanned = []
    original = parser.reject_control_characters
    monkeypatch.setattr(parser, "reject_control_characters", lambda text, file: scanned.append(file) or
                        original(text, file))
    rule_file = tmp_path / "g.rat"
    rule_file.write_text('game g "G" {\n  players 2..4\n}\nconst n = 1\n', "utf-8")
    first = parser.parse_file(rule_file)
    assert scanned
    scanned.clear()
    assert parser.parse_file(rule_file) is first  # (the in-process cache)
    assert scanned == []
    rule_file.write_text('game g "G" {\n  players 2..4\n}\nconst n = 1\x07\n', "utf-8")
    with pytest.raises(RuleError):  # a changed text is scanned (E011)
        parser.parse_file(rule_file)
