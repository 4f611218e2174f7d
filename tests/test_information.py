"""The information model (docs/language.md, "Visibility"): piles, variables and card fields seen
by everybody, by their owner or by nobody; piles face up or face down; peeks remembered per card
copy; choices among hidden cards by place.

The main check walks every record a player could see, in seeded games of
tests/games/hidden_demo (face-down tiles, tiles removed unseen, an owner-only hand, a hidden and
an owner-only variable, a hidden card field) and of RatLand: the views they are given, the human
agent's prompts, the narrator's lines for them and their own log (`run --log --as-player`), and
finds nothing the rules hide from them. What is hidden is worked out by the test itself from the
referee's state as the game goes (which tiles that player has had in hand, seen face up or been
shown), not from the engine's own sight.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ratdsl.cli.narrate import Narrator
from ratdsl.engine.game import Game
from ratdsl.engine.log import GameLog
from ratdsl.engine.runtime.views import player_log
from ratdsl.language import ast as A
from ratdsl.language import parse_text
from ratdsl.language.formatter import format_text
from ratdsl.schemas import validate_log_record, validate_player_record
from ratdsl.semantics.values import PileRef, PlayerRef
from ratdsl.session import load_rules, new_game

from .test_hidden_information import ScriptedHuman

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "tests" / "games" / "hidden_demo"
RATLAND = ROOT / "rules" / "ratland"
TILES = ["amber", "basalt", "cobalt", "dolomite", "emerald", "feldspar", "garnet", "hematite",
         "jasper", "kyanite"]
WEIGHTS = {9101 + i for i in range(10)}  # the hidden field's values: in no record, in no view


class Seen:
    """Everything one seat is given during a game, as text, and what the referee knows."""

    def __init__(self, seat: int):
        self.seat = seat
        self.events: list[tuple[str, Any]] = []  # the scripted human's screen and views
        self.narrated: list[str] = []
        self.views: list[dict[str, Any]] = []
        self.log: list[dict[str, Any]] = []
        # What the seat may know, worked out from the referee's state after every record.
        self.allowed: set[str] = set()
        self.hidden_values: set[int] = set()

    def texts(self) -> list[str]:
        return ([json.dumps(e, default=str) for e in self.events] + self.narrated
                + [json.dumps(v) for v in self.views] + [json.dumps(r) for r in self.log])


class ViewingHuman(ScriptedHuman):
    """The scripted human of test_hidden_information, keeping each whole view too."""

    def __init__(self, seat: int, seed: int, seen: Seen):
        super().__init__(seat, seed, seen.events)
        self.seen = seen

    def decide(self, decision):
        if decision.view is not None:
            self.seen.views.append(decision.view())
        return super().decide(decision)


def play(path: Path, players: int, seed: int, seat: int, oracle) -> tuple[Seen, list[dict[str, Any]]]:
    """One seeded game with the scripted human at `seat`; `oracle(state, seen)` runs after each
    record with the referee's state. Returns what the seat was given and the full log."""
    from ratdsl.agents.random_agent import RandomAgent, agent_seed

    definition = load_rules(path)
    seen = Seen(seat)
    agents = [ViewingHuman(s, agent_seed(seed, s), seen) if s == seat else RandomAgent(agent_seed(seed, s))
              for s in range(players)]
    log = GameLog(keep=True)
    log.listen(Narrator(definition, seen.narrated.append, seat=seat, verbosity=3))
    game = Game(definition, players, seed, agents=agents, log=log, rules_label=str(path))
    log.listen(lambda record: oracle(game.runtime.state, record, seen))
    game.play()
    seen.log = player_log(log.records, seat)
    return seen, log.records


# ------------------------------------------------------------------ the demo game
def demo_oracle(state, record: dict[str, Any], seen: Seen) -> None:
    """The tiles a player may have seen: those face up in the row, those in their own hand and
    those shown to them; the values they may not: the pot, the other players' goals."""
    seat = seen.seat
    for ref in (PileRef(None, "row"), PileRef(seat, "hand")):
        seen.allowed.update(card.name for card in state.piles[ref])
    seen.allowed.update(state.peeked[seat].values())
    if record["t"] == "set" and (record["var"] == "pot" or record["var"].endswith(".goal")
                                 and record["var"] != f"P{seat + 1}.goal"):
        seen.hidden_values.add(record["value"])


