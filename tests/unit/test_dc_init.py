"""tools/dcinit.py writes into the compiled copy's dataclasses the `__init__` that
`dataclasses` generates, for mypyc to compile. Checked on the pure package, class
by class for every dataclass the step rewrites in the modules the build compiles:
the written `__init__` takes the parameters of the generated one (names, kinds,
defaults; a factory's sentinel is dataclasses' own) and makes an object equal,
field by field, to the one the class makes; no dataclass that gets a generated
`__init__` is left out; no line of a module moves. And on small packages written
here, the cases atomc's classes do not have (InitVar and `__post_init__`, KW_ONLY,
`field(init=False)` with slots, a field named `self`, bases in other modules)."""

from __future__ import annotations
import __future__

import ast
import dataclasses
import functools
import importlib
import inspect
import runpy
import sys
import textwrap
import typing
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

import pytest

from atomc.tools import dcinit

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"


@functools.cache
def _compiled_modules() -> list[str]:
    """The modules scripts/build_compiled.py compiles (paths relative to src/)."""
    script = runpy.run_path(str(ROOT / "scripts" / "build_compiled.py"))  # not run as main
    rels = script["modules"](SRC / "atomc", list(script["PACKAGES"]))
    return [r for r in rels if r not in script["EXCLUDE"]]


@functools.cache
def _rewrites() -> dict[str, dcinit.Rewrite]:
    """What the step writes into each compiled module (src/ as the copy gets it)."""
    tree = dcinit.Tree(SRC)
    return {rel: dcinit.rewrite_module(tree, tree.module_name(rel))
            for rel in _compiled_modules()}


def _class(module: ModuleType, qualname: str) -> type:
    obj: Any = module
    for part in qualname.split("."):
        obj = getattr(obj, part)
    assert isinstance(obj, type)
    return obj


def _written_init(cls: type, module: ModuleType, text: str) -> FunctionType:
    """The written `def`, made as the class body makes it: the module's names and the
    class body's, annotations left as text, the names the import line adds bound."""
    glb = dict(vars(module))
    glb.update(_dcinit_Any=typing.Any,
               _dcinit_FACTORY=dataclasses._HAS_DEFAULT_FACTORY)  # type: ignore[attr-defined]
    local = dict(vars(cls))
    code = compile(text, f"<dcinit {cls.__qualname__}>", "exec",
                   flags=__future__.annotations.compiler_flag, dont_inherit=True)
    exec(code, glb, local)  # noqa: S102 - the text under test
    fn = local["__init__"]
    assert isinstance(fn, FunctionType)
    return fn


def _params(fn: Any) -> list[tuple[str, Any, Any]]:
    return [(p.name, p.kind, p.default)
            for p in inspect.signature(fn).parameters.values()]


def _check_class(cls: type, fn: FunctionType) -> None:
    """`fn` has the parameters of cls's generated `__init__` and makes the same object,
    every parameter given (each a distinct value) and only the required ones."""
    assert _params(fn) == _params(cls.__init__), cls  # type: ignore[misc]
    params = list(inspect.signature(fn).parameters.values())[1:]
    # distinct values (ints: a `__post_init__` may compute with them)
    everything = {p.name: 1000 + i for i, p in enumerate(params)}
    required = {p.name: 2000 + i for i, p in enumerate(params)
                if p.default is inspect.Parameter.empty}
    for args in (everything, required):
        made = cls(**args)
        written = cls.__new__(cls)
        fn(written, **args)
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            a = getattr(made, f.name, dataclasses.MISSING)
            b = getattr(written, f.name, dataclasses.MISSING)
            assert a == b and type(a) is type(b), (cls, f.name)
            if f.name in args:
                assert b is args[f.name], (cls, f.name)
            elif f.default_factory is not dataclasses.MISSING and isinstance(a, list | dict | set):
                assert b is not a, (cls, f.name)  # a fresh container, not the other's
        assert getattr(made, "__dict__", {}) == getattr(written, "__dict__", {}), cls


