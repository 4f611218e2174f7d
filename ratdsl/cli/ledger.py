"""What happened to one player in a phase, said when the phase ends (`play`'s default verbosity,
where single moves are not narrated): the changes to their own zones, each with where the
tokens came from or went and why (the rule that moved them, else the step), their own variables
that changed, and a line a rival with what changed on the table for them.

It reads only the records the narrator passes on, already cut to what the player may see, and
names everything through the narrator (the rules' names in the locale's words). A zone of the
player's that tokens only passed through in the phase (filled and emptied again) is not told;
a change that came through it is told from where the tokens came.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Say = Callable[..., str]


@dataclass
class Namer:
    """How the ledger names things (the narrator's words): zones, token counts, variables,
    values, and the reason for a move (a rule's title, else the current step's)."""

    say: Say
    zone: Callable[[str], str]
    kind: Callable[[str, int], str]
    var: Callable[[str], str]
    value: Callable[[Any], str]


@dataclass
class Ledger:
    """The moves and variable changes of one phase, for the player `me` ("P1")."""

    me: str
    name: Namer
    # (src, dst, tokens, reason); None for the unseen side of a change found by an uncovering
    moves: list[tuple[str | None, str | None, dict[str, int], str]] = field(default_factory=list)
    holds: dict[str, dict[str, int]] = field(default_factory=dict)  # each zone, as far as seen
    was: dict[str, Any] = field(default_factory=dict)  # a variable's value when the phase began
    now: dict[str, Any] = field(default_factory=dict)
    known: dict[str, Any] = field(default_factory=dict)  # every value seen, across phases

    def move(self, src: str, dst: str, what: dict[str, int], reason: str) -> None:
        self.moves.append((src, dst, dict(what), reason))
        out, into = self.holds.setdefault(src, {}), self.holds.setdefault(dst, {})
        for kind, n in what.items():
            out[kind] = out.get(kind, 0) - n
            into[kind] = into.get(kind, 0) + n

    def uncover(self, zones: dict[str, dict[str, int]], reason: str) -> None:
        """Zones as a secret block left them: what changed unseen (moves inside the block are
        in no record the player reads) is the difference from what the ledger saw them hold."""
        for zone, contents in zones.items():
            held = self.holds.setdefault(zone, {})
            gained = {k: n - held.get(k, 0) for k, n in contents.items() if n > held.get(k, 0)}
            lost = {k: held[k] - contents.get(k, 0) for k in held if held[k] > contents.get(k, 0)}
            if gained:
                self.moves.append((None, zone, gained, reason))
            if lost:
                self.moves.append((zone, None, lost, reason))
            self.holds[zone] = {k: n for k, n in contents.items() if n}

    def set(self, var: str, value: Any) -> None:
        if "." not in var:  # (a player's variable only: the table's are said by the narrator)
            return
        if var not in self.was:
            self.was[var] = self.known.get(var, _UNSEEN)
        self.now[var] = self.known[var] = value

    def lines(self) -> list[tuple[str, bool]]:
        """The phase's lines, each with whether it is about the player themself (none when
        nothing changed for anyone); the next phase starts afresh."""
        moves, was, now = self.moves, self.was, self.now
        self.moves, self.was, self.now = [], {}, {}
        net = _net(moves)
        mine = [self._own_line(zone, changes) for zone, changes in self._own_changes(moves, net).items()]
        mine += [self._own_var(var, before, now[var]) for var, before in was.items()
                 if var.startswith(self.me + ".") and before != now[var]]
        rivals = self._rival_lines(net, was, now)
        return [(line, True) for line in mine] + [(line, False) for line in rivals]

    # ------------------------------------------------------------ the player's own
    def _own(self, zone: str) -> bool:
        return zone.startswith(self.me + ".")

    def _own_changes(self, moves, net) -> dict[str, dict[tuple[str, str | None, str], dict[str, int]]]:
        """For each zone of the player's that changed: (sign, other zone, reason) -> tokens."""
        through = {z for z, kinds in net.items() if self._own(z) and not any(kinds.values())}
        came_from = _ends(moves, through, incoming=True)
        went_to = _ends(moves, through, incoming=False)
        out: dict[str, dict[tuple[str, str | None, str], dict[str, int]]] = {}

        def add(zone: str, sign: str, other: str | None, reason: str, what: dict[str, int]) -> None:
            bucket = out.setdefault(zone, {}).setdefault((sign, other, reason), {})
            for kind, n in what.items():
                bucket[kind] = bucket.get(kind, 0) + n

        for src, dst, what, reason in moves:
            src_own, dst_own = src is not None and self._own(src), dst is not None and self._own(dst)
            if src_own and src not in through:
                add(src, "-", went_to.get(dst, dst) if dst in through else dst, reason, what)  # type: ignore[arg-type]
            elif dst_own and dst not in through:
                add(dst, "+", came_from.get(src, src) if src in through else src, reason, what)  # type: ignore[arg-type]
            # (a move between two zones of the player's is told once, where the tokens left)
        return {zone: changes for zone, changes in out.items() if any(net.get(zone, {}).values())}

    def _own_line(self, zone: str, changes: dict[tuple[str, str | None, str], dict[str, int]]) -> str:
        say, name = self.name.say, self.name
        parts = []
        for (sign, other, reason), what in changes.items():
            tokens = ", ".join(name.kind(k, n) for k, n in what.items() if n)
            key = "led-gain" if sign == "+" else "led-loss"
            if other is None:  # (changed inside a secret block: from or to where is not told)
                parts.append(say(key + "-here", what=tokens, reason=reason))
                continue
            place = other.split(".", 1)[1] if self._own(other) else other  # (the player's own: by its place)
            parts.append(say(key, what=tokens, other=name.zone(place), reason=reason))
        return say("led-yours", zone=name.zone(zone.split(".", 1)[1]), changes=" · ".join(parts))

    def _own_var(self, var: str, before: Any, after: Any) -> str:
        name = self.name
        label = name.var(var.split(".", 1)[1])
        if before is _UNSEEN:
            return name.say("led-your-var-now", var=label, value=name.value(after))
        return name.say("led-your-var", var=label, before=name.value(before), value=name.value(after))

    # ------------------------------------------------------------ the others
    def _rival_lines(self, net: dict[str, dict[str, int]], was: dict[str, Any], now: dict[str, Any]) -> list[str]:
        """A line a rival: each zone of theirs with its net change, each variable that changed."""
        name = self.name
        parts: dict[str, list[str]] = {}
        for zone, kinds in net.items():
            owner, dot, place = zone.partition(".")
            if not dot or owner == self.me or not any(kinds.values()):
                continue
            change = ", ".join(("+" if n > 0 else "−") + name.kind(k, abs(n)) for k, n in kinds.items() if n)
            parts.setdefault(owner, []).append(f"{name.zone(place)} {change}")
        for var, before in was.items():
            owner, _, label = var.partition(".")
            if owner != self.me and before != now[var]:
                parts.setdefault(owner, []).append(
                    name.say("led-var-now", var=name.var(label), value=name.value(now[var])))
        return [name.say("led-rival", player=p, changes=" · ".join(parts[p]))
                for p in sorted(parts, key=_seat_order)]


_UNSEEN = object()  # (a variable the ledger had not seen before this phase)


def _net(moves) -> dict[str, dict[str, int]]:
    """Each zone's net change of each kind over the moves."""
    net: dict[str, dict[str, int]] = {}
    for src, dst, what, _ in moves:
        for zone, sign in ((src, -1), (dst, 1)):
            if zone is not None:
                changes = net.setdefault(zone, {})
                for kind, n in what.items():
                    changes[kind] = changes.get(kind, 0) + sign * n
    return net


def _ends(moves, through: set[str], incoming: bool) -> dict[str, str]:
    """For each zone tokens only passed through: where they all came from (`incoming`) or all
    went to, when that is one zone (else the zone itself is named)."""
    ends: dict[str, set[str]] = {}
    for src, dst, _, _ in moves:
        zone, other = (dst, src) if incoming else (src, dst)
        if zone in through and other is not None:
            ends.setdefault(zone, set()).add(other)
    return {zone: next(iter(others)) for zone, others in ends.items() if len(others) == 1}


def _seat_order(player: str) -> tuple[int, str]:
    digits = player[1:]
    return (int(digits), player) if digits.isdigit() else (0, player)
