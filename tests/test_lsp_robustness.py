"""200 seeded random edits (characters inserted and deleted at random places) sent to `ratdsl lsp`
as document changes: the server never stops, answers every request, and logs no failed handler
(the diagnostics' included)."""

from __future__ import annotations

import asyncio
import random
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient

RULES = Path(__file__).resolve().parent.parent / "rules" / "ratland"
RATDSL = str(Path(sys.executable).parent / "ratdsl")  # the installed command: `ratdsl lsp`
ALPHABET = 'abcdefghijklmnopqrstuvwxyz_0123456789{}()[]"#=.,:+-*<> \n'
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[RATDSL, "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path_factory):
    await lsp_client.initialize_session(T.InitializeParams(capabilities=T.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


def position(text: str, offset: int) -> T.Position:
    before = text[:offset]
    return T.Position(before.count("\n"), offset - (before.rfind("\n") + 1))


def random_edit(rng: random.Random, text: str) -> tuple[T.Range, str, str]:
    """An insertion of 1-3 characters or a deletion of 1-5 at a random place: (range, inserted, new text)."""
    start = rng.randrange(len(text) + 1)
    if rng.random() < 0.5 or not text:
        inserted = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 3)))
        return T.Range(position(text, start), position(text, start)), inserted, text[:start] + inserted + text[start:]
    end = min(len(text), start + rng.randint(1, 5))
    return T.Range(position(text, start), position(text, end)), "", text[:start] + text[end:]


async def test_200_random_edits_never_stop_the_server(client: LanguageClient, tmp_path_factory):
    game = tmp_path_factory.mktemp("robust") / "ratland"
    shutil.copytree(RULES, game)
    path = game / "round.rat"
    text = path.read_text()
    uri = path.as_uri()
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=uri, language_id="ratdsl", version=1, text=text)))
    rng = random.Random(20)
    doc = T.TextDocumentIdentifier(uri)
    for version in range(2, 202):
        rng_range, inserted, text = random_edit(rng, text)
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(version=version, uri=uri),
            [T.TextDocumentContentChangePartial(range=rng_range, text=inserted)]))
        pos = position(text, rng.randrange(len(text) + 1))
        asked = version % 4
        if asked == 0:
            await client.text_document_hover_async(T.HoverParams(doc, pos))
        elif asked == 1:
            result = await client.text_document_completion_async(T.CompletionParams(doc, pos))
            assert result is not None
        elif asked == 2:
            assert await client.text_document_definition_async(T.DefinitionParams(doc, pos)) is not None
        else:
            assert await client.text_document_document_symbol_async(T.DocumentSymbolParams(doc)) is not None
    await client.text_document_formatting_async(T.DocumentFormattingParams(
        doc, T.FormattingOptions(tab_size=2, insert_spaces=True)))
    await client.text_document_references_async(T.ReferenceParams(
        context=T.ReferenceContext(True), text_document=doc, position=T.Position(0, 0)))
    symbols = await client.text_document_document_symbol_async(T.DocumentSymbolParams(
        T.TextDocumentIdentifier((game / "events.rat").as_uri())))
    assert symbols  # still answering about the other files
    # (a generous deadline, not a speed check: a loaded machine once took over 30 s here)
    await asyncio.wait_for(client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 120)
    failures = [m.message for m in client.log_messages if m.type == T.MessageType.Error]
    assert failures == []
