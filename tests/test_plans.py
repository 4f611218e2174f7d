"""Sealed plans and simultaneous resolution (docs/language.md, "Sealed plans"): every player commits
a sequence of steps in secret, the plans are revealed together, and the rules carry them out in
their stated order, all attacks (or moves) of a step at once; `share_evenly` shares out a space's
room among competing groups. The game is tests/games/plans_demo (Skirmish)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine.game import Game
from ratdsl.engine.log import GameLog
from ratdsl.engine.runtime.views import player_log
from ratdsl.language import ast as A
from ratdsl.language import parse_text
from ratdsl.language.formatter import format_text
from ratdsl.semantics.builtins import BUILTINS, share_equal, share_out
from ratdsl.semantics.values import ZoneRef, encode
from ratdsl.session import RulesInvalid, load_rules, new_game

from .engines_agree import flat_plays_like_the_reference
from .test_hidden_information import assert_same_until_public_difference, play_as_human
from .test_runtime_errors import HEADER

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "tests" / "games" / "plans_demo"


def full_log(definition, players: int, seed: int, agents=None) -> list[dict]:
    log = GameLog(keep=True)
    new_game(definition, players, seed, log=log, agents=agents).play()
    return log.records


# ------------------------------------------------------------------ the statement
def test_a_plan_parses_and_formats_back():
    text = "rule r() {\n  plan orders for each p in players: choose 2 from [1, 2] or pass into plan\n}\n"
    stmt = parse_text(text).decls[0].body.stmts[0]
    assert isinstance(stmt, A.Plan)
    assert (stmt.id, stmt.var, stmt.optional, stmt.into) == ("orders", "p", True, "plan")
    assert format_text(text) == text
    without = text.replace(" or pass", "")
    assert parse_text(without).decls[0].body.stmts[0].optional is False
    assert format_text(without) == without


def test_plan_is_still_a_name_elsewhere():
    program = parse_text("func plan(x) = x + 1\nrule r() {\n  let plan = 2\n}\n")
    assert program.decls[0].name == "plan"


def test_a_plan_into_a_shared_variable_is_refused(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.rat").write_text(
        (DEMO / "game.rat").read_text("utf-8").replace("per player var orders = []", "var orders = []"))
    with pytest.raises(RulesInvalid) as err:
        load_rules(folder)
    assert "E270" in [d.code for d in err.value.diagnostics]


# ------------------------------------------------------------------ the reveal
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_plan_is_made_in_secret_and_all_are_revealed_together(players, seed):
    records = full_log(load_rules(DEMO), players, seed)
    rounds = 0
    for i, r in enumerate(records):
        if not (r["t"] == "step" and r.get("step") == "commit"):
            continue
        rounds += 1
        after = records[i + 1:]
        asked = []
        for rec in after:
            if rec["t"] != "decision":
                break
            asked.append(rec)
        # two secret steps per player, players in seating order, then one set each, in a row
        assert [d["player"] for d in asked] == [f"P{s // 2 + 1}" for s in range(2 * players)]
        assert all(d["id"] == "orders" and d["secret"] for d in asked)
        sets = after[len(asked):len(asked) + players]
        assert [s["t"] for s in sets] == ["set"] * players
        assert [s["var"] for s in sets] == [f"P{s + 1}.orders" for s in range(players)]
        for s in range(players):
            mine = [d["answer"] for d in asked if d["player"] == f"P{s + 1}"]
            assert sets[s]["value"] == mine  # the plan is the answers, in order
            assert "secret" not in sets[s]
    assert rounds == 4


def test_the_two_engines_agree_on_the_plans_game():
    """The tree-walker and the flat target (the compiler) end each game alike."""
    d = load_rules(DEMO)
    for seed in range(8):
        assert flat_plays_like_the_reference(d, 2 + seed % 3, seed)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_players_own_log_shows_no_other_plan_before_the_reveal(seat):
    records = full_log(load_rules(DEMO), 3, 5)
    mine = player_log(records, seat)
    before = []
    for r in mine:
        if r["t"] == "set" and r["var"].endswith(".orders"):
            break
        before.append(r)
    decisions = [r for r in before if r["t"] == "decision" and r["id"] == "orders"]
    assert decisions and all(r["player"] == f"P{seat + 1}" for r in decisions)
    # the referee's log does hold the others' plans there
    assert {r["player"] for r in records if r["t"] == "decision" and r["id"] == "orders"} == {"P1", "P2", "P3"}


def test_the_human_sees_nothing_of_another_plan_before_the_reveal():
    """Two games differing only in the other players' plans show the human (P2) the same
    prompts, views and narration until the plans are revealed."""
    game = (DEMO, (), {})
    first, log_a = play_as_human(game, 4, secret_seed=100)
    other, log_b = play_as_human(game, 4, secret_seed=200)
    plans_a = [r for r in log_a if r["t"] == "set" and r["var"] == "P1.orders"]
    plans_b = [r for r in log_b if r["t"] == "set" and r["var"] == "P1.orders"]
    assert plans_a[0] != plans_b[0]  # P1 planned differently
    asked = assert_same_until_public_difference(first, other)
    assert asked >= 3  # P2 was asked their reinforcement and both plan steps meanwhile
    reveal = next(i for i, e in enumerate(first) if e[0] == "shown" and "P1.orders" in e[1])
    prompts = [i for i, e in enumerate(first) if e[0] == "shown" and "orders" in e[1] and "P2" in e[1]]
    assert prompts and prompts[0] < reveal


# ------------------------------------------------------------------ what a stale step does
class ByDecision:
    """Answers each decision id from its own list, the others at random."""

    reads_view = False

    def __init__(self, answers: dict[str, list], seed: int):
        self.answers = {k: list(v) for k, v in answers.items()}
        self.random = RandomAgent(seed)

    def decide(self, decision):
        queue = self.answers.get(decision.id)
        return queue.pop(0) if queue else self.random.decide(decision)


def scripted_game(tmp_path: Path, option: str, answers: dict[int, list]) -> Game:
    folder = tmp_path / option
    folder.mkdir()
    text = (DEMO / "game.rat").read_text("utf-8").replace("} = skip", f"}} = {option}")
    (folder / "game.rat").write_text(text)
    agents = [ByDecision({"reinforce": [None], "orders": answers[s]}, s) for s in range(2)]
    return new_game(load_rules(folder), 2, 0, agents=agents)


# P1 attacks P2's only cube on the keep first; P2 meant to march it to the farm, then attack there.
P1_PLAN = [["attack", "keep", "P2"], None]
P2_PLAN = [["march", "keep", "farm"], ["attack", "hill", "P1"]]


@pytest.mark.parametrize("option", ["skip", "forfeit"])
def test_a_step_whose_group_is_gone_does_what_the_option_says(tmp_path, option):
    game = scripted_game(tmp_path, option, {0: P1_PLAN, 1: P2_PLAN})
    game.setup()
    game.play_round()
    zones = game.runtime.state.zones
    assert zones[ZoneRef(1, "keep")].get("cube", 0) == 0  # the attack came first
    assert zones[ZoneRef(1, "farm")].get("cube", 0) == 1  # so nothing marched
    # skip: P2's second step still runs (P1 loses their cube on the hill); forfeit: it does not
    assert zones[ZoneRef(0, "hill")].get("cube", 0) == (0 if option == "skip" else 1)
    kept = encode(game.runtime.state.player_vars[1]["orders"])
    assert kept[1] == (None if option == "forfeit" else P2_PLAN[1])


# ------------------------------------------------------------------ sharing room evenly
@pytest.mark.parametrize("total,claims,expected", [
    (2, [3, 3], [1, 1]),          # the rulebook's example: two groups, room for two
    (2, [3, 3, 3], [0, 0, 0]),    # an equal number each: none
    (5, [1, 4, 4], [1, 2, 2]),
    (9, [2, 3], [2, 3]),
    (0, [4], [0]),
    (3, [], []),
])
def test_share_evenly_gives_every_claim_the_same_or_all_it_asks(total, claims, expected):
    assert share_equal(total, claims) == expected
    got = share_equal(total, claims)
    assert sum(got) <= total and all(0 <= g <= c for g, c in zip(got, claims))
    assert share_out(total, claims) != got or sum(claims) <= total or len(set(got)) <= 2


def test_share_evenly_is_a_pure_builtin_returning_a_list():
    b = BUILTINS["share_evenly"]
    assert b.pure and b.returns == "list" and b.accepts(2)


def test_two_groups_marching_into_room_for_two_move_one_each(tmp_path):
    """Rulebook section 3, the move example: room for two, two groups: one cube each."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.rat").write_text((DEMO / "game.rat").read_text("utf-8"))
    d = load_rules(folder)
    # The farm (size 1: room for 2 at 2 players) starts full, a cube of each; the first steps
    # empty it (each attacks the other there), then both march three cubes from the ford.
    agents = [ByDecision({"reinforce": [None], "orders": plan}, 0)
              for plan in ([["attack", "farm", "P2"], ["march", "ford", "farm"]],
                           [["attack", "farm", "P1"], ["march", "ford", "farm"]])]
    game = new_game(d, 2, 0, agents=agents)
    game.setup()
    z = game.runtime.state.zones
    z[ZoneRef(0, "ford")]["cube"] = 3
    z[ZoneRef(1, "ford")]["cube"] = 3
    game.runtime.state.zones[ZoneRef(0, "reserve")]["cube"] -= 2
    game.runtime.state.zones[ZoneRef(1, "reserve")]["cube"] -= 2
    game.play_round()
    assert z[ZoneRef(0, "farm")].get("cube", 0) == 1 and z[ZoneRef(1, "farm")].get("cube", 0) == 1
    assert z[ZoneRef(0, "ford")]["cube"] == 2 and z[ZoneRef(1, "ford")]["cube"] == 2