def words_in(texts: list[str], words: set[str]) -> set[str]:
    found = set()
    for text in texts:
        for word in words:
            if re.search(rf"\b{re.escape(str(word))}\b", text):
                found.add(word)
    return found


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (3, 7), (4, 5)])
def test_a_player_is_given_nothing_hidden_in_the_demo_game(players, seed):
    for seat in range(players):
        seen, full = play(DEMO, players, seed, seat, demo_oracle)
        texts = seen.texts()
        hidden_tiles = set(TILES) - seen.allowed
        # The test can fail: the referee's log names hidden tiles and values, the seat's texts not.
        referee = [json.dumps(r) for r in full]
        assert hidden_tiles and words_in(referee, hidden_tiles), "the game hid no tile from the seat"
        assert seen.hidden_values and words_in(referee, seen.hidden_values)
        assert words_in(texts, hidden_tiles) == set(), f"P{seat + 1} was given hidden tiles"
        assert words_in(texts, seen.hidden_values) == set(), f"P{seat + 1} was given hidden values"
        assert not any("weight" in text for text in texts), "a hidden card field was shown"
        assert words_in(texts, WEIGHTS) == set() and words_in(referee, WEIGHTS) == set()
        # The seat's own secret is theirs: its goal reaches its views and its log.
        goal = next(r["value"] for r in full if r["t"] == "set" and r["var"] == f"P{seat + 1}.goal")
        assert words_in(texts, {goal}) == {goal}
        for record in seen.log:
            validate_player_record(record)
            assert not (record["t"] == "random" and record["what"] == "shuffle" and "result" in record)
        for record in full:
            validate_log_record(record)


def test_choices_among_face_down_tiles_offer_places_and_the_hand_offers_faces():
    seen, _ = play(DEMO, 3, 2, 0, demo_oracle)
    asked = [e[1] for e in seen.events if e[0] == "public" and e[1][0] == "asked"]
    takes = [eval(options) for _, id_, _, options, *_ in asked if id_ == "take"]  # repr of a list of str
    plays = [eval(options) for _, id_, _, options, *_ in asked if id_ == "play"]
    assert takes and all(re.fullmatch(r"bag#\d+", o) for options in takes for o in options)
    assert plays and all(o in TILES for options in plays for o in options)


def test_a_peek_is_remembered_by_copy_and_place_until_a_shuffle():
    definition = load_rules(DEMO)
    game = new_game(definition, 2, 3)
    game.setup()
    runtime = game.runtime
    bag = runtime.state.piles[PileRef(None, "bag")]
    first, second = bag[0], bag[1]
    runtime.show(PlayerRef(0), [second])
    runtime.show(PlayerRef(0), [first])  # a second peek adds to the first, by copy
    view = runtime.view_for(0)
    assert {(p["card"], p["position"]) for p in view["peeked"]} == {(first.name, 1), (second.name, 2)}
    assert view["cards"]["bag"][1] == {"card": second.name, "fields": {"colour": _colour(definition, second.name),
                                                                        "value": _value(definition, second.name)},
                                       "position": 2}
    # a face-down pile: the tiles shown, where they lie, and the top's back; the others not at all
    assert [e["position"] for e in view["cards"]["bag"]] == [1, 2] and view["piles"]["bag"] > 2
    assert [e["position"] for e in runtime.view_for(1)["cards"]["bag"]] == [1]
    assert "card" not in runtime.view_for(1)["cards"]["bag"][0]  # its back only
    assert runtime.view_for(1)["peeked"] == []
    runtime.shuffle_pile(A.Shuffle(A.Name("bag")), PileRef(None, "bag"))
    assert runtime.view_for(0)["peeked"] == []


def _colour(definition, card: str) -> str:
    return next(f.value.id for f in definition.cards[card].fields if f.name == "colour")


def _value(definition, card: str) -> int:
    return next(f.value.value for f in definition.cards[card].fields if f.name == "value")


