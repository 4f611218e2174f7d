"""The public Python API (ratdsl/api.py, docs/api.md): `import ratdsl` is cheap, exports exactly
the documented names, and each function gives what the stage it wraps gives."""

from __future__ import annotations

import shutil
import subprocess
import sys
import types

import pytest

import ratdsl
from ratdsl import api, bundled
from ratdsl.agents.search import SearchAgent
from ratdsl.schemas import validate
from ratdsl.session import load_rules, new_game

from .conftest import RATLAND, ROOT


def test_importing_ratdsl_loads_no_stage():
    code = "import ratdsl, sys; print(sorted(m for m in sys.modules if m.startswith(('ratdsl', 'lark'))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['ratdsl']"


def test_every_public_name_resolves_and_nothing_else_is_offered():
    for name in ratdsl.__all__:
        assert getattr(ratdsl, name) is not None
    assert set(ratdsl.__all__) - {"__version__"} == set(api.__all__)
    assert set(ratdsl.__all__) <= set(dir(ratdsl))
    with pytest.raises(AttributeError):
        ratdsl.load_rules  # noqa: B018 (internal: not part of the API)


def test_load_a_folder_a_bundled_name_modules_a_variant_and_options():
    by_path = ratdsl.load(RATLAND)
    by_name = ratdsl.load("ratland")
    assert by_name.title == by_path.title == "RatLand"
    assert 4 in by_name.players
    clans = ratdsl.load("ratland", modules=["clans"])
    assert [m.name for m in clans.definition.ruleset.modules] == ["clans"]
    lean = ratdsl.load("ratland", variant="lean_times")
    assert lean.definition.ruleset.variant.name == "lean_times"
    assert ratdsl.load("ratland", options={"forage_rat": "any_rat"}).option_values["forage_rat"] == "any_rat"
    assert by_name.option_values["forage_rat"] == "area_rat"


def test_a_folder_wins_over_a_bundled_game_of_the_same_name(tmp_path, monkeypatch):
    shutil.copytree(RATLAND, tmp_path / "ratland")
    game = tmp_path / "ratland" / "game.rat"
    game.write_text(game.read_text().replace('"RatLand"', '"Local copy"'))
    monkeypatch.chdir(tmp_path)
    assert ratdsl.load("ratland").title == "Local copy"


@pytest.mark.parametrize("name", ["../ratland", "ratland/modules", "/etc", "rat land", "", "ratland\n", "é"])
def test_a_bundled_name_is_an_identifier_only(name):
    assert bundled.bundled_game(name) is None


def test_a_bundled_game_may_not_lead_out_of_the_games_folder(tmp_path, monkeypatch):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "game.rat").write_text("game g \"G\" { players 1..2 }\n")
    root = tmp_path / "games"
    root.mkdir()
    (root / "escape").symlink_to(outside)
    shutil.copytree(outside, root / "inside")
    monkeypatch.setattr(bundled, "games_roots", lambda: [root])
    assert bundled.bundled_game("inside") == root / "inside"
    assert bundled.bundled_game("escape") is None
    assert bundled.bundled_games() == ["inside"]


def test_unknown_names_stay_paths_and_fail_as_missing_files():
    assert bundled.resolve_rules("no_such_game") == bundled.Path("no_such_game")
    with pytest.raises(OSError):
        ratdsl.load("no_such_game")


def test_check_returns_findings_as_objects():
    findings = ratdsl.check(ROOT / "tests" / "broken" / "builtin_wrong_arity")
    assert [(f.code, f.line, f.severity) for f in findings] == [("E203", 15, "error")]
    assert isinstance(findings[0], ratdsl.Finding)
    assert ratdsl.check("ratland") == []


def test_load_refuses_invalid_rules_with_their_findings():
    with pytest.raises(ratdsl.RulesInvalid) as caught:
        ratdsl.load(ROOT / "tests" / "broken" / "builtin_wrong_arity")
    assert caught.value.diagnostics[0].code == "E203"


def test_a_game_played_through_the_api_is_the_engines_game():
    rules = ratdsl.load("ratland")
    expected = new_game(load_rules(RATLAND), 4, 7).play()
    assert ratdsl.play(rules, players=4, seed=7) == expected
    game = ratdsl.start(rules, players=4, seed=7)
    rounds = 0
    while game.play_round():
        rounds += 1
        public = game.public_state()
        assert "you" not in public and "shown_to_you" not in public and public["round"] == rounds
        assert game.view("P2")["you"] == "P2" and game.view(1) == game.view("P2")
    assert game.over and game.result == expected
    assert game.play() == expected  # (an ended game stays ended)


def test_a_players_view_hides_what_the_referees_state_shows():
    game = ratdsl.start("ratland", players=3, seed=2)
    game.play_round()
    assert "piles" in game.state() and isinstance(game.state()["piles"]["event_deck"], list)
    assert game.view("P1")["piles"]["event_deck"] == len(game.state()["piles"]["event_deck"])
    with pytest.raises(ValueError):
        game.view("P4")


def test_agents_by_object_or_by_name():
    rules = ratdsl.load("ratland")
    mine = ratdsl.RandomAgent(5)
    game = ratdsl.start(rules, players=3, seed=1, agents=[mine, "mcts:2"])
    agents = game.engine.runtime.agents
    assert agents[0] is mine and isinstance(agents[1], SearchAgent) and isinstance(agents[2], ratdsl.RandomAgent)


def test_log_records_when_asked():
    game = ratdsl.start("ratland", players=2, seed=3, log=True)
    game.play()
    records = game.log()
    assert records[0]["t"] == "game" and records[-1]["t"] == "end"
    assert ratdsl.start("ratland", players=2, seed=3).log() == []


def test_simulate_returns_the_report_document():
    lean = ratdsl.load("ratland", variant="lean_times")
    report = ratdsl.simulate("ratland", games=3, players=3, seed=4, baseline=lean)
    validate("report", report)
    assert report["run"]["games"] == 3 and report["baseline"]["games"] == 3 and report["players"] == 3


def test_run_scenarios_gives_one_outcome_per_file():
    outcomes = ratdsl.run_scenarios(RATLAND / "scenarios" / "cheese_black.yaml")
    assert [(o.ok, o.name) for o in outcomes] == [(True, "Black cheese sends a rat of that area to the common pile")]


def test_summary_in_a_language_and_format():
    assert "RatLand" in ratdsl.summary("ratland", lang="de")
    assert ratdsl.summary(ratdsl.load("ratland"), format="html").lstrip().lower().startswith("<!doctype html")
    with pytest.raises(ValueError):
        ratdsl.summary("ratland", format="pdf")


def test_new_game_is_the_environments_own_imported_when_used(monkeypatch):
    calls = []
    fake = types.ModuleType("ratdsl.environments")
    fake.new_game = lambda *a, **k: calls.append((a, k)) or "stepping game"
    monkeypatch.setitem(sys.modules, "ratdsl.environments", fake)
    assert ratdsl.new_game("ratland", players=4) == "stepping game"
    assert calls == [((str(bundled.resolve_rules("ratland")), 4, None, None, ()), {})]  # (the name resolved)
