"""The open documents and the rule sets they belong to.

An open document's unsaved text is registered with the loader's source hook
(ratdsl/language/sources.py), so every load reads it instead of the disk. A document belongs to a
*context*, the rule set it is checked in: a game folder's file to the folder, a file under
`modules/` to the folder with that module switched on, a variant file to that variant.
Each context is loaded, resolved and checked once per generation of the documents (every edit
starts a new one), through the same stages as `ratdsl check`.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..checker.checker import Diagnostic, check_ruleset
from ..checker.run import check_path
from ..language import ast as A
from ..language.errors import RuleError
from ..language.loader import RULE_SUFFIX, RuleSet, available_modules, game_folder_above, load, parse_file
from ..language.sources import read_source, set_unsaved
from ..semantics.resolver import resolve
from ..semantics.symbols import SymbolTable
from .index import Index

log = logging.getLogger(__name__)

# A document larger than this is not analysed: its diagnostics say so, the disk's text is used.
MAX_DOCUMENT_CHARS = 1_000_000
_VARIANT_HEADER = re.compile(r"^\s*variant\s+[A-Za-z_]", re.MULTILINE)


@dataclass(frozen=True)
class Context:
    """A rule set to load: a game folder or variant file, with modules switched on."""

    target: Path
    modules: tuple[str, ...] = ()
    root: Path | None = None  # the game folder (for a variant: the one it lives in)


@dataclass
class Analysis:
    """One context, loaded, resolved and checked (or the finding that stopped its load)."""

    context: Context
    generation: int
    ruleset: RuleSet | None = None
    symbols: SymbolTable | None = None
    findings: list[Diagnostic] | None = field(default_factory=list)  # None: not checked (yet)
    edits: list[A.Decl] = field(default_factory=list)  # a variant's own edits (set option, remove...)
    _index: Index | None = None

    @property
    def ok(self) -> bool:
        return self.ruleset is not None and self.symbols is not None

    @property
    def index(self) -> Index | None:
        if self._index is None and self.ok:
            self._index = Index(self.ruleset.decls, self.symbols, self.edits)
        return self._index


def _is_variant(path: Path) -> bool:
    try:
        return any(isinstance(d, A.VariantHeader) for d in parse_file(path).decls)
    except (RuleError, OSError, UnicodeDecodeError, ValueError):
        try:
            return bool(_VARIANT_HEADER.search(read_source(path)[:10_000]))
        except (OSError, UnicodeDecodeError, ValueError):
            return False


def context_of(path: Path) -> Context:
    """The rule set a rule file is checked in (see the module's docstring)."""
    path = Path(path).absolute()
    if _is_variant(path):
        return Context(path, (), game_folder_above(path.parent))
    if path.parent.name == "modules" and path.suffix == RULE_SUFFIX:
        root = path.parent.parent
        return Context(root, (path.stem,), root)
    root = game_folder_above(path) or path.parent
    return Context(Path(root), (), Path(root))


def analyse(context: Context, generation: int, checked: bool = True) -> Analysis:
    """Load, resolve and (when `checked`) check one context; a load that stops is its findings
    alone. Navigation needs no findings: the rule sets it only looks through go unchecked."""
    out = Analysis(context, generation)
    try:
        ruleset = load(context.target, context.modules)
    except RuleError:
        out.findings = _findings(context)
        return out
    except (OSError, ValueError) as err:  # a file of the folder that cannot be read (permissions...)
        out.findings = [Diagnostic(str(context.target), 0, 0, f"cannot read the rules: {err}", None, "E100")]
        return out
    symbols = resolve(ruleset.decls)
    out.ruleset, out.symbols = ruleset, symbols
    out.findings = check_ruleset(ruleset, symbols) if checked else None
    if ruleset.variant is not None:
        try:
            out.edits = [d for d in parse_file(context.target).decls if isinstance(d, (A.SetOption, A.Remove))]
        except (RuleError, OSError, UnicodeDecodeError):
            pass
    return out


def _findings(context: Context) -> list[Diagnostic]:
    try:
        return check_path(context.target, context.modules)
    except RuleError as err:  # an unknown module: the file's name is not one the loader accepts
        return [Diagnostic(str(context.target), 0, 0, err.message, None, err.code, err.hint)]
    except (OSError, ValueError) as err:
        return [Diagnostic(str(context.target), 0, 0, f"cannot read the rules: {err}", None, "E100")]


class Workspace:
    """The open documents' texts and the analyses of their contexts."""

    def __init__(self) -> None:
        self.documents: dict[str, str] = {}  # absolute path -> text the editor holds
        self.too_large: set[str] = set()
        self.generation = 0
        self._contexts: dict[str, Context] = {}
        self._analyses: dict[Context, Analysis] = {}
        self._good: dict[Context, Analysis] = {}

    # ------------------------------------------------------------ documents
    def set_text(self, path: Path, text: str | None) -> None:
        """An opened or changed document (None: closed, the disk's text counts again)."""
        key = str(Path(path).absolute())
        self.generation += 1
        self._contexts.clear()  # a header written or removed changes where a file belongs
        if text is None:
            self.documents.pop(key, None)
            self.too_large.discard(key)
            set_unsaved(key, None)
            return
        self.documents[key] = text
        if len(text) > MAX_DOCUMENT_CHARS:
            self.too_large.add(key)
            set_unsaved(key, None)
        else:
            self.too_large.discard(key)
            set_unsaved(key, text)

    def disk_changed(self) -> None:
        """Files changed on disk (saved, created, deleted): every analysis is out of date."""
        self.generation += 1
        self._contexts.clear()

    def text(self, path: Path | str) -> str | None:
        """The text of a file as the analyses see it: the editor's, else the disk's."""
        key = str(Path(path).absolute())
        if key in self.documents:
            return self.documents[key]
        try:
            return Path(key).read_text("utf-8")
        except (OSError, UnicodeDecodeError, ValueError):
            return None

    # ------------------------------------------------------------ analyses
    def context(self, path: Path) -> Context:
        key = str(Path(path).absolute())
        found = self._contexts.get(key)
        if found is None:
            found = self._contexts[key] = context_of(Path(key))
        return found

    def analysis(self, context: Context, checked: bool = True) -> Analysis:
        """The context's analysis for the documents as they are now (with the checker's findings
        when `checked`)."""
        current = self._analyses.get(context)
        if current is None or current.generation != self.generation:
            current = self._analyses[context] = analyse(context, self.generation, checked)
            if current.ok:
                self._good[context] = current
        elif checked and current.findings is None:
            current.findings = check_ruleset(current.ruleset, current.symbols)
        return current

    def for_document(self, path: Path, checked: bool = True) -> Analysis:
        return self.analysis(self.context(path), checked)

    def last_good(self, path: Path) -> Analysis | None:
        """The newest analysis of the document's context that loaded (perhaps of older text):
        what completion offers while the text being typed does not parse."""
        context = self.context(path)
        current = self.analysis(context, checked=False)
        return current if current.ok else self._good.get(context)

    def family(self, path: Path) -> list[Analysis]:
        """Every rule set the document's game makes: the game with all its modules (or, when
        they do not load together, the game and each module alone) and each variant file below
        the game folder. References and renames look through all of them."""
        context = self.context(path)
        root = context.root
        if root is None:
            return [self.analysis(context)]
        modules = tuple(available_modules(root))
        together = self.analysis(Context(root, modules, root), checked=False)
        out = [together]
        if not together.ok:
            out = [self.analysis(Context(root, (), root), checked=False)]
            out += [self.analysis(Context(root, (m,), root), checked=False) for m in modules]
        for variant in sorted(root.rglob("*" + RULE_SUFFIX)):
            if variant.parent.name != "modules" and _is_variant(variant):
                out.append(self.analysis(Context(variant.absolute(), (), root), checked=False))
        if context not in [a.context for a in out]:
            out.append(self.analysis(context, checked=False))
        return out
