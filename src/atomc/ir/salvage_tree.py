"""DWARF ops that recompute an erased instruction whose operands are not a value and
a constant: two operands computed from one value, a compare with a constant, a
select between two constants.

A rotate (`(x << 8) | (x >> 24)`) or a byte swap written with shifts and masks
combines several results computed from one value `x`. When the combination is
erased, its operands are still there (erasure goes users first) and each of them
is itself recomputable from `x` (rewrite.salvage_expression); the record then
becomes `x` followed by `dup, <left's ops>, swap, <right's ops>, <op>`, which
pushes `x` once and reads it twice. Each operand's ops only replace the top of
the stack, so nesting keeps working (a byte swap is three levels of `or`).

A compare of a value of at most 32 bits with a constant is computed without
DWARF's compare ops (whose signedness on the generic type debuggers disagree on):
the operand is made exact (zero- or sign-extended on the 64-bit stack), the
constant subtracted, and the difference's sign bit, moved down by a logical
shift, is `a < c`; the other orders follow from `a <= c` = `a < c + 1` and a
negation (`xor 1`), and `a == c` is `(a ^ c) - 1 < 0`. The operand's width keeps
every difference far from wrapping around 64 bits.

A select between two constants, `c ? A : B`, is `(c & 1) * (A - B) + B`, all
wrap-around arithmetic, exact in every low bit.

Every result is exact in the bits the variable reads (codegen/debuginfo/ldv/
salvage.py checks the ops again and accepts only those).
"""

from __future__ import annotations

from collections.abc import Callable

from .debuginfo import (
    DW_OP_and,
    DW_OP_consts,
    DW_OP_constu,
    DW_OP_dup,
    DW_OP_minus,
    DW_OP_mul,
    DW_OP_or,
    DW_OP_plus,
    DW_OP_plus_uconst,
    DW_OP_shr,
    DW_OP_swap,
    DW_OP_xor,
)
from .insts import Binary, Cmp, Inst, Op, Select
from .salvage_ops import sign_extended, zero_extended
from .types import IntType, PtrType
from .values import Const, Value

Salvaged = tuple[Value, tuple[int, ...]]

_MASK64 = (1 << 64) - 1
DEPTH = 4  # salvage steps followed down an operand to find the shared value
MAX_OPS = 96  # longer expressions are not worth their bytes in every location list

TWO_OPERANDS: dict[Op, int] = {
    Op.ADD: DW_OP_plus, Op.SUB: DW_OP_minus, Op.MUL: DW_OP_mul,
    Op.AND: DW_OP_and, Op.OR: DW_OP_or, Op.XOR: DW_OP_xor}
_SIGN_BIT = (DW_OP_constu, 63, DW_OP_shr)  # 1 if the exact difference is negative
_NOT = (DW_OP_constu, 1, DW_OP_xor)


def _bits(v: Value) -> int | None:
    if isinstance(v.ty, IntType):
        return v.ty.bits
    return 64 if isinstance(v.ty, PtrType) else None


def _chain(v: Value, salvage: Callable[[Inst], Salvaged | None],
           depth: int) -> list[Salvaged]:
    """`v` itself, then the values it is recomputed from, step by step: each with the
    ops that give `v` back from it."""
    out: list[Salvaged] = [(v, ())]
    ops: tuple[int, ...] = ()
    for _ in range(depth):
        if not isinstance(v, Inst):
            break
        step = salvage(v)
        if step is None or isinstance(step[0], Const):
            break
        v, ops = step[0], step[1] + ops
        out.append((v, ops))
    return out


def two_operands(inst: Binary, salvage: Callable[[Inst], Salvaged | None]) -> Salvaged | None:
    """`inst` over the one value both its operands are computed from."""
    op = TWO_OPERANDS.get(inst.op)
    if op is None or isinstance(inst.lhs, Const) or isinstance(inst.rhs, Const):
        return None
    bits = _bits(inst)
    if bits is None or bits > 64:
        return None
    left = _chain(inst.lhs, salvage, DEPTH)
    right = {id(v): ops for v, ops in _chain(inst.rhs, salvage, DEPTH)}
    for root, lops in left:
        rops = right.get(id(root))
        if rops is None:
            continue
        # (two equal copies need no swap: `x * x` is `dup, mul`)
        ops = (DW_OP_dup,) + lops + ((DW_OP_swap,) if lops else ()) + rops + (op,)
        return (root, ops) if len(ops) <= MAX_OPS else None
    return None


def compare(inst: Cmp) -> Salvaged | None:
    """An integer compare of a value of at most 32 bits with a constant, as 0 or 1."""
    if inst.op is not Op.ICMP or not isinstance(inst.rhs, Const) or isinstance(inst.lhs, Const):
        return None
    bits = _bits(inst.lhs)
    if bits is None or bits > 32:
        return None
    pred = inst.pred
    signed = pred[0] == "s"
    c = inst.rhs.signed() if signed else inst.rhs.int_value & ((1 << bits) - 1)
    exact = sign_extended(bits) if signed else zero_extended(bits)
    if pred in ("eq", "ne"):
        t = exact + (DW_OP_constu, c & _MASK64, DW_OP_xor)
        eq = t + (DW_OP_constu, 1, DW_OP_minus) + _SIGN_BIT  # t - 1 < 0 only for t == 0
        return inst.lhs, eq + (_NOT if pred == "ne" else ())
    strict = pred[1:] in ("lt", "ge")  # a < c, or its negation
    bound = c if strict else c + 1  # a <= c is a < c + 1
    less = exact + (DW_OP_constu, bound & _MASK64, DW_OP_minus) + _SIGN_BIT
    negated = pred[1:] in ("ge", "gt")
    return inst.lhs, less + (_NOT if negated else ())


def select_constants(inst: Select) -> Salvaged | None:
    """`c ? A : B` between two integer constants, over the condition."""
    a, b = inst.operands[1].value, inst.operands[2].value
    if not (isinstance(a, Const) and isinstance(b, Const) and isinstance(inst.ty, IntType)) \
            or inst.ty.bits > 64 or isinstance(inst.cond, Const):
        return None
    diff, low = a.signed() - b.signed(), b.signed()
    scale = (DW_OP_consts, diff) if diff < 0 else (DW_OP_constu, diff)
    add = (DW_OP_plus_uconst, low) if low >= 0 else (DW_OP_constu, -low, DW_OP_minus)
    return inst.cond, (DW_OP_constu, 1, DW_OP_and) + scale + (DW_OP_mul,) + add
