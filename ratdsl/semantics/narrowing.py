"""Narrowing by a list's tag: where a condition tests the name at position 0 of a list written out
with one (`o[0] == give` of a union of `[give, a, n]` and `[move, a, b]` lists), the branch
it guards reads the local as the lists of that tag alone, so `o[2]` there is a player, not a
player or a space. The tests it reads: `X[0] == NAME` and `!=`, `not`, `and` (the later parts
and what it guards), `or` when false, and a call of a func whose body is such a test
(`step_is(o, move)`), its parameters replaced by the call's values; where `o[0] == kind` holds,
a test of `kind` (`kind == give`) tests o's tag too. A part of an `and` that is
`X != none` does not stop its false branch from telling that X is not of the tag. Anything else
tells nothing, so a value is never narrowed to less than it may be. A test of `p.NAME[k]` (p a
local, k a local or a number written out: `runs(p, k, give)` of `p.plans[k][0] == kind`) marks
the player p where it holds, the mark goes with it into the lists it is put in, and `E.NAME[k]` of
a player so marked (the same k) is narrowed by it; an `if` block that sets a `.NAME` is not marked.
The inference (inference.py) mixes this in.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from ..language import ast as A
from . import types as T
from .symbols import FUNC, LOCAL

Ty = Any  # frozenset[T.Base] | None
# (the local's key, its type where tested, the names, whether its tag is one of them, and the key of
# the local the tag was compared with, `o[0] == kind`: where that holds, a test of kind tests o's tag)
Fact = tuple[tuple[int, str], Any, frozenset, bool, Any]
_DEPTH = 4  # funcs followed into one another, at most


class Narrowing:
    """Facts a condition tells of locals' tags, and typing under them (a mixin of _Infer)."""

    table: Any
    ty: Any
    funcs: dict
    modifiers: dict
    said_params: dict
    narrowed: dict
    aliases: dict
    refined: dict

    def facts(self, cond: A.Expr, subst: dict[str, A.Expr] | None = None, depth: int = 0
              ) -> tuple[list[Fact], list[Fact]]:
        """What cond tells when true, and when false: facts of the tag of a local's lists."""
        subst = subst or {}
        cls = cond.__class__
        if cls is A.Not:
            yes, no = self.facts(cond.operand, subst, depth)
            return no, yes
        if cls is A.BoolOp:
            parts, held = [], []  # (each part read where the ones before it held: `o[0] == kind and kind == give`)
            for item in cond.items:
                with self.narrowing(held if cond.op == "and" else []):
                    parts.append(self.facts(item, subst, depth))
                held += parts[-1][0]
            if cond.op == "and":
                yes = [f for p in parts for f in p[0]]
                telling = [i for i, item in enumerate(cond.items) if not _not_none(item)]
                return yes, parts[telling[0]][1] if len(telling) == 1 else []
            return [], [f for p in parts for f in p[1]]
        if cls is A.BinOp and cond.op in ("==", "!="):
            fact = self.tag_test(cond, subst)
            if fact is None:
                return [], []
            key, t, names, alias = fact
            yes, no = [(key, t, names, True, alias)], ([(key, t, names, False, None)] if len(names) == 1 else [])
            return (yes, no) if cond.op == "==" else (no, yes)
        if cls is A.Call and depth < _DEPTH:
            sym = self.table.ref(cond)
            decl = self.funcs.get(cond.func) if sym is not None and sym.kind == FUNC else None
            if decl is None or cond.func in self.modifiers or len(decl.params) != len(cond.args):
                return [], []
            inner = {p: _through(a, subst) for p, a in zip(decl.params, cond.args)}
            return self.facts(decl.value, inner, depth + 1)
        return [], []

    def tag_test(self, cond: A.BinOp, subst: dict[str, A.Expr]) -> tuple[Any, Ty, frozenset, Any] | None:
        """`X[0] == Y` (either way round): X's local, its type, the names Y may be (a symbol's) and
        Y's local if it is one; or `Y == NAME` where Y is known to be X's tag."""
        for side, other in ((cond.left, cond.right), (cond.right, cond.left)):
            alias = self.local_key(_through(side, subst)) if isinstance(side, A.Name) else None
            if alias is not None and alias in self.aliases:
                names = _symbols(self.ty(_through(other, subst)))
                if names:
                    key, t = self.aliases[alias]
                    return key, t, names, None
        for side, other in ((cond.left, cond.right), (cond.right, cond.left)):
            if isinstance(side, A.Index) and isinstance(side.key, A.IntLit) and side.key.value == 0:
                path = self.path_key(side.obj, subst)
                if path is not None:
                    names = _symbols(self.ty(_through(other, subst)))
                    if names:
                        return path, None, names, self.local_key(_through(other, subst))
                    continue
                if subst and not (isinstance(side.obj, A.Name) and side.obj.id in subst):
                    continue  # (a func's own local: nothing of the caller's)
                obj = _through(side.obj, subst)
                key = self.local_key(obj)
                if key is None:
                    continue
                names = _symbols(self.ty(_through(other, subst)))
                if names:
                    return key, self.ty(obj), names, self.local_key(_through(other, subst))
        return None

    def path_key(self, x: A.Expr, subst: dict[str, A.Expr]) -> tuple | None:
        """`p.NAME[k]` of a local p and k a local or a number written out (a func's parameters
        replaced by the call's values): the key of a fact of p ("path", p's key, NAME, k's key);
        None for anything else."""
        if not (isinstance(x, A.Index) and isinstance(x.obj, A.Attr) and isinstance(x.obj.obj, A.Name)
                and isinstance(x.key, (A.Name, A.IntLit))):
            return None
        if subst and not (x.obj.obj.id in subst and (isinstance(x.key, A.IntLit) or x.key.id in subst)):
            return None  # (a func's own local: nothing of the caller's)
        owner, at = self.local_key(_through(x.obj.obj, subst)), self.place_key(_through(x.key, subst))
        return None if owner is None or at is None else ("path", owner, x.obj.name, at)

    def place_key(self, x: A.Expr) -> Any:
        """What `k` of `p.NAME[k]` is: a local's key, or a number written out."""
        return ("at", x.value) if isinstance(x, A.IntLit) else self.local_key(x)

    def refine(self, key: tuple[int, str], t: Ty) -> Ty:
        """t, a local's type, with its players marked by what the facts tell of them (`p.plans[k]`
        is an `[give, ...]` list), so that the mark goes wherever the player goes (the lists it
        is put in, their items) and `p.plans[k]` reads it (`refined_index`)."""
        told = self.refined.get(key)
        if not told or not t:
            return t
        return frozenset(T.Base(T.PLAYER, (b.arg or frozenset()) | told) if b.tag == T.PLAYER else b for b in t)

    def refined_index(self, x: A.Index, t: Ty) -> Ty:
        """`E.NAME[k]`, of type t, narrowed by what the marks of E's players tell of their
        `.NAME[k]` (only the marks every player E may be has)."""
        if not t or not isinstance(x.obj, A.Attr):
            return t
        at = self.place_key(x.key)
        owners = [b for b in self.ty(x.obj.obj) or () if b.tag != T.NONE]
        if at is None or not owners or any(b.tag != T.PLAYER or not b.arg for b in owners):
            return t
        common = frozenset.intersection(*(b.arg for b in owners))
        for name, key, names, member in sorted(common, key=repr):
            if name == x.obj.name and key == at:
                t = _keep(t, names, member)
        return t

    def local_key(self, x: A.Expr) -> tuple[int, str] | None:
        if not isinstance(x, A.Name):
            return None
        sym = self.table.ref(x)
        if sym is None or sym.kind != LOCAL or sym.decl is None:
            return None
        return (id(sym.decl), sym.name)

    def narrowing(self, facts: list[Fact]) -> AbstractContextManager[None]:
        """Types what is inside with each local of the facts narrowed to the lists they allow
        (no facts, the commonest: nothing to do, and no generator made for it)."""
        return self.narrowed_by(facts) if facts else _UNCHANGED

    @contextmanager
    def narrowed_by(self, facts: list[Fact]) -> Iterator[None]:
        saved: dict[tuple[int, str], Any] = {}
        aliased: dict[Any, Any] = {}
        marked: dict[Any, Any] = {}
        try:
            for key, t, names, member, alias in facts:
                if member and alias is not None:
                    aliased.setdefault(alias, self.aliases.get(alias, _ABSENT))
                    self.aliases[alias] = (key, t)
                if key[0] == "path":  # (a fact of `p.NAME[k]`: p's players are marked by it)
                    _, owner, name, at = key
                    marked.setdefault(owner, self.refined.get(owner, _ABSENT))
                    self.refined[owner] = self.refined.get(owner, frozenset()) | {(name, at, names, member)}
                    continue
                t = self.narrowed.get(key, t)
                narrowed = _keep(t, names, member)
                if narrowed != t:
                    saved.setdefault(key, self.narrowed.get(key, _ABSENT))
                    self.narrowed[key] = narrowed
            yield
        finally:
            for key, was in saved.items():
                if was is _ABSENT:
                    self.narrowed.pop(key, None)
                else:
                    self.narrowed[key] = was
            for owner, was in marked.items():
                if was is _ABSENT:
                    self.refined.pop(owner, None)
                else:
                    self.refined[owner] = was
            for alias, was in aliased.items():
                if was is _ABSENT:
                    self.aliases.pop(alias, None)
                else:
                    self.aliases[alias] = was


_ABSENT = object()
_UNCHANGED = nullcontext()


def _through(x: A.Expr, subst: dict[str, A.Expr]) -> A.Expr:
    """x, or the call's value a func's parameter named x stands for."""
    return subst.get(x.id, x) if isinstance(x, A.Name) and subst else x


def _not_none(x: A.Expr) -> bool:
    """`X != none`: a part of an `and` that any list is."""
    return isinstance(x, A.BinOp) and x.op == "!=" and (isinstance(x.right, A.NoneLit) or isinstance(x.left, A.NoneLit))


def _symbols(t: Ty) -> frozenset | None:
    if not t or any(b.tag != T.SYMBOL or b.arg is None for b in t):
        return None
    return frozenset().union(*(b.arg for b in t))


def _keep(t: Ty, names: frozenset, member: bool) -> Ty:
    """t with the lists whose tag the fact rules out left out (nothing else is)."""
    if not t:
        return t
    kept = frozenset(b for b in t if b.tag != T.LIST or (tag := T.tag_of(b)) is None
                     or (bool(tag & names) if member else not tag <= names))
    return kept if any(b.tag == T.LIST for b in kept) or not any(b.tag == T.LIST for b in t) else t
