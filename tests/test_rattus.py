"""Rattus (rules/rattus/, issue 14) from rule files on the generic engine: seeded random games at
every table size end without error and alike in both engines; the setup deals what the rulebook
says for 2, 3 and 4 players; the scenarios pass in both engines; a player is never given a
face-down tile, and `ratdsl check` finds the data blocks consistent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ratdsl.checker.run import check_path
from ratdsl.engine.log import GameLog, dumps
from ratdsl.scenarios import run_scenario
from ratdsl.schemas import validate_player_record
from ratdsl.semantics.values import PileRef
from ratdsl.session import load_rules, new_game

from .engines_agree import scenario_log
from .test_information import play, words_in

ROOT = Path(__file__).resolve().parents[1]
RATTUS = ROOT / "rules" / "rattus"
TILES = [f"r{i:02d}" for i in range(1, 50)]
SEEDS = range(8)


@pytest.fixture(scope="module")
def rattus():
    return load_rules(RATTUS)


def _play(definition, players: int, seed: int) -> tuple[Any, list[str]]:
    log = GameLog(keep=True)
    result = new_game(definition, players, seed, log=log).play()
    return result, [dumps(r) for r in log.records]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_random_games_end_by_the_rules(rattus, players):
    for seed in SEEDS:
        result, log = _play(rattus, players, seed)
        assert result.winners and len(result.winners) == 1, (players, seed, result.winners)
        records = [json.loads(r) for r in log]
        assert any(r["t"] == "end_game" for r in records), (players, seed)  # the rules ended it
        assert any(r["t"] == "say" and r["msg"] == "the end is triggered" for r in records)


@pytest.mark.parametrize("players,regions,stock,removed", [(2, 8, 29, 12), (3, 10, 33, 6), (4, 12, 37, 0)])
def test_the_setup_deals_regions_stock_and_removed_tiles_by_table_size(rattus, players, regions, stock, removed):
    game = new_game(rattus, players, 5)
    game.setup()
    piles = game.state.piles
    board = [ref.name for ref in piles
             if ref.owner is None and ref.name.endswith("_tiles") and ref.name != "start_tiles"]
    dealt = {name: len(piles[PileRef(None, name)]) for name in board}
    assert sorted(dealt.values(), reverse=True) == [1] * regions + [0] * (12 - regions)
    assert len(piles[PileRef(None, "stock")]) == stock
    assert len(piles[PileRef(None, "removed")]) == removed
    assert all(c.name in TILES for c in piles[PileRef(None, "removed")])
    start = {c.name for c in piles[PileRef(None, "stock")]} | {c.name for n in board for c in piles[PileRef(None, n)]}
    assert len(start) + removed == 49
    assert sum(game.state.zones[z].get("cube", 0) for z in game.state.zones if z.owner is not None
               and z.name not in ("reserve", "castle")) == 4 * players
    if players == 3:
        assert dealt["russia_tiles"] == dealt["tartaria_tiles"] == 0


@pytest.mark.parametrize("players,order", [(2, ["P1", "P2", "P2", "P1"]),
                                           (4, ["P1", "P2", "P3", "P4", "P4", "P3", "P2", "P1"])])
def test_start_placement_goes_clockwise_then_counter_clockwise(rattus, players, order):
    log = GameLog(keep=True)
    game = new_game(rattus, players, 2, log=log)
    game.setup()
    asked = [r["player"] for r in log.records if r["t"] == "decision" and r["id"] == "start_region"]
    assert asked == order
    assert game.state.active == 0


def test_the_last_round_goes_counter_clockwise_without_the_triggering_player(rattus):
    for seed in SEEDS:
        log = GameLog(keep=True)
        new_game(rattus, 4, seed, log=log).play()
        trigger = next(r["args"][0] for r in log.records if r["t"] == "say" and r["msg"] == "the end is triggered")
        seat = int(trigger[1:])
        start = max(k for k, r in enumerate(log.records) if r["t"] == "step" and r["step"] == "last_round")
        end = max(k for k, r in enumerate(log.records) if r["t"] == "step" and r["step"] == "final_plague")
        last = [r["value"] for r in log.records[start:end] if r["t"] == "set" and r["var"] == "active"]
        expected = [f"P{(seat - 1 - k - 1) % 4 + 1}" for k in range(3)]
        assert last == expected, (seed, trigger, last)


def _turns_by_round(records: list[dict[str, Any]]) -> list[list[str]]:
    """Who played C (the figure's move, outside the last round) in each engine round."""
    rounds: list[list[str]] = []
    phase = None
    for r in records:
        if r["t"] == "phase":
            phase = r["phase"]
            if phase == "turns":
                rounds.append([])
        elif r["t"] == "decision" and r["id"] == "figure_to" and phase == "turns":
            rounds[-1].append(r["player"])
    return rounds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_engine_round_is_every_players_turn_clockwise_from_the_start_player(rattus, players):
    for seed in SEEDS:
        log = GameLog(keep=True)
        result = new_game(rattus, players, seed, log=log).play()
        rounds = _turns_by_round(log.records)
        assert rounds == [[f"P{s}" for s in range(1, players + 1)]] * len(rounds), (seed, rounds)
        assert result.rounds == len(rounds)


def test_with_end_of_turn_nobody_plays_after_the_triggering_turn():
    definition = load_rules(RATTUS, options={"end_timing": "end_of_turn"})
    for seed in SEEDS:
        log = GameLog(keep=True)
        new_game(definition, 3, seed, log=log).play()
        trigger = next(r["args"][0] for r in log.records if r["t"] == "say" and r["msg"] == "the end is triggered")
        last = _turns_by_round(log.records)[-1]
        assert last[-1] == trigger, (seed, trigger, last)


def test_no_class_card_is_used_after_c_in_a_turn(rattus):
    for seed in SEEDS:
        log = GameLog(keep=True)
        new_game(rattus, 3, seed, log=log).play()
        after_c, uses, phase = False, 0, None
        for r in log.records:
            if r["t"] == "phase":
                phase = r["phase"]
            if r["t"] == "step" or phase != "turns":
                after_c = False
            elif r["t"] == "set" and r["var"] == "active":
                after_c = False  # the next turn (or a turn of the last round) begins
            elif r["t"] == "decision" and r["id"] == "figure_to":
                after_c = True
            elif r["t"] == "decision" and r["id"] == "ability":
                assert not after_c, (seed, r)
                uses += r.get("answer") is not None
        assert uses > 0, seed  # the test saw abilities used at all


@pytest.mark.parametrize("option,value", [("end_timing", "end_of_turn"), ("placement", "optional"),
                                          ("figure_start", "random"), ("knight_return", True),
                                          ("neutral_majority", True), ("final_neutral", "always"),
                                          ("final_neutral", "never")])
def test_every_option_value_plays(option, value):
    definition = load_rules(RATTUS, options={option: value})
    for players in (2, 4):
        for seed in range(3):
            result = new_game(definition, players, seed).play()
            assert result.winners


def test_the_scenarios_pass_alike_in_both_engines():
    scenarios = sorted((RATTUS / "scenarios").glob("*.yaml"))
    assert len(scenarios) >= 20
    for path in scenarios:
        scenario_log(path)


def test_a_scenario_fails_when_the_rules_resolve_m_after_the_symbols(tmp_path):
    """The M-first scenario can fail: with the symbols resolved first, P1 loses a cube too."""
    copy = tmp_path / "rattus"
    copy.mkdir()
    for path in RATTUS.glob("*.rat"):
        text = path.read_text("utf-8")
        if path.name == "plague.rat":
            moved = ("    if t.majority {\n      for each p in majority_holders(r, neutral) {\n"
                     "        do lose_cube(p, r)\n      }\n    }\n")
            assert moved in text
            text = text.replace(moved, "").replace("    if t.all_players {", moved + "    if t.all_players {")
        (copy / path.name).write_text(text, "utf-8")
    (copy / "scenarios").mkdir()
    scenario = (RATTUS / "scenarios" / "majority_first.yaml").read_text("utf-8")
    (copy / "scenarios" / "majority_first.yaml").write_text(scenario, "utf-8")
    outcome = run_scenario(copy / "scenarios" / "majority_first.yaml")
    assert not outcome.ok and any("P1.gallia" in f for f in outcome.failures)


def rattus_oracle(state, record: dict[str, Any], seen) -> None:
    """A seat may know the tiles revealed (face up in the box) and those shown to it."""
    seen.allowed.update(card.name for card in state.piles[PileRef(None, "box")])
    seen.allowed.update(state.peeked[seen.seat].values())


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 4), (4, 7)])
def test_a_player_is_given_no_face_down_tile(players, seed):
    for seat in range(players):
        seen, full = play(RATTUS, players, seed, seat, rattus_oracle)
        hidden = set(TILES) - seen.allowed
        referee = [json.dumps(r) for r in full]
        assert hidden and words_in(referee, hidden), "the game hid no tile from the seat"
        assert words_in(seen.texts(), hidden) == set(), f"P{seat + 1} was given a face-down tile"
        for record in seen.log:
            validate_player_record(record)
            assert not (record["t"] == "random" and record["what"] == "shuffle" and "result" in record)


