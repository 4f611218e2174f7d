"""Mutation fuzzing that reaches the engine (issue 16): the cases, and how one case is played.

Shared by tests/test_fuzz.py (a seeded few thousand cases in CI) and benchmarks/fuzz.py (100,000).
A case is one shipped file of one of the three games (RatLand, Rattus, Ratatopolis in turn, by the
case's index: the game's files, a module or a variant) changed by one to three mutations, chosen
from the file's own tokens and syntax tree so that the text mostly still
parses and often passes the checker: numbers swapped for small or boundary numbers, operators
for operators of the same family, names for names of the same kind, keywords for their twins
(most/fewest, top/bottom...), quantities (`up to`), option defaults, card fields, statements
deleted, duplicated, swapped, wrapped in a loop or a secret block, nested 5 to 25 deep or
copied from another file, declarations deleted, expressions swapped or replaced by a value of
another kind, funcs and rules made to call themselves, plus some raw character edits. Every
edit is chosen on the original text and applied at once, so a case needs no parse to be built
and is rebuilt from (seed, index) alone.

A case is loaded as a game folder is (a private copy of the game's rule folder with the one file
replaced), checked, and when accepted played with one seed by the tree-walker (the reference) and
by the flat target (the compiler, tests/fuzz_flat.py), which must end the game as the tree-walker
does, or stop where it stops. Outcomes:

  syntax_error  the parser refused the text (positioned E0xx)
  finding       the loader, checker or option check refused it (positioned), or no seat count fits
  ok            the tree-walker played it to the end (and the flat target alike, or refused it)
  rule_error    the tree-walker stopped on a positioned runtime error (the flat target too)
  crash         any other exception, an error with no position, or the worker died or ran out
                of memory
  hang          the case took more processor time than the time limit (its worker is killed)
  disagreement  the flat target ended the game otherwise, or stopped where the tree-walker did not
"""

from __future__ import annotations

import gc
import os
import random
import re
import resource
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing import get_context
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

from ratdsl.language import ast as A
from ratdsl.language import parse_text
from ratdsl.language.errors import RuleError, RuleSyntaxError

from . import fuzz_flat as FF

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("ratland", "rattus", "ratatopolis")  # a case's game is GAMES[index % 3]


def game_dir(game: str) -> Path:
    return ROOT / "rules" / game


def game_files(game: str) -> tuple[str, ...]:
    """A game's rule files, relative to its folder (the game's own, modules, variants)."""
    folder = game_dir(game)
    return tuple(sorted(p.relative_to(folder).as_posix() for pattern in ("*.rat", "modules/*.rat", "variants/*.rat")
                        for p in folder.glob(pattern)))


def game_of(index: int) -> str:
    return GAMES[index % len(GAMES)]

OUTCOMES = ("syntax_error", "finding", "ok", "rule_error", "crash", "hang", "disagreement")
BAD = ("crash", "hang", "disagreement")
PLAYED = ("ok", "rule_error", "disagreement")  # (a crash may also happen while playing)
TIME_LIMIT = 5.0  # processor seconds per case
WALL_SLACK = 10  # a case this many times over the limit in wall time is a hang whatever its processor time
SLOW_COMMAND = 2.0  # seconds a command may take on a case before the time mode reports it
MEMORY_LIMIT = 2 * 1024 ** 3  # bytes of address space per worker
MAX_ROUNDS = 30  # the games last 5 to 12 rounds; a mutated one that never ends stops here
WARM_UP = 120.0  # seconds a new worker may take to load everything before its first case
GC_AFTER = 50_000  # new objects between two collections in a worker (Python's default: 700)
STEP_BUDGET = 300_000  # a whole game takes at most about 110,000 steps (Ratatopolis, 5 players)

NUMBERS = (0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 24, 99, 100, 1000)
OPERATOR_FAMILIES = (("+", "-", "*", "/", "%"), ("==", "!=", "<", "<=", ">", ">="), ("and", "or"))
TWINS = (("most", "fewest"), ("descending", "ascending"), ("before", "after"), ("true", "false"),
         ("left", "right"), ("player_count", "round"), ("all", "1"), ("top", "bottom"))
# Kinds of declared names a name may be swapped with (names of one kind stay of that kind).
DECLARED = {A.Tokens: "kind", A.Symbols: "symbol", A.Zone: "zone", A.Pile: "pile", A.Const: "const",
            A.Var: "var", A.Deck: "deck", A.Card: "card", A.Table: "table", A.Func: "func",
            A.Rule: "rule", A.Phase: "phase", A.Option: "option"}
CODE = re.compile(r"\b[EWR]\d{3}\b")
BUILTIN_VALUES = ("players", "active", "round", "player_count", "left", "right", "me", "it")
LITERALS = ("0", "1", "-1", "none", "true", "false", "[]", "{}", '""', "players", "{rat: 1}", "[0, 1]",
            "1..3", "active", "100000")
LITERAL_TARGETS = {"IntLit", "Name", "Call", "Attr", "Index", "BinOp", "ListLit", "BundleLit", "Where"}

TOKEN = re.compile(r'(?P<space>\s+)|(?P<comment>#[^\n]*)|(?P<string>"(?:[^"\\\n]|\\.)*")'
                   r'|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<int>[0-9]+)|(?P<op>\.\.|->|[=!<>]=|[-+*/%<>=])'
                   r'|(?P<other>.)', re.S)


