"""IR for bit-field reads and read-modify-write stores.

A bit-field is reached through its access unit (`bitfields.BitAccess`): one
load of the unit, then shifts and masks. Units of 3, 5, 6 or 7 bytes (packed
structs near the end of the object) are composed from narrower accesses in
little-endian order, and so are the 9..15-byte units of `__int128` fields,
held in an i128. A store of a field that fills its whole unit does not read
the unit first.
"""

from __future__ import annotations

from ..ir import I8, I64, I128, Builder, Const, IntType, Op, Value
from .bitfields import BitAccess
from .ctype import unqual

_PIECES = {1: (1,), 2: (2,), 3: (2, 1), 4: (4,), 5: (4, 1), 6: (4, 2), 7: (4, 2, 1), 8: (8,),
           9: (8, 1), 10: (8, 2), 11: (8, 2, 1), 12: (8, 4), 13: (8, 4, 1), 14: (8, 4, 2),
           15: (8, 4, 2, 1), 16: (16,)}


def _split9(acc: BitAccess) -> bool:
    """A field of at most 64 bits spanning 9 bytes (a packed record): read as an i64
    and a byte. A 9-byte unit of an `__int128` field is an ordinary composed unit."""
    return acc.unit_size == 9 and unqual(acc.decl_type).size <= 8


def _split_read(b: Builder, addr: Value, acc: BitAccess, volatile: bool) -> Value:
    """A field spanning 9 bytes: bits from an 8-byte low part and a 1-byte high part,
    returned as a unit whose field sits at bit 0."""
    lo = b.load(I64, addr, volatile=volatile)
    hi = b.load(I8, b.ptradd(addr, Const(I64, 8)), volatile=volatile)
    low_bits = 64 - acc.shift
    x = b.binary(Op.LSHR, lo, Const(I64, acc.shift))
    top = b.binary(Op.SHL, b.cast(Op.ZEXT, hi, I64), Const(I64, low_bits))
    return b.binary(Op.OR, x, top)


def _split_write(b: Builder, addr: Value, acc: BitAccess, value: Value,
                 volatile: bool) -> list:
    low_bits = 64 - acc.shift
    high_bits = acc.width - low_bits
    v = resize(b, value, I64, False)
    lo = b.load(I64, addr, volatile=volatile)
    keep_lo = b.binary(Op.AND, lo, Const(I64, (1 << acc.shift) - 1))
    new_lo = b.binary(Op.OR, keep_lo, b.binary(Op.SHL, v, Const(I64, acc.shift)))
    hi_addr = b.ptradd(addr, Const(I64, 8))
    hi = b.load(I8, hi_addr, volatile=volatile)
    keep_hi = b.binary(Op.AND, hi, Const(I8, ~((1 << high_bits) - 1)))
    part = b.cast(Op.TRUNC, b.binary(Op.LSHR, v, Const(I64, low_bits)), I8)
    part = b.binary(Op.AND, part, Const(I8, (1 << high_bits) - 1))
    new_hi = b.binary(Op.OR, keep_hi, part)
    return [b.store(new_lo, addr, volatile=volatile), b.store(new_hi, hi_addr, volatile=volatile)]


def unit_type(acc: BitAccess) -> IntType:
    """The integer type the unit is held in (i64, or i128 past 8 bytes, for
    composed units)."""
    n = acc.unit_size
    if n in (1, 2, 4, 8, 16):
        return IntType(n * 8)
    return I128 if n > 8 and not _split9(acc) else I64


def _piece_addrs(b: Builder, addr: Value, n: int) -> list[tuple[int, int, Value]]:
    out: list[tuple[int, int, Value]] = []
    off = 0
    for size in _PIECES[n]:
        a = addr if off == 0 else b.ptradd(addr, Const(I64, off))
        out.append((off, size, a))
        off += size
    return out


def load_unit(b: Builder, addr: Value, acc: BitAccess, volatile: bool) -> Value:
    """The unit as an integer (a 9-byte split unit: the field moved to bit 0)."""
    ty = unit_type(acc)
    if _split9(acc):
        return _split_read(b, addr, acc, volatile)
    if acc.unit_size in (1, 2, 4, 8, 16):
        return b.load(ty, addr, volatile=volatile)
    whole: Value | None = None
    for off, size, a in _piece_addrs(b, addr, acc.unit_size):
        piece: Value = b.cast(Op.ZEXT, b.load(IntType(size * 8), a, volatile=volatile), ty)
        if off:
            piece = b.binary(Op.SHL, piece, Const(ty, 8 * off))
        whole = piece if whole is None else b.binary(Op.OR, whole, piece)
    assert whole is not None
    return whole


