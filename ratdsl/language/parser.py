"""Source text -> typed AST. Lark (LALR, contextual lexer) builds the parse tree; a Transformer
turns it into frozen dataclasses with spans. Syntax errors become `RuleSyntaxError`s."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

from lark import Lark, Transformer, v_args
from lark.exceptions import UnexpectedInput, VisitError

from . import ast as A
from . import cache
from .errors import RuleSyntaxError, describe_syntax_error


@lru_cache(maxsize=1)
def grammar_text() -> str:
    return resources.files("ratdsl.language").joinpath("grammar.lark").read_text("utf-8")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = grammar_text()
    return Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=True,
                maybe_placeholders=True, cache=cache.grammar_cache_path(grammar))


def _span(meta, file: str) -> A.Span:
    if getattr(meta, "empty", True):
        return A.Span(file, 0, 0, 0, 0)
    return A.Span(file, meta.line, meta.column, meta.end_line, meta.end_column)


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(token: str) -> str:
    """The text between the quotes, with \\n, \\t, \\" and \\\\ escapes; any other text kept as is."""
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), "\\" + m.group(1)), token[1:-1])


@v_args(meta=True, inline=True)
class _ToAst(Transformer):
    """One method per grammar rule or alias; each returns an AST node."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def _s(self, meta) -> A.Span:
        return _span(meta, self.file)

    # -- top level
    def start(self, meta, *decls):
        return A.Program(tuple(decls), span=self._s(meta))

    def game_decl(self, meta, name, title, *items):
        low, high, seating = 1, 1, "clockwise"
        for item in items:
            if item[0] == "players":
                low, high = item[1], item[2]
            else:
                seating = item[1]
        return A.Game(str(name), _unquote(title), low, high, seating, span=self._s(meta))

    def players_range(self, meta, low, high):
        return ("players", int(low), int(high))

    def seating(self, meta, name):
        return ("seating", str(name))

    def module_decl(self, meta, name, title, requires):
        return A.ModuleHeader(str(name), _unquote(title), str(requires), span=self._s(meta))

    def variant_decl(self, meta, name, title, extends, modules=None):
        return A.VariantHeader(str(name), _unquote(title), str(extends), tuple(modules or ()),
                               span=self._s(meta))

    def option_decl(self, meta, name, title, *rest):
        *values, default = rest
        return A.Option(str(name), _opt_str(title), tuple(values), default, span=self._s(meta))

    def int_lit(self, meta, token):
        return int(token)

    def name_lit(self, meta, token):
        return str(token)

    def true_lit(self, meta):
        return True

    def false_lit(self, meta):
        return False

    def tokens_decl(self, meta, names):
        return A.Tokens(names, span=self._s(meta))

    def symbols_decl(self, meta, names):
        return A.Symbols(names, span=self._s(meta))

    def const_decl(self, meta, name, value):
        return A.Const(str(name), value, span=self._s(meta))

    def per_player(self, meta):
        return True

    def zone_decl(self, meta, per, names):
        return A.Zone(names, bool(per), span=self._s(meta))

    def pile_decl(self, meta, per, names):
        return A.Pile(names, bool(per), span=self._s(meta))

    def var_decl(self, meta, per, name, value):
        return A.Var(str(name), value, bool(per), span=self._s(meta))

    def deck_decl(self, meta, name, title, *items):
        fields_: tuple[str, ...] = ()
        active = None
        for kind, value in items:
            if kind == "fields":
                fields_ += value
            else:
                active = value
        return A.Deck(str(name), _opt_str(title), fields_, active, span=self._s(meta))

    def deck_fields(self, meta, names):
        return ("fields", names)

    def deck_active(self, meta, expr):
        return ("active", expr)

    def card_decl(self, meta, name, deck, title, *items):
        return A.Card(
            str(name), str(deck), _opt_str(title),
            tuple(i for i in items if isinstance(i, A.CardField)),
            tuple(i for i in items if isinstance(i, A.OnEvent)),
            tuple(i for i in items if isinstance(i, A.Modify)),
            tuple(i for i in items if isinstance(i, A.Hook)),
            span=self._s(meta))

    def card_field(self, meta, name, value):
        return A.CardField(str(name), value, span=self._s(meta))

    def card_on(self, meta, event, body):
        return A.OnEvent(str(event), body, span=self._s(meta))

    def table_decl(self, meta, name, param, title, *rows):
        return A.Table(str(name), str(param), _opt_str(title), rows, span=self._s(meta))

    def row_range(self, meta, low, high, value):
        return A.TableEntry(A.TableRow(int(low), int(high), span=self._s(meta)), value,
                            span=self._s(meta))

    def row_single(self, meta, low, value):
        return A.TableEntry(A.TableRow(int(low), int(low), span=self._s(meta)), value,
                            span=self._s(meta))

    def row_otherwise(self, meta, value):
        return A.TableEntry(A.TableRow(None, None, span=self._s(meta)), value, span=self._s(meta))

    def persona_decl(self, meta, name, title, *items):
        return A.Persona(str(name), _opt_str(title), items, span=self._s(meta))

    def persona_item(self, meta, decision, option, weight):
        return A.PersonaWeight(str(decision), str(option), weight, span=self._s(meta))

    def metric_decl(self, meta, name, title, kinds, source, dest, phase, step):
        return A.Metric(str(name), _unquote(title), kinds, _opt_name(source), _opt_name(dest),
                        _opt_name(phase), _opt_name(step), span=self._s(meta))

    def func_decl(self, meta, name, params, value):
        return A.Func(str(name), params or (), value, span=self._s(meta))

    def rule_decl(self, meta, name, params, title, body):
        return A.Rule(str(name), params or (), _opt_str(title), body, span=self._s(meta))

    def modify_decl(self, meta, name, params, condition, value):
        return A.Modify(str(name), params or (), condition, value, span=self._s(meta))

    def hook_decl(self, meta, time, name, params, condition, body):
        return A.Hook(time, str(name), params or (), condition, body, span=self._s(meta))

    def before(self, meta):
        return "before"

    def after(self, meta):
        return "after"

    def instead(self, meta):
        return "instead"

    def setup_decl(self, meta, *steps):
        return A.Setup(steps, span=self._s(meta))

    def phase_decl(self, meta, name, title, *steps):
        return A.Phase(str(name), _opt_str(title), steps, span=self._s(meta))

    def step(self, meta, name, title, body):
        return A.Step(str(name), _opt_str(title), body, span=self._s(meta))

    def round_decl(self, meta, names):
        return A.Round(names, span=self._s(meta))

    def scoring_decl(self, meta, var, score, *tiebreaks):
        return A.Scoring(str(var), score, tiebreaks, span=self._s(meta))

    def tiebreak(self, meta, expr):
        return expr

    def replace_decl(self, meta, decl):
        return A.Replace(decl, span=self._s(meta))

    def replace_step(self, meta, phase, step, title, body):
        return A.ReplaceStep(str(phase), A.Step(str(step), _opt_str(title), body, span=self._s(meta)),
                             span=self._s(meta))

    def remove_decl(self, meta, kind, name, member=None):
        return A.Remove(str(kind), str(name), str(member) if member else None, span=self._s(meta))

    def set_option_decl(self, meta, name, value):
        return A.SetOption(str(name), value, span=self._s(meta))

    def params(self, meta, *names):
        return tuple(str(n) for n in names)

    def name_list(self, meta, *names):
        return tuple(str(n) for n in names)

    # -- statements
    def block(self, meta, *stmts):
        return A.Block(stmts, span=self._s(meta))

    def let_stmt(self, meta, name, value):
        return A.Let(str(name), value, span=self._s(meta))

    def set_stmt(self, meta, target, value):
        return A.Set(target, value, span=self._s(meta))

    def if_stmt(self, meta, cond, then, otherwise):
        if isinstance(otherwise, A.If):
            otherwise = A.Block((otherwise,), span=otherwise.span)
        return A.If(cond, then, otherwise, span=self._s(meta))

    def for_stmt(self, meta, var, source, body):
        return A.ForEach(str(var), source, body, span=self._s(meta))

    def while_stmt(self, meta, cond, body):
        return A.While(cond, body, span=self._s(meta))

    def repeat_stmt(self, meta, count, body):
        return A.Repeat(count, body, span=self._s(meta))

    def q_all(self, meta):
        return A.Quantity("all", None, span=self._s(meta))

    def q_up_to(self, meta, amount):
        return A.Quantity("up_to", amount, span=self._s(meta))

    def q_exact(self, meta, amount):
        return A.Quantity("exact", amount, span=self._s(meta))

    def move_stmt(self, meta, quantity, what, source, dest):
        return A.Move(quantity, what, source, dest, span=self._s(meta))

    def draw_stmt(self, meta, quantity, source, dest):
        return A.Draw(quantity, source, dest, span=self._s(meta))

    def shuffle_stmt(self, meta, pile):
        return A.Shuffle(pile, span=self._s(meta))

    def on_top(self, meta):
        return "top"

    def at_bottom(self, meta):
        return "bottom"

    def place_stmt(self, meta, cards, where, pile):
        return A.Place(cards, where, pile, span=self._s(meta))

    def reveal_stmt(self, meta, count, source, dest):
        return A.Reveal(count, source, dest, span=self._s(meta))

    def ask_stmt(self, meta, player, ident, decision):
        kind, fields_ = decision
        return kind(player, str(ident), *fields_, span=self._s(meta))

    def ask_may(self, meta, body, otherwise):
        return A.AskMay, (body, otherwise)

    def ask_choose(self, meta, var, options, or_pass, body):
        return A.AskChoose, (str(var), options, or_pass is not None, body)

    def ask_distribute(self, meta, amount, source, targets, *limits):
        return A.AskDistribute, (amount, source, targets, limits)

    def limit_most(self, meta, amount, zones):
        return A.DistLimit("most", amount, zones, span=self._s(meta))

    def limit_least(self, meta, amount, zones):
        return A.DistLimit("least", amount, zones, span=self._s(meta))

    def do_stmt(self, meta, name, args):
        return A.Do(str(name), args or (), span=self._s(meta))

    def secretly_stmt(self, meta, body):
        return A.Secretly(body, span=self._s(meta))

    def end_stmt(self, meta):
        return A.EndGame(span=self._s(meta))

    def say_stmt(self, meta, message, args):
        return A.Say(_unquote(message), args or (), span=self._s(meta))

    def show_stmt(self, meta, cards, player):
        return A.Show(cards, player, span=self._s(meta))

    def create_stmt(self, meta, what, where):
        return A.Create(what, where, span=self._s(meta))

    # -- expressions
    def args(self, meta, *items):
        return tuple(items)

    def where(self, meta, source, cond):
        return A.Where(source, cond, span=self._s(meta))

    def ordered(self, meta, source, key, order):
        return A.Ordered(source, key, order == "descending", span=self._s(meta))

    def descending(self, meta):
        return "descending"

    def ascending(self, meta):
        return "ascending"

    def with_most(self, meta, source, key):
        return A.Extreme(source, key, True, span=self._s(meta))

    def with_fewest(self, meta, source, key):
        return A.Extreme(source, key, False, span=self._s(meta))

    def or_expr(self, meta, *items):
        return A.BoolOp("or", items, span=self._s(meta))

    def and_expr(self, meta, *items):
        return A.BoolOp("and", items, span=self._s(meta))

    def not_(self, meta, operand):
        return A.Not(operand, span=self._s(meta))

    def comparison(self, meta, left, op, right):
        return A.BinOp(str(op), left, right, span=self._s(meta))

    def range_(self, meta, low, high):
        return A.RangeExpr(low, high, span=self._s(meta))

    def in_(self, meta, item, container):
        return A.InExpr(item, container, span=self._s(meta))

    def add(self, meta, left, right):
        return A.BinOp("+", left, right, span=self._s(meta))

    def sub(self, meta, left, right):
        return A.BinOp("-", left, right, span=self._s(meta))

    def mul(self, meta, left, right):
        return A.BinOp("*", left, right, span=self._s(meta))

    def div(self, meta, left, right):
        return A.BinOp("/", left, right, span=self._s(meta))

    def mod(self, meta, left, right):
        return A.BinOp("%", left, right, span=self._s(meta))

    def neg(self, meta, operand):
        return A.Neg(operand, span=self._s(meta))

    def attr(self, meta, obj, name):
        return A.Attr(obj, str(name), span=self._s(meta))

    def index(self, meta, obj, key):
        return A.Index(obj, key, span=self._s(meta))

    def call(self, meta, name, args):
        if str(name) == "at_phase_start" and args and len(args) == 1:
            return A.AtPhaseStart(args[0], span=self._s(meta))
        return A.Call(str(name), args or (), span=self._s(meta))

    def int_(self, meta, token):
        return A.IntLit(int(token), span=self._s(meta))

    def string(self, meta, token):
        return A.StrLit(_unquote(token), span=self._s(meta))

    def true_(self, meta):
        return A.BoolLit(True, span=self._s(meta))

    def false_(self, meta):
        return A.BoolLit(False, span=self._s(meta))

    def none_(self, meta):
        return A.NoneLit(span=self._s(meta))

    def name(self, meta, token):
        return A.Name(str(token), span=self._s(meta))

    def list_(self, meta, items):
        return A.ListLit(items or (), span=self._s(meta))

    def comprehension(self, meta, element, var, source, cond):
        return A.Comprehension(element, str(var), source, cond, span=self._s(meta))

    def bundle(self, meta, *items):
        return A.BundleLit(tuple(i for i in items if i is not None), span=self._s(meta))

    def bundle_item(self, meta, name, value):
        return (str(name), value)

    def if_expr(self, meta, cond, then, otherwise):
        return A.IfExpr(cond, then, otherwise, span=self._s(meta))


def _opt_name(token) -> str | None:
    return str(token) if token is not None else None


def _opt_str(token) -> str | None:
    return _unquote(token) if token is not None else None


def parse_text(text: str, file: str = "<string>") -> A.Program:
    """Parses one file's text. Raises RuleSyntaxError with a designer-readable message."""
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as err:
        raise describe_syntax_error(err, text, file) from None
    try:
        return _ToAst(file).transform(tree)
    except VisitError as err:  # pragma: no cover - a transformer bug, not a user error
        raise RuleSyntaxError(file, 1, 1, f"internal error while building the AST: {err.orig_exc}",
                              text) from err


_PARSED: dict[tuple[str, str], A.Program] = {}


def parse_file(path: str | Path) -> A.Program:
    """Parses a file, through the in-process and on-disk caches (see cache.py)."""
    path = Path(path)
    text = path.read_text("utf-8")
    key = (str(path), text)
    program = _PARSED.get(key)
    if program is None:
        program = cache.load_program(text, str(path), grammar_text())
        if not isinstance(program, A.Program):
            program = parse_text(text, str(path))
            cache.store_program(text, str(path), grammar_text(), program)
        _PARSED[key] = program
    return program
