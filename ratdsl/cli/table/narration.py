"""The narrator as the commands set it up: at a verbosity, in a language, in colour when the
output is a terminal."""

from __future__ import annotations

from ...semantics.definition import GameDef
from ..common import fail
from ..narrate import Narrator
from ..verbosity import DEFAULT_VERBOSITY, LINES_PER_ROUND
from .terminal import Terminal
from .words import GameWords


def check_lang(lang: str | None) -> None:
    """A usage error for a language the game's words are not written in."""
    from ...summaries.messages import LANGUAGES
    from .words import TABLE_LOCALES

    # the table speaks the languages it has phrases for (summaries also speak Russian)
    spoken = [code for code in LANGUAGES if (TABLE_LOCALES / code / "table.ftl").is_file()]
    if lang is not None and lang not in spoken:
        fail(f"--lang {lang}: use one of {', '.join(spoken)}")


def narrator(definition: GameDef, verbosity: int | None, lang: str | None, *, seat: int | None,
             referee: bool = False, show_seed: bool = False, terminal: Terminal | None = None,
             words: GameWords | None = None, line_limit: int = LINES_PER_ROUND) -> Narrator:
    """A narrator writing to the terminal (Rich: colour only on a terminal). Without a language
    the rules' own names are used (a designer's view); with one, the game's locale files."""
    check_lang(lang)
    terminal = terminal or Terminal()
    verbosity = DEFAULT_VERBOSITY if verbosity is None else verbosity
    if words is None and (lang is not None or verbosity < 3):  # (-v 3 without --lang: the rules' own names)
        words = GameWords(definition, lang or "en")
    return Narrator(definition, terminal.write, seat=seat, referee=referee, show_seed=show_seed,
                    verbosity=verbosity, words=words,
                    styled=terminal.write, line_limit=line_limit)
