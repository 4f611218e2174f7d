"""Limits in the language front end (issue 16): one rule file may not exhaust the parser, the
checker, the formatter, the caches or the compiler.

* Nesting stops at MAX_NESTING levels, checked once after parsing (E012). The deepest program of
  each shape goes through every later stage (parse cache, resolver, checker, formatter, `ratdsl
  ast`, summary, the tree-walker, and the flat target, which plays it as the tree-walker does or
  refuses it, never crashing on Python's own limits: 20 nested blocks, 100 levels of
  indentation); one level more is a one-line positioned error from every command.
* Whole numbers have at most 18 digits (E013); the player range is 1 to 100 and not empty
  (E226-E228); did-you-mean hints do bounded work; the in-process parse cache is bounded.
"""

from __future__ import annotations

import ast
import difflib
import pickle
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.checker.hints import MAX_COMPARISONS, Candidates, Hints
from ratdsl.cli.main import app
from ratdsl.engine.log import GameLog, dumps
from ratdsl.language import parse_file, parse_text, parser
from ratdsl.language.ast_schema import export, validate_export
from ratdsl.language.errors import RuleSyntaxError
from ratdsl.language.formatter import format_text
from ratdsl.language.limits import MAX_INT_DIGITS, MAX_NESTING
from ratdsl.session import RulesInvalid, load_rules, new_game

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "broken" / "tiny"

GAME = """game deep "Deep" {
  players 2..3
}
tokens red
zone stock
per player zone hand
var x = 0
setup {
  step fill "Fill" {
    create {red: 10} in stock
  }
}
round main
phase main "Main" {
  step s "S" {
    let total = 0
BODY
    say "total" with total
    set x = total
    end game
  }
}
scoring p {
  score = x
}
"""

# Levels above the body of a shape: phase, step, and the statement a shape's body sits in.
# Each shape below writes a program whose deepest node is at `levels(n)` for a size n.


def nested_for(n: int) -> str:
    """n loops, each in the one before, setting a local of the step from the innermost."""
    heads = "".join(f"for each v{i} in [1, 2] {{\n" if i == 0 else f"for each v{i} in [1] {{\n"
                    for i in range(n - 1))
    return heads + "let inner = v0 * 2\nsay \"inner\" with inner\nset total = total + v0\n" + "}\n" * (n - 1)


def nested_if(n: int) -> str:
    return "if x == 0 {\n" * (n - 1) + "set total = total + 1\nsay \"deep\" with total\n" + "}\n" * (n - 1)


def else_if_chain(n: int) -> str:
    return "if x == 1 {\n set total = 1\n}" + "".join(
        f" else if x == {i} {{\n set total = {i}\n}}" for i in range(2, n)) + " else {\n set total = 7\n}\n"


def plus_chain(n: int) -> str:
    return "set total = " + " + ".join(["1"] * (n - 1)) + "\n"


def negations(n: int) -> str:
    return "set total = " + "-(" * (n - 3) + "5" + ")" * (n - 3) + "\n"


def if_expressions(n: int) -> str:
    return "set total = " + "if x == 0 then (" * (n - 3) + "3" + ") else 0" * (n - 3) + "\n"


def comprehensions(n: int) -> str:
    inner = "[" * (n - 3) + "total + 1"
    for i in range(n - 3):
        inner += f" for v{i} in [1]]"
    return f"let y = {inner}\nsay \"y\" with y\n"


def loops_around_an_inlined_rule(n: int) -> str:
    return nested_for(n).replace("set total = total + v0", "do bump(v0)")


SHAPES = {"for": nested_for, "if": nested_if, "else if": else_if_chain, "plus": plus_chain,
          "neg": negations, "if then else": if_expressions, "comprehension": comprehensions,
          "inlined rule": loops_around_an_inlined_rule}
EXTRA = {"inlined rule": "rule bump(k) {\n  for each w in [1] {\n    set x = x + k\n  }\n}\n"}


