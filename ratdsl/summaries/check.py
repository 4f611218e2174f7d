"""`ratdsl i18n check`: are a game's translations complete, used and well formed?

For every language it reads the game's `locales/<lang>/<source>.ftl` files (the game, each
module in modules/, each variant) and the package's own `structure.ftl`, and reports:

    missing    an element of the rules has no message (or lacks a required attribute, such as a
               card's .text or a noun's .gender in a language with genders)
    unused     a message (or attribute) that no rule element has: a typo, or a renamed element
    malformed  a file Fluent cannot parse, a message that fails to format with the values the
               summary gives it (an unknown variable or message), an invalid grammar value, a
               number typed into a text, as digits or as a word ("two", "zwei", "dos", "deux"):
               every number a rule can change must come from the rules as a variable ($n1,
               $KIND, ...), or the text goes stale when the rule changes; or the name of a kind
               of a group (a colour of counters) in the text of an element whose rules do not name it.
               Option titles and readings are exempt: they repeat the rule file's own title.
               A word that means something else where it stands ("weiß" from "wissen") is
               allowed by a comment on its message: `# i18n-allow: weiß (why)`

Variants only need messages for the elements they add: an element a variant changes keeps the
game's title, and its text falls back to the generic renderer unless the variant's own file
gives one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from fluent.syntax import ast as FTL

from ..language import ast as A
from ..language.loader import RULE_SUFFIX, available_modules
from ..language.parser import parse_file
from ..semantics.definition import GameDef
from ..session import load_rules
from .builder import Summary
from .elements import BASE_SOURCE, Element, Registry
from .facts import called_by
from .messages import (
    LANGUAGES,
    LOCALES_DIR,
    PACKAGE_LOCALES,
    STRUCTURE_FILE,
    line_of,
    parse_ftl,
    say_key,
    shipped_languages,
)

# Attributes any message of this kind may carry beyond the required ones.
OPTIONAL_ATTRS = {
    "zone": {"gender", "prep", "elision", "short", "animate"},
    "pile": {"gender", "prep", "elision", "short", "animate"},
    "kind": {"gender", "prep", "elision", "short", "animate"},
    "const": {"gender", "prep", "elision", "short", "text", "animate"},
    "var": {"gender", "prep", "elision", "short", "text", "animate"},
    "func": {"text", "title"},  # (title: the heading of its text under a phase, builder.explained_funcs)
    "rule": {"call"},
    "table": {"var", "gender"},
    "module": {"text"},
    "card": {"text"},
    "variant": {"text"},
}
NOUN_COUNTS = (1, 2, 5, "one", "other")
NOUN_FORMS = ("bare", "def", "dat", "gen", "acc", "prep", "indef", "gender")


@dataclass
class Finding:
    lang: str
    file: Path
    line: int
    kind: str  # missing, unused, malformed
    key: str
    message: str

    def render(self, root: Path | None = None) -> str:
        file = self.file
        if root is not None:
            try:
                file = self.file.relative_to(root)
            except ValueError:
                pass
        where = f"{file}:{self.line}" if self.line else str(file)
        return f"{where}: {self.kind}: {self.key}: {self.message}"


@dataclass
class Source:
    name: str
    definition: GameDef
    variant: bool = False


def _sources(root: Path) -> list[Source]:
    out = [Source(BASE_SOURCE, load_rules(root))]
    for module in available_modules(root):
        out.append(Source(module, load_rules(root, [module])))
    for path in sorted(root.rglob("*" + RULE_SUFFIX)):
        if path.parent == root or path.parent == root / "modules":
            continue
        try:
            program = parse_file(path)
        except Exception:  # noqa: BLE001 - a broken rule file is `ratdsl check`'s business
            continue
        if any(isinstance(d, A.VariantHeader) for d in program.decls):
            out.append(Source(path.stem, load_rules(path), variant=True))
    return out


def check_locales(root: Path, langs: tuple[str, ...] | None = None) -> list[Finding]:
    """Every finding in these languages; by default the languages the game ships (a language
    it has no folder for is not a defect, only a summary that falls back to the rules' titles)."""
    root = Path(root)
    if langs is None:
        langs = shipped_languages(root)
    findings = check_structure(langs)
    sources = _sources(root)
    known: dict[str, set[str]] = {}  # keys owned by the game and its modules
    for src in sources:
        if not src.variant:
            known.setdefault("all", set()).update(
                e.key for e in Registry(src.definition).elements.values())
    for lang in langs:
        for src in sources:
            findings += _check_source(root, lang, src, known.get("all", set()))
    return findings


def check_structure(langs: tuple[str, ...] = LANGUAGES) -> list[Finding]:
    """The package's phrase tables: every language has exactly the English ids."""
    findings: list[Finding] = []
    reference = parse_ftl(PACKAGE_LOCALES / "en" / STRUCTURE_FILE)
    for lang in langs:
        path = PACKAGE_LOCALES / lang / STRUCTURE_FILE
        if not path.is_file():
            findings.append(Finding(lang, path, 0, "missing", STRUCTURE_FILE, "no phrase table"))
            continue
        parsed = parse_ftl(path)
        for j in parsed.junk:
            findings.append(Finding(lang, path, j.line, "malformed", "-", j.message))
        for key in reference.messages:
            if key not in parsed.messages and not key.startswith("-"):
                findings.append(Finding(lang, path, 0, "missing", key, "phrase missing"))
        for key, entry in parsed.messages.items():
            if key not in reference.messages and not _is_helper(key):
                findings.append(Finding(lang, path, line_of(parsed, entry), "unused", key,
                                        "not in the English phrase table"))
    return findings


def _is_helper(key: str) -> bool:
    """Grammar helpers a language defines for its own phrases (articles, case endings)."""
    return key.startswith("-") or key[:2] in ("g-", "f-", "e-")


def _check_source(root: Path, lang: str, src: Source, base_keys: set[str]) -> list[Finding]:
    findings: list[Finding] = []
    path = root / LOCALES_DIR / lang / f"{src.name}.ftl"
    summary = Summary(src.definition, lang, strict=False)
    reg = summary.reg
    elements = [e for e in reg.elements.values() if e.source == src.name]
    optional: dict[str, Element] = {}  # a variant may retell what it changes (its own title and text)
    if src.variant:
        optional = {e.key: e for e in elements if e.key in base_keys}
        elements = [e for e in elements if e.key not in base_keys]
    hook_keys = _loose_keys(summary, src.name)
    if not path.is_file():
        if elements:
            findings.append(Finding(lang, path, 0, "missing", "*",
                                    f"no message file: {len(elements)} element(s) have no text"))
        return findings
    parsed = parse_ftl(path)
    for j in parsed.junk:
        findings.append(Finding(lang, path, j.line, "malformed", "-", j.message))
    kind_words = _kind_words(summary)
    noun_attrs = _grammar(summary, "grammar-noun-attributes")
    genders = _grammar(summary, "grammar-genders")
    by_key = {e.key: e for e in elements}
    for el in elements:
        entry = parsed.messages.get(el.key)
        if entry is None:
            findings.append(Finding(lang, path, 0, "missing", el.key, _what(el)))
            continue
        line = line_of(parsed, entry)
        if entry.value is None:
            findings.append(Finding(lang, path, line, "missing", el.key, "the message has no value"))
        attrs = {a.id.name for a in entry.attributes}
        required = set(el.attrs) if not src.variant else set()
        if el.is_noun:
            required |= noun_attrs
        for attr in sorted(required - attrs):
            findings.append(Finding(lang, path, line, "missing", f"{el.key}.{attr}", _attr_what(attr)))
        allowed = set(el.attrs) | OPTIONAL_ATTRS.get(el.kind, set()) | noun_attrs
        for attr in sorted(attrs - allowed):
            findings.append(Finding(lang, path, line, "unused", f"{el.key}.{attr}",
                                    f"a {el.kind} message has no .{attr}"))
        if "gender" in attrs and genders:
            value = summary.m.maybe_attr(el.key, "gender")
            if summary.m.origin.get(el.key) == path and value not in genders:
                findings.append(Finding(lang, path, line, "malformed", f"{el.key}.gender",
                                        f"{value!r} is not one of {', '.join(sorted(genders))}"))
        if summary.m.origin.get(el.key) == path:
            findings += _format_all(summary, el, entry, lang, path, line)
            if not el.kind.startswith("option"):
                findings += _typed_numbers(entry, lang, path, line)
                findings += _typed_kinds(summary, el, entry, lang, path, line, kind_words)
    for key, entry in parsed.messages.items():
        if key.startswith("-") or key in by_key or key in hook_keys:
            continue
        if key in optional:
            if summary.m.origin.get(key) == path:
                line = line_of(parsed, entry)
                findings += _format_all(summary, optional[key], entry, lang, path, line)
                findings += _typed_numbers(entry, lang, path, line)
                findings += _typed_kinds(summary, optional[key], entry, lang, path, line, kind_words)
            continue
        findings.append(Finding(lang, path, line_of(parsed, entry), "unused", key,
                                "no rule element has this id" + _near(key, by_key)))
    return findings


TYPED_NUMBER = re.compile(r"(?<![\w$])\d+(?![\w])")


def _typed_numbers(entry: FTL.Message, lang: str, path: Path, line: int) -> list[Finding]:
    """Numbers written in the text of a message (its value, attributes and every variant of a
    selector), as digits or as words ("two", "zwei", "dos", "deux", "twice"), which would not
    follow a change to the rules. A word is allowed in the variant that selects its number
    (`[2] pairs`, `[one] one piece`). "One" is not looked for: in German, Spanish and French it is
    also the indefinite article, and in English a pronoun ("one of them")."""
    out: list[Finding] = []
    words = {w: n for w, n in NUMBER_WORDS.get(lang, {}).items() if w not in _allowed_words(entry)}
    patterns = ([(None, entry.value)] if entry.value else []) + [(a.id.name, a.value) for a in entry.attributes]
    for attr, pattern in patterns:
        for text, allowed in _pattern_texts(pattern):
            found = TYPED_NUMBER.search(text)
            word = next((w for w in _words(text) if w in words and words[w] not in allowed), None)
            if found or word:
                what = f"{entry.id.name}.{attr}" if attr else entry.id.name
                typed = f"the number {found.group()}" if found else f"the number word “{word}” ({words[word]})"
                out.append(Finding(lang, path, line, "malformed", what,
                                   f"{typed} is typed into the text; take it from the rules "
                                   "as a variable ($n1, $KIND, ...) so that it follows them"))
                break
    return out


def _typed_kinds(summary: Summary, el: Element, entry: FTL.Message, lang: str, path: Path, line: int,
                 kind_words: dict[str, str]) -> list[Finding]:
    """Names of token kinds written into the text of an element whose rules never name that
    kind: the text says what the rules do not, and goes stale when a rule changes its kind
    (a card that gives red instead of blue). Only kinds that are one of a group (`const
    coins = [gold, silver, ...]`) are looked for, in the words of their short names (colours):
    those are the ones a rule swaps for another. Looked at: the texts of elements (.text,
    .summary) and the phrases of functions, not names and titles. The kinds an element names are
    those in its own rules and in the rules and functions it calls."""
    node = el.node if isinstance(el.node, A.Node) else None
    if node is None or not kind_words or el.is_noun:
        return []
    named = _kinds_named(summary.d, node)
    allowed_words = _allowed_words(entry)
    out: list[Finding] = []
    patterns = [(a.id.name, a.value) for a in entry.attributes if a.id.name in ("text", "summary")]
    if el.kind == "func" and entry.value is not None:
        patterns.insert(0, (None, entry.value))
    for attr, pattern in patterns:
        for text, _allowed in _pattern_texts(pattern):
            word = next((w for w in _words(text) if w in kind_words and kind_words[w] not in named
                         and w not in allowed_words), None)
            if word:
                what = f"{entry.id.name}.{attr}" if attr else entry.id.name
                out.append(Finding(lang, path, line, "malformed", what,
                                   f"“{word}” names the kind {kind_words[word]}, which the rules of this "
                                   "element do not name: say what the rules say, or, if the word means "
                                   f"something else here, add the comment `# i18n-allow: {word}`"))
                break
    return out


def _kinds_named(d: GameDef, node: A.Node) -> set[str]:
    """The kinds the rules of node name; a group named names each of its kinds, and a group
    whose kinds are all named but one names that one too (the last branch of an if-chain)."""
    nodes = [node] + [callee for _name, callee in called_by(d, node)]
    names = {n.id for top in nodes for n in A.walk(top) if isinstance(n, A.Name)}
    kinds = {k for k in names if k in d.kinds}
    for group in _kind_groups(d).items():
        name, members = group
        if name in names or len(members - kinds) == 1:
            kinds |= members
    return kinds


def _kind_groups(d: GameDef) -> dict[str, set[str]]:
    """Constants that list token kinds (`const coins = [gold, silver, copper]`)."""
    groups = {}
    for name, const in d.consts.items():
        if isinstance(const.value, A.ListLit) and const.value.items and all(
                isinstance(i, A.Name) and i.id in d.kinds for i in const.value.items):
            groups[name] = {i.id for i in const.value.items}
    return groups


ALLOW = re.compile(r"i18n-allow:\s*([^(\n]+)")


def _allowed_words(entry: FTL.Message) -> set[str]:
    """Words a message's comment allows (`# i18n-allow: two, weiß`): a number word that counts
    statements rather than a number of the rules, a colour word that means something else."""
    if entry.comment is None:
        return set()
    found = ALLOW.search(entry.comment.content)
    return {w.strip().lower() for w in found.group(1).split(",")} if found else set()


def _kind_words(summary: Summary) -> dict[str, str]:
    """Each word of the short name of a kind in a group, in this language (every count), lower
    case → the kind; a word two kinds share is left out."""
    words: dict[str, set[str]] = {}
    grouped = set().union(*_kind_groups(summary.d).values()) if _kind_groups(summary.d) else set()
    for kind in sorted(grouped):
        key = f"kind-{kind}"
        if not summary.m.has(key, "short"):
            continue
        for count in (1, 5, "adj", "one", "other"):
            try:
                text = summary.m.attr(key, "short", count=count)
            except Exception:  # noqa: BLE001 - a malformed .short is reported by _format_all
                continue
            for w in _words(text):
                words.setdefault(w, set()).add(kind)
    return {w: next(iter(k)) for w, k in words.items() if len(k) == 1}


WORD = re.compile(r"[^\W\d_]+(?:[-’'][^\W\d_]+)*")


def _words(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]


# Number words from two to twelve (and "twice"), lower case → the number they say.
NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12, "twice": 2, "thrice": 3},
    "de": {"zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9,
           "zehn": 10, "elf": 11, "zwölf": 12, "zweimal": 2, "dreimal": 3},
    "es": {"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
           "diez": 10, "once": 11, "doce": 12},
    "fr": {"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9,
           "dix": 10, "onze": 11, "douze": 12},
}


