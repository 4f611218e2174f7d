"""`ratdsl lsp`: the language server on stdio (ratdsl/lsp/), for editors that speak LSP.

pygls is imported when this command runs, so no other command pays for it at start-up.
"""

from __future__ import annotations

import typer

from .common import USAGE, echo


def register(app: typer.Typer) -> None:
    @app.command("lsp")
    def lsp(stdio: bool = typer.Option(True, "--stdio", help="Talk LSP on stdin/stdout (the only transport).")
            ) -> None:
        """Run the language server on stdin/stdout (editors start it; see docs/editors.md).

        Example: ratdsl lsp --stdio"""
        try:
            from ..lsp.server import main as serve
        except ImportError as err:  # pygls missing from this installation
            echo(f"ratdsl lsp: cannot start the language server: {err}", err=True)
            raise typer.Exit(USAGE) from None
        serve()
