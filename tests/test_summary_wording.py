"""Generic sentences read as a rulebook would, not as code (issue 18): the text the summaries
build from the rules themselves, where no hand-written message tells an element. Each form
below was in the generic text of RatLand with both modules before the fix; each replacement is
what the same rule reads now. The forms come from the phrase tables (`structure.ftl`) and the
expression and statement renderers, so they hold for any game."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.language import ast as A
from ratdsl.session import load_rules
from ratdsl.summaries import summarize, to_markdown
from ratdsl.summaries.builder import Summary
from ratdsl.summaries.messages import shipped_languages

RULES = Path(__file__).resolve().parents[1] / "rules" / "ratland"
# The languages RatLand ships messages in (rules/ratland/locales/); others fall back.
RATLAND_LANGUAGES = shipped_languages(RULES)

# (language, a form that read like code)
CODE_LIKE = [
    # a hook point (a rule with no body: a moment) quoted as if it were a rule's name
    ("en", "After “right after a player draws”"),
    ("de", "Nach „direkt nachdem ein Spieler gezogen hat“"),
    ("es", "Después de «justo después"),
    ("fr", "Après «\u202fjuste après la pioche d’un joueur\u202f»"),
    # two things compared like numbers
    ("de", "gleich Müllkippe"),
    ("es", "es igual a vertedero"),
    ("es", "es igual a el evento en curso"),
    ("fr", "vaut décharge"),
    ("fr", "vaut l’Événement en cours"),
    # a kind named in quotes
    ("de", "„gelb“"),
    ("es", "es de tipo «amarillo»"),
    ("fr", "est «\u202fblanc\u202f»"),
    # a yes/no function quoted and then said to hold
    ("de", "„der Spieler hat es“ zutrifft"),
    ("es", "se cumple «el jugador tiene"),
    ("fr", "«\u202fle joueur possède cela\u202f» est vrai"),
    # orderings: a colon and the nominative after "nach", and a key negated to sort downwards
    ("de", "geordnet nach:"),
    ("de", "0 − die"),
    ("en", "ordered by 0 − "),
    ("es", "ordenados por 0 − "),
    ("fr", "selon 0 − "),
    # a counter set to itself plus one; a yes/no value set to a condition
    ("en", "to their piece put back with Helmet Rat in this area + 1"),
    ("de", "auf es immer gilt setzen"),
    # wrong case after a preposition
    ("de", "eine Ratte von der Spieler"),
    ("es", "valor de a los jugadores"),
    ("es", "el puesto de el jugador"),
    # a side quoted as a name ("on side “this side”")
    ("en", "on side this side"),
    ("de", "auf der Seite „diese Seite“"),
    ("es", "por el lado «este lado»"),
    ("fr", "du côté «\u202fce côté\u202f»"),
    # the card at hand as a pronoun, and a key quoted in "the player with the fewest"
    ("es", "tiene ello"),
    ("de", "niedrigsten Wert für „"),
    ("en", "the player with the fewest: "),
    # a computed list of a player's places, told as "value"
    ("de", "aus Wert, sofern"),
    ("en", "from value for which"),
    # two players in one sentence, both "the player"; a player's place read as a field
    ("en", "players for which the player is not the player"),
    ("en", "If this value is not the player"),
    ("de", "sofern der Spieler nicht gleich der Spieler ist"),
    ("de", "der Wert „Vorratskammer“"),
    # a call the renderer had no words for
    ("en", "the result for the players"),
    ("de", "das Ergebnis für die Spieler"),
    # a preposition and an article the language joins
    ("fr", "est supérieur à les rats"),
    ("fr", "un rat de le joueur"),
    ("es", "una rata de el jugador"),
    ("es", "de 0 a el número"),
    # a repeat count that depends on a condition; the pieces in a place counted as cards
    ("en", "As many times as 3 if"),
    ("de", "So oft wie 3, falls"),
    ("en", "the number of items of the bag"),
    ("de", "die Anzahl der Karten vom Beutel"),
    # a function's places, and cards picked from a pile, quoted as names
    ("de", "aus „woher der dem Spieler gestohlene Käse stammt“"),
    ("es", "de «de dónde salen los quesos robados al jugador»"),
    ("de", "Die Karten von „5 zufällig gewählte Karten"),
    ("en", "Put the cards of 5 cards picked at random"),
    # a player's counter quoted as a name; "gleich" with the nominative
    ("de", "sein Wert „mit dem Schutzhelm"),
    ("es", "su valor «queso devuelto"),
    ("fr", "sa valeur «\u202ffromage remis"),
    ("de", "nicht gleich die Rundennummer ist"),
    # German prepositions with the nominative or accusative where the dative belongs
    ("de", "aus jede Art von Stück"),
    ("de", "zu die Käsestücke gehört"),
    # a quantity told as a parenthesis
    ("en", "(as many as "),
    ("de", "(Anzahl: "),
    ("es", "(cantidad: "),
    ("fr", "(nombre\u00a0: "),
]

READS_INSTEAD = [
    ("en", "Right after a player draws, if"),
    ("de", "Direkt nachdem ein Spieler gezogen hat, falls"),
    ("fr", "Juste après la pioche d’un joueur, si"),
    ("en", "this place is the dump"),
    ("de", "dieser Platz die Müllkippe ist"),
    ("es", "este lugar es el vertedero"),
    ("fr", "cet emplacement est la décharge"),
    ("de", "dieses Stück weiß ist"),
    ("es", "esta ficha es un queso blanco"),
    ("fr", "cette pièce est un fromage blanc"),
        ("de", "geordnet nach den sich vermehrenden Ratten des Spielers (niedrigster Wert zuerst)"),
    ("de", "geordnet nach den Ratten des Spielers, die für „Betrunken“ zählen (höchster Wert zuerst), "
           "dann nach dem Platz des Spielers"),
    ("en", "ordered by the rats of the player that count for Drunk (highest first), then by"),
    ("en", "Add 1 to their piece put back with Helmet Rat in this area."),
    ("de", "um 1 erhöhen."),
    ("es", "el primer valor de los jugadores"),
    ("en", "the rats that their neighbour on this side attacks with on the opposite side"),
    ("de", "den Ratten, mit denen der Nachbar des Spielers auf dieser Seite auf der gegenüberliegenden Seite angreift"),
    ("es", "lo que puede robar el ataque contra el jugador por este lado"),
    ("fr", "ce que l’attaque contre le joueur venant de ce côté peut voler"),
    ("en", "if the player has this card"),
    ("de", "falls der Spieler diese Karte hat"),
    ("de", "der Spieler mit dem niedrigsten Wert bei den Ratten des Spielers, die für „Betrunken“ zählen"),
    ("de", "aus den Plätzen, auf die der Spieler Ratten setzen darf, sofern"),
    ("en", "If the other player is not the player:"),
    ("en", "Move up to 1 piece of cheese from the pantry of the other player to their pantry."),
    ("de", "Bis zu 1 Käsestück aus der Vorratskammer des anderen Spielers in seine Vorratskammer legen."),
    ("fr", "est supérieur aux rats de (B)"),
    ("fr", "un rat du joueur peut quitter"),
    ("es", "una rata del jugador puede salir"),
    ("en", "3 times if the final side applies, otherwise once:"),
    ("de", "3-mal, falls die Schlussseite gilt, sonst einmal:"),
    ("en", "if the number of pieces in the bag is more than 0"),
    ("de", "falls die Anzahl an Stücken im Beutel größer als 0 ist"),
    ("de", "aus dem Vorrat, aus dem der dem Spieler gestohlene Käse kommt"),
    ("en", "from the place that cheese stolen from the player is taken from"),
    ("es", "del lugar del que salen los quesos robados al jugador"),
    ("en", "Put 5 cards picked at random from the game box"),
    ("de", "Sein mit dem Schutzhelm in diesem Bereich zurückgelegtes Stück um 1 erhöhen."),
    ("es", "Aumentar su queso devuelto con Rata con casco en esta zona en 1."),
    ("fr", "Augmenter son fromage remis avec Rat casqué dans cette zone de 1."),
    ("de", "nicht gleich der Rundennummer ist"),
    ("de", "aus jeder Art von Stück in seiner Hand"),
    ("de", "sofern dieses Stück zu den Käsestücken gehört"),
    ("en", "Move as many pieces of cheese as (B) from their pantry"),
    ("de", "So viele Käsestücke wie (B) aus seiner Vorratskammer"),
]


@pytest.fixture(scope="module")
def generic() -> dict[str, str]:
    d = load_rules(RULES, ["clans", "aggressive"])
    return {lang: to_markdown(summarize(d, lang, generic_only=True)) for lang in RATLAND_LANGUAGES}


@pytest.mark.parametrize(("lang", "bad"), CODE_LIKE)
def test_a_code_like_form_is_gone(generic, lang, bad):
    assert bad not in generic[lang]


@pytest.mark.parametrize(("lang", "good"), READS_INSTEAD)
def test_what_the_generic_text_says_instead(generic, lang, good):
    assert good in generic[lang]


def test_no_hook_point_is_quoted(generic):
    """A rule without a body names a moment ("right after a player draws"): no language quotes
    it as a rule to apply, whichever hook point it is."""
    d = load_rules(RULES, ["clans", "aggressive"])
    points = {h.name for h in d.ruleset.decls if isinstance(h, A.Hook)
              and h.name in d.rules and not d.rules[h.name].body.stmts}
    assert len(points) >= 5
    for lang in RATLAND_LANGUAGES:
        words = Summary(d, lang).g.words
        titles = [words.rule_title(p) for p in sorted(points)]
        quoted = [t for t in titles if words.m("ui-quoted", text=t) in generic[lang]]
        assert not quoted, (lang, quoted)


def test_contractions_come_from_the_phrase_table():
    """French and Spanish join a preposition and an article where two parts meet; the pairs are
    data of each language's phrase table, and no other language is touched."""
    from ratdsl.summaries.messages import Catalog

    fr, es, en = Catalog("fr"), Catalog("es"), Catalog("en")
    assert fr("cond-gt", a="le total", b="le nombre de rats") == "le total est supérieur au nombre de rats"
    assert fr("cond-gt", a="le total", b="les rats") == "le total est supérieur aux rats"
    assert es("np-range", low="0", high="el número") == "de 0 al número"
    assert en("cond-gt", a="the total", b="the rats") == "the total is more than the rats"
    assert fr("cond-gt", a="x", b="lesquels") == "x est supérieur à lesquels"  # whole words only