def test_check_finds_the_rules_and_their_data_blocks_consistent():
    from ratdsl.engine.invariants import check_invariants

    assert [d.to_json() for d in check_path(RATTUS, also=check_invariants)] == []


# ---------------------------------------------------------------- summaries
def test_the_english_and_german_messages_are_complete_and_well_formed():
    from ratdsl.summaries.check import check_locales

    assert [f.render() for f in check_locales(RATTUS, ("en", "de"))] == []


def test_a_board_space_without_its_name_is_reported_missing(tmp_path):
    """The map's names (board-, space-, field-) are elements of their own: a language that lacks
    one is told so (before, `i18n check` called them unused and never asked for them)."""
    import shutil

    from ratdsl.summaries.check import check_locales

    copy = tmp_path / "rattus"
    shutil.copytree(RATTUS, copy, ignore=shutil.ignore_patterns("scenarios"))
    ftl = copy / "locales" / "en" / "game.ftl"
    ftl.write_text(ftl.read_text("utf-8").replace("space-gallia = Gallia\n", ""), "utf-8")
    found = check_locales(copy, ("en",))
    assert [(f.kind, f.key) for f in found] == [("missing", "space-gallia")], [f.render() for f in found]


def test_an_action_without_its_message_is_reported_missing(tmp_path):
    """Actions and abilities are elements (the summary titles them by `action-NAME`): a language
    that lacks one is told so (before, `i18n check` called them unused and never asked for them)."""
    import shutil

    from ratdsl.summaries.check import check_locales

    copy = tmp_path / "rattus"
    shutil.copytree(RATTUS, copy, ignore=shutil.ignore_patterns("scenarios"))
    ftl = copy / "locales" / "en" / "game.ftl"
    text = ftl.read_text("utf-8")
    start = text.index("action-witch_power = ")
    ftl.write_text(text[:start] + text[text.index("action-peasant_power = "):], "utf-8")
    found = check_locales(copy, ("en",))
    assert [(f.kind, f.key) for f in found] == [("missing", "action-witch_power")], [f.render() for f in found]


