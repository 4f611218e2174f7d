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
from ratdsl.scenarios.runner import collect_scenarios, run_scenario
from ratdsl.semantics.values import PileRef, ZoneRef
from ratdsl.session import load_rules, new_game

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "ratatopolis"


@pytest.fixture(scope="module")
def definition():
    return load_rules(RULES)


def played(definition, players: int, seed: int, compiled: bool = True):
    log = GameLog(keep=True)
    game = new_game(definition, players, seed, log=log, compiled=compiled)
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


def test_the_two_engines_agree(definition):
    for players, seed in ((3, 11), (4, 12), (5, 13)):
        logs = [[dumps(r) for r in played(definition, players, seed, compiled)[2]] for compiled in (True, False)]
        assert logs[0] == logs[1], (players, seed)


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


def test_the_rulebook_examples_pass_as_scenarios():
    outcomes = [run_scenario(p) for p in collect_scenarios([RULES / "scenarios"])]
    assert len(outcomes) >= 4 and all(o.ok for o in outcomes), [o.failures for o in outcomes]


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


# ------------------------------------------------------------------ the ten property tokens
def staged(definition, answers: dict[int, dict[str, list]], props: dict[int, list[str]] | None = None,
           rats: dict[tuple[int, str], int] | None = None, fallen: tuple[str, ...] = (), players: int = 3):
    """A 3-player game after setup, with the property tokens, rats and fallen buildings given
    (round 1), each player answering from their own lists by decision id."""
    from .test_plans import ByDecision

    game = new_game(definition, players, 0, agents=[ByDecision(answers.get(s, {}), s) for s in range(players)],
                    log=GameLog(keep=True))
    game.setup()
    for seat, names in (props or {}).items():
        game.state.player_vars[seat]["props"] = [ZoneRef(None, n) for n in names]
    for (seat, space), n in (rats or {}).items():
        game.state.zones[ZoneRef(seat, space)] = {"rat": n} if n else {}
    for space in fallen:
        for seat in range(players):
            game.state.zones[ZoneRef(seat, space)] = {}
    game.state.vars["fallen"] = [ZoneRef(None, s) for s in fallen]
    game.runtime.start_conservation()
    game.state.round = 1
    return game


def rats_on(game, seat: int, space: str) -> int:
    return game.state.zones[ZoneRef(seat, space)].get("rat", 0)


def plans(*orders) -> dict[str, list]:
    return {"orders": list(orders)}


def test_market_its_holder_puts_a_rat_from_behind_the_screen(definition):
    game = staged(definition, {0: {**plans(None, None), "market_rat": [True]}, 1: plans(None, None),
                               2: plans(None, None)}, {0: ["market"]}, {(0, "reserve"): 1})
    game.play_phase("planning")
    game.play_phase("actions")
    assert rats_on(game, 0, "market") == 2 and rats_on(game, 0, "reserve") == 0
    asked = [r for r in game.log.records if r["t"] == "decision" and r["id"] == "market_rat"]
    assert [r["player"] for r in asked] == ["P1"]


def test_archive_its_holder_sees_one_players_hunt_card(definition):
    game = staged(definition, {0: {"archive_look": ["P2"], **plans(None, None)}, 1: plans(None, None),
                               2: plans(None, None)}, {0: ["archive"]})
    game.play_phase("hunt_cards")
    card = pile(game, "hand", 1)
    game.play_phase("planning")
    assert game.state.known[0] == card  # P1 was shown P2's card, and nobody else was
    assert game.state.known[2] == []


@pytest.mark.parametrize("holds", [True, False])
def test_shooting_gallery_attacks_reach_the_next_building(definition, holds):
    orders = {0: plans(["attack", "pharmacy", "P2"], None), 1: plans(None, None), 2: plans(None, None)}
    game = staged(definition, orders, {0: ["shooting_gallery"]} if holds else {},
                  {(0, "pharmacy"): 0, (0, "fire_station"): 0, (0, "radio"): 0})
    game.play_phase("planning")
    game.play_phase("actions")
    # With the gallery, from the market next door; without it, the attack (offered, since a first
    # move could have brought a rat there) no longer runs when its turn comes: it is skipped.
    assert rats_on(game, 1, "pharmacy") == (0 if holds else 1)


