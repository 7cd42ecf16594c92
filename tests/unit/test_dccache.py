"""The cache of dataclasses' generated code (atomc/dccache.py): a warm process
compiles no generated text, its methods are the ones plain dataclasses makes, and
a corrupt, stale or unwritable cache only costs the compiles."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from atomc import dccache

ROOT = Path(__file__).resolve().parents[2]

# imports what a compile imports, then prints the counters and, for every dataclass
# of atomc, what each generated method's code is
_PROBE = r"""
import dataclasses, json, sys
import atomc.driver.run, atomc.pipeline
from atomc import dccache

def code_key(c):
    consts = tuple(code_key(k) if hasattr(k, "co_code") else repr(k) for k in c.co_consts)
    return [c.co_code.hex(), c.co_names, c.co_varnames, c.co_freevars, consts,
            c.co_filename, c.co_name, c.co_qualname, c.co_firstlineno, c.co_flags]

methods = {}
for name, mod in sorted(sys.modules.items()):
    if not name.startswith("atomc"):
        continue
    for cls in list(vars(mod).values()):
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name:
            for meth in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__",
                         "__delattr__", "__lt__", "__getstate__"):
                fn = vars(cls).get(meth)
                if getattr(fn, "__code__", None) is not None \
                        and fn.__code__.co_filename == "<string>":
                    methods[f"{name}.{cls.__qualname__}.{meth}"] = code_key(fn.__code__)
            methods[f"{name}.{cls.__qualname__}.__doc__"] = cls.__doc__
print(json.dumps({"hits": dccache.stats.hits, "compiled": dccache.stats.compiled,
                  "files_read": dccache.stats.files_read,
                  "signatures": dccache.stats.signatures, "doc_hits": dccache.stats.doc_hits,
                  "installed": dccache._installed, "methods": methods}))
"""


def _probe(cache: str) -> dict[str, object]:
    env = {**os.environ, dccache.ENV_VAR: cache,
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True,
                          text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.fixture(autouse=True)
def _texts_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are of the texts' cache alone: with the replay of whole classes
    (dcreplay.py, test_dcreplay.py) a warm process runs no generated text."""
    monkeypatch.setenv("ATOMC_DATACLASS_REPLAY", "off")


needs_known_version = pytest.mark.skipif(
    sys.version_info[:2] not in dccache.KNOWN_VERSIONS,
    reason="the hook is only installed where dataclasses' generator is known")


@needs_known_version
def test_warm_process_compiles_no_generated_text(tmp_path: Path) -> None:
    cache = str(tmp_path / "dc")
    cold = _probe(cache)
    assert cold["installed"] and cold["compiled"] > 100 and Path(cache).exists()
    warm = _probe(cache)
    assert warm["compiled"] == 0
    assert warm["hits"] == cold["compiled"] + cold["hits"]
    # the docstrings of the classes without one
    assert isinstance(cold["signatures"], int) and cold["signatures"] > 20
    assert warm["signatures"] == 0 and warm["doc_hits"] == cold["signatures"]


@needs_known_version
def test_cached_methods_are_the_plain_ones(tmp_path: Path) -> None:
    cache = str(tmp_path / "dc")
    _probe(cache)
    warm = _probe(cache)
    plain = _probe("off")
    assert plain["installed"] is False and plain["hits"] == plain["compiled"] == 0
    methods = plain["methods"]
    assert isinstance(methods, dict) and len(methods) > 300
    assert warm["methods"] == plain["methods"]


@needs_known_version
@pytest.mark.parametrize("content", [b"", b"\x00garbage", b"\xff" * 64])
def test_corrupt_cache_is_rebuilt(tmp_path: Path, content: bytes) -> None:
    cache = tmp_path / "dc"
    _probe(str(cache))
    files = sorted(cache.glob("*" + dccache.SUFFIX))
    assert len(files) > 20
    for f in files:
        f.write_bytes(content)
    first = _probe(str(cache))
    assert first["compiled"] > 100 and first["files_read"] == 0
    assert _probe(str(cache))["compiled"] == 0


