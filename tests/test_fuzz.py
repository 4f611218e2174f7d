"""Robustness: 3,250 generated and mutated rule files per suite run (10,600 under
RATDSL_FULL_CHECKS=1: tests/scale.py) go through the parser and the checker (and, when they parse,
the formatter). Never an uncaught exception; every syntax error
and every finding has a position, and no message shows a Lark terminal name. Then 300 (1,500)
mutated RatLand rule sets go on to the engine: each accepted one is played by the tree-walker and
the flat target, which must end the game alike or stop where the tree-walker stops
(test_mutated_rule_sets_play_alike_in_both_engines, cases in tests/fuzz_cases.py).

Inputs: windows of one to three declarations cut from every shipped rule file, mutated by
deleting, duplicating, swapping and replacing characters and tokens; random token sequences
over the grammar's vocabulary; and random ASTs printed by the formatter, then mutated.

The number of cases that ran is printed at the end of the session (a line starting "fuzz:").
"""

from __future__ import annotations

import re
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratdsl.checker import check_ruleset
from ratdsl.language import ast as A
from ratdsl.language import parse_text
from ratdsl.language.errors import RuleSyntaxError
from ratdsl.language.formatter import format_program, format_text
from ratdsl.language.loader import RuleSet
from ratdsl.language.parser import _parser

