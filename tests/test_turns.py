"""Turns and actions (issue 14): orders of play, `action` and `ability` declarations, `turn` and
`act`, ability windows and the game-end declarations. Both engines must play them alike (the same
log byte for byte, the same error); tests/games/turn_demo is a small trading game that uses all of
it, with scenarios (`ratdsl test tests/games/turn_demo`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ratdsl.checker.run import check_path
from ratdsl.engine.decisions import Decision
from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.engine.log import GameLog, dumps
from ratdsl.language import ast as A
from ratdsl.language import parse_text
from ratdsl.language.formatter import format_text
from ratdsl.session import load_rules, new_game

from .engines_agree import flat_plays_like_the_reference, scenario_log

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "tests" / "games" / "turn_demo"

ACTIONS = '''action take(p) "Take a coin" {
  only if p.purse.coin < 3
  once per turn
  effect {
    move 1 coin from bank to p.purse
  }
}

action pay(p) {
  at most 2 per turn
  cost 1 coin from p.purse to bank
  effect {
    say "paid" with p
  }
}
'''


def _game(tmp_path: Path, turn: str, extra: str = ACTIONS, header: str = "", players: str = "2..4") -> Path:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.rat").write_text(
        f'game g "G" {{\n  players {players}\n  at most 5 rounds\n{header}}}\n' + extra +
        "tokens coin\nzone bank\nper player zone purse\n"
        "setup {\n  step s {\n    create {coin: 20} in bank\n  }\n}\nround main\n"
        'phase main "Main" {\n  step only {\n    for each p in clockwise(active) {\n'
        f"      turn p {{\n{turn}\n      }}\n    }}\n    end game\n  }}\n}}\n", "utf-8")
    return folder


class Recorder:
    """Answers every decision with its first option (or a pass where one is allowed, when
    `passing`), and keeps what it was offered."""

    reads_view = False

    def __init__(self, passing: bool = False):
        self.asked: list[tuple[int, str, list, bool]] = []
        self.passing = passing

    def decide(self, decision: Decision):
        self.asked.append((decision.player, decision.id, list(decision.options), decision.optional))
        if self.passing and decision.optional:
            return None
        return decision.options[0]


def _play(folder: Path, players: int = 2, seed: int = 0, passing: bool = False):
    log = GameLog(keep=True)
    agent = Recorder(passing)
    game = new_game(load_rules(folder), players, seed, log=log, agents=[agent] * players)
    try:
        result = game.play()
        error = None
    except RuleRuntimeError as err:
        result, error = None, (err.code, err.line, err.column, err.message)
    return result, error, [dumps(r) for r in log.records], agent.asked


def _both(folder: Path, players: int = 2, seed: int = 0, passing: bool = False):
    """What the reference engine makes of a game (result, log, error, questions)."""
    return _play(folder, players, seed, passing)


def _said(log: list[str]) -> list:
    """What each `say` said: its message, then its values."""
    return [[json.loads(r)["msg"], *json.loads(r)["args"]] for r in log if '"t":"say"' in r]


# ---------------------------------------------------------------- the language
def test_every_form_parses_to_its_node():
    program = parse_text('game g "G" {\n  ends at end of turn when round > 2\n  ends at end of round when false\n'
                         '  ends at once when true\n}\n' + ACTIONS.replace("action pay", "ability pay") +
                         'rule r(p) {\n  turn p {\n    act take\n    act one of take, pay or pass\n'
                         '    act take, pay in any order\n    act any of pay until pass\n'
                         '    end game not counting the round\n  }\n}\n')
    game, take, pay, rule = program.decls
    assert [(e.moment, type(e.condition).__name__) for e in game.endings] == \
        [(A.END_OF_TURN, "BinOp"), (A.END_OF_ROUND, "BoolLit"), (A.AT_ONCE, "BoolLit")]
    assert (take.name, take.param, take.title, take.ability, take.limit.value, take.cost) == \
        ("take", "p", "Take a coin", False, 1, None)
    assert pay.ability and pay.limit.value == 2 and isinstance(pay.cost.stmts[0], A.Move)
    turn = rule.body.stmts[0]
    assert isinstance(turn, A.Turn)
    acts = turn.body.stmts[:4]
    assert [(a.mode, a.actions, a.optional) for a in acts] == [
        ("one", ("take",), False), ("choose", ("take", "pay"), True),
        ("any_order", ("take", "pay"), False), ("until_pass", ("pay",), True)]
    assert turn.body.stmts[4].counts_round is False


def test_new_keywords_stay_names_elsewhere():
    """`any`, `one`, `turn` and `order` are keywords only where the grammar expects them."""
    program = parse_text("func one() = any([true])\nfunc order(turn) = turn\nphase p {\n  step turn { }\n}\n")
    assert [d.name for d in program.decls] == ["one", "order", "p"]


def test_keywords_that_follow_a_value_may_still_name_a_decision_or_a_field():
    """After a value the parser also expects the words that start a declaration, a statement or
    an action's part, so they are keywords there: as a decision's id (Rattus asks `action`), a
    card field or a persona's decision they are names all the same."""
    program = parse_text('card c in d {\n  cost = 3\n  effect = 2\n  once = 1\n}\n'
                         'persona q {\n  action.buy = 2\n  turn.act = 3\n}\n'
                         'rule r(p) {\n  ask p action: may { }\n  ask p turn: may { }\n  ask p only: may { }\n}\n')
    card, persona, rule = program.decls
    assert [f.name for f in card.fields] == ["cost", "effect", "once"]
    assert [(w.decision, w.option) for w in persona.weights] == [("action", "buy"), ("turn", "act")]
    assert [s.id for s in rule.body.stmts] == ["action", "turn", "only"]


