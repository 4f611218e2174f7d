"""The flat target's generated modules kept on disk, so that a `simulate` after the first one plays
on the flat target from its first game instead of generating the module again (issue 13,
start-up).

An entry holds what FlatModule.__init__ leaves behind, made once: the compiled code of the
generated source (marshal), the data of its namespace (constants, the empty state, the tables of
the layout) and the few facts of the generator a game reads (generator.py). Loading one runs that
code, so an entry is trusted exactly as a cached AST is (language/cache.py): it is read only from
this user's cache folder, which nobody else can write, and only from a regular file (not a link)
that this user owns and nobody else can write, checked on the opened file; it is written whole (a
private temporary file, then a rename). An entry from another user's cache, a shared folder or a
link is never executed: the module is generated again.

An entry is found by a key of everything the module is made from: the rule set's declarations,
the option values, the table size, and the package's fingerprint (language/cache.py: ratdsl's
version, the Python version, whose marshal format is its own, and the size and time of every
module of the package, so any change to the engine misses the cache). The declarations are keyed
by what the loader made them from (RuleSet.digest: the parser's code and grammar, the game folder,
each file's path and the digest of the text it parsed), which costs no walk over them; rules that
the loader did not make, or that changed after it made them, are keyed by their pickle (spans and
files included), some 10 ms for the bundled game. An entry that cannot be read, has not the
expected shape, or fails while it is rebuilt is passed over, and the module is generated again.
"""

from __future__ import annotations

import hashlib
import io
import marshal
import pickle
import sys
from collections import OrderedDict
from types import FunctionType, MethodType, SimpleNamespace
from typing import Any
from weakref import WeakKeyDictionary

from ...language import cache as disk
from ...semantics.definition import GameDef

FORMAT = 3  # the entry's layout below; bumped when it changes
# The generator's facts a game reads after the module is made (game.py, FlatModule.reset/_flush).
GEN_FACTS = ("reading_start", "pile_names", "player_pile_names", "fired_keys", "metrics", "int_locals",
             "blame_sites")
# FlatModule's own attributes that are data (the others are the namespace, the generator, the
# rules, and functions found again in the namespace).
MODULE_DATA = ("players", "layout", "var_init", "pvar_init", "var_types", "pvar_types", "steps", "setup",
               "phases", "round_end", "source", "reveal")


def entry_name(d: GameDef, players: int) -> str | None:
    """The cache entry's file name for these rules at this table size (None: no key can be made)."""
    engine = disk.package_fingerprint()
    if engine is None:
        return None
    read = d.ruleset.digest() if d.game is d.ruleset.game else None
    try:
        options = canonical_pickle(sorted(d.option_values.items()))
        rules = read.encode() if read is not None else canonical_pickle((d.game, d.ruleset.decls))
    except (pickle.PickleError, TypeError, AttributeError, RecursionError, ValueError):
        return None
    h = hashlib.sha256(f"flat {FORMAT}\0{engine}\0{sys.implementation.cache_tag}\0{players}\0".encode())
    h.update(f"{'read' if read is not None else 'decls'}\0{len(options)}\0".encode())
    h.update(options)
    h.update(rules)
    return f"flat-{h.hexdigest()[:32]}.pickle"


