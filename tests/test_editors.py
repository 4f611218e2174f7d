"""Editor support outside the server: the VS Code extension in editors/vscode (its manifest, the
TextMate grammar, the language configuration and the client) and the Neovim and Helix
configurations that docs/editors.md gives. Building the .vsix needs npm and the registry, so it is
documented (docs/editors.md) rather than run here."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from ratdsl import __version__
from ratdsl.language.builtin_names import BUILTIN_FUNCTIONS
from ratdsl.language.grammar import shared_parser
from ratdsl.language.loader import RULE_SUFFIX
from ratdsl.language.syntax_errors import grammar_info
from ratdsl.semantics.symbols import BUILTIN_NAMES

from .test_docs_examples import fenced_blocks

ROOT = Path(__file__).resolve().parents[1]
VSCODE = ROOT / "editors" / "vscode"
EDITORS_DOC = ROOT / "docs" / "editors.md"
HARNESS = Path(__file__).with_name("vscode_client_harness.js")
SHIPPED = sorted((ROOT / "rules").rglob("*" + RULE_SUFFIX))
IDS = [str(p.relative_to(ROOT)) for p in SHIPPED]
KEYWORDS = sorted(set(grammar_info().keywords.values()))
BUILD = "npm --prefix editors/vscode ci && npm --prefix editors/vscode run package"


def manifest() -> dict:
    return json.loads((VSCODE / "package.json").read_text("utf-8"))


def contributed_grammar() -> dict:
    return manifest()["contributes"]["grammars"][0]


def grammar() -> dict:
    return json.loads((VSCODE / contributed_grammar()["path"]).read_text("utf-8"))


def configuration() -> dict:
    language = manifest()["contributes"]["languages"][0]
    return json.loads((VSCODE / language["configuration"]).read_text("utf-8"))


def terminal_pattern(name: str) -> str:
    """The regex of one of grammar.lark's terminals, as Lark compiled it."""
    return next(t.pattern.to_regexp() for t in shared_parser().terminals if t.name == name)


def literal_tokens() -> set[str]:
    """Every fixed piece of text the grammar knows: keywords and punctuation ("{", "..")."""
    return {word.strip('"') for word in grammar_info().words.values() if word.startswith('"')}


# ---------------------------------------------------------------- the manifest


def test_contributions_point_at_files_that_exist():
    m = manifest()
    contributes = m["contributes"]
    paths = [m["main"], *(lang["configuration"] for lang in contributes["languages"]),
             *(g["path"] for g in contributes["grammars"])]
    for path in paths:
        assert (VSCODE / path).is_file(), f"package.json names {path}, which editors/vscode lacks"


def test_the_language_is_ratdsl_for_rule_files():
    contributes = manifest()["contributes"]
    [language] = contributes["languages"]
    assert language["id"] == "ratdsl" and language["extensions"] == [RULE_SUFFIX]
    assert {g["language"] for g in contributes["grammars"]} == {"ratdsl"}


def test_the_grammar_scope_matches_the_manifest():
    assert grammar()["scopeName"] == contributed_grammar()["scopeName"] == "source.ratdsl"
    assert RULE_SUFFIX.lstrip(".") in grammar()["fileTypes"]


def test_the_server_command_setting_defaults_to_ratdsl_lsp():
    setting = manifest()["contributes"]["configuration"]["properties"]["ratdsl.server.command"]
    assert setting["type"] == "array" and setting["items"] == {"type": "string"}
    assert setting["default"] == ["ratdsl", "lsp"]


def test_the_manifest_is_publishable():
    """What vsce refuses or asks about: a publisher, an engine, a licence file, a version; the
    extension ships with the server, so it carries ratdsl's version."""
    m = manifest()
    assert re.fullmatch(r"[a-z0-9][a-z0-9-]*", m["publisher"])
    assert m["name"] == "ratdsl" and m["version"] == __version__
    assert m["engines"]["vscode"].startswith("^1.")
    assert m["license"] == "MIT" and "MIT License" in (VSCODE / "LICENSE").read_text("utf-8")
    assert (VSCODE / "README.md").is_file()
    assert "@vscode/vsce" in m["devDependencies"] and "vsce package" in m["scripts"]["package"]
    assert "vscode-languageclient" in m["dependencies"]


