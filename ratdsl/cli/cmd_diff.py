"""`ratdsl diff BASE VARIANT`: what a variant changes, as text or JSON (schemas/diff.schema.json)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..language.errors import RuleError
from ..language.visible import visible_json
from .common import echo, fail, rules_path


def register(app: typer.Typer) -> None:
    @app.command()
    def diff(base: Path = typer.Argument(..., help="The game folder the variant extends."),
             variant: Path = typer.Argument(..., help="A variant file."),
             modules: list[str] = typer.Option([], "--with", help="Modules switched on in both."),
             as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text.")) -> None:
        """Print what a variant changes, element by element (old -> new, added, removed).

        Example: ratdsl diff rules/my_game rules/my_game/variants/house_rule.rat"""
        from ..language.diff import diff_ruleset, render_text
        from ..language.loader import UnknownModule, load

        base = rules_path(base)
        variant = rules_path(variant)
        try:
            base_set = load(base, tuple(modules))
            variant_set = load(variant, tuple(modules))
        except RuleError as err:
            echo(err.render(), err=True)
            raise typer.Exit(2 if isinstance(err, UnknownModule) else 1) from None
        except OSError as err:
            fail(f"cannot read {err.filename or variant}: {err.strerror or err}")
        if variant_set.variant is None:
            echo(f"{variant} is not a variant file (it has no `variant ... extends ...` header)", err=True)
            raise typer.Exit(2)
        if variant_set.root.resolve() != base_set.root.resolve():
            echo(f"{variant} extends {variant_set.root}, not {base}", err=True)
            raise typer.Exit(2)
        changes = diff_ruleset(variant_set, tuple(m.name for m in base_set.modules))
        if as_json:
            from ..schemas import validate  # jsonschema: only for --json

            document = {"base": str(base), "variant": str(variant), "changes": [c.to_json() for c in changes]}
            validate("diff", document)
            echo(visible_json(json.dumps(document, indent=2, ensure_ascii=False)))
        else:
            echo(render_text(changes, str(base), str(variant)))
