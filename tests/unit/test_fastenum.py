"""atomc.fastenum makes the enum classes that name its bases: each must be the class
`enum.EnumType` makes of the same body (attribute by attribute, member by member,
and in behaviour), and a compile must make none of atomc's enums the standard way.

The twin of each class is made by `enum.EnumType` from the names its body bound, in
order (`fastenum.observer` hands them over), so a body the standard namespace
rejects (a member name bound twice) fails here too.
"""

from __future__ import annotations

import ast
import copy
import enum
import json
import os
import pickle
import subprocess
import sys
import warnings
from pathlib import Path
from types import MethodType
from typing import Any

import pytest

from atomc import compiled_copy, fastenum

ROOT = Path(__file__).resolve().parents[2]
FRESH_COPY = compiled_copy.is_fresh(compiled_copy.default_copy(), compiled_copy.source_root())
needs_mirrored_enum = pytest.mark.skipif(
    sys.version_info[:2] not in fastenum.KNOWN_VERSIONS
    or fastenum._checksum() not in fastenum.KNOWN_CHECKSUMS,
    reason="fastenum mirrors one interpreter's enum")


def standard_twin(name: str, bases: tuple[type, ...], kwds: dict[str, Any],
                  items: list[tuple[str, Any]]) -> Any:
    """The class enum.EnumType makes of a body that bound `items`."""
    ns = enum.EnumType.__prepare__(name, bases, **kwds)
    for key, value in items:
        ns[key] = value
    return enum.EnumType(name, bases, ns, **kwds)


def outcome(call: Any, *args: Any) -> list[Any]:
    try:
        return ["ok", repr(call(*args))]
    except Exception as e:
        return ["raised", type(e).__name__, str(e)]


def differences(cls: Any, twin: Any, structure: bool = True, behaviour: bool = True,
                pickled: bool = True, properties: bool = False) -> list[str]:
    """How `cls` differs from `twin` (the standard class of the same body): its
    type, bases, every `__dict__` entry in order (members compared as members: same
    name, value, `__dict__`), as made (`structure`: using a Flag adds to its
    `_value2member_map_`), and how members and the class behave (`behaviour`; with
    what the properties it defines give when `properties`: atomc's read tables
    keyed by the module's own class, not by the twin)."""
    diffs: list[str] = []

    def same(a: Any, b: Any, where: str) -> None:
        if a is cls:
            if b is not twin:
                diffs.append(f"{where}: the class, not {b!r}")
        elif isinstance(a, MethodType):
            if type(b) is not MethodType:
                diffs.append(f"{where}: {a!r} against {b!r}")
                return
            same(a.__self__, b.__self__, f"{where} self")
            same(a.__func__, b.__func__, f"{where} function")
        elif type(a).__name__ in ("getset_descriptor", "member_descriptor"):
            # the __dict__ or a slot of a class whose base has neither: one per class
            if type(b) is not type(a) or a.__name__ != b.__name__:
                diffs.append(f"{where}: {a!r} against {b!r}")
                return
            same(a.__objclass__, b.__objclass__, f"{where} class")
        elif isinstance(a, cls):
            if not isinstance(b, twin) or a._name_ != b._name_:
                diffs.append(f"{where}: member {a!r} against {b!r}")
        elif isinstance(a, dict):
            if type(b) is not type(a) or len(a) != len(b):
                diffs.append(f"{where}: {a!r} against {b!r}")
                return
            for (ka, va), (kb, vb) in zip(a.items(), b.items(), strict=True):
                same(ka, kb, f"{where} key")
                same(va, vb, f"{where}[{ka!r}]")
        elif isinstance(a, (list, tuple)):
            if type(b) is not type(a) or len(a) != len(b):
                diffs.append(f"{where}: {a!r} against {b!r}")
                return
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                same(x, y, f"{where}[{i}]")
        elif not (a is b or (type(a) is type(b) and a == b)):
            diffs.append(f"{where}: {a!r} against {b!r}")

    if structure:
        if type(cls) is not enum.EnumType or type(twin) is not enum.EnumType:
            diffs.append(f"metaclass {type(cls)}")
        if cls.__mro__[1:] != twin.__mro__[1:] or cls.__bases__ != twin.__bases__:
            diffs.append(f"bases {cls.__mro__} against {twin.__mro__}")
        same(list(vars(cls)), list(vars(twin)), "keys")
        for key in vars(twin):
            same(vars(cls).get(key), vars(twin)[key], key)
        for name, member in twin._member_map_.items():
            mine = cls._member_map_.get(name)
            if mine is None:
                diffs.append(f"no member {name}")
                continue
            same(list(vars(mine)), list(vars(member)), f"{name} keys")
            for key, value in vars(member).items():
                same(vars(mine).get(key), value, f"{name}.{key}")
    if behaviour:
        _behaviour(cls, twin, pickled, properties, same, diffs)
    return diffs


