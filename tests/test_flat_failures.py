"""A Python error inside compiled code is a bug of the compiler: it stops the game with the seed,
the error and a command that plays the same game again (never silently replayed on the
reference engine); a rule's error is still played again there, to be reported with its position."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ratdsl.agents.random_agent import random_agents
from ratdsl.engine.flat.failure import CompiledCodeError
from ratdsl.engine.flat.game import FlatModule, flat_module, play_flat, play_module
from ratdsl.session import load_rules

from .test_runtime_errors import HEADER

STEP = """
phase main {
  step go {
    move 1 coin from bank to active.purse
    end game
  }
}
"""


def tiny(tmp_path: Path) -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.rat").write_text(HEADER + STEP, encoding="utf-8")
    return folder


def broken(m: FlatModule) -> None:
    """The module's first phase made to fail as a bug of generated code would."""
    def fails() -> None:
        raise TypeError("unsupported operand type(s) for +: 'int' and 'NoneType'")

    name, reads, _fn = m.phase_fns[0]
    m.phase_fns[0] = (name, reads, fails)


def test_a_python_error_in_compiled_code_stops_with_the_seed_and_a_command(tmp_path):
    folder = tiny(tmp_path)
    d = load_rules(folder)
    m = flat_module(d, 2)
    assert isinstance(m, FlatModule), m
    assert play_module(m, 7, random_agents(7, 2)).rounds == 1
    broken(m)
    with pytest.raises(CompiledCodeError) as err:
        play_module(m, 7, random_agents(7, 2))
    line = err.value.render()
    assert "\n" not in line and "E900" in line and "seed 7" in line and "TypeError" in line
    assert err.value.command.endswith(f"{folder} -p 2 --seed 7")
    with pytest.raises(CompiledCodeError):  # (not played again by the reference engine)
        play_flat(d, 2, 7, lambda: random_agents(7, 2))
    with pytest.raises(TypeError):  # loud: the error itself, with its traceback
        play_module(m, 7, random_agents(7, 2), loud=True)


def test_the_reproduce_command_plays_the_game_on_the_compiled_module(tmp_path):
    folder = tiny(tmp_path)
    command = [sys.executable, "-m", "ratdsl.simulation.compiled_replay", str(folder), "-p", "2", "--seed", "3"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "ended: rounds 1" in out.stdout
