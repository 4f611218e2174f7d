"""`ratdsl lsp`: the language server, on standard input and output (pygls).

Each LSP feature is one function of its own module; this module registers them, keeps the open
documents in the Workspace, and publishes diagnostics ~300 ms after the last change. Every handler
catches what goes wrong, logs it (to standard error and the client's log) and answers with an
empty result: a half-typed, deleted or unreadable file never stops the server. The one error a
client sees is a refused rename.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types as T
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..language.grammar import shared_parser
from . import completion, diagnostics, document_symbols, formatting, hover, navigation
from .workspace import Workspace

log = logging.getLogger("ratdsl.lsp")
DEBOUNCE_SECONDS = 0.3
F = TypeVar("F", bound=Callable[..., Any])


class RuleServer(LanguageServer):
    """The server and the state it keeps between messages."""

    def __init__(self) -> None:
        super().__init__("ratdsl", __version__, text_document_sync_kind=T.TextDocumentSyncKind.Incremental)
        self.rules = Workspace()
        self._pending: asyncio.TimerHandle | None = None
        self.uris: dict[str, str] = {}  # absolute path -> the client's URI of the open document

    # ------------------------------------------------------------ documents
    def sync(self, uri: str, closed: bool = False) -> None:
        path = _path(uri)
        if path is None:
            return
        if closed:
            self.rules.set_text(path, None)
            self.uris.pop(str(path.absolute()), None)
        else:
            self.uris[str(path.absolute())] = uri
            self.rules.set_text(path, self.workspace.get_text_document(uri).source)

    def schedule_diagnostics(self) -> None:
        """Publish the diagnostics of every open document once the edits pause."""
        if self._pending is not None:
            self._pending.cancel()
        self._pending = asyncio.get_running_loop().call_later(DEBOUNCE_SECONDS, self.publish_all)

    def publish_all(self) -> None:
        self._pending = None
        for key in list(self.rules.documents):
            uri = self.uris.get(key) or Path(key).as_uri()
            try:
                found = self.diagnostics_of(Path(key), uri)
            except Exception as err:  # noqa: BLE001 - a bug in one analysis must not stop the server
                log.exception("diagnostics of %s failed", key)
                self.window_log_message(T.LogMessageParams(T.MessageType.Error, f"diagnostics of {key}: {err!r}"))
                found = []
            self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=found))

    def diagnostics_of(self, path: Path, uri: str) -> list[T.Diagnostic]:
        key = str(path.absolute())
        if key in self.rules.too_large:
            return diagnostics.too_large(len(self.rules.documents[key]))
        return diagnostics.for_document(path, self.rules.for_document(path), uri)


def _path(uri: str) -> Path | None:
    fs = to_fs_path(uri)
    return Path(fs) if fs else None


def safe(default: Any) -> Callable[[F], F]:
    """A handler that logs whatever it raises (but a refused rename) and answers `default`."""

    def wrap(handler: F) -> F:
        @wraps(handler)
        def run(ls: RuleServer, params: Any) -> Any:
            try:
                return handler(ls, params)
            except JsonRpcInvalidParams:
                raise
            except Exception as err:  # noqa: BLE001 - the server outlives any one request
                log.exception("%s failed", handler.__name__)
                try:
                    ls.window_log_message(T.LogMessageParams(T.MessageType.Error, f"{handler.__name__}: {err!r}"))
                except Exception:  # noqa: BLE001
                    pass
                return default() if callable(default) else default

        return run  # type: ignore[return-value]

    return wrap


def make_server() -> RuleServer:
    server = RuleServer()

    @server.feature(T.INITIALIZED)
    @safe(None)
    def initialized(ls: RuleServer, params: T.InitializedParams) -> None:
        shared_parser()  # Lark's tables, loaded now rather than on the first keystroke

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    @safe(None)
    def did_open(ls: RuleServer, params: T.DidOpenTextDocumentParams) -> None:
        ls.sync(params.text_document.uri)
        ls.schedule_diagnostics()

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    @safe(None)
    def did_change(ls: RuleServer, params: T.DidChangeTextDocumentParams) -> None:
        ls.sync(params.text_document.uri)
        ls.schedule_diagnostics()

    @server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
    @safe(None)
    def did_close(ls: RuleServer, params: T.DidCloseTextDocumentParams) -> None:
        ls.sync(params.text_document.uri, closed=True)
        ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))
        ls.schedule_diagnostics()

    @server.feature(T.TEXT_DOCUMENT_DID_SAVE)
    @safe(None)
    def did_save(ls: RuleServer, params: T.DidSaveTextDocumentParams) -> None:
        ls.rules.disk_changed()
        ls.schedule_diagnostics()

    @server.feature(T.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    @safe(None)
    def files_changed(ls: RuleServer, params: T.DidChangeWatchedFilesParams) -> None:
        ls.rules.disk_changed()
        ls.schedule_diagnostics()

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    @safe(None)
    def on_hover(ls: RuleServer, params: T.HoverParams) -> T.Hover | None:
        path = _path(params.text_document.uri)
        return hover.hover(ls.rules, path, params.position) if path else None

    @server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=["."]))
    @safe(lambda: T.CompletionList(is_incomplete=False, items=[]))
    def on_completion(ls: RuleServer, params: T.CompletionParams) -> T.CompletionList:
        path = _path(params.text_document.uri)
        return completion.completion(ls.rules, path, params.position)

    @server.feature(T.TEXT_DOCUMENT_DEFINITION)
    @safe(list)
    def on_definition(ls: RuleServer, params: T.DefinitionParams) -> list[T.Location]:
        return navigation.definition(ls.rules, _path(params.text_document.uri), params.position)

    @server.feature(T.TEXT_DOCUMENT_REFERENCES)
    @safe(list)
    def on_references(ls: RuleServer, params: T.ReferenceParams) -> list[T.Location]:
        return navigation.references(ls.rules, _path(params.text_document.uri), params.position,
                                     params.context.include_declaration)

    @server.feature(T.TEXT_DOCUMENT_PREPARE_RENAME)
    @safe(None)
    def on_prepare_rename(ls: RuleServer, params: T.PrepareRenameParams) -> T.Range | None:
        return navigation.prepare_rename(ls.rules, _path(params.text_document.uri), params.position)

    @server.feature(T.TEXT_DOCUMENT_RENAME, T.RenameOptions(prepare_provider=True))
    @safe(None)
    def on_rename(ls: RuleServer, params: T.RenameParams) -> T.WorkspaceEdit | None:
        try:
            return navigation.rename(ls.rules, _path(params.text_document.uri), params.position, params.new_name)
        except navigation.RenameRefused as err:
            raise JsonRpcInvalidParams(str(err)) from None

    @server.feature(T.TEXT_DOCUMENT_FORMATTING)
    @safe(list)
    def on_formatting(ls: RuleServer, params: T.DocumentFormattingParams) -> list[T.TextEdit]:
        path = _path(params.text_document.uri)
        text = ls.workspace.get_text_document(params.text_document.uri).source
        return formatting.formatting(text, str(path) if path else "<document>")

    @server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @safe(list)
    def on_document_symbol(ls: RuleServer, params: T.DocumentSymbolParams) -> list[T.DocumentSymbol]:
        path = _path(params.text_document.uri)
        return document_symbols.document_symbols(path) if path else []

    return server


def _not_a_refusal(record: logging.LogRecord) -> bool:
    """pygls logs every error response with a traceback; a refused rename is an answer, not a fault."""
    return not (record.exc_info and isinstance(record.exc_info[1], JsonRpcInvalidParams))


def main() -> None:
    """Serve on stdio until the client says exit."""
    logging.basicConfig(level=logging.WARNING, format="ratdsl lsp: %(levelname)s %(name)s: %(message)s")
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_not_a_refusal)
    make_server().start_io()