def test_compiled_dataclasses_get_the_generated_init() -> None:
    checked = 0
    for rel, rewrite in _rewrites().items():
        if not rewrite.written:
            continue
        module = importlib.import_module(dcinit.Tree(SRC).module_name(rel))
        for w in rewrite.written:
            cls = _class(module, w.qualname)
            _check_class(cls, _written_init(cls, module, w.text))
            checked += 1
    assert checked > 150


def test_no_generated_init_is_left_out() -> None:
    """Every dataclass of a compiled module that gets `__init__` from dataclasses (its
    code made by exec) is rewritten, and no other class is."""
    missing, extra = [], []
    for rel, rewrite in _rewrites().items():
        module = importlib.import_module(dcinit.Tree(SRC).module_name(rel))
        written = {w.qualname for w in rewrite.written}
        generated = set()
        stack = [v for v in vars(module).values() if isinstance(v, type)]
        while stack:
            cls = stack.pop()
            if cls.__module__ != module.__name__:
                continue
            stack += [v for v in vars(cls).values() if isinstance(v, type)]
            init = vars(cls).get("__init__")
            if dataclasses.is_dataclass(cls) and isinstance(init, FunctionType) \
                    and init.__code__.co_filename == "<string>":
                generated.add(cls.__qualname__)
        missing += [f"{rel}: {q}" for q in sorted(generated - written)]
        extra += [f"{rel}: {q}" for q in sorted(written - generated)]
        assert not rewrite.skipped, rewrite.skipped
    assert not missing and not extra, (missing, extra)


def test_no_line_moves() -> None:
    """Each written line replaces a blank one, or comes after the module's last line;
    the import line only gets names appended."""
    for rel, rewrite in _rewrites().items():
        before = (SRC / rel).read_text().splitlines()
        after = rewrite.text.splitlines()
        assert len(after) >= len(before)
        for old, new in zip(before, after, strict=False):
            assert new == old or (not old.strip() and new.lstrip().startswith("def __init__(")) \
                or (old.startswith("from dataclasses import")
                    and new == old + dcinit.IMPORTS), (rel, old, new)
        assert all(line.lstrip().startswith("def __init__(") for line in after[len(before):])
        for w in rewrite.written:
            assert after[w.line - 1].strip() == w.text, (rel, w)
        ast.parse(rewrite.text)


