"""exit_values.py's `Counted` closed forms, evaluated as a debugger would (64-bit
DWARF stack, the operand's register with unknown upper bits) against the value a
loop really leaves in its counter, for every start, step and bound in a range and
both signednesses. A wrong rounding, sign extension or guard case shows here as a
mismatch (the debugger tests see only a few calls)."""

from __future__ import annotations

import pytest

from atomc.codegen.debuginfo.ldv.salvage import arithmetic_ops
from atomc.ir.debuginfo import (
    DW_OP_and,
    DW_OP_constu,
    DW_OP_dup,
    DW_OP_minus,
    DW_OP_plus,
    DW_OP_shr,
    DW_OP_xor,
)
from atomc.ir.types import IntType
from atomc.ir.values import Const
from atomc.opt.exit_values import EQ, Counted, _counted_ops, _folded

M64 = (1 << 64) - 1
GARBAGE = 0xDEAD_BEEF_0000_0000  # what the register holds above the 32-bit value


def _eval(ops: tuple[int, ...], reg: int) -> int:
    """The DWARF stack machine for the ops exit_values.py emits (wrap at 64 bits)."""
    stack, i = [reg & M64], 0
    binary = {DW_OP_and: lambda a, b: a & b, DW_OP_xor: lambda a, b: a ^ b,
              DW_OP_minus: lambda a, b: a - b, DW_OP_plus: lambda a, b: a + b,
              DW_OP_shr: lambda a, b: a >> b}
    while i < len(ops):
        op = ops[i]
        if op == DW_OP_constu:
            stack.append(ops[i + 1])
            i += 2
            continue
        if op == DW_OP_dup:
            stack.append(stack[-1])
        else:
            b, a = stack.pop(), stack.pop()
            stack.append(binary[op](a, b) & M64)
        i += 1
    assert len(stack) == 1
    return stack[0] & 0xFFFFFFFF  # the debugger reads the variable's 4 bytes


def _reg(x: int) -> int:
    return GARBAGE | (x & 0xFFFFFFFF)


def _u32(x: int) -> int:
    return x & 0xFFFFFFFF


@pytest.mark.parametrize("incl", [False, True])
@pytest.mark.parametrize("signed", [False, True])
@pytest.mark.parametrize("step", [1, 2, 4, 8])
@pytest.mark.parametrize("start", [-9, -1, 0, 3, 5])
def test_up_counter_exit(start: int, step: int, signed: bool, incl: bool) -> None:
    """`for (k = start; k < n; k += step)` (`k <= n` when incl): k after the loop,
    from n."""
    if not signed and start < 0:
        return
    ops = _counted_ops(Counted(True, start, step, signed, incl), IntType(32)).ops
    assert arithmetic_ops(ops) is not None  # the back end keeps it
    for n in range(-20, 30) if signed else range(0, 40):
        k = start
        while k < n or incl and k == n:
            k += step
        assert _eval(ops, _reg(n)) == _u32(k), (start, step, n)


@pytest.mark.parametrize("signed", [False, True])
@pytest.mark.parametrize("step", [1, 2, 4])
@pytest.mark.parametrize("bound", [-1, 0, 1, 2, 7])
def test_down_counter_exit(bound: int, step: int, signed: bool) -> None:
    """`for (k = n; k > bound; k -= step)` (`k >= bound + 1`: `k >= 0` is bound -1):
    k after the loop, from n."""
    if not signed and bound < 0:
        return
    ops = _counted_ops(Counted(False, bound, step, signed), IntType(32)).ops
    assert arithmetic_ops(ops) is not None
    for n in range(-20, 30) if signed else range(0, 40):
        k = n
        while k > bound:
            k -= step
        if not signed and k < 0:
            continue  # an unsigned counter wraps here and never leaves this way
        assert _eval(ops, _reg(n)) == _u32(k), (bound, step, n)


def test_a_guard_edge_names_no_step() -> None:
    """`Counted` with no step (the loop never ran) merges with one that names it,
    not with another start or signedness."""
    guard, latch = Counted(True, 3, None, True), Counted(True, 3, 4, True)
    assert guard.merge(latch) == latch and latch.merge(guard) == latch
    assert guard.merge(Counted(True, 2, 4, True)) is None
    assert guard.merge(Counted(True, 3, 4, False)) is None
    assert latch.merge(Counted(True, 3, 2, True)) is None


@pytest.mark.parametrize("signed", [False, True])
@pytest.mark.parametrize("step", [1, 2, 4, 8])
def test_folded_over_a_constant_is_the_loop_exit(step: int, signed: bool) -> None:
    """A closed form over a constant bound (or start) folds to the value the loop
    leaves: up from `start` while k < n (k <= n when incl), down from n while k >
    bound; a value outside the type stays a closed form."""
    ty = IntType(32)
    starts = [-9, -1, 0, 3, 5] if signed else [0, 3, 5]
    for start in starts:
        for n in range(-20, 30) if signed else range(0, 40):
            for incl in (False, True):
                k = start
                while k < n or incl and k == n:
                    k += step
                got = _folded(Const(ty, n), Counted(True, start, step, signed, incl))
                assert got[1] == EQ and isinstance(got[0], Const), (start, n)
                assert _u32(got[0].value) == _u32(k), (start, step, n, incl)
    for bound in [-1, 0, 1, 7] if signed else [0, 1, 7]:
        for n in range(-20, 30) if signed else range(0, 40):
            k = n
            while k > bound:
                k -= step
            if not signed and k < 0:
                continue
            got = _folded(Const(ty, n), Counted(False, bound, step, signed))
            assert got[1] == EQ and isinstance(got[0], Const) and _u32(got[0].value) == _u32(k)
    top = Counted(True, 0, step, signed)  # leaves above the type's largest value
    high = Const(ty, (1 << 31) - 1 if signed else (1 << 32) - 1)
    assert step == 1 or _folded(high, top) == (high, top)
