"""The replay of dataclasses' class processing (atomc/dcreplay.py): in a warm process
no class of atomc goes through plain `dataclasses`, and every replayed class is
the one plain `dataclasses` makes, in its dict, fields, methods and behaviour."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from atomc import compiled_copy, dcreplay

ROOT = Path(__file__).resolve().parents[2]

# classes with what atomc's own do not use, made in a module of the atomc package
# (only those are replayed), for the probe below
SAMPLES = r'''
from __future__ import annotations
import dataclasses
import typing
from dataclasses import dataclass, field, InitVar, KW_ONLY
from typing import ClassVar

IntList = typing.List[int]  # a typing alias, which dataclasses checks is no ClassVar

@dataclass
class Plain:
    a: int
    b: str = "x"
    c: list[int] = field(default_factory=list)
    d: tuple[int, ...] = field(default=(1, 2), repr=False, compare=False)
    e: int = field(default=3, init=False)
    f: dict = field(default_factory=dict, init=False, hash=True)
    g: IntList = field(default_factory=list)

@dataclass(frozen=True, slots=True)
class Frozen:
    a: int
    b: "int | None" = None
    c: frozenset = frozenset()
    n: ClassVar[int] = 4
    m: typing.ClassVar[str] = "m"
    e: int = field(default=5, init=False)

@dataclass(frozen=True, slots=True)
class Derived(Frozen):
    z: int = 0
    a: int = 9

@dataclass(slots=True, unsafe_hash=True)
class Hashed:
    a: int
    b: int = field(default=1, hash=False)

@dataclass(eq=False, slots=True)
class NoEq:
    a: int
    self: int = 0

@dataclass
class Explicit:
    """A docstring of its own."""
    a: int
    def __repr__(self) -> str:
        return "mine"
    def __eq__(self, other: object) -> bool:
        return True
    def __hash__(self) -> int:
        return 1

@dataclass
class WithPostInit:
    a: int
    def __post_init__(self) -> None:
        self.b = self.a * 2

@dataclass(kw_only=True)
class KwOnly:
    a: int
    b: int = 2
    c: int = field(default=3, kw_only=False)

@dataclass
class Marker:
    a: int
    _: KW_ONLY
    b: int = 2

@dataclass
class WithInitVar:
    a: int
    scale: InitVar[int] = 2
    def __post_init__(self, scale: int) -> None:
        self.a *= scale

@dataclass(order=True)
class Ordered:
    a: int

@dataclass(init=False, repr=False, match_args=False)
class Bare:
    a: int = 0

@dataclass(frozen=True)
class FrozenNoSlots:
    a: int
    b: tuple = ()

def make_local(n):
    @dataclass(frozen=True, slots=True)
    class Local:
        a: int = n
    return Local

Local1 = make_local(1)
Local2 = make_local(2)
'''

# imports what a compile imports and every module of atomc's compiled packages,
# makes the samples, then prints the replay's counters and, for every dataclass,
# all that describes it
_PROBE = r"""
import sys
if sys.argv[2] == "compiled":  # mypyc's native classes: made through its SleightOfHand
    from atomc.compiled_copy import select
    select(sys.modules["atomc"].__path__)
import copy, dataclasses, importlib, json, pickle, pkgutil, re, sys, types
import atomc.driver.run, atomc.pipeline, atomc.frontend.driver
import atomc
from atomc import dcreplay

SKIP = ("atomc.server", "atomc.__main__")
for info in pkgutil.walk_packages(atomc.__path__, "atomc."):
    if not info.name.startswith(SKIP):
        try:
            importlib.import_module(info.name)
        except (Exception, SystemExit):  # a script module, one needing an extra package
            pass

sample = types.ModuleType("atomc._dcreplay_samples")
sample.__file__ = sys.argv[1]
sys.modules[sample.__name__] = sample
exec(compile(open(sys.argv[1]).read(), sys.argv[1], "exec"), vars(sample))

ADDR = re.compile(r" at 0x[0-9a-f]+")

def code_key(c):
    consts = tuple(code_key(k) if hasattr(k, "co_code") else repr(k) for k in c.co_consts)
    return [c.co_code.hex(), c.co_names, c.co_varnames, c.co_freevars, c.co_cellvars, consts,
            c.co_filename, c.co_name, c.co_qualname, c.co_firstlineno, c.co_flags,
            c.co_argcount, c.co_kwonlyargcount, c.co_posonlyargcount, c.co_stacksize,
            c.co_linetable.hex(), c.co_exceptiontable.hex()]

