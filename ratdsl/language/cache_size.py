"""The cache folder's size cap, and what `ratdsl cache info` and `ratdsl cache clear` see.

Every variant, player count and option set adds entries (parsed files, check results, flat
modules, native builds), so the folder is capped: 200 MB by default, RATDSL_CACHE_MAX_MB to
change it. When a write takes the folder over the cap, the least recently used entries go first,
never the one just written. An entry's modification time is its last use: a load touches it.

Only ratdsl's own entries are ever counted or removed: regular files, not links, owned by this
user, whose names are one of the cache's own kinds (`KINDS`). Anything else in the folder (a
link, a stranger's file, an unknown name, a build in progress) is left where it is."""

from __future__ import annotations

import importlib.machinery
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

CAP_ENV = "RATDSL_CACHE_MAX_MB"
DEFAULT_CAP_MB = 200.0

_NATIVE = "|".join(re.escape(s) for s in importlib.machinery.EXTENSION_SUFFIXES)
KINDS: dict[str, re.Pattern[str]] = {
    "parsed": re.compile(r"ast-[0-9a-f]{32}\.pickle"),
    "checked": re.compile(r"check-[0-9a-f]+\.json"),
    "flat": re.compile(r"flat-[0-9a-f]+\.pickle"),
    "native": re.compile(rf"ratdsl_flat_[0-9a-f]{{24}}(?:{_NATIVE})"),
    "grammar": re.compile(r"grammar-[0-9a-f]{16}\.lark-cache"),
    "unfinished": re.compile(r"\.entry-[A-Za-z0-9_]+\.tmp"),  # a write that was stopped half-way
}
KIND_WORDS = {"parsed": "parsed rule files", "checked": "check results", "flat": "flat modules",
              "native": "native builds", "grammar": "compiled grammars", "unfinished": "unfinished writes"}


@dataclass(frozen=True)
class Entry:
    path: str  # (a string: making 5,000 Path objects was most of a scan's time)
    kind: str
    size: int
    used_ns: int


@dataclass(frozen=True)
class Listing:
    entries: list[Entry]
    skipped: list[str]  # names that look like entries but are not ratdsl's to touch (links, strangers)


def cap_bytes() -> int:
    """The cap in bytes: RATDSL_CACHE_MAX_MB when it is a number above 0, else 200 MB."""
    try:
        mb = float(os.environ.get(CAP_ENV, ""))
    except ValueError:
        mb = DEFAULT_CAP_MB
    if not mb > 0 or mb == float("inf"):
        mb = DEFAULT_CAP_MB
    return int(mb * 1_000_000)


_ANY = re.compile("|".join(f"(?P<{kind}>{pattern.pattern})" for kind, pattern in KINDS.items()))


def kind_of(name: str) -> str | None:
    match = _ANY.fullmatch(name)
    return match.lastgroup if match else None


def listing(folder: Path) -> Listing:
    """ratdsl's entries in `folder` (none followed through a link), and the names skipped."""
    entries: list[Entry] = []
    skipped: list[str] = []
    try:
        scan = os.scandir(folder)
    except OSError:
        return Listing([], [])
    with scan:
        for item in scan:
            kind = kind_of(item.name)
            if kind is None:
                continue
            try:
                st = item.stat(follow_symlinks=False)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
                skipped.append(item.name)
                continue
            entries.append(Entry(item.path, kind, st.st_size, st.st_mtime_ns))
    return Listing(entries, skipped)


def touch(path: Path) -> None:
    """Marks an entry as just used (its modification time), for the least-recently-used order."""
    try:
        os.utime(path)
    except OSError:
        pass


_written_since_scan: int | None = None  # bytes this process stored since it last measured the folder


def after_store(folder: Path, path: Path, size: int) -> None:
    """Called after each entry is written: measures the folder (and trims it to the cap) on the
    first write of a process and after every 2% of the cap written since; a folder scan costs
    some milliseconds a thousand entries, too much for every write."""
    global _written_since_scan
    if _written_since_scan is not None and _written_since_scan + size < cap_bytes() // 50:
        _written_since_scan += size
        return
    _written_since_scan = 0
    enforce_cap(folder, keep=path)


def enforce_cap(folder: Path, keep: Path | None = None) -> list[Entry]:
    """Removes the least recently used entries until the folder is under the cap (never `keep`);
    returns what was removed."""
    found = listing(folder).entries
    kept = None if keep is None else str(keep)
    total = sum(e.size for e in found)
    cap = cap_bytes()
    removed: list[Entry] = []
    if total <= cap:
        return removed
    for entry in sorted(found, key=lambda e: e.used_ns):
        if total <= cap:
            break
        if entry.path == kept:
            continue
        if _remove(entry.path):
            total -= entry.size
            removed.append(entry)
    return removed


def clear(folder: Path, kinds: set[str] | None = None) -> tuple[list[Entry], list[str]]:
    """Removes ratdsl's entries (of `kinds`, or all); returns them and the names left alone."""
    found = listing(folder)
    removed = [e for e in found.entries if (kinds is None or e.kind in kinds) and _remove(e.path)]
    return removed, found.skipped


def _remove(path: str) -> bool:
    """Unlinks a checked entry. A native build that a process has loaded stays mapped in it."""
    try:
        os.unlink(path)
        return True
    except OSError:
        return False

