"""The canonical layout of rule files, for `ratdsl fmt`.

One layout: 2-space indents, one statement per line (the limits of an `ask ... distribute` go
on lines of their own, indented once more), one space around binary operators and after
commas, none inside brackets or around `..` and `.`, a blank line around every declaration
that takes more than one line and between the steps of a phase. Elsewhere a blank line is kept
where the designer left one (several become one) and none are added. Parentheses: only where
the grammar needs them, plus three for the reader: around an `and` inside an `or`, around an
`or` in a `where` / `ordered by` / `with most` condition, and around arithmetic on either side
of `..`. Comments after code on consecutive lines of the same block are aligned (two spaces
after the longest line).

Comments are kept. The parser ignores them, so they are captured with Lark's `lexer_callbacks`
on COMMENT and re-attached by line: a comment on a line of its own goes before the next node,
at that node's indentation; a comment after code goes at the end of the output line that holds
that code. Quoted texts keep the designer's spelling (escapes included).

The printer works from the typed AST and adds parentheses exactly where the grammar needs them,
so formatting never changes meaning: `format_text` re-parses its output and checks that the AST
(spans aside) and the comments are unchanged. Formatting is idempotent.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Token
from lark.exceptions import UnexpectedInput

from . import ast as A
from .grammar import lark_parser
from .parser import _unquote as unquote
from .parser import parse_text, reject_control_characters, tree_to_ast

INDENT = "  "


class FormatError(Exception):
    """The formatter could not produce a faithful layout (a bug, or a node it does not know)."""


@dataclass(frozen=True)
class Comment:
    line: int
    column: int
    text: str
    own_line: bool


# ------------------------------------------------------------------ capturing comments
_CAPTURED = ("COMMENT", "STRING", "PLAYERS", "SEATING", "FIELDS", "ACTIVE", "MOST", "ENDS", "CAPACITY")
_lock = threading.Lock()
_tokens: list[Token] = []


def _record(token: Token) -> Token:
    _tokens.append(token)
    return token


@lru_cache(maxsize=1)
def _lexing_parser() -> Lark:
    """The rule-language parser, with callbacks that see comments and a few tokens."""
    return lark_parser(lexer_callbacks={name: _record for name in _CAPTURED})


def parse_with_comments(text: str, file: str = "<string>") -> tuple[A.Program, list[Token]]:
    """The AST of `text` and the captured tokens (comments, texts, some keywords), in order."""
    reject_control_characters(text, file)
    with _lock:
        _tokens.clear()
        try:
            tree = _lexing_parser().parse(text)
        except UnexpectedInput:
            parse_text(text, file)  # raises the designer-readable RuleSyntaxError
            raise
        tokens = list(_tokens)
    return tree_to_ast(tree, file, text), tokens


def comments_of(text: str, tokens: list[Token]) -> list[Comment]:
    lines = text.split("\n")  # as Lark counts lines: "\n" only
    out = []
    for tok in tokens:
        if tok.type != "COMMENT":
            continue
        before = lines[tok.line - 1][: tok.column - 1] if tok.line <= len(lines) else ""
        out.append(Comment(tok.line, tok.column, str(tok).rstrip(), before.strip() == ""))
    return out


# ------------------------------------------------------------------ quoting
def quote(value: str, raw: dict[str, str] | None = None) -> str:
    """A quoted text that the parser reads back as `value`; the designer's spelling if known."""
    if raw and value in raw:
        return raw[value]
    escapes = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t"}
    token = '"' + "".join(escapes.get(ch, ch) for ch in value) + '"'
    if unquote(token) != value:
        raise FormatError(f"cannot write the text {value!r} so that it reads back the same")
    return token


# ------------------------------------------------------------------ expressions
# Binding strength, loosest first; the grammar's expression levels.
QUERY, OR, AND, NOT, COMPARE, SUM, PRODUCT, UNARY, POSTFIX, ATOM = range(10)
COMPARISONS = {"==", "!=", "<", "<=", ">", ">="}


def type_text(t: A.TypeExpr, inner: bool = False) -> str:
    """A func's annotation as written: `list of card`, `card of events or none`; a union inside
    `of` is in parentheses (`list of (card or none)`), as `or` binds loosest."""
    if isinstance(t, A.TypeUnion):
        text = " or ".join(type_text(o, True) if isinstance(o, A.TypeUnion) else type_text(o) for o in t.options)
        return f"({text})" if inner else text
    if isinstance(t, A.TypeName):
        return t.name if t.of is None else f"{t.name} of {type_text(t.of, True)}"
    raise TypeError(f"no form for {type(t).__name__}")


