"""The game's own words in the chosen language: names of zones, token kinds, cards, phases,
steps and decisions, and card texts, read from the game's locale files through the summaries'
catalog; a name the files do not translate is shown as written in the rules. The table's own
phrases (prompts, narration) come from this package's `locales/<lang>/table.ftl`."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...semantics.definition import GameDef

if TYPE_CHECKING:
    from ...summaries.builder import Summary
    from ...summaries.messages import Catalog

# (The summaries and Fluent are imported when first needed: every command imports this module
# through the narrator, and most of them never narrate.)
TABLE_LOCALES = Path(__file__).resolve().parent / "locales"


def phrases(lang: str) -> Catalog:
    """The table's and the narrator's own phrases in one language."""
    from ...summaries.messages import Catalog

    return Catalog(lang, [TABLE_LOCALES / lang / "table.ftl"])


SHOWN_ITEMS = 8  # a list's first items in a line; the rest counted
SHOWN_CHARS = 80  # a value's words at most

class GameWords:
    """Names and texts of one game in one language."""

    def __init__(self, d: GameDef, lang: str = "en"):
        self.d = d
        self.lang = lang
        self.say = phrases(lang)

    @cached_property
    def summary(self) -> Summary:
        # (strict=False: a malformed game message file leaves names untranslated, it stops no game)
        from ...summaries.builder import Summary

        return Summary(self.d, self.lang, strict=False)

    def _message(self, key: str, fallback: str, **args: Any) -> str:
        m = self.summary.m
        args = {"form": "nom", **args}  # (a language that inflects names picks its plain form)
        try:
            return m.format(key, None, args) if m.has(key) else fallback
        except Exception:  # noqa: BLE001 - a message that fails to format: the rules' own name
            return fallback

    def game(self) -> str:
        return self._message("game", self.d.game.title or self.d.game.name)

    def zone(self, name: str) -> str:
        """A zone's name; "P2.hand" reads "P2 hand" (the player, then the place). A board's space
        reads as the locale's `space-NAME`, else its title."""
        owner, dot, zone = name.rpartition(".")
        if zone in self._space_titles and not self.summary.m.has(f"zone-{zone}"):
            label = self._message(f"space-{zone}", self._space_titles[zone])
        elif zone in self.d.player_zones or zone in self.d.shared_zones:
            label = self._message(f"zone-{zone}", zone.replace("_", " "))
        else:
            label = zone.replace("_", " ")
        return f"{owner} {label}" if dot else label

    @cached_property
    def _space_titles(self) -> dict[str, str]:
        """Every board space's title (its name in words when it has none)."""
        return {s.name: s.title or s.name.replace("_", " ") for board in self.d.boards.values() for s in board.spaces}

    def pile(self, name: str) -> str:
        """A pile's name; a player's pile ("P1.held") reads "P1 held" in words."""
        owner, dot, pile = name.rpartition(".")
        label = self._message(f"pile-{pile}", pile.replace("_", " "))
        return f"{owner} {label}" if dot else label

    def option(self, name: str) -> str:
        """A rule option by its title (the locale's `option-NAME`, else the rules' title, else
        its name in words)."""
        decl = self.d.options.get(name)
        title = decl.title if decl is not None and decl.title else name.replace("_", " ")
        return self._message(f"option-{name}", title)

    def option_value(self, name: str, value: Any) -> str:
        """An option's value in words (the locale's `option-NAME-VALUE` when it has one)."""
        if isinstance(value, bool):
            return self.say("yes" if value else "no")
        return self._message(f"option-{name}-{value}", str(value).replace("_", " "))

    def kind(self, name: str, count: int) -> str:
        """A count of a token kind in few words: "7 tokens", "2 red"."""
        words = self.summary.g.words
        if not self.summary.m.has(f"kind-{name}"):  # untranslated: the rules' own name
            return f"{count} {name}"
        try:
            if count != 1 and self._short_is_singular(name):
                return self.summary.m("ui-amount-short", n=count, what=words.noun(f"kind-{name}", count))
            return words.bundle_text({name: count}, short=True)
        except Exception:  # noqa: BLE001 - a message that fails to format
            return f"{count} {name}"

    def _short_is_singular(self, name: str) -> bool:
        """Whether a kind's short name is its singular noun, written without a plural (then the
        noun itself, which has one, is used for several)."""
        m, key = self.summary.m, f"kind-{name}"
        if not m.has(key, "short") or not m.has(key):
            return False
        one, many = (m.attr(key, "short", count=n) for n in (1, 2))
        return one == many == m(key, count=1) != m(key, count=2)

    def bundle(self, contents: dict[str, int]) -> str:
        parts = [self.kind(k, n) for k, n in contents.items() if n]
        return ", ".join(parts) if parts else self.say("nothing")

    def phase(self, name: str) -> str:
        phase = self.d.phases.get(name)
        return self._message(f"phase-{name}", phase.title if phase and phase.title else name)

    def step(self, phase: str, step: str, title: str) -> str:
        return self._message(f"setup-{step}" if phase == "setup" else f"step-{phase}-{step}", title)

    def rule(self, name: str) -> str:
        """The rule or card a move was made by, by its title (the rules' own name when
        untranslated)."""
        if name in self.d.cards and name not in self.d.rules:
            return self.card(name)
        rule = self.d.rules.get(name)
        return self._message(f"rule-{name}", rule.title if rule is not None and rule.title else name)

    def var(self, name: str) -> str:
        """A variable's name; "P2.score" reads "P2 score" (the player, then the variable)."""
        owner, dot, var = name.rpartition(".")
        label = self._message(f"var-{var}", var.replace("_", " "))
        return f"{owner} {label}" if dot else label

    def message(self, msg: str, args: list[Any]) -> str:
        """A `say` of the rules in words: the locale's `say-MESSAGE` (the message's words joined
        by hyphens; its values as $a1, $a2, ...), else the message with its values after it."""
        from ...summaries.messages import say_key

        key = say_key(msg)
        values = [self.value(a) for a in args]
        fallback = " ".join([msg, *values])
        return self._message(key, fallback, **{f"a{i}": v for i, v in enumerate(values, 1)})

    def decision(self, id_: str) -> str:
        return self._message(f"decision-{id_}", id_.replace("_", " "))

    def card(self, name: str) -> str:
        card = self.d.cards.get(name)
        if card is None:
            return name
        if not self.summary.m.has(f"card-{name}"):  # untranslated: the rules' own title
            return card.title or name
        try:
            return self.summary.title(f"card-{name}", card.title or name, card)
        except Exception:  # noqa: BLE001 - a message that fails to format
            return card.title or name

    def card_text(self, name: str) -> str:
        """What a card says: its hand-written text, else its fields in short (a food card's
        contents) and its effects in generic words."""
        card = self.d.cards.get(name)
        deck = self.d.decks.get(card.deck) if card is not None else None
        if card is None or deck is None:
            return ""
        s = self.summary
        try:
            blocks = s.text(f"card-{name}", card)
            if blocks is not None:
                return " ".join(_flatten(blocks))
            parts = []
            for f in card.fields:
                value = s.card_value(card, f.name)
                if isinstance(value, (int, dict)) and not isinstance(value, bool):
                    shown = s.g.words.value_text(value, short=True)
                    parts.append(f"{s.g.words.field_label(f.name)} {shown}")
            if card.handlers or card.modifiers or card.hooks:
                item = s.card_item(card, deck, None)
                parts.extend(_flatten(item.children))
            return " · ".join(parts)
        except Exception:  # noqa: BLE001 - a card the summaries cannot tell: its title only
            return ""

    def fields(self, fields: dict[str, Any]) -> str:
        """The fields of a card a view shows, in words: each label and value through the locale
        (a list of symbols, such as cards, as their titles)."""
        try:
            label = self.summary.g.words.field_label
            return " · ".join(f"{label(name)} {self.value(v)}" for name, v in fields.items())
        except Exception:  # noqa: BLE001 - a message that fails to format: the rules' names
            return " · ".join(f"{name.replace('_', ' ')} {self.value(v)}" for name, v in fields.items())

    def value(self, value: Any) -> str:
        """An answer or option as a player reads it: a zone, a kind, a card or a plain value."""
        if value is None:
            return self.say("pass")
        if isinstance(value, bool):
            return self.say("yes" if value else "no")
        if isinstance(value, str):
            if value in self.d.cards:
                return self.card(value)
            if value in self.d.kinds:
                try:
                    return self.summary.g.words.short(value, 1)
                except Exception:  # noqa: BLE001 - a message that fails to format
                    return value
            if value in self.d.symbols and self.summary.m.has(f"symbol-{value}"):
                return self._message(f"symbol-{value}", value.replace("_", " "))
            zone = value.rpartition(".")[2]
            if zone in self.d.player_zones or zone in self.d.shared_zones or zone in self._space_titles:
                return self.zone(value)
            pile, mark, place = value.partition("#")  # (a place in a pile: "its_name#2")
            if mark and (pile in self.d.shared_piles or pile in self.d.player_piles) and place.isdigit():
                return f"{self.pile(pile)} {place}"
            return value.replace("_", " ")  # (a name of the rules' that no locale translates)
        if isinstance(value, dict):
            return ", ".join(f"{self.zone(k)} {n}" for k, n in value.items() if n) or self.say("nothing")
        if isinstance(value, list):  # (short, however long or deep the list: a rule may build any)
            if not value:
                return self.say("nothing")
            if any(isinstance(v, list) for v in value):  # (steps of parts, as a plan: "a → b; c → d")
                text = "; ".join(" → ".join(map(self.value, v)) if isinstance(v, list) else self.value(v)
                                 for v in value[:SHOWN_ITEMS])
            else:
                text = ", ".join(self.value(v) for v in value[:SHOWN_ITEMS])
            text += f", … ({len(value)})" if len(value) > SHOWN_ITEMS else ""
            return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…"
        text = str(value)
        return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…"


def _flatten(blocks: list) -> list[str]:
    from ...summaries.document import BulletList, ListItem, Para

    out: list[str] = []
    for block in blocks:
        if isinstance(block, Para):
            out.append("".join(s.text for s in block.spans))
        elif isinstance(block, BulletList):
            for item in block.items:
                out.append("".join(s.text for s in item.spans))
                out.extend(_flatten(item.children))
        elif isinstance(block, ListItem):
            out.append("".join(s.text for s in block.spans))
    return out
