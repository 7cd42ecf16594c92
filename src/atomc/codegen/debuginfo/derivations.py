"""What an instruction computes from the one register it reads, as DWARF ops
(the target's opcode table says which arithmetic, extension or address it is:
on x86-64 `shll $3`, `sarl $2`, `andl $255`, `xorl $-1` (not), `imull $13`,
`movzbl`, `movslq`, `lea k(%base)`, `add/sub $k`). LiveDebugValues uses it both
ways (ldv/derived.py): a variable whose value is gone is that result's ops
applied to a source value still held somewhere, or the inverse ops applied to
a result still held (`xor` again, subtract the constant, the low bits of an
extension).

Every forward expression is exact in the result's low `bits` for any 64-bit
input whose low `bits` are the source's (wrap-around arithmetic, bitwise ops,
left shifts), except where it says how many low bits of the source it reads
(`reads`: an extension reads 8, 16 or 32; a 32-bit right shift masks its
input first and reads 32; a 64-bit one reads all 64). Signed results are
computed without `DW_OP_shra`, which lldb-22 evaluates as a logical shift on
the generic type (-1000 >> 3 showed 536870787): a sign extension is
`(x & mask ^ sign) - sign`, an arithmetic shift a logical one of the value
biased by the sign bit, less the shifted bias.

Debug info: read-only; describes instructions, changes none.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...dwarf.locexpr import (
    And,
    Constu,
    LocExpr,
    Minus,
    Mul,
    Not,
    Or,
    PlusUconst,
    Shl,
    Shr,
    Xor,
)
from ..mir import Imm, Mem, MInst, PReg
from ..target import Arith, OpcodeInfo, current, desc
from .ldv.model import Derivation, MLoc

MASK64 = (1 << 64) - 1
_WIDTHS = (32, 64)  # the operation widths described (a 32-bit write clears the upper half)


def _plus(k: int) -> LocExpr:
    return (PlusUconst(k),) if k >= 0 else (Constu(-k), Minus())


def _sign_extend(n: int) -> LocExpr:
    """The low `n` bits as a signed value: (x & mask ^ sign) - sign."""
    sign = 1 << (n - 1)
    return (Constu((1 << n) - 1), And(), Constu(sign), Xor(), Constu(sign), Minus())


def _shift_signed(n: int, count: int) -> LocExpr:
    """An `n`-bit value (its upper bits already zero) shifted right arithmetically:
    ((x ^ sign) >> count) - (sign >> count), the bias keeping the shift logical."""
    sign = 1 << (n - 1)
    return (Constu(sign), Xor(), Constu(count), Shr(), Constu(sign >> count), Minus())


def _imm(value: int, width: int) -> Constu:
    """An instruction's immediate as the 64-bit constant its op uses in the low `width` bits."""
    return Constu(value & ((1 << width) - 1) if width < 64 else value & MASK64)


def may_derive(d: OpcodeInfo) -> bool:
    """Can `derivation` find one for an instruction with this opcode row? (False:
    it returns None whatever the operands; asked once per opcode.)"""
    w = d.width if d.width in _WIDTHS else 0
    ext = d.extend
    return (ext is not None and ext.to_bits in _WIDTHS) \
        or (w != 0 and (d.is_address or d.arith is not None))


def derivation(mi: MInst, loc: Mapping[str, MLoc]) -> Derivation | None:
    """How `mi`'s register result derives from the register it reads, if it
    reads one register and is exact arithmetic on it; `loc`: register name ->
    machine location."""
    ops = mi.operands
    d = desc(mi.opcode)
    w = d.width if d.width in _WIDTHS else 0
    if len(ops) == 3 and d.arith is Arith.MUL and w:
        factor, a, r = ops
        if isinstance(factor, Imm) and isinstance(a, PReg) and isinstance(r, PReg):
            return _make(a, r, loc, (_imm(factor.value, 64), Mul()), w)
        return None
    if len(ops) != 2:
        return None
    src, dst = ops
    if not isinstance(dst, PReg):
        return None
    ext = d.extend
    if ext is not None and ext.to_bits in _WIDTHS and isinstance(src, PReg):
        n = ext.from_bits
        fwd: LocExpr = _sign_extend(n) if ext.signed else (Constu((1 << n) - 1), And())
        return _make(src, dst, loc, fwd, ext.to_bits, undo=(), undo_bits=n, reads=n)
    if d.is_address and w and isinstance(src, Mem) and isinstance(src.base, PReg) \
            and src.index is None and src.symbol is None and src.segment is None:
        return _make(src.base, dst, loc, _plus(src.disp), w, undo=_plus(-src.disp), undo_bits=w)
    name = d.arith
    if not w or name is None or not isinstance(src, Imm):
        return None
    c = src.value
    if name in (Arith.ADD, Arith.SUB):
        k = c if name is Arith.ADD else -c
        return _make(dst, dst, loc, _plus(k), w, undo=_plus(-k), undo_bits=w)
    if name is Arith.XOR:
        same: LocExpr = (Not(),) if c & ((1 << w) - 1) == (1 << w) - 1 else (_imm(c, w), Xor())
        return _make(dst, dst, loc, same, w, undo=same, undo_bits=w)
    if name in (Arith.AND, Arith.OR):
        return _make(dst, dst, loc, (_imm(c, w), And() if name is Arith.AND else Or()), w)
    if name is Arith.MUL:
        return _make(dst, dst, loc, (_imm(c, 64), Mul()), w)
    count = c & (w - 1)
    if name is Arith.SHL:
        return _make(dst, dst, loc, (Constu(count), Shl()), w)
    if name is Arith.SHR:
        if w == 64:
            return _make(dst, dst, loc, (Constu(count), Shr()), w, reads=64)
        return _make(dst, dst, loc, (Constu(0xFFFFFFFF), And(), Constu(count), Shr()), w,
                     reads=32)
    if name is Arith.SAR:
        if w == 64:
            return _make(dst, dst, loc, _shift_signed(64, count), w, reads=64)
        return _make(dst, dst, loc, (Constu(0xFFFFFFFF), And(), *_shift_signed(32, count)), w,
                     reads=32)
    return None


def _make(src: PReg, dst: PReg, loc: Mapping[str, MLoc], ops: LocExpr, bits: int,
          undo: LocExpr | None = None, undo_bits: int = 0,
          reads: int | None = None) -> Derivation | None:
    s, d = loc.get(src.name), loc.get(dst.name)
    regs = current().registers
    if s is None or d is None or regs.is_vector(src.name) or regs.is_vector(dst.name):
        return None
    return Derivation(s, d, ops, bits, undo, undo_bits, reads)
