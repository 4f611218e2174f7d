"""Issue 14, boards: `board NAME { fields ... capacity N space ... edge ... }`. Each space is a shared
zone (nobody's pieces) and a zone of each player (their pieces there); `spaces`, `neighbours`,
`adjacent`, `distance` and `room` read the board in play at the game's number of players, and
`s.FIELD` a space's data. Every runtime behaviour is played by both engines, whose logs and
errors must be the same; tests/games/board_demo is a small game on a board, with scenarios."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ratdsl.checker.run import check_path
from ratdsl.engine.log import GameLog, dumps
from ratdsl.language import ast as A
from ratdsl.language import parse_text
from ratdsl.language.errors import RuleSyntaxError
from ratdsl.language.formatter import format_text
from ratdsl.language.limits import MAX_EDGES, MAX_SPACES
from ratdsl.session import load_rules, new_game

from .engines_agree import scenario_log

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "tests" / "games" / "board_demo"

BOARD = '''board land "Land" {
  fields worth, coast
  capacity 5
  space north "North" { worth = 2, coast = true }
  space south { worth = 1 }
  space east for 3..4 players { worth = 3, capacity 2 }
  space west
  edge north -- south, east
  edge south -- west
  edge west -> north
}
'''


def _game(tmp_path: Path, step: str, board: str = BOARD, players: str = "2..4", extra: str = "") -> Path:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.rat").write_text(
        f'game g "G" {{\n  players {players}\n}}\n' + board + extra +
        "tokens cube\nzone stock\nsetup {\n  step s {\n    create {cube: 9} in stock\n  }\n}\nround main\n"
        f'phase main "Main" {{\n  step only {{\n{step}\n    end game\n  }}\n}}\n', "utf-8")
    return folder


def _play(folder: Path, players: int, seed: int = 0):
    """(error code, line, column, message) or None, and the log's lines."""
    from .test_limits_runtime import play

    return play(folder, players=players, seed=seed)


def _outcome(folder: Path, players: int = 2, seed: int = 0):
    """The reference engine's outcome (error and log)."""
    return _play(folder, players, seed=seed)


def _said(tmp_path: Path, expr: str, players: int = 2) -> list:
    error, log = _outcome(_game(tmp_path, f'    say "v" with {expr}'), players)
    assert error is None, error
    return json.loads(next(x for x in log if '"t":"say"' in x))["args"]


# ---------------------------------------------------------------- the language form
def test_a_board_parses_to_spaces_and_edges():
    board = parse_text(BOARD).decls[0]
    assert isinstance(board, A.Board) and board.fields == ("worth", "coast") and board.capacity == 5
    assert [s.name for s in board.spaces] == ["north", "south", "east", "west"]
    east = board.spaces[2]
    assert east.players == (3, 4) and east.capacity == 2 and [f.name for f in east.fields] == ["worth"]
    assert [(e.source, e.targets, e.one_way) for e in board.edges] == [
        ("north", ("south", "east"), False), ("south", ("west",), False), ("west", ("north",), True)]


def test_a_board_formats_as_written_and_parses_back_the_same():
    assert format_text(BOARD) == BOARD
    messy = BOARD.replace("{ worth = 2, coast = true }", "{ worth = 2 ,\n coast = true }").replace("  edge", "edge")
    assert format_text(messy) == BOARD and parse_text(messy).decls == parse_text(BOARD).decls


def test_the_board_rules_add_no_conflict_to_the_lalr_grammar():
    """Lark resolves a shift/reduce conflict quietly (as a shift) and logs it: none may involve
    the board's rules (the expression rules have some of their own, resolved by precedence)."""
    import io
    import logging

    import lark

    from ratdsl.language.grammar import grammar_text

    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    lark.logger.addHandler(handler)
    old = lark.logger.level
    lark.logger.setLevel(logging.DEBUG)
    try:
        lark.Lark(grammar_text(), parser="lalr", lexer="contextual", debug=True)
    finally:
        lark.logger.removeHandler(handler)
        lark.logger.setLevel(old)
    text = stream.getvalue()
    assert "conflict" in text  # (the log is read: the expression rules' known conflicts are there)
    words = ("board", "space", "edge", "capacity", "both_ways", "one_way", "EDGE", "SPACE", "BOARD", "CAPACITY")
    assert not [line for line in text.splitlines() if any(w in line for w in words)]