def _behaviour(cls: Any, twin: Any, pickled: bool, properties: bool, same: Any,
               diffs: list[str]) -> None:
    """The member-by-member and class-wide checks of `differences`."""
    for name, member in twin._member_map_.items():
        mine = cls._member_map_[name]
        if twin._member_type_ is not object:
            mixed = twin._member_type_
            same(mixed.__repr__(mine), mixed.__repr__(member), f"{name} as {mixed}")
        checks = [("repr", repr), ("str", str), ("format", format),
                  ("format >12", lambda m: format(m, ">12")), ("name", lambda m: m.name),
                  ("value", lambda m: m.value), ("dir", dir), ("bool", bool),
                  ("by value", lambda m: type(m)(m.value)._name_),
                  ("by name", lambda m: type(m)[m.name]._name_)]
        if type(member).__hash__ is not object.__hash__:
            checks.append(("hash", hash))
        for attr, value in vars(twin).items():  # the properties the class defines
            if properties and isinstance(value, property):
                checks.append((attr, lambda m, attr=attr: getattr(m, attr)))
        for what, call in checks:
            same(outcome(call, mine), outcome(call, member), f"{name} {what}")
        if mine is not copy.copy(mine) or mine is not copy.deepcopy(mine):
            diffs.append(f"{name} copied")
        if pickled and pickle.loads(pickle.dumps(mine)) is not mine:
            diffs.append(f"{name} pickled")
    names = lambda c: [m._name_ for m in c]  # noqa: E731
    class_checks = [("iter", names), ("len", len), ("repr", repr), ("dir", dir),
                    ("members", lambda c: list(c.__members__)),
                    ("reversed", lambda c: [m._name_ for m in reversed(c)]),
                    ("bogus value", lambda c: c("no such value")),
                    ("bogus name", lambda c: c["NO_SUCH_NAME"])]
    if issubclass(twin, enum.Flag):
        bits = twin._all_bits_
        for value in range(-1, bits + 3):
            class_checks.append((f"({value})", lambda c, v=value: repr(c(v))))
        for a in list(twin._member_map_):
            class_checks.append((f"~{a}", lambda c, a=a: repr(~c[a])))
            class_checks.append((f"iter {a}", lambda c, a=a: names(c[a])))
            for b in list(twin._member_map_):
                for op in ("__or__", "__and__", "__xor__"):
                    class_checks.append((f"{a} {op} {b}", lambda c, a=a, b=b, op=op:
                                         repr(getattr(c[a], op)(c[b]))))
    for what, call in class_checks:
        same(outcome(call, cls), outcome(call, twin), f"class {what}")


def opted_in() -> set[str]:
    """Every class in src/atomc whose base is one of fastenum's (module.qualname)."""
    found = set()
    for path in (ROOT / "src" / "atomc").rglob("*.py"):
        module = ".".join(path.relative_to(ROOT / "src").with_suffix("").parts)
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef) and any(
                    ast.unparse(b).startswith("fastenum.") for b in node.bases):
                found.add(f"{module}.{node.name}")
    return found


