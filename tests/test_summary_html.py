"""The HTML summary page (summaries/html.py): the rules first, the generation notes and the
options in an appendix, colour chips in tables, no column that repeats a card's title, and a
page Chromium renders in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ratdsl.session import load_rules
from ratdsl.summaries import Summary, summarize
from ratdsl.summaries.document import Document, Para, Section, Span, Table
from ratdsl.summaries.html import APPENDIX_ANCHORS, Look, summary_page, tidy_table, to_html, with_chips
from ratdsl.summaries.messages import shipped_languages
from ratdsl.summaries.quickref import page_words
from ratdsl.summaries.swatches import swatches

from .headless import screenshot

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "ratland"
# The languages RatLand ships messages in (rules/ratland/locales/); others fall back.
RATLAND_LANGUAGES = shipped_languages(RULES)


@pytest.fixture(scope="module")
def definition():
    return load_rules(RULES)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# ---------------------------------------------------------------- appendix
@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_notes_and_options_come_last_in_an_appendix(definition, lang):
    page = summary_page(definition, lang)
    words = page_words(lang)
    top, appendix = page.split('<div class="appendix" id="appendix">', 1)
    assert words("html-appendix") in appendix
    for anchor in APPENDIX_ANCHORS:
        assert f'id="{anchor}"' in appendix and f'id="{anchor}"' not in top
    notes = re.findall(r"<p>(.*?)</p>", appendix.split('id="notes"', 1)[1].split("</section>", 1)[0])
    doc = summarize(definition, lang)
    assert doc.footer in notes
    for note in notes:  # how the page was made is said once, at the end
        assert note not in text_of(top)
    lead = re.search(r'<p class="lead">(.*?)</p>', top).group(1)
    s = Summary(definition, lang)
    g = definition.ruleset.game
    assert lead == words("html-players", players=s.g.words.players_text(g.min_players, g.max_players))
    assert page.index("</section>", page.index('id="scoring"')) < page.index('id="appendix"')


def test_a_first_paragraph_that_is_not_the_intro_stays_at_the_top():
    doc = Document("en", "T", blocks=[Para([Span("Something else entirely.")])],
                   sections=[Section("Options", anchor="options", blocks=[Para([Span("o")])])], footer="F")
    page = to_html(doc)
    top, appendix = page.split('id="appendix"', 1)
    assert "Something else entirely." in top and "F" in text_of(appendix) and 'id="options"' in appendix


# ---------------------------------------------------------------- tables
def cells(*texts: str) -> list[list[Span]]:
    return [[Span(t)] for t in texts]


def test_a_column_repeating_the_title_number_is_left_out():
    table = Table(["Card", "No.", "Cost"], [cells("Card 1", "1", "5"), cells("Card 12", "12", "3")],
                  [False, True, True])
    tidy = tidy_table(table)
    assert tidy.header == ["Card", "Cost"] and [[c[0].text for c in r] for r in tidy.rows] == [["Card 1", "5"],
                                                                                               ["Card 12", "3"]]
    assert tidy.numeric == [False, True]
    kept = Table(["Card", "No.", "Cost"], [cells("Card 1", "2", "5"), cells("Card 12", "1", "3")])
    assert tidy_table(kept) == kept  # "1" is not "12"'s number, nor is "2" the first card's


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_the_card_table_shows_each_card_number_once_with_colour_chips(definition, lang):
    page = summary_page(definition, lang)
    data_decks = [d for d in definition.decks.values()
                  if not any(c.handlers or c.modifiers or c.hooks for c in definition.cards.values()
                             if c.deck == d.name)]
    assert data_decks
    s = Summary(definition, lang)
    colours = set(swatches(definition).values())
    for deck in data_decks:
        section = page.split(f'id="deck-{deck.name}"', 1)[1].split("</section>", 1)[0]
        for row in re.findall(r"<tr>(.*?)</tr>", section.split("<tbody>", 1)[1]):
            first, *rest = re.findall(r"<td[^>]*>(.*?)</td>", row)
            number = re.search(r"\d+", first).group()
            assert number not in [text_of(c).strip() for c in rest]  # not "Card 1 | 1"
            assert set(re.findall(r"background-color:(#[0-9a-f]{6})", row)) <= colours
            assert "swatch" in row
        for card in definition.cards.values():
            if card.deck == deck.name:
                assert s.title(f"card-{card.name}", card.title, card) in section


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_chips_mark_amounts_and_names_not_sentences(definition, lang):
    page = summary_page(definition, lang)
    options = page.split('id="options"', 1)[1]
    questions = [re.findall(r"<td[^>]*>(.*?)</td>", r)[0] for r in re.findall(r"<tr>(.*?)</tr>", options)[1:]]
    assert questions and not any("swatch" in q for q in questions)
    setup = page.split('id="setup"', 1)[1].split("</table>", 1)[0]
    assert len(re.findall(r'class="swatch"', setup)) == len(swatches(definition))  # a chip per coloured row


def test_chips_need_a_known_word_and_a_colour_that_is_one():
    look = Look({"amber": "#ffbf00"})
    spans = with_chips([Span("3 amber, 2 grey")], look)
    assert [s.style for s in spans] == ["", "swatch", ""] and "".join(s.text for s in spans if not s.style) == \
        "3 amber, 2 grey"
    unsafe = to_html(Document("en", "T", sections=[Section("S", blocks=[Para([Span("x", "swatch", "red;x:url(y)")])])]))
    assert 'class="swatch"' not in unsafe and "url(" not in unsafe


def test_markdown_has_no_trace_of_the_chips(definition):
    text = summarize(definition, "en", quick_ref=True).text()
    assert "swatch" not in text and not re.search(r"#[0-9a-fA-F]{6}", text)


# ---------------------------------------------------------------- in Chromium
@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_the_summary_page_renders_with_its_chips(tmp_path, definition, lang):
    import matplotlib.image
    import numpy as np

    page = tmp_path / f"summary.{lang}.html"
    page.write_text(summary_page(definition, lang), "utf-8")
    pixels = (matplotlib.image.imread(screenshot(page, 1000, 2400))[..., :3] * 255).round().astype(int)
    assert (pixels.min(axis=-1) < 200).mean() > 0.03  # not blank
    for colour in swatches(definition).values():
        target = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
        assert (np.abs(pixels - target).max(axis=-1) < 12).sum() >= 20, colour
