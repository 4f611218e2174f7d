"""Fluent message catalogs: the generic phrase tables shipped in this package, plus the
hand-written messages that live beside a game's rule files (`locales/<lang>/<file>.ftl`).

Formatting is strict: any error Fluent reports (an unknown message, variable or term, a cycle)
raises MessageError instead of leaving a placeholder in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle
from fluent.syntax import FluentParser
from fluent.syntax import ast as FTL

LANGUAGES = ("en", "de", "es", "fr", "ru")
PACKAGE_LOCALES = Path(__file__).resolve().parent / "locales"
STRUCTURE_FILE = "structure.ftl"
LOCALES_DIR = "locales"
MAX_CONTRACTIONS = 16


class MessageError(Exception):
    """A message is missing, malformed, or failed to format."""


@dataclass
class Junk:
    file: Path
    line: int
    message: str


@dataclass
class ParsedFile:
    path: Path
    resource: FTL.Resource
    messages: dict[str, FTL.Message | FTL.Term] = field(default_factory=dict)
    junk: list[Junk] = field(default_factory=list)
    text: str = ""


def parse_ftl(path: Path) -> ParsedFile:
    """A message file's messages and its malformed parts (junk). A file that cannot be read, or
    is not UTF-8 text, is one piece of junk: a finding of `ratdsl i18n check`, a MessageError
    when a summary needs it (never a crash)."""
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError as err:
        data = bytes(err.object)
        line = data.count(b"\n", 0, err.start) + 1
        return _unreadable(path, line, f"not UTF-8 text: byte 0x{data[err.start]:02x} cannot be read; "
                                       "save the file as UTF-8")
    except OSError as err:
        return _unreadable(path, 0, f"cannot be read: {err.strerror or err}")
    key = (str(path), text)
    cached = _PARSED.get(key)
    if cached is not None:
        return cached
    resource = FluentParser(with_spans=True).parse(text)
    parsed = ParsedFile(path, resource, text=text)
    for entry in resource.body:
        if isinstance(entry, FTL.Junk):
            line = text.count("\n", 0, entry.span.start) + 1 if entry.span else 0
            note = "; ".join(a.message for a in entry.annotations) or "cannot be parsed"
            parsed.junk.append(Junk(path, line, note))
        elif isinstance(entry, FTL.Message):
            parsed.messages[entry.id.name] = entry
        elif isinstance(entry, FTL.Term):
            parsed.messages["-" + entry.id.name] = entry
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.pop(next(iter(_PARSED)))
    _PARSED[key] = parsed
    return parsed


# Parsing a message file is most of a summary's time, and a process (a test, `i18n check`) reads
# the same files for every language, module and variant: parsed files are kept by path and text.
# Nobody changes a ParsedFile once made, so sharing one is safe.
_PARSED: dict[tuple[str, str], ParsedFile] = {}
_PARSED_MAX = 128


def _unreadable(path: Path, line: int, message: str) -> ParsedFile:
    parsed = ParsedFile(path, FTL.Resource([]))
    parsed.junk.append(Junk(path, line, message))
    return parsed


def line_of(parsed: ParsedFile, entry: FTL.SyntaxNode) -> int:
    if entry.span is None:
        return 0
    return parsed.text.count("\n", 0, entry.span.start) + 1


class Catalog:
    """One language: the package's structure phrases, then the game's files in order (a later
    file's message replaces an earlier one with the same id)."""

    def __init__(self, lang: str, files: list[Path] = (), strict_files: bool = True):
        if lang not in LANGUAGES:
            raise MessageError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self.bundle = FluentBundle([lang], use_isolating=False)
        self.origin: dict[str, Path] = {}
        self.parsed: list[ParsedFile] = []
        for path in [PACKAGE_LOCALES / lang / STRUCTURE_FILE, *files]:
            parsed = parse_ftl(path)
            if parsed.junk and strict_files:
                j = parsed.junk[0]
                raise MessageError(f"{j.file}:{j.line}: malformed message: {j.message}")
            self.parsed.append(parsed)
            self.bundle.add_resource(parsed.resource, allow_overrides=True)
            for key in parsed.messages:
                self.origin[key] = path
        self.contractions = self._contractions()

    # ------------------------------------------------------------ lookups
    def has(self, key: str, attr: str | None = None) -> bool:
        if not self.bundle.has_message(key):
            return False
        if attr is None:
            return self.bundle.get_message(key).value is not None
        return attr in self.bundle.get_message(key).attributes

    def attributes(self, key: str) -> set[str]:
        if not self.bundle.has_message(key):
            return set()
        return set(self.bundle.get_message(key).attributes)

    def format(self, key: str, attr: str | None = None, args: dict[str, Any] | None = None) -> str:
        if not self.bundle.has_message(key):
            raise MessageError(f"[{self.lang}] no message {key!r}")
        message = self.bundle.get_message(key)
        pattern = message.attributes.get(attr) if attr else message.value
        if pattern is None:
            what = f"{key}.{attr}" if attr else key
            raise MessageError(f"[{self.lang}] message {what!r} has no text")
        fluent_args, long_texts = _held_back(_fluent_args(args or {}))
        text, errors = self.bundle.format_pattern(pattern, fluent_args)
        if errors:
            what = f"{key}.{attr}" if attr else key
            raise MessageError(f"[{self.lang}] {what}: " + "; ".join(str(e) for e in errors))
        for marker, long_text in long_texts.items():
            text = text.replace(marker, long_text)
        for pattern, joined in self.contractions:
            text = pattern.sub(joined, text)
        return text

    def _contractions(self) -> list[tuple[re.Pattern, str]]:
        """The language's obligatory contractions (French "à le" → "au", Spanish "de el" →
        "del"), from the package's phrase table's `grammar-contractions` ("à le=au; de le=du"):
        a phrase put together from parts ("is more than" + "the coins") then reads as it must.
        Read from the package's own file only: a game's locale file cannot add patterns."""
        entry = self.parsed[0].messages.get("grammar-contractions") if self.parsed else None
        if not isinstance(entry, FTL.Message) or entry.value is None:
            return []
        text = "".join(e.value for e in entry.value.elements if isinstance(e, FTL.TextElement))
        out = []
        for pair in text.split(";")[:MAX_CONTRACTIONS]:
            loose, _, joined = pair.partition("=")
            if loose.strip() and joined.strip():
                out.append((re.compile(rf"(?<!\w){re.escape(loose.strip())}(?!\w)"), joined.strip()))
        return out

    def __call__(self, msg_id: str, /, **args: Any) -> str:
        return self.format(msg_id, None, args)

    def attr(self, msg_id: str, attr: str, /, **args: Any) -> str:
        return self.format(msg_id, attr, args)

    def maybe_attr(self, key: str, attr: str, default: str | None = None) -> str | None:
        """A plain attribute (no variables), e.g. a noun's grammatical gender."""
        if self.has(key, attr):
            return self.format(key, attr, {})
        return default

    # ------------------------------------------------------------ helpers
    def join(self, items: list[str], conj: str = "and") -> str:
        items = [i for i in items if i]
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        head = self("ui-list-sep").join(items[:-1])
        return self(f"ui-list-{conj}", first=head, last=items[-1])


# Fluent refuses a placeable longer than 1,000 characters (a guard against messages that expand
# themselves). A long argument is legitimate here: the phrase for a 300-term condition of a rule
# file. Such texts go through Fluent as short markers and are put back after formatting.
LONG_ARGUMENT = 500


def _held_back(args: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The arguments with every text over LONG_ARGUMENT characters replaced by a marker, and the
    texts by marker. Markers are made of a private-use character; when an argument holds that
    character itself, nothing is held back (and Fluent's own limit applies)."""
    held: dict[str, str] = {}
    out = {}
    if any(isinstance(value, str) and "\ue000" in value for value in args.values()):
        return args, held
    for name, value in args.items():
        if isinstance(value, str) and len(value) > LONG_ARGUMENT:
            marker = f"\ue000{len(held)}\ue001"
            held[marker] = value
            value = marker
        out[name] = value
    return out, held


def _fluent_args(args: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in args.items():
        if isinstance(v, bool):
            out[k] = "true" if v else "false"
        elif v is None:
            out[k] = "none"
        else:
            out[k] = v
    return out


def shipped_languages(root: Path) -> tuple[str, ...]:
    """The languages a game ships messages in (a `locales/<lang>/` folder of its own), in
    LANGUAGES order: a summary in another language falls back to the rule files' own titles."""
    folder = Path(root) / LOCALES_DIR
    return tuple(lang for lang in LANGUAGES if (folder / lang).is_dir())


def rule_locale_files(root: Path, lang: str, stems: list[str]) -> list[Path]:
    """The existing `.ftl` files for these rule sources (game, modules, variant), in order."""
    folder = root / LOCALES_DIR / lang
    return [folder / f"{stem}.ftl" for stem in stems if (folder / f"{stem}.ftl").is_file()]


def say_key(message: str) -> str:
    """The locale's id for a `say` message of the rules: `say-` and the message's words joined
    by hyphens ("the bag is empty" -> say-the-bag-is-empty)."""
    return "say-" + "-".join(re.findall(r"[a-z0-9]+", message.lower()))
