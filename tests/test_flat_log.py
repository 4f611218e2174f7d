"""The flat target keeps the game log (issue 32): a module compiled with logging on writes the
reference engine's records, byte for byte, for the same rules, seed and agents, in every shipped
game at two table sizes; `ratdsl run --engine compiled` narrates from it. What it cannot log it
refuses in one line, never falling back on the reference engine in silence; and the module the
simulator plays holds not a line of the logging."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.agents.random_agent import random_agents
from ratdsl.cli.main import app
from ratdsl.engine import Game
from ratdsl.engine.flat.generator import FlatModule
from ratdsl.engine.flat.logged import FlatLoggedGame, FlatLogStopped
from ratdsl.engine.log import GameLog, dumps
from ratdsl.session import load_rules

from .scale import cases
from .test_runtime_errors import HEADER

ROOT = Path(__file__).resolve().parent.parent
# each shipped game at two table sizes, with as many seeds as a game there costs (the reference's
# generated code plays the other side: its log is the tree-walker's, tests/test_engine_choice.py)
GAMES = [("ratland", 2, cases(10, 40)), ("ratland", 5, cases(10, 40)), ("rattus", 2, cases(8, 40)),
         ("rattus", 4, cases(6, 25)), ("ratatopolis", 3, cases(4, 20)), ("ratatopolis", 5, cases(3, 15))]


def records(game, log: GameLog) -> list[str]:
    """The records as the log file holds them, and in the order of their keys, which the narrator
    reads them in (a draw's kinds, say)."""
    game.play()
    return [dumps(r) + "\t" + json.dumps(r, ensure_ascii=False) for r in log.records]


def both(d, players: int, seed: int, label: str = "") -> tuple[list[str], list[str]]:
    ref, flat = GameLog(), GameLog()
    reference = Game(d, players, seed, agents=random_agents(seed, players), log=ref, rules_label=label)
    flat_game = FlatLoggedGame(d, players, seed, random_agents(seed, players), flat, rules_label=label)
    return records(reference, ref), records(flat_game, flat)


@pytest.mark.parametrize(("game", "players", "seeds"), GAMES, ids=lambda v: str(v))
def test_the_flat_log_is_the_reference_log_byte_for_byte(game, players, seeds):
    d = load_rules(ROOT / "rules" / game)
    for seed in range(seeds):
        reference, flat = both(d, players, seed, f"rules/{game}")
        assert flat == reference, (game, players, seed, _first_difference(reference, flat))
        assert reference[-1].startswith('{"rounds"')  # (a whole game: its `end` record)


@pytest.mark.parametrize("variant", ["ratland/variants/clan_wars.rat", "rattus/variants/gentle_plague.rat",
                                     "ratatopolis/variants/generous_shop.rat"])
def test_variants_log_alike_too(variant):
    d = load_rules(ROOT / "rules" / variant)
    players = max(3, d.game.min_players)
    reference, flat = both(d, players, 7)
    assert flat == reference, _first_difference(reference, flat)


@pytest.mark.parametrize("game", ["board_demo", "hidden_demo", "moves_demo", "plans_demo", "turn_demo"])
def test_the_small_games_of_each_feature_log_alike(game):
    """Boards, declared visibility, moves of every form, sealed plans, turns and actions (a move's
    `by` is the action's name there)."""
    d = load_rules(ROOT / "tests" / "games" / game)
    for players in sorted({d.game.min_players, min(d.game.max_players, 4)}):
        for seed in range(3):
            reference, flat = both(d, players, seed)
            assert flat == reference, (players, seed, _first_difference(reference, flat))


def test_the_tree_walker_writes_the_same_log():
    """The reference in its first form: one game of each shipped game."""
    for game, players in (("ratland", 3), ("rattus", 2)):  # (ratatopolis: a second a game there)
        d = load_rules(ROOT / "rules" / game)
        ref, flat = GameLog(), GameLog()
        tree = Game(d, players, 2, agents=random_agents(2, players), log=ref)
        assert records(FlatLoggedGame(d, players, 2, random_agents(2, players), flat), flat) == records(tree, ref)


def test_the_module_the_simulator_plays_holds_no_line_of_the_log():
    d = load_rules(ROOT / "rules" / "rattus")
    fast, logged = FlatModule(d, 3), FlatModule(d, 3, logging=True)
    calls = ("LSTEP(", "LM(", "LMV(", "LDEC(", "LSET", "LSO(", "LCHO")
    assert not any(c in fast.source for c in calls)
    assert all(c in logged.source for c in ("LSTEP(", "LM(", "LDEC(", "LSET"))


def test_run_engine_compiled_narrates_and_logs_as_the_reference(tmp_path):
    out = {}
    for engine in ("reference", "compiled"):
        log = tmp_path / f"{engine}.jsonl"
        result = CliRunner().invoke(app, ["run", str(ROOT / "rules" / "ratland"), "-p", "2", "--seed", "5",
                                          "--referee", "-v", "3", "--engine", engine, "--log", str(log)])
        assert result.exit_code == 0, result.output
        narration, written = result.output.rstrip("\n").rsplit("\n", 1)
        assert written == f"log written to {log}"
        out[engine] = (narration, log.read_bytes())
    assert out["compiled"] == out["reference"]


def tiny(tmp_path, body: str, extra: str = "") -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(HEADER + extra + 'phase main "Main" {\n  step only {\n' + body + "\n  }\n}\n")
    return folder


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["run", *map(str, args)])
    return result.exit_code, result.output


