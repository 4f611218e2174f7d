"""What another process (a Dask worker, a later run of the same balance) must have the same for
its games to be the same as this one's: ratdsl's version and the text of every rule file read."""

from __future__ import annotations

import hashlib
from typing import Any

from .. import __version__


def rules_fingerprint(definition: Any) -> str:
    """A digest of ratdsl's version and of every rule file of `definition`, in the order read."""
    digest = hashlib.blake2b(f"ratdsl {__version__}".encode(), digest_size=16)
    ruleset = definition.ruleset
    for file in ruleset.files:
        digest.update(b"\0" + (ruleset.source(str(file)) or "").encode())
    return digest.hexdigest()
