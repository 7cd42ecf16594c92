"""The back end's guard on salvaged expressions: a right shift is described only after
a mask made the operand exact, since a debugger pushes the whole register."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv.salvage import arithmetic_ops
from atomc.dwarf.locexpr import And, Constu, Dup, Minus, Shl, Shr
from atomc.ir.debuginfo import (
    DW_OP_and,
    DW_OP_constu,
    DW_OP_dup,
    DW_OP_minus,
    DW_OP_plus_uconst,
    DW_OP_shl,
    DW_OP_shr,
)


def test_a_masked_right_shift_is_described() -> None:
    ops = (DW_OP_constu, 255, DW_OP_and, DW_OP_constu, 2, DW_OP_shr)
    assert arithmetic_ops(ops) == (Constu(255), And(), Constu(2), Shr())


def test_a_right_shift_of_the_raw_register_is_not() -> None:
    assert arithmetic_ops((DW_OP_constu, 2, DW_OP_shr)) is None
    assert arithmetic_ops((DW_OP_plus_uconst, 1, DW_OP_constu, 2, DW_OP_shr)) is None


def test_left_shifts_and_masks_need_no_guard() -> None:
    assert arithmetic_ops((DW_OP_constu, 3, DW_OP_shl)) == (Constu(3), Shl())
    assert arithmetic_ops((DW_OP_constu, 7, DW_OP_and)) == (Constu(7), And())


def test_each_stack_entry_keeps_its_own_exactness() -> None:
    """exit_values.py's max(x, 0): a masked copy of the operand may be shifted right,
    the raw operand below it may not."""
    masked = (DW_OP_dup, DW_OP_constu, 0xFFFFFFFF, DW_OP_and, DW_OP_constu, 31, DW_OP_shr,
              DW_OP_constu, 1, DW_OP_minus, DW_OP_and)
    assert arithmetic_ops(masked) == (Dup(), Constu(0xFFFFFFFF), And(), Constu(31), Shr(),
                                      Constu(1), Minus(), And())
    # the shift reads the raw operand's copy (the mask went to the other one)
    assert arithmetic_ops((DW_OP_dup, DW_OP_constu, 31, DW_OP_shr, DW_OP_and)) is None
    assert arithmetic_ops((DW_OP_constu, 255, DW_OP_and, DW_OP_dup, DW_OP_constu, 3, DW_OP_shr,
                           DW_OP_minus)) is not None
    assert arithmetic_ops((DW_OP_dup,)) is None  # two values left: not one variable's value