# ---------------------------------------------------------------- the corpus
@dataclass(frozen=True)
class Tok:
    kind: str  # name | int | op | other
    start: int
    end: int
    text: str


@dataclass
class Source:
    """One shipped file: its text, tokens and the places the mutations work on (offsets)."""

    game: str
    rel: str
    text: str
    program: A.Program
    tokens: list[Tok] = field(default_factory=list)
    blocks: list[list[tuple[int, int]]] = field(default_factory=list)  # statements per block
    decls: list[tuple[int, int]] = field(default_factory=list)
    card_fields: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # per field name
    exprs: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # per node class
    options: list[tuple[A.Option, int, int]] = field(default_factory=list)  # with the default's place


def _offsets(text: str):
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]

    def at(span: A.Span) -> tuple[int, int]:
        return starts[span.line - 1] + span.column - 1, starts[span.end_line - 1] + span.end_column - 1
    return at


def _source(game: str, rel: str) -> Source:
    text = (game_dir(game) / rel).read_text("utf-8")
    src = Source(game, rel, text, parse_text(text, rel))
    at = _offsets(text)
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind not in ("space", "comment", "string"):
            src.tokens.append(Tok(kind, m.start(), m.end(), m.group()))
    src.decls = [at(d.span) for d in src.program.decls]
    for node in A.walk(src.program):
        if isinstance(node, A.Block) and node.stmts:
            src.blocks.append([at(s.span) for s in node.stmts])
        elif isinstance(node, A.Card):
            for f in node.fields:
                src.card_fields.setdefault(f.name, []).append(at(f.value.span))
        elif isinstance(node, A.Option):
            start, end = at(node.span)
            default = text.rindex("=", start, end) + 1
            src.options.append((node, default, end))
        if isinstance(node, A.Expr) and node.span.line > 0:
            src.exprs.setdefault(type(node).__name__, []).append(at(node.span))
    return src


class Corpus:
    """A game's shipped files, what their names are, and their options: built once per process."""

    def __init__(self, game: str) -> None:
        files = game_files(game)
        self.sources = {rel: _source(game, rel) for rel in files}
        self.names: dict[str, list[str]] = {"builtin": list(BUILTIN_VALUES)}
        self.kind_of: dict[str, str] = {n: "builtin" for n in BUILTIN_VALUES}
        self.options: dict[str, dict[str, A.Option]] = {}  # per file
        for rel, src in self.sources.items():
            for decl in src.program.decls:
                kind = DECLARED.get(type(decl))
                if kind is None:
                    continue
                for name in getattr(decl, "names", None) or (decl.name,):
                    self.kind_of.setdefault(name, kind)
                    self.names.setdefault(kind, []).append(name)
                if isinstance(decl, A.Option):
                    self.options.setdefault(rel, {})[decl.name] = decl
                    for value in decl.values:
                        if isinstance(value, str):
                            self.kind_of.setdefault(value, "option value")
                            self.names.setdefault("option value", []).append(value)
        from ratdsl.semantics.builtins import BUILTINS

        for name in BUILTINS:  # built-in functions swap with each other
            self.kind_of.setdefault(name, "builtin function")
            self.names.setdefault("builtin function", []).append(name)
        self.names = {k: sorted(set(v)) for k, v in self.names.items()}
        self.variants = [rel for rel in files if rel.startswith("variants/")]
        self.modules = [Path(rel).stem for rel in files if rel.startswith("modules/")]
        self.weights = [max(1, len(src.tokens)) ** 0.5 for src in self.sources.values()]


_CORPORA: dict[str, Corpus] = {}


def corpus(game: str = GAMES[0]) -> Corpus:
    if game not in _CORPORA:
        _CORPORA[game] = Corpus(game)
    return _CORPORA[game]


# ---------------------------------------------------------------- mutations
@dataclass(frozen=True)
class Edit:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Mutation:
    kind: str
    edits: tuple[Edit, ...]
    note: str


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _replace(rng: random.Random, src: Source, kind: str, start: int, end: int, new: str) -> Mutation:
    old = src.text[start:end]
    line = src.text.count("\n", 0, start) + 1
    return Mutation(kind, (Edit(start, end, new),), f"{src.rel}:{line}: {_short(old)!r} -> {_short(new)!r}")


def m_number(rng: random.Random, src: Source) -> Mutation | None:
    ints = [t for t in src.tokens if t.kind == "int"]
    if not ints:
        return None
    t = rng.choice(ints)
    n = int(t.text)
    new = rng.choice(NUMBERS + (n + 1, max(0, n - 1), n * 2))
    return _replace(rng, src, "number", t.start, t.end, str(new))


def m_operator(rng: random.Random, src: Source) -> Mutation | None:
    ops = [t for t in src.tokens if any(t.text in family for family in OPERATOR_FAMILIES)]
    if not ops:
        return None
    t = rng.choice(ops)
    family = next(f for f in OPERATOR_FAMILIES if t.text in f)
    return _replace(rng, src, "operator", t.start, t.end, rng.choice([o for o in family if o != t.text]))