def test_compiled_sources_make_no_rewritten_class_with_new() -> None:
    """mypyc's `tp_new` of a class with a compiled `__init__` runs it: `C.__new__(C)`
    of a rewritten class fails in the compiled copy (missing arguments)."""
    written = {w.qualname.rsplit(".", 1)[-1] for r in _rewrites().values() for w in r.written}
    bad = []
    for rel in _compiled_modules():
        for node in ast.walk(ast.parse((SRC / rel).read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "__new__" and isinstance(node.func.value, ast.Name) \
                    and node.func.value.id in written:
                bad.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    assert not bad, bad


# -- the cases atomc's compiled classes do not have, on a package written here

_BASE = '''
from __future__ import annotations
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

T = TypeVar("T")
LIMIT = 7


@dataclass
class Base(Generic[T]):
    a: int
    b: str = "b"
    tags: list[str] = field(default_factory=list)
    _count: ClassVar[int] = 0


@dataclass(frozen=True)
class FrozenBase(Generic[T]):
    a: int
    b: str = "b"


class Plain(Base[int]):
    """Not a dataclass: its subclasses inherit Base's fields through it."""

    def __post_init__(self) -> None:
        self.post = self.a * 2
'''

_MAIN = '''
from __future__ import annotations
import dataclasses
from dataclasses import InitVar, KW_ONLY, dataclass, field
from . import base
from .base import LIMIT, Plain


@dataclass(slots=True)
class Slotted:
    x: int
    y: int = field(default=LIMIT, init=False)
    z: dict[str, int] = field(default_factory=dict, init=False)
    w: int = field(default=3, kw_only=True)


@dataclass(frozen=True)
class Frozen(base.FrozenBase[str]):
    b: str = "override"  # keeps Base's place
    c: tuple[int, ...] = ()
    d: list[int] = field(default_factory=lambda: [LIMIT])


@dataclass
class WithPost(Plain):
    scale: InitVar[int] = 1
    _: KW_ONLY
    k: int = 5

    def __post_init__(self, scale: int) -> None:
        self.post = self.a * scale + self.k


@dataclass(kw_only=True)
class Keywords:
    self: int
    other: str = "o"


@dataclasses.dataclass
class Outer:
    n: int

    @dataclass(eq=False)
    class Inner:
        m: int = 0


@dataclass(init=False)
class NoInit:
    n: int


@dataclass
class OwnInit:
    n: int

    def __init__(self) -> None:
        self.n = 0
# a comment after a class
'''


def _package(tmp: Path, name: str) -> None:
    pkg = tmp / name
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "base.py").write_text(textwrap.dedent(_BASE))
    (pkg / "main.py").write_text(textwrap.dedent(_MAIN))


def test_cases_written_like_dataclasses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _package(tmp_path, "dcinit_old")
    _package(tmp_path, "dcinit_new")
    results = dict(dcinit.rewrite_files(tmp_path, ["dcinit_new/base.py", "dcinit_new/main.py"],
                                        package="dcinit_new"))
    written = {w.qualname: w.text for r in results.values() for w in r.written}
    assert sorted(written) == ["Base", "Frozen", "FrozenBase", "Keywords", "Outer", "Outer.Inner",
                               "Slotted", "WithPost"]
    # Outer and Outer.Inner end on one line, before one blank line: one def is inserted
    assert (tmp_path / "dcinit_new/main.py").read_text().count("\n") \
        == (tmp_path / "dcinit_old/main.py").read_text().count("\n") + 1
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        for mod in ("base", "main"):
            old = importlib.import_module(f"dcinit_old.{mod}")
            new = importlib.import_module(f"dcinit_new.{mod}")
            for w in results[f"dcinit_new/{mod}.py"].written:
                old_cls, new_cls = _class(old, w.qualname), _class(new, w.qualname)
                # the rewritten module's class has it as its own `__init__` ...
                assert vars(new_cls)["__init__"].__code__.co_filename.endswith(f"{mod}.py")
                # ... with the generated one's parameters, making the same objects
                assert _params(new_cls.__init__) == _params(old_cls.__init__), w.qualname
                _check_class(old_cls, _written_init(old_cls, old, w.text))
        main = importlib.import_module("dcinit_new.main")
        post = main.WithPost(3, scale=10, k=1)
        assert (post.a, post.b, post.tags, post.k, post.post) == (3, "b", [], 1, 31)
        s = main.Slotted(1)
        assert (s.x, s.y, s.z, s.w) == (1, 7, {}, 3) and s.z is not main.Slotted(1).z
        f = main.Frozen(1)
        assert (f.a, f.b, f.c, f.d) == (1, "override", (), [7])
        with pytest.raises(dataclasses.FrozenInstanceError):
            f.a = 2  # type: ignore[misc]
        assert main.Keywords(self=1).other == "o"
        assert main.Outer.Inner().m == 0 and main.Outer(2).n == 2
        assert main.OwnInit().n == 0
    finally:
        for name in [m for m in sys.modules if m.startswith(("dcinit_old", "dcinit_new"))]:
            del sys.modules[name]


def test_unknown_base_is_left_to_dataclasses(tmp_path: Path) -> None:
    pkg = tmp_path / "dcinit_other"
    pkg.mkdir()
    (pkg / "m.py").write_text(textwrap.dedent('''
        from dataclasses import dataclass
        from elsewhere import Base


        @dataclass
        class C(Base):
            x: int


        @dataclass
        class D:
            x: int = field(default_factory=make())


        @dataclass
        class E:
            size: ClassVar[int] = 3
            x: int = size
        '''))
    (rel, result), = dcinit.rewrite_files(tmp_path, ["dcinit_other/m.py"],
                                          package="dcinit_other")
    assert not result.written
    assert [q for q, _ in result.skipped] == ["C", "D", "E"]