def test_a_variant_replaces_a_board_whole(tmp_path):
    folder = _game(tmp_path, '    say "v" with distance(north, west)')
    (folder / "closer.rat").write_text("variant closer \"Closer\" extends g\nreplace " +
                                       BOARD.replace("edge south -- west", "edge south -- west\n  edge north -- west"),
                                       "utf-8")
    assert check_path(folder / "closer.rat") == []
    for rules, distance in ((folder, 2), (folder / "closer.rat", 1)):
        log = GameLog(keep=True)
        new_game(load_rules(rules), 2, 0, log=log).play()
        assert json.loads(next(dumps(r) for r in log.records if r["t"] == "say"))["args"] == [distance]


# ---------------------------------------------------------------- built-ins, both engines
@pytest.mark.parametrize("expr, players, value", [
    ("spaces(land)", 2, ["north", "south", "west"]),  # east is in play for 3..4 players only
    ("spaces(land)", 3, ["north", "south", "east", "west"]),
    ("neighbours(north)", 2, ["south"]),
    ("neighbours(north)", 4, ["south", "east"]),
    ("neighbours(west)", 2, ["north", "south"]),  # its own one-way edge, in declaration order
    ("[adjacent(west, north), adjacent(north, west), adjacent(north, north)]", 2, [True, False, False]),
    ("[distance(north, west), distance(west, south), distance(south, south)]", 2, [2, 1, 0]),
    ("[north.worth, west.worth, north.coast, south.coast]", 2, [2, None, True, None]),
    ("spaces(land) where it.worth != none and it.worth > 1", 3, ["north", "east"]),
    ("[room(north), room(east), size(north)]", 3, [5, 2, 0]),
])
def test_board_builtins_agree_in_both_engines(tmp_path, expr, players, value):
    assert _said(tmp_path, expr, players) == [value]


def test_owned_pieces_are_a_players_zone_of_the_space(tmp_path):
    step = ('    for each p in players {\n      move 2 cube from stock to p[north]\n    }\n'
            '    move 1 cube from stock to north\n'
            '    say "v" with [size(p.north) for p in players], size(north), owner(P1_north()), room(north)')
    extra = "func P1_north() = first(players)[north]\n"
    error, log = _outcome(_game(tmp_path, step, extra=extra))
    assert error is None
    assert json.loads(next(x for x in log if '"t":"say"' in x))["args"] == [[2, 2], 1, "P1", 0]
    moves = [json.loads(x) for x in log if '"t":"move"' in x]
    assert [(m["src"], m["dst"]) for m in moves] == [("stock", "P1.north"), ("stock", "P2.north"), ("stock", "north")]


def test_a_distance_with_no_path_is_none(tmp_path):
    board = 'board b {\n  space a\n  space z\n  space m\n  edge a -> z\n}\n'
    error, log = _outcome(_game(tmp_path, '    say "v" with distance(a, z), distance(z, a), distance(a, m)', board))
    assert error is None and json.loads(next(x for x in log if '"t":"say"' in x))["args"] == [1, None, None]


def test_a_space_not_in_play_is_refused_with_its_position(tmp_path):
    error, _ = _outcome(_game(tmp_path, '    say "v" with neighbours(east)'), 2)
    assert error[:3] == ("R001", 25, 18) and error[3] == "space east is not on the board with 2 players"


def test_a_value_that_is_no_space_is_refused(tmp_path):
    error, _ = _outcome(_game(tmp_path, '    say "v" with distance(north, stock)'))
    assert error[:3] == ("R001", 25, 18) and "expected a space of a board, got stock" in error[3]


def test_pieces_on_a_space_left_out_stop_the_game_after_the_step(tmp_path):
    error, _ = _outcome(_game(tmp_path, "    move 1 cube from stock to east"), 2)
    assert error == ("R012", 24, 3, "space east is not on the board with 2 players, but holds 1 token after step only")
    error, _ = _outcome(_game(tmp_path, "    move 1 cube from stock to east"), 3)
    assert error is None


def test_a_space_over_its_capacity_stops_the_game_every_owner_counted(tmp_path):
    step = ("    move 2 cube from stock to east\n"
            "    for each p in players {\n      move 1 cube from stock to p[east]\n    }")
    error, _ = _outcome(_game(tmp_path, step), 3)
    assert error == ("R012", 24, 3, "space east holds 5 tokens, more than its capacity of 2 after step only")
    fine = "    move 1 cube from stock to east\n    move 1 cube from stock to first(players)[east]"
    assert _outcome(_game(tmp_path, fine), 3)[0] is None


def test_the_demo_game_plays_alike_in_both_engines_at_every_player_count():
    for players in (2, 3, 4):
        for seed in range(3):
            error, log = _outcome(DEMO, players, seed)
            assert error is None and '"t":"end"' in log[-1]


