"""A small document model for summaries, written out as Markdown (here) or as a printable HTML
page (html.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# ---------------------------------------------------------------- model


@dataclass
class Span:
    text: str
    style: str = ""  # "", "strong", "em", "badge", "swatch" (a colour chip: text is its name)
    colour: str = ""  # a swatch's colour, #rrggbb


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
    layout: str = "page"  # "page": a summary; "card": a one-page quick reference in two columns
    warnings: list[str] = field(default_factory=list)  # hand-written texts that no longer fit

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
        if s.style == "swatch":
            continue  # a colour chip has no text form: the colour's name follows it
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