@needs_known_version
def test_stale_cache_is_ignored(tmp_path: Path) -> None:
    cache = tmp_path / "dc"
    _probe(str(cache))
    assert dccache.load_all(str(cache))
    import marshal
    for f in cache.glob("*" + dccache.SUFFIX):
        entries = dccache.load(str(f))
        f.write_bytes(marshal.dumps(("atomc-dataclass-cache 1\0other python", entries)))
    assert dccache.load_all(str(cache)) == {}
    assert _probe(str(cache))["compiled"] > 100


@needs_known_version
def test_unwritable_cache_falls_back(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    cache = blocker / "dc.marshal"  # its directory is a regular file
    assert not dccache.save(str(cache), {})
    assert _probe(str(cache))["compiled"] > 100
    assert _probe(str(cache))["compiled"] > 100


# a process that makes atomc's and the parser's classes, as a compile does, first
_IMPORTS_INSPECT = r"""
import sys
import atomc.driver.run, atomc.frontend.parse, atomc.pipeline
from atomc import dccache
print(dccache.stats.signatures, "inspect" in sys.modules)
"""


@needs_known_version
def test_a_warm_process_does_not_import_inspect(tmp_path: Path) -> None:
    """dataclasses' one use of inspect is the signature of a class without a
    docstring, which a warm cache holds."""
    env = {**os.environ, dccache.ENV_VAR: str(tmp_path / "dc"),
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    runs = [subprocess.run([sys.executable, "-c", _IMPORTS_INSPECT], env=env,
                           capture_output=True, text=True, check=True).stdout.split()
            for _ in range(2)]
    # cold: the classes without a docstring (some 50) need inspect's signature
    assert int(runs[0][0]) > 0 and runs[0][1] == "True"
    assert runs[1] == ["0", "False"]


# a process that imports what an -O0 compile imports, then uses what dataclasses
# needs `copy` for
_IMPORTS_COPY = r"""
import sys
import atomc.driver.run, atomc.frontend.parse, atomc.pipeline
before = [name in sys.modules for name in ("copy", "weakref", "org")]
import dataclasses

@dataclasses.dataclass
class A:
    x: list

inner = [2]
copied = dataclasses.asdict(A([1, inner]))["x"]
print(*before, copied == [1, [2]] and copied[1] is not inner, "copy" in sys.modules)
"""


@needs_known_version
def test_a_compile_does_not_import_copy(tmp_path: Path) -> None:
    """dataclasses imports `copy` (which imports weakref and searches sys.path for
    Jython's `org`) for `asdict` and `astuple` only: it gets a module that imports
    the real one when first asked for a name."""
    env = {**os.environ, dccache.ENV_VAR: str(tmp_path / "dc"),
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", _IMPORTS_COPY], env=env,
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False", "False", "True", "True"]


def test_doc_key_is_only_for_a_plain_generated_init() -> None:
    import dataclasses

    @dataclasses.dataclass(frozen=True)
    class Plain:
        a: int
        b: str = "x"

    class Meta(type):
        pass

    @dataclasses.dataclass
    class WithMeta(metaclass=Meta):
        a: int

    @dataclasses.dataclass
    class WithNew:
        a: int

        def __new__(cls, *args: object) -> WithNew:
            return super().__new__(cls)

    @dataclasses.dataclass(init=False)
    class NoInit:
        a: int

    def f() -> None:
        pass

    @dataclasses.dataclass
    class AddressDefault:
        a: object = f

    assert dccache._doc_key(Plain) is not None
    assert [dccache._doc_key(c) for c in (WithMeta, WithNew, NoInit, AddressDefault)] == \
        [None] * 4

    @dataclasses.dataclass(frozen=True)
    class Plain2:  # the same name, another default
        a: int
        b: str = "y"

    assert dccache._doc_key(Plain2) != dccache._doc_key(Plain)


def test_off_leaves_dataclasses_alone() -> None:
    assert _probe("off")["installed"] is False
    done = subprocess.run(
        [sys.executable, "-c",
         "import atomc.driver, dataclasses; print('exec' in vars(dataclasses))"],
        env={**os.environ, dccache.ENV_VAR: "off"}, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


@needs_known_version
def test_only_atomc_classes_are_cached(tmp_path: Path) -> None:
    """A class of another module (here the script's own) is made by the builtin
    exec and kept out of the file every compile loads."""
    cache = tmp_path / "dc"
    script = ("import atomc.driver, dataclasses\n"
              "from atomc import dccache\n"
              "@dataclasses.dataclass(frozen=True)\n"
              "class NotAtomcs:\n"
              "    zebra_field_4711: int\n"
              "print(dccache.stats.compiled)\n")
    env = {**os.environ, dccache.ENV_VAR: str(cache),
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, check=True)
    assert int(done.stdout) > 50  # atomc's own classes were compiled and cached
    texts = dccache.load_all(str(cache))
    assert texts and not any("zebra_field_4711" in t for t in texts)


# what a process that imports only the driver (no compiler) opens under the cache;
# counted through the audit hook, so it does not depend on the cache's layout
_OPENED = r"""
import json, os, sys
cache = os.environ["ATOMC_DATACLASS_CACHE"]
opened = []
def hook(event, args):
    if event == "open" and isinstance(args[0], str) and (
            args[0] == cache or args[0].startswith(cache + os.sep)) and os.path.isfile(args[0]):
        opened.append(os.path.getsize(args[0]))
sys.addaudithook(hook)
import atomc.driver
print(json.dumps(opened))
"""


def _compile(cache: Path, tmp_path: Path, *args: str) -> None:
    """Run `atomc ARGS` on a small C file, in a fresh interpreter with the cache at `cache`."""
    src = tmp_path / "small.c"
    src.write_text("struct s { int a; };\nint main(void) { struct s v = {3}; return v.a - 3; }\n")
    env = {**os.environ, dccache.ENV_VAR: str(cache),
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env["ATOMC_SERVER"] = "off"
    subprocess.run([sys.executable, "-c", "import sys; from atomc.driver import main; "
                    "sys.exit(main())", *args, "-c", str(src), "-o", str(tmp_path / "small.o")],
                   env=env, check=True)


def _cache_bytes(cache: Path) -> int:
    return sum(f.stat().st_size for f in ([cache] if cache.is_file() else cache.rglob("*")))


@needs_known_version
def test_a_process_reads_only_its_modules_texts(tmp_path: Path) -> None:
    """The driver alone (an -E job) reads the texts of the driver's modules, not
    the compiler's: with one file of everything it read all of it."""
    cache = tmp_path / "dc"
    _compile(cache, tmp_path, "-O2", "-g")
    total = _cache_bytes(cache)
    env = {**os.environ, dccache.ENV_VAR: str(cache),
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", _OPENED], env=env, capture_output=True,
                          text=True, check=True)
    read = sum(json.loads(done.stdout))
    assert 0 < read < total // 4


@needs_known_version
def test_the_parsers_classes_are_cached(tmp_path: Path) -> None:
    """pycparser's dataclasses are made by every compile, so theirs are cached too."""
    cache = tmp_path / "dc"
    _compile(cache, tmp_path, "-O0")
    assert list(cache.glob("pycparser.c_lexer-*" + dccache.SUFFIX))


@pytest.fixture
def fake_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """The globals of a module `atomc._fake_dc` whose source is in tmp_path, with
    the cache pointed at tmp_path/dc and this process's cache state set aside."""
    monkeypatch.setattr(dccache, "_dir", str(tmp_path / "dc"))
    monkeypatch.setattr(dccache, "_modules", {})
    source = tmp_path / "co1" / "fake.py"
    source.parent.mkdir()
    source.write_text("# version 1\n")
    return {"__name__": "atomc._fake_dc", "__file__": str(source)}


def _run(text: str, globals: dict[str, object]) -> None:
    dccache._exec(text, globals, {})


def test_edited_module_keeps_only_its_new_texts(fake_module: dict[str, object]) -> None:
    _run("old_text = 1", fake_module)
    mod = dccache._modules["atomc._fake_dc"]
    assert dccache.write(mod, "atomc._fake_dc")
    # another run of the same version made a different text: both are kept
    dccache._modules.clear()
    _run("other_path_text = 1", fake_module)
    assert dccache.write(dccache._modules["atomc._fake_dc"], "atomc._fake_dc")
    assert set(dccache.load(mod.path)) == {"old_text = 1", "other_path_text = 1"}
    # the module is edited: its next write drops the old version's texts
    Path(str(fake_module["__file__"])).write_text("# version 2, longer\n")
    dccache._modules.clear()
    _run("new_text = 1", fake_module)
    assert dccache.write(dccache._modules["atomc._fake_dc"], "atomc._fake_dc")
    assert set(dccache.load(mod.path)) == {"new_text = 1"}


def test_files_of_a_removed_checkout_are_deleted(fake_module: dict[str, object],
                                                 tmp_path: Path) -> None:
    other = tmp_path / "co2" / "fake.py"
    other.parent.mkdir()
    other.write_text("# the other checkout\n")
    _run("text = 1", {**fake_module, "__file__": str(other)})
    gone = dccache._modules.pop("atomc._fake_dc")
    assert dccache.write(gone, "atomc._fake_dc")
    _run("text = 1", fake_module)
    kept = dccache._modules["atomc._fake_dc"]
    assert kept.path != gone.path
    assert dccache.write(kept, "atomc._fake_dc") and Path(gone.path).exists()
    other.unlink()
    assert dccache.write(kept, "atomc._fake_dc")
    assert not Path(gone.path).exists() and Path(kept.path).exists()


_FIELDS_PROBE = r"""
import dataclasses, json, sys, types
import atomc.driver
from atomc import dccache
SRC = '''
from __future__ import annotations
import dataclasses
from dataclasses import InitVar, KW_ONLY, dataclass
from typing import ClassVar

@dataclass(frozen=True, slots=True)
class A:
    x: int
    y: ClassVar[int] = 3
    z: InitVar[int] = 0
    w: dataclasses.InitVar[str] = ""
    _: KW_ONLY
    k: tuple[int, ...] = ()

    def __post_init__(self, z: int, w: str) -> None:
        pass
'''
counts = []
for n in range(2):
    mod = types.ModuleType(f"atomc.zz_fields{n}")
    sys.modules[mod.__name__] = mod
    before = getattr(dccache.stats, "annotations_matched", None)
    exec(compile(SRC, f"zz_fields{n}.py", "exec"), vars(mod))
    after = getattr(dccache.stats, "annotations_matched", None)
    counts.append(None if before is None else after - before)
    A = mod.A
    fields = [(f.name, f.kw_only) for f in dataclasses.fields(A)]
    kinds = {k: f._field_type.name for k, f in A.__dataclass_fields__.items()}
print(json.dumps({"fields": fields, "kinds": kinds, "counts": counts,
                  "installed": dccache._installed}))
"""


@needs_known_version
def test_annotation_texts_are_matched_once_each(tmp_path: Path) -> None:
    """The kept matches of annotation texts find ClassVar, InitVar (by either
    spelling) and KW_ONLY as plain dataclasses does, and a second class with the
    same annotations matches none of them again."""
    def run(cache: str) -> dict[str, object]:
        env = {**os.environ, dccache.ENV_VAR: cache,
               "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
        done = subprocess.run([sys.executable, "-c", _FIELDS_PROBE], env=env,
                              capture_output=True, text=True, check=True)
        result: dict[str, object] = json.loads(done.stdout)
        return result

    hooked = run(str(tmp_path / "dc"))
    plain = run("off")
    assert hooked["installed"] is True and plain["installed"] is False
    assert hooked["fields"] == plain["fields"] == [["x", False], ["k", True]]
    assert hooked["kinds"] == plain["kinds"] == {
        "x": "_FIELD", "y": "_FIELD_CLASSVAR", "z": "_FIELD_INITVAR", "w": "_FIELD_INITVAR",
        "k": "_FIELD"}
    first, second = hooked["counts"]  # type: ignore[misc]
    assert first >= 4 and second == 0