def value(v, cls):
    if v is cls:
        return "<the class>"
    if isinstance(v, type):
        return ["class", v.__module__, v.__qualname__, v.__name__, list(vars(v))]
    if isinstance(v, types.FunctionType):
        return function(v, cls)
    if isinstance(v, dict):
        return ["dict", [[repr(k), value(x, cls)] for k, x in v.items()]]
    if isinstance(v, (tuple, list)):
        return [type(v).__name__, [value(x, cls) for x in v]]
    return [type(v).__qualname__, ADDR.sub("", repr(v))]

def function(fn, cls):
    cells = None if fn.__closure__ is None \
        else [value(c.cell_contents, cls) for c in fn.__closure__]
    return ["function", code_key(fn.__code__), fn.__name__, fn.__qualname__, fn.__module__,
            fn.__doc__, value(fn.__defaults__, cls), value(fn.__kwdefaults__, cls),
            value(fn.__annotations__, cls), cells,
            fn.__globals__ is vars(sys.modules[fn.__module__]),
            sorted(k for k in vars(fn) if k != "__wrapped__"),
            function(fn.__wrapped__, cls) if hasattr(fn, "__wrapped__") else None]

def field(f, cls):
    return [f.name, repr(f.type), value(f.default, cls), value(f.default_factory, cls),
            [value(x, cls) for x in (f.init, f.repr, f.hash, f.compare, f.kw_only)],
            value(dict(f.metadata), cls), f._field_type.name,
            [b.__qualname__ for b in cls.__mro__[1:]
             if f is getattr(b, "__dataclass_fields__", {}).get(f.name)]]

def outcome(call):
    try:
        return ["ok", ADDR.sub("", repr(call()))]
    except Exception as e:
        return ["raised", type(e).__name__, ADDR.sub("", str(e))]

def behaviour(cls):
    init = [f for f in dataclasses.fields(cls) if f.init and not f.kw_only]
    kw = {f.name: 100 + i for i, f in enumerate(dataclasses.fields(cls)) if f.init and f.kw_only}
    args = list(range(1, len(init) + 1))
    try:
        obj, twin = cls(*args, **kw), cls(*args, **kw)
    except Exception as e:
        return ["init raised", type(e).__name__]
    name = init[0].name if init else "zz"
    out = [outcome(lambda: obj), outcome(lambda: obj == twin), outcome(lambda: obj != twin),
           outcome(lambda: obj == 1), outcome(lambda: hash(obj) == hash(twin)),
           outcome(lambda: dataclasses.replace(obj) == obj),
           outcome(lambda: [f.name for f in dataclasses.fields(obj)]),
           outcome(lambda: dataclasses.astuple(obj)),
           outcome(lambda: pickle.loads(pickle.dumps(obj)) == obj),
           outcome(lambda: copy.copy(obj) == obj),
           outcome(lambda: obj.__getstate__()),
           outcome(lambda: setattr(obj, name, 7)), outcome(lambda: delattr(obj, name)),
           outcome(lambda: setattr(obj, "zz_other", 7)), outcome(lambda: obj < twin)]
    match obj:
        case cls():
            out.append("matched")
    return out

classes = {}
for name, mod in sorted(sys.modules.items()):
    if not name.startswith(("atomc", "pycparser")):
        continue
    for cls in list(vars(mod).values()):
        if isinstance(cls, type) and "__dataclass_fields__" in vars(cls) \
                and cls.__module__ == name:
            key = f"{name}.{cls.__qualname__}"
            classes[key] = {
                "dict": [[k, value(v, cls)] for k, v in vars(cls).items()
                         if k not in ("__dataclass_fields__",)],
                "fields": [field(f, cls) for f in vars(cls)["__dataclass_fields__"].values()],
                "mro": [b.__qualname__ for b in cls.__mro__],
                "subclasses": [b.__qualname__ for b in cls.__subclasses__()],
                "behaviour": behaviour(cls),
            }
stats = dcreplay.stats
print(json.dumps({"replayed": stats.replayed, "processed": stats.processed,
                  "recorded": stats.recorded, "refused": stats.refused,
                  "installed": dcreplay._dc is not None, "classes": classes}))