def test_views_show_public_and_own_variables_only():
    definition = load_rules(DEMO)
    game = new_game(definition, 3, 4)
    game.setup()
    runtime = game.runtime
    view = runtime.view_for(1)
    assert "pot" not in view["vars"]
    assert set(view["player_vars"]["P2"]) == {"goal", "played"}
    assert set(view["player_vars"]["P1"]) == {"played"} == set(view["player_vars"]["P3"])


def test_a_hidden_or_owner_only_set_is_not_narrated_to_others():
    lines: list[str] = []
    definition = load_rules(DEMO)
    narrator = Narrator(definition, lines.append, seat=0, verbosity=3)
    narrator({"seq": 1, "t": "set", "var": "P2.goal", "value": 52022, "sight": "owner"})
    narrator({"seq": 2, "t": "set", "var": "pot", "value": 70001, "sight": "nobody"})
    narrator({"seq": 3, "t": "set", "var": "P1.goal", "value": 51011, "sight": "owner"})
    assert not any("52022" in line or "70001" in line for line in lines)
    assert any("51011" in line for line in lines)


# ------------------------------------------------------------------ RatLand
def ratland_oracle(state, record: dict[str, Any], seen: Seen) -> None:
    """In RatLand the seat may not learn the other players' answers inside `secretly`."""
    if record.get("secret") and record["t"] == "decision" and record["player"] != f"P{seen.seat + 1}":
        seen.hidden_values.add(json.dumps(record["answer"], sort_keys=True))


@pytest.mark.parametrize("seed", [3, 11])
def test_a_ratland_player_log_holds_nothing_hidden(seed):
    seat = 1
    seen, full = play(RATLAND, 3, seed, seat, ratland_oracle)
    assert any(r["t"] == "random" and r["what"] == "shuffle" for r in full)  # there was a shuffle
    assert seen.hidden_values  # and secret answers of others
    log_text = [json.dumps(r, sort_keys=True) for r in seen.log]
    for record in seen.log:
        validate_player_record(record)
        assert "seed" not in record and record["t"] != "checkpoint"
        assert not (record["t"] == "random" and record["what"] in ("shuffle", "pick") and "result" in record)
        assert not (record["t"] == "place" and "cards" in record and record.get("face") != "up")
        assert not record.get("secret") or record.get("player") == f"P{seat + 1}"
    assert not any(answer in text for answer in seen.hidden_values for text in log_text
                   if '"t": "decision"' in text and f'"player": "P{seat + 1}"' not in text)


def test_ratland_views_list_its_face_up_piles():
    """RatLand declares only its event and food rows face up (nothing hidden): no record carries a
    sight, and a view lists those piles' cards, the other piles' sizes only."""
    seen, full = play(RATLAND, 3, 5, 0, lambda *_: None)
    assert not any("sight" in r for r in full)
    face_up = {"event_row", "food_row"}
    assert all(set(v["cards"]) == face_up and "event_deck" in v["piles"] for v in seen.views)
    assert any(v["cards"]["event_row"] for v in seen.views)


# ------------------------------------------------------------------ the language and the CLI
def test_visibility_declarations_parse_and_format_back():
    text = ("per player owner only var goal = 0\nhidden var pot = 0\npile bag face down\n"
            "per player owner only pile hand face up\nhidden pile removed\n\n"
            "deck tiles {\n  public fields colour\n  fields value\n  hidden fields weight\n}\n")
    decls = parse_text(text, "x.rat").decls
    assert [getattr(d, "visibility", None) for d in decls[:5]] == ["owner", "hidden", "public", "owner", "hidden"]
    assert [d.facing for d in decls[2:5]] == ["down", "up", None]
    assert decls[5].field_visibility == (("colour", "public"), ("weight", "hidden"))
    assert format_text(text, "x.rat") == text


