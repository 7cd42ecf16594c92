"""The `atomc` command's finder of atomc's modules (atomc/import_finder.py) makes
the specs the regular path finder makes, leaves to it whatever it does not find
for certain, and takes every atomc module of a compile off the FileFinders."""

from __future__ import annotations

import ast
import os
import py_compile
import subprocess
import sys
import types
from importlib.machinery import (
    EXTENSION_SUFFIXES,
    ExtensionFileLoader,
    ModuleSpec,
    PathFinder,
    SourceFileLoader,
)
from importlib.util import module_from_spec
from pathlib import Path

import atomc
from atomc.import_finder import AtomcFinder, AtomcModule, CachedSourceLoader

SRC = Path(atomc.__file__).resolve().parent
EXT = EXTENSION_SUFFIXES[0]


def described(spec: ModuleSpec | None) -> tuple[object, ...] | None:
    if spec is None:
        return None
    loader = spec.loader
    # the finder's loaders are subclasses (they make AtomcModules)
    kind = next((k for k in (SourceFileLoader, ExtensionFileLoader) if isinstance(loader, k)),
                type(loader))
    return (spec.name, spec.origin, kind, getattr(loader, "path", None),
            getattr(loader, "name", None), spec.submodule_search_locations, spec.cached,
            spec.has_location, spec.parent)


def test_every_module_of_the_package_gets_the_path_finders_spec() -> None:
    finder = AtomcFinder()
    names = 0
    for folder, dirs, files in os.walk(SRC):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        rel = Path(folder).relative_to(SRC.parent)
        package = ".".join(rel.parts)
        for entry in (*files, *dirs):
            stem = entry[:-3] if entry.endswith(".py") else entry
            if stem == "__init__" or (entry in files and not entry.endswith(".py")):
                continue
            name = f"{package}.{stem}"
            expected = described(PathFinder.find_spec(name, [folder]))
            if expected is None or expected[2] is type(None):  # a namespace portion
                assert finder.find_spec(name, [folder]) is None
                continue
            assert described(finder.find_spec(name, [folder])) == expected
            names += 1
    assert names > 300


def test_the_compiled_copys_layout(tmp_path: Path) -> None:
    """The copy first on the package's path (extension modules shadow the .py
    beside them), src/ after it, the libraries beside the copy's package."""
    copy, src = tmp_path / "compiled" / "atomc", tmp_path / "src" / "atomc"
    for f in ("ir/__init__.py", f"ir/__init__{EXT}", "ir/insts.py", f"ir/insts{EXT}",
              "frontend/__init__.py", "frontend/parse.py", "data/notes.txt", "old.pyc"):
        (copy / f).parent.mkdir(parents=True, exist_ok=True)
        (copy / f).write_text("")
    for f in ("added.py", "frontend/__init__.py", "data2/x.txt"):
        (src / f).parent.mkdir(parents=True, exist_ok=True)
        (src / f).write_text("")
    (tmp_path / "compiled" / f"atomc_ir__mypyc{EXT}").write_text("")
    finder = AtomcFinder(str(tmp_path / "compiled"))
    path = [str(copy), str(src)]
    for name, where in (("atomc.ir", path), ("atomc.ir.insts", [str(copy / "ir")]),
                        ("atomc.frontend", path), ("atomc.added", path),
                        ("atomc.frontend.parse", [str(copy / "frontend")])):
        spec = finder.find_spec(name, where)
        assert spec is not None and described(spec) == described(PathFinder.find_spec(name, where))
    assert finder.find_spec("atomc.ir", path).origin == str(copy / "ir" / f"__init__{EXT}")
    lib = finder.find_spec("atomc_ir__mypyc")
    assert described(lib) == described(PathFinder.find_spec("atomc_ir__mypyc",
                                                            [str(tmp_path / "compiled")]))
    # left to the regular finders: namespace portions, bytecode only, names not found,
    # names outside the package; libraries when the copy does not run
    for name in ("atomc.data", "atomc.data2", "atomc.old", "atomc.missing"):
        assert finder.find_spec(name, path) is None
    assert finder.find_spec("pycparser", None) is None
    assert finder.find_spec("atomc_ir__mypyc", None) is not None
    assert AtomcFinder(None).find_spec("atomc_ir__mypyc", None) is None
    # listed once per folder per process, forgotten on invalidate_caches
    (copy / "late.py").write_text("")
    assert finder.find_spec("atomc.late", path) is None
    finder.invalidate_caches()
    assert finder.find_spec("atomc.late", path) is not None


RUN = """\
import atexit, sys
import _frozen_importlib_external as external
from importlib.machinery import FileFinder
seen = []
real = FileFinder.find_spec
def counting(self, fullname, target=None):
    seen.append(fullname)
    return real(self, fullname, target)
FileFinder.find_spec = counting
paths = []
real_cache = external.cache_from_source
def cache_from_source(path, *args, **kwargs):
    paths.append(path)
    return real_cache(path, *args, **kwargs)
external.cache_from_source = cache_from_source
atexit.register(lambda: print(",".join(sorted({n for n in seen if n.startswith("atomc")})),
                              len({n for n in sys.modules if n.startswith("atomc.")}),
                              len({p for p in paths if "/atomc/" in p})))
from atomc.server.client import main
sys.argv = ["atomc", *sys.argv[1:]]
main()
"""


