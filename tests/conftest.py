from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RATLAND = ROOT / "rules" / "ratland"


@pytest.fixture
def private_cache(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of this user's alone (mode 0700), used by every ratdsl cache."""
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(folder))
    return folder


def pytest_terminal_summary(terminalreporter) -> None:
    """Says which helpers the run played with: the compiled ones (ratdsl/_kernels.c) or the Python
    originals (RATDSL_PURE_PYTHON=1, or no compiler when the package was installed)."""
    from ratdsl import kernels

    terminalreporter.write_line(f"ratdsl kernels: {kernels.describe()}")