def test_the_formatter_keeps_every_form(tmp_path):
    text = (DEMO / "game.rat").read_text("utf-8")
    assert format_text(text) == text
    messy = ('game g "G" {\nplayers 2..3\n ends at once when   true\n}\n'
             'action a(p) { effect { say "x" }   once per turn\n only if  true }\n'
             'rule r(p) { turn p { act a\n act one of a,a or pass } end game not counting the round }\n')
    once = format_text(messy)
    assert format_text(once) == once
    assert parse_text(once) == parse_text(messy)
    assert "  once per turn\n  effect {" in once and "act one of a, a or pass" in once
    assert "end game not counting the round" in once


# ---------------------------------------------------------------- orders of play
@pytest.mark.parametrize("expr, seats", [
    ("clockwise(active)", [1, 2, 3, 4]),
    ("clockwise(players[2])", [3, 4, 1, 2]),
    ("counter_clockwise(players[1])", [2, 1, 4, 3]),
    ("clockwise_after(players[1])", [3, 4, 1, 2]),
    ("counter_clockwise_after(players[1])", [1, 4, 3, 2]),
    ("snake(active)", [1, 2, 3, 4, 4, 3, 2, 1]),
])
def test_orders_of_play(tmp_path, expr, seats):
    folder = _game(tmp_path, "", header="", extra="")
    text = (folder / "game.rat").read_text("utf-8")
    (folder / "game.rat").write_text(text.replace("    end game", f'    say "o" with {expr}\n    end game'))
    _result, error, log, _asked = _both(folder, players=4)
    assert error is None
    assert _said(log)[0] == ["o", [f"P{s}" for s in seats]]


# ---------------------------------------------------------------- legality, limits, costs
def test_only_legal_actions_are_offered(tmp_path):
    # take: fewer than 3 coins, once a turn; pay: a coin to pay with, twice a turn
    _result, error, log, asked = _both(_game(tmp_path, "        act any of take, pay until pass"))
    assert error is None
    p1 = [options for seat, _id, options, _opt in asked if seat == 0]
    # no coin: only take; then take is spent, pay twice, then nothing is legal
    assert p1 == [["take"], ["pay"]]
    assert all(opt for _s, _i, _o, opt in asked)


def test_limits_count_per_turn_and_start_again(tmp_path):
    header = "  ends after 2 rounds\n"
    folder = _game(tmp_path, "        act any of pay until pass", header=header,
                   extra=ACTIONS + "setup {\n  step give {\n    for each p in players {\n"
                   "      create {coin: 5} in p.purse\n    }\n  }\n}\n")
    text = (folder / "game.rat").read_text("utf-8").replace("    end game\n", "")
    (folder / "game.rat").write_text(text)
    _result, error, log, asked = _both(folder)
    assert error is None
    # each player pays twice a turn (the limit), in each of the two rounds: 5 coins, 4 paid
    assert sum(1 for r in log if '"t":"say"' in r) == 2 * 2 * 2
    assert [len(o) for s, _i, o, _p in asked if s == 0] == [1, 1, 1, 1]


