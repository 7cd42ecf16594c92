"""Inconsistent input from the back end is an internal compiler error, not bad DWARF."""

from __future__ import annotations

import pytest

from atomc.diag import InternalCompilerError
from atomc.dwarf.files import FileTable
from atomc.dwarf.locexpr import CallFrameCfa, Fbreg, Reg
from atomc.dwarf.model import FunctionDebugInfo, ScopeRanges, VarLocation
from atomc.dwarf.writer import debug_sections
from atomc.ir import (
    DIBasicType, DICompileUnit, DIFile, DILexicalBlock, DILocalVariable,
    DISubprogram, DISubroutineType, Module,
)
from atomc.options import CompileOptions

F = DIFile("t.c", "/tmp")
CU = DICompileUnit(F, "atomc", "C11", False)
INT = DIBasicType("int", 32, "signed")
SP = DISubprogram("f", "f", F, 1, DISubroutineType(INT, ()), 1, CU)
OTHER = DISubprogram("g", "g", F, 5, DISubroutineType(INT, ()), 5, CU)
V = DILocalVariable("v", SP, F, 2, INT)


def run(*variables: VarLocation, scopes: tuple[ScopeRanges, ...] = (),
        module: Module | None = None) -> str:
    m = module if module is not None else Module("t.c", cu=CU)
    info = FunctionDebugInfo(SP, "f", ".Lf_end", (CallFrameCfa(),), variables, scopes)
    return debug_sections(m, [info], FileTable(F), CompileOptions(debug=True))


def test_well_formed_input_is_accepted() -> None:
    assert ".debug_info" in run(VarLocation(V, None, single=(Fbreg(-20),)))


@pytest.mark.parametrize("variables, scopes", [
    ((VarLocation(V, None, single=(Fbreg(-20),)),
      VarLocation(V, None, single=(Fbreg(-24),))), ()),
    ((VarLocation(V, None, single=(Fbreg(-20),), const_value=1),), ()),
    ((VarLocation(DILocalVariable("w", OTHER, F, 6, INT), None, single=(Reg(0),)),), ()),
    ((), (ScopeRanges(DILexicalBlock(OTHER, F, 6, 1), None, ((".La", ".Lb"),)),)),
    ((VarLocation(DILocalVariable("b", INT, F, 2, INT), None),), ()),  # type: ignore[arg-type]
])
def test_inconsistent_input(variables: tuple, scopes: tuple) -> None:
    with pytest.raises(InternalCompilerError):
        run(*variables, scopes=scopes)


def test_unknown_base_encoding() -> None:
    bad = DILocalVariable("x", SP, F, 2, DIBasicType("q", 32, "quaternion"))
    with pytest.raises(InternalCompilerError):
        run(VarLocation(bad, None, single=(Fbreg(-20),)))


def test_module_without_compile_unit() -> None:
    with pytest.raises(InternalCompilerError):
        run(module=Module("t.c"))