def test_the_lock_file_matches_the_manifest():
    """`npm ci` refuses a lock file that disagrees with package.json."""
    m = manifest()
    lock = json.loads((VSCODE / "package-lock.json").read_text("utf-8"))
    root = lock["packages"][""]
    assert (lock["name"], lock["version"]) == (m["name"], m["version"])
    assert root.get("dependencies") == m["dependencies"]
    assert root.get("devDependencies") == m["devDependencies"]
    for name in m["dependencies"]:
        assert f"node_modules/{name}" in lock["packages"]


def test_build_products_are_ignored():
    ignored = (VSCODE / ".gitignore").read_text("utf-8").split()
    assert "node_modules/" in ignored and "*.vsix" in ignored


def test_the_build_command_is_documented():
    assert BUILD in EDITORS_DOC.read_text("utf-8")
    assert BUILD in (VSCODE / "README.md").read_text("utf-8")


def test_the_grammar_exists_once():
    copies = [p for p in ROOT.rglob("*.tmLanguage.json")
              if not {"node_modules", ".venv", ".git"} & set(p.relative_to(ROOT).parts)]
    assert copies == [VSCODE / contributed_grammar()["path"]]


# ---------------------------------------------------------------- the language configuration


def test_line_comments_are_the_grammars_comments():
    config = configuration()["comments"]
    comment = re.compile(terminal_pattern("COMMENT"))
    assert "COMMENT" in shared_parser().lexer_conf.ignore
    assert comment.fullmatch(config["lineComment"] + " a remark")
    assert not comment.fullmatch(config["lineComment"] + " a\nb"), "a comment ends with its line"
    assert "blockComment" not in config, "the language has no block comments"


def test_brackets_are_the_grammars_brackets():
    config = configuration()
    pairs = {tuple(pair) for pair in config["brackets"]}
    openers_in_grammar = literal_tokens() & set("{[(")
    assert {opener for opener, _ in pairs} == openers_in_grammar
    assert all(closer in literal_tokens() for _, closer in pairs)
    assert pairs == {("{", "}"), ("[", "]"), ("(", ")")}
    closing = {(p["open"], p["close"]) for p in config["autoClosingPairs"]}
    assert pairs <= closing and pairs <= {tuple(p) for p in config["surroundingPairs"]}


def test_quotes_close_as_the_grammars_texts():
    config = configuration()
    quotes = [p for p in config["autoClosingPairs"] if p["open"] not in "{[("]
    assert [(p["open"], p["close"]) for p in quotes] == [('"', '"')]
    text = re.compile(terminal_pattern("STRING"))
    assert text.fullmatch('"a \\" b"') and not text.fullmatch('"a\nb"')
    assert set(quotes[0]["notIn"]) == {"string", "comment"}


def test_words_are_the_grammars_names():
    word = re.compile(configuration()["wordPattern"])
    name = re.compile(terminal_pattern("NAME"))
    for sample in ("pipe_minimum", "_x1", "round"):
        assert word.fullmatch(sample) and name.fullmatch(sample)
    assert not word.fullmatch("1x") and not name.fullmatch("1x")


def indentation_rules() -> tuple[re.Pattern, re.Pattern]:
    rules = configuration()["indentationRules"]
    return re.compile(rules["increaseIndentPattern"]), re.compile(rules["decreaseIndentPattern"])


@pytest.mark.parametrize("line, indents", [
    ("phase event \"Event\" {", True),
    ("rule r() \"Title #2 {\" {  # a remark", True),
    ("let xs = [", True),
    ("do f(", True),
    ("rule event_revealed(card) \"After\" { }", False),
    ("let x = \"{\"", False),
    ("# if x {", False),
    ("set a = 1  # {", False),
])
def test_indentation_after_an_opening_bracket(line, indents):
    increase, _ = indentation_rules()
    assert bool(increase.search(line)) == indents


