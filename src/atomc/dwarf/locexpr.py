"""Encoding of symbolic location expressions (`model.LocExpr`) into DWARF bytes.

An expression is mostly constant bytes, except `DW_OP_addr`, whose operand is
a relocated symbol address (and `DW_OP_const8u sym@dtpoff` of a thread-local
variable, followed by `DW_OP_form_tls_address`); `Encoded` keeps both kinds of chunk so the
assembler text can say `.quad sym` where a relocation is needed, while the
size stays known for the exprloc/loclist length prefix.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diag import InternalCompilerError
from .constants import OP
from .leb128 import sleb128, uleb128


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
    chunks: tuple[Chunk, ...]

    @property
    def size(self) -> int:
        return sum(8 if isinstance(c, SymAddr) else len(c) for c in self.chunks)

    @property
    def constant_bytes(self) -> bytes:
        """The bytes, for expressions without relocations (tests, entry values)."""
        if any(isinstance(c, SymAddr) for c in self.chunks):
            raise InternalCompilerError("expression has a relocated address")
        return b"".join(self.chunks)  # type: ignore[arg-type]

    def directives(self) -> list[str]:
        out: list[str] = []
        for c in self.chunks:
            if isinstance(c, SymAddr):
                out.append(f"\t.quad\t{c.expr()}")
            elif c:
                out.append("\t.byte\t" + ",".join(f"0x{b:02x}" for b in c))
        return out


def encode(expr: tuple) -> Encoded:
    """Encode a `LocExpr` (a tuple of symbolic ops)."""
    chunks: list[Chunk] = []
    buf = bytearray()
    for op in expr:
        if not isinstance(op, tuple) or not op or not isinstance(op[0], str):
            raise InternalCompilerError(f"malformed location op {op!r}")
        if op[0] == "addr":
            buf.append(OP.addr)
            chunks.append(bytes(buf))
            buf.clear()
            chunks.append(SymAddr(op[1], op[2] if len(op) > 2 else 0))
        elif op[0] == "tls_addr":
            # a thread-local variable: its offset in the module's TLS block
            # (R_X86_64_DTPOFF64), turned into an address of the thread's copy
            buf.append(OP.const8u)
            chunks.append(bytes(buf))
            buf.clear()
            chunks.append(SymAddr(op[1] + "@dtpoff"))
            buf.append(OP.form_tls_address)
        else:
            buf += _encode_op(op)
    if buf:
        chunks.append(bytes(buf))
    return Encoded(tuple(chunks))


def _encode_op(op: tuple) -> bytes:
    name, args = op[0], op[1:]
    match name, args:
        case "fbreg", (int(off),):
            return bytes([OP.fbreg]) + sleb128(off)
        case "reg", (int(r),):
            if 0 <= r < 32:
                return bytes([OP.reg0 + r])
            return bytes([OP.regx]) + uleb128(r)
        case "regx", (int(r),):
            return bytes([OP.regx]) + uleb128(r)
        case "breg", (int(r), int(off)):
            if 0 <= r < 32:
                return bytes([OP.breg0 + r]) + sleb128(off)
            return bytes([OP.bregx]) + uleb128(r) + sleb128(off)
        case "bregx", (int(r), int(off)):
            return bytes([OP.bregx]) + uleb128(r) + sleb128(off)
        case "deref", ():
            return bytes([OP.deref])
        case "piece", (int(n),):
            return bytes([OP.piece]) + uleb128(n)
        case "constu", (int(n),):
            return bytes([OP.constu]) + uleb128(n)
        case "consts", (int(n),):
            return bytes([OP.consts]) + sleb128(n)
        case "lit", (int(n),) if 0 <= n < 32:
            return bytes([OP.lit0 + n])
        case "plus_uconst", (int(n),):
            return bytes([OP.plus_uconst]) + uleb128(n)
        case "plus", ():
            return bytes([OP.plus])
        case "minus", ():
            return bytes([OP.minus])
        case "mul", ():
            return bytes([OP.mul])
        case "and" | "or" | "xor" | "shl" | "shr" as name, ():
            return bytes([OP[name + "_" if name in ("and", "or") else name]])
        case "stack_value", ():
            return bytes([OP.stack_value])
        case "implicit_value", (bytes(raw),):
            return bytes([OP.implicit_value]) + uleb128(len(raw)) + raw
        case "call_frame_cfa", ():
            return bytes([OP.call_frame_cfa])
        case "entry_value", (inner,):
            sub = encode((inner,) if isinstance(inner[0], str) else tuple(inner)).constant_bytes
            return bytes([OP.entry_value]) + uleb128(len(sub)) + sub
    raise InternalCompilerError(f"cannot encode location op {op!r}")
