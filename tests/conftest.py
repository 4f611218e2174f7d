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
