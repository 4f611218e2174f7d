"""Dataclasses made without compiling code at import (start-up, issue 13).

`dataclasses.dataclass` writes each class's __init__, __repr__, __eq__, __hash__ (and, frozen,
__setattr__ and __delattr__) as Python source and compiles it when the class is defined: some 4
million instructions for a frozen class of four fields, which over the classes `ratdsl simulate`
imports was a tenth of its start-up. `record` makes the same dataclasses (`dataclasses.fields`,
`replace`, `asdict`, `__match_args__` work as ever) with `dataclass` doing everything but those
methods: __init__ is compiled from the same fields when the class is first constructed (an
object that is unpickled is never constructed), and equality, hashing, repr and the refusal to
change a frozen object are written once here over each class's field names.
tests/test_records.py holds a record to what `dataclass` makes of the same class.
"""

from __future__ import annotations

from dataclasses import MISSING, FrozenInstanceError, dataclass, fields
from operator import attrgetter
from typing import Any

_FACTORY = "_factory_"  # a parameter's default that says "call the field's default factory"


def record(cls: type | None = None, /, *, frozen: bool = False, eq: bool = True, repr: bool = True):
    """`@record` or `@record(frozen=True, eq=False)`: as `@dataclass` with the same arguments."""
    def wrap(cls: type) -> type:
        return _make(cls, frozen, eq, repr)

    return wrap if cls is None else wrap(cls)


def _make(cls: type, frozen: bool, eq: bool, with_repr: bool) -> type:
    documented = cls.__doc__ is not None
    if not documented:
        cls.__doc__ = cls.__name__  # (dataclass would ask `inspect` for a signature: completed below)
    own = cls.__dict__  # (a class that defines __eq__ alone gets __hash__ = None from Python: not its own)
    own_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    dataclass(init=False, repr=False, eq=False)(cls)
    check_fields(cls)
    if not documented:
        cls.__doc__ = signature_doc(cls)
    cls.__init__ = lazy_init(cls)
    if "__signature__" not in cls.__dict__:
        cls.__signature__ = FieldSignature()
    shown = tuple(f.name for f in fields(cls) if f.repr)
    if with_repr and "__repr__" not in cls.__dict__:
        cls.__repr__ = lambda self: f"{self.__class__.__qualname__}(" + ", ".join(
            f"{name}={getattr(self, name)!r}" for name in shown) + ")"
    if eq:
        key = _key([f.name for f in fields(cls) if f.compare])
        if "__eq__" not in cls.__dict__:
            def __eq__(self: Any, other: Any) -> Any:
                if other.__class__ is self.__class__:
                    return key(self) == key(other)
                return NotImplemented
            cls.__eq__ = __eq__
        if frozen and not own_hash:
            cls.__hash__ = lambda self: hash(key(self))
        elif not own_hash:
            cls.__hash__ = None  # (as dataclass: equal by value and changeable, so not hashable)
    if frozen:
        names = frozenset(f.name for f in fields(cls))

        def __setattr__(self: Any, name: str, value: Any) -> None:
            if type(self) is cls or name in names:
                raise FrozenInstanceError(f"cannot assign to field {name!r}")
            super(cls, self).__setattr__(name, value)

        def __delattr__(self: Any, name: str) -> None:
            if type(self) is cls or name in names:
                raise FrozenInstanceError(f"cannot delete field {name!r}")
            super(cls, self).__delattr__(name)

        cls.__setattr__, cls.__delattr__ = __setattr__, __delattr__
    return cls


def _key(names: list[str]):
    """A function of an object giving what equality and hashing compare: its fields' values."""
    if not names:
        return lambda self: ()
    get = attrgetter(*names)
    return (lambda self: (get(self),)) if len(names) == 1 else get


def check_fields(cls: type) -> None:
    """What dataclass refuses when it writes __init__, refused when the class is made."""
    if any(f.name == "self" for f in fields(cls)):
        raise TypeError(f"{cls.__name__}: a field may not be called 'self'")
    positional = [f for f in fields(cls) if f.init and not f.kw_only]
    for before, after in zip(positional, positional[1:]):
        if _has_default(before) and not _has_default(after):
            raise TypeError(f"{cls.__name__}: non-default argument {after.name!r} follows default argument")


def signature_doc(cls: type) -> str:
    """The docstring dataclass gives a class without one, without the annotations (which it asks
    `inspect` for): `Name(a, b, *, c=...)`."""
    parameters = [f.name for f in fields(cls) if f.init and not f.kw_only]
    keyword = [f"{f.name}=..." if _has_default(f) else f.name for f in fields(cls) if f.init and f.kw_only]
    return f"{cls.__name__}({', '.join(parameters + (['*', *keyword] if keyword else []))})"


class _ShownFactory:
    def __repr__(self) -> str:
        return "<factory>"  # (as dataclass shows a default made by a factory: not made to be shown)


_SHOWN_FACTORY = _ShownFactory()


class FieldSignature:
    """`cls.__signature__` of a record: the parameters its __init__ takes (the lazy __init__
    itself shows `(*args, **kwargs)` to `inspect` and `help`), worked out when first asked for,
    so that defining a record never imports `inspect`."""

    def __get__(self, obj: Any, owner: type) -> Any:
        import inspect

        P = inspect.Parameter
        parameters = []
        for f in fields(owner):
            if not f.init:
                continue
            default = (f.default if f.default is not MISSING else
                       P.empty if f.default_factory is MISSING else _SHOWN_FACTORY)
            kind = P.KEYWORD_ONLY if f.kw_only else P.POSITIONAL_OR_KEYWORD
            parameters.append(P(f.name, kind, default=default, annotation=f.type))
        return inspect.Signature(parameters, return_annotation=None)


def _has_default(f: Any) -> bool:
    return f.default is not MISSING or f.default_factory is not MISSING


def lazy_init(cls: type) -> Any:
    """`cls.__init__` until the first object of `cls`: compiles the class's own, puts it in its
    place and runs it. (One for each class: a subclass's own __init__ may call it with super().)"""
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init = compile_init(cls)
        cls.__init__ = init
        init(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.compiled_on_first_use = True  # type: ignore[attr-defined]
    return __init__


def compile_init(cls: type) -> Any:
    """`cls.__init__` as `dataclass` writes it: each field a parameter (keyword-only ones after
    `*`) with its default or default factory, a field that is not a parameter set from its factory,
    then __post_init__ if the class has one; stored with object.__setattr__ where the class
    refuses assignment (frozen), else assigned."""
    positional, keyword, body = [], [], []
    refuses = cls.__setattr__ is not object.__setattr__
    store = "_set(self, {name!r}, {value})" if refuses else "self.{name} = {value}"
    namespace: dict[str, Any] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    for f in fields(cls):
        value = f.name
        if f.default_factory is not MISSING:
            namespace[f"_make_{f.name}"] = f.default_factory
            value = (f"_make_{f.name}() if {f.name} is _FACTORY else {f.name}" if f.init
                     else f"_make_{f.name}()")
        elif f.default is not MISSING:
            namespace[f"_default_{f.name}"] = f.default  # (without a parameter: the class attribute's)
        if f.init:
            parameter = f.name
            if f.default_factory is not MISSING:
                parameter += "=_FACTORY"
            elif f.default is not MISSING:
                parameter += f"=_default_{f.name}"
            (keyword if f.kw_only else positional).append(parameter)
        elif value == f.name:
            continue  # (no parameter and no default: left unset, as dataclass does)
        body.append(f"    {store.format(name=f.name, value=value)}\n")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()\n")
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    exec(f"def __init__({signature}) -> None:\n{''.join(body) or '    pass'}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init