# imports every module of atomc with the observer set, then compares each class it
# saw with its standard twin; prints the names compared, the differences found and
# fastenum's counters
_PROBE = r"""
import importlib, importlib.util, json, pkgutil, sys
if sys.argv[1] == "compiled":
    from atomc.compiled_copy import select
    select(sys.modules["atomc"].__path__)
spec = importlib.util.spec_from_file_location("fastenum_tests", sys.argv[2])
tests = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tests)
import atomc
from atomc import fastenum
made = []
def observe(cls, name, bases, kwds, items):
    twin = tests.standard_twin(name, bases, kwds, items)
    made.append((cls, twin, tests.differences(cls, twin, behaviour=False)))
fastenum.observer = observe
for info in pkgutil.walk_packages(atomc.__path__, "atomc."):
    if not info.name.startswith(("atomc.server", "atomc.__main__", "atomc.data")):
        try:
            importlib.import_module(info.name)
        except (Exception, SystemExit):  # a script module, one needing an extra package
            pass
result = {}
for cls, twin, diffs in made:
    result[f"{cls.__module__}.{cls.__qualname__}"] = diffs + tests.differences(
        cls, twin, structure=False)
print(json.dumps({"classes": result, "fast": fastenum.stats.fast,
                  "standard": fastenum.stats.standard,
                  "compiled": sys.modules["atomc.ir.insts"].__file__.endswith(".so")}))
"""


def _env(build: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != compiled_copy.ENV_VAR}
    if build == "pure":
        env[compiled_copy.ENV_VAR] = "0"
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")
    env["ATOMC_SERVER"] = "off"
    env.pop(fastenum.ENV_VAR, None)
    return env


BUILDS = ["pure", pytest.param("compiled", marks=pytest.mark.skipif(
    not FRESH_COPY, reason="no compiled copy as fresh as src/ (build_compiled.py)"))]


@needs_mirrored_enum
@pytest.mark.parametrize("build", BUILDS)
def test_every_opted_in_class_is_its_standard_twin(build: str) -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE, build, __file__], env=_env(build),
                          capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    classes = result["classes"]
    expected = opted_in()
    assert len(expected) >= 40 and "atomc.ir.insts.Op" in expected
    assert set(classes) == expected
    assert {name: diffs for name, diffs in classes.items() if diffs} == {}
    assert result["fast"] == len(expected) and result["standard"] == 0
    assert result["compiled"] == (build == "compiled")


# an empty compile, counting the enum classes of atomc EnumType.__new__ makes
_COMPILE = r"""
import enum, json, sys
if sys.argv[1] == "compiled":
    from atomc.compiled_copy import select
    select(sys.modules["atomc"].__path__)
try:
    from atomc import fastenum
    fastenum._enabled = fastenum._mirrored()  # decided before EnumType is wrapped
except ImportError:  # before fastenum
    pass
standard = []
new = enum.EnumType.__new__
def counted(mcls, name, bases, ns, **kwds):
    cls = new(mcls, name, bases, ns, **kwds)
    if cls.__module__.startswith("atomc"):
        standard.append(f"{cls.__module__}.{name}")
    return cls
enum.EnumType.__new__ = counted
import atexit  # the compile ends in os._exit, after the exit handlers
fast = lambda: sys.modules["atomc.fastenum"].stats.fast if "atomc.fastenum" in sys.modules else 0
atexit.register(lambda: print(json.dumps([fast(), standard]), flush=True))
from atomc.server.client import main
sys.argv = ["atomc", "-O0", "-g", "-c", sys.argv[2], "-o", sys.argv[3]]
main()
"""