def _pattern_texts(pattern: FTL.Pattern, allowed: frozenset = frozenset()):
    """The texts of a pattern, each with the numbers its variant selects (`[2]`, `[one]` → 1)."""
    for element in pattern.elements:
        if isinstance(element, FTL.TextElement):
            yield element.value, allowed
        elif isinstance(element, FTL.Placeable) and isinstance(element.expression, FTL.SelectExpression):
            for variant in element.expression.variants:
                yield from _pattern_texts(variant.value, allowed | _selected(variant.key))
        elif isinstance(element, FTL.Placeable) and isinstance(element.expression, FTL.Placeable):
            yield from _pattern_texts(FTL.Pattern([element.expression]), allowed)


def _selected(key) -> frozenset:
    if isinstance(key, FTL.NumberLiteral):
        try:
            return frozenset({int(key.value)})
        except ValueError:
            return frozenset()
    if isinstance(key, FTL.Identifier) and key.name == "one":
        return frozenset({1})
    if isinstance(key, FTL.Identifier) and key.name == "two":
        return frozenset({2})
    return frozenset()


def _loose_keys(summary: Summary, source: str) -> set[str]:
    """Optional ids of hooks and modifiers outside cards: hook-TIME-RULE, modify-FUNC (-2, ...),
    and of the rules' `say` messages (say-MESSAGE)."""
    keys: set[str] = set()
    counter: dict[str, int] = {}
    for decl in summary.rs.decls:
        if summary.source(decl) == source:  # (the sentence a `say` of the rules is told in)
            keys |= {say_key(n.message) for n in A.walk(decl) if isinstance(n, A.Say)}
        if not isinstance(decl, (A.Hook, A.Modify)) or summary.source(decl) != source:
            continue
        base = f"hook-{decl.time}-{decl.name}" if isinstance(decl, A.Hook) else f"modify-{decl.name}"
        counter[base] = counter.get(base, 0) + 1
        keys.add(base if counter[base] == 1 else f"{base}-{counter[base]}")
    return keys