class ExprPrinter:
    def __init__(self, raw: dict[str, str] | None = None):
        self.raw = raw or {}

    def __call__(self, x: A.Expr, level: int = QUERY, source_of_query: bool = False) -> str:
        text, own = self.bare(x)
        # An if-expression or a `let ... in` ends with an expression that would take in whatever
        # follows it: brackets unless nothing can follow.
        if own < level or (isinstance(x, (A.IfExpr, A.LetIn)) and (level > QUERY or source_of_query)):
            return f"({text})"
        return text

    def bare(self, x: A.Expr) -> tuple[str, int]:
        p = self
        if isinstance(x, A.IntLit):
            if x.value < 0:
                raise FormatError("a negative number literal cannot be written; use `-` before it")
            return str(x.value), ATOM
        if isinstance(x, A.StrLit):
            return quote(x.value, self.raw), ATOM
        if isinstance(x, A.BoolLit):
            return ("true" if x.value else "false"), ATOM
        if isinstance(x, A.NoneLit):
            return "none", ATOM
        if isinstance(x, A.Name):
            return x.id, ATOM
        if isinstance(x, A.ListLit):
            return "[" + ", ".join(p(i) for i in x.items) + "]", ATOM
        if isinstance(x, A.Comprehension):
            cond = f" if {p(x.condition)}" if x.condition is not None else ""
            source = p(x.source, QUERY, source_of_query=x.condition is not None)
            return f"[{p(x.element)} for {x.var} in {source}{cond}]", ATOM
        if isinstance(x, A.NestedComprehension):
            clauses = []
            for c in x.clauses:
                cond = f" if {p(c.condition)}" if c.condition is not None else ""
                # a source is followed by `for`, `if` or `]`: an if-expression there needs brackets
                clauses.append(f" for {c.var} in {p(c.source, QUERY, source_of_query=True)}{cond}")
            return f"[{p(x.element)}{''.join(clauses)}]", ATOM
        if isinstance(x, A.LetIn):
            return f"let {x.name} = {p(x.value, SUM)} in {p(x.body)}", QUERY
        if isinstance(x, A.BundleLit):
            return "{" + ", ".join(f"{k}: {p(v)}" for k, v in x.items) + "}", ATOM
        if isinstance(x, A.IfExpr):
            cond = p(x.condition, QUERY, source_of_query=True)
            then = p(x.then, QUERY, source_of_query=True)
            return f"if {cond} then {then} else {p(x.otherwise)}", QUERY
        if isinstance(x, A.Attr):
            return f"{p(x.obj, POSTFIX, True)}.{x.name}", POSTFIX
        if isinstance(x, A.Index):
            return f"{p(x.obj, POSTFIX, True)}[{p(x.key)}]", POSTFIX
        if isinstance(x, A.Call):
            return f"{x.func}(" + ", ".join(p(a) for a in x.args) + ")", POSTFIX
        if isinstance(x, A.AtPhaseStart):
            return f"at_phase_start({p(x.operand)})", POSTFIX
        if isinstance(x, A.Neg):
            operand = p(x.operand, UNARY, True)
            return ("- " if operand.startswith("-") else "-") + operand, UNARY
        if isinstance(x, A.BinOp):
            if x.op in COMPARISONS:
                return f"{p(x.left, SUM, True)} {x.op} {p(x.right, SUM)}", COMPARE
            if x.op in ("+", "-"):
                return f"{p(x.left, SUM, True)} {x.op} {p(x.right, PRODUCT)}", SUM
            if x.op in ("*", "/", "%"):
                return f"{p(x.left, PRODUCT, True)} {x.op} {p(x.right, UNARY)}", PRODUCT
            raise FormatError(f"unknown operator {x.op!r}")
        if isinstance(x, A.RangeExpr):
            return f"{p(x.low, UNARY, True)}..{p(x.high, UNARY)}", COMPARE
        if isinstance(x, A.InExpr):
            return f"{p(x.item, SUM, True)} in {p(x.container, SUM)}", COMPARE
        if isinstance(x, A.Not):
            return f"not {p(x.operand, NOT)}", NOT
        if isinstance(x, A.BoolOp):
            inner = NOT  # `and` inside `or` is parenthesized for the reader
            if len(x.items) < 2:
                raise FormatError(f"`{x.op}` with fewer than two operands cannot be written")
            items = [p(i, inner, True) for i in x.items[:-1]] + [p(x.items[-1], inner)]
            return f" {x.op} ".join(items), OR if x.op == "or" else AND
        if isinstance(x, A.Where):
            return f"{p(x.source, QUERY, True)} where {p(x.condition, AND)}", QUERY
        if isinstance(x, A.Ordered):
            order = " descending" if x.descending else ""
            return f"{p(x.source, QUERY, True)} ordered by {p(x.key, AND, bool(order))}{order}", QUERY
        if isinstance(x, A.Extreme):
            which = "most" if x.most else "fewest"
            return f"{p(x.source, QUERY, True)} with {which} {p(x.key, AND)}", QUERY
        raise FormatError(f"the formatter does not know the expression {type(x).__name__}")