def program(shape: str, n: int) -> str:
    return GAME.replace("BODY", SHAPES[shape](n)) + EXTRA.get(shape, "")


def deepest(shape: str) -> int:
    """The largest size of a shape that the parser accepts (the next one is refused with E012)."""
    n = 2
    while True:
        try:
            parse_text(program(shape, n + 1), "x.rat")
        except RuleSyntaxError as err:
            assert err.code == "E012", err
            return n
        n += 1


def write(tmp_path: Path, text: str, name: str = "deep") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "game.rat").write_text(text, "utf-8")
    return folder


def play(definition) -> list[str]:
    log = GameLog(keep=True)
    new_game(definition, 2, 1, log=log).play()
    return [dumps(r) for r in log.records]


def flat_plays_alike_or_refuses(definition) -> str:
    """The flat target plays the game as the tree-walker does (its result), or refuses the rules
    (Unsupported, e.g. blocks nested past Python's limit): "played" or "refused", never a crash."""
    from ratdsl.agents.random_agent import random_agents
    from ratdsl.engine.flat.game import FlatModule, flat_module, play_module

    m = flat_module(definition, 2)
    if not isinstance(m, FlatModule):
        return "refused"
    blocks, indent = python_nesting(m.source)
    assert blocks < 20 and indent < 100
    reference = new_game(definition, 2, 1, agents=random_agents(1, 2)).play()
    assert play_module(m, 1, random_agents(1, 2)) == reference
    return "played"


def python_nesting(source: str) -> tuple[int, int]:
    """The most statically nested blocks in one function, and the deepest indentation, of
    generated Python source."""
    blocks = (ast.For, ast.While, ast.Try, ast.With)
    deepest_blocks = 0
    todo = [(ast.parse(source), 0)]
    while todo:
        node, depth = todo.pop()
        for child in ast.iter_child_nodes(node):
            inner = 0 if isinstance(child, (ast.FunctionDef, ast.Lambda)) else depth + isinstance(child, blocks)
            deepest_blocks = max(deepest_blocks, inner)
            todo.append((child, inner))
    indent = max((len(line) - len(line.lstrip(" "))) // 4 for line in source.splitlines() if line.strip())
    return deepest_blocks, indent


# ------------------------------------------------------------------ nesting
@pytest.mark.parametrize("shape", SHAPES)
def test_the_deepest_allowed_program_of_each_shape_goes_through_every_stage(tmp_path, monkeypatch, shape):
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(tmp_path / "cache"))
    n = deepest(shape)
    assert n >= MAX_NESTING - 8  # each shape reaches (nearly) the limit
    folder = write(tmp_path, program(shape, n))
    file = folder / "game.rat"
    parser._PARSED.clear()
    first = parse_file(file)  # parsed, and stored as a pickle in the cache
    parser._PARSED.clear()
    assert parse_file(file) == first  # read back from the cache
    pickle.loads(pickle.dumps(first))
    text = file.read_text("utf-8")
    assert format_text(format_text(text, str(file)), str(file)) == format_text(text, str(file))
    validate_export(export(first, str(file)))
    definition = load_rules(folder)  # resolver and checker: no finding
    from ratdsl.summaries import summarize, to_markdown

    assert to_markdown(summarize(definition, "en"))
    assert any('"total"' in line for line in play(definition))
    flat_plays_alike_or_refuses(definition)
    for args in (["check", str(folder)], ["ast", str(file)], ["summary", str(folder)],
                 ["run", str(folder), "-p", "2", "-q"]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, (args, result.output)


def test_deep_loops_set_the_locals_around_them(tmp_path):
    definition = load_rules(write(tmp_path, program("for", deepest("for"))))
    log = GameLog(keep=True)
    new_game(definition, 2, 1, log=log).play()
    said = [(r["msg"], r["args"]) for r in log.records if r["t"] == "say"]
    assert said == [("inner", [2]), ("inner", [4]), ("total", [3])]


@pytest.mark.parametrize("shape", SHAPES)
def test_one_level_more_is_a_positioned_error_from_every_command(tmp_path, shape):
    folder = write(tmp_path, program(shape, deepest(shape) + 1))
    file = folder / "game.rat"
    runner = CliRunner()
    for args in (["check", str(folder)], ["run", str(folder), "-p", "2"], ["fmt", "--check", str(file)],
                 ["ast", str(file)], ["summary", str(folder)]):
        result = runner.invoke(app, args)
        out = result.output
        assert result.exit_code == (2 if args[0] == "fmt" else 1), (args, out)  # fmt: 2, could not format
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, out)
        assert f"{file}:" in out and f"E012 this is nested too deeply: expressions and statements may be " \
            f"nested at most {MAX_NESTING} deep" in out, (args, out)
        assert "Traceback" not in out


