"""The language server end to end: a real LSP client (pytest-lsp) starts `python -m ratdsl.lsp`
and works on a copy of rules/ratland. Positions are looked up in the rule files, not hard-coded."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient

from ratdsl.language.formatter import format_text

RULES = Path(__file__).resolve().parent.parent / "rules" / "ratland"
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("lsp") / "ratland"
    shutil.copytree(RULES, folder)
    return folder


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "ratdsl.lsp"]))
async def client(lsp_client: LanguageClient, game: Path):
    await lsp_client.initialize_session(T.InitializeParams(capabilities=T.ClientCapabilities(),
                                                           root_uri=game.as_uri()))
    yield
    await lsp_client.shutdown_session()


# ---------------------------------------------------------------- helpers
_versions: dict[str, int] = {}


def open_doc(client: LanguageClient, path: Path, text: str | None = None) -> str:
    uri = path.as_uri()
    _versions[uri] = 1
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=uri, language_id="ratdsl", version=1, text=path.read_text() if text is None else text)))
    return uri


def replace_all(client: LanguageClient, uri: str, text: str) -> None:
    _versions[uri] = _versions.get(uri, 1) + 1
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=_versions[uri]),
        [T.TextDocumentContentChangeWholeDocument(text=text)]))


def close_doc(client: LanguageClient, uri: str) -> None:
    client.text_document_did_close(T.DidCloseTextDocumentParams(T.TextDocumentIdentifier(uri)))


def where(path: Path, line_has: str, word: str, offset: int = 1) -> T.Position:
    """The position `offset` characters into `word` on the first line holding `line_has`."""
    lines = path.read_text().split("\n")
    number = next(i for i, line in enumerate(lines) if line_has in line)
    return T.Position(number, lines[number].index(word, lines[number].index(line_has)) + offset)


async def diagnostics_for(client: LanguageClient, uri: str, check, timeout: float = 20.0) -> list[T.Diagnostic]:
    """Waits for the published diagnostics of `uri` to satisfy `check`."""
    async def wait():
        while True:
            found = client.diagnostics.get(uri)
            if found is not None and check(found):
                return found
            await client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return await asyncio.wait_for(wait(), timeout)


def at(path: Path, pos: T.Position):
    return T.TextDocumentIdentifier(path.as_uri()), pos


async def hover_text(client: LanguageClient, path: Path, line_has: str, word: str) -> str:
    result = await client.text_document_hover_async(T.HoverParams(*at(path, where(path, line_has, word))))
    return result.contents.value


# ---------------------------------------------------------------- diagnostics
async def test_a_missing_brace_is_a_diagnostic_where_the_parser_finds_it(client: LanguageClient, game: Path):
    path = game / "round.rat"
    text = path.read_text()
    uri = open_doc(client, path)
    await diagnostics_for(client, uri, lambda d: not d)
    replace_all(client, uri, text.replace('phase rats "Rats" {', 'phase rats "Rats"', 1))
    found = await diagnostics_for(client, uri, lambda d: len(d) > 0)
    step = where(path, "step gather", "step", 0)
    assert [(d.range.start, d.range.end, d.code[:2], d.severity) for d in found] == [
        (step, T.Position(step.line, step.character + len("step")), "E0", T.DiagnosticSeverity.Error)]
    assert '"{" is missing' in found[0].message
    replace_all(client, uri, text)
    assert await diagnostics_for(client, uri, lambda d: not d) is not None
    close_doc(client, uri)


async def test_a_type_error_is_a_diagnostic_with_its_code_where_the_value_stands(client: LanguageClient, game: Path):
    path = game / "game.rat"
    text = path.read_text()
    uri = open_doc(client, path)
    await diagnostics_for(client, uri, lambda d: not d)
    replace_all(client, uri, text.replace("if starting_player == random", "if starting_player == 3", 1))
    found = await diagnostics_for(client, uri, lambda d: len(d) > 0)
    pos = where(path, "if starting_player == random", "starting_player", 0)
    assert [(d.range.start, d.code) for d in found] == [(pos, "E281")]
    assert "always false" in found[0].message
    replace_all(client, uri, text)
    await diagnostics_for(client, uri, lambda d: not d)
    close_doc(client, uri)


async def test_a_module_file_is_checked_with_its_module_on(client: LanguageClient, game: Path):
    path = game / "modules" / "aggressive.rat"
    text = path.read_text()
    uri = open_doc(client, path)
    await diagnostics_for(client, uri, lambda d: not d)
    broken = text.replace("if aggressive_mode == all", "if aggressive_mod == all", 1)
    replace_all(client, uri, broken)
    found = await diagnostics_for(client, uri, lambda d: len(d) > 0)
    pos = where(path, "if aggressive_mode == all", "aggressive_mode", 0)
    assert [(d.range.start, d.range.end.character - d.range.start.character, d.code) for d in found] == [
        (pos, len("aggressive_mod"), "E202")]
    assert "aggressive_mod" in found[0].message
    assert "aggressive_mode" in found[0].related_information[0].message  # the hint: did you mean ...?
    replace_all(client, uri, text)
    await diagnostics_for(client, uri, lambda d: not d)
    close_doc(client, uri)


async def test_a_variant_file_is_checked_as_its_variant(client: LanguageClient, game: Path):
    path = game / "variants" / "lean_times.rat"
    text = path.read_text()
    uri = open_doc(client, path)
    await diagnostics_for(client, uri, lambda d: not d)
    replace_all(client, uri, text + "\nset option no_such_option = 1\n")
    found = await diagnostics_for(client, uri, lambda d: len(d) > 0)
    assert any("no_such_option" in d.message for d in found)
    assert all(d.range.start.line == len(text.split("\n")) for d in found if "no_such_option" in d.message)
    replace_all(client, uri, text)
    await diagnostics_for(client, uri, lambda d: not d)
    close_doc(client, uri)


# ---------------------------------------------------------------- hover
async def test_hover_on_a_rule_shows_its_title_and_the_modules_that_hook_it(client: LanguageClient, game: Path):
    path = game / "round.rat"
    text = await hover_text(client, path, "do event_revealed", "event_revealed")
    assert "rule event_revealed" in text and "After the round's event and food cards are revealed" in text
    assert "rule event_revealed(card)" in text
    assert "module `clans`" in text  # clans.rat: after event_revealed(...)


async def test_hover_on_an_option_shows_its_values_default_and_comment(client: LanguageClient, game: Path):
    path = game / "game.rat"
    text = await hover_text(client, path, "option food_order", "food_order")
    assert "values: shuffled, sorted; default: `shuffled`" in text
    assert "EN SETUP recommends sorting the food cards" in text  # the comment above it


async def test_hover_on_a_card_shows_its_localized_names(client: LanguageClient, game: Path):
    path = game / "events.rat"
    result = await client.text_document_hover_async(T.HoverParams(*at(path, where(path, "card drunk", "drunk"))))
    assert "de: Betrunken" in result.contents.value and "fr: Ivre" in result.contents.value


async def test_hover_on_a_builtin_and_a_func_shows_signatures(client: LanguageClient, game: Path):
    path = game / "round.rat"
    line = "move all rat from zones(p, deployable)"
    builtin = await client.text_document_hover_async(T.HoverParams(*at(path, where(path, line, "zones"))))
    assert "zones(player, names)" in builtin.contents.value
    func = await hover_text(client, path, "at least pipe_minimum", "pipe_minimum")
    assert "func pipe_minimum(p)" in func and "card `massive_attacks`" in func


# ---------------------------------------------------------------- completion
async def test_completion_offers_keywords_names_builtins_and_locals(client: LanguageClient, game: Path):
    path = game / "round.rat"
    result = await client.text_document_completion_async(T.CompletionParams(
        *at(path, where(path, "for each p in players", "players", 0))))
    items = {i.label: i for i in result.items}
    assert {"if", "not", "true"} <= set(items) and "phase" not in items  # what may start a value here
    assert items["neighbour"].detail == "neighbour(player, side)"
    assert {"food_order", "shuffled", "rat", "supply", "dump", "drunk", "pipe_minimum"} <= set(items)
    gather = where(path, "move all rat from zones(p, deployable)", "deployable", 0)
    inner = await client.text_document_completion_async(T.CompletionParams(*at(path, gather)))
    assert "p" in {i.label for i in inner.items}  # the loop variable is in scope there
    before = await client.text_document_completion_async(T.CompletionParams(
        *at(path, where(path, "step gather", "gather", 0))))
    assert "p" not in {i.label for i in before.items}  # and not before its loop


async def completion_labels(client: LanguageClient, path: Path, text: str) -> set[str]:
    """The labels offered at the end of `text`, a new document beside the game's files."""
    uri = open_doc(client, path, text)
    lines = text.split("\n")
    result = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), T.Position(len(lines) - 1, len(lines[-1]))))
    close_doc(client, uri)
    return {i.label for i in result.items}


