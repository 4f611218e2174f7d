"""A game header's endings (`ends at end of turn|end of round|once when CONDITION`) in flat code,
with engine/turns.py's meaning (check_endings) and the game loop's times: `at once` after every
step of a round's phases and after every action taken, `end of turn` after every turn, `end of
round` after the round's last phase (unless its `ends after N rounds` ended the game first). The
conditions of one moment are tested in the header's order, each worked out only while none before
it held; the first that holds ends the game, its round counted as played."""

from __future__ import annotations

from typing import Any

from ...language import ast as A
from .code import Code, Scope
from .tags import BOOL, INT, PLAYER, Unsupported
from .val import Val


class EndingLowering:
    """The endings' tests and the scoring function for the statement lowering (a mixin: it reads
    the expression lowering)."""

    def ending_lines(self, moment: str, scope: Any, action: str = "raise Ended(True)") -> list[str]:
        """Lines that end the game (`action`) if an ending of this moment holds."""
        out = []
        for ending in self.d.game.endings:
            if ending.moment != moment:
                continue
            c, steps = self.costed(ending.condition, scope, self.cond)
            if steps:  # (what working it out costs, checked)
                out.append(f"ST[0] -= {steps}")
                out.append("if ST[0] < 0: raise Abort")
            out.append(f"if {c.code}: {action}")
        return out

    def emit_endings(self, code: Any, moment: str, scope: Any) -> None:
        for line in self.ending_lines(moment, scope):
            code(line)

    def round_end_unit(self, scope: Any) -> str | None:
        """The function the game loop calls after each round (True: an `end of round` ending
        holds), or None when the header has none."""
        lines = self.ending_lines(A.END_OF_ROUND, scope, "return True")
        if not lines:
            return None
        py = self.fresh("ER")
        self.units.append("\n".join([f"def {py}():", *("    " + line for line in lines), "    return False"]))
        return py

    def scoring_unit(self) -> str:
        """`score(p)` giving [score, *tiebreaks]."""
        s = self.d.scoring
        code = Code("def score_of(a0):")
        if s is None:
            code("return [0]")
        else:
            sc = Scope({s.player_var: Val("a0", PLAYER)})
            parts = [self.ex(s.score, sc)] + [self.ex(t, sc) for t in s.tiebreaks]
            for p in parts:
                if p.t not in (INT, BOOL):
                    raise Unsupported(s, "a score or tie-break that is not a number")
            code(f"return [{', '.join(p.code for p in parts)}]")
        self.units.append(code.text())
        return "score_of"
