"""Source text -> typed AST (frozen dataclasses with spans). Syntax errors become `RuleSyntaxError`s.

Lark's parser for `grammar.lark` (grammar.py) builds a parse tree with positions
(`propagate_positions`); `tree_to_ast` turns it into AST nodes by calling one `_Build` method per
grammar rule or alias with the node's span and its children. Lark's error for text it rejects
goes to `syntax_errors.py`, which puts it into a designer's words.
"""

from __future__ import annotations

import re
from pathlib import Path

from . import ast as A
from . import cache
from .grammar import grammar_text
from .grammar import shared_parser as _parser
from .limits import check_board_text, check_file_size, check_limits
from .sources import unsaved
from .visible import CONTROL_IN_SOURCE


def _span(meta, file: str) -> A.Span:
    if getattr(meta, "empty", True):
        return A.Span(file, 0, 0, 0, 0)
    return A.Span(file, meta.line, meta.column, meta.end_line, meta.end_column)


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(token: str) -> str:
    """The text between the quotes, with \\n, \\t, \\" and \\\\ escapes; any other text kept as is."""
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), "\\" + m.group(1)), token[1:-1])


class _Build:
    """One method per grammar rule or alias, called with the node's span and its children as
    Lark's tree has them (quoted keywords dropped, a missing `[part]` as None, `?rule`s with one
    child inlined); each returns an AST node, or a piece of one for its parent."""

    # -- top level
    def start(self, span, *decls):
        return A.Program(tuple(decls), span=span)

    def game_decl(self, span, name, title, *items):
        low, high, seating = 1, 1, "clockwise"
        cap = end_after = None
        endings: list[A.Ending] = []
        for item in items:
            if isinstance(item, A.Ending):  # turns
                endings.append(item)
            elif item[0] == "players":
                low, high = item[1], item[2]
            elif item[0] == "cap":
                cap = item[1]
            elif item[0] == "after":
                end_after = item[1]
            else:
                seating = item[1]
        return A.Game(str(name), _unquote(title), low, high, seating, cap, end_after, tuple(endings),
                      span=span)

    def round_cap(self, span, count):
        return ("cap", int(count))

    def ends_after(self, span, count):
        return ("after", int(count))

    # -- turns: game ends, actions, turns
    def ends_when(self, span, moment, condition):
        return A.Ending(moment, condition, span=span)

    def end_of_turn(self, span):
        return A.END_OF_TURN

    def end_of_round(self, span):
        return A.END_OF_ROUND

    def at_once(self, span):
        return A.AT_ONCE

    def action_decl(self, span, kind, name, param, title, *items):
        parts: dict[str, object] = dict(items)
        return A.Action(str(name), str(param), _opt_str(title), kind, parts.get("if"), parts.get("limit"),
                        parts.get("cost"), parts.get("effect", A.Block((), span=span)), span=span)

    def kind_action(self, span):
        return False

    def kind_ability(self, span):
        return True

    def action_if(self, span, condition):
        return ("if", condition)

    def action_limit(self, span, amount):
        return ("limit", amount)

    def action_once(self, span):
        return ("limit", A.IntLit(1, span=span))

    def action_cost(self, span, amount, what, source, dest):
        move = A.Move(A.Quantity("exact", amount, span=amount.span), what, source, dest, span=span)
        return ("cost", A.Block((move,), span=span))

    def action_effect(self, span, body):
        return ("effect", body)

    def turn_stmt(self, span, player, body):
        return A.Turn(player, body, span=span)

    def act_one(self, span, name):
        return A.Act("one", (str(name),), span=span)

    def act_choose(self, span, names, or_pass):
        return A.Act("choose", names, or_pass is not None, span=span)

    def act_any_order(self, span, names):
        return A.Act("any_order", names, span=span)

    def act_until_pass(self, span, names):
        return A.Act("until_pass", names, True, span=span)

    def uncounted(self, span):
        return False

    def soft_name(self, span, token):
        return str(token)

    def players_range(self, span, low, high):
        return ("players", int(low), int(high))

    def seating(self, span, name):
        return ("seating", str(name))

    def module_decl(self, span, name, title, requires):
        return A.ModuleHeader(str(name), _unquote(title), str(requires), span=span)

    def variant_decl(self, span, name, title, extends, modules=None):
        return A.VariantHeader(str(name), _unquote(title), str(extends), tuple(modules or ()),
                               span=span)

    def option_decl(self, span, name, title, *rest):
        *values, default = rest
        return A.Option(str(name), _opt_str(title), tuple(values), default, span=span)

    def int_lit(self, span, token):
        return int(token)

    def name_lit(self, span, token):
        return str(token)

    def true_lit(self, span):
        return True

    def false_lit(self, span):
        return False

    def tokens_decl(self, span, names):
        return A.Tokens(names, span=span)

    def symbols_decl(self, span, names):
        return A.Symbols(names, span=span)

    def const_decl(self, span, name, value):
        return A.Const(str(name), value, span=span)

    def per_player(self, span):
        return True

    def zone_decl(self, span, per, names):
        return A.Zone(names, bool(per), span=span)

    def pile_decl(self, span, per, vis, names, facing):
        return A.Pile(names, bool(per), vis or A.PUBLIC, facing, span=span)

    def var_decl(self, span, per, vis, name, value):
        return A.Var(str(name), value, bool(per), vis or A.PUBLIC, span=span)

    def deck_decl(self, span, name, title, *items):
        fields_: tuple[str, ...] = ()
        seen_as: tuple[tuple[str, str], ...] = ()
        active = None
        for kind, value in items:
            if kind == "fields":
                vis, names = value
                fields_ += names
                if vis is not None:  # (an explicit `public` puts the field on the card's back)
                    seen_as += tuple((n, vis) for n in names)
            else:
                active = value
        return A.Deck(str(name), _opt_str(title), fields_, active, seen_as, span=span)

    def deck_fields(self, span, vis, names):
        return ("fields", (vis, names))

    # -- information
    def vis_public(self, span):
        return A.PUBLIC

    def vis_owner(self, span):
        return A.OWNER

    def vis_hidden(self, span):
        return A.HIDDEN

    def face_up(self, span):
        return "up"

    def face_down(self, span):
        return "down"

    def deck_active(self, span, expr):
        return ("active", expr)

    def card_decl(self, span, name, deck, title, *items):
        return A.Card(
            str(name), str(deck), _opt_str(title),
            tuple(i for i in items if isinstance(i, A.CardField)),
            tuple(i for i in items if isinstance(i, A.OnEvent)),
            tuple(i for i in items if isinstance(i, A.Modify)),
            tuple(i for i in items if isinstance(i, A.Hook)),
            span=span)

    def card_field(self, span, name, value):
        return A.CardField(str(name), value, span=span)

    def card_on(self, span, event, body):
        return A.OnEvent(str(event), body, span=span)

    def table_decl(self, span, name, param, title, *rows):
        return A.Table(str(name), str(param), _opt_str(title), rows, span=span)

    def row_range(self, span, low, high, value):
        return A.TableEntry(A.TableRow(int(low), int(high), span=span), value,
                            span=span)

    def row_single(self, span, low, value):
        return A.TableEntry(A.TableRow(int(low), int(low), span=span), value,
                            span=span)

    def row_otherwise(self, span, value):
        return A.TableEntry(A.TableRow(None, None, span=span), value, span=span)

    def persona_decl(self, span, name, title, *items):
        return A.Persona(str(name), _opt_str(title), items, span=span)

    def persona_item(self, span, decision, option, weight):
        return A.PersonaWeight(str(decision), str(option), weight, span=span)

    def metric_decl(self, span, name, title, kinds, source, dest, phase, step):
        return A.Metric(str(name), _unquote(title), kinds, _opt_name(source), _opt_name(dest),
                        _opt_name(phase), _opt_name(step), span=span)

    # boards
    def board_decl(self, span, name, title, *items):
        fields_: tuple[str, ...] = ()
        capacity = None
        spaces, edges = [], []
        for item in items:
            if isinstance(item, A.Space):
                spaces.append(item)
            elif isinstance(item, A.Edge):
                edges.append(item)
            elif item[0] == "fields":
                fields_ += item[1]
            else:
                capacity = item[1]
        return A.Board(str(name), _opt_str(title), fields_, capacity, tuple(spaces), tuple(edges), span=span)

    def board_fields(self, span, names):
        return ("fields", names)

    def board_capacity(self, span, n):
        return ("capacity", int(n))

    def space_decl(self, span, name, title, players, items):
        capacity = None
        fields_ = []
        for item in items or ():
            if isinstance(item, A.CardField):
                fields_.append(item)
            else:
                capacity = item[1]
        return A.Space(str(name), _opt_str(title), players, capacity, tuple(fields_), span=span)

    def space_body(self, span, *items):
        return [i for i in items if i is not None]

    def space_players(self, span, low, high):
        return (int(low), int(high))

    def space_capacity(self, span, n):
        return ("capacity", int(n))

    def edge_decl(self, span, source, one_way, targets):
        return A.Edge(str(source), targets, one_way, span=span)

    def both_ways(self, span):
        return False

    def one_way(self, span):
        return True

    def invariant_decl(self, span, name, title, condition):
        return A.Invariant(str(name), _opt_str(title), condition, span=span)

    def func_decl(self, span, name, params, result, value):
        params = params or ()
        types = tuple(t for _, t in params)
        return A.Func(str(name), tuple(n for n, _ in params), value,
                      types if any(t is not None for t in types) else (), result, span=span)

    def func_params(self, span, *params):
        return params

    def func_param(self, span, name, annotation):
        return (str(name), annotation)

    def type_name(self, span, name, of):
        return A.TypeName(str(name), of, span=span)

    def type_union(self, span, *options):
        return A.TypeUnion(options, span=span)

    def rule_decl(self, span, name, params, title, body):
        return A.Rule(str(name), params or (), _opt_str(title), body, span=span)

    def modify_decl(self, span, name, params, condition, value):
        return A.Modify(str(name), params or (), condition, value, span=span)

    def hook_decl(self, span, time, name, params, condition, body):
        return A.Hook(time, str(name), params or (), condition, body, span=span)

    def before(self, span):
        return "before"

    def after(self, span):
        return "after"

    def instead(self, span):
        return "instead"

    def setup_decl(self, span, *steps):
        return A.Setup(steps, span=span)

    def phase_decl(self, span, name, title, *steps):
        return A.Phase(str(name), _opt_str(title), steps, span=span)

    def step(self, span, name, title, body):
        return A.Step(str(name), _opt_str(title), body, span=span)

    def round_decl(self, span, names):
        return A.Round(names, span=span)

    def scoring_decl(self, span, var, score, *tiebreaks):
        return A.Scoring(str(var), score, tiebreaks, span=span)

    def tiebreak(self, span, expr):
        return expr

    def replace_decl(self, span, decl):
        return A.Replace(decl, span=span)

    def replace_step(self, span, phase, step, title, body):
        return A.ReplaceStep(str(phase), A.Step(str(step), _opt_str(title), body, span=span),
                             span=span)

    def remove_decl(self, span, kind, name, member=None):
        return A.Remove(str(kind), str(name), str(member) if member else None, span=span)

    def set_option_decl(self, span, name, value):
        return A.SetOption(str(name), value, span=span)

    def params(self, span, *names):
        return tuple(str(n) for n in names)

    def name_list(self, span, *names):
        return tuple(str(n) for n in names)

    # -- statements
    def block(self, span, *stmts):
        return A.Block(stmts, span=span)

    def let_stmt(self, span, name, value):
        return A.Let(str(name), value, span=span)

    def set_stmt(self, span, target, value):
        return A.Set(target, value, span=span)

    def if_stmt(self, span, cond, then, otherwise):
        if isinstance(otherwise, A.If):
            otherwise = A.Block((otherwise,), span=otherwise.span)
        return A.If(cond, then, otherwise, span=span)

    def for_stmt(self, span, var, source, body):
        return A.ForEach(str(var), source, body, span=span)

    def while_stmt(self, span, cond, body):
        return A.While(cond, body, span=span)

    def repeat_stmt(self, span, count, body):
        return A.Repeat(count, body, span=span)

    def q_all(self, span):
        return A.Quantity("all", None, span=span)

    def q_up_to(self, span, amount):
        return A.Quantity("up_to", amount, span=span)

    def q_exact(self, span, amount):
        return A.Quantity("exact", amount, span=span)

    def move_stmt(self, span, quantity, what, source, dest):
        return A.Move(quantity, what, source, dest, span=span)

    def draw_stmt(self, span, quantity, source, dest):
        return A.Draw(quantity, source, dest, span=span)

    def shuffle_stmt(self, span, pile):
        return A.Shuffle(pile, span=span)

    def on_top(self, span):
        return "top"

    def at_bottom(self, span):
        return "bottom"

    def place_stmt(self, span, cards, where, pile):
        return A.Place(cards, where, pile, span=span)

    def reveal_stmt(self, span, count, source, dest):
        return A.Reveal(count, source, dest, span=span)

    def ask_stmt(self, span, player, ident, decision):
        kind, fields_ = decision
        return kind(player, str(ident), *fields_, span=span)

    def ask_may(self, span, body, otherwise):
        return A.AskMay, (body, otherwise)

    def ask_choose(self, span, var, options, or_pass, body):
        return A.AskChoose, (str(var), options, or_pass is not None, body)

    def ask_distribute(self, span, amount, source, targets, *limits):
        return A.AskDistribute, (amount, source, targets, limits)

    def limit_most(self, span, amount, zones):
        return A.DistLimit("most", amount, zones, span=span)

    def limit_least(self, span, amount, zones):
        return A.DistLimit("least", amount, zones, span=span)

    def do_stmt(self, span, name, args):
        return A.Do(str(name), args or (), span=span)

    def secretly_stmt(self, span, body):
        return A.Secretly(body, span=span)

    # plans
    def plan_stmt(self, span, ident, var, players, count, options, likely, or_pass, into):
        return A.Plan(str(ident), str(var), players, count, options, or_pass is not None, str(into),
                      likely, span=span)

    def plan_likely(self, span, expr):
        return expr
    # end plans

    def end_stmt(self, span, counts=None):
        return A.EndGame(counts is None, span=span)

    def say_stmt(self, span, message, args):
        return A.Say(_unquote(message), args or (), span=span)

    def show_stmt(self, span, cards, player):
        return A.Show(cards, player, span=span)

    def assert_stmt(self, span, condition, message):
        return A.Assert(condition, _unquote(message), span=span)

    def create_stmt(self, span, what, where):
        return A.Create(what, where, span=span)

    # -- expressions
    def args(self, span, *items):
        return tuple(items)

    def where(self, span, source, cond):
        return A.Where(source, cond, span=span)

    def ordered(self, span, source, key, order):
        return A.Ordered(source, key, order == "descending", span=span)

    def descending(self, span):
        return "descending"

    def ascending(self, span):
        return "ascending"

    def with_most(self, span, source, key):
        return A.Extreme(source, key, True, span=span)

    def with_fewest(self, span, source, key):
        return A.Extreme(source, key, False, span=span)

    def or_expr(self, span, *items):
        return A.BoolOp("or", items, span=span)

    def and_expr(self, span, *items):
        return A.BoolOp("and", items, span=span)

    def not_(self, span, operand):
        return A.Not(operand, span=span)

    def comparison(self, span, left, op, right):
        return A.BinOp(str(op), left, right, span=span)

    def range_(self, span, low, high):
        return A.RangeExpr(low, high, span=span)

    def in_(self, span, item, container):
        return A.InExpr(item, container, span=span)

    def add(self, span, left, right):
        return A.BinOp("+", left, right, span=span)

    def sub(self, span, left, right):
        return A.BinOp("-", left, right, span=span)

    def mul(self, span, left, right):
        return A.BinOp("*", left, right, span=span)

    def div(self, span, left, right):
        return A.BinOp("/", left, right, span=span)

    def mod(self, span, left, right):
        return A.BinOp("%", left, right, span=span)

    def neg(self, span, operand):
        return A.Neg(operand, span=span)

    def attr(self, span, obj, name):
        return A.Attr(obj, str(name), span=span)

    def index(self, span, obj, key):
        return A.Index(obj, key, span=span)

    def call(self, span, name, args):
        if str(name) == "at_phase_start" and args and len(args) == 1:
            return A.AtPhaseStart(args[0], span=span)
        return A.Call(str(name), args or (), span=span)

    def int_(self, span, token):
        return A.IntLit(int(token), span=span)

    def string(self, span, token):
        return A.StrLit(_unquote(token), span=span)

    def true_(self, span):
        return A.BoolLit(True, span=span)

    def false_(self, span):
        return A.BoolLit(False, span=span)

    def none_(self, span):
        return A.NoneLit(span=span)

    def name(self, span, token):
        return A.Name(str(token), span=span)

    def list_(self, span, items):
        return A.ListLit(items or (), span=span)

    def comprehension(self, span, element, *clauses):
        if len(clauses) == 1:  # one `for`: the plain comprehension
            one = clauses[0]
            return A.Comprehension(element, one.var, one.source, one.condition, span=span)
        return A.NestedComprehension(element, clauses, span=span)

    def comp_for(self, span, var, source, cond):
        return A.ForClause(str(var), source, cond, span=span)

    def let_expr(self, span, name, value, body):
        return A.LetIn(str(name), value, body, span=span)

    def bundle(self, span, *items):
        return A.BundleLit(tuple(i for i in items if i is not None), span=span)

    def bundle_item(self, span, name, value):
        return (str(name), value)

    def if_expr(self, span, cond, then, otherwise):
        return A.IfExpr(cond, then, otherwise, span=span)


