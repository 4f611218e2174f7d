"""A Python error inside compiled code: a bug of the compiler, never a rule's error.

It is not played again on the reference engine (that would hide the bug as slowness): it stops
the run with the game, the seed, the error and a command that plays the same game again with
the full traceback (`python -m ratdsl.simulation.compiled_replay`).
"""

from __future__ import annotations

import shlex

from ...semantics.definition import GameDef

CODE = "E900"  # (not a rule's R0xx: the rules are not at fault)


def agents_spec(agents: list) -> str:
    """The agents as `simulate --agents` names them: random, or each persona's name."""
    names = [getattr(a, "name", "") or "random" for a in agents]
    return ",".join(names) if any(n != "random" for n in names) else "random"


def reproduce_command(d: GameDef, players: int, seed: int, agents: list) -> str:
    """The shell command that plays this one game on the compiled module again."""
    rs = d.ruleset
    where = str(rs.variant.span.file) if rs.variant is not None else str(rs.root)
    parts = ["python", "-m", "ratdsl.simulation.compiled_replay", where, "-p", str(players), "--seed", str(seed)]
    for header in rs.modules:
        parts += ["--with", header.name]
    for name, value in sorted(d.option_values.items()):
        if name not in rs.option_overrides and name in d.options and value != d.options[name].default:
            parts += ["-o", f"{name}={value}"]
    spec = agents_spec(agents)
    if spec != "random":
        parts += ["--agents", spec]
    return " ".join(shlex.quote(p) for p in parts)


class CompiledCodeError(RuntimeError):
    """A Python error raised by compiled code: the seed, the error, and how to see it again."""

    code = CODE

    def __init__(self, d: GameDef, players: int, seed: int, agents: list, error: BaseException):
        self.game = d.game.name
        self.players = players
        self.seed = seed
        self.error = error
        self.command = reproduce_command(d, players, seed, agents)
        super().__init__(self.render())

    def render(self) -> str:
        """One line: what failed, where, and the command that shows the traceback."""
        what = f"{type(self.error).__name__}: {self.error}"
        return (f"error[{CODE}]: the compiled code of {self.game} ({self.players} players, seed {self.seed}) "
                f"failed with {what[:200]}; a bug of the compiler, not of the rules; reproduce: {self.command}")

