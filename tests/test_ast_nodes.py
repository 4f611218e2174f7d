"""The node classes (language/ast.py `node`): dataclasses that cannot be changed, with the fields,
__init__ and behaviour `dataclass(frozen=True)` would give them, made without compiling code at
import (start-up, issue 13)."""

from __future__ import annotations

import dataclasses
import inspect
import json
import pickle
import subprocess
import sys

import pytest

import ratdsl.language.ast as A
from ratdsl.records import compile_init

NODE_CLASSES = [c for c in vars(A).values() if isinstance(c, type) and issubclass(c, A.Node)]


def reference(cls: type) -> type:
    """What `dataclass(frozen=True, eq=False, repr=False)` makes of the same fields."""
    specs = [(f.name, f.type, dataclasses.field(default=f.default, kw_only=f.kw_only, compare=f.compare,
                                                 metadata=dict(f.metadata)))
             for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, specs, frozen=True, eq=False, repr=False)


def test_there_are_node_classes():
    assert len(NODE_CLASSES) > 90 and A.Node in NODE_CLASSES


@pytest.mark.parametrize("cls", NODE_CLASSES, ids=lambda c: c.__name__)
def test_each_node_class_is_built_as_a_frozen_dataclass_would_be(cls):
    assert dataclasses.is_dataclass(cls)
    made = compile_init(cls)
    expected = inspect.signature(reference(cls).__init__)
    assert [(p.name, p.kind, p.default) for p in inspect.signature(made).parameters.values()] \
        == [(p.name, p.kind, p.default) for p in expected.parameters.values()]
    assert cls.__match_args__ == reference(cls).__match_args__
    assert cls.__doc__


def test_nodes_cannot_be_changed_and_compare_by_fields_not_spans():
    span = A.Span("f.rat", 1, 2, 1, 5)
    node = A.BinOp("+", A.IntLit(1, span=span), A.Name("x"), span=span)
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.op = "-"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del node.left
    same = A.BinOp("+", A.IntLit(1), A.Name("x"))
    assert node == same and hash(node) == hash(same) and node != A.BinOp("-", A.IntLit(1), A.Name("x"))
    assert dataclasses.replace(node, op="-").op == "-" and node.op == "+"
    assert pickle.loads(pickle.dumps(node)).span == span
    assert A.Pile("p", None).visibility == A.PUBLIC  # (a default)
    with pytest.raises(TypeError):
        A.Neg()  # a field without a default is required
    with pytest.raises(TypeError):
        A.Neg(A.IntLit(1), A.NO_SPAN)  # the span is keyword-only


def test_a_node_field_after_a_field_with_a_default_needs_one():
    with pytest.raises(TypeError, match="follows default"):
        @A.node
        class Broken(A.Node):
            first: int = 0
            second: int


def test_importing_the_ast_compiles_no_method():
    """A node class's __init__ is compiled when it is first constructed (never for nodes that come
    from the parse cache); assignment is refused in Node alone, not by a method per class."""
    code = ("import json, ratdsl.language.ast as A\n"
            "classes = [c for c in vars(A).values() if isinstance(c, type) and issubclass(c, A.Node)]\n"
            "lazy = [getattr(c.__dict__.get('__init__'), 'compiled_on_first_use', False) for c in classes]\n"
            "own = [c is not A.Node and bool({'__setattr__', '__delattr__'} & set(c.__dict__)) for c in classes]\n"
            "print(json.dumps([c.__name__ for c, l, o in zip(classes, lazy, own) if o or not l]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []
