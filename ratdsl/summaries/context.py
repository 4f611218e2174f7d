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
    # where `subst` was written: it is read with the locals of that place, never with those of
    # the body it is put into (a func's parameter named as a local of its caller would otherwise
    # read the caller's value as its own, and two such names can refer to each other for ever)
    scope: Ctx | None = field(default=None, repr=False, compare=False)

    def subst_ctx(self, where: Ctx) -> Ctx:
        """The locals `subst` is read with (`where`, the place it is put, when none was kept)."""
        return self.scope if self.scope is not None else where


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
