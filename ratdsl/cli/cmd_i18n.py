"""`ratdsl i18n check RULES`: list missing, unused and malformed translations per language."""

from __future__ import annotations

from pathlib import Path

import typer

from .common import echo


def register(app: typer.Typer) -> None:
    i18n = typer.Typer(no_args_is_help=True, help="Translations of rule summaries.")
    app.add_typer(i18n, name="i18n")

    @i18n.command("check")
    def check(rules: Path = typer.Argument(..., help="A game folder under rules/."),
              langs: list[str] = typer.Option([], "--lang", "-l", help="Only these languages."),
              ) -> None:
        """List missing, unused and malformed messages in each language the game ships (or those
        given); exit 1 if there are any.

        Example: ratdsl i18n check rules/my_game --lang fr"""
        from ..language.errors import RuleError
        from ..session import RulesInvalid
        from ..summaries import LANGUAGES
        from ..summaries.check import check_locales
        from ..summaries.messages import shipped_languages

        chosen = tuple(langs) or shipped_languages(rules)  # by default, what the game ships
        unknown = [lang for lang in chosen if lang not in LANGUAGES]
        if unknown:
            echo(f"unknown language(s) {', '.join(unknown)}: use {', '.join(LANGUAGES)}", err=True)
            raise typer.Exit(2)
        if not rules.is_dir():
            echo(f"{rules} is not a game folder", err=True)
            raise typer.Exit(2)
        try:
            findings = check_locales(rules, chosen)
        except (RulesInvalid, RuleError) as err:
            echo(f"{err}\nThe rules have errors; run `ratdsl check {rules}` first.", err=True)
            raise typer.Exit(1) from None
        for lang in chosen:
            mine = [f for f in findings if f.lang == lang]
            counts = {k: sum(1 for f in mine if f.kind == k) for k in ("missing", "unused", "malformed")}
            summary = ", ".join(f"{n} {k}" for k, n in counts.items())
            echo(f"[{lang}] {summary}" if mine else f"[{lang}] ok")
            for f in mine:
                echo("  " + f.render(Path.cwd()))
        raise typer.Exit(1 if findings else 0)