def test_a_compile_finds_no_atomc_module_through_file_finders(tmp_path: Path) -> None:
    (tmp_path / "prog.c").write_text("int main(void) { return 0; }\n")
    env = {**os.environ, "PYTHONPATH": str(SRC.parent), "ATOMC_SERVER": "off"}
    r = subprocess.run([sys.executable, "-c", RUN, "-O0", "-g", "-c", "prog.c"], cwd=tmp_path,
                       env=env, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    through_file_finders, imported, pyc_paths_computed = r.stdout.split()
    # only those the command imports before it installs the finder
    assert through_file_finders.split(",") == [
        "atomc", "atomc.compiled_copy", "atomc.import_finder", "atomc.server",
        "atomc.server.client", "atomc.server.protocol"]
    assert int(imported) > 100
    # byte code read where the finder found it: the paths of only those six computed
    assert int(pyc_paths_computed) <= 6


def _module(folder: Path, text: str) -> tuple[AtomcFinder, ModuleSpec]:
    (folder / "mod.py").write_text(text)
    finder = AtomcFinder()
    spec = finder.find_spec("atomc.mod", [str(folder)])
    assert spec is not None and isinstance(spec.loader, CachedSourceLoader)
    return finder, spec


def _run(spec: ModuleSpec) -> dict[str, object]:
    assert spec.loader is not None
    code = spec.loader.get_code(spec.name)  # type: ignore[attr-defined]
    assert code.co_filename == spec.origin
    space: dict[str, object] = {}
    exec(code, space)
    return space


def test_source_modules_read_their_byte_code_unless_it_is_stale(tmp_path: Path) -> None:
    finder, spec = _module(tmp_path, "X = 1\n")
    assert spec.cached == str(tmp_path / "__pycache__" / f"mod.{sys.implementation.cache_tag}.pyc")
    assert _run(spec)["X"] == 1  # no byte code: compiled from the source
    py_compile.compile(str(tmp_path / "mod.py"), cfile=spec.cached, doraise=True)
    pyc = Path(spec.cached)  # type: ignore[arg-type]
    # the byte code is what runs while it matches the source's mtime and size
    data = pyc.read_bytes()
    pyc.write_bytes(data[:16] + data[16:].replace(b"X", b"Y"))
    assert "Y" in _run(spec) and "X" not in _run(spec)
    st = (tmp_path / "mod.py").stat()
    (tmp_path / "mod.py").write_text("X = 22\n")
    os.utime(tmp_path / "mod.py", ns=(st.st_atime_ns, st.st_mtime_ns))
    assert _run(spec)["X"] == 22  # another size: stale
    (tmp_path / "mod.py").write_text("X = 3\n")
    os.utime(tmp_path / "mod.py", ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))
    assert _run(spec)["X"] == 3  # another mtime: stale
    py_compile.compile(str(tmp_path / "mod.py"), cfile=spec.cached, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    (tmp_path / "mod.py").write_text("X = 4\n")
    assert _run(spec)["X"] == 4  # hash-based byte code: SourceFileLoader checks it


def test_loaded_modules_are_atomc_modules_with_the_plain_modules_attributes(
        tmp_path: Path) -> None:
    """What the finder's loader makes is the module the path finder's would make
    (the same names in the same order, the same values), of the subclass."""
    (tmp_path / "mod.py").write_text("X = 1\n")
    plain_spec = PathFinder.find_spec("atomc.mod", [str(tmp_path)])
    assert plain_spec is not None
    _finder, spec = _module(tmp_path, "X = 1\n")
    ours, plain = module_from_spec(spec), module_from_spec(plain_spec)
    assert type(ours) is AtomcModule and type(plain) is types.ModuleType
    assert isinstance(ours, types.ModuleType)
    assert list(vars(ours)) == list(vars(plain))
    assert [(k, v) for k, v in vars(ours).items() if k not in ("__loader__", "__spec__")] == \
        [(k, v) for k, v in vars(plain).items() if k not in ("__loader__", "__spec__")]
    assert repr(ours) == repr(plain)
    assert spec.loader is not None
    spec.loader.exec_module(ours)
    assert ours.X == 1 and not hasattr(ours, "__path__")
    ours.Y = 2
    assert vars(ours)["Y"] == 2


class _CountingSpec:
    """A module spec that counts the attribute lookups made on it."""

    lookups = 0
    name = "atomc.counted"

    def __getattribute__(self, name: str) -> object:
        type(self).lookups += 1
        return object.__getattribute__(self, name)


def test_a_missing_name_of_an_atomc_module_asks_nothing_more() -> None:
    """A plain module, asked for a name it lacks, formats an AttributeError and asks
    its spec whether it is initialising (for the message's wording); an AtomcModule
    answers from its dict alone."""
    counts = {}
    for cls in (types.ModuleType, AtomcModule):
        module = cls("atomc.counted")
        module.__spec__ = _CountingSpec()  # type: ignore[assignment]
        _CountingSpec.lookups = 0
        assert not hasattr(module, "__path__")
        assert getattr(module, "__file__", None) is None
        counts[cls] = _CountingSpec.lookups
    assert counts[types.ModuleType] >= 2 and counts[AtomcModule] == 0


def test_no_atomc_module_defines_a_module_getattr() -> None:
    """AtomcModule's lookup is object's, which does not call a module's own
    `__getattr__` or `__dir__` (PEP 562): no atomc module may define one."""
    offenders = []
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            names: list[str] = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and \
                    isinstance(node.target, ast.Name):
                names = [node.target.id]
            offenders += [f"{path}:{node.lineno}" for n in names
                          if n in ("__getattr__", "__dir__")]
    assert offenders == []
