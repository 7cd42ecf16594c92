"""Struct/union layout with bit-fields, as gcc lays them out on x86-64 SysV.

The rules (gcc's `place_field` with PCC_BITFIELD_TYPE_MATTERS, no MS layout):
* a non-zero-width bit-field goes at the next free bit, except that, outside
  packed structs and `#pragma pack`, it may not span more alignment units of
  its declared type than the type itself has: then it moves up to the next
  multiple of the type's alignment;
* a named bit-field raises the record's alignment to its type's alignment
  (capped by `#pragma pack`, 1 in a packed struct); an unnamed one does not;
* a zero-width bit-field aligns the next field to its type's alignment and is
  not affected by `packed` or `#pragma pack`; it does not align the record;
* ordinary members start at the next byte boundary rounded up to their alignment.

Each bit-field also gets its access unit: the smallest 1/2/4/8/16-byte window
holding it that stays inside its run of adjacent bit-fields (extended into the
padding that follows), so reads and read-modify-write stores never touch
another member's bytes; when no such window exists the unit is the exact byte
span and irgen composes it from narrower accesses (a 128-bit field at an odd
bit of a packed record, 17 bytes, is not supported).
"""

from __future__ import annotations

from dataclasses import dataclass

from .ctype import (
    BOOL,
    INT,
    UINT,
    CType,
    Member,
    RecordKind,
    StructT,
    as_int,
    is_const,
    is_volatile,
    qualify,
    unqual,
)


@dataclass(frozen=True, slots=True)
class FieldDecl:
    """One member declaration as written: `width` is None for ordinary members."""

    name: str
    type: CType
    line: int
    width: int | None = None
    align_attr: int = 0  # GNU aligned(N) / _Alignas on the member, 0 if none
    packed: bool = False  # GNU `packed` on the member itself


@dataclass(frozen=True, slots=True)
class BitFieldT(CType):
    """The type of an initialiser item that fills a bit-field: `width` bits of `base`
    starting `bit` bits into the item's byte offset."""

    base: CType
    width: int
    bit: int

    @property
    def size(self) -> int:
        return (self.bit + self.width + 7) // 8

    @property
    def align(self) -> int:
        return 1

    def __str__(self) -> str:
        return f"{self.base}:{self.width}"


@dataclass(frozen=True, slots=True)
class BitAccess:
    """How to reach a bit-field from the address of the object that contains it."""

    unit_offset: int  # bytes from the object's start
    unit_size: int  # 1..16 bytes (not necessarily a power of two; 9 = split access
    #                 of a field of at most 64 bits)
    shift: int  # bit position of the field inside the unit (little-endian)
    width: int
    signed: bool
    decl_type: CType  # the declared type (int, unsigned, _Bool, long, an enum...)


def access_of(m: Member, member_offset: int) -> BitAccess:
    """The access for bit-field `m` found at byte `member_offset` of an object."""
    it = as_int(m.type)
    signed = it is not None and it.signed
    origin = member_offset - m.offset
    return BitAccess(origin + m.unit_offset, m.unit_size, m.unit_shift, m.bit_width, signed,
                     m.type)


def value_type(decl: CType, width: int) -> CType:
    """The type a bit-field's value has in expressions (gcc): narrower than int
    becomes int, a 32-bit field keeps int/unsigned int, wider fields and _Bool
    keep their declared type. Qualifiers are kept for volatile/const checks."""
    it = as_int(decl)
    if it is None or it == BOOL or width > 32:
        return decl
    t: CType = INT if (width < 32 or it.signed) else UINT
    return qualify(t, is_const(decl), is_volatile(decl))


def layout_record(st: StructT, fields: list[FieldDecl], packed: bool = False,
                  min_align: int = 1, max_align: int = 0) -> list[str]:
    """Lay out `st` from its member declarations; returns error messages (none yet:
    every layout gcc accepts can be accessed)."""
    union = st.kind is RecordKind.UNION
    bitpos = 0  # next free bit (structs)
    size_bits = 0  # bits used so far (unions: the largest member)
    align = max(1, min_align)
    placed: list[Member] = []
    runs: list[list[Member]] = []  # runs of adjacent bit-fields (structs)
    run_open = False
    for f in fields:
        ta = 1 if f.packed else f.type.align  # a typedef's `aligned(N)` counts
        if f.width is not None:
            tsize_bits = unqual(f.type).size * 8
            if f.width == 0:
                bitpos = _round_up(bitpos, ta * 8) if not union else bitpos
                run_open = False
                continue
            fa = ta
            if max_align:
                fa = min(fa, max_align)
            elif packed:
                fa = 1
            if f.name:
                align = max(align, fa, f.align_attr)
            start = 0 if union else bitpos
            if not union:
                if f.align_attr:
                    start = _round_up(start, f.align_attr * 8)
                elif not packed and not max_align:
                    off = start % (ta * 8)
                    if (off + f.width + ta * 8 - 1) // (ta * 8) > tsize_bits // (ta * 8):
                        start = _round_up(start, ta * 8)
                bitpos = start + f.width
            size_bits = max(size_bits, start + f.width)
            if not f.name:
                continue  # unnamed: padding only
            m = Member(f.name, f.type, start // 8, f.line, bit_width=f.width, bit_pos=start % 8)
            placed.append(m)
            if union:
                runs.append([m])
            else:
                if not run_open:
                    runs.append([])
                    run_open = True
                runs[-1].append(m)
            continue
        a = 1 if packed else ta
        if max_align:
            a = min(a, max_align)
        if f.align_attr:
            a = max(a, f.align_attr)
        align = max(align, a)
        run_open = False
        if union:
            placed.append(Member(f.name, f.type, 0, f.line))
            size_bits = max(size_bits, f.type.size * 8)
        else:
            offset = _round_up((bitpos + 7) // 8, a)
            placed.append(Member(f.name, f.type, offset, f.line))
            bitpos = (offset + f.type.size) * 8
            size_bits = bitpos
    st.members = placed
    st.alignment = align
    st.nbytes = _round_up((max(size_bits, bitpos) + 7) // 8, align)
    st.is_complete = True
    return _assign_units(st, runs)


def _assign_units(st: StructT, runs: list[list[Member]]) -> list[str]:
    errors: list[str] = []
    ordinary = sorted(m.offset for m in st.members if not m.is_bitfield)
    for run in runs:
        first_byte = run[0].offset
        last_bit = max(m.offset * 8 + m.bit_pos + m.bit_width for m in run)
        if st.kind is RecordKind.UNION:
            lo, hi = 0, st.nbytes
        else:
            lo = first_byte
            hi = next((o for o in ordinary if o * 8 >= last_bit), st.nbytes)
        for m in run:
            p = m.offset * 8 + m.bit_pos
            first, last = p // 8, (p + m.bit_width - 1) // 8
            unit = _choose_unit(first, last, lo, hi, unqual(m.type).size > 8)
            if unit[1] > 16:
                errors.append(f"unsupported: bit-field '{m.name}' spans {unit[1]} bytes")
            m.unit_offset, m.unit_size = unit
            m.unit_shift = p - 8 * m.unit_offset
    return errors


def _choose_unit(first: int, last: int, lo: int, hi: int, wide: bool) -> tuple[int, int]:
    """A 1/2/4/8-byte (16 for a `wide` __int128 field) window in [lo, hi) covering
    bytes first..last, aligned when possible; the exact span when none fits."""
    span = last - first + 1
    for n in (1, 2, 4, 8, 16) if wide else (1, 2, 4, 8):
        if n < span:
            continue
        aligned = first - first % n
        if aligned + n > last and aligned >= lo and aligned + n <= hi:
            return aligned, n
        start = min(first, hi - n)
        if start >= lo and start <= first and start + n > last:
            return start, n
    return first, span  # 9 bytes: a 64-bit field at an odd bit of a packed record


def _round_up(v: int, a: int) -> int:
    return (v + a - 1) // a * a if a > 1 else v


def init_type(m: Member) -> CType:
    """The type an initialiser item for member `m` gets (BitFieldT for bit-fields)."""
    return BitFieldT(m.type, m.bit_width, m.bit_pos) if m.is_bitfield else m.type


def init_access(t: BitFieldT) -> BitAccess:
    """Access for storing an initialiser item into freshly zeroed memory at the
    item's byte offset: the exact byte span."""
    return BitAccess(0, t.size, t.bit, t.width, False, t.base)


def bit_range(offset: int, t: CType) -> tuple[int, int]:
    """[first bit, end bit) an initialiser item of type `t` at byte `offset` covers."""
    u = unqual(t)
    if isinstance(u, BitFieldT):
        start = offset * 8 + u.bit
        return start, start + u.width
    return offset * 8, (offset + max(t.size, 1)) * 8
