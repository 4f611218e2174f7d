"""The terminal the table and the narrator write to: Rich for colour on a terminal and none
when the output is piped (Rich decides; NO_COLOR is honoured), plain lines read from standard
input (so a script can play through a pipe), and a clear screen for the hot seat's hand-over."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO

from ...language.visible import visible

# Erase the screen and the scrollback (3J), then put the cursor top left.
CLEAR = "\x1b[2J\x1b[3J\x1b[H"
RULE = "─" * 40
# What each kind of line looks like on a terminal (the narrator and the table name the kind).
STYLES = {"header": "bold", "phase": "bold cyan", "step": "cyan", "reveal": "gold1",
          "decision": "green", "detail": "dim", "winner": "bold green", "private": "bold green",
          "handover": "bold magenta", "hint": "cyan", "error": "red", "prompt": "bold"}


class Terminal:
    """Writes styled lines, reads answers, clears the screen between players."""

    def __init__(self, out: IO[str] | None = None, read: Callable[[], str] | None = None,
                 force_terminal: bool | None = None):
        # (Rich is imported here: every command imports this module, few of them narrate.)
        from rich.console import Console
        from rich.text import Text
        from rich.theme import Theme

        self.text = Text
        self.console = Console(file=out or sys.stdout, highlight=False, soft_wrap=True,
                               force_terminal=force_terminal, emoji=False, markup=False,
                               theme=Theme(STYLES))
        self._read = read or sys.stdin.readline

    @property
    def is_terminal(self) -> bool:
        return self.console.is_terminal

    def write(self, line: str = "", style: str = "") -> None:
        """One line; text from rules or logs never carries control characters to the terminal."""
        self.console.print(self.text(visible(line), style=style or ""))

    def ask(self, prompt: str) -> str:
        """Reads one answer after a prompt ending in "> "; EOFError when the input ends."""
        self.console.print(self.text(visible(prompt) + " > ", style="prompt"), end="")
        self.console.file.flush()
        raw = self._read()
        if raw == "":
            raise EOFError("the input ended")
        if not self.is_terminal:  # a piped answer is not echoed by any terminal: show it
            self.console.print(self.text(raw.rstrip("\n")))
        return raw.strip()

    def clear(self) -> None:
        """A fresh screen: on a terminal the screen and its scrollback are erased; in a pipe a
        rule marks where one screen ends."""
        if self.is_terminal:
            self.console.file.write(CLEAR)
            self.console.file.flush()
        else:
            self.console.print(RULE)
