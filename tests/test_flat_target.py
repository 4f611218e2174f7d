"""The flat target (ratdsl/engine/flat) plays the same games as the reference engine: the same
end state, scores, winners, rounds and fired counts for the same seeds and agents, across 2-12
players, the modules and the variants; it falls back on the reference engine for what it has no
form for, and for every game it cannot finish (which the reference then reports)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.agents import PersonaAgent
from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine import Game
from ratdsl.engine.errors import RuleRuntimeError, StepBudgetExceeded
from ratdsl.engine.flat.compiler import Unsupported
from ratdsl.engine.flat.game import FlatModule, flat_module, play_flat, play_module
from ratdsl.session import RulesInvalid, load_rules
from ratdsl.simulation.runner import GamePlayer, SimulationSpec, persona_weights

from .flat_agree import plays_the_reference_games
from .scale import cases
from .test_runtime_errors import HEADER  # (the same tiny game, here loaded rather than started)

RULES = Path(__file__).resolve().parent.parent / "rules" / "ratland"
MODULE_SETS = [(), ("clans",), ("aggressive",), ("clans", "aggressive")]
SEEDS_PER_SIZE = cases(4, 23)


def outcome(result) -> tuple:
    return result.scores, result.winners, result.rounds, result.state, result.fired


def random_agents(seed: int, players: int) -> list:
    return [RandomAgent(agent_seed(seed, s)) for s in range(players)]


@pytest.mark.parametrize("modules", MODULE_SETS, ids=lambda m: "+".join(m) or "base")
def test_the_flat_target_plays_the_reference_games_at_every_table_size(modules):
    """11 table sizes x 4 module sets x 4 seeds = 176 games, each compared whole (23 seeds, 1,012
    games, under RATDSL_FULL_CHECKS=1; test_compiled_all_games plays more of every rule set)."""
    d = load_rules(RULES, modules=modules)
    played = 0
    for players in range(2, 13):
        module = flat_module(d, players)
        assert isinstance(module, FlatModule), module
        for seed in range(SEEDS_PER_SIZE):
            reference = Game(d, players, seed, agents=random_agents(seed, players)).play()
            flat = play_module(module, seed, random_agents(seed, players))
            assert outcome(flat) == outcome(reference), (modules, players, seed)
            played += 1
    assert played == 11 * SEEDS_PER_SIZE


@pytest.mark.parametrize("variant", sorted(p.name for p in (RULES / "variants").glob("*.rat")))
def test_the_flat_target_plays_every_variant_like_the_reference(variant):
    d = load_rules(RULES / "variants" / variant)
    for players in (3, 5):
        module = flat_module(d, players)
        assert isinstance(module, FlatModule), module
        for seed in range(6):
            reference = Game(d, players, seed, agents=random_agents(seed, players)).play()
            assert outcome(play_module(module, seed, random_agents(seed, players))) == outcome(reference)


def test_persona_agents_answer_the_flat_target_as_they_answer_the_reference():
    d = load_rules(RULES, modules=("clans",))
    names = ["breeder", "raider", "forager", "breeder"]
    tables = {name: persona_weights(d, name) for name in set(names)}

    def agents(seed):
        return [PersonaAgent(tables[names[s]], agent_seed(seed, s), names[s]) for s in range(4)]

    module = flat_module(d, 4)
    for seed in range(15):
        assert outcome(play_module(module, seed, agents(seed))) == outcome(Game(d, 4, seed, agents=agents(seed)).play())


def test_options_are_folded_in_and_still_agree():
    options = {"forage_rat": "any_rat", "ap_tie": "favourable", "supply_shortage": "unlimited",
               "dr_cheese_reading": "once_per_draw", "rattibal_trades": "any_number",
               "just_in_time_reading": "all_return", "holy_rat_reading": "may"}
    d = load_rules(RULES, options=options)
    module = flat_module(d, 4)
    assert isinstance(module, FlatModule), module
    for seed in range(12):
        reference = Game(d, 4, seed, agents=random_agents(seed, 4)).play()
        assert outcome(play_module(module, seed, random_agents(seed, 4))) == outcome(reference)


def test_simulation_metrics_are_the_same_from_the_flat_target(monkeypatch):
    spec = SimulationSpec(rules=str(RULES), modules=("aggressive",), players=5, agents=("random", "breeder"))
    player = GamePlayer(spec)
    monkeypatch.setattr("ratdsl.simulation.runner.FLAT_AFTER", 0)
    flat = [player.play(i, 7) for i in range(12)]
    monkeypatch.setattr(GamePlayer, "_play_flat", lambda self, seed: (None, None))
    reference = [player.play(i, 7) for i in range(12)]
    assert flat == reference
    assert any(sum(s.metrics.values()) for s in flat)  # (the metrics counted something)


def test_the_simulator_switches_to_the_flat_target_after_a_few_games(monkeypatch):
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")  # (with a cache, from the first game: test_flat_cache.py)
    spec = SimulationSpec(rules=str(RULES), players=4)
    player = GamePlayer(spec)
    used = []
    real = GamePlayer._play_flat
    monkeypatch.setattr(GamePlayer, "_play_flat", lambda self, seed: used.append(seed) or real(self, seed))
    from ratdsl.simulation.runner import FLAT_AFTER

    stats = [player.play(i, 3) for i in range(FLAT_AFTER + 5)]
    assert len(used) == 5  # (the first FLAT_AFTER games on the reference engine: generating costs as much)
    monkeypatch.setattr(GamePlayer, "_play_flat", lambda self, seed: (None, None))
    assert stats == [GamePlayer(spec).play(i, 3) for i in range(FLAT_AFTER + 5)]




def tiny(tmp_path, body: str, extra: str = ""):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(HEADER + extra + 'phase main "Main" {\n  step only {\n' + body + "\n  }\n}\n")
    return load_rules(folder)


def test_a_game_the_flat_code_cannot_finish_is_reported_by_the_reference_engine(tmp_path):
    d = tiny(tmp_path, "    move 9 coin from bank to active.purse")
    assert isinstance(flat_module(d, 2), FlatModule)
    with pytest.raises(RuleRuntimeError) as err:
        play_flat(d, 2, 0, lambda: random_agents(0, 2))
    assert "cannot move 9 coin from bank: only 5 there" in err.value.render()


def test_a_runaway_loop_stops_with_the_reference_engines_positioned_error(tmp_path):
    d = tiny(tmp_path, "    while true {\n      let x = 1\n    }")
    with pytest.raises(StepBudgetExceeded) as err:
        play_flat(d, 2, 0, lambda: random_agents(0, 2), budget=10_000)
    assert err.value.code == "R002"


def test_what_the_flat_target_has_no_form_for_is_played_by_the_reference(tmp_path):
    # a deck whose activity reads token counts: the flat target refuses it when generating
    extra = ('deck tricks "Tricks" {\n  active when count(bank, coin) > 2\n}\n'
             'card gift in tricks "Gift" {\n  after give(p) {\n    move up to 1 coin from bank to p.purse\n  }\n}\n'
             'rule give(p) { }\n')
    d = tiny(tmp_path, "    for each p in players {\n      do give(p)\n    }\n    end game", extra)
    assert isinstance(flat_module(d, 2), Unsupported)
    result, by_flat = play_flat(d, 2, 3, lambda: random_agents(3, 2))
    assert not by_flat
    assert outcome(result) == outcome(Game(d, 2, 3, agents=random_agents(3, 2)).play())


def test_agents_without_the_fast_protocol_are_played_by_the_reference():
    class Plain:  # answers like a random agent, through decide only
        reads_view = False

        def __init__(self, seed):
            self.inner = RandomAgent(seed)

        def decide(self, decision):
            return self.inner.decide(decision)

    d = load_rules(RULES)
    result, by_flat = play_flat(d, 4, 5, lambda: [Plain(agent_seed(5, s)) for s in range(4)])
    assert not by_flat
    assert outcome(result) == outcome(Game(d, 4, 5, agents=random_agents(5, 4)).play())
    result, by_flat = play_flat(d, 4, 5, lambda: random_agents(5, 4))
    assert by_flat and outcome(result) == outcome(Game(d, 4, 5, agents=random_agents(5, 4)).play())


def test_fast_spread_draws_what_random_distribution_draws():
    import random

    from ratdsl.agents.random_agent import FastDecision, random_distribution

    targets = ["a", "b", "c", "d", "e"]
    for seed in range(30):
        amount = seed % 13
        fast = RandomAgent(seed)
        counts = fast.fast_spread("x", targets, amount)
        rng = random.Random(seed)
        plain = random_distribution(FastDecision(amount, targets, [(3, ["zz"])], [(0, ["a"])]), rng)
        assert dict((z, c) for z, c in zip(targets, counts) if c) == plain
        assert fast.rng.random() == rng.random()  # (the streams end at the same place)


def test_a_rule_written_where_it_is_called_keeps_its_parameters_its_own(tmp_path):
    d = tiny(tmp_path, "    let x = 1\n    do bump(x)\n    move x coin from bank to active.purse\n    end game",
             "rule bump(n) {\n  set n = n + 3\n  move n coin from bank to active.purse\n}\n")
    result, by_flat = play_flat(d, 2, 0, lambda: random_agents(0, 2))
    assert by_flat
    assert result.state["zones"]["P1.purse"] == {"coin": 5}  # 4 in the rule, then x is still 1
    assert outcome(result) == outcome(Game(d, 2, 0, agents=random_agents(0, 2)).play())


def test_rules_the_target_has_no_form_for_are_played_by_the_reference():
    """(a table that looks itself up; funcs that call themselves, boards, visibility, turns, plans
    and endings have a form now: tests/test_flat_build_gaps.py, tests/test_flat_boards.py,
    tests/test_flat_sight.py, tests/test_flat_turns.py, ...)"""
    d = load_rules(Path(__file__).resolve().parent / "games" / "no_flat_form")
    assert isinstance(flat_module(d, 3), Unsupported)


# The limits (R001 depth, R002 budget, R006 numbers, R007 lists and piles, R008 tokens): the flat
# code stops where the reference engine would, which then reports the error with its position.
# tests/test_limits_runtime.py holds the flat target to every limit case there; these show the
# flat code itself ran (a module was made), so the agreement is not the reference's alone.
LIMIT_CASES = {
    "R006 a product": dict(step="    set x = 3\n    repeat 40 times {\n      set x = x * x\n    }",
                           extra="var x = 0\n"),
    "R006 a sum": dict(step='    let n = 999999999999999999\n    say "s" with sum([n, n])'),
    "R007 a joined list": dict(step="    let xs = [1, 2, 3]\n    repeat 100 times {\n      set xs = xs + xs\n    }"),
    "R001 a range too long": dict(step='    let n = 5\n    say "n" with size(1..(n * 100000))'),
    "R008 tokens": dict(step="", setup="    create {red: 10000000000000} in reserve"),
    "R002 a nested query": dict(step='    say "n" with size([x for x in 1..300 for y in 1..300 if false])',
                                budget=50_000),
    "R002 queries in a loop": dict(step="    repeat 1000 times {\n      let ys = [y for y in 1..1000]\n    }",
                                   budget=200_000),
    "R001 a rule inside itself": dict(step="    do down(1000)",
                                      extra="rule down(n) {\n  if n > 0 {\n    do down(n - 1)\n  }\n}\n"),
}


@pytest.mark.parametrize("case", list(LIMIT_CASES))
def test_the_flat_code_stops_at_each_limit_of_the_reference_engine(tmp_path, case):
    from .test_limits_runtime import flat_outcome, game_folder, play

    spec = dict(LIMIT_CASES[case])
    budget = spec.pop("budget", 5_000_000)
    folder = game_folder(tmp_path, **spec)
    from ratdsl.engine.flat.support import Abort
    from ratdsl.semantics.operators import OperatorError

    kind, stop = flat_outcome(folder, budget)  # (the flat module's own play, no fallback)
    assert kind == "stopped" and isinstance(stop, (Abort, OperatorError)), stop
    assert not isinstance(stop, OperatorError) or stop.code == case[:4]
    reference = play(folder, budget=budget, logged=False)[0]
    assert reference is not None and reference[0] == case[:4]


# The step budget as the reference counts it: a step per statement, func call and table row too,
# not only per loop turn; a game that passes the budget there stops here (and the reference says so).
STEP_CASES = {
    "statements in a loop": dict(step="    repeat 2000 times {\n      let a = 1\n      let b = 2\n    }"),
    "func calls in a loop": dict(step="    repeat 2000 times {\n      let a = twice(1)\n    }",
                                 extra="func twice(x) = x + x\n"),
    "func calls per item of a query": dict(
        step="    repeat 700 times {\n      let a = [twice(y) for y in [1, 2, 3]]\n    }",
        extra="func twice(x) = x + x\n"),
}


@pytest.mark.parametrize("case", list(STEP_CASES))
def test_the_flat_code_counts_steps_as_the_reference_does(tmp_path, case):
    from .test_limits_runtime import flat_outcome, game_folder, play

    folder = game_folder(tmp_path, **STEP_CASES[case])
    budget = 5_000
    assert play(folder, budget=budget, logged=False)[0][0] == "R002"  # (the reference passes the budget)
    from ratdsl.engine.flat.support import Abort

    kind, stop = flat_outcome(folder, budget)
    assert kind == "stopped" and isinstance(stop, Abort)  # the flat code's own count ran out
    roomy = play(folder, budget=20_000, logged=False)[0]
    assert roomy is None and flat_outcome(folder, 20_000)[0] == "ended"  # (and fits a larger one in both)


PIECES_GAME = '''game pieces "Pieces" {
  players 2..2
}
tokens red, blue, green
zone bag
per player zone hand, store
setup {
  step fill {
    create {red: 4, blue: 3, green: 5} in bag
  }
}
round main
phase main "Main" {
  step only {
    repeat 6 times {
      draw up to 5 from bag to active.hand
      for each x in pieces(active.hand) {
        if x == red {
          move 1 red from active.hand to active.store
        } else if x == blue {
          move 1 x from active.hand to bag
          move up to 1 red from bag to active.store
        }
      }
      move all from active.hand to bag
    }
    end game
  }
}
'''


def pieces_game(tmp_path):
    folder = tmp_path / "pieces"
    folder.mkdir()
    (folder / "game.rat").write_text(PIECES_GAME)
    return load_rules(folder)


def test_a_loop_over_pieces_is_written_a_kind_at_a_time_and_plays_the_same_games(tmp_path):
    d = pieces_game(tmp_path)
    m = flat_module(d, 2)
    assert isinstance(m, FlatModule)
    assert m.source.count("    for _ in range(c") == 3  # (one loop a kind: red, blue, green)
    for seed in range(25):
        result, by_flat = play_flat(d, 2, seed, lambda seed=seed: random_agents(seed, 2))
        assert by_flat
        assert outcome(result) == outcome(Game(d, 2, seed, agents=random_agents(seed, 2)).play())


def test_a_loop_over_pieces_never_runs_past_the_reference_engines_step_budget(tmp_path):
    from ratdsl.engine.flat.game import Stopped

    d = pieces_game(tmp_path)
    m = flat_module(d, 2)
    stopped = finished = 0
    for budget in range(20, 260, 4):
        try:
            Game(d, 2, 3, agents=random_agents(3, 2), step_budget=budget).play()
        except StepBudgetExceeded:
            with pytest.raises(Stopped):  # (where the reference stops, the flat code stops too)
                play_module(m, 3, random_agents(3, 2), budget=budget)
            stopped += 1
        else:
            finished += 1
    assert stopped and finished  # (the range crosses what the game needs)


def test_two_words_ordered_by_a_key_are_ordered_without_sorted_as_the_reference_orders_them(tmp_path):
    # the keys change as coins arrive and tie at one coin: a tie keeps the list's order, in both
    # directions (the first `ys` is then left: nothing goes to the other player)
    d = tiny(tmp_path, "    repeat 2 times {\n"
                       "      let xs = [left, right] ordered by weight(it)\n"
                       "      if first(xs) == left {\n        move up to 1 coin from bank to active.purse\n      }\n"
                       "      let ys = [left, right] ordered by weight(it) descending\n"
                       "      if first(ys) == right {\n"
                       "        move up to 1 coin from bank to neighbour(active, left).purse\n      }\n"
                       "    }\n    end game",
             "func weight(s) = if s == left then count(active.purse, coin) else 1\n")
    m = flat_module(d, 2)
    assert isinstance(m, FlatModule) and "['right', 'left'] if" in m.source and "sorted(" not in m.source
    result, by_flat = play_flat(d, 2, 0, lambda: random_agents(0, 2))
    assert by_flat
    assert outcome(result) == outcome(Game(d, 2, 0, agents=random_agents(0, 2)).play())
    assert result.state["zones"]["P1.purse"] == {"coin": 2} and "P2.purse" not in result.state["zones"]


def test_a_func_called_with_a_word_is_written_for_that_word_and_still_modified(tmp_path):
    d = tiny(tmp_path, "    move up to gain(left) coin from bank to active.purse\n"
                       "    set bonus = 1\n"
                       "    move up to gain(right) coin from bank to neighbour(active, left).purse\n"
                       "    end game",
             "var bonus = 0\nfunc gain(s) = if s == left then 2 else 1\nmodify gain(s) if bonus > 0 = base + 1\n")
    m = flat_module(d, 2)
    assert isinstance(m, FlatModule)
    assert "    v = 2\n" in m.source and "    v = 1\n" in m.source  # (one function a word, folded)
    result, by_flat = play_flat(d, 2, 0, lambda: random_agents(0, 2))
    assert by_flat
    assert outcome(result) == outcome(Game(d, 2, 0, agents=random_agents(0, 2)).play())
    assert result.state["zones"]["P1.purse"] == {"coin": 2} and result.state["zones"]["P2.purse"] == {"coin": 2}


def stops_alike(d) -> str:
    """Both engines stop this game: the reference with R001 (its text returned), the flat code
    with Stopped (`loud`: a Python error would show as itself, not as a stop)."""
    from ratdsl.engine.flat.game import Stopped

    module = flat_module(d, 2)
    assert isinstance(module, FlatModule), module
    with pytest.raises(RuleRuntimeError) as err:
        Game(d, 2, 0, agents=random_agents(0, 2)).play()
    assert err.value.code == "R001"
    with pytest.raises(Stopped):
        play_module(module, 0, random_agents(0, 2), loud=True)
    return err.value.render()


# What the checker lets through and the reference stops on at run time (R001): a none where a
# player or a card is needed, a list index outside the list, a zero divisor. The flat code stops
# there too (Stopped: the reference then reports it), never with a Python error of its own.
NONE_CASES = {
    "an order of play from no player": 'say "p" with size(clockwise_after(first(players where seat(it) == 9)))',
    "the seat of no player": 'say "s" with seat(first(players where seat(it) == 9))',
    "the top of an empty pile": "place top(stack) on top of heap",
    "a zone of no player": "move 1 coin from bank to first(players where seat(it) == 9).purse",
    # (a question or a turn of no player: the reference stops before it reads the options, so even
    # where there are none to choose from or nothing to distribute)
    "a choice asked of no player": 'ask first(players where seat(it) == 9) pick: choose x from [1, 2] {\n'
                                   '      say "x" with x\n    }\n    end game',
    "a choice of nothing asked of no player": 'let p = first(players where seat(it) == 9)\n'
                                              '    ask p pick: choose x from [x for x in [1] if x > 3] {\n'
                                              '      say "x" with x\n    }\n    end game',
    "a may asked of no player": 'ask first(players where seat(it) == 9) go: may {\n      say "y" with 1\n'
                                '    }\n    end game',
    "nothing to distribute asked of no player": 'ask first(players where seat(it) == 9) spread: distribute coin '
                                                'from active.purse among ["purse"]\n    end game',
    "a turn of no player": 'turn first(players where seat(it) == 9) {\n      say "t" with 1\n    }\n    end game',
    "a plan of no player": "plan pick for each p in [first(players where seat(it) == 9)]: choose 1 from [1, 2] "
                           "into picks\n    end game",
    "the neighbour of no player": 'say "s" with seat(neighbour(first(players where seat(it) == 9), left))',
    "an index outside the list": 'let xs = [1, 2, 3]\n    say "x" with xs[size(players) + 3]',
    "a field of a card without it": 'say "n" with n_of(first([b, a]))',
    "an index of no list": 'let o = first([x for x in [[1, 2]] if size(x) > 5])\n    say "x" with o[0]',
    "a zero divisor": 'say "q" with 6 / (size(players) - 2)',
    # (`end game` after: the flat code, were the show left out, would end the game, not stop it)
    "a none among the cards shown": "show [top(stack)] to active\n    end game",
    "cards shown to no player": "show [a] to first(players where seat(it) == 9)\n    end game",
    # (a number that is none as the game runs: the typed form says where it may be, the flat code
    # checks it there; Python would stop with a TypeError, or take it for a number)
    "none in arithmetic": 'say "n" with first([size(p.purse) for p in players if seat(p) == 9]) + 1',
    "none compared by size": 'say "n" with seat(active) < first([seat(p) for p in players if seat(p) == 9])',
    "none as the amount of a move": "move first([seat(p) for p in players if seat(p) == 9]) coin from bank "
                                    "to active.purse",
    "none as a count of repeats": 'repeat first([seat(p) for p in players if seat(p) == 9]) times {\n'
                                  '      say "r" with 1\n    }',
    "none as an index": 'say "p" with seat(players[first([seat(p) for p in players if seat(p) == 9])])',
    "none as a built-in's number": 'say "m" with min(first([seat(p) for p in players if seat(p) == 9]), 3)',
    "none among the numbers of a built-in": 'say "s" with sum([1, first([seat(p) for p in players if seat(p) == 9])])',
    "a loop's item that is none": 'for each i in [first([seat(p) for p in players if seat(p) == 9])] {\n'
                                  '      say "i" with i - 1\n    }',
    "none as a range's end": 'say "r" with size(1..first([seat(p) for p in players if seat(p) == 9]))',
}


@pytest.mark.parametrize("case", list(NONE_CASES))
def test_what_stops_the_reference_stops_the_flat_code_not_python(tmp_path, case):
    """Each case is followed by `end game`, so that a flat code leaving the check out ends the game
    (and the test fails) rather than stopping later on something else."""
    cards = 'deck d "D" {\n  fields n\n}\ncard a in d {\n  n = 1\n}\ndeck e "E" { }\ncard b in e "B" { }\n'
    extra = "pile stack\npile heap\nfunc n_of(c) = c.n\nper player var picks = [0]\n"
    body = NONE_CASES[case] if NONE_CASES[case].endswith("end game") else NONE_CASES[case] + "\n    end game"
    d = tiny(tmp_path, "    " + body, extra + cards)
    stops_alike(d)


def test_blocks_nested_past_pythons_limit_are_refused_not_a_syntax_error(tmp_path):
    depth = 24
    body = "".join("    " + "  " * i + f"while x > {i + 5} {{\n" for i in range(depth))  # (never entered)
    body += "    " + "  " * depth + "let y = 1\n"
    body += "".join("    " + "  " * i + "}\n" for i in reversed(range(depth)))
    d = tiny(tmp_path, body + "    end game", "var x = 0\n")
    module = flat_module(d, 2)
    assert isinstance(module, Unsupported) and "nested deeper" in module.why
    result, by_flat = play_flat(d, 2, 0, lambda: random_agents(0, 2))
    assert not by_flat and outcome(result) == outcome(Game(d, 2, 0, agents=random_agents(0, 2)).play())


def test_a_constant_the_rules_cannot_hold_is_refused_and_the_reference_reports_it(tmp_path):
    d = tiny(tmp_path, '    say "c" with bad', "const bad = {coin: -1}\n")
    module = flat_module(d, 2)
    assert isinstance(module, Unsupported) and "cannot hold" in module.why
    with pytest.raises(RuleRuntimeError) as err:
        play_flat(d, 2, 0, lambda: random_agents(0, 2))
    assert err.value.code == "R001"


def test_a_field_the_cards_deck_names_but_the_card_lacks_is_none_as_on_the_reference(tmp_path):
    extra = ('deck d "D" {\n  fields n\n}\ncard a in d {\n  n = 1\n}\ncard b in d "B" { }\nvar seen = 0\n'
             "func n_of(c) = c.n\n")
    d = tiny(tmp_path, "    if n_of(first([b, a])) == none {\n      set seen = 1\n    }\n    end game", extra)
    module = flat_module(d, 2)
    assert isinstance(module, FlatModule), module
    flat = play_module(module, 0, random_agents(0, 2), loud=True)
    assert outcome(flat) == outcome(Game(d, 2, 0, agents=random_agents(0, 2)).play())
    assert flat.state["vars"]["seen"] == 1


# A none where a condition is needed (a card's yes/no field it lacks, its deck naming the field):
# the reference stops on it (R001, a condition is exactly yes or no); the flat code took it for
# false and played to the end (fuzz case 1:48598). Each form that tests a condition.
NONE_CONDITIONS = {
    "if": "    if first([b, a]).flag {\n      set seen = 1\n    }",
    "if of a func's value": "    if flag_of(first([b, a])) {\n      set seen = 1\n    }",
    "if of a rule's parameter": "    do mark(first([b, a]))",
    "if of a local": "    let f = first([b, a]).flag\n    if f {\n      set seen = 1\n    }",
    "while": "    while first([b, a]).flag {\n      set seen = 1\n    }",
    "not": "    if not first([b, a]).flag {\n      set seen = 1\n    }",
    "and": "    if seen == 0 and first([b, a]).flag {\n      set seen = 1\n    }",
    "an if expression": "    set seen = if first([b, a]).flag then 1 else 2",
    "where": '    say "w" with size(players where first([b, a]).flag)',
    "a comprehension's if": '    say "w" with [1 for x in [b, a] if x.flag]',
    "any": '    say "w" with any([x.flag for x in [b, a]])',
    "all": '    say "w" with all([b.flag, a.flag])',
}
FLAG_CARDS = ('deck d "D" {\n  fields flag\n}\ncard a in d {\n  flag = true\n}\ncard b in d "B" { }\n'
              'var seen = 0\nfunc flag_of(c) = c.flag\n'
              'rule mark(t) "Mark" {\n  if t.flag {\n    set seen = 1\n  }\n}\n')


@pytest.mark.parametrize("case", list(NONE_CONDITIONS))
def test_a_none_taken_as_a_condition_stops_the_flat_code_as_the_reference(tmp_path, case):
    d = tiny(tmp_path, NONE_CONDITIONS[case] + "\n    end game", FLAG_CARDS)
    assert "expected yes or no (a condition), got none" in stops_alike(d)


def test_a_none_after_the_answer_of_any_or_or_is_never_tested_on_either_engine(tmp_path):
    """`any` and `or` stop at their answer on the reference: a none after it is never a condition."""
    body = ('    if a.flag or b.flag {\n      set seen = 1\n    }\n'
            '    if any([x.flag for x in [a, b]]) {\n      set seen = seen + 1\n    }\n    end game')
    d = tiny(tmp_path, body, FLAG_CARDS)
    module = flat_module(d, 2)
    assert isinstance(module, FlatModule), module
    flat = play_module(module, 0, random_agents(0, 2), loud=True)
    assert outcome(flat) == outcome(Game(d, 2, 0, agents=random_agents(0, 2)).play())
    assert flat.state["vars"]["seen"] == 2


def test_moving_a_bundle_field_the_card_lacks_stops_the_flat_code_not_python(tmp_path):
    """Fuzz case 1:10470: a bundle read from a card whose deck names the field but which lacks it
    is none; moving it is R001 on the reference, and stopped the flat code with an AttributeError."""
    extra = ('deck d "D" {\n  fields gift\n}\ncard a in d {\n  gift = {coin: 1}\n}\ncard b in d "B" { }\n'
             "func gift_of(c) = c.gift\n")
    d = tiny(tmp_path, "    move gift_of(first([b, a])) from bank to first(players).purse", extra)
    stops_alike(d)


def test_an_at_least_no_amount_can_meet_stops_the_flat_code_as_the_reference(tmp_path):
    """Fuzz case 1:16875: `at least 13` of the 2 coins a player has. The reference refuses the
    agent's answer (R001 at the ask); the flat code took it and played on (distribution_problem,
    the one rule both now check)."""
    body = ("    move up to 2 coin from bank to active.purse\n"
            "    ask active spread: distribute coin from active.purse among [stash, purse]\n"
            "      at least 13 in [stash]\n"
            "    end game")
    d = tiny(tmp_path, body, "per player zone stash\n")
    assert "at least 13" in stops_alike(d)


def test_a_zone_no_player_has_stops_the_flat_code_not_python(tmp_path):
    """Fuzz case 1:18754 (`p[s]` for s a kind's name, from a bundle's keys, which the checker let
    through): a KeyError of the flat code. Here the checker sees it (E225), so the rules are loaded
    unchecked, as the engines' last defence must take them."""
    body = '    let names = ["purse", "nope"]\n    move 1 coin from bank to active[names[size(players) - 1]]'
    with pytest.raises(RulesInvalid):
        tiny(tmp_path, body)
    d = load_rules(tmp_path / "tiny", check=False)
    assert "no zone, pile or variable 'nope'" in stops_alike(d)


