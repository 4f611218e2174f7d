"""A lean LALR(1) driver over the tables Lark makes from grammar.lark.

Lark's own parser builds a parse tree with position metadata, which a Transformer then turns into
AST nodes; that is two passes and a good deal of bookkeeping per token. This module runs the same
automaton, with the same contextual lexer, in one tight loop, and calls one builder method per
reduction with the node's span and its children (the children Lark's tree would have had: the
same tokens filtered out, `[optional]` parts as None, `?rule`s inlined). It does no error
reporting: on any text it cannot lex or parse it raises `Rejected`, and the caller asks Lark's own
parser for the designer's message (see parser.py).

`tables_from_lark` takes everything it needs from a Lark instance (its parse table and the
scanner of each contextual lexer state), as plain data; `build_parser.py` stores that data in
`grammar.tables.json`, next to the grammar, so a fresh process neither compiles the grammar nor
imports Lark to parse valid rules. Spans follow Lark's `propagate_positions`: a node runs from the
first to the last token under it, filtered tokens included; a node with no token has an empty span.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .ast import Span

FORMAT = 1  # of the data below; bump when it changes


class Rejected(Exception):
    """The text does not lex or parse with these tables."""


class Unsupported(Exception):
    """The grammar uses a Lark feature this driver does not mirror; use Lark's parser instead."""


# ------------------------------------------------------------------ tables, from Lark
def tables_from_lark(lark) -> dict[str, Any]:
    """The data `Tables` needs, taken from a Lark instance (parser="lalr", lexer="contextual")."""
    from lark.lexer import PatternStr, UnlessCallback
    from lark.parsers.lalr_analysis import Shift

    options = lark.options
    if options.parser != "lalr" or options.lexer != "contextual" or options.postlex or options.lexer_callbacks:
        raise Unsupported("only Lark's LALR parser with the contextual lexer and no callbacks")
    frontend = lark.parser
    table = frontend.parser._parse_table
    # Lark numbers its states in an order that changes from run to run; number them in the order
    # a breadth-first walk from the start state meets them, so the same grammar gives the same file
    start = table.start_states["start"]
    order, number_of = [start], {start: 0}
    for state in order:
        for symbol in sorted(table.states[state]):
            action, arg = table.states[state][symbol]
            if action is Shift and arg not in number_of:
                number_of[arg] = len(order)
                order.append(arg)
    if len(order) != len(table.states):
        raise Unsupported("parser states that cannot be reached")
    rule_index = {rule: i for i, rule in enumerate(lark.rules)}
    states = [{symbol: number_of[arg] if action is Shift else ~rule_index[arg]
               for symbol, (action, arg) in table.states[state].items()} for state in order]

    rules = [_rule_plan(rule) for rule in lark.rules]

    lexers: list[dict] = []
    seen: dict[str, int] = {}
    state_lexer = []
    ignore: set[str] = set()
    newline: set[str] = set()  # tokens whose text may hold a newline: only these are counted
    for state in order:
        basic = frontend.lexer.lexers[state]
        ignore |= basic.ignore_types
        newline |= basic.newline_types
        scanner = basic.scanner
        unless: dict[str, dict[str, str]] = {}
        for type_, callback in basic.callback.items():
            if not isinstance(callback, UnlessCallback):
                raise Unsupported(f"a lexer callback on {type_}")
            words = {}
            for term in callback.scanner.terminals:
                if not isinstance(term.pattern, PatternStr) or term.pattern.flags:
                    raise Unsupported(f"the keyword {term.name} has flags")
                words[term.pattern.value] = term.name
            unless[type_] = words
        if any(m.flags != re.UNICODE for m in scanner._mres):
            raise Unsupported("regular-expression flags on the whole grammar")
        lexer = {"patterns": [m.pattern for m in scanner._mres], "unless": unless}
        key = json.dumps(lexer, sort_keys=True)
        if key not in seen:
            seen[key] = len(lexers)
            lexers.append(lexer)
        state_lexer.append(seen[key])

    return {
        "format": FORMAT,
        "start": 0,
        "end": number_of[table.end_states["start"]],
        "states": states,
        "rules": rules,
        "lexers": lexers,
        "state_lexer": state_lexer,
        "ignore": sorted(ignore),
        "newline": sorted(newline),
    }


def _rule_plan(rule) -> list:
    """[origin, size, name, kept, kinds, nones, trailing_nones, expand1] for one grammar rule.

    kept: the indices of the children the builder sees (as Lark's ChildFilter: tokens of quoted
    strings are dropped); kinds: for each of those, "token", "node", or "splice" for a helper rule
    (`_name`, the list behind `decl*`) whose own children are spliced in; nones: how many None
    placeholders (`maybe_placeholders`) go before each kept child.
    """
    options = rule.options
    expansion = rule.expansion
    if options.empty_indices:
        runs = "".join("1" if empty else "0" for empty in options.empty_indices).split("0")
        before = [len(run) for run in runs]
    else:
        before = [0] * (len(expansion) + 1)
    kept, kinds, nones = [], [], []
    pending = 0
    for i, symbol in enumerate(expansion):
        pending += before[i]
        if options.keep_all_tokens or not (symbol.is_term and symbol.filter_out):
            kept.append(i)
            kinds.append("token" if symbol.is_term else "splice" if symbol.name.startswith("_") else "node")
            nones.append(pending)
            pending = 0
    pending += before[len(expansion)]
    name = rule.alias or options.template_source or rule.origin.name
    expand1 = bool(options.expand1 and not rule.alias)
    return [rule.origin.name, len(expansion), name, kept, kinds, nones, pending, expand1]


