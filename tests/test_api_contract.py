"""The Python API fails like a Python library (issue 36): arguments of the wrong type or value
raise TypeError/ValueError naming the parameter, an unknown game lists the bundled ones, option
errors are a public OptionError, and every public name has a real signature and docstring."""

from __future__ import annotations

import inspect

import pytest

import ratdsl
from ratdsl.records import signature_doc


def public_names() -> list[str]:
    return [name for name in ratdsl.__all__ if name != "__version__"]


@pytest.mark.parametrize("name", public_names())
def test_every_public_name_has_a_real_signature_and_docstring(name):
    obj = getattr(ratdsl, name)
    signature = inspect.signature(obj)
    kinds = [p.kind for p in signature.parameters.values()]
    catch_all = kinds == [inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD]
    assert not catch_all, f"{name}{signature}"
    doc = inspect.getdoc(obj) or ""
    assert len(doc.split()) >= 6, f"{name} has no docstring worth the name: {doc!r}"
    if inspect.isclass(obj) and hasattr(obj, "__dataclass_fields__"):
        assert doc != signature_doc(obj), f"{name} has only the docstring made from its fields"


def test_a_record_shows_its_fields_as_its_signature():
    parameters = inspect.signature(ratdsl.GameResult).parameters
    assert list(parameters)[:4] == ["scores", "tiebreaks", "winners", "rounds"]
    assert parameters["scores"].default is inspect.Parameter.empty
    assert parameters["coverage"].default is None
    assert repr(parameters["fired"].default) == "<factory>"  # (as dataclass shows a factory)


def test_a_subclass_of_the_agent_protocol_keeps_its_own_signature():
    class Mine(ratdsl.Agent):
        def __init__(self, depth: int):
            self.depth = depth

        def decide(self, decision):
            return decision.options[0]

    assert str(inspect.signature(ratdsl.Agent)) == "()"
    assert list(inspect.signature(Mine).parameters) == ["depth"]


@pytest.mark.parametrize(("call", "words"), [
    (lambda: ratdsl.start("ratland", 4, "abc"), "seed must be an int, not str"),
    (lambda: ratdsl.start("ratland", True), "players must be an int or None, not bool"),
    (lambda: ratdsl.start("ratland", 4, 1, log="yes"), "log must be a bool"),
    (lambda: ratdsl.play("ratland", 3, agents=[5]), "each agent must be an agent name or an object"),
    (lambda: ratdsl.play("ratland", 3, agents="random"), "agents must be a list"),
    (lambda: ratdsl.load(5), "rules must be a path or a name, not int"),
    (lambda: ratdsl.load("ratland", modules="clans"), "write ['clans']"),
    (lambda: ratdsl.load("ratland", options=[("ap_tie", 1)]), "options must be a mapping"),
    (lambda: ratdsl.simulate("ratland", games="10"), "games must be an int, not str"),
    (lambda: ratdsl.new_game("ratland", "3"), "players must be an int, not str"),
    (lambda: ratdsl.summary("ratland", quick_ref=1), "quick_ref must be a bool"),
])
def test_a_wrong_type_is_a_type_error_naming_the_parameter(call, words):
    with pytest.raises(TypeError) as caught:
        call()
    assert words in str(caught.value)


@pytest.mark.parametrize(("call", "words"), [
    (lambda: ratdsl.start("ratland", 99), "RatLand is for 2 to 12 players, not 99"),
    (lambda: ratdsl.simulate("ratland", games=0), "games must be at least 1, not 0"),
    (lambda: ratdsl.summary("ratland", lang="xx"), "lang is one of en, de, es, fr, ru, not 'xx'"),
    (lambda: ratdsl.play("ratland", 2, agents=["random"] * 3), "3 agents for 2 players"),
])
def test_a_wrong_value_is_a_value_error_saying_what_is_allowed(call, words):
    with pytest.raises(ValueError) as caught:
        call()
    assert words in str(caught.value)


def test_an_unknown_game_lists_the_bundled_ones(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for call in (lambda: ratdsl.load("nosuchgame"), lambda: ratdsl.check("nosuchgame"),
                 lambda: ratdsl.play("nosuchgame")):
        with pytest.raises(FileNotFoundError) as caught:
            call()
        message = str(caught.value)
        assert "no game 'nosuchgame'" in message and "Errno" not in message
        assert all(game in message for game in ratdsl.bundled_games())


def test_option_errors_are_a_public_option_error():
    with pytest.raises(ratdsl.OptionError) as caught:
        ratdsl.load("ratland", options={"nosuch": 1})
    assert caught.value.code == "E216" and "no option 'nosuch'" in str(caught.value)
    assert "--option" not in str(caught.value)
    with pytest.raises(ValueError) as caught:  # an OptionError is a ValueError
        ratdsl.load("ratland", options={"ap_tie": "zzz"})
    assert isinstance(caught.value, ratdsl.OptionError)
    assert "allowed: takes_outcome, favourable" in caught.value.message


def test_an_unknown_module_is_a_rule_error():
    with pytest.raises(ratdsl.RuleError) as caught:
        ratdsl.load("ratland", modules=["nope"])
    assert caught.value.code == "E100" and "aggressive, clans" in str(caught.value)