def test_the_demo_scenarios_pass_alike_in_both_engines():
    """`ratdsl test` plays generated code; here each scenario is played by both engines, which
    must pass it with the same log (up to the error a scenario expects)."""
    scenarios = sorted((DEMO / "scenarios").glob("*.yaml"))
    assert len(scenarios) >= 8
    for path in scenarios:
        scenario_log(path)


# ---------------------------------------------------------------- the checker
def _findings(tmp_path: Path, board: str, players: str = "2..4") -> list[tuple[str, int, int, str]]:
    step = '    say "v" with size(north) + stock_size'
    folder = _game(tmp_path, step, board, players, extra="const stock_size = 9\n")
    return [(d.code, d.line, d.column, d.message) for d in check_path(folder)]


def test_an_edge_to_an_unknown_space_is_e250_at_the_name(tmp_path):
    found = _findings(tmp_path, BOARD.replace("edge south -- west", "edge south -- wset"))
    assert found == [("E255", 12, 17, "board land: the edge names 'wset', which is not one of its spaces")]


def test_an_edge_from_a_space_to_itself_is_e251(tmp_path):
    assert [f[:2] for f in _findings(tmp_path, BOARD.replace("edge south -- west", "edge south -- south"))] \
        == [("E256", 12)]


def test_a_space_declared_twice_is_e201_at_the_second(tmp_path):
    found = _findings(tmp_path, BOARD.replace("  space west\n", "  space west\n  space south\n"))
    assert [f[:3] for f in found] == [("E201", 11, 3)] and "'south' is defined twice" in found[0][3]


def test_a_space_in_play_at_no_number_of_players_is_e252(tmp_path):
    found = _findings(tmp_path, BOARD, players="2..2")
    assert found == [("E257", 9, 3, "space east is in play for 3..4 players, never in a game for 2..2 players")]


@pytest.mark.parametrize("change, code", [
    (("capacity 5", "capacity 0"), "E258"),
    (("capacity 2 }", "capacity 0 }"), "E258"),
    (("fields worth, coast", "fields worth, coast, cube"), "E259"),
    (("fields worth, coast", "fields worth, coast, stock_size"), "E259"),
    (("space west", "space west { height = 3 }"), "E215"),
    (("{ worth = 1 }", "{ worth = 1, worth = 2 }"), "E201"),
])
def test_board_data_mistakes(tmp_path, change, code):
    assert [f[0] for f in _findings(tmp_path, BOARD.replace(*change))] == [code]


def test_a_board_is_no_zone(tmp_path):
    found = check_path(_game(tmp_path, "    move 1 cube from stock to land"))
    assert [(d.code, d.line, d.column) for d in found] == [("E220", 25, 31)]


# ---------------------------------------------------------------- limits against abuse
def test_a_board_of_a_million_spaces_is_refused_before_the_parse():
    text = "board b {\n" + "".join(f"  space s{i}\n" for i in range(1_000_000)) + "}\n"
    with pytest.raises(RuleSyntaxError) as err:
        parse_text(text)
    assert err.value.code == "E015"  # (a file that long is refused first, whatever it holds)
    text = "board b {\n" + "".join(f"  space s{i}\n" for i in range(MAX_SPACES + 5)) + "}\n"
    with pytest.raises(RuleSyntaxError) as err:
        parse_text(text)
    assert (err.value.code, err.value.line, err.value.column) == ("E014", MAX_SPACES + 2, 3)


