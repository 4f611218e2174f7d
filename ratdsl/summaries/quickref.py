"""The quick reference: one A4 page, in two columns, of what players look up during a game.

It is built from the same parts as the summary (the builder's sections and the game's messages),
chosen for the table: the variant in use and what it changes, the round's phases, the rule
tables, a legend of the token kinds that have a display colour (swatches.py) with what each one
does, one line per card of every deck whose cards have effects, the scoring, and each optional
module in play with its cards and rules. Nothing here knows a game: a game with other decks,
tables or modules gets its own page. The page's own words (section names, the heading line) are
in `locales/<lang>/quickref.ftl`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..language import ast as A
from .document import BulletList, Document, ListItem, Para, Section, Span
from .messages import PACKAGE_LOCALES, Catalog
from .swatches import swatches

if TYPE_CHECKING:
    from .builder import Summary

QUICKREF_FILE = "quickref.ftl"


def page_words(lang: str) -> Catalog:
    """The package's phrases with the quick reference's and the HTML page's own."""
    return Catalog(lang, [PACKAGE_LOCALES / lang / QUICKREF_FILE])


class QuickRef:
    """Chooses and orders the sections of the quick reference for one summary."""

    def __init__(self, summary: Summary):
        self.s = summary
        self.q = page_words(summary.lang)
        self.colours = swatches(summary.d)

    def build(self) -> Document:
        s = self.s
        game = s.title("game", s.rs.game.title)
        doc = Document(s.lang, s.m("ui-quickref-title", game=game), layout="card")
        doc.blocks = [Para([Span(self.lead())])]
        sections: list[Section] = []
        if s.rs.variant is not None:
            sections.append(self.variant())
        sections.append(s.round_section(level=2))
        sections += s.table_sections(level=2)
        legend = self.legend()
        if legend is not None:
            sections.append(legend)
        sections += self.card_sections()
        sections.append(s.scoring_section())
        for header in s.rs.modules:
            sections.append(self.module(header))
        doc.sections = [x for x in sections if x.blocks]
        doc.footer = s.m("ui-footer")
        return doc

    # ------------------------------------------------------------ heading line
    def lead(self) -> str:
        s = self.s
        g = s.rs.game
        parts = [self.q("qr-players", players=s.g.words.players_text(g.min_players, g.max_players))]
        if s.rs.variant is not None:
            v = s.rs.variant
            parts.append(self.q("qr-variant", variant=s.title(f"variant-{v.name}", v.title)))
        if s.rs.modules:
            names = [s.title(f"module-{h.name}", h.title) for h in s.rs.modules]
            parts.append(self.q("qr-modules", modules=s.m.join(names, "and"), count=len(names)))
        else:
            parts.append(self.q("qr-no-modules"))
        return self.q("qr-lead-sep").join(parts)

    def variant(self) -> Section:
        """The summary's list of what the variant changes, without its opening paragraph (the
        line under the title names the variant already)."""
        section = self.s.variant_section()
        if section.blocks and isinstance(section.blocks[0], Para):
            section.blocks = section.blocks[1:]
        return section

    # ------------------------------------------------------------ colour legend
    def names_of(self, kind: str) -> set[str]:
        """Every form of a kind's short name and noun, folded, to find it at the start of a line."""
        words = self.s.g.words
        names: set[str] = set()
        for count in (1, 2, 5, "one", "other", "adj"):
            for text in (words.short(kind, count), words.noun(words.noun_key(kind), count)):
                if text:
                    names.add(text.casefold())
        return names

    def colour_rule(self) -> A.Rule | None:
        """The rule that says what each coloured kind does: the one whose conditions name the
        most of them (at least two)."""
        best, most = None, 1
        for rule in self.s.d.rules.values():
            named = {n.id for n in A.walk(rule.body) if isinstance(n, A.Name) and n.id in self.colours}
            if len(named) > most:
                best, most = rule, len(named)
        return best

    def kind_of_line(self, item: ListItem) -> str | None:
        """The coloured kind a list line is about, when the line starts "NAME: ..."."""
        if not item.spans or not item.spans[0].text:
            return None
        head = item.spans[0].text.split(":", 1)[0].strip().casefold()
        if not head or len(head) > 40:
            return None
        for kind in self.colours:
            for name in self.names_of(kind):
                if head == name or (len(head) >= 3 and (name.startswith(head) or head.startswith(name))):
                    return kind
        return None

    def legend(self) -> Section | None:
        """A chip and a name per coloured kind, set into the lines of the rule that says what each
        does when that rule has a hand-written text; otherwise the chips and names alone."""
        if not self.colours:
            return None
        s = self.s
        blocks: list = []
        rule = self.colour_rule()
        if rule is not None:
            text = s.text(f"rule-{rule.name}", rule)
            if text is not None:
                blocks = text
                s.rendered_rules.add(rule.name)
        shown: set[str] = set()
        for block in blocks:
            if not isinstance(block, BulletList):
                continue
            for item in block.items:
                kind = self.kind_of_line(item)
                if kind is not None and kind not in shown:
                    shown.add(kind)
                    item.spans.insert(0, self.chip(kind))
        rest = [ListItem([self.chip(k), Span(s.g.words.sentence(s.g.words.short(k, "one")), "strong")])
                for k in self.colours if k not in shown]
        if rest:
            blocks.append(BulletList(rest))
        return Section(self.q("qr-section-legend"), blocks=blocks, anchor="colours")

    def chip(self, kind: str) -> Span:
        return Span(self.s.g.words.short(kind, "one"), "swatch", self.colours[kind])

    # ------------------------------------------------------------ cards
    def card_sections(self) -> list[Section]:
        """A line per card of each deck of the game (not its modules) whose cards do something;
        decks of plain data (a card table) are left to the summary."""
        s = self.s
        out = []
        for deck in s.d.decks.values():
            cards = [c for c in s.d.cards.values() if c.deck == deck.name and s.in_module(c) is None]
            if not cards or not any(c.handlers or c.modifiers or c.hooks for c in cards):
                continue
            key = f"deck-{deck.name}"
            blocks: list = []
            intro = s.text(key, deck) if deck.active is not None else None
            if intro:
                blocks += intro
            blocks += s.effect_cards(deck, cards)
            out.append(Section(s.title(key, deck.title), blocks=blocks, anchor=key))
        return out


    # ------------------------------------------------------------ modules
    def module(self, header: A.ModuleHeader) -> Section:
        """A module in play: its text, its setup steps, its cards and its rules (the summary's
        module section without the components table, which only matters before the game)."""
        s = self.s
        stem = Path(header.span.file).stem
        key = f"module-{header.name}"
        blocks: list = list(s.text(key, header) or [])
        steps = s.setup_steps(stem)
        if steps:
            blocks.append(BulletList([s.labelled(s.m("ui-setup"), [BulletList([s.step_item(f"setup-{x.name}", x)
                                                                               for x in steps])])]))
        for section in s.deck_sections(stem, level=3):
            blocks.append(Para([Span(section.title, "strong")]))
            blocks += section.blocks
        rules = s.loose_items(s.loose_decls(stem))
        rules += [s.rule_item(r) for r in s.d.rules.values() if r.body.stmts and s.in_module(r) == stem]
        if rules:
            blocks.append(Para([Span(s.m("ui-module-rules"), "strong")]))
            blocks.append(BulletList(rules))
        return Section(s.m("ui-section-module", module=s.title(key, header.title)), blocks=blocks, anchor=key)


def quick_reference(summary: Summary) -> Document:
    return QuickRef(summary).build()
