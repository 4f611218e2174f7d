import os
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


def plant(path: Path, content: bytes, how: str, beside: Path) -> None:
    """Puts `content` at `path` as a stranger might leave it in a cache folder: "a link" (to a
    private file in `beside`), "writable by others", or else a private file of this user's."""
    planted = beside / ("planted-" + path.name)
    planted.write_bytes(content)
    if how == "a link":
        os.chmod(planted, 0o600)
        path.symlink_to(planted)
    else:
        os.replace(planted, path)
        os.chmod(path, 0o666 if how == "writable by others" else 0o600)


def pytest_terminal_summary(terminalreporter) -> None:
    """Says which helpers the run played with: the compiled ones (ratdsl/_kernels.c) or the Python
    originals (RATDSL_PURE_PYTHON=1, or no compiler when the package was installed)."""
    from ratdsl import kernels

    terminalreporter.write_line(f"ratdsl kernels: {kernels.describe()}")
