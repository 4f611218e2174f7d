"""The pieces every self-contained report page shares (`simulate --html`, `balance --html`,
`tune`'s page): a table of text cells and the page around a body, written once so that the
reports look alike and escape alike."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence


class Markup(str):
    """A cell already written as HTML (a `<code>` formula): put in the table as it is."""


def cell(text: str) -> str:
    return text if isinstance(text, Markup) else html.escape(text)


def table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A table with one header row; every cell's text is escaped unless it is Markup."""
    head = "".join(f"<th>{cell(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell(c)}</td>" for c in row) + "</tr>\n" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>\n{body}</tbody></table>"


def page(title: str, body: str, width: int = 760, style: str = "") -> str:
    """A whole page: the title in the head, `body` as it is, the shared style (plus `style`), no
    script and nothing fetched (the charts are inline SVG)."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font-family: "DejaVu Sans", Arial, sans-serif; margin: 2em auto; max-width: {width}px; padding: 0 1em;
        color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0 2em; }}
td, th {{ border: 1px solid #ccc; padding: 4px 8px; text-align: left; font-size: 13px; }}
{style}th {{ background: #eee; }} tbody tr:nth-child(even) {{ background: #fafafa; }}
figure {{ margin: 0 0 1.5em; }} figure svg {{ display: block; width: 100%; height: auto; }}
</style></head><body>
{body}
</body></html>
"""