def test_rules_the_flat_target_cannot_compile_are_refused_in_one_line():
    code, output = run(ROOT / "tests" / "games" / "no_flat_form", "-p", "2", "--engine", "compiled")
    assert code == 2 and "--engine compiled: the flat target cannot log these rules" in output
    assert "Traceback" not in output and len(output.strip().splitlines()) == 1


def test_a_human_seat_is_refused_not_played_on_another_engine():
    code, output = run(ROOT / "rules" / "ratland", "-p", "2", "--human", "1", "--engine", "compiled")
    assert code == 2 and "P1's agent reads what its player sees" in output and "Traceback" not in output


def test_a_game_the_flat_code_stops_ends_its_log_loudly_not_on_the_reference(tmp_path):
    folder = tiny(tmp_path, "    set active.tries = 1\n    move 9 coin from bank to active.purse",
                  "per player var tries = 0\n")
    log = tmp_path / "game.jsonl"
    code, output = run(folder, "-p", "2", "--engine", "compiled", "--log", log)
    assert code == 1 and "the flat target stopped this game at main.only" in output
    assert "--engine reference" in output and "Traceback" not in output
    kept = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["t"] for r in kept] == ["game", "step", "create", "round", "phase", "step", "set", "aborted"]
    assert kept[-1]["reason"] == "error"
    # the same records up to there as the reference, which says where and why it stopped
    code, _ = run(folder, "-p", "2", "--engine", "reference", "--log", tmp_path / "ref.jsonl")
    reference = [json.loads(line) for line in (tmp_path / "ref.jsonl").read_text().splitlines()]
    assert code == 1 and reference[:-1] == kept[:-1] and reference[-1]["code"] == "R001"


def test_what_the_log_cannot_name_stops_the_game_rather_than_write_another_record(tmp_path):
    folder = tiny(tmp_path, "    let x = pick([true, false])\n    end game")
    d = load_rules(folder)
    with pytest.raises(FlatLogStopped, match="a pick among values of another kind"):
        FlatLoggedGame(d, 2, 1, random_agents(1, 2), GameLog()).play()


def _first_difference(a: list[str], b: list[str]) -> tuple:
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return i, a[i] if i < len(a) else None, b[i] if i < len(b) else None


def scripts_of(records: list[str], players: int) -> list[list[dict]]:
    """Each seat's answers in a log, in order, as a script."""
    out: list[list[dict]] = [[] for _ in range(players)]
    for line in records:
        r = json.loads(line.split("\t")[0])
        if r["t"] == "decision":
            out[int(r["player"][1:]) - 1].append({"id": r["id"], "answer": r["answer"]})
    return out


@pytest.mark.parametrize(("game", "players"), [("ratland", 3), ("rattus", 3), ("ratatopolis", 3)])
def test_scripted_agents_answer_through_decide_on_the_flat_target(game, players):
    """Agents without the fast protocol (a script, then a random agent's `decide`) are asked the
    reference's Decisions: the same game, the same log."""
    from ratdsl.agents.scripted import ScriptedAgent

    d = load_rules(ROOT / "rules" / game)
    reference, _ = both(d, players, 4)
    scripts = scripts_of(reference, players)

    def agents(cut: int) -> list:
        return [ScriptedAgent(script[:cut], fallback=agent) for script, agent in
                zip(scripts, random_agents(9, players))]

    for cut in (10**6, 3):  # (the whole game scripted; three answers each, then random)
        ref, flat = GameLog(), GameLog()
        expected = records(Game(d, players, 4, agents=agents(cut), log=ref), ref)
        got = records(FlatLoggedGame(d, players, 4, agents(cut), flat), flat)
        assert got == expected, _first_difference(expected, got)
        if cut > 10**5:  # (the file's bytes: a script read from them holds its keys sorted)
            assert [r.split("\t")[0] for r in expected] == [r.split("\t")[0] for r in reference]


def test_an_agent_that_reads_views_is_refused():
    class Viewer:
        reads_view = True

        def decide(self, decision):
            return decision.options[0]

    d = load_rules(ROOT / "rules" / "ratland")
    with pytest.raises(FlatLogStopped, match="P2's agent reads what its player sees"):
        FlatLoggedGame(d, 2, 1, [random_agents(1, 2)[0], Viewer()], GameLog())