def side_by_side(left: str, right: str) -> tuple[str, str]:
    """Two values written one after the other (`move 2 red`) must stay two: a
    right side starting with "(", "[" or "-" would continue the left one (a call, an index, a
    subtraction), so it is put in parentheses, and so is a left side that ends in a name."""
    if right[:1] in ("(", "[", "-"):
        right = f"({right})"
        if left[-1:].isalnum() or left[-1:] == "_":
            left = f"({left})"
    return left, right


def literal(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and value < 0:
        raise FormatError("option values are whole numbers from 0")
    return str(value)


# ------------------------------------------------------------------ the printer
class Printer:
    def __init__(self, text: str, tokens: list[Token]):
        self.src = text.split("\n")
        self.comments = comments_of(text, tokens)
        self.own = [c for c in self.comments if c.own_line]
        self.trailing = [c for c in self.comments if not c.own_line]
        self.raw: dict[str, str] = {}
        for tok in tokens:
            if tok.type == "STRING":
                self.raw.setdefault(unquote(str(tok)), str(tok))
        self.keyword_lines: dict[str, list[int]] = {}
        for tok in tokens:
            if tok.type in ("PLAYERS", "SEATING", "FIELDS", "ACTIVE", "MOST", "ENDS", "CAPACITY"):
                self.keyword_lines.setdefault(tok.type, []).append(tok.line)
        self.e = ExprPrinter(self.raw)
        self.out: list[tuple[int, str, str | None] | None] = []  # (depth, code, comment); None: blank
        self.depth = 0
        self.last = "start"  # start | open | item | blank

    # -- output
    def emit(self, text: str, lo: int, hi: int | None = None, opening: bool = False) -> None:
        """One output line, standing for source lines lo..hi: trailing comments of those lines
        (and of any earlier line no output line claimed) go at its end."""
        hi = lo if hi is None else max(lo, hi)
        tail = [c for c in self.trailing if c.line <= hi]
        if tail:
            self.trailing = [c for c in self.trailing if c.line > hi]
        self.out.append((self.depth, text, " ".join(c.text for c in tail) if tail else None))
        self.last = "open" if opening else "item"

    def comment_line(self, text: str, depth: int | None = None) -> None:
        self.out.append((self.depth if depth is None else depth, text, None))
        self.last = "item"

    def blank(self) -> None:
        if self.last == "item":
            self.out.append(None)
            self.last = "blank"

    def blank_above(self, line: int) -> bool:
        return 2 <= line <= len(self.src) + 1 and self.src[line - 2].strip() == ""

    def lead(self, line: int, force_blank: bool = False) -> None:
        """Own-line comments before source line `line`, then room for the node at `line`."""
        first = True
        while self.own and self.own[0].line < line:
            c = self.own.pop(0)
            if (first and force_blank) or self.blank_above(c.line):
                self.blank()
            self.comment_line(c.text)
            first = False
        if (first and force_blank) or (line > 0 and self.blank_above(line)):
            self.blank()

    def inner_comments(self, end_line: int) -> None:
        """Own-line comments left inside a body, before its closing brace."""
        while self.own and self.own[0].line < end_line:
            c = self.own.pop(0)
            if self.blank_above(c.line):
                self.blank()
            self.comment_line(c.text)

    def comments_between(self, lo: int, hi: int) -> bool:
        return any(lo <= c.line <= hi for c in self.own)

    # -- bodies
    def body(self, header: str, lo: int, header_hi: int, end_line: int, items: list, show,
             separate: bool = False) -> None:
        """`header { items }`: one item per line, or `header { }` when there is nothing."""
        if not items and not self.comments_between(lo + 1, end_line - 1):
            self.emit(header + " { }", lo, end_line)
            return
        self.emit(header + " {", lo, header_hi, opening=True)
        self.depth += 1
        for i, item in enumerate(items):
            show(item, separate and i > 0)
        self.inner_comments(end_line)
        self.depth -= 1
        self.emit("}", end_line)

    def chain(self, segments: list[tuple[str, A.Block]], lo: int) -> None:
        """`if c { ... } else { ... }` and the like: headers, each followed by a block."""
        def empty(block: A.Block) -> bool:
            return not block.stmts and not self.comments_between(block.span.line, block.span.end_line - 1)

        inline = len(segments) == 1 or all(empty(block) for _, block in segments)
        text = ""
        for header, block in segments:
            text = f"{text} {header}" if text else header
            span = block.span
            if inline and empty(block):
                text += " { }"
                continue
            self.emit(text + " {", lo, span.line, opening=True)
            self.depth += 1
            for stmt in block.stmts:
                self.stmt(stmt)
            self.inner_comments(span.end_line)
            self.depth -= 1
            text, lo = "}", span.end_line
        self.emit(text, lo, max(lo, segments[-1][1].span.end_line))

    # -- program
    def program(self, program: A.Program) -> str:
        previous_long = False
        for decl in program.decls:
            start = len(self.out)
            self.lead(decl.span.line)
            first = len(self.out)
            self.decl(decl)
            long = len(self.out) - first > 1
            if start and (previous_long or long) and self.out[start] is not None \
                    and self.out[start - 1] is not None:
                self.out.insert(start, None)  # a blank line around every declaration of several lines
            previous_long = long
        while self.own:
            c = self.own.pop(0)
            if self.blank_above(c.line):
                self.blank()
            self.comment_line(c.text, 0)
        for c in self.trailing:  # a comment no printed line claimed (not expected)
            self.comment_line(c.text, 0)
        while self.out and self.out[-1] is None:
            self.out.pop()
        return render(self.out)

    def title(self, title: str | None) -> str:
        return f" {quote(title, self.raw)}" if title is not None else ""

    def params(self, params) -> str:
        return "(" + ", ".join(params) + ")"

    def decl(self, d: A.Decl, prefix: str = "") -> None:
        e, s = self.e, d.span
        lo, end = s.line, s.end_line
        if isinstance(d, A.Game):
            items = [("players", self._kw_line("PLAYERS", s), f"players {d.min_players}..{d.max_players}"),
                     ("seating", self._kw_line("SEATING", s), f"seating {d.seating}")]
            if d.max_rounds is not None:
                items.append(("cap", self._kw_line("MOST", s), f"at most {d.max_rounds} rounds"))
            if d.end_after is not None:
                after = [n for n in self.keyword_lines.get("ENDS", []) if s.line <= n <= s.end_line
                         and n not in {x.span.line for x in d.endings}]
                items.append(("after", after[-1] if after else 0, f"ends after {d.end_after} rounds"))
            items += [("ends", x.span.line, _ending(x, e)) for x in d.endings]  # turns
            self.body(f"{prefix}game {d.name} {quote(d.title, self.raw)}", lo, self._header_hi(s, items),
                      end, sorted(items, key=lambda i: i[1]), self._simple_item)
        elif isinstance(d, A.ModuleHeader):
            self.emit(f"{prefix}module {d.name} {quote(d.title, self.raw)} requires {d.requires}", lo, end)
        elif isinstance(d, A.VariantHeader):
            with_ = f" with {', '.join(d.modules)}" if d.modules else ""
            self.emit(f"{prefix}variant {d.name} {quote(d.title, self.raw)} extends {d.extends}{with_}", lo, end)
        elif isinstance(d, A.Option):
            values = ", ".join(literal(v) for v in d.values)
            self.emit(f"{prefix}option {d.name}{self.title(d.title)} in {{{values}}} = {literal(d.default)}",
                      lo, end)
        elif isinstance(d, (A.Tokens, A.Symbols)):
            self.emit(f"{prefix}{d.kind} {', '.join(d.names)}", lo, end)
        elif isinstance(d, A.Const):
            self.emit(f"{prefix}const {d.name} = {e(d.value)}", lo, end)
        elif isinstance(d, (A.Zone, A.Pile)):
            per = "per player " + _seen_by(d) if d.per_player else _seen_by(d)
            facing = f" face {d.facing}" if isinstance(d, A.Pile) and d.facing else ""
            self.emit(f"{prefix}{per}{d.kind} {', '.join(d.names)}{facing}", lo, end)
        elif isinstance(d, A.Var):
            per = "per player " + _seen_by(d) if d.per_player else _seen_by(d)
            self.emit(f"{prefix}{per}var {d.name} = {e(d.value)}", lo, end)
        elif isinstance(d, A.Deck):
            items = []
            at = [n for n in self.keyword_lines.get("FIELDS", []) if s.line <= n <= s.end_line]
            for i, text in enumerate(_field_lines(d)):  # (each on its own line, with its comments)
                items.append(("fields", at[min(i, len(at) - 1)] if at else 0, text))
            if d.active is not None:
                line = d.active.span.line if d.active.span.line > 0 else self._kw_line("ACTIVE", s)
                items.append(("active", line, f"active when {e(d.active)}"))
            self.body(f"{prefix}deck {d.name}{self.title(d.title)}", lo, self._header_hi(s, items), end,
                      sorted(items, key=lambda i: i[1]), self._simple_item)
        elif isinstance(d, A.Card):
            items = sorted([*d.fields, *d.handlers, *d.modifiers, *d.hooks],
                           key=lambda n: (n.span.line, n.span.column))
            self.body(f"{prefix}card {d.name} in {d.deck}{self.title(d.title)}", lo,
                      self._header_hi(s, items), end, items, self._card_item)
        elif isinstance(d, A.Board):  # boards
            items: list = []
            if d.fields:
                items.append(("fields", self._kw_line("FIELDS", s), f"fields {', '.join(d.fields)}"))
            if d.capacity is not None:
                inside = [(x.span.line, x.span.end_line) for x in d.spaces]
                lines = [n for n in self.keyword_lines.get("CAPACITY", []) if lo <= n <= end
                         and not any(a <= n <= b for a, b in inside)]
                items.append(("capacity", lines[0] if lines else 0, f"capacity {d.capacity}"))
            items += [("space", x.span.line, self._space(x)) for x in d.spaces]
            items += [("edge", x.span.line, f"edge {x.source} {'->' if x.one_way else '--'} {', '.join(x.targets)}")
                      for x in d.edges]
            self.body(f"{prefix}board {d.name}{self.title(d.title)}", lo, self._header_hi(s, items), end,
                      sorted(items, key=lambda i: i[1]), self._simple_item)
        elif isinstance(d, A.Action):  # turns
            self.action(d, prefix)
        elif isinstance(d, A.Table):
            self.body(f"{prefix}table {d.name}({d.param}){self.title(d.title)}", lo,
                      self._header_hi(s, d.rows), end, list(d.rows), self._table_row)
        elif isinstance(d, A.Persona):
            self.body(f"{prefix}persona {d.name}{self.title(d.title)}", lo, self._header_hi(s, d.weights), end,
                      list(d.weights), self._persona_item)
        elif type(d).__name__ == "Metric":
            text = f"{prefix}metric {d.name} {quote(d.title, self.raw)} = tokens {e(d.kinds, SUM, True)}"
            text += f" from {d.source}" if d.source else ""
            text += f" into {d.dest}" if d.dest else ""
            if d.phase:
                text += f" during {d.phase}" + (f".{d.step}" if d.step else "")
            self.emit(text, lo, end)
        elif isinstance(d, A.Invariant):
            self.emit(f"{prefix}invariant {d.name}{self.title(d.title)} = {e(d.condition)}", lo, end)
        elif isinstance(d, A.Func):
            params = [n if t is None else f"{n}: {type_text(t)}"
                      for n, t in zip(d.params, d.param_types or (None,) * len(d.params))]
            result = f" -> {type_text(d.result_type)}" if d.result_type is not None else ""
            self.emit(f"{prefix}func {d.name}{self.params(params)}{result} = {e(d.value)}", lo, end)
        elif isinstance(d, A.Rule):
            self.chain([(f"{prefix}rule {d.name}{self.params(d.params)}{self.title(d.title)}", d.body)], lo)
        elif isinstance(d, A.Modify):
            cond = f" if {e(d.condition)}" if d.condition is not None else ""
            self.emit(f"{prefix}modify {d.name}{self.params(d.params)}{cond} = {e(d.value)}", lo, end)
        elif isinstance(d, A.Hook):
            time = "instead of" if d.time == "instead" else d.time
            cond = f" if {e(d.condition)}" if d.condition is not None else ""
            self.chain([(f"{prefix}{time} {d.name}{self.params(d.params)}{cond}", d.body)], lo)
        elif isinstance(d, A.Setup):
            self.body(f"{prefix}setup", lo, self._header_hi(s, d.steps), end, list(d.steps), self._step,
                      separate=True)
        elif isinstance(d, A.Phase):
            self.body(f"{prefix}phase {d.name}{self.title(d.title)}", lo, self._header_hi(s, d.steps), end,
                      list(d.steps), self._step, separate=True)
        elif isinstance(d, A.Round):
            self.emit(f"{prefix}round {', '.join(d.phases)}", lo, end)
        elif isinstance(d, A.Scoring):
            items = [("score", d.score.span.line, f"score = {e(d.score)}")]
            items += [("tiebreak", t.span.line, f"tiebreak {e(t)}") for t in d.tiebreaks]
            self.body(f"{prefix}scoring {d.player_var}", lo, self._header_hi(s, items), end, items,
                      self._simple_item)
        elif isinstance(d, A.Replace):
            self.decl(d.decl, prefix + "replace ")
        elif type(d).__name__ == "ReplaceStep":
            step = d.step
            self.chain([(f"{prefix}replace step {d.phase}.{step.name}{self.title(step.title)}", step.body)], lo)
        elif isinstance(d, A.Remove):
            member = f".{d.member}" if d.member else ""
            self.emit(f"{prefix}remove {d.target_kind} {d.name}{member}", lo, end)
        elif isinstance(d, A.SetOption):
            self.emit(f"{prefix}set option {d.name} = {literal(d.value)}", lo, end)
        else:
            raise FormatError(f"the formatter does not know the declaration {type(d).__name__}")

    def action(self, d: A.Action, prefix: str) -> None:
        """turns: `action NAME(P) "Title" { only if ..., at most N per turn, cost ..., effect { } }`,
        its parts in the order written."""
        e, lo, end = self.e, d.span.line, d.span.end_line
        items: list = []
        if d.condition is not None:
            items.append((d.condition.span.line, f"only if {e(d.condition)}", None))
        if d.limit is not None:
            once = isinstance(d.limit, A.IntLit) and d.limit.value == 1
            items.append((d.limit.span.line, "once per turn" if once else f"at most {e(d.limit, SUM)} per turn", None))
        if d.cost is not None:
            move = d.cost.stmts[0]
            amount = e(move.quantity.amount)
            if move.what is not None:
                amount = " ".join(side_by_side(amount, e(move.what)))
            items.append((d.cost.span.line, f"cost {amount} from {e(move.source)} to {e(move.dest)}", None))
        if d.effect.span.line > 0:
            items.append((d.effect.span.line, "effect", d.effect))
        items.sort(key=lambda i: i[0])
        head = f"{prefix}{d.kind} {d.name}({d.param}){self.title(d.title)}"
        if not items and not self.comments_between(lo + 1, end - 1):
            self.emit(head + " { }", lo, end)
            return
        self.emit(head + " {", lo, min([i[0] for i in items if i[0] > 0], default=lo + 1) - 1, opening=True)
        self.depth += 1
        for line, text, block in items:
            self.lead(line)
            if block is None:
                self.emit(text, line)
            else:
                self.chain([(text, block)], line)
        self.inner_comments(end)
        self.depth -= 1
        self.emit("}", end)

    def _kw_line(self, kind: str, span: A.Span) -> int:
        lines = [n for n in self.keyword_lines.get(kind, []) if span.line <= n <= span.end_line]
        return lines[-1] if lines else 0

    def _header_hi(self, span: A.Span, items) -> int:
        lines = [(i[1] if isinstance(i, tuple) else i.span.line) for i in items]
        lines = [n for n in lines if n > 0]
        return min(lines) - 1 if lines else span.line

    def _simple_item(self, item, separate: bool) -> None:
        _, line, text = item
        self.lead(line)
        self.emit(text, line)

    def _space(self, space: A.Space) -> str:
        """A space on one line: `space NAME "Title" for 3..4 players { field = value, capacity N }`."""
        text = f"space {space.name}{self.title(space.title)}"
        if space.players is not None:
            text += f" for {space.players[0]}..{space.players[1]} players"
        parts = [f"{f.name} = {self.e(f.value)}" for f in space.fields]
        if space.capacity is not None:
            parts.append(f"capacity {space.capacity}")
        return text + (" { " + ", ".join(parts) + " }" if parts else "")

    def _card_item(self, item: A.Node, separate: bool) -> None:
        self.lead(item.span.line)
        if isinstance(item, A.CardField):
            self.emit(f"{item.name} = {self.e(item.value)}", item.span.line, item.span.end_line)
        elif isinstance(item, A.OnEvent):
            self.chain([(f"on {item.event}", item.body)], item.span.line)
        else:
            self.decl(item)

    def _table_row(self, entry: A.TableEntry, separate: bool) -> None:
        row = entry.row
        if row.low is None:
            head = "otherwise"
        elif row.low == row.high:
            head = str(row.low)
        else:
            head = f"{row.low}..{row.high}"
        if (row.low is not None and row.low < 0) or (row.high is not None and row.high < 0):
            raise FormatError("table rows are whole numbers from 0")
        self.lead(entry.span.line)
        self.emit(f"{head} -> {self.e(entry.value)}", entry.span.line, entry.span.end_line)

    def _persona_item(self, w: A.PersonaWeight, separate: bool) -> None:
        self.lead(w.span.line)
        self.emit(f"{w.decision}.{w.option} = {self.e(w.weight)}", w.span.line, w.span.end_line)

    def _step(self, step: A.Step, separate: bool) -> None:
        self.lead(step.span.line, separate)
        self.chain([(f"step {step.name}{self.title(step.title)}", step.body)], step.span.line)

    # -- statements
    def stmt(self, s: A.Stmt) -> None:
        e = self.e
        lo, hi = s.span.line, s.span.end_line
        self.lead(lo)
        if isinstance(s, A.Let):
            self.emit(f"let {s.name} = {e(s.value)}", lo, hi)
        elif isinstance(s, A.Set):
            self.emit(f"set {e(s.target, POSTFIX, True)} = {e(s.value)}", lo, hi)
        elif isinstance(s, A.If):
            segments = [(f"if {e(s.condition)}", s.then)]
            current = s
            while current.otherwise is not None:
                other = current.otherwise
                if len(other.stmts) == 1 and isinstance(other.stmts[0], A.If) \
                        and other.span == other.stmts[0].span:
                    current = other.stmts[0]
                    segments.append((f"else if {e(current.condition)}", current.then))
                else:
                    segments.append(("else", other))
                    break
            self.chain(segments, lo)
        elif isinstance(s, A.ForEach):
            self.chain([(f"for each {s.var} in {e(s.source)}", s.body)], lo)
        elif isinstance(s, A.While):
            self.chain([(f"while {e(s.condition)}", s.body)], lo)
        elif isinstance(s, A.Repeat):
            self.chain([(f"repeat {e(s.count)} times", s.body)], lo)
        elif isinstance(s, A.Move):
            quantity = self.quantity(s.quantity)
            if s.what is not None and s.quantity.amount is not None:
                amount, what = side_by_side(e(s.quantity.amount), e(s.what))
                quantity = f"{'up to ' if s.quantity.mode == 'up_to' else ''}{amount} {what}"
            elif s.what is not None:
                quantity = f"{quantity} {e(s.what)}"
            self.emit(f"move {quantity} from {e(s.source)} to {e(s.dest)}", lo, hi)
        elif isinstance(s, A.Draw):
            self.emit(f"draw {self.quantity(s.quantity)} from {e(s.source)} to {e(s.dest)}", lo, hi)
        elif isinstance(s, A.Shuffle):
            self.emit(f"shuffle {e(s.pile)}", lo, hi)
        elif isinstance(s, A.Place):
            where = "on top of" if s.where == "top" else "at bottom of"
            self.emit(f"place {e(s.cards)} {where} {e(s.pile)}", lo, hi)
        elif isinstance(s, A.Reveal):
            self.emit(f"reveal {e(s.count)} from {e(s.source)} to {e(s.dest)}", lo, hi)
        elif isinstance(s, A.AskMay):
            segments = [(f"ask {e(s.player)} {s.id}: may", s.body)]
            if s.otherwise is not None:
                segments.append(("otherwise", s.otherwise))
            self.chain(segments, lo)
        elif isinstance(s, A.AskChoose):
            optional = " or pass" if s.optional else ""
            self.chain([(f"ask {e(s.player)} {s.id}: choose {s.var} from {e(s.options)}{optional}",
                         s.body)], lo)
        elif isinstance(s, A.AskDistribute):
            head = f"ask {e(s.player)} {s.id}: distribute {e(s.amount)} from {e(s.source)} among {e(s.targets)}"
            first_limit = min((lim.span.line for lim in s.limits if lim.span.line > 0), default=hi + 1)
            self.emit(head, lo, max(lo, first_limit - 1) if s.limits else hi)
            self.depth += 1
            for limit in s.limits:
                self.lead(limit.span.line)
                kind = "at most" if limit.kind == "most" else "at least"
                self.emit(f"{kind} {e(limit.amount, SUM)} in {e(limit.zones)}", limit.span.line,
                          limit.span.end_line)
            self.depth -= 1
        elif isinstance(s, A.Do):
            self.emit(f"do {s.rule}(" + ", ".join(e(a) for a in s.args) + ")", lo, hi)
        elif isinstance(s, A.Secretly):
            self.chain([("secretly", s.body)], lo)
        # plans
        elif isinstance(s, A.Plan):
            optional = " or pass" if s.optional else ""
            likely = "" if s.likely is None else f" likely {e(s.likely)}"
            self.emit(f"plan {s.id} for each {s.var} in {e(s.players)}: choose {e(s.count)} from "
                      f"{e(s.options)}{likely}{optional} into {s.into}", lo, hi)
        # end plans
        elif isinstance(s, A.EndGame):
            self.emit("end game" if s.counts_round else "end game not counting the round", lo, hi)
        elif isinstance(s, A.Turn):  # turns
            self.chain([(f"turn {e(s.player)}", s.body)], lo)
        elif isinstance(s, A.Act):  # turns
            self.emit(_act(s), lo, hi)
        elif isinstance(s, A.Say):
            text = f"say {quote(s.message, self.raw)}"
            if s.args:
                text += " with " + ", ".join(e(a) for a in s.args)
            self.emit(text, lo, hi)
        elif isinstance(s, A.Create):
            self.emit(f"create {e(s.what, SUM, True)} in {e(s.where)}", lo, hi)
        elif isinstance(s, A.Assert):
            self.emit(f"assert {e(s.condition)} {quote(s.message, self.raw)}", lo, hi)
        elif type(s).__name__ == "Show":
            self.emit(f"show {e(s.cards)} to {e(s.player)}", lo, hi)
        else:
            raise FormatError(f"the formatter does not know the statement {type(s).__name__}")

    def quantity(self, q: A.Quantity) -> str:
        if q.mode == "all":
            return "all"
        if q.mode == "up_to":
            return f"up to {self.e(q.amount)}"
        return self.e(q.amount)


def render(lines: list[tuple[int, str, str | None] | None]) -> str:
    """Output lines as text; comments after code on consecutive lines at the same depth are
    aligned two spaces after the longest of those lines."""
    width: dict[int, int] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        if line is None or line[2] is None:
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j] is not None and lines[j][2] is not None \
                and lines[j][0] == line[0]:
            j += 1
        longest = max(len(lines[k][1]) for k in range(i, j))
        for k in range(i, j):
            width[k] = longest
        i = j
    out = []
    for k, line in enumerate(lines):
        if line is None:
            out.append("")
            continue
        depth, code, comment = line
        text = INDENT * depth + code
        if comment is not None:
            text = INDENT * depth + code.ljust(width[k]) + "  " + comment
        out.append(text)
    return "\n".join(out) + "\n" if out else ""