def test_a_cost_that_cannot_be_paid_makes_the_action_illegal(tmp_path):
    _result, error, log, asked = _both(_game(tmp_path, "        act pay\n        act one of pay or pass"))
    assert error is None and asked == [] and _said(log) == []


def test_act_one_takes_a_legal_action_without_asking(tmp_path):
    _result, error, log, asked = _both(_game(tmp_path, "        act take\n        act pay\n        act pay"))
    assert error is None and asked == []
    assert _said(log) == [["paid", "P1"], ["paid", "P2"]]  # one coin each: paid once, then the cost fails


def test_any_order_asks_for_each_legal_action_once(tmp_path):
    _result, error, _log, asked = _both(_game(tmp_path, "        act take, pay in any order"))
    assert error is None
    assert [(s, o, opt) for s, _i, o, opt in asked] == [(0, ["take"], False), (0, ["pay"], False),
                                                         (1, ["take"], False), (1, ["pay"], False)]


def test_abilities_are_offered_before_each_statement_and_after_the_last(tmp_path):
    extra = ACTIONS.replace("action pay(p) {\n  at most 2", "ability pay(p) {\n  at most 3")
    folder = _game(tmp_path, '        act take\n        say "between"\n        act take', extra=extra)
    _result, error, log, asked = _both(folder, passing=True)
    assert error is None
    # P1: the window before `act take` offers nothing (no coin); then one after each statement
    assert [(s, i, o) for s, i, o, _p in asked if s == 0] == [(0, "ability", ["pay"])] * 3
    _result, error, log, asked = _both(folder)  # now paying whenever offered, three times at most
    assert [s for s, i, _o, _p in asked if i == "ability"] == [0, 1]
    assert _said(log) == [["paid", "P1"], ["between"], ["paid", "P2"], ["between"]]


def test_a_limit_that_is_not_positive_stops_with_r013(tmp_path):
    extra = "var most = 0\n" + ACTIONS.replace("at most 2 per turn", "at most most per turn")
    folder = _game(tmp_path, "        act take\n        act pay", extra=extra)
    _r, error, _log, _asked = _both(folder)
    assert error is not None and error[0] == "R013" and error[1:3] == (15, 11)  # the limit
    assert "limit per turn must be a whole number of 1 or more, not 0" in error[3]


# ---------------------------------------------------------------- how the game ends
@pytest.mark.parametrize("moment, turn, rounds, said", [
    # the first turn makes the condition true: at once ends the game right after the action
    ("once", '        act take\n        say "after" with p', 1, []),
    # at the end of the turn: the turn ends, nobody else plays
    ("end of turn", '        act take\n        say "after" with p', 1, [["after", "P1"]]),
    # at the end of the round: everybody plays
    ("end of round", '        act take\n        say "after" with p', 1, [["after", "P1"], ["after", "P2"]]),
])
def test_the_game_ends_when_its_header_says(tmp_path, moment, turn, rounds, said):
    folder = _game(tmp_path, turn, header=f"  ends at {moment} when bank.coin < 20\n")
    text = (folder / "game.rat").read_text("utf-8").replace("    end game\n", "")
    (folder / "game.rat").write_text(text)
    result, error, log, _asked = _both(folder)
    assert error is None and result.rounds == rounds
    assert _said(log) == said
    assert f'"rounds":{rounds}' in log[-1]


def test_end_game_counts_its_round_unless_told(tmp_path):
    for ending, played in (("end game", 2), ("end game not counting the round", 1)):
        folder = _game(tmp_path, "        act take")
        text = (folder / "game.rat").read_text("utf-8")
        ended = f"    if round == 2 {{\n      {ending}\n    }}\n"
        (folder / "game.rat").write_text(text.replace("    end game\n", ended))
        result, error, log, _asked = _both(folder)
        assert error is None and result.rounds == played and '"t":"end_game"' in log[-2]


def test_ratland_ends_as_before():
    """RatLand's End of Game card does not count its round: games last 5 to 9 rounds, as always."""
    d = load_rules(ROOT / "rules" / "ratland")
    for seed in range(3):
        assert 5 <= new_game(d, 4, seed).play().rounds <= 9


# ---------------------------------------------------------------- the checker
def _findings(folder: Path) -> list[tuple[str, int, int, str]]:
    return [(d.code, d.line, d.column, d.message) for d in check_path(folder)]


