"""Plays `ratdsl play` in a pseudo-terminal as people at the keyboard would: reads the screen up
to each prompt and types an answer (the table tests' driver)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
CLEAR = "\x1b[2J"


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def play_in_terminal(args: list[str], answer: Callable[[str, str], str], timeout: float = 120,
                     columns: int = 80, rows: int = 24) -> tuple[int, str]:
    """Runs `ratdsl ARGS` on a pseudo-terminal of columns x rows; `answer(prompt, screen)` gives
    what to type at each prompt (the prompt line and the text since the last answer). Returns
    the exit status and everything the terminal received (escape sequences included)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": str(rows)}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen([sys.executable, "-m", "ratdsl.cli.main", *args], stdin=slave, stdout=slave,
                            stderr=slave, cwd=ROOT, env=env, close_fds=True)
    os.close(slave)
    received = bytearray()
    since = 0
    deadline = time.monotonic() + timeout
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(plain(received[-2000:].decode("utf-8", "replace")))
            ready, _, _ = select.select([master], [], [], min(left, 5))
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            received += chunk
            screen = plain(received[since:].decode("utf-8", "replace"))
            last = screen.rpartition("\n")[2]
            if last.endswith(" > "):
                typed = answer(last, screen)
                since = len(received)
                os.write(master, (typed + "\n").encode())
    finally:
        os.close(master)
        status = proc.wait(timeout=30)
    return status, received.decode("utf-8", "replace")
