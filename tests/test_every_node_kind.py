"""Every kind of expression and statement has a form in every stage that handles it.

A stage with no form for a kind fails when it meets it (an error in this test, and when code is
generated or a summary written), rather than falling back quietly: the code generator no longer
hands such nodes to the tree-walker, and the summaries no longer print a vague "thing".
"""

from __future__ import annotations

import pytest

from ratdsl.engine.codegen.statements import Lowering
from ratdsl.engine.interpreter import Interpreter, _dispatch
from ratdsl.language import ast as A
from ratdsl.summaries.generic import Generic


def kinds(base: type) -> list[type]:
    found: list[type] = []
    for sub in base.__subclasses__():
        found += [sub, *kinds(sub)]
    return sorted(set(found), key=lambda t: t.__name__)


EXPRESSIONS = kinds(A.Expr)
STATEMENTS = kinds(A.Stmt)


def test_the_lists_are_the_languages_kinds():
    names = {k.__name__ for k in EXPRESSIONS} | {k.__name__ for k in STATEMENTS}
    assert {"BinOp", "RangeExpr", "Comprehension", "Show", "Set", "Secretly"} <= names


@pytest.mark.parametrize("kind", EXPRESSIONS, ids=lambda k: k.__name__)
def test_every_expression_kind_is_evaluated_generated_and_described(kind):
    evaluate, _run = _dispatch(Interpreter)
    assert kind in evaluate, f"the tree-walker cannot evaluate {kind.__name__}"
    assert hasattr(Lowering, f"_{kind.__name__}"), f"the code generator has no form for {kind.__name__}"
    assert hasattr(Generic, f"e_{kind.__name__}"), f"the summaries cannot describe {kind.__name__}"


@pytest.mark.parametrize("kind", STATEMENTS, ids=lambda k: k.__name__)
def test_every_statement_kind_is_run_generated_and_described(kind):
    _evaluate, run = _dispatch(Interpreter)
    assert kind in run, f"the tree-walker cannot run {kind.__name__}"
    assert hasattr(Lowering, f"_s_{kind.__name__}"), f"the code generator has no form for {kind.__name__}"
    assert hasattr(Generic, f"s_{kind.__name__}"), f"the summaries cannot describe {kind.__name__}"