def m_name(rng: random.Random, src: Source) -> Mutation | None:
    kinds = corpus(src.game).kind_of
    names = [t for t in src.tokens if t.kind == "name" and t.text in kinds]
    if not names:
        return None
    t = rng.choice(names)
    others = [n for n in corpus(src.game).names[kinds[t.text]] if n != t.text]
    if not others:
        return None
    return _replace(rng, src, "name", t.start, t.end, rng.choice(others))


def m_twin(rng: random.Random, src: Source) -> Mutation | None:
    pairs = {a: b for x, y in TWINS for a, b in ((x, y), (y, x))}
    found = [t for t in src.tokens if t.text in pairs and t.kind == "name"]
    if not found:
        return None
    t = rng.choice(found)
    new = pairs[t.text]
    if t.text in ("top", "bottom"):  # `on top of` / `at bottom of`: the word before changes too
        before = src.text.rindex(" ", 0, t.start - 1) + 1
        words = {"top": "on top", "bottom": "at bottom"}
        return _replace(rng, src, "twin", before, t.end, words[new])
    return _replace(rng, src, "twin", t.start, t.end, new)


def m_quantity(rng: random.Random, src: Source) -> Mutation | None:
    toks = src.tokens
    spots = [i for i, t in enumerate(toks) if t.text in ("move", "draw") and i + 1 < len(toks)]
    if not spots:
        return None
    i = rng.choice(spots)
    nxt = toks[i + 1]
    if nxt.text == "up" and i + 2 < len(toks):  # `up to N` -> `N` or `all`
        new = rng.choice(["", "all "])
        return _replace(rng, src, "quantity", nxt.start, toks[i + 2].end + 1, new)
    if nxt.text == "all":
        return _replace(rng, src, "quantity", nxt.start, nxt.end, rng.choice(["up to 1", "1", "up to 0"]))
    return _replace(rng, src, "quantity", nxt.start, nxt.start, "up to ")


def m_option(rng: random.Random, src: Source) -> Mutation | None:
    if not src.options:
        return None
    opt, start, end = rng.choice(src.options)
    values = list(opt.values) + [rng.choice(NUMBERS)] if rng.random() < 0.1 else list(opt.values)
    new = rng.choice([v for v in values if v != opt.default] or values)
    text = ("true" if new else "false") if isinstance(new, bool) else str(new)
    return _replace(rng, src, "option", start, end, " " + text)


def m_card_field(rng: random.Random, src: Source) -> Mutation | None:
    fields = [spots for spots in src.card_fields.values() if len(spots) >= 2]
    if not fields:
        return None
    spots = rng.choice(fields)
    (a, b), (c, d) = rng.sample(spots, 2)
    return _swap(src, "card field", (a, b), (c, d))


def _swap(src: Source, kind: str, first: tuple[int, int], second: tuple[int, int]) -> Mutation | None:
    (a, b), (c, d) = sorted([first, second])
    if b > c:  # overlapping (one inside the other): no swap
        return None
    line1, line2 = src.text.count("\n", 0, a) + 1, src.text.count("\n", 0, c) + 1
    return Mutation(kind, (Edit(a, b, src.text[c:d]), Edit(c, d, src.text[a:b])),
                    f"{src.rel}:{line1}<->{line2}: swap {src.text[a:b][:30]!r} and {src.text[c:d][:30]!r}")


def m_statement(rng: random.Random, src: Source) -> Mutation | None:
    if not src.blocks:
        return None
    block = rng.choice(src.blocks)
    start, end = rng.choice(block)
    op = rng.choice(["delete", "duplicate", "swap"] if len(block) > 1 else ["delete", "duplicate"])
    if op == "swap":
        other = rng.choice([s for s in block if s != (start, end)])
        return _swap(src, "statement", (start, end), other)
    new = "" if op == "delete" else src.text[start:end] + "\n" + src.text[start:end]
    return _replace(rng, src, "statement " + op, start, end, new)


def m_declaration(rng: random.Random, src: Source) -> Mutation | None:
    if len(src.decls) < 2:
        return None
    start, end = rng.choice(src.decls[1:])  # not the header
    return _replace(rng, src, "declaration delete", start, end, "")


def m_expression(rng: random.Random, src: Source) -> Mutation | None:
    groups = [spots for spots in src.exprs.values() if len(spots) >= 2]
    if not groups:
        return None
    spots = rng.choice(groups)
    return _swap(src, "expression", *rng.sample(spots, 2))


def m_negate(rng: random.Random, src: Source) -> Mutation | None:
    conditions = [t for t in src.tokens if t.text in ("if", "while", "where")]
    if not conditions:
        return None
    t = rng.choice(conditions)
    return _replace(rng, src, "negate", t.end, t.end, " not")


def m_literal(rng: random.Random, src: Source) -> Mutation | None:
    """An expression replaced by a value of any kind: what the engines do with the wrong type."""
    spots = [spot for name, spots in src.exprs.items() if name in LITERAL_TARGETS for spot in spots]
    if not spots:
        return None
    start, end = rng.choice(spots)
    return _replace(rng, src, "literal", start, end, rng.choice(LITERALS))


def m_transplant(rng: random.Random, src: Source) -> Mutation | None:
    """A statement of any shipped file inserted before a statement of this one."""
    donor = rng.choice(list(corpus(src.game).sources.values()))
    if not src.blocks or not donor.blocks:
        return None
    start, end = rng.choice(rng.choice(donor.blocks))
    at, _ = rng.choice(rng.choice(src.blocks))
    return _replace(rng, src, "transplant", at, at, donor.text[start:end] + "\n")


