"""Salvaged record expressions in the back end.

A pass that deletes the instruction computing a variable's value rewrites the
record to an older value plus an expression (`DW_OP_plus_uconst 5`,
`DW_OP_constu 3, DW_OP_mul`, ...). The back end locates the older value as
usual and emits `location-of-value, ops, DW_OP_stack_value`. Only wrap-around
integer arithmetic and bitwise ops (and `dup`/`swap`, which read one value
twice: ir/salvage_tree.py) are accepted: their low bits, which are all a
debugger reads of a variable narrower than the DWARF stack, do not depend on
whatever the register holds above the operand's width. A right shift moves those
upper bits down, so it is accepted only after a `constu mask, and` made the value
exact (ir/salvage_ops.py puts one first); anything else (a dereference, a
division) gets no location instead of a possibly wrong one.
"""

from __future__ import annotations

from ....dwarf.locexpr import (
    And,
    Consts,
    Constu,
    Deref,
    Dup,
    LocExpr,
    LocOp,
    Minus,
    Mul,
    OperandArg,
    Or,
    Plus,
    PlusUconst,
    Shl,
    Shr,
    Swap,
    Xor,
)
from ....ir.debuginfo import (
    DW_OP_and,
    DW_OP_consts,
    DW_OP_constu,
    DW_OP_deref,
    DW_OP_dup,
    DW_OP_LLVM_arg,
    DW_OP_minus,
    DW_OP_mul,
    DW_OP_or,
    DW_OP_plus,
    DW_OP_plus_uconst,
    DW_OP_shl,
    DW_OP_shr,
    DW_OP_swap,
    DW_OP_xor,
)

# The ops of a record whose variable is the memory its operand points to (an IR
# expression of a single `DW_OP_deref` on a pointer that is not a frame object: an
# optimised VLA's allocation), kept as the IR wrote them. It is not arithmetic (no
# other salvaged expression has a `Deref`): the location becomes the operand's value
# used as an address, with no DW_OP_stack_value.
MEMORY_AT: LocExpr = (Deref(),)

_NULLARY: dict[int, LocOp] = {
    DW_OP_minus: Minus(), DW_OP_plus: Plus(), DW_OP_mul: Mul(), DW_OP_and: And(),
    DW_OP_or: Or(), DW_OP_xor: Xor(), DW_OP_shl: Shl(), DW_OP_shr: Shr()}
_UNARY: dict[int, type[PlusUconst | Constu | Consts]] = {
    DW_OP_plus_uconst: PlusUconst, DW_OP_constu: Constu, DW_OP_consts: Consts}


def arithmetic_ops(ops: tuple[int, ...]) -> LocExpr | None:
    """The typed DWARF ops of an IR record expression (fragment removed), or
    None when it is not exact integer arithmetic on the operand; `MEMORY_AT` for
    the memory the operand points to."""
    if ops == (DW_OP_deref,):
        return MEMORY_AT
    out: list[LocOp] = []
    # per stack entry: are its bits above the operand's width known? The operand's
    # are not (the register's upper bits); a constant's are, and so are a mask's
    # result and wrap-around arithmetic over known entries
    exact = [False]
    i = 0
    while i < len(ops):
        op = ops[i]
        if op == DW_OP_LLVM_arg and i + 1 < len(ops):  # another value: a register's
            out.append(OperandArg(ops[i + 1]))
            exact.append(False)
            i += 2
            continue
        if op in _UNARY and i + 1 < len(ops):
            out.append(_UNARY[op](ops[i + 1]))
            if op != DW_OP_plus_uconst:
                exact.append(True)
            i += 2
            continue
        if op == DW_OP_dup:
            out.append(Dup())
            exact.append(exact[-1])
        elif op == DW_OP_swap and len(exact) >= 2:
            out.append(Swap())
            exact[-1], exact[-2] = exact[-2], exact[-1]
        elif op in _NULLARY and len(exact) >= 2:
            b, a = exact.pop(), exact.pop()
            if op == DW_OP_shr and not a:
                return None  # would shift the register's unknown upper bits down
            out.append(_NULLARY[op])
            exact.append(a or b if op == DW_OP_and else a and b)
        else:
            return None
        i += 1
    return tuple(out) if len(exact) == 1 else None
