"""Source rules the mypyc-compiled build (scripts/build_compiled.py) needs, checked
on the pure sources so that a change breaking that build fails here, in CI, which
does not build the compiled copy.

mypyc compiles a class as a native class only when its decorators are ones it
understands; any other class decorator (such as the pass registry's `register`)
makes it a Python class, and a Python class may not subclass a native one, so the
build stops ("Non-extension classes may not inherit from extension classes").
A dataclass with a field annotated `object` builds, but its module fails to import
(KeyError: 'object'), so the compiled atomc stops on every input. And
`object.__new__(C)` raises for a compiled class C ("not safe, use C.__new__()").
A class marked `@mypyc_attr(serializable=True)` compiles and runs from compiled
callers, but when Python code (the front end, a test) calls it its `__init__` never
runs (mypyc's type slots: `__new__` skips it for a serializable class and
`__init__`'s slot does nothing), so the instance has no attributes; a class that
must be made without `__init__` defines `__new__` instead (ir.insts.Inst).
"""

from __future__ import annotations

import ast
import functools
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# decorators after which mypyc still compiles a native class
NATIVE_CLASS_DECORATORS = frozenset({"dataclass", "dataclasses.dataclass", "mypyc_attr",
                                     "final", "typing.final", "trait"})


@functools.cache
def _compiled_sources() -> list[Path]:
    script = runpy.run_path(str(ROOT / "scripts" / "build_compiled.py"))  # not run as main
    src = ROOT / "src"
    rels = script["modules"](src / "atomc", list(script["PACKAGES"]))
    return [src / r for r in rels if r not in script["EXCLUDE"]]


@functools.cache
def _nodes() -> list[tuple[str, ast.AST]]:
    """(file relative to the repository, node) for every node of every compiled
    module, parsed once for all the rules."""
    return [(str(path.relative_to(ROOT)), node) for path in _compiled_sources()
            for node in ast.walk(ast.parse(path.read_text(), str(path)))]


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    return ast.unparse(target)


def test_compiled_packages_are_found() -> None:
    files = _compiled_sources()
    assert any(f.name == "exit_values.py" for f in files)
    assert len(files) > 100


def test_classes_in_compiled_packages_have_only_native_decorators() -> None:
    bad = [f"{where}:{node.lineno}: class {node.name} decorated with @{_decorator_name(dec)}"
           for where, node in _nodes() if isinstance(node, ast.ClassDef)
           for dec in node.decorator_list
           if _decorator_name(dec) not in NATIVE_CLASS_DECORATORS]
    assert not bad, "\n".join(bad)


def test_dataclasses_in_compiled_packages_have_no_object_field() -> None:
    bad = [f"{where}:{stmt.lineno}: {node.name}.{ast.unparse(stmt.target)}: object"
           for where, node in _nodes() if isinstance(node, ast.ClassDef)
           and any(_decorator_name(d).endswith("dataclass") for d in node.decorator_list)
           for stmt in node.body
           if isinstance(stmt, ast.AnnAssign) and ast.unparse(stmt.annotation) == "object"]
    assert not bad, "\n".join(bad)


def test_compiled_packages_do_not_call_object_new() -> None:
    bad = [f"{where}:{node.lineno}: object.__new__" for where, node in _nodes()
           if isinstance(node, ast.Call) and ast.unparse(node.func) == "object.__new__"]
    assert not bad, "\n".join(bad)


def test_compiled_classes_are_not_serializable() -> None:
    bad = [f"{where}:{node.lineno}: class {node.name} decorated with @{ast.unparse(dec)}"
           for where, node in _nodes() if isinstance(node, ast.ClassDef)
           for dec in node.decorator_list
           if isinstance(dec, ast.Call) and _decorator_name(dec).endswith("mypyc_attr")
           and any(k.arg == "serializable" for k in dec.keywords)]
    assert not bad, "\n".join(bad)
