"""`ratdsl check` without the command line: check several paths, collect every finding, and
print them as text, JSON (schemas/diagnostics.schema.json) or GitHub workflow annotations.

A syntax error stops the loading of a rule set, so when one is found every rule file of that
rule set is parsed on its own: all files with syntax errors are reported, not just the first.

A game folder is checked whole (`check_tree`): the base game, each module on its own, all
modules together, and each variant file of the folder (in `variants/` or beside the game's files);
a folder that holds game folders is searched for them, as `ratdsl fmt` searches for rule files.
A finding is reported once; one that only a combination shows, in a file that combination does
not add, names the combination ("with modules a, b" or "with variant FILE").

Exit status, as ruff does it: 0 when there is no finding at all, 1 when there is any finding
(warnings included), 2 for a usage or internal error.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..language.errors import RuleError, RuleSyntaxError
from ..language.loader import (
    RULE_SUFFIX,
    RuleSet,
    UnknownModule,
    available_modules,
    load,
    module_path,
    parse_file,
)
from ..records import record
from .diagnostic import Diagnostic, _source

if TYPE_CHECKING:
    from ..semantics.symbols import SymbolTable

OUTPUT_FORMATS = ("text", "json", "github")
# More checks of a rule set the checker found no error in, from a layer above it (the CLI hands
# in the engine's evaluation of invariants, E242); given the symbol table the checker used, so
# that the rule set is resolved once.
MoreChecks = Callable[[RuleSet, "SymbolTable"], list[Diagnostic]]
SCHEMA_VERSION = 1


def as_diagnostic(err: RuleError) -> Diagnostic:
    if isinstance(err, Diagnostic):
        return err
    source = err.source if err.source is not None else _source(err.file)
    return Diagnostic(err.file, err.line, err.column, err.message, source, err.code, err.hint,
                      err.end_column, "error")


def check_path(path: str | Path, modules: Iterable[str] = (), also: MoreChecks | None = None,
               kept: bool = False) -> list[Diagnostic]:
    """Every finding for one game folder or variant file (with the named modules on); `also`
    adds its findings when the checker found no error. `kept`: the findings of a loaded rule set
    come from this user's cache when its files are unchanged, and go there (kept.py)."""
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
    return findings_of(ruleset, path, modules, also, kept)


def findings_of(ruleset: RuleSet, path: Path, modules: tuple[str, ...], also: MoreChecks | None = None,
                kept: bool = False, table: SymbolTable | None = None) -> list[Diagnostic]:
    """The findings of a loaded rule set (`path` and `modules`: what it was loaded from), with
    `also`'s when the checker found no error; `table`, its symbol table when the caller has
    resolved it already. `kept`: as check_path says."""
    if not kept:
        return _check_loaded(ruleset, also, table)
    from . import kept as cache

    name, files = cache.key(path, modules, also, ruleset), cache.files_of(ruleset)
    found = cache.load(name, files) if name is not None else None
    if found is None:
        if name is not None and name in _FOUND:  # (this process checked these very texts already)
            found = list(_FOUND[name])
        else:
            found = _check_loaded(ruleset, also, table)
        if name is not None:
            cache.store(name, files, found)
    if name is not None:
        _FOUND[name] = tuple(found)
        if len(_FOUND) > _FOUND_KEPT:
            _FOUND.popitem(last=False)
    return found


# The findings this process worked out, by the kept entry's name (a hash of the package's code,
# the path, the modules, the further checks and every text the loader parsed): a program that
# loads the same rules again (simulation workers, the Python API, a test suite) checks them once.
_FOUND: OrderedDict[str, tuple[Diagnostic, ...]] = OrderedDict()
_FOUND_KEPT = 32


def _check_loaded(ruleset: RuleSet, also: MoreChecks | None, table: SymbolTable | None = None) -> list[Diagnostic]:
    from ..semantics.resolver import resolve  # (not needed for findings kept on disk)
    from .checker import check_ruleset

    table = table if table is not None else resolve(ruleset.decls)
    found = check_ruleset(ruleset, table)
    if also is not None and not any(d.severity == "error" for d in found):
        found += also(ruleset, table)
    return found


def check_paths(paths: Iterable[str | Path], modules: Iterable[str] = (),
                also: MoreChecks | None = None) -> list[Diagnostic]:
    """Every finding for every path, each reported once, in file and line order."""
    seen: set[tuple] = set()
    out: list[Diagnostic] = []
    for path in paths:
        for d in check_path(path, modules, also):
            key = (d.file, d.line, d.column, d.code, d.message)
            if key not in seen:
                seen.add(key)
                out.append(d)
    return sorted(out, key=lambda d: (d.file, d.line, d.column, d.code))


# The header a rule file starts with, read from its text, so that a file with a syntax error is
# still known for what it is (a game's file, a module or a variant).
_HEADER = re.compile(r"^[ \t]*(game|module|variant)[ \t]+[A-Za-z_]", re.MULTILINE)


def header_kind(file: Path) -> str | None:
    """"game", "module" or "variant": the first header written in a rule file, if any."""
    try:
        match = _HEADER.search(file.read_text("utf-8", errors="replace"))
    except OSError:
        return None
    return match.group(1) if match else None


