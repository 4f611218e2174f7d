"""Walks that type again only the declarations whose inputs changed: the inference (inference.py)
walks every declaration again and again until the kinds of parameters, variables, `let`s and piles
settle, and most declarations read none of what changed since the last walk. Typing one is a
function of what it reads, so one whose reads are all as they were gives what it gave: its record
of the last walk is replayed instead (the types and memos it made, the findings it noted, the
calls, `set`s and cards it put, in order), and the result is the one a full walk gives.

What a declaration reads from outside itself is noted as it is typed: the last walk's kinds
(parameters, variables' and `let`s' sets, piles), the types and memos other declarations made
before it (a func's body is typed by its first caller, and read by the others), locals that
others bound, and which `let`s a `set` changes. A declaration is typed again when one of them
differs now, or when a type or memo it made is made already (an earlier one, typed again, reached
it first, so this one would only read it). Cards put in piles are put again on replay (whether
they clash, E290, depends on the cards put before), and so are its calls (joined in order)."""

from __future__ import annotations

from itertools import islice
from typing import Any

from ..language import ast as A
from . import types as T

_ABSENT = object()
_WIDEN_DEPTH = 3  # lists in calls' kinds kept this deep once the kinds would not settle (inference.run)
_NONE: dict = {}  # (an empty record's, never written)
_MEMOS = ("results", "consts", "variables", "card_fields", "board_fields", "declared_vars")


class Record:
    """One declaration's walk: what it read, what it made, what it did."""

    __slots__ = ("reads", "hits", "created", "values", "type_reads", "local_reads", "memo_reads", "memos", "locals",
                 "ops", "keep", "wrote")

    def __init__(self) -> None:
        self.reads: dict[tuple, Any] = {}  # (what, key) -> the value read, of the last walk's kinds
        self.hits: list[int] = []  # the types it read that were made already (its own too, until it ends)
        self.type_reads: dict[int, Any] = _NONE  # and those another declaration made: node id -> type
        self.local_reads: dict[Any, Any] = {}  # the locals it read that others bound (or none did)
        self.created: list[int] = []  # the nodes it typed, in order
        self.values: list[Any] = []  # and their types
        self.memo_reads: dict[tuple[str, Any], Any] = {}  # (memo, key) -> value of another declaration's
        self.memos: dict[str, dict] = _NONE  # the memos it made, by memo, in order
        self.locals: dict = _NONE  # the locals it bound last
        self.ops: list[tuple] = []  # findings, calls, sets and cards put, in order
        self.keep: list[A.Node] = []
        self.wrote: set = set()  # the locals it bound (while it is typed)


class Locals(dict):
    """The locals, noting which ones the declaration being typed binds (and, for a body typed
    again for one call's kinds, typed_sites.py, what each one it binds was before)."""

    __slots__ = ("record", "saved")

    def __init__(self) -> None:
        super().__init__()
        self.record: Record | None = None
        self.saved: dict | None = None

    def __setitem__(self, key: Any, value: Any) -> None:
        if self.record is not None:
            self.record.wrote.add(key)
        if self.saved is not None and key not in self.saved:
            self.saved[key] = dict.get(self, key, _ABSENT)
        dict.__setitem__(self, key, value)

    def put_back(self) -> None:
        """The locals bound since `saved` was set as they were then."""
        for key, value in (self.saved or {}).items():
            if value is _ABSENT:
                dict.pop(self, key, None)
            else:
                dict.__setitem__(self, key, value)


