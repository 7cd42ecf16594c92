"""A unit with data but no code: no address attributes on the CU, still a line table."""

from __future__ import annotations

from pathlib import Path

from dwarf_helpers import assemble, verify
from elftools.elf.elffile import ELFFile

from atomc.dwarf.files import FileTable
from atomc.dwarf.writer import debug_sections
from atomc.ir import DIBasicType, DICompileUnit, DIFile, DIGlobalVariable, Global, Module
from atomc.options import CompileOptions


def test_globals_only(tmp_path: Path) -> None:
    f = DIFile("g.c", str(tmp_path))
    m = Module("g.c", cu=DICompileUnit(f, "atomc", "C11", False))
    g = Global("x", 4, 4, [b"\1\0\0\0"])
    g.digv = DIGlobalVariable("x", "x", f, 1, DIBasicType("int", 32, "signed"))
    m.add_global(g)
    files = FileTable(f)
    text = debug_sections(m, [], files, CompileOptions(debug=True))
    assert ".debug_aranges" not in text and ".debug_rnglists" not in text
    s = tmp_path / "g.s"
    # the caller writes the `.file` directives, after the DWARF text numbered them
    s.write_text("\t.data\n\t.globl x\nx:\t.long 1\n" + text + "\n"
                 + "\n".join(files.directives()) + "\n")
    o = assemble(s)
    verify(o)
    with open(o, "rb") as fh:
        dw = ELFFile(fh).get_dwarf_info()
        cu = next(dw.iter_CUs())
        top = cu.get_top_DIE()
        assert "DW_AT_low_pc" not in top.attributes and "DW_AT_ranges" not in top.attributes
        assert [fe.name for fe in dw.line_program_for_CU(cu)["file_entry"]] == [b"g.c", b"g.c"]
        (x, _int) = top.iter_children()
        assert x.attributes["DW_AT_name"].value == b"x"
