"""Each call of a func or rule held to its body (E288): a parameter's kind is the union of what its
calls give, and a finding is made only where every kind of a union is refused, so one call giving
a kind the body refuses hides behind the calls that give kinds it takes (`names` given `[deck,
discard]` by one call and `[1, 2]` by another, read by `zones(p, names)`). So after the final walk,
each parameter a call gives another kind than the union is given that call's kind alone, the
body is typed again, and what that finds, and the union did not, is reported at the call's value.
The inference (inference.py) mixes this in."""

from __future__ import annotations

from typing import Any

from ..language import ast as A
from . import types as T
from .type_findings import Finding

Ty = Any  # frozenset[T.Base] | None

# What a body's finding must be to be a call's: those that stop a game where they stand (a
# comparison always false, or paths of different kinds, are the body's own, not a call's).
_STOPS = frozenset(("E224", "E225", "E280", "E282"))
_MAX_RETYPES = 120  # bodies typed again per rule set, at most (each is one func's or rule's)
_DEPTH = 4  # calls followed from a body typed again into the bodies they call


class SiteTypes:
    """Calls held to their callee's body (a mixin of inference._Infer)."""

    form: Any
    funcs: dict
    rules: dict
    modifiers: dict
    locals: dict
    ty: Any
    block: Any
    hook: Any
    hooks_of: dict
    said_param: Any

    def note_site(self, key: tuple[str, str], args: tuple[A.Expr, ...], types: list[Ty]) -> None:
        """A call's values and their kinds, as this walk types them (the last walk's are kept)."""
        if not self.retyping:
            self.sites.setdefault(key, []).append((args, types))
        else:
            self.nested.append((key, args, types))

    def check_sites(self) -> None:
        """E288 for each call whose value's kind the callee's body refuses where the union of its
        calls' kinds hid it (in the body, or in the body of a func or rule it passes it to)."""
        self.refusals: dict[tuple[tuple[str, str], int, Ty], list[Any]] = {}
        self.retypes_left = _MAX_RETYPES
        self.subtrees: dict[int, list[int]] = {}  # each body's nodes' ids, by its decl (walked once)
        self.mentioned: dict[tuple[int, frozenset[str]], bool] = {}
        self.bound_from: dict[int, dict[str, list[str]]] = {}  # by body: each name, and the names bound from it
        out = []
        for key, sites in self.sites.items():
            decl = (self.funcs if key[0] == "func" else self.rules).get(key[1])
            if decl is None or len(sites) < 2:
                continue
            for args, types in sites:
                for i, (arg, t) in enumerate(zip(args, types)):
                    for f in self.refused(key, i, t, 0)[:1]:
                        out.append(self.site_finding(arg, decl, decl.params[i], t, f))
        self.form.findings.extend(f for f in out if f is not None)

    def refused(self, key: tuple[str, str], i: int, t: Ty, depth: int) -> list[Any]:
        """What the body of `key` refuses, and the union of its calls did not, when its i-th
        parameter is of type t alone; followed into the calls it makes with that value, `_DEPTH`
        deep (each body typed again at most once per kind, within a budget)."""
        joint = self.form.params.get(key)
        decl = (self.funcs if key[0] == "func" else self.rules).get(key[1])
        own = T.without_none(t)
        if not own or decl is None or joint is None or i >= len(joint) or i >= len(decl.params) or joint[i] is None \
                or own == T.without_none(joint[i]) or key[0] == "func" and self.said_param(key[1], i) is not None:
            return []  # (an annotated parameter holds each call to its annotation: E289)
        memo = (key, i, own)
        if memo not in self.refusals:
            if self.retypes_left <= 0:
                return []
            self.retypes_left -= 1
            self.refusals[memo] = []  # (a func that passes the value on to itself: nothing more)
            found, nested = self.retype(decl, key, [*joint[:i], own, *joint[i + 1:]])
            if not found and depth < _DEPTH:
                names = self.derived(decl, decl.params[i])
                found = next((f for k, args, types in nested for j, u in enumerate(types)
                              if self.mentions(args[j], names) and (f := self.refused(k, j, u, depth + 1))), [])
            self.refusals[memo] = found
        return self.refusals[memo]

    def retype(self, decl: A.Func | A.Rule, key: tuple[str, str], params: list[Ty]) -> tuple[list[Any], list[Any]]:
        """The findings `decl`'s body makes with these parameter kinds and not with the union, and
        the calls it makes so (key, values, their types)."""
        form = self.form
        bodies: list[A.Node] = [decl.value] if isinstance(decl, A.Func) else [decl.body]
        if isinstance(decl, A.Func):
            bodies += [m.value for m in self.modifiers.get(decl.name, ())]
        else:  # (a rule's hooks take its parameters: `before coming_home(p) if owns(p, this)`)
            bodies += self.hooks_of.get(decl.name, [])
        ids = self.subtrees.get(id(decl))
        if ids is None:
            ids = self.subtrees[id(decl)] = [id(n) for n in _subtree(bodies)]
        types = form.types
        before = {k: types[k] for k in ids if k in types}
        was = {(f.code, f.span) for f in form.findings}
        kept, found, joint = len(form._keep), len(form.findings), form.params[key]
        saved, self.locals.saved = self.locals.saved, {}  # (the locals as they were, put back after)
        for k in ids:
            types.pop(k, None)
        form.params[key] = params
        self.retyping = True
        self.nested: list[Any] = []
        try:
            for body in bodies:
                if isinstance(body, A.Hook):
                    self.hook(body)
                elif isinstance(body, A.Block):
                    self.block(body)
                else:
                    self.ty(body)
            return ([f for f in form.findings[found:] if f.code in _STOPS and (f.code, f.span) not in was],
                    self.nested)
        finally:
            self.retyping = False
            form.params[key] = joint
            del form.findings[found:], form._keep[kept:]
            for k in ids:
                types.pop(k, None)
            types.update(before)
            self.locals.put_back()
            self.locals.saved = saved

    def mentions(self, x: A.Expr, names: frozenset[str]) -> bool:
        """_mentions, worked out once for each value and set of names."""
        key = (id(x), names)
        found = self.mentioned.get(key)
        if found is None:
            found = self.mentioned[key] = _mentions(x, names)
        return found

    def derived(self, decl: A.Func | A.Rule, name: str) -> frozenset[str]:
        """The parameter's name and the names bound in decl's body from a value worked out from it
        (`for a in places`, `let o = places[0]`, `places where ...`'s `it`): a call given one of
        them passes the parameter's kind on (case 63545: `steps_from(p, a)` for a in places)."""
        bound_from = self.bound_from.get(id(decl))
        if bound_from is None:  # (each name -> the names bound from a value that mentions it: one walk)
            bodies: list[A.Node] = [decl.value if isinstance(decl, A.Func) else decl.body]
            bound_from = self.bound_from[id(decl)] = {}
            for n in _subtree(bodies):
                if (b := _binding(n)) is not None:
                    for read in {m.id for m in _subtree([b[1]]) if isinstance(m, A.Name)}:
                        bound_from.setdefault(read, []).append(b[0])
        names, todo = {name}, [name]
        while todo:  # (linear in the body: each name is followed once)
            for var in bound_from.get(todo.pop(), ()):
                if var not in names:
                    names.add(var)
                    todo.append(var)
        return frozenset(names)

    def site_finding(self, arg: A.Expr, decl: A.Func | A.Rule, param: str, t: Ty, f: Any) -> Any:
        if arg.span.line <= 0:
            return None
        what = "func" if isinstance(decl, A.Func) else "rule"
        where = f"line {f.span.line}" if f.span.file == arg.span.file else f"{f.span.file}:{f.span.line}"
        return Finding("E288", arg.span, f"{what} {decl.name}'s parameter {param} is given {T.words(t)} here, "
                       f"which is refused at {where}: {f.message}",
                       f"give {param} the kind {decl.name}'s other calls give it, or a {what} of its own for this "
                       "kind")


def _mentions(x: A.Expr, names: frozenset[str]) -> bool:
    """Whether the value x is worked out from one of the names (a parameter passed on, or a part
    of it)."""
    return any(isinstance(n, A.Name) and n.id in names for n in _subtree([x]))


def _binding(node: A.Node) -> tuple[str, A.Expr] | None:
    """The name a node binds and the value it is bound from, if it binds one."""
    if isinstance(node, (A.Comprehension, A.ForClause, A.ForEach)):
        return node.var, node.source
    if isinstance(node, (A.LetIn, A.Let)):
        return node.name, node.value
    if isinstance(node, A.Where):
        return "it", node.source
    return None


def _subtree(roots: list[A.Node]) -> list[A.Node]:
    """Every node under the roots (themselves too), without recursion."""
    out: list[A.Node] = []
    todo = list(roots)
    while todo:
        node = todo.pop()
        out.append(node)
        todo.extend(A.iter_children(node))
    return out
