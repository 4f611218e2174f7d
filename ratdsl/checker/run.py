"""`ratdsl check` without the command line: check several paths, collect every finding, and
print them as text, JSON (schemas/diagnostics.schema.json) or GitHub workflow annotations.

A syntax error stops the loading of a rule set, so when one is found every rule file of that
rule set is parsed on its own: all files with syntax errors are reported, not just the first.

Exit status, as ruff does it: 0 when there is no finding at all, 1 when there is any finding
(warnings included), 2 for a usage or internal error.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from ..language.errors import RuleError, RuleSyntaxError
from ..language.loader import RULE_SUFFIX, UnknownModule, load, module_path, parse_file
from .checker import Diagnostic, _source, check_ruleset

OUTPUT_FORMATS = ("text", "json", "github")
SCHEMA_VERSION = 1


def as_diagnostic(err: RuleError) -> Diagnostic:
    if isinstance(err, Diagnostic):
        return err
    source = err.source if err.source is not None else _source(err.file)
    return Diagnostic(err.file, err.line, err.column, err.message, source, err.code, err.hint,
                      err.end_column, "error")


def check_path(path: str | Path, modules: Iterable[str] = ()) -> list[Diagnostic]:
    """Every finding for one game folder or variant file (with the named modules on)."""
    path = Path(path)
    modules = tuple(modules)
    try:
        ruleset = load(path, modules)
    except RuleSyntaxError as err:
        return _all_syntax_errors(path, modules, err)
    except UnknownModule:  # a usage error (the caller's module list), not a finding in the rules
        raise
    except RuleError as err:
        return [as_diagnostic(err)]
    return check_ruleset(ruleset)


def check_paths(paths: Iterable[str | Path], modules: Iterable[str] = ()) -> list[Diagnostic]:
    """Every finding for every path, each reported once, in file and line order."""
    seen: set[tuple] = set()
    out: list[Diagnostic] = []
    for path in paths:
        for d in check_path(path, modules):
            key = (d.file, d.line, d.column, d.code, d.message)
            if key not in seen:
                seen.add(key)
                out.append(d)
    return sorted(out, key=lambda d: (d.file, d.line, d.column, d.code))


def _all_syntax_errors(path: Path, modules: tuple[str, ...], first: RuleSyntaxError) -> list[Diagnostic]:
    files: list[Path] = []
    if path.is_dir():
        files += sorted(path.glob("*" + RULE_SUFFIX))
        files += [p for m in modules if (p := module_path(path, m)) is not None]
    else:
        files.append(path)
        if Path(first.file) != path:
            files += sorted(Path(first.file).parent.glob("*" + RULE_SUFFIX))
    found = [as_diagnostic(first)]
    for file in dict.fromkeys(files):
        if not file.is_file() or str(file) == first.file:
            continue
        try:
            parse_file(file)
        except RuleError as err:  # a syntax error, or a file that is not UTF-8 text (E105)
            found.append(as_diagnostic(err))
        except OSError:
            continue
    return found


def counts(findings: list[Diagnostic]) -> tuple[int, int]:
    errors = sum(1 for f in findings if f.severity == "error")
    return errors, len(findings) - errors


def exit_code(findings: list[Diagnostic]) -> int:
    return 1 if findings else 0


def render_text(findings: list[Diagnostic]) -> str:
    if not findings:
        return "no findings"
    errors, warnings = counts(findings)
    return "\n".join([*(f.render() for f in findings), f"{errors} error(s), {warnings} warning(s)"])


def document(findings: list[Diagnostic], paths: Iterable[str | Path]) -> dict:
    """The JSON report; its shape is schemas/diagnostics.schema.json."""
    errors, warnings = counts(findings)
    return {
        "version": SCHEMA_VERSION,
        "paths": [str(p) for p in paths],
        "diagnostics": [finding_json(f) for f in findings],
        "summary": {"errors": errors, "warnings": warnings},
    }


def finding_json(f: Diagnostic) -> dict:
    return {"file": f.file, "line": f.line, "column": f.column, "end_column": f.end_column,
            "code": f.code, "severity": f.severity, "message": f.message, "hint": f.hint}


def render_json(findings: list[Diagnostic], paths: Iterable[str | Path]) -> str:
    from ..schemas import validate

    doc = document(findings, paths)
    validate("diagnostics", doc, "the check report")
    return json.dumps(doc, indent=2, ensure_ascii=False)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(findings: list[Diagnostic]) -> str:
    """One workflow command per finding: ::error file=F,line=L,col=C,...::message"""
    lines = []
    for f in findings:
        props = [f"file={_escape_property(f.file)}", f"line={max(f.line, 1)}", f"col={max(f.column, 1)}"]
        if f.end_column:
            props.append(f"endColumn={f.end_column}")
        props.append(f"title={_escape_property(f.code)}")
        message = f"{f.code} {f.message}" + (f"\nhint: {f.hint}" if f.hint else "")
        lines.append(f"::{'warning' if f.severity == 'warning' else 'error'} {','.join(props)}::"
                     f"{_escape_data(message)}")
    return "\n".join(lines)


def render(findings: list[Diagnostic], output_format: str, paths: Iterable[str | Path]) -> str:
    if output_format == "json":
        return render_json(findings, paths)
    if output_format == "github":
        return render_github(findings)
    return render_text(findings)
