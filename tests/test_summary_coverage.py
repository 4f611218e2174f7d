"""Summaries say everything a player needs (issue 35): for Ratatopolis (en, ru) and Rattus (en,
de), a list of the rule elements a player must be told, drawn from the rule files' declarations
(not from the summary), each required to be stated in the summary: every step, every property
token's or class card's power, every rule that changes with the number of players, every count
of cards dealt, every option in force. An element is stated when the text its locale writes for
it appears in the summary."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from ratdsl.language import ast as A
from ratdsl.session import load_rules
from ratdsl.summaries import summarize, to_markdown
from ratdsl.summaries.builder import Summary
from ratdsl.summaries.document import Para

ROOT = Path(__file__).resolve().parents[1]
RATATOPOLIS = ROOT / "rules" / "ratatopolis"
RATTUS = ROOT / "rules" / "rattus"


@cache
def definition(path: Path):
    return load_rules(path)


@cache
def summary_text(path: Path, lang: str) -> str:
    return _plain(to_markdown(summarize(definition(path), lang)))


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("**", "").replace("*", ""))


def elements(d) -> list[tuple[str, A.Node]]:
    """Every step, rule and function of the rule files, by its locale key."""
    out: list[tuple[str, A.Node]] = [(f"setup-{s.name}", s) for s in (d.setup.steps if d.setup else ())]
    for phase in d.phases.values():
        out += [(f"step-{phase.name}-{s.name}", s) for s in phase.steps]
    out += [(f"rule-{name}", rule) for name, rule in d.rules.items()]
    out += [(f"func-{name}", func) for name, func in d.funcs.items()]
    return out


def calls(node: A.Node, func: str, argument: str | None = None) -> bool:
    """Whether node calls `func` (with `argument` as one of its values, when given)."""
    return any(isinstance(n, A.Call) and n.func == func and (
        argument is None or any(isinstance(a, A.Name) and a.id == argument for a in n.args)) for n in A.walk(node))


def names(node: A.Node, name: str) -> bool:
    return any(isinstance(n, A.Name) and n.id == name for n in A.walk(node))


def stated(path: Path, lang: str, key: str, node: A.Node) -> bool:
    """Whether the summary says what the locale writes for element `key` (its `.text`)."""
    s = Summary(definition(path), lang)
    blocks = s.text(key, node)
    if not blocks:
        return False
    first = next(b for b in blocks if isinstance(b, Para))
    return _plain("".join(span.text for span in first.spans)).strip() in summary_text(path, lang)


def with_text(path: Path, lang: str, found: list[tuple[str, A.Node]]) -> list[tuple[str, A.Node]]:
    s = Summary(definition(path), lang)
    return [(k, n) for k, n in found if s.usable(k, "text")]


def relying_on(path: Path, lang: str, all_elements: list[tuple[str, A.Node]], token: str) -> list[tuple[str, A.Node]]:
    """The nearest elements with a locale text that ask who holds `token` (`holds(p, TOKEN)`):
    those asking it themselves, else those calling a function that does, and so on outwards:
    the property's power is written there."""
    level = [(k, n) for k, n in all_elements if calls(n, "holds", token)]
    seen = {k for k, _ in level}
    while level:
        written = with_text(path, lang, level)
        if written:
            return written
        funcs = [k.removeprefix("func-") for k, _ in level if k.startswith("func-")]
        level = [(k, n) for k, n in all_elements if k not in seen and any(calls(n, g) for g in funcs)]
        seen |= {k for k, _ in level}
    return []


