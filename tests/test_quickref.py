"""The quick reference (`ratdsl summary --quick-ref`): one A4 page in two columns, built from the
rules: round, tables, colour legend, a line per card, scoring, the modules in play and the
variant. Expected words are taken from the rules and their messages, never typed here."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as FTL

from ratdsl.session import load_rules
from ratdsl.summaries import LANGUAGES, Summary, summarize, to_markdown
from ratdsl.summaries.html import summary_page
from ratdsl.summaries.messages import PACKAGE_LOCALES, shipped_languages
from ratdsl.summaries.quickref import QUICKREF_FILE, page_words
from ratdsl.summaries.swatches import colour_problems, colours_path, swatches

from .headless import A4_PX, pdf_pages, screenshot

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "ratland"
# The languages RatLand ships messages in (rules/ratland/locales/); others fall back.
RATLAND_LANGUAGES = shipped_languages(RULES)
MODULES = ("clans", "aggressive")


def quick(lang: str, path: Path = RULES, modules=()) -> str:
    return to_markdown(summarize(load_rules(path, list(modules)), lang, quick_ref=True))


def headings(text: str) -> list[str]:
    return re.findall(r"^## (.+)$", text, re.M)


# ---------------------------------------------------------------- content
@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_the_page_holds_round_tables_legend_every_card_and_scoring(lang):
    d = load_rules(RULES)
    s = Summary(d, lang)
    text = quick(lang)
    for n, phase in enumerate(d.round, 1):  # each phase of the round, numbered in order
        title = s.title(f"phase-{phase}", d.phases[phase].title)
        assert re.search(rf"^{n}\. \*\*{re.escape(title)}\*\*", text, re.M), title
    for table in d.tables.values():
        assert s.title(f"table-{table.name}", table.title) in headings(text)
    assert page_words(lang)("qr-section-legend") in headings(text)
    effects = [c for c in d.cards.values() if c.handlers or c.modifiers or c.hooks]
    assert effects
    for card in effects:  # one line each
        title = s.title(f"card-{card.name}", card.title, card)
        assert len(re.findall(rf"^- \*\*{re.escape(title)}\*\*", text, re.M)) == 1, title
    for card in d.cards.values():  # data-only cards (a table in the summary) are not listed
        if card not in effects:
            assert f"**{s.title(f'card-{card.name}', card.title, card)}**" not in text
    assert s.m("ui-section-scoring") in headings(text)


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_modules_in_play_add_their_cards_and_rules(lang):
    base = quick(lang)
    both = quick(lang, modules=MODULES)
    assert both != base
    d = load_rules(RULES, list(MODULES))
    s = Summary(d, lang)
    for header in d.ruleset.modules:
        section = s.m("ui-section-module", module=s.title(f"module-{header.name}", header.title))
        assert section not in base and section in headings(both)
    for card in d.cards.values():
        if d.ruleset.root / "modules" == Path(card.span.file).parent:
            assert f"**{s.title(f'card-{card.name}', card.title, card)}**" in both
    for module in MODULES:  # each alone differs from the base and from the other
        alone = quick(lang, modules=[module])
        assert alone not in (base, both)


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_the_line_under_the_title_names_players_modules_and_variant(lang):
    words = page_words(lang)
    base, with_modules = quick(lang).splitlines()[2], quick(lang, modules=MODULES).splitlines()[2]
    assert base.endswith(words("qr-no-modules"))
    assert words("qr-no-modules") not in with_modules
    variant_path = RULES / "variants" / "lean_times.rat"
    d = load_rules(variant_path)
    s = Summary(d, lang)
    title = s.title(f"variant-{d.ruleset.variant.name}", d.ruleset.variant.title)
    text = quick(lang, variant_path)
    assert words("qr-variant", variant=title) in text.splitlines()[2]
    assert s.m("ui-section-variant", variant=title) in headings(text)
    assert text != quick(lang)


def test_a_variant_table_reaches_the_page():
    """lean_times changes the feeding table: the page shows the variant's numbers, not the base's."""
    d = load_rules(RULES / "variants" / "lean_times.rat")
    table = next(iter(d.tables.values()))
    last = [str(r.value.value) for r in table.rows if r.row.low is not None and hasattr(r.value, "value")]
    text = quick("en", RULES / "variants" / "lean_times.rat")
    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \|$", text, re.M)
    assert [v.strip() for _k, v in rows if v.strip().isdigit()] == last


# ---------------------------------------------------------------- colour legend
@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_the_legend_has_a_chip_per_coloured_kind_on_its_own_line(lang):
    d = load_rules(RULES)
    colours = swatches(d)
    assert colours and set(colours) < set(d.kinds)  # some kinds have no colour (no chip)
    page = summary_page(d, lang, quick_ref=True)
    legend = page.split('id="colours"', 1)[1].split("</section>", 1)[0]
    chips = re.findall(r'<li><span class="swatch" style="background-color:(#[0-9a-f]{6})"', legend)
    assert chips == list(colours.values())  # one line each, in the rules' order


def test_legend_colours_come_from_the_colours_file(tmp_path):
    game = tmp_path / "ratland"
    shutil.copytree(RULES, game)
    path = colours_path(game)
    text = path.read_text("utf-8")
    kind, colour = next(iter(swatches(load_rules(RULES)).items()))
    path.write_text(text.replace(f"kind-{kind} = {colour}", f"kind-{kind} = #123456"), "utf-8")
    page = summary_page(load_rules(game), "en", quick_ref=True)
    assert "background-color:#123456" in page and f"background-color:{colour}" not in page


def test_a_bad_colour_line_gives_no_chip_and_is_reported(tmp_path):
    game = tmp_path / "ratland"
    shutil.copytree(RULES, game)
    path = colours_path(game)
    kind, colour = next(iter(swatches(load_rules(RULES)).items()))
    bad = "red;background:url(https://example.org/x)"
    path.write_text(path.read_text("utf-8").replace(f"kind-{kind} = {colour}", f"kind-{kind} = {bad}")
                    + "kind-no_such_kind = #000000\n", "utf-8")
    d = load_rules(game)
    assert kind not in swatches(d)
    page = summary_page(d, "en", quick_ref=True)
    assert "example.org" not in page and "url(" not in page
    problems = colour_problems(d)
    assert any(f"kind-{kind}:" in p for p in problems) and any("kind-no_such_kind" in p for p in problems)
    assert colour_problems(load_rules(RULES)) == []


GAME = """game tiny "Tiny" {
  players 2..4
}
tokens coin, gem
zone bank
per player zone purse
setup {
  step deal "Deal" {
    create {coin: 9, gem: 3} in bank
  }
}
round main
phase main "Main" {
  step take "Take" {
    for each p in players {
      move up to 1 coin from bank to p.purse
    }
    if round > 3 {
      end game
    }
  }
}
scoring p {
  score = p.purse.coin
}
"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_without_colours_decks_or_tables_gets_a_page_too(tmp_path, lang):
    (tmp_path / "game.rat").write_text(GAME, "utf-8")
    text = quick(lang, tmp_path)
    assert page_words(lang)("qr-section-legend") not in text
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "colours.ftl").write_text("kind-gem = #aa00aa\n", "utf-8")
    page = summary_page(load_rules(tmp_path), lang, quick_ref=True)
    assert page.count('class="swatch"') == 1 and "#aa00aa" in page  # no rule says what it does: a name


