"""The suite is hermetic: each test starts with an empty cache folder of its own, and neither the
tests nor the commands they start write under the user's home (tests/conftest.py)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import RATLAND, real_home, run_home

SEEN: list[Path] = []


@pytest.mark.parametrize("turn", [1, 2])
def test_each_test_starts_with_an_empty_private_cache_of_its_own(turn):
    folder = Path(os.environ["RATDSL_CACHE_DIR"])
    assert folder.is_dir() and not any(folder.iterdir())
    assert folder.stat().st_mode & 0o777 == 0o700
    assert folder not in SEEN
    SEEN.append(folder)
    (folder / "left-behind").write_text("the next test must not see this")


def test_home_is_the_runs_own_not_the_users():
    assert Path(os.environ["HOME"]) == run_home() != real_home()
    assert Path(os.path.expanduser("~")) == run_home()
    assert not Path(os.environ["RATDSL_CACHE_DIR"]).is_relative_to(real_home())


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()}


def test_a_command_writes_its_cache_where_the_test_says_and_nothing_under_home():
    home_before = files_under(run_home())
    cache = Path(os.environ["RATDSL_CACHE_DIR"])
    done = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "simulate", str(RATLAND), "-n", "3", "-p", "3",
                           "--workers", "1"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert files_under(cache), "the command kept nothing in the test's cache folder"
    assert files_under(run_home()) - home_before == set()
