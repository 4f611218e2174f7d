"""Turns game-log records into readable lines as they happen (the `run` and `play` commands).

It knows only the log's record types, never a game: names and titles come from the rules (and,
given a GameWords, from the game's locale files in the chosen language; the narrator's own
phrases come from ratdsl/cli/table/locales). It narrates for an audience: one seat (the player
at the terminal), a spectator (`seat=None`, what every player sees) or the referee (everything
in the log). A player or a spectator is told only the part of each record they may see
(`record_seen_by`): no shuffled order, nothing done inside `secretly` until the block uncovers
it, no cards shown to somebody else.

Verbosity (`--verbosity`, `VERBOSITY` in verbosity.py says what each level adds):
0 round headers and final scores; 1 also what the players learn (the cards revealed, the
placements uncovered, decisions, messages, the end); 2 (default) also the steps, token moves,
draws, shuffles, variables set and the setup; 3 also the moves made during setup.

It speaks in sentences from the table's phrases and the game's words (GameWords); without
them (the designer's view, `-v 3` without `--lang`) in the log's own terms. A phase or step
heading is written only over a line that follows it, a variable only when its value changes.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.runtime.views import record_seen_by
from ..language.visible import visible
from ..semantics.definition import GameDef
from .ledger import Ledger, Namer
from .table.words import phrases
from .verbosity import DEFAULT_VERBOSITY, LINES_PER_ROUND

if TYPE_CHECKING:
    from .table.words import GameWords


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


Line = tuple[str, str]  # text, style ("" plain; else a Rich style name the writer may use)


SUMMED_AT = frozenset({"round", "phase", "step", "end_game", "end", "aborted"})  # where they are


class Narrator:
    def __init__(self, definition: GameDef, write: Callable[[str], None], verbose: bool = True,
                 seat: int | None = None, referee: bool = False, show_seed: bool = False,
                 verbosity: int | None = None, words: GameWords | None = None,
                 styled: Callable[[str, str], None] | None = None, line_limit: int = LINES_PER_ROUND):
        self.d = definition
        # After `line_limit` lines in a round, a step's further lines are only counted, by what
        # made them, and summed up when the step ends: a rule that loops cannot flood the screen.
        self.line_limit = line_limit
        self.round_lines = 0
        self.label = ""  # what the record being narrated is, for the count (see summed)
        self.unsaid: dict[str, int] = {}
        self.seat = seat
        self.referee = referee
        self.show_seed = show_seed  # (when nobody plays at the terminal, the seed hides nothing)
        self.verbosity = verbosity if verbosity is not None else (DEFAULT_VERBOSITY if verbose else 0)
        self.words = words
        self.say = words.say if words is not None else phrases("en")
        # Logs are strangers' text: control characters are shown as escapes, never sent.
        self.styled: Callable[[str, str], None] = (
            (lambda line, style: styled(visible(line), style)) if styled is not None
            else (lambda line, style: write(visible(line))))
        self.step = ""
        self.last_draw: dict[str, Any] | None = None
        # The round header waits until the active player is settled (the round's first steps
        # may pass the active player on): the header and the lines held back with it.
        self.pending_round: dict[str, Any] | None = None
        self.held: list[Line] = []
        # A phase or step heading waits for a line under it: one where nothing happened (nothing
        # moved, nobody was asked) is not printed. And a variable is said only when it changes.
        self.heading: list[tuple[int, str, str]] = []
        self.values: dict[str, Any] = {}
        # At verbosity 1 a seated player hears no single move: what happened to them is told
        # when each phase ends (ledger.py), and before they are asked (`flush_ledger`).
        self.ledger: Ledger | None = None
        if seat is not None and not referee and self.verbosity == 1 and words is not None:
            self.ledger = Ledger(f"P{seat + 1}", Namer(self.say, self.zone, words.kind, self.var, self.answer))

    @property
    def verbose(self) -> bool:
        return self.verbosity >= DEFAULT_VERBOSITY

    # ------------------------------------------------------------ names
    def title(self, card: str) -> str:
        if self.words is not None:
            return self.words.card(card)
        decl = self.d.cards.get(card)
        return f"{decl.title} ({card})" if decl is not None and decl.title else card

    def step_title(self, phase: str, step: str) -> str:
        container = self.d.setup if phase == "setup" else self.d.phases.get(phase)
        title = step
        for s in getattr(container, "steps", ()):
            if s.name == step and s.title:
                title = s.title
        return self.words.step(phase, step, title) if self.words is not None else title

    def phase_title(self, name: str) -> str:
        if self.words is not None:
            return self.words.phase(name)
        phase = self.d.phases.get(name)
        return phase.title if phase and phase.title else name

    def where(self, at: str) -> str:
        """A "phase.step" position by the step's title (its name when it has none)."""
        phase, dot, step = at.partition(".")
        if not dot:
            return self.phase_title(phase)
        return f"{self.phase_title(phase)}: {self.step_title(phase, step)}"

    def zone(self, ref: str) -> str:
        return self.words.zone(ref) if self.words is not None else ref

    def pile(self, name: str) -> str:
        return self.words.pile(name) if self.words is not None else name

    def rule(self, name: str) -> str:
        return self.words.rule(name) if self.words is not None else name

    def var(self, name: str) -> str:
        return self.words.var(name) if self.words is not None else name

    def bundle(self, contents: dict[str, int]) -> str:
        return self.words.bundle(contents) if self.words is not None else _bundle(contents)

    def answer(self, value: Any) -> str:
        return self.words.value(value) if self.words is not None else _short(value)

    def decision(self, id_: str) -> str:
        return self.words.decision(id_) if self.words is not None else id_

    # ------------------------------------------------------------ writing
    def __call__(self, record: dict[str, Any]) -> None:
        shown_whole = self.referee or (self.show_seed and record["t"] == "game")
        r = record if shown_whole else record_seen_by(record, self.seat)
        if r is not None:
            self.narrate(r)

    def head(self, level: int, text: str, style: str) -> None:
        """A phase or step heading, written with the first line under it (none: never)."""
        if style == "phase":
            self.heading = []
        self.heading = [h for h in self.heading if h[2] != "step"] + [(level, text, style)]

    def shows(self, level: int) -> bool:
        """Whether a line of this level is written now (else `line` only counts it, if at all)."""
        return self.verbosity >= level and self.round_lines < self.line_limit

    def line(self, level: int, text: str, style: str = "") -> None:
        """Writes a line if the verbosity asks for its level (held back with a pending header)."""
        if self.verbosity < level:
            return
        if self.round_lines >= self.line_limit:
            self.unsaid[self.label] = self.unsaid.get(self.label, 0) + 1
            return
        headings, self.heading = self.heading, []
        for h_level, h_text, h_style in headings:
            if self.verbosity >= h_level:
                self.line(h_level, h_text, h_style)
        self.round_lines += 1
        if self.pending_round is not None:
            self.held.append((text, style))
        else:
            self.styled(text, style)

    def flush_round(self) -> None:
        """Writes the pending round header, with the active player as now settled."""
        pending, held = self.pending_round, self.held
        if pending is None:
            return
        self.pending_round, self.held = None, []
        if self.verbosity >= 1:
            self.styled("", "")
        self.styled(self.say("narr-round", round=pending["round"], active=pending["active"]), "header")
        for text, style in held:
            self.styled(text, style)

    def summed(self) -> None:
        """The lines left unsaid since the limit was reached, one line for each kind of record
        that made them ("… 1,999,000 more changes of counter")."""
        unsaid, self.unsaid = self.unsaid, {}
        for label, n in unsaid.items():
            kind, _, name = label.partition(":")
            count = f"{n:,}"
            if kind == "set":
                text = self.say("narr-more-sets", n=count, var=self.var(name))
            elif kind == "move":
                text = self.say("narr-more-moves", n=count)
            else:
                text = self.say("narr-more-lines", n=count)
            self.styled("   " + text, "detail")

    def narrate(self, r: dict[str, Any]) -> None:
        """Writes the lines of a record (already cut to what the audience may see)."""
        t = r["t"]
        if self.ledger is not None and t in SUMMED_AT and t != "step":
            self.flush_ledger()
        if self.unsaid and t in SUMMED_AT:
            self.summed()
        self.label = f"set:{r.get('var')}" if t == "set" else t
        if t == "round":
            self.round_lines = 0
            self.flush_round()
            self.pending_round = dict(r)
            return
        if self.pending_round is not None:
            if t == "set" and r.get("var") == "active":
                self.pending_round["active"] = r["value"]  # said by the header itself
                return
            if t not in ("phase", "step"):
                self.flush_round()
        self.narrate_record(t, r)

    def narrate_record(self, t: str, r: dict[str, Any]) -> None:
        say, line = self.say, self.line
        if t == "game":
            extra = ""
            if r["modules"]:
                extra += " " + say("narr-with", modules=", ".join(r["modules"]))
            if r["variant"]:
                variant = self.d.ruleset.variant
                named = variant.title if self.words is not None and variant is not None and \
                    variant.name == r["variant"] and variant.title else r["variant"]
                extra += ", " + say("narr-variant", variant=named)
            seed = say("narr-seed", seed=str(r["seed"])) if "seed" in r else say("narr-seed-hidden")
            game = self.words.game() if self.words is not None else self.d.game.title
            line(1, say("narr-title", game=game, players=r["players"], seed=seed) + extra, "header")
            opts = self.options(r["options"])
            if opts:
                line(1, say("narr-options", options=opts))
        elif t == "phase":
            self.head(1, f"-- {self.phase_title(r['phase'])}", "phase")
        elif t == "step":
            self.step = f"{r['phase']}.{r['step']}"
            if r["phase"] == "setup":
                self.head(2, say("narr-setup", step=self.step_title(r["phase"], r["step"])), "step")
            elif len(getattr(self.d.phases.get(r["phase"]), "steps", ())) > 1:
                self.head(2, f"   · {self.step_title(r['phase'], r['step'])}", "step")
        elif t == "reveal":
            card = self.title(r["card"]) if "card" in r else say("narr-hidden")  # (face down to this reader)
            line(1, "   " + say("narr-revealed", card=card, pile=self.pile(r["dst"])), "reveal")
        elif t == "place" and "cards" in r and ("face" in r or "sight" in r):
            # (cards placed on a pile the rules declare a way, as far as this reader sees them)
            for card in r["cards"]:
                line(1, "   " + say("narr-revealed", card=self.title(card), pile=self.pile(r["pile"])), "reveal")
        elif t == "uncover":
            if self.ledger is not None:
                self.ledger.uncover(r["zones"], self.reason(None))
            line(1, "   " + say("narr-placements"), "reveal")
            by_player: dict[str, list[str]] = {}
            for ref, contents in r["zones"].items():
                if not contents:  # emptied zones (the record lists them; a reader needs not)
                    continue
                player, zone = ref.split(".", 1)
                by_player.setdefault(player, []).append(f"{self.zone(zone)} {self.bundle(contents)}")
            for player in sorted(by_player, key=lambda p: int(p[1:])):
                line(1, f"     {player}: " + "; ".join(by_player[player]))
        elif t == "random" and r["what"] == "draw":
            self.last_draw = r
            line(2, "   " + say("narr-drawn", dst=self.zone(r["dst"]), src=self.zone(r["src"]),
                                what=self.bundle(r["result"])))
        elif t == "random" and r["what"] in ("shuffle", "pick"):
            key = "narr-shuffled" if r["what"] == "shuffle" and r.get("pile") else "narr-picked"
            if "result" not in r:  # (an order this reader may not see: only that it happened)
                key += "-hidden"
            result = ", ".join(map(self.answer, r.get("result", ())))
            line(2, "   " + say(key, pile=self.pile(r.get("pile") or ""), result=result), "detail")
        elif t == "show":
            mine = self.seat is not None and r["player"] == f"P{self.seat + 1}"
            if "cards" not in r:
                line(3, "   " + say("narr-shown-some", player=r["player"]))
            else:
                cards = ", ".join(self.title(c) for c in r["cards"]) or say("nothing")
                line(1 if mine else 3, "   " + say("narr-shown", player=r["player"], cards=cards))
        elif t == "decision":
            if not r.get("secret"):  # secret answers show when the block ends ("uncover")
                if "answer" in r and r["answer"] is None:
                    line(1, "   " + say("narr-passes", player=r["player"], what=self.decision(r["id"])), "decision")
                else:  # (an answer among cards only its maker sees is not in the reader's record)
                    answer = self.answer(r["answer"]) if "answer" in r else say("narr-hidden")
                    line(1, "   " + say("narr-decides", player=r["player"], what=self.decision(r["id"]),
                                        answer=answer), "decision")
        elif t == "move":
            if self.ledger is not None:
                self.ledger.move(r["src"], r["dst"], r["what"], self.reason(r.get("by")))
            drawn, self.last_draw = self.last_draw, None
            if drawn is not None and (drawn["src"], drawn["dst"], drawn["result"]) == (r["src"], r["dst"], r["what"]):
                return  # the draw just printed
            if r.get("secret"):
                return
            level = 3 if r["at"].startswith("setup") else 2
            if not self.shows(level):  # (counted, not worded: a runaway's million moves cost no text)
                line(level, "", "detail")
                return
            if self.words is None:  # (the designer's view, -v 3 without --lang: the log's own terms)
                by = f"   ({r['by']})" if r.get("by") else ""
                line(level, f"     {r['src']} -> {r['dst']}: {_bundle(r['what'])}{by}", "detail")
                return
            parts = {"what": self.bundle(r["what"]), "src": self.zone(r["src"]), "dst": self.zone(r["dst"])}
            text = say("narr-move-by", rule=self.rule(r["by"]), **parts) if r.get("by") else say("narr-move", **parts)
            line(level, "     " + text, "detail")
        elif t == "set":
            if self.ledger is not None:
                self.ledger.set(r["var"], r["value"])
            if self.values.get(r["var"], object()) == r["value"]:
                return  # (set to what it was: nothing a reader needs to hear again)
            self.values[r["var"]] = r["value"]
            if not self.shows(2):
                line(2, "", "detail")
            elif self.words is None:
                line(2, f"   {r['var']} = {_short(r['value'])}", "detail")
            else:
                line(2, "   " + say("narr-set", var=self.var(r["var"]), value=self.answer(r["value"])), "detail")
        elif t == "say":
            if self.words is not None:  # (the locale's sentence for it, when it has one)
                line(1, "   " + self.words.message(r["msg"], r["args"]))
            else:
                line(1, f"   {r['msg']} {' '.join(map(self.answer, r['args']))}".rstrip())
        elif t == "end_game":
            line(1, say("narr-end-game", round=r["round"], at=self.where(r["at"])), "header")
        elif t == "end":
            self.final_scores(r)

    def reason(self, by: str | None) -> str:
        """Why tokens moved: the rule (or card) that moved them, else the step it happened in."""
        if by:
            return self.rule(by)
        phase, _, step = self.step.partition(".")
        return self.step_title(phase, step) if step else self.phase_title(phase)

    def flush_ledger(self) -> None:
        """Tells what happened to the seated player since the last time (ledger.py)."""
        if self.ledger is not None:
            for text, mine in self.ledger.lines():
                self.line(1, "   " + text, "private" if mine else "")

    def options(self, given: dict[str, Any]) -> str:
        """The options that differ from the rules' defaults, in words (none: "")."""
        changed = {k: v for k, v in given.items()
                   if k not in self.d.options or self.d.options[k].default != v}
        if self.words is None:
            return ", ".join(f"{k}={v}" for k, v in changed.items())
        return ", ".join(self.say("narr-option", option=self.words.option(k), value=self.words.option_value(k, v))
                         for k, v in changed.items())

    def final_scores(self, r: dict[str, Any]) -> None:
        say = self.say
        if self.verbosity >= 1:
            self.styled("", "")
        self.styled(say("narr-final", rounds=r["rounds"]), "header")
        ranked = sorted(r["scores"], key=lambda p: [r["scores"][p], *r["tiebreaks"][p]], reverse=True)
        for p in ranked:
            tb = ", ".join(str(v) for v in r["tiebreaks"][p])
            self.styled("   " + say("narr-score", player=p, points=r["scores"][p])
                        + (" " + say("narr-tiebreak", values=tb) if tb else ""), "")
        winners = r["winners"]
        if len(winners) == 1:
            self.styled(say("narr-winner", player=winners[0]), "winner")
        else:
            self.styled(say("narr-shared", players=", ".join(winners)), "winner")