"""


def _probe(tmp_path: Path, cache: str, replay: str = "", build: str = "pure") -> dict[str, object]:
    samples = tmp_path / "samples.py"
    samples.write_text(SAMPLES)
    # (the suite's conftest turns the compiled copy off)
    base = {k: v for k, v in os.environ.items() if k != compiled_copy.ENV_VAR}
    if build == "pure":
        base[compiled_copy.ENV_VAR] = "0"
    env = {**base, "ATOMC_DATACLASS_CACHE": cache, dcreplay.ENV_VAR: replay,
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", _PROBE, str(samples), build], env=env,
                          capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


needs_known_version = pytest.mark.skipif(
    sys.version_info[:2] not in dcreplay.KNOWN_VERSIONS,
    reason="the replay mirrors one version's dataclasses")

# the samples plain dataclasses makes, on purpose: KW_ONLY, order=True
NOT_REPLAYED = {"atomc._dcreplay_samples.Marker", "atomc._dcreplay_samples.Ordered"}


FRESH_COPY = compiled_copy.is_fresh(compiled_copy.default_copy(), compiled_copy.source_root())


@needs_known_version
@pytest.mark.parametrize("build", [
    "pure", pytest.param("compiled", marks=pytest.mark.skipif(
        not FRESH_COPY, reason="no compiled copy as fresh as src/ (build_compiled.py)"))])
def test_replayed_classes_are_the_plain_ones(tmp_path: Path, build: str) -> None:
    cache = str(tmp_path / "dc")
    cold = _probe(tmp_path, cache, build=build)
    assert cold["installed"] and cold["replayed"] == 1  # Local2: see below
    warm = _probe(tmp_path, cache, build=build)
    plain = _probe(tmp_path, "off", build=build)
    assert plain["installed"] is False and plain["replayed"] == 0
    classes = plain["classes"]
    assert isinstance(classes, dict) and len(classes) > 250
    assert "pycparser.c_parser.Coord" in classes
    # every class of atomc, each sample but those, made by the replay in the warm
    # process (a class made twice, by a function, counts twice)
    assert warm["processed"] == len(NOT_REPLAYED)
    ours = [n for n in classes if n.partition(".")[0] in ("atomc", "pycparser")]
    assert isinstance(warm["replayed"], int) and len(ours) > 250
    assert warm["replayed"] >= len(ours) - len(NOT_REPLAYED)
    assert warm["recorded"] == warm["refused"] == 0
    # (Local2 replays what Local1 recorded)
    assert cold["recorded"] + cold["replayed"] == warm["replayed"] and cold["refused"] == 0
    assert isinstance(warm["classes"], dict) and warm["classes"].keys() == classes.keys()
    for name, described in classes.items():
        assert warm["classes"][name] == described, name
    # the samples' behaviour was exercised: instances made, frozen ones refused
    frozen = classes["atomc._dcreplay_samples.Frozen"]["behaviour"]
    assert ["raised", "FrozenInstanceError", "cannot assign to field 'a'"] in frozen
    native = [n for n, c in classes.items() if "__mypyc_attrs__" in [k for k, _ in c["dict"]]]
    assert (len(native) > 100) == (build == "compiled")


@needs_known_version
def test_switched_off_replay_makes_every_class_plainly(tmp_path: Path) -> None:
    cache = str(tmp_path / "dc")
    _probe(tmp_path, cache)
    off = _probe(tmp_path, cache, replay="off")
    assert off["installed"] is False and off["replayed"] == 0


def test_a_recording_is_kept_only_when_its_functions_are_the_plain_ones() -> None:
    """`_same` compares every part of a made function with dataclasses' own."""
    def make(default: object) -> object:
        def __init__(self: object, a: object = default) -> None:
            pass
        return __init__

    sentinel = object()
    real = make(sentinel)
    assert dcreplay._same(real, real)  # type: ignore[arg-type]
    assert not dcreplay._same(real, make(object()))  # type: ignore[arg-type]
    other = make(sentinel)
    other.__annotations__ = {"a": "int"}  # type: ignore[attr-defined]
    assert not dcreplay._same(real, other)  # type: ignore[arg-type]


@needs_known_version
def test_a_recording_without_a_method_is_made_again(tmp_path: Path) -> None:
    """A damaged file (a recording missing a method's code) costs a plain make and a
    new recording, found before the class is changed: the class is still plain's."""
    from atomc import dccache

    cache = tmp_path / "dc"
    _probe(tmp_path, str(cache))
    damaged = 0
    for path in cache.glob("atomc.frontend.tree-*" + dccache.SUFFIX):
        source, stamp, codes, docs, classes = dccache._read(str(path))  # type: ignore[misc]
        for key, entry in classes.items():
            names = list(entry[::2])
            if "__init__" in names:
                i = names.index("__init__")
                classes[key] = entry[:2 * i] + entry[2 * i + 2:]
                damaged += 1
        assert dccache.save(str(path), codes, source, stamp, docs, classes)
    assert damaged > 20
    again = _probe(tmp_path, str(cache))
    assert again["processed"] == damaged + len(NOT_REPLAYED)
    assert again["recorded"] == damaged
    plain = _probe(tmp_path, "off")
    assert again["classes"] == plain["classes"]
    assert _probe(tmp_path, str(cache))["processed"] == len(NOT_REPLAYED)


