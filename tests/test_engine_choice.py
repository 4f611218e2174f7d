"""`simulate --engine`: the engine asked plays every game or the run stops before the first one
with the reason (E901, exit 2); `auto` plays each game on the best engine that can and the report's
`engine` object (and a line of the text and HTML reports) says which played what, and why a game
was not played on the best one; a native build that cannot be made or loaded says so."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl import api
from ratdsl.cli.main import app
from ratdsl.engine.flat import native
from ratdsl.schemas import validate
from ratdsl.simulation import SimulationSpec, simulate
from ratdsl.simulation.engines import EngineRefused, engine_line
from ratdsl.simulation.runner import GamePlayer, game_seed

from .test_runtime_errors import HEADER

ROOT = Path(__file__).resolve().parents[1]
RATLAND = ROOT / "rules" / "ratland"
NO_FORM = ROOT / "tests" / "games" / "no_flat_form"  # (a table that looks itself up: no compiled form)


def cli(tmp_path, *args: str):
    """(exit code, output, the JSON report or None)."""
    out = tmp_path / "r.json"
    out.unlink(missing_ok=True)
    result = CliRunner().invoke(app, ["simulate", *map(str, args), "-w", "1", "--out", str(out)])
    report = json.loads(out.read_text()) if out.is_file() else None
    if report is not None:
        validate("report", report)
    return result.exit_code, result.output, report


def test_auto_plays_ratland_on_the_compiled_engine_and_says_so(tmp_path):
    code, output, report = cli(tmp_path, RATLAND, "-n", "12", "-p", "3")
    assert code == 0, output
    assert report["engine"] == {"asked": "auto", "used": "compiled", "games": {"compiled": 12}, "fallbacks": []}
    assert "Engine: auto (used compiled): every game on compiled." in output


def test_every_engine_plays_the_same_games():
    reports = {e: api.simulate(str(RATLAND), games=8, players=4, seed=3, engine=e) for e in ("compiled", "reference")}
    assert reports["compiled"]["engine"]["games"] == {"compiled": 8}
    assert reports["reference"]["engine"]["games"] == {"reference": 8}
    assert engine_line(reports["reference"]["engine"]) is None  # (all on the engine asked: nothing to say)
    for r in reports.values():
        r.pop("engine")
    assert reports["compiled"] == reports["reference"]


@pytest.mark.parametrize("engine", ["compiled", "native"])
def test_compiled_or_native_refuses_rules_it_cannot_play_before_the_first_game(tmp_path, engine):
    code, output, report = cli(tmp_path, NO_FORM, "-n", "3", "-p", "3", "--engine", engine)
    assert code == 2 and report is None
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    assert lines[0].startswith(f"error[E901]: --engine {engine} cannot play")
    assert "has no form for these rules" in lines[0]
    assert "tests/games/no_flat_form/game.rat:19:16" in lines[0]  # (where it stops)


def test_compiled_refuses_agents_that_play_games_to_decide(tmp_path):
    code, output, _ = cli(tmp_path, RATLAND, "-n", "2", "--agents", "random,mcts:2", "--engine", "compiled")
    assert code == 2 and "error[E901]" in output and "agent mcts:2 plays games to decide" in output


def test_compiled_refuses_coverage(tmp_path):
    code, output, _ = cli(tmp_path, RATLAND, "-n", "2", "--coverage", "--engine", "compiled")
    assert code == 2 and "--coverage counts on the reference engine" in output


def test_auto_says_why_each_game_was_not_on_the_best_engine(tmp_path):
    code, output, report = cli(tmp_path, NO_FORM, "-n", "3", "-p", "3", "--html", tmp_path / "r.html")
    assert code == 0, output
    engine = report["engine"]
    assert engine["games"] == {"reference": 3} and engine["used"] == "reference"
    [fallback] = engine["fallbacks"]
    assert fallback["part"] == "run" and fallback["games"] == 3
    assert "no form for these rules" in fallback["reason"]
    assert fallback["seeds"] == [game_seed(1, i) for i in range(3)]
    line = engine_line(engine)
    assert line.startswith("Engine: auto (used reference): every game on reference. Not on the best engine: 3 game(s)")
    assert " ".join(line.split()) in " ".join(output.split())  # (the table wraps it at the console's width)
    assert "Not on the best engine" in (tmp_path / "r.html").read_text()


def test_the_first_games_without_a_cache_are_counted_and_workers_sum_them(monkeypatch):
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")  # (no cache: each worker warms up on the reference engine)
    monkeypatch.setattr("ratdsl.simulation.runner.FLAT_AFTER", 2)
    spec = SimulationSpec(str(RATLAND), (), (), 3, ("random",))
    for workers in (1, 2):
        # (64 games go out in chunks of 4: each worker takes some, and plays its first 2 warming up;
        # with chunks of one game a fast worker could take all but one, as a test once saw)
        engine = simulate(spec, 64, 4, workers=workers)["engine"]
        assert sum(engine["games"].values()) == 64
        assert engine["games"]["reference"] == 2 * workers  # (FLAT_AFTER a worker)
        [fallback] = engine["fallbacks"]
        assert fallback["games"] == 2 * workers and fallback["reason"].startswith("the first 2 games")
    assert "8 on compiled, 2 on reference" in engine_line(simulate(spec, 10, 4, workers=1)["engine"])


def test_a_native_build_that_cannot_be_made_is_said_and_counted(tmp_path, monkeypatch):
    monkeypatch.setattr(native, "unavailable", lambda: "no C compiler (cc)")
    code, output, report = cli(tmp_path, RATLAND, "-n", "4", "-p", "3", "--native", "on")
    assert code == 0, output
    assert "ratdsl: no native build (no C compiler (cc)); playing on the Python flat target" in output
    assert report["engine"]["games"] == {"compiled": 4}
    assert [f["reason"] for f in report["engine"]["fallbacks"]] == ["no native build (no C compiler (cc))"]
    code, output, report = cli(tmp_path, RATLAND, "-n", "4", "-p", "3", "--engine", "native")
    assert code == 2 and report is None
    assert output.strip() == "error[E901]: --engine native: no native build (no C compiler (cc))"


def test_a_kept_native_build_that_does_not_load_is_said_and_counted(tmp_path, monkeypatch):
    junk = tmp_path / "junk.so"
    junk.write_bytes(b"not a shared object")
    monkeypatch.setattr(native, "_kept", lambda name: junk)
    code, output, report = cli(tmp_path, RATLAND, "-n", "20", "-p", "3")  # (--native auto: a kept build from 20)
    assert code == 0, output
    assert "ratdsl: the native build did not load (ImportError" in output
    [fallback] = report["engine"]["fallbacks"]
    assert fallback["games"] == 20 and fallback["reason"].startswith("the native build did not load (ImportError")


def test_native_and_native_off_contradict(tmp_path):
    code, output, _ = cli(tmp_path, RATLAND, "-n", "2", "--engine", "native", "--native", "off")
    assert code == 2 and "--native off contradicts --engine native" in output
    code, output, _ = cli(tmp_path, RATLAND, "-n", "2", "--engine", "fast")
    assert code == 2 and "--engine must be one of auto, compiled, native, reference" in output


def tiny(tmp_path, body: str) -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(HEADER + 'phase main "Main" {\n  step only {\n' + body + "\n  }\n}\n")
    return folder


def test_a_rules_error_found_by_the_compiled_engine_is_the_rules_error(tmp_path):
    folder = tiny(tmp_path, "    move 9 coin from bank to active.purse")
    outputs = {}
    for engine in ("auto", "compiled"):
        code, output, _ = cli(tmp_path, folder, "-n", "2", "-p", "2", "--engine", engine)
        assert code == 1, output
        outputs[engine] = output
    assert "cannot move 9 coin from bank: only 5 there" in outputs["compiled"]
    assert outputs["compiled"] == outputs["auto"]


def test_a_game_the_compiled_code_stops_alone_stops_the_run_with_its_seed(monkeypatch):
    player = GamePlayer(SimulationSpec(str(RATLAND), (), (), 3, ("random",), engine="compiled"))
    player.prepare()
    monkeypatch.setattr(GamePlayer, "_play_flat", lambda self, seed: (None, None))
    with pytest.raises(EngineRefused) as err:
        player.play(5, 1)
    said = str(err.value)
    assert f"game 5 (seed {game_seed(1, 5)}) stopped on the compiled engine" in said
    assert f"ratdsl run {RATLAND} -p 3 --seed {game_seed(1, 5)}" in said
    auto = GamePlayer(SimulationSpec(str(RATLAND), (), (), 3, ("random",)))
    stats = auto.play(5, 1)  # (auto: played again by the reference engine, and said)
    assert stats.engine == "reference" and "the compiled code stopped" in stats.why


def test_run_narrates_every_engine_that_keeps_a_log_alike_and_refuses_the_native_one(tmp_path):
    logs = {}
    for engine in ("auto", "reference", "compiled"):
        log = tmp_path / f"{engine}.jsonl"
        result = CliRunner().invoke(app, ["run", str(RATLAND), "-p", "3", "--seed", "4", "-q", "--engine", engine,
                                          "--log", str(log)])
        assert result.exit_code == 0, result.output
        logs[engine] = log.read_bytes()
    # (auto: the flat target played ahead, then narrated; tests/test_flat_log.py for more)
    assert logs["auto"] and logs["auto"] == logs["reference"] == logs["compiled"]
    result = CliRunner().invoke(app, ["run", str(RATLAND), "--engine", "native"])
    assert result.exit_code == 2 and "which the native build does not keep" in result.output


def test_run_auto_plays_on_the_compiled_engine_and_lets_the_reference_report_a_stop(tmp_path, monkeypatch):
    """auto: the compiled engine plays (the reference engine is never started), and a game the
    rules stop is played live on the reference, which reports the error with its position; rules
    the compiled engine has no form for are said on stderr and played on the reference."""
    from ratdsl.engine import game as reference

    started = []
    monkeypatch.setattr(reference.Game, "play", lambda self: started.append(self) or None)
    result = CliRunner().invoke(app, ["run", str(RATLAND), "-p", "3", "--seed", "4", "-q"])
    assert result.exit_code == 0 and not started, result.output
    monkeypatch.undo()
    broken = tmp_path / "broken"
    shutil.copytree(RATLAND, broken)
    round_file = broken / "round.rat"
    text = round_file.read_text("utf-8")
    broken_tiebreak = "  tiebreak p.pantry.cheese / (p.pantry.cheese - p.pantry.cheese)\n"
    round_file.write_text(text.replace("  tiebreak p.pantry.cheese\n", broken_tiebreak, 1), "utf-8")
    result = CliRunner().invoke(app, ["run", str(broken), "-p", "3", "--seed", "4", "-q"])
    assert result.exit_code == 1 and "round.rat:281:12: R001 division by zero" in result.output, result.output
    result = CliRunner().invoke(app, ["run", str(NO_FORM), "-p", "3", "--seed", "4", "-q"])
    assert result.exit_code == 0 and "(played on the reference engine: the flat target cannot log these rules: " \
        f"{NO_FORM / 'game.rat'}:19:16: a table that looks itself up)" in result.output, result.output


def test_the_tally_groups_reasons_by_part_keeps_five_seeds_and_names_the_engine_most_used():
    from ratdsl.simulation.engines import EngineTally

    tally = EngineTally("auto")
    for seed in range(7):
        tally.add("reference", "warming up", seed)
    for seed in range(10, 13):
        tally.add("compiled", None, seed)
    for seed in (20, 21):
        tally.add("reference", "no form", seed, part="baseline")
    engine = tally.to_json()
    assert engine["games"] == {"compiled": 3, "reference": 9} and engine["used"] == "reference"
    assert engine["fallbacks"] == [{"part": "run", "reason": "warming up", "games": 7, "seeds": [0, 1, 2, 3, 4]},
                                   {"part": "baseline", "reason": "no form", "games": 2, "seeds": [20, 21]}]
    assert engine_line(engine) == ("Engine: auto (used reference): 3 on compiled, 9 on reference. Not on the best "
                                   "engine: 7 game(s): warming up (first seed 0); 2 baseline game(s): no form "
                                   "(first seed 20).")
    with pytest.raises(ValueError, match="engine must be one of"):
        api.simulate(str(RATLAND), games=1, engine="fastest")


def test_a_python_error_of_compiled_code_is_one_line_with_exit_3(tmp_path, monkeypatch):
    """(E900: engine/flat's error for a bug of the compiler, rendered with its seed and a command.)"""

    class CompiledCodeError(RuntimeError):
        code = "E900"

        def render(self) -> str:
            return "error[E900]: the compiled code of tiny failed; reproduce: python -m ..."

    def broken(self, seed):
        raise CompiledCodeError("x")

    monkeypatch.setattr(GamePlayer, "_play_flat", broken)
    code, output, report = cli(tmp_path, RATLAND, "-n", "2", "--engine", "compiled")
    assert code == 3 and report is None
    assert output.strip() == "error[E900]: the compiled code of tiny failed; reproduce: python -m ..."
