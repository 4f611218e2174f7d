"""Property test: on random runnable programs, the generated code and the tree-walker agree.

Hypothesis writes small games whose one step and one rule mix lets, sets, ifs, loops, calls of
funcs (some inlined, some not), list expressions, moves and `say`, over numbers, yes/no values and
lists, with now and then a value of the wrong type. Both engines must write the same log, byte for
byte, or stop with the same error at the same line.
"""

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.engine.log import GameLog, dumps
from ratdsl.session import RulesInvalid, load_rules, new_game

HEADER = '''game prop "Prop" {
  players 2..2
}
tokens coin, gem
const valuables = [coin, gem]
zone bank
per player zone purse
var total = 0
setup {
  step coins {
    create {coin: 30, gem: 4} in bank
  }
}
round main
'''


class Writer:
    """Draws text for expressions and statements, knowing which names hold numbers."""

    def __init__(self, draw):
        self.draw = draw
        self.fresh = 0

    def pick(self, options):
        return self.draw(st.sampled_from(options))

    def number(self, names: list[str], depth: int = 0) -> str:
        leaves = [str(self.draw(st.integers(0, 9)))] + names
        if depth >= 2:
            return self.pick(leaves)
        kind = self.draw(st.integers(0, 15))
        sub = lambda: self.number(names, depth + 1)  # noqa: E731
        if kind <= 4:
            return self.pick(leaves)
        if kind == 5:
            return f"({sub()} {self.pick(['+', '-', '*'])} {sub()})"
        if kind == 6:
            return f"({sub()} {self.pick(['/', '%'])} {self.draw(st.integers(1, 4))})"
        if kind == 7:
            return f"(if {self.yes_no(names, depth + 1)} then {sub()} else {sub()})"
        if kind == 8:
            return f"{self.pick(['f', 'g1'])}({sub()})"
        if kind == 9:
            return f"g({sub()}, {sub()})"
        if kind == 10:
            return f"{self.pick(['max', 'min'])}({sub()}, {sub()})"
        if kind == 11:
            return f"{self.pick(['len', 'sum'])}({self.a_list(names, depth + 1)})"
        if kind == 12:
            return self.pick(["count(bank, coin)", "size(bank)", "total", "active.purse.coin"])
        if kind == 13:
            return f"({sub()} + {self.pick(['true', '[1]', 'none'])})"  # a type error, now and then
        if kind == 14:
            return f"-{self.pick(leaves)}"
        return f"({self.a_list(names, depth + 1)} with most it)"  # none when the list is empty

    def yes_no(self, names: list[str], depth: int = 0) -> str:
        kind = self.draw(st.integers(0, 6))
        if kind == 0 or depth >= 2:
            return self.pick(["true", "false"])
        if kind <= 2:
            return f"({self.number(names, depth + 1)} {self.pick(['<', '<=', '==', '!=', '>', '>='])} " \
                   f"{self.number(names, depth + 1)})"
        if kind == 3:
            return f"({self.yes_no(names, depth + 1)} {self.pick(['and', 'or'])} {self.yes_no(names, depth + 1)})"
        if kind == 4:
            return f"not {self.yes_no(names, depth + 1)}"
        if kind == 5:
            return f"({self.number(names, depth + 1)} in {self.a_list(names, depth + 1)})"
        return f"h({self.number(names, depth + 1)})"

    def a_list(self, names: list[str], depth: int = 0) -> str:
        kind = self.draw(st.integers(0, 5))
        if kind <= 1 or depth >= 2:
            items = self.draw(st.lists(st.integers(0, 9), max_size=4))
            return "[" + ", ".join(map(str, items)) + "]"
        if kind == 2:
            return f"(0..{self.draw(st.integers(0, 5))})"
        if kind == 3:
            var = self.var()
            return f"[{self.number(names + [var], depth + 1)} for {var} in {self.a_list(names, depth + 1)}" \
                   f" if {self.yes_no(names + [var], depth + 1)}]"
        if kind == 4:
            return f"({self.a_list(names, depth + 1)} where it > {self.number(names, depth + 1)})"
        return f"({self.a_list(names, depth + 1)} ordered by {self.pick(['it', '0 - it'])}" \
               f"{self.pick(['', ' descending'])})"

    def var(self) -> str:
        self.fresh += 1
        return f"v{self.fresh}"

    def block(self, names: list[str], indent: int, depth: int, in_rule: bool) -> list[str]:
        lines: list[str] = []
        scope = list(names)
        for _ in range(self.draw(st.integers(1, 4))):
            lines += self.statement(scope, indent, depth, in_rule)
        return lines

    def statement(self, scope: list[str], indent: int, depth: int, in_rule: bool) -> list[str]:
        pad = "  " * indent
        kind = self.draw(st.integers(0, 15 if depth < 2 else 5))
        settable = [n for n in scope if not n.startswith("w")]  # loop counters are left alone
        if kind <= 1:
            name = self.pick(settable) if settable and self.draw(st.booleans()) else self.var()
            line = f"{pad}let {name} = {self.number(scope)}"
            if name not in scope:
                scope.append(name)
            return [line]
        if kind == 2 and settable:
            return [f"{pad}set {self.pick(settable)} = {self.number(scope)}"]
        if kind == 3:
            return [f"{pad}set total = total + {self.number(scope)}"]
        if kind == 4:
            return [f"{pad}say \"m\" with {self.number(scope)}, {self.yes_no(scope)}, {self.a_list(scope)}"]
        if kind == 5:
            who = "p" if in_rule else "active"
            return [f"{pad}move up to {self.number(scope)} {self.pick(['coin', 'gem'])} from bank to {who}.purse"]
        inner = indent + 1
        if kind in (6, 7):
            lines = [f"{pad}if {self.yes_no(scope)} {{"] + self.block(scope, inner, depth + 1, in_rule)
            if self.draw(st.booleans()):
                lines += [f"{pad}}} else {{"] + self.block(scope, inner, depth + 1, in_rule)
            return lines + [f"{pad}}}"]
        if kind == 8:
            var = self.var()
            return [f"{pad}for each {var} in {self.a_list(scope)} {{"] + \
                self.block(scope + [var], inner, depth + 1, in_rule) + [f"{pad}}}"]
        if kind == 9:
            return [f"{pad}repeat {self.draw(st.integers(0, 3))} times {{"] + \
                self.block(scope, inner, depth + 1, in_rule) + [f"{pad}}}"]
        if kind == 10:
            counter = "w" + self.var()
            return [f"{pad}let {counter} = 0", f"{pad}while {counter} < {self.draw(st.integers(0, 3))} {{",
                    f"{pad}  set {counter} = {counter} + 1"] + \
                self.block(scope + [counter], inner, depth + 1, in_rule) + [f"{pad}}}"]
        who = "p" if in_rule else "active"
        if kind == 12:
            lines = [f"{pad}ask {who} q{self.var()}: may {{"] + self.block(scope, inner, depth + 1, in_rule)
            if self.draw(st.booleans()):
                lines += [f"{pad}}} otherwise {{"] + self.block(scope, inner, depth + 1, in_rule)
            return lines + [f"{pad}}}"]
        if kind == 13:
            var = self.var()
            options = f"(0..{self.draw(st.integers(0, 3))}){self.pick(['', ' or pass'])}"
            return [f"{pad}ask {who} c{self.var()}: choose {var} from {options} {{"] + \
                self.block(scope + [var], inner, depth + 1, in_rule) + [f"{pad}}}"]
        if kind == 14:
            bundle = f"{{coin: {self.number(scope)}, gem: {self.draw(st.integers(0, 2))}}}"
            return [f"{pad}move {self.pick(['', 'up to '])}{bundle} from bank to {who}.purse",
                    f"{pad}move all {self.pick(['coin', 'gem', 'valuables'])} from {who}.purse to bank"]
        if kind == 15:
            return [f"{pad}say \"start\" with at_phase_start(count(bank, coin)), "
                    f"({self.a_list(scope)} with fewest 0 - it)"]
        if in_rule:
            return [f"{pad}say \"in rule\" with n"]
        return [f"{pad}do r({self.pick(['active', 'neighbour(active, left)'])}, {self.number(scope)})"]