def _opt_name(token) -> str | None:
    return str(token) if token is not None else None


def _opt_str(token) -> str | None:
    return _unquote(token) if token is not None else None


def tree_to_ast(tree, file: str, text: str | None = None):
    """The AST of a parse tree from Lark's parser (made with grammar.LARK_OPTIONS), by `_Build`,
    once the tree is within the limits on nesting and numbers (limits.py; `text` shows the place
    of an error)."""
    from lark import Tree

    check_limits(tree, file, text)
    build = _BUILD

    def convert(node):
        if not isinstance(node, Tree):
            return node
        children = [convert(child) for child in node.children]
        return getattr(build, node.data)(_span(node.meta, file), *children)

    return convert(tree)


_BUILD = _Build()


def reject_control_characters(text: str, file: str) -> None:
    """Raises the RuleSyntaxError E011 at the first control character of `text` other than tab,
    newline and the CR of a CRLF line end: anywhere, texts and comments included (and, first,
    E015 for a text past the size limit)."""
    check_file_size(text, file)  # (first: every reader of a rule file's text comes here)
    bad = CONTROL_IN_SOURCE.search(text)
    if bad is not None:
        from .syntax_errors import control_character_error

        raise control_character_error(text, bad.start(), file)


def parse_text(text: str, file: str = "<string>") -> A.Program:
    """Parses one file's text. Raises RuleSyntaxError with a designer-readable message."""
    from lark.exceptions import UnexpectedInput  # here: a load whose files are all cached needs no Lark

    reject_control_characters(text, file)
    check_board_text(text, file)  # a huge board is refused before Lark spends a minute on it
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as err:
        from .syntax_errors import describe_syntax_error  # here: valid text needs none of it

        raise describe_syntax_error(err, text, file) from None
    return tree_to_ast(tree, file, text)


