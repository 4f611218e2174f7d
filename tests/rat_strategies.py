"""Hypothesis strategies that build random rule-language ASTs (spans left out: every node gets
NO_SPAN, and dataclass equality ignores spans anyway). Used by the formatter and fuzz tests."""

from __future__ import annotations

from hypothesis import strategies as st

from ratdsl.language import ast as A

# Plain names: never a keyword of the grammar, never `pass` (which `or pass` would swallow).
NAMES = ["a", "b", "c", "x", "y", "zed", "p_1", "n2", "it", "me", "base", "this", "Kind", "_u"]
names = st.sampled_from(NAMES)
name_tuples = st.lists(names, min_size=1, max_size=3).map(tuple)
params = st.lists(names, max_size=3).map(tuple)
# No control character but newline and tab (written \n, \t): a rule file may hold no other
# (ratdsl/language/visible.py), so no parsed text holds one.
_CONTROLS = "".join(chr(c) for c in [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)])
texts = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=_CONTROLS),
                max_size=12) | st.sampled_from(
    ["", "Title", 'say "hi"', "back\\slash", "tab\there", "line\nbreak", "café", "#not a comment"])
ints = st.integers(min_value=0, max_value=10_000)
literals = ints | names | st.booleans()

COMPARISONS = ["==", "!=", "<", "<=", ">", ">="]
ARITHMETIC = ["+", "-", "*", "/", "%"]

leaves = st.one_of(
    ints.map(A.IntLit),
    texts.map(A.StrLit),
    st.booleans().map(A.BoolLit),
    st.just(A.NoneLit()),
    names.map(A.Name),
)


def _compound(e):
    small = st.lists(e, max_size=3).map(tuple)
    return st.one_of(
        st.builds(A.Attr, e, names),
        st.builds(A.Index, e, e),
        st.builds(A.Call, st.sampled_from(["f", "count", "max", "zones", "g_2"]), small),
        st.builds(A.BinOp, st.sampled_from(COMPARISONS + ARITHMETIC), e, e),
        st.builds(A.BoolOp, st.sampled_from(["and", "or"]), st.lists(e, min_size=2, max_size=3).map(tuple)),
        st.builds(A.Not, e),
        st.builds(A.Neg, e),
        st.builds(A.RangeExpr, e, e),
        st.builds(A.InExpr, e, e),
        st.builds(A.ListLit, small),
        st.builds(A.Comprehension, e, names, e, st.none() | e),
        st.builds(A.NestedComprehension, e, st.lists(st.builds(A.ForClause, names, e, st.none() | e),
                                                     min_size=2, max_size=4).map(tuple)),
        st.builds(A.LetIn, names, e, e),
        st.builds(A.BundleLit, st.lists(st.tuples(names, e), max_size=3).map(tuple)),
        st.builds(A.IfExpr, e, e, e),
        st.builds(A.Where, e, e),
        st.builds(A.Ordered, e, e, st.booleans()),
        st.builds(A.Extreme, e, e, st.booleans()),
        st.builds(A.AtPhaseStart, e),
    )


exprs = st.recursive(leaves, _compound, max_leaves=12)
opt_exprs = st.none() | exprs


def _blocks(stmts):
    return st.lists(stmts, max_size=3).map(lambda items: A.Block(tuple(items)))


quantities = st.one_of(
    st.just(A.Quantity("all", None)),
    st.builds(A.Quantity, st.just("up_to"), exprs),
    st.builds(A.Quantity, st.just("exact"), exprs),
)

simple_stmts = st.one_of(
    st.builds(A.Let, names, exprs),
    st.builds(A.Set, exprs, exprs),
    st.builds(A.Move, quantities, opt_exprs, exprs, exprs),
    st.builds(A.Draw, quantities, exprs, exprs),
    st.builds(A.Shuffle, exprs),
    st.builds(A.Place, exprs, st.sampled_from(["top", "bottom"]), exprs),
    st.builds(A.Reveal, exprs, exprs, exprs),
    st.builds(A.Do, names, st.lists(exprs, max_size=3).map(tuple)),
    st.just(A.EndGame()),
    st.builds(A.Say, texts, st.lists(exprs, max_size=2).map(tuple)),
    st.builds(A.Create, exprs, exprs),
    st.builds(A.Assert, exprs, texts),
    st.builds(A.AskDistribute, exprs, names, exprs, exprs, exprs,
              st.lists(st.builds(A.DistLimit, st.sampled_from(["most", "least"]), exprs, exprs),
                       max_size=2).map(tuple)),
)
if hasattr(A, "Show"):
    simple_stmts = simple_stmts | st.builds(A.Show, exprs, exprs)


