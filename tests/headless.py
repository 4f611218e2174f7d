"""Headless Chromium for the summary tests: a screenshot or a PDF of an HTML file.

A missing Chromium skips a test on a developer's machine and fails it in CI (`CI` set), so the
page checks never pass unseen there.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

A4_PX = (794, 1123)  # an A4 sheet at 96 pixels per inch, as Chromium lays out a printed page


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("chromium is not installed, and CI must run the page checks")
    pytest.skip("chromium is not installed (Debian: apt-get install -y chromium)")


def _run(page: Path, *args: str) -> None:
    profile = tempfile.mkdtemp(dir=page.parent)  # a fresh profile: nothing from an earlier run
    subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                    *args, page.as_uri()], capture_output=True, timeout=120, check=False)


def screenshot(page: Path, width: int, height: int) -> Path:
    png = page.with_suffix(".png")
    _run(page, "--hide-scrollbars", f"--screenshot={png}", f"--window-size={width},{height}")
    assert png.is_file(), "chromium wrote no screenshot"
    keep = os.environ.get("RATDSL_SCREENSHOT_DIR")  # to look at it: RATDSL_SCREENSHOT_DIR=/tmp pytest ...
    if keep:
        shutil.copy(png, Path(keep) / png.name)
    return png


def pdf_pages(page: Path) -> int:
    """How many pages Chromium prints the page on (A4 from the page's own @page rule)."""
    pdf = page.with_suffix(".pdf")
    _run(page, "--no-pdf-header-footer", f"--print-to-pdf={pdf}")
    assert pdf.is_file(), "chromium wrote no PDF"
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    # Each page is an object of type /Page (the tree's nodes are /Pages); Chromium writes them
    # uncompressed. No object found fails the tests that expect one page, as it should.
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", data))
