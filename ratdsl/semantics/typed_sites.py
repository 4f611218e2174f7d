"""Each call of a func or rule held to its body (E288): a parameter's kind is the union of what its
calls give, and a finding is made only where every kind of a union is refused, so one call giving
a kind the body refuses hides behind the calls that give kinds it takes (`names` given `[hand,
dump]` by one call and `[1, 2]` by another, read by `zones(p, names)`). So after the final walk,
each parameter a call gives another kind than the union is given that call's kind alone, the
body is typed again, and what that finds, and the union did not, is reported at the call's value.
The inference (inference.py) mixes this in."""

from __future__ import annotations

from typing import Any

from ..language import ast as A
from . import types as T

Ty = Any  # frozenset[T.Base] | None

# What a body's finding must be to be a call's: those that stop a game where they stand (a
# comparison always false, or paths of different kinds, are the body's own, not a call's).
_STOPS = frozenset(("E224", "E225", "E280", "E282"))
_MAX_RETYPES = 120  # bodies typed again per rule set, at most (each is one func's or rule's)


class SiteTypes:
    """Calls held to their callee's body (a mixin of inference._Infer)."""

    form: Any
    funcs: dict
    rules: dict
    modifiers: dict
    locals: dict
    ty: Any
    block: Any
    said_param: Any

    def note_site(self, key: tuple[str, str], args: tuple[A.Expr, ...], types: list[Ty]) -> None:
        """A call's values and their kinds, as this walk types them (the last walk's are kept)."""
        if not self.retyping:
            self.sites.setdefault(key, []).append((args, types))

    def check_sites(self) -> None:
        """E288 for each call whose value's kind the callee's body refuses where the union of its
        calls' kinds hid it."""
        done: dict[tuple[tuple[str, str], int, Ty], list[Any]] = {}
        budget = _MAX_RETYPES
        out = []
        for key, sites in self.sites.items():
            joint = self.form.params.get(key)
            decl = (self.funcs if key[0] == "func" else self.rules).get(key[1])
            if joint is None or decl is None or len(sites) < 2:
                continue
            for args, types in sites:
                for i, (arg, t) in enumerate(zip(args, types)):
                    own = T.without_none(t)
                    if not own or i >= len(joint) or joint[i] is None or own == T.without_none(joint[i]) \
                            or key[0] == "func" and self.said_param(key[1], i) is not None:
                        continue  # (an annotated parameter holds each call to its annotation: E289)
                    if (key, i, own) not in done:
                        if budget <= 0:
                            continue
                        budget -= 1
                        done[(key, i, own)] = self.retype(decl, key, [*joint[:i], own, *joint[i + 1:]])
                    for f in done[(key, i, own)][:1]:
                        out.append(self.site_finding(arg, decl, decl.params[i], t, f))
        self.form.findings.extend(f for f in out if f is not None)

    def retype(self, decl: A.Func | A.Rule, key: tuple[str, str], params: list[Ty]) -> list[Any]:
        """The findings `decl`'s body makes with these parameter kinds and not with the union."""
        form = self.form
        bodies: list[A.Node] = [decl.value] if isinstance(decl, A.Func) else [decl.body]
        if isinstance(decl, A.Func):
            bodies += [m.value for m in self.modifiers.get(decl.name, ())]
        nodes = _subtree(bodies)
        before = {id(n): form.types[id(n)] for n in nodes if id(n) in form.types}
        was = {(f.code, f.span) for f in form.findings}
        kept, found, locals_, joint = len(form._keep), len(form.findings), dict(self.locals), form.params[key]
        for n in nodes:
            form.types.pop(id(n), None)
        form.params[key] = params
        self.retyping = True
        try:
            for body in bodies:
                self.block(body) if isinstance(body, A.Block) else self.ty(body)
            return [f for f in form.findings[found:] if f.code in _STOPS and (f.code, f.span) not in was]
        finally:
            self.retyping = False
            form.params[key] = joint
            del form.findings[found:], form._keep[kept:]
            for n in nodes:
                form.types.pop(id(n), None)
            form.types.update(before)
            self.locals = locals_

    def site_finding(self, arg: A.Expr, decl: A.Func | A.Rule, param: str, t: Ty, f: Any) -> Any:
        from .inference import Finding

        if arg.span.line <= 0:
            return None
        what = "func" if isinstance(decl, A.Func) else "rule"
        where = f"line {f.span.line}" if f.span.file == arg.span.file else f"{f.span.file}:{f.span.line}"
        return Finding("E288", arg.span, f"{what} {decl.name}'s parameter {param} is given {T.words(t)} here, "
                       f"which its body refuses at {where}: {f.message}",
                       f"give {param} the kind {decl.name}'s other calls give it, or a {what} of its own for this "
                       "kind")


def _subtree(roots: list[A.Node]) -> list[A.Node]:
    """Every node under the roots (themselves too), without recursion."""
    out: list[A.Node] = []
    todo = list(roots)
    while todo:
        node = todo.pop()
        out.append(node)
        todo.extend(A.iter_children(node))
    return out
