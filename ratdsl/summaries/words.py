"""Words and noun phrases: the generic nouns of the phrase table, the game's own nouns (zones,
piles, token kinds, groups) with their grammatical attributes, and static values as text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..semantics.definition import GameDef
from .context import VOWEL_START, Local
from .messages import Catalog
from .names import is_side
from .static import ByPlayers, CardRef, Sym

# The noun forms a place phrase is given besides its name (`$name_dat`, `$name_gen`, ...): a
# game's noun message selects on `$form`, and languages without cases fall to their default.
CASE_FORMS = ("dat", "gen", "acc", "prep")
NOUN_CASES = ("gen", "dat", "acc")


class Words:
    """How names, places and values read; knows the game's nouns, not its rules."""

    WORDS = {"player": "word-player", "card": "word-card", "kind": "word-piece", "side": "word-side",
             "number": "word-number", "zone": "word-place", "zname": "word-place"}

    def __init__(self, d: GameDef, cat: Catalog):
        self.d = d
        self.m = cat
        # A card title's message arguments (the builder's, from the card's fields).
        self.card_args: Callable[[str], dict[str, Any]] = lambda name: {}

    def noun_key(self, name: str) -> str | None:
        d = self.d
        if name in d.kinds:
            return f"kind-{name}"
        if name in d.shared_zones or name in d.player_zones:
            return f"zone-{name}"
        if name in d.shared_piles or name in d.player_piles:
            return f"pile-{name}"
        if name in d.consts:
            return f"const-{name}"
        if name in d.vars or name in d.player_vars:
            return f"var-{name}"
        return None

    def word(self, name: str, count: Any = 1, form: str = "bare") -> str:
        """A generic noun of the phrase table (player, card, piece, place, ...)."""
        return self.m(f"word-{name}", count=count, form=form)

    def noun(self, key: str | None, count: Any = "other", form: str = "bare") -> str:
        if key is None or not self.m.has(key):
            return self.word("thing", count=count, form=form)
        return self.m(key, count=count, form=form)

    def gender(self, key: str | None) -> str:
        if key is None:
            return self.word("thing", form="gender")
        return self.m.maybe_attr(key, "gender", "m")

    def animate(self, key: str | None) -> str:
        """yes for a noun whose accusative is its genitive (Russian "всех крыс", "все жетоны"):
        an optional `.animate = yes` on the noun's message."""
        return (self.m.maybe_attr(key, "animate") if key else None) or "no"

    def vowel(self, key: str | None, text: str) -> str:
        explicit = self.m.maybe_attr(key, "elision") if key else None
        if explicit is not None:
            return explicit
        return "yes" if VOWEL_START.match(text) else "no"

    def place(self, key: str | None, how: str, owner: str = "shared", owner_np: str = "",
              name: str | None = None, gender: str | None = None, number: str = "one") -> str:
        """A place (zone or pile) as a phrase. how: nom, acc, dat, gen (of the place), from, to, in.
        owner: shared, own (the current player's), other (of_np's), this, chosen."""
        if name is None:
            name = self.noun(key, count=number, form="def")
        g = gender if gender is not None else self.gender(key)
        prep = (self.m.maybe_attr(key, "prep") if key else None) or "default"
        known = bool(key and self.m.has(key))
        generic = not known and name == self.word("place", count=1)  # "this place", declined too
        # Each case a phrase table may need (German dative; Russian genitive, accusative, locative).
        cases = {f"name_{c}": self.noun(key, count=number, form=c) if known
                 else self.word("place", count=1, form=c) if generic else name for c in CASE_FORMS}
        return self.m(f"place-{how}", name=name, gender=g, number=number, owner=owner,
                      of=owner_np, vowel=self.vowel(key, name), prep=prep, **cases)

    def players_text(self, low: int, high: int, case: str = "nom") -> str:
        """ "2–6 players", "2 players"; case dat after "with" (German "bei 2–6 Spielern")."""
        return self.m("ui-players", range=self.range_text(low, high), count=high, case=case)

    def range_text(self, low: int, high: int) -> str:
        return self.m("ui-number", n=low) if low == high else self.m("ui-range", low=low, high=high)

    def players_set(self, counts: list[int], case: str = "nom") -> str:
        """ "5–6 and 11–12 players" """
        ranges: list[list[int]] = []
        for n in counts:
            if ranges and ranges[-1][1] == n - 1:
                ranges[-1][1] = n
            else:
                ranges.append([n, n])
        if not ranges:
            return self.m("word-nothing")
        return self.m("ui-players", range=self.m.join([self.range_text(lo, hi) for lo, hi in ranges], "and"),
                      count=ranges[-1][1], case=case)

    def value_text(self, value: Any, count_key: str | None = None, short: bool = False) -> str:
        """A static value as text (numbers, option values, symbols, lists, player-count groups)."""
        if isinstance(value, ByPlayers):
            parts = [self.m("ui-by-players", value=self.value_text(v, count_key),
                            players=self.players_text(lo, hi, "dat")) for lo, hi, v in value.groups]
            return self.m.join(parts, "and")
        if isinstance(value, bool):
            return self.m("word-yes" if value else "word-no")
        if isinstance(value, int):
            return self.m("ui-number", n=value)
        if isinstance(value, Sym):
            return self.symbol_text(value.name)
        if isinstance(value, CardRef):
            return self.card_title(value.name)
        if isinstance(value, str):
            return self.symbol_text(value)
        if isinstance(value, dict):
            return self.bundle_text(value, short)
        if isinstance(value, list):
            return self.m.join([self.value_text(v) for v in value], "and")
        if value is None:
            return self.m("word-none")
        return self.word("thing", count="one", form="bare")

    def bundle_text(self, bundle: dict[str, int], short: bool = False) -> str:
        if short:
            parts = [self.m("ui-amount-short", n=n, what=self.short(k, n)) for k, n in bundle.items() if n]
            return self.m("ui-list-sep").join(parts) if parts else "–"
        parts = [self.m("ui-amount", n=n, what=self.noun(self.noun_key(k), n)) for k, n in bundle.items() if n]
        return self.m.join(parts, "and") if parts else self.m("word-nothing")

    def short(self, kind: str, count: Any = "adj") -> str:
        """A token kind's short name (an adjective such as a colour), or its noun. count is a
        number (in tables: "6 red") or "adj" (in conditions: "the piece is red")."""
        key = self.noun_key(kind)
        if key is not None and self.m.has(key, "short"):
            return self.m.attr(key, "short", count=count)
        return self.noun(key, "one" if count == "adj" else count)

    def symbol_text(self, name: str) -> str:
        d = self.d
        space = next((sp for b in d.boards.values() for sp in b.spaces if sp.name == name), None)
        if space is not None:  # plans: a board's space, by its name
            key = f"space-{name}"
            return self.m(key) if self.m.has(key) else self.m("ui-quoted", text=space.title or name)
        for opt in d.options.values():
            if name in [str(v) for v in opt.values]:
                key = f"option-{opt.name}-{name}"
                if self.m.has(key):
                    return self.m(key)
        key = self.noun_key(name)
        if key is not None:
            return self.noun(key, "one")
        if name in d.symbols and self.m.has(f"symbol-{name}"):
            return self.m(f"symbol-{name}", count=1)
        if name in d.cards:
            return self.card_title(name)
        if name in d.decks and self.m.has(f"deck-{name}"):
            return self.m(f"deck-{name}")
        if is_side(name):
            return self.m(f"word-{name}")
        return self.word("thing", count="one", form="bare")

    def card_title(self, name: str) -> str:
        key = f"card-{name}"
        if self.m.has(key):
            return self.m(key, **self.card_args(name))
        card = self.d.cards.get(name)
        return self.m("ui-quoted", text=card.title) if card and card.title else self.word("card", count=1)

    def rule_title(self, name: str) -> str:
        """A rule's name in a sentence ("do ...", "before ..."): its message, its title, or "value"."""
        key = f"rule-{name}"
        if self.m.has(key):
            return self.m(key)
        rule = self.d.rules.get(name)
        return rule.title if rule and rule.title else self.word("value")

    def option_note(self, names: list[str]) -> str:
        parts = []
        for name in dict.fromkeys(names):
            opt = self.d.options.get(name)
            if opt is None:
                continue
            title = self.m(f"option-{name}") if self.m.has(f"option-{name}") else (opt.title or "")
            parts.append(self.m("ui-option-value", option=title,
                                value=self.symbol_text(str(self.d.option_values[name]))))
        return self.m.join(parts, "and")

    def field_label(self, name: str) -> str:
        for deck in self.d.decks.values():
            if name in deck.fields and self.m.has(f"deck-{deck.name}", f"field-{name}"):
                return self.m.attr(f"deck-{deck.name}", f"field-{name}")
        key = self.noun_key(name)
        if key is not None:
            return self.noun(key, "one")
        return self.m("word-field")

    def decision(self, id_: str) -> str:
        key = f"decision-{id_}"
        return self.m(key) if self.m.has(key) else self.m("word-decision")

    def sentence(self, text: str) -> str:
        text = text.strip()
        return text[:1].upper() + text[1:] if text else text

    def with_note(self, text: str, note: str) -> str:
        head = self.m("ui-head", text="")
        if head and text.endswith(head):
            return self.m("ui-head", text=self.m("ui-with-note", text=text[: -len(head)], note=note))
        return self.m("ui-with-note", text=text, note=note)

    def local_of_kind(self, elem: str, chosen: bool = False, noun: str | None = None,
                      gender: str | None = None, noun_key: str | None = None) -> Local:
        """How a local is referred to; $noun_gen, $noun_dat, $noun_acc are its noun in those
        cases (Russian "этого значения"), from the phrase table or the game's noun message."""
        which = "chosen" if chosen else "this"
        if elem == "player":
            return Local("player", "ref-player", {"which": which})
        if noun is None:
            noun, gender = self.kind_word(elem), self.kind_word(elem, "gender")
            forms = {f"noun_{c}": self.kind_word(elem, c) for c in NOUN_CASES}
        elif noun_key is not None:
            forms = {f"noun_{c}": self.noun(noun_key, "one", c) for c in NOUN_CASES}
        else:
            forms = {f"noun_{c}": noun for c in NOUN_CASES}
        return Local(elem, "ref-this", {"noun": noun, "gender": gender or "m", "which": which,
                                        "vowel": "yes" if VOWEL_START.match(noun) else "no", **forms},
                     noun=noun if elem in ("zone", "zname") else "", gender=gender or "m")

    def kind_word(self, elem: str, form: str = "bare") -> str:
        """The generic noun for one value of a kind ("player", "place", "value") or its gender."""
        return self.m(self.WORDS.get(elem, "word-value"), count=1, form=form)

    def singular_noun(self, elem: str, local: Local) -> str:
        return local.noun or self.kind_word(elem)

    def local_gender(self, elem: str, local: Local) -> str:
        return local.gender if local.noun else self.kind_word(elem, "gender")
