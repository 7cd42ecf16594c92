"""Helpers shared by the instruction selection modules: value widths, immediates,
the ALU opcode table and small memory-operand arithmetic."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ....diag import InternalCompilerError
from ....ir.insts import Op, PtrAdd, Ret
from ....ir.types import FloatType, IntType, PtrType, Type
from ....ir.values import Const, Value
from ...mir import Mem, MInst, VReg
from ...mir.registers import written_operands
from ..registers import XMM_RET_REGS

if TYPE_CHECKING:
    from .select import FunctionISel

MAX_FRAME_ALIGN = 16  # %rbp is 16-byte aligned; larger alignments are realised dynamically
INLINE_COPY_LIMIT = 128  # bytes; larger copies and fills use rep movsb / rep stosb


def _ice(msg: str) -> InternalCompilerError:
    return InternalCompilerError(msg, where="isel")


def emit_ret(sel: FunctionISel, inst: Ret, used: tuple[str, ...] = ()) -> None:
    """The `ret` of `inst`, at the return statement, carrying its closing brace
    (`Ret.close`) as `meta` when it keeps one: the `return-brace` pass moves it
    there after scheduling if the return line keeps code, and frame lowering gives
    the epilogue the `ret`'s location, so `step` stops on the `}` after the return
    statement's copies, as at -O0."""
    close = inst.close if sel.debug else None
    sel.emit("ret", implicit_uses=used, meta=close)


def value_size(ty: Type) -> int:
    if isinstance(ty, IntType):
        return ty.size
    if isinstance(ty, PtrType):
        return 8
    if isinstance(ty, FloatType):
        return ty.size
    raise _ice(f"no register for a value of type {ty}")


def fits_i32(v: int) -> bool:
    return -(1 << 31) <= v < (1 << 31)


def _signed(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) & 1 else v


def constant_offset(v: Value) -> tuple[Value, int]:
    """`v` as a base value plus a constant byte offset (through `ptradd`s with
    constant offsets)."""
    offset = 0
    while isinstance(v, PtrAdd) and isinstance(v.offset, Const):
        offset += _signed(v.offset.int_value, 64)
        v = v.ptr
    return v, offset


def _w(size: int) -> int:
    """Operation width for `size`-byte values: narrow arithmetic runs at 32 bits."""
    return max(size, 4)


_ALU: Final = {Op.ADD: "add", Op.SUB: "sub", Op.MUL: "imul", Op.AND: "and", Op.OR: "or",
        Op.XOR: "xor"}


def _return_regs(types: list[Type] | tuple[Type, ...]) -> list[str]:
    """Return registers by class, in order: integers in rax, rdx; floats in xmm0, xmm1."""
    gp, sse = iter(("rax", "rdx")), iter(XMM_RET_REGS)
    return [next(sse) if isinstance(t, FloatType) else next(gp) for t in types]


_LOAD_OPS: Final = {1: "movzbl", 2: "movzwl", 4: "movl", 8: "movq"}


def _load_op(size: int) -> str:
    return _LOAD_OPS[size]  # (a table made once, not a dict built per load)


def _chunk(n: int) -> int:
    return 8 if n >= 8 else 4 if n >= 4 else 2 if n >= 2 else 1


def _mem_add(m: Mem, off: int) -> Mem:
    return Mem(m.base, m.index, m.scale, m.disp + off, m.symbol, m.segment) if off else m


def _def_index(mi: MInst, vreg_id: int) -> int | None:
    """The first operand of `mi` that writes virtual register `vreg_id`."""
    ops = mi.operands
    for k in written_operands(mi.opcode):
        if k < len(ops):
            op = ops[k]
            if type(op) is VReg and op.id == vreg_id:  # the operand classes are final
                return k
    return None
