"""What the generic renderer's parts share: the sentences it returns and the locals in scope."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..language import ast as A

VOWEL_START = re.compile(r"^[aeiouyhàâäéèêëîïôöùûüœæ]", re.IGNORECASE)


@dataclass
class Item:
    """A sentence, with the sentences that depend on it."""

    text: str
    children: list[Item] = field(default_factory=list)


@dataclass
class Local:
    """A name bound in the rules (parameter, loop variable, let, choice) and how it is referred to."""

    kind: str            # player, zone, zname, card, kind, side, number, value, list:KIND
    ref_key: str = ""    # the structure message that refers to it ("the player", "this area")
    ref_args: dict[str, Any] = field(default_factory=dict)
    noun: str = ""       # for zone names: the singular noun ("area")
    subst: A.Expr | None = None
    gender: str = "m"


@dataclass
class Ctx:
    """The locals in scope where a phrase is written; immutable in use (`bind` makes a new one)."""

    locals: dict[str, Local] = field(default_factory=dict)
    subject: str | None = None  # the player whose places are "their ..."

    def bind(self, name: str, local: Local, subject: bool = False) -> Ctx:
        return Ctx({**self.locals, name: local}, name if subject else self.subject)


def list_of(kind: str) -> str:
    return "list:" + kind


def element_of(kind: str) -> str:
    if kind == "pile":
        return "card"
    return kind[5:] if kind.startswith("list:") else "value"


def is_list(kind: str) -> bool:
    return kind.startswith("list:") or kind == "pile"
