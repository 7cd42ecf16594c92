"""DWARF 5 constants (values from the DWARF 5 standard, section 7).

Only the codes atomc emits are listed; names follow the standard without the
`DW_` prefix so `TAG.compile_unit` reads like `DW_TAG_compile_unit`.

Each kind is a class of int constants of a type of its own (`TAG.x` is a `Tag`, a
`NewType` of int), not an `IntEnum`: making the nine enums' 141 members was 17M
instructions of every -g process (3.7% of a one-line file's compile, pure; an enum
member costs ~65k instructions to make), importing these costs 3M. mypy still tells a
tag from an attribute or a form, and the names the assembly's comments print come
from `TAG_NAMES`, `AT_NAMES` and `FORM_NAMES`.
"""

from __future__ import annotations

from typing import Final, NewType

Tag = NewType("Tag", int)
Attr = NewType("Attr", int)
Form = NewType("Form", int)
Encoding = NewType("Encoding", int)
Lang = NewType("Lang", int)
UnitType = NewType("UnitType", int)
Op = NewType("Op", int)
Lle = NewType("Lle", int)
Rle = NewType("Rle", int)


class TAG:
    array_type: Final = Tag(0x01)
    enumeration_type: Final = Tag(0x04)
    formal_parameter: Final = Tag(0x05)
    lexical_block: Final = Tag(0x0B)
    member: Final = Tag(0x0D)
    pointer_type: Final = Tag(0x0F)
    compile_unit: Final = Tag(0x11)
    structure_type: Final = Tag(0x13)
    subroutine_type: Final = Tag(0x15)
    typedef: Final = Tag(0x16)
    union_type: Final = Tag(0x17)
    unspecified_parameters: Final = Tag(0x18)
    inlined_subroutine: Final = Tag(0x1D)
    subrange_type: Final = Tag(0x21)
    base_type: Final = Tag(0x24)
    const_type: Final = Tag(0x26)
    enumerator: Final = Tag(0x28)
    subprogram: Final = Tag(0x2E)
    variable: Final = Tag(0x34)
    volatile_type: Final = Tag(0x35)
    atomic_type: Final = Tag(0x47)  # DWARF 5
    call_site: Final = Tag(0x48)
    dwarf_procedure: Final = Tag(0x36)
    call_site_parameter: Final = Tag(0x49)


class AT:
    location: Final = Attr(0x02)
    name: Final = Attr(0x03)  # DW_AT_name
    byte_size: Final = Attr(0x0B)
    bit_size: Final = Attr(0x0D)
    stmt_list: Final = Attr(0x10)
    low_pc: Final = Attr(0x11)
    high_pc: Final = Attr(0x12)
    language: Final = Attr(0x13)
    comp_dir: Final = Attr(0x1B)
    const_value: Final = Attr(0x1C)
    inline: Final = Attr(0x20)
    producer: Final = Attr(0x25)
    prototyped: Final = Attr(0x27)
    count: Final = Attr(0x37)
    upper_bound: Final = Attr(0x2F)
    abstract_origin: Final = Attr(0x31)
    data_member_location: Final = Attr(0x38)
    decl_file: Final = Attr(0x3A)
    decl_line: Final = Attr(0x3B)
    declaration: Final = Attr(0x3C)
    encoding: Final = Attr(0x3E)
    external: Final = Attr(0x3F)
    frame_base: Final = Attr(0x40)
    type: Final = Attr(0x49)
    ranges: Final = Attr(0x55)
    call_file: Final = Attr(0x58)
    call_line: Final = Attr(0x59)
    call_column: Final = Attr(0x57)
    linkage_name: Final = Attr(0x6E)
    str_offsets_base: Final = Attr(0x72)
    addr_base: Final = Attr(0x73)
    rnglists_base: Final = Attr(0x74)
    loclists_base: Final = Attr(0x8C)
    call_all_calls: Final = Attr(0x7A)
    call_return_pc: Final = Attr(0x7D)
    call_value: Final = Attr(0x7E)
    call_origin: Final = Attr(0x7F)
    call_target: Final = Attr(0x83)
    data_bit_offset: Final = Attr(0x6B)
    macros: Final = Attr(0x79)
    # vendor (user range): why the variable has no location, a sec_offset into
    # .debug.atomc_why (docs/why-optimized-out.md); free in LLVM 22, gcc and gdb
    atomc_why: Final = Attr(0x3F10)


