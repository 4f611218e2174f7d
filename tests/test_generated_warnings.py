"""A rule error never shows a player Python's own warnings.

Found by the 100,000-case fuzz run (issue 16): a rule that shows a number where cards belong
(`show 3 to p`) passed the checker, and compiling the (since retired) generated code printed
`<ratdsl generated>:17: SyntaxWarning: "is" with a literal` on the terminal before the game
stopped with its positioned rule error. The checker now refuses a number known before the game
(E239, tests/broken/show_not_cards), and since the static types any number given to `show` (E282).
The engines are the last defence for rules nobody checked: loaded unchecked, a `show` of a number
still stops the reference engine with R001, and the command line prints no Python warning.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ratdsl.engine.errors import RuleError
from ratdsl.engine.log import GameLog
from ratdsl.session import load_rules, new_game

BID = Path(__file__).parent / "programs" / "bid"


@pytest.fixture
def shows_a_number(tmp_path: Path) -> Path:
    game = tmp_path / "bid"
    shutil.copytree(BID, game)
    rules = game / "game.rat"
    text = rules.read_text("utf-8")
    marker = 'say "bid placed" with n\n'
    assert marker in text
    rules.write_text(text.replace(marker, marker + "          show n to p\n"), "utf-8")
    return game


def _stop(game: Path) -> tuple[str, int, int]:
    definition = load_rules(game, check=False)  # (the checker refuses it: E282)
    with pytest.raises(RuleError) as caught:
        new_game(definition, 2, 1, log=GameLog(keep=True)).play()
    err = caught.value
    return err.code, err.line, err.column


def test_the_reference_stops_at_the_show_of_a_number(shows_a_number: Path) -> None:
    assert _stop(shows_a_number)[0] == "R001"


def test_the_command_line_prints_no_python_warning(shows_a_number: Path) -> None:
    run = subprocess.run([sys.executable, "-W", "default", "-m", "ratdsl.cli.main", "run", str(shows_a_number),
                          "-p", "2", "-s", "1"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    assert "Warning" not in run.stderr + run.stdout
    assert "E282 `show`'s cards: expected a card, a list of cards or a pile, found a number" in run.stderr