def test_run_as_player_writes_their_log_only(tmp_path):
    from typer.testing import CliRunner

    from ratdsl.cli.main import app

    out = tmp_path / "p2.jsonl"
    result = CliRunner().invoke(app, ["run", str(DEMO), "-p", "3", "-s", "2", "-q", "--log", str(out),
                                      "--as-player", "2"])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert records[0]["as_player"] == "P2" and "seed" not in records[0]
    for record in records:
        validate_player_record(record)
    full = tmp_path / "full.jsonl"
    CliRunner().invoke(app, ["run", str(DEMO), "-p", "3", "-s", "2", "-q", "--log", str(full)])
    assert len(full.read_text().splitlines()) > len(records)
    bad = CliRunner().invoke(app, ["run", str(DEMO), "-p", "3", "--as-player", "2"])
    assert bad.exit_code == 2 and "--as-player needs --log" in bad.output
    assert CliRunner().invoke(app, ["replay", str(full)]).exit_code == 0  # a whole log with sights
    refused = CliRunner().invoke(app, ["replay", str(out)])
    assert refused.exit_code == 2 and "P2's log (run --as-player)" in refused.output


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_both_engines_play_the_demo_game_alike(seed):
    """The tree-walker and the flat target (the compiler) end the game alike."""
    from .engines_agree import flat_plays_like_the_reference

    log = flat_plays_like_the_reference(load_rules(DEMO), 3, seed)
    assert any('"sight"' in line for line in log)


def test_a_show_record_says_where_each_copy_lies():
    _, full = play(DEMO, 2, 1, 0, lambda *_: None)
    shows = [r for r in full if r["t"] == "show"]
    assert shows and all(r["at"] == ["bag#1"] for r in shows)  # the rules show the top tile


SECRET_VARS = """game secret_vars "Secret variables" {
  players 2..2
}
per player var bid = 0
per player owner only var note = 0
round main
phase main {
  step bids {
    secretly {
      for each p in players {
        ask p bid: choose n from [3, 4] {
          set p.bid = n
          set p.note = n
        }
      }
    }
    end game
  }
}
scoring p {
  score = p.bid
}
"""


def test_inside_secretly_a_view_shows_the_others_variables_as_the_block_began(tmp_path):
    from ratdsl.agents.random_agent import RandomAgent

    (tmp_path / "game.rat").write_text(SECRET_VARS)
    definition = load_rules(tmp_path)
    views = []

    class Looking(RandomAgent):
        reads_view = True

        def decide(self, decision):
            views.append(decision.view())
            return super().decide(decision)

    game = Game(definition, 2, 1, [Looking(1), Looking(2)])
    game.play()
    second = views[1]  # P2 asked after P1 has set their bid
    assert second["player_vars"]["P1"] == {"bid": 0}  # as the block began; P1's note: never
    assert game.state.player_vars[0]["bid"] in (3, 4)
    assert second["player_vars"]["P2"] == {"bid": 0, "note": 0}


def test_the_ast_export_of_visibility_validates_and_leaves_other_files_as_they_were():
    from ratdsl.language import parse_file
    from ratdsl.language.ast_schema import export, validate_export

    program = parse_file(DEMO / "game.rat")
    document = export(program, "game.rat")
    validate_export(document)
    piles = [d for d in document["ast"]["decls"] if d["node"] == "Pile"]
    assert {p["names"][0]: (p.get("visibility"), p.get("facing")) for p in piles} == {
        "bag": (None, "down"), "removed": ("hidden", None), "row": (None, "up"), "hand": ("owner", "up")}
    plain = export(parse_text("pile box\nvar n = 0\n", "x.rat"), "x.rat")["ast"]["decls"]
    assert all("visibility" not in d and "facing" not in d for d in plain)  # as before visibility


def test_the_table_screen_shows_own_cards_and_values_and_backs_of_the_others():
    from ratdsl.cli.table.board import FaceUp, screen
    from ratdsl.cli.table.words import GameWords

    definition = load_rules(DEMO)
    game = new_game(definition, 2, 6)
    game.setup()
    runtime = game.runtime
    bag = runtime.state.piles[PileRef(None, "bag")]
    mine, theirs = bag[0], bag[1]
    runtime.state.piles[PileRef(0, "hand")].append(bag.pop(0))
    runtime.state.piles[PileRef(1, "hand")].append(bag.pop(0))
    lines, _ = screen(runtime.view_for(0), GameWords(definition, "en"), FaceUp())
    text = "\n".join(line for line, _ in lines)
    assert mine.name in text and theirs.name not in text
    assert not any(card.name in text for card in bag)
    assert str(runtime.state.player_vars[0]["goal"]) in text
    assert str(runtime.state.player_vars[1]["goal"]) not in text


