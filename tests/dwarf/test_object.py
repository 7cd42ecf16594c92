"""The sample unit through `as`: llvm-dwarfdump --verify, then read back with
pyelftools and compared with the metadata the sample was built from."""

from __future__ import annotations

from pathlib import Path

import pytest
from elftools.dwarf.die import DIE
from elftools.dwarf.dwarf_expr import DWARFExprParser
from elftools.dwarf.locationlists import BaseAddressEntry, LocationEntry, LocationParser
from elftools.elf.elffile import ELFFile

from dwarf_helpers import verify


@pytest.fixture(scope="module")
def dwarf(sample_object):  # type: ignore[no-untyped-def]
    _, o_path = sample_object
    fh = open(o_path, "rb")
    info = ELFFile(fh).get_dwarf_info()
    yield info
    fh.close()


def top(dwarf) -> DIE:  # type: ignore[no-untyped-def]
    cus = list(dwarf.iter_CUs())
    assert len(cus) == 1
    return cus[0].get_top_DIE()


def by_name(parent: DIE, tag: str, name: str) -> DIE:
    found = [c for c in parent.iter_children()
             if c.tag == tag and c.attributes.get("DW_AT_name") is not None
             and c.attributes["DW_AT_name"].value == name.encode()]
    assert len(found) == 1, (tag, name, len(found))
    return found[0]


def attr(d: DIE, name: str):  # type: ignore[no-untyped-def]
    return d.attributes[f"DW_AT_{name}"].value


def type_of(d: DIE) -> DIE:
    return d.get_DIE_from_attribute("DW_AT_type")


def ops(dwarf, raw: list[int]) -> list[tuple]:  # type: ignore[no-untyped-def]
    return [(o.op_name, *o.args) for o in DWARFExprParser(dwarf.structs).parse_expr(raw)]


def test_llvm_dwarfdump_verify(sample_object) -> None:  # type: ignore[no-untyped-def]
    verify(sample_object[1])


def test_compile_unit(dwarf, sample_object) -> None:  # type: ignore[no-untyped-def]
    cu = top(dwarf)
    assert cu.tag == "DW_TAG_compile_unit"
    assert cu.cu["version"] == 5
    assert attr(cu, "producer") == b"atomc test producer"
    assert attr(cu, "language") == 0x1D  # DW_LANG_C11
    assert attr(cu, "name") == b"sample.c"
    assert cu.attributes["DW_AT_name"].form == "DW_FORM_line_strp"
    assert attr(cu, "comp_dir") == str(sample_object[1].parent).encode()
    assert attr(cu, "stmt_list") == 0
    # one function: low_pc/high_pc, no ranges
    assert attr(cu, "low_pc") == 0
    assert attr(cu, "high_pc") == 0x39
    assert "DW_AT_ranges" not in cu.attributes


def test_line_table_files_match_decl_file(dwarf) -> None:  # type: ignore[no-untyped-def]
    cu = top(dwarf)
    lp = dwarf.line_program_for_CU(cu.cu)
    names = [fe.name for fe in lp["file_entry"]]
    assert names == [b"sample.c", b"sample.c", b"sample.h"]
    assert attr(by_name(cu, "DW_TAG_typedef", "node_t"), "decl_file") == 2
    assert attr(by_name(cu, "DW_TAG_variable", "counter"), "decl_file") == 1


def test_struct_members(dwarf) -> None:  # type: ignore[no-untyped-def]
    cu = top(dwarf)
    node = by_name(cu, "DW_TAG_structure_type", "node")
    assert attr(node, "byte_size") == 24
    members = [(attr(m, "name"), attr(m, "data_member_location")) for m in node.iter_children()]
    assert members == [(b"value", 0), (b"next", 8), (b"tag", 16)]
    nxt = by_name(node, "DW_TAG_member", "next")
    ptr = type_of(nxt)
    assert ptr.tag == "DW_TAG_pointer_type" and attr(ptr, "byte_size") == 8
    assert type_of(ptr).offset == node.offset  # the recursive reference
    tag = type_of(by_name(node, "DW_TAG_member", "tag"))
    assert tag.tag == "DW_TAG_array_type"
    assert attr(type_of(tag), "name") == b"char"
    (sub,) = tag.iter_children()
    assert sub.tag == "DW_TAG_subrange_type" and attr(sub, "count") == 4


def test_each_type_node_once(dwarf) -> None:  # type: ignore[no-untyped-def]
    cu = top(dwarf)
    names = [attr(c, "name") for c in cu.iter_children()
             if c.tag in ("DW_TAG_base_type", "DW_TAG_structure_type", "DW_TAG_typedef")]
    assert sorted(names) == sorted(set(names))
    assert b"int" in names


def test_union_enum_typedef(dwarf) -> None:  # type: ignore[no-untyped-def]
    cu = top(dwarf)
    num = by_name(cu, "DW_TAG_union_type", "num")
    assert attr(num, "byte_size") == 4
    assert [attr(m, "data_member_location") for m in num.iter_children()] == [0, 0]
    color = by_name(cu, "DW_TAG_enumeration_type", "color")
    assert attr(type_of(color), "name") == b"int"
    assert [(attr(e, "name"), attr(e, "const_value")) for e in color.iter_children()] == \
        [(b"RED", 0), (b"GREEN", 5), (b"BLUE", -1)]
    node_t = by_name(cu, "DW_TAG_typedef", "node_t")
    assert attr(type_of(node_t), "name") == b"node"