# ------------------------------------------------------------------ the driver
class Tables:
    """Loaded tables, bound to a builder: an object with one method per rule or alias, each
    called as method(span, *children)."""

    def __init__(self, data: dict[str, Any], builder: Any):
        if data.get("format") != FORMAT:
            raise Unsupported(f"tables in format {data.get('format')!r}, expected {FORMAT}")
        self.start: int = data["start"]
        self.end: int = data["end"]
        self.states: list[dict[str, int]] = data["states"]
        self.ignore = frozenset(data["ignore"])
        self.newline = frozenset(data["newline"])
        self._lexer_data = data["lexers"]
        self._lexers: list[tuple | None] = [None] * len(self._lexer_data)
        self.state_lexer: list[int] = data["state_lexer"]
        self.rules = [self._bind(plan, builder) for plan in data["rules"]]

    @staticmethod
    def _bind(plan: list, builder: Any) -> tuple:
        origin, size, name, kept, kinds, nones, trailing, expand1 = plan
        helper = name.startswith("_")
        fixed = kinds.count("token") + kinds.count("node") + sum(nones) + trailing
        passes_on = expand1 and fixed <= 1  # a `?rule` that may have a single child to pass on
        if passes_on and (fixed == 0 or "token" in kinds or sum(nones) or trailing):
            # Lark's tree keeps no position for a token or placeholder passed on, nor says
            # statically what a spliced list holds; this driver does not mirror that
            raise Unsupported(f"the rule {origin!r} may pass on a token, a placeholder or a list")
        method = getattr(builder, name, None)
        if method is None and not helper and not (passes_on and "splice" not in kinds):
            raise Unsupported(f"the builder has no method {name!r}")
        simple = "splice" not in kinds and not any(nones) and not trailing
        unit = passes_on and size == 1 and kinds == ["node"]  # `?rule: child`
        plan_ = tuple(zip(kept, [kind == "splice" for kind in kinds], nones))
        return (origin, size, method, tuple(kept), plan_, trailing, simple, helper, expand1, unit)

    def _lexer(self, index: int) -> tuple:
        lexer = self._lexers[index]
        if lexer is None:
            data = self._lexer_data[index]
            lexer = ([re.compile(p).match for p in data["patterns"]], data["unless"])
            self._lexers[index] = lexer
        return lexer

    def parse(self, text: str, file: str) -> Any:
        """The builder's result for `text`, or Rejected."""
        states, rules, state_lexer = self.states, self.rules, self.state_lexer
        lexers, ignore, newline = self._lexers, self.ignore, self.newline
        no_position = Span(file, 0, 0, 0, 0)
        st: list[int] = [self.start]
        values: list[Any] = []
        places: list[tuple[int, int, int, int] | None] = []
        pos, line, line_start, end = 0, 1, 0, len(text)
        while True:
            # -- the next token, lexed in the current parser state
            if pos < end:
                matchers, unless = lexers[state_lexer[st[-1]]] or self._lexer(state_lexer[st[-1]])
                for match in matchers:
                    m = match(text, pos)
                    if m is not None:
                        break
                else:
                    raise Rejected
                value = m.group()
                type_ = m.lastgroup
                column = pos - line_start + 1
                start_line = line
                pos = m.end()
                if type_ in newline:
                    count = value.count("\n")
                    if count:
                        line += count
                        line_start = pos - len(value) + value.rindex("\n") + 1
                if type_ in ignore:
                    continue
                if type_ in unless:
                    type_ = unless[type_].get(value, type_)
                place = (start_line, column, line, pos - line_start + 1)
            else:
                type_, value, place = "$END", None, None
            # -- reduce as far as the token allows, then shift it
            while True:
                action = states[st[-1]].get(type_)
                if action is None:
                    raise Rejected
                if action >= 0:
                    st.append(action)
                    values.append(value)
                    places.append(place)
                    break
                origin, size, method, kept, plan, trailing, simple, helper, expand1, unit = rules[~action]
                if unit:  # `?rule: child`: the child goes on as it is, in the new state
                    st[-1] = states[st[-2]][origin]
                    if type_ == "$END" and st[-1] == self.end:
                        return values[-1]
                    continue
                if size:
                    children = values[-size:]
                    wheres = places[-size:]
                    del st[-size:], values[-size:], places[-size:]
                    first = last = None
                    for first in wheres:
                        if first is not None:
                            break
                    if first is not None:
                        for last in reversed(wheres):
                            if last is not None:
                                break
                        where = (first[0], first[1], last[2], last[3])
                    else:
                        where = None
                else:
                    children, where = [], None
                if simple:
                    kids = [children[i] for i in kept]
                else:
                    kids = []
                    for i, expand, nones in plan:
                        if nones:
                            kids += [None] * nones
                        if not expand:
                            kids.append(children[i])
                        elif kids:
                            kids += children[i]
                        else:  # a left-recursive list grows in place
                            kids = children[i]
                    if trailing:
                        kids += [None] * trailing
                if helper:
                    result = kids
                elif expand1 and len(kids) == 1:
                    result = kids[0]
                else:
                    result = method(Span(file, *where) if where else no_position, *kids)
                st.append(states[st[-1]][origin])
                values.append(result)
                places.append(where)
                if type_ == "$END" and st[-1] == self.end:
                    return result

