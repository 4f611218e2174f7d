"""docs/api.md stays true: every python block runs, in order, in one namespace (from a folder
outside the checkout, as a user of the installed package would), and the page documents
exactly the names `ratdsl` exports."""

from __future__ import annotations

import re
from pathlib import Path

import ratdsl

API = Path(__file__).resolve().parents[1] / "docs" / "api.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks() -> list[tuple[int, str]]:
    text = API.read_text("utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in BLOCK.finditer(text)]


def test_every_python_block_runs(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    found = blocks()
    assert len(found) >= 6
    namespace: dict = {"__name__": "api_docs"}
    for line, code in found:
        exec(compile(code, f"{API}:{line}", "exec"), namespace)  # noqa: S102 (our own docs)
    assert "'ratland'" in capsys.readouterr().out  # (bundled_games(): ratland among the others)


def test_the_page_documents_exactly_the_exported_names():
    text = API.read_text("utf-8")
    documented = set(re.findall(r"^\| `([A-Za-z_]+)", text, re.MULTILINE))
    documented |= {n for row in re.findall(r"^\| (`[A-Za-z]+`(?:, `[A-Za-z]+`)+) \|", text, re.MULTILINE)
                   for n in re.findall(r"`([A-Za-z]+)`", row)}
    assert documented == set(ratdsl.__all__)
