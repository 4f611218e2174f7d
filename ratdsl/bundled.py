"""The games that ship with ratdsl, found by name: `ratdsl run NAME`, `ratdsl.load("NAME")`.

A wheel holds them in the package's `games/` folder (setup.py maps rules/ there when it builds);
a source checkout or an editable install reads the checkout's `rules/`. A path that exists always
wins over a bundled name, and a bundled name is an identifier only, so no text can name a file
outside the games' folder (no `/`, `..` or drive letters; a link leading out is refused too).
"""

from __future__ import annotations

import re
from pathlib import Path

GAME_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}\Z", re.ASCII)


def games_roots() -> list[Path]:
    """The folders that hold bundled games: the installed package's `games/`, then the source
    checkout's `rules/` (only beside a pyproject.toml, so an installed copy never reads a stray
    `rules/` folder next to site-packages)."""
    from importlib.resources import files  # (a path that exists needs none: start-up, issue 13)

    package = Path(str(files("ratdsl")))
    roots = [package / "games"]
    if (package.parent / "pyproject.toml").is_file():
        roots.append(package.parent / "rules")
    return [root for root in roots if root.is_dir()]


def bundled_game(name: str) -> Path | None:
    """The folder of the bundled game `name`, or None (also for any name that is not an
    identifier: bundled names never hold a path)."""
    if not GAME_NAME.match(name):
        return None
    for root in games_roots():
        folder = root / name
        if folder.is_dir() and folder.resolve().is_relative_to(root.resolve()) and any(folder.glob("*.rat")):
            return folder
    return None


def bundled_games() -> list[str]:
    """The names of every bundled game, sorted."""
    names = {p.name for root in games_roots() for p in root.iterdir() if bundled_game(p.name) == p}
    return sorted(names)


def resolve_rules(path: str | Path) -> Path:
    """The rules a name on the command line or in the API stands for: the path itself when it
    exists (a folder wins over a bundled game of the same name), else the bundled game of that
    name, else the path unchanged (loading it then says it does not exist)."""
    given = Path(path)
    if given.exists():
        return given
    found = bundled_game(str(path))
    return found if found is not None else given