@record(frozen=True)
class Combination:
    """One thing to load and check: a game folder with modules switched on, or a variant file.
    `adds` are the files it adds to the base game (a finding in one of them needs no note)."""

    path: Path
    modules: tuple[str, ...] = ()
    adds: tuple[Path, ...] = ()

    def label(self) -> str:
        modules = f"module{'s' if len(self.modules) > 1 else ''} {', '.join(self.modules)}"
        if self.path.is_file():
            return f"with variant {self.path.name}" + (f" and {modules}" if self.modules else "")
        return f"with {modules}"


def game_folders(path: Path) -> tuple[list[Path], list[Path]]:
    """The game folders under `path` (itself included) and the rule files no game folder covers
    (variant files anywhere, stray files), each checked on its own."""
    folders = sorted({f.parent for f in path.rglob("*" + RULE_SUFFIX) if f.is_file()} | {path})
    games = [d for d in folders if any(header_kind(f) == "game" for f in d.glob("*" + RULE_SUFFIX))]
    covered = set(games) | {g / "modules" for g in games}
    others = [f for d in folders if d not in covered for f in sorted(d.glob("*" + RULE_SUFFIX)) if f.is_file()]
    return games, others


def combinations(folder: Path) -> list[Combination]:
    """What checking a game folder loads: the base game, each module alone, all the modules
    together, and each variant file beside the game's files."""
    names = available_modules(folder)
    out = [Combination(folder)]
    groups = [(n,) for n in names] + ([tuple(names)] if len(names) > 1 else [])
    for group in groups:
        out.append(Combination(folder, group, tuple(p for n in group if (p := module_path(folder, n)))))
    for f in sorted(folder.glob("*" + RULE_SUFFIX)):
        if f.is_file() and header_kind(f) == "variant":
            out.append(Combination(f, adds=(f,)))
    return out


class Findings:
    """The findings gathered so far, each once: one that a combination shows and the plain game
    did not, in a file the combination does not add, is noted with the combination."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []
        self.keys: set[tuple] = set()
        self.broken: list[Path] = []  # game folders that could not be loaded

    def add(self, found: Iterable[Diagnostic], combination: Combination | None = None) -> None:
        for d in found:
            if _key(d) in self.keys:
                continue
            self.keys.add(_key(d))
            if combination is not None and Path(d.file) not in combination.adds:
                d = replace(d, message=f"{d.message} ({combination.label()})")
            self.items.append(d)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.file, d.line, d.column, d.code))


def check_game_folder(folder: Path, findings: Findings | None = None,
                      also: MoreChecks | None = None, kept: bool = False) -> list[Diagnostic]:
    """Every finding of a game folder, its modules and the variants beside it (see the module's
    docstring). When the plain game cannot be loaded, its modules and variants are only parsed:
    loading them would repeat that error."""
    findings = findings if findings is not None else Findings()
    base = check_path(folder, also=also, kept=kept)
    findings.add(base)
    if any(_stops_loading(d) for d in base):
        findings.broken.append(folder)
        files = [p for n in available_modules(folder) if (p := module_path(folder, n))]
        files += [f for f in sorted(folder.glob("*" + RULE_SUFFIX)) if header_kind(f) == "variant"]
        findings.add(_parse_each(files))
    else:
        for combination in combinations(folder)[1:]:
            findings.add(check_path(combination.path, combination.modules, also, kept), combination)
    return findings.sorted()


def check_tree(paths: Iterable[str | Path], modules: Iterable[str] = (),
               also: MoreChecks | None = None, kept: bool = False) -> list[Diagnostic]:
    """`ratdsl check`: every finding for every path, each once, in file and line order. A
    folder is searched for game folders (each checked whole, or with exactly `modules` when
    some are named) and for variant files (each checked with `modules`); a file is checked as
    check_path does (`kept` too)."""
    modules = tuple(modules)
    findings = Findings()
    for path in map(Path, paths):
        if not path.is_dir():
            findings.add(check_path(path, modules, also, kept))
            continue
        games, others = game_folders(path)
        if not games and not others:
            findings.add(check_path(path, modules))  # "no rule files", as for any folder
        for game in games:
            if modules:  # exactly the combination asked for
                found = check_path(game, modules, also, kept)
                findings.add(found)
                if any(_stops_loading(d) for d in found):
                    findings.broken.append(game)
            else:
                check_game_folder(game, findings, also, kept)
        for f in others:
            if header_kind(f) != "variant":
                continue
            if any(f.is_relative_to(game) for game in findings.broken):
                findings.add(_parse_each([f]))  # its game does not load: that error is enough
            else:
                findings.add(check_path(f, modules, also, kept), Combination(f, modules, (f,)))
        for folder in dict.fromkeys(f.parent for f in others if header_kind(f) != "variant"):
            findings.add(check_path(folder))  # a file of no game: "no game header" and such
    return findings.sorted()


def _stops_loading(d: Diagnostic) -> bool:
    """A syntax error or a loading error (E0xx, E100, E105): the rule set was not built."""
    return d.code.startswith("E0") or d.code in ("E100", "E105")


def _parse_each(files: Iterable[Path]) -> list[Diagnostic]:
    found = []
    for file in files:
        try:
            parse_file(file)
        except RuleError as err:
            found.append(as_diagnostic(err))
    return found


def _key(d: Diagnostic) -> tuple:
    return (d.file, d.line, d.column, d.code, d.message)


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
