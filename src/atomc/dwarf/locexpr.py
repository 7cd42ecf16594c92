"""Location expressions: DWARF operations as typed values, and their one encoder.

The back end builds a `LocExpr`, a tuple of the op values below (`Fbreg(-20)`,
`Reg(3)`, `Breg(7, 8)`, `Deref()`, `Piece(8)`, `EntryValue((Reg(5),))`, ...) with
DWARF register numbers (rax 0, rdx 1, rcx 2, rbx 3, rsi 4, rdi 5, rbp 6, rsp 7,
r8..r15 8..15, xmm0.. 17..); only `encode` knows their bytes, and picks the short
forms (`DW_OP_reg0+n`, `DW_OP_breg0+n`) where they exist.

An expression is mostly constant bytes, except `DW_OP_addr`, whose operand is
a relocated symbol address (and `DW_OP_const8u sym@dtpoff` of a thread-local
variable, followed by `DW_OP_form_tls_address`); `Encoded` keeps both kinds of chunk so the
assembler text can say `.quad sym` where a relocation is needed, while the
size stays known for the exprloc/loclist length prefix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from ..diag import InternalCompilerError
from .constants import OP
from .leb128 import sleb128, uleb128


class _Op:
    """What every op shares: its DWARF name, as in `DW_OP_<name>`."""

    __slots__ = ()

    @property
    def name(self) -> str:
        return re.sub(r"(?<!^)(?=[A-Z])", "_", type(self).__name__).lower()


@dataclass(frozen=True, slots=True)
class Addr(_Op):
    """`DW_OP_addr`: the relocated address of `symbol`, plus `addend`."""

    symbol: str
    addend: int = 0


@dataclass(frozen=True, slots=True)
class AddrValue(_Op):
    """The relocated address of `symbol` plus `addend` as a value (a pointer
    variable holding a global's or string literal's address). The back end
    computes it from the pc before encoding (codegen/debuginfo/address_values.py):
    lldb-22 shows a plain `DW_OP_addr, DW_OP_stack_value` unrelocated in a PIE,
    a wrong value."""

    symbol: str
    addend: int = 0


@dataclass(frozen=True, slots=True)
class TlsAddr(_Op):
    """A thread-local variable's address: its offset in the module's TLS block
    (`DW_OP_const8u symbol@dtpoff`, R_X86_64_DTPOFF64) turned into the address of
    the thread's copy (`DW_OP_form_tls_address`)."""

    symbol: str


@dataclass(frozen=True, slots=True)
class Reg(_Op):
    """The variable is in register `num` (`DW_OP_reg<n>`, `DW_OP_regx` from 32)."""

    num: int

    # written out, not generated (one per register location): see codegen/mir/core.py
    def __init__(self, num: int) -> None:
        object.__setattr__(self, "num", num)


@dataclass(frozen=True, slots=True)
class Breg(_Op):
    """Push register `num`'s value plus `offset` (`DW_OP_breg<n>`, `DW_OP_bregx`)."""

    num: int
    offset: int


@dataclass(frozen=True, slots=True)
class Fbreg(_Op):
    """Push the frame base plus `offset`."""

    offset: int

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, offset: int) -> None:
        object.__setattr__(self, "offset", offset)


@dataclass(frozen=True, slots=True)
class Piece(_Op):
    """The preceding location describes the next `size` bytes of the variable."""

    size: int


@dataclass(frozen=True, slots=True)
class BitPiece(_Op):
    """The next `size` bits of the variable, at bit `offset` of the preceding
    location. With nothing before it, the bits are unavailable: gdb shows them
    as `<optimized out>`, while lldb refuses the whole expression (an empty
    `DW_OP_piece` it would fill with zero bytes, a wrong value)."""

    size: int
    offset: int = 0


@dataclass(frozen=True, slots=True)
class Constu(_Op):
    """Push the unsigned constant `value` (`DW_OP_lit<n>`, `DW_OP_constu`)."""

    value: int

    def __init__(self, value: int) -> None:
        object.__setattr__(self, "value", value)


