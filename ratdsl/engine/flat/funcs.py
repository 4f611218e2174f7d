"""Funcs, tables and their modifiers in the flat target: a func is lowered where it is called
when its arguments allow (constants fold), else written once per kind of arguments (and per word
it is called with); a table is one function of its number; modifiers apply in order, each card's
only while its deck has it in play. What a call costs is the reference engine's count of steps.
A mixin of FlatCompiler."""

from __future__ import annotations

import re
from typing import Any

from ...language import ast as A
from ...semantics.recursion import funcs_reaching_themselves
from ...semantics.values import CardValue
from .code import SIMPLE_CODE, Code, Scope
from .tags import CARD_T, INT, NONE, Unsupported
from .val import Val

_PARAM = re.compile(r"\ba(\d+)\b")
_QUOTED_PARAM = re.compile(r"'[^']*\ba\d+\b[^']*'")


class FuncLowering:
    """Calls of funcs and tables, and their modifiers, for FlatCompiler."""

    def call_func(self, name: str, args: list[Val], node: A.Node, sc: Scope) -> Val:
        func = self.d.funcs[name]
        if len(args) != len(func.params):
            raise Unsupported(node, "a call with the wrong number of values")
        recursive = name in self.recursive_funcs()
        if (not recursive and not self.live_modifiers(name, args, sc) and name not in self.inlining
                and all(a.known or SIMPLE_CODE.match(a.code) for a in args)):
            # the body lowered where it is called, with the arguments' Vals: constants fold, and
            # what is known of a zone or list stays known
            self.inlining.add(name)
            paid = self.pay(1)  # (the call's step; what its value calls pays as it is lowered here)
            try:
                v = self.ex(func.value, Scope(dict(zip(func.params, args)), sc.zsrc))
            finally:
                self.inlining.discard(name)
            return v if paid else self.ticked(v, 1)
        # a func is written once for each set of argument kinds, and once more for each word
        # (a side, a kind...) it is called with: its body then folds what depends on that word
        fixed = [a.known and a.const.__class__ in (str, bool) for a in args]
        key = ("func", name, tuple((a.t, a.domain, a.const if f else None) for a, f in zip(args, fixed)), sc.zsrc)
        py = self.defined.get(key)
        if py is None and name in self.func_lowering:
            # a call of itself (or through other funcs) with values of other kinds or other words,
            # while its function is being written: that one would need a function of its own,
            # written inside this one, perhaps without end (a list of a list of...). Its function
            # for any word, else refused (promised_kind says the same of a function begun).
            if not any(fixed):
                raise Unsupported(node, "a func that calls itself with values of other kinds")
            return self.call_func(name, unfixed(args, fixed), node, sc)
        if py is None:
            py = self.defined[key] = self.fresh("F")
            before = set(self.defined)
            try:
                self.func_unit(py, name, args, sc.zsrc, fixed)
            except Unsupported:  # (no form with that word: the func for any value)
                self.forget_since(before)
                if not any(fixed):
                    raise
                del self.defined[key]
                return self.call_func(name, unfixed(args, fixed), node, sc)
        t = self.func_types[py]
        if t is None:
            t = self.promised_kind(py, name, key, node)
        inline = self.inlined(py, [a.code for a in args])  # (the function pays the call's steps)
        if inline is not None:  # (its body here, and the steps the function pays where it starts)
            steps = self.func_charges[py]
            return Val(inline, t) if self.pay(steps) else self.ticked(Val(inline, t), steps)
        return Val(f"{py}({', '.join(a.code for a in args)})", t, bound=self.func_bounds.get(py))

    def forget_since(self, before: set) -> None:
        """Forget the functions begun since `before`, once the func whose function was being
        written then is refused: some may call that function (a call of itself through them,
        promised_kind), which is never written. Asked for again, they are written again; the
        ones forgotten stay in the module, called by nothing."""
        for key in [k for k in self.defined if k not in before]:
            del self.defined[key]

    def func_at_let(self, name: str, args: list[Val], code: Code, sc: Scope) -> Val | None:
        """`let x = f(ARGS)` for a func with modifiers that can apply, its arguments plain names or
        constants: the body and the modifiers written as statements where it is called, instead of
        a call of the func's function (the same value and the same charges: what the call pays,
        paid here; its queries pay as they run, as in the function). None: not lowered here."""
        func = self.d.funcs[name]
        if (len(args) != len(func.params) or name in self.inlining or name in self.recursive_funcs()
                or not self.live_modifiers(name, args, sc)
                or not all(a.known or SIMPLE_CODE.match(a.code) for a in args)):
            return None
        self.pay(1)  # (the call's step; what the body and modifiers call pays as they are lowered here)
        self.inlining.add(name)
        try:
            # (worked out once, where the call would be: a draw in it draws as the call would)
            body = self.ex(func.value, Scope(dict(zip(func.params, args)), sc.zsrc))
            py = self.fresh("v")
            code(f"{py} = {body.code}")
            t, bound = self.apply_modifiers(code, name, [a.code for a in args], [a.t for a in args], body.t,
                                            sc.zsrc, body.size, var=py, given=args)
        finally:
            self.inlining.discard(name)
        return Val(py, t, bound=bound)

    def live_modifiers(self, name: str, args: list[Val], sc: Scope) -> list:
        """The modifiers of a func that can apply: those whose condition is not false whatever the
        game (an option's value, the table size) for these arguments."""
        live = []
        for attached in self.d.modifiers.get(name, ()):
            mod = attached.decl
            if mod.condition is not None:
                names = dict(zip(mod.params, args))
                names["base"] = Val("None", NONE)  # (a condition that reads `base` is not known now)
                if attached.card is not None:
                    names["this"] = Val(self.k(CardValue(attached.card.name)), CARD_T)
                self.costs.append(None)  # (lowered only to see whether it is false: nothing is paid)
                try:
                    c = self.ex(mod.condition, Scope(names, sc.zsrc))
                except Unsupported:
                    c = None
                finally:
                    self.costs.pop()
                if c is not None and c.known and c.const is False:
                    continue
            live.append(attached)
        return live

    def inlined(self, py: str, args: list[str]) -> str | None:
        """The body of a func with no modifiers written where it is called, when that keeps its
        meaning: each argument that is not a plain name or literal is used at most once, and
        nothing drawn at random moves (or repeats)."""
        body = self.func_bodies.get(py)
        if body is None or len(body) > 400 or _QUOTED_PARAM.search(body):
            return None
        for i, a in enumerate(args):
            uses = len(re.findall(rf"\ba{i}\b", body))
            if uses > 1 and not SIMPLE_CODE.match(a):
                return None
            if uses and ("sample_of" in a or "pick_of" in a):
                return None
        return "(" + _PARAM.sub(lambda m: f"({args[int(m.group(1))]})", body) + ")"

    def func_unit(self, py: str, name: str, args: list[Val], zsrc: str, fixed: list[bool] | None = None) -> None:
        """The function of a func for arguments of these kinds; `fixed`: the arguments whose
        value (a word) the function is written for."""
        func = self.d.funcs[name]
        params = [f"a{i}" for i in range(len(args))]
        types = [a.t for a in args]
        code = Code(f"def {py}({', '.join(params)}):")
        sc = Scope({p: args[i] if fixed and fixed[i] else Val(params[i], types[i], domain=args[i].domain)
                    for i, p in enumerate(func.params)}, zsrc)
        self.func_types[py] = None  # (while its body is lowered: a call back to it takes promised_kind)
        recursive = name in self.recursive_funcs()
        if recursive:  # (named by R002 as a loop is: Interpreter's _nested)
            self.blame_from(code, f"func {name}", func)
        # The reference pays a step for each call (and what the value calls) as it runs: this
        # function pays them where it starts (`charge`, once the body is lowered).
        charge = len(code.lines)
        if recursive:
            # It stops calls nested more than MAX_DEPTH deep (R001): this function counts its depth
            # as the rules that can reach themselves do (rules.py), and stops early enough.
            code("DP[0] += 1")
            code(f"if DP[0] > {self.recursion_limit()}: raise Abort")
        self.func_lowering[name] = self.func_key(py)
        acc = [1]
        self.costs.append(acc)
        try:
            body = self.ex(func.value, sc)
            code(f"v = {body.code}")
            given = [args[i] if fixed and fixed[i] else Val(params[i], types[i]) for i in range(len(args))]
            t, bound = self.apply_modifiers(code, name, params, types, body.t, zsrc, body.size, given=given)
        finally:
            self.costs.pop()
            del self.func_lowering[name]
        code.lines[charge:charge] = [f"    ST[0] -= {acc[0]}", "    if ST[0] < 0: raise Abort"]
        promised = self.func_promised.pop(py, None)
        if promised is not None and promised != t:
            raise Unsupported(func.value, f"a func that calls itself and gives {t}, where its calls of "
                                          f"itself were taken to give {promised}")
        self.func_bounds[py] = None if recursive else bound  # (a value built by calls of itself: no bound known)
        if recursive:
            code("DP[0] -= 1")  # (an exception ends the game: no finally is needed)
            self.blame_done(code)
        code("return v")
        self.func_types[py] = t
        if not recursive and len(code.lines) == 5 and "sample_of" not in body.code and "pick_of" not in body.code:
            self.func_bodies[py] = body.code  # (no modifier: the body alone is the value)
            self.func_charges[py] = acc[0]
        self.units.append(code.text())

    def func_key(self, py: str) -> tuple | None:
        """The key (func, argument kinds, words) function `py` was defined under."""
        return next((key for key, name in self.defined.items() if name == py), None)

    def promised_kind(self, py: str, name: str, key: tuple, node: A.Node) -> Any:
        """The kind of value a func gives, asked by a call of itself while its function is being
        written: the typed form's result of the func (semantics/inference.py), which the body
        must then give (func_unit checks it). A call of itself with arguments of other kinds
        would need a function for those too, without end: refused. Where the typed form cannot
        tell (it takes a call of itself as any kind: `if n == 0 then 0 else f(n - 1)`), a number,
        which the body must confirm as it must any promise."""
        if self.func_lowering.get(name) != key:
            raise Unsupported(node, "a func that calls itself with values of other kinds")
        kind = result_kind(self.d, name)
        self.func_promised[py] = kind = INT if kind is None else kind
        return kind

    def recursive_funcs(self) -> frozenset[str]:
        """The funcs and tables whose value can call them again (semantics/recursion.py)."""
        if self._recursive_funcs is None:
            self._recursive_funcs = funcs_reaching_themselves(self.d)
        return self._recursive_funcs

    def apply_modifiers(self, code: Code, name: str, params: list[str], types: list[Any], t: Any,
                        zsrc: str, bound: int | None = None, var: str = "v",
                        given: list[Val] | None = None) -> tuple[Any, int | None]:
        """The modifiers of a func or table, in order, each on the value so far (`base`, held in
        `var`); the value's kind and, for a number, what it is surely below in size (None: not
        known). `given`: the arguments' Vals, where the func is lowered at its call."""
        for attached in self.d.modifiers.get(name, ()):
            mod = attached.decl
            names = {p: given[i] if given is not None else Val(params[i], types[i]) for i, p in enumerate(mod.params)}
            names["base"] = Val(var, t, bound=bound)
            guarded = self.guarded(attached, names, zsrc, unboxed=False)
            if guarded is None:
                continue
            sc, guard = guarded
            value = self.maybe(mod.value, sc) if guard else self.ex(mod.value, sc)
            t = self.join(t, value.t, mod)
            bound = None if bound is None or value.size is None else max(bound, value.size)
            inner = f"{var} = {value.code}; FC[{self.fired_index(attached)}] += 1"
            code(f"if {' and '.join(guard)}: {inner}" if guard else inner)
        return t, bound

    def guarded(self, attached: Any, names: dict[str, Val], zsrc: str, unboxed: bool = True
                ) -> tuple[Scope, list[str]] | None:
        """A modifier's or hook's scope (`this`: its card) and the tests it applies under: its card
        in play, its condition unless known now (`unboxed`: a general value taken as yes/no). None:
        the condition is false whatever the game."""
        guard = []
        if attached.card is not None:
            names["this"] = Val(self.k(CardValue(attached.card.name)), CARD_T)
            guard.append(self.active_test(attached.card.name))
        sc = Scope(names, zsrc)
        condition = attached.decl.condition
        if condition is not None:  # (its calls paid when it is worked out: only with its card in play)
            c, steps = self.costed(condition, sc, lambda n, s: self.yes_no(self.ex(n, s), n, at=attached.decl,
                                                                          unbox=unboxed))
            if steps:
                guard.append(self.ticked(c, steps).code)
            elif c.known and not c.const:
                return None
            elif not c.known:
                guard.append(c.code)
        return sc, guard

    def fired_index(self, key: Any) -> int:
        """The place of a card's, hook's or modifier's count of applications (GameResult.fired):
        by its key, or the attached hook or modifier's."""
        if not isinstance(key, str):
            key = key.card.name if key.card is not None else key.decl.key
        return self.fired_keys.setdefault(key, len(self.fired_keys))

    def active_test(self, card: str) -> str:
        i = self.active_cards.setdefault(card, len(self.active_cards))
        return f"(AC[0] or act())[{i}]"

    def call_table(self, name: str, args: list[Val], node: A.Node, sc: Scope) -> Val:
        if len(args) != 1 or args[0].t != INT:
            raise Unsupported(node, "a table looked up by something that is not one number")
        if name in self.recursive_funcs():  # (at the call in its rows that leads back to it)
            back = next((n for e in self.d.tables[name].rows for n in A.walk(e.value)
                         if isinstance(n, A.Call) and n.func in self.recursive_funcs()), node)
            raise Unsupported(back, "a table that looks itself up")
        key = ("table", name, sc.zsrc)
        py = self.defined.get(key)
        if py is None:
            py = self.defined[key] = self.fresh("T")
            self.func_types[py] = None
            table = self.d.tables[name]
            code = Code(f"def {py}(a0):")
            sc2 = Scope({table.param: Val("a0", INT)}, sc.zsrc)
            code("ST[0] -= 1")  # (the call's step; the row worked out pays its calls as it is)
            code("if ST[0] < 0: raise Abort")
            acc = [0]
            self.costs.append(acc)  # (the modifiers that always apply: paid where it starts)
            try:  # (a refused row is caught by a caller that goes on: the costs stay as they were)
                t = NONE
                word = "if"
                sizes = []
                for entry in table.rows:
                    row = entry.row
                    v = self.maybe(entry.value, sc2)
                    t = self.join(t, v.t, entry)
                    sizes.append(v.size)
                    test = "True" if row.low is None else f"{row.low} <= a0 <= {row.high}"
                    code(f"{word} {test}:")
                    code(f"    v = {v.code}")
                    word = "elif"
                    if row.low is None:
                        break
                else:
                    code("else:")
                    code("    raise Abort")
                bound = None if None in sizes or not sizes else max(sizes)
                self.func_types[py], self.func_bounds[py] = self.apply_modifiers(code, name, ["a0"], [INT], t, sc.zsrc,
                                                                                  bound)
            finally:
                self.costs.pop()
            if acc[0]:
                code.lines[1] = f"    ST[0] -= {1 + acc[0]}"
            code("return v")
            self.units.append(code.text())
        t = self.func_types[py]
        if t is None:
            raise Unsupported(node, "a table that looks itself up")
        return Val(f"{py}({args[0].code})", t, bound=self.func_bounds.get(py))


def unfixed(args: list[Val], fixed: list[bool]) -> list[Val]:
    """The arguments with the words a func's function was to be written for made plain values
    of their kind: the call then takes the function for any word."""
    return [Val(a.code, a.t, domain=a.domain) if f else a for a, f in zip(args, fixed)]


def result_kind(d: Any, name: str) -> Any:
    """The flat kind of what func `name` gives, from the typed form (None: not one kind)."""
    from ...semantics import types as T
    from ...semantics.inference import typed_form
    from .typed import flat_kind

    ty = typed_form(list(d.ruleset.decls), d.symbol_table).results.get(name)
    return flat_kind(T.without_none(ty) if ty else None) if ty else None