# ------------------------------------------------------------------ the flat target
def test_the_flat_target_plays_a_plan_on_the_reference_engine(tmp_path):
    """A plan set into a variable first set to a number (a value of two kinds): engine/flat has
    no form for it and says where; the game falls back on the reference engine."""
    from ratdsl.engine.flat.compiler import Unsupported
    from ratdsl.engine.flat.game import flat_module, play_flat

    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(
        HEADER + "per player var bids = 0\n"
        'phase main "Main" {\n  step only {\n'
        "    plan bid for each p in players: choose 2 from [1, 2, 3] into bids\n"
        "    for each p in players {\n      move p.bids[0] coin from bank to p.purse\n    }\n"
        "    end game\n  }\n}\n")
    with pytest.raises(RulesInvalid, match="E291"):  # (the checker holds `p.bids[0]` to both kinds)
        load_rules(folder)
    d = load_rules(folder, check=False)
    module = flat_module(d, 2)
    assert isinstance(module, Unsupported) and "not a list" in str(module)
    assert module.node.span.line == HEADER.count("\n") + 4, module  # (the plan's line)
    agents = lambda: [RandomAgent(agent_seed(0, s)) for s in range(2)]  # noqa: E731
    result, by_flat = play_flat(d, 2, 0, agents)
    assert not by_flat
    reference = Game(d, 2, 0, agents=agents()).play()
    assert (result.scores, result.state) == (reference.scores, reference.state)


