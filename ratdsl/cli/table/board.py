"""One player's screen as lines: the round, what lies on the table (shared zones, face-up
cards with their text, pile sizes), every other player's public state and the player's own
screen. Everything comes from that player's view (`Runtime.view_for`) and from public log
records, so it shows only what the rules let that player see."""

from __future__ import annotations

from typing import Any

from ...engine.runtime.views import entry_at, record_seen_by
from .words import GameWords

Line = tuple[str, str]  # text, style


class FaceUp:
    """The cards the rules revealed, by the pile they went to, from public `reveal` records.
    A view gives each pile's size only: a pile holds the newest revealed cards up to its size."""

    def __init__(self) -> None:
        self.revealed: dict[str, list[str]] = {}

    def __call__(self, record: dict[str, Any]) -> None:
        public = record_seen_by(record, None)
        if public is not None and public["t"] == "reveal" and "card" in public:  # (else face down)
            self.revealed.setdefault(public["dst"], []).append(public["card"])

    def on(self, piles: dict[str, int]) -> dict[str, list[str]]:
        out = {}
        for pile, cards in self.revealed.items():
            size = piles.get(pile, 0)
            self.revealed[pile] = cards = cards[-size:] if size else []
            if cards:
                out[pile] = cards
        return out


def screen(view: dict[str, Any], words: GameWords, face_up: FaceUp) -> tuple[list[Line], set[str]]:
    """The lines of one player's screen (the question comes after them), and the face-up cards
    they show."""
    say = words.say
    you = view["you"]
    phase = words.phase(view["phase"]) if view.get("phase") else ""
    lines: list[Line] = [(say("tbl-status", round=view["round"], phase=phase, active=view["active"]), "header")]
    shared, by_player = _split(view["zones"])
    if shared:
        lines.append((say("tbl-table") + ": " + " · ".join(
            f"{words.zone(z)} {words.bundle(c)}" for z, c in shared.items()), ""))
    cards = face_up.on(view["piles"])
    for pile, names in cards.items():
        for name in names:
            text = words.card_text(name)
            lines.append((f"{words.pile(pile)}: {words.card(name)}" + (f" — {text}" if text else ""), "reveal"))
    declared = _declared_piles(view, words, set(cards))  # (piles the rules declare a way: their cards as seen)
    lines.extend(declared)
    listed = set(view.get("cards", {}))
    sizes = [f"{words.pile(p)} {say('tbl-cards', count=n)}" for p, n in view["piles"].items()
             if n and p not in cards and p not in listed and "." not in p]
    if sizes:
        lines.append((say("tbl-piles") + ": " + " · ".join(sizes), "detail"))
    lines.append((say("tbl-players") + ":", "header"))
    for player in sorted(by_player, key=lambda p: int(p[1:])):
        if player != you:
            lines.append((f"  {player}  " + _zones(by_player[player], words), ""))
    lines.append((say("tbl-you", player=you) + ": " + _zones(by_player.get(you, {}), words), "private"))
    mine = view.get("player_vars", {}).get(you)
    if mine:
        lines.append(("  " + ", ".join(f"{words.var(k)} {words.value(v)}" for k, v in mine.items()), "private"))
    if view.get("shown_to_you"):
        shown = ", ".join(words.card(c) for c in view["shown_to_you"])
        lines.append((say("tbl-shown") + ": " + shown, "private"))
    return lines, {name for names in cards.values() for name in names}


def _declared_piles(view: dict[str, Any], words: GameWords,
                    revealed: frozenset[str] | set[str] = frozenset()) -> list[Line]:
    """A line for each non-empty pile whose cards the view lists (rules that declare visibility)
    but for those whose revealed cards are shown already, with their text (`revealed`):
    each card by name where the player sees its face, else `?`, with the fields the view shows of
    it in words; a face-down stack (its entries carry a `position`) as its size, its top card's
    back and the copies the player was shown, where they lie."""
    lines: list[Line] = []
    for pile, entries in view.get("cards", {}).items():
        if entries and pile not in revealed:
            owner, dot, name = pile.rpartition(".")
            label = f"{owner} {words.pile(name)}" if dot else words.pile(name)
            if "position" in entries[0]:
                label += f" ({words.say('tbl-cards', count=view['piles'].get(pile, len(entries)))})"
            shown = ", ".join(_entry(e, words) for e in entries)
            lines.append((f"{label}: {shown}", "private" if owner == view["you"] else "reveal"))
    return lines


def _entry(entry: dict[str, Any], words: GameWords) -> str:
    """One card of a listed pile as the player sees it: its title or `?`, then what it shows."""
    text = words.card(entry["card"]) if "card" in entry else "?"
    if "position" in entry:
        text = f"{entry['position']}. {text}"
    return text + (f" ({words.fields(entry['fields'])})" if entry.get("fields") else "")


def _split(zones: dict[str, dict[str, int]]) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, dict[str, int]]]]:
    shared: dict[str, dict[str, int]] = {}
    by_player: dict[str, dict[str, dict[str, int]]] = {}
    for ref, contents in zones.items():
        owner, dot, zone = ref.partition(".")
        if dot:
            by_player.setdefault(owner, {})[zone] = contents
        else:
            shared[ref] = contents
    return shared, by_player


def _zones(zones: dict[str, dict[str, int]], words: GameWords) -> str:
    return " · ".join(f"{words.zone(z)} {words.bundle(c)}" for z, c in zones.items()) or words.say("nothing")


def known_at(option: Any, view: dict[str, Any], words: GameWords) -> str:
    """What the player's view tells of a card offered by its place (`bag#3`): its face when
    they were shown it, else what its back shows; "" for any other option (or nothing known)."""
    entry = entry_at(option, view) or {}
    if "card" in entry:
        return " (" + words.say("tbl-you-saw", card=words.card(entry["card"])) + ")"
    return f" ({words.fields(entry['fields'])})" if entry.get("fields") else ""