def m_wrap(rng: random.Random, src: Source) -> Mutation | None:
    """A statement put inside a loop, a secret block or a condition, or followed by `end game`."""
    if not src.blocks:
        return None
    start, end = rng.choice(rng.choice(src.blocks))
    body = src.text[start:end]
    new = rng.choice(["repeat 2 times {{ {} }}", "secretly {{ {} }}", "if round > 2 {{ {} }}",
                      "for each q in players {{ {} }}", "{}\nend game", "while false {{ {} }}"]).format(body)
    return _replace(rng, src, "wrap", start, end, new)


def m_nest(rng: random.Random, src: Source) -> Mutation | None:
    """A statement nested in many loops or conditions: the depth the engines and Python allow."""
    if not src.blocks:
        return None
    start, end = rng.choice(rng.choice(src.blocks))
    depth = rng.choice([5, 10, 19, 21, 25])
    opener = rng.choice(["for each q{} in [1] {{ ", "if true {{ ", "repeat 1 times {{ "])
    new = "".join(opener.format(i) for i in range(depth)) + src.text[start:end] + " }" * depth
    return _replace(rng, src, "nest", start, end, new)


def m_recurse(rng: random.Random, src: Source) -> Mutation | None:
    """A func that calls itself, or a rule whose body starts by doing itself: the depth limits."""
    decls = [d for d in src.program.decls if isinstance(d, (A.Func, A.Rule))]
    if not decls:
        return None
    decl = rng.choice(decls)
    at = _offsets(src.text)
    call = f"{decl.name}({', '.join(decl.params)})"
    if isinstance(decl, A.Func):
        start, end = at(decl.value.span)
        return _replace(rng, src, "recurse", start, end, f"{call} + {src.text[start:end]}")
    start, _ = at(decl.body.span)
    return _replace(rng, src, "recurse", start + 1, start + 1, f" do {call} ")


def m_raw(rng: random.Random, src: Source) -> Mutation | None:
    i = rng.randrange(len(src.text))
    op = rng.choice(["delete", "duplicate", "insert"])
    if op == "delete":
        return _replace(rng, src, "raw", i, i + 1, "")
    if op == "duplicate":
        return _replace(rng, src, "raw", i, i + 1, src.text[i] * 2)
    return _replace(rng, src, "raw", i, i, rng.choice(list("{}()[],.:=<>+-*/%#\" \n0123456789xz")))


MUTATORS = ((m_number, 18), (m_operator, 8), (m_name, 14), (m_twin, 5), (m_quantity, 5), (m_option, 4),
            (m_card_field, 5), (m_statement, 14), (m_declaration, 2), (m_expression, 6), (m_negate, 4),
            (m_literal, 6), (m_transplant, 6), (m_wrap, 4), (m_nest, 2), (m_recurse, 2),
            (m_raw, 5))


# ---------------------------------------------------------------- cases
@dataclass(frozen=True)
class Case:
    seed: int
    index: int
    file: str  # relative to the game folder
    mutations: tuple[Mutation, ...]
    modules: tuple[str, ...]
    variant: str | None  # a variant file to load instead of the game folder
    options: tuple[tuple[str, str], ...]
    game_seed: int
    seat_roll: float  # picks the number of players once the declared range is known
    game: str = GAMES[0]  # the game folder under rules/ (game_of(index))

    def text(self, only: tuple[int, ...] | None = None) -> str:
        """The mutated file (with only some of the mutations, for minimizing)."""
        original = corpus(self.game).sources[self.file].text
        edits = [e for i, m in enumerate(self.mutations) if only is None or i in only for e in m.edits]
        out, last = [], len(original)
        for e in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
            if e.end > last:
                continue  # overlaps a later edit
            out.append(original[e.end:last] + "")
            out.append(e.text)
            last = e.start
        out.append(original[:last])
        return "".join(reversed(out))

    def describe(self) -> str:
        where = f"variant {self.variant}" if self.variant else "game folder"
        mods = f" with {', '.join(self.modules)}" if self.modules else ""
        opts = "".join(f" -o {k}={v}" for k, v in self.options)
        lines = [f"case {self.seed}:{self.index}: {self.game} {self.file} in {where}{mods}{opts}, "
                 f"game seed {self.game_seed}"]
        lines += [f"  {m.kind}: {m.note}" for m in self.mutations]
        return "\n".join(lines)