@pytest.mark.parametrize("path", SHIPPED, ids=IDS)
def test_indentation_rules_reproduce_the_formatted_files(path):
    """VS Code indents a new line from the rules; on files in `ratdsl fmt` layout it must land
    where the formatter puts it (two spaces a level). Continuation lines of a `distribute`'s
    limits are the formatter's own and are left out."""
    increase, decrease = indentation_rules()
    width = manifest()["contributes"]["configurationDefaults"]["[ratdsl]"]["editor.tabSize"]
    lines = [line for line in path.read_text("utf-8").split("\n")
             if line.strip() and not re.match(r"\s*at (most|least)\b", line)]
    for before, after in zip(lines, lines[1:], strict=False):
        expected = indent(before) + (width if increase.search(before) else 0)
        expected -= width if decrease.search(after) else 0
        assert indent(after) == expected, f"{path.name}: {before!r} then {after!r}"


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


# ---------------------------------------------------------------- the TextMate grammar


def all_rules(node):
    """Every rule object (with match / begin) anywhere in the grammar."""
    if isinstance(node, dict):
        if "match" in node or "begin" in node:
            yield node
        for value in node.values():
            yield from all_rules(value)
    elif isinstance(node, list):
        for value in node:
            yield from all_rules(value)


def test_textmate_regexes_compile_with_python_re():
    rules = list(all_rules(grammar()))
    assert len(rules) > 10
    for rule in rules:
        for key in ("match", "begin", "end"):
            if key in rule:
                re.compile(rule[key], re.MULTILINE)


def test_the_grammar_has_keywords():
    assert {"rule", "move", "if", "where", "true"} <= set(KEYWORDS)


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_textmate_knows_every_keyword(keyword):
    patterns = grammar()["repository"]["keywords"]["patterns"]
    scopes = [p["name"] for p in patterns if (m := re.search(p["match"], keyword)) and m.group(0) == keyword]
    assert scopes, f"no keyword pattern of the TextMate grammar matches {keyword!r}"
    assert scopes[0].split(".")[0] in ("keyword", "storage", "constant"), scopes


def scoped_words(patterns: list[dict], scope: str) -> set[str]:
    """The words of the `\\b(a|b|c)` alternations of the patterns that give `scope`."""
    words: set[str] = set()
    for p in patterns:
        named = p.get("name") or p.get("captures", {}).get("1", {}).get("name")
        if named == scope:
            words |= set(re.match(r"\\b\((.*?)\)", p["match"]).group(1).split("|"))
    return words


def test_textmate_marks_calls_of_every_builtin_function():
    patterns = grammar()["repository"]["function-call"]["patterns"]
    assert scoped_words(patterns, "support.function.builtin.ratdsl") == set(BUILTIN_FUNCTIONS)


def test_textmate_marks_every_builtin_name_that_is_not_a_keyword():
    patterns = grammar()["repository"]["keywords"]["patterns"]
    assert scoped_words(patterns, "variable.language.ratdsl") == set(BUILTIN_NAMES) - set(KEYWORDS)


class TextMate:
    """Just enough of a TextMate tokenizer to check coverage: at each position the earliest match
    of the top-level patterns wins (the first listed on a tie); begin/end rules run to their end."""

    def __init__(self, g: dict):
        self.rules = list(self._expand(g["patterns"], g["repository"]))

    def _expand(self, patterns, repository):
        for p in patterns:
            if "include" in p:
                target = repository[p["include"].lstrip("#")]
                if "match" in target or "begin" in target:
                    yield target
                else:
                    yield from self._expand(target["patterns"], repository)
            else:
                yield p

    def scan_line(self, line: str):
        """Yields (start, end, scope) for every piece of the line a rule claims."""
        pos = 0
        while pos < len(line):
            best = None
            for rule in self.rules:
                m = re.compile(rule.get("match") or rule["begin"]).search(line, pos)
                if m and m.end() > m.start() and (best is None or m.start() < best[0].start()):
                    best = (m, rule)
            if best is None:
                return
            m, rule = best
            end = m.end()
            if "begin" in rule:
                close = re.compile(rule["end"]).search(line, m.end())
                end = close.end() if close else len(line)
            yield m.start(), end, rule.get("name") or rule["captures"]["1"]["name"]
            pos = end


