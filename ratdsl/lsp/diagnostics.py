"""The checker's findings as LSP diagnostics for one document.

A document gets the findings of its context (workspace.py) that point into it. Findings in other
files of that rule set that stop it from loading (a syntax error in a file the document depends
on) are summed up in one diagnostic at the document's first line, so a module or variant file
does not look clean while its game does not load.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as T

from ..checker.checker import Diagnostic
from ..checker.run import as_diagnostic
from ..language.errors import RuleError
from ..language.loader import parse_file
from .workspace import MAX_DOCUMENT_CHARS, Analysis

SOURCE = "ratdsl"


def to_range(line: int, column: int, end_column: int | None) -> T.Range:
    """A 1-based finding position (end exclusive, None: one character) as an LSP range."""
    line0, col0 = max(line - 1, 0), max(column - 1, 0)
    end = end_column - 1 if end_column and end_column > column else col0 + 1
    return T.Range(T.Position(line0, col0), T.Position(line0, end))


def to_lsp(finding: Diagnostic, uri: str) -> T.Diagnostic:
    severity = T.DiagnosticSeverity.Warning if finding.severity == "warning" else T.DiagnosticSeverity.Error
    rng = to_range(finding.line, finding.column, finding.end_column)
    related = None
    message = finding.message
    if finding.hint:
        message = f"{message}\nhint: {finding.hint}"
        related = [T.DiagnosticRelatedInformation(T.Location(uri, rng), f"hint: {finding.hint}")]
    return T.Diagnostic(range=rng, message=message, severity=severity, code=finding.code, source=SOURCE,
                        related_information=related)


def for_document(path: Path, analysis: Analysis, uri: str) -> list[T.Diagnostic]:
    """The diagnostics to show in the document at `path`."""
    me = str(Path(path).absolute())
    findings = analysis.findings or []
    out = [to_lsp(f, uri) for f in findings if _same(f.file, me)]
    if analysis.ruleset is not None and not any(_same(str(f), me) for f in analysis.ruleset.files):
        try:  # a file the rule set does not read (not on disk yet, a stray): its syntax at least
            parse_file(path)
        except RuleError as err:
            out.append(to_lsp(as_diagnostic(err), uri))
        except (OSError, ValueError, RecursionError):
            pass
    elsewhere = [f for f in findings if not _same(f.file, me) and f.severity == "error"]
    if elsewhere and not analysis.ok:
        first = elsewhere[0]
        where = f"{first.file}:{first.line}:{first.column}" if first.line > 0 else first.file
        out.append(T.Diagnostic(range=to_range(1, 1, None), severity=T.DiagnosticSeverity.Error,
                                code=first.code, source=SOURCE,
                                message=f"the rules this file belongs to do not load: {where}: {first.message}"
                                + (f" (and {len(elsewhere) - 1} more)" if len(elsewhere) > 1 else "")))
    return out


def too_large(size: int) -> list[T.Diagnostic]:
    return [T.Diagnostic(range=to_range(1, 1, None), severity=T.DiagnosticSeverity.Warning, source=SOURCE,
                         code="LSP1", message=f"this file has {size:,} characters, more than the "
                         f"{MAX_DOCUMENT_CHARS:,} the language server reads: it is not analysed")]


def _same(file: str, absolute: str) -> bool:
    return file == absolute or str(Path(file).absolute()) == absolute
