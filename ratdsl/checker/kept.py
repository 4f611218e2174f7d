"""The findings of a rule set kept on disk, so that `ratdsl check` of unchanged rules neither
resolves, checks nor evaluates the invariants again (issue 13, start-up).

A rule set's findings are worked out from its files alone, by the package's code: the key is the
hash of the path and modules asked for, the further checks (their function's name), every file
the rule set was loaded from with the text the loader parsed (RuleSet.read), and the package's
fingerprint (language/cache.py: any
change of ratdsl's code misses). An entry is JSON, never code, kept in this user's cache folder
with the checks of language/cache.py, and it is untrusted input all the same: read whole only up
to MAX_BYTES, it must be a list of findings of exactly the expected shape (fields, types, codes,
severities, sizes), else it is passed over and the rule set checked again. A finding's excerpt is
read again from its file, which must be one of the key's, as the checker reads it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..language import cache as disk
from ..language.loader import RuleSet
from .diagnostic import Diagnostic, _source

FORMAT = 1
MAX_BYTES = 4_000_000
MAX_FINDINGS = 10_000
_CODE = re.compile(r"[EWR][0-9]{3}")
_FIELDS = {"file": str, "line": int, "column": int, "end_column": (int, type(None)), "code": str,
           "severity": str, "message": str, "hint": (str, type(None)), "excerpt": bool}


def key(path: Path, modules: Iterable[str], also: Callable | None, ruleset: RuleSet) -> str | None:
    """The entry's name for this check of this rule set, or None (nothing kept) when a file
    cannot be read or the package has no fingerprint."""
    package = disk.package_fingerprint()
    if package is None:
        return None
    h = hashlib.sha256(f"check {FORMAT}\0{package}\0{path}\0{','.join(modules)}\0".encode())
    h.update((f"{also.__module__}.{also.__qualname__}" if also is not None else "-").encode() + b"\0")
    parsed = dict(ruleset.read)  # (the texts the loader parsed: no file read again, none changed since)
    for file in ruleset.files:
        text = parsed.get(str(file))
        if text is None:
            text = ruleset.source(str(file))
        if text is None:
            return None
        h.update(f"{file}\0{len(text)}\0".encode())
        h.update(text.encode("utf-8", "surrogatepass"))
    return f"check-{h.hexdigest()[:32]}.json"


def files_of(ruleset: RuleSet) -> set[str]:
    return {str(f) for f in ruleset.files}


def load(name: str, files: set[str]) -> list[Diagnostic] | None:
    """The findings kept under `name`, or None when there is no good entry."""
    data = disk.load_bytes(name)
    if data is None or len(data) > MAX_BYTES:
        return None
    try:
        entry = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(entry, dict) or entry.get("format") != FORMAT or not isinstance(entry.get("findings"), list):
        return None
    items = entry["findings"]
    if len(items) > MAX_FINDINGS or not all(_well_formed(f, files) for f in items):
        return None
    return [Diagnostic(f["file"], f["line"], f["column"], f["message"], _source(f["file"]) if f["excerpt"] else None,
                       f["code"], f["hint"], f["end_column"], f["severity"]) for f in items]


def store(name: str, files: set[str], findings: list[Diagnostic]) -> None:
    """Keeps the findings, when each can be rebuilt exactly (its file one of the rule set's, its
    excerpt that file's text)."""
    items = []
    for d in findings:
        if d.file not in files or d.source not in (None, _source(d.file)) or type(d) is not Diagnostic:
            return
        items.append({"file": d.file, "line": d.line, "column": d.column, "end_column": d.end_column,
                      "code": d.code, "severity": d.severity, "message": d.message, "hint": d.hint,
                      "excerpt": d.source is not None})
    if not all(_well_formed(f, files) for f in items):
        return
    disk.store_bytes(name, json.dumps({"format": FORMAT, "findings": items}, ensure_ascii=False).encode("utf-8"))


def _well_formed(f: Any, files: set[str]) -> bool:
    if not isinstance(f, dict) or set(f) != set(_FIELDS):
        return False
    for field, kind in _FIELDS.items():
        value = f[field]
        if not isinstance(value, kind) or (field != "excerpt" and isinstance(value, bool)):
            return False
    return (f["file"] in files and f["line"] >= 0 and f["column"] >= 0 and _CODE.fullmatch(f["code"]) is not None
            and f["severity"] in ("error", "warning") and len(f["message"]) <= 10_000
            and (f["hint"] is None or len(f["hint"]) <= 10_000))