def test_spaces_on_one_line_are_counted_after_the_parse():
    text = "board b {\n" + "".join(f"  space s{i} space t{i}\n" for i in range(MAX_SPACES // 2 + 1)) + "}\n"
    with pytest.raises(RuleSyntaxError) as err:
        parse_text(text)
    assert (err.value.code, err.value.line, err.value.column) == ("E014", MAX_SPACES // 2 + 2, 3)


def test_a_board_of_too_many_edges_is_refused():
    per_line = 100
    lines = MAX_EDGES // per_line + 1
    text = "board b {\n  space a\n" + f"  edge a -- {', '.join(['a'] * per_line)}\n" * lines + "}\n"
    with pytest.raises(RuleSyntaxError) as err:
        parse_text(text)
    assert (err.value.code, err.value.line) == ("E014", 2 + lines)


def test_distances_on_the_largest_board_are_worked_out_once_a_space(tmp_path, monkeypatch):
    """A chain of MAX_SPACES spaces: every distance from one end, each search made once (the
    searches are counted; bench_limits.py times the game)."""
    from collections import deque

    from ratdsl.semantics import boards

    searches: list[str] = []

    class Counted(deque):  # (each search from a source starts one queue)
        def __init__(self, items):
            searches.append(items[0])
            super().__init__(items)

    monkeypatch.setattr(boards, "deque", Counted)
    board = "board b {\n" + "".join(f"  space s{i}\n" for i in range(MAX_SPACES)) + "".join(
        f"  edge s{i} -- s{i + 1}\n" for i in range(MAX_SPACES - 1)) + "}\n"
    step = ('    say "v" with sum([distance(s0, x) + distance(x, s0) for x in spaces(b)]), '
            f'distance(s{MAX_SPACES - 1}, s0)')
    folder = _game(tmp_path, step, board)
    error, log = _outcome(folder)
    assert error is None
    # one search from each space a game, none repeated
    assert sorted(searches) == sorted(f"s{i}" for i in range(MAX_SPACES))
    total = MAX_SPACES * (MAX_SPACES - 1)
    assert json.loads(next(x for x in log if '"t":"say"' in x))["args"] == [total, MAX_SPACES - 1]


# ---------------------------------------------------------------- invariants over a board
def test_an_invariant_may_read_a_board_and_is_tried_at_each_player_count(tmp_path):
    """A pit in play with 4 players only is reached by a one-way edge and leads nowhere: every
    space reaches every other with 2 and 3 players, not with 4."""
    from ratdsl.engine.invariants import check_invariants
    from ratdsl.language.loader import load

    board = BOARD.replace("  space west\n", "  space west\n  space pit for 4..4 players\n").replace(
        "  edge west -> north\n", "  edge west -> north\n  edge south -> pit\n")
    extra = ('invariant connected "Every space reaches every other" = '
             'all([distance(a, b) != none for a in spaces(land) for b in spaces(land)])\n')
    folder = _game(tmp_path, '    say "v" with 1', board, extra=extra)
    assert check_path(folder) == []  # no E241: a board is fixed by the number of players
    found = check_invariants(load(folder))
    assert [d.message for d in found] == ["invariant connected is false with 4 players"]


# ---------------------------------------------------------------- summaries
@pytest.mark.parametrize("lang, phrases", [
    ("en", ["the spaces of “The isle” in play", "the neighbouring spaces of", "the room left of",
            "whether an edge leads from", "the distance in edges from"]),
    ("de", ["die Felder im Spiel auf „The isle“", "die Nachbarfelder von", "der freie Platz von",
            "ob eine Kante von", "der Abstand in Kanten von"]),
    ("es", ["las casillas en juego de «The isle»", "las casillas vecinas de", "el espacio libre de",
            "si una arista va de", "la distancia en aristas entre"]),
    ("fr", ["les cases en jeu de «\u202fThe isle\u202f»", "les cases voisines de", "la place libre de",
            "si une arête mène de", "la distance en arêtes entre"]),
])
def test_the_summary_names_what_each_board_builtin_reads(lang, phrases):
    from ratdsl.summaries import summarize, to_markdown

    text = to_markdown(summarize(load_rules(DEMO), lang))
    for phrase in phrases:
        assert phrase in text, (lang, phrase)
    assert "the result for" not in text and "das Ergebnis für" not in text


@pytest.mark.parametrize("lang, heading, intro, one_way", [
    ("en", "## The board: ", "The board has 7 spaces.", "a one-way path leads to"),
    ("de", "## Der Spielplan: ", "Der Spielplan hat 7 Felder.", "führt ein Weg nur in eine Richtung"),
    ("es", "## El tablero: ", "El tablero tiene 7 casillas.", "un camino de un solo sentido lleva a"),
    ("fr", "## Le plateau\u00a0: ", "Le plateau compte 7 cases.", "un chemin à sens unique mène à"),
])
def test_the_summary_describes_the_board(lang, heading, intro, one_way):
    from ratdsl.summaries import summarize, to_markdown

    text = to_markdown(summarize(load_rules(DEMO), lang))
    board = text[text.index(heading):]
    board = board[:board.index("\n## ", 3)]
    assert intro in board and one_way in board
    rows = [line for line in board.splitlines() if line.startswith("| ") and "Tundra" in line]
    assert len(rows) == 1 and "| 4 " in rows[0] and "| 6 |" in rows[0]  # 4 players only; the board's capacity
    assert sum(line.startswith("- ") for line in board.splitlines()) == 6  # one line per edge line
