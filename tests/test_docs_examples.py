"""The docs stay true to the grammar: every ```rat block in docs/*.md parses on its own, and the
language reference shows every construct of grammar.lark in at least one example.

Coverage is computed from the grammar itself, so a new keyword, rule, alias, AST node or built-in
that the reference does not show makes a test fail and names what is missing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import pytest
from lark import Lark, Tree

from ratdsl.language import ast as A
from ratdsl.language import parse_text
from ratdsl.language.errors import RuleError
from ratdsl.semantics.builtins import BUILTINS

DOCS = Path(__file__).resolve().parents[1] / "docs"
LANGUAGE = DOCS / "language.md"
# An opening fence (CommonMark): 3+ backticks or tildes, then an info string whose first word is
# the language, e.g. ```rat or ```rat file=rules/x.rat
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$")


@dataclass(frozen=True)
class Block:
    doc: Path
    line: int  # 1-based line of the opening fence
    text: str

    @property
    def label(self) -> str:
        return f"{self.doc.name}:{self.line}"


def fenced_blocks(doc: Path) -> list[tuple[int, str, list[str], bool]]:
    """Every fenced block: (line of the opening fence, language, body lines, closed?)."""
    blocks = []
    lines = doc.read_text("utf-8").splitlines()
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence, info = opening.groups()
        start = i
        i += 1
        body: list[str] = []
        while i < len(lines) and not _closes(lines[i], fence):
            body.append(lines[i])
            i += 1
        blocks.append((start + 1, info, body, i < len(lines)))
        i += 1  # skip the closing fence
    return blocks


def _closes(line: str, fence: str) -> bool:
    """A closing fence: only the fence character, at least as many as opened the block."""
    stripped = line.strip()
    return len(stripped) >= len(fence) and set(stripped) == {fence[0]}


def rat_blocks(doc: Path) -> list[Block]:
    """Every fenced block whose language is `rat`, with the line of its opening fence."""
    return [Block(doc, line, "\n".join(body) + "\n")
            for line, info, body, _closed in fenced_blocks(doc) if info == "rat"]


def all_blocks() -> list[Block]:
    return [b for doc in sorted(DOCS.glob("*.md")) for b in rat_blocks(doc)]


BLOCKS = all_blocks()


@cache
def grammar_text() -> str:
    return resources.files("ratdsl.language").joinpath("grammar.lark").read_text("utf-8")


@cache
def raw_parser() -> Lark:
    """The project's grammar with the project's settings, but without the AST transformer, so the
    parse tree still carries grammar rule and alias names."""
    return Lark(grammar_text(), parser="lalr", lexer="contextual", maybe_placeholders=True)


def language_blocks() -> list[Block]:
    return [b for b in BLOCKS if b.doc == LANGUAGE]


def strip_comments_and_texts(text: str) -> str:
    text = re.sub(r'"([^"\\\n]|\\.)*"', " ", text)
    return re.sub(r"#[^\n]*", " ", text)


# ---------------------------------------------------------------- every block parses


def test_the_docs_exist_and_have_examples():
    assert LANGUAGE.is_file(), "docs/language.md is missing"
    assert (DOCS / "architecture.md").is_file(), "docs/architecture.md is missing"
    assert len(language_blocks()) >= 40, "the language reference should show every construct"


def test_fences_are_closed():
    for doc in sorted(DOCS.glob("*.md")):
        unclosed = [line for line, _info, _body, closed in fenced_blocks(doc) if not closed]
        assert not unclosed, f"{doc.name}: the fenced block opened at line {unclosed[0]} is never closed"


@pytest.mark.parametrize("block", BLOCKS, ids=[b.label for b in BLOCKS])
def test_rat_block_parses(block: Block):
    try:
        program = parse_text(block.text, f"{block.doc.name}:block@{block.line}")
    except RuleError as err:
        line = block.line + err.line  # the block's first line is the one after the fence
        pytest.fail(f"{block.doc.name}: the ```rat block at line {block.line} does not parse "
                    f"(doc line {line}):\n{err.render()}", pytrace=False)
    assert program.decls, f"{block.label}: a ```rat block must hold at least one declaration"


# ---------------------------------------------------------------- the reference covers the grammar


def grammar_keywords() -> set[str]:
    """Every word the grammar writes as a quoted literal ("move", "instead", "descending", ...)."""
    return set(re.findall(r'"([A-Za-z_]+)"', grammar_text()))


def test_every_keyword_appears_in_a_rat_example():
    words: set[str] = set()
    for block in language_blocks():
        words |= set(re.findall(r"[A-Za-z_]+", strip_comments_and_texts(block.text)))
    missing = sorted(grammar_keywords() - words)
    assert not missing, f"keywords of grammar.lark with no ```rat example in docs/language.md: {missing}"
    assert any(re.search(r"\bor\s+pass\b", strip_comments_and_texts(b.text)) for b in language_blocks()), \
        "`or pass` has no example"


def grammar_rules() -> dict[str, str]:
    """Rule name -> its body (all alternatives), read from grammar.lark."""
    return dict(re.findall(r"^\??(\w+):((?:.*\n)(?:[ \t]+\|.*\n)*)", grammar_text(), re.MULTILINE))


def _alternatives(body: str) -> list[list[str]]:
    """The top-level alternatives of a rule body, each as a list of tokens."""
    tokens = re.findall(r'"[^"]*"|\[[^\]]*\]|->\s*\w+|\w+|[|]|\S', body)
    out: list[list[str]] = [[]]
    for token in tokens:
        if token == "|":
            out.append([])
        elif not token.startswith("->"):
            out[-1].append(token)
    return [alt for alt in out if alt]


def leading_phrases(rule: str) -> set[str]:
    """The keywords a construct starts with, e.g. {"move"}, {"set option"}, {"before", "after",
    "instead of"}; an optional prefix such as `[per_player]` is skipped."""
    rules = grammar_rules()
    phrases: set[str] = set()
    for alt in _alternatives(rules[rule]):
        while alt and alt[0].startswith("["):
            alt = alt[1:]
        words = []
        for token in alt:
            if not re.fullmatch(r'"\w+"', token):
                break
            words.append(token.strip('"'))
        if words:
            phrases.add(" ".join(words))
        elif alt and alt[0] in rules:  # starts with a sub-rule, e.g. hook_decl with hook_time
            phrases |= leading_phrases(alt[0])
    return phrases


def construct_rules() -> list[str]:
    """The alternatives of `?decl` and `?stmt`: one grammar rule per declaration and statement."""
    rules = grammar_rules()
    return [name for kind in ("decl", "stmt") for alt in _alternatives(rules[kind]) for name in alt]


def test_every_statement_and_declaration_keyword_appears_in_a_rat_example():
    constructs = construct_rules()
    assert {"move_stmt", "zone_decl", "hook_decl", "set_option_decl"} <= set(constructs)
    assert leading_phrases("hook_decl") == {"before", "after", "instead of"}
    assert leading_phrases("set_option_decl") == {"set option"}
    text = "\n".join(strip_comments_and_texts(b.text) for b in language_blocks())
    missing = {}
    for rule in constructs:
        phrases = leading_phrases(rule)
        assert phrases, f"cannot tell which keyword starts {rule}"
        absent = sorted(p for p in phrases if not re.search(r"\b" + r"\s+".join(p.split()) + r"\b", text))
        if absent:
            missing[rule] = absent
    assert not missing, f"constructs with no ```rat example in docs/language.md: {missing}"


def tree_names(tree: Tree) -> set[str]:
    return {str(t.data) for t in tree.iter_subtrees()}


def grammar_rule_names() -> set[str]:
    """Rule and alias names that can appear in a parse tree (inlined `?rule`s only when they keep
    more than one child; Lark's own helper rules start with an underscore)."""
    names: set[str] = set()
    for rule in raw_parser().rules:
        name = str(rule.alias or rule.origin.name)
        if name.startswith("_"):
            continue
        if rule.options.expand1 and not rule.alias:
            kept = [s for s in rule.expansion if not (s.is_term and s.filter_out)]
            if len(kept) <= 1:
                continue
        names.add(name)
    return names


def test_every_grammar_rule_and_alias_appears_in_a_rat_example():
    seen: set[str] = set()
    for block in language_blocks():
        seen |= tree_names(raw_parser().parse(block.text))
    # Anonymous tokens such as "(" and ")" are filtered out of the tree, so `?atom: "(" expr ")"`
    # never leaves an `atom` node behind; parentheses are shown in many examples anyway.
    missing = sorted(grammar_rule_names() - seen - {"atom"})
    assert not missing, f"grammar rules/aliases with no ```rat example in docs/language.md: {missing}"


def test_every_grammar_rule_and_alias_is_named_in_the_reference():
    names = {str(r.alias or r.origin.name) for r in raw_parser().rules}
    names = {n for n in names if not n.startswith("_")}
    names |= set(re.findall(r"^([A-Z_]+)(?:\.\d+)?\s*:", grammar_text(), re.MULTILINE))
    text = LANGUAGE.read_text("utf-8")
    missing = sorted(n for n in names if f"`{n}`" not in text)
    assert not missing, f"grammar names missing from the grammar index of docs/language.md: {missing}"


def ast_node_classes() -> set[type]:
    out: set[type] = set()
    todo = [A.Decl, A.Stmt, A.Expr]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            out.add(sub)
            todo.append(sub)
    return out


def test_every_ast_node_appears_in_a_rat_example():
    seen: set[type] = set()
    for block in language_blocks():
        seen |= {type(node) for node in A.walk(parse_text(block.text, block.label))}
    missing = sorted(cls.__name__ for cls in ast_node_classes() - seen)
    assert not missing, f"AST nodes with no ```rat example in docs/language.md: {missing}"


def test_every_builtin_is_called_in_a_rat_example():
    called: set[str] = set()
    for block in language_blocks():
        for node in A.walk(parse_text(block.text, block.label)):
            if isinstance(node, A.Call):
                called.add(node.func)
            elif isinstance(node, A.AtPhaseStart):
                called.add("at_phase_start")
    missing = sorted(set(BUILTINS) - called)
    assert not missing, f"built-in functions with no ```rat example in docs/language.md: {missing}"
    text = LANGUAGE.read_text("utf-8")
    undocumented = sorted(name for name in BUILTINS if f"`{name}(" not in text)
    assert not undocumented, f"built-in functions not described in docs/language.md: {undocumented}"


def test_every_error_code_is_listed_in_the_reference():
    """Each code the parser, loader, checker or engine can raise has a row in the errors table."""
    package = Path(__file__).resolve().parents[1] / "ratdsl"
    codes = set()
    for path in package.rglob("*.py"):
        codes |= set(re.findall(r'"([EWR]\d{3})"', path.read_text("utf-8")))
    codes.discard("E000")  # RuleError's default, never raised as such
    text = LANGUAGE.read_text("utf-8")
    missing = sorted(code for code in codes if f"`{code}`" not in text)
    assert not missing, f"error codes missing from the errors table of docs/language.md: {missing}"


# ---------------------------------------------------------------- the extraction itself


def test_extraction_reports_the_fence_line(tmp_path):
    doc = tmp_path / "sample.md"
    doc.write_text("# Title\n\n```rat\nzone bag\n```\n\n```python\nx = 1\n```\n\n````rat\nrule a() { }\n````\n"
                   "\n```rat file=rules/x.rat\npile box\n```\n")
    blocks = rat_blocks(doc)
    assert [(b.line, b.text) for b in blocks] == [(3, "zone bag\n"), (11, "rule a() { }\n"), (15, "pile box\n")]
    doc.write_text("```rat\nzone bag\n")
    assert [closed for *_rest, closed in fenced_blocks(doc)] == [False]