@pytest.mark.parametrize("holds,moved", [(True, 1), (False, 0)])
def test_hotel_one_rat_over_the_capacity(definition, holds, moved):
    """The pharmacy holds 3 x 1 = 3 and is full; the hotel's holder gets one rat in."""
    orders = {0: plans(["move", "market", "pharmacy"], None), 1: plans(None, None), 2: plans(None, None)}
    game = staged(definition, orders, {0: ["hotel"]} if holds else {}, {(0, "market"): 2})
    game.play_phase("planning")
    game.play_phase("actions")
    assert rats_on(game, 0, "pharmacy") == 1 + moved and rats_on(game, 0, "market") == 2 - moved


@pytest.mark.parametrize("holds,first,second", [(True, 2, 0), (False, 1, 1)])
def test_fire_station_its_holder_moves_first(definition, holds, first, second):
    """Two groups of two into the pharmacy with room for two: the holder's go first."""
    orders = {0: plans(["move", "market", "pharmacy"], None), 1: plans(["move", "fire_station", "pharmacy"], None),
              2: plans(None, None)}
    game = staged(definition, orders, {0: ["fire_station"]} if holds else {},
                  {(0, "market"): 2, (1, "fire_station"): 2, (0, "pharmacy"): 0, (1, "pharmacy"): 0})
    game.play_phase("planning")
    game.play_phase("actions")
    assert (rats_on(game, 0, "pharmacy"), rats_on(game, 1, "pharmacy")) == (first, second)


def test_metro_leads_through_an_empty_area(definition):
    """The pharmacy is gone: the metro's holder moves from the market across it."""
    orders = {0: plans(["move", "market", "fire_station"], None), 1: plans(None, None), 2: plans(None, None)}
    game = staged(definition, orders, {0: ["metro"]}, fallen=("pharmacy",))
    game.play_phase("planning")
    game.play_phase("actions")
    assert rats_on(game, 0, "fire_station") == 2 and rats_on(game, 0, "market") == 0


def test_bus_station_leads_through_one_building(definition):
    orders = {0: plans(["move", "market", "fire_station"], None), 1: plans(None, None), 2: plans(None, None)}
    game = staged(definition, orders, {0: ["bus_station"]})
    game.play_phase("planning")
    game.play_phase("actions")
    assert rats_on(game, 0, "fire_station") == 2 and rats_on(game, 0, "pharmacy") == 1


def test_without_metro_or_bus_station_the_far_move_is_not_offered(definition):
    orders = {0: plans(["move", "market", "fire_station"], None), 1: plans(None, None), 2: plans(None, None)}
    game = staged(definition, orders, {})
    with pytest.raises(Exception, match="not one of"):
        game.play_phase("planning")


def only_card(game, space: str) -> None:
    """This round's hunt: a single open card, naming `space`."""
    deck = game.state.piles[PileRef(None, "hunt_deck")]
    card = next(c for c in deck if c.name == f"hunt_{space}")
    deck.remove(card)
    game.state.piles[PileRef(None, "hunt_row")] = [card]
    game.runtime.start_conservation()


def test_radio_station_its_holder_has_the_card_drawn_again(definition):
    game = staged(definition, {0: {"radio_redraw": [True]}}, {0: ["radio"]})
    only_card(game, "tile_k")
    game.play_phase("cats_hunt")
    draws = [r for r in game.log.records if r["t"] == "reveal" and r["dst"] == "hunted"]
    assert len(draws) == 2 and pile(game, "hunted") == ["hunt_tile_k"]  # (one card: drawn again)


def test_hospital_its_holder_saves_one_rat(definition):
    game = staged(definition, {0: {"hospital_rescue": ["metro"]}}, {0: ["hospital"]}, {(0, "tile_k"): 3})
    only_card(game, "tile_k")
    game.play_phase("cats_hunt")
    assert rats_on(game, 0, "metro") == 2 and rats_on(game, 0, "reserve") == 2
    assert [str(s) for s in game.state.vars["fallen"]] == ["tile_k"]


def test_cheese_shop_its_holder_takes_a_cheese_token_each_round(definition):
    game = staged(definition, {}, {}, {(0, "cheese_shop"): 2})
    game.state.vars["orange"] = [ZoneRef(None, "cheese_shop")]
    game.play_phase("properties")
    assert game.state.zones[ZoneRef(0, "larder")] == {"cheese": 1}
    assert game.state.player_vars[0]["props"] == [ZoneRef(None, "cheese_shop")]


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
