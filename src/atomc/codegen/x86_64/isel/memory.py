"""Instruction selection for address arithmetic and block memory operations
(`ptradd`, inline or `rep` copies and fills)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....ir.insts import Alloca, Load, MemCopy, MemSet, PtrAdd, StackRestore, StackSave, Store
from ....ir.types import FloatType
from ....ir.values import Const, Value
from ...mir import Imm, Mem, MIFlag, Operand, PReg, SlotKind, VReg
from ..opcodes import SIZED
from .common import (
    INLINE_COPY_LIMIT,
    MAX_FRAME_ALIGN,
    _chunk,
    _load_op,
    _mem_add,
    _signed,
    _w,
    fits_i32,
    value_size,
)
from .floating import view as _view

if TYPE_CHECKING:
    from .select import FunctionISel


def lower_ptradd(sel: FunctionISel, inst: PtrAdd) -> None:
    dst = sel.vreg(inst)
    off = inst.offset
    if isinstance(off, Const):
        c = _signed(off.int_value, 64)
        base = sel.addr(inst.ptr)
        if fits_i32(base.disp + c):
            sel.lea(_mem_add(base, c), dst)
            return
    elif sel.index_addressing:
        sel.lea(sel.addr(inst), dst)
        return
    sel.mov(sel.reg(inst.ptr, 8), dst, 8)
    sel.emit("addq", sel.operand(off, 8), dst)


def copy_memory(sel: FunctionISel, dst: Mem, src: Mem, size: int) -> None:
    if size <= INLINE_COPY_LIMIT:
        t = sel.mf.new_vreg(8)
        off = 0
        while off < size:
            chunk = _chunk(size - off)
            sel.emit(SIZED["mov", chunk], _mem_add(src, off), VReg(t.id, chunk))
            sel.emit(SIZED["mov", chunk], VReg(t.id, chunk), _mem_add(dst, off))
            off += chunk
        return
    sel.lea(src, PReg("rsi"))
    sel.lea(dst, PReg("rdi"))
    sel.emit("movl", Imm(size), PReg("rcx", 4)) if size < (1 << 31) else \
        sel.emit("movabsq", Imm(size), PReg("rcx"))
    sel.emit("rep movsb")


def fill_memory(sel: FunctionISel, dst: Mem, byte: Value, size: int) -> None:
    if isinstance(byte, Const) and size <= INLINE_COPY_LIMIT:
        b = byte.int_value & 0xFF
        pat: Operand = Imm(0)
        if b:
            t = sel.mf.new_vreg(8)
            sel.emit("movabsq", Imm(_signed(b * 0x0101010101010101, 64)), t)
            pat = t
        off = 0
        while off < size:
            chunk = _chunk(size - off)
            sel.emit(SIZED["mov", chunk], _view(pat, chunk), _mem_add(dst, off))
            off += chunk
        return
    sel.lea(dst, PReg("rdi"))
    sel.mov(sel.operand(byte, 4), PReg("rax", 4), 4)
    sel.emit("movl", Imm(size), PReg("rcx", 4))
    sel.emit("rep stosb")


def lower_alloca(sel: FunctionISel, inst: Alloca) -> None:
    if inst.align <= MAX_FRAME_ALIGN:
        sel.slot_of(inst)
    else:
        # over-aligned: a 16-aligned slot with room to round the address up
        s = sel.mf.new_slot(inst.size + inst.align, MAX_FRAME_ALIGN, SlotKind.ALLOCA, inst.name)
        v = sel.vreg(inst)
        sel.emit("leaq", Mem(base=s, disp=inst.align - 1), v)
        sel.emit("andq", Imm(-inst.align), v)


def lower_load(sel: FunctionISel, inst: Load) -> None:
    size = value_size(inst.ty)
    if isinstance(inst.ty, FloatType):
        sel.sse.fmov(sel.addr(inst.ptr), sel.vreg(inst), size)
    else:
        sel.emit(_load_op(size), sel.addr(inst.ptr), _view(sel.vreg(inst), _w(size)))
    if inst.volatile and sel.cur is not None and sel.cur.insts:
        sel.cur.insts[-1].flags |= MIFlag.VOLATILE  # kept even if its value is unused


def lower_store(sel: FunctionISel, inst: Store) -> None:
    size = value_size(inst.value.ty)
    src = sel.operand(inst.value, size)
    m = sel.addr(inst.ptr)
    sel.mov(src, m, size)


def lower_memcopy(sel: FunctionISel, inst: MemCopy) -> None:
    copy_memory(sel, sel.addr(inst.dst), sel.addr(inst.src), inst.size)


def lower_memset(sel: FunctionISel, inst: MemSet) -> None:
    fill_memory(sel, sel.addr(inst.dst), inst.byte, inst.size)


def lower_stack_save(sel: FunctionISel, inst: StackSave) -> None:
    sel.mov(PReg("rsp"), sel.vreg(inst), 8)


def lower_stack_restore(sel: FunctionISel, inst: StackRestore) -> None:
    sel.mov(sel.reg(inst.ptr, 8), PReg("rsp"), 8)
