"""Writes the parser tables that ship with the package, next to grammar.lark:

* grammar.tables.json   the tables of the lean driver (lalr.py), which parses valid rule text;
* grammar.lark.pickle   Lark's own parser (`Lark.save`), which reports syntax errors.

Run it after every change to grammar.lark (tests/test_parser_tables.py fails until you do):

    python -m ratdsl.language.build_parser          # write both files
    python -m ratdsl.language.build_parser --check  # exit 1 if they are missing or out of date

Both are stamped with the grammar's SHA-256 (and the pickle with the Lark version, since only the
same version can read it). At runtime a file whose stamp does not match is ignored and Lark
compiles the grammar instead (see parser.py): slower, never wrong.
"""

from __future__ import annotations

import json
import pickle
import sys

from . import lalr
from .parser import LARK_FILE, LARK_OPTIONS, TABLES_FILE, grammar_digest, grammar_text, lark_stamp


def tables_json(data: dict) -> str:
    """The tables as JSON, one state, rule or lexer a line, so that a diff shows what changed."""
    lines = ["{"]
    items = list(data.items())
    for n, (key, value) in enumerate(items):
        comma = "," if n < len(items) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], (dict, list)):
            rows = [json.dumps(row, sort_keys=True) for row in value]
            lines.append(f"{json.dumps(key)}: [")
            lines += [f"  {row}," for row in rows[:-1]] + [f"  {rows[-1]}"]
            lines.append(f"]{comma}")
        else:
            lines.append(f"{json.dumps(key)}: {json.dumps(value, sort_keys=True)}{comma}")
    return "\n".join(lines + ["}"]) + "\n"


def tables_text(parser) -> str:
    """The text of grammar.tables.json for a Lark parser of the current grammar."""
    from lark import __version__

    header = {"generated_by": "python -m ratdsl.language.build_parser", "grammar_sha256": grammar_digest(),
              "lark": __version__}
    return tables_json(header | lalr.tables_from_lark(parser))


def build() -> None:
    from lark import Lark

    parser = Lark(grammar_text(), **LARK_OPTIONS)
    TABLES_FILE.write_text(tables_text(parser), "utf-8")
    with open(LARK_FILE, "wb") as f:
        f.write(pickle.dumps(lark_stamp()))
        parser.save(f)


def stale() -> list[str]:
    """The shipped files that are missing or were not made from the current grammar."""
    out = []
    try:
        tables = json.loads(TABLES_FILE.read_text("utf-8"))
        if tables.get("grammar_sha256") != grammar_digest() or tables.get("format") != lalr.FORMAT:
            out.append(TABLES_FILE.name)
    except (OSError, ValueError):
        out.append(TABLES_FILE.name)
    try:
        with open(LARK_FILE, "rb") as f:
            if pickle.load(f) != lark_stamp():
                out.append(LARK_FILE.name)
    except (OSError, pickle.PickleError, EOFError):
        out.append(LARK_FILE.name)
    return out


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        out = stale()
        for name in out:
            print(f"{name} is missing or out of date: run python -m ratdsl.language.build_parser")
        return 1 if out else 0
    if argv:
        print(__doc__)
        return 2
    build()
    print(f"wrote {TABLES_FILE.name} and {LARK_FILE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
