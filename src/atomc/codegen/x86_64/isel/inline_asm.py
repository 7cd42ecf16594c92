"""Inline assembly in the x86-64 back end: operand placement and template text.

Instruction selection gives every register operand of an `asm` a fixed
physical register (specific constraints first, then a pool that avoids the
clobbers and the allocators' scratch registers %r10/%r11). The inputs are
copied into their registers right before one `INLINEASM` machine instruction,
the outputs copied out right after it, exactly like the argument and result
registers of a call. The allocators therefore see only short physical-register
ranges they already honour: a value live across the asm never sits in an
operand or clobbered register, and no virtual register appears inside the
asm. All operands get distinct registers (a tied input shares its output's),
which satisfies early-clobber outputs trivially.

The `INLINEASM` instruction lists its memory operands as explicit operands
(so frame lowering rewrites stack slots into %rbp/%rsp addresses), its input
registers as implicit uses and its output and clobbered registers as implicit
defs; the opcode table marks it as a scheduling barrier that reads and writes
memory and the flags. The printer substitutes the operands into the template
(`asm/inline_asm.py`); frame lowering saves the callee-saved registers an asm
writes (`frame.written_callee_saved`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ....diag import InternalCompilerError
from ....ir.inline_asm import (
    SPECIFIC_REGS,
    constraint_class,
    is_output,
)
from ....ir.insts import InlineAsm
from ....ir.types import TupleType, VoidType
from ....ir.values import Const
from ...mir import Mem, PReg, VReg
from ...mir.core import AsmMeta, AsmOperand, AsmOperandKind
from .common import _w, value_size

if TYPE_CHECKING:
    from .select import FunctionISel

# general registers an operand may be given, in preference order (never the
# allocators' scratch registers, the stack or the frame pointer)
OPERAND_POOL = ("rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "rbx", "r12", "r13", "r14", "r15")
Q_POOL = ("rax", "rdx", "rcx", "rbx")  # registers with a byte view of bits 8-15 (%ah ...)


def _ice(msg: str) -> InternalCompilerError:
    return InternalCompilerError(msg, where="isel (inline asm)")


def lower_inline_asm(sel: FunctionISel, inst: InlineAsm) -> None:
    """Copies into operand registers, one INLINEASM, copies out of the outputs."""
    cons = inst.constraints
    gprs = {c for c in inst.clobbers if c in OPERAND_POOL or c in ("r10", "r11")}
    taken: set[str] = set(gprs)
    assigned: dict[int, str] = {}
    # specific registers first, so the pool never hands them out
    for i, c in enumerate(cons):
        cls = constraint_class(c)
        if cls in SPECIFIC_REGS:
            assigned[i] = SPECIFIC_REGS[cls]
            taken.add(SPECIFIC_REGS[cls])

    def pick(pool: tuple[str, ...]) -> str:
        for r in pool:
            if r not in taken:
                taken.add(r)
                return r
        raise _ice("no register left for an asm operand (the front end counts them)")

    for i, c in enumerate(cons):
        cls = constraint_class(c)
        if cls in ("r", "q"):
            assigned[i] = pick(Q_POOL if cls == "q" else OPERAND_POOL)
    ops = [u.value for u in inst.operands]
    outs = inst.register_outputs()
    out_types = list(inst.ty.elems) if isinstance(inst.ty, TupleType) else \
        ([] if isinstance(inst.ty, VoidType) else [inst.ty])
    placed: list[AsmOperand] = []
    mem_ops: list[Mem] = []
    uses: list[str] = []
    copies_in: list[tuple[object, PReg, int]] = []
    k = 0
    for i, c in enumerate(cons):
        cls = constraint_class(c)
        if is_output(c) and cls != "m":
            size = value_size(out_types[outs.index(i)])
            placed.append(AsmOperand(AsmOperandKind.REG, assigned[i], size))
            continue
        v = ops[k]
        k += 1
        if cls == "m":
            m = sel.addr(v)
            if isinstance(m.base, VReg):
                r = pick(OPERAND_POOL)
                copies_in.append((VReg(m.base.id, 8), PReg(r), 8))
                uses.append(r)
                m = replace(m, base=PReg(r))
            elif isinstance(m.base, PReg):
                uses.append(m.base.name)
            placed.append(AsmOperand(AsmOperandKind.MEM, index=len(mem_ops)))
            mem_ops.append(m)
        elif cls == "i":
            assert isinstance(v, Const) and isinstance(v.value, int)
            bits = v.ty.bits if hasattr(v.ty, "bits") else 64
            val = v.value & ((1 << bits) - 1)
            if bits > 1 and val >> (bits - 1):
                val -= 1 << bits
            placed.append(AsmOperand(AsmOperandKind.IMM, value=val))
        else:
            reg = assigned[int(cls)] if cls.isdigit() else assigned[i]
            size = value_size(v.ty)
            w = _w(size)
            copies_in.append((sel.operand(v, w), PReg(reg, w), w))
            uses.append(reg)
            placed.append(AsmOperand(AsmOperandKind.REG, reg, size))
    for src, dst, w in copies_in:
        sel.mov(src, dst, w)  # type: ignore[arg-type]
    defs = [assigned[i] for i in outs]
    defs += [c for c in inst.clobbers if c not in ("memory", "cc") and c not in defs]
    sel.emit("INLINEASM", *mem_ops, implicit_uses=tuple(dict.fromkeys(uses)),
             implicit_defs=tuple(defs), meta=AsmMeta(inst.template, tuple(placed)))
    if not outs:
        return
    if isinstance(inst.ty, TupleType):
        parts = []
        for j, i in enumerate(outs):
            size = value_size(out_types[j])
            t = sel.mf.new_vreg(size)
            sel.mov(PReg(assigned[i], size), t, size)
            parts.append(t)
        sel.tuple_vregs[inst] = parts
    else:
        size = value_size(inst.ty)
        sel.mov(PReg(assigned[outs[0]], size), sel.vreg(inst), size)