STEP = 'phase probe "Probe" {\n  step only {\n    '


async def test_completion_offers_only_what_the_grammar_allows_at_the_cursor(client: LanguageClient, game: Path):
    path = game / "probe.rat"
    statement = await completion_labels(client, path, STEP)
    assert {"move", "ask", "secretly", "for"} <= statement and not {"phase", "distribute"} & statement
    assert "supply" not in statement  # (a statement starts with a keyword: no names)
    kinds = await completion_labels(client, path, STEP + "move 2 ")
    assert {"rat", "yellow", "white", "from"} <= kinds and not {"supply", "pipe_minimum", "phase"} & kinds
    rules = await completion_labels(client, path, STEP + "do ")
    assert {"trade_whites", "eat_a_rat"} <= rules and not {"rat", "supply", "move"} & rules
    operators = await completion_labels(client, path, STEP + "if round ")
    assert {"and", "or"} <= operators and not {"rat", "move"} & operators
    header = 'variant probe "Probe" extends ratland with '
    modules = await completion_labels(client, game / "variants" / "probe.rat", header)
    assert {"clans", "aggressive"} <= modules and "rat" not in modules
    broken = await completion_labels(client, path, STEP + "move ) ")  # (no parse: everything)
    assert {"phase", "rat", "supply"} <= broken