# ------------------------------------------------------------------ entry points
def format_program(program: A.Program) -> str:
    """The canonical text of an AST with no comments (e.g. one built in code)."""
    return Printer("", []).program(program)


def formatted_lines(node: A.Node) -> list[str]:
    """One node (a declaration, a card's item, a step, a block's statements, an expression) in
    its canonical layout, without comments, one string a line: what `ratdsl diff` compares
    when a body is replaced, so the difference is in the lines a designer reads."""
    printer = Printer("", [])
    printer.src = []  # (no source: no blank line is kept from it)
    if isinstance(node, A.Step):
        printer._step(node, False)
    elif isinstance(node, A.Block):
        for stmt in node.stmts:
            printer.stmt(stmt)
    elif isinstance(node, A.Stmt):
        printer.stmt(node)
    elif isinstance(node, (A.CardField, A.OnEvent)):
        printer._card_item(node, False)
    elif isinstance(node, A.Decl):
        printer.decl(node)
    elif isinstance(node, A.Expr):
        return [printer.e(node)]
    else:
        raise TypeError(f"no layout for a {type(node).__name__}")
    return render(printer.out).splitlines()


def format_text(text: str, file: str = "<string>", verify: bool = True) -> str:
    """The canonical layout of one rule file's text. Raises RuleSyntaxError on a syntax error,
    and FormatError if the result would not mean the same (which would be a formatter bug)."""
    program, tokens = parse_with_comments(text, file)
    result = Printer(text, tokens).program(program)
    if verify:
        check_same_meaning(text, result, program, tokens, file)
    return result