def make_case(seed: int, index: int) -> Case:
    rng = random.Random(f"ratdsl-fuzz-{seed}-{index}")
    game = game_of(index)
    c = corpus(game)
    rel = rng.choices(list(c.sources), weights=c.weights)[0]
    src = c.sources[rel]
    mutations: list[Mutation] = []
    count = rng.choices([1, 2, 3], weights=[60, 27, 13])[0]
    funcs, weights = zip(*MUTATORS)
    while len(mutations) < count:
        mutation = rng.choices(funcs, weights=weights)[0](rng, src)
        if mutation is not None:
            mutations.append(mutation)
    variant, modules = None, []
    if rel.startswith("variants/"):
        variant = rel
    elif rel.startswith("modules/"):
        modules = [Path(rel).stem] + [m for m in c.modules if m != Path(rel).stem and rng.random() < 0.3]
    else:
        roll = rng.random()
        if roll < 0.2 and c.variants:
            variant = rng.choice(c.variants)
        else:
            modules = [m for m in c.modules if rng.random() < 0.3]
    options: list[tuple[str, str]] = []
    if rng.random() < 0.3:
        loaded = [opts for f, opts in c.options.items()
                  if "/" not in f or Path(f).stem in modules]
        choices = [o for opts in loaded for o in opts.values()]
        for opt in rng.sample(choices, min(len(choices), rng.randint(1, 2))):
            value = rng.choice(opt.values)
            options.append((opt.name, str(value).lower() if isinstance(value, bool) else str(value)))
    return Case(seed, index, rel, tuple(mutations), tuple(sorted(modules)), variant, tuple(options),
                rng.randrange(1_000_000), rng.random(), game)


def seat_count(case: Case, low: int, high: int) -> int | None:
    """The number of players: mostly 2 to 4, sometimes up to 6, now and then any in the range."""
    if low > high:
        return None
    roll = case.seat_roll
    if roll < 0.1:
        return low + int(roll * 10 * (min(high, low + 12) - low + 1))
    pool = [n for n in (2, 2, 2, 3, 3, 3, 4, 4, 5, 6) if low <= n <= high]
    if not pool:
        pool = list(range(low, min(high, low + 5) + 1))
    return pool[int((roll - 0.1) / 0.9 * len(pool)) % len(pool)]


# ---------------------------------------------------------------- playing one case
@dataclass
class Result:
    outcome: str
    detail: str = ""  # one line: the error, the difference; a traceback for a crash
    players: int | None = None
    seconds: float = 0.0
    cpu: float = 0.0  # processor seconds of the worker for this case
    signature: str = ""  # what tells one bad finding from another (see known findings in tests)
    flat: str = ""  # what the flat target did: played, stopped, refused, crash ("": not asked)
    flat_refusal: str = ""  # why it refused (fuzz_flat.refusal_reason)
    # processor seconds of the case's parts, for benchmarks/fuzz.py --time: "load" (the rules
    # loaded and checked), "reference" (its game on the tree-walker, the first time)
    parts: dict[str, float] = field(default_factory=dict)


class Workspace:
    """A private copy of the games' rule files; a case replaces one file and puts it back."""

    def __init__(self, parent: Path | None = None) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="ratdsl-fuzz-", dir=parent or _scratch()))
        for game in GAMES:
            copy_game(game, self.dir / game)

    def folder(self, game: str) -> Path:
        """The copy of this game's folder."""
        return self.dir / game

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


def _scratch() -> str | None:
    """Where workspaces go: memory where there is such a folder (each case writes and reads
    files), else the system's temporary folder."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def _positioned(err: RuleError) -> bool:
    return err.line >= 1 and err.column >= 1 and bool(err.file)


def _trace(err: BaseException) -> str:
    return "".join(traceback.format_exception(type(err), err, err.__traceback__)).rstrip()


def run_case(case: Case, ws: Workspace, only: tuple[int, ...] | None = None) -> Result:
    """Loads, checks and plays one case in this process."""
    started, cpu = time.perf_counter(), time.process_time()
    with mutated(case, ws, only):
        result = _run(case, ws)
    result.seconds = time.perf_counter() - started
    result.cpu = time.process_time() - cpu
    return result


@contextmanager
def mutated(case: Case, ws: Workspace, only: tuple[int, ...] | None = None) -> Iterator[str]:
    """The case's file written in the workspace (its text yielded), then the shipped text put
    back, and with it the parser's tree of that text (see _restore)."""
    path = ws.folder(case.game) / case.file
    original = corpus(case.game).sources[case.file].text
    _keep_original(str(path), original)
    text = case.text(only)
    path.write_text(text, "utf-8")
    try:
        yield text
    finally:
        path.write_text(original, "utf-8")
        _restore(str(path), original)


# The parser's tree of each shipped file of the workspace (by path, with its text), as the parser's
# in-process cache held it before a case wrote the mutated text there. That cache keeps one tree
# per path, the last text read: without this, the next case that loads the game parses the
# shipped file again (about half the parses of a run, a tenth of its time). A tree the parser
# made from the very same text is what it would make again; cases share the trees of the files
# they do not mutate anyway.
_ORIGINALS: dict[str, tuple[str, Any]] = {}


def _keep_original(path: str, text: str) -> None:
    from ratdsl.language import parser

    kept = parser._PARSED.get(path)
    if kept is not None and kept[0] == text:
        _ORIGINALS[path] = kept


def _restore(path: str, text: str) -> None:
    """Puts the shipped file's tree back in the parser's cache, or drops the mutated file's
    tree, which would otherwise be kept for the life of the worker."""
    from ratdsl.language import parser

    kept = _ORIGINALS.get(path)
    if kept is not None and kept[0] == text:
        parser._PARSED[path] = kept
    else:
        parser._PARSED.pop(path, None)


def _run(case: Case, ws: Workspace) -> Result:
    folder = ws.folder(case.game)
    target = folder / case.variant if case.variant else folder
    started = time.process_time()
    result = _load_and_play(case, target)
    result.parts.setdefault("load", time.process_time() - started)  # (rules refused: the load is all)
    return result