# ---------------------------------------------------------------- its own words
def _ids(lang: str) -> set[str]:
    resource = FluentParser().parse((PACKAGE_LOCALES / lang / QUICKREF_FILE).read_text("utf-8"))
    assert not [e for e in resource.body if isinstance(e, FTL.Junk)]
    return {e.id.name for e in resource.body if isinstance(e, FTL.Message)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_the_page_words_of_english(lang):
    assert _ids(lang) == _ids("en")
    words = page_words(lang)
    for key in _ids(lang):
        assert words(key, players="2–4", variant="V", modules="M", count=2)


# ---------------------------------------------------------------- one A4 page, in Chromium
CASES = [("modules", RULES, MODULES), ("variant", RULES / "variants" / "clan_wars.rat", ())]


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
@pytest.mark.parametrize("case,path,modules", CASES, ids=[c[0] for c in CASES])
def test_the_fullest_quick_reference_prints_on_one_a4_page(tmp_path, lang, case, path, modules):
    page = tmp_path / f"quickref.{lang}.html"
    page.write_text(summary_page(load_rules(path, list(modules)), lang, quick_ref=True), "utf-8")
    assert pdf_pages(page) == 1


def test_the_page_count_sees_a_second_page(tmp_path):
    """The check above can fail: the full summary prints on many pages."""
    page = tmp_path / "summary.html"
    page.write_text(summary_page(load_rules(RULES), "en"), "utf-8")
    assert pdf_pages(page) > 3


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_screenshot_shows_two_columns_and_the_chips_within_one_sheet(tmp_path, lang):
    import matplotlib.image
    import numpy as np

    d = load_rules(RULES, list(MODULES))
    page = tmp_path / f"quickref.{lang}.html"
    page.write_text(summary_page(d, lang, quick_ref=True), "utf-8")
    width, height = A4_PX
    pixels = (matplotlib.image.imread(screenshot(page, width, height + 300))[..., :3] * 255).round().astype(int)
    ink = (pixels.min(axis=-1) < 200)
    assert ink[:height].mean() > 0.04  # a full page of text
    assert not ink[height + 4:].any(), "the page runs past one A4 sheet"
    middle = ink[150:height - 60, width // 2 - 12:width // 2 + 12].mean(axis=0)
    assert middle.max() > 0.6 and middle.min() < 0.02  # a column rule with a gutter beside it
    for colour in swatches(d).values():
        target = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
        assert (np.abs(pixels - target).max(axis=-1) < 12).sum() >= 20, colour
