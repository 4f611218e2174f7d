"""Builds a rule summary from a loaded game: components and setup, the round, each phase, the
card decks, player-count rules, scoring, optional modules, and the options in force.

Every element is told by its hand-written message when there is one (and it still describes
the element: a variant that rewrites a step gets a sentence built from the new step instead),
and by the generic renderer otherwise. Numbers come from the rule files through Fluent
variables (see facts.py), so changing a rule changes every language's summary.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from dataclasses import replace as dc_replace
from pathlib import Path
from typing import Any

from ..language import ast as A
from ..language.loader import decl_identity
from ..semantics.definition import GameDef
from .document import BulletList, Document, ListItem, Para, Section, Span, Table, spans, text_blocks
from .elements import BASE_SOURCE, Registry, option_value_key, source_of
from .facts import PlayersWhere, global_values, local_values
from .generic import Ctx, Generic, Item
from .messages import Catalog, MessageError, rule_locale_files, shipped_languages
from .names import reads_player_count
from .static import ByPlayers, CardRef, NotStatic, StaticEval, Sym, over_players, player_breaks, value_at


# ---------------------------------------------------------------- variant changes
@dataclass
class Changes:
    """What a variant changed, by message id (see elements.py)."""

    changed: set[str] = field(default_factory=set)   # replaced with different rules
    reshaped: set[str] = field(default_factory=set)  # changed beyond its numbers: old texts no longer fit
    added: set[str] = field(default_factory=set)
    removed: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    added_nodes: list[A.Decl] = field(default_factory=list)

    def mark(self, key: str) -> str | None:
        if key in self.added:
            return "added"
        if key in self.changed:
            return "changed"
        return None


def _strip(node: Any, numbers: bool) -> Any:
    """A copy without titles (and, with numbers=True, with every whole number set to 0)."""
    if isinstance(node, A.IntLit) and numbers:
        return A.IntLit(0)
    if isinstance(node, tuple):
        return tuple(_strip(n, numbers) for n in node)
    if is_dataclass(node) and isinstance(node, A.Node):
        changes = {}
        for f in fields(node):
            if f.name == "span":
                continue
            value = getattr(node, f.name)
            if f.name == "title":
                changes[f.name] = None
            elif isinstance(value, (A.Node, tuple)):
                changes[f.name] = _strip(value, numbers)
        return dc_replace(node, **changes)
    return node


def _key_for(ident: tuple[str, str]) -> str:
    kind, name = ident
    if kind in ("round", "scoring"):
        return kind
    return f"{kind}-{name}"


def variant_changes(d: GameDef) -> Changes:
    rs = d.ruleset
    ch = Changes()
    if rs.variant is None:
        return ch
    base = {decl_identity(x): x for x in rs.base_decls if decl_identity(x) is not None}
    now = {decl_identity(x): x for x in rs.decls if decl_identity(x) is not None}
    for ident, decl in now.items():
        old = base.get(ident)
        if old is None:
            if isinstance(decl, A.Tokens | A.Zone | A.Pile | A.Symbols):
                continue
            ch.added.add(_key_for(ident))
            ch.added_nodes.append(decl)
            continue
        if old == decl:
            continue
        if isinstance(decl, A.Setup | A.Phase):
            old_steps = {s.name: s for s in old.steps}
            prefix = "setup-" if isinstance(decl, A.Setup) else f"step-{decl.name}-"
            for step in decl.steps:
                before = old_steps.get(step.name)
                if before is None:
                    ch.added.add(prefix + step.name)
                elif before != step:
                    ch.changed.add(prefix + step.name)
                    if _strip(before, True) != _strip(step, True):
                        ch.reshaped.add(prefix + step.name)
                        if isinstance(decl, A.Phase):
                            ch.reshaped.add(f"phase-{decl.name}")  # its one-line summary may be stale
            for name in old_steps:
                if name not in {s.name for s in decl.steps}:
                    ch.removed.append(prefix + name)
            if isinstance(decl, A.Phase):
                ch.changed.add(f"phase-{decl.name}")
            continue
        key = _key_for(ident)
        ch.changed.add(key)
        if _strip(old, True) != _strip(decl, True):
            ch.reshaped.add(key)
    for ident in base:
        if ident not in now:
            ch.removed.append(_key_for(ident))
    for decl in rs.decls:
        if decl_identity(decl) is None and not any(decl is b for b in rs.base_decls):
            ch.added_nodes.append(decl)
    ch.options = {k: v for k, (v, _span) in rs.option_overrides.items()}
    return ch


# ---------------------------------------------------------------- builder
_SHARED: dict[int, tuple[GameDef, dict[str, Any]]] = {}


def shared(d: GameDef) -> dict[str, Any]:
    """What the summaries of one definition in every language have in common (its elements, each
    node's values), worked out once: the last few definitions are kept."""
    if id(d) not in _SHARED or _SHARED[id(d)][0] is not d:
        if len(_SHARED) >= 4:
            _SHARED.pop(next(iter(_SHARED)))
        _SHARED[id(d)] = (d, {"registry": Registry(d), "values": {}})
    return _SHARED[id(d)][1]


class Summary:
    def __init__(self, d: GameDef, lang: str, generic_only: bool = False, strict: bool = True):
        self.generic_only = generic_only
        self.d = d
        self.lang = lang
        self.rs = d.ruleset
        self.reg = shared(d)["registry"]
        self.stems = [BASE_SOURCE] + [Path(f).stem for f in self.rs.files
                                      if Path(f).parent.resolve() == (self.rs.root / "modules").resolve()]
        if self.rs.variant is not None:
            self.variant_stem = Path(self.rs.files[-1]).stem
            self.stems.append(self.variant_stem)
        else:
            self.variant_stem = None
        self.m = Catalog(lang, rule_locale_files(self.rs.root, lang, self.stems), strict_files=strict)
        self.ev = StaticEval(d)
        self.g = Generic(d, self.m, self.ev)
        self.g.words.card_args = lambda name: self.args(d.cards.get(name))
        self.globals = global_values(d, self.ev)
        self.changes = variant_changes(d)
        self.rendered_rules: set[str] = set()
        self.rendered_funcs: set[str] = set()  # (functions told under a phase: explained_funcs)
        self.warnings: list[str] = []
        shipped = shipped_languages(self.rs.root)
        if lang not in shipped:  # said once, not only by each "(not translated)" mark
            self.warnings.append(f"[{lang}] the game ships no messages in this language (only "
                                 f"{', '.join(shipped) or 'none'}): names stay as the rule files write them, "
                                 "marked as not translated")
        self.module_files = {Path(f).resolve(): Path(f).stem for f in self.rs.files
                             if Path(f).parent.resolve() == (self.rs.root / "modules").resolve()}

    # ------------------------------------------------------------ helpers
    def source(self, node: A.Node) -> str:
        return source_of(self.rs, node.span.file)

    def in_module(self, node: A.Node) -> str | None:
        path = Path(node.span.file).resolve()
        return self.module_files.get(path)

    def args(self, node: A.Node | None) -> dict[str, Any]:
        """The Fluent variables of a message about node (facts.py); the same for every message
        about one node, so worked out once per node."""
        cache = self.__dict__.setdefault("_args_by_node", {})
        if id(node) not in cache:
            cache[id(node)] = (node, self.node_args(node))  # the node is kept so that its id stays its own
        return dict(cache[id(node)][1])

    def node_args(self, node: A.Node | None) -> dict[str, Any]:
        if node is None:
            return self.fluent_values(self.globals)
        values = shared(self.d)["values"]
        if id(node) not in values:
            values[id(node)] = (node, local_values(self.d, self.ev, node))
        return {**self.globals_args(), **self.fluent_values(values[id(node)][1])}

    def fluent_values(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Values as Fluent takes them: numbers by number of players as a short text."""
        out: dict[str, Any] = {}
        for k, v in raw.items():
            if isinstance(v, ByPlayers):
                out[k] = self.g.words.value_text(v)
            elif isinstance(v, PlayersWhere):
                out[k] = self.g.words.players_set(list(v.counts), "dat")
            elif isinstance(v, Sym):
                out[k] = v.name
            elif isinstance(v, (int, str)):
                out[k] = v
        return out

    def globals_args(self) -> dict[str, Any]:
        if not hasattr(self, "_globals_args"):
            self._globals_args = self.node_args(None)
        return self._globals_args

    def usable(self, key: str, attr: str | None) -> bool:
        """Whether a hand-written message exists and still describes the element."""
        if self.generic_only and attr is not None:
            return False
        if not self.m.has(key, attr):
            return False
        if attr is not None and (key in self.changes.reshaped or key in self.changes.added):
            origin = self.m.origin.get(key)
            return origin is not None and self.variant_stem is not None and origin.stem == self.variant_stem
        return True

    def title(self, key: str, fallback: str | None = None, node: A.Node | None = None) -> str:
        if self.m.has(key):
            try:
                return self.m.format(key, None, self.args(node) if node is not None else self.globals_args())
            except MessageError as err:
                self.warn(key, err)
        if fallback:  # the rule file's own words: shown, and marked as not translated
            return self.m("ui-untranslated", text=fallback)
        return self.m("word-untitled")

    def text(self, key: str, node: A.Node | None, attr: str = "text") -> list | None:
        """The hand-written text, or None: none exists, or it no longer fits the rule (a variable
        it uses is gone: the rule changed shape), and then the generic sentence is told instead."""
        if not self.usable(key, attr):
            return None
        try:
            return text_blocks(self.m.attr(key, attr, **self.args(node)))
        except MessageError as err:
            self.warn(f"{key}.{attr}", err)
            return None

    def warn(self, what: str, err: Exception) -> None:
        """A hand-written message that no longer fits: the reader gets the generic sentence, the
        designer a warning (never a failed summary)."""
        reason = str(err).split("] ", 1)[-1].split(": ", 1)[-1]
        self.warnings.append(f"[{self.lang}] {what}: the message no longer fits the rules ({reason}); "
                             "the generic sentence is used")

    def badge(self, key: str) -> list[Span]:
        mark = self.changes.mark(key)
        if mark is None:
            return []
        return [Span(" "), Span(self.badge_text(key), "badge")]

    def badge_text(self, key: str) -> str:
        """"changed by the variant", agreeing with the element's noun (.gender of its message)."""
        mark = self.changes.mark(key)
        if mark is None:
            return ""
        return self.m(f"ui-badge-{mark}", gender=self.m.maybe_attr(key, "gender", "m"))

    def items_blocks(self, items: list[Item]) -> list:
        if not items:
            return []
        return [BulletList([self.list_item(i) for i in items])]

    def list_item(self, item: Item) -> ListItem:
        return ListItem([Span(item.text)], self.items_blocks(item.children))

    def labelled(self, label: str, blocks: list, key: str | None = None) -> ListItem:
        """A list item "Label: first paragraph", with the rest of the blocks below it."""
        head = [Span(label, "strong")] + (self.badge(key) if key else [])
        rest = list(blocks)
        if rest and isinstance(rest[0], Para):
            head += [Span(self.m("ui-label-sep"))] + rest.pop(0).spans
        return ListItem(head, rest)

    def element_blocks(self, key: str, node: A.Node | None, generic) -> list:
        """The hand-written text of an element, or the generic rendering."""
        self.g.stmts.labels = 0
        blocks = self.text(key, node)
        if blocks is not None:
            return blocks
        return self.items_blocks(generic())

    # ------------------------------------------------------------ document
    def build(self, quick_ref: bool = False) -> Document:
        if quick_ref:
            from .quickref import quick_reference  # one page of this summary's parts
            return quick_reference(self)
        game = self.title("game", self.rs.game.title)
        doc = Document(self.lang, self.m("ui-summary-title", game=game))
        doc.blocks = self.intro()
        sections: list[Section] = []
        if self.rs.variant is not None:
            sections.append(self.variant_section())
        sections.append(self.setup_section())
        sections += self.board_sections()
        sections.append(self.round_section())
        sections += self.phase_sections()
        actions = self.action_section()  # turns
        if actions is not None:
            sections.append(actions)
        sections += self.deck_sections(module=None)
        sections += self.table_sections(level=2, skip_quick=False)
        players = self.players_section()
        if players is not None:
            sections.append(players)
        sections.append(self.scoring_section())
        other = self.other_section()
        if other is not None:
            sections.append(other)
        for header in self.rs.modules:
            sections.append(self.module_section(header))
        sections.append(self.options_section())
        doc.sections = sections
        doc.footer = self.m("ui-footer")
        return doc

    def intro(self, short: bool = False) -> list:
        g = self.rs.game
        players = self.g.words.players_text(g.min_players, g.max_players)
        blocks = [Para(spans(self.m("ui-intro", players=players)))]
        if short:
            return blocks
        if self.rs.modules:
            names = [self.title(f"module-{h.name}", h.title) for h in self.rs.modules]
            blocks.append(Para(spans(self.m("ui-modules-on", modules=self.m.join(names, "and"), count=len(names)))))
        else:
            blocks.append(Para(spans(self.m("ui-modules-off"))))
        return blocks

    # ------------------------------------------------------------ variant
    def variant_section(self) -> Section:
        v = self.rs.variant
        title = self.title(f"variant-{v.name}", v.title)
        changed, added = self.m("ui-badge-changed", gender="m"), self.m("ui-badge-added", gender="m")
        blocks: list = [Para(spans(self.m("ui-variant-intro", variant=title, changed=changed, added=added)))]
        items: list[ListItem] = []
        for key in sorted(self.changes.changed | self.changes.added, key=self.element_order):
            if key.startswith("phase-") and any(k.startswith("step-" + key[6:] + "-") for k in
                                                self.changes.changed | self.changes.added):
                continue
            what = self.describe_key(key)
            mark = "added" if key in self.changes.added else "changed"
            rows = self.table_changes(key) if mark == "changed" else None
            if rows:
                items.append(ListItem(spans(self.m("ui-variant-rows", what=what, changes=self.m.join(rows, "and")))))
                continue
            items.append(ListItem(spans(self.m(f"ui-variant-{mark}", what=what))))
        for key in self.changes.removed:
            items.append(ListItem(spans(self.m("ui-variant-removed", what=self.describe_key(key)))))
        for name, value in self.changes.options.items():
            items.append(ListItem(spans(self.m("ui-variant-option", option=self.option_title(name),
                                               value=self.option_value(name, value)))))
        for decl in self.changes.added_nodes:
            if isinstance(decl, (A.Hook, A.Modify)):
                items.append(ListItem(spans(self.m("ui-variant-added", what=self.m("ui-other-rule")))))
        if self.rs.variant.modules:
            names = [self.title(f"module-{m}", m) for m in self.rs.variant.modules]
            items.append(ListItem(spans(self.m("ui-variant-modules", modules=self.m.join(names, "and")))))
        if items:
            blocks.append(BulletList(items))
        return Section(self.m("ui-section-variant", variant=title), blocks=blocks, anchor="variant")

    def table_changes(self, key: str) -> list[str] | None:
        """A changed table told row by row ("from 7 to 9 items, 3 → 4"), when its rows keep their
        ranges; None when they do not (the table itself is shown, marked)."""
        if not key.startswith("table-"):
            return None
        now = self.d.tables.get(key[6:])
        old = next((x for x in self.rs.base_decls if isinstance(x, A.Table) and x.name == key[6:]), None)
        if now is None or old is None or len(now.rows) != len(old.rows):
            return None
        var = self.m.attr(key, "var") if self.m.has(key, "var") else self.g.words.word("value", count=2)
        ctx = Ctx().bind(now.param, self.g.words.local_of_kind("number", noun=var))
        ctx.locals[now.param].ref_key = "ref-param"
        ctx.locals[now.param].ref_args = {"name": var}
        out: list[str] = []
        run: list = []  # rows in a row that cost the same amount more: [low, high, delta]
        covered = None
        for a, b in zip(old.rows, now.rows):
            if (a.row.low, a.row.high) != (b.row.low, b.row.high):
                return None
            before, after = self.g.exprs.expr(a.value, ctx), self.g.exprs.expr(b.value, ctx)
            delta = (b.value.value - a.value.value) if isinstance(a.value, A.IntLit) and \
                isinstance(b.value, A.IntLit) and b.row.low is not None else None
            if run and (delta != run[2] or b.row.low != run[1] + 1):
                out.append(self.m("ui-variant-row-more", low=run[0], high=run[1], var=var, delta=run[2]))
                run = []
            if delta is not None and delta > 0:
                run = [run[0] if run else b.row.low, b.row.high, delta]
            elif before != after:
                if b.row.low is None:
                    out.append(self.m("ui-variant-row-rest", low=covered or 0, var=var, old=before, new=after))
                else:
                    out.append(self.m("ui-variant-row", low=b.row.low, high=b.row.high, var=var, old=before, new=after))
            if b.row.high is not None:
                covered = max(covered or 0, b.row.high)
        if run:
            out.append(self.m("ui-variant-row-more", low=run[0], high=run[1], var=var, delta=run[2]))
        return out or None

    def element_order(self, key: str) -> int:
        keys = list(self.reg.elements)
        return keys.index(key) if key in keys else len(keys)

    def describe_key(self, key: str) -> str:
        el = self.reg.get(key)
        kind = el.kind if el is not None else key.split("-", 1)[0]
        if el is not None and el.kind == "step":
            phase = self.reg.get(f"phase-{el.parent}")
            return self.m("ui-what-step", step=self.title(key, el.title),
                          phase=self.title(f"phase-{el.parent}", phase.title if phase else None))
        if el is None:  # removed by the variant: its name from the messages, as the game had it
            name = self.title(key) if self.m.has(key) else self.m("ui-quoted", text=key.split("-", 1)[-1])
            return self.m("ui-what", kind=kind, name=name)
        title = self.title(key, el.title)
        if el.kind in ("func", "const", "zone", "kind", "pile", "var"):
            title = self.m("ui-quoted", text=self.g.words.noun(key, "one") if el.kind != "func" else el.key[5:])
        return self.m("ui-what", kind=el.kind, name=title)

    # ------------------------------------------------------------ setup
    def setup_section(self) -> Section:
        blocks: list = []
        table = self.components_table([s for s in self.setup_steps(None)])
        if table is not None:
            blocks.append(Para([Span(self.m("ui-components"), "strong")]))
            blocks.append(table)
        steps = self.setup_steps(None)
        if steps:
            blocks.append(Para([Span(self.m("ui-setup"), "strong")]))
            blocks.append(BulletList([self.step_item(f"setup-{s.name}", s) for s in steps], ordered=True))
        return Section(self.m("ui-section-setup"), blocks=blocks, anchor="setup")

    def setup_steps(self, module: str | None) -> list[A.Step]:
        steps = []
        for decl in self.rs.decls:
            if isinstance(decl, A.Setup):
                for step in decl.steps:
                    if self.in_module(step) == module:
                        steps.append(step)
        return steps

    def step_item(self, key: str, step: A.Step) -> ListItem:
        title = self.title(key, step.title)
        blocks = self.element_blocks(key, step, lambda: self.g.stmts.block(step.body, Ctx()))
        return self.labelled(title, blocks, key)

    def components_table(self, steps: list[A.Step]) -> Table | None:
        rows: list[tuple[str, str, Any]] = []
        for step in steps:
            self._creates(step.body, 1, rows)
        if not rows:
            return None
        lo, hi = self.rs.game.min_players, self.rs.game.max_players
        breaks = player_breaks([r[2] for r in rows], lo, hi)
        if len(breaks) == 1:
            header = [self.m("ui-col-component"), self.m("ui-col-where"), self.m("ui-col-amount")]
        else:
            header = [self.m("ui-col-component"), self.m("ui-col-where")] + \
                     [self.g.words.players_text(a, b) for a, b in breaks]
        out = []
        for what, where, amount in rows:
            cells = [[Span(what)], [Span(where)]]
            for a, _b in breaks:
                cells.append([Span(self.m("ui-number", n=value_at(amount, a)))])
            out.append(cells)
        return Table(header, out, numeric=[False, False] + [True] * len(breaks))

    def _creates(self, block: A.Block, mult: Any, rows: list) -> None:
        for stmt in block.stmts:
            if isinstance(stmt, A.If):
                decided = self.g.decided.decide(stmt.condition, Ctx())
                if decided is True:
                    self._creates(stmt.then, mult, rows)
                elif decided is False and stmt.otherwise is not None:
                    self._creates(stmt.otherwise, mult, rows)
            elif isinstance(stmt, A.Repeat):
                try:
                    n = over_players(self.ev, stmt.count)
                except NotStatic:
                    continue
                self._creates(stmt.body, _times(mult, n), rows)
            elif isinstance(stmt, (A.Secretly,)):
                self._creates(stmt.body, mult, rows)
            elif isinstance(stmt, A.Create):
                try:
                    what = over_players(self.ev, stmt.what)
                except NotStatic:
                    continue
                where = self.g.exprs.zone_phrase(stmt.where, Ctx(), "nom")
                self._add_rows(what, mult, where, rows)

    def _add_rows(self, what: Any, mult: Any, where: str, rows: list) -> None:
        sample = what.values()[0] if isinstance(what, ByPlayers) else what
        if isinstance(sample, dict):
            kinds = list(dict.fromkeys(k for v in (what.values() if isinstance(what, ByPlayers) else [what])
                                       for k in v))
            for kind in kinds:
                amount = _map(what, lambda v, k=kind: v.get(k, 0))
                rows.append((self.g.words.noun(f"kind-{kind}", "other"), where, _times(mult, amount)))
        elif isinstance(sample, list) and sample and all(isinstance(c, CardRef) for c in sample):
            decks = list(dict.fromkeys(self.d.cards[c.name].deck for c in sample))
            for deck in decks:
                amount = _map(what, lambda v, dk=deck: sum(1 for c in v if self.d.cards[c.name].deck == dk))
                title = self.title(f"deck-{deck}", self.d.decks[deck].title)
                rows.append((title, where, _times(mult, amount)))

    # ------------------------------------------------------------ round and phases
    def phases(self) -> list[A.Phase]:
        return [self.d.phases[p] for p in self.d.round if p in self.d.phases]

    def board_sections(self) -> list[Section]:
        """Each board (boards): a table of its spaces (in play at which numbers of players, their
        capacity and fields) and a list of its edges."""
        out = []
        lo, hi = self.rs.game.min_players, self.rs.game.max_players
        for board in self.d.boards.values():
            name = {s.name: self.title(f"space-{s.name}", s.title or s.name) for s in board.spaces}
            header = [self.m("ui-col-space"), self.m("ui-col-in-play"), self.m("ui-col-capacity")] + \
                [self.title(f"field-{f}", f) for f in board.fields]
            rows = []
            for space in board.spaces:
                low, high = space.players or (lo, hi)
                cap = space.capacity if space.capacity is not None else board.capacity
                values = {f.name: f.value for f in space.fields}
                in_play = self.g.words.players_text(max(low, lo), min(high, hi), "dat")
                cells = [[Span(name[space.name])], [Span(in_play)],
                         [Span(self.m("ui-number", n=cap) if cap is not None else self.m("ui-board-no-limit"))]]
                for f in board.fields:
                    cells.append([Span(self._space_value(values.get(f)))])
                rows.append(cells)
            blocks: list = [Para(spans(self.m("ui-board-intro", count=len(board.spaces)))),
                            Table(header, rows, [False, False, True] + [False] * len(board.fields))]
            edges = [ListItem(spans(self.m("ui-board-one-way" if e.one_way else "ui-board-edge", space=name.get(
                e.source, e.source), others=self.m.join([name.get(t, t) for t in e.targets], "and"))))
                for e in board.edges]
            if edges:
                blocks.append(BulletList(edges))
            title = self.title(f"board-{board.name}", board.title or board.name)
            out.append(Section(self.m("ui-section-board", board=title), blocks=blocks, anchor=f"board-{board.name}"))
        return out

    def _space_value(self, expr: A.Expr | None) -> str:
        """A space's field as text: its value when known before the game, else in words."""
        if expr is None:
            return self.m("ui-board-no-limit")
        try:
            return self.g.words.value_text(over_players(self.ev, expr))
        except NotStatic:
            return self.g.exprs.expr(expr, Ctx())

    def round_section(self, level: int = 2) -> Section:
        blocks: list = []
        rnd = next((x for x in self.rs.decls if isinstance(x, A.Round)), None)
        text = self.text("round", rnd) if rnd is not None else None
        if text is not None:
            blocks += text
        else:
            blocks.append(Para(spans(self.m("ui-round-generic", count=len(self.phases())))))
        blocks += self.length_paras()
        items = []
        for phase in self.phases():
            key = f"phase-{phase.name}"
            title = self.title(key, phase.title)
            summary = self.text(key, phase, "summary")
            if summary is None:
                steps = [self.title(f"step-{phase.name}-{s.name}", s.title) for s in phase.steps]
                summary = [Para(spans(self.m("ui-steps-sep").join(steps)))]
            items.append(self.labelled(title, summary, key))
        blocks.append(BulletList(items, ordered=True))
        return Section(self.m("ui-section-round"), level=level, blocks=blocks, anchor="round")

    def length_paras(self) -> list[Para]:
        """What the header says of a game's length: `ends after N rounds` and `at most N rounds`
        (a header without them says nothing: the engine's default cap is no rule of the game)."""
        g = self.rs.game
        out = []
        if g.end_after is not None:
            out.append(Para(spans(self.m("ui-round-ends-after", count=g.end_after))))
        if g.max_rounds is not None:
            out.append(Para(spans(self.m("ui-round-cap", count=g.max_rounds))))
        for ending in g.endings:  # turns
            cond = self.g.exprs.cond(ending.condition, Ctx())
            out.append(Para(spans(self.m(f"ui-ends-{ending.moment}", cond=cond))))
        return out

    # ------------------------------------------------------------ turns: actions and abilities
    def action_section(self) -> Section | None:
        """Each action and ability: when it is allowed, how often a turn, what it costs, what it does."""
        items = []
        for action in self.d.actions.values():
            key = f"action-{action.name}"
            title = self.title(key, action.title or action.name)

            def generic(action: A.Action = action) -> list[Item]:
                ctx = self.g.decls.params_ctx((action.param,), action.condition, action.cost, action.effect)
                out: list[Item] = []
                words = self.g.words
                if action.ability:
                    out.append(Item(words.sentence(self.m("ui-action-ability"))))
                if action.condition is not None:
                    out.append(Item(words.sentence(self.m("ui-action-only-if",
                                                          cond=self.g.exprs.cond(action.condition, ctx)))))
                if action.limit is not None:
                    limit = action.limit
                    n = limit.value if isinstance(limit, A.IntLit) else self.g.exprs.expr(limit, ctx)
                    out.append(Item(words.sentence(self.m("ui-action-limit", n=n))))
                if action.cost is not None:
                    out.append(Item(words.sentence(self.m("ui-action-cost")), self.g.stmts.block(action.cost, ctx)))
                out += self.g.stmts.block(action.effect, ctx)
                return out

            items.append(self.labelled(title, self.element_blocks(key, action, generic), key))
        if not items:
            return None
        return Section(self.m("ui-section-actions"), blocks=[BulletList(items)], anchor="actions")

    def phase_sections(self) -> list[Section]:
        out = []
        for n, phase in enumerate(self.phases(), 1):
            key = f"phase-{phase.name}"
            title = self.m("ui-phase-title", n=n, title=self.title(key, phase.title))
            blocks: list = []
            steps = [self.step_item(f"step-{phase.name}-{s.name}", s) for s in phase.steps
                     if self.reg.says_something(s.body) or self.changes.mark(f"step-{phase.name}-{s.name}")]
            if steps:
                blocks.append(BulletList(steps))
            rules = self.reachable_rules(phase)
            details = []
            for rule in rules:
                if rule.name in self.rendered_rules or self.in_module(rule):
                    continue
                self.rendered_rules.add(rule.name)
                details.append(self.rule_item(rule))
            details += self.explained_funcs(phase)
            if details:
                blocks.append(Para([Span(self.m("ui-details"), "strong")]))
                blocks.append(BulletList(details))
            out.append(Section(title, blocks=blocks, anchor=f"phase-{phase.name}",
                               badge=self.badge_text(key)))
        return out

    def explained_funcs(self, phase: A.Phase) -> list[ListItem]:
        """The functions a phase relies on (through its steps, the rules they run and the
        functions those call) that the locale explains in a `.text` of their own: a step's text
        may say "see below" and leave the numbers to them, so each is told once, under the first
        phase that needs it, titled by its `.title` (else its message)."""
        seen: list[str] = []
        stack: list[A.Node] = [phase]
        while stack:
            current = stack.pop(0)
            for n in A.walk(current):
                name = n.rule if isinstance(n, A.Do) else n.func if isinstance(n, A.Call) else None
                if name is None or name in seen:
                    continue
                callee = self.d.rules.get(name) if isinstance(n, A.Do) else self.d.funcs.get(name)
                if callee is not None:
                    seen.append(name)
                    stack.append(callee)
        items = []
        for name in seen:
            func = self.d.funcs.get(name)
            key = f"func-{name}"
            if func is None or name in self.rendered_funcs or self.in_module(func) or not self.usable(key, "text"):
                continue
            if func.params and reads_player_count(self.d, func.value):
                continue  # (told in the section on the number of players)
            blocks = self.text(key, func)
            if blocks:
                self.rendered_funcs.add(name)
                heading = self.text(key, func, "title")  # (a function with parameters: its own)
                title = "".join(sp.text for sp in heading[0].spans) if heading and isinstance(heading[0], Para) \
                    else self.title(key, name, func if func.params else None)
                items.append(self.labelled(title[:1].upper() + title[1:], blocks, key))
        return items

    def reachable_rules(self, node: A.Node) -> list[A.Rule]:
        seen: list[str] = []
        stack = [node]
        while stack:
            current = stack.pop(0)
            for n in A.walk(current):
                if isinstance(n, A.Do) and n.rule in self.d.rules and n.rule not in seen:
                    seen.append(n.rule)
                    stack.append(self.d.rules[n.rule])
        return [self.d.rules[r] for r in seen if self.d.rules[r].body.stmts]

    def rule_item(self, rule: A.Rule) -> ListItem:
        key = f"rule-{rule.name}"
        title = self.title(key, rule.title)

        def generic():
            ctx = self.g.decls.params_ctx(rule.params, rule.body)
            return self.g.stmts.block(rule.body, ctx)

        return self.labelled(title, self.element_blocks(key, rule, generic), key)

    # ------------------------------------------------------------ decks
    def deck_sections(self, module: str | None, level: int = 2) -> list[Section]:
        out = []
        for deck in self.d.decks.values():
            cards = [c for c in self.d.cards.values() if c.deck == deck.name and self.in_module(c) == module]
            if not cards:
                continue
            key = f"deck-{deck.name}"
            blocks: list = []
            intro = self.text(key, deck) if deck.active is not None else None
            if intro:
                blocks += intro
            elif deck.active is not None:
                blocks.append(Para(spans(self.m("ui-deck-active", cond=self.g.exprs.cond(
                    deck.active, Ctx().bind("it", self.g.words.local_of_kind("card")))))))
            if any(c.handlers or c.modifiers or c.hooks for c in cards):
                blocks += self.effect_cards(deck, cards)
            else:
                blocks.append(self.card_table(deck, cards))
            out.append(Section(self.title(key, deck.title), level=level, blocks=blocks, anchor=key,
                               badge=self.badge_text(key)))
        return out

    def group_field(self, deck: A.Deck, cards: list[A.Card]) -> str | None:
        for f in deck.fields:
            values = []
            for c in cards:
                value = self.card_value(c, f)
                values.append(value)
            if values and all(isinstance(v, Sym) and v.name in self.d.symbols for v in values):
                return f
        return None

    def card_value(self, card: A.Card, field_name: str) -> Any:
        for f in card.fields:
            if f.name == field_name:
                try:
                    return over_players(self.ev, f.value)
                except NotStatic:
                    return NotStatic
        return None

    def effect_cards(self, deck: A.Deck, cards: list[A.Card]) -> list:
        group = self.group_field(deck, cards)
        blocks: list = []
        if group is None:
            blocks.append(BulletList([self.card_item(c, deck, None) for c in cards]))
            return blocks
        symbols = list(dict.fromkeys(self.card_value(c, group).name for c in cards))
        for sym in symbols:
            members = [c for c in cards if self.card_value(c, group).name == sym]
            heading = self.m(f"symbol-{sym}", count=len(members)) if self.m.has(f"symbol-{sym}") \
                else self.m("ui-quoted", text=sym)
            blocks.append(Para([Span(self.m("ui-group-heading", group=heading, count=len(members)), "strong")]))
            blocks.append(BulletList([self.card_item(c, deck, group) for c in members]))
        return blocks

    def card_item(self, card: A.Card, deck: A.Deck, group: str | None) -> ListItem:
        key = f"card-{card.name}"
        title = self.title(key, card.title, card)
        blocks = self.text(key, card)
        if blocks is None:
            self.g.stmts.labels = 0
            items: list[Item] = []
            for f in card.fields:
                if f.name == group:
                    continue
                value = self.card_value(card, f.name)
                label = self.g.words.field_label(f.name)
                shown = self.g.words.value_text(value) if value is not NotStatic else self.g.exprs.expr(f.value, Ctx())
                items.append(Item(self.m("ui-field", field=label, value=shown)))
            ctx = Ctx()
            for h in card.handlers:
                items += self.g.decls.handler(h, ctx)
            for mod in card.modifiers:
                items += self.g.decls.modifier(mod)
            for hook in card.hooks:
                target = self.d.rules.get(hook.name)
                hctx = self.g.decls.params_ctx(hook.params, hook.condition, hook.body, target.body if target else None)
                items += self.g.decls.hook(hook, hctx)
            if not items:
                items.append(Item(self.m("ui-no-effect")))
            blocks = self.items_blocks(items)
            rules = [r for r in self.reachable_rules(card) if r.name not in self.rendered_rules]
            if rules:
                for rule in rules:
                    self.rendered_rules.add(rule.name)
                blocks.append(BulletList([self.rule_item(r) for r in rules]))
        return self.labelled(title, blocks, key)

    def card_table(self, deck: A.Deck, cards: list[A.Card]) -> Table:
        header = [self.m("ui-col-card")] + [self.g.words.field_label(f) if self.m.has(f"deck-{deck.name}", f"field-{f}")
                                            else self.m("ui-quoted", text=f) for f in deck.fields]
        rows = []
        numeric = [False]
        for f in deck.fields:
            values = [self.card_value(c, f) for c in cards]
            numeric.append(all(isinstance(v, int) for v in values))
        for c in cards:
            key = f"card-{c.name}"
            cells = [[Span(self.title(key, c.title, c))] + self.badge(key)]
            for f in deck.fields:
                value = self.card_value(c, f)
                if value is NotStatic:
                    expr = next(x.value for x in c.fields if x.name == f)
                    cells.append([Span(self.g.exprs.expr(expr, Ctx()))])
                elif value is None:
                    cells.append([Span("–")])
                else:
                    cells.append([Span(self.g.words.value_text(value, short=True))])
            rows.append(cells)
        return Table(header, rows, numeric)

    # ------------------------------------------------------------ tables
    def table_sections(self, level: int = 2, skip_quick: bool = False) -> list[Section]:
        out = []
        for table in self.d.tables.values():
            if self.in_module(table):
                continue
            key = f"table-{table.name}"
            param = self.m.attr(key, "param") if self.m.has(key, "param") else self.g.words.word("value", count=1)
            value = self.m.attr(key, "value") if self.m.has(key, "value") else self.m("word-result")
            rows = []
            covered_high = None
            for entry in table.rows:
                row = entry.row
                if row.low is None:
                    label = self.m("ui-row-more", low=covered_high + 1) if covered_high is not None \
                        else self.m("ui-row-other")
                elif row.low == row.high:
                    label = self.m("ui-number", n=row.low)
                else:
                    label = self.m("ui-row-range", low=row.low, high=row.high)
                if row.high is not None:
                    covered_high = row.high if covered_high is None else max(covered_high, row.high)
                var = self.m.attr(key, "var") if self.m.has(key, "var") else param
                ctx = Ctx().bind(table.param, self.g.words.local_of_kind("number", noun=var))
                ctx.locals[table.param].ref_key = "ref-param"
                ctx.locals[table.param].ref_args = {"name": var}
                cell = self.g.exprs.expr(entry.value, ctx)
                rows.append([[Span(label)], [Span(cell)]])
            out.append(Section(self.title(key, table.title), level=level, anchor=key,
                               blocks=[Table([param, value], rows, [True, True])],
                               badge=self.badge_text(key)))
        return out

    # ------------------------------------------------------------ player counts
    def players_section(self) -> Section | None:
        lo, hi = self.rs.game.min_players, self.rs.game.max_players
        rows: list[tuple[str, Any]] = []
        for name, const in self.d.consts.items():
            if self.in_module(const):
                continue
            try:
                value = over_players(self.ev, const.value)
            except NotStatic:
                continue
            if isinstance(value, ByPlayers):
                rows.append((self.g.words.noun(f"const-{name}", "other"), value))
        for name, func in self.d.funcs.items():
            if func.params or self.in_module(func):
                continue
            try:
                value = over_players(self.ev, func.value)
            except NotStatic:
                continue
            if isinstance(value, ByPlayers):
                rows.append((self.title(f"func-{name}"), value))
        blocks: list = [Para(spans(self.m("ui-players-intro", players=self.g.words.players_text(lo, hi))))]
        if rows:
            breaks = player_breaks([r[1] for r in rows], lo, hi)
            header = [self.m("ui-col-rule")] + [self.g.words.players_text(a, b) for a, b in breaks]
            table_rows = []
            for label, value in rows:
                cells = [[Span(self.g.words.sentence(label))]]
                for a, _b in breaks:
                    cells.append([Span(self.g.words.value_text(value_at(value, a)))])
                table_rows.append(cells)
            blocks.append(Table(header, table_rows, [False] + [True] * len(breaks)))
        items = []
        for name, func in self.d.funcs.items():
            if not func.params or self.in_module(func) or not reads_player_count(self.d, func.value):
                continue
            key = f"func-{name}"
            text = self.text(key, func)
            if text is None:
                ctx = self.g.decls.params_ctx(func.params, func.value)
                phrase = self.m(key, **self.g.exprs.arg_values(func.params, [A.Name(p) for p in func.params], ctx)) \
                    if self.m.has(key) \
                    else self.m("ui-quoted", text=name)
                text = [Para(spans(self.g.words.sentence(self.m("ui-func-is", what=phrase,
                                                                value=self.g.exprs.expr(func.value, ctx)))))]
            items.append(ListItem(text[0].spans if isinstance(text[0], Para) else [], text[1:]))
        for rule in self.d.rules.values():
            if self.in_module(rule) or not reads_player_count(self.d, rule.body):
                continue
            where = next(((n, ph) for n, ph in enumerate(self.phases(), 1)
                          if rule in self.reachable_rules(ph)), None)
            if where is None:
                continue
            phase_title = self.title(f"phase-{where[1].name}", where[1].title)
            items.append(ListItem(spans(self.m("ui-see-rule", rule=self.title(f"rule-{rule.name}", rule.title),
                                               n=where[0], phase=phase_title))))
        if items:
            blocks.append(BulletList(items))
        if not rows and not items:
            return None
        return Section(self.m("ui-section-players"), blocks=blocks, anchor="players")

    # ------------------------------------------------------------ scoring
    def scoring_section(self) -> Section:
        blocks: list = []
        sc = self.d.scoring
        ends = []
        for card in self.d.cards.values():
            if any(isinstance(n, A.EndGame) for n in A.walk(card)):
                ends.append(self.m("ui-end-card", card=self.title(f"card-{card.name}", card.title)))
        for phase in self.phases():
            for step in phase.steps:
                if any(isinstance(n, A.EndGame) for n in A.walk(step)):
                    ends.append(self.m("ui-end-step", step=self.title(f"step-{phase.name}-{step.name}", step.title)))
        if ends:
            blocks.append(Para(spans(self.m("ui-game-ends", what=self.m.join(ends, "or")))))
        if sc is not None:
            text = self.text("scoring", sc)
            if text is None:
                ctx = Ctx().bind(sc.player_var, self.g.words.local_of_kind("player"), subject=True)
                items = [Item(self.g.words.sentence(self.m("ui-score-is", value=self.g.exprs.expr(sc.score, ctx))))]
                for i, t in enumerate(sc.tiebreaks, 1):
                    tiebreak = self.m("ui-tiebreak", n=i, value=self.g.exprs.expr(t, ctx))
                    items.append(Item(self.g.words.sentence(tiebreak)))
                items.append(Item(self.g.words.sentence(self.m("ui-tie-shared"))))
                text = self.items_blocks(items)
            blocks += text
        return Section(self.m("ui-section-scoring"), blocks=blocks, anchor="scoring",
                       badge=self.badge_text("scoring"))

    # ------------------------------------------------------------ other rules
    def loose_decls(self, module: str | None) -> list[A.Decl]:
        return [x for x in self.rs.decls if isinstance(x, (A.Hook, A.Modify)) and self.in_module(x) == module]

    def loose_items(self, decls: list[A.Decl]) -> list[ListItem]:
        items: list[ListItem] = []
        counter: dict[str, int] = {}
        for decl in decls:
            base = f"hook-{decl.time}-{decl.name}" if isinstance(decl, A.Hook) else f"modify-{decl.name}"
            counter[base] = counter.get(base, 0) + 1
            key = base if counter[base] == 1 else f"{base}-{counter[base]}"
            if self.m.has(key):
                try:
                    items.append(ListItem(spans(self.m(key, **self.args(decl)))))
                    continue
                except MessageError as err:
                    self.warn(key, err)
            if isinstance(decl, A.Hook):
                target = self.d.rules.get(decl.name)
                ctx = self.g.decls.params_ctx(decl.params, decl.condition, decl.body, target.body if target else None)
                generic = self.g.decls.hook(decl, ctx)
            else:
                generic = self.g.decls.modifier(decl)
            items += [self.list_item(i) for i in generic]
        return items

    def told_by_cards(self) -> set[str]:
        """Rules used only by cards whose hand-written text already explains them."""
        names: set[str] = set()
        for card in self.d.cards.values():
            if self.usable(f"card-{card.name}", "text"):
                names.update(r.name for r in self.reachable_rules(card))
        return names

    def other_section(self) -> Section | None:
        items = self.loose_items(self.loose_decls(None))
        told = self.told_by_cards()
        rules = [r for r in self.d.rules.values() if r.body.stmts and r.name not in self.rendered_rules
                 and r.name not in told and not self.in_module(r)]
        for rule in rules:
            self.rendered_rules.add(rule.name)
            items.append(self.rule_item(rule))
        if not items:
            return None
        return Section(self.m("ui-section-other"), blocks=[BulletList(items)], anchor="other")

    # ------------------------------------------------------------ modules
    def module_section(self, header: A.ModuleHeader) -> Section:
        stem = Path(header.span.file).stem
        key = f"module-{header.name}"
        blocks: list = []
        intro = self.text(key, header)
        if intro:
            blocks += intro
        steps = self.setup_steps(stem)
        table = self.components_table(steps)
        if table is not None:
            blocks.append(Para([Span(self.m("ui-components"), "strong")]))
            blocks.append(table)
        if steps:
            blocks.append(Para([Span(self.m("ui-setup"), "strong")]))
            blocks.append(BulletList([self.step_item(f"setup-{s.name}", s) for s in steps], ordered=True))
        for section in self.deck_sections(stem, level=3):
            blocks.append(Para([Span(section.title, "strong")]))
            blocks += section.blocks
        loose = self.loose_items(self.loose_decls(stem))
        rules = [r for r in self.d.rules.values() if r.body.stmts and self.in_module(r) == stem]
        loose += [self.rule_item(r) for r in rules]
        if loose:
            blocks.append(Para([Span(self.m("ui-module-rules"), "strong")]))
            blocks.append(BulletList(loose))
        return Section(self.m("ui-section-module", module=self.title(key, header.title)), blocks=blocks,
                       anchor=key)

    # ------------------------------------------------------------ options
    def option_title(self, name: str) -> str:
        opt = self.d.options.get(name)
        return self.title(f"option-{name}", opt.title if opt else name)

    def option_value(self, name: str, value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return self.m("ui-number", n=value)
        key = option_value_key(name, value)
        if self.m.has(key):
            return self.m(key)
        return self.m("ui-quoted", text=str(value))

    def options_section(self) -> Section:
        rows = []
        main = self.rs.game.span.file
        ordered = sorted(self.d.options.items(), key=lambda kv: (self.in_module(kv[1]) is not None,
                                                                  kv[1].span.file != main))
        for name, opt in ordered:
            value = self.d.option_values[name]
            cell = [Span(self.option_value(name, value))]
            if value != opt.default:
                origin = "variant" if name in self.changes.options else "command"
                cell += [Span(" "), Span(self.m(f"ui-badge-set-{origin}"), "badge"),
                         Span(" " + self.m("ui-default-was", value=self.option_value(name, opt.default)))]
            rows.append([[Span(self.option_title(name))], cell])
        blocks = [Para(spans(self.m("ui-options-intro"))),
                  Table([self.m("ui-col-option"), self.m("ui-col-value")], rows)]
        return Section(self.m("ui-section-options"), blocks=blocks, anchor="options")


def _times(mult: Any, amount: Any) -> Any:
    if isinstance(mult, ByPlayers) or isinstance(amount, ByPlayers):
        lo = min(g[0] for v in (mult, amount) if isinstance(v, ByPlayers) for g in v.groups)
        hi = max(g[1] for v in (mult, amount) if isinstance(v, ByPlayers) for g in v.groups)
        from .static import group_by_players
        return group_by_players([(n, value_at(mult, n) * value_at(amount, n)) for n in range(lo, hi + 1)])
    return mult * amount


def _map(value: Any, fn) -> Any:
    if isinstance(value, ByPlayers):
        from .static import group_by_players
        return group_by_players([(n, fn(v)) for lo, hi, v in value.groups for n in range(lo, hi + 1)])
    return fn(value)


def summarize(d: GameDef, lang: str, quick_ref: bool = False, generic_only: bool = False) -> Document:
    """The summary of a loaded game in one language. generic_only ignores every hand-written
    text (titles and nouns stay): what a game with no translations yet would get."""
    summary = Summary(d, lang, generic_only)
    doc = summary.build(quick_ref)
    doc.warnings = summary.warnings
    return doc
