"""`ratdsl diff` shows exactly what each example variant changes (golden files), as text and as
JSON valid against schemas/diff.schema.json."""

import json

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.schemas import validate

from .conftest import ROOT

GOLDEN = ROOT / "tests" / "golden" / "diff"
VARIANTS = ["lean_times", "generous_abundance", "big_litters", "clan_wars"]


def run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("name", VARIANTS)
def test_text_diff_matches_golden(monkeypatch, name):
    monkeypatch.chdir(ROOT)
    out = run("diff", "rules/ratland", f"rules/ratland/variants/{name}.rat")
    assert out == (GOLDEN / f"{name}.txt").read_text()


@pytest.mark.parametrize("name", VARIANTS)
def test_json_diff_matches_golden_and_schema(monkeypatch, name):
    monkeypatch.chdir(ROOT)
    document = json.loads(run("diff", "rules/ratland", f"rules/ratland/variants/{name}.rat", "--json"))
    validate("diff", document)
    assert document == json.loads((GOLDEN / f"{name}.json").read_text())


def test_a_table_change_lists_each_changed_row(monkeypatch):
    monkeypatch.chdir(ROOT)
    out = run("diff", "rules/ratland", "rules/ratland/variants/lean_times.rat")
    assert "row 23..24: 9  ->  10" in out
    assert "row 0..3" not in out  # unchanged rows are not listed


def test_diff_refuses_a_game_folder_as_variant(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["diff", "rules/ratland", "rules/ratland"])
    assert result.exit_code == 2


def test_a_replaced_body_is_a_unified_diff_of_its_formatted_lines(monkeypatch):
    monkeypatch.chdir(ROOT)
    out = run("diff", "rules/ratland", "rules/ratland/variants/generous_abundance.rat").splitlines()
    at = out.index("    effect on reveal:")
    assert out[at + 1].strip().startswith("@@ ")
    body = [line[6:] for line in out[at + 2:]]
    assert "-  move up to 1 yellow from supplies to p.pantry" in body
    assert "+  move up to 2 yellow from supplies to p.pantry" in body
    assert " for each p in players {" in body  # unchanged lines are context, not repeated as -/+
    assert not any(line.startswith(("-for each", "+for each")) for line in body)