class Replay:
    """Walks replaying unchanged declarations (a mixin of inference._Infer)."""

    form: Any
    decls: list
    locals: Any
    declared_vars: dict
    decl: Any
    calls: dict
    sets: dict
    let_sets: dict
    set_lets: set
    sites: dict
    was_set: dict
    was_let_set: dict
    loose: set
    final: bool
    raw_pile_type: Any
    note_site: Any
    raw_put_cards: Any

    journal: Record | None = None
    muted = False
    widening = False
    records: list[Record | None] | None = None
    memos: tuple
    memo_named: dict

    # ------------------------------------------------------------ the walk
    def walk_decls(self) -> None:
        if self.records is None:
            self.records = [None] * len(self.decls)
            self.memos = tuple(self.memo(name) for name in _MEMOS)  # (cleared, never replaced, walk by walk)
            self.memo_named = dict(zip(_MEMOS, self.memos))
        records = self.records
        for i, d in enumerate(self.decls):
            r = records[i]
            if r is not None and self.unchanged(r):
                self.replay(r)
            else:
                records[i] = self.typed(d)

    def memo(self, name: str) -> dict:
        return self.declared_vars if name == "declared_vars" else getattr(self.form, name)

    def typed(self, d: A.Decl) -> Record:
        """Types d, noting what it reads and does."""
        return self.recorded(lambda: self.decl(d))

    def recorded(self, run: Any) -> Record:
        r = Record()
        form = self.form
        memos = self.memos
        sizes = tuple(map(len, memos))
        kept = len(form._keep)
        self.journal = self.locals.record = r
        try:
            run()
        finally:
            self.journal = self.locals.record = None
        types = form.types
        created = r.created
        r.values = list(map(types.__getitem__, created))
        if r.hits:
            mine = set(created)
            r.type_reads = {k: types[k] for k in r.hits if k not in mine}
            r.hits = []
        if tuple(map(len, memos)) != sizes:
            r.memos = {name: dict(islice(memo.items(), size, None))
                       for name, memo, size in zip(_MEMOS, memos, sizes) if len(memo) > size}
            if r.memo_reads:
                r.memo_reads = {k: v for k, v in r.memo_reads.items() if k[1] not in r.memos.get(k[0], ())}
        if r.wrote:
            r.locals = {k: self.locals[k] for k in r.wrote}
            r.wrote = set()
        if len(form._keep) > kept:
            r.keep = form._keep[kept:]
        return r

    def unchanged(self, r: Record) -> bool:
        """Whether typing the declaration again would give what its record says (what changes
        most, the last walk's kinds, is looked at first)."""
        params, final = self.form.params, self.final
        for read, value in r.reads.items():
            if read[0] == "param":  # (the commonest: a func's or rule's parameters)
                now, was = params.get(read[1]), value[0]
                if now is not was and now != was or now is None and value[1] != final:
                    return False
            elif self.now(read) != value:
                return False
        memo = self.memo_named
        for (name, key), value in r.memo_reads.items():
            now = memo[name].get(key, _ABSENT)
            if now is not value and now != value:
                return False
        types = self.form.types
        if r.type_reads:
            get = types.get
            for key, value in r.type_reads.items():
                now = get(key, _ABSENT)
                if now is not value and now != value:
                    return False
        if r.local_reads:
            get = self.locals.get
            for key, value in r.local_reads.items():
                now = get(key, _ABSENT)
                if now is not value and now != value:
                    return False
        if not types.keys().isdisjoint(r.created):
            return False
        for name, made in r.memos.items():
            if not memo[name].keys().isdisjoint(made):
                return False
        return True

    def replay(self, r: Record) -> None:
        form = self.form
        form.types.update(zip(r.created, r.values))
        if r.memos:
            memo = self.memo_named
            for name, made in r.memos.items():
                memo[name].update(made)
        if r.locals:
            dict.update(self.locals, r.locals)
        if r.keep:
            form._keep += r.keep
        for op in r.ops:
            kind = op[0]
            if kind == "find":
                form.findings.append(op[1])
            elif kind == "call":
                self.note_site(op[1], op[2], op[3])
                self.join_call(op[1], op[3])
            elif kind == "var":
                self.join_var(op[1], op[2])
            elif kind == "let":
                self.join_let(op[1], op[2])
            else:
                self.raw_put_cards(op[1], op[2], op[3])

    # ------------------------------------------------------------ what is read
    def now(self, read: tuple) -> Any:
        """What a read of the record would read now."""
        what, key = read
        if what == "param":
            params = self.form.params.get(key)
            return params, self.final if params is None else None
        if what == "var":
            return key in self.loose, self.was_set.get(key, _ABSENT)
        if what == "setlet":
            return key in self.set_lets
        if what == "letset":
            return self.was_let_set.get(key, _ABSENT)
        return self.raw_pile_type(key)  # "pile"

    def read(self, what: str, key: Any, value: Any) -> None:
        """Notes a read of something outside the declaration being typed (the first one counts)."""
        r = self.journal
        if r is not None:
            r.reads.setdefault((what, key), value)

    def read_local(self, key: Any) -> Any:
        """A local (None: not bound, yet)."""
        value = self.locals.get(key, _ABSENT)
        r = self.journal
        if r is not None and key not in r.wrote:
            r.local_reads.setdefault(key, value)
        return None if value is _ABSENT else value

    def is_set_let(self, key: Any) -> bool:
        """Whether a `set` changes the `let` of this key (so far)."""
        inset = key in self.set_lets
        self.read("setlet", key, inset)
        return inset

    def memo_has(self, name: str, memo: dict, key: Any) -> bool:
        """Whether a memo holds key (one another declaration made is a read of it)."""
        if key not in memo:
            return False
        r = self.journal
        if r is not None:
            r.memo_reads.setdefault((name, key), memo[key])
        return True

    def op(self, *op: Any) -> None:
        r = self.journal
        if r is not None and not self.muted:
            r.ops.append(op)

    # ------------------------------------------------------------ what is done (and done again)
    def join_call(self, key: tuple[str, str], types: list) -> None:
        if self.widening:  # (kinds that did not settle: their lists cut to a depth, to settle them)
            types = [T.shallow(t, _WIDEN_DEPTH) for t in types]
        seen = self.calls.get(key)
        if seen is None:
            self.calls[key] = types
        else:
            self.calls[key] = [T.join(a, b) for a, b in zip(seen, types)] + seen[len(types):]

    def join_var(self, name: str, t: Any) -> None:
        self.sets[name] = T.join(self.sets[name], t) if name in self.sets else t

    def join_let(self, key: Any, t: Any) -> None:
        self.set_lets.add(key)
        self.let_sets[key] = T.join(self.let_sets[key], t) if key in self.let_sets else t
