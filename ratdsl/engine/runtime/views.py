"""What one player may see of the game: the contents of every non-empty zone, the size of every
pile (never its cards) and the cards shown to that player; inside a `secretly` block, every zone
but the player's own as it was when the block began (a secret payment into a shared zone would
otherwise tell the amount)."""

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
        """What one player may see: during a secret block, the shared zones and the other
        players' zones as they were when the block began; `uncover` tells the changes after."""
        hidden = self.secret_stack[0] if self.secret_stack else None
        if hidden is not None and not any(kept is hidden for kept in self.kept_secrets):
            raise RuntimeError("an agent read its view inside a secret block, but every agent of "
                               "the game says it reads no views (reads_view = False)")
        zones = {}
        for ref, contents in self.state.zones.items():
            shown = hidden[ref] if hidden is not None and ref.owner != seat else contents
            if any(shown.values()):
                zones[str(ref)] = {k: v for k, v in shown.items() if v}
        return {
            "you": f"P{seat + 1}", "round": self.state.round, "phase": self.state.phase,
            "active": f"P{self.state.active + 1}", "zones": zones,
            "piles": {str(ref): len(cards) for ref, cards in self.state.piles.items()},
            "shown_to_you": list(self.state.known[seat]),
        }


# What a player learns from each log record: the log is the referee's full record; a player sees
# a record's public part only. A record made inside `secretly` (marked "secret") shows nobody
# anything but the player's own answers and the cards shown to that player; `uncover` tells
# everybody what the block changed when it ends.
ALWAYS_PUBLIC = frozenset({"round", "phase", "step", "reveal", "uncover", "end_game", "end",
                           "aborted"})
PUBLIC_OUTSIDE_SECRETS = frozenset({"decision", "move", "set", "say", "create"})


def record_seen_by(record: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """The part of a log record that seat `seat` (0-based; None for a spectator, who sees only
    what is public) may see, or None when it shows that seat nothing. Orders of shuffled piles,
    picked values and placed cards are never shown (a view shows piles' sizes only); what they
    lead to is, when the rules reveal it."""
    t = record["t"]
    mine = seat is not None and record.get("player") == f"P{seat + 1}"
    if t == "game":  # the seed decides every hidden order
        return {k: v for k, v in record.items() if k != "seed"}
    if t in ALWAYS_PUBLIC:
        return record
    if record.get("secret"):
        return record if mine and t in ("decision", "show") else None
    if t == "show":
        return record if mine else {k: v for k, v in record.items() if k != "cards"}
    if t in PUBLIC_OUTSIDE_SECRETS:
        return record
    if t == "random":
        if record["what"] == "draw":  # tokens drawn into zones everybody sees
            return record
        return {k: v for k, v in record.items() if k != "result"}
    if t == "place":
        return {**{k: v for k, v in record.items() if k != "cards"}, "count": len(record["cards"])}
    return None  # checkpoints (a digest of the whole state) and any record type not listed
