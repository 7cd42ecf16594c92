"""Values recovered from a sum (ldv/inverse.py): which adds are undone, and how."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv import MInstView, VarKey, reg
from atomc.codegen.debuginfo.ldv.inverse import note_derived, undo_ops
from atomc.dwarf.locexpr import Constu, Minus, PlusUconst
from atomc.ir.debuginfo import DIBasicType, DILocalVariable

RDI, RBX = reg(5), reg(3)


def _var(bits: int) -> VarKey:
    ty = DIBasicType("t", bits, "signed")
    return VarKey(DILocalVariable("a", None, None, 1, ty, 1))  # type: ignore[arg-type]


def test_an_in_place_add_and_a_lea_are_both_recorded() -> None:
    v, w, u = (0, 0, RDI), (0, 1, RDI), (0, 2, RBX)
    derived: dict = {}  # type: ignore[type-arg]
    add = MInstView(defs=(RDI,), offset=(RDI, 3), offset_bits=32)
    note_derived(derived, add, {RDI: w}, [(RDI, v)])  # rdi: v -> v + 3
    lea = MInstView(defs=(RBX,), offset=(RDI, -2))
    note_derived(derived, lea, {RDI: w, RBX: u}, [(RBX, None)])  # rbx = (v + 3) - 2
    assert derived == {v: [(w, 3, 32)], w: [(u, -2, 64)]}


def test_the_ops_undo_the_constant() -> None:
    assert undo_ops(_var(32), 3, 32) == (Constu(3), Minus())
    assert undo_ops(_var(32), -5, 32) == (PlusUconst(5),)
    assert undo_ops(_var(64), 3, 64) == (Constu(3), Minus())


def test_a_variable_wider_than_the_add_is_not_described() -> None:
    # an `addl` cleared the upper half of the register: a long is not recoverable
    assert undo_ops(_var(64), 3, 32) is None
