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
memory and the flags. The printer substitutes the operands into the template.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ....diag import InternalCompilerError
from ....ir.inline_asm import (
    SPECIFIC_REGS,
    OperandRef,
    TemplateError,
    constraint_class,
    is_output,
    parse_template,
)
from ....ir.insts import InlineAsm
from ....ir.types import TupleType, VoidType
from ....ir.values import Const
from ...mir import Mem, MFunction, MInst, PReg, VReg
from ...mir.core import AsmMeta, AsmOperand
from ..registers import CALLEE_SAVED, SUFFIX, reg_name
from .common import _w, value_size

if TYPE_CHECKING:
    from .select import FunctionISel

# general registers an operand may be given, in preference order (never the
# allocators' scratch registers, the stack or the frame pointer)
OPERAND_POOL = ("rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "rbx", "r12", "r13", "r14", "r15")
Q_POOL = ("rax", "rdx", "rcx", "rbx")  # registers with a byte view of bits 8-15 (%ah ...)
_HIGH_BYTE = {"rax": "ah", "rbx": "bh", "rcx": "ch", "rdx": "dh"}


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
            placed.append(AsmOperand("reg", assigned[i], size))
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
            placed.append(AsmOperand("mem", index=len(mem_ops)))
            mem_ops.append(m)
        elif cls == "i":
            assert isinstance(v, Const) and isinstance(v.value, int)
            bits = v.ty.bits if hasattr(v.ty, "bits") else 64
            val = v.value & ((1 << bits) - 1)
            if bits > 1 and val >> (bits - 1):
                val -= 1 << bits
            placed.append(AsmOperand("imm", value=val))
        else:
            reg = assigned[int(cls)] if cls.isdigit() else assigned[i]
            size = value_size(v.ty)
            w = _w(size)
            copies_in.append((sel.operand(v, w), PReg(reg, w), w))
            uses.append(reg)
            placed.append(AsmOperand("reg", reg, size))
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


def written_callee_saved(mf: MFunction, already: list[str]) -> list[str]:
    """`already` plus the callee-saved registers some instruction writes
    explicitly (asm operands and clobbers), in the canonical save order."""
    from ...mir.registers import operand_regs

    written = set(already)
    for _, mi in mf.instructions():
        if not mi.is_meta:
            written |= operand_regs(mi)[3] & set(CALLEE_SAVED)
    # %rbp, allocated like a callee-saved register without a frame pointer, is saved last
    return [r for r in (*CALLEE_SAVED, "rbp") if r in written]


def format_inline_asm(mi: MInst, unique: int) -> str:
    """The template with its operands substituted, between gcc's #APP markers."""
    from ..asm.printer import format_mem

    meta = mi.meta
    assert isinstance(meta, AsmMeta)
    try:
        pieces = parse_template(meta.template, len(meta.operands))
    except TemplateError as e:  # the front end diagnoses templates it generates
        raise _ice(f"bad asm template: {e}") from None
    out: list[str] = []
    for p in pieces:
        if isinstance(p, str):
            out.append(p)
            continue
        if p.index < 0:
            out.append(str(unique))  # %=
            continue
        o = meta.operands[p.index]
        out.append(_operand_text(o, p, mi, format_mem))
    return "#APP\n\t" + "".join(out) + "\n\t#NO_APP"


def _operand_text(o: AsmOperand, p: OperandRef, mi: MInst,
                  format_mem: Callable[[Mem], str]) -> str:
    mod = p.modifier
    if o.kind == "imm":
        if mod in ("c", "P", "a"):
            return str(o.value)
        if mod == "n":
            return str(-o.value)
        return f"${o.value}"
    if o.kind == "mem":
        m = mi.operands[o.index]
        assert isinstance(m, Mem)
        return format_mem(m)
    size = {"k": 4, "q": 8, "w": 2, "b": 1}.get(mod, o.size)
    if mod == "z":
        return SUFFIX[o.size]
    if mod == "h":
        return "%" + _HIGH_BYTE.get(o.reg, reg_name(o.reg, 1))
    name = reg_name(o.reg, size)
    if mod == "V":
        return name
    if mod == "a":
        return f"(%{reg_name(o.reg, 8)})"
    return "%" + name
