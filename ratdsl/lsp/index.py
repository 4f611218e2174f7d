"""Where each name is written: every occurrence of a declared, local or built-in name in a loaded
rule set, with what it stands for.

What a name stands for comes from the resolver's notes (`SymbolTable.ref`) and, for the few names
it keeps no note of (a per-player zone after a dot, a bundle's kind, a card's deck, a variant's
`set option`), from the table's own dictionaries. The AST keeps a span per node, not per name in
it, so the column of a name inside its node is found by scanning that node's text for the word:
a lexical step (skipping strings and comments), never a second analysis.

An occurrence's `key` says which occurrences are the same thing: ("global", NAME) for a
declaration of the rule set (a declared name means one thing across base, modules and variants),
("local", FILE, LINE, COLUMN, NAME) for a name bound in the rules (its binder's position), and
("builtin", NAME) for the language's own names and functions.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache

from ..language import ast as A
from ..language.sources import read_source
from ..semantics.symbols import BUILTIN, CONST, KIND, LOCAL, PLAYER_ZONE, ZONE, Symbol, SymbolTable

_TOKEN = re.compile(r'(?P<comment>#.*)|(?P<string>"(?:[^"\\\n]|\\.)*"?)|(?P<word>[A-Za-z_][A-Za-z0-9_]*)'
                    r'|(?P<number>[0-9]+)|(?P<other>\S)')
# The words before a name that a local binds: `for each x`, `choose x`, `[... for x in`, `let x`,
# `scoring p`, and a parameter list `(a, b)`.
# The nodes that bind one local name (the resolver's binders of `let` and loop names).
_BINDERS = frozenset((A.Let, A.LetIn, A.ForEach, A.AskChoose, A.Comprehension, A.ForClause,
                      A.Plan))  # (plans: `plan ID for each P in ...`)
_BINDS_AFTER = frozenset({"each", "choose", "for", "let", "scoring", "(", ","})


@dataclass(frozen=True, slots=True)
class Token:
    line: int
    column: int  # 1-based, as spans count
    end_column: int
    text: str
    word: bool


@lru_cache(maxsize=64)
def tokens_of(text: str) -> tuple[Token, ...]:
    """The words and punctuation of a rule file's text, strings and comments left out."""
    out: list[Token] = []
    for number, line in enumerate(text.split("\n"), 1):
        for m in _TOKEN.finditer(line):
            kind = m.lastgroup
            if kind in ("comment", "string"):
                continue
            out.append(Token(number, m.start() + 1, m.end() + 1, m.group(), kind == "word"))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One written name: where (1-based line and columns, end exclusive), what it is, and whether
    it is where the name is declared."""

    file: str
    line: int
    column: int
    end_column: int
    key: tuple
    symbol: Symbol | None
    declaration: bool = False

    @property
    def name(self) -> str:
        return self.key[-1]


def symbol_key(sym: Symbol | None, name: str) -> tuple:
    """Which occurrences name the same thing (see the module's docstring)."""
    if sym is None or sym.kind == BUILTIN:
        return ("builtin", name)
    if sym.kind == LOCAL:
        span = sym.decl.span if sym.decl is not None else A.NO_SPAN
        return ("local", span.file, span.line, span.column, name)
    return ("global", name)


class FileText:
    """A file's tokens with lookups by position (one per text: many analyses share it)."""

    def __init__(self, text: str):
        self.tokens = tokens_of(text)
        self._starts = [(t.line, t.column) for t in self.tokens]

    @staticmethod
    def of(file: str) -> FileText:
        try:
            text = read_source(file)
        except (OSError, UnicodeDecodeError, ValueError):
            text = ""
        return _file_text(text)

    def within(self, span: A.Span, start: tuple[int, int] | None = None) -> list[Token]:
        """The tokens inside `span` (from `start` when given)."""
        lo = bisect.bisect_left(self._starts, start or (span.line, span.column))
        hi = bisect.bisect_left(self._starts, (span.end_line, span.end_column))
        return list(self.tokens[lo:hi])


@lru_cache(maxsize=64)
def _file_text(text: str) -> FileText:
    return FileText(text)


class Index:
    """Every occurrence of a name in the declarations of one analysed rule set."""

    def __init__(self, decls: list[A.Decl], table: SymbolTable, extra: list[A.Decl] = ()):
        self.table = table
        self.occurrences: list[Occurrence] = []
        self._files: dict[str, FileText] = {}
        for decl in decls:
            self._declaration(decl)
            for node in A.walk(decl):
                self._node(node)
        for decl in extra:  # a variant's edits, consumed by the loader: only the names they give
            self._edit(decl)
        self.by_file: dict[str, list[Occurrence]] = {}
        for occ in self.occurrences:
            self.by_file.setdefault(occ.file, []).append(occ)

    # ------------------------------------------------------------ lookups
    def at(self, file: str, line: int, column: int) -> Occurrence | None:
        """The occurrence under a 1-based position (its end counts, as a cursor after a word)."""
        for occ in self.by_file.get(file, ()):
            if occ.line == line and occ.column <= column <= occ.end_column:
                return occ
        return None

    def of(self, key: tuple) -> list[Occurrence]:
        return [occ for occ in self.occurrences if occ.key == key]

    # ------------------------------------------------------------ building
    def _text(self, file: str) -> FileText:
        text = self._files.get(file)
        if text is None:
            text = self._files[file] = FileText.of(file)
        return text

    def _add(self, span: A.Span, token: Token | None, sym: Symbol | None, name: str, declaration: bool = False):
        if token is not None:
            self.occurrences.append(Occurrence(span.file, token.line, token.column, token.end_column,
                                               symbol_key(sym, name), sym, declaration))

    def _find(self, span: A.Span, name: str, nth: int = 0, after: frozenset[str] | None = None) -> Token | None:
        """The `nth` word `name` inside `span` (with `after`: the first one following one of those)."""
        found = 0
        previous = None
        for token in self._text(span.file).within(span):
            if token.text == name and token.word and (after is None or (previous is not None
                                                                         and previous.text in after)):
                if found == nth:
                    return token
                found += 1
            previous = token
        return None

    def _declaration(self, decl: A.Decl) -> None:
        """The names a declaration introduces (one per declared symbol whose decl it is)."""
        names: tuple[str, ...] = ()
        if isinstance(decl, (A.Tokens, A.Symbols, A.Zone, A.Pile)):
            names = decl.names
        elif isinstance(decl, (A.Const, A.Var, A.Deck, A.Card, A.Table, A.Func, A.Rule, A.Option, A.Action)):
            names = (decl.name,)
        for name in names:
            self._add(decl.span, self._find(decl.span, name), self._global(name, decl), name, True)
        if isinstance(decl, A.Option):  # its word values: declared in braces, the default after `=`
            for value in decl.values:
                if isinstance(value, str):
                    sym = self._global(value, decl)
                    self._add(decl.span, self._find(decl.span, value), sym, value, True)
                    if decl.default == value:
                        self._add(decl.span, self._find(decl.span, value, 1), sym, value)
        if isinstance(decl, A.Board):  # boards: the board, each space, each name an edge reads
            self._add(decl.span, self._find(decl.span, decl.name), self._global(decl.name, decl), decl.name, True)
            for space in decl.spaces:
                self._add(space.span, self._find(space.span, space.name), self._global(space.name, space),
                          space.name, True)
            for edge in decl.edges:
                for name in dict.fromkeys((edge.source, *edge.targets)):
                    self._add(edge.span, self._find(edge.span, name), self.table.globals.get(name), name)
        if isinstance(decl, A.Card):
            deck = self.table.globals.get(decl.deck)
            self._add(decl.span, self._find(decl.span, decl.deck, after=frozenset({"in"})), deck, decl.deck)

    def _global(self, name: str, decl: A.Node) -> Symbol | None:
        for sym in self.table.declared.get(name, ()):
            if sym.decl is decl:
                return sym
        return self.table.globals.get(name)

    def _node(self, node: A.Node) -> None:
        cls = node.__class__
        if cls is A.Name:
            sym = self.table.ref(node)
            s = node.span
            self.occurrences.append(Occurrence(s.file, s.line, s.column, s.end_column if s.end_line == s.line
                                               else s.column + len(node.id), symbol_key(sym, node.id), sym))
        elif cls is A.Call or cls is A.Do or cls is A.Modify or cls is A.Hook:
            name = node.func if cls is A.Call else node.rule if cls is A.Do else node.name
            sym = self.table.ref(node)
            self._add(node.span, self._find(node.span, name), sym, name)
            if cls is not A.Call:
                self._locals(node, getattr(node, "params", ()))
        elif cls is A.Attr:
            sym = (self.table.player_zones.get(node.name) or self.table.player_vars.get(node.name)
                   or self.table.player_piles.get(node.name))
            if sym is None:  # `zone.KIND`, `zone.CONST`: tokens of those kinds (as the checker reads a dot)
                kind = self.table.globals.get(node.name)
                sym = kind if kind is not None and kind.kind in (KIND, CONST) else None
            if sym is not None:
                tokens = [t for t in self._text(node.span.file).within(node.span) if t.text == node.name]
                self._add(node.span, tokens[-1] if tokens else None, sym, node.name)
        elif cls is A.BundleLit:
            start = (node.span.line, node.span.column)
            for kind, value in node.items:
                sym = self.table.globals.get(kind)
                token = next((t for t in self._text(node.span.file).within(node.span, start) if t.text == kind), None)
                if sym is not None and sym.kind == KIND:
                    self._add(node.span, token, sym, kind)
                start = (value.span.line, value.span.column)
        elif cls is A.Metric:  # `from ZONE into ZONE`: zone names, any owner
            for zone, word in ((node.source, "from"), (node.dest, "into")):
                if zone is not None:
                    sym = self.table.player_zones.get(zone) or self.table.globals.get(zone)
                    self._add(node.span, self._find(node.span, zone, after=frozenset({word})), sym, zone)
        elif cls is A.PersonaWeight:  # `DECISION.OPTION = weight`: an option naming a zone
            sym = self.table.player_zones.get(node.option) or self.table.globals.get(node.option)
            if sym is not None and sym.kind in (PLAYER_ZONE, ZONE):
                self._add(node.span, self._find(node.span, node.option, after=frozenset({"."})), sym, node.option)
        elif cls in (A.Func, A.Rule):
            self._locals(node, node.params)
        elif cls is A.Action:  # turns: its player parameter
            self._locals(node, (node.param,))
        elif cls is A.Act:  # turns: the actions it names
            for name in dict.fromkeys(node.actions):
                self._add(node.span, self._find(node.span, name), self.table.globals.get(name), name)
        elif cls is A.Table:
            self._locals(node, (node.param,))
        elif cls is A.Scoring:
            self._locals(node, (node.player_var,))
        elif cls in _BINDERS:
            self._locals(node, (node.name if cls is A.Let or cls is A.LetIn else node.var,))

    def _locals(self, binder: A.Node, names: tuple[str, ...]) -> None:
        """Where a binder writes the locals it binds (a parameter list, `let x`, `for each x`...)."""
        how = "let" if isinstance(binder, (A.Let, A.LetIn)) else "loop" if isinstance(
            binder, (A.ForEach, A.AskChoose, A.Comprehension, A.ForClause, A.Plan)) else "param"
        for name in names:
            sym = Symbol(name, LOCAL, binder, None, False, how)
            self._add(binder.span, self._find(binder.span, name, after=_BINDS_AFTER), sym, name, True)

    def _edit(self, decl: A.Decl) -> None:
        """The names a variant's `set option` and `remove` refer to (declared in the game it
        changes; a removed one is no longer in this rule set's table)."""
        if isinstance(decl, A.SetOption):
            self._add_global(decl.span, self._find(decl.span, decl.name), decl.name)
            if isinstance(decl.value, str):
                self._add_global(decl.span, self._find(decl.span, decl.value, after=frozenset({"="})), decl.value)
        elif isinstance(decl, A.Remove):
            self._add_global(decl.span, self._find(decl.span, decl.name), decl.name)

    def _add_global(self, span: A.Span, token: Token | None, name: str) -> None:
        if token is not None:
            self.occurrences.append(Occurrence(span.file, token.line, token.column, token.end_column,
                                               ("global", name), self.table.globals.get(name)))
