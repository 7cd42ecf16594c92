"""DWARF 5 constants (values from the DWARF 5 standard, section 7).

Only the codes atomc emits are listed; names follow the standard without the
`DW_` prefix so `TAG.compile_unit` reads like `DW_TAG_compile_unit`.
"""

from __future__ import annotations

import enum


class TAG(enum.IntEnum):
    array_type = 0x01
    enumeration_type = 0x04
    formal_parameter = 0x05
    lexical_block = 0x0B
    member = 0x0D
    pointer_type = 0x0F
    compile_unit = 0x11
    structure_type = 0x13
    subroutine_type = 0x15
    typedef = 0x16
    union_type = 0x17
    unspecified_parameters = 0x18
    inlined_subroutine = 0x1D
    subrange_type = 0x21
    base_type = 0x24
    const_type = 0x26
    enumerator = 0x28
    subprogram = 0x2E
    variable = 0x34
    volatile_type = 0x35
    atomic_type = 0x47  # DWARF 5
    call_site = 0x48
    dwarf_procedure = 0x36
    call_site_parameter = 0x49


class AT(enum.IntEnum):
    location = 0x02
    name = 0x03  # type: ignore[assignment]  # DW_AT_name; Enum's own .name still works
    byte_size = 0x0B
    bit_size = 0x0D
    stmt_list = 0x10
    low_pc = 0x11
    high_pc = 0x12
    language = 0x13
    comp_dir = 0x1B
    const_value = 0x1C
    inline = 0x20
    producer = 0x25
    prototyped = 0x27
    count = 0x37
    upper_bound = 0x2F
    abstract_origin = 0x31
    data_member_location = 0x38
    decl_file = 0x3A
    decl_line = 0x3B
    declaration = 0x3C
    encoding = 0x3E
    external = 0x3F
    frame_base = 0x40
    type = 0x49
    ranges = 0x55
    call_file = 0x58
    call_line = 0x59
    call_column = 0x57
    linkage_name = 0x6E
    str_offsets_base = 0x72
    addr_base = 0x73
    rnglists_base = 0x74
    loclists_base = 0x8C
    call_all_calls = 0x7A
    call_return_pc = 0x7D
    call_value = 0x7E
    call_origin = 0x7F
    call_target = 0x83
    data_bit_offset = 0x6B
    macros = 0x79
    # vendor (user range): why the variable has no location, a sec_offset into
    # .debug.atomc_why (docs/why-optimized-out.md); free in LLVM 22, gcc and gdb
    atomc_why = 0x3F10


class FORM(enum.IntEnum):
    addr = 0x01
    data2 = 0x05
    data4 = 0x06
    data8 = 0x07
    data1 = 0x0B
    flag = 0x0C
    sdata = 0x0D
    strp = 0x0E
    udata = 0x0F
    ref4 = 0x13
    sec_offset = 0x17
    exprloc = 0x18
    flag_present = 0x19
    loclistx = 0x22
    rnglistx = 0x23
    implicit_const = 0x21
    line_strp = 0x1F


class ATE(enum.IntEnum):
    boolean = 0x02
    complex_float = 0x03
    float = 0x04
    signed = 0x05
    signed_char = 0x06
    unsigned = 0x07
    unsigned_char = 0x08


class LANG(enum.IntEnum):
    C89 = 0x01
    C = 0x02
    C99 = 0x0C
    C11 = 0x1D


class UT(enum.IntEnum):
    compile = 0x01


class OP(enum.IntEnum):
    addr = 0x03
    deref = 0x06
    const8u = 0x0E
    constu = 0x10
    consts = 0x11
    dup = 0x12
    swap = 0x16
    and_ = 0x1A
    minus = 0x1C
    mul = 0x1E
    not_ = 0x20
    or_ = 0x21
    plus = 0x22
    plus_uconst = 0x23
    shl = 0x24
    shr = 0x25
    xor = 0x27
    reg0 = 0x50
    breg0 = 0x70
    regx = 0x90
    call4 = 0x99
    fbreg = 0x91
    bregx = 0x92
    piece = 0x93
    bit_piece = 0x9D
    form_tls_address = 0x9B
    call_frame_cfa = 0x9C
    implicit_value = 0x9E
    stack_value = 0x9F
    entry_value = 0xA3


class LLE(enum.IntEnum):
    end_of_list = 0x00
    base_addressx = 0x01
    startx_endx = 0x02
    startx_length = 0x03
    offset_pair = 0x04
    default_location = 0x05
    base_address = 0x06
    start_end = 0x07
    start_length = 0x08


class RLE(enum.IntEnum):
    end_of_list = 0x00
    base_addressx = 0x01
    startx_endx = 0x02
    startx_length = 0x03
    offset_pair = 0x04
    base_address = 0x05
    start_end = 0x06
    start_length = 0x07


DW_CHILDREN_no = 0
DW_CHILDREN_yes = 1
