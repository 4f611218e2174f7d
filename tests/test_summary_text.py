"""The summary's text as a reader gets it (issue 18): counts agree with their nouns, a message
that no longer fits its rule gives way to the generic sentence, variants are told in words, the
sentences the issue quotes are gone, and `i18n check` refuses numbers typed into a message."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.session import load_rules
from ratdsl.summaries import LANGUAGES, summarize, to_markdown
from ratdsl.summaries.check import check_locales
from ratdsl.summaries.messages import shipped_languages

from .test_summaries import copy_rules, edit

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "ratland"
# The languages RatLand ships messages in (rules/ratland/locales/); others fall back.
RATLAND_LANGUAGES = shipped_languages(RULES)
VARIANTS = RULES / "variants"


def markdown(lang: str, path: Path = RULES, modules=(), options=None) -> str:
    return to_markdown(summarize(load_rules(path, list(modules), options or {}), lang))



# ---------------------------------------------------------------- the sentences issue 18 quotes
# (language, where, a form that must not appear): "where" is base, modules, a variant's stem, or
# "ones" (a copy of the rules where the counts the issue names are 1).
BAD_FORMS = [
    ("en", "base", "The first player at the table is the first active player"),
    ("de", "base", "Der erste Spieler am Tisch ist der erste aktive Spieler"),
    ("es", "base", "El primer jugador de la mesa es el primer jugador activo"),
    ("fr", "base", "Le premier joueur à table est le premier joueur actif"),
    ("en", "ones", "Each player puts 1 rats"),
    ("en", "ones", "Pick 1 final events"),
    ("de", "ones", "1 Ratten"),
    ("es", "ones", "1 ratas"),
    ("fr", "ones", "1 Événements finaux"),
    ("fr", "generous", "fromages jaunes dans la réserve et le met"),
    ("fr", "lean_times", "Table de nourriture *(modifié "),
    ("es", "lean_times", "Tabla de alimentación *(cambiado "),
    ("en", "lean_times", "Changed: the table Feeding table."),
    ("en", "clan_wars", "set to to the graveyard"),
    ("de", "clan_wars", "auf auf den Friedhof"),
    ("en", "removes_drunk", "the card “drunk”"),
    ("en", "big_litters", "Move rats (up to the new rats for the player"),
    ("es", "base", "montón común"),
    ("es", "modules", "bélico"),
    ("es", "base", "Listos para todo"),
    ("en", "modules", "see the module’s rules"),
    ("en", "modules", "the 0 richest players"),
    ("en", "modules", "(with the final side: the 3 richest players) each give"),
    ("de", "modules", "(mit der Schlussseite: die 3 reichsten) geben"),
    ("fr", "modules", "(avec la face finale, les 3 plus riches) donnent"),
]
FOUND_INSTEAD = [
    ("en", "ones", "Each player puts one rat"),
    ("en", "lean_times", "from 7 to 24 rats, 1 more"),
    ("de", "clan_wars", "jetzt auf den Friedhof"),
    ("en", "removes_drunk", "Removed: the card Drunk."),
    ("de", "base", "Anders als in der deutschen Regel („kann“)"),
    ("fr", "modules", "La règle française prévoit plutôt deux blancs contre un jaune"),
    ("es", "base", "pila común"),
    ("en", "base", "say truthfully how much cheese they hold"),
    ("en", "big_litters", "one more for every 3 of them"),
    ("en", "modules", "The richest player gives the Musician up to one piece of cheese; with the final side, each"),
    ("de", "modules", "Der reichste Spieler gibt dem Musiker bis zu einem Käsestück; mit der Schlussseite tut das"),
]


@pytest.fixture(scope="module")
def texts(tmp_path_factory) -> dict[tuple[str, str], str]:
    tmp = tmp_path_factory.mktemp("text")
    ones = copy_rules(tmp)
    edit(ones / "game.rat", "move 7 rat from pile", "move 1 rat from pile")
    edit(ones / "game.rat", "sample(4, box", "sample(1, box")
    generous = copy_rules(tmp / "g")
    edit(generous / "events.rat", "move up to 1 yellow from supplies to p.pantry",
         "move up to 3 yellow from supplies to p.pantry")
    shutil.copytree(RULES, tmp / "r" / "ratland", ignore=shutil.ignore_patterns("scenarios"))
    removes = tmp / "r" / "ratland" / "variants" / "removes_drunk.rat"
    removes.write_text('variant removes_drunk "No Drunk" extends ratland\n\nremove card drunk\n', "utf-8")
    where = {"base": (RULES, ()), "modules": (RULES, ("clans", "aggressive")), "ones": (ones, ()),
             "generous": (generous, ()), "removes_drunk": (removes, ())}
    for stem in ("lean_times", "clan_wars", "big_litters"):
        where[stem] = (VARIANTS / f"{stem}.rat", ())
    needed = {(lang, w) for lang, w, _ in BAD_FORMS + FOUND_INSTEAD}
    return {(lang, w): markdown(lang, where[w][0], where[w][1]) for lang, w in sorted(needed)}


@pytest.mark.parametrize(("lang", "where", "bad"), BAD_FORMS)
def test_a_sentence_quoted_in_the_issue_is_gone(texts, lang, where, bad):
    assert bad not in texts[(lang, where)]


@pytest.mark.parametrize(("lang", "where", "good"), FOUND_INSTEAD)
def test_what_the_summary_says_instead(texts, lang, where, good):
    assert good in texts[(lang, where)]


# ---------------------------------------------------------------- a message that no longer fits
def test_a_message_that_no_longer_fits_its_rule_falls_back_with_a_warning(tmp_path):
    rules = copy_rules(tmp_path)
    text = (rules / "events.rat").read_text("utf-8")
    start = text.index("card abundance")
    end = text.index("card massive_attacks")
    (rules / "events.rat").write_text(text[:start] + text[start:end].replace("1 yellow", "1 orange")
                                      + text[end:], "utf-8")
    d = load_rules(rules)
    for lang in RATLAND_LANGUAGES:
        doc = summarize(d, lang)
        assert any("card-abundance" in w for w in doc.warnings), (lang, doc.warnings)
        assert to_markdown(doc)
    result = CliRunner().invoke(app, ["summary", str(rules), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "warning:" in result.output and "orange" in result.output


# ---------------------------------------------------------------- i18n check
def test_i18n_check_refuses_a_number_typed_into_a_message(tmp_path):
    rules = copy_rules(tmp_path)
    edit(rules / "locales" / "en" / "game.ftl", "Every piece drawn takes effect at once:",
         "Every piece drawn (up to 12) takes effect at once:")
    found = [f for f in check_locales(rules, ("en",)) if f.kind == "malformed"]
    assert [f.key for f in found] == ["rule-found.text"], [f.render() for f in found]
    assert "12" in found[0].message


@pytest.mark.parametrize(("lang", "old", "new", "word"), [
    ("en", "Every piece drawn takes effect at once:", "Every piece drawn (up to two) takes effect at once:", "two"),
    ("de", "Jedes gezogene Stück wirkt sofort:", "Jedes gezogene Stück (höchstens zwei) wirkt sofort:", "zwei"),
    ("es", "sacar quesos", "sacar tres quesos", "tres"),
    ("fr", "Chaque fromage pioché", "Chacun des trois fromages piochés", "trois"),
])
def test_i18n_check_refuses_a_number_word_typed_into_a_message(tmp_path, lang, old, new, word):
    """A number written as a word goes stale like a digit (issue 18: "genau zwei Ratten")."""
    rules = copy_rules(tmp_path)
    ftl = rules / "locales" / lang / "game.ftl"
    assert not check_locales(rules, (lang,))
    edit(ftl, old, new)
    found = [f for f in check_locales(rules, (lang,)) if f.kind == "malformed"]
    assert len(found) == 1 and f"“{word}”" in found[0].message, [f.render() for f in found]


def test_a_number_word_is_allowed_where_its_variant_selects_it(tmp_path):
    rules = copy_rules(tmp_path)
    edit(rules / "locales" / "en" / "game.ftl", "[2] pairs", "[2] twos, that is pairs")
    assert not check_locales(rules, ("en",))
    edit(rules / "locales" / "en" / "game.ftl", "groups of { $trade_whites_n1 }", "groups of two")
    found = [f for f in check_locales(rules, ("en",)) if f.kind == "malformed"]
    assert [f.key for f in found] == ["card-dr_cheese.text"], [f.render() for f in found]


def test_i18n_check_refuses_a_colour_the_rules_of_the_element_do_not_name(tmp_path):
    """Massive Attacks names no cheese: a colour in its text is not what its rules say."""
    rules = copy_rules(tmp_path)
    ftl = rules / "locales" / "en" / "game.ftl"
    edit(ftl, "Every attack counts {", "Every attack with a yellow piece counts {")
    found = [f for f in check_locales(rules, ("en",)) if f.kind == "malformed"]
    assert [f.key for f in found] == ["card-massive_attacks.text"], [f.render() for f in found]
    assert "yellow" in found[0].message
    # the comment that says the word means something else here lets it pass
    edit(ftl, "card-massive_attacks = ", "# i18n-allow: yellow (a test)\ncard-massive_attacks = ")
    assert not [f for f in check_locales(rules, ("en",)) if f.kind == "malformed"]


def test_a_colour_that_is_another_word_needs_its_comment(tmp_path):
    """German "weiß" is also "knows": RatLand's text says so in a comment; without it, a finding."""
    rules = copy_rules(tmp_path)
    ftl = rules / "locales" / "de" / "game.ftl"
    assert not check_locales(rules, ("de",))
    edit(ftl, "# i18n-allow: weiß (von „wissen“, nicht die Farbe)\n", "")
    found = [f for f in check_locales(rules, ("de",)) if f.kind == "malformed"]
    assert [f.key for f in found] == ["setup-clans.text"] and "weiß" in found[0].message


def test_an_untranslated_name_is_marked(tmp_path):
    rules = copy_rules(tmp_path)
    (rules / "events.rat").write_text((rules / "events.rat").read_text("utf-8") + (
        '\ncard lucky_find in events "Lucky Find" {\n  back = start\n  on reveal {\n'
        "    for each p in players {\n      move up to 3 yellow from supplies to p.pantry\n    }\n  }\n}\n"),
        "utf-8")
    d = load_rules(rules)
    marks = {"en": "(not translated)", "de": "(nicht übersetzt)", "es": "(sin traducir)", "fr": "(non traduit)",
             "ru": "(не переведено)"}
    for lang in LANGUAGES:
        line = next(line for line in to_markdown(summarize(d, lang)).splitlines() if "Lucky Find" in line)
        assert marks[lang] in line, (lang, line)