MAX_PARSED_FILES = 256  # files whose latest AST this process keeps (a long-running process sees many)
# The last text read from each path and its AST, least recently used first: an edited file replaces
# its entry, so memory follows the number of files, not the number of edits.
_PARSED: dict[str, tuple[str, A.Program]] = {}


def parse_file(path: str | Path) -> A.Program:
    """Parses a file, through the in-process and on-disk caches (see cache.py)."""
    return parse_file_and_text(path)[0]


def parse_file_and_text(path: str | Path) -> tuple[A.Program, str]:
    """parse_file, with the text the AST was parsed from (the loader keeps it: RuleSet.read)."""
    path = Path(path)
    editing = unsaved(path)  # an editor's buffer first (sources.py)
    text = editing if editing is not None else path.read_text("utf-8")
    key = str(path)
    kept = _PARSED.pop(key, None)
    if kept is not None and kept[0] == text:
        program = kept[1]  # (this very text passed the check below when it was kept)
    else:
        reject_control_characters(text, key)  # before the disk cache: it may hold older results
        # A buffer being typed changes at every keystroke: it is never written to the disk cache
        # (which keeps what it is given), only kept here as this path's latest text.
        program = cache.load_program(text, key, grammar_text()) if editing is None else None
        if not isinstance(program, A.Program):
            program = parse_text(text, key)
            if editing is None:
                cache.store_program(text, key, grammar_text(), program)
    _PARSED[key] = (text, program)  # now the most recently used
    while len(_PARSED) > MAX_PARSED_FILES:
        del _PARSED[next(iter(_PARSED))]
    return program, text
