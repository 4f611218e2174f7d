"""What one player may see of the game: the contents of every non-empty zone, the size of every
pile and the cards shown to that player; in a game that declares any visibility (sight.py), also
the variables the rules let them see and the cards of the piles declared a way, as far as they
may see each. Inside a `secretly` block, every zone and variable but the player's own is shown
as it was when the block began (a secret payment into a shared zone would otherwise tell the
amount)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...semantics.values import encode
from .sight import OWNER

if TYPE_CHECKING:
    from ..state import GameState, PhaseStart
    from .sight import Sight


class Views:
    """The players' views of a Runtime."""

    __slots__ = ()
    state: GameState
    secret_stack: list[PhaseStart]
    kept_secrets: list[PhaseStart]
    secret_vars: list[tuple[dict[str, Any], list[dict[str, Any]]] | None]
    sight: Sight

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
        view = {
            "you": f"P{seat + 1}", "round": self.state.round, "phase": self.state.phase,
            "active": f"P{self.state.active + 1}", "zones": zones,
            "piles": {str(ref): len(cards) for ref, cards in self.state.piles.items()},
            "shown_to_you": list(self.state.known[seat]),
        }
        if self.sight.declared:  # (views of rules that declare no visibility stay as they were)
            _add_variables(self, seat, view)
            _add_cards(self, seat, view)
        return view


def _add_variables(views: Views, seat: int, view: dict[str, Any]) -> None:
    """The variables `seat` may see: `vars` (shared ones), `player_vars` (by player); inside a
    secret block, other players' and shared ones as they were when it began."""
    sight, state = views.sight, views.state
    before = views.secret_vars[0] if views.secret_vars else None
    shared = before[0] if before is not None else state.vars
    view["vars"] = {name: encode(value) for name, value in sorted(shared.items())
                    if sight.var_sight(name, False) is None}
    players = {}
    for owner, values in enumerate(state.player_vars):
        if before is not None and owner != seat:
            values = before[1][owner]
        players[f"P{owner + 1}"] = {
            name: encode(value) for name, value in sorted(values.items())
            if (who := sight.var_sight(name, True)) is None or (who == OWNER and owner == seat)}
    view["player_vars"] = players


def _add_cards(views: Views, seat: int, view: dict[str, Any]) -> None:
    """`cards`: for each pile declared a way (sight.py), one entry per card from the top: its
    name and fields when `seat` may see its face or was shown that copy, else the fields on its
    back; `peeked`: where each copy shown to `seat` lies now, whatever its pile. A face-down stack
    (Sight.stacked) lists its top card's back and the copies shown to `seat`, each with its
    `position` from the top: its size is in `piles`, the order of the backs below is not seen."""
    sight, state = views.sight, views.state
    peeked = state.peeked[seat]
    cards: dict[str, list[dict[str, Any]]] = {}
    seen: list[dict[str, Any]] = []
    for ref, pile in state.piles.items():
        listed = sight.lists_cards(ref)
        if not listed and not peeked:
            continue
        faces = sight.sees_faces(seat, ref)
        holder = ref.owner == seat
        stack = listed and not faces and sight.stacked(ref)
        entries = []
        for i, card in enumerate(pile):
            shown = card.uid is not None and card.uid in peeked
            if shown:
                seen.append({"card": card.name, "pile": str(ref), "position": i + 1})
            if listed and (not stack or shown or i == 0):
                face = faces or shown
                entry: dict[str, Any] = {"card": card.name} if face else {}
                fields = sight.card_fields(card.name, face, holder)
                if fields:
                    entry["fields"] = fields
                if stack:
                    entry["position"] = i + 1
                entries.append(entry)
        if listed:
            cards[str(ref)] = entries
    view["cards"] = cards
    view["peeked"] = seen


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
    lead to is, when the rules reveal it. A record marked with a `sight` (sight.py) shows its
    hidden part only to the owner it names."""
    t = record["t"]
    mine = seat is not None and record.get("player") == f"P{seat + 1}"
    if t == "game":  # the seed decides every hidden order
        return {k: v for k, v in record.items() if k != "seed"}
    if "sight" in record:
        return _within_sight(record, seat, mine)
    if t in ALWAYS_PUBLIC:
        return record
    if record.get("secret"):
        return record if mine and t in ("decision", "show") else None
    if t == "show":
        return record if mine else {k: v for k, v in record.items() if k not in ("cards", "at")}
    if t in PUBLIC_OUTSIDE_SECRETS:
        return record
    if t == "random":
        if record["what"] == "draw":  # tokens drawn into zones everybody sees
            return record
        return {k: v for k, v in record.items() if k != "result"}
    if t == "place":  # (cards placed face up on a pile everybody sees are seen: "face": "up")
        if record.get("face") == "up":
            return record
        return {**{k: v for k, v in record.items() if k != "cards"}, "count": len(record["cards"])}
    return None  # checkpoints (a digest of the whole state) and any record type not listed


def _within_sight(record: dict[str, Any], seat: int | None, mine: bool) -> dict[str, Any] | None:
    """A record of something the rules let only an owner see (or nobody): whole for that owner,
    else what anybody sees of it (that a card was revealed or created, a choice made), never a
    face, a value or an answer."""
    t, sight = record["t"], record["sight"]
    if record.get("secret") and not (mine and t == "decision"):
        return None
    if t == "decision":
        return record if mine else {k: v for k, v in record.items() if k != "answer"}
    where = record.get("var") if t == "set" else record.get("pile") if t == "place" else record.get("dst")
    owner = str(where).split(".", 1)[0] if "." in str(where) else None
    if sight == OWNER and seat is not None and owner == f"P{seat + 1}":
        return record
    if t == "set":
        return None  # (nobody else learns even that it changed: a change can tell a value)
    if t in ("create", "place"):
        return {**{k: v for k, v in record.items() if k != "cards"}, "count": len(record["cards"])}
    if t == "reveal":
        return {k: v for k, v in record.items() if k != "card"}
    return None


def player_log(records: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The log one player may read (`run --log FILE --as-player N`): every record they see, cut
    to what they may see of it; the header says whose it is."""
    out = []
    for record in records:
        seen = record_seen_by(record, seat)
        if seen is not None:
            out.append({**seen, "as_player": f"P{seat + 1}"} if seen["t"] == "game" else seen)
    return out


def entry_at(option: Any, view: dict[str, Any]) -> dict[str, Any] | None:
    """A view's entry for a card offered by its place (`bag#3`, as a choice among cards a player
    may not see offers it): a face-down stack lists its top and the copies shown by position,
    other piles one entry a card. None for any other option, or a place the view does not hold."""
    if not isinstance(option, str) or "#" not in option:
        return None
    pile, _, number = option.rpartition("#")
    entries = view.get("cards", {}).get(pile)
    if not number.isdigit() or not entries:
        return None
    if "position" in entries[0]:
        return next((e for e in entries if e["position"] == int(number)), None)
    return entries[int(number) - 1] if 1 <= int(number) <= len(entries) else None