def test_the_command_line_in_its_own_process_gives_one_line_not_a_traceback(tmp_path):
    folder = write(tmp_path, program("plus", 400))
    result = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "run", str(folder), "-p", "2"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 1
    assert "E012" in result.stderr.splitlines()[0] and "Traceback" not in result.stderr


def test_nesting_is_checked_without_recursion_however_deep(tmp_path):
    for text in ("const a = " + "-(" * 5000 + "1" + ")" * 5000, "const a = " + " + ".join(["1"] * 20000)):
        with pytest.raises(RuleSyntaxError) as err:
            parse_text(text, "x.rat")
        assert err.value.code == "E012" and err.value.line == 1


def test_blocks_add_no_level_of_their_own():
    inside = "rule r() {\n" + "if true {\n" * (MAX_NESTING - 2) + "end game\n" + "}\n" * (MAX_NESTING - 2) + "}\n"
    parse_text(inside, "x.rat")  # rule 1, ifs 2..63, `end game` 64
    with pytest.raises(RuleSyntaxError):
        parse_text(inside.replace("end game", "if true {\nend game\n}"), "x.rat")


def test_a_long_and_chain_and_many_instead_hooks_keep_compiled_code_shallow(tmp_path):
    chain = "if " + " and ".join(["x == 0"] * 300) + " {\n set total = 1\n}\n" \
        + "if " + " or ".join(["x == 1"] * 300) + " {\n set total = 2\n}\n" + "do r()\n"
    hooks = "rule r() {\n  set x = 5\n}\n" + "".join(
        f"instead of r() if x == {i} {{\n  set x = {i + 1}\n}}\n" for i in range(150))
    definition = load_rules(write(tmp_path, GAME.replace("BODY", chain) + hooks))
    assert play(definition)
    assert flat_plays_alike_or_refuses(definition) == "played"


# ------------------------------------------------------------------ whole numbers
def test_a_whole_number_of_19_digits_is_a_positioned_error():
    big = "1" + "0" * MAX_INT_DIGITS
    with pytest.raises(RuleSyntaxError) as err:
        parse_text(f"const a = 1\nconst b = 2 * {big}\n", "x.rat")
    e = err.value
    assert (e.code, e.line, e.column, e.end_column) == ("E013", 2, 15, 15 + len(big))
    assert "10^18" in e.message
    parse_text(f"const a = {'9' * MAX_INT_DIGITS}\nconst b = 000000000000000000000001\n", "x.rat")


@pytest.mark.parametrize("text", [
    "const a = " + "7" * 5000,  # Python itself refuses to read more than 4,300 digits
    'game g "G" {\n  players 2..' + "9" * 30 + "\n}\n",
    "table t(n) {\n  " + "1" * 19 + " -> 1\n  otherwise -> 0\n}\n",
    'option o in {1, ' + "2" * 25 + "} = 1\n",
])
def test_every_place_a_whole_number_is_written_is_bounded(text):
    with pytest.raises(RuleSyntaxError) as err:
        parse_text(text, "x.rat")
    assert err.value.code == "E013" and err.value.line >= 1