@dataclass(frozen=True, slots=True)
class Consts(_Op):
    value: int


@dataclass(frozen=True, slots=True)
class PlusUconst(_Op):
    value: int


@dataclass(frozen=True, slots=True)
class _OneByte(_Op):
    """An op without operands: its encoding is its opcode alone (`_ONE_BYTE`)."""


# The operand-less ops. Deref: the 8 bytes at the address on top of the stack
# replace it. Shr: a logical right shift (salvage masks the operand first: see
# ldv/salvage.py). Not: the bitwise complement of the top. Dup: push a copy of the
# top (exit_values.py's max(x, 0) reads x twice). Swap: exchange the top two
# (ir/salvage_tree.py reads one value through two operands). StackValue: the value
# on top of the stack is the variable's value, not its address. CallFrameCfa:
# push the canonical frame address (the frame base atomc gives functions). The
# others: DWARF's arithmetic on the top two.
class Deref(_OneByte): __slots__ = ()  # noqa: E701
class Plus(_OneByte): __slots__ = ()  # noqa: E701
class Minus(_OneByte): __slots__ = ()  # noqa: E701
class Mul(_OneByte): __slots__ = ()  # noqa: E701
class And(_OneByte): __slots__ = ()  # noqa: E701
class Or(_OneByte): __slots__ = ()  # noqa: E701
class Xor(_OneByte): __slots__ = ()  # noqa: E701
class Shl(_OneByte): __slots__ = ()  # noqa: E701
class Shr(_OneByte): __slots__ = ()  # noqa: E701
class Not(_OneByte): __slots__ = ()  # noqa: E701
class Dup(_OneByte): __slots__ = ()  # noqa: E701
class Swap(_OneByte): __slots__ = ()  # noqa: E701
class StackValue(_OneByte): __slots__ = ()  # noqa: E701
class CallFrameCfa(_OneByte): __slots__ = ()  # noqa: E701


# each byte's `0x..` text, made at its first use (a format spec per byte is a
# generic call in the compiled copy; all 256 made at import cost a process ~1M
# instructions, more than most files' location expressions save)
_HEX_BYTE: Final[list[str]] = [""] * 256


def _hex_byte(b: int) -> str:
    text = _HEX_BYTE[b]
    if not text:
        text = _HEX_BYTE[b] = f"0x{b:02x}"
    return text

_ONE_BYTE: dict[type[_OneByte], int] = {
    Deref: OP.deref, Plus: OP.plus, Minus: OP.minus, Mul: OP.mul, And: OP.and_, Or: OP.or_,
    Xor: OP.xor, Shl: OP.shl, Shr: OP.shr, Not: OP.not_, Dup: OP.dup, Swap: OP.swap,
    StackValue: OP.stack_value,
    CallFrameCfa: OP.call_frame_cfa,
}


@dataclass(frozen=True, slots=True)
class ImplicitValue(_Op):
    """The variable's bytes themselves (an x87 long double constant)."""

    data: bytes


@dataclass(frozen=True, slots=True)
class OperandArg(_Op):
    """Not DWARF: push operand `index`'s value (a record's `arg N`, ir/operand_records.py).
    codegen/debuginfo/operand_values.py replaces it with the ops reading the operand's
    location; encoding one is an internal error."""

    index: int


@dataclass(frozen=True, slots=True)
class EntryValue(_Op):
    """Push the value `expr` had on entry to the function (a parameter's register)."""

    expr: LocExpr


LocOp = (Addr | AddrValue | TlsAddr | Reg | Breg | Fbreg | Deref | Piece
         | BitPiece | Constu | Consts | PlusUconst | Plus | Minus | Mul | And | Or | Xor
         | Shl | Shr | Not | Dup | Swap | StackValue | ImplicitValue | CallFrameCfa | EntryValue
         | OperandArg)
LocExpr = tuple[LocOp, ...]


