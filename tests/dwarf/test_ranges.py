"""Several functions (CU ranges), a lexical block split into two address
ranges (DW_AT_ranges), nested and empty blocks, and the less common types."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from dwarf_helpers import assemble, verify
from elftools.dwarf.die import DIE
from elftools.elf.elffile import ELFFile

from atomc.dwarf.files import FileTable
from atomc.dwarf.locexpr import Breg, CallFrameCfa, Fbreg, Reg
from atomc.dwarf.model import FunctionDebugInfo, ScopeRanges, VarLocation
from atomc.dwarf.writer import debug_sections
from atomc.ir import (
    DIBasicType, DICompileUnit, DICompositeType, DIDerivedType, DIFile, DIGlobalVariable,
    DILexicalBlock, DILocalVariable, DISubprogram, DISubroutineType, Global, Module,
)
from atomc.options import CompileOptions

ASM = """\
\t.text
\t.globl\tf
\t.type\tf, @function
f:
\t.loc 1 3 1
\t.cfi_startproc
\tpushq\t%rbp
\t.cfi_def_cfa_offset 16
\t.cfi_offset 6, -16
\tmovq\t%rsp, %rbp
\t.cfi_def_cfa_register 6
.Lf_a:
\t.loc 1 5 7 prologue_end
\tmovl\t$1, -4(%rbp)
.Lf_inner:
\t.loc 1 7 9
\tmovl\t$2, -8(%rbp)
.Lf_a_end:
\t.loc 1 10 3
\tnop
.Lf_b:
\t.loc 1 6 5
\taddl\t$1, -4(%rbp)
.Lf_b_end:
\t.loc 1 11 1
\tpopq\t%rbp
\t.cfi_def_cfa 7, 8
\tret
\t.cfi_endproc
.Lf_end:
\t.size\tf, .-f
\t.type\tg, @function
g:
\t.loc 1 13 1
\t.cfi_startproc
\tpushq\t%rbp
\t.cfi_def_cfa_offset 16
\t.cfi_offset 6, -16
\tmovq\t%rsp, %rbp
\t.cfi_def_cfa_register 6
\t.loc 1 14 1 prologue_end
\tpopq\t%rbp
\t.cfi_def_cfa 7, 8
\tret
\t.cfi_endproc
.Lg_end:
\t.size\tg, .-g
\t.globl\th
\t.type\th, @function
h:
\t.loc 1 16 1
\t.cfi_startproc
\tcall\tg
\tcall\tf
\tret
\t.cfi_endproc
.Lh_end:
\t.size\th, .-h
\t.data
\t.globl\tgp
gp:
\t.quad\t0
\t.local\tonly.1
only.1:
\t.long\t9
\t.section\t.note.GNU-stack,"",@progbits
"""


def build(directory: str) -> tuple[Module, FileTable, list[FunctionDebugInfo]]:
    c_file = DIFile("multi.c", directory)
    cu = DICompileUnit(c_file, "atomc", "C99", optimized=False)
    m = Module("multi.c", cu=cu)
    files = FileTable(c_file)
    files.number(c_file)
    int_t = DIBasicType("int", 32, "signed")
    long_t = DIBasicType("long", 64, "signed")
    bool_t = DIBasicType("_Bool", 8, "boolean")

    opaque = DICompositeType("struct", "opaque", 0, is_declaration=True)
    anon_inner = DICompositeType("union", "", 64, 64, file=c_file, line=1)
    anon_inner.elements.extend([DIDerivedType("member", "l", long_t, 64, 0, c_file, 1),
                                DIDerivedType("member", "b", bool_t, 8, 0, c_file, 1)])
    outer = DICompositeType("struct", "", 192, 64, file=c_file, line=1)
    outer.elements.extend([
        DIDerivedType("member", "o", DIDerivedType("pointer", "", opaque, 64), 64, 0, c_file, 1),
        DIDerivedType("member", "", anon_inner, 64, 64, c_file, 1),
        DIDerivedType("member", "cv", DIDerivedType("pointer", "", DIDerivedType("const", "", None),
                                                    64), 64, 128, c_file, 1),
    ])
    vtd = DIDerivedType("typedef", "nothing", None, file=c_file, line=2)
    flex = DICompositeType("array", "", 0, base=int_t, elements=[])
    from atomc.ir import DISubrange
    flex.elements.append(DISubrange(-1))

    f_sp = DISubprogram("f", "f", c_file, 3, DISubroutineType(None, ()), 3, cu)
    g_sp = DISubprogram("g", "g", c_file, 13, DISubroutineType(int_t, (int_t,), variadic=True),
                        13, cu, is_local=True)
    h_sp = DISubprogram("h", "h", c_file, 16, DISubroutineType(int_t, (), prototyped=False),
                        16, cu)
    dead_sp = DISubprogram("dead", "dead", c_file, 20, DISubroutineType(None, ()), 20, cu,
                           is_local=True)
    outer_blk = DILexicalBlock(f_sp, c_file, 4, 3)
    inner_blk = DILexicalBlock(outer_blk, c_file, 7, 5)
    empty_blk = DILexicalBlock(f_sp, c_file, 9, 3)

    gp = Global("gp", 8, 8, [b"\0" * 8])
    gp.digv = DIGlobalVariable("gp", "gp", c_file, 2, DIDerivedType("pointer", "", outer, 64))
    m.add_global(gp)
    only = Global("only.1", 4, 4, [b"\x09\0\0\0"], internal=True)
    only.digv = DIGlobalVariable("only", "only.1", c_file, 21, int_t, is_local=True, scope=dead_sp)
    m.add_global(only)
    flexg = Global("flexg", 0, 4, None)
    flexg.digv = DIGlobalVariable("flexg", "flexg", c_file, 2, flex, is_definition=False)
    m.add_global(flexg)

    x = DILocalVariable("x", outer_blk, c_file, 5, int_t)
    y = DILocalVariable("y", inner_blk, c_file, 7, vtd_user := DIDerivedType(
        "typedef", "myint", int_t, file=c_file, line=2))
    z = DILocalVariable("z", empty_blk, c_file, 9, flex)
    fs = [
        FunctionDebugInfo(f_sp, "f", ".Lf_end", (Breg(6, 16),), variables=(
            VarLocation(x, None, single=(Fbreg(-20),)),
            VarLocation(y, None, single=(Fbreg(-24),)),
            VarLocation(z, None),  # optimised out everywhere
        ), scopes=(
            ScopeRanges(outer_blk, None, ((".Lf_a", ".Lf_a_end"), (".Lf_b", ".Lf_b_end"))),
            ScopeRanges(inner_blk, None, ((".Lf_inner", ".Lf_a_end"),)),
            ScopeRanges(empty_blk, None, ((".Lf_a_end", ".Lf_b"),)),
        )),
        FunctionDebugInfo(g_sp, "g", ".Lg_end", (CallFrameCfa(),), variables=(
            VarLocation(DILocalVariable("a", g_sp, c_file, 13, int_t, arg=1), None,
                        single=(Reg(5),)),
        )),
        FunctionDebugInfo(h_sp, "h", ".Lh_end", (CallFrameCfa(),)),
    ]
    del vtd_user
    return m, files, fs


@pytest.fixture(scope="module")
def multi(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    d = tmp_path_factory.mktemp("multi")
    m, files, fs = build(str(d))
    text = debug_sections(m, fs, files, CompileOptions(debug=True))
    s = d / "multi.s"
    s.write_text("\n".join(files.directives()) + "\n" + ASM + text)
    return assemble(s), text


def children(d: DIE) -> list[DIE]:
    return list(d.iter_children())


def name(d: DIE) -> bytes | None:
    a = d.attributes.get("DW_AT_name")
    return a.value if a is not None else None


def test_verify(multi: tuple[Path, str]) -> None:
    verify(multi[0])


def test_cu_ranges_and_rnglists(multi: tuple[Path, str]) -> None:
    o, text = multi
    assert ".debug_rnglists" in text and ".debug_loclists" not in text
    with open(o, "rb") as fh:
        dw = ELFFile(fh).get_dwarf_info()
        cu = next(dw.iter_CUs())
        top = cu.get_top_DIE()
        assert top.attributes["DW_AT_low_pc"].value == 0
        assert top.attributes["DW_AT_language"].value == 0x0C  # C99
        rl = dw.range_lists()
        cu_ranges = [(r.begin_offset, r.end_offset)
                     for r in rl.get_range_list_at_offset(top.attributes["DW_AT_ranges"].value,
                                                          cu=cu)]
        subs = {name(c): c for c in children(top) if c.tag == "DW_TAG_subprogram"}
        assert set(subs) == {b"f", b"g", b"h"}  # no DIE for `dead`, which has no code
        spans = [(s.attributes["DW_AT_low_pc"].value,
                  s.attributes["DW_AT_low_pc"].value + s.attributes["DW_AT_high_pc"].value)
                 for s in subs.values()]
        assert cu_ranges == spans

        f = subs[b"f"]
        assert f.attributes["DW_AT_frame_base"].value == [0x76, 0x10]
        assert "DW_AT_type" not in f.attributes  # void
        outer, empty = [c for c in children(f) if c.tag == "DW_TAG_lexical_block"]
        ranges = [(r.begin_offset, r.end_offset) for r in
                  rl.get_range_list_at_offset(outer.attributes["DW_AT_ranges"].value, cu=cu)]
        # .Lf_a = 4 (push 1 + mov 3), a-block 7+7 bytes, nop, b-block 4 bytes
        assert ranges == [(4, 18), (19, 23)]
        kids = children(outer)
        assert [(k.tag, name(k)) for k in kids] == [("DW_TAG_variable", b"x"),
                                                    ("DW_TAG_lexical_block", None)]
        inner = kids[1]
        assert inner.attributes["DW_AT_low_pc"].value == 11
        (y,) = children(inner)
        assert name(y) == b"y"
        ty = y.get_DIE_from_attribute("DW_AT_type")
        assert ty.tag == "DW_TAG_typedef" and name(ty) == b"myint"
        # the third block has a DIE since it declares z, which has no location at all
        assert empty.attributes["DW_AT_low_pc"].value == 18
        (z,) = children(empty)
        assert name(z) == b"z" and "DW_AT_location" not in z.attributes
        zt = z.get_DIE_from_attribute("DW_AT_type")
        (sub,) = children(zt)
        assert "DW_AT_count" not in sub.attributes

        g = subs[b"g"]
        assert "DW_AT_external" not in g.attributes
        assert [c.tag for c in children(g)] == ["DW_TAG_formal_parameter",
                                                "DW_TAG_unspecified_parameters"]
        h = subs[b"h"]
        assert "DW_AT_prototyped" not in h.attributes and "DW_AT_external" in h.attributes
        assert children(h) == []

        # the static of a function without code stays visible at unit level
        only = [c for c in children(top) if c.tag == "DW_TAG_variable" and name(c) == b"only"]
        assert len(only) == 1 and "DW_AT_external" not in only[0].attributes


def test_types(multi: tuple[Path, str]) -> None:
    with open(multi[0], "rb") as fh:
        dw = ELFFile(fh).get_dwarf_info()
        top = next(dw.iter_CUs()).get_top_DIE()
        (gp,) = [c for c in children(top) if name(c) == b"gp"]
        outer = gp.get_DIE_from_attribute("DW_AT_type").get_DIE_from_attribute("DW_AT_type")
        assert outer.tag == "DW_TAG_structure_type" and name(outer) is None
        o, anon, cv = children(outer)
        opaque = o.get_DIE_from_attribute("DW_AT_type").get_DIE_from_attribute("DW_AT_type")
        assert name(opaque) == b"opaque" and "DW_AT_declaration" in opaque.attributes
        assert "DW_AT_byte_size" not in opaque.attributes
        assert name(anon) is None and anon.attributes["DW_AT_data_member_location"].value == 8
        u = anon.get_DIE_from_attribute("DW_AT_type")
        assert u.tag == "DW_TAG_union_type"
        assert [name(m) for m in children(u)] == [b"l", b"b"]
        b_t = children(u)[1].get_DIE_from_attribute("DW_AT_type")
        assert b_t.attributes["DW_AT_encoding"].value == 0x02  # DW_ATE_boolean
        const_void = cv.get_DIE_from_attribute("DW_AT_type").get_DIE_from_attribute("DW_AT_type")
        assert const_void.tag == "DW_TAG_const_type" and "DW_AT_type" not in const_void.attributes


@pytest.mark.gdb
def test_gdb_block_with_two_ranges(multi: tuple[Path, str], tmp_path: Path) -> None:
    o, _ = multi
    main = tmp_path / "main.c"
    main.write_text("int h();\nint main(void) { h(); return 0; }\n")
    exe = tmp_path / "prog"
    subprocess.run(["gcc", "-g", str(main), str(o), "-o", str(exe)], check=True)
    verify(exe)
    r = subprocess.run(["gdb", "-nx", "-batch", "-ex", "break *f+19", "-ex", "run",
                        "-ex", "info locals", "-ex", "print x", "-ex", "print sizeof(y)",
                        "-ex", "info scope *f+12", str(exe)],
                       capture_output=True, text=True, timeout=60)
    out = r.stdout
    # at f+19 (the second range of the outer block) x is in scope, y is not
    assert "x = 1" in out and "$1 = 1" in out
    assert "No symbol \"y\" in current context." in r.stderr
    assert "Symbol x is" in out and "Symbol y is" in out


def test_aranges(multi: tuple[Path, str]) -> None:
    with open(multi[0], "rb") as fh:
        dw = ELFFile(fh).get_dwarf_info()
        ar = dw.get_aranges()
        assert ar is not None
        top = next(dw.iter_CUs()).get_top_DIE()
        for sp in (c for c in children(top) if c.tag == "DW_TAG_subprogram"):
            lo = sp.attributes["DW_AT_low_pc"].value
            assert ar.cu_offset_at_addr(lo) == 0
        entries = [(e.begin_addr, e.length) for e in ar.entries]
        # f: push, mov, two movl (7 each), nop, addl (4), pop, ret; g: 6 bytes; h: 2 calls, ret
        assert entries == [(0, 25), (25, 6), (31, 11)]