def test_the_language_server_finds_where_a_plans_player_is_bound(tmp_path):
    import shutil

    from lsprotocol import types as T

    from ratdsl.lsp import navigation
    from ratdsl.lsp.workspace import Workspace

    game = tmp_path / "skirmish"
    shutil.copytree(DEMO, game)
    path = game / "game.rat"
    lines = path.read_text().split("\n")
    row = next(i for i, line in enumerate(lines) if line.strip().startswith("plan orders for each p"))
    use = lines[row].index("actions(p)") + len("actions(")
    found = navigation.definition(Workspace(), path, T.Position(row, use))
    bound = lines[row].index("each p") + len("each ")
    assert [(loc.range.start.line, loc.range.start.character) for loc in found] == [(row, bound)]


def tiny_plan(tmp_path: Path, statement: str):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(
        HEADER + "per player var bids = 0\n"
        f'phase main "Main" {{\n  step only {{\n    {statement}\n    end game\n  }}\n}}\n')
    return load_rules(folder)


@pytest.mark.parametrize("statement,message", [
    ("plan bid for each p in players: choose 101 from [1] into bids", "a plan has from 0 to 100 steps, not 101"),
    ("plan bid for each p in players: choose 0 - 1 from [1] into bids", "a plan has from 0 to 100 steps, not -1"),
    ("plan bid for each p in [1, 2]: choose 1 from [1] into bids", "expected a player, got a number"),
])
def test_a_plan_that_cannot_be_made_stops_the_game(tmp_path, statement, message):
    from ratdsl.engine.errors import RuleRuntimeError

    d = tiny_plan(tmp_path, statement)
    with pytest.raises(RuleRuntimeError) as err:
        new_game(d, 2, 0).play()
    assert message in err.value.render()