def _compound_stmts(s):
    block = _blocks(s)
    return st.one_of(
        st.builds(A.If, exprs, block, st.none() | block),
        st.builds(A.ForEach, names, exprs, block),
        st.builds(A.While, exprs, block),
        st.builds(A.Repeat, exprs, block),
        st.builds(A.AskMay, exprs, names, block, st.none() | block),
        st.builds(A.AskChoose, exprs, names, names, exprs, st.booleans(), block),
        st.builds(A.Secretly, block),
    )


stmts = st.recursive(simple_stmts, _compound_stmts, max_leaves=6)
blocks = _blocks(stmts)
opt_texts = st.none() | texts
steps = st.builds(A.Step, names, opt_texts, blocks)

modifies = st.builds(A.Modify, names, params, opt_exprs, exprs)
hooks = st.builds(A.Hook, st.sampled_from(["before", "after", "instead"]), names, params, opt_exprs, blocks)


def _rows():
    ranged = st.tuples(ints, ints).map(lambda lh: A.TableRow(lh[0], lh[1]))
    single = ints.map(lambda n: A.TableRow(n, n))
    rows = ranged | single | st.just(A.TableRow(None, None))
    return st.lists(st.builds(A.TableEntry, rows, exprs), min_size=1, max_size=3).map(tuple)


def _option():
    return st.lists(literals, min_size=1, max_size=3).flatmap(
        lambda values: st.builds(A.Option, names, opt_texts, st.just(tuple(values)), literals))


plain_decls = st.one_of(
    st.builds(A.Game, names, texts, ints, ints, names, st.none() | ints, st.none() | ints),
    st.builds(A.ModuleHeader, names, texts, names),
    st.builds(A.VariantHeader, names, texts, names, st.lists(names, max_size=2).map(tuple)),
    _option(),
    st.builds(A.Tokens, name_tuples),
    st.builds(A.Symbols, name_tuples),
    st.builds(A.Const, names, exprs),
    st.builds(A.Zone, name_tuples, st.booleans()),
    st.builds(A.Pile, name_tuples, st.booleans()),
    st.builds(A.Var, names, exprs, st.booleans()),
    st.builds(A.Deck, names, opt_texts, st.lists(names, max_size=3).map(tuple), opt_exprs),
    st.builds(A.Card, names, names, opt_texts,
              st.lists(st.builds(A.CardField, names, exprs), max_size=2).map(tuple),
              st.lists(st.builds(A.OnEvent, names, blocks), max_size=1).map(tuple),
              st.lists(modifies, max_size=1).map(tuple),
              st.lists(hooks, max_size=1).map(tuple)),
    st.builds(A.Table, names, names, opt_texts, _rows()),
    st.builds(A.Persona, names, opt_texts,
              st.lists(st.builds(A.PersonaWeight, names, names, exprs), max_size=2).map(tuple)),
    st.builds(A.Func, names, params, exprs),
    st.builds(A.Invariant, names, opt_texts, exprs),
    st.builds(A.Rule, names, params, opt_texts, blocks),
    modifies,
    hooks,
    st.builds(A.Setup, st.lists(steps, max_size=2).map(tuple)),
    st.builds(A.Phase, names, opt_texts, st.lists(steps, max_size=2).map(tuple)),
    st.builds(A.Round, name_tuples),
    st.builds(A.Scoring, names, exprs, st.lists(exprs, max_size=2).map(tuple)),
    st.builds(A.Remove, names, names, st.none() | names),
    st.builds(A.SetOption, names, literals),
)
if hasattr(A, "ReplaceStep"):
    plain_decls = plain_decls | st.builds(A.ReplaceStep, names, steps)
if hasattr(A, "Metric"):
    plain_decls = plain_decls | st.builds(A.Metric, names, texts, exprs, st.none() | names,
                                          st.none() | names, st.none() | names, st.none() | names).filter(
        lambda m: m.phase is not None or m.step is None)

if hasattr(A, "Board"):  # boards
    _spaces = st.builds(A.Space, names, opt_texts, st.none() | st.tuples(ints, ints), st.none() | ints,
                        st.lists(st.builds(A.CardField, names, exprs), max_size=2).map(tuple))
    _edges = st.builds(A.Edge, names, name_tuples, st.booleans())
    plain_decls = plain_decls | st.builds(A.Board, names, opt_texts, st.lists(names, max_size=3).map(tuple),
                                          st.none() | ints, st.lists(_spaces, max_size=3).map(tuple),
                                          st.lists(_edges, max_size=2).map(tuple))

decls = plain_decls | st.builds(A.Replace, plain_decls)
programs = st.lists(decls, max_size=4).map(lambda ds: A.Program(tuple(ds)))