# replays the samples in a warm process, counting what the replay asks of the
# classes and which of dataclasses' helpers it runs
_COUNT = r"""
import json, sys, types
from atomc import dccache, dcreplay
assert dccache.install() and dcreplay.install()
import abc, dataclasses

counts = {"getattr": 0, "hasattr": 0, "_set_new_attribute": 0, "_set_qualname": 0,
          "update_abstractmethods": 0, "_init_order_ok": 0, "match": 0, "_lookup": 0,
          "_cell_value": 0, "Field.__init__": 0}
replaying = [False]
original = dcreplay._replay, dcreplay._prepare

def watch(frame, event, arg):
    if not replaying[0]:
        return
    if event == "c_call" and getattr(arg, "__name__", "") in ("getattr", "hasattr") \
            and frame.f_globals.get("__name__") == "atomc.dcreplay":
        counts[arg.__name__] += 1
    elif event == "call" and frame.f_code.co_name == "__init__" \
            and type(frame.f_locals.get("self")) is dataclasses.Field:
        counts["Field.__init__"] += 1
    elif event == "call" and frame.f_code.co_name in counts and (
            frame.f_code.co_name != "match"
            or type(frame.f_locals.get("self")).__name__ == "_AnnotationPattern"):
        counts[frame.f_code.co_name] += 1

def counted(fn):
    def run(*args):
        replaying[0] = True
        try:
            return fn(*args)
        finally:
            replaying[0] = False
    return run

dcreplay._replay, dcreplay._prepare = map(counted, original)
sys.setprofile(watch)
sample = types.ModuleType("atomc._dcreplay_counts")
sample.__file__ = sys.argv[1]
sys.modules[sample.__name__] = sample
exec(compile(open(sys.argv[1]).read(), sys.argv[1], "exec"), vars(sample))
sys.setprofile(None)
print(json.dumps({"replayed": dcreplay.stats.replayed, **counts}))
"""

# twelve fields, four with a default: what the replay may look up
COUNTED = r'''
from __future__ import annotations
from dataclasses import dataclass, field

@dataclass(frozen=True, slots=True)
class Base:
    a: int
    b: str
    c: int = 0

@dataclass(frozen=True, slots=True)
class Child(Base):
    d: int = 1
    e: tuple[int, ...] = ()

@dataclass(eq=False)
class Loose:
    f: int
    g: list[int] = field(default_factory=list)
    h: int = 2
    i: str = ""
    j: bytes = b""
    k: float = 0.0
    m: object = None
'''


@needs_known_version
def test_a_replay_asks_no_class_for_what_it_lacks(tmp_path: Path) -> None:
    """The replay looks up only the attributes a class's MRO holds (each miss made
    and threw away an AttributeError with its message, some 1,900 a compile), and
    sets the methods itself instead of through dataclasses' helpers; a class with
    a recording is not checked again for the order of its defaults; an annotation's
    text is matched against dataclasses' pattern once."""
    samples = tmp_path / "counted.py"
    samples.write_text(COUNTED)
    env = {**os.environ, "ATOMC_DATACLASS_CACHE": str(tmp_path / "dc"), dcreplay.ENV_VAR: "",
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop(compiled_copy.ENV_VAR, None)
    runs = [json.loads(subprocess.run([sys.executable, "-c", _COUNT, str(samples)], env=env,
                                      capture_output=True, text=True, check=True).stdout)
            for _ in range(2)]
    warm = runs[1]
    assert warm["replayed"] == 3
    # the fields with a class attribute (c; d, e; g's Field, h, i, j, k, m) and
    # Child's base's fields and parameters: nothing asked of the fields without a
    # default, of `__post_init__`, of object's `__dataclass_fields__`
    assert warm["getattr"] + warm["hasattr"] == 11
    # int, str, tuple[int, ...], list[int], bytes, float, object
    assert warm["match"] == 7
    # a field's lookup is written out in the loop over them: one call per class, for
    # `__post_init__`; of the methods' closures only Loose.__init__'s `_dflt_g` is no
    # constant and not the class
    assert warm["_lookup"] == 3 and warm["_cell_value"] == 1
    # the fields without a Field of their own are made with their slots set directly
    assert warm["Field.__init__"] == 0
    for helper in ("_set_new_attribute", "_set_qualname", "update_abstractmethods",
                   "_init_order_ok"):
        assert warm[helper] == 0, helper
