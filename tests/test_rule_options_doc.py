"""docs/rule-options.md says exactly what the rule files of RatLand declare: every option, the file
that declares it, its default and its other values, in the index table and in the `Values` line
of the option's own section, both ways (an option missing from the doc fails, and so does a value
the rules do not allow). Fixed readings are not options, and a `NAME=VALUE` written anywhere in
the doc names an option and one of its values."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from ratdsl.session import load_rules

from .conftest import ROOT

DOC = ROOT / "docs" / "rule-options.md"
GAME = ROOT / "rules" / "ratland"
TICKED = re.compile(r"`([^`]+)`")
SETTING = re.compile(r"`([a-z_0-9]+)=([a-z_0-9]+)`")


@lru_cache(maxsize=1)
def declared() -> dict[str, tuple[str, str, frozenset[str]]]:
    """Every option of the game with all its modules: name -> (file, default, values)."""
    modules = sorted(p.stem for p in (GAME / "modules").glob("*.rat"))
    definition = load_rules(GAME, modules)
    return {name: (Path(opt.span.file).resolve().relative_to(GAME.resolve()).as_posix(), str(opt.default),
                   frozenset(str(v) for v in opt.values))
            for name, opt in definition.options.items()}


def table_rows(text: str, heading: str) -> list[list[str]]:
    """The body rows of the first Markdown table after the `## heading` line, cell by cell."""
    lines = text.splitlines()
    start = lines.index(f"## {heading}")
    rows: list[list[str]] = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif rows:
            break
    return [row for row in rows[2:]]  # header and rule line


def ticked(cell: str) -> list[str]:
    return TICKED.findall(cell)


def doc_text() -> str:
    return DOC.read_text("utf-8")


def documented(text: str) -> dict[str, tuple[str, str, frozenset[str]]]:
    """The index table: name -> (file, default, values)."""
    out = {}
    for name, file, default, others in table_rows(text, "Options in the rule files"):
        (n,), (f,), (d,) = ticked(name), ticked(file), ticked(default)
        assert n not in out, f"{n} is listed twice in the options table"
        out[n] = (f, d, frozenset([d, *ticked(others)]))
    return out


def fixed_readings(text: str) -> dict[str, tuple[str, str]]:
    """The fixed-readings table: name -> (value, file)."""
    out = {}
    for name, value, file in table_rows(text, "Fixed readings"):
        (n,), (v,), (f,) = ticked(name), ticked(value), ticked(file)
        out[n] = (v, f)
    return out


def sections(text: str) -> dict[str, tuple[str, str]]:
    """Each `### `name`` section: name -> (kind, first bullet), the kind being `Values` or
    `Fixed reading` and the bullet taken whole, its continuation lines included."""
    out: dict[str, tuple[str, str]] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not line.startswith("### `"):
            continue
        name = ticked(line)[0]
        assert name not in out, f"two sections for {name}"
        bullet = lines[i + 1]
        match = re.match(r"- (Values|Fixed reading): ", bullet)
        assert match, f"section {name}: the first line is not `- Values:` or `- Fixed reading:`"
        for more in lines[i + 2:]:
            if not more.startswith("  "):
                break
            bullet += " " + more.strip()
        out[name] = (match.group(1), bullet[match.end():])
    return out


def value_line(bullet: str) -> tuple[str, frozenset[str]]:
    """The default (the one value in bold) and every value a `Values` bullet names."""
    bold = re.findall(r"\*\*`([^`]+)`\*\*", bullet)
    assert len(bold) == 1, f"one value in bold expected: {bullet!r}"
    return bold[0], frozenset(ticked(bullet))


def test_every_option_of_the_rules_is_in_the_table_and_nothing_else():
    rules, doc = declared(), documented(doc_text())
    assert sorted(set(rules) - set(doc)) == [], "options missing from docs/rule-options.md"
    assert sorted(set(doc) - set(rules)) == [], "options in docs/rule-options.md that the rules do not declare"


@pytest.mark.parametrize("name", sorted(declared()))
def test_table_row_matches_the_rule_file(name):
    file, default, values = declared()[name]
    doc_file, doc_default, doc_values = documented(doc_text())[name]
    assert doc_file == file, f"{name} is declared in {file}"
    assert doc_default == default, f"the default of {name} is {default}"
    assert sorted(doc_values - values) == [], f"values of {name} that the rules do not allow"
    assert sorted(values - doc_values) == [], f"values of {name} missing from the table"


@pytest.mark.parametrize("name", sorted(declared()))
def test_section_values_match_the_rule_file(name):
    _file, default, values = declared()[name]
    found = sections(doc_text())
    assert name in found, f"no `### `{name}`` section"
    kind, bullet = found[name]
    assert kind == "Values", f"{name} is an option, but its section calls it a fixed reading"
    doc_default, doc_values = value_line(bullet)
    assert doc_default == default, f"the default of {name} is {default}"
    assert doc_values == values, f"{name} allows {sorted(values)}"


def test_sections_are_options_or_fixed_readings():
    options, fixed = declared(), fixed_readings(doc_text())
    for name, (kind, bullet) in sections(doc_text()).items():
        if kind == "Values":
            assert name in options, f"section {name} lists values, but there is no option {name}"
        else:
            assert name not in options, f"{name} is an option, not a fixed reading"
            assert name in fixed, f"fixed reading {name} is missing from the table of fixed readings"
            bold = re.findall(r"\*\*`([^`]+)`\*\*", bullet)
            assert bold == [fixed[name][0]], f"fixed reading {name} is {fixed[name][0]} in the table"


def test_fixed_readings_are_not_options_and_are_named_in_their_file():
    options, found = declared(), sections(doc_text())
    for name, (_value, file) in fixed_readings(doc_text()).items():
        assert name not in options, f"{name} is an option; move it to the options table"
        assert found.get(name, ("", ""))[0] == "Fixed reading", f"no fixed-reading section for {name}"
        comments = [line.split("#", 1)[1] for line in (GAME / file).read_text("utf-8").splitlines() if "#" in line]
        assert any(re.search(rf"\b{name}\b", c) for c in comments), f"no comment in {file} names {name}"


def test_every_setting_written_in_the_doc_is_allowed():
    options = declared()
    for name, value in SETTING.findall(doc_text()):
        assert name in options, f"`{name}={value}`: there is no option {name}"
        assert value in options[name][2], f"`{name}={value}`: {name} allows {sorted(options[name][2])}"


def test_the_checks_see_a_wrong_doc():
    """The parsing finds what it should: an option dropped from the table, a value the rules do
    not have, and a default moved in a section are all seen."""
    text = (doc_text()
            .replace("| `drunk_counts` | `events.rat` | `sewer_rats` | `all_rats` |",
                     "| `drunk_counts` | `events.rat` | `sewer_rats` | `all_rats`, `whole_clan` |")
            .replace("| `holy_rat_reading` | `events.rat` | `must` | `may` |\n", "")
            .replace("- Values: **`must`** (default), `may`.", "- Values: `must`, **`may`** (default)."))
    doc = documented(text)
    assert "holy_rat_reading" not in doc
    assert "whole_clan" in doc["drunk_counts"][2]
    assert value_line(sections(text)["holy_rat_reading"][1])[0] == "may"
