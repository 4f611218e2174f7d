"""`ratdsl summary`: a rule summary in English, German, Spanish, French or Russian, written from the rule
files (Markdown, or a self-contained printable HTML page)."""

from __future__ import annotations

from pathlib import Path

import typer

from ..files import atomic_write_text
from .common import echo, fail, load_or_exit, output_path


def register(app: typer.Typer) -> None:
    @app.command()
    def summary(rules: Path = typer.Argument(..., help="A game folder under rules/, or a variant file."),
                lang: str = typer.Option("en", "--lang", "-l", help="Language: en, de, es, fr or ru."),
                modules: list[str] = typer.Option([], "--with", help="Switch on an optional module."),
                options: list[str] = typer.Option([], "--option", "-o", help="Set a rule option: NAME=VALUE."),
                output_format: str = typer.Option("markdown", "--format", "-f", help="markdown or html."),
                out: Path | None = typer.Option(None, "--out", help="Write to this file instead of the screen."),
                quick_ref: bool = typer.Option(False, "--quick-ref",
                                               help="One A4 page: round, tables, colours, cards, modules."),
                ) -> None:
        """Print a complete rule summary, generated from the rule files and their translations.

        Example: ratdsl summary rules/my_game --lang de"""
        from ..summaries import LANGUAGES, MessageError, summarize, to_markdown
        from ..summaries.html import summary_page

        if lang not in LANGUAGES:
            fail(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
        if output_format not in ("markdown", "md", "html"):
            fail(f"unknown format {output_format!r}: use markdown or html")
        out = output_path(out, "--out", stdout=True)  # before any work
        definition = load_or_exit(rules, modules, options)
        try:
            if output_format == "html":  # the page also reads the game's display colours
                text = summary_page(definition, lang, quick_ref=quick_ref)
            else:
                doc = summarize(definition, lang, quick_ref=quick_ref)
                for warning in doc.warnings:  # a hand-written text gave way to the generic one
                    echo(f"warning: {warning}", err=True)
                text = to_markdown(doc)
        except MessageError as err:
            fail(f"{err}\nRun `ratdsl i18n check {definition.ruleset.root}` for every problem.", 1)
        if out is None or str(out) == "-":
            echo(text, nl=False)
        else:
            try:
                atomic_write_text(out, text)  # whole or not at all
            except OSError as err:
                fail(f"cannot write the summary to {out}: {err.strerror or err}")
            echo(f"summary written to {out}", err=True)