def _load_and_play(case: Case, target: Path) -> Result:
    from ratdsl.semantics.definition import DefinitionError
    from ratdsl.session import RulesInvalid, load_rules

    started = time.process_time()
    try:
        definition = load_rules(target, case.modules, dict(case.options))
    except RuleSyntaxError as err:
        return Result("syntax_error", err.render().split("\n")[0]) if _positioned(err) else _crash(err)
    except RulesInvalid as err:
        bad = [d for d in err.diagnostics if d.line < 1]
        if bad:
            return Result("crash", "finding with no position: " + bad[0].render(),
                          signature=f"{bad[0].code} with no position")
        return Result("finding", err.diagnostics[0].render().split("\n")[0])
    except DefinitionError as err:  # an option from this case's command line, or a `set option`
        if err.file == "--option" or _positioned(err):
            return Result("finding", err.render().split("\n")[0])
        return _crash(err)
    except RuleError as err:
        return Result("finding", err.render().split("\n")[0]) if _positioned(err) else _crash(err)
    except Exception as err:  # noqa: BLE001 - any other exception is what the fuzzer looks for
        return _crash(err)
    players = seat_count(case, definition.game.min_players, definition.game.max_players)
    if players is None:
        return Result("finding", f"no number of players in {definition.game.min_players}.."
                                 f"{definition.game.max_players} (the checker accepted it)")
    loaded = time.process_time()
    budget = STEP_BUDGET
    reference = _play(definition, players, case.game_seed)
    played = time.process_time()
    result = _outcome(reference, players)
    if result.outcome in ("ok", "rule_error"):
        result = _against_flat(result, definition, players, case.game_seed, reference, budget)
    result.parts.update(load=loaded - started, reference=played - loaded)
    return result


def _against_flat(result: Result, definition, players: int, seed: int, reference, budget: int) -> Result:
    """The case on the flat target too (tests/fuzz_flat.py), held to the tree-walker's game."""
    try:
        flat = FF.play_flat(definition, players, seed, MAX_ROUNDS, budget)
    finally:
        FF.forget(definition)
    result.flat = flat.kind
    result.flat_refusal = flat.detail if flat.kind == "refused" else ""
    differ = FF.compare(flat, reference[1], reference[2], reference[3])
    if differ is not None:
        outcome, detail, signature = differ
        return Result(outcome, detail, players, signature=signature, flat=flat.kind)
    return result


def _crash(err: BaseException) -> Result:
    kind = "out of memory" if isinstance(err, MemoryError) else type(err).__name__
    first = str(err).splitlines()[0] if str(err) else ""
    return Result("crash", f"{kind}: {first}\n{_trace(err)}", signature=_signature(kind, err))


def _signature(kind: str, err: BaseException) -> str:
    """The exception and the innermost ratdsl function it came from, e.g.
    "KeyError in ratdsl/agents/random_agent.py:random_distribution"."""
    if isinstance(err, RecursionError):  # its innermost frame is wherever the stack ran out
        return kind
    frames = [f for f in traceback.extract_tb(err.__traceback__)
              if "/ratdsl/" in f.filename.replace(os.sep, "/") or f.filename.startswith("<ratdsl")]
    if not frames:
        return kind
    frame = next((f for f in reversed(frames) if not f.name.startswith("<")), frames[-1])  # not a genexpr
    name = frame.filename.replace(os.sep, "/")
    name = name[name.index("ratdsl/"):] if "ratdsl/" in name else name
    return f"{kind} in {name}:{frame.name}"


def _play(definition, players: int, seed: int, budget: int = STEP_BUDGET):
    """(log lines, error, GameResult or None, steps) of the game on the tree-walker: error is
    ("rule", code, where, message) or ("crash", detail, signature)."""
    from ratdsl.engine.log import GameLog, dumps
    from ratdsl.session import new_game

    log = GameLog(keep=True)
    error: tuple | None = None
    result = game = None
    try:
        game = new_game(definition, players, seed, log=log, step_budget=budget)
        result = game.play(max_rounds=MAX_ROUNDS)
    except RuleError as err:
        if _positioned(err):
            error = ("rule", err.code, f"{err.file}:{err.line}:{err.column}", err.message)
        else:
            error = ("crash", f"{type(err).__name__} with no position: {err.render()}\n{_trace(err)}",
                     _signature(f"{err.code} with no position", err))
    except Exception as err:  # noqa: BLE001
        crash = _crash(err)
        error = ("crash", crash.detail, crash.signature)
    return [dumps(r) for r in log.records], error, result, None if game is None else game.interp.steps


def _outcome(reference, players: int) -> Result:
    """The case's outcome on the tree-walker: a crash, the rule's error that stopped it, or ok."""
    err = reference[1]
    if err and err[0] == "crash":
        return Result("crash", f"tree-walker: {err[1]}", players, signature=f"tree-walker: {err[2]}")
    if err:
        return Result("rule_error", _error_text(err), players)
    return Result("ok", "", players)


_STOPPED = re.compile(r": (R\d{3}) (.*)$")


