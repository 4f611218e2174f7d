"""Golden tests of `ratdsl check`: every case in tests/broken/ is a small game folder (or a
folder holding one variant file that extends tests/broken/tiny) with one kind of mistake, and
tests/broken/CASE.expected holds the exact text that `ratdsl check tests/broken/CASE` prints.

To regenerate after a deliberate change of wording: RATDSL_UPDATE_GOLDEN=1 pytest tests/test_diagnostics.py
"""

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.checker.run import check_paths, document, render_github
from ratdsl.cli.main import app
from ratdsl.engine.invariants import check_invariants
from ratdsl.schemas import validate

ROOT = Path(__file__).resolve().parents[1]
BROKEN = Path("tests") / "broken"
CASES = sorted(p.name for p in (ROOT / BROKEN).iterdir() if p.is_dir())
UPDATE = os.environ.get("RATDSL_UPDATE_GOLDEN") == "1"


def target(case: str) -> str:
    """The path `ratdsl check` is given: the folder of a game, or the variant file."""
    folder = BROKEN / case
    variants = sorted((ROOT / folder).glob("variant*.rat"))
    return str(folder / variants[0].name) if variants else str(folder)


def run_check(*args: str):
    return CliRunner().invoke(app, ["check", *args])


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def test_every_broken_case_has_its_expected_output_and_no_output_is_left_over():
    """Each folder under tests/broken/ is a golden case (with its .expected file), and each
    .expected file belongs to a case: a case cannot go missing unnoticed."""
    expected = sorted(p.name[: -len(".expected")] for p in (ROOT / BROKEN).glob("*.expected"))
    assert CASES and expected == CASES


@pytest.mark.parametrize("case", CASES)
def test_golden_output(case):
    result = run_check(target(case))
    expected_file = ROOT / BROKEN / f"{case}.expected"
    if UPDATE:
        expected_file.write_text(result.stdout, "utf-8")
    assert expected_file.is_file(), f"missing {expected_file}; run with RATDSL_UPDATE_GOLDEN=1"
    assert result.stdout == expected_file.read_text("utf-8")
    clean = result.stdout.strip() == "no findings"
    assert result.exit_code == (0 if clean else 1)
    if not clean:
        first = result.stdout.splitlines()[0]
        assert first.startswith(str(BROKEN / case)), "every finding starts with file:line:col"
        assert "^" in result.stdout, "the source line is shown with a caret under the span"


def test_every_kind_of_diagnostic_is_covered():
    codes = set()
    for case in CASES:
        text = (ROOT / BROKEN / f"{case}.expected").read_text("utf-8")
        codes |= {line.split(": ")[1].split()[0] for line in text.splitlines()
                  if line.startswith(str(BROKEN)) and ": " in line}
    wanted = {"E002", "E003", "E004", "E005", "E006", "E201", "E202", "E203", "E204", "E212",
              "E213", "E215", "E216", "E218"}
    assert wanted <= codes, sorted(wanted - codes)


def test_several_paths_report_everything_once():
    paths = [target(c) for c in CASES]
    result = run_check(*paths, paths[0])
    findings = check_paths(paths, also=check_invariants)  # as `ratdsl check` does (E242)
    errors = sum(1 for f in findings if f.severity == "error")
    assert result.stdout.strip().endswith(f"{errors} error(s), {len(findings) - errors} warning(s)")
    files = {f.file for f in findings}
    assert len(files) == len(CASES) - 1  # every broken case, and tiny has no findings
    assert result.exit_code == 1


def test_json_output_matches_its_schema():
    paths = [target(c) for c in CASES]
    result = run_check("--output-format", "json", *paths)
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    validate("diagnostics", doc)
    assert doc["paths"] == paths
    assert doc["summary"]["errors"] + doc["summary"]["warnings"] == len(doc["diagnostics"])
    first = doc["diagnostics"][0]
    assert {"file", "line", "column", "code", "severity", "message", "hint"} <= set(first)


def test_json_schema_rejects_a_bad_report():
    from ratdsl.schemas import SchemaError

    doc = document(check_paths([target("undefined_name")]), ["x"])
    doc["diagnostics"][0]["severity"] = "warning"  # an E code cannot be a warning
    with pytest.raises(SchemaError):
        validate("diagnostics", doc)


def test_github_output():
    result = run_check("--output-format", "github", target("undefined_name"), target("never_runs"))
    lines = result.stdout.splitlines()
    assert lines[0].startswith("::warning file=tests/broken/never_runs/game.rat,line=17,col=3")
    assert any(line.startswith("::error file=tests/broken/undefined_name/game.rat,line=15,col=23,")
               and "title=E202::E202 unknown name 'stok'%0Ahint: did you mean 'stock'?" in line for line in lines)
    assert render_github([]) == ""


def test_clean_rules_exit_0_and_usage_errors_exit_2():
    assert run_check(target("tiny")).exit_code == 0
    assert run_check("--output-format", "xml", target("tiny")).exit_code == 2
    assert run_check("tests/broken/no_such_game").exit_code == 2


def test_syntax_errors_in_several_files_of_one_game(tmp_path):
    (tmp_path / "a.rat").write_text('game g "G" {\n  players 2..4\n}\nrule r() {\n  mvoe 1 x from a to b\n}\n')
    (tmp_path / "b.rat").write_text("rule s() {\n  do r(),\n}\n")
    codes = [(Path(f.file).name, f.code) for f in check_paths([tmp_path])]
    assert codes == [("a.rat", "E006"), ("b.rat", "E004")]
