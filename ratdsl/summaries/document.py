"""A small document model for summaries, written out as Markdown or as a printable HTML page."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

# ---------------------------------------------------------------- model


@dataclass
class Span:
    text: str
    style: str = ""  # "", "strong", "em", "badge"


@dataclass
class Para:
    spans: list[Span]


@dataclass
class ListItem:
    spans: list[Span]
    children: list = field(default_factory=list)  # blocks


@dataclass
class BulletList:
    items: list[ListItem]
    ordered: bool = False


@dataclass
class Table:
    header: list[str]
    rows: list[list[list[Span]]]
    numeric: list[bool] = field(default_factory=list)


@dataclass
class Section:
    title: str
    level: int = 2
    blocks: list = field(default_factory=list)
    badge: str = ""
    anchor: str = ""


@dataclass
class Document:
    lang: str
    title: str
    blocks: list = field(default_factory=list)  # before the first section
    sections: list[Section] = field(default_factory=list)
    footer: str = ""

    def text(self) -> str:
        """All words of the document, for checks."""
        return to_markdown(self)


def spans(text: str, style: str = "") -> list[Span]:
    return [Span(text, style)]


def text_blocks(text: str) -> list:
    """A hand-written message as blocks: lines starting with "- " form a list, other lines are
    paragraphs; an indented "- " line belongs to the item above it."""
    blocks: list = []
    current: BulletList | None = None
    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.lstrip()
        if not stripped:
            current = None
            continue
        if stripped.startswith("- "):
            indent = len(line) - len(stripped)
            item = ListItem([Span(stripped[2:].strip())])
            if indent and current is not None and current.items:
                parent = current.items[-1]
                if parent.children and isinstance(parent.children[-1], BulletList):
                    parent.children[-1].items.append(item)
                else:
                    parent.children.append(BulletList([item]))
                continue
            if current is None:
                current = BulletList([])
                blocks.append(current)
            current.items.append(item)
        else:
            current = None
            blocks.append(Para([Span(stripped)]))
    return blocks


# ---------------------------------------------------------------- markdown
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")


def _md_escape(text: str) -> str:
    text = _MD_SPECIAL.sub(r"\\\1", text)
    return re.sub(r"^(\d+)\. ", r"\1\\. ", text)


def _md_spans(items: list[Span]) -> str:
    out = []
    for s in items:
        t = _md_escape(s.text)
        if s.style == "strong":
            out.append(f"**{t}**")
        elif s.style in ("em", "badge"):
            out.append(f"*{t}*")
        else:
            out.append(t)
    return "".join(out)


def _md_blocks(blocks: list, indent: str = "") -> list[str]:
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Para):
            lines += [indent + _md_spans(block.spans), ""]
        elif isinstance(block, BulletList):
            for i, item in enumerate(block.items, 1):
                marker = f"{i}. " if block.ordered else "- "
                lines.append(indent + marker + _md_spans(item.spans))
                if item.children:
                    inner = _md_blocks(item.children, indent + " " * len(marker))
                    lines += [ln for ln in inner if ln.strip()]
            lines.append("")
        elif isinstance(block, Table):
            lines.append(indent + "| " + " | ".join(_md_escape(h) for h in block.header) + " |")
            aligns = [("---:" if (block.numeric[i] if i < len(block.numeric) else False) else "---")
                      for i in range(len(block.header))]
            lines.append(indent + "| " + " | ".join(aligns) + " |")
            for row in block.rows:
                lines.append(indent + "| " + " | ".join(_md_spans(c) for c in row) + " |")
            lines.append("")
    return lines


def to_markdown(doc: Document) -> str:
    lines = [f"# {_md_escape(doc.title)}", ""]
    lines += _md_blocks(doc.blocks)
    for section in doc.sections:
        title = _md_escape(section.title)
        if section.badge:
            title += f" *({_md_escape(section.badge)})*"
        lines += ["#" * section.level + " " + title, ""]
        lines += _md_blocks(section.blocks)
    if doc.footer:
        lines += ["---", "", f"*{_md_escape(doc.footer)}*", ""]
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- html
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
.lead { color: #444; margin-bottom: 3mm; }
footer { margin-top: 6mm; font-size: 8.5pt; color: #666; border-top: 0.5pt solid #ccc; padding-top: 1.5mm; }
section { break-inside: auto; }
@media print { body { padding: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
"""


def _h(text: str) -> str:
    return html.escape(text, quote=False)


def _html_spans(items: list[Span]) -> str:
    out = []
    for s in items:
        t = _h(s.text)
        if s.style == "strong":
            out.append(f"<strong>{t}</strong>")
        elif s.style == "em":
            out.append(f"<em>{t}</em>")
        elif s.style == "badge":
            out.append(f'<span class="badge">{t}</span>')
        else:
            out.append(t)
    return "".join(out)


def _html_blocks(blocks: list, lead: bool = False) -> list[str]:
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Para):
            cls = ' class="lead"' if lead else ""
            out.append(f"<p{cls}>{_html_spans(block.spans)}</p>")
        elif isinstance(block, BulletList):
            tag = "ol" if block.ordered else "ul"
            out.append(f"<{tag}>")
            for item in block.items:
                inner = "".join(_html_blocks(item.children)) if item.children else ""
                out.append(f"<li>{_html_spans(item.spans)}{inner}</li>")
            out.append(f"</{tag}>")
        elif isinstance(block, Table):
            num = [block.numeric[i] if i < len(block.numeric) else False for i in range(len(block.header))]
            head = "".join(f'<th{" class=num" if num[i] else ""}>{_h(h)}</th>' for i, h in enumerate(block.header))
            rows = "".join(
                "<tr>" + "".join(f'<td{" class=num" if (i < len(num) and num[i]) else ""}>{_html_spans(c)}</td>'
                                 for i, c in enumerate(row)) + "</tr>"
                for row in block.rows)
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
    return out


def to_html(doc: Document) -> str:
    body = [f"<h1>{_h(doc.title)}</h1>", *_html_blocks(doc.blocks, lead=True)]
    for section in doc.sections:
        badge = f' <span class="badge">{_h(section.badge)}</span>' if section.badge else ""
        level = min(max(section.level, 2), 6)
        anchor = f' id="{_h(section.anchor)}"' if section.anchor else ""
        body.append(f"<section{anchor}><h{level}>{_h(section.title)}{badge}</h{level}>")
        body += _html_blocks(section.blocks)
        body.append("</section>")
    if doc.footer:
        body.append(f"<footer>{_h(doc.footer)}</footer>")
    return (f'<!DOCTYPE html>\n<html lang="{_h(doc.lang)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_h(doc.title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")
