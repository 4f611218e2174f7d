"""The summary names RatLand's components with each language's own terms (issue 18).

rules/ratland/locales/<lang>/glossary.toml holds, per component, the term of that language's
rulebook ([rulebook]) or a plain description where the rulebook has none ([descriptive]). A
translation that drifts from the glossary, or a new component without a term, fails here.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from ratdsl.session import load_rules
from ratdsl.summaries import Summary
from ratdsl.summaries.messages import shipped_languages

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "ratland"
# The languages RatLand ships messages in (rules/ratland/locales/); others fall back.
RATLAND_LANGUAGES = shipped_languages(RULES)
COMPONENT_KINDS = ("kind", "zone", "pile", "card", "deck")


def glossary(lang: str) -> dict[str, dict[str, str]]:
    with open(RULES / "locales" / lang / "glossary.toml", "rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def definition():
    return load_rules(RULES, ["clans", "aggressive"])


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_every_component_is_named_with_a_glossary_term(definition, lang):
    terms = glossary(lang)
    assert set(terms) == {"rulebook", "descriptive"}
    known = {**terms["rulebook"], **terms["descriptive"]}
    summary = Summary(definition, lang)
    components = [e for e in summary.reg.elements.values()
                  if e.kind in COMPONENT_KINDS and not e.key.startswith("card-food_")]
    wrong = []
    for el in components:
        name = summary.m.format(el.key, None, {"count": 1, "form": "bare"})
        if known.get(el.key) != name:
            wrong.append(f"{el.key}: the summary says {name!r}, the glossary {known.get(el.key)!r}")
    assert not wrong, "\n".join(wrong)
    assert set(known) == {e.key for e in components}, "glossary entries without a component"
    assert len(set(known.values())) == len(known), "one term for two components"


def test_the_spanish_terms_the_issue_names():
    es = glossary("es")
    terms = {**es["rulebook"], **es["descriptive"]}
    assert terms["zone-pile"] == "pila común de ratas"
    assert es["rulebook"]["card-locked_and_loaded"] == "Preñada"  # the ES rulebook's name
    assert "Listos para todo" not in terms.values()