@needs_mirrored_enum
@pytest.mark.parametrize("build", BUILDS)
def test_a_compile_makes_no_enum_of_atomc_through_enum_type_new(tmp_path: Path,
                                                                build: str) -> None:
    src = tmp_path / "e.c"
    src.write_text("int x;\n")
    done = subprocess.run([sys.executable, "-c", _COMPILE, build, str(src),
                           str(tmp_path / "e.o")], env=_env(build), capture_output=True,
                          text=True, check=True)
    fast, standard = json.loads(done.stdout)
    assert standard == []
    assert fast >= 30  # the options', driver's, IR's, front end's, back end's
    assert (tmp_path / "e.o").exists()


# class bodies of every shape: made the fast way, or (FALLBACK) the standard way
SAMPLES: dict[str, str] = {
    "Plain": "class Plain(fastenum.Enum):\n    A = 1\n    B = 'two'\n    C = 3\n",
    "Alias": "class Alias(fastenum.Enum):\n    '''doc'''\n    A = 1\n    B = 2\n    C = 1\n",
    "Auto": "class Auto(fastenum.Enum):\n    A = enum.auto()\n    B = 10\n    C = enum.auto()\n",
    "Methods": """class Methods(fastenum.IntEnum):
    A = 1
    B = 2
    __hash__ = object.__hash__
    _Methods__private = 5
    _numeric_repr_ = repr
    def twice(self): return self * 2
    @property
    def half(self): return self.value / 2
    @classmethod
    def first(cls): return cls.A
    @staticmethod
    def nothing(): return None
    @classmethod
    def _missing_(cls, value): return cls.A if value == 'a' else None
    def __repr__(self): return 'Methods!' + self.name
""",
    "Str": "class Str(fastenum.StrEnum):\n    A = enum.auto()\n    B = 'bee'\n    C = 'bee'\n",
    "Flags": """class Flags(fastenum.Flag):
    NONE = 0
    A = enum.auto()
    B = enum.auto()
    C = enum.auto()
    ALL = 7
    def __str__(self): return 'flags'
""",
    "Unsorted": "class Unsorted(fastenum.Flag):\n    B = 2\n    A = 1\n    AB = 3\n",
    "IntFlags": "class IntFlags(fastenum.IntFlag):\n    NONE = 0\n    X = 1\n    Y = 8\n"
                "    XY = 9\n",
    "IntEnum": "class IntEnum(fastenum.IntEnum):\n    X = 1\n    Y = enum.auto()\n    Z = 1\n",
    "Underscore": "class Underscore(fastenum.Enum):\n    _a = 1\n    B = 2\n",
    "Ignore": "class Ignore(fastenum.Enum):\n    _ignore_ = 'T'\n    T = 5\n    A = 1\n",
    "Order": "class Order(fastenum.Enum):\n    _order_ = 'A B'\n    A = 1\n    B = 2\n",
    "New": """class New(fastenum.Enum):
    A = (1, 'a')
    B = (2, 'b')
    def __new__(cls, value, label):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label
        return obj
""",
    "Init": """class Init(fastenum.Enum):
    A = 1
    def __init__(self, value):
        self.seen = value
""",
    "Tuple": "class Tuple(fastenum.Enum):\n    A = (1, 2)\n    B = (3, 4)\n",
    "Float": "class Float(fastenum.Enum):\n    A = 1.5\n",
    "Nonmember": "class Nonmember(fastenum.Enum):\n    A = 1\n    B = enum.nonmember(2)\n",
    "Member": "class Member(fastenum.Enum):\n    A = 1\n    B = enum.member(lambda: 2)\n",
    "Reserved": "class Reserved(fastenum.Enum):\n    name = 1\n    value = 2\n",
    "Boundary": "class Boundary(fastenum.Flag, boundary=enum.KEEP):\n    A = 1\n    B = 2\n",
    "Mixin": "class Mixin(float, fastenum.Enum):\n    A = 1.5\n",
    "Gnv": """class Gnv(fastenum.Enum):
    def _generate_next_value_(name, start, count, last_values): return name * 2
    A = enum.auto()
""",
    "StrFlagValue": "class StrFlagValue(fastenum.Flag):\n    A = 1\n    B = 'b'\n",
    "AutoSet": "class AutoSet(fastenum.Enum):\n    A = enum.auto()\n    A.value = 4\n",
}
FALLBACK = {"Ignore", "Order", "New", "Init", "Tuple", "Float", "Nonmember", "Member",
            "Reserved", "Boundary", "Mixin", "Gnv", "Underscore", "StrFlagValue", "AutoSet"}


