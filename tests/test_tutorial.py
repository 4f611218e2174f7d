"""Runs docs/tutorial.md as a person would: writes each file block, runs each console command in
a copy of the rules, and checks the output lines the tutorial shows (`...` skips lines; a line
written `...text...` must contain `text`)."""

import re
import shlex
import shutil

from typer.testing import CliRunner

from ratdsl.cli.main import app

from .conftest import ROOT

TUTORIAL = ROOT / "docs" / "tutorial.md"
BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks():
    for match in BLOCK.finditer(TUTORIAL.read_text("utf-8")):
        line = TUTORIAL.read_text("utf-8")[: match.start()].count("\n") + 1
        yield match.group(1), match.group(2).strip(), match.group(3), line


def matches(expected: list[str], actual: list[str]) -> str | None:
    """None when the expected lines appear in the output as the tutorial shows them."""
    position, gap = 0, False
    for want in expected:
        if want == "...":
            gap = True
            continue
        inner = want[3:-3] if want.startswith("...") and want.endswith("...") and len(want) > 6 else None
        found = None
        for i in range(position, len(actual) if gap else min(position + 1, len(actual))):
            if (inner is not None and inner in actual[i]) or actual[i].rstrip() == want.rstrip():
                found = i
                break
        if found is None:
            return f"expected line {want!r} after line {position} of:\n" + "\n".join(actual)
        position, gap = found + 1, False
    return None


def test_every_tutorial_step_works(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    monkeypatch.chdir(tmp_path)
    commands = 0
    for language, info, body, line in blocks():
        if info.startswith("file="):
            target = tmp_path / info[len("file="):]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, "utf-8")
        elif language == "console":
            lines = body.splitlines()
            command = shlex.split(lines[0].removeprefix("$ "))
            assert command[0] == "ratdsl", f"tutorial line {line}: only ratdsl commands are run"
            result = CliRunner().invoke(app, command[1:])
            expected_status = 1 if command[1] == "check" and "no findings" not in body else 0
            assert result.exit_code == expected_status, f"tutorial line {line}: {result.output}"
            problem = matches(lines[1:], result.output.splitlines())
            assert problem is None, f"tutorial line {line}: {problem}"
            commands += 1
    assert commands >= 7


def test_the_matcher_can_fail():
    assert matches(["a", "...", "c"], ["a", "b", "c"]) is None
    assert matches(["a", "c"], ["a", "b", "c"]) is not None
    assert matches(["...x..."], ["abc", "zxz"]) is not None  # no gap allowed before the first line
    assert matches(["...", "...x..."], ["abc", "zxz"]) is None