@pytest.mark.parametrize("lang,words", [("en", ["Gallia", "Merchant", "royal castle", "counter-clockwise"]),
                                        ("de", ["Gallien", "Kaufmann", "Königsburg", "entgegen dem Uhrzeigersinn"])])
def test_the_summary_is_written_in_the_language_with_every_name_translated(lang, words):
    from ratdsl.summaries import summarize, to_markdown

    text = to_markdown(summarize(load_rules(RATTUS), lang))
    assert "(not translated)" not in text and "(nicht übersetzt)" not in text
    assert " thing" not in text
    for word in words:
        assert word in text


# ---------------------------------------------------------------- the command line and the data
def test_run_narrates_a_whole_three_player_game():
    from typer.testing import CliRunner

    from ratdsl.cli.main import app

    result = CliRunner().invoke(app, ["run", str(RATTUS), "-p", "3", "-s", "1"])
    assert result.exit_code == 0, result.output
    assert "the end is triggered" in result.output and "Final scores" in result.output
    assert "Winner: P" in result.output


@pytest.mark.parametrize("old,new,invariant", [
    ("card r49 in rats {\n  start = false", "card r49 in rats {\n  start = true", "forty_nine_tiles"),
    ("  edge tartaria -- byzantium\n", "", None),  # still connected: no finding
    ("  edge hispania -- africa\n  edge italia -- africa, byzantium\n  edge africa -- byzantium\n",
     "", "every_region_has_neighbours"),
])
def test_check_catches_a_data_block_mistake(tmp_path, old, new, invariant):
    """The invariants over the map and the tiles are worked out by `ratdsl check` and can fail."""
    import shutil

    copy = tmp_path / "rattus"
    shutil.copytree(RATTUS, copy, ignore=shutil.ignore_patterns("scenarios", "locales"))
    for name in ("tiles.rat", "map.rat"):
        text = (copy / name).read_text("utf-8")
        if old in text:
            (copy / name).write_text(text.replace(old, new), "utf-8")
            break
    else:
        pytest.fail(f"{old!r} is in neither data block")
    from ratdsl.engine.invariants import check_invariants

    errors = [d for d in check_path(copy, also=check_invariants) if d.severity == "error"]
    if invariant is None:
        assert errors == []
    else:
        assert errors and all(d.code == "E242" for d in errors) and invariant in errors[0].message, errors