def check_same_meaning(text: str, result: str, program: A.Program, tokens, file: str) -> None:
    try:
        again, again_tokens = parse_with_comments(result, file)
    except Exception as err:  # noqa: BLE001 - any failure here is a formatter bug
        raise FormatError(f"{file}: the formatted text does not parse: {err}") from None
    if again != program:
        raise FormatError(f"{file}: formatting would change the meaning; the file is left as it is")
    before = [c.text for c in comments_of(text, tokens)]
    after = [c.text for c in comments_of(result, again_tokens)]
    if sorted(before) != sorted(after) and sorted(" ".join(before).split()) != sorted(" ".join(after).split()):
        raise FormatError(f"{file}: formatting would lose a comment; the file is left as it is")


# information
_VISIBILITY_WORDS = {A.PUBLIC: "", A.OWNER: "owner only ", A.HIDDEN: "hidden "}


# turns
def _ending(ending: A.Ending, e) -> str:
    moment = {A.END_OF_TURN: "end of turn", A.END_OF_ROUND: "end of round", A.AT_ONCE: "once"}[ending.moment]
    return f"ends at {moment} when {e(ending.condition)}"


def _act(s: A.Act) -> str:
    names = ", ".join(s.actions)
    if s.mode == "one":
        return f"act {names}"
    if s.mode == "choose":
        return f"act one of {names}" + (" or pass" if s.optional else "")
    if s.mode == "any_order":
        return f"act {names} in any order"
    return f"act any of {names} until pass"


def _seen_by(d: A.Zone | A.Pile | A.Var) -> str:
    """The visibility words before `pile` or `var` ("" for public, the default)."""
    return _VISIBILITY_WORDS[getattr(d, "visibility", A.PUBLIC)]


def _field_lines(d: A.Deck) -> list[str]:
    """A deck's `fields` lines: one per run of fields seen by the same players, in order."""
    seen = dict(d.field_visibility)
    lines: list[tuple[str | None, list[str]]] = []
    for name in d.fields:
        vis = seen.get(name)
        if lines and lines[-1][0] == vis:
            lines[-1][1].append(name)
        else:
            lines.append((vis, [name]))
    return [f"{vis + ' ' if vis == A.PUBLIC else _VISIBILITY_WORDS[vis] if vis else ''}fields {', '.join(names)}"
            for vis, names in lines]
