"""The parser builds the same AST, with the same spans, and the same syntax errors as recorded in
`tests/golden/parser.json`: on a frozen copy of every rule file of the time it was recorded, and
on mutated texts and token sequences made from those by a seeded generator.

The file holds those texts and a digest of what the parser made of each (the AST as JSON with
spans, or the rendered RuleSyntaxError). It was recorded from the hand-written LALR driver that
parsed valid text until Lark's own parser replaced it (the driver was itself checked against
Lark's parser on every rule file and on mutated texts), so it shows that the switch changed
nothing; from then on, a change of Lark, of the grammar or of the tree-to-AST pass that changes a
node, a span or a message fails here. If the change is meant, record the file again, from the
repository root:

    python -m tests.test_parser_golden

or, to keep the frozen texts and record only what the parser now makes of them (a message
changed on purpose), `python -m tests.test_parser_golden --outcomes`.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from functools import lru_cache
from pathlib import Path

from ratdsl.language import ast as A
from ratdsl.language import parse_text
from ratdsl.language.errors import RuleSyntaxError

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "parser.json"
FILE = "<golden>"
MUTATED, SEQUENCES = 1200, 400
EDGE_CASES = ["", "\n", "# only a comment\n", "const n = 1", "   const n = (1)  \n", "rule r() {\n}\n", 'say "x"',
              "const n = 1 +", "const n = ((1 + 2) * 3)\n", "const\tn\r\n=\x0c1\n",
              "rule r() { ask p q: choose x from y or  pass { } }\n", 'rule r() { say "a\\"b" with 1, 2 }\n', "é"]
TOKEN = re.compile(r'\s+|"(?:[^"\\\n]|\\.)*"?|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|\.\.|->|[=!<>]=|.', re.S)
ODD = ["&&", "@", "'", ";", "\\", "é", "\t", "\r", "\x0c", "\n", " ", '"unclosed', '""', '"esc\\"aped"', "# note"]


def made_of(text: str) -> str:
    """What the parser makes of `text`: its AST as JSON with spans, or its syntax error."""
    try:
        return json.dumps(A.to_json(parse_text(text, FILE)), sort_keys=True)
    except RuleSyntaxError as err:
        return "error: " + err.render()


def outcome(text: str) -> str:
    """A digest of `made_of(text)`."""
    return hashlib.sha256(made_of(text).encode("utf-8")).hexdigest()[:16]


# ---------------------------------------------------------------- the texts, from the frozen files
def _declarations(text: str) -> list[str]:
    """`text` cut before every line that starts at the left margin with neither "}" nor "#"."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if line[:1] not in ("", " ", "\t", "}", "#")] or [0]
    return ["\n".join(lines[a:b]) + "\n" for a, b in zip(starts, starts[1:] + [len(lines)])]


def _mutate(rng: random.Random, text: str, vocabulary: list[str]) -> str:
    """`text` with one to four characters or tokens deleted, doubled, swapped, inserted or replaced."""
    chars = list("{}()[],.:=<>!+-*/%#\"'\\ \n\tabcxyz019_é@&;\r")
    for _ in range(rng.randint(1, 4)):
        op = rng.choice(["del", "dup", "swap", "ins", "repl"])
        if rng.random() < 0.5:
            pieces = list(text)
            extra = rng.choice(chars)
        else:
            pieces = TOKEN.findall(text)
            extra = rng.choice(vocabulary)
        if not pieces:
            text = extra
            continue
        i = rng.randrange(len(pieces))
        if op == "del":
            del pieces[i]
        elif op == "dup":
            pieces.insert(i, pieces[i])
        elif op == "swap":
            j = rng.randrange(len(pieces))
            pieces[i], pieces[j] = pieces[j], pieces[i]
        elif op == "ins":
            pieces.insert(i, extra)
        else:
            pieces[i] = extra
        text = "".join(pieces)
    return text


def generated_texts(files: dict[str, str]) -> list[str]:
    """Mutated windows of one to three declarations and random token sequences, the same on every run."""
    rng = random.Random(20240611)
    decls = [decl for name in sorted(files) for decl in _declarations(files[name])]
    vocabulary = sorted({t for name in sorted(files) for t in TOKEN.findall(files[name]) if t.strip()} | set(ODD))
    texts = []
    for _ in range(MUTATED):
        start = rng.randrange(len(decls))
        window = "".join(decls[start:start + rng.randint(1, 3)])
        texts.append(_mutate(rng, window, vocabulary))
    for _ in range(SEQUENCES):
        words = [rng.choice(vocabulary) for _ in range(rng.randint(0, 40))]
        texts.append("".join(w + rng.choice([" ", "", "\n", "  "]) for w in words))
    return texts


@lru_cache(maxsize=1)
def golden() -> dict:
    return json.loads(GOLDEN.read_text("utf-8"))


def _generated_cases() -> list[tuple[str, str]]:
    data = golden()
    texts = EDGE_CASES + generated_texts({name: entry["text"] for name, entry in data["files"].items()})
    return list(zip(texts, data["generated"], strict=True))


# ---------------------------------------------------------------- the tests
def test_every_rule_file_parses_as_before():
    files = golden()["files"]
    assert len(files) >= 30
    different = [name for name, entry in sorted(files.items()) if outcome(entry["text"]) != entry["outcome"]]
    assert not different, f"these files parse differently: {different}; the first now makes " \
        f"{made_of(files[different[0]]['text'])[:2000]}"


def test_mutated_texts_and_token_sequences_parse_as_before():
    cases = _generated_cases()
    different = [text for text, expected in cases if outcome(text) != expected]
    assert not different, f"{len(different)} of {len(cases)} texts parse differently, the first: " \
        f"{different[0]!r}, which now makes {made_of(different[0])[:2000]}"


def test_the_generated_texts_are_both_valid_and_broken():
    """The texts exercise both the AST builder and the syntax errors."""
    parsed = 0
    for text, _ in _generated_cases():
        try:
            parse_text(text, FILE)
            parsed += 1
        except RuleSyntaxError:
            pass
    assert 50 < parsed < MUTATED + SEQUENCES - 500, parsed


def record() -> None:
    """Writes tests/golden/parser.json from the rule files as they are now and the current parser."""
    paths = sorted(p for folder in ("rules", "tests", "docs") for p in (ROOT / folder).rglob("*.rat"))
    files = {str(p.relative_to(ROOT)): p.read_text("utf-8") for p in paths}
    data = {"files": {name: {"text": text, "outcome": outcome(text)} for name, text in files.items()},
            "generated": [outcome(text) for text in EDGE_CASES + generated_texts(files)]}
    GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")


def record_outcomes() -> None:
    """Writes the outcomes again for the frozen texts as they are (a meant change of a message),
    keeping the texts: the file set of the time it was recorded stays the one tested."""
    data = golden()
    for entry in data["files"].values():
        entry["outcome"] = outcome(entry["text"])
    data["generated"] = [outcome(text) for text, _ in _generated_cases()]
    GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    import sys

    record_outcomes() if sys.argv[1:] == ["--outcomes"] else record()
    print(f"wrote {GOLDEN.relative_to(ROOT)}")
