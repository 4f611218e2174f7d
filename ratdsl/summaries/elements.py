"""The rule elements a summary talks about, each with its stable message id.

Message ids are built from the identifiers in the rule files, never from their titles:

    game                      the game's name            round           the round (.text)
    phase-PHASE (.summary)    step-PHASE-STEP (.text)    setup-STEP (.text)
    deck-DECK (.text, .field-FIELD)                      card-CARD (.text when it has effects)
    option-OPTION             option-OPTION-VALUE        table-TABLE (.param, .value)
    zone-ZONE  pile-PILE  kind-KIND  const-CONST  var-VAR      nouns (with grammar attributes)
    func-FUNC  rule-RULE (.text when it has a body)      decision-ID     symbol-SYMBOL
    board-BOARD  space-SPACE  field-FIELD (a board's)    the board section's names
    scoring (.text)           module-MODULE              variant-VARIANT
    action-ACTION (.text)     an action or ability (the summary's actions section reads it)

Each element belongs to one source: "game" for the game folder's own files, the module's name
for a file in modules/, the variant file's stem for a variant. Its messages live in
`locales/<lang>/<source>.ftl`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..language import ast as A
from ..language.loader import RuleSet
from ..semantics.definition import GameDef

NOUN_KINDS = ("zone", "pile", "kind", "const", "var")
BASE_SOURCE = "game"


@dataclass
class Element:
    key: str
    kind: str
    node: A.Node | None
    source: str
    attrs: tuple[str, ...] = ()
    title: str | None = None
    parent: str | None = None  # the phase of a step, the option of a value, the deck of a card

    @property
    def is_noun(self) -> bool:
        return self.kind in NOUN_KINDS


def source_of(ruleset: RuleSet, file: str) -> str:
    path = Path(file)
    try:
        root = ruleset.root.resolve()
        resolved = path.resolve()
    except OSError:
        return BASE_SOURCE
    if resolved.parent == root:
        return BASE_SOURCE
    if resolved.parent == root / "modules":
        return path.stem
    return path.stem


def has_effects(card: A.Card) -> bool:
    return bool(card.handlers or card.modifiers or card.hooks)


def decisions_in(node: A.Node) -> list[A.Stmt]:
    return [n for n in A.walk(node) if isinstance(n, (A.AskMay, A.AskChoose, A.AskDistribute, A.Plan))]  # (Plan: plans)


class Registry:
    """Every element of a loaded rule set, in declaration order, by message id."""

    def __init__(self, d: GameDef):
        self.d = d
        self.ruleset = d.ruleset
        self.elements: dict[str, Element] = {}
        self._collect()

    def add(self, key: str, kind: str, node: A.Node | None, attrs=(), title=None, parent=None,
            source: str | None = None) -> Element:
        if key in self.elements:
            return self.elements[key]
        if source is None:
            source = source_of(self.ruleset, node.span.file) if node is not None else BASE_SOURCE
        el = Element(key, kind, node, source, tuple(attrs), title, parent)
        self.elements[key] = el
        return el

    def get(self, key: str) -> Element | None:
        return self.elements.get(key)

    def by_source(self, source: str) -> list[Element]:
        return [e for e in self.elements.values() if e.source == source]

    def sources(self) -> list[str]:
        return list(dict.fromkeys(e.source for e in self.elements.values()))

    def _collect(self) -> None:
        rs = self.ruleset
        self.add("game", "game", rs.game, title=rs.game.title)
        for m in rs.modules:
            self.add(f"module-{m.name}", "module", m, title=m.title)
        if rs.variant is not None:
            self.add(f"variant-{rs.variant.name}", "variant", rs.variant, title=rs.variant.title)
        for decl in rs.decls:
            self._decl(decl)
        for decl in rs.decls:
            for ask in decisions_in(decl):
                self.add(f"decision-{ask.id}", "decision", ask, source=source_of(rs, decl.span.file))

    def says_something(self, block: A.Block, calling: frozenset[str] = frozenset()) -> bool:
        """Whether a body does anything a reader must be told: not only calls of empty rules
        (the points where cards and modules hook in) or narration. A call of a rule already
        being looked into (`calling`: a rule that reaches itself) says something: that it repeats."""
        for stmt in block.stmts:
            if isinstance(stmt, A.Say):
                continue
            if isinstance(stmt, A.Do) and stmt.rule not in calling:
                rule = self.d.rules.get(stmt.rule)
                if rule is not None and not self.says_something(rule.body, calling | {stmt.rule}):
                    continue
            return True
        return False

    def _decl(self, decl: A.Decl) -> None:
        if isinstance(decl, A.Option):
            self.add(f"option-{decl.name}", "option", decl, title=decl.title)
            for v in decl.values:
                if isinstance(v, int) and not isinstance(v, bool):
                    continue  # a number needs no translation
                self.add(f"option-{decl.name}-{_value_id(v)}", "option-value", decl, parent=decl.name)
        elif isinstance(decl, A.Tokens):
            for n in decl.names:
                self.add(f"kind-{n}", "kind", decl)
        elif isinstance(decl, A.Symbols):
            for n in decl.names:
                self.add(f"symbol-{n}", "symbol", decl)
        elif isinstance(decl, A.Const):
            self.add(f"const-{decl.name}", "const", decl)
        elif isinstance(decl, A.Zone):
            for n in decl.names:
                self.add(f"zone-{n}", "zone", decl)
        elif isinstance(decl, A.Pile):
            for n in decl.names:
                self.add(f"pile-{n}", "pile", decl)
        elif isinstance(decl, A.Var):
            self.add(f"var-{decl.name}", "var", decl)
        elif isinstance(decl, A.Deck):
            attrs = [f"field-{f}" for f in decl.fields]
            if decl.active is not None:
                attrs.insert(0, "text")
            self.add(f"deck-{decl.name}", "deck", decl, attrs, decl.title)
        elif isinstance(decl, A.Card):
            self.add(f"card-{decl.name}", "card", decl, ("text",) if has_effects(decl) else (),
                     decl.title, parent=decl.deck)
        elif isinstance(decl, A.Board):  # the names of the summary's board section
            self.add(f"board-{decl.name}", "board", decl, title=decl.title)
            for f in decl.fields:
                self.add(f"field-{f}", "board-field", decl, parent=decl.name)
            for space in decl.spaces:
                self.add(f"space-{space.name}", "space", space, title=space.title, parent=decl.name)
        elif isinstance(decl, A.Table):
            self.add(f"table-{decl.name}", "table", decl, ("param", "value"), decl.title)
        elif isinstance(decl, A.Func):
            self.add(f"func-{decl.name}", "func", decl)
        elif isinstance(decl, A.Rule):
            self.add(f"rule-{decl.name}", "rule", decl, ("text",) if self.says_something(decl.body) else (),
                     decl.title)
        elif isinstance(decl, A.Setup):
            for step in decl.steps:
                self.add(f"setup-{step.name}", "setup-step", step,
                         ("text",) if self.says_something(step.body) else (), step.title)
        elif isinstance(decl, A.Phase):
            self.add(f"phase-{decl.name}", "phase", decl, ("summary",), decl.title)
            for step in decl.steps:
                self.add(f"step-{decl.name}-{step.name}", "step", step,
                         ("text",) if self.says_something(step.body) else (), step.title, parent=decl.name)
        elif isinstance(decl, A.Action):  # turns: the summary's actions section titles each one
            self.add(f"action-{decl.name}", "action", decl, ("text",), decl.title)
        elif isinstance(decl, A.Round):
            self.add("round", "round", decl, ("text",))
        elif isinstance(decl, A.Scoring):
            self.add("scoring", "scoring", decl, ("text",))


def _value_id(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_value_key(option: str, value) -> str:
    return f"option-{option}-{_value_id(value)}"
