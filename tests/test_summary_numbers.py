"""Every whole number in rules/ratland reaches the summary in all four languages (issue 18).

Each number of the rule files is changed in a copy of the rules, one at a time (the food cards'
numbers all at once: each sits in its own table cell), and the summary in every language must
change, in the same sections in every language: a hand-written message that shows a number as
text it typed itself stays the same in one language, or in all of them, and fails here.

Numbers that are the machinery of a rule, not an amount a player reads, are listed below with
the reason; a designer changing one writes a different rule, which the generic text tells when
the hand-written message no longer fits. Summaries are built in-process and only the changed
file is parsed again (the rest comes from the parse cache), so the whole run stays short.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ratdsl.session import RulesInvalid, load_rules
from ratdsl.summaries import summarize, to_markdown
from ratdsl.summaries.messages import shipped_languages

from .scale import cases

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "ratland"
# The languages RatLand ships messages in (rules/ratland/locales/); others fall back.
RATLAND_LANGUAGES = shipped_languages(RULES)
NUMBER = re.compile(r'"(?:[^"\\]|\\.)*"|#[^\n]*|\b\d+\b')

# Internal numbers, by the line they sit on with the number written [[N]] (a regular expression).
INTERNAL: list[tuple[str, str]] = [
    (r"var \w+ = \[\[0\]\]$", "a counter's starting value (helmet_uses, wounded, final_stage_round ...)"),
    (r"set [\w.]+ = \[\[0\]\]$", "a counter reset at the start of an area"),
    (r"set ([\w.]+) = \1 [+-] \[\[1\]\]$", "a counter counting one event at a time"),
    (r"\[\[\[\d\]\]\]|\[-\[\[1\]\]\]", "a position in a list (got[0], sides[1], areas[0], players[-1])"),
    (r"\[\[\[0\]\] - ", "a sort key written `0 - x`: largest first"),
    (r"\[\[0\]\] - (\w+\(|it\.)", "a sort key written `0 - x`: largest first"),
    (r"(?<!-)(>|==) \[\[0\]\]", "a test for presence (`> 0`, `== 0`): the text says 'with rats', 'without rats'"),
    (r"from \[\[0\]\]\.\.", "the lower end of a choice: a player may always choose none"),
    (r"max\(\[\[0\]\], ", "a floor at zero: a count never goes below nothing"),
    (r"else \[\[0\]\]\)?$", "the 'nothing' of an if-expression (no pantry defence, nothing drawn)"),
    (r"^option \w+ .* in \{.*\[\[\d+\]\]", "an allowed value of an option: the summary names the value in force"),
    (r"create \{white: 99|\{.*: \[\[99\]\]",
     "the reserve behind supply_shortage=unlimited: 'a reserve makes up the difference'"),
    (r"move \[\[1\]\] piece from p\.drawn to", "one drawn piece at a time: each piece has its effect"),
    (r"move \[\[1\]\] yellow from supplies to p\.pantry$",
     "a piece that counts as yellow is swapped for a yellow one"),
    (r"count\(supplies, yellow\) == \[\[0\]\]", "a test for presence: the supply has no yellow left"),
    (r"if player_count == \[\[2\]\] then \[d\[pipe",
     "aggressive.rat follows round.rat's 2-player rule (`defenders`), which the text shows"),
    (r"at_phase_start\(p\.lost\.rat\) - p\.lost\.rat else \[\[1\]\]",
     "the Explorer's starting side when Just in Time brings lost rats home early: the same amount "
     "as the next handler's, which the card's text shows"),
    (r"\} else if p\.drawn\.white >= \[\[2\]\]", "the guard of the trade below it, whose amount the text shows"),
    (r"2 \* trades - new_ones|\(\[\[2\]\] \* trades - new_ones\)", "whites already returned: the same pair size"),
]
INTERNAL_FILES = {"simulation.rat": "metrics and bot personas for `ratdsl simulate`, not rules a player reads"}

# Numbers shown only under another reading of an option: the run sets it. The pattern sees the
# line before the number's too, as "BEFORE || LINE".
OPTIONS: list[tuple[str, dict[str, str]]] = [
    (r"== obligation = min\(\[\[1\]\]", {"massive_attacks_reading": "obligation"}),
    (r"ask p holy_rat: may \{ \|\| move \[\[1\]\] rat", {"holy_rat_reading": "may"}),
    (r"do trade_whites\(p, \[\[1\]\]\)", {"dr_cheese_reading": "once_per_draw"}),
    (r"move \[\[1\]\] rat from places to p\.graveyard", {"aggressive_kills_to": "graveyard"}),
    (r"ask p which_rat: .* \|\| move \[\[1\]\] rat from z", {"forage_rat": "any_rat"}),
    (r"move \[\[2\]\] white from p\.drawn|move up to \[\[1\]\] yellow from supplies to p\.drawn$",
     {"recycler_final": "two_whites_for_one_yellow"}),
    (r"then base \+ \[\[1\]\] else max", {"ninja_steal": "extra_one"}),
]


def numbers(text: str):
    """(start, end, value, the line with this number written [[N]], the line before it) for each
    whole number."""
    for m in NUMBER.finditer(text):
        if not m.group().isdigit():
            continue
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        marked = (text[start:m.start()] + f"[[{m.group()}]]" + text[m.end():end]).split("#")[0].strip()
        before = text[:max(start - 1, 0)].rsplit("\n", 1)[-1].split("#")[0].strip()
        yield m.start(), m.end(), int(m.group()), marked, before


def internal(marked: str) -> str | None:
    for pattern, reason in INTERNAL:
        if reason != "-" and re.search(pattern, marked):
            return reason
    return None


def options_for(marked: str, before: str) -> dict[str, str]:
    for pattern, opts in OPTIONS:
        if re.search(pattern, f"{before} || {marked}"):
            return opts
    return {}


def sections(text: str) -> dict[int, str]:
    out: dict[int, list[str]] = {}
    n = 0
    for line in text.splitlines():
        if line.startswith("## "):
            n += 1
        out.setdefault(n, []).append(line)
    return {k: "\n".join(v) for k, v in out.items()}


def summaries(path: Path, modules: list[str], options: dict[str, str]) -> dict[str, str]:
    d = load_rules(path, modules, options)
    return {lang: to_markdown(summarize(d, lang)) for lang in RATLAND_LANGUAGES}


def target(copy: Path, rel: str) -> tuple[Path, list[str]]:
    if rel.startswith("modules/"):
        return copy, [Path(rel).stem]
    if rel.startswith("variants/"):
        return copy / rel, []
    return copy, []


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    target_dir = tmp_path_factory.mktemp("numbers") / "ratland"
    shutil.copytree(RULES, target_dir, ignore=shutil.ignore_patterns("scenarios"))
    return target_dir


# Every number in a full run (RATDSL_FULL_CHECKS=1), every sixth in the suite (each costs four summaries).
STRIDE = cases(6, 1)

RULE_FILES = sorted(str(p.relative_to(RULES)) for p in RULES.rglob("*.rat")
                    if p.name not in INTERNAL_FILES and p.name != "food.rat")


@pytest.mark.slow
@pytest.mark.parametrize("rel", RULE_FILES)
def test_every_number_of_a_rule_file_reaches_every_summary(copy, rel):
    path, modules = target(copy, rel)
    source = (RULES / rel).read_text("utf-8")
    bases: dict[tuple, dict[str, str]] = {}
    stale, refused, checked = [], [], 0
    try:
        for start, end, value, marked, before in [n for n in numbers(source) if not internal(n[3])][::STRIDE]:
            opts = options_for(marked, before)
            key = tuple(sorted(opts.items()))
            if key not in bases:
                bases[key] = summaries(path, modules, opts)
            base = bases[key]
            after = None
            for new in (value + 1, value - 1, value + 2):
                if new < 0:
                    continue
                (copy / rel).write_text(source[:start] + str(new) + source[end:], "utf-8")
                try:
                    after = summaries(path, modules, opts)
                    break
                except RulesInvalid:
                    continue
            if after is None:
                refused.append(marked)
                continue
            checked += 1
            changed = {lang: {k for k, s in sections(after[lang]).items() if sections(base[lang]).get(k) != s}
                       for lang in RATLAND_LANGUAGES}
            if not all(changed.values()) or len({frozenset(c) for c in changed.values()}) > 1:
                stale.append(f"{marked}: {', '.join(f'{lang} {sorted(c)}' for lang, c in changed.items())}")
    finally:
        (copy / rel).write_text(source, "utf-8")
    assert not refused, f"{rel}: no change of these is a valid rule; list them as internal:\n" + "\n".join(refused)
    assert not stale, f"{rel}: the summary does not follow these numbers (changed sections per language):\n" + \
        "\n".join(stale)
    assert checked or rel.startswith("variants/clan_wars"), f"{rel}: no number checked"


def test_every_food_card_number_reaches_every_summary(copy):
    """The food cards' numbers all change at once, each to a value of its own."""
    source = (RULES / "food.rat").read_text("utf-8")
    parts, last, new_values = [], 0, []
    cards = [n for n in numbers(source)  # (an invariant's numbers check the cards: players never read them)
             if not source[source.rfind("\n", 0, n[0]) + 1:].startswith("invariant")]
    for i, (start, end, _value, _marked, _before) in enumerate(cards):
        new = 500 + i
        parts += [source[last:start], str(new)]
        new_values.append(new)
        last = end
    (copy / "food.rat").write_text("".join(parts) + source[last:], "utf-8")
    try:
        texts = summaries(copy, [], {})
    finally:
        (copy / "food.rat").write_text(source, "utf-8")
    assert len(new_values) > 80
    for lang, text in texts.items():
        missing = [n for n in new_values if not re.search(rf"\b{n}\b", text)]
        assert not missing, (lang, missing)


def test_internal_numbers_are_few_and_each_has_a_reason():
    """The list above must not swallow the numbers players read: amounts moved, table rows,
    setup counts are never internal."""
    for rel in RULE_FILES:
        for _s, _e, _v, marked, _b in numbers((RULES / rel).read_text("utf-8")):
            reason = internal(marked)
            if reason is None:
                continue
            assert not re.search(r"^(\d+|\[\[\d+\]\])\.\.|-> \[\[|move (up to )?\[\[\d+\]\] (rat|cheese)\b", marked), \
                (rel, marked)
