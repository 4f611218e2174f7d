"""A summary as one printable HTML page: self-contained (no script, link or remote font), with
print CSS for A4.

A summary (layout "page") keeps the reader's part first: the notes on how it was generated and
the table of options go to an appendix, a data column that only repeats the card's title is left
out, and words naming a token kind that has a display colour get a colour chip in tables. A quick
reference (layout "card") is set in two columns on one A4 page.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..semantics.definition import GameDef
from .document import BulletList, Document, Para, Section, Span, Table
from .quickref import page_words
from .swatches import HEX_COLOUR, swatches

if TYPE_CHECKING:
    from .builder import Summary

# Sections that are reference material rather than rules: shown after the rules, in an appendix.
APPENDIX_ANCHORS = ("options",)

CSS = """
@page { size: A4; margin: 14mm 13mm; }
* { box-sizing: border-box; }
html { font-family: "DejaVu Sans", "Liberation Sans", "Noto Sans", Arial, sans-serif; font-size: 10.5pt;
       line-height: 1.4; color: #1d1d1f; background: #fff; }
body { max-width: 185mm; margin: 0 auto; padding: 8mm 0; }
h1 { font-size: 20pt; margin: 0 0 2mm; border-bottom: 2.5pt solid #7a4b1e; padding-bottom: 1.5mm; }
h2 { font-size: 13.5pt; margin: 6mm 0 2mm; color: #7a4b1e; border-bottom: 0.6pt solid #d8c3a5;
     break-after: avoid; page-break-after: avoid; }
h3 { font-size: 11.5pt; margin: 4mm 0 1.5mm; break-after: avoid; page-break-after: avoid; }
p { margin: 0 0 2mm; }
ul, ol { margin: 0 0 2.5mm; padding-left: 6mm; }
li { margin: 0.6mm 0; }
li > ul, li > ol { margin: 0.5mm 0 0.5mm; }
table { border-collapse: collapse; margin: 1mm 0 3.5mm; break-inside: avoid; page-break-inside: avoid; }
th, td { border: 0.5pt solid #b9a58a; padding: 0.9mm 2.2mm; vertical-align: top; text-align: left; }
th { background: #f3eadc; font-weight: bold; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr:nth-child(even) td { background: #fbf8f3; }
.badge { display: inline-block; font-size: 8pt; font-weight: bold; color: #8a1c1c; border: 0.6pt solid #8a1c1c;
         border-radius: 2pt; padding: 0 1.2mm; margin-left: 1mm; vertical-align: 1pt; font-style: normal; }
.swatch { display: inline-block; width: 0.85em; height: 0.85em; border: 0.6pt solid #4a4a4a; border-radius: 0.2em;
          vertical-align: -0.08em; margin-right: 0.3em; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.lead { color: #444; margin-bottom: 3mm; }
.appendix { margin-top: 9mm; border-top: 1.5pt solid #7a4b1e; font-size: 9.5pt; }
.appendix h2 { border-bottom: none; }
.appendix h3 { color: #7a4b1e; }
footer { margin-top: 6mm; font-size: 8.5pt; color: #666; border-top: 0.5pt solid #ccc; padding-top: 1.5mm; }
section { break-inside: auto; }
@media print { body { padding: 0; max-width: none; } a { color: inherit; text-decoration: none; }
               .appendix { break-before: page; margin-top: 0; border-top: none; } }
"""

# The quick reference: an A4 sheet, two columns, small type. On screen the body is the sheet
# (210 mm wide, the margins as padding), so a screenshot shows the printed page.
CARD_CSS = """
@page { size: A4; margin: 0; }
body.card { width: 210mm; max-width: none; min-height: 297mm; margin: 0 auto; padding: 6mm 7mm 5mm;
            font-family: "Liberation Sans", Arial, Helvetica, "DejaVu Sans Condensed", sans-serif;
            font-size: 7pt; line-height: 1.15; }
.card h1 { font-size: 14pt; margin: 0 0 0.8mm; padding-bottom: 0.8mm; border-bottom-width: 1.6pt; }
.card .lead { margin: 0 0 1.6mm; color: #5a3716; font-weight: bold; }
.card .columns { column-count: 2; column-gap: 5mm; column-rule: 0.5pt solid #d8c3a5; column-fill: auto; }
.card h2 { font-size: 8.8pt; margin: 1.6mm 0 0.6mm; padding-bottom: 0.1mm; }
.card section:first-child h2 { margin-top: 0; }
.card p { margin: 0 0 0.6mm; }
.card ul, .card ol { margin: 0 0 1mm; padding-left: 3.8mm; }
.card li { margin: 0.05mm 0; break-inside: avoid; page-break-inside: avoid; }
.card li > ul, .card li > ol { display: inline; margin: 0; padding: 0; }
.card li > ul > li, .card li > ol > li { display: inline; }
.card li > ul > li::before, .card li > ol > li::before { content: " \\25B8\\00A0"; color: #7a4b1e; }
.card table.folded th:nth-child(3), .card table.folded td:nth-child(3) { border-left: 1.6pt solid #b9a58a; }
.card table { margin: 0.5mm 0 1.2mm; font-size: 7pt; }
.card th, .card td { padding: 0.15mm 1.6mm; }
.card .badge { font-size: 6pt; padding: 0 0.8mm; }
.card footer { margin-top: 1.5mm; padding-top: 0.6mm; font-size: 6.3pt; column-span: all; }
@media print { body.card { margin: 0; min-height: 0; } }
"""


@dataclass(frozen=True)
class Look:
    """What the page shows beyond the document's words: the colour of each word that names a
    token kind with a display colour (in lower case), for chips in tables."""

    colour_words: dict[str, str] = field(default_factory=dict)


def look_for(summary: Summary) -> Look:
    colours = swatches(summary.d)
    words = summary.g.words
    out: dict[str, str] = {}
    for kind, colour in colours.items():
        for count in (1, 2, 5, "one", "other", "adj"):
            text = words.short(kind, count).strip()
            if text and len(text) <= 40:
                out.setdefault(text.lower(), colour)
    return Look(out)


def summary_page(d: GameDef, lang: str, quick_ref: bool = False) -> str:
    """The HTML page of a loaded game's summary (or quick reference) in one language."""
    from .builder import Summary

    summary = Summary(d, lang)
    doc = summary.build(quick_ref)
    return to_html(doc, look_for(summary))


# ---------------------------------------------------------------- blocks
def _h(text: str) -> str:
    return html.escape(text, quote=False)


def _html_spans(items: list[Span]) -> str:
    out = []
    for s in items:
        t = _h(s.text)
        if s.style == "swatch":
            if HEX_COLOUR.fullmatch(s.colour):  # a colour or nothing reaches the style attribute
                out.append(f'<span class="swatch" style="background-color:{s.colour.lower()}" '
                           f'title="{html.escape(s.text)}" aria-hidden="true"></span>')
        elif s.style == "strong":
            out.append(f"<strong>{t}</strong>")
        elif s.style == "em":
            out.append(f"<em>{t}</em>")
        elif s.style == "badge":
            out.append(f'<span class="badge">{t}</span>')
        else:
            out.append(t)
    return "".join(out)


def _html_blocks(blocks: list, look: Look, lead: bool = False) -> list[str]:
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Para):
            cls = ' class="lead"' if lead else ""
            out.append(f"<p{cls}>{_html_spans(block.spans)}</p>")
        elif isinstance(block, BulletList):
            tag = "ol" if block.ordered else "ul"
            out.append(f"<{tag}>")
            for item in block.items:
                inner = "".join(_html_blocks(item.children, look)) if item.children else ""
                out.append(f"<li>{_html_spans(item.spans)}{inner}</li>")
            out.append(f"</{tag}>")
        elif isinstance(block, Table):
            out.append(_html_table(tidy_table(block), look))
    return out


def _html_table(block: Table, look: Look) -> str:
    num = [block.numeric[i] if i < len(block.numeric) else False for i in range(len(block.header))]
    head = "".join(f'<th{" class=num" if num[i] else ""}>{_h(h)}</th>' for i, h in enumerate(block.header))
    rows = "".join(
        "<tr>" + "".join(f'<td{" class=num" if (i < len(num) and num[i]) else ""}>'
                         f"{_html_spans(with_chips(c, look))}</td>" for i, c in enumerate(row)) + "</tr>"
        for row in block.rows)
    pairs = len(block.header) == 4 and block.header[:2] == block.header[2:]  # see folded()
    return f"<table{' class=folded' if pairs else ''}><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def tidy_table(table: Table) -> Table:
    """The table without a column that only repeats a number already in each row's first cell
    (a card titled "Card 3" with a number field of 3)."""
    if not table.rows or len(table.header) < 3:
        return table
    drop = []
    for col in range(1, len(table.header)):
        cells = ["".join(s.text for s in row[col]).strip() if col < len(row) else "" for row in table.rows]
        if all(c.isdigit() and re.search(rf"(?<!\d){c}(?!\d)", "".join(s.text for s in row[0]))
               for c, row in zip(cells, table.rows)):
            drop.append(col)
    if not drop:
        return table
    keep = [i for i in range(len(table.header)) if i not in drop]
    return replace(table, header=[table.header[i] for i in keep],
                   rows=[[row[i] for i in keep if i < len(row)] for row in table.rows],
                   numeric=[table.numeric[i] for i in keep if i < len(table.numeric)])


def with_chips(spans: list[Span], look: Look) -> list[Span]:
    """A table cell with a colour chip before each word that names a coloured token kind, when
    the cell is an amount or a short name ("6 red, 6 blue", "red tokens"), not a sentence
    (an option's question that happens to name colours)."""
    text = "".join(s.text for s in spans)
    if not look.colour_words or not (re.search(r"\d", text) or len(text.split()) <= 4):
        return spans
    words = sorted(look.colour_words, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in words) + r")(?!\w)", re.IGNORECASE)
    out: list[Span] = []
    for s in spans:
        if s.style:
            out.append(s)
            continue
        pos = 0
        for m in pattern.finditer(s.text):
            colour = look.colour_words.get(m.group(1).lower())
            if colour is None:
                continue
            if m.start() > pos:
                out.append(Span(s.text[pos:m.start()]))
            out.append(Span(m.group(1), "swatch", colour))
            pos = m.start()
        out.append(Span(s.text[pos:]))
    return [s for s in out if s.text or s.style == "swatch"]


def _section(section: Section, look: Look, shift: int = 0) -> list[str]:
    badge = f' <span class="badge">{_h(section.badge)}</span>' if section.badge else ""
    level = min(max(section.level + shift, 2), 6)
    anchor = f' id="{_h(section.anchor)}"' if section.anchor else ""
    return [f"<section{anchor}><h{level}>{_h(section.title)}{badge}</h{level}>",
            *_html_blocks(section.blocks, look), "</section>"]


# ---------------------------------------------------------------- page
def split_intro(doc: Document) -> tuple[list, list[str]]:
    """The blocks before the first section with the generation note taken out of the first
    paragraph (the players' line stays), and the notes for the appendix."""
    blocks = list(doc.blocks)
    if not blocks or not isinstance(blocks[0], Para):
        return blocks, []
    words = page_words(doc.lang)
    text = "".join(s.text for s in blocks[0].spans)
    marker = "\ue010"
    try:
        pattern = words("ui-intro", players=marker)
    except Exception:  # noqa: BLE001 - a phrase table without the intro: keep the page as it is
        return blocks, []
    if pattern.count(marker) != 1:
        return blocks, []
    before, after = pattern.split(marker)
    if not (text.startswith(before) and text.endswith(after) and len(text) > len(before) + len(after)):
        return blocks, []
    players = words("html-players", players=text[len(before):len(text) - len(after)])
    blocks[0] = Para([Span(players)])
    note = text[len(players):].strip() if text.startswith(players) else text
    return blocks, [note] if note else []


def to_html(doc: Document, look: Look | None = None) -> str:
    look = look or Look()
    if doc.layout == "card":
        return _page(doc, _card_body(doc, look), "card", CSS + CARD_CSS)
    words = page_words(doc.lang)
    blocks, notes = split_intro(doc)
    body = [f"<h1>{_h(doc.title)}</h1>", *_html_blocks(blocks, look, lead=True)]
    appendix = [s for s in doc.sections if s.anchor in APPENDIX_ANCHORS]
    for section in doc.sections:
        if section not in appendix:
            body += _section(section, look)
    notes += [doc.footer] if doc.footer else []
    if appendix or notes:
        body.append(f'<div class="appendix" id="appendix"><h2>{_h(words("html-appendix"))}</h2>')
        if notes:
            body += _section(Section(words("html-notes"), level=3, anchor="notes",
                                     blocks=[Para([Span(n)]) for n in notes]), look)
        for section in appendix:
            body += _section(section, look, shift=1)
        body.append("</div>")
    return _page(doc, body, "page", CSS)


def folded(table: Table, most: int = 6) -> Table:
    """A long two-column table as two pairs of columns side by side (half the height)."""
    if len(table.header) != 2 or len(table.rows) <= most:
        return table
    half = (len(table.rows) + 1) // 2
    left, right = table.rows[:half], table.rows[half:]
    rows = [lr + (right[i] if i < len(right) else [[], []]) for i, lr in enumerate(left)]
    numeric = (table.numeric + [False, False])[:2]
    return Table(table.header * 2, rows, numeric * 2)


def _card_body(doc: Document, look: Look) -> list[str]:
    body = [f"<h1>{_h(doc.title)}</h1>", *_html_blocks(doc.blocks, look, lead=True), '<div class="columns">']
    for section in doc.sections:
        blocks = [folded(b) if isinstance(b, Table) else b for b in section.blocks]
        body += _section(replace(section, blocks=blocks), look)
    if doc.footer:
        body.append(f"<footer>{_h(doc.footer)}</footer>")
    body.append("</div>")
    return body


def _page(doc: Document, body: list[str], cls: str, css: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{_h(doc.lang)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_h(doc.title)}</title>\n<style>{css}</style>\n</head>\n<body class=\"{cls}\">\n"
            + "\n".join(body) + "\n</body>\n</html>\n")

