"""Turns game-log records into readable lines as they happen (the `run` command's output).

It knows only the log's record types, never a game: names and titles come from the rules.
It narrates for an audience: one seat (the player at the terminal), a spectator (`seat=None`,
what every player sees) or the referee (everything in the log). A player or a spectator is told
only the part of each record they may see (`record_seen_by`): no shuffled order, nothing done
inside `secretly` until the block uncovers it, no cards shown to somebody else.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import Any

from ..engine.runtime.views import record_seen_by
from ..language.visible import visible
from ..semantics.definition import GameDef

# A value a rule set makes can be huge or nested thousands deep: the narrator shows its start.
_SHORT = reprlib.Repr()  # (keyword arguments only from Python 3.12)
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict = 4, 12, 12
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 80, 80, 40


def _short(value: Any) -> str:
    """A value as one short line (lists and objects cut by reprlib, other values at 80 characters)."""
    if isinstance(value, (list, dict)):
        return _SHORT.repr(value)
    text = str(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _bundle(b: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in b.items() if n) or "nothing"


class Narrator:
    def __init__(self, definition: GameDef, write: Callable[[str], None], verbose: bool = True,
                 seat: int | None = None, referee: bool = False, show_seed: bool = False):
        self.d = definition
        self.seat = seat
        self.referee = referee
        self.show_seed = show_seed  # (when nobody plays at the terminal, the seed hides nothing)
        self.write: Callable[[str], None] = lambda line: write(visible(line))  # logs are strangers' text
        self.verbose = verbose
        self.step = ""
        self.last_draw: dict[str, Any] | None = None

    def title(self, card: str) -> str:
        decl = self.d.cards.get(card)
        return f"{decl.title} ({card})" if decl is not None and decl.title else card

    def step_title(self, phase: str, step: str) -> str:
        container = self.d.setup if phase == "setup" else self.d.phases.get(phase)
        for s in getattr(container, "steps", ()):
            if s.name == step and s.title:
                return s.title
        return step

    def __call__(self, record: dict[str, Any]) -> None:
        shown_whole = self.referee or (self.show_seed and record["t"] == "game")
        r = record if shown_whole else record_seen_by(record, self.seat)
        if r is not None:
            self.narrate(r)

    def narrate(self, r: dict[str, Any]) -> None:
        """Writes the lines of a record (already cut to what the audience may see)."""
        t = r["t"]
        w = self.write
        if t == "game":
            opts = ", ".join(f"{k}={v}" for k, v in r["options"].items())
            extra = (f" with {', '.join(r['modules'])}" if r["modules"] else "") + \
                    (f", variant {r['variant']}" if r["variant"] else "")
            seed = f"seed {r['seed']}" if "seed" in r else "seed hidden"
            w(f"{self.d.game.title}: {r['players']} players, {seed}{extra}")
            w(f"options: {opts}")
        elif t == "round":
            w("")
            w(f"=== Round {r['round']} (active player {r['active']}) ===")
        elif t == "phase":
            phase = self.d.phases.get(r["phase"])
            w(f"-- {phase.title if phase and phase.title else r['phase']}")
        elif t == "step":
            self.step = f"{r['phase']}.{r['step']}"
            if r["phase"] == "setup":
                if self.verbose:
                    w(f"setup: {self.step_title(r['phase'], r['step'])}")
            elif len(getattr(self.d.phases.get(r["phase"]), "steps", ())) > 1:
                w(f"   · {self.step_title(r['phase'], r['step'])}")
        elif t == "reveal":
            w(f"   revealed {self.title(r['card'])} -> {r['dst']}")
        elif t == "uncover":
            w("   revealed placements:")
            by_player: dict[str, list[str]] = {}
            for ref, contents in r["zones"].items():
                if not contents:  # emptied zones (the record lists them; a reader needs not)
                    continue
                player, zone = ref.split(".", 1)
                by_player.setdefault(player, []).append(f"{zone} {_bundle(contents)}")
            for player in sorted(by_player, key=lambda p: int(p[1:])):
                w(f"     {player}: " + "; ".join(by_player[player]))
        elif t == "random" and r["what"] == "draw":
            self.last_draw = r
            w(f"   {r['dst']} <- {r['src']}: {_bundle(r['result'])} (drawn at random)")
        elif t == "random" and r["what"] in ("shuffle", "pick") and self.verbose:
            result = ", ".join(map(str, r["result"])) if "result" in r else "(hidden)"
            pile = f" {r['pile']}" if r.get("pile") else ""
            w(f"   {r['what']}{pile}: {result}")
        elif t == "show":
            if "cards" not in r:
                w(f"   {r['player']} is shown cards")
            elif self.verbose or not self.referee:
                cards = ", ".join(self.title(c) for c in r["cards"]) or "nothing"
                w(f"   shown to {r['player']}: {cards}")
        elif t == "decision":
            if not r.get("secret"):  # secret answers show when the block ends ("uncover")
                w(f"   {r['player']} decides {r['id']}: {r['answer']}")
        elif t == "move":
            drawn, self.last_draw = self.last_draw, None
            if drawn is not None and (drawn["src"], drawn["dst"], drawn["result"]) == (r["src"], r["dst"], r["what"]):
                return  # the draw just printed
            if self.verbose and not r["at"].startswith("setup") and not r.get("secret"):
                by = f"   ({r['by']})" if r.get("by") else ""
                w(f"     {r['src']} -> {r['dst']}: {_bundle(r['what'])}{by}")
        elif t == "set" and self.verbose:
            w(f"   {r['var']} = {_short(r['value'])}")
        elif t == "say":
            w(f"   {r['msg']} {' '.join(map(_short, r['args']))}")
        elif t == "end_game":
            w(f"The game ends in round {r['round']}, at {r['at']}; only finished rounds count.")
        elif t == "end":
            w("")
            w(f"=== Final scores after {r['rounds']} rounds ===")
            ranked = sorted(r["scores"], key=lambda p: [r["scores"][p], *r["tiebreaks"][p]], reverse=True)
            for p in ranked:
                tb = ", ".join(str(v) for v in r["tiebreaks"][p])
                w(f"   {p}: {r['scores'][p]} points" + (f" (tie-break: {tb})" if tb else ""))
            winners = r["winners"]
            if len(winners) == 1:
                w(f"Winner: {winners[0]}")
            else:
                w(f"Shared victory: {', '.join(winners)}")