# ------------------------------------------------------------------ player range
@pytest.mark.parametrize("players, codes", [
    ("2..100000000", ["E227"]), ("99999..4", ["E228"]), ("0..1000", ["E226", "E227"]), ("0..3", ["E226"]),
    ("5..2", ["E228"]),
    ("-1..0", None), ("1..100", []), ("1..1", []),
])
def test_the_player_range_is_1_to_100_and_not_empty(tmp_path, players, codes):
    folder = tmp_path / "g"
    shutil.copytree(TINY, folder)
    game = folder / "game.rat"
    game.write_text(game.read_text("utf-8").replace("players 2..4", f"players {players}"), "utf-8")
    if codes is None:  # no negative numbers in a header: a syntax error
        with pytest.raises(RuleSyntaxError):
            load_rules(folder)
        return
    if not codes:
        load_rules(folder)
        return
    with pytest.raises(RulesInvalid) as err:
        load_rules(folder)
    found = sorted(d.code for d in err.value.diagnostics)
    assert found == codes
    assert all((d.line, d.column) == (4, 3) for d in err.value.diagnostics)  # at `players ...`


def test_a_huge_player_range_stops_before_any_table_is_built(tmp_path):
    folder = tmp_path / "g"
    shutil.copytree(TINY, folder)
    game = folder / "game.rat"
    game.write_text(game.read_text("utf-8").replace("players 2..4", "players 2..100000000"), "utf-8")
    for args in (["run", str(folder), "-p", "2"], ["run", str(folder), "-p", "0"]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 1 and "E227 a game is for at most 100 players" in result.output


# ------------------------------------------------------------------ hints
def test_hints_are_the_ones_difflib_gives():
    rng = random.Random(7)
    words = ["".join(rng.choice("abcdeor_") for _ in range(rng.randint(1, 12))) for _ in range(400)]
    hints, known = Hints(budget=10**9), Candidates(words)
    for name in words[:200] + ["abc", "zzz", "", "x" * 30]:
        expected = difflib.get_close_matches(name + "q", sorted(set(words)), n=1)
        got = hints.hint(name + "q", known)
        assert got == (f"did you mean {expected[0]!r}?" if expected else None)


def test_thousands_of_unknown_names_make_a_bounded_number_of_comparisons(tmp_path):
    n = 3000
    decls = "".join(f"const value_{i} = {i}\n" for i in range(n))
    body = "".join(f"set total = valeu_{i}\n" for i in range(n))
    folder = write(tmp_path, GAME.replace("BODY", body) + decls)
    from ratdsl.checker.checker import Checker
    from ratdsl.language.loader import load

    checker = Checker(load(folder))
    found = checker.run()
    assert sum(1 for d in found if d.code == "E202") == n
    assert checker.hints.comparisons <= MAX_COMPARISONS
    first = next(d for d in found if d.code == "E202")
    assert first.hint == "did you mean 'value_0'?"  # the first ones still get their hint


# ------------------------------------------------------------------ parse cache
def test_the_in_process_parse_cache_keeps_one_entry_per_file_and_a_bounded_number_of_files(tmp_path, monkeypatch):
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")
    parser._PARSED.clear()
    file = tmp_path / "edited.rat"
    for i in range(300):
        file.write_text(f"const a = {i}\n", "utf-8")
        assert parse_file(file).decls[0].value.value == i
    assert len(parser._PARSED) == 1
    for i in range(parser.MAX_PARSED_FILES + 20):
        other = tmp_path / f"f{i}.rat"
        other.write_text(f"const a = {i}\n", "utf-8")
        parse_file(other)
    assert len(parser._PARSED) == parser.MAX_PARSED_FILES
    parser._PARSED.clear()