from .rat_strategies import decls
from .scale import cases

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "rules").rglob("*.rat"))
FILE = "<fuzz>"
# Lark's own names: anonymous terminals, the end marker, and upper-case terminal names.
LARK_NAMES = re.compile(r"__ANON|\$END|\b[A-Z][A-Z_]{2,}\b")
QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|`[^`\n]*`')

PLAN = {"mutated": cases(2000, 6500), "tokens": cases(1000, 3400), "generated": cases(250, 700)}
COUNTS: Counter[str] = Counter()
OUTCOMES: Counter[str] = Counter()
SECONDS: Counter[str] = Counter()
ENGINE_SUMMARY: list[str] = []  # the line of the engine-reaching fuzz test, printed at the end


# ---------------------------------------------------------------- inputs
def windows() -> list[str]:
    """Texts of one to three consecutive declarations of every shipped rule file."""
    out = []
    for path in SHIPPED:
        text = path.read_text("utf-8")
        lines = text.split("\n")
        decls = parse_text(text, str(path)).decls
        for size in (1, 2, 3):
            for i in range(0, max(0, len(decls) - size + 1)):
                first, last = decls[i], decls[i + size - 1]
                out.append("\n".join(lines[first.span.line - 1:last.span.end_line]) + "\n")
    return sorted(set(out))


WINDOWS = windows()
TOKEN = re.compile(r'\s+|"(?:[^"\\\n]|\\.)*"?|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|\.\.|->|[=!<>]=|.', re.S)


def vocabulary() -> list[str]:
    words = []
    for term in _parser().terminals:
        if type(term.pattern).__name__ == "PatternStr":
            words.append(term.pattern.value)
    return sorted(set(words)) + [
        "x", "it", "players", "p", "zone_a", "Kind", "12", "0", "007", '"text"', '"unclosed', '""',
        '"esc\\"aped"', "# note", "or pass", "==", "!=", "<=", ">", "&&", "@", "'", ";", "\\", "é", "\t",
        "\r", "\x0c", "\n", " ", "  ", "\n\n"]


VOCABULARY = vocabulary()
CHARS = st.sampled_from(list("{}()[],.:=<>!+-*/%#\"'\\ \n\tabcxyz019_é@&;\r"))


@st.composite
def mutated(draw, base: str) -> str:
    """`base` with one to four mutations of characters or tokens."""
    text = base
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["del_char", "dup_char", "swap_char", "ins_char",
                                   "del_tok", "dup_tok", "swap_tok", "ins_tok", "repl_tok"]))
        if op.endswith("char"):
            if not text:
                text = draw(CHARS)
                continue
            i = draw(st.integers(0, len(text) - 1))
            if op == "del_char":
                text = text[:i] + text[i + 1:]
            elif op == "dup_char":
                text = text[:i] + text[i] + text[i:]
            elif op == "swap_char" and i + 1 < len(text):
                text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
            else:
                text = text[:i] + draw(CHARS) + text[i:]
        else:
            tokens = [t for t in TOKEN.findall(text)]
            if not tokens:
                tokens = [""]
            i = draw(st.integers(0, len(tokens) - 1))
            if op == "del_tok":
                del tokens[i]
            elif op == "dup_tok":
                tokens.insert(i, tokens[i])
            elif op == "swap_tok":
                j = draw(st.integers(0, len(tokens) - 1))
                tokens[i], tokens[j] = tokens[j], tokens[i]
            elif op == "ins_tok":
                tokens.insert(i, " " + draw(st.sampled_from(VOCABULARY)) + " ")
            else:
                tokens[i] = draw(st.sampled_from(VOCABULARY))
            text = "".join(tokens)
    return text


token_sequences = st.lists(st.sampled_from(VOCABULARY), max_size=40).flatmap(
    lambda words: st.lists(st.sampled_from([" ", "", "\n", "  "]), min_size=len(words), max_size=len(words))
    .map(lambda seps: "".join(w + s for w, s in zip(words, seps))))


# ---------------------------------------------------------------- one case
def ruleset_of(program: A.Program) -> RuleSet:
    game = next((d for d in program.decls if isinstance(d, A.Game)), None)
    if game is None:
        game = A.Game("fuzz", "Fuzz", 2, 4, "clockwise", span=A.Span(FILE, 1, 1, 1, 2))
    rules = RuleSet(game=game, decls=list(program.decls), root=ROOT / "tests")
    rules.option_overrides = {d.name: (d.value, d.span) for d in program.decls if isinstance(d, A.SetOption)}
    return rules


def assert_designer_words(message: str | None) -> None:
    if message:
        bare = QUOTED.sub("", message)
        assert not LARK_NAMES.search(bare), f"a Lark name in: {message}"


def run_case(kind: str, text: str, format_it: bool = True) -> None:
    started = time.perf_counter()
    COUNTS[kind] += 1
    try:
        program = parse_text(text, FILE)
    except RuleSyntaxError as err:
        OUTCOMES["syntax error"] += 1
        assert err.line >= 1 and err.column >= 1, err.render()
        assert re.fullmatch(r"E0\d\d", err.code), err.code
        rendered = err.render()
        assert rendered.startswith(f"{FILE}:{err.line}:{err.column}: {err.code} ")
        if err.line <= text.count("\n") + 1:
            assert "^" in rendered, rendered
        assert_designer_words(err.message)
        assert_designer_words(err.hint)
        SECONDS[kind] += time.perf_counter() - started
        return
    findings = check_ruleset(ruleset_of(program))
    OUTCOMES["parsed, with findings" if findings else "parsed, clean"] += 1
    for d in findings:
        assert d.line >= 1 and d.column >= 1, d.render()
        assert re.fullmatch(r"[EW]\d{3}", d.code), d.code
        d.render()
    if format_it:
        formatted = format_text(text, FILE)  # verifies: same AST, same comments
        assert format_text(formatted, FILE) == formatted
    SECONDS[kind] += time.perf_counter() - started


# ---------------------------------------------------------------- the tests
def _settings(n: int):
    return settings(max_examples=n, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


class _Summary:
    """Prints the fuzz figures at the end of the session, with or without -s."""

    def pytest_terminal_summary(self, terminalreporter):
        for line in ENGINE_SUMMARY:
            terminalreporter.write_line(line)
        total = sum(COUNTS.values())
        if not total:
            return
        parts = ", ".join(f"{n} {k}" for k, n in sorted(COUNTS.items()))
        outcomes = ", ".join(f"{n} {k}" for k, n in sorted(OUTCOMES.items()))
        seconds = sum(SECONDS.values())
        terminalreporter.write_line(f"fuzz: {total} rule files through parser and checker ({parts}); "
                                    f"{outcomes}; {seconds:.1f} s in the cases")


@pytest.fixture(scope="module", autouse=True)
def fuzz_summary(request):
    manager = request.config.pluginmanager
    if not manager.has_plugin("ratdsl-fuzz-summary"):
        manager.register(_Summary(), "ratdsl-fuzz-summary")
    yield


def test_windows_cover_every_shipped_file():
    assert len(WINDOWS) >= len(SHIPPED)


def run_enough(kind: str, fuzz) -> None:
    """Runs a Hypothesis fuzz test and checks that it ran its planned cases (Hypothesis may stop a
    little short of max_examples, never far: a strategy that filters everything out would)."""
    before = COUNTS[kind]
    fuzz()
    assert COUNTS[kind] - before >= PLAN[kind] * 94 // 100, (kind, COUNTS[kind] - before, PLAN[kind])


@_settings(PLAN["mutated"])
@given(st.sampled_from(WINDOWS).flatmap(mutated))
def mutated_shipped_rules(text):
    run_case("mutated", text)


@_settings(PLAN["tokens"])
@given(token_sequences)
def random_token_sequences(text):
    run_case("tokens", text)


@_settings(PLAN["generated"])
@given(st.lists(decls, min_size=1, max_size=2).map(lambda ds: format_program(A.Program(tuple(ds))))
       .flatmap(lambda text: st.just(text) | mutated(text)))
def generated_programs(text):
    run_case("generated", text)


@pytest.mark.slow
def test_mutated_shipped_rules():
    run_enough("mutated", mutated_shipped_rules)


@pytest.mark.slow
def test_random_token_sequences():
    run_enough("tokens", random_token_sequences)


@pytest.mark.slow
def test_generated_programs():
    run_enough("generated", generated_programs)


# ---------------------------------------------------------------- reaching the engine
# Mutated rule sets of the three games that are parsed, checked and, when accepted, played by both
# engines (tests/fuzz_cases.py; benchmarks/fuzz.py runs 100,000 of them). 28 seeded ones here (about a
# third per game), 1,500 under RATDSL_FULL_CHECKS=1.
ENGINE_CASES = cases(28, 1500)
ENGINE_SEED = 16
# Bad outcomes the current code is known to give, by signature (fuzz_cases.Result.signature),
# each reported in an issue. A fix makes its entry unnecessary: remove
# it then. Anything not listed fails the test.
KNOWN_FINDINGS: dict[str, str] = {}  # signature -> why it is still accepted; empty: none is


@pytest.mark.slow
def test_mutated_rule_sets_play_alike_in_both_engines():
    from . import fuzz_cases as F

    # A generous time limit: a shared CI machine must not turn a slow case into a "hang"; cases
    # that really hang run into it all the same (benchmarks/fuzz.py uses 5 s).
    run = F.run_cases(ENGINE_SEED, range(ENGINE_CASES), workers=2, time_limit=30.0)
    counts = ", ".join(f"{o} {run.counts[o]}" for o in F.OUTCOMES)
    slow = ", ".join(f"{i} {t:.1f} s" for t, i, _ in run.slowest[:3])
    flat = ", ".join(f"{k} {n}" for k, n in sorted(run.flat.items()))
    line = (f"fuzz (engine): {run.cases} mutated rule sets in {run.seconds:.0f} s: {counts}; {run.played} played; "
            f"on the flat target: {flat}; slowest cases {slow}")
    ENGINE_SUMMARY.append(line)
    print(line)
    assert run.cases == ENGINE_CASES
    assert run.played >= 0.3 * run.cases, counts
    assert run.flat["played"] + run.flat["stopped"] >= 0.2 * run.cases, run.flat  # (the compiler played them too)
    unknown = [(i, r) for i, r in run.bad if r.signature not in KNOWN_FINDINGS]
    kinds = Counter(f"{r.outcome}: {r.signature}" for _, r in unknown)
    cases = [f"{F.make_case(ENGINE_SEED, i).describe()}\n{r.outcome}: {r.signature}\n{r.detail}"
             for i, r in unknown[:5]]
    assert not unknown, ", ".join(f"{n} x {k}" for k, n in kinds.items()) + "\n\n" + "\n\n".join(cases)


FAST_PATH_CASES = cases(8, 90)


def test_reusing_the_shipped_files_trees_gives_each_case_its_outcome(monkeypatch):
    """fuzz_cases.mutated puts the parser's tree of a case's shipped file back when the case is
    done, so that the next case of that game parses only its own mutated file: the same cases
    played once so and once with the parser's cache emptied before each (every file parsed from
    its text) give the same results, with fewer parses."""
    from ratdsl.language import parser

    from . import fuzz_cases as F

    parses = Counter()
    real = parser.parse_text

    def counted(text, file="<string>"):
        parses[mode] += 1
        return real(text, file)

    monkeypatch.setattr(parser, "parse_text", counted)
    monkeypatch.setenv("RATDSL_CACHE_DIR", "")  # (as the workers: no parse comes from the disk)
    ws = F.Workspace()
    try:
        seen = {}
        for mode in ("plain", "fast"):
            for index in range(FAST_PATH_CASES):
                if mode == "plain":
                    parser._PARSED.clear()
                    F._ORIGINALS.clear()
                r = F.run_case(F.make_case(ENGINE_SEED, index), ws)
                got = (r.outcome, r.detail, r.players, r.signature, r.flat, r.flat_refusal)
                assert seen.setdefault(index, got) == got, (index, seen[index], got)
    finally:
        ws.close()
    assert {o for o, *_ in seen.values()} >= {"ok", "finding"}
    assert parses["fast"] < parses["plain"] - FAST_PATH_CASES, parses


def test_engine_cases_are_rebuilt_from_seed_and_index():
    """A reproducer is just (seed, index): the same pair gives the same mutated file."""
    from . import fuzz_cases as F

    texts = [F.make_case(7, i).text() for i in range(40)]
    assert texts == [F.make_case(7, i).text() for i in range(40)]
    cases = [F.make_case(7, i) for i in range(40)]
    assert sum(t != F.corpus(c.game).sources[c.file].text for c, t in zip(cases, texts)) >= 35
    assert {c.game for c in cases} == set(F.GAMES)  # (every game has its cases)


def test_the_reference_outcome_tells_ok_errors_and_crashes_apart():
    """The oracle's first half: the tree-walker's game is ok, a rule's error or a crash (the flat
    target is then held to it: tests/fuzz_flat.py)."""
    from . import fuzz_cases as F

    log = ['{"t":"game"}', '{"t":"move"}']
    assert F._outcome((log, None), 2).outcome == "ok"
    stopped = F._outcome((log, ("rule", "R001", "round.rat:3:5", "no")), 2)
    assert stopped.outcome == "rule_error" and "round.rat:3:5: R001 no" in stopped.detail
    crashed = F._outcome((log, ("crash", "KeyError: 'x'", "KeyError")), 2)
    assert crashed.outcome == "crash" and crashed.signature == "tree-walker: KeyError"


def test_a_case_over_the_time_limit_is_a_hang_and_the_run_goes_on():
    from . import fuzz_cases as F

    run = F.run_cases(ENGINE_SEED, range(2), workers=1, time_limit=0.001)
    assert run.counts["hang"] == 2 and run.cases == 2


def test_a_hang_is_processor_time_not_a_worker_kept_waiting(monkeypatch):
    """A case whose worker waits (a starved worker: other work on the machine) is no hang until it
    has waited WALL_SLACK times the limit; one that works past the limit is one (the workers are
    forked: they run the patched run_case)."""
    import time as clock

    from . import fuzz_cases as F

    def waits(case, ws, only=None):
        clock.sleep(0.6)  # (wall time, no processor time)
        return F.Result("ok", "", 2)

    def works(case, ws, only=None):
        end = clock.process_time() + 0.6
        while clock.process_time() < end:
            pass
        return F.Result("ok", "", 2)

    monkeypatch.setattr(F, "run_case", waits)
    assert F.run_cases(ENGINE_SEED, range(2), workers=1, time_limit=0.2).counts == {"ok": 2}
    monkeypatch.setattr(F, "run_case", works)
    assert F.run_cases(ENGINE_SEED, range(1), workers=1, time_limit=0.2).counts == {"hang": 1}