# ------------------------------------------------------------------ the lists, from the declarations
def ratatopolis_elements(lang: str) -> dict[str, list[list[tuple[str, A.Node]]]]:
    """Each element a player needs: a list of alternatives, any one of which stated will do."""
    d = definition(RATATOPOLIS)
    all_elements = elements(d)
    need: dict[str, list[list[tuple[str, A.Node]]]] = {}
    for space in d.boards["city"].spaces:
        if any(f.name == "property" and isinstance(f.value, A.BoolLit) and f.value.value for f in space.fields):
            need[f"property {space.name}"] = [relying_on(RATATOPOLIS, lang, all_elements, space.name)]
    for key, node in all_elements:
        if names(node, "player_count"):  # a rule that changes with the number of players
            need[f"players: {key}"] = [[(key, node)]]
    deal = d.phases["hunt_cards"].steps
    for step in deal:  # the cards dealt: how many, to whom
        for n in A.walk(step):
            if isinstance(n, A.Call) and n.func in d.funcs:
                need[f"dealt: {n.func}"] = [[(f"func-{n.func}", d.funcs[n.func])]]
    for phase in d.phases.values():
        for step in phase.steps:
            need[f"step {phase.name}.{step.name}"] = [[(f"step-{phase.name}-{step.name}", step)]]
    return need


def rattus_elements(lang: str) -> dict[str, list[list[tuple[str, A.Node]]]]:
    d = definition(RATTUS)
    all_elements = elements(d) + [(f"action-{a.name}", a) for a in d.ruleset.decls if isinstance(a, A.Action)]
    need: dict[str, list[list[tuple[str, A.Node]]]] = {}
    for card in d.cards.values():
        if card.deck == "classes":  # each class card's power: an element that names the card
            need[f"class {card.name}"] = [[(k, n) for k, n in all_elements if names(n, card.name)]]
    for key, node in all_elements:
        if names(node, "player_count"):
            need[f"players: {key}"] = [[(key, node)]]
    for phase in d.phases.values():
        for step in phase.steps:
            need[f"step {phase.name}.{step.name}"] = [[(f"step-{phase.name}-{step.name}", step)]]
    for step in d.setup.steps:  # what each player starts with
        need[f"setup {step.name}"] = [[(f"setup-{step.name}", step)]]
    return need


CASES = [(RATATOPOLIS, lang, ratatopolis_elements) for lang in ("en", "ru")] + \
        [(RATTUS, lang, rattus_elements) for lang in ("en", "de")]


@pytest.mark.parametrize(("path", "lang", "listed"), CASES, ids=[f"{p.name}-{lang}" for p, lang, _ in CASES])
def test_the_summary_states_every_rule_element_a_player_needs(path, lang, listed):
    need = listed(lang)
    assert need
    missing = []
    for what, alternatives in need.items():
        written = [with_text(path, lang, alt) for alt in alternatives]
        if not any(written):
            missing.append(f"{what}: no locale text at all")
        elif not any(stated(path, lang, k, n) for alt in written for k, n in alt):
            missing.append(f"{what}: not stated")
    assert not missing, "\n".join(missing)
    text = summary_text(path, lang)
    s = Summary(definition(path), lang)
    for name, table in definition(path).tables.items():  # tables by the number of players, say
        assert s.title(f"table-{name}", table.title) in text, name
    game = definition(path).game
    assert f"{game.min_players}–{game.max_players}" in text  # the player counts
    for option in definition(path).options.values():
        assert Summary(definition(path), lang).title(f"option-{option.name}", option.title) in text


def test_the_check_fails_for_a_summary_that_leaves_a_power_out(monkeypatch):
    """The check is not empty: the same summary without the metro's sentence fails it."""
    import sys

    module = sys.modules[__name__]
    metro = definition(RATATOPOLIS).funcs["metro_steps"]
    assert stated(RATATOPOLIS, "en", "func-metro_steps", metro)
    text = summary_text(RATATOPOLIS, "en")
    sentence = "a group through an empty area to any building next to it"
    assert sentence in text
    monkeypatch.setattr(module, "summary_text", lambda path, lang: text.replace(sentence, ""))
    assert not stated(RATATOPOLIS, "en", "func-metro_steps", metro)
    with pytest.raises(AssertionError, match="property metro: not stated"):
        test_the_summary_states_every_rule_element_a_player_needs(RATATOPOLIS, "en", ratatopolis_elements)
