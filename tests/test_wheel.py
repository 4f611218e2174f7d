"""The games ship in the wheel (setup.py maps rules/ to `ratdsl.games`), and a bundled name is
found both in an installed wheel and in this editable install, from any folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .conftest import ROOT

BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a copy of the project (the build leaves nothing in the checkout),
    without build isolation: no network."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.lark.cache*")
    shutil.copytree(ROOT / "ratdsl", source / "ratdsl", ignore=ignore, symlinks=True)
    shutil.copytree(ROOT / "rules", source / "rules", ignore=ignore)
    out = tmp / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(out), str(source)], check=True, capture_output=True, text=True)
    (built,) = out.glob("ratdsl-*.whl")
    return built


def test_the_wheel_holds_every_rule_file_of_every_game(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    rule_files = [p.relative_to(ROOT / "rules").as_posix() for p in (ROOT / "rules").rglob("*") if p.is_file()]
    assert any(f.endswith(".rat") for f in rule_files) and any(f.endswith(".ftl") for f in rule_files)
    missing = [f for f in rule_files if f"ratdsl/games/{f}" not in names]
    assert missing == []
    assert "ratdsl/schemas/report.schema.json" in names and "ratdsl/language/grammar.lark" in names


def test_the_installed_wheel_finds_its_games_from_another_folder(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, text=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = ("import ratdsl; r = ratdsl.load('ratland'); print(r.source); "
            "print(ratdsl.play(r, players=4, seed=7).winners)")
    env = {**os.environ, "PYTHONPATH": str(target)}  # before this editable install's finder
    out = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert Path(out[0]).is_relative_to(target / "ratdsl" / "games")
    assert out[1].startswith("['P")


def test_this_editable_install_finds_bundled_games_from_another_folder(tmp_path):
    run = subprocess.run([str(BIN / "ratdsl"), "run", "ratland", "-p", "4", "-s", "7", "-q"], cwd=tmp_path,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "Winner" in run.stdout
    code = "import ratdsl; print(ratdsl.load('ratland').source); print(ratdsl.bundled_games())"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert Path(out[0]) == ROOT / "rules" / "ratland"
    assert "ratland" in out[1]


def test_an_unknown_name_is_a_usage_error_naming_it(tmp_path):
    run = subprocess.run([str(BIN / "ratdsl"), "simulate", "no_such_game", "-n", "1"], cwd=tmp_path,
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.strip() == "no such game folder or rule file: no_such_game"


def test_the_installed_wheel_checks_and_formats_its_games_by_name_without_writing(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, text=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    games = target / "ratdsl" / "games" / "ratland"
    before = {p: p.stat().st_mtime_ns for p in games.rglob("*.rat")}

    def ratdsl(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "ratdsl.cli.main", *args], cwd=elsewhere, env=env,
                              capture_output=True, text=True)

    assert ratdsl("check", "ratland").returncode == 0
    assert ratdsl("fmt", "--check", "ratland").returncode == 0
    refused = ratdsl("fmt", "ratland")
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
    assert "bundled game's name" in refused.stderr
    assert {p: p.stat().st_mtime_ns for p in games.rglob("*.rat")} == before