async def test_completion_after_a_dot_offers_what_a_player_has(client: LanguageClient, game: Path):
    path = game / "round.rat"
    pos = where(path, "to p.reserve", "p.reserve", 2)
    result = await client.text_document_completion_async(T.CompletionParams(*at(path, pos)))
    labels = {i.label for i in result.items}
    assert {"reserve", "dump", "pantry"} <= labels and "players" not in labels and "food_order" not in labels


async def test_completion_after_an_option_comparison_puts_its_values_first(client: LanguageClient, game: Path):
    path = game / "game.rat"
    text = path.read_text()
    uri = open_doc(client, path, text + "\nconst probe = food_order == \n")
    line = len(text.split("\n"))
    result = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), T.Position(line, len("const probe = food_order == "))))
    first = sorted(result.items, key=lambda i: i.sort_text)[:2]
    assert {i.label for i in first} == {"shuffled", "sorted"}
    close_doc(client, uri)


# ---------------------------------------------------------------- definition, references
async def test_definition_jumps_from_a_do_to_the_rule(client: LanguageClient, game: Path):
    path = game / "round.rat"
    found = await client.text_document_definition_async(T.DefinitionParams(
        *at(path, where(path, "do event_revealed", "event_revealed"))))
    rule = where(path, "rule event_revealed", "event_revealed", 0)
    assert [(loc.uri, loc.range.start) for loc in found] == [(path.as_uri(), rule)]


async def test_definition_from_a_module_reaches_the_base_game(client: LanguageClient, game: Path):
    module = game / "modules" / "aggressive.rat"
    pos = where(module, "after attacked(", "attacked")
    found = await client.text_document_definition_async(T.DefinitionParams(*at(module, pos)))
    base = game / "round.rat"
    rule = where(base, "rule attacked(", "attacked", 0)
    assert [(loc.uri, loc.range.start) for loc in found] == [(base.as_uri(), rule)]


async def test_references_cross_base_modules_and_variants(client: LanguageClient, game: Path):
    path = game / "round.rat"
    found = await client.text_document_references_async(T.ReferenceParams(
        context=T.ReferenceContext(True), text_document=T.TextDocumentIdentifier(path.as_uri()),
        position=where(path, "func pipe_minimum", "pipe_minimum")))
    places = {(Path(loc.uri.removeprefix("file://")).name, loc.range.start.line) for loc in found}
    assert ("round.rat", where(path, "func pipe_minimum", "pipe_minimum").line) in places
    assert ("round.rat", where(path, "at least pipe_minimum", "pipe_minimum").line) in places
    events = game / "events.rat"
    assert ("events.rat", where(events, "modify pipe_minimum", "pipe_minimum").line) in places
    rat = await client.text_document_references_async(T.ReferenceParams(
        context=T.ReferenceContext(False), text_document=T.TextDocumentIdentifier((game / "game.rat").as_uri()),
        position=where(game / "game.rat", "tokens rat", "rat")))
    files = {Path(loc.uri.removeprefix("file://")).name for loc in rat}
    assert {"round.rat", "events.rat", "clans.rat", "aggressive.rat"} <= files  # base and both modules
    variant_files = {p.name for p in (game / "variants").glob("*.rat") if " rat" in p.read_text()}
    assert variant_files and variant_files & files  # and the variants that name it


# ---------------------------------------------------------------- rename
async def test_rename_a_card_everywhere_with_scenarios_and_locale_keys(client: LanguageClient, game: Path):
    path = game / "events.rat"
    edit = await client.text_document_rename_async(T.RenameParams(
        *at(path, where(path, "card drunk", "drunk")), new_name="tipsy"))
    changed = {uri.removeprefix("file://"): edits for uri, edits in edit.changes.items()}
    assert str(path) in changed
    scenario = game / "scenarios" / "event_drunk.yaml"
    assert str(scenario) in changed  # piles: event_deck: [drunk, end_of_game]
    for lang in ("de", "en", "es", "fr"):
        ftl = game / "locales" / lang / "game.ftl"
        lines = ftl.read_text().split("\n")
        assert [lines[e.range.start.line][e.range.start.character:e.range.end.character]
                for e in changed[str(ftl)]] == ["drunk"]
        assert lines[changed[str(ftl)][0].range.start.line].startswith("card-drunk")
    scenario_lines = scenario.read_text().split("\n")
    assert all(scenario_lines[e.range.start.line][e.range.start.character:e.range.end.character] == "drunk"
               for e in changed[str(scenario)])
    assert not any(scenario_lines[e.range.start.line].startswith(("name:", "description:"))
                   for e in changed[str(scenario)])


