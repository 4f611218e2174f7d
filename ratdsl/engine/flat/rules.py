"""Rules and their hooks in the flat target (`do RULE(...)`): a rule that cannot reach itself is
written where it is called, so what is known of its arguments stays known; one that can is a
function of its own, which counts its nesting against the reference engine's limit (R001).
A mixin of StatementLowering."""

from __future__ import annotations

from typing import Any

from ...language import ast as A
from ...semantics.recursion import rules_reaching_themselves
from ..interpreter import MAX_DEPTH
from .code import NAME, Code, Scope
from .tags import Unsupported
from .val import Val


class RuleLowering:
    """`do`, rule functions and hooks for StatementLowering."""

    def st_Do(self, node: A.Do, code: Code, sc: Scope) -> None:
        args = [self.ex(a, sc) for a in node.args]
        rule = self.d.rules.get(node.rule)
        if rule is None or len(rule.params) != len(args):
            raise Unsupported(node, f"the rule {node.rule}")
        if node.rule not in self.recursive_rules() and code.depth < 10:
            # written where it is called: no call, and what is known of the arguments (a constant
            # zone, a name's possible values, a player's zone) is known in the body too
            hooks = self.d.hooks.get(node.rule, {})
            roots = [rule.body, *(a.decl.body for time in hooks.values() for a in time)]
            assigned = {n.target.id for root in roots for n in A.walk(root)
                        if isinstance(n, A.Set) and isinstance(n.target, A.Name)}
            names_at = [{rule.params[i], *(a.decl.params[i] for time in hooks.values() for a in time
                                           if i < len(a.decl.params))} for i in range(len(args))]
            bound = []
            for names, a in zip(names_at, args):
                if not names & assigned and (a.known or NAME.match(a.code)):
                    bound.append(a)
                else:
                    py = self.fresh("a")
                    code(f"{py} = {a.code}")
                    bound.append(Val(py, a.t, domain=a.domain, rel=a.rel, seat_zones=a.seat_zones))
            pushed = len(code.lines)
            self.blame_from(code, f"call of rule {node.rule}", node)
            code("if ST[0] < 0: raise Abort")  # (the reference's check at every call of a rule)
            self.rule_body(node.rule, bound, code, sc.zsrc)
            if len(code.lines) == pushed + 2:  # (nothing runs in it: it uses no step, so none blames it)
                del code.lines[pushed]
            else:
                self.blame_done(code)
            return
        py = self.rule_function(node.rule, args, sc.zsrc, node)
        if py:
            self.blame_from(code, f"call of rule {node.rule}", node)
            code(f"{py}({', '.join(a.code for a in args)})")
            self.blame_done(code)

    def rule_function(self, name: str, args: list[Val], zsrc: str, node: A.Node) -> str:
        """A rule's function for arguments of these kinds (and possible values), with its hooks."""
        rule = self.d.rules[name]
        types = [a.t for a in args]
        key = ("rule", name, tuple((a.t, a.domain) for a in args), zsrc)
        py = self.defined.get(key)
        if py is not None:
            return py
        hooks = self.d.hooks.get(name, {})
        if not rule.body.stmts and not any(hooks.values()):
            self.defined[key] = ""
            return ""  # (nothing to run: the call is left out)
        py = self.defined[key] = self.fresh("R")
        step, self.step_now = self.step_now, None  # (its own function, called from any step)
        self.costs.append(None)  # (its code pays its own steps: none are the calling statement's)
        try:
            self.rule_function_body(py, name, args, types, zsrc)
        finally:
            self.costs.pop()
            self.step_now = step
        return py

    def rule_function_body(self, py: str, name: str, args: list[Val], types: list, zsrc: str) -> None:
        """The function `py` of rule_function."""
        params = [f"a{i}" for i in range(len(types))]
        code = Code(f"def {py}({', '.join(params)}):")
        recursive = name in self.recursive_rules()
        code("if ST[0] < 0: raise Abort")  # (the reference's check at every call of a rule)
        if recursive:
            # The reference engine stops calls nested more than MAX_DEPTH deep (R001), counting
            # every func, rule and card effect; only these functions can nest without bound here,
            # so they stop early enough that the others, nested at most once each, fit in the rest.
            code("DP[0] += 1")
            code(f"if DP[0] > {self.recursion_limit()}: raise Abort")
        self.rule_body(name, [Val(params[i], types[i], domain=args[i].domain) for i in range(len(args))], code, zsrc)
        if recursive:
            code("DP[0] -= 1")  # (an exception ends the game: no finally is needed)
        self.units.append(code.text())

    def rule_body(self, name: str, args: list[Val], code: Code, zsrc: str) -> None:
        """A rule's hooks and body with its parameters bound to `args` (interpreter._call_rule),
        each block paying its steps where it starts."""
        rule = self.d.rules[name]
        hooks = self.d.hooks.get(name, {})
        start = len(code.lines)
        for attached in hooks.get("before", ()):
            self.hook(attached, code, args, zsrc, None)
        instead = list(reversed(hooks.get("instead", ())))
        sc = Scope(dict(zip(rule.params, args)), zsrc)
        if instead:
            flag = self.fresh("done")
            code(f"{flag} = False")
            for attached in instead:
                code(f"if not {flag}:")
                code.depth += 1
                self.hook(attached, code, args, zsrc, flag)
                code.depth -= 1
            code(f"if not {flag}:")
            self.by.append(name)
            try:
                self.indented(rule.body, code, sc)
            finally:
                self.by.pop()
        elif rule.body.stmts:
            self.by.append(name)
            try:
                self.block(rule.body, code, sc)
            finally:
                self.by.pop()
        for attached in hooks.get("after", ()):
            self.hook(attached, code, args, zsrc, None)
        if len(code.lines) == start and code.depth == 1 and len(code.lines) == 1:
            code("pass")

    def hook(self, attached: Any, code: Code, args: list[Val], zsrc: str, flag: str | None) -> None:
        """One hook of a rule, written into the rule's code (interpreter._run_hook)."""
        guarded = self.guarded(attached, dict(zip(attached.decl.params, args)), zsrc)
        if guarded is None:
            return
        sc, guard = guarded
        if guard:
            code(f"if {' and '.join(guard)}:")
            code.depth += 1
        code(f"FC[{self.fired_index(attached)}] += 1")
        if flag is not None:
            code(f"{flag} = True")
        decl = attached.decl
        self.by.append(attached.card.name if attached.card is not None else f"{decl.time} {decl.name}")
        try:
            self.block(attached.decl.body, code, sc)
        finally:
            self.by.pop()
        if guard:
            code.depth -= 1

    def recursion_limit(self) -> int:
        """How deep rules that can reach themselves may nest here: MAX_DEPTH less one level for
        each func, rule and card that could sit around or under them (each at most once, as
        nothing else can reach itself)."""
        others = (len(self.d.funcs) + len(self.d.tables) + len(self.d.rules) + len(self.d.cards)
                  + len(self.d.actions))  # (an action's effect nests a level: turns.take)
        return MAX_DEPTH - others

    def recursive_rules(self) -> frozenset[str]:
        """The rules that can run themselves again through `do` (semantics/recursion.py)."""
        if self._recursive is None:
            self._recursive = rules_reaching_themselves(self.d)
        return self._recursive