def const(value: int) -> Constu | Consts:
    """Push `value`: `DW_OP_consts` when it is negative, else `DW_OP_constu`."""
    return Consts(value) if value < 0 else Constu(value)


@dataclass(frozen=True, slots=True)
class SymAddr:
    """An 8-byte address of an assembler symbol, plus an addend."""

    symbol: str
    addend: int = 0

    def expr(self) -> str:
        if self.addend:
            return f"{self.symbol}{self.addend:+d}"
        return self.symbol


Chunk = bytes | SymAddr


@dataclass(frozen=True, slots=True)
class Encoded:
    """An expression's bytes, with relocated addresses between them."""

    chunks: tuple[Chunk, ...]

    # written out, not generated (one per location expression): see codegen/mir/core.py
    def __init__(self, chunks: tuple[Chunk, ...]) -> None:
        object.__setattr__(self, "chunks", chunks)

    @property
    def size(self) -> int:
        return sum(8 if isinstance(c, SymAddr) else len(c)
                   for c in self.chunks)

    @property
    def constant_bytes(self) -> bytes:
        """The bytes, for expressions without relocations (tests, entry values)."""
        raw = [c for c in self.chunks if isinstance(c, bytes)]
        if len(raw) != len(self.chunks):
            raise InternalCompilerError("expression has a relocated address")
        return b"".join(raw)

    def directives(self) -> list[str]:
        out: list[str] = []
        for c in self.chunks:
            if isinstance(c, SymAddr):
                out.append(f"\t.quad\t{c.expr()}")
            elif c:
                out.append("\t.byte\t" + ",".join([_hex_byte(b) for b in c]))
        return out


def encode(expr: LocExpr) -> Encoded:
    """The bytes (and relocated addresses) of a location expression."""
    chunks: list[Chunk] = []
    buf = bytearray()
    for op in expr:
        match op:
            case Addr(symbol, addend):
                buf.append(OP.addr)
                chunks.append(bytes(buf))
                buf.clear()
                chunks.append(SymAddr(symbol, addend))
            case AddrValue():
                raise InternalCompilerError("an address value is computed from the pc "
                                            "(codegen/debuginfo/address_values.py)")
            case TlsAddr(symbol):
                buf.append(OP.const8u)
                chunks.append(bytes(buf))
                buf.clear()
                chunks.append(SymAddr(symbol + "@dtpoff"))
                buf.append(OP.form_tls_address)
            case _:
                buf += _encode_op(op)
    if buf:
        chunks.append(bytes(buf))
    return Encoded(tuple(chunks))


def _encode_op(op: LocOp) -> bytes:
    if isinstance(op, _OneByte):
        return bytes([_ONE_BYTE[type(op)]])
    match op:
        case Fbreg(offset):
            return bytes([OP.fbreg]) + sleb128(offset)
        case Reg(num):
            if 0 <= num < 32:
                return bytes([OP.reg0 + num])
            return bytes([OP.regx]) + uleb128(num)
        case Breg(num, offset):
            if 0 <= num < 32:
                return bytes([OP.breg0 + num]) + sleb128(offset)
            return bytes([OP.bregx]) + uleb128(num) + sleb128(offset)
        case Piece(size):
            return bytes([OP.piece]) + uleb128(size)
        case BitPiece(size, offset):
            return bytes([OP.bit_piece]) + uleb128(size) + uleb128(offset)
        case Constu(value):
            return bytes([OP.constu]) + uleb128(value)
        case Consts(value):
            return bytes([OP.consts]) + sleb128(value)
        case PlusUconst(value):
            return bytes([OP.plus_uconst]) + uleb128(value)
        case ImplicitValue(data):
            return bytes([OP.implicit_value]) + uleb128(len(data)) + data
        case EntryValue(inner):
            sub = encode(inner).constant_bytes
            return bytes([OP.entry_value]) + uleb128(len(sub)) + sub
    raise InternalCompilerError(f"cannot encode location op {op!r}")
