"""Ratatopolis from rule files (rules/ratatopolis, issue 15): seeded random games at 3, 4 and 5
players, the hunt deck through the round-5 reshuffle, five players' open cards, the property
tokens, the end after the hunt of round 8, the two engines, and what a player sees of the others'
hunt cards and plans. The rulebook's examples are scenarios (`ratdsl test rules/ratatopolis`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ratdsl.engine.log import GameLog, dumps
from ratdsl.engine.runtime.views import player_log
from ratdsl.scenarios.runner import run_scenario
from ratdsl.semantics.values import PileRef, ZoneRef
from ratdsl.session import load_rules, new_game

from .engines_agree import scenario_log

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "ratatopolis"


@pytest.fixture(scope="module")
def definition():
    return load_rules(RULES)


def played(definition, players: int, seed: int):
    log = GameLog(keep=True)
    game = new_game(definition, players, seed, log=log)
    result = game.play()
    return game, result, log.records


def pile(game, name: str, owner: int | None = None) -> list[str]:
    return [c.name for c in game.state.piles[PileRef(owner, name)]]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_seeded_random_games_play_eight_rounds(definition, players):
    for seed in range(4):
        game, result, records = played(definition, players, seed)
        assert result.rounds == 8
        hunted = pile(game, "hunted")
        assert len(hunted) == 8 == len(set(hunted))  # one building a round, never the same
        # (the last card drawn lies on top)
        assert [str(s) for s in game.state.vars["fallen"]] == [n.removeprefix("hunt_") for n in reversed(hunted)]
        # rounds 5-8 use the 16 cards discarded in rounds 1-4: the deck is used up, 3 a round left
        assert pile(game, "hunt_deck") == [] and len(pile(game, "hunt_discard")) == 12
        assert all(pile(game, "hand", s) == [] for s in range(players))
        # every rat is in the city, behind its screen, or back in the box (none: 20 each in play)
        for s in range(players):
            on_board = sum(v.get("rat", 0) for ref, v in game.state.zones.items() if ref.owner == s)
            assert on_board == 20
        assert len(result.scores) == players and result.winners


def test_round_five_reshuffles_the_sixteen_discards(definition):
    game = new_game(definition, 4, 3)
    game.setup()
    assert len(pile(game, "hunt_deck")) == 20
    for _ in range(4):
        game.play_round()
    assert pile(game, "hunt_deck") == [] and len(pile(game, "hunt_discard")) == 16
    game.play_round(["hunt_cards"])
    assert pile(game, "hunt_discard") == []
    assert len(pile(game, "hunt_deck")) == 16 - 4  # four cards a round from round 5
    assert sum(len(pile(game, "hand", s)) for s in range(4)) == 4 and pile(game, "hunt_row") == []


@pytest.mark.parametrize("players,open_early,open_late", [(3, 2, 1), (4, 1, 0), (5, 0, 4)])
def test_cards_dealt_and_open_by_round_and_players(definition, players, open_early, open_late):
    """Five cards in rounds 1-4, four in rounds 5-8, one face down to each player, the rest open
    with a cat on each building; with five players all four lie open in rounds 5-8."""
    game = new_game(definition, players, 1)
    game.setup()
    for round_ in range(1, 6):
        if round_ > 1:
            game.play_phase("cats_hunt")
            game.play_phase("properties")
        game.state.round = round_ - 1
        game.play_round(["hunt_cards"])
        row = pile(game, "hunt_row")
        dealt = [len(pile(game, "hand", s)) for s in range(players)]
        assert len(row) == (open_early if round_ <= 4 else open_late), round_
        assert dealt == [1 if round_ <= 4 or players < 5 else 0] * players
        cats = sum(v.get("cat", 0) for ref, v in game.state.zones.items() if ref.owner is None and ref.name != "cats")
        assert cats == len(row)


def test_the_sole_majority_holds_the_property_and_a_tie_gives_it_back(definition):
    game = new_game(definition, 3, 2)
    game.setup()
    building = game.state.vars["orange"][0]
    z = game.state.zones
    z[ZoneRef(0, building.name)]["rat"] = 2
    game.runtime.start_conservation()
    game.state.round = 1
    game.play_phase("properties")
    assert building in game.state.player_vars[0]["props"]
    assert all(building not in game.state.player_vars[s]["props"] for s in (1, 2))
    z[ZoneRef(1, building.name)]["rat"] = 2
    z[ZoneRef(0, building.name)]["rat"] = 2
    game.runtime.start_conservation()
    game.play_phase("properties")
    assert all(building not in game.state.player_vars[s]["props"] for s in range(3))


def test_the_game_ends_after_the_hunt_of_round_eight(definition):
    """No property token changes hands in round 8: phase 5 is not played."""
    _, _, records = played(definition, 3, 4)
    round_ = phase = None
    given = []
    for r in records:
        if r["t"] == "round":
            round_ = r["round"]
        elif r["t"] == "phase":
            phase = r["phase"]
        elif r["t"] == "set" and r["var"].endswith(".props") and phase == "properties":
            given.append(round_)
    assert given and 8 not in given and set(given) == set(range(1, 8))


def test_scores_are_cheese_on_the_buildings_plus_tokens(definition):
    game, result, _ = played(definition, 4, 6)
    worth = {s.name: f.value.value for s in definition.boards["city"].spaces for f in s.fields if f.name == "worth"}
    assert len(worth) == 20
    fallen = {str(s) for s in game.state.vars["fallen"]}
    for seat in range(4):
        cheese = sum(v.get("rat", 0) * worth[ref.name] for ref, v in game.state.zones.items()
                     if ref.owner == seat and ref.name in worth and ref.name not in fallen)
        cheese += game.state.zones[ZoneRef(seat, "larder")].get("cheese", 0)
        assert result.scores[f"P{seat + 1}"] == cheese


SCENARIOS = sorted((RULES / "scenarios").glob("*.yaml"))
PROPERTIES = ("market", "archive", "shooting_gallery", "hotel", "radio", "metro", "fire_station", "bus_station",
              "cheese_shop", "hospital")


def test_every_property_token_has_a_scenario_citing_the_rulebook(definition):
    from ratdsl.scenarios.runner import read_scenario

    tokens = {s.name for s in definition.boards["city"].spaces
              if any(f.name == "property" and f.value.value is True for f in s.fields)}
    assert tokens == set(PROPERTIES)
    assert {f"property_{t}" for t in PROPERTIES} <= {p.stem for p in SCENARIOS}
    for token in PROPERTIES:
        source = read_scenario(RULES / "scenarios" / f"property_{token}.yaml").get("source", "")
        assert source.startswith('RU "Жетоны свойств зданий"'), token


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_scenarios_pass_alike_in_both_engines(path):
    """Each scenario (the rulebook's examples, each property token) passes in the tree-walker and
    in the generated code, with the same log."""
    scenario_log(path)


def without(tmp_path: Path, edits: dict[str, tuple[str, str]], scenario: str) -> Path:
    """A copy of the rules with `edits` (file: (text, replacement), each found) and one scenario."""
    copy = tmp_path / "ratatopolis"
    (copy / "scenarios").mkdir(parents=True)
    for path in RULES.glob("*.rat"):
        text = path.read_text("utf-8")
        if path.name in edits:
            old, new = edits[path.name]
            assert old in text, (path.name, old)
            text = text.replace(old, new)
        (copy / path.name).write_text(text, "utf-8")
    name = f"{scenario}.yaml"
    (copy / "scenarios" / name).write_text((RULES / "scenarios" / name).read_text("utf-8"), "utf-8")
    return copy / "scenarios" / name


# Where each token's power is written; replacing `holds(p, TOKEN)` by `false` there takes the power away.
POWER_IN = {"market": "round.rat", "archive": "round.rat", "shooting_gallery": "actions.rat", "hotel": "actions.rat",
            "radio": "round.rat", "metro": "actions.rat", "fire_station": "actions.rat",
            "bus_station": "actions.rat", "cheese_shop": "round.rat", "hospital": "round.rat"}


@pytest.mark.parametrize("token", PROPERTIES)
def test_a_property_scenario_fails_once_the_power_is_taken_away(tmp_path, token):
    """Each property scenario proves its power: with every `holds(p, TOKEN)` of the rules made
    false (a copy in tmp_path), the scenario no longer passes."""
    scenario = without(tmp_path, {POWER_IN[token]: (f"holds(p, {token})", "false")}, f"property_{token}")
    assert run_scenario(scenario).ok is False


@pytest.mark.parametrize("scenario,file,limit,failure", [
    ("property_hotel_once", "actions.rat", " and total(s) <= capacity(s)", "P1.pharmacy: expected 2 rat, found 3"),
    ("property_market_full", "round.rat", " and room_at(market) > 0", "no scripted answer left"),
    ("property_bus_station_not_across_empty", "actions.rat", " for x in neighbours(a) if alive(x)",
     "expected an error"),
    ("property_fire_station_frees_places", "actions.rat", " + freed_first(s, k, first_moves)",
     "P2.pharmacy: expected 2 rat, found 0"),
])
def test_a_property_limit_scenario_fails_once_the_limit_is_taken_away(tmp_path, scenario, file, limit, failure):
    """The hotel's one rat over, the market's free place, the bus station's full buildings but no
    empty area, the places the fire station's holder frees: each limit's scenario fails on a copy
    of the rules without it."""
    replacement = " for x in neighbours(a)" if "alive" in limit else ""
    outcome = run_scenario(without(tmp_path, {file: (limit, replacement)}, scenario))
    assert not outcome.ok and any(failure in f for f in outcome.failures), outcome.failures


@pytest.mark.parametrize("seat", [0, 2])
def test_a_player_never_reads_another_players_unrevealed_hunt_card(definition, seat):
    _, _, records = played(definition, 4, 8)
    others = set()
    revealed = set()
    for r in records:
        if r["t"] == "place" and r["pile"].endswith(".hand"):
            if r["pile"] == f"P{seat + 1}.hand":  # (a card dealt to another in rounds 1-4 may
                revealed.update(r["cards"])        # come to this player after the reshuffle)
            else:
                others.update(r["cards"])
        if r["t"] == "reveal":
            revealed.add(r["card"])
        if r["t"] == "show" and r["player"] == f"P{seat + 1}":
            revealed.update(r["cards"])
    secret = others - revealed
    assert secret  # some cards dealt to others are never turned up
    text = "\n".join(json.dumps(r) for r in player_log(records, seat))
    assert not [c for c in secret if f'"{c}"' in text]
    plans = [r for r in player_log(records, seat) if r["t"] == "decision" and r["id"] == "orders"]
    assert plans and all(r["player"] == f"P{seat + 1}" for r in plans)


# ------------------------------------------------------------------ the English summary
def test_the_english_summary_names_every_building_and_card_target(definition):
    import re

    from ratdsl.summaries import summarize, to_markdown
    from ratdsl.summaries.check import check_locales

    text = to_markdown(summarize(definition, "en"))
    assert "not translated" not in text and not re.search(r"\bthings?\b", text)
    assert "| Hunt: Fire station | Fire station |" in text  # a card's building, by its name
    assert "| Pharmacy | 3–5 players | – | O | 1 |" in text  # the board's data block
    assert "plans are revealed together" in text
    # the board's name, its spaces and its fields are messages of their own (none unused)
    findings = [f for f in check_locales(RULES, ("en",)) if f.kind != "missing" or "ratatopolis" in str(f.path)]
    assert [f for f in findings if "ratatopolis" in str(f.path)] == []


def test_a_logged_game_replays(definition, tmp_path):
    from ratdsl.replay import replay_log

    log = GameLog(keep=True)
    new_game(definition, 4, 21, log=log, rules_label=str(RULES)).play()
    path = tmp_path / "game.jsonl"
    path.write_text("".join(dumps(r) + "\n" for r in log.records))
    result = replay_log(path, RULES)
    assert result.ok, result


def test_a_game_is_narrated_in_russian_the_language_of_its_rulebook(private_cache):
    """`run --lang ru`: the table's own phrases and the game's names in Russian (issue 35)."""
    from typer.testing import CliRunner

    from ratdsl.cli.main import app

    result = CliRunner().invoke(app, ["run", str(RULES), "-p", "4", "-s", "1", "--lang", "ru"])
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert out.startswith("Ратополис: 4 игрока, зерно 1")
    assert "=== Раунд 8 (ходит P" in out and "=== Итоговые очки после раундов: 8 ===" in out
    assert "Пожарная станция" in out and "запас за ширмой" in out  # a building, a zone: the game's names
    assert "fire station" not in out and "reserve" not in out
