"""A move that names one zone, or one token kind, twice (E264): its tokens would be counted twice,
so an exact count could pass with fewer there. Found here where the names are known before the
game; the engines refuse the rest when they run (R010)."""

from __future__ import annotations

from collections.abc import Callable

from ..language import ast as A


def named_twice(s: A.Move, resolve: Callable[[A.Expr | None], A.Expr | None],
                is_kind: Callable[[A.Expr], bool]) -> tuple[A.Expr, str] | None:
    """Where `s` names a zone or a kind a second time, and what it names; None if it does not
    (as far as is known before the game). `resolve` follows a global const to its value."""
    if s.what is not None:
        seen: set[str] = set()
        for name in _kind_names(s.what, resolve, is_kind, 0):
            if name in seen:
                return s.what, f"token kind `{name}`"
            seen.add(name)
    source = resolve(s.source)
    if isinstance(source, A.ListLit):
        zones: set[str] = set()
        for item in source.items:
            key = _plain_key(resolve(item), resolve, 0)
            if key is not None:
                if key in zones:
                    return item, "zone"
                zones.add(key)
    return None


def _kind_names(x: A.Expr | None, resolve: Callable[[A.Expr | None], A.Expr | None],
                is_kind: Callable[[A.Expr], bool], depth: int) -> list[str]:
    """The token kinds a kind spec names, in order with repeats, as far as known now."""
    x = resolve(x)
    if isinstance(x, A.ListLit) and depth < 20:
        return [name for item in x.items for name in _kind_names(item, resolve, is_kind, depth + 1)]
    if isinstance(x, A.Name) and is_kind(x):
        return [x.id]
    return []


def _plain_key(x: A.Expr | None, resolve: Callable[[A.Expr | None], A.Expr | None], depth: int) -> str | None:
    """The text of x when it is made only of names, fields, indexes and literals (no call, no
    choice: the same zone each time it is worked out in one statement); else None."""
    if depth > 20:
        return None
    if isinstance(x, A.Name):
        return x.id
    if isinstance(x, (A.IntLit, A.StrLit)):
        return repr(x.value)
    if isinstance(x, A.Attr):
        obj = _plain_key(x.obj, resolve, depth + 1)
        return None if obj is None else f"{obj}.{x.name}"
    if isinstance(x, A.Index):
        obj, key = _plain_key(x.obj, resolve, depth + 1), _plain_key(resolve(x.key), resolve, depth + 1)
        return None if obj is None or key is None else f"{obj}[{key}]"
    return None