def _grammar(summary: Summary, key: str) -> set[str]:
    if not summary.m.has(key):
        return set()
    return set(summary.m(key).split())


def _format_all(summary: Summary, el: Element, entry: FTL.Message, lang: str, path: Path,
                line: int) -> list[Finding]:
    """Formats the message and each attribute the way the summary will; any error is a finding."""
    out: list[Finding] = []
    args = summary.args(el.node if isinstance(el.node, A.Node) else None)
    variants: list[dict] = [args]
    if el.is_noun:
        variants = [{**args, "count": c, "form": f} for c in NOUN_COUNTS for f in NOUN_FORMS]
    elif el.kind == "symbol":
        variants = [{**args, "count": c} for c in (1, 5)]
    elif el.kind in ("func", "rule") and isinstance(el.node, (A.Func, A.Rule)):
        params = {"case": "nom"}
        for p in el.node.params:
            params[p] = "x"
            for case in ("acc", "dat", "gen"):
                params[f"{p}_{case}"] = "x"
        variants = [{**args, **params}]
    attrs: list[str | None] = [None] + [a.id.name for a in entry.attributes]
    for attr in attrs:
        tries = variants
        if attr == "short":
            tries = [{**args, "count": c} for c in (1, 5, "adj")]
        elif attr in ("gender", "prep", "elision"):
            tries = [{}]
        for values in tries:
            try:
                summary.m.format(el.key, attr, values)
            except Exception as err:  # noqa: BLE001 - every formatting failure is a finding
                what = f"{el.key}.{attr}" if attr else el.key
                out.append(Finding(lang, path, line, "malformed", what, str(err).split("] ", 1)[-1]))
                break
    return out


def _what(el: Element) -> str:
    title = f" ({el.title})" if el.title else ""
    return f"no message for {el.kind} {el.key.split('-', 1)[-1]}{title}"


def _attr_what(attr: str) -> str:
    return {"text": "no text describing it", "summary": "no one-line summary",
            "gender": "no grammatical gender", "param": "no column heading for the table's key",
            "value": "no column heading for the table's values"}.get(attr, f"no .{attr}")


def _near(key: str, keys) -> str:
    import difflib

    close = difflib.get_close_matches(key, list(keys), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