def test_a_player_zone_named_from_a_list_of_zone_names_is_read_without_a_check(tmp_path):
    """`p[z]` for z going through a written list of the player's zones: every name is one of
    theirs, so the zone is read from the offsets at once (no entry_of), and the games are the
    reference's."""
    extra = "per player zone stash\n"
    body = ("    for each z in [purse, stash] {\n      move up to 1 coin from bank to active[z]\n    }\n"
            "    if round == 6 {\n      end game\n    }")
    d = tiny(tmp_path, body, extra)
    module = flat_module(d, 2)
    assert isinstance(module, FlatModule), module
    assert "entry_of(" not in module.source
    for seed in range(4):
        reference = Game(d, 2, seed, agents=random_agents(seed, 2)).play()
        assert outcome(play_module(module, seed, random_agents(seed, 2))) == outcome(reference), seed


def test_zones_of_a_text_naming_no_player_zone_is_refused_by_the_flat_compiler(tmp_path):
    """Fuzz case 1:33387 (`zones(p, [..., ""])`, a text among the names, which the checker let
    through): a ValueError of the flat compiler. The checker sees it now (E280); loaded unchecked,
    the flat compiler refuses it and the reference stops with R001."""
    body = '    move 1 coin from bank to first(zones(active, [purse, ""]))'
    with pytest.raises(RulesInvalid) as err:
        tiny(tmp_path, body)
    assert "E280" in str(err.value) and "which names none" in str(err.value)
    d = load_rules(tmp_path / "tiny", check=False)
    with pytest.raises(Unsupported, match="no player zone"):
        FlatModule(d, 2)
    with pytest.raises(RuleRuntimeError) as stopped:
        Game(d, 2, 0, agents=random_agents(0, 2)).play()
    assert "'' is not a player zone" in stopped.value.render()