def test_with_nothing_to_choose_nobody_is_asked_and_every_step_is_none(tmp_path):
    d = tiny_plan(tmp_path, "plan bid for each p in players: choose 2 from [] or pass into bids")
    records = full_log(d, 2, 0)
    assert not [r for r in records if r["t"] == "decision"]
    assert [r["value"] for r in records if r["t"] == "set"] == [[None, None], [None, None]]


# ------------------------------------------------------------------ likely: what a random player plans
def test_a_plan_with_likely_parses_and_formats_back():
    text = ("rule r() {\n  plan orders for each p in players: choose 2 from [1, 2] likely [len(it) + 1] or pass "
            "into plan\n}\n")
    stmt = parse_text(text).decls[0].body.stmts[0]
    assert isinstance(stmt.likely, A.ListLit) and stmt.optional is True
    assert format_text(text) == text
    assert parse_text(text.replace(" likely [len(it) + 1]", "")).decls[0].body.stmts[0].likely is None


def test_likely_is_still_a_name_elsewhere():
    program = parse_text("func likely(x) = x + 1\nrule r() {\n  let likely = 2\n}\n")
    assert program.decls[0].name == "likely"


def test_random_players_plan_among_the_likely_options_given_the_steps_before(tmp_path):
    """`likely` is worked out before each step with `it` the steps chosen so far: a random player
    answers among those, so here every plan is [1, 2, 3] whatever the seed."""
    d = tiny_plan(tmp_path, "plan bid for each p in players: choose 3 from [1, 2, 3, 4] likely [len(it) + 1] into bids")
    for seed in range(6):
        records = full_log(d, 2, seed)
        assert [r["value"] for r in records if r["t"] == "set"] == [[1, 2, 3]] * 2


def test_a_human_is_offered_every_option_and_may_answer_one_not_likely(tmp_path):
    """`likely` narrows only what a random player plans: the question still offers every option,
    marks the likely ones by position, and an answer outside them stands."""
    d = tiny_plan(tmp_path, "plan bid for each p in players: choose 2 from [1, 2, 3, 4] likely [4, 9] or pass "
                            "into bids")
    asked = []

    class Fours:
        reads_view = False

        def decide(self, decision):
            asked.append((decision.options, decision.likely, decision.optional))
            return 1

    log = GameLog(keep=True)
    new_game(d, 2, 0, log=log, agents=[Fours(), Fours()]).play()
    assert asked == [([1, 2, 3, 4], [3], True)] * 4  # 9 is no option: left out
    assert [r["value"] for r in log.records if r["t"] == "set"] == [[1, 1], [1, 1]]


@pytest.mark.parametrize("optional,expected", [(True, {None}), (False, {1, 2})])
def test_with_nothing_likely_a_random_player_passes_or_answers_any_option(tmp_path, optional, expected):
    passing = " or pass" if optional else ""
    d = tiny_plan(tmp_path, f"plan bid for each p in players: choose 2 from [1, 2] likely []{passing} into bids")
    seen = set()
    for seed in range(8):
        seen |= {v for r in full_log(d, 2, seed) if r["t"] == "set" for v in r["value"]}
    assert seen == expected