def test_globals(dwarf) -> None:  # type: ignore[no-untyped-def]
    cu = top(dwarf)
    table = by_name(cu, "DW_TAG_variable", "table")
    assert "DW_AT_external" in table.attributes
    arr = type_of(table)
    assert [attr(s, "count") for s in arr.iter_children()] == [3, 2]
    cb = type_of(by_name(cu, "DW_TAG_variable", "callback"))
    fn = type_of(cb)
    assert fn.tag == "DW_TAG_subroutine_type" and "DW_AT_prototyped" in fn.attributes
    assert [c.tag for c in fn.iter_children()] == ["DW_TAG_formal_parameter",
                                                   "DW_TAG_unspecified_parameters"]
    flags = by_name(cu, "DW_TAG_variable", "flags")
    assert "DW_AT_external" not in flags.attributes
    cv = type_of(flags)
    assert cv.tag == "DW_TAG_const_type" and type_of(cv).tag == "DW_TAG_volatile_type"
    assert attr(type_of(type_of(cv)), "name") == b"short"
    for g in ("counter", "head", "favourite", "u", "table", "callback", "flags"):
        loc = ops(dwarf, attr(by_name(cu, "DW_TAG_variable", g), "location"))
        assert len(loc) == 1 and loc[0][0] == "DW_OP_addr"
    # an extern declaration without a definition gets no DIE; a static local is not global
    vnames = [attr(c, "name") for c in cu.iter_children() if c.tag == "DW_TAG_variable"]
    assert b"missing" not in vnames and b"calls" not in vnames


def test_subprogram(dwarf) -> None:  # type: ignore[no-untyped-def]
    cu = top(dwarf)
    sp = by_name(cu, "DW_TAG_subprogram", "sum")
    assert attr(sp, "low_pc") == 0 and attr(sp, "high_pc") == 0x39
    assert sp.attributes["DW_AT_high_pc"].form == "DW_FORM_data4"
    assert ops(dwarf, attr(sp, "frame_base")) == [("DW_OP_call_frame_cfa",)]
    assert "DW_AT_external" in sp.attributes and "DW_AT_prototyped" in sp.attributes
    assert (attr(sp, "decl_file"), attr(sp, "decl_line")) == (1, 12)
    kids = [(c.tag, attr(c, "name") if "DW_AT_name" in c.attributes else None)
            for c in sp.iter_children()]
    assert kids == [("DW_TAG_formal_parameter", b"n"), ("DW_TAG_formal_parameter", b"scale"),
                    ("DW_TAG_variable", b"total"), ("DW_TAG_lexical_block", None),
                    ("DW_TAG_variable", b"hidden"), ("DW_TAG_variable", b"calls")]
    n = by_name(sp, "DW_TAG_formal_parameter", "n")
    assert ops(dwarf, attr(n, "location")) == [("DW_OP_fbreg", -40)]
    assert attr(type_of(type_of(n)), "name") == b"node_t"
    hidden = by_name(sp, "DW_TAG_variable", "hidden")
    assert attr(hidden, "const_value") == -3 and "DW_AT_location" not in hidden.attributes
    calls = by_name(sp, "DW_TAG_variable", "calls")
    assert "DW_AT_external" not in calls.attributes
    assert ops(dwarf, attr(calls, "location"))[0][0] == "DW_OP_addr"


def test_lexical_block(dwarf) -> None:  # type: ignore[no-untyped-def]
    sp = by_name(top(dwarf), "DW_TAG_subprogram", "sum")
    (blk,) = [c for c in sp.iter_children() if c.tag == "DW_TAG_lexical_block"]
    assert (attr(blk, "low_pc"), attr(blk, "high_pc")) == (0x12, 0x25 - 0x12)
    (i,) = blk.iter_children()
    assert attr(i, "name") == b"i" and ops(dwarf, attr(i, "location")) == [("DW_OP_fbreg", -24)]


def test_location_list(dwarf) -> None:  # type: ignore[no-untyped-def]
    sp = by_name(top(dwarf), "DW_TAG_subprogram", "sum")
    scale = by_name(sp, "DW_TAG_formal_parameter", "scale")
    a = scale.attributes["DW_AT_location"]
    assert a.form == "DW_FORM_sec_offset"
    entries = LocationParser(dwarf.location_lists()).parse_from_attribute(a, 5, die=scale)
    assert isinstance(entries[0], BaseAddressEntry) and entries[0].base_address == 0
    rest = [(e.begin_offset, e.end_offset, ops(dwarf, e.loc_expr)) for e in entries[1:]
            if isinstance(e, LocationEntry)]
    assert rest == [(0, 0xB, [("DW_OP_reg4",)]), (0xB, 0x39, [("DW_OP_fbreg", -44)])]


def test_output_is_deterministic(tmp_path: Path) -> None:
    import dwarf_sample

    from atomc.dwarf.writer import debug_sections
    from atomc.options import CompileOptions
    texts = []
    for _ in range(2):
        s = dwarf_sample.build(str(tmp_path))
        texts.append(debug_sections(s.module, s.functions, s.files, CompileOptions(debug=True)))
    assert texts[0] == texts[1]