def test_the_demo_game_is_clean():
    assert _findings(DEMO) == []


def test_act_outside_a_turn_is_e260_at_the_statement(tmp_path):
    folder = _game(tmp_path, "        act take\n        act pay", extra=ACTIONS + "rule r(p) {\n  act take\n}\n")
    text = (folder / "game.rat").read_text("utf-8").replace("    end game", "    do r(active)\n    end game")
    (folder / "game.rat").write_text(text)
    assert _findings(folder) == [("E260", 21, 3, "`act` outside a turn: actions are taken during a player's turn")]


def test_unknown_and_repeated_actions_are_e261_and_e263(tmp_path):
    folder = _game(tmp_path, "        act tkae\n        act one of take, pay, take\n        act ask")
    found = _findings(folder)
    assert [(c, line, col) for c, line, col, _m in found] == [("E261", 33, 9), ("E263", 34, 9), ("E261", 35, 9)]
    assert found[0][3] == "there is no action 'tkae'"
    assert check_path(folder)[0].hint == "did you mean 'take'?"


@pytest.mark.parametrize("limit", ["0", "true", "-1"])
def test_a_limit_known_before_the_game_must_be_positive(tmp_path, limit):
    extra = ACTIONS.replace("at most 2 per turn", f"at most {limit} per turn")
    found = _findings(_game(tmp_path, "        act take\n        act pay", extra=extra))
    assert [(c, line, col) for c, line, col, _m in found] == [("E262", 14, 11)]


def test_a_condition_that_is_not_yes_or_no_is_e224(tmp_path):
    folder = _game(tmp_path, "        act take\n        act pay", header="  ends at once when 3\n",
                   extra=ACTIONS.replace("only if p.purse.coin < 3", "only if 1"))
    assert [(c, line) for c, line, _col, _m in _findings(folder)] == [("E224", 4), ("E224", 7)]


def test_unused_actions_and_abilities_without_turns_are_w312(tmp_path):
    folder = _game(tmp_path, "        act take", extra=ACTIONS)
    assert [(c, m) for c, _l, _c, m in _findings(folder)] == [
        ("W312", "action 'pay' is never taken: no `act` names it")]
    extra = ACTIONS.replace("action pay", "ability pay")
    folder = tmp_path / "h"
    folder.mkdir()
    (folder / "game.rat").write_text(f'game g "G" {{\n  players 2..2\n  ends at end of turn when true\n}}\n{extra}'
                                     "tokens coin\nzone bank\nper player zone purse\nround main\n"
                                     'phase main {\n  step s {\n    end game\n  }\n}\n', "utf-8")
    assert [c for c, _l, _c, _m in _findings(folder)] == ["W312", "W312", "W312"]


# ---------------------------------------------------------------- the demo game
def test_the_demo_game_plays_alike_in_both_engines():
    """The tree-walker and the flat target (the compiler) end each game alike."""
    d = load_rules(DEMO)
    for players in (2, 3, 4):
        for seed in range(4):
            log = flat_plays_like_the_reference(d, players, seed)
            assert '"t":"end"' in log[-1]
            assert any('"id":"action"' in r for r in log)


def test_the_demo_scenarios_pass_alike_in_both_engines():
    scenarios = sorted((DEMO / "scenarios").glob("*.yaml"))
    assert len(scenarios) >= 6
    for path in scenarios:
        scenario_log(path)


def test_the_flat_target_plays_these_turns_as_the_reference_does(tmp_path):
    """An ability beside an action: the compiled engine (flat/turns.py) plays the reference's games."""
    from ratdsl.agents.random_agent import RandomAgent, agent_seed
    from ratdsl.engine import Game
    from ratdsl.engine.flat.game import FlatModule, flat_module, play_module

    folder = _game(tmp_path, "        act take", extra=ACTIONS.replace("action pay", "ability pay"))
    text = (folder / "game.rat").read_text("utf-8").replace("clockwise(active)", "players")
    (folder / "game.rat").write_text(text)
    d = load_rules(folder)
    module = flat_module(d, 2)
    assert isinstance(module, FlatModule), module
    for seed in range(6):
        agents = [RandomAgent(agent_seed(seed, s)) for s in range(2)]
        reference = Game(d, 2, seed, agents=agents).play()
        agents = [RandomAgent(agent_seed(seed, s)) for s in range(2)]
        compiled = play_module(module, seed, agents)
        assert (compiled.scores, compiled.winners, compiled.rounds, compiled.state) == \
               (reference.scores, reference.winners, reference.rounds, reference.state), seed


