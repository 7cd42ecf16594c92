"""Constant folding of floating-point instructions (issue 7), exactly as the
machine computes them: the interpreter's IEEE semantics (f32 results rounded
to single precision, division by zero giving infinities or NaN, fcmp's
ordered/unordered predicates), so folding at compile time and running agree.

Conversions to integers fold only when the truncated value fits the target
type: out-of-range and NaN inputs are undefined in C and are left to run
time, where they behave as the unoptimised program does. `f80` (long double)
folds through the exact x87 emulation of `ir.x87float` (round to nearest even
on the exact result, the FPU's NaN and infinity rules), so it is exact too.
No algebraic
identities are applied: x + 0.0 is not x (for x = -0.0), x * 0.0 is not 0.0
(NaN, infinities, signs), x - x is not 0.0 (NaN).
"""

from __future__ import annotations

from ..ir import X80, Binary, Cast, Cmp, Const, FloatType, Inst, IntType, Op, Value
from ..ir.interp_eval import InterpError, eval_binary, eval_cast, eval_cmp
from ..ir.x87float import truncate_to_int

_FLOAT_CASTS = frozenset({Op.SITOFP, Op.UITOFP, Op.FPTOSI, Op.FPTOUI, Op.FPEXT, Op.FPTRUNC,
                          Op.FNEG, Op.BITCAST})


def _is_float_inst(inst: Inst) -> bool:
    if isinstance(inst, Cmp):
        return inst.op is Op.FCMP
    if isinstance(inst, Cast):
        return inst.op in _FLOAT_CASTS
    return isinstance(inst, Binary) and isinstance(inst.ty, FloatType)


def fold_float(inst: Inst) -> Value | None:
    """The constant `inst` computes, when all its operands are constants."""
    if not _is_float_inst(inst):
        return None
    consts = [u.value for u in inst.operands if isinstance(u.value, Const)]
    if len(consts) != len(inst.operands):
        return None
    vals = [c.value for c in consts]
    try:
        if isinstance(inst, Cmp):
            return Const(inst.ty, eval_cmp(inst.pred, consts[0].ty, vals[0], vals[1]))
        if isinstance(inst, Cast):
            if inst.op in (Op.FPTOSI, Op.FPTOUI) and not _fits(inst, vals[0]):
                return None
            return Const(inst.ty, eval_cast(inst.op, consts[0].ty, inst.ty, vals[0]))
        return Const(inst.ty, eval_binary(inst.op, inst.ty, vals[0], vals[1]))
    except InterpError:
        return None


def _fits(inst: Cast, v: float | X80) -> bool:
    assert isinstance(inst.ty, IntType)
    return truncate_to_int(v, inst.ty.bits, inst.op is Op.FPTOSI) is not None
