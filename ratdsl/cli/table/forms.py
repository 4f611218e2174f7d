"""Each decision as a small form: a count per place with its limits, a pick among named
options, yes or no. Nothing is typed as JSON; a mistake is answered with what was wrong; the
last entry can be undone (u) or the whole form started again (r) until it is confirmed."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ...engine.decisions import Decision
from .words import GameWords

Ask = Callable[[str], str]
Write = Callable[[str, str], None]
INLINE_WIDTH = 76  # options without text this short share one line (an 80-column screen)
EXACT_UP_TO = 300  # past this many tokens the ranges are the plain limits (the answer is checked)


def distribute(decision: Decision, words: GameWords, ask: Ask, write: Write) -> dict[str, int]:
    """A count for each place, each within the range that still allows a legal whole."""
    say = words.say
    targets = list(decision.targets)
    for limit, zones in decision.at_most:  # (limits on places not offered, or of 0 at least, say nothing)
        if set(zones) & set(targets) and limit < decision.amount:
            write("  " + say("tbl-limit-most", n=limit, zones=", ".join(map(words.zone, zones))), "hint")
    for limit, zones in decision.at_least:
        if limit > 0:
            write("  " + say("tbl-limit-least", n=limit, zones=", ".join(map(words.zone, zones))), "hint")
    counts: list[int] = []
    typed: list[bool] = []  # whether each count was typed (or followed from the limits)
    while True:
        if len(counts) == len(targets):
            answer = {z: n for z, n in zip(targets, counts) if n}
            problem = decision.legal(answer)
            if problem is not None:  # (only past EXACT_UP_TO: the ranges were not exact)
                write("  " + problem, "error")
                _undo(counts, typed)
                continue
            write("  " + say("tbl-answer", answer=words.value(answer) if answer else say("nothing")), "decision")
            raw = ask(say("tbl-confirm"))
            if raw.lower() == "u":
                _undo(counts, typed)
            elif raw.lower() == "r":
                counts.clear(), typed.clear()
            elif raw == "":
                return answer
            else:
                write("  " + say("tbl-confirm") + "?", "error")
            continue
        i = len(counts)
        low, high = count_range(decision, counts)
        left = decision.amount - sum(counts)
        place = f"  {words.zone(targets[i])} ({say('tbl-left', left=left)})"
        if low == high:  # nothing to choose: said, not asked
            write(f"{place} {low}", "detail")
            counts.append(low), typed.append(False)
            continue
        raw = ask(f"{place} [{low}-{high}]")
        if raw.lower() == "u":
            if any(typed):
                _undo(counts, typed)
            else:
                write("  " + say("tbl-nothing-to-undo"), "error")
        elif raw.lower() == "r":
            counts.clear(), typed.clear()
        elif raw == "":
            counts.append(low), typed.append(True)
        elif raw.isdigit() and low <= int(raw) <= high:
            counts.append(int(raw)), typed.append(True)
        else:
            write("  " + say("tbl-not-in-range", text=raw, low=low, high=high), "error")


def _undo(counts: list[Any], typed: list[bool]) -> None:
    """Takes back the last typed entry (and the entries that followed from it)."""
    while typed and not typed[-1]:
        counts.pop(), typed.pop()
    if typed:
        counts.pop(), typed.pop()


def count_range(decision: Decision, counts: list[int]) -> tuple[int, int]:
    """The fewest and most tokens the next place may take, given the counts before it, so that
    the places after it can still make a legal answer (the limits of the rules included)."""
    targets = decision.targets
    i = len(counts)
    left = decision.amount - sum(counts)
    groups = [(limit, frozenset(zones), True) for limit, zones in decision.at_most] + \
             [(limit, frozenset(zones), False) for limit, zones in decision.at_least]
    sums = tuple(sum(n for z, n in zip(targets, counts) if z in g) for _, g, _ in groups)
    if decision.amount > EXACT_UP_TO:
        caps = [limit - s for (limit, g, most), s in zip(groups, sums) if most and targets[i] in g]
        return 0, max(0, min([left, *caps]))
    can = _solver(tuple(targets), tuple(groups))
    fits = [n for n in range(left + 1) if can(i + 1, left - n, _add(groups, sums, targets[i], n))]
    return (fits[0], fits[-1]) if fits else (0, left)


def _add(groups, sums, zone, n):
    return tuple(s + n if zone in g else s for (_, g, _), s in zip(groups, sums))


def _solver(targets: tuple[str, ...], groups: tuple) -> Callable[[int, int, tuple], bool]:
    @cache
    def can(i: int, left: int, sums: tuple) -> bool:
        for (limit, _, most), s in zip(groups, sums):
            if most and s > limit:
                return False
        if i == len(targets):
            return left == 0 and all(most or s >= limit for (limit, _, most), s in zip(groups, sums))
        clipped = lambda t: tuple(min(s, limit) if not most else s  # noqa: E731
                                  for (limit, _, most), s in zip(groups, t))
        return any(can(i + 1, left - n, clipped(_add(groups, sums, targets[i], n))) for n in range(left + 1))

    return can


def choose(decision: Decision, words: GameWords, ask: Ask, write: Write,
           known: Callable[[Any], str] | None = None) -> Any:
    """A pick among the legal options, each named (and a card with its text, or what the player
    saw of a card offered by its place: `known`). Options that are lists of one length (an
    action, its place, its target) are asked part by part (`choose_parts`). A mistake re-asks
    the number only; the options stay on the screen above."""
    if is_compound(decision.options):
        return choose_parts(decision, words, ask, write)
    say = words.say
    options = list(decision.options) + ([None] if decision.optional else [])
    named = [(words.value(o) + (known(o) if known is not None else ""),
              words.card_text(o) if isinstance(o, str) and o in words.d.cards else "") for o in options]
    while True:
        if not any(text for _, text in named):  # short: several a line
            for row in packed([label for label, _ in named]):
                write(f"  {row}", "")
        else:
            for n, (label, text) in enumerate(named, 1):
                write(f"  {n}. {label}" + (f" — {text}" if text else ""), "")
        picked = _number(options, words, ask, write, f"  {say('tbl-number')} [1-{len(options)}]")
        if _confirmed(words, ask, write, words.value(picked)):
            return picked


def _number(options: list[Any], words: GameWords, ask: Ask, write: Write, prompt: str) -> Any:
    """One of `options` by its number, asked again (the prompt only) until it is one."""
    while True:
        raw = ask(prompt)
        if raw.isdigit() and 1 <= int(raw) <= len(options):
            return options[int(raw) - 1]
        write("  " + words.say("tbl-not-in-range", text=raw, low=1, high=len(options)), "error")


def packed(labels: list[str], width: int = INLINE_WIDTH) -> list[str]:
    """Numbered labels several a line (one line when they fit, else columns as wide as the
    widest), within `width`: a long list stays on an 80x24 screen."""
    items = [f"{n}. {label}" for n, label in enumerate(labels, 1)]
    if len("   ".join(items)) <= width:
        return ["   ".join(items)] if items else []
    column = max(map(len, items), default=0) + 3
    per_line = max(1, (width + 3) // column)
    return ["".join(item.ljust(column) for item in items[i:i + per_line]).rstrip()
            for i in range(0, len(items), per_line)]


def is_compound(options: list[Any]) -> bool:
    """Options that are lists of one length, two or more (an answer made of parts)."""
    return (len(options) > 1 and all(isinstance(o, list) for o in options)
            and len({len(o) for o in options}) == 1 and len(options[0]) >= 2)


def choose_parts(decision: Decision, words: GameWords, ask: Ask, write: Write) -> Any:
    """A compound answer one part at a time: each question offers only the values that some
    legal option still has at that part after the parts already chosen (a part with one value
    left is said, not asked); pass is offered with the first. u takes back the last part typed;
    a mistake re-asks that part only. The answer is taken with its last part (no confirmation:
    each part could be taken back while it was asked)."""
    say = words.say
    options = list(decision.options)
    size = len(options[0])
    chosen: list[Any] = []
    typed: list[bool] = []
    while len(chosen) < size:
        left = [o for o in options if o[:len(chosen)] == chosen]
        values: list[Any] = []
        for o in left:
            if o[len(chosen)] not in values:
                values.append(o[len(chosen)])
        can_pass = decision.optional and not chosen
        prefix = "".join(f"{words.value(v)} → " for v in chosen)
        if len(values) == 1 and not can_pass:  # nothing to choose: said, not asked
            write(f"  {prefix}{words.value(values[0])}", "detail")
            chosen.append(values[0]), typed.append(False)
            continue
        choices = values + ([None] if can_pass else [])
        for row in packed([words.value(v) for v in choices]):
            write(f"  {prefix}{row}" if row.startswith("1. ") else f"  {' ' * len(prefix)}{row}", "")
        while True:
            raw = ask(f"  {prefix}{say('tbl-number')} [1-{len(choices)}]")
            if raw.lower() == "u":
                if any(typed):
                    _undo(chosen, typed)  # (and the parts said after it)
                    break
                write("  " + say("tbl-nothing-to-undo"), "error")
            elif raw.isdigit() and 1 <= int(raw) <= len(choices):
                value = choices[int(raw) - 1]
                if value is None:
                    write("  " + say("tbl-answer", answer=say("pass")), "decision")
                    return None
                chosen.append(value), typed.append(True)
                break
            else:
                write("  " + say("tbl-not-in-range", text=raw, low=1, high=len(choices)), "error")
    answer = next(o for o in options if o == chosen)
    write("  " + say("tbl-answer", answer=" → ".join(words.value(v) for v in answer)), "decision")
    return answer


def may(decision: Decision, words: GameWords, ask: Ask, write: Write) -> bool:
    say = words.say
    yes, no = say("yes"), say("no")
    while True:
        raw = ask(f"  {say('tbl-yes-no')} [{yes[0]}/{no[0]}]").lower()
        if raw and yes.lower().startswith(raw) or raw == "y":
            answer = True
        elif raw and no.lower().startswith(raw) or raw == "n":
            answer = False
        else:
            write("  " + say("tbl-yes-no") + "?", "error")
            continue
        if _confirmed(words, ask, write, yes if answer else no):
            return answer


def _confirmed(words: GameWords, ask: Ask, write: Write, shown: str) -> bool:
    """Enter keeps the answer, u takes it back; anything else is asked again."""
    write("  " + words.say("tbl-answer", answer=shown), "decision")
    while True:
        raw = ask(words.say("tbl-confirm")).lower()
        if raw in ("", "u"):
            return raw == ""
        write("  " + words.say("tbl-confirm") + "?", "error")


FORMS = {"distribute": distribute, "choose": choose, "may": may}
