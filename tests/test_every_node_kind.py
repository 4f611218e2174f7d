"""Every kind of expression and statement has a form in every stage that handles it.

A stage with no form for a kind fails when it meets it (an error in this test, and when rules are
compiled or a summary written), rather than falling back quietly: the summaries no longer print a
vague "thing".
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from ratdsl.language import ast as A
from ratdsl.language import node_kinds as registry
from ratdsl.summaries.expressions import EXPRESSIONS
from ratdsl.summaries.statements import STATEMENTS as STATEMENT_FORMS

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "ratland"
EXPRESSIONS_KINDS = registry.kinds_of(A.Expr)
STATEMENTS = registry.kinds_of(A.Stmt)
CASES = [(stage, family, kind) for stage in registry.STAGES
         for family, kinds in registry.node_kinds().items() for kind in kinds
         if registry.forms_of(stage, family) is not None]  # (the engines never meet annotations)


def test_the_lists_are_the_languages_kinds():
    names = {k.__name__ for k in EXPRESSIONS_KINDS} | {k.__name__ for k in STATEMENTS}
    assert {"BinOp", "RangeExpr", "Comprehension", "Show", "Set", "Secretly"} <= names
    assert {s.name for s in registry.STAGES} == {"resolver", "checker", "formatter", "tree-walker",
                                                 "flat compiler", "summaries"}


@pytest.mark.parametrize(("stage", "family", "kind"), CASES,
                         ids=[f"{s.name}-{k.__name__}" for s, _f, k in CASES])
def test_every_stage_knows_every_kind(stage, family, kind):
    """A form of its own, the generic walk (listed), or a gap it refuses loudly (listed, with why)."""
    forms = registry.forms_of(stage, family)
    known = registry.with_forms(stage, family, {kind.__name__}) | (forms.generic | set(forms.gaps))
    assert kind.__name__ in known, [p for p in registry.problems() if f" {kind.__name__}:" in p]


def test_the_registry_has_nothing_stale():
    """Every generic kind and gap listed is a kind, and a gap that gained a form is no gap."""
    assert registry.problems() == []


def test_a_new_kind_fails_naming_every_stage_and_its_files():
    class Frobnicate(A.Stmt):  # a statement no stage has heard of
        pass

    try:
        said = [p for p in registry.problems() if "Frobnicate" in p]
    finally:
        del Frobnicate
        gc.collect()  # (subclasses are held weakly: the language has its kinds again)
    assert len(said) == len(registry.STAGES)
    for stage, line in zip(registry.STAGES, said, strict=True):
        assert line.startswith(f"the {stage.name},") and "statement Frobnicate" in line
        assert registry.source_file(stage.statements.places[0]) in line
    assert "Frobnicate" not in {k.__name__ for k in registry.kinds_of(A.Stmt)}


def test_the_flat_targets_gaps_are_refused_loudly():
    """A gap is refused with Unsupported when met (the compiled engine never plays it quietly)."""
    from ratdsl.engine.flat.compiler import Unsupported
    from ratdsl.engine.flat.statements import StatementLowering

    gaps = registry.forms_of(next(s for s in registry.STAGES if s.name == "flat compiler"), registry.STATEMENT).gaps
    for name in gaps:
        lowering = StatementLowering.__new__(StatementLowering)
        node = getattr(A, name).__new__(getattr(A, name))
        with pytest.raises(Unsupported, match=name):
            lowering.st(node, None, None)


def test_annotations_are_a_family_of_their_own_that_the_rule_stages_know():
    """A func's annotations (`x: number`, `-> list of card`) are met by the resolver, the checker
    and the formatter; the engines and summaries never see them (they are checked, not played)."""
    kinds = {k.__name__ for k in registry.node_kinds()[registry.TYPE]}
    assert kinds == {"TypeName", "TypeUnion"}
    knowing = {s.name for s in registry.STAGES if registry.forms_of(s, registry.TYPE) is not None}
    assert knowing == {"resolver", "checker", "formatter"}

    class TypeArrow(A.TypeExpr):  # an annotation no stage has heard of
        pass

    try:
        said = [p for p in registry.problems() if "TypeArrow" in p]
    finally:
        del TypeArrow
        gc.collect()
    assert [line.split(",")[0] for line in said] == [f"the {name}" for name in ("resolver", "checker", "formatter")]


def test_architecture_docs_follow_the_checklist():
    """docs/architecture.md's "How to add a statement" names every stage's file the registry lists."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text[text.index("How to add a statement"):]
    for stage in registry.STAGES:
        assert registry.source_file(stage.statements.places[0]) in section, stage.name


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