def store_unit(b: Builder, value: Value, addr: Value, acc: BitAccess, volatile: bool) -> list:
    """Store the unit; returns the store instructions (for atoms)."""
    if acc.unit_size in (1, 2, 4, 8, 16):
        return [b.store(value, addr, volatile=volatile)]
    stores = []
    for off, size, a in _piece_addrs(b, addr, acc.unit_size):
        v: Value = value
        if off:
            v = b.binary(Op.LSHR, v, Const(value.ty, 8 * off))
        v = b.cast(Op.TRUNC, v, IntType(size * 8))
        stores.append(b.store(v, a, volatile=volatile))
    return stores


def resize(b: Builder, v: Value, to: IntType, signed: bool) -> Value:
    frm = v.ty
    assert isinstance(frm, IntType)
    if frm.bits == to.bits:
        return v
    if frm.bits > to.bits:
        return b.cast(Op.TRUNC, v, to)
    return b.cast(Op.SEXT if signed else Op.ZEXT, v, to)


def extract(b: Builder, unit: Value, acc: BitAccess, to: IntType) -> Value:
    """The field's value from its unit, sign- or zero-extended to `to`."""
    ty = unit.ty
    assert isinstance(ty, IntType)
    n = ty.bits
    x = unit
    if _split9(acc):
        acc = BitAccess(0, 8, 0, acc.width, acc.signed, acc.decl_type)
    if acc.signed:
        up = n - acc.shift - acc.width
        if up:
            x = b.binary(Op.SHL, x, Const(ty, up))
        if n - acc.width:
            x = b.binary(Op.ASHR, x, Const(ty, n - acc.width))
    else:
        if acc.shift:
            x = b.binary(Op.LSHR, x, Const(ty, acc.shift))
        if acc.width < n:
            x = b.binary(Op.AND, x, Const(ty, (1 << acc.width) - 1))
    return resize(b, x, to, acc.signed)


def insert(b: Builder, old: Value | None, value: Value, acc: BitAccess) -> Value:
    """The unit with the field replaced by the low bits of `value` (`old` may be None
    when the field covers the whole unit)."""
    ty = unit_type(acc)
    n = ty.bits
    v = resize(b, value, ty, False)
    mask = (1 << acc.width) - 1
    if acc.width < n:
        v = b.binary(Op.AND, v, Const(ty, mask))
    if acc.shift:
        v = b.binary(Op.SHL, v, Const(ty, acc.shift))
    if old is None:
        return v
    keep = b.binary(Op.AND, old, Const(ty, ~(mask << acc.shift)))
    return b.binary(Op.OR, keep, v)


def covers_unit(acc: BitAccess) -> bool:
    return acc.shift == 0 and acc.width == unit_type(acc).bits


def truncated(b: Builder, value: Value, acc: BitAccess) -> Value:
    """`value` as the field holds it: reduced to the field's width and extended back
    (the value of an assignment to a bit-field)."""
    ty = value.ty
    assert isinstance(ty, IntType)
    n = ty.bits
    if acc.width >= n:
        return value
    if acc.signed:
        x = b.binary(Op.SHL, value, Const(ty, n - acc.width))
        return b.binary(Op.ASHR, x, Const(ty, n - acc.width))
    return b.binary(Op.AND, value, Const(ty, (1 << acc.width) - 1))


def write_field(b: Builder, addr: Value, acc: BitAccess, value: Value, volatile: bool,
                old: Value | None = None) -> list:
    """Store the low `width` bits of `value` into the field (`old`: its unit, when the
    caller has already loaded it); returns the store instructions."""
    if _split9(acc):
        return _split_write(b, addr, acc, value, volatile)
    if old is None and not covers_unit(acc):
        old = load_unit(b, addr, acc, volatile)
    return store_unit(b, insert(b, old, value, acc), addr, acc, volatile)
