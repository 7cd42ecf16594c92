"""A variable's own expression composed after a derived link (ldv/compose.py,
ldv/derived.py): how many low bits of its operand the expression reads, and the
link through a result that gives the operand back. Negative constants and
sign extensions included: a composed expression must be exact in every bit the
variable has."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv import reg
from atomc.codegen.debuginfo.ldv.compose import ops_reads
from atomc.codegen.debuginfo.ldv.derived import Derived, Link
from atomc.dwarf.locexpr import And, Consts, Constu, Minus, Mul, PlusUconst, Shl, Shr, Xor


def test_wrap_around_ops_read_the_variables_bits() -> None:
    assert ops_reads((PlusUconst(2),), 32) == 32
    assert ops_reads((Consts(-2), Mul()), 32) == 32  # -2 * argc
    assert ops_reads((Constu(3), Shl(), Constu(7), Minus()), 16) == 16


def test_mask_before_a_right_shift_bounds_the_reads() -> None:
    # (x & 0xffff) >> 3: only x's low 16 bits matter, whatever the variable's width
    assert ops_reads((Constu(0xFFFF), And(), Constu(3), Shr()), 64) == 16
    # a sign extension of a 16-bit value (mask, xor sign, minus sign)
    assert ops_reads((Constu(0xFFFF), And(), Constu(0x8000), Xor(), Constu(0x8000), Minus()),
                     64) == 16


def test_unmasked_right_shift_reads_everything() -> None:
    assert ops_reads((Constu(3), Shr()), 32) == 64
    # a mask after arithmetic that is not wrap-around does not help
    assert ops_reads((Constu(1), Shr(), Constu(0xFF), And()), 8) == 64


def test_source_given_back_by_a_held_result() -> None:
    # v = u + 2 (forwards); w = u + 1, so u = w - 1 (backwards): v = w - 1 + 2
    u, v, w = (0, 0, reg(5)), (0, 3, reg(0)), (0, 5, reg(3))
    d = Derived()
    d.forth[v] = Link(u, (PlusUconst(2),), 32, 32)
    d.back[u] = [Link(w, (Constu(1), Minus()), 32, 32)]
    assert d.links(v) == [Link(u, (PlusUconst(2),), 32, 32),
                          Link(w, (Constu(1), Minus(), PlusUconst(2)), 32, 32)]


def test_narrow_give_back_is_not_composed_into_a_wider_link() -> None:
    # v needs u's low 64 bits; a 32-bit undo of u cannot give them
    u, v, w = (0, 0, reg(5)), (0, 3, reg(0)), (0, 5, reg(3))
    d = Derived()
    d.forth[v] = Link(u, (Consts(-4), Mul()), 64, 64)
    d.back[u] = [Link(w, (Constu(1), Minus()), 32, 32)]
    assert d.links(v) == [Link(u, (Consts(-4), Mul()), 64, 64)]