def test_the_summary_lists_the_actions_and_the_endings():
    from ratdsl.summaries.builder import summarize
    from ratdsl.summaries.document import to_markdown

    d = load_rules(DEMO)
    for lang, heading in (("en", "Actions"), ("de", "Aktionen"), ("es", "Acciones"), ("fr", "Actions")):
        text = to_markdown(summarize(d, lang))
        assert f"## {heading}" in text
        assert "Call in a favour" in text and "Hire a porter" in text
    english = to_markdown(summarize(d, "en"))
    assert "The game ends at the end of a turn in which" in english
    assert "at most 2 times per turn" in english.lower() and "at most once per turn" in english.lower()


@pytest.mark.parametrize("ending, rounds", [("end game not counting the round", 2), ("end game", 3)])
def test_the_flat_target_counts_the_rounds_as_the_reference_does(tmp_path, ending, rounds):
    """`simulate` plays on the flat target past FLAT_AFTER: `end game` counts its round there too,
    unless told not to; a header's `ends at ... when` ends its games there as on the reference."""
    from ratdsl.engine.flat.game import FlatModule, flat_module
    from ratdsl.simulation.runner import GamePlayer, SimulationSpec

    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.rat").write_text('game g "G" {\n  players 2..2\n}\ntokens coin\nzone bank\nround main\n'
                                     f"phase main {{\n  step s {{\n    if round == 3 {{\n      {ending}\n"
                                     "    }\n  }\n}\n", "utf-8")
    assert isinstance(flat_module(load_rules(folder), 2), FlatModule)
    player = GamePlayer(SimulationSpec(rules=str(folder), players=2))
    stats = [player.play(i, 1) for i in range(35)]  # past FLAT_AFTER: on the flat target
    assert {s.rounds for s in stats} == {rounds}
    header = tmp_path / "h"
    header.mkdir()
    (header / "game.rat").write_text('game g "G" {\n  players 2..2\n  ends at end of round when round == 2\n}\n'
                                     "tokens coin\nzone bank\nround main\nphase main {\n  step s { }\n}\n", "utf-8")
    assert isinstance(flat_module(load_rules(header), 2), FlatModule)  # (flat/endings.py)
    stats = [GamePlayer(SimulationSpec(rules=str(header), players=2)).play(i, 1) for i in range(35)]
    assert {s.rounds for s in stats} == {2}


def test_the_language_server_finds_an_action_from_act(tmp_path):
    """Go to definition from `act buy` lands on the action, and its parameter is a local."""
    import shutil

    from lsprotocol import types as T

    from ratdsl.lsp import navigation
    from ratdsl.lsp.workspace import Workspace

    folder = tmp_path / "turn_demo"
    shutil.copytree(DEMO, folder)
    path = folder / "game.rat"
    lines = path.read_text("utf-8").split("\n")
    act = next(i for i, line in enumerate(lines) if "act buy, sell" in line)
    declared = next(i for i, line in enumerate(lines) if line.startswith("action buy(p)"))
    found = navigation.definition(Workspace(), path, T.Position(act, lines[act].index("buy") + 1))
    assert [loc.range.start.line for loc in found] == [declared]
    cost = declared + 1  # `cost 2 coin from p.purse to supply`: p is the action's parameter
    found = navigation.definition(Workspace(), path, T.Position(cost, lines[cost].index("p.purse")))
    assert [(loc.range.start.line, loc.range.start.character) for loc in found] == \
        [(declared, lines[declared].index("(p)") + 1)]


def test_the_environments_step_through_turns():
    """A game stepped action by action (OpenSpiel, PettingZoo) offers the legal actions by name."""
    import random

    from ratdsl.environments import CHANCE
    from ratdsl.environments import new_game as new_state

    state = new_state(str(DEMO), 2, seed=3)
    rng = random.Random(3)
    named = set()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply(rng.choices(actions, probabilities)[0])
            continue
        seat = state.current_player()
        asked = state.observation(seat)
        legal = state.legal_actions(seat)
        named |= {state.action_label(a) for a in legal}
        state.apply(rng.choice(legal))
    assert state.result().rounds >= 1 and asked
    assert any("buy" in text for text in named) and any("call_in" in text for text in named)
