"""Instruction selection for debug records: DBG_VALUE for memory homes and
constants, DBG_INSTR_REF for SSA values (fixed up once every value is numbered)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ....ir.dbgrecords import DbgKind, DbgRecord
from ....ir.debuginfo import DIExpression, DW_OP_deref
from ....ir.function import Function, Global
from ....ir.insts import Inst
from ....ir.types import FloatType, IntType
from ....ir.values import Arg, BlockParam, Const, Undef
from ....ir.why import Why, WhyKind
from ...mir import DbgMeta, Imm, Mem
from ..pic import Access
from ..tls import is_thread_local
from .common import _signed, constant_offset, fits_i32
from .floating import _bits_of as _float_bits

if TYPE_CHECKING:
    from .select import FunctionISel


def record_token(sel: FunctionISel, rec: DbgRecord) -> int:
    """The record's token in `DbgMeta`: small numbers in first-use order, so
    the machine IR prints the same in every run (records live through isel)."""
    return sel.record_tokens.setdefault(id(rec), len(sel.record_tokens) + 1)


def lower_dbg_record(sel: FunctionISel, rec: DbgRecord) -> None:
    """The record's DBG_VALUE or DBG_INSTR_REF, with the assignment it comes from."""
    assert sel.cur is not None
    n = len(sel.cur.insts)
    _lower_record(sel, rec)
    if rec.stmt is not None:
        for mi in sel.cur.insts[n:]:
            if isinstance(mi.meta, DbgMeta):
                mi.meta = replace(mi.meta, stmt=rec.stmt)


def _lower_record(sel: FunctionISel, rec: DbgRecord) -> None:
    v = rec.value
    inl = rec.loc.inlined_at if rec.loc is not None else None
    kind = rec.kind
    tok = (record_token(sel, rec), record_token(sel, rec.key) if rec.key is not None else 0)
    if rec.kind is DbgKind.DELETE:
        sel.emit("DBG_VALUE", meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
        return
    if v is None or isinstance(v, Undef):
        sel.emit("DBG_VALUE", meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok, why=rec.why))
        return
    if sel.x87.debug_value(rec, DbgMeta(rec.var, inl, rec.expr, kind, *tok)):
        return
    # a memory home, or (VLA at -O0) a slot holding the variable's address
    if sel.is_frame_object(v) and (rec.expr.is_deref
                                   or rec.expr.ops == (DW_OP_deref, DW_OP_deref)):
        rest = DIExpression(rec.expr.ops[1:]) if rec.expr.ops[:1] == (DW_OP_deref,) \
            else rec.expr
        sel.emit("DBG_VALUE", sel.slot_of(v), meta=DbgMeta(rec.var, inl, rest, kind, *tok))
        return
    if isinstance(v, Const) and isinstance(v.value, int):
        bits = v.ty.bits if isinstance(v.ty, IntType) else 64
        sel.emit("DBG_VALUE", Imm(_signed(v.value, bits) if bits > 1 else v.value),
                 meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
        return
    if isinstance(v, Const) and isinstance(v.ty, FloatType) and not rec.expr.ops:
        # a float constant is described by its bit pattern (DW_OP_constu <bits>,
        # DW_OP_stack_value): debuggers read the variable's bytes from the value
        raw = _float_bits(v.ty.bits // 8, v.float_value)
        sel.emit("DBG_VALUE", Imm(_signed(raw, 64)),
                 meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
        return
    # `&g_table[1]`, `&frame.field`: a constant offset from a global's or frame
    # object's address is as constant as that address, wherever isel folds the
    # `ptradd` into an addressing mode (and leaves no register holding it)
    base, offset = constant_offset(v)
    if sel.is_frame_object(base) and not rec.expr.ops and fits_i32(offset):
        # a frame object's address (`p = &x`, an inlined pointer parameter): the slot's
        # address, once isel is done and only if the code gave the object a slot
        # (making one here would change the frame with -g)
        mi = sel.emit("DBG_VALUE", meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
        sel.frame_addr_fixups.append((mi, base, offset))
        return
    if _direct_symbol(sel, base) and fits_i32(offset):
        # a global's, string literal's or function's address (`p = &g`, `s = "lit"`,
        # `fn = handler`) that code reaches without the GOT, as the symbol's: a
        # `Mem` on the symbol alone, which emits no code
        assert isinstance(base, (Global, Function))
        sel.emit("DBG_VALUE", Mem(symbol=base.name, disp=offset),
                 meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
        return
    if isinstance(v, (Inst, Arg, BlockParam)) and not sel.is_frame_object(v):
        mi = sel.emit("DBG_INSTR_REF", Imm(0), Imm(0),
                      meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok))
        sel.ref_fixups.append((mi, v))
        return
    # addresses of thread-local or GOT-reached globals, or non-deref frame addresses:
    # not described, but the reason names them
    sel.emit("DBG_VALUE", meta=DbgMeta(rec.var, inl, rec.expr, kind, *tok,
                                        why=undescribed_address(v)))


def _direct_symbol(sel: FunctionISel, v: object) -> bool:
    """Is `v` a global or function this object defines and code reaches without
    the GOT? Only such a symbol may be named in .debug_info: a static function
    inlined everywhere and deleted, or an extern one, would leave it an undefined
    reference."""
    return isinstance(v, (Global, Function)) and not is_thread_local(v) \
        and sel.module.symbol(v.name) is v and not v.is_declaration \
        and sel.policy.data_access(v) is Access.DIRECT


def undescribed_address(v: object) -> Why:
    """Why a record naming a global's or function's address has no location."""
    if isinstance(v, (Global, Function)):
        name = "a string literal" if v.name.startswith(".L") else v.name
        return Why(WhyKind.ADDRESS, name=name)
    return Why(WhyKind.REMOVED, name="code generation")


def resolve_frame_addresses(sel: FunctionISel) -> None:
    """Point each frame-address record at its object's slot (a `Mem` operand: the
    slot's address), or leave it without location when no code made that slot."""
    for mi, v, offset in sel.frame_addr_fixups:
        s = sel.slots.get(v)
        mi.operands = [Mem(base=s, disp=offset)] if s is not None else []