def stopped_on(result: Result) -> str | None:
    """What stopped a case the checker accepted: "type" for a run-time error of
    a value's kind (tests/type_mutants.is_type_error), what static types should have refused;
    "none" for a none where a value was needed (a built-in's none the rules did not test for,
    which the types leave to the game: is_none_error); None for anything else."""
    from .type_mutants import is_none_error, is_type_error

    found = _STOPPED.search(result.detail.split("\n")[0]) if result.outcome == "rule_error" else None
    if found is None or not is_type_error(found.group(1), found.group(2)):
        return None
    return "none" if is_none_error(found.group(1), found.group(2)) else "type"


def stopped_on_type_error(result: Result) -> bool:
    """Whether a case the checker accepted stopped on a run-time type error (not a none)."""
    return stopped_on(result) == "type"


def _error_text(err) -> str:
    return "no error" if err is None else f"{err[2]}: {err[1]} {err[3]}"


# ---------------------------------------------------------------- worker processes
def _limit_memory() -> None:
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):  # pragma: no cover - a platform without the limit
        pass


def _worker(conn, seed: int, scratch: Path) -> None:
    """Runs the cases it is sent, one at a time, and answers each with its Result."""
    os.environ["RATDSL_CACHE_DIR"] = ""  # no on-disk cache of 100,000 mutated files
    _limit_memory()
    ws = Workspace(scratch)
    for index in range(-len(GAMES), 0):  # warm up each game: imports, the grammar, its files parsed
        run_case(make_case(seed, index), ws)
    gc.collect()
    gc.freeze()  # what is loaded now lives as long as the worker: the collector skips it
    # A case makes some hundred thousand objects (trees, generated code, game states) that are
    # freed by their counts, not by the collector: collect after 50,000 new ones, not 700 (the
    # collector took some 8 ms of a case's 200, now 3; each case's cycles still go within a case
    # or two, far below the worker's memory limit).
    gc.set_threshold(GC_AFTER, 20, 100)
    conn.send(None)  # ready: the time limit of its first case starts now
    try:
        parent = os.getppid()
        while True:
            while not conn.poll(1.0):
                if os.getppid() != parent:  # the runner is gone (it may not close our pipe)
                    return
            index = conn.recv()
            if index is None:
                break
            try:
                result = run_case(make_case(seed, index), ws)
            except MemoryError as err:
                result = _crash(err)
            conn.send((index, result))
            if out_of_memory(result):
                break  # a fresh worker for what follows
    finally:
        ws.close()


@dataclass
class Run:
    seed: int
    counts: Counter = field(default_factory=Counter)
    bad: list[tuple[int, Result]] = field(default_factory=list)  # (case index, result)
    seconds: float = 0.0
    cpu: float = 0.0  # processor seconds spent in the cases, all workers together
    played: int = 0
    codes: Counter = field(default_factory=Counter)  # (outcome, error code) of the refused and stopped
    # (processor seconds, index, outcome), top 10: processor time, as other work on the machine
    # stretches the wall time of a case, not its processor time
    slowest: list[tuple[float, int, str]] = field(default_factory=list)
    timed: bool = False  # whether the cases timed their commands (benchmarks/fuzz.py --time)
    # (seconds, index, command) of each command over SLOW_COMMAND seconds on a case, where the
    # cases time their commands (benchmarks/fuzz.py --time: a result's `commands`)
    slow_commands: list[tuple[float, int, str]] = field(default_factory=list)
    # (index, error) of each case the checker accepted whose game stopped on a run-time type error
    type_errors: list[tuple[int, str]] = field(default_factory=list)
    # and of each that stopped on a none where a value was needed (counted apart: stopped_on)
    none_errors: list[tuple[int, str]] = field(default_factory=list)
    # what the flat target did with the accepted cases (played, stopped, refused, crash: fuzz_flat)
    flat: Counter = field(default_factory=Counter)
    flat_refusals: Counter = field(default_factory=Counter)  # why it refused, by reason

    @property
    def cases(self) -> int:
        return sum(self.counts.values())


def out_of_memory(result: Result) -> bool:
    """Whether the case ran out of memory (in any engine: "tree-walker: out of memory: ..."), after
    which its worker is replaced: a MemoryError can leave the process in no state to go on."""
    return result.outcome == "crash" and "out of memory" in result.detail.split("\n")[0]


def count_flat(run: Run, result: Result) -> None:
    """Adds what the flat target did with the case to the run's counts."""
    if result.flat:
        run.flat[result.flat] += 1
    if result.flat_refusal:
        run.flat_refusals[result.flat_refusal] += 1


def pair_of(signature: str) -> str:
    """Which engines a disagreement's signature names: "flat" (flat/tree-walker), the one pair the
    fuzzer compares (else "other": a signature of an older run)."""
    return "flat" if signature.startswith("flat/") else "other"


