"""ratdsl/records.py: `record` makes the dataclass `dataclass` makes of the same class (fields,
__init__, equality, hashing, repr, frozen objects), without compiling code when the class is made
(start-up, issue 13)."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import FrozenInstanceError, field

import pytest

from ratdsl import records
from ratdsl.records import record


def both(body: dict, **options):
    """The same class made by `dataclass` and by `record` with `options`."""
    def make(decorate):
        namespace = {k: (dataclasses.field(**v.kwargs) if isinstance(v, Field) else v) for k, v in body.items()}
        return decorate(type("Thing", (), namespace))

    return make(dataclasses.dataclass(**options)), make(record(**options))


class Field:
    def __init__(self, **kwargs):
        self.kwargs = kwargs


def hashed(one, same) -> object:
    """Whether two equal objects hash alike, or why they cannot be hashed."""
    try:
        return hash(one) == hash(same)
    except TypeError as err:
        return str(err)


BODY = {"__annotations__": {"a": "int", "b": "str", "c": "tuple", "d": "list", "e": "int", "f": "dict"},
        "b": "x", "c": (), "d": Field(default_factory=list), "e": Field(default=5, init=False),
        "f": Field(default_factory=dict, kw_only=True, compare=False, repr=False)}


@pytest.mark.parametrize("options", [{}, {"frozen": True}, {"eq": False}, {"frozen": True, "eq": False}],
                         ids=["plain", "frozen", "no-eq", "frozen-no-eq"])
def test_a_record_is_what_dataclass_makes(options):
    ref, mine = both(BODY, **options)
    assert dataclasses.is_dataclass(mine)
    assert [(f.name, f.init, f.compare, f.kw_only) for f in dataclasses.fields(mine)] == \
        [(f.name, f.init, f.compare, f.kw_only) for f in dataclasses.fields(ref)]
    shape = [(p.name, p.kind, p.default is inspect.Parameter.empty)
             for p in inspect.signature(records.compile_init(mine)).parameters.values()]
    assert shape == [(p.name, p.kind, p.default is inspect.Parameter.empty)
                     for p in inspect.signature(ref.__init__).parameters.values()]
    for args, kwargs in (((1,), {}), ((1, "y", (2,), [3]), {"f": {"k": 1}})):
        r, m = ref(*args, **kwargs), mine(*args, **kwargs)
        assert vars(m) == vars(r) and repr(m) == repr(r)
        assert (m == mine(*args, **kwargs)) == (r == ref(*args, **kwargs))
        assert (m == mine(*args, **{**kwargs, "f": {"other": 2}})) == (r == ref(*args, **{**kwargs, "f": {"other": 2}}))
        assert (ref.__hash__ is None) == (mine.__hash__ is None)
        assert hashed(m, mine(*args, **kwargs)) == hashed(r, ref(*args, **kwargs))
        assert vars(dataclasses.replace(m, a=7)) == vars(dataclasses.replace(r, a=7))
        if options.get("frozen"):
            with pytest.raises(FrozenInstanceError):
                m.a = 2
            with pytest.raises(FrozenInstanceError):
                del m.b
        else:
            m.a = 2
            assert m.a == 2
    assert mine(1).d is not mine(1).d  # a factory is called for each object
    with pytest.raises(TypeError):
        mine()  # `a` has no default


@record(frozen=True)
class Kept:
    a: int
    b: tuple = ()


def test_a_frozen_record_is_pickled_and_copied():
    import copy

    kept = Kept(1, (2,))
    assert pickle.loads(pickle.dumps(kept)) == kept and copy.deepcopy(kept) == kept and copy.copy(kept) == kept


def test_post_init_inheritance_and_exceptions():
    @record
    class Base(Exception):
        file: str
        line: int = 0

        def __post_init__(self):
            self.seen = True

    @record
    class Child(Base):
        extra: str | None = None

    child = Child("f.rat", 3, "x")
    assert (child.file, child.line, child.extra, child.seen) == ("f.rat", 3, "x", True)
    assert child == Child("f.rat", 3, "x") and child != Base("f.rat", 3)
    assert repr(child).endswith(".Child(file='f.rat', line=3, extra='x')")  # (the qualified name, as dataclass)
    with pytest.raises(Child):
        raise child


def test_a_class_s_own_methods_are_kept():
    @record(frozen=True)
    class Own:
        a: int

        def __eq__(self, other):
            return True

        def __hash__(self):
            return 1

        def __repr__(self):
            return "own"

    assert Own(1) == Own(2) and hash(Own(3)) == 1 and repr(Own(1)) == "own"


def test_what_dataclass_refuses_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="follows default"):
        @record
        class Wrong:
            a: int = 0
            b: int

    with pytest.raises(TypeError, match="self"):
        record(type("Selfish", (), {"__annotations__": {"self": "int"}}))


def test_making_a_record_compiles_nothing(monkeypatch):
    compiled = []
    real = records.compile_init
    monkeypatch.setattr(records, "compile_init", lambda cls: compiled.append(cls) or real(cls))

    @record(frozen=True)
    class Lazy:
        a: int
        b: list = field(default_factory=list)

    assert Lazy.__init__.compiled_on_first_use and compiled == []
    Lazy(1), Lazy(2)
    assert compiled == [Lazy] and not hasattr(Lazy.__init__, "compiled_on_first_use")


def test_a_subclass_s_own_init_may_call_a_record_s():
    """The first object made may be a subclass's whose __init__ calls the record's with super():
    the record's __init__ is compiled, the subclass's stays."""
    @record
    class Base:
        a: int
        b: int = 0

    class Sub(Base):
        def __init__(self, x: int):
            super().__init__(x, x + 1)

    own = Sub.__init__
    assert vars(Sub(1)) == {"a": 1, "b": 2} and Sub.__init__ is own
    assert vars(Base(3)) == {"a": 3, "b": 0}
