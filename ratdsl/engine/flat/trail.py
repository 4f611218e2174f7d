"""The game log of a flat module compiled with logging on (FlatModule(..., logging=True)): the
functions its generated code calls where the reference engine writes a record, each writing the
record the reference writes there (engine/log.py, runtime/moves.py, piles.py, core.py, asks.py),
into the same GameLog. A module compiled without logging calls none of these: the fast path
has no line of them.

Where the generated code keeps a value in its flat form (a zone as its base in Z, a pile as its
list, a kind as its position), these turn it into the reference's name for it.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from ...semantics.values import CardValue, PileRef
from ..chance import sample_positions
from ..log import GameLog
from ..runtime.sight import OWNER, sight_of
from .support import Abort

if TYPE_CHECKING:
    from .generator import FlatModule


class NotLogged(Exception):
    """A moment the flat log cannot write as the reference writes it: the game stops loudly (never
    a log that differs)."""


class FlatTrail:
    """Writes the records of one game of a logging flat module into `log`."""

    def __init__(self, m: FlatModule, log: GameLog):
        self.m = m
        self.log = log
        ns = m.ns
        self.width = m.layout.width
        self.labels = m.layout.labels()
        self.kinds = tuple(m.layout.kinds)
        self.steps = m.steps
        self.W = ns["W"]
        self.sight = sight_of(m.d)
        self.pile_refs: dict[int, PileRef] = {}
        for i, name in enumerate(m.gen.pile_names):
            self.pile_refs[id(ns[f"PL{i}"])] = PileRef(None, name)
        for i, name in enumerate(m.gen.player_pile_names):
            for seat in range(m.players):
                self.pile_refs[id(ns[f"PP{i}"][seat])] = PileRef(seat, name)
        self.secrets: list[list[int]] = []  # Z as each open `secretly` block began
        self.player_base = m.layout.first_player_base

    def install(self, ns: dict[str, Any]) -> None:
        """Puts the recording functions in the module's namespace, by the names the code calls."""
        ns.update({"LSTEP": self.step, "LM": self.move, "LMV": self.moves, "LDRAW": self.draw,
                   "LSET": self.set_var, "LSETP": self.set_player_var, "LACT": self.set_active,
                   "LSHUF": self.shuffle, "LPLACE": self.place, "LREV": self.reveal,
                   "LCRT": self.create_tokens, "LCRC": self.create_cards,
                   "LDEC": self.decision, "LSAY": self.say, "LSO": self.open_secret,
                   "LSC": self.close_secret, "LUNC": self.uncover, "LV": [],
                   "LCHO": self.choice, "LENC": self.encode, "LSHOW": self.show,
                   "sample_of": self.sample, "pick_of": self.pick_one})
        self.ns = ns

    # ------------------------------------------------------------------ steps and moves
    def at(self) -> str:
        return self.steps[self.W[0]]

    def step(self, index: int) -> None:
        phase, _, name = self.steps[index].partition(".")
        self.log.emit("step", phase=phase, step=name)

    def move(self, s: int, d: int, k: int, n: int, by: str | None) -> None:
        """A move of n tokens of one kind (runtime log_move)."""
        self._record(s, d, {self.kinds[k]: n}, by)

    def _record(self, s: int, d: int, what: dict[str, int], by: str | None) -> None:
        extra: dict[str, Any] = {}
        if by is not None:
            extra["by"] = by
        if self.secrets:
            extra["secret"] = True
        w = self.width
        self.log.emit("move", what=what, src=self.labels[s // w], dst=self.labels[d // w], at=self.at(), **extra)

    def moves(self, moved: list, by: str | None, sources: list[int] | None = None) -> None:
        """The records of the moves a helper made (support.py: (source, dest, kind, n) each):
        one a source, kinds in the order taken. `sources`: a bundle's (moved kind by kind), put
        back in the order of its sources, as the reference moves it."""
        if sources is not None and len(sources) > 1:
            moved.sort(key=lambda one: sources.index(one[0]))
        group: dict[str, int] = {}
        last = None
        for s, d, k, n in moved:
            if last is not None and (s, d) != last:
                self._record(*last, group, by)
                group = {}
            last = (s, d)
            group[self.kinds[k]] = n
        if last is not None:
            self._record(*last, group, by)
        moved.clear()

    def draw(self, s: int, d: int, wanted: int | None, exact: bool, by: str | None) -> int:
        """`draw` (TokenMoves.draw_tokens with Chance.draw, which support.draw matches draw for
        draw): the kinds in the order first drawn, as the reference's record holds them (a
        narrator reads them in that order); then the `random` record and the move. Returns how
        many tokens it drew."""
        Z = self.ns["Z"]
        w = self.width
        row = Z[s:s + w]
        size = sum(row)
        n = size if wanted is None else wanted
        if n < 0 or (n > size and exact):
            raise Abort
        n = min(n, size)
        if n <= 0:
            return 0
        held = [k for k in range(w) if row[k] > 0]
        ends = list(accumulate(row[k] for k in held))
        drawn: dict[int, int] = {}
        for position in sample_positions(self.ns["RNG"], size, n):
            k = held[bisect_right(ends, position)]
            drawn[k] = drawn.get(k, 0) + 1
        what = {self.kinds[k]: c for k, c in drawn.items()}
        self.log.emit("random", what="draw", src=self.labels[s // w], dst=self.labels[d // w], result=dict(what))
        if s != d:
            for k, c in drawn.items():
                Z[s + k] -= c
                Z[d + k] += c
            self._record(s, d, what, by)
        return n

    def create_tokens(self, where: int, what: dict[str, int]) -> None:
        self.log.emit("create", what=dict(what), dst=self.labels[where // self.width])

    def create_cards(self, pile: list, n: int) -> None:
        ref = self.pile_refs[id(pile)]
        names = [c.name for c in pile[:n]]
        sight = self.sight.pile_sight(ref) if self.sight.piles else None
        if sight is not None:
            self.log.emit("create", cards=names, dst=str(ref), sight=sight)
        else:
            self.log.emit("create", cards=names, dst=str(ref))

    # ------------------------------------------------------------------ variables
    def set_var(self, name: str, value: Any, t: Any) -> None:
        sight = self.sight.var_sight(name, False) if self.sight.vars else None
        self._set(name, self.encode(value, t), sight)

    def set_player_var(self, seat: int, name: str, value: Any, t: Any) -> None:
        sight = self.sight.var_sight(name, True) if self.sight.player_vars else None
        self._set(f"P{seat + 1}.{name}", self.encode(value, t), sight)

    def set_active(self, seat: int) -> None:
        self._set("active", f"P{seat + 1}", None)

    def _set(self, var: str, value: Any, sight: str | None) -> None:
        if sight is None:
            self.log.emit("set", var=var, value=value)
        else:
            self.log.emit("set", var=var, value=value, sight=sight)

    def encode(self, value: Any, t: Any) -> Any:
        if value.__class__ is dict:  # (a bundle: values.encode keeps the counts above 0)
            return {str(k): v for k, v in value.items() if v}
        return self.m.encode_var(value, t)

    # ------------------------------------------------------------------ cards
    def shuffle(self, pile: list) -> None:
        self.log.emit("random", what="shuffle", pile=str(self.pile_refs[id(pile)]), result=[c.name for c in pile])

    def place(self, taken: list, pile: list, where: str) -> None:
        ref = self.pile_refs[id(pile)]
        names = [c.name for c in taken]
        if self.sight.piles and self.sight.lists_cards(ref):
            seen_by = self.sight.pile_sight(ref)
            extra = {"face": "up"} if seen_by is None else {"sight": seen_by}
            self.log.emit("place", cards=names, pile=str(ref), where=where, **extra)
        else:
            self.log.emit("place", cards=names, pile=str(ref), where=where)

    def reveal(self, card: CardValue, src: list, dst: list) -> None:
        s, d = self.pile_refs[id(src)], self.pile_refs[id(dst)]
        sight = self.sight.pile_sight(d) if self.sight.piles else None
        if sight is not None:
            self.log.emit("reveal", card=card.name, src=str(s), dst=str(d), sight=sight)
        else:
            self.log.emit("reveal", card=card.name, src=str(s), dst=str(d))

    def sample(self, n: int, items: list, t: Any) -> list:
        """`sample` (builtins._sample): the module's draw, then its record."""
        picked = self.m._sample(n, items)
        self.log.emit("random", what="pick", result=[self.label(self.encode(i, t)) for i in picked])
        return picked

    def pick_one(self, items: list, t: Any) -> Any:
        if not items:
            return None
        return self.sample(1, items, t)[0]

    def label(self, item: Any) -> str:
        """str() of a value as the reference holds it (a card, a name, a number)."""
        if item is None or item.__class__ is bool or not isinstance(item, (int, str)):
            raise NotLogged(f"a pick among values of another kind ({type(item).__name__})")
        return str(item)

    # ------------------------------------------------------------------ asks and secrets
    def decision(self, seat: int, id_: str, answer: Any) -> Any:
        if self.secrets:
            self.log.emit("decision", player=f"P{seat + 1}", id=id_, answer=answer, secret=True)
        else:
            self.log.emit("decision", player=f"P{seat + 1}", id=id_, answer=answer)
        return answer

    def choice(self, seat: int, id_: str, encoded: list, i: int | None, values: list) -> None:
        """An `ask choose` answered: the option shown (none for a pass), for the player alone
        when it names a card others may not see (runtime/asks._offered)."""
        answer = None if i is None else encoded[i]
        if answer is not None and self.sight.piles and not self.secrets and answer in self._private(seat, values):
            self.log.emit("decision", player=f"P{seat + 1}", id=id_, answer=answer, sight=OWNER)
            return
        self.decision(seat, id_, answer)

    def _private(self, seat: int, values: list) -> list:
        where: dict[int, PileRef] = {}
        for pile in self.ns["PILES"]:
            ref = self.pile_refs[id(pile)]
            for card in pile:
                if card.uid is not None:
                    where[card.uid] = ref
        private = []
        for value in values:
            ref = where.get(value.uid) if isinstance(value, CardValue) and value.uid is not None else None
            if ref is not None and self.sight.sees_faces(seat, ref) and self.sight.pile_sight(ref) is not None:
                private.append(value.name)
        return private

    def show(self, seat: int, cards: Any) -> None:
        """`show` (Runtime.show): the names shown, and where each copy lies when the rules declare
        sight. `cards`: a card, a list of them, a pile (its list) or none (Runtime.cards_of)."""
        if seat is None:
            raise NotLogged("a card shown to no player")
        if cards is None:
            cards = []
        elif isinstance(cards, CardValue):
            cards = [cards]
        else:
            cards = list(cards)
        names = [c.name for c in cards]
        if self.sight.declared:
            self.log.emit("show", player=f"P{seat + 1}", cards=names, at=[self._place_of(c) for c in cards])
        else:
            self.log.emit("show", player=f"P{seat + 1}", cards=names)

    def _place_of(self, card: CardValue) -> str | None:
        for pile in self._piles_in_order():
            for i, held in enumerate(pile):
                if held is card:
                    return f"{self.pile_refs[id(pile)]}#{i + 1}"
        return None

    def _piles_in_order(self) -> list[list]:
        return self.ns["PILES"]

    def say(self, msg: str, args: list) -> None:
        self.log.emit("say", msg=msg, args=args)

    def open_secret(self, Z: list[int]) -> list[int]:
        """Starts a `secretly` block: what is logged until it closes is marked secret; returns
        the zones as they are now, for `uncover`."""
        before = list(Z)
        self.secrets.append(before)
        self.log.secret = len(self.secrets)
        return before

    def close_secret(self) -> None:
        """Ends a `secretly` block, however it ends (an `end game` inside it too)."""
        self.secrets.pop()
        self.log.secret = len(self.secrets)

    def uncover(self, Z: list[int], before: list[int]) -> None:
        """After a `secretly` block: the players' zones it changed, as they are now (Runtime.uncover)."""
        w = self.width
        changed = {}
        for base in range(self.player_base, len(Z), w):
            now = Z[base:base + w]
            if now != before[base:base + w]:
                changed[self.labels[base // w]] = {k: v for k, v in sorted(zip(self.kinds, now)) if v}
        self.log.emit("uncover", zones=changed)
