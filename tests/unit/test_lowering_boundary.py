"""The front end's typed-tree boundary (issue 12 §1), locked in for the lowering modules
already converted: they read only `tree.py` nodes, so they import no pycparser, report
no user diagnostics (only `InternalCompilerError`, a compiler bug) and never call `Sema`.

`lower/module.py` lowers the items `sema/unit.py` hands it (file-scope declarations
and the end of the unit are checked there); the `error`/`warning` call attributes
are reported by `sema/call_attributes.py`, so `fortify.py`, `gnu_inline.py`,
`asm_stmt.py` and `labelvalues.py` are checking modules only, in sema's service
(their lowering is `lower/builtins.py`, `lower/inline.py`, `lower/asm.py` and
`lower/label_values.py`). A converted module may not reach across the boundary
through a module it imports either (`test_imports_stay_on_the_tree`).
Add a module to CONVERTED when it crosses.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import atomc.frontend

FRONTEND = Path(atomc.frontend.__file__).parent
CONVERTED = [
    "lower/expression.py", "lower/assign.py", "lower/builtins.py", "lower/initialiser.py",
    "lower/state.py", "complex_gen.py", "atomic_irgen.py", "builtin_ir.py", "longdouble.py",
    "lower/statement.py", "lower/inline.py", "lower/asm.py", "lower/label_values.py",
    "vla.py", "cleanup.py", "lower/function.py", "lower/module.py",
]
SEMA_ALLOWED: dict[str, set[str]] = {}
# checking modules a converted module may import at run time, and why
SHARED = {
    "atomic_builtins.py": "defines the AtomicExpr tree node beside its checker",
}


def violations(source: str, sema_allowed: set[str]) -> list[str]:
    """What in `source` crosses the boundary: pycparser, diagnostics, `Sema`."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [f"import {a.name}" for a in node.names if a.name.startswith("pycparser")]
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            names = {a.name for a in node.names}
            if mod.startswith("pycparser") or "c_ast" in names:
                out.append(f"from {mod} import pycparser names")
            if mod.split(".")[-1] == "diag" and names - {"InternalCompilerError"}:
                out.append(f"from {mod} import {sorted(names)}")
            if mod.split(".")[-1] == "sema" and node.level:
                if not _type_only(source, node):
                    out.append(f"from {mod} import {sorted(names)} (at run time)")
        elif isinstance(node, ast.Attribute) and node.attr == "sema":
            out.append(f"uses Sema (line {node.lineno})")
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
              and node.value.attr == "sema" and node.attr not in sema_allowed):
            out.append(f"sema.{node.attr} (line {node.lineno})")
    if sema_allowed:  # the reference itself is allowed; only the listed attributes
        out = [v for v in out if not v.startswith("uses Sema")]
    return out


def _type_only(source: str, imp: ast.ImportFrom) -> bool:
    tree = ast.parse(source)
    return any(isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"
               and any(ast.dump(x) == ast.dump(imp) for x in n.body) for n in tree.body)


@pytest.mark.parametrize("module", CONVERTED)
def test_lowering_module_stays_on_the_tree(module: str) -> None:
    source = (FRONTEND / module).read_text()
    assert violations(source, SEMA_ALLOWED.get(module, set())) == []


def test_check_catches_crossings() -> None:
    bad = ("from pycparser import c_ast\nfrom ..diag import DiagnosticEngine\n"
           "def f(self):\n    self.sema.error(None, 'x')\n")
    found = violations(bad, set())
    assert any("pycparser" in v for v in found)
    assert any("DiagnosticEngine" in v for v in found)
    assert any(v.startswith("uses Sema") for v in found)
    assert violations("from ...diag import InternalCompilerError\n", set()) == []


def runtime_imports(module: str) -> set[str]:
    """The front-end modules `module` imports when it runs (not for type checking): at
    the top level and inside functions (an import deferred to first use)."""
    path = FRONTEND / module
    tree = ast.parse(path.read_text())
    typing_only = {id(x) for n in tree.body
                   if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"
                   for x in ast.walk(n)}
    out = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.level or id(node) in typing_only:
            continue
        base = path.parent
        for _ in range(node.level - 1):
            base = base.parent
        parts = (node.module or "").split(".") if node.module else []
        target = base.joinpath(*parts)
        candidates = [target.with_suffix(".py"), target / "__init__.py"] if parts else \
            [base / f"{a.name}.py" for a in node.names]
        out |= {c.relative_to(FRONTEND).as_posix() for c in candidates
                if c.exists() and FRONTEND in c.parents}
    return out


@pytest.mark.parametrize("module", CONVERTED)
def test_imports_stay_on_the_tree(module: str) -> None:
    """What a converted module calls must not report or check in its place (as the call
    attributes once were, from `fortify.py` through `lower/builtins.py`)."""
    crossing = {dep: violations((FRONTEND / dep).read_text(), set())
                for dep in runtime_imports(module) - set(CONVERTED) - set(SHARED)}
    assert {dep: v for dep, v in crossing.items() if v} == {}


def test_import_check_sees_a_crossing() -> None:
    assert "fortify.py" in runtime_imports("gnu_builtins.py")
    assert violations((FRONTEND / "fortify.py").read_text(), set())