def test_the_human_agent_tells_what_it_knows_of_each_place_offered():
    from ratdsl.agents.human import HumanAgent
    from ratdsl.engine.decisions import Decision

    definition = load_rules(DEMO)
    game = new_game(definition, 2, 8)
    game.setup()
    runtime = game.runtime
    bag = runtime.state.piles[PileRef(None, "bag")]
    runtime.show(PlayerRef(0), [bag[1]])
    written: list[str] = []
    human = HumanAgent(read=lambda prompt: "2", write=written.append)
    decision = Decision(0, "take", "choose", [f"bag#{i + 1}" for i in range(len(bag))])
    decision.view = lambda: runtime.view_for(0)
    assert human.decide(decision) == "bag#2"
    offered = [line for line in written if line.startswith("  ") and ". bag#" in line]
    assert offered[1].endswith(f"(you saw: {bag[1].name})")
    assert all(card.name not in line for line in offered if "you saw" not in line for card in bag)
    assert "(colour " in offered[0]  # the back shows the colour


# ------------------------------------------------------------------ every way of declaring the piles
BAGS = {"pile bag face down": False, "hidden pile bag": False}
ROWS = {"pile row face up": "all", "pile row face down": "none", "hidden pile row": "none"}
HANDS = {"per player owner only pile hand face up": "owner", "per player owner only pile hand": "owner",
         "per player pile hand face up": "all", "per player pile hand face down": "none",
         "per player hidden pile hand": "none"}


def declared_demo(tmp_path: Path, bag: str, row: str, hand: str) -> Path:
    """The demo game with its bag, row and hands declared another way."""
    text = (DEMO / "game.rat").read_text("utf-8")
    lines = {"pile bag face down": bag, "pile row face up": row, "per player owner only pile hand face up": hand}
    out = []
    for line in text.splitlines():
        code = line.split("#", 1)[0].strip()
        out.append(lines.get(code, line))
    (tmp_path / "game.rat").write_text("\n".join(out) + "\n", "utf-8")
    return tmp_path


@pytest.mark.parametrize("hand", list(HANDS))
@pytest.mark.parametrize("row", list(ROWS))
@pytest.mark.parametrize("bag", list(BAGS))
def test_whichever_way_the_piles_are_declared_a_player_is_given_no_face_they_may_not_see(tmp_path, bag, row, hand):
    folder = declared_demo(tmp_path, bag, row, hand)
    row_seen, hand_seen = ROWS[row], HANDS[hand]

    def oracle(state, record, seen):
        """The test's own reading of the declarations (docs/language.md, Visibility)."""
        seat = seen.seat
        if row_seen == "all":
            seen.allowed.update(c.name for c in state.piles[PileRef(None, "row")])
        for owner in range(state.player_count):
            if hand_seen == "all" or (hand_seen == "owner" and owner == seat):
                seen.allowed.update(c.name for c in state.piles[PileRef(owner, "hand")])
        seen.allowed.update(state.peeked[seat].values())

    for seat in (0, 2):
        seen, full = play(folder, 3, 20 + seat, seat, oracle)
        hidden_tiles = set(TILES) - seen.allowed
        assert hidden_tiles
        assert words_in(seen.texts(), hidden_tiles) == set(), (bag, row, hand, seat)
        for record in seen.log:
            validate_player_record(record)


def test_play_as_player_writes_their_log_only(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "p1.jsonl"
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "play", str(DEMO), "--human", "1", "-p", "2",
                             "-s", "3", "-v", "0", "--log", str(out), "--as-player", "1"],
                            input="1\n\n" * 60, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode in (0, 2), result.stderr  # (2: the typed answers ran out first)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert records[0]["as_player"] == "P1" and records[-1]["t"] in ("end", "aborted")
    assert any(r["t"] == "decision" and r["player"] == "P1" for r in records)
    for record in records:
        validate_player_record(record)
