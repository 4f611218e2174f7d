"""Finds and parses the files that make up a rule set: a game folder, its optional modules,
and variant files that extend it. Applies variant edits (set option, replace, remove).

A game folder holds rule files (suffix RULE_SUFFIX, read in name order) with exactly one `game`
header; files in its `modules/` folder start with `module NAME "Title" requires GAME`; a variant file starts
with `variant NAME "Title" extends GAME [with MODULE, ...]` and may live anywhere below the game
folder (or name the game folder's path relative to itself), or anywhere at all when GAME is a
bundled game (bundled.py) and no folder above the file holds a game of that name; one in the
game folder itself is not part of the game.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import tempfile
from dataclasses import field
from operator import is_
from pathlib import Path

from ..records import record
from . import ast as A
from . import cache
from .errors import RuleError
from .grammar import grammar_text
from .parser import parse_file_and_text
from .sources import read_source
from .visible import visible

# The rule language's file suffix, named by the project (a file extension, not a game term;
# tests/test_engine_is_generic.py allows exactly this form).
RULE_SUFFIX = ".rat"


class LoadError(RuleError):
    def __init__(self, span: A.Span, message: str, hint: str | None = None, code: str = "E100"):
        super().__init__(span.file, span.line, span.column, message, None, code, hint)


class UnknownModule(LoadError):
    """A module asked for by name (`--with`, a scenario's `with:`, a log's header) that is not one
    of the game's modules: a usage error, rendered on one line. The message is the same whatever
    the name is and whatever exists elsewhere on disk."""

    def __init__(self, root: Path, name: str, known: list[str]):
        close = difflib.get_close_matches(name, known, n=1)
        allowed = ", ".join(known) if known else "none"
        hint = (f"did you mean {close[0]!r}? " if close else "") + f"the game's modules are: {allowed}"
        super().__init__(A.Span(str(root), 0, 0, 0, 0), f"unknown module {name!r}", hint)

    def render(self) -> str:
        return visible(f"{self.file}: {self.code} {self.message}: {self.hint}")


def parse_file(path: Path | str) -> A.Program:
    """parser.parse_file, with a file that is not UTF-8 text as a positioned error (E105)."""
    return _parse_read(path)[0]


def _parse_read(path: Path | str) -> tuple[A.Program, str]:
    """parse_file, with the text the AST was parsed from (RuleSet.read)."""
    try:
        return parse_file_and_text(path)
    except UnicodeDecodeError as err:
        raise (not_text(Path(path)) or not_utf8(Path(path), err)) from None
    except RuleError:
        binary = not_text(Path(path))  # (looked at only when the file failed: no cost otherwise)
        if binary is not None:
            raise binary from None
        raise


SNIFF = 8192  # the bytes looked at to tell a binary file from text
CONTROL = frozenset(range(32)) - {9, 10, 12, 13}  # control bytes text does not hold (not tab, newlines, form feed)


def not_text(path: Path) -> LoadError | None:
    """E105 on one line, without the file's bytes, for a file that is not text at all (an
    image, an archive, a compiled file): a NUL byte, or many control bytes, in its first 8 KB.
    Printing such a "line" would fill the terminal with escapes."""
    try:
        with open(path, "rb") as f:
            head = f.read(SNIFF)
    except OSError:
        return None
    return binary_data(path, head)


def binary_data(path: Path, head: bytes) -> LoadError | None:
    """not_text of a file whose first bytes are `head` (SNIFF of them are looked at)."""
    head = head[:SNIFF]
    nul = head.find(b"\0")
    controls = sum(1 for byte in head if byte in CONTROL)
    if nul < 0 and (controls * 20 < len(head) or len(head) < 256):  # text, however bad: a positioned E011
        return None
    what = f"a NUL byte at offset {nul}" if nul >= 0 else f"{controls} control bytes in the first {len(head)}"
    return LoadError(A.Span(str(path), 0, 0, 0, 0), f"not a text file ({what}): a rule file is UTF-8 text",
                     None, "E105")


def not_utf8(path: Path, err: UnicodeDecodeError) -> LoadError:
    """E105 at the first byte that is not UTF-8 (shown as U+FFFD under the caret)."""
    data = bytes(err.object)
    line_start = data.rfind(b"\n", 0, err.start) + 1
    line = data.count(b"\n", 0, err.start) + 1
    column = len(data[line_start:err.start].decode("utf-8", "replace")) + 1
    error = LoadError(A.Span(str(path), line, column, line, column + 1),
                      f"not UTF-8 text: byte 0x{data[err.start]:02x} cannot be read", "save the file as UTF-8",
                      "E105")
    error.source = data.decode("utf-8", "replace")
    return error


# A module's name: letters, digits and "_", not starting with a digit (as a NAME in a rule file).
MODULE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@record
class RuleSet:
    """Everything the later stages need: the merged declarations and where they came from."""

    game: A.Game
    decls: list[A.Decl]
    root: Path
    files: list[Path] = field(default_factory=list)
    modules: list[A.ModuleHeader] = field(default_factory=list)
    variant: A.VariantHeader | None = None
    option_overrides: dict[str, object] = field(default_factory=dict)
    base_decls: list[A.Decl] = field(default_factory=list)
    # What `load` read, file by file in the order their declarations were taken: the path and the
    # text parsed from it (the parser's own string: no copy); and, once it has finished, what it
    # made from them and their digest, worked out when first asked for (`digest`).
    read: list[tuple[str, str]] = field(default_factory=list, compare=False, repr=False)
    loaded: list = field(default_factory=list, compare=False, repr=False)

    def source(self, file: str) -> str | None:
        try:
            return read_source(file)
        except (OSError, UnicodeDecodeError):
            return None

    def digest(self) -> str | None:
        """A digest of what `load` made these rules from: the parser's code and grammar, the game
        folder and each file's path and text in the order read (the package's own code is not in
        it: a cache keyed on it adds the package's fingerprint). A key of the declarations that
        costs no walk over them (the flat target's cache, engine/flat/cache.py); None when `load`
        did not make this rule set, or its game, folder or declarations have changed since (the
        caller then keys on the declarations themselves)."""
        if not self.loaded:
            return None
        game, root, decls, digest = self.loaded
        if game is not self.game or root != self.root or len(decls) != len(self.decls) \
                or not all(map(is_, decls, self.decls)):
            return None
        if digest is None:  # (hashed when first asked for: a `check` of many rule sets never asks)
            h = hashlib.sha256(f"{cache.parser_fingerprint(grammar_text())}\0{root}\0".encode("utf-8",
                                                                                            "surrogatepass"))
            for path, text in self.read:
                h.update(f"{len(path)}:{path}\0{len(text)}:".encode("utf-8", "surrogatepass"))
                h.update(text.encode("utf-8", "surrogatepass"))
            digest = self.loaded[3] = h.hexdigest()
        return digest

    def _seal(self) -> None:
        """What `load` leaves: the game, folder and declarations it made (`digest`)."""
        self.loaded = [self.game, self.root, tuple(self.decls), None]


def _rat_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*" + RULE_SUFFIX) if p.is_file())


def _game_name(folder: Path) -> str | None:
    """The game a folder holds, if any. Files that do not parse are passed over here: a broken
    variant next to the one being loaded must not stop it (`check` reports it on its own); so
    are variant files (a game header in one is E103, not a game)."""
    for f in _rat_files(folder):
        try:
            decls = parse_file(f).decls
        except RuleError:
            continue
        if any(isinstance(decl, A.VariantHeader) for decl in decls):
            continue
        for decl in decls:
            if isinstance(decl, A.Game):
                return decl.name
    return None


def load(path: str | Path, modules: tuple[str, ...] | list[str] = ()) -> RuleSet:
    """Loads a game folder or a variant file, with the named modules switched on."""
    path = Path(path)
    if path.is_dir():
        ruleset = _load_game(path)
        variant_program = None
    else:
        variant_program, variant_text = _parse_read(path)
        header = next((d for d in variant_program.decls if isinstance(d, A.VariantHeader)), None)
        if header is None:
            raise LoadError(variant_program.span, "a single file must start with a variant header",
                            'write: variant my_rule "My rule" extends GAME')
        game_dir = _find_game_dir(path, header)
        ruleset = _load_game(game_dir)
        ruleset.variant = header
        for name in header.modules:  # named in the variant file: a finding at its header
            _add_module(ruleset, name, header.span)
        modules = [m for m in modules if m not in header.modules]
    for name in modules:
        _add_module(ruleset, name)
    ruleset.base_decls = list(ruleset.decls)
    if variant_program is not None:
        ruleset.files.append(path)
        ruleset.read.append((str(path), variant_text))
        _apply_variant(ruleset, variant_program)
    ruleset._seal()
    return ruleset


def _load_game(folder: Path) -> RuleSet:
    files = _rat_files(folder)
    if not files:
        raise LoadError(A.Span(str(folder), 0, 0, 0, 0), f"no rule files ({RULE_SUFFIX}) in {folder}")
    decls: list[A.Decl] = []
    game = None
    first, variants, read = files[0], [], []
    for f in list(files):
        program, text = _parse_read(f)
        if any(isinstance(decl, A.VariantHeader) for decl in program.decls):
            files.remove(f)  # a variant file beside the game's: a variant, not part of the game
            variants.append(f)
            continue
        read.append((str(f), text))
        for decl in program.decls:
            if isinstance(decl, A.Game):
                if game is not None:
                    raise LoadError(decl.span, "a second game header", f"the first is at {game.span}")
                game = decl
            decls.append(decl)
    if game is None:
        hint = 'one file must start with: game NAME "Title" { players 2..6 }'
        if not files:
            hint = f"its rule files are variants: name one of them (e.g. {variants[0]}), or the game's folder"
        raise LoadError(A.Span(str(first), 1, 1, 1, 1), f"no game header in {folder}", hint)
    for decl in decls:
        _refuse_misplaced(decl, "game")
    return RuleSet(game=game, decls=decls, root=folder, files=list(files), read=read)


def _find_game_dir(variant_path: Path, header: A.VariantHeader) -> Path:
    for folder in folders_above(variant_path.parent):
        if _rat_files(folder) and _game_name(folder) == header.extends:
            return folder
        candidate = folder / header.extends
        if candidate.is_dir() and _game_name(candidate) == header.extends:
            return candidate
    from ..bundled import bundled_game, bundled_games  # a house rule kept anywhere may extend a shipped game

    bundled = bundled_game(header.extends)
    if bundled is not None and _game_name(bundled) == header.extends:
        return bundled
    shipped = ", ".join(bundled_games())
    raise LoadError(header.span, f"cannot find the game {header.extends!r} that this variant extends",
                    "put the variant file inside the game's folder, e.g. rules/GAME/variants/"
                    + (f", or extend a bundled game ({shipped})" if shipped else ""))


def module_path(root: Path, name: str) -> Path | None:
    """The file of the module `name` of the game in `root`, or None when there is none: a name
    is an identifier, and its file a regular file in `root/modules/` that is not a link leading
    out of that folder. Nothing else on disk is ever read as a module."""
    if not isinstance(name, str) or not MODULE_NAME.fullmatch(name):
        return None
    folder = root / "modules"
    path = folder / (name + RULE_SUFFIX)
    try:
        if not path.is_file() or not path.resolve().is_relative_to(folder.resolve()):
            return None
    except (OSError, RuntimeError):  # a link loop
        return None
    return path


class RulesOutside(ValueError):
    """A scenario's or a log's `rules` that leads out of where that file may name rules, or that
    names neither a game folder nor a variant file: one line, the same whether or not the path
    exists (a stranger's file must not learn what is on the disk)."""


def rules_inside(text: str, start: Path, bases: list[Path], what: str, hint: str) -> Path:
    """The game folder or variant file that a scenario's or a log's `rules` names (`text`,
    relative to `start`). Once `..` and symbolic links are resolved it must lie inside one of
    `bases`, and be a folder or a rule file: a file from a stranger cannot make the loader read
    rules, or anything else, from elsewhere on the disk. (Paths given on the command line are
    not checked: the user typed them.)"""
    target = start / text
    try:
        resolved = target.resolve()
        inside = any(resolved.is_relative_to(base.resolve()) for base in bases)
        kind_ok = resolved.is_dir() or (resolved.suffix == RULE_SUFFIX and resolved.is_file())
    except (OSError, RuntimeError, ValueError):  # a link loop, a NUL in the name
        inside = kind_ok = False
    if not inside:
        places = " or ".join(dict.fromkeys(str(b.resolve()) for b in bases))
        raise RulesOutside(f"{what} {text!r} leads out of {places}: {hint}")
    if not kind_ok:
        raise RulesOutside(f"{what} {text!r} is not a game folder or a variant file ({RULE_SUFFIX})")
    return target


def logged_rules(log: Path, text: str) -> Path:
    """The rules a game log's header names, as `run` was given them: relative to the current
    folder, or else to the log's folder, and inside one of the two (`rules_inside`)."""
    here = Path(".")
    start = here if (here / text).exists() or not (log.parent / text).exists() else log.parent
    return rules_inside(text, start, [here, log.parent], "the log's rules",
                        "give the rules on the command line: ratdsl replay LOG --rules PATH")


# What marks a project's root (a version-control checkout, a Python project): the folder walk
# looks at a folder holding one of these and goes no higher.
PROJECT_MARKERS = (".git", ".hg", ".svn", "pyproject.toml")


def _shared_folders() -> set[Path]:
    """Folders that are never a game folder, nor is anything above them: the user's home and the
    system's temporary folder hold other people's and other programs' files (a stray rule file
    there must not turn every game-less folder below into part of a game)."""
    out = set()
    for where in (Path.home, lambda: Path(tempfile.gettempdir())):
        try:
            out.add(where().resolve())
        except (OSError, RuntimeError, KeyError):  # no home (no HOME, no passwd entry)
            pass
    return out


def folders_above(first: Path) -> list[Path]:
    """The folders searched for the game that holds a file in `first`: `first` and its parents,
    up to and including a folder holding a project marker (PROJECT_MARKERS), and stopping below
    the user's home, the temporary folder and a filesystem root, which are never searched."""
    stops = _shared_folders()
    out: list[Path] = []
    for folder in [first, *first.parents]:
        try:
            resolved = folder.resolve()
            if resolved in stops or resolved.parent == resolved:
                break
            out.append(folder)
            if any((folder / marker).exists() for marker in PROJECT_MARKERS):
                break
        except (OSError, RuntimeError, ValueError):  # a link loop, an unreadable folder
            break
    return out


def game_folder_above(path: Path) -> Path | None:
    """The nearest folder holding `path` (a file or folder) whose rule files hold a game header,
    among folders_above: a game folder is found from anywhere inside it, never across a
    project's root, the home or temporary folder or a filesystem root."""
    start = path.resolve()
    first = start if start.is_dir() else start.parent
    for folder in folders_above(first):
        if _rat_files(folder) and _game_name(folder) is not None:
            return folder
    return None


def available_modules(root: Path) -> list[str]:
    """The names of the game's modules: the rule files in `modules/` that module_path accepts."""
    names = sorted(p.stem for p in (root / "modules").glob("*" + RULE_SUFFIX))
    return [n for n in names if module_path(root, n) is not None]


def _add_module(ruleset: RuleSet, name: str, span: A.Span | None = None) -> None:
    path = module_path(ruleset.root, name)
    if path is None:
        known = available_modules(ruleset.root)
        if span is None:
            raise UnknownModule(ruleset.root, name, known)
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"did you mean {close[0]!r}?" if close else f"available modules: {', '.join(known) or 'none'}"
        raise LoadError(span, f"unknown module {name!r}", hint)
    program, text = _parse_read(path)
    for decl in program.decls:
        _refuse_misplaced(decl, "module")
        if isinstance(decl, A.ModuleHeader):
            ruleset.modules.append(decl)
        else:
            ruleset.decls.append(decl)
    ruleset.files.append(path)
    ruleset.read.append((str(path), text))


# Declarations that mean something only in another kind of file, and would be ignored in a game
# folder's files or a module (E106): what they are called, and where they belong.
_ELSEWHERE: dict[type, tuple[str, str]] = {
    A.SetOption: ("`set option`", "variant"), A.Replace: ("`replace`", "variant"),
    A.ReplaceStep: ("`replace step`", "variant"), A.Remove: ("`remove`", "variant"),
    A.VariantHeader: ("a variant header", "variant"), A.ModuleHeader: ("a module header", "module"),
    A.Game: ("a game header", "game"),
}
_BELONGS = {"variant": "a variant file (`variant NAME \"Title\" extends GAME`, e.g. in GAME/variants/)",
            "module": "a file of the game's modules/ folder", "game": "the game folder's files"}


def _refuse_misplaced(decl: A.Decl, here: str) -> None:
    """E106 for a declaration the loader would ignore in a file of this kind ("game": a game
    folder's file, "module": a module's)."""
    what = _ELSEWHERE.get(type(decl))
    if what is None or what[1] == here:
        return
    name, belongs = what
    raise LoadError(decl.span, f"{name} in a {'module' if here == 'module' else 'game folder file'} "
                    "would be ignored", f"it only means something in {_BELONGS[belongs]}", "E106")


def decl_identity(decl: A.Decl) -> tuple[str, str] | None:
    """(kind, name) for declarations a variant can replace or remove."""
    name = getattr(decl, "name", None)
    if isinstance(decl, (A.Round, A.Scoring)):
        return (decl.kind, decl.kind)
    if isinstance(decl, (A.Modify, A.Hook)) or name is None:
        return None
    return (decl.kind, name)


def _apply_variant(ruleset: RuleSet, program: A.Program) -> None:
    header = None
    for decl in program.decls:
        if isinstance(decl, A.VariantHeader):
            if header is not None:  # E102: its `extends` and `with` would be ignored
                raise LoadError(decl.span, "a second variant header in one file", f"the first is at {header.span}; "
                                "a variant file has one header (one variant per file)", "E102")
            header = decl
            continue
        if isinstance(decl, (A.Game, A.ModuleHeader)):  # E103: it would be ignored
            raise LoadError(decl.span, f"a {'game' if isinstance(decl, A.Game) else 'module'} header in a "
                            "variant file", "a variant changes a game: its only header is "
                            "`variant NAME \"Title\" extends GAME`", "E103")
        if isinstance(decl, A.SetOption):
            if decl.name in ruleset.option_overrides:  # E104: only the last one would count
                first = ruleset.option_overrides[decl.name][1]
                raise LoadError(decl.span, f"option {decl.name} is set twice in this variant",
                                f"the first `set option {decl.name}` is at {first}; keep one", "E104")
            ruleset.option_overrides[decl.name] = (decl.value, decl.span)
        elif isinstance(decl, A.Replace):
            _replace(ruleset, decl)
        elif isinstance(decl, A.ReplaceStep):
            _replace_step(ruleset, decl)
        elif isinstance(decl, A.Remove):
            _remove(ruleset, decl)
        else:
            ruleset.decls.append(decl)


def _index_of(ruleset: RuleSet, kind: str, name: str, span: A.Span) -> int:
    for i, decl in enumerate(ruleset.decls):
        if decl_identity(decl) == (kind, name):
            return i
    known = [ident[1] for d in ruleset.decls if (ident := decl_identity(d)) and ident[0] == kind]
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"did you mean {close[0]!r}?" if close else None
    raise LoadError(span, f"there is no {kind} {name!r} to change", hint, "E101")


def _replace(ruleset: RuleSet, edit: A.Replace) -> None:
    new = edit.decl
    ident = decl_identity(new)
    if ident is None:
        raise LoadError(edit.span, f"a {new.kind} cannot be replaced; replace what contains it")
    ruleset.decls[_index_of(ruleset, ident[0], ident[1], edit.span)] = new


def _step_owner(ruleset: RuleSet, phase: str, step: str) -> int:
    for i, d in enumerate(ruleset.decls):
        if (isinstance(d, A.Setup) and phase == "setup") or (isinstance(d, A.Phase) and d.name == phase):
            if any(s.name == step for s in d.steps):
                return i
    raise LoadError(A.NO_SPAN, f"no step {phase}.{step}")  # pragma: no cover - checked before


def _replace_step(ruleset: RuleSet, edit: A.ReplaceStep) -> None:
    if edit.phase == "setup":  # setup may be split over several files: find the one with the step
        index = next((i for i, d in enumerate(ruleset.decls) if isinstance(d, A.Setup)
                      and any(s.name == edit.step.name for s in d.steps)), None)
        if index is None:
            names = [s.name for d in ruleset.decls if isinstance(d, A.Setup) for s in d.steps]
            close = difflib.get_close_matches(edit.step.name, names, n=1)
            raise LoadError(edit.span, f"setup has no step {edit.step.name!r}",
                            f"did you mean {close[0]!r}?" if close else f"its steps: {', '.join(names)}", "E101")
    else:
        index = _index_of(ruleset, "phase", edit.phase, edit.span)
    phase = ruleset.decls[index]
    names = [s.name for s in phase.steps]
    if edit.step.name not in names:
        close = difflib.get_close_matches(edit.step.name, names, n=1)
        raise LoadError(edit.span, f"phase {edit.phase!r} has no step {edit.step.name!r}",
                        f"did you mean {close[0]!r}?" if close else f"its steps: {', '.join(names)}", "E101")
    steps = tuple(edit.step if s.name == edit.step.name else s for s in phase.steps)
    ruleset.decls[index] = _with_steps(phase, steps)


def _remove(ruleset: RuleSet, edit: A.Remove) -> None:
    if edit.target_kind == "step" and edit.member is not None:  # remove step PHASE.STEP
        empty = A.Block((), span=edit.span)
        _replace_step(ruleset, A.ReplaceStep(edit.name, A.Step(edit.member, None, empty, span=edit.span),
                                             span=edit.span))
        index = _step_owner(ruleset, edit.name, edit.member)
        container = ruleset.decls[index]
        ruleset.decls[index] = _with_steps(container, tuple(s for s in container.steps if s.name != edit.member))
        return
    if edit.member is not None:
        index = _index_of(ruleset, edit.target_kind, edit.name, edit.span)
        container = ruleset.decls[index]
        if not isinstance(container, (A.Phase, A.Setup)):
            raise LoadError(edit.span, f"only phases have steps to remove, not a {edit.target_kind}")
        names = [s.name for s in container.steps]
        if edit.member not in names:
            close = difflib.get_close_matches(edit.member, names, n=1)
            raise LoadError(edit.span, f"phase {edit.name!r} has no step {edit.member!r}",
                            f"did you mean {close[0]!r}?" if close else None, "E101")
        steps = tuple(s for s in container.steps if s.name != edit.member)
        ruleset.decls[index] = _with_steps(container, steps)
        return
    del ruleset.decls[_index_of(ruleset, edit.target_kind, edit.name, edit.span)]


def _with_steps(container, steps):
    from dataclasses import replace
    return replace(container, steps=steps)
