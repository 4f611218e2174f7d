"""The people at the terminal. One human: their screen and questions follow the narration.
Several (hot seat): before a human is asked, the screen is cleared and a hand-over screen asks
the others to pass the terminal ("pass to P3, press Enter"); once they have answered it is
cleared again, so no one sees another's screen. Each screen is built from that player's own
view only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.decisions import Decision
from .board import FaceUp, known_at, screen
from .forms import FORMS, choose
from .terminal import Terminal
from .words import GameWords


class Table:
    """The shared terminal: who sits at it now, and what is face up."""

    def __init__(self, words: GameWords, terminal: Terminal, humans: list[int]):
        self.words = words
        self.terminal = terminal
        self.humans = sorted(set(humans))
        self.hot_seat = len(self.humans) > 1
        self.seated: int | None = None
        self.face_up = FaceUp()  # (a listener of the game log: public reveals only)
        self.helped: set[int] = set()
        self.last_screen: dict[int, list[tuple[str, str]]] = {}  # what each seat was last shown
        self.before_ask: Callable[[], None] | None = None  # (the narrator's: what is still untold)

    def seat(self, seat: int) -> Seat:
        return Seat(self, seat)

    def decide(self, seat: int, decision: Decision) -> Any:
        words, term = self.words, self.terminal
        who = f"P{seat + 1}"
        if self.before_ask is not None:
            self.before_ask()
        if self.hot_seat and self.seated != seat:
            term.clear()
            term.write(words.say("tbl-handover", player=who), "handover")
            term.ask(words.say("tbl-press-enter", player=who))
            term.clear()
        self.seated = seat
        on_board: set[str] = set()
        view: dict[str, Any] = {}
        if decision.view is not None:
            term.write()
            view = decision.view()
            lines, on_board = screen(view, words, self.face_up)
            # The same screen twice running (a plan's next step, say) is shown once; a hot seat
            # clears the screen between players, so there it is always shown.
            if self.hot_seat or self.last_screen.get(seat) != lines:
                for text, style in lines:
                    term.write(text, style)
            self.last_screen[seat] = lines
        self.ask(seat, decision, on_board)
        if decision.kind == "choose":  # (a card offered by its place: what the player saw of it)
            answer = choose(decision, words, term.ask, term.write, known=lambda o: known_at(o, view, words))
        else:
            answer = FORMS[decision.kind](decision, words, term.ask, term.write)
        if self.hot_seat:  # the answer and this player's screen leave the screen at once
            term.clear()
            term.write(words.say("tbl-answered", player=who), "detail")
        return answer

    def ask(self, seat: int, decision: Decision, on_board: set[str]) -> None:
        """The question: what is decided and, when a card asks it, that card's text (unless the
        card lies face up on the screen already). How to fill a form is said once a player."""
        words, term = self.words, self.terminal
        who = f"P{seat + 1}"
        question = words.decision(decision.id)
        if decision.kind == "distribute":
            term.write(words.say("tbl-place", player=who, question=question, amount=decision.amount), "header")
            if seat not in self.helped:
                self.helped.add(seat)
                term.write("  " + words.say("tbl-count-help"), "detail")
        else:
            term.write(words.say("tbl-question", player=who, question=question), "header")
        card = asking_card(words, decision.where)
        if card is not None and card not in on_board:
            text = words.card_text(card)
            if text:
                term.write("  " + words.say("tbl-from-card", card=words.card(card), text=text), "reveal")


class Seat:
    """The agent of one human seat at the table."""

    def __init__(self, table: Table, seat: int):
        self.table = table
        self.seat = seat

    def decide(self, decision: Decision) -> Any:
        return self.table.decide(self.seat, decision)


def asking_card(words: GameWords, where: str) -> str | None:
    """The card whose rules ask the decision at `where` ("file:line:col"), if any."""
    file, _, rest = where.rpartition(":")
    file, _, line_text = file.rpartition(":")
    if not line_text.isdigit():
        return None
    line = int(line_text)
    for name, card in words.d.cards.items():
        span = card.span
        if span.file == file and span.line <= line <= span.end_line:
            return name
    return None
