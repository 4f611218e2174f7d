"""Russian rule summaries (issue 15): the `ru` phrase table, Russian plural categories through
Fluent (CLDR one, few, many, other), Ratatopolis's Russian messages, and what a summary does in a
language a game does not ship."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.session import load_rules
from ratdsl.summaries import LANGUAGES, summarize, to_markdown
from ratdsl.summaries.check import check_locales, check_structure
from ratdsl.summaries.messages import Catalog, shipped_languages

ROOT = Path(__file__).resolve().parents[1]
RATATOPOLIS = ROOT / "rules" / "ratatopolis"
RATTUS = ROOT / "rules" / "rattus"

# CLDR's Russian categories: 1, 21 one; 2–4, 22 few; 0, 5–20, 11, 25, 111 many.
PLURALS = [(1, "one"), (2, "few"), (5, "many"), (11, "many"), (21, "one"), (22, "few"), (25, "many"),
           (111, "many")]
CARD = {"one": "карта", "few": "карты", "many": "карт"}
RAT_ACC = {"one": "крысу", "few": "крысы", "many": "крыс"}


@pytest.mark.parametrize(("n", "category"), PLURALS)
def test_fluent_picks_the_russian_plural_category(n, category):
    ru = Catalog("ru")
    assert ru("word-card", count=n, form="bare") == CARD[category]
    players = ru("ui-players", range=str(n), count=n, case="nom")
    assert players == f"{n} " + {"one": "игрок", "few": "игрока", "many": "игроков"}[category]


def test_russian_is_a_language_and_its_phrase_tables_have_the_english_ids():
    assert "ru" in LANGUAGES
    assert check_structure(("ru",)) == []


def test_the_russian_summary_of_ratatopolis_is_translated_throughout():
    text = to_markdown(summarize(load_rules(RATATOPOLIS), "ru"))
    assert text.startswith("# Ратополис: сводка правил")
    assert "не переведено" not in text and not re.search(r"\bпредмет", text)
    assert not re.search(r"\{\s*\$|\$[a-z]|\b[a-z]+-[a-z_]+\b", text)   # no placeholder, no message id
    assert "3–5 игроков." in text and "На поле 20 клеток." in text
    assert "| Охота: Пожарная станция | Пожарная станция |" in text
    assert "| Аптека | 3–5 игроках | – | O | 1 | 4 | нет |" in text
    assert "планы открываются одновременно" in text


@pytest.fixture(scope="module")
def rats_moved(tmp_path_factory) -> dict[int, str]:
    """The generic Russian text of the setup's first move, with the number of rats changed."""
    out = {}
    for n, _ in PLURALS:
        game = tmp_path_factory.mktemp(f"rats{n}") / "ratatopolis"
        shutil.copytree(RATATOPOLIS, game, ignore=shutil.ignore_patterns("scenarios"))
        rules = game / "round.rat"
        text = rules.read_text("utf-8")
        assert "move 20 rat from box to p.reserve" in text, "the rule file changed: update this test"
        rules.write_text(text.replace("move 20 rat from box to p.reserve", f"move {n} rat from box to p.reserve"),
                         "utf-8")
        summary = to_markdown(summarize(load_rules(game), "ru", generic_only=True))
        out[n] = next(line for line in summary.splitlines() if "из коробки с игрой в свой запас за ширмой" in line)
    return out


@pytest.mark.parametrize(("n", "category"), PLURALS)
def test_a_summary_counts_rats_in_each_plural_category(rats_moved, n, category):
    assert rats_moved[n].strip() == f"- Переместите {n} {RAT_ACC[category]} из коробки с игрой в свой запас за ширмой."


def test_all_rats_of_an_animate_kind_read_in_the_accusative():
    text = to_markdown(summarize(load_rules(RATATOPOLIS), "ru", generic_only=True))
    assert "Переместите всех крыс " in text and "Переместите всех котов " in text
    assert "Положите все карты охоты в колоду охоты." in text


def test_i18n_check_is_clean_in_the_languages_ratatopolis_ships():
    assert shipped_languages(RATATOPOLIS) == ("en", "ru")
    findings = check_locales(RATATOPOLIS)
    assert findings == [], "\n".join(f.render(ROOT) for f in findings)
    result = CliRunner().invoke(app, ["i18n", "check", str(RATATOPOLIS)])
    assert result.exit_code == 0, result.output
    assert result.output.split() == ["[en]", "ok", "[ru]", "ok"]


def test_i18n_check_still_reports_a_language_asked_for_that_the_game_lacks():
    result = CliRunner().invoke(app, ["i18n", "check", str(RATTUS), "--lang", "ru"])
    assert result.exit_code == 1
    assert "rattus/locales/ru/game.ftl: missing: *: no message file" in result.output


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_summary_command_writes_ratatopolis(lang):
    result = CliRunner().invoke(app, ["summary", str(RATATOPOLIS), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert ("Ратополис" if lang == "ru" else "Ratatopolis") in result.output
    assert "warning" not in result.output


def test_a_language_the_game_does_not_ship_falls_back_and_says_so():
    doc = summarize(load_rules(RATTUS), "ru")
    assert [w for w in doc.warnings if "ships no messages" in w] == [
        "[ru] the game ships no messages in this language (only en, de): names stay as the rule files "
        "write them, marked as not translated"]
    text = to_markdown(doc)
    assert text.startswith("# «Rattus» (не переведено): сводка правил")
    assert not [w for w in summarize(load_rules(RATTUS), "de").warnings if "ships no messages" in w]


def test_the_table_speaks_russian_too():
    """Summaries speak Russian, and so do the table's own phrases (narration, prompts): every
    phrase of the English table has its Russian one, and `run --lang ru` narrates (issue 35)."""
    import re

    from ratdsl.cli.table.words import TABLE_LOCALES

    def keys(lang: str) -> set[str]:
        text = (TABLE_LOCALES / lang / "table.ftl").read_text("utf-8")
        return set(re.findall(r"^([a-z][\w-]*) =", text, re.M))

    assert keys("en") and keys("ru") == keys("en")
    result = CliRunner().invoke(app, ["run", str(RATATOPOLIS), "-p", "3", "-s", "1", "--lang", "ru"])
    assert result.exit_code == 0, result.output[-2000:]
    assert "=== Раунд 1 (ходит P1) ===" in result.output


def test_a_game_with_nested_functions_and_no_messages_still_gets_a_summary():
    """RatLand ships no Russian: its functions, which call each other, are told from their bodies;
    a function inside an inlined one is only named, or the text grew exponentially (it hung)."""
    ratland = ROOT / "rules" / "ratland"
    doc = summarize(load_rules(ratland, ["clans", "aggressive"]), "ru", generic_only=True)
    text = to_markdown(doc)
    assert text.startswith("# «RatLand» (не переведено): сводка правил")
    assert len(text) < 200_000