async def test_rename_a_func_changes_its_modifiers_and_uses(client: LanguageClient, game: Path):
    path = game / "round.rat"
    edit = await client.text_document_rename_async(T.RenameParams(
        *at(path, where(path, "func pipe_minimum", "pipe_minimum")), new_name="pipe_floor"))
    changed = {Path(uri.removeprefix("file://")).name: len(edits) for uri, edits in edit.changes.items()}
    assert changed["round.rat"] == 2 and changed["events.rat"] == 1


@pytest.mark.parametrize("new_name, why", [("pipe_minimum", "already declared"), ("phase", "keyword"),
                                          ("9lives", "not a name"), ("neighbour", "built-in")])
async def test_rename_refuses_a_bad_or_taken_name(client: LanguageClient, game: Path, new_name, why):
    path = game / "round.rat"
    with pytest.raises(Exception, match=why):
        await client.text_document_rename_async(T.RenameParams(
            *at(path, where(path, "func current_event", "current_event")), new_name=new_name))


# ---------------------------------------------------------------- formatting, outline
async def test_formatting_is_the_formatters_and_nothing_on_a_syntax_error(client: LanguageClient, game: Path):
    path = game / "round.rat"
    text = path.read_text()
    messy = text.replace("\n      do gathered(p)", "\n do   gathered( p )", 1)
    uri = open_doc(client, path, messy)
    edits = await client.text_document_formatting_async(T.DocumentFormattingParams(
        T.TextDocumentIdentifier(uri), T.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert len(edits) == 1 and edits[0].new_text == format_text(messy, str(path)) == text
    assert edits[0].range.start == T.Position(0, 0)
    replace_all(client, uri, messy.replace("phase rats", "phase rats {{", 1))
    broken = await client.text_document_formatting_async(T.DocumentFormattingParams(
        T.TextDocumentIdentifier(uri), T.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert not broken
    close_doc(client, uri)


async def test_document_symbols_outline_phases_steps_rules_and_cards(client: LanguageClient, game: Path):
    found = await client.text_document_document_symbol_async(T.DocumentSymbolParams(
        T.TextDocumentIdentifier((game / "round.rat").as_uri())))
    outline = {s.name: [c.name for c in s.children or ()] for s in found}
    assert outline["rats"] == ["gather", "place", "screens_down"]
    assert "event_revealed" in outline and "pipe_minimum" in outline
    cards = await client.text_document_document_symbol_async(T.DocumentSymbolParams(
        T.TextDocumentIdentifier((game / "events.rat").as_uri())))
    assert {"drunk", "abundance", "events"} <= {s.name for s in cards}


# ---------------------------------------------------------------- what must not stop it
async def test_a_huge_a_deleted_and_an_unreadable_file_never_stop_it(client: LanguageClient, game: Path):
    huge = game / "huge.rat"
    uri = open_doc(client, huge, "# x\n" * 300_000)
    found = await diagnostics_for(client, uri, lambda d: len(d) > 0)
    assert found[0].code == "LSP1"
    gone = game / "gone.rat"  # open in the editor, never saved: its syntax is still checked
    gone_uri = open_doc(client, gone, "func f() = \n")
    unsaved = await diagnostics_for(client, gone_uri, lambda d: len(d) > 0)
    assert unsaved[0].range.start.line == 0 and unsaved[0].code.startswith("E0")
    binary = game.parent / "stray" / "binary.rat"  # not in the game folder: a file nobody loads with it
    binary.parent.mkdir(exist_ok=True)
    binary.write_bytes(b"\xff\xfe\x00 not text")
    pos = T.Position(0, 5)
    for uri_ in (uri, gone_uri, binary.as_uri()):
        ident = T.TextDocumentIdentifier(uri_)
        await client.text_document_hover_async(T.HoverParams(ident, pos))
        await client.text_document_completion_async(T.CompletionParams(ident, pos))
        await client.text_document_definition_async(T.DefinitionParams(ident, pos))
        await client.text_document_document_symbol_async(T.DocumentSymbolParams(ident))
    for u in (uri, gone_uri):
        close_doc(client, u)
    binary.unlink()
    path = game / "round.rat"  # and it still answers about the real rules
    assert "rule event_revealed" in await hover_text(client, path, "do event_revealed", "event_revealed")
