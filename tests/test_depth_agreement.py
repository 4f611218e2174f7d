"""The engine stops a runaway recursion at the func that runs away, not at a builtin in it.

Found by the 100,000-case fuzz run (issue 16, case 1:26591): with `claim` made to call itself
through a builtin's result (`claim(neighbour(d, side), ...)`), the generated code stopped at the
151st `claim` and the tree-walker at the `neighbour` inside it, because the tree-walker counted
builtin calls in the depth. A builtin calls nothing back, so only funcs and tables count.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ratdsl.engine.errors import RuleError
from ratdsl.engine.log import GameLog
from ratdsl.session import load_rules, new_game

BID = Path(__file__).parent / "programs" / "bid"


@pytest.fixture
def runaway(tmp_path: Path) -> Path:
    game = tmp_path / "bid"
    shutil.copytree(BID, game)
    rules = game / "game.rat"
    text = rules.read_text("utf-8")
    step = '  step done "The game ends after two lots" {\n'
    assert step in text
    text = text.replace(step, step + "    let far = chain(active)\n")
    rules.write_text(text + "\nfunc chain(p) = seat(chain(neighbour(p, left)))\n", "utf-8")
    return game


def _stop(game: Path) -> tuple[str, int, int, str]:
    with pytest.raises(RuleError) as caught:
        new_game(load_rules(game), 2, 1, log=GameLog(keep=True)).play()
    err = caught.value
    return err.code, err.line, err.column, err.message


def test_the_depth_limit_stops_at_the_func(runaway: Path) -> None:
    reference = _stop(runaway)
    code, line, column, message = reference
    text = (runaway / "game.rat").read_text("utf-8").splitlines()[line - 1]
    assert code == "R001" and message.startswith("chain calls itself")
    assert text[column - 1:].startswith("chain(neighbour")