@pytest.mark.parametrize("path", SHIPPED, ids=IDS)
def test_textmate_gives_every_character_a_scope(path):
    scanner = TextMate(grammar())
    for number, line in enumerate(path.read_text("utf-8").split("\n"), 1):
        covered = [False] * len(line)
        for start, end, _ in scanner.scan_line(line):
            covered[start:end] = [True] * (end - start)
        loose = [line[i] for i, c in enumerate(covered) if not c and not line[i].isspace()
                 and not (line[i].isalnum() or line[i] == "_")]
        assert not loose, f"{path}:{number}: no scope for {loose!r} in {line!r}"


def test_textmate_scopes_on_a_sample():
    scanner = TextMate(grammar())
    line = 'rule take(p) "Take" { move 1 red from f(p) to p.hand }  # done'
    scopes = {line[s:e]: scope for s, e, scope in scanner.scan_line(line)}
    assert scopes['"Take"'].startswith("string.quoted")
    assert scopes["# done"].startswith("comment.line")
    assert scopes["move"] == "keyword.other.ratdsl"
    assert scopes["f"] == "entity.name.function.call.ratdsl"
    assert scopes["1"].startswith("constant.numeric")
    line = "let n = count(p.hand, coin) + top(row) + top_of(row)"
    scopes = {line[s:e]: scope for s, e, scope in scanner.scan_line(line)}
    assert scopes["count"] == scopes["top"] == "support.function.builtin.ratdsl"
    assert scopes["top_of"] == "entity.name.function.call.ratdsl"


# ---------------------------------------------------------------- the client


