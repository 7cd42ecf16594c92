"""An inlined call: DW_TAG_inlined_subroutine under the caller, pointing at an
abstract subprogram DIE, with its call site and the callee's variables."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from dwarf_helpers import assemble, verify
from elftools.elf.elffile import ELFFile

from atomc.dwarf.files import FileTable
from atomc.dwarf.locexpr import CallFrameCfa, Reg
from atomc.dwarf.model import FunctionDebugInfo, ScopeRanges, VarLocation
from atomc.dwarf.writer import debug_sections
from atomc.ir import (
    DIBasicType, DICompileUnit, DIFile, DILocalVariable, DILocation, DISubprogram,
    DISubroutineType, Module,
)
from atomc.options import CompileOptions

# f(x) { return sq(x) + 1; } with sq(y) { int r = y * y; return r; } inlined at 6:12
ASM = """\
\t.text
\t.globl\tf
\t.type\tf, @function
f:
\t.loc 1 5 1
\t.cfi_startproc
\t.loc 1 2 13 prologue_end
.Lsq_start:
\tmovl\t%edi, %eax
\timull\t%edi, %eax
.Lsq_end:
\t.loc 1 6 21
\taddl\t$1, %eax
\tret
\t.cfi_endproc
.Lf_end:
\t.size\tf, .-f
\t.section\t.note.GNU-stack,"",@progbits
"""


@pytest.fixture(scope="module")
def obj(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("inl")
    c = DIFile("inl.c", str(d))
    (d / "inl.c").write_text("static int sq(int y)\n{ int r = y * y; return r; }\n\n\n"
                             "int f(int x)\n{ return sq(x) + 1; }\n")
    cu = DICompileUnit(c, "atomc", "C11", True)
    int_t = DIBasicType("int", 32, "signed")
    fty = DISubroutineType(int_t, (int_t,))
    f_sp = DISubprogram("f", "f", c, 5, fty, 6, cu)
    sq_sp = DISubprogram("sq", "sq", c, 1, fty, 2, cu, is_local=True)
    site = DILocation(6, 10, f_sp)
    x = DILocalVariable("x", f_sp, c, 5, int_t, arg=1)
    y = DILocalVariable("y", sq_sp, c, 1, int_t, arg=1)
    r = DILocalVariable("r", sq_sp, c, 2, int_t)
    info = FunctionDebugInfo(f_sp, "f", ".Lf_end", (CallFrameCfa(),), variables=(
        VarLocation(x, None, single=(Reg(5),)),
        VarLocation(y, site, single=(Reg(5),)),
        VarLocation(r, site, const_value=9),
    ), scopes=(ScopeRanges(sq_sp, site, ((".Lsq_start", ".Lsq_end"),)),))
    files = FileTable(c)
    text = debug_sections(Module("inl.c", cu=cu), [info], files, CompileOptions(debug=True))
    s = d / "inl.s"
    s.write_text("\n".join(files.directives()) + "\n" + ASM + text)
    return assemble(s)


def test_verify(obj: Path) -> None:
    verify(obj)


def test_inlined_subroutine(obj: Path) -> None:
    with open(obj, "rb") as fh:
        top = next(ELFFile(fh).get_dwarf_info().iter_CUs()).get_top_DIE()
        subs = [c for c in top.iter_children() if c.tag == "DW_TAG_subprogram"]
        by_name = {c.attributes["DW_AT_name"].value: c for c in subs}
        f, sq = by_name[b"f"], by_name[b"sq"]
        assert sq.attributes["DW_AT_inline"].value == 1
        assert "DW_AT_low_pc" not in sq.attributes and "DW_AT_external" not in sq.attributes
        kids = list(f.iter_children())
        assert [k.tag for k in kids] == ["DW_TAG_formal_parameter", "DW_TAG_inlined_subroutine"]
        inl = kids[1]
        assert inl.get_DIE_from_attribute("DW_AT_abstract_origin").offset == sq.offset
        assert inl.attributes["DW_AT_low_pc"].value == 0
        assert inl.attributes["DW_AT_high_pc"].value == 5  # mov (2) + imul (3)
        assert (inl.attributes["DW_AT_call_file"].value, inl.attributes["DW_AT_call_line"].value,
                inl.attributes["DW_AT_call_column"].value) == (1, 6, 10)
        inner = [(k.tag, k.attributes["DW_AT_name"].value) for k in inl.iter_children()]
        assert inner == [("DW_TAG_formal_parameter", b"y"), ("DW_TAG_variable", b"r")]


@pytest.mark.gdb
def test_gdb_shows_the_inlined_frame(obj: Path, tmp_path: Path) -> None:
    main = tmp_path / "main.c"
    main.write_text("int f(int);\nint main(void) { return f(3) == 10 ? 0 : 1; }\n")
    exe = tmp_path / "prog"
    subprocess.run(["gcc", "-g", str(main), str(obj), "-o", str(exe)], check=True)
    assert subprocess.run([str(exe)]).returncode == 0
    r = subprocess.run(["gdb", "-nx", "-batch", "-ex", "break *f+2", "-ex", "run", "-ex", "bt",
                        "-ex", "print y", "-ex", "print r", "-ex", "up", "-ex", "print x",
                        str(exe)], capture_output=True, text=True, timeout=60)
    out = r.stdout
    assert " in sq (y=3) at inl.c:2" in out
    assert "#1  f (x=3) at" in out and "inl.c:6" in out
    assert "$1 = 3" in out and "$2 = 9" in out and "$3 = 3" in out


def test_an_instance_lists_its_parameters_before_the_instances_inlined_into_it(
        tmp_path: Path) -> None:
    """f inlines mid(a, b), which inlines sq(y); mid's `b` has no location, so the
    variable list gives it last (live_debug_values.py lists unlocated variables
    after the located ones). Its DIE still comes right after `a`, before sq's
    instance: gdb lists an inlined frame's arguments in DIE order."""
    c = DIFile("nest.c", str(tmp_path))
    cu = DICompileUnit(c, "atomc", "C11", True)
    int_t = DIBasicType("int", 32, "signed")
    fty = DISubroutineType(int_t, (int_t,))
    f_sp = DISubprogram("f", "f", c, 5, fty, 6, cu)
    mid_sp = DISubprogram("mid", "mid", c, 3, DISubroutineType(int_t, (int_t, int_t)), 3, cu,
                          is_local=True)
    sq_sp = DISubprogram("sq", "sq", c, 1, fty, 2, cu, is_local=True)
    site1 = DILocation(6, 10, f_sp)
    site2 = DILocation(3, 30, mid_sp, inlined_at=site1)
    x = DILocalVariable("x", f_sp, c, 5, int_t, arg=1)
    a = DILocalVariable("a", mid_sp, c, 3, int_t, arg=1)
    b = DILocalVariable("b", mid_sp, c, 3, int_t, arg=2)
    y = DILocalVariable("y", sq_sp, c, 1, int_t, arg=1)
    info = FunctionDebugInfo(f_sp, "f", ".Lf_end", (CallFrameCfa(),), variables=(
        VarLocation(x, None, single=(Reg(5),)),
        VarLocation(a, site1, single=(Reg(5),)),
        VarLocation(y, site2, single=(Reg(5),)),
        VarLocation(b, site1),
    ), scopes=(ScopeRanges(mid_sp, site1, ((".Lsq_start", ".Lsq_end"),)),
               ScopeRanges(sq_sp, site2, ((".Lsq_start", ".Lsq_end"),))))
    files = FileTable(c)
    text = debug_sections(Module("nest.c", cu=cu), [info], files, CompileOptions(debug=True))
    s = tmp_path / "nest.s"
    s.write_text("\n".join(files.directives()) + "\n" + ASM + text)
    obj = assemble(s)
    verify(obj)
    with open(obj, "rb") as fh:
        top = next(ELFFile(fh).get_dwarf_info().iter_CUs()).get_top_DIE()
        f = next(c for c in top.iter_children() if c.tag == "DW_TAG_subprogram"
                 and c.attributes["DW_AT_name"].value == b"f")
        (mid,) = [k for k in f.iter_children() if k.tag == "DW_TAG_inlined_subroutine"]
        kids = [(k.tag, k.attributes["DW_AT_name"].value if "DW_AT_name" in k.attributes
                 else None) for k in mid.iter_children()]
    assert kids == [("DW_TAG_formal_parameter", b"a"), ("DW_TAG_formal_parameter", b"b"),
                    ("DW_TAG_inlined_subroutine", None)]