def run_cases(seed: int, indexes: range | list[int], workers: int = 2, time_limit: float = TIME_LIMIT,
              progress=None) -> Run:
    """Runs the cases in `workers` processes; a case over `time_limit` seconds of its worker's
    processor time is a hang (its worker is killed and replaced), a worker that dies is a crash.
    Processor time, not wall time: other work on the machine (a test suite beside the fuzzer)
    stretches a case's wall time, so a 1 s case of a starved worker once counted as a hang; a
    worker asleep for `WALL_SLACK` times the limit is one all the same."""
    ctx = get_context("fork" if sys.platform != "win32" else "spawn")
    todo = list(indexes)[::-1]
    run = Run(seed)
    started = time.perf_counter()
    # conn -> (process, conn, index, since: wall time, the worker's processor time then)
    live: dict[Any, tuple[Any, Any, int | None, float, float | None]] = {}

    def start() -> None:
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_worker, args=(child, seed, scratch), daemon=True)
        proc.start()
        child.close()
        live[parent] = (proc, parent, None, time.perf_counter(), None)  # fed when it says it is ready

    def feed(conn) -> None:
        proc = live[conn][0]
        if todo:
            index = todo.pop()
            conn.send(index)
            live[conn] = (proc, conn, index, time.perf_counter(), processor_seconds(proc.pid))
        else:
            conn.send(None)
            proc.join(timeout=10)
            del live[conn]

    def record(index: int, result: Result) -> None:
        run.counts[result.outcome] += 1
        run.cpu += result.cpu
        run.slowest = sorted(run.slowest + [(result.cpu, index, result.outcome)], reverse=True)[:10]
        for command, seconds in getattr(result, "commands", {}).items():
            if seconds > SLOW_COMMAND:
                run.slow_commands.append((seconds, index, command))
        code = CODE.search(result.detail.split("\n")[0]) if result.outcome not in BAD else None
        if code:
            run.codes[(result.outcome, code.group())] += 1
        if result.outcome in PLAYED or (result.outcome == "crash" and result.players is not None):
            run.played += 1
        if result.outcome in BAD:
            run.bad.append((index, result))
        count_flat(run, result)
        stopped = stopped_on(result)
        if stopped == "type":
            run.type_errors.append((index, result.detail.split("\n")[0]))
        elif stopped == "none":
            run.none_errors.append((index, result.detail.split("\n")[0]))
        if progress:
            progress(run)

    def retire(conn, result: Result) -> None:
        proc, _, index, *_ = live.pop(conn)
        proc.kill()
        proc.join()
        if index is not None:
            record(index, result)
        if todo:
            start()

    scratch = Path(tempfile.mkdtemp(prefix="ratdsl-fuzz-", dir=_scratch()))  # (a killed worker's too)
    try:
        for _ in range(max(1, min(workers, len(todo)))):
            start()
        _serve(live, todo, time_limit, record, retire, feed)
    finally:
        for proc, *_ in live.values():
            proc.kill()
        shutil.rmtree(scratch, ignore_errors=True)
    run.seconds = time.perf_counter() - started
    return run


def _serve(live, todo, time_limit, record, retire, feed) -> None:
    """Answers the workers until none is left: records each result, sends the next case, and
    retires a worker whose case ran over the time limit or who died."""
    while live:
        now = time.perf_counter()
        deadline = min(since + WARM_UP if index is None else since + time_limit if now - since <= time_limit
                       else now + min(0.5, time_limit) for _, _, index, since, _ in live.values())  # (past it: polled)
        ready = wait(list(live), timeout=max(0.0, deadline - now))
        for conn in ready:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                code = live[conn][0].exitcode
                retire(conn, Result("crash", f"the worker died (exit code {code})",
                                    signature=f"worker died ({code})"))
                continue
            if message is None:  # warmed up
                feed(conn)
                continue
            index, result = message
            record(index, result)
            if out_of_memory(result):
                live[conn] = (live[conn][0], conn, None, 0.0, None)
                retire(conn, result)  # (already recorded: index None)
                continue
            feed(conn)
        now = time.perf_counter()
        for conn, (proc, _, index, since, cpu) in list(live.items()):
            if index is not None and now - since > time_limit and (
                    _used(proc.pid, cpu, now - since) > time_limit or now - since > time_limit * WALL_SLACK):
                retire(conn, Result("hang", f"over {time_limit:g} s", signature="hang"))
            elif index is None and now - since > WARM_UP:
                raise RuntimeError(f"a fuzz worker did not start within {WARM_UP:g} s")


def processor_seconds(pid: int) -> float | None:
    """The processor time (user and system) a live process has used, from /proc (None where
    there is no /proc: the wall time stands in for it)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text("ascii").rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _used(pid: int, since: float | None, wall: float) -> float:
    """The processor seconds a worker has spent on its case, or the wall time where unknown."""
    now = processor_seconds(pid) if since is not None else None
    return wall if now is None or since is None else now - since


def minimize(case: Case, outcome: str, ws: Workspace) -> tuple[int, ...]:
    """The smallest subset of the case's mutations that still gives `outcome` (in this process)."""
    from itertools import combinations

    n = len(case.mutations)
    for size in range(1, n):
        for subset in combinations(range(n), size):
            if run_case(case, ws, subset).outcome == outcome:
                return subset
    return tuple(range(n))


def save_reproducer(case: Case, result: Result, folder: Path) -> Path:
    """Writes the game folder with the mutated file and a note of the case; returns the folder."""
    out = folder / f"case-{case.seed}-{case.index}"
    game = copy_game(case.game, out / case.game)
    (game / case.file).write_text(case.text(), "utf-8")
    (out / "case.txt").write_text(f"{case.describe()}\noutcome: {result.outcome} with "
                                  f"{result.players} players\n{result.detail}\n", "utf-8")
    return out


def copy_game(game: str, to: Path) -> Path:
    """A copy of a game's rule files in `to`."""
    for rel in game_files(game):
        (to / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(game_dir(game) / rel, to / rel)
    return to