def canonical_pickle(value: Any) -> bytes:
    """The pickle of `value` with every object written out where it occurs (no memo): equal
    declarations give equal bytes whether they were just parsed (where equal strings may be one
    object or several) or read back from the parse cache."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # (no memo: a tree's bytes no longer depend on which of its parts are shared)
    pickler.dump(value)
    return out.getvalue()


_NAMES: WeakKeyDictionary[GameDef, dict[int, str | None]] = WeakKeyDictionary()  # entry names, by size


def _name(d: GameDef, players: int) -> str | None:
    names = _NAMES.setdefault(d, {})
    if players not in names:
        names[players] = entry_name(d, players)
    return names[players]


def from_the_first_game(d: GameDef, players: int) -> bool:
    """Whether `simulate` should play on the flat target from its first game: the module comes
    from the cache, or is generated now and kept there for every later run (with no usable cache,
    generating it pays only after some games: simulation/runner.py's FLAT_AFTER)."""
    return disk.usable() and _name(d, players) is not None


def load_or_make(d: GameDef, players: int):
    """The flat module of these rules at this table size: from the cache when a good entry is
    there, else generated (and kept). Raises Unsupported as FlatModule does (and keeps that too:
    rules the target has no form for are not generated again in every run)."""
    from .generator import FlatModule
    from .tags import Unsupported

    name = _name(d, players)
    if name is not None:
        for data, kept in ((disk.load_bytes(name), True), (_MADE.get(name), False)):
            if data is None:
                continue
            module = _rebuild(FlatModule, d, players, data)
            if module is not None and not kept:
                disk.store_bytes(name, data)  # (the disk had no good entry: it gets this one)
            if isinstance(module, Unsupported):
                raise module
            if module is not None:
                return module
    try:
        module = FlatModule(d, players)
    except Unsupported as why:
        if name is not None:
            _keep_unsupported(name, why)
        raise
    if name is not None:
        data = _entry(module)
        if data is not None:
            _remember(name, data)
            disk.store_bytes(name, data)
    return module


# The entries this process made, by name (a hash of the package's code and the rules): a program
# that builds the same rules again where the disk holds no good entry (the Python API, a test
# suite, a folder with no usable cache) rebuilds them from these bytes without generating them
# again, and writes them where the disk's entry was missing or bad. Made here, never read from
# anywhere: trusted as the code that made them.
_MADE: OrderedDict[str, bytes] = OrderedDict()
_MADE_KEPT = 24


def _remember(name: str, data: bytes) -> None:
    _MADE[name] = data
    _MADE.move_to_end(name)
    if len(_MADE) > _MADE_KEPT:
        _MADE.popitem(last=False)


def _keep_unsupported(name: str, why: Exception) -> None:
    try:
        data = pickle.dumps({"format": FORMAT, "unsupported": (why.node, why.why)},  # type: ignore[attr-defined]
                            protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PickleError, TypeError, AttributeError, RecursionError):
        return
    _remember(name, data)
    disk.store_bytes(name, data)


def _entry(m: Any) -> bytes | None:
    """The bytes kept for a freshly made module, or None when some part cannot be kept."""
    code = compile(m.source, _filename(m), "exec")
    ns: dict[str, Any] = {}
    methods: dict[str, str] = {}
    try:
        made = set(_made_by_support(m.layout, m.ns))
    except (KeyError, TypeError, AttributeError):
        return None
    for key, value in m.ns.items():
        if key == "__builtins__" or key in made or key == "ON_REVEAL":
            continue
        if isinstance(value, MethodType) and value.__self__ is m:
            methods[key] = value.__func__.__name__
        elif isinstance(value, FunctionType) and value.__code__.co_filename == code.co_filename:
            continue  # made again by running the code
        elif isinstance(value, FunctionType) and "<locals>" in value.__qualname__:
            return None  # a closure made some other way: it could not be made again
        else:
            ns[key] = value
    data = {
        "format": FORMAT,
        "code": marshal.dumps(code),
        "ns": ns,
        "methods": methods,
        "module": {a: getattr(m, a) for a in MODULE_DATA},
        "gen": {a: getattr(m.gen, a) for a in GEN_FACTS},
    }
    try:
        return pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PickleError, TypeError, AttributeError, RecursionError):
        return None


def _rebuild(cls: type, d: GameDef, players: int, data: bytes) -> Any | None:
    """The module an entry holds (or the Unsupported it keeps), or None when the entry is not one
    this code could have written."""
    try:
        entry = pickle.loads(data)
        if not isinstance(entry, dict) or entry.get("format") != FORMAT:
            return None
        if "unsupported" in entry:
            from .tags import Unsupported

            node, why = entry["unsupported"]
            return Unsupported(node, why) if isinstance(why, str) else None
        m = cls.__new__(cls)
        m.d = d
        for attr, value in entry["module"].items():
            if attr not in MODULE_DATA:
                return None
            setattr(m, attr, value)
        if m.players != players:
            return None
        m.gen = SimpleNamespace(**{a: entry["gen"][a] for a in GEN_FACTS})
        m._matching = {}
        ns = dict(entry["ns"])
        ns.update({key: getattr(m, method) for key, method in entry["methods"].items()})
        ns.update(_made_by_support(m.layout, ns))
        code = marshal.loads(entry["code"])
        exec(code, ns)  # the code generated from the rules, from this user's own cache (see above)
        m.bind(ns)
        return m
    except Exception:  # noqa: BLE001 - a bad entry is passed over: the module is generated again
        return None


def _made_by_support(layout: Any, ns: dict[str, Any]) -> dict[str, Any]:
    """The functions FlatModule.__init__ has support.py's factories make for a module (closures,
    which are not kept but made again, over the rebuilt namespace's own lists). A closure of the
    namespace missing here makes `_entry` keep nothing (tests/test_flat_cache.py says so)."""
    from .support import make_limits, make_zone_readers

    return {**make_zone_readers(tuple(layout.kinds)), **make_limits(ns["ST"], ns["CR"])}


def _filename(m: Any) -> str:
    return f"<flat {m.d.game.name} {m.players}p>"
