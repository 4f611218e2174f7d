"""Everything under rules/ is in the formatter's canonical layout (what `ratdsl fmt --check rules`
checks), and the translations are complete (`ratdsl i18n check`)."""

from typer.testing import CliRunner

from ratdsl.cli.main import app

from .conftest import ROOT


def test_rules_are_formatted(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["fmt", "--check", "rules"])
    assert result.exit_code == 0, result.output


def test_translations_are_complete(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["i18n", "check", "rules/ratland"])
    assert result.exit_code == 0, result.output
