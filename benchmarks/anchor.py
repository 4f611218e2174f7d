"""Where the speed anchor is, and the one line a benchmark prints when it is not there.

The anchor is an independent hand-written RatLand that the project does not ship: it lives in the
shared folder laid beside a checkout (`<checkout>/../shared/anchors/ratland_handwritten.py`), or
wherever RATDSL_ANCHOR points. Without it, the benchmarks that compare with it say so in one line
and print their other figures, or stop when the comparison is all they do."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANCHOR = Path(os.environ.get("RATDSL_ANCHOR") or ROOT.parent / "shared" / "anchors" / "ratland_handwritten.py")


def anchor_missing() -> str | None:
    """None when the anchor is there; else the line that says what is missing and what follows."""
    if ANCHOR.is_file():
        return None
    return (f"the speed anchor {ANCHOR} is absent (the shared folder beside the checkout, or RATDSL_ANCHOR): "
            "no comparison with it")
