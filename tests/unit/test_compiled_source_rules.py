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
A class written in Python (a test's pass, a front-end module left as Python) may
subclass a compiled class only if that class allows it (`@mypyc_attr(
allow_interpreted_subclasses=True)`): otherwise making an instance raises
("interpreted classes cannot inherit from compiled"). And a compiled function gives
a local name one type: `except A as e: ... except B as e:` raises a TypeError when
the second handler catches a B that is not an A. A membership test against a tuple
with an unpacked part (`x in (*a, *b)`) stops the build, and so does `del self.x`
unless the class lists x in `__deletable__`.
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


def test_membership_tests_have_no_unpacked_tuple() -> None:
    """mypyc turns `x in (a, b)` into compares, and stops on a `*` inside that tuple
    ("should have been handled in Tuple/List/Set/DictExpr"): the whole build fails."""
    bad = [f"{where}:{node.lineno}: {ast.unparse(node)}" for where, node in _nodes()
           if isinstance(node, ast.Compare)
           and any(isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, ast.Tuple)
                   and any(isinstance(e, ast.Starred) for e in right.elts)
                   for op, right in zip(node.ops, node.comparators, strict=True))]
    assert not bad, "\n".join(bad)


def _deletable(cls: ast.ClassDef) -> set[str]:
    for stmt in cls.body:
        if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__deletable__" for t in stmt.targets):
            return {e.value for e in ast.walk(stmt.value)
                    if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return set()


def test_deleted_attributes_are_declared_deletable() -> None:
    """mypyc refuses `del self.x` ("x cannot be deleted") unless the class lists x in
    `__deletable__`: the whole build fails."""
    bad = []
    for where, node in _nodes():
        if not isinstance(node, ast.ClassDef):
            continue
        allowed = _deletable(node)
        for inner in ast.walk(node):
            if isinstance(inner, ast.Delete):
                for target in inner.targets:
                    for t in (target.elts if isinstance(target, ast.Tuple) else [target]):
                        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) \
                                and t.value.id == "self" and t.attr not in allowed:
                            bad.append(f"{where}:{inner.lineno}: del self.{t.attr} in "
                                       f"class {node.name} without __deletable__")
    assert not bad, "\n".join(bad)


def _own_nodes(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
    """The nodes of `fn`'s body, not those of the functions and classes inside it
    (mypyc types their locals apart)."""
    out: list[ast.AST] = []
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        out.append(node)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                 ast.ClassDef)):
            todo += ast.iter_child_nodes(node)
    return out


def test_compiled_functions_bind_an_except_name_to_one_type() -> None:
    bad = []
    for where, fn in _nodes():
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        types: dict[str, set[str]] = {}
        for h in _own_nodes(fn):
            if isinstance(h, ast.ExceptHandler) and h.name and h.type is not None:
                types.setdefault(h.name, set()).add(ast.unparse(h.type))
        bad += [f"{where}:{fn.lineno}: {fn.name}: `except ... as {name}` with {sorted(ts)}"
                for name, ts in types.items() if len(ts) > 1]
    assert not bad, "\n".join(bad)


def _allows_interpreted_subclasses(cls: ast.ClassDef) -> bool:
    return any(isinstance(d, ast.Call) and _decorator_name(d).endswith("mypyc_attr")
               and any(k.arg == "allow_interpreted_subclasses"
                       and isinstance(k.value, ast.Constant) and k.value.value is True
                       for k in d.keywords) for d in cls.decorator_list)


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT / "src").with_suffix("")
    return ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)


def _imported_names(path: Path, tree: ast.Module) -> dict[str, str]:
    """name -> the module (dotted, absolute) it is imported from."""
    here = _module_name(path) if path.is_relative_to(ROOT / "src") else ""
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *filter(None, [node.module])])
            for alias in node.names:
                out[alias.asname or alias.name] = base
    return out


def test_python_classes_subclass_only_compiled_classes_that_allow_it() -> None:
    """Checks the modules left as Python and the tests (which may run against the
    compiled build: PYTHONPATH=build/compiled)."""
    compiled: dict[str, list[tuple[str, ast.ClassDef]]] = {}  # name -> (module, class)
    for where, node in _nodes():
        if isinstance(node, ast.ClassDef) and node.col_offset == 0:
            compiled.setdefault(node.name, []).append((_module_name(ROOT / where), node))
    compiled_files = set(_compiled_sources())
    others = [p for p in (ROOT / "src" / "atomc").rglob("*.py") if p not in compiled_files]
    others += (ROOT / "tests").rglob("*.py")
    bad = []
    for path in others:
        tree = ast.parse(path.read_text(), str(path))
        imported = _imported_names(path, tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            for base in node.bases:
                name = ast.unparse(base)
                module = imported.get(name)
                if module is None:
                    continue
                # the class itself, or a package re-exporting it from a module inside
                hits = [c for m, c in compiled.get(name, ())
                        if m == module or m.startswith(module + ".")]
                if hits and not any(_allows_interpreted_subclasses(c) for c in hits):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: class {node.name}"
                               f"({name}): {module}.{name} is compiled and does not "
                               "allow interpreted subclasses")
    assert not bad, "\n".join(bad)


# compiled functions that meet objects lacking an attribute they ask for on most
# calls (function -> those attributes, None: any): a fresh coordinate has no
# `atomc_pos` yet, most declarator levels no `attributes` or `type`. There mypyc's
# `getattr(x, name, default)` (CPyObject_GetAttr3) raises an AttributeError, its
# message formatted, and drops it: ~2,500 instructions a miss, 2.2% of deflate.c's
# -O0 -g compile and 2.5% of lvm.c's (callgrind, session 33); `hasattr`
# (PyObject_HasAttr) and an instance dict's `get` answer without one
_MISSING_ATTRIBUTES: dict[tuple[str, str], frozenset[str] | None] = {
    ("src/atomc/frontend/sema/core.py", "pos"): frozenset({"atomc_pos"}),
    ("src/atomc/frontend/attributes.py", "_collect"): None}


def test_hot_compiled_paths_ask_no_getattr_default_for_missing_attributes() -> None:
    seen = set()
    bad = []
    for where, node in _nodes():
        if not isinstance(node, ast.FunctionDef) or (where, node.name) not in _MISSING_ATTRIBUTES:
            continue
        names = _MISSING_ATTRIBUTES[where, node.name]
        seen.add((where, node.name))
        for n in _own_nodes(node):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) \
                    and n.func.id == "getattr" and len(n.args) == 3 \
                    and (names is None or not isinstance(n.args[1], ast.Constant)
                         or n.args[1].value in names):
                bad.append(f"{where}:{n.lineno}: {ast.unparse(n)} in {node.name}")
    assert seen == set(_MISSING_ATTRIBUTES)
    assert not bad, "\n".join(bad)