def test_a_game_locale_file_cannot_add_contractions(tmp_path):
    """The pairs are the package's: a game's (untrusted) locale file that defines the same id
    changes nothing, so it can neither rewrite words nor slow every message down."""
    from .test_summaries import copy_rules

    rules = copy_rules(tmp_path)
    ftl = rules / "locales" / "en" / "game.ftl"
    ftl.write_text(ftl.read_text("utf-8") + "\ngrammar-contractions = the=XX; a=YY\n", "utf-8")
    text = to_markdown(summarize(load_rules(rules), "en"))
    assert "XX" not in text and "YY" not in text and " the " in text


CITY_CARD = """
card city_lights in events "City Lights" {
  back = start
  modify takes(p, a) if a == city = base + 1
}
"""


def test_the_sentences_the_issue_quotes_for_a_place_compared(tmp_path):
    """Issue 18 quotes "falls dieser Platz gleich Stadt ist" and "cuando este lugar es igual a
    ciudad": a new card (no message: the generic sentence) that compares a place with the city."""
    from .test_summaries import copy_rules

    rules = copy_rules(tmp_path)
    (rules / "events.rat").write_text((rules / "events.rat").read_text("utf-8") + CITY_CARD, "utf-8")
    d = load_rules(rules)
    expected = {"en": "when this place is the city", "de": "falls dieser Platz die Stadt ist",
                "es": "cuando este lugar es la ciudad", "fr": "quand cet emplacement est la ville"}
    for lang, good in expected.items():
        text = to_markdown(summarize(d, lang))
        card = text[text.index("City Lights"):][:400]
        assert good in card, (lang, card)
        assert "gleich Stadt" not in card and "igual a ciudad" not in card and "vaut ville" not in card
