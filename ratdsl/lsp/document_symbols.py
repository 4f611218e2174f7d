"""The outline of one rule file: its declarations (game, options, components, cards, phases with
their steps, rules, funcs...), read from the file's own AST. A file that does not parse has none.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as T

from ..language import ast as A
from ..language.errors import RuleError
from ..language.loader import parse_file
from .index import FileText

S = T.SymbolKind
KINDS: dict[type, T.SymbolKind] = {
    A.Game: S.Namespace, A.ModuleHeader: S.Module, A.VariantHeader: S.Module, A.Option: S.Enum,
    A.Tokens: S.Constant, A.Symbols: S.EnumMember, A.Const: S.Constant, A.Zone: S.Variable, A.Pile: S.Array,
    A.Var: S.Variable, A.Deck: S.Class, A.Card: S.Object, A.Table: S.Function, A.Func: S.Function,
    A.Rule: S.Method, A.Modify: S.Operator, A.Hook: S.Event, A.Setup: S.Namespace, A.Phase: S.Namespace,
    A.Round: S.Namespace, A.Scoring: S.Namespace, A.Persona: S.Interface, A.Metric: S.Property,
    A.Step: S.Function, A.OnEvent: S.Event, A.SetOption: S.Property, A.Remove: S.Null, A.ReplaceStep: S.Function,
    A.Invariant: S.Boolean, A.Board: S.Struct, A.Space: S.Field,
    A.Action: S.Method,  # turns
}


def document_symbols(path: Path) -> list[T.DocumentSymbol]:
    try:
        program = parse_file(path)
    except (RuleError, OSError, UnicodeDecodeError, ValueError, RecursionError):
        return []
    text = FileText.of(str(path))
    return [s for d in program.decls if (s := _symbol(d, text)) is not None]


def _label(node: A.Node) -> str:
    if isinstance(node, A.Replace):
        return "replace " + _label(node.decl)
    if isinstance(node, A.Hook):
        return f"{node.time} {node.name}"
    if isinstance(node, A.Modify):
        return f"modify {node.name}"
    if isinstance(node, A.OnEvent):
        return f"on {node.event}"
    if isinstance(node, A.ReplaceStep):
        return f"replace step {node.phase}.{node.step.name}"
    names = getattr(node, "names", None)
    if names:
        return ", ".join(names)
    name = getattr(node, "name", None)
    if isinstance(node, A.Decl) and not name:
        return node.key
    return str(name or node.__class__.__name__.lower())


def _range(span: A.Span) -> T.Range:
    return T.Range(T.Position(max(span.line - 1, 0), max(span.column - 1, 0)),
                   T.Position(max(span.end_line - 1, 0), max(span.end_column - 1, 0)))


def _symbol(node: A.Node, text: FileText) -> T.DocumentSymbol | None:
    inner = node.decl if isinstance(node, A.Replace) else node
    kind = KINDS.get(inner.__class__)
    if kind is None:
        return None
    rng = _range(node.span)
    name = getattr(inner, "name", None) or (getattr(inner, "names", None) or ("",))[0]
    token = next((t for t in text.within(node.span) if name and t.text == name), None)
    selection = (T.Range(T.Position(token.line - 1, token.column - 1), T.Position(token.line - 1, token.end_column - 1))
                 if token is not None else T.Range(rng.start, rng.start))
    children: list[A.Node] = []
    if isinstance(inner, (A.Setup, A.Phase)):
        children = list(inner.steps)
    elif isinstance(inner, A.Card):
        children = [*inner.handlers, *inner.modifiers, *inner.hooks]
    elif isinstance(inner, A.Board):  # boards: its spaces
        children = list(inner.spaces)
    detail = getattr(inner, "title", None) or (inner.kind if isinstance(inner, A.Decl) else None)
    kids = [s for c in children if (s := _symbol(c, text)) is not None]
    return T.DocumentSymbol(name=_label(node), kind=kind, range=rng, selection_range=selection, detail=detail,
                            children=kids or None)