GEMS = ["amber", "basalt", "cobalt", "dolomite", "emerald"]
SHOWN = (
    'game shown "Shown" {\n  players 2..4\n  ends after 4 rounds\n}\n'
    'deck gems "Gems" {\n  fields value\n}\n'
    + "".join(f"card {name} in gems {{\n  value = {i + 1}\n}}\n" for i, name in enumerate(GEMS))
    + "pile table\nper player var points = 0\n"
    'setup {\n  step deal {\n    create cards(gems) in table\n  }\n}\n'
    "round main\n"
    'phase main "Main" {\n  step look {\n    for each p in players {\n'
    "      show [pick(table)] where it != none to p\n"
    "      show pick(cards(gems)) to p\n"
    "      set p.points = p.points + pick(table).value\n"
    "    }\n  }\n}\n"
    "scoring p {\n  score = p.points\n}\n")


@pytest.mark.parametrize("players", [2, 4])
def test_a_pick_in_what_is_shown_draws_as_on_the_reference(tmp_path, players):
    """Fuzz case 1:48654: the flat code left out a `show` it did not log, and with it the draw of
    the `pick` in its cards, so every later draw of the game differed from the reference's."""
    (tmp_path / "game.rat").write_text(SHOWN, "utf-8")
    assert plays_the_reference_games(load_rules(tmp_path), players, range(cases(6, 60))) == (cases(6, 60), [])


def test_owner_of_a_card_scans_only_the_piles_its_deck_is_put_in_and_plays_the_same(tmp_path):
    """`owner(king)` scans the piles the rules put cards of king's deck in (a pile holds one deck's
    cards: E290), not the heap of another deck's cards before them (Rattus: the class cards
    against the plague tiles), and answers as the reference does while the card changes hands."""
    extra = ('deck roles "Roles" { }\ncard king in roles "King" { }\ncard monk in roles "Monk" { }\n'
             'deck tiles "Tiles" { }\ncard t1 in tiles "T1" { }\ncard t2 in tiles "T2" { }\n'
             "pile heap\npile display\nper player pile held\n"
             "setup {\n  step cards {\n    create cards(tiles) in heap\n    create cards(roles) in display\n  }\n}\n")
    body = ("    ask active pick: choose c from cards(roles) {\n      place c on top of active.held\n    }\n"
            "    if owner(king) == active {\n      move up to 1 coin from bank to active.purse\n    }\n"
            "    if owner(monk) == none {\n      move up to 1 coin from active.purse to bank\n    }\n"
            "    if round == 12 {\n      end game\n    }")
    d = tiny(tmp_path, body, extra)
    module = flat_module(d, 2)
    assert isinstance(module, FlatModule), module
    piles = [*d.shared_piles, *(name for _ in range(2) for name in d.player_piles)]
    assert [[piles[i] for i in kept] for kept in module.gen.pile_subsets] == [["display", "held", "held"]]
    for seed in range(8):
        reference = Game(d, 2, seed, agents=random_agents(seed, 2)).play()
        assert outcome(play_module(module, seed, random_agents(seed, 2))) == outcome(reference), seed


def test_a_list_holding_none_plays_on_where_a_number_is_not_needed(tmp_path):
    """`len`, `first` and `+` of lists take none as an item, as the reference does: only where an
    item is read as a number (`sum`, `min`) does a none stop the flat code (NONE_CASES)."""
    body = ("    let xs = [size(active.purse), first([size(p.purse) for p in players if size(p.purse) > 9])]\n"
            "    move len(xs) coin from bank to active.purse\n"
            "    let ys = xs + [2]\n"
            "    move len(ys) - len(unique(ys)) coin from bank to active.purse\n"
            "    if first(xs + ys) == 0 {\n      move 1 coin from bank to active.purse\n    }\n"
            "    end game")
    d = tiny(tmp_path, body)
    module = flat_module(d, 2)
    assert isinstance(module, FlatModule), module
    reference = Game(d, 2, 3, agents=random_agents(3, 2)).play()
    assert reference.winners  # (the reference played it through)
    assert outcome(play_module(module, 3, random_agents(3, 2))) == outcome(reference)