def _make(source: str, module: dict[str, Any]) -> list[tuple[Any, Any]]:
    made: list[tuple[Any, Any]] = []
    fastenum.observer = lambda cls, name, bases, kwds, items: made.append(
        (cls, standard_twin(name, bases, kwds, items)))
    try:
        exec(compile(source, "<sample>", "exec"), module)
    finally:
        fastenum.observer = None
    return made


@needs_mirrored_enum
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sample_is_its_standard_twin(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fastenum, "_enabled", True)
    before = (fastenum.stats.fast, fastenum.stats.standard)
    module = {"enum": enum, "fastenum": fastenum, "__name__": "fastenum_sample"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            made = _make(SAMPLES[name], module)
        except Exception as e:  # the standard way rejects it too
            with pytest.raises(type(e)):
                exec(compile(SAMPLES[name].replace("fastenum.", "enum."), "<sample>", "exec"),
                     {"enum": enum})
            return
    ((cls, twin),) = made
    assert differences(cls, twin, pickled=False, properties=True) == []
    fast = name not in FALLBACK
    assert (fastenum.stats.fast - before[0], fastenum.stats.standard - before[1]) == (
        (1, 0) if fast else (0, 1))


def test_the_samples_cover_both_ways() -> None:
    assert FALLBACK < set(SAMPLES) and len(set(SAMPLES) - FALLBACK) >= 9


@needs_mirrored_enum
def test_a_member_bound_twice_is_caught_by_the_standard_twin() -> None:
    # the body is a plain dict: the fast class keeps the last value, and the check
    # of every opted-in class (above) fails on the twin's TypeError
    with pytest.raises(TypeError, match="already defined"):
        _make("class Twice(fastenum.Enum):\n    A = 1\n    A = 2\n",
              {"enum": enum, "fastenum": fastenum, "__name__": "x"})


def test_switched_off_or_unknown_enum_makes_classes_the_standard_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fastenum, "_enabled", False)
    before = fastenum.stats.standard
    module: dict[str, Any] = {"fastenum": fastenum, "__name__": "x"}
    exec("class Off(fastenum.Enum):\n    A = 1\n", module)
    assert fastenum.stats.standard == before + 1 and module["Off"].A.value == 1
    monkeypatch.setenv(fastenum.ENV_VAR, "off")
    assert not fastenum._mirrored()
    monkeypatch.delenv(fastenum.ENV_VAR)
    monkeypatch.setattr(fastenum, "KNOWN_CHECKSUMS", frozenset())
    assert not fastenum._mirrored()


def test_tokens_answer_isinstance_as_the_enum_bases() -> None:
    from atomc.codegen.x86_64.tls import TlsModel
    from atomc.ir.insts import Op
    from atomc.opt.passmanager import DI
    assert isinstance(Op.ADD, fastenum.Enum) and isinstance(Op.ADD, enum.Enum)
    assert issubclass(Op, fastenum.Enum) and not issubclass(Op, fastenum.Flag)
    assert isinstance(TlsModel.LOCAL_EXEC, fastenum.IntEnum) and isinstance(DI.ALL, fastenum.Flag)
    assert Op.__bases__ == (enum.Enum,) and type(Op) is enum.EnumType
    assert fastenum.Enum not in Op.__mro__
