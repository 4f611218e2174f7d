"""Latency of the language server (`ratdsl lsp`) under random edits of RatLand's round.rat.

    python benchmarks/bench_lsp.py [--edits 1000] [--seed 20] [--every 10]

A real client (pytest-lsp's) starts `python -m ratdsl.lsp` on a copy of rules/ratland, opens
round.rat and sends `--edits` random edits (1-3 characters inserted, or 1-5 deleted, at random
places) as incremental document changes. After each edit it asks for hover, completion and
definition, references, the outline, formatting and a rename at random words of the new text,
timing each answer (the first request after an edit
also pays for analysing the new text). Every `--every` edits it waits for the diagnostics and
times them from the change, less the server's 300 ms pause after the last keystroke. Prints the
median, 95th percentile and maximum of each, in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as T
from pytest_lsp import make_test_lsp_client

ROOT = Path(__file__).resolve().parent.parent
ALPHABET = 'abcdefghijklmnopqrstuvwxyz_0123456789{}()[]"#=.,:+-*<> \n'
DEBOUNCE = 0.3  # ratdsl/lsp/server.py's DEBOUNCE_SECONDS
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def position(text: str, offset: int) -> T.Position:
    before = text[:offset]
    return T.Position(before.count("\n"), offset - (before.rfind("\n") + 1))


def random_edit(rng: random.Random, text: str) -> tuple[T.Range, str, str]:
    start = rng.randrange(len(text) + 1)
    if rng.random() < 0.5 or not text:
        inserted = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 3)))
        return T.Range(position(text, start), position(text, start)), inserted, text[:start] + inserted + text[start:]
    end = min(len(text), start + rng.randint(1, 5))
    return T.Range(position(text, start), position(text, end)), "", text[:start] + text[end:]


def a_word(rng: random.Random, text: str, words: list[re.Match]) -> T.Position:
    m = rng.choice(words) if words else None
    return position(text, m.start() + 1 if m else 0)


async def run(edits: int, seed: int, every: int) -> dict[str, list[float]]:
    folder = Path(tempfile.mkdtemp(prefix="bench-lsp-")) / "ratland"
    shutil.copytree(ROOT / "rules" / "ratland", folder)
    client = make_test_lsp_client()
    await client.start_io(sys.executable, "-m", "ratdsl.lsp")
    await client.initialize_session(T.InitializeParams(capabilities=T.ClientCapabilities(), root_uri=folder.as_uri()))
    path = folder / "round.rat"
    text, uri = path.read_text(), path.as_uri()
    doc = T.TextDocumentIdentifier(uri)
    opened = asyncio.ensure_future(client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS))
    client.text_document_did_open(T.DidOpenTextDocumentParams(T.TextDocumentItem(
        uri=uri, language_id="ratdsl", version=1, text=text)))
    await asyncio.wait_for(opened, 30)  # as an editor does: the file is open and checked before typing
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"diagnostics": [], "hover": [], "completion": [], "definition": [],
                                     "references": [], "symbols": [], "formatting": [], "rename": []}

    async def timed(name: str, request) -> None:
        start = time.perf_counter()
        try:
            await request
        except Exception:  # noqa: BLE001 - a refused rename (not a declared name) is an answer too
            pass
        times[name].append((time.perf_counter() - start) * 1000)

    for version in range(2, edits + 2):
        rng_range, inserted, text = random_edit(rng, text)
        words = list(WORD.finditer(text))
        waiting = (version - 1) % every == 0
        if waiting:
            published = asyncio.ensure_future(client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS))
        sent = time.perf_counter()
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(version=version, uri=uri),
            content_changes=[T.TextDocumentContentChangePartial(range=rng_range, text=inserted)]))
        await timed("hover", client.text_document_hover_async(T.HoverParams(doc, a_word(rng, text, words))))
        await timed("completion", client.text_document_completion_async(T.CompletionParams(
            doc, position(text, rng.randrange(len(text) + 1)))))
        await timed("definition", client.text_document_definition_async(T.DefinitionParams(
            doc, a_word(rng, text, words))))
        await timed("references", client.text_document_references_async(T.ReferenceParams(
            text_document=doc, position=a_word(rng, text, words),
            context=T.ReferenceContext(include_declaration=True))))
        await timed("symbols", client.text_document_document_symbol_async(T.DocumentSymbolParams(text_document=doc)))
        await timed("formatting", client.text_document_formatting_async(T.DocumentFormattingParams(
            text_document=doc, options=T.FormattingOptions(tab_size=2, insert_spaces=True))))
        await timed("rename", client.text_document_rename_async(T.RenameParams(
            text_document=doc, position=a_word(rng, text, words), new_name=f"renamed_{version}")))
        if waiting:
            await asyncio.wait_for(published, 30)
            times["diagnostics"].append(max(0.0, (time.perf_counter() - sent - DEBOUNCE) * 1000))
    # Edits that keep the file valid (a blank line added at the end, then removed): every
    # request after one re-analyses the game with its modules and variants.
    text = path.read_text()
    restored = edits + 2  # the document as on disk again (one whole-text change)
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        text_document=T.VersionedTextDocumentIdentifier(version=restored, uri=uri),
        content_changes=[T.TextDocumentContentChangeWholeDocument(text=text)]))
    valid = {"valid: references": [], "valid: rename": [], "valid: hover": []}
    times.update(valid)
    names = [m for m in WORD.finditer(text) if m.group() in ("fill_bag", "forage", "areas", "found")]
    for version in range(restored + 1, restored + 1 + max(20, edits // 20)):
        end = position(text, len(text))
        if text.endswith("\n\n"):
            change = T.TextDocumentContentChangePartial(range=T.Range(position(text, len(text) - 1), end), text="")
            text = text[:-1]
        else:
            change = T.TextDocumentContentChangePartial(range=T.Range(end, end), text="\n")
            text = text + "\n"
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(version=version, uri=uri), content_changes=[change]))
        at = position(text, rng.choice(names).start() + 1)
        await timed("valid: references", client.text_document_references_async(T.ReferenceParams(
            text_document=doc, position=at, context=T.ReferenceContext(include_declaration=True))))
        await timed("valid: rename", client.text_document_rename_async(T.RenameParams(
            text_document=doc, position=at, new_name=f"renamed_{version}")))
        await timed("valid: hover", client.text_document_hover_async(T.HoverParams(doc, at)))
    await client.shutdown_session()
    await client.stop()
    shutil.rmtree(folder.parent, ignore_errors=True)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--every", type=int, default=10, help="wait for diagnostics every N edits")
    args = parser.parse_args()
    times = asyncio.run(run(args.edits, args.seed, args.every))
    print(f"{args.edits} random edits of rules/ratland/round.rat (seed {args.seed}); latency in ms")
    print(f"{'request':<12} {'count':>6} {'median':>8} {'p95':>8} {'max':>8}")
    for name, values in times.items():
        if not values:
            continue
        values = sorted(values)
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
        print(f"{name:<12} {len(values):>6} {statistics.median(values):>8.1f} {p95:>8.1f} {values[-1]:>8.1f}")


if __name__ == "__main__":
    main()
