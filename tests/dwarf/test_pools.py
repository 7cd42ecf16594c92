"""Abbreviation and string pool deduplication."""

from atomc.dwarf.abbrev import AbbrevTable
from atomc.dwarf.constants import AT, FORM, TAG
from atomc.dwarf.strings import StringPool, asm_string


def test_identical_shapes_share_a_code() -> None:
    t = AbbrevTable()
    var = ((AT.name, FORM.strp), (AT.type, FORM.ref4), (AT.location, FORM.exprloc))
    a = t.code(TAG.variable, False, var)
    b = t.code(TAG.variable, False, var)
    assert a == b == 1
    assert t.code(TAG.variable, True, var) == 2  # children flag differs
    assert t.code(TAG.formal_parameter, False, var) == 3  # tag differs
    assert t.code(TAG.variable, False, var[::-1]) == 4  # attribute order differs
    assert t.code(TAG.variable, False, var[:2] + ((AT.location, FORM.sec_offset),)) == 5
    assert t.code(TAG.variable, False, var) == 1
    assert len(t) == 5


def test_abbrev_bytes() -> None:
    t = AbbrevTable()
    t.code(TAG.base_type, False, ((AT.name, FORM.strp), (AT.encoding, FORM.data1)))
    t.code(TAG.compile_unit, True, ((AT.producer, FORM.strp),))
    # code, tag, children, (at, form)*, 0 0 ... final 0 (DWARF 5 §7.5.3)
    assert t.encode() == bytes.fromhex("01 24 00 03 0e 3e 0b 00 00"
                                       "02 11 01 25 0e 00 00"
                                       "00")


def test_abbrev_directives_match_bytes() -> None:
    t = AbbrevTable()
    t.code(TAG.subprogram, True, ((AT.frame_base, FORM.exprloc), (AT.high_pc, FORM.data4)))
    vals: list[int] = []
    for line in t.directives(".La")[2:]:
        op, arg = line.split("\t")[1:3]
        nums = [int(x, 0) for x in arg.split(",")]
        assert op in (".uleb128", ".byte") and all(n < 128 for n in nums)
        vals += nums
    assert bytes(vals) == t.encode()


def test_string_pool_dedup_and_order() -> None:
    p = StringPool(".debug_str", ".Ls")
    assert p.ref("int") == ".Ls0"
    assert p.ref("char") == ".Ls1"
    assert p.ref("int") == ".Ls0"
    assert len(p) == 2
    assert p.directives() == ['\t.section\t.debug_str,"MS",@progbits,1',
                              ".Ls0:", '\t.asciz\t"int"', ".Ls1:", '\t.asciz\t"char"']
    assert StringPool(".debug_str", ".Lt").directives() == []


def test_string_escapes() -> None:
    assert asm_string('a"b\\c') == 'a\\"b\\\\c'
    assert asm_string("tab\there\n") == "tab\\011here\\012"
    assert asm_string("é") == "\\303\\251"
