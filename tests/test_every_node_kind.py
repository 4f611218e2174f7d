"""Every kind of expression and statement has a form in every stage that handles it.

A stage with no form for a kind fails when it meets it (an error in this test, and when code is
generated or a summary written), rather than falling back quietly: the code generator no longer
hands such nodes to the tree-walker, and the summaries no longer print a vague "thing".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.engine.codegen.lower_expr import LOWER_EXPR
from ratdsl.engine.codegen.lower_stmt import LOWER_STMT
from ratdsl.engine.interpreter import Interpreter, _dispatch
from ratdsl.language import ast as A
from ratdsl.summaries.expressions import EXPRESSIONS
from ratdsl.summaries.statements import STATEMENTS as STATEMENT_FORMS

RULES = Path(__file__).resolve().parents[1] / "rules" / "ratland"


def kinds(base: type) -> list[type]:
    found: list[type] = []
    for sub in base.__subclasses__():
        found += [sub, *kinds(sub)]
    return sorted(set(found), key=lambda t: t.__name__)


EXPRESSIONS_KINDS = kinds(A.Expr)
STATEMENTS = kinds(A.Stmt)


def test_the_lists_are_the_languages_kinds():
    names = {k.__name__ for k in EXPRESSIONS_KINDS} | {k.__name__ for k in STATEMENTS}
    assert {"BinOp", "RangeExpr", "Comprehension", "Show", "Set", "Secretly"} <= names


@pytest.mark.parametrize("kind", EXPRESSIONS_KINDS, ids=lambda k: k.__name__)
def test_every_expression_kind_is_evaluated_generated_and_described(kind):
    evaluate, _run = _dispatch(Interpreter)
    assert kind in evaluate, f"the tree-walker cannot evaluate {kind.__name__}"
    assert kind in LOWER_EXPR, f"the code generator has no form for {kind.__name__}"
    assert kind in EXPRESSIONS, f"the summaries cannot describe {kind.__name__}"


@pytest.mark.parametrize("kind", STATEMENTS, ids=lambda k: k.__name__)
def test_every_statement_kind_is_run_generated_and_described(kind):
    _evaluate, run = _dispatch(Interpreter)
    assert kind in run, f"the tree-walker cannot run {kind.__name__}"
    assert kind in LOWER_STMT, f"the code generator has no form for {kind.__name__}"
    assert kind in STATEMENT_FORMS, f"the summaries cannot describe {kind.__name__}"


def test_the_summaries_forms_are_for_node_kinds_only():
    """The tables hold forms for the language's kinds, nothing stale (a kind renamed or removed)."""
    assert set(EXPRESSIONS) <= set(EXPRESSIONS_KINDS) and set(STATEMENT_FORMS) <= set(STATEMENTS)


def test_a_kind_without_a_summary_form_fails_loudly(monkeypatch):
    """A kind the summaries lack is an error when a summary meets it, never a vague word."""
    from ratdsl.session import load_rules
    from ratdsl.summaries.builder import Summary
    from ratdsl.summaries.context import Ctx

    g = Summary(load_rules(RULES), "en").g
    assert g.exprs.expr(A.IntLit(3), Ctx()) == "3"
    monkeypatch.delitem(EXPRESSIONS, A.IntLit)
    with pytest.raises(TypeError, match="no form for IntLit"):
        g.exprs.expr(A.IntLit(3), Ctx())
    monkeypatch.delitem(STATEMENT_FORMS, A.EndGame)
    with pytest.raises(TypeError, match="no form for EndGame"):
        g.stmts.block(A.Block((A.EndGame(),)), Ctx())
