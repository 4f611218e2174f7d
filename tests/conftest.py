"""Suite-wide setup: every test runs hermetically (its own empty cache folder, a home of the run's
own), and the run fails if anything reached the cache under that home (a test that escaped)."""

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RATLAND = ROOT / "rules" / "ratland"

# Set once by the first process of a run (the controller under pytest-xdist) and inherited by its
# workers and by every subprocess a test starts, so all of them share one fake home.
RUN_HOME_ENV = "RATDSL_TEST_HOME"


def real_home() -> Path:
    """The user's home from the password database: what `~` means when HOME is not set."""
    return Path(pwd.getpwuid(os.getuid()).pw_dir)


def run_home() -> Path:
    """The home every test of this run sees instead of the user's."""
    return Path(os.environ[RUN_HOME_ENV])


def _escaped_cache(home: Path) -> list[str]:
    """Files under the run's home that ratdsl's default cache folder received: each is a test that
    ran without the per-test cache folder."""
    folder = home / ".cache" / "ratdsl"
    return sorted(str(p.relative_to(home)) for p in folder.rglob("*")) if folder.exists() else []


def pytest_configure(config) -> None:
    """Points HOME and the XDG folders at a fresh folder before any test, fixture or worker starts,
    so that nothing a test does (ratdsl's cache, matplotlib's, a subprocess's) lands in `~`."""
    if RUN_HOME_ENV in os.environ and Path(os.environ[RUN_HOME_ENV]).is_dir():
        return  # a worker, or a subprocess of a test: the run's home is set already
    home = Path(tempfile.mkdtemp(prefix="ratdsl-test-home-"))
    config._ratdsl_run_home = home
    os.environ[RUN_HOME_ENV] = str(home)
    os.environ["HOME"] = str(home)
    for name, sub in (("XDG_CACHE_HOME", ".cache"), ("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                      ("MPLCONFIGDIR", ".config/matplotlib")):
        os.environ[name] = str(home / sub)
    # for fixtures wider than a test (module, session): a cache folder of the run's own, outside
    # its home, so that the tests watching the home for stray files don't see the other worker's
    shared = Path(tempfile.mkdtemp(prefix="ratdsl-test-shared-cache-"))
    config._ratdsl_shared_cache = shared
    os.environ["RATDSL_CACHE_DIR"] = str(shared)
    _bytecode_of_the_run(config)


def _bytecode_of_the_run(config) -> None:
    """With PYTHONDONTWRITEBYTECODE set, every process of the run (both workers, and each of the
    hundreds of `ratdsl` commands tests start) would compile the package and the test modules
    again; they share compiled files in a folder of the run's own instead (PYTHONPYCACHEPREFIX),
    removed at the end, so nothing is written beside the sources, as the setting asks."""
    if not (os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.dont_write_bytecode):
        return  # (Python keeps its __pycache__ folders as usual)
    prefix = Path(tempfile.mkdtemp(prefix="ratdsl-test-bytecode-"))
    config._ratdsl_bytecode = prefix
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(prefix)
    sys.pycache_prefix = str(prefix)
    sys.dont_write_bytecode = False


def pytest_sessionfinish(session, exitstatus) -> None:
    """Fails the run when a test wrote to the default cache folder, then removes the run's home."""
    home = getattr(session.config, "_ratdsl_run_home", None)
    if home is None:
        return
    escaped = _escaped_cache(home)
    if escaped:
        session.config._ratdsl_escaped = escaped
        if session.exitstatus == 0:
            session.exitstatus = 1
    _remove_in_background(home, session.config._ratdsl_shared_cache)


def pytest_unconfigure(config) -> None:
    """Removes the run's compiled files last (the summary below still imports modules)."""
    bytecode = getattr(config, "_ratdsl_bytecode", None)
    if bytecode is not None:
        _remove_in_background(bytecode)


def _remove_in_background(*folders: Path) -> None:
    """Removes the run's temporary folders without waiting: the compiled files of every module the
    run imported (tens of thousands) took seconds to delete at the end of each run. `rm` runs in a
    session of its own, so the run's exit does not stop it; without `rm`, they are removed here."""
    rm = shutil.which("rm")
    if rm is None:
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)
        return
    subprocess.Popen([rm, "-rf", "--", *map(str, folders)], stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def pytest_terminal_summary(terminalreporter) -> None:
    """Says which helpers the run played with: the compiled ones (ratdsl/_kernels.c) or the Python
    originals (RATDSL_PURE_PYTHON=1, or no compiler when the package was installed); and names any
    file that a test left in the default cache folder."""
    from ratdsl import kernels

    terminalreporter.write_line(f"ratdsl kernels: {kernels.describe()}")
    escaped = getattr(terminalreporter.config, "_ratdsl_escaped", None)
    if escaped:
        listed = ", ".join(escaped[:20])
        terminalreporter.write_line(f"tests wrote to the default cache folder (not hermetic): {listed}", red=True)


@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory, monkeypatch) -> Path:
    """Every test gets an empty cache folder of its own (mode 0700): no test sees another's entries,
    and none writes to the user's."""
    folder = tmp_path_factory.mktemp("cache")
    folder.chmod(0o700)
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def private_cache(own_cache) -> Path:
    """An empty cache folder of this user's alone (mode 0700), used by every ratdsl cache."""
    return own_cache


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