class FORM:
    addr: Final = Form(0x01)
    data2: Final = Form(0x05)
    data4: Final = Form(0x06)
    data8: Final = Form(0x07)
    data1: Final = Form(0x0B)
    flag: Final = Form(0x0C)
    sdata: Final = Form(0x0D)
    strp: Final = Form(0x0E)
    udata: Final = Form(0x0F)
    ref4: Final = Form(0x13)
    sec_offset: Final = Form(0x17)
    exprloc: Final = Form(0x18)
    flag_present: Final = Form(0x19)
    loclistx: Final = Form(0x22)
    rnglistx: Final = Form(0x23)
    implicit_const: Final = Form(0x21)
    line_strp: Final = Form(0x1F)


class ATE:
    boolean: Final = Encoding(0x02)
    complex_float: Final = Encoding(0x03)
    float: Final = Encoding(0x04)
    signed: Final = Encoding(0x05)
    signed_char: Final = Encoding(0x06)
    unsigned: Final = Encoding(0x07)
    unsigned_char: Final = Encoding(0x08)


class LANG:
    C89: Final = Lang(0x01)
    C: Final = Lang(0x02)
    C99: Final = Lang(0x0C)
    C11: Final = Lang(0x1D)


class UT:
    compile: Final = UnitType(0x01)


class OP:
    addr: Final = Op(0x03)
    deref: Final = Op(0x06)
    const8u: Final = Op(0x0E)
    constu: Final = Op(0x10)
    consts: Final = Op(0x11)
    dup: Final = Op(0x12)
    swap: Final = Op(0x16)
    and_: Final = Op(0x1A)
    minus: Final = Op(0x1C)
    mul: Final = Op(0x1E)
    not_: Final = Op(0x20)
    or_: Final = Op(0x21)
    plus: Final = Op(0x22)
    plus_uconst: Final = Op(0x23)
    shl: Final = Op(0x24)
    shr: Final = Op(0x25)
    xor: Final = Op(0x27)
    reg0: Final = Op(0x50)
    breg0: Final = Op(0x70)
    regx: Final = Op(0x90)
    call4: Final = Op(0x99)
    fbreg: Final = Op(0x91)
    bregx: Final = Op(0x92)
    piece: Final = Op(0x93)
    bit_piece: Final = Op(0x9D)
    form_tls_address: Final = Op(0x9B)
    call_frame_cfa: Final = Op(0x9C)
    implicit_value: Final = Op(0x9E)
    stack_value: Final = Op(0x9F)
    entry_value: Final = Op(0xA3)


class LLE:
    end_of_list: Final = Lle(0x00)
    base_addressx: Final = Lle(0x01)
    startx_endx: Final = Lle(0x02)
    startx_length: Final = Lle(0x03)
    offset_pair: Final = Lle(0x04)
    default_location: Final = Lle(0x05)
    base_address: Final = Lle(0x06)
    start_end: Final = Lle(0x07)
    start_length: Final = Lle(0x08)


class RLE:
    end_of_list: Final = Rle(0x00)
    base_addressx: Final = Rle(0x01)
    startx_endx: Final = Rle(0x02)
    startx_length: Final = Rle(0x03)
    offset_pair: Final = Rle(0x04)
    base_address: Final = Rle(0x05)
    start_end: Final = Rle(0x06)
    start_length: Final = Rle(0x07)


DW_CHILDREN_no = 0
DW_CHILDREN_yes = 1


def names(kind: type) -> dict[int, str]:
    """Value -> name of the constants of `kind` (a class above)."""
    return {v: k for k, v in vars(kind).items() if isinstance(v, int) and not k.startswith("_")}


TAG_NAMES: Final = names(TAG)
AT_NAMES: Final = names(AT)
FORM_NAMES: Final = names(FORM)
# a base type's encoding by its name (DIBasicType.encoding: "signed", "float", ...)
ATE_BY_NAME: Final = {k: Encoding(v) for v, k in names(ATE).items()}
