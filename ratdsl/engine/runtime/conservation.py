"""What must hold of the totals of a game: after setup, no token or card appears or vanishes.

Tokens only move, and every move checks that its source keeps zero or more of each kind; after
every step `check_conservation` recounts the cards if a pile changed; after every round
`check_whole_state` compares the totals over the whole state with those after setup, which also
catches a change made behind the engine's back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from ...language import ast as A
from ...semantics.values import ZoneRef
from ..errors import ConservationError

if TYPE_CHECKING:
    from ..state import GameState


class Conservation:
    """The conservation checks of a Runtime."""

    __slots__ = ()
    state: GameState
    baseline: dict[str, int] | None
    baseline_cards: int
    cards_checked_at: int
    version: int
    where: str
    current_span: A.Span

    def start_conservation(self) -> None:
        self.baseline = self.state.totals()
        self.baseline_cards = self.state.card_count()
        self.cards_checked_at = self.version

    def check_conservation(self, span: A.Span) -> None:
        """After a step: no card appeared or vanished. (Tokens only move, and every move checks
        that its source keeps a count of zero or more; the totals of each kind over the whole
        state are checked after every round.)"""
        if self.baseline is None or self.cards_checked_at == self.version:
            return
        self.cards_checked_at = self.version
        if self.state.card_count() != self.baseline_cards:
            raise ConservationError(span, f"cards were created or lost in {self.where_label()}")

    def where_label(self) -> str:
        """The step running or last run, as `step NAME of PHASE`."""
        phase, _, step = self.where.partition(".")
        return f"step {step} of {phase}" if step else self.where

    def check_whole_state(self, span: A.Span) -> None:
        """The totals over every zone and pile: also catches a change made behind the engine's
        back (by a bug, or by code that edits the state directly). Run after every round."""
        if self.baseline is None:
            return
        totals, negative = self.state.totals_and_negatives()
        if totals == self.baseline and not negative and self.state.card_count() == self.baseline_cards:
            return
        where = f"round {self.state.round} (found after {self.where_label()})"
        if totals != self.baseline:
            diff = {k: totals.get(k, 0) - self.baseline.get(k, 0)
                    for k in set(totals) | set(self.baseline) if totals.get(k, 0) != self.baseline.get(k, 0)}
            raise ConservationError(span, f"tokens were created or lost in {where}: {diff}")
        if negative:
            where_negative = [(str(r), k) for r, k in negative]
            raise ConservationError(span, f"negative token counts after {where}: {where_negative}")
        if self.state.card_count() != self.baseline_cards:
            raise ConservationError(span, f"cards were created or lost in {where}")


def went_negative(runtime: Conservation, ref: ZoneRef, kind: str) -> NoReturn:
    """A move took more than a zone held: the callers check first, so this is an engine bug."""
    raise ConservationError(runtime.current_span, f"negative token count: {ref} would hold less than 0 {kind} "
                                                  f"in {runtime.where_label()}")
