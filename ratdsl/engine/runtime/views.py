"""What one player may see of the game: the contents of every non-empty zone, the size of every
pile (never its cards) and the cards shown to that player; inside a `secretly` block, the other
players' zones as they were when the block began."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..state import GameState, PhaseStart


class Views:
    """The players' views of a Runtime."""

    __slots__ = ()
    state: GameState
    secret_stack: list[PhaseStart]
    kept_secrets: list[PhaseStart]

    def view_for(self, seat: int) -> dict[str, Any]:
        """What one player may see: during a secret block, other players' zones as they were
        when the block began."""
        hidden = self.secret_stack[0] if self.secret_stack else None
        if hidden is not None and not any(kept is hidden for kept in self.kept_secrets):
            raise RuntimeError("an agent read its view inside a secret block, but every agent of "
                               "the game says it reads no views (reads_view = False)")
        zones = {}
        for ref, contents in self.state.zones.items():
            shown = hidden[ref] if hidden is not None and ref.owner not in (None, seat) else contents
            if any(shown.values()):
                zones[str(ref)] = {k: v for k, v in shown.items() if v}
        return {
            "you": f"P{seat + 1}", "round": self.state.round, "phase": self.state.phase,
            "active": f"P{self.state.active + 1}", "zones": zones,
            "piles": {str(ref): len(cards) for ref, cards in self.state.piles.items()},
            "shown_to_you": list(self.state.known[seat]),
        }