@st.composite
def programs(draw) -> str:
    w = Writer(draw)
    funcs = [
        f"func f(x) = {w.number(['x'], 1)}",
        f"func g(x, y) = {w.number(['x', 'y'], 1)}",
        "func g1(x) = if x > 0 then g1(x - 1) + 1 else 0",  # recursive: called, not inlined
        f"func h(x) = {w.yes_no(['x'], 1)}",
    ]
    rule = ["rule r(p, n) {"] + w.block(["n"], 1, 1, in_rule=True) + ["}"]
    step = ['phase main "Main" {', "  step only {"] + w.block([], 2, 0, in_rule=False) + ["  }", "}"]
    return HEADER + "\n".join(funcs + rule + step) + "\n"


def play(definition, compiled: bool):
    log = GameLog(keep=True)
    game = new_game(definition, 2, 3, log=log, compiled=compiled, step_budget=20_000)
    try:
        game.header()
        game.setup()
        game.play_round()
        error = None
    except RuleRuntimeError as err:
        error = (type(err).__name__, err.code, err.line, err.message)
    return [dumps(r) for r in log.records], error


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_generated_code_and_tree_walker_agree_on_random_programs(text):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "prop"
        path.mkdir()
        (path / "game.rat").write_text(text)
        try:
            definition = load_rules(path)
        except RulesInvalid:
            return  # the checker turned it down: nothing to run
        generated = play(definition, compiled=True)
        reference = play(definition, compiled=False)
    if generated[1] and reference[1] and generated[1][1] == reference[1][1] == "R002":
        return  # both ran out of steps: the tree-walker notices inside the loop, generated code at it
    assert generated[1] == reference[1], text
    assert generated[0] == reference[0], text