def run_client(scenario: dict, tmp_path: Path) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    env = {**os.environ, "HOME": str(tmp_path), "NODE_PATH": ""}
    done = subprocess.run([node, str(HARNESS), str(VSCODE / "extension.js"), json.dumps(scenario)],
                          capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def started(report: dict) -> list[dict]:
    return [e["client"] for e in report["events"] if "client" in e]


def test_the_client_starts_ratdsl_lsp_on_stdio(tmp_path):
    report = run_client({"folder": str(tmp_path)}, tmp_path)
    [client] = started(report)
    assert client["id"] == "ratdsl"
    for mode in ("run", "debug"):
        server = client["serverOptions"][mode]
        assert (server["command"], server["args"]) == ("ratdsl", ["lsp"])
        assert "transport" not in server, "stdio without a transport: the client would add --stdio"
        assert server["options"]["cwd"] == str(tmp_path)
    assert {s["language"] for s in client["documentSelector"]} == {"ratdsl"}
    assert not [e for e in report["events"] if "error" in e]
    assert {"stop": "ratdsl"} in report["events"], "deactivate stops the server"


def test_the_setting_names_the_server_with_folders_expanded(tmp_path):
    command = ["${workspaceFolder}/.venv/bin/ratdsl", "lsp", "--log", "~/ratdsl.log"]
    report = run_client({"folder": "/games/ratland", "command": command}, tmp_path)
    server = started(report)[0]["serverOptions"]["run"]
    assert server["command"] == "/games/ratland/.venv/bin/ratdsl"
    assert server["args"] == ["lsp", "--log", str(tmp_path / "ratdsl.log")]


@pytest.mark.parametrize("command, folder, says", [
    ([], "/g", "must be a list of words"),
    ("ratdsl lsp", "/g", "must be a list of words"),
    (["${workspaceFolder}/ratdsl", "lsp"], None, "no folder is open"),
])
def test_a_bad_setting_is_an_error_message_not_a_server(command, folder, says, tmp_path):
    report = run_client({"folder": folder, "command": command}, tmp_path)
    assert not started(report)
    [error] = [e["error"] for e in report["events"] if "error" in e]
    assert says in error


def test_a_server_that_cannot_start_is_reported_with_its_command(tmp_path):
    report = run_client({"folder": str(tmp_path), "failStart": True}, tmp_path)
    [error] = [e["error"] for e in report["events"] if "error" in e]
    assert "`ratdsl lsp`" in error and "ENOENT" in error and "ratdsl.server.command" in error


def test_the_server_restarts_when_its_setting_changes(tmp_path):
    steps = [{"do": "change", "affects": "editor.tabSize", "command": ["other", "lsp"]},
             {"do": "change", "affects": "ratdsl.server.command", "command": ["/opt/ratdsl", "lsp"]},
             {"do": "restart"}]
    report = run_client({"folder": str(tmp_path), "steps": steps}, tmp_path)
    commands = [c["serverOptions"]["run"]["command"] for c in started(report)]
    assert commands == ["ratdsl", "/opt/ratdsl", "/opt/ratdsl"], "an unrelated setting restarts nothing"
    assert report["events"].count({"stop": "ratdsl"}) == 3


def test_every_contributed_command_is_registered(tmp_path):
    report = run_client({"folder": str(tmp_path)}, tmp_path)
    contributed = {c["command"] for c in manifest()["contributes"]["commands"]}
    assert contributed == set(report["commands"])
    assert report["subscriptions"] == len(contributed) + 1  # and the settings listener


# ---------------------------------------------------------------- Neovim, Helix and the others


def doc_blocks(language: str) -> list[str]:
    return ["\n".join(body) + "\n" for _line, info, body, _closed in fenced_blocks(EDITORS_DOC)
            if info == language]


def test_the_editors_page_has_a_section_per_editor():
    headings = re.findall(r"^## (.+)$", EDITORS_DOC.read_text("utf-8"), re.MULTILINE)
    for heading in ("VS Code", "Neovim", "Helix", "Other editors", "The language server"):
        assert heading in headings


def test_helix_configuration_is_valid_toml_for_the_server():
    [block] = doc_blocks("toml")
    config = tomllib.loads(block)
    [language] = config["language"]
    assert language["name"] == "ratdsl" and language["file-types"] == [RULE_SUFFIX.lstrip(".")]
    assert language["scope"] == grammar()["scopeName"]
    assert language["comment-token"] == configuration()["comments"]["lineComment"]
    server = config["language-server"][language["language-servers"][0]]
    assert [server["command"], *server["args"]] == manifest()["contributes"]["configuration"][
        "properties"]["ratdsl.server.command"]["default"]


def test_neovim_configurations_are_valid_lua_for_the_server(tmp_path):
    blocks = doc_blocks("lua")
    assert len(blocks) == 2  # Neovim 0.11 and 0.10
    for block in blocks:
        assert "extension = { rat = 'ratdsl' }" in block
        assert "cmd = { 'ratdsl', 'lsp' }" in block
        assert "commentstring = '# %s'" in block
    luac = shutil.which("luac") or shutil.which("luac5.4") or shutil.which("luac5.1")
    if luac is None:
        pytest.skip("luac is not installed (Debian: apt-get install lua5.4)")
    for number, block in enumerate(blocks):
        source = tmp_path / f"init{number}.lua"
        source.write_text(block, "utf-8")
        done = subprocess.run([luac, "-p", str(source)], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr


def test_json_settings_on_the_page_are_json():
    blocks = doc_blocks("json")
    assert blocks
    for block in blocks:
        settings = json.loads(block)
        assert set(settings) <= set(manifest()["contributes"]["configuration"]["properties"])
